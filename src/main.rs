use std::io::Write;
use std::process::ExitCode;

use macroquad::miniquad::PipelineParams;
use macroquad::miniquad::{EventHandler, KeyCode, KeyMods, MouseButton};
use macroquad::prelude::*;
use solitaire::engine::{Draw as DrawMode, GameCode, GameKind, Scoring};
use solitaire::render::scene::Renderer;
use solitaire::script;
use solitaire::ui::app::App;
use solitaire::ui::input::PointerEvent;
use solitaire::ui::layout::{FB_H, FB_W};
use solitaire::ui::view::View;
use solitaire::{platform, save};

const USAGE: &str = "usage: solitaire [--code CODE]
       solitaire script [FILE]          play without a window, one JSON line per command
       solitaire render OUT.png [SCALE] draw the table a script (on stdin) ends with (- : stdout)
       solitaire layout                 where the piles of that table lie, as JSON
       solitaire solve CODE [--budget-ms N]
                                        search for a winning line (printed as a script)
       solitaire survey GAME DRAW SCORING --deals A..B [--budget-ms N] [--threads N]
                                        solve a range of deals: shares and times

Memory: a search keeps every position it has seen, about 32 MB per 1000 ms of budget (one
million positions); --budget-ms is at most 20000 (about 640 MB), and a survey needs that
much for each of its threads. A survey that would need more than the memory available is
refused before it starts.";

/// Bytes a search of one million positions keeps, rounded up from measurements (28 MB).
const BYTES_PER_MILLION_POSITIONS: u64 = 32 << 20;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("script") => run_script(&args[1..]),
        Some("render") => render(&args[1..]),
        Some("layout") => layout(&args[1..]),
        Some("solve") => solve(&args[1..]),
        Some("survey") => survey(&args[1..]),
        Some("--help" | "-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("--code") => match args.get(1) {
            Some(code) if args.len() == 2 => match GameCode::parse(code) {
                Ok(code) => play(Some(code)),
                Err(e) => {
                    eprintln!("solitaire: {e}");
                    ExitCode::from(2)
                }
            },
            _ => {
                eprintln!("solitaire: --code needs one game code, like KL1-D1N-AAAAAAG\n{USAGE}");
                ExitCode::from(2)
            }
        },
        None => play(None),
        Some(other) => {
            eprintln!("solitaire: unknown argument '{other}'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn play(code: Option<GameCode>) -> ExitCode {
    if let Some(platform::NoWindow::NoDisplay) = platform::missing_display() {
        eprintln!(
            "solitaire: {}",
            solitaire::ui::strings::strings().no_display
        );
        return ExitCode::from(1);
    }
    let window = Conf {
        window_title: "Solitaire".to_owned(),
        window_width: FB_W * 2,
        window_height: FB_H * 2,
        high_dpi: true,
        window_resizable: true,
        platform: macroquad::miniquad::conf::Platform {
            // Sleep until something happens: no frames while the player thinks.
            blocking_event_loop: true,
            ..Default::default()
        },
        ..Default::default()
    };
    let conf = macroquad::conf::Conf {
        miniquad_conf: window,
        // Input wakes the loop; animations ask for their own frames.
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            touch: true,
            ..Default::default()
        }),
        default_filter_mode: FilterMode::Nearest,
        ..Default::default()
    };
    macroquad::Window::from_config(conf, game_loop(code));
    ExitCode::SUCCESS
}

/// Raw input of one frame, in physical window pixels.
#[derive(Default)]
struct Inputs {
    events: Vec<Raw>,
}

#[derive(Debug)]
enum Raw {
    Down(f32, f32),
    Up(f32, f32),
    Move(f32, f32),
    Char(char),
    Key(KeyCode),
    Cancel,
}

impl EventHandler for Inputs {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        self.events.push(Raw::Move(x, y));
    }
    fn mouse_button_down_event(&mut self, b: MouseButton, x: f32, y: f32) {
        if b == MouseButton::Left {
            self.events.push(Raw::Down(x, y));
        }
    }
    fn mouse_button_up_event(&mut self, b: MouseButton, x: f32, y: f32) {
        if b == MouseButton::Left {
            self.events.push(Raw::Up(x, y));
        }
    }
    fn char_event(&mut self, c: char, _: KeyMods, _: bool) {
        self.events.push(Raw::Char(c));
    }
    fn key_down_event(&mut self, k: KeyCode, _: KeyMods, _: bool) {
        self.events.push(Raw::Key(k));
    }
    fn window_minimized_event(&mut self) {
        self.events.push(Raw::Cancel);
    }
}

async fn game_loop(code: Option<GameCode>) {
    let start = platform::now_ms();
    // On the web, a link may carry a code: `?code=KL1-D3V-ABCDEFG`.
    let link = match (code, platform::query_code()) {
        (Some(code), _) => Some(Ok(code)),
        (None, Some(text)) => Some(GameCode::parse(&text)),
        (None, None) => None,
    };
    let storage = platform::storage().unwrap_or_else(|e| Box::new(save::NoStorage(e)));
    let (mut persist, loaded) = save::Persist::open(storage);
    let fresh = match link {
        Some(Ok(code)) => code,
        _ => App::random_code(start, GameKind::Klondike, DrawMode::One, Scoring::Normal),
    };
    let mut app = App::start_up(loaded, link, fresh, start.rotate_left(17));
    tell(&mut app, &mut persist);
    persist.save(app.game(), &app.settings, &app.stats);
    let mut renderer = Renderer::new();
    let texture = Texture2D::from_rgba8(FB_W as u16, FB_H as u16, &renderer.frame.bytes);
    texture.set_filter(FilterMode::Nearest);
    let subscriber = macroquad::input::utils::register_input_subscriber();
    let mut inputs = Inputs::default();
    // The framebuffer is opaque: drawing it without blending costs a software GL (Mesa's
    // llvmpipe, as under Xvfb) about a third less per frame.
    let opaque = load_material(
        ShaderSource::Glsl {
            vertex: OPAQUE_VERTEX,
            fragment: OPAQUE_FRAGMENT,
        },
        MaterialParams {
            pipeline_params: PipelineParams::default(),
            ..Default::default()
        },
    )
    .ok();
    let mut last_frame = 0u64;
    let mut last_input = 0u64;
    let trace_input = std::env::var_os("SOLITAIRE_TRACE_INPUT").is_some();
    let mut report_first_frame = std::env::var_os("SOLITAIRE_REPORT_FIRST_FRAME").map(|_| start);
    loop {
        let t = platform::now_ms().saturating_sub(start);
        let dpi = screen_dpi_scale();
        let view = View::new(screen_width() * dpi, screen_height() * dpi);
        macroquad::input::utils::repeat_all_miniquad_input(&mut inputs, subscriber);
        let mut saw_up = false;
        if !inputs.events.is_empty() {
            last_input = t;
        }
        for raw in inputs.events.drain(..) {
            if trace_input {
                eprintln!("t={t} {raw:?}");
            }
            match raw {
                Raw::Down(x, y) => {
                    let (x, y) = view.to_frame(x, y);
                    app.pointer(PointerEvent::Down { x, y, t });
                }
                Raw::Move(x, y) => {
                    let (x, y) = view.to_frame(x, y);
                    app.pointer(PointerEvent::Move { x, y, t });
                }
                Raw::Up(x, y) => {
                    saw_up = true;
                    let (x, y) = view.to_frame(x, y);
                    app.pointer(PointerEvent::Up { x, y, t });
                }
                Raw::Char(c) => app.key_char(c),
                Raw::Key(KeyCode::Backspace) => app.key_backspace(),
                Raw::Key(KeyCode::Enter | KeyCode::KpEnter) => app.key_enter(),
                Raw::Key(KeyCode::Escape) => app.key_escape(),
                Raw::Key(_) => {}
                Raw::Cancel => app.pointer(PointerEvent::Cancel),
            }
        }
        // The pointer left the window during a drag: the drag ends there, outside any pile, so
        // its cards go back.
        if app.is_dragging()
            && !saw_up
            && !is_mouse_button_down(macroquad::input::MouseButton::Left)
        {
            app.pointer(PointerEvent::Cancel);
        }
        app.tick(t);
        // A hint or a winnable deal being searched for: a slice of the search each frame, a
        // few milliseconds long, so the window keeps answering (the web build has no threads).
        if app.is_busy() {
            let until = platform::now_ms() + 12;
            while app.is_busy() && platform::now_ms() < until {
                app.work(1000);
            }
        }
        if app.take_save_needed() {
            persist.save(app.game(), &app.settings, &app.stats);
        }
        tell(&mut app, &mut persist);
        if app.take_dirty() {
            renderer.draw(&app);
            texture.update_from_bytes(FB_W as u32, FB_H as u32, &renderer.frame.bytes);
            // The restored game has been drawn: restoring it did not kill the game.
            persist.started();
        }
        let (w, h) = (screen_width() * dpi, screen_height() * dpi);
        let covered = view.x <= 0.0
            && view.y <= 0.0
            && FB_W as f32 * view.scale >= w
            && FB_H as f32 * view.scale >= h;
        if !covered {
            clear_background(Color::from_rgba(8, 14, 10, 255));
        }
        if let Some(m) = &opaque {
            gl_use_material(m);
        }
        draw_texture_ex(
            &texture,
            view.x / dpi,
            view.y / dpi,
            WHITE,
            DrawTextureParams {
                dest_size: Some(vec2(
                    FB_W as f32 * view.scale / dpi,
                    FB_H as f32 * view.scale / dpi,
                )),
                ..Default::default()
            },
        );
        gl_use_default_material();
        // Keep drawing while something moves, and for the first second: a frame drawn before
        // the window manager showed the window would otherwise stay unseen until some input.
        // And for a moment after any input: miniquad's blocking X11 loop can leave events that
        // came in a burst (a click's press and release) waiting until the next event arrives.
        if app.is_animating() || app.is_busy() || t < 1000 || t.saturating_sub(last_input) < 250 {
            macroquad::miniquad::window::schedule_update();
        }
        pace(last_frame);
        next_frame().await;
        last_frame = platform::now_ms();
        if let Some(at) = report_first_frame.take() {
            // For the start-up measurement (perf/measure.sh): when the first frame was shown.
            eprintln!(
                "first frame: {} ms since the epoch (loop entered at {at})",
                platform::now_ms()
            );
        }
    }
}

/// The save notices, on screen and on standard error (for logs and bug reports).
fn tell<S: save::Storage>(app: &mut App, persist: &mut save::Persist<S>) {
    while let Some(notice) = persist.take_notice() {
        let text = solitaire::ui::strings::notice_text(&notice);
        eprintln!("solitaire: {text}");
        app.notify(text);
    }
}

fn script_from_stdin() -> Result<solitaire::engine::Game, String> {
    solitaire::tools::play_script(std::io::stdin().lock())
}

fn render(args: &[String]) -> ExitCode {
    let (out, scale) = match args {
        [out] => (out, Ok(1)),
        [out, k] => (
            out,
            k.parse::<i32>()
                .map_err(|_| ())
                .and_then(|k| if (1..=8).contains(&k) { Ok(k) } else { Err(()) }),
        ),
        _ => {
            eprintln!("solitaire: render takes OUT.png and an optional SCALE\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Ok(scale) = scale else {
        eprintln!("solitaire: SCALE is a whole number from 1 to 8");
        return ExitCode::from(2);
    };
    let game = match script_from_stdin() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("solitaire: {e}");
            return ExitCode::from(2);
        }
    };
    let frame = solitaire::tools::render_game(&game);
    let frame = solitaire::render::png::scaled(&frame, scale);
    let written = if out == "-" {
        std::io::stdout().write_all(&solitaire::render::png::encode(&frame))
    } else {
        solitaire::render::png::write(&frame, std::path::Path::new(out))
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solitaire: cannot write {out}: {e}");
            ExitCode::from(1)
        }
    }
}

/// Reads `--budget-ms N` (a whole number of milliseconds above 0) from options.
fn budget_option(args: &[String]) -> Result<(u64, Vec<String>), String> {
    let mut ms = 1000;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--budget-ms" {
            ms = it
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .filter(|&n| (1..=20_000).contains(&n))
                .ok_or("--budget-ms needs a whole number of milliseconds, 1 to 20000 (20 million positions, up to 1 GB of memory)")?;
        } else {
            rest.push(a.clone());
        }
    }
    Ok((ms, rest))
}

fn solve(args: &[String]) -> ExitCode {
    use solitaire::solver::{Budget, Verdict};
    let (ms, rest) = match budget_option(args) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("solitaire: {e}");
            return ExitCode::from(2);
        }
    };
    let [code] = rest.as_slice() else {
        eprintln!("solitaire: solve takes one game code\n{USAGE}");
        return ExitCode::from(2);
    };
    let code = match GameCode::parse(code) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("solitaire: {e}");
            return ExitCode::from(2);
        }
    };
    let game = solitaire::engine::Game::new(code);
    let budget = Budget::from_ms(ms);
    let start = std::time::Instant::now();
    let verdict = solitaire::solver::solve(&game, budget);
    let took = start.elapsed().as_secs_f64() * 1000.0;
    let text = match verdict {
        Verdict::Winnable(line) => {
            let mut t = format!(
                "# {code}: winnable, a line of {} actions ({took:.1} ms)\nnew {code}\n",
                line.len()
            );
            for a in line {
                t += &script::action_line(a);
                t.push('\n');
            }
            t
        }
        Verdict::Unwinnable => {
            format!("# {code}: unwinnable: every reachable position searched ({took:.1} ms)\n")
        }
        Verdict::Undecided => format!(
            "# {code}: undecided within the budget of {ms} ms = {} positions ({took:.1} ms)\n",
            budget.states
        ),
    };
    // A reader that stops early (`| head`) is no error worth a message.
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// `survey GAME DRAW SCORING --deals A..B [--budget-ms N] [--threads N]`.
fn survey(args: &[String]) -> ExitCode {
    match survey_args(args) {
        Ok((game, draw, scoring, deals, ms, threads)) => {
            let results = solitaire::solver::survey::run(
                game,
                draw,
                scoring,
                deals.clone(),
                solitaire::solver::Budget::from_ms(ms),
                threads,
            );
            let mode = format!(
                "{} draw {} {}",
                game.spec().name,
                draw.count(),
                match scoring {
                    Scoring::Normal => "Normal",
                    Scoring::Vegas => "Vegas",
                }
            );
            let text = solitaire::solver::survey::report(&mode, &deals, ms, &results);
            let _ = std::io::stdout().lock().write_all(text.as_bytes());
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("solitaire: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

type SurveyArgs = (
    GameKind,
    DrawMode,
    Scoring,
    std::ops::Range<u64>,
    u64,
    usize,
);

fn survey_args(args: &[String]) -> Result<SurveyArgs, String> {
    let (ms, rest) = budget_option(args)?;
    let mut words = Vec::new();
    let mut deals = None;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--deals" => {
                let r = it.next().ok_or("--deals needs a range like 0..1000")?;
                let (a, b) = r
                    .split_once("..")
                    .ok_or_else(|| format!("'{r}' is not a range like 0..1000"))?;
                let (a, b) = (a.parse::<u64>(), b.parse::<u64>());
                match (a, b) {
                    (Ok(a), Ok(b)) if a < b && b <= solitaire::engine::DEALS => deals = Some(a..b),
                    _ => {
                        return Err(format!(
                            "'{r}' is not a range of deal numbers A..B with A < B"
                        ));
                    }
                }
            }
            "--threads" => {
                threads = it
                    .next()
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|&n| (1..=256).contains(&n))
                    .ok_or("--threads needs a number from 1 to 256")?;
            }
            w => words.push(w.to_ascii_lowercase()),
        }
    }
    let [game, draw, scoring] = words.as_slice() else {
        return Err(
            "survey takes a game, a draw and a scoring, like: survey klondike 3 normal".into(),
        );
    };
    let game = match game.as_str() {
        "klondike" | "kl1" | "kl" => GameKind::Klondike,
        "double" | "ds1" | "ds" => GameKind::Double,
        g => return Err(format!("'{g}' is not a game: klondike or double")),
    };
    let draw = match draw.as_str() {
        "1" | "d1" => DrawMode::One,
        "3" | "d3" => DrawMode::Three,
        d => return Err(format!("'{d}' is not a draw: 1 or 3")),
    };
    let scoring = match scoring.as_str() {
        "normal" | "n" => Scoring::Normal,
        "vegas" | "v" => Scoring::Vegas,
        s => return Err(format!("'{s}' is not a scoring: normal or vegas")),
    };
    let deals = deals.ok_or("survey needs --deals A..B")?;
    let threads = threads.min(usize::try_from(deals.end - deals.start).unwrap_or(usize::MAX));
    let need = threads as u64 * ms / 1000 * BYTES_PER_MILLION_POSITIONS;
    if let Some(free) = available_memory()
        && need > free
    {
        return Err(format!(
            "{threads} threads of {ms} ms would need about {} MB of memory, and {} MB are available: use fewer --threads or a smaller --budget-ms",
            need >> 20,
            free >> 20
        ));
    }
    Ok((game, draw, scoring, deals, ms, threads))
}

/// The memory the system says is available (Linux), if it says.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

fn layout(args: &[String]) -> ExitCode {
    if !args.is_empty() {
        eprintln!("solitaire: layout takes no arguments (the script comes on stdin)\n{USAGE}");
        return ExitCode::from(2);
    }
    match script_from_stdin() {
        Ok(g) => {
            let _ = writeln!(
                std::io::stdout().lock(),
                "{}",
                solitaire::tools::layout_json(&g)
            );
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("solitaire: {e}");
            ExitCode::from(2)
        }
    }
}

/// At most one frame every 16 ms: a mouse reporting hundreds of moves a second (or a display
/// without vsync, as under Xvfb) would otherwise draw a frame for each one. The moves that come
/// meanwhile are all handled in the next frame.
fn pace(last_frame: u64) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let since = platform::now_ms().saturating_sub(last_frame);
        if since < 16 {
            std::thread::sleep(std::time::Duration::from_millis(16 - since));
        }
    }
    #[cfg(target_arch = "wasm32")]
    let _ = last_frame; // the browser paces frames itself
}

const OPAQUE_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
varying lowp vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    uv = texcoord;
}"#;

const OPAQUE_FRAGMENT: &str = r#"#version 100
varying lowp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = texture2D(Texture, uv);
}"#;

fn run_script(args: &[String]) -> ExitCode {
    let input: Box<dyn std::io::BufRead> = match args {
        [] => Box::new(std::io::stdin().lock()),
        [file] => match std::fs::File::open(file) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("solitaire: cannot read {file}: {e}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("solitaire: script takes at most one FILE\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut lines = 0usize;
    let script = script::run_reader(input, |line| {
        lines += 1;
        let _ = writeln!(out, "{line}");
    });
    let _ = out.flush();
    let script = match script {
        Ok(s) => s,
        Err(e) => {
            let from = args.first().map(String::as_str).unwrap_or("standard input");
            eprintln!("solitaire: cannot read {from}: {e}");
            return ExitCode::from(2);
        }
    };
    if lines == 0 {
        eprintln!("solitaire: the script has no commands (blank lines and comments only)");
    }
    if script.had_error() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
