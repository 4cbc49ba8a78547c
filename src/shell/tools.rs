//! Command-line helpers for tests, bug reports and docs: play a script, then draw the table
//! the player would see (`solitaire render`) or say where its piles and buttons lie
//! (`solitaire layout`).

use crate::engine::{Game, Pile};
use crate::render::frame::{Frame, Rect};
use crate::render::scene::Renderer;
use crate::ui::app::{App, Screen, UiAction};
use crate::ui::screens::Widget;
use crate::ui::view::View;

/// Plays a script (RULES.md §7), read line by line, and returns the game it ends with.
pub fn play_script(input: impl std::io::BufRead) -> Result<Game, String> {
    let script = crate::script::run_reader(input, |_| {})
        .map_err(|e| format!("cannot read the script: {e}"))?;
    if let Some(n) = script.first_error_line() {
        return Err(format!("line {n} is not a valid command"));
    }
    // A game that skipped a refused move is not the game the script tells.
    if let Some(n) = script.first_refused_line() {
        return Err(format!("line {n}: the rules refuse that move"));
    }
    script
        .game()
        .cloned()
        .ok_or_else(|| "the script starts no game (its first command is 'new CODE')".into())
}

/// The frame a player sees for this game, at rest.
pub fn render_game(game: &Game) -> Frame {
    let app = App::with_game(game.clone(), 0);
    let mut r = Renderer::new();
    r.draw(&app);
    r.frame
}

/// The largest window side `--window` takes, in physical pixels.
pub const MAX_SIDE: f32 = 8192.0;
/// The most physical pixels a `--window` has: an 8K UHD screen's.
pub const MAX_PIXELS: f32 = 7680.0 * 4320.0;

/// A window as `--window` gives it: `WxH` in CSS pixels, `@RATIO` physical pixels each
/// (1 if not said), `:touch` for a touch screen.
pub fn parse_window(spec: &str) -> Option<View> {
    let (size, touch) = match spec.strip_suffix(":touch") {
        Some(s) => (s, true),
        None => (spec, false),
    };
    let (size, ratio) = match size.split_once('@') {
        Some((s, r)) => (s, r.parse::<f32>().ok()?),
        None => (size, 1.0),
    };
    let (w, h) = size.split_once('x')?;
    let (w, h) = (w.parse::<u32>().ok()?, h.parse::<u32>().ok()?);
    let ok = (1..=8192).contains(&w) && (1..=8192).contains(&h) && (0.5..=4.0).contains(&ratio);
    let (pw, ph) = (w as f32 * ratio, h as f32 * ratio);
    // No larger than a screen can be (8K UHD's pixels, no side over 8192): the picture and
    // the buffers behind it stay a few hundred MB at most.
    let screen = pw <= MAX_SIDE && ph <= MAX_SIDE && pw * ph <= MAX_PIXELS;
    (ok && screen).then(|| View::for_window(pw.round(), ph.round(), ratio, touch))
}

/// The picture a window of the view's size shows for this game, at rest, as PNG bytes (the
/// window's own pixels: the framebuffer shaped, laid out and scaled as on screen).
pub fn render_window(game: &Game, view: &View) -> Vec<u8> {
    let mut app = App::with_game(game.clone(), 0);
    app.set_shape(view.shape());
    let mut r = Renderer::new();
    r.draw(&app);
    let (w, h) = (view.win_w, view.win_h);
    let pixels = crate::ui::view::present(view, &r.frame.bytes, w, h, [8, 14, 10, 255]);
    crate::render::png::encode_pixels(w as usize, h as usize, &pixels, false)
}

fn rect_json(r: Rect) -> String {
    format!("[{},{},{},{}]", r.x, r.y, r.w, r.h)
}

/// Where the piles lie, as JSON: the top card (or empty place) of each pile, in framebuffer
/// pixels, and the bar's buttons; with how the framebuffer lies in a window of the view's
/// size (its scale and top-left corner in physical pixels, physical pixels per CSS pixel).
/// `watch`: the buttons of the game watched again; `analysis`: those of "Where was it lost?"
/// too (`analysis_json`).
pub fn layout_json(game: &Game, view: &View, watch: bool, analysis: bool) -> String {
    let mut app = App::with_game(game.clone(), 0);
    app.set_shape(view.shape());
    if watch {
        app.start_watch(game);
    }
    let l = app.layout();
    let t = game.table();
    let list = |rects: Vec<Rect>| {
        rects
            .into_iter()
            .map(rect_json)
            .collect::<Vec<_>>()
            .join(",")
    };
    let foundations = list(
        (0..l.foundations.len())
            .map(|i| l.top_rect(t, Pile::Foundation(i)))
            .collect(),
    );
    let columns = list(
        (0..l.columns.len())
            .map(|i| l.top_rect(t, Pile::Column(i)))
            .collect(),
    );
    let (width, height) = (l.shape.w, l.shape.h);
    let buttons = buttons_json(&app.widgets());
    let (scale, x, y, dpi) = (view.scale, view.x, view.y, view.dpi);
    let mut json = format!(
        "{{\"width\":{width},\"height\":{height},\"scale\":{scale},\"x\":{x},\"y\":{y},\"dpi\":{dpi},\"buttons\":{{{buttons}}},\"stock\":{},\"waste\":{},\"foundations\":[{foundations}],\"columns\":[{columns}]",
        rect_json(l.stock),
        rect_json(l.top_rect(t, Pile::Waste)),
    );
    json += &format!(",\"new_game\":{{{}}}", new_game_json(&mut app));
    if analysis {
        json += &format!(",\"analysis\":{{{}}}", analysis_json(&mut app));
    }
    json + "}"
}

/// The New Game window's buttons, opened from the bar: `random` as it opens, `code` once
/// "Game code" is chosen (the deal's letters and their arrows showing). The window is closed
/// again after.
fn new_game_json(app: &mut App) -> String {
    app.ui_action(UiAction::NewGame);
    let random = buttons_json(&window(app));
    app.ui_action(UiAction::SetRandom(false));
    let code = buttons_json(&window(app));
    app.ui_action(UiAction::Cancel);
    format!("\"random\":{{{random}}},\"code\":{{{code}}}")
}

/// The buttons of the window on show (none over the bare table).
fn window(app: &App) -> Vec<Widget> {
    app.panel()
        .map(|p| p.widgets().cloned().collect())
        .unwrap_or_default()
}

/// Buttons as JSON members: each action's name and its rectangle.
fn buttons_json(widgets: &[Widget]) -> String {
    widgets
        .iter()
        .map(|w| format!("\"{:?}\":{}", w.action, rect_json(w.rect)))
        .collect::<Vec<_>>()
        .join(",")
}

/// "Where was it lost?" reached as a player reaches it from the game in play, and the buttons
/// of its window at each step: `offer` (the hint found no useful move), `verdict` (the
/// analysis run to its end) and `question` ("Try again from here" over a game that would be
/// lost). A step the game does not reach is left out.
fn analysis_json(app: &mut App) -> String {
    fn settle(app: &mut App) {
        while app.is_busy() {
            app.work(100_000);
        }
    }
    let has = |ws: &[Widget], a: UiAction| ws.iter().any(|w| w.action == a);
    let mut steps = Vec::new();
    app.ui_action(UiAction::Hint);
    settle(app);
    let offer = window(app);
    if matches!(app.screen(), Screen::Analysis(_)) && has(&offer, UiAction::Analyse) {
        steps.push(("offer", offer));
        app.ui_action(UiAction::Analyse);
        settle(app);
        let verdict = window(app);
        let retry = has(&verdict, UiAction::TryAgain);
        steps.push(("verdict", verdict));
        if retry {
            app.ui_action(UiAction::TryAgain);
            if *app.screen() == Screen::ConfirmPractice {
                steps.push(("question", window(app)));
            }
        }
    }
    steps
        .into_iter()
        .map(|(name, ws)| format!("\"{name}\":{{{}}}", buttons_json(&ws)))
        .collect::<Vec<_>>()
        .join(",")
}
