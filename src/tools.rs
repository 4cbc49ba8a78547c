//! Command-line helpers for tests, bug reports and docs: play a script, then draw the table
//! the player would see (`solitaire render`) or say where its piles lie (`solitaire layout`).

use crate::engine::{Game, Pile};
use crate::render::frame::{Frame, Rect};
use crate::render::scene::Renderer;
use crate::script::Script;
use crate::ui::app::App;
use crate::ui::layout::{FB_H, FB_W};

/// Plays a script (SPEC.md §7) and returns the game it ends with.
pub fn play_script(input: &[u8]) -> Result<Game, String> {
    let mut script = Script::new();
    let mut first_error = None;
    for (n, line) in input.split(|&b| b == b'\n').enumerate() {
        let fine_before = !script.had_error();
        script.run_line(&String::from_utf8_lossy(line));
        if fine_before && script.had_error() {
            first_error = Some(format!("line {} is not a valid command", n + 1));
        }
    }
    if let Some(e) = first_error {
        return Err(e);
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

fn rect_json(r: Rect) -> String {
    format!("[{},{},{},{}]", r.x, r.y, r.w, r.h)
}

/// Where the piles lie, as JSON: the top card (or empty place) of each pile, in framebuffer
/// pixels.
pub fn layout_json(game: &Game) -> String {
    let app = App::with_game(game.clone(), 0);
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
    format!(
        "{{\"width\":{FB_W},\"height\":{FB_H},\"stock\":{},\"waste\":{},\"foundations\":[{foundations}],\"columns\":[{columns}]}}",
        rect_json(l.stock),
        rect_json(l.top_rect(t, Pile::Waste)),
    )
}
