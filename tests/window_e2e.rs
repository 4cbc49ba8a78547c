//! End to end: the real binary opens a window under Xvfb, draws the table, and a mouse click
//! sent by xdotool on the stock draws a card. Needs Debian's xvfb, xdotool and imagemagick;
//! `.ci/run` installs them. Elsewhere the test says what is missing and passes, unless CI is set.

use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::thread::sleep;
use std::time::{Duration, Instant};

use solitaire::engine::{Game, GameCode};
use solitaire::ui::layout::Layout;
use solitaire::ui::view::View;

/// Kills a child process when dropped.
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
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

fn run(display: &str, args: &[&str]) -> Option<Vec<u8>> {
    let out = Command::new(args[0])
        .args(&args[1..])
        .env("DISPLAY", display)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    out.status.success().then_some(out.stdout)
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

/// The window's pixels as raw RGB, with its size.
fn capture(display: &str, window: &str) -> Option<(Vec<u8>, usize, usize)> {
    let geo = run(
        display,
        &["xdotool", "getwindowgeometry", "--shell", window],
    )?;
    let geo = String::from_utf8_lossy(&geo).into_owned();
    let field = |k: &str| -> Option<usize> {
        geo.lines()
            .find_map(|l| l.strip_prefix(&format!("{k}=")))
            .and_then(|v| v.trim().parse().ok())
    };
    let (w, h) = (field("WIDTH")?, field("HEIGHT")?);
    let rgb = run(
        display,
        &["import", "-window", window, "-depth", "8", "rgb:-"],
    )?;
    (rgb.len() == w * h * 3).then_some((rgb, w, h))
}

fn pixel(img: &(Vec<u8>, usize, usize), x: usize, y: usize) -> [u8; 3] {
    let i = (y * img.1 + x) * 3;
    [img.0[i], img.0[i + 1], img.0[i + 2]]
}

fn near(a: [u8; 3], b: [u8; 4]) -> bool {
    (0..3).all(|k| (i32::from(a[k]) - i32::from(b[k])).abs() <= 6)
}

#[test]
fn real_window_draws_the_table_and_a_click_on_the_stock_draws_a_card() {
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
        return;
    }
    let n = (90..140)
        .find(|n| !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists())
        .expect("a free display number");
    let display = format!(":{n}");
    let _xvfb = Guard(
        Command::new("Xvfb")
            .args([
                display.as_str(),
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
    wait_for(10, || {
        Path::new(&format!("/tmp/.X11-unix/X{n}"))
            .exists()
            .then_some(())
    })
    .expect("Xvfb is up");
    let code = "KL1-D1N-AAAAAAA";
    let _game = Guard(
        Command::new(env!("CARGO_BIN_EXE_solitaire"))
            .args(["--code", code])
            .env("DISPLAY", &display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("the game starts"),
    );
    let window = wait_for(20, || {
        let ids = run(&display, &["xdotool", "search", "--name", "Solitaire"])?;
        String::from_utf8_lossy(&ids)
            .lines()
            .next()
            .map(str::to_string)
    })
    .expect("a window titled Solitaire opens");

    // Where the stock and the waste are, in window pixels.
    let game = Game::new(GameCode::parse(code).unwrap());
    let layout = Layout::new(game.code().game);
    let probe = |img: &(Vec<u8>, usize, usize), fx: i32, fy: i32| {
        let v = View::new(img.1 as f32, img.2 as f32);
        let x = (v.x + (fx as f32 + 0.5) * v.scale) as usize;
        let y = (v.y + (fy as f32 + 0.5) * v.scale) as usize;
        pixel(img, x, y)
    };
    let waste = layout.waste;
    // A point inside the waste slot that a drawn card covers with plain card colour (the 2S
    // is drawn first: its right side, between pips and corner, is bare).
    let (wx, wy) = (waste.x + 33, waste.y + 20);
    let table = wait_for(20, || {
        let img = capture(&display, &window)?;
        near(
            probe(&img, layout.columns[0].x - 20, 200),
            solitaire::render::palette::FELT,
        )
        .then_some(img)
    })
    .expect("the table is drawn");
    assert!(
        near(probe(&table, wx, wy), solitaire::render::palette::FELT_DARK),
        "the waste starts empty: {:?}",
        probe(&table, wx, wy)
    );
    assert!(
        near(
            probe(&table, layout.stock.x + 20, layout.stock.y + 4),
            solitaire::render::palette::BACK_A
        ) || near(
            probe(&table, layout.stock.x + 20, layout.stock.y + 4),
            solitaire::render::palette::BACK_B
        )
    );

    // Click the stock.
    let v = View::new(table.1 as f32, table.2 as f32);
    let (sx, sy) = layout.stock.center();
    let (px, py) = (
        (v.x + sx as f32 * v.scale) as i32,
        (v.y + sy as f32 * v.scale) as i32,
    );
    run(
        &display,
        &[
            "xdotool",
            "mousemove",
            "--window",
            &window,
            &px.to_string(),
            &py.to_string(),
            "click",
            "1",
        ],
    )
    .expect("xdotool clicks");
    let after = wait_for(10, || {
        let img = capture(&display, &window)?;
        near(probe(&img, wx, wy), solitaire::render::palette::CARD).then_some(img)
    });
    assert!(
        after.is_some(),
        "a card appears on the waste after the click"
    );
}
