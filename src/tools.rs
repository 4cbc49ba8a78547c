//! Command-line helpers for tests, bug reports and docs: play a script, then draw the table
//! the player would see (`solitaire render`) or say where its piles lie (`solitaire layout`).

use crate::engine::{Game, Pile};
use crate::render::frame::{Frame, Rect};
use crate::render::scene::Renderer;
use crate::ui::app::App;
use crate::ui::layout::{FB_H, FB_W};

/// Plays a script (RULES.md §7), read line by line, and returns the game it ends with.
pub fn play_script(input: impl std::io::BufRead) -> Result<Game, String> {
    let script = crate::script::run_reader(input, |_| {})
        .map_err(|e| format!("cannot read the script: {e}"))?;
    if let Some(n) = script.first_error_line() {
        return Err(format!("line {n} is not a valid command"));
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
