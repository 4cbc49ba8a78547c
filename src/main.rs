// On Windows the game is a windowed program: no console opens behind it. Started from a
// console with a subcommand (`solitaire.exe script …`), it writes to that console.
#![cfg_attr(windows, windows_subsystem = "windows")]

use std::process::ExitCode;

use macroquad::prelude::{next_frame, screen_dpi_scale, screen_height, screen_width};
use solitaire::engine::GameCode;
use solitaire::render::assets::Assets;
use solitaire::render::scene::Renderer;
use solitaire::shell::window::{self, Inputs, Present};
use solitaire::shell::{cli, platform};
use solitaire::ui::view::View;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    // A file-size limit reached makes the write fail (and say so), not kill the game.
    platform::ignore_file_size_limit_signal();
    #[cfg(windows)]
    if !args.is_empty() {
        attach_console();
    }
    match cli::run(&args) {
        cli::Run::Play(code) => play(code, None),
        cli::Run::Watch(game) => play(Some(game.code()), Some(*game)),
        cli::Run::Done(status) => status,
    }
}

fn play(code: Option<GameCode>, watch: Option<solitaire::engine::Game>) -> ExitCode {
    if let Some(no) = platform::missing_display() {
        let s = solitaire::ui::strings::strings();
        let why = match no {
            platform::NoWindow::NoDisplay => s.no_display,
            platform::NoWindow::NoX11Library => s.no_x11_library,
        };
        eprintln!("solitaire: {why}");
        return ExitCode::from(1);
    }
    let saves = window::open_saves();
    // The page's own words, in the player's language: a browser that cannot draw the game
    // says so in the page, and so does one that takes the graphics away later.
    platform::page_words(saves.language);
    if !platform::can_draw() {
        platform::say_cannot_draw();
        return ExitCode::from(1);
    }
    // The art is loaded once: for the window's icon, then for every frame.
    let assets = Assets::load();
    let conf = window::conf(&assets);
    macroquad::Window::from_config(conf, game_loop(code, watch, assets, saves));
    ExitCode::SUCCESS
}

async fn game_loop(
    code: Option<GameCode>,
    watch: Option<solitaire::engine::Game>,
    assets: Assets,
    saves: window::Saves,
) {
    let start = platform::now_ms();
    // A replay opens on the game in play, untouched: the deal asked for is not started.
    let code = if watch.is_some() { None } else { code };
    let (app, persist) = window::start_app(start, code, saves);
    // Dropped when the window closes (the window library ends its loop and drops this one):
    // a save that failed is tried once more then.
    let mut open = window::Open { app, persist };
    let window::Open { app, persist } = &mut open;
    // The sound output opens on its own thread natively (the page holds it on the web): the
    // first frame never waits for it.
    let audio = solitaire::shell::audio::Audio::start();
    audio.set_enabled(app.settings().sound);
    if let Some(game) = &watch {
        app.start_watch(game);
    }
    let mut renderer = Renderer::with_assets(assets);
    let mut present = Present::new(&renderer.frame.bytes, renderer.frame.w, renderer.frame.h);
    let mut inputs = Inputs::new(start);
    let (mut last_frame, mut last_input) = (0u64, 0u64);
    let mut next_date_check = 0u64;
    let mut next_claim = 0u64;
    let trace = std::env::var_os("SOLITAIRE_TRACE_INPUT").is_some();
    let mut report_first_frame = std::env::var_os("SOLITAIRE_REPORT_FIRST_FRAME").map(|_| start);
    loop {
        let t = platform::now_ms().saturating_sub(start);
        inputs.collect();
        let dpi = screen_dpi_scale();
        let view = View::for_window(
            screen_width() * dpi,
            screen_height() * dpi,
            dpi,
            inputs.touch,
        );
        app.set_shape(view.shape());
        if t >= next_date_check {
            // The date moves on at midnight (the daily deal, the calendar).
            app.set_today(solitaire::shell::platform::today());
            next_date_check = t + 30_000;
        }
        if inputs.deliver(app, &view, t, trace) {
            last_input = t;
        }
        app.tick(t);
        // A hint or a winnable deal being searched for: a slice of the search each frame, a
        // few milliseconds long, so the window keeps answering (the web build has no threads).
        let until = platform::now_ms() + 12;
        while app.is_busy() && platform::now_ms() < until {
            app.work(100);
        }
        // Every change is saved; a window that does not save tries to take over at every
        // change, and every second meanwhile (the window that held the saves may be gone).
        let claim = t >= next_claim;
        if claim {
            next_claim = t + 1000;
        }
        if window::run_effects(app, persist, &audio, claim) {
            renderer.draw(app);
            let f = &renderer.frame;
            present.upload(&f.bytes, f.w, f.h);
        }
        present.draw(&view);
        // Keep drawing while something moves, and for the first second: a frame drawn before
        // the window manager showed the window would otherwise stay unseen until some input.
        // And for a moment after any input: miniquad's blocking X11 loop can leave events that
        // came in a burst (a click's press and release) waiting until the next event arrives.
        if app.is_animating() || app.is_busy() || t < 1000 || t.saturating_sub(last_input) < 250 {
            macroquad::miniquad::window::schedule_update();
        }
        window::pace(last_frame);
        next_frame().await;
        last_frame = platform::now_ms();
        if let Some(at) = report_first_frame.take() {
            // For the start-up measurement (perf/measure.sh): when the first frame was shown.
            let now = platform::now_ms();
            eprintln!("first frame: {now} ms since the epoch (loop entered at {at})");
        }
    }
}

/// Writes to the console the program was started from, when its output goes nowhere else
/// (a windowed program has no console of its own; redirected output is left as it is).
#[cfg(windows)]
fn attach_console() {
    const STD_OUTPUT_HANDLE: u32 = -11i32 as u32;
    const ATTACH_PARENT_PROCESS: u32 = u32::MAX;
    unsafe extern "system" {
        fn GetStdHandle(which: u32) -> *mut std::ffi::c_void;
        fn AttachConsole(process: u32) -> i32;
    }
    // SAFETY: two plain Win32 calls with constant arguments; a failure changes nothing.
    unsafe {
        if GetStdHandle(STD_OUTPUT_HANDLE).is_null() {
            AttachConsole(ATTACH_PARENT_PROCESS);
        }
    }
}
