//! The sound output on Linux: the binary links no sound library, it loads ALSA at run time and
//! its samples reach the device, and without the library or a device it is silent with one
//! line on stderr, at once.
#![cfg(target_os = "linux")]

use std::path::{Path, PathBuf};
use std::process::{Command, Output};
use std::time::{Duration, Instant};

mod common;

use common::system_libasound;
use solitaire::shell::audio::synth::render;
use solitaire::shell::audio::{Audio, Sound, Status};

fn temp_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("solitaire-audio-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Runs the binary's `sound` subcommand with `ALSA_CONFIG_PATH` set to a config of our own
/// (ALSA reads nothing else), within a time limit.
fn run_sound(config: &str, dir: &Path, sounds: &[&str]) -> Output {
    let conf = dir.join("asound.conf");
    std::fs::write(&conf, config).unwrap();
    let started = Instant::now();
    let out = Command::new(env!("CARGO_BIN_EXE_solitaire"))
        .arg("sound")
        .args(sounds)
        .env("ALSA_CONFIG_PATH", &conf)
        .output()
        .unwrap();
    assert!(
        started.elapsed() < Duration::from_secs(20),
        "took {:?}",
        started.elapsed()
    );
    out
}

fn stderr_lines(out: &Output) -> Vec<String> {
    String::from_utf8_lossy(&out.stderr)
        .lines()
        .map(str::to_string)
        .collect()
}

#[test]
fn the_binary_links_no_sound_library() {
    let out = Command::new("ldd")
        .arg(env!("CARGO_BIN_EXE_solitaire"))
        .output()
        .expect("ldd runs");
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("libc.so"), "ldd read the binary: {text}");
    for lib in ["asound", "pulse", "jack", "portaudio"] {
        assert!(!text.contains(lib), "links {lib}:\n{text}");
    }
}

#[test]
fn without_libasound_the_sound_is_silent_with_the_reason() {
    let audio = Audio::start_with_library("libasound-not-here.so.2");
    audio.play(Sound::Home);
    match audio.finish(Duration::from_secs(5)) {
        Status::Silent(why) => assert!(why.contains("libasound-not-here.so.2"), "{why}"),
        other => panic!("{other:?}"),
    }
    // Silent for good: nothing is kept waiting for an output that never comes.
    audio.play(Sound::Win);
    assert!(matches!(
        audio.finish(Duration::from_millis(100)),
        Status::Silent(_)
    ));
}

#[test]
fn the_binary_with_libasound_hidden_says_so_in_one_line() {
    let libs = system_libasound();
    if libs.is_empty() {
        // No libasound on this machine: the plain run is the case itself.
        let out = run_sound("", &temp_dir("absent"), &["draw"]);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(stderr_lines(&out).len(), 1, "{:?}", stderr_lines(&out));
        return;
    }
    // Hidden in a mount namespace of its own: /dev/null over each copy of the library.
    let Some(hide) = common::libasound_hider() else {
        eprintln!("skipped: no mount namespace here to hide libasound in (needs root)");
        return;
    };
    let started = Instant::now();
    let out = Command::new("unshare")
        .args(["-m", "sh", "-c"])
        .arg(format!(
            "{hide}exec {} sound draw win",
            env!("CARGO_BIN_EXE_solitaire")
        ))
        .output()
        .unwrap();
    assert!(started.elapsed() < Duration::from_secs(5));
    let lines = stderr_lines(&out);
    assert_eq!(out.status.code(), Some(1), "{lines:?}");
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with("solitaire: no sound: ") && lines[0].contains("libasound.so.2"),
        "{lines:?}"
    );
}

#[test]
fn with_no_sound_device_the_sound_is_silent_with_one_line_at_once() {
    if system_libasound().is_empty() {
        eprintln!("skipped: no libasound on this machine");
        return;
    }
    let dir = temp_dir("nodevice");
    for config in [
        // No card 7 (this machine has no sound card at all).
        "pcm.!default { type hw card 7 }\n",
        // A config with no default device.
        "",
    ] {
        let out = run_sound(config, &dir, &["refused"]);
        let lines = stderr_lines(&out);
        assert_eq!(out.status.code(), Some(1), "{config:?}: {lines:?}");
        assert_eq!(
            lines.len(),
            1,
            "{config:?}: ALSA's own messages are kept quiet: {lines:?}"
        );
        assert!(lines[0].contains("ALSA"), "{lines:?}");
    }
}

#[test]
fn the_sounds_reach_the_alsa_device_sample_for_sample() {
    if system_libasound().is_empty() {
        eprintln!("skipped: no libasound on this machine");
        return;
    }
    // ALSA's file plugin writes what the game plays into a file (and on to a null device).
    let dir = temp_dir("capture");
    let raw = dir.join("out.raw");
    let config = format!(
        "pcm.!default {{ type file slave.pcm {{ type null }} file \"{}\" format \"raw\" }}\n",
        raw.display()
    );
    let out = run_sound(&config, &dir, &["home", "win", "draw"]);
    assert!(out.status.success(), "{:?}", stderr_lines(&out));
    assert!(out.stderr.is_empty(), "{:?}", stderr_lines(&out));
    let bytes = std::fs::read(&raw).unwrap();
    let got: Vec<i16> = bytes
        .chunks_exact(2)
        .map(|b| i16::from_le_bytes([b[0], b[1]]))
        .collect();
    // Each sound in turn, after the silence that ended the device's last block.
    let mut at = 0;
    for s in [Sound::Home, Sound::Win, Sound::Draw] {
        let want = render(s);
        let gap = (0..256)
            .find(|&k| got.get(at + k..at + k + want.len()) == Some(&want[..]))
            .unwrap_or_else(|| panic!("{s:?} is not within a block of sample {at}"));
        assert!(
            got[at..at + gap].iter().all(|&v| v == 0),
            "{s:?}: silence before"
        );
        at += gap + want.len();
    }
    assert!(
        got.len() - at < 256,
        "a block of silence at most after the last"
    );
    assert!(got[at..].iter().all(|&v| v == 0));
    std::fs::remove_dir_all(&dir).ok();
}
