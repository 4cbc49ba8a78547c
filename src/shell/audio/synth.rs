//! The sound effects, made at start-up from a few square, triangle and noise tones each (the
//! voices of an 8-bit console): no sample files. Pure and deterministic: the same samples on
//! every machine.

use crate::ui::sound::Sound;

/// Samples a second: plenty for chip tones, and half the memory and mixing of 44.1 kHz.
pub const RATE: u32 = 22_050;

/// The loudest a sound peaks, of full scale: a modest level, with room for a few to overlap
/// before the mixer has to clamp. A refused move, heard often, is softer.
fn level(sound: Sound) -> f32 {
    match sound {
        Sound::Refused => 0.18,
        _ => 0.3,
    }
}

#[derive(Clone, Copy)]
enum Wave {
    Square,
    /// A square with a quarter-length pulse: thinner, the classic lead voice.
    Pulse,
    Triangle,
    /// A 15-bit shift register clocked at the tone's frequency (the consoles' noise channel).
    Noise,
}

/// One tone: a wave from `at` seconds for `len` seconds, its pitch gliding from `from` to `to`
/// Hz, at `level`, with a short attack and a decay to silence.
struct Tone {
    wave: Wave,
    at: f32,
    len: f32,
    from: f32,
    to: f32,
    level: f32,
}

fn tone(wave: Wave, at: f32, len: f32, from: f32, to: f32, level: f32) -> Tone {
    Tone {
        wave,
        at,
        len,
        from,
        to,
        level,
    }
}

/// The tones of each sound (times in seconds, pitches in Hz).
fn tones(sound: Sound) -> Vec<Tone> {
    use Wave::*;
    match sound {
        // A quick rising blip over a tick of noise.
        Sound::PickUp => vec![
            tone(Noise, 0.0, 0.025, 6000.0, 6000.0, 0.35),
            tone(Pulse, 0.0, 0.06, 520.0, 880.0, 0.6),
        ],
        // A low, short thud.
        Sound::LayDown => vec![
            tone(Noise, 0.0, 0.04, 2500.0, 900.0, 0.5),
            tone(Triangle, 0.0, 0.07, 220.0, 110.0, 1.0),
        ],
        // Two rising notes, G5 then C6.
        Sound::Home => vec![
            tone(Pulse, 0.0, 0.07, 784.0, 784.0, 0.7),
            tone(Pulse, 0.06, 0.14, 1047.0, 1047.0, 0.7),
            tone(Triangle, 0.06, 0.14, 523.0, 523.0, 0.5),
        ],
        // A flick of bright noise.
        Sound::Draw => vec![tone(Noise, 0.0, 0.05, 11000.0, 4000.0, 0.7)],
        // A riffle: six ticks of noise falling in pitch.
        Sound::Recycle => (0..6)
            .map(|i| {
                let f = 9000.0 - 1000.0 * i as f32;
                tone(Noise, 0.03 * i as f32, 0.03, f, f, 0.55)
            })
            .collect(),
        // A soft, low falling "bonk".
        Sound::Refused => vec![tone(Triangle, 0.0, 0.14, 196.0, 147.0, 0.6)],
        // A short bright flip, after the lay-down it follows.
        Sound::Reveal => vec![
            tone(Triangle, 0.05, 0.05, 1200.0, 1600.0, 0.7),
            tone(Noise, 0.05, 0.02, 8000.0, 8000.0, 0.25),
        ],
        // An arpeggio up C major, then a held chord over a bass: C5 E5 G5 C6, E6 G6 (+ C4).
        Sound::Win => {
            let notes = [523.25, 659.25, 783.99, 1046.5, 1318.5];
            let mut t: Vec<Tone> = notes
                .iter()
                .enumerate()
                .map(|(i, &f)| tone(Pulse, 0.09 * i as f32, 0.11, f, f, 0.6))
                .collect();
            t.push(tone(Square, 0.45, 0.6, 1567.98, 1567.98, 0.35));
            t.push(tone(Pulse, 0.45, 0.6, 1046.5, 1046.5, 0.35));
            t.push(tone(Triangle, 0.0, 0.45, 130.81, 130.81, 0.6));
            t.push(tone(Triangle, 0.45, 0.6, 261.63, 261.63, 0.7));
            t
        }
    }
}

/// The samples of a sound: mono, `RATE` a second, 16-bit.
pub fn render(sound: Sound) -> Vec<i16> {
    let tones = tones(sound);
    let end = tones.iter().map(|t| t.at + t.len).fold(0.0, f32::max);
    let mut mix = vec![0.0f32; (end * RATE as f32).ceil() as usize];
    for t in &tones {
        add(&mut mix, t);
    }
    // Scaled so the loudest sample sits at its level: as loud as the others, however many
    // tones it has.
    let peak = mix.iter().fold(0.0f32, |m, s| m.max(s.abs())).max(1e-6);
    let scale = level(sound) / peak * i16::MAX as f32;
    mix.iter().map(|s| (s * scale).round() as i16).collect()
}

fn add(out: &mut [f32], t: &Tone) {
    let rate = RATE as f32;
    let start = (t.at * rate) as usize;
    let n = (t.len * rate) as usize;
    let attack = (0.002 * rate) as usize;
    let mut phase = 0.0f32;
    let mut lfsr: u16 = 1;
    let mut held = 1.0f32;
    for i in 0..n {
        let Some(slot) = out.get_mut(start + i) else {
            break;
        };
        let x = i as f32 / n as f32;
        let f = t.from + (t.to - t.from) * x;
        let step = f / rate;
        let before = phase;
        phase = (phase + step).fract();
        let v = match t.wave {
            Wave::Square => sign(phase < 0.5),
            Wave::Pulse => sign(phase < 0.25),
            Wave::Triangle => 1.0 - 4.0 * (phase - 0.5).abs(),
            Wave::Noise => {
                // A new value each time the phase wraps around: noise pitched at `f`.
                if phase < before || step >= 1.0 {
                    let bit = (lfsr ^ (lfsr >> 1)) & 1;
                    lfsr = (lfsr >> 1) | (bit << 14);
                    held = sign(lfsr & 1 == 1);
                }
                held
            }
        };
        // A 2 ms attack (no click at the start), then a fall to silence at the end.
        let rise = (i as f32 / attack.max(1) as f32).min(1.0);
        let fall = (1.0 - x) * (1.0 - x);
        *slot += v * t.level * rise * fall;
    }
}

fn sign(up: bool) -> f32 {
    if up { 1.0 } else { -1.0 }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(samples: &[i16]) -> u32 {
        (samples.len() as u64 * 1000 / RATE as u64) as u32
    }

    #[test]
    fn each_sound_is_short_and_the_win_longest() {
        for s in Sound::ALL {
            let len = ms(&render(s));
            assert!((30..=1200).contains(&len), "{s:?}: {len} ms");
            if s != Sound::Win {
                assert!(len <= 250, "{s:?}: {len} ms, an effect is short");
            }
        }
        assert!(ms(&render(Sound::Win)) >= 800, "the flourish");
    }

    #[test]
    fn no_sound_clips_each_peaks_at_its_modest_level_and_a_refusal_is_soft() {
        let peak = |s| render(s).iter().map(|&v| (v as i32).abs()).max().unwrap();
        for s in Sound::ALL {
            let want = (level(s) * i16::MAX as f32) as i32;
            assert!(want <= i16::MAX as i32 / 3, "{s:?}: a modest level");
            assert!(
                (want - 2..=want + 2).contains(&peak(s)),
                "{s:?}: peak {}, level {want}",
                peak(s)
            );
        }
        for s in Sound::ALL.into_iter().filter(|&s| s != Sound::Refused) {
            assert!(peak(Sound::Refused) * 3 < peak(s) * 2, "{s:?}");
        }
    }

    #[test]
    fn each_sound_starts_and_ends_without_a_click() {
        for s in Sound::ALL {
            let v = render(s);
            let edge = (i16::MAX / 50) as i32;
            let (first, last) = (v[0] as i32, *v.last().unwrap() as i32);
            assert!(first.abs() <= edge, "{s:?} starts at {first}");
            assert!(last.abs() <= edge, "{s:?} ends at {last}");
        }
    }

    #[test]
    fn every_sound_differs_from_every_other() {
        let all: Vec<Vec<i16>> = Sound::ALL.iter().map(|&s| render(s)).collect();
        for i in 0..all.len() {
            for j in i + 1..all.len() {
                assert_ne!(all[i], all[j], "{:?} = {:?}", Sound::ALL[i], Sound::ALL[j]);
            }
        }
    }

    #[test]
    fn synthesis_is_deterministic() {
        for s in Sound::ALL {
            assert_eq!(render(s), render(s), "{s:?}");
        }
    }
}
