//! End to end, with the real binary in a real window under Xvfb: it draws the table, a click
//! sent by xdotool on the stock draws a card, and a game closed mid-way is there again at the
//! next start. Needs Debian's xvfb, xdotool and imagemagick; `.ci/run` installs them.
//! Elsewhere the tests say what is missing and pass, unless CI is set.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use solitaire::engine::{GameCode, GameKind, Pile};
use solitaire::render::palette as pal;
use solitaire::ui::layout::Layout;
use solitaire::ui::view::View;

/// Stops a child process when dropped: politely first (SIGTERM, so that Xvfb removes its
/// socket and lock file and the display number is free again), then for good.
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = Command::new("kill").arg(self.0.id().to_string()).status();
        let end = Instant::now() + Duration::from_secs(3);
        while Instant::now() < end {
            if let Ok(Some(_)) = self.0.try_wait() {
                return;
            }
            sleep(Duration::from_millis(20));
        }
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn have(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

fn wait_for<T>(secs: u64, mut f: impl FnMut() -> Option<T>) -> Option<T> {
    let end = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < end {
        if let Some(v) = f() {
            return Some(v);
        }
        sleep(Duration::from_millis(100));
    }
    None
}

/// A window's pixels as raw RGB.
struct Shot {
    rgb: Vec<u8>,
    w: usize,
    h: usize,
}

impl Shot {
    /// The colour of a framebuffer pixel, through the window's whole-number scale.
    fn fb(&self, fx: i32, fy: i32) -> [u8; 3] {
        let v = View::new(self.w as f32, self.h as f32);
        let x = (v.x + (fx as f32 + 0.5) * v.scale) as usize;
        let y = (v.y + (fy as f32 + 0.5) * v.scale) as usize;
        let i = (y * self.w + x) * 3;
        [self.rgb[i], self.rgb[i + 1], self.rgb[i + 2]]
    }
}

fn near(a: [u8; 3], b: [u8; 4]) -> bool {
    (0..3).all(|k| (i32::from(a[k]) - i32::from(b[k])).abs() <= 6)
}

/// An X server of our own, and the games started on it.
struct Display {
    name: String,
    _xvfb: Guard,
    /// Our claim on the display number, held until the server is gone.
    claim: PathBuf,
}

impl Drop for Display {
    fn drop(&mut self) {
        let _ = std::fs::remove_file(&self.claim);
    }
}

impl Display {
    /// Starts Xvfb, or says why not (`None`: skip the test).
    fn start() -> Option<Display> {
        let missing: Vec<&str> = ["Xvfb", "xdotool", "import"]
            .into_iter()
            .filter(|t| !have(t))
            .collect();
        if !missing.is_empty() {
            assert!(
                std::env::var_os("CI").is_none(),
                "CI must install {missing:?} (Debian: xvfb xdotool imagemagick)"
            );
            eprintln!("skipped: {missing:?} not installed (Debian: xvfb xdotool imagemagick)");
            return None;
        }
        // Each test takes its own display number; a lock file claims it. A server that does not
        // come up (seen once on a loaded machine, with six starting at once) is stopped, its
        // claim given back, and another number tried: three tries at most.
        let mut display = None;
        for _ in 0..3 {
            let n = (90..200)
                .find(|n| {
                    !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
                        && !Path::new(&format!("/tmp/.X{n}-lock")).exists()
                        && std::fs::OpenOptions::new()
                            .write(true)
                            .create_new(true)
                            .open(format!("/tmp/.solitaire-test-X{n}"))
                            .is_ok()
                })
                .expect("a free display number");
            let name = format!(":{n}");
            let mut xvfb = Guard(
                Command::new("Xvfb")
                    .args([
                        name.as_str(),
                        "-screen",
                        "0",
                        "1280x720x24",
                        "-nolisten",
                        "tcp",
                    ])
                    .stdout(Stdio::null())
                    .stderr(Stdio::null())
                    .spawn()
                    .expect("Xvfb starts"),
            );
            let up = wait_for(20, || {
                if xvfb.0.try_wait().ok().flatten().is_some() {
                    return Some(false); // it stopped: try another number
                }
                Path::new(&format!("/tmp/.X11-unix/X{n}"))
                    .exists()
                    .then_some(true)
            });
            // The claim goes with the display (dropped with it, or now, if it never came up).
            let candidate = Display {
                name,
                _xvfb: xvfb,
                claim: PathBuf::from(format!("/tmp/.solitaire-test-X{n}")),
            };
            if up == Some(true) {
                display = Some(candidate);
                break;
            }
        }
        let display = display.expect("Xvfb is up");
        // Up means answering, not only having made its socket.
        wait_for(10, || display.run(&["xdotool", "getdisplaygeometry"])).expect("Xvfb answers");
        Some(display)
    }

    fn run(&self, args: &[&str]) -> Option<Vec<u8>> {
        let out = Command::new(args[0])
            .args(&args[1..])
            .env("DISPLAY", &self.name)
            .stderr(Stdio::null())
            .output()
            .ok()?;
        out.status.success().then_some(out.stdout)
    }

    /// Starts the game and waits for its window; returns the process and the window id.
    /// The game's input trace and messages go to `stderr.txt` in the data folder. A start that
    /// cannot reach the X server (seen on a loaded machine) is tried again, five times at most,
    /// a second apart.
    fn game(&self, args: &[&str], data: &Path) -> (Guard, String) {
        self.game_logged(args, data, "stderr.txt")
    }

    /// The same, with the game's messages in `log_name` in the data folder.
    fn game_logged(&self, args: &[&str], data: &Path, log_name: &str) -> (Guard, String) {
        self.game_in(&[], &[], args, data, log_name)
    }

    /// The same, run through `wrap` (a command that ends by running the game: the game's path
    /// is its last word) with `envs` set.
    fn game_in(
        &self,
        wrap: &[String],
        envs: &[(&str, &str)],
        args: &[&str],
        data: &Path,
        log_name: &str,
    ) -> (Guard, String) {
        let log = data.join(log_name);
        let before = self.windows();
        let mut said = String::new();
        for _ in 0..6 {
            let mut child = Guard(
                Command::new(wrap.first().map_or(env!("CARGO_BIN_EXE_solitaire"), |w| w))
                    .args(wrap.iter().skip(1))
                    .args(args)
                    .envs(envs.iter().copied())
                    .env("DISPLAY", &self.name)
                    .env("SOLITAIRE_DATA_DIR", data)
                    .env("SOLITAIRE_TRACE_INPUT", "1")
                    .stdout(Stdio::null())
                    .stderr(std::fs::File::create(&log).unwrap())
                    .spawn()
                    .expect("the game starts"),
            );
            let window = wait_for(20, || {
                if child.0.try_wait().ok().flatten().is_some() {
                    return Some(None); // it stopped: no window will come
                }
                // The game's window is the one that was not there before it started.
                self.windows()
                    .into_iter()
                    .find(|w| !before.contains(w))
                    .map(Some)
            });
            if let Some(Some(window)) = window {
                return (child, window);
            }
            said = std::fs::read_to_string(&log).unwrap_or_default();
            if !said.contains("XOpenDisplay") && !said.contains("no display answers") {
                break;
            }
            sleep(Duration::from_millis(1000));
        }
        panic!("no window titled Solitaire opened; the game said: {said}");
    }

    /// The ids of the windows titled Solitaire.
    fn windows(&self) -> Vec<String> {
        self.run(&["xdotool", "search", "--name", "Solitaire"])
            .map(|ids| {
                String::from_utf8_lossy(&ids)
                    .lines()
                    .map(str::to_string)
                    .collect()
            })
            .unwrap_or_default()
    }

    fn capture(&self, window: &str) -> Option<Shot> {
        let geo = self.run(&["xdotool", "getwindowgeometry", "--shell", window])?;
        let geo = String::from_utf8_lossy(&geo).into_owned();
        let field = |k: &str| -> Option<usize> {
            geo.lines()
                .find_map(|l| l.strip_prefix(&format!("{k}=")))
                .and_then(|v| v.trim().parse().ok())
        };
        let (w, h) = (field("WIDTH")?, field("HEIGHT")?);
        let rgb = self.run(&["import", "-window", window, "-depth", "8", "rgb:-"])?;
        (rgb.len() == w * h * 3).then_some(Shot { rgb, w, h })
    }

    /// Waits until the window shows the felt, i.e. the table is drawn.
    fn table(&self, window: &str, layout: &Layout) -> Shot {
        wait_for(20, || {
            let s = self.capture(window)?;
            near(s.fb(layout.columns[0].x - 20, 200), pal::FELT).then_some(s)
        })
        .expect("the table is drawn")
    }

    /// Waits until two captures in a row are the same (animations are over).
    fn settled(&self, window: &str) -> Shot {
        let mut last: Option<Shot> = None;
        wait_for(10, || {
            sleep(Duration::from_millis(300));
            let s = self.capture(window)?;
            let same = last.as_ref().is_some_and(|l| l.rgb == s.rgb);
            if same {
                return Some(s);
            }
            last = Some(s);
            None
        })
        .expect("the window settles")
    }

    /// A click at a framebuffer pixel.
    fn click(&self, window: &str, shot: &Shot, (fx, fy): (i32, i32)) {
        let v = View::new(shot.w as f32, shot.h as f32);
        let x = (v.x + (fx as f32 + 0.5) * v.scale) as i32;
        let y = (v.y + (fy as f32 + 0.5) * v.scale) as i32;
        // With no window manager, windows lie where they opened: the one clicked comes on top.
        self.run(&["xdotool", "windowraise", window])
            .expect("xdotool raises the window");
        self.run(&[
            "xdotool",
            "mousemove",
            "--window",
            window,
            &x.to_string(),
            &y.to_string(),
            "click",
            "1",
            // A pixel's move after the click: miniquad's blocking X11 loop can leave a burst of
            // events (a press and its release) waiting until the next event comes.
            "mousemove_relative",
            "1",
            "0",
        ])
        .expect("xdotool clicks");
        sleep(Duration::from_millis(450)); // never two clicks into one double-click
    }
}

fn temp_dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("solitaire-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn real_window_draws_the_table_and_a_click_on_the_stock_draws_a_card() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("window");
    let (_game, window) = display.game(&["--code", "KL1-D1N-AAAAAAA"], &data);
    let layout = Layout::new(GameKind::Klondike);
    let table = display.table(&window, &layout);
    // A point of the waste slot that a drawn card covers with bare card colour (the 2S is
    // drawn first: its right side, between pips and corner, is plain).
    let waste = (layout.waste.x + layout.card_w - 8, layout.waste.y + 20);
    assert!(
        near(table.fb(waste.0, waste.1), pal::FELT_DARK),
        "the waste starts empty"
    );
    let back = table.fb(layout.stock.x + 20, layout.stock.y + 4);
    assert!(
        near(back, pal::BACK_A) || near(back, pal::BACK_B),
        "the stock shows a back"
    );
    display.click(&window, &table, layout.stock.center());
    let after = wait_for(10, || {
        let s = display.capture(&window)?;
        near(s.fb(waste.0, waste.1), pal::CARD).then_some(s)
    });
    assert!(
        after.is_some(),
        "a card appears on the waste after the click"
    );
    let _ = std::fs::remove_dir_all(&data);
}

#[test]
fn a_game_closed_mid_way_is_there_again_at_the_next_start() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("restart");
    let code = GameCode::parse("KL1-D3N-AAAAAAA").unwrap();
    let layout = Layout::new(code.game);
    let before = {
        let (mut game, window) = display.game(&["--code", &code.to_string()], &data);
        let table = display.table(&window, &layout);
        // Draw twice (the waste fans three, then six cards), then send the AC of t6 up by a
        // click; each step is seen on screen before the next.
        let fan_edge = (
            layout.waste.x + 2 * layout.fan_step + layout.card_w - 5,
            layout.waste.y + 20,
        );
        display.click(&window, &table, layout.stock.center());
        wait_for(10, || {
            near(
                display.capture(&window)?.fb(fan_edge.0, fan_edge.1),
                pal::CARD,
            )
            .then_some(())
        })
        .expect("the first click on the stock draws three cards");
        let drawn_once = display.settled(&window);
        display.click(&window, &table, layout.stock.center());
        wait_for(10, || {
            (display.capture(&window)?.rgb != drawn_once.rgb).then_some(())
        })
        .expect("the second click on the stock draws again");
        display.settled(&window);
        let g = solitaire::engine::Game::new(code);
        let ac = layout.card_rect(g.table(), Pile::Column(5), 1);
        display.click(&window, &table, (ac.x + 6, ac.y + 5));
        let f = layout.foundations[3];
        wait_for(10, || {
            near(display.capture(&window)?.fb(f.x + 20, f.y + 12), pal::CARD).then_some(())
        })
        .expect("a click sends the AC to its foundation");
        let shot = display.settled(&window);
        // Closed the hard way: the save was written after every action.
        let _ = game.0.kill();
        let _ = game.0.wait();
        shot
    };
    assert!(data.join("game.json").exists(), "the save file is written");
    let (_game, window) = display.game(&[], &data);
    display.table(&window, &layout);
    let after = display.settled(&window);
    assert!(
        before.rgb == after.rgb,
        "the same table is there after a restart"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// A long Double Solitaire game with undos, as the game saves it.
fn long_double_save() -> Vec<u8> {
    use solitaire::engine::Game;
    let mut g = Game::new(GameCode::parse("DS1-D1N-ABCDEFG").unwrap());
    let mut seed = 99u64;
    for _ in 0..400 {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        if seed >> 60 == 0 && g.undo_available() > 0 {
            g.undo().unwrap();
            continue;
        }
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        g.apply(legal[(seed >> 33) as usize % legal.len()]).unwrap();
    }
    solitaire::save::format::encode_game(&g, &Default::default()).into_bytes()
}

/// Waits until the window shows the felt at the table's left edge (both games have felt there).
fn felt_shown(display: &Display, window: &str) -> bool {
    wait_for(20, || {
        let s = display.capture(window)?;
        near(s.fb(3, 150), pal::FELT).then_some(())
    })
    .is_some()
}

/// Issue #12: damaged saves through the real binary. Each start shows the table; the damaged
/// file is kept byte for byte (as it was, when it still loads, or aside); the statistics
/// beside it survive. A start that has not drawn the table after 20 s counts as hung. How long
/// the starts took is printed beside a start on the intact save, not asserted: on a busy
/// machine the window system, the polling and the screenshots of this test take seconds that
/// are not the game's (CI once saw 3.03 s against the 3 s this test asserted). The loader
/// itself is held to 100 ms per case, in process, by `tests/saves.rs`.
#[test]
fn the_real_game_starts_on_damaged_saves_and_keeps_them() {
    use solitaire::save::format;
    let Some(display) = Display::start() else {
        return;
    };
    let save = long_double_save();
    let mut stats = solitaire::play::stats::Stats::default();
    let code = GameCode::parse("KL1-D3N-AAAAAAA").unwrap();
    stats.record_win(code, 700, 130);
    stats.record_unfinished(code);
    let record = format::encode_record(&stats, &Default::default());
    // Cuts spread over the file, bytes changed, spans doubled, and the shapes that hung or
    // aborted the game before.
    let mut cases: Vec<Vec<u8>> = (0..40)
        .map(|i| save[..save.len() * i / 40].to_vec())
        .collect();
    for i in 0..6 {
        let mut b = save.clone();
        let at = b.len() * (2 * i + 1) / 13;
        b[at] ^= 0x20 << (i % 3);
        cases.push(b);
    }
    let text = String::from_utf8(save.clone()).unwrap();
    cases.push(text.replacen("\"log\":[", "\"log\":[\"\",", 1).into_bytes());
    cases.push(
        text.replacen("\"log\":[", "\"log\":[\"  \",", 1)
            .into_bytes(),
    );
    cases.push(br#"{"version":2,"extra":[[[,"#.to_vec());
    cases.push(br#"{"version":2,"x":}"#.to_vec());
    assert!(cases.len() >= 50);
    // The game started on a folder of its own holding `game` and the record: the game, the
    // folder, and how long until the table showed.
    let start = |name: &str, game: &[u8]| {
        let data = temp_dir(name);
        std::fs::write(data.join("game.json"), game).unwrap();
        std::fs::write(data.join("record.json"), &record).unwrap();
        let started = Instant::now();
        let (guard, window) = display.game(&[], &data);
        assert!(felt_shown(&display, &window), "{name}: the table is drawn");
        (guard, data, started.elapsed())
    };
    let (game, data, intact) = start("damaged-intact", &save);
    drop(game);
    let _ = std::fs::remove_dir_all(&data);
    let mut took_all = Vec::new();
    for (i, bytes) in cases.iter().enumerate() {
        let (game, data, took) = start(&format!("damaged-{i}"), bytes);
        took_all.push(took);
        drop(game);
        let kept: Vec<Vec<u8>> = std::fs::read_dir(&data)
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| {
                let n = p.file_name().unwrap().to_string_lossy();
                n == "game.json" || n.starts_with("game.unreadable-")
            })
            .map(|p| std::fs::read(p).unwrap())
            .collect();
        let loads = format::decode_game(bytes).is_ok();
        assert!(
            kept.contains(bytes) || loads,
            "case {i}: the damaged file is kept byte for byte"
        );
        let now = format::decode_record(&std::fs::read(data.join("record.json")).unwrap());
        assert_eq!(now.unwrap().0, stats, "case {i}: the statistics survive");
        let _ = std::fs::remove_dir_all(&data);
    }
    took_all.sort();
    eprintln!(
        "{} damaged saves: start median {:?}, slowest {:?}; the intact save {intact:?}",
        cases.len(),
        took_all[took_all.len() / 2],
        took_all[took_all.len() - 1]
    );
}

/// Issue #12: two windows on one data folder. The second says it will not save, and no move
/// of the first is lost to it.
#[test]
fn a_second_window_on_the_same_saves_does_not_write_over_the_first() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("two-windows");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut stats = solitaire::play::stats::Stats::default();
    stats.record_win(code, 640, 120);
    let record = solitaire::save::format::encode_record(&stats, &Default::default());
    std::fs::write(data.join("record.json"), &record).unwrap();
    let layout = Layout::new(code.game);
    let (first, w1) = display.game_logged(&["--code", &code.to_string()], &data, "first.txt");
    let t1 = display.table(&w1, &layout);
    display.click(&w1, &t1, layout.stock.center());
    wait_for(10, || {
        let saved = std::fs::read(data.join("game.json")).ok()?;
        let (g, _) = solitaire::save::format::decode_game(&saved).ok()?;
        (g.game.moves() == 1).then_some(())
    })
    .expect("the first window saves its draw");
    let (second, w2) = display.game_logged(&[], &data, "second.txt");
    let t2 = display.table(&w2, &layout);
    for _ in 0..3 {
        display.click(&w2, &t2, layout.stock.center());
    }
    display.click(&w1, &t1, layout.stock.center());
    wait_for(10, || {
        let s = std::fs::read_to_string(data.join("first.txt")).ok()?;
        (s.matches("Up(").count() >= 2).then_some(())
    })
    .expect("the first window got its second click");
    let said = wait_for(10, || {
        let s = std::fs::read_to_string(data.join("second.txt")).ok()?;
        s.contains("does not save").then_some(s)
    });
    assert!(said.is_some(), "the second window says it does not save");
    drop(second);
    drop(first);
    let saved = std::fs::read(data.join("game.json")).unwrap();
    let (g, _) = solitaire::save::format::decode_game(&saved).unwrap();
    assert_eq!(
        g.game.moves(),
        2,
        "the first window's two draws, none of the second's"
    );
    let now = std::fs::read(data.join("record.json")).unwrap();
    let now = solitaire::save::format::decode_record(&now).unwrap().0;
    assert_eq!(now, stats, "the statistics are whole");
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue #14: Ctrl+Z undoes, in the real window.
#[test]
fn ctrl_z_undoes_in_the_real_window() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("ctrl-z");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let layout = Layout::new(code.game);
    let (_game, window) = display.game(&["--code", &code.to_string()], &data);
    let table = display.table(&window, &layout);
    display.click(&window, &table, layout.stock.center());
    let log = || -> Option<Vec<String>> {
        let saved = std::fs::read(data.join("game.json")).ok()?;
        let (g, _) = solitaire::save::format::decode_game(&saved).ok()?;
        Some(
            g.game
                .log()
                .iter()
                .map(|&e| solitaire::engine::notation::entry_line(e))
                .collect(),
        )
    };
    wait_for(10, || (log()? == ["draw"]).then_some(())).expect("the draw is saved");
    display
        .run(&[
            "xdotool",
            "key",
            "--window",
            &window,
            "ctrl+z",
            "mousemove_relative",
            "1",
            "0",
        ])
        .expect("xdotool types");
    let undone = wait_for(10, || (log()? == ["draw", "undo"]).then_some(()));
    assert!(undone.is_some(), "Ctrl+Z undid the draw: {:?}", log());
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue #14: in a window resized to an itch.io embed's size (960 × 540: the framebuffer drawn
/// 1.5 times, sharp bilinear), a card dragged out of the window and back while the button is
/// held still lands where it is let go; and the first click after the resize is not lost.
#[test]
fn a_drag_survives_leaving_the_resized_window() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("drag-out");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let (_game, window) = display.game(&["--code", &code.to_string()], &data);
    display
        .run(&["xdotool", "windowsize", &window, "960", "540"])
        .expect("xdotool resizes the window");
    let shot = wait_for(20, || {
        let s = display.capture(&window)?;
        (s.w == 960 && s.h == 540).then_some(s)
    })
    .expect("the window is 960 x 540");
    let view = View::new(960.0, 540.0);
    assert_eq!((view.w, view.h, view.scale), (640, 360, 1.5));
    let layout = Layout::new(code.game);
    let table = display.table(&window, &layout);
    assert_eq!((table.w, table.h), (shot.w, shot.h));
    // The A♣ lies face up on column 6; it goes to the clubs' foundation.
    let ace = layout.columns[5];
    let top = ace.y + 5 * layout.down_step as i32;
    let at = |fx: i32, fy: i32| {
        let (x, y) = view.to_window(fx, fy);
        (x as i32, y as i32)
    };
    let (ax, ay) = at(ace.x + 10, top + 30);
    let (fx, fy) = at(layout.foundations[3].x + 20, layout.foundations[3].y + 30);
    display.run(&["xdotool", "windowraise", &window]);
    let (ax, ay, fx, fy) = (
        ax.to_string(),
        ay.to_string(),
        fx.to_string(),
        fy.to_string(),
    );
    display
        .run(&[
            "xdotool",
            "mousemove",
            "--window",
            &window,
            &ax,
            &ay,
            "mousedown",
            "1",
            "sleep",
            "0.1",
            "mousemove_relative",
            "20",
            "20",
            "sleep",
            "0.1",
            // Out of the window (it lies at the screen's top left), and back.
            "mousemove",
            "1200",
            "680",
            "sleep",
            "0.3",
            "mousemove",
            "1210",
            "690",
            "sleep",
            // Back in at the window's right edge, then on to the foundation.
            "0.3",
            "mousemove",
            "--window",
            &window,
            "950",
            "300",
            "sleep",
            "0.3",
            "mousemove",
            "--window",
            &window,
            &fx,
            &fy,
            "sleep",
            "0.2",
            "mousemove_relative",
            "1",
            "0",
            "sleep",
            "0.2",
            "mouseup",
            "1",
            "mousemove_relative",
            "1",
            "0",
        ])
        .expect("xdotool drags");
    let moved = wait_for(10, || {
        let saved = std::fs::read(data.join("game.json")).ok()?;
        let (g, _) = solitaire::save::format::decode_game(&saved).ok()?;
        (g.game.table().foundations[3].len() == 1).then_some(())
    });
    let said = std::fs::read_to_string(data.join("stderr.txt")).unwrap_or_default();
    assert!(
        moved.is_some(),
        "the ace reached the foundation; the game saw:\n{said}"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// The moves in the saved game, once it decodes.
fn saved_moves(data: &Path) -> Option<u32> {
    let saved = std::fs::read(data.join("game.json")).ok()?;
    let (g, _) = solitaire::save::format::decode_game(&saved).ok()?;
    Some(g.game.moves())
}

/// Issue #36: once the window holding the saves is gone (closed, or killed with `kill -9`),
/// the second window takes over at its next move and says so; its moves survive a restart.
#[test]
fn a_second_window_takes_over_when_the_first_is_gone() {
    let Some(display) = Display::start() else {
        return;
    };
    for how in ["closed", "killed"] {
        let data = temp_dir(&format!("takeover-{how}"));
        let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
        let layout = Layout::new(code.game);
        let (mut first, w1) =
            display.game_logged(&["--code", &code.to_string()], &data, "first.txt");
        let t1 = display.table(&w1, &layout);
        display.click(&w1, &t1, layout.stock.center());
        wait_for(10, || (saved_moves(&data)? == 1).then_some(()))
            .expect("the first window saves its draw");
        let (second, w2) = display.game_logged(&[], &data, "second.txt");
        let t2 = display.table(&w2, &layout);
        display.click(&w2, &t2, layout.stock.center());
        wait_for(10, || {
            let s = std::fs::read_to_string(data.join("second.txt")).ok()?;
            s.contains("does not save").then_some(())
        })
        .expect("the second window says it does not save");
        if how == "closed" {
            drop(first);
        } else {
            let _ = first.0.kill();
            let _ = first.0.wait();
            std::mem::forget(first);
        }
        for _ in 0..3 {
            display.click(&w2, &t2, layout.stock.center());
        }
        // The first window's draw, then the second's four.
        let saved = wait_for(10, || (saved_moves(&data)? == 5).then_some(()));
        let said = std::fs::read_to_string(data.join("second.txt")).unwrap_or_default();
        assert!(
            saved.is_some(),
            "{how}: the second window's moves are saved; it said:\n{said}"
        );
        assert!(
            said.contains("saves from now on"),
            "{how}: it says so:\n{said}"
        );
        drop(second);
        // The next start has them.
        let (_third, w3) = display.game(&[], &data);
        display.table(&w3, &layout);
        assert_eq!(saved_moves(&data), Some(5), "{how}");
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// Issue #36: a file-size limit reached while saving makes the write fail with a notice, not
/// kill the game; the game it restored is never set aside.
#[test]
fn a_file_size_limit_fails_a_write_and_sets_nothing_aside() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("ulimit");
    let game = long_double_save();
    assert!(game.len() > 4096);
    // The same game, written by this build (with its write number), so the start rewrites it.
    std::fs::write(data.join("game.json"), &game).unwrap();
    let exe = env!("CARGO_BIN_EXE_solitaire");
    let log = std::fs::File::create(data.join("limited.txt")).unwrap();
    let mut limited = Guard(
        Command::new("sh")
            .args(["-c", &format!("ulimit -f 4; exec '{exe}'")])
            .env("DISPLAY", &display.name)
            .env("SOLITAIRE_DATA_DIR", &data)
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap(),
    );
    let said = wait_for(20, || {
        let s = std::fs::read_to_string(data.join("limited.txt")).ok()?;
        s.contains("Saving failed").then_some(s)
    });
    let alive = limited.0.try_wait().ok().flatten().is_none();
    let _ = limited.0.kill();
    let _ = limited.0.wait();
    let log = std::fs::read_to_string(data.join("limited.txt")).unwrap_or_default();
    assert!(
        said.is_some(),
        "the failed write is said; the game wrote:\n{log}"
    );
    assert!(alive, "the game plays on");
    let (_game, window) = display.game(&[], &data);
    let _ = felt_shown(&display, &window);
    let kept: Vec<String> = std::fs::read_dir(&data)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|n| n.contains("unreadable"))
        .collect();
    assert!(kept.is_empty(), "nothing set aside: {kept:?}");
    let saved = std::fs::read(data.join("game.json")).unwrap();
    assert!(solitaire::save::format::decode_game(&saved).is_ok());
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue #36: no display answering gives a clean message and exit status 1, not an abort.
#[test]
fn no_display_gives_a_clean_message() {
    let free = (150..200)
        .find(|n| !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
        .unwrap();
    for env in [
        vec![("DISPLAY", format!(":{free}"))],
        vec![("WAYLAND_DISPLAY", "wayland-99".to_string())],
    ] {
        let mut c = Command::new(env!("CARGO_BIN_EXE_solitaire"));
        c.env_remove("DISPLAY").env_remove("WAYLAND_DISPLAY");
        for (k, v) in &env {
            c.env(k, v);
        }
        let out = c.output().unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{env:?}: {err}");
        assert!(
            err.contains("no display answers") && !err.contains("panicked"),
            "{err}"
        );
    }
}

/// Issue #48: a display the X library cannot open — a name it cannot read, a screen the live
/// server lacks, a path to a socket — gives the clean message and exit status 1, for the
/// game and for `replay FILE`, where the window library aborted (exit 134).
#[test]
fn a_display_that_cannot_be_opened_gives_a_clean_message() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("bad-display");
    let socket = data.join("socket");
    let _listener = std::os::unix::net::UnixListener::bind(&socket).unwrap();
    let script = data.join("game.txt");
    std::fs::write(&script, "new KL1-D1N-AAAAAAA\ndraw\n").unwrap();
    let server_socket = format!("/tmp/.X11-unix/X{}", &display.name[1..]);
    let names = [
        "garbage".to_string(),
        format!("{}.77", display.name),
        socket.display().to_string(),
        server_socket,
    ];
    for name in &names {
        for args in [vec![], vec!["replay", script.to_str().unwrap()]] {
            let out = Command::new(env!("CARGO_BIN_EXE_solitaire"))
                .args(&args)
                .env("DISPLAY", name)
                .env("SOLITAIRE_DATA_DIR", &data)
                .output()
                .unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(1), "DISPLAY={name} {args:?}: {err}");
            assert!(
                err.contains("no display answers") && !err.contains("panicked"),
                "DISPLAY={name} {args:?}: {err}"
            );
        }
    }
    // The display itself still opens.
    let (_game, window) = display.game(&["replay", script.to_str().unwrap()], &data);
    assert!(!window.is_empty());
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue #48: without the X library (hidden in a mount namespace of its own) the game says so
/// and exits with status 1; the window library would abort.
#[test]
fn a_missing_x_library_gives_a_clean_message() {
    let Some(display) = Display::start() else {
        return;
    };
    let Some(hide) = common::library_hider(&["libX11.so.6", "libX11.so"]) else {
        eprintln!("skipped: no libX11 to hide, or no mount namespace (needs root)");
        return;
    };
    let bin = env!("CARGO_BIN_EXE_solitaire");
    let out = Command::new("unshare")
        .args(["-m", "sh", "-c", &format!("{hide}exec {bin}")])
        .env("DISPLAY", &display.name)
        .env("SOLITAIRE_DATA_DIR", temp_dir("no-x11"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{err}");
    assert!(
        err.contains("libX11.so.6") && !err.contains("panicked"),
        "{err}"
    );
}

/// Issue #48: the window's WM_CLASS is the game's name, the one `solitaire.desktop` gives as
/// its StartupWMClass, so that a desktop matches the window with its launcher and icon.
#[test]
fn the_window_class_is_the_one_the_desktop_file_names() {
    let Some(display) = Display::start() else {
        return;
    };
    if !have("xprop") {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI must install xprop (Debian: x11-utils)"
        );
        eprintln!("skipped: xprop not installed (Debian: x11-utils)");
        return;
    }
    let desktop = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/release/linux/solitaire.desktop"
    ))
    .unwrap();
    let named = desktop
        .lines()
        .find_map(|l| l.strip_prefix("StartupWMClass="))
        .expect("the desktop file names the window's class");
    assert_eq!(named, "solitaire");
    let data = temp_dir("wm-class");
    let (_game, window) = display.game(&[], &data);
    let said = display
        .run(&["xprop", "-id", &window, "WM_CLASS"])
        .expect("xprop reads the window");
    let said = String::from_utf8_lossy(&said);
    assert_eq!(
        said.trim(),
        format!("WM_CLASS(STRING) = \"{named}\", \"{named}\""),
        "the instance and the class"
    );
    let _ = std::fs::remove_dir_all(&data);
}

/// Asks the window to close, as a window manager's close button does: a WM_DELETE_WINDOW
/// message of the WM_PROTOCOLS kind sent to it, through the X library loaded at run time (no
/// window manager runs under Xvfb, and xdotool's windowclose destroys the window instead).
fn ask_to_close(display: &Display, window: &str) {
    use std::ffi::{CString, c_char, c_int, c_long, c_ulong, c_void};
    #[repr(C)]
    #[derive(Clone, Copy)]
    struct ClientMessage {
        kind: c_int,
        serial: c_ulong,
        send_event: c_int,
        display: *mut c_void,
        window: c_ulong,
        message_type: c_ulong,
        format: c_int,
        data: [c_long; 5],
    }
    #[repr(C)]
    union Event {
        client: ClientMessage,
        size: [c_long; 24],
    }
    const CLIENT_MESSAGE: c_int = 33;
    let window: c_ulong = window.parse().expect("a window id");
    let name = CString::new(display.name.as_str()).unwrap();
    // SAFETY: the X library's documented functions, called with their C signatures on a
    // display of our own, closed at the end; the event is a zeroed XEvent with its
    // XClientMessageEvent filled in.
    unsafe {
        let lib = libc::dlopen(c"libX11.so.6".as_ptr(), libc::RTLD_NOW);
        assert!(!lib.is_null(), "libX11 loads");
        let sym = |n: &std::ffi::CStr| {
            let p = libc::dlsym(lib, n.as_ptr());
            assert!(!p.is_null(), "{n:?}");
            p
        };
        type Open = unsafe extern "C" fn(*const c_char) -> *mut c_void;
        type Atom = unsafe extern "C" fn(*mut c_void, *const c_char, c_int) -> c_ulong;
        type Send = unsafe extern "C" fn(*mut c_void, c_ulong, c_int, c_long, *mut Event) -> c_int;
        type OnDisplay = unsafe extern "C" fn(*mut c_void) -> c_int;
        let open: Open = std::mem::transmute(sym(c"XOpenDisplay"));
        let atom: Atom = std::mem::transmute(sym(c"XInternAtom"));
        let send: Send = std::mem::transmute(sym(c"XSendEvent"));
        let flush: OnDisplay = std::mem::transmute(sym(c"XFlush"));
        let close: OnDisplay = std::mem::transmute(sym(c"XCloseDisplay"));
        let d = open(name.as_ptr());
        assert!(!d.is_null(), "the display opens");
        let mut event = Event { size: [0; 24] };
        event.client = ClientMessage {
            kind: CLIENT_MESSAGE,
            serial: 0,
            send_event: 1,
            display: d,
            window,
            message_type: atom(d, c"WM_PROTOCOLS".as_ptr(), 0),
            format: 32,
            data: [
                atom(d, c"WM_DELETE_WINDOW".as_ptr(), 0) as c_long,
                0,
                0,
                0,
                0,
            ],
        };
        assert_ne!(send(d, window, 0, 0, &mut event), 0, "the message is sent");
        flush(d);
        close(d);
    }
}

/// Issue #48: a save that fails (ENOSPC or EIO injected by strace at the sync of the game's
/// write), then the window closed before another move: the save is tried once more as the
/// window closes, and the move is there at the next start. It was lost.
#[test]
fn a_failed_save_is_tried_again_when_the_window_closes() {
    let Some(display) = Display::start() else {
        return;
    };
    if !have("strace") {
        assert!(std::env::var_os("CI").is_none(), "CI must install strace");
        eprintln!("skipped: strace not installed (Debian: strace)");
        return;
    }
    let exe = env!("CARGO_BIN_EXE_solitaire");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let layout = Layout::new(code.game);
    let args = ["--code", "KL1-D1N-AAAAAAA"];
    let traced = |inject: Option<String>, data: &Path, log: &str| {
        let trace = data.join("fsyncs.txt");
        let mut wrap: Vec<String> = ["strace", "-f", "-qq", "-o"].map(String::from).to_vec();
        wrap.push(trace.display().to_string());
        wrap.extend(["-e".into(), "trace=fsync".into()]);
        if let Some(inject) = inject {
            wrap.extend(["-e".into(), inject]);
        }
        wrap.push(exe.into());
        display.game_in(&wrap, &[], &args, data, log)
    };
    let fsyncs = |data: &Path| {
        std::fs::read_to_string(data.join("fsyncs.txt"))
            .map_or(0, |t| t.lines().filter(|l| l.contains("fsync(")).count())
    };
    // The start-up's syncs, counted on a run of its own: the next one is the draw's.
    let dry = temp_dir("close-retry-count");
    let start_up = {
        let (_game, window) = traced(None, &dry, "stderr.txt");
        display.table(&window, &layout);
        wait_for(10, || (saved_moves(&dry) == Some(0)).then_some(())).expect("saved at start");
        sleep(Duration::from_millis(500));
        fsyncs(&dry)
    };
    assert!(start_up >= 3, "the start-up syncs its records: {start_up}");
    for errno in ["ENOSPC", "EIO"] {
        let data = temp_dir(&format!("close-retry-{errno}"));
        let inject = format!("inject=fsync:error={errno}:when={}", start_up + 1);
        let (mut game, window) = traced(Some(inject), &data, "stderr.txt");
        let table = display.table(&window, &layout);
        display.click(&window, &table, layout.stock.center());
        let said = |what: &str| {
            let log = std::fs::read_to_string(data.join("stderr.txt")).unwrap_or_default();
            log.contains(what).then_some(log)
        };
        wait_for(10, || said("Saving failed")).expect("the draw's save fails");
        assert_eq!(
            saved_moves(&data),
            Some(0),
            "{errno}: the draw is not saved"
        );
        ask_to_close(&display, &window);
        let ended = wait_for(10, || game.0.try_wait().ok().flatten());
        assert!(ended.is_some(), "{errno}: the window closes");
        let log = std::fs::read_to_string(data.join("stderr.txt")).unwrap_or_default();
        assert_eq!(
            saved_moves(&data),
            Some(1),
            "{errno}: the draw is saved as the window closes; the game said:\n{log}"
        );
        assert!(log.contains("Saving works again"), "{errno}: {log}");
        let _ = std::fs::remove_dir_all(&data);
    }
    let _ = std::fs::remove_dir_all(&dry);
}

/// A small random number source for the sweeps (a fixed seed: a failure can be run again).
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: u64) -> u64 {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        (self.0 >> 33) % n
    }
}

/// What a folder of saves holds after a kill: the records set aside, and the records that
/// cannot be read.
fn after_kill(data: &Path) -> (usize, usize) {
    let aside = std::fs::read_dir(data)
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .is_ok_and(|e| e.file_name().to_string_lossy().contains("unreadable"))
        })
        .count();
    let mut unreadable = 0;
    let read = |name: &str| std::fs::read(data.join(name)).ok();
    if let Some(b) = read("game.json") {
        unreadable += usize::from(solitaire::save::format::decode_game(&b).is_err());
    }
    if let Some(b) = read("record.json") {
        unreadable += usize::from(solitaire::save::format::decode_record(&b).is_err());
    }
    if let Some(b) = read("settings.json") {
        unreadable += usize::from(solitaire::save::format::decode_settings(&b).is_err());
    }
    (aside, unreadable)
}

/// Saves `game` and `stats` as this build writes them.
fn save_as_the_game_does(data: &Path, game: &solitaire::engine::Game, stats: &Stats) {
    let (mut persist, _) = Persist::open(FileStorage::in_dir(data));
    persist.save(game, &Default::default(), stats);
}

use solitaire::play::stats::Stats;
use solitaire::save::{FileStorage, Persist};

fn sweep_size() -> u64 {
    std::env::var("SOLITAIRE_SWEEP")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(200)
}

/// Issue #36: hundreds of `kill -9`s at random moments of the start-up (a long game to
/// restore), and at every rename and removal of the start-up (strace's fault injection): no
/// record readable before is set aside, none is left unreadable, the statistics stay whole.
/// Long: `cargo test --test window_e2e -- --ignored kill_sweep` (SOLITAIRE_SWEEP=N kills).
#[test]
#[ignore = "long; run with --ignored (CI runs it)"]
fn kill_sweep_during_start_up() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("sweep-start");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut stats = Stats::default();
    stats.record_win(code, 640, 120);
    let (long, _) = solitaire::save::format::decode_game(&long_double_save()).unwrap();
    save_as_the_game_does(&data, &long.game, &stats);
    let exe = env!("CARGO_BIN_EXE_solitaire");
    let mut rng = Lcg(36);
    let (mut aside, mut unreadable, mut changed) = (0, 0, 0);
    let n = sweep_size();
    let check = |aside: &mut usize, unreadable: &mut usize, changed: &mut usize| {
        let (a, u) = after_kill(&data);
        *aside += a;
        *unreadable += u;
        let record = std::fs::read(data.join("record.json")).unwrap_or_default();
        let same = solitaire::save::format::decode_record(&record).is_ok_and(|(s, _)| s == stats);
        let game = std::fs::read(data.join("game.json")).unwrap_or_default();
        let whole = solitaire::save::format::decode_game(&game)
            .is_ok_and(|(g, _)| g.game.log() == long.game.log());
        *changed += usize::from(!same || !whole);
        if a > 0 || !same || !whole {
            // Put back for the next start.
            for e in std::fs::read_dir(&data).unwrap().flatten() {
                let _ = std::fs::remove_file(e.path());
            }
            save_as_the_game_does(&data, &long.game, &stats);
        }
    };
    for _ in 0..n {
        let mut child = Command::new(exe)
            .env("DISPLAY", &display.name)
            .env("SOLITAIRE_DATA_DIR", &data)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        sleep(Duration::from_millis(rng.below(400)));
        let _ = child.kill();
        let _ = child.wait();
        check(&mut aside, &mut unreadable, &mut changed);
    }
    let mut injected = 0;
    if have("strace") {
        // Killed at the k-th rename or removal of the start-up, for every k it reaches.
        let calls = "rename,renameat,renameat2,unlink,unlinkat";
        for k in 1..=16 {
            let mut child = Command::new("strace")
                .args(["-f", "-qq", "-o", "/dev/null", "-e"])
                .arg(format!("trace={calls}"))
                .arg("-e")
                .arg(format!("inject={calls}:signal=SIGKILL:when={k}"))
                .arg(exe)
                .env("DISPLAY", &display.name)
                .env("SOLITAIRE_DATA_DIR", &data)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap();
            let ended = wait_for(3, || child.try_wait().ok().flatten());
            injected += usize::from(ended.is_some());
            let _ = child.kill();
            let _ = child.wait();
            check(&mut aside, &mut unreadable, &mut changed);
        }
    } else {
        assert!(std::env::var_os("CI").is_none(), "CI must install strace");
        eprintln!("strace not installed (Debian: strace): the exact kill points are skipped");
    }
    eprintln!(
        "start-up sweep: {n} random kills, {injected} kills at a rename or removal: \
         {aside} set aside, {unreadable} unreadable, {changed} changed"
    );
    assert_eq!((aside, unreadable, changed), (0, 0, 0));
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue #36: `kill -9` at random moments within 60 ms of a click: of a draw in play, and of
/// the winning click. Nothing is set aside or left unreadable, no draw saved is lost, and
/// the win, played again after the restart where it was not saved, counts exactly once.
#[test]
#[ignore = "long; run with --ignored (CI runs it)"]
fn kill_sweep_during_play_and_the_winning_click() {
    let Some(display) = Display::start() else {
        return;
    };
    let exe = env!("CARGO_BIN_EXE_solitaire");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let layout = Layout::new(code.game);
    let line = winning_line(code);
    let mut before_win = solitaire::engine::Game::new(code);
    for &a in &line[..line.len() - 1] {
        before_win.apply(a).unwrap();
    }
    let from = match *line.last().unwrap() {
        solitaire::engine::Action::Move { from, .. } => from.pile(),
        _ => unreachable!("a game is won by a move"),
    };
    let card = layout.card_rect(before_win.table(), from, 1);
    let mut rng = Lcg(37);
    let n = sweep_size();
    let (mut aside, mut unreadable, mut lost, mut wrong_counts) = (0, 0, 0, 0);
    for round in 0..n {
        let winning = round % 2 == 1;
        let data = temp_dir(&format!("sweep-play-{round}"));
        let mut stats = Stats::default();
        stats.record_unfinished(code);
        let start = if winning {
            before_win.clone()
        } else {
            solitaire::engine::Game::new(code)
        };
        save_as_the_game_does(&data, &start, &stats);
        let mut child = Guard(
            Command::new(exe)
                .env("DISPLAY", &display.name)
                .env("SOLITAIRE_DATA_DIR", &data)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .unwrap(),
        );
        let before = display.windows();
        let Some(window) = wait_for(20, || {
            display
                .windows()
                .into_iter()
                .find(|w| !before.contains(w))
                .or_else(|| display.windows().into_iter().last())
        }) else {
            continue;
        };
        let shot = display.table(&window, &layout);
        let target = if winning {
            (card.x + 6, card.y + 5)
        } else {
            layout.stock.center()
        };
        let v = View::new(shot.w as f32, shot.h as f32);
        let x = (v.x + (target.0 as f32 + 0.5) * v.scale) as i32;
        let y = (v.y + (target.1 as f32 + 0.5) * v.scale) as i32;
        display.run(&[
            "xdotool",
            "mousemove",
            "--window",
            &window,
            &x.to_string(),
            &y.to_string(),
            "click",
            "1",
            "mousemove_relative",
            "1",
            "0",
        ]);
        sleep(Duration::from_millis(rng.below(60)));
        let _ = child.0.kill();
        let _ = child.0.wait();
        std::mem::forget(child);
        let (a, u) = after_kill(&data);
        aside += a;
        unreadable += u;
        // The restart, in the library: the player clicks again what was not saved.
        let (mut persist, loaded) = Persist::open(FileStorage::in_dir(&data));
        let Some(saved) = loaded.game.clone() else {
            lost += 1;
            continue;
        };
        lost += usize::from(saved.game.moves() < start.moves());
        let mut app = solitaire::ui::start::restore(loaded, code, 1);
        let mut m = common::Mouse::new();
        if winning && !app.game().is_won() {
            common::play_by_mouse(&mut m, &mut app, *line.last().unwrap());
        }
        if !winning && app.game().moves() == 0 {
            common::play_by_mouse(&mut m, &mut app, solitaire::engine::Action::Draw);
        }
        persist.save(app.game_to_save(), app.settings(), app.stats());
        app.start(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
        persist.save(app.game_to_save(), app.settings(), app.stats());
        drop(persist);
        let (_, loaded) = Persist::open(FileStorage::in_dir(&data));
        let m = loaded.stats.mode(code);
        let expected = if winning { (2, 1) } else { (2, 0) };
        wrong_counts += usize::from((m.played, m.won) != expected);
        let _ = std::fs::remove_dir_all(&data);
    }
    eprintln!(
        "play sweep: {n} kills (half at the winning click): {aside} set aside, \
         {unreadable} unreadable, {lost} saved moves lost, {wrong_counts} counted wrongly"
    );
    assert_eq!((aside, unreadable, lost, wrong_counts), (0, 0, 0, 0));
}

fn winning_line(code: GameCode) -> Vec<solitaire::engine::Action> {
    common::greedy_win(code, 5000).expect("the greedy player wins this deal")
}

/// Issue #41: the window starts and plays (a click on the stock queues the draw's sound) with
/// no sound device, and with libasound hidden; each says so in one line and goes on silently.
#[test]
fn the_window_plays_with_no_sound_device_and_with_libasound_hidden() {
    let Some(display) = Display::start() else {
        return;
    };
    let hider = common::libasound_hider();
    let bin = env!("CARGO_BIN_EXE_solitaire");
    let mut runs: Vec<(&str, Vec<String>)> = vec![("nodevice", Vec::new())];
    if let Some(hide) = hider {
        let script = format!("{hide}exec {bin} \"$@\"");
        let wrap = ["unshare", "-m", "sh", "-c", &script, "sh"];
        runs.push(("hidden", wrap.map(String::from).to_vec()));
    } else {
        eprintln!("no libasound to hide, or no mount namespace: the device case only");
    }
    for (name, wrap) in runs {
        let data = temp_dir(&format!("sound-{name}"));
        let conf = data.join("asound.conf");
        std::fs::write(&conf, "pcm.!default { type hw card 7 }\n").unwrap();
        let conf = conf.to_string_lossy().into_owned();
        let envs = [("ALSA_CONFIG_PATH", conf.as_str())];
        let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
        let layout = Layout::new(code.game);
        let args = ["--code", "KL1-D1N-AAAAAAA"];
        let (mut game, window) = display.game_in(&wrap, &envs, &args, &data, "stderr.txt");
        let table = display.table(&window, &layout);
        display.click(&window, &table, layout.stock.center());
        let drew = wait_for(10, || (saved_log(&data)? == ["draw"]).then_some(()));
        assert!(drew.is_some(), "{name}: the draw is saved");
        assert!(
            game.0.try_wait().ok().flatten().is_none(),
            "{name}: the game still runs"
        );
        let said = std::fs::read_to_string(data.join("stderr.txt")).unwrap_or_default();
        let silent: Vec<&str> = said
            .lines()
            .filter(|l| l.starts_with("solitaire: no sound: "))
            .collect();
        assert_eq!(silent.len(), 1, "{name}: one line says why: {said}");
        if name == "hidden" {
            assert!(silent[0].contains("libasound.so.2"), "{silent:?}");
        } else {
            assert!(silent[0].contains("ALSA"), "{silent:?}");
        }
        drop(game);
        let _ = std::fs::remove_dir_all(&data);
    }
}

/// The saved game's log, as lines of the move notation.
fn saved_log(data: &Path) -> Option<Vec<String>> {
    let saved = std::fs::read(data.join("game.json")).ok()?;
    let (g, _) = solitaire::save::format::decode_game(&saved).ok()?;
    Some(
        g.game
            .log()
            .iter()
            .map(|&e| solitaire::engine::notation::entry_line(e))
            .collect(),
    )
}

/// Issue #41: a letter on the table is its bar button in the real window: U undoes the draw.
#[test]
fn the_u_key_undoes_in_the_real_window() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("u-key");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let layout = Layout::new(code.game);
    let (_game, window) = display.game(&["--code", &code.to_string()], &data);
    let table = display.table(&window, &layout);
    display.click(&window, &table, layout.stock.center());
    wait_for(10, || (saved_log(&data)? == ["draw"]).then_some(())).expect("the draw is saved");
    display
        .run(&[
            "xdotool",
            "key",
            "--window",
            &window,
            "u",
            "mousemove_relative",
            "1",
            "0",
        ])
        .expect("xdotool types");
    let undone = wait_for(10, || (saved_log(&data)? == ["draw", "undo"]).then_some(()));
    assert!(undone.is_some(), "U undid the draw: {:?}", saved_log(&data));
    let _ = std::fs::remove_dir_all(&data);
}

/// Issue #41: the real window takes the keyboard's focus keys. The first Right shows the focus
/// on the stock and Space draws; Right along the piles to the column whose top card goes home,
/// and Enter twice on it sends it there; Tab to the bar's Undo and Enter takes it back. The
/// game closed, all three are in its saved log.
#[test]
fn arrows_space_and_enter_make_moves_in_the_real_window() {
    let Some(display) = Display::start() else {
        return;
    };
    let data = temp_dir("focus-keys");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let layout = Layout::new(code.game);
    // The first column whose top card goes home at the start, found by the engine.
    let mut g = solitaire::engine::Game::new(code);
    g.apply(solitaire::engine::Action::Draw).unwrap();
    let home = g
        .legal_actions()
        .into_iter()
        .find(|a| {
            matches!(
                a,
                solitaire::engine::Action::Move {
                    from: solitaire::engine::Source::Column { .. },
                    to: solitaire::engine::Target::Foundation,
                }
            )
        })
        .expect("a card goes home at the start of this deal");
    let solitaire::engine::Action::Move {
        from: solitaire::engine::Source::Column { index, .. },
        ..
    } = home
    else {
        unreachable!()
    };
    g.apply(home).unwrap();
    let expected: Vec<String> = g
        .log()
        .iter()
        .map(|&e| solitaire::engine::notation::entry_line(e))
        .collect();
    let (mut game, window) = display.game(&["--code", &code.to_string()], &data);
    display.table(&window, &layout);
    let keys = |keys: &[&str]| {
        let mut args = vec!["xdotool", "key", "--window", &window, "--delay", "60"];
        args.extend_from_slice(keys);
        // A pixel's move after the keys: miniquad's blocking X11 loop can leave events waiting.
        args.extend_from_slice(&["mousemove_relative", "1", "0"]);
        display.run(&args).expect("xdotool types");
    };
    keys(&["Right", "space"]);
    wait_for(10, || (saved_log(&data)? == ["draw"]).then_some(()))
        .expect("Space on the stock drew a card");
    // From the stock: the waste, the foundations, then the columns up to the one wanted.
    let rights = 1 + layout.foundations.len() + index + 1;
    keys(&vec!["Right"; rights]);
    keys(&["Return"]);
    sleep(Duration::from_millis(300));
    keys(&["Return"]);
    wait_for(10, || (saved_log(&data)? == expected).then_some(()))
        .expect("Enter twice on the card sent it home");
    // Tab goes to the bar's buttons: New Game, Replay, then Undo, which Enter presses.
    keys(&["Tab", "Tab", "Tab", "Return"]);
    let mut expected = expected;
    expected.push("undo".into());
    wait_for(10, || (saved_log(&data)? == expected).then_some(()));
    let _ = game.0.kill();
    let _ = game.0.wait();
    assert_eq!(
        saved_log(&data),
        Some(expected),
        "the moves made by keys are in the saved game"
    );
    let _ = std::fs::remove_dir_all(&data);
}
