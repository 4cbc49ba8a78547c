//! The bar at the bottom: the buttons, the score, moves and game code, and the status line
//! above it.

use super::{Item, Tone, UiAction, Widget, button};
use crate::engine::Game;
use crate::ui::geom::{LINE_H, Rect, font, wrap};
use crate::ui::layout::{FB_W, HUD_Y};
use crate::ui::strings::strings;

/// The bar's buttons, left to right.
pub fn buttons() -> Vec<Widget> {
    let s = strings();
    let mut x = 4;
    [
        (s.new_game, UiAction::NewGame),
        (s.replay, UiAction::Replay),
        (s.undo, UiAction::Undo),
        (s.hint, UiAction::Hint),
        (s.stats, UiAction::Stats),
        (s.settings, UiAction::Settings),
        (s.help, UiAction::Help),
    ]
    .into_iter()
    .map(|(label, action)| {
        let w = button(x, HUD_Y + 2, label, action, false);
        x = w.rect.right() + 4;
        w
    })
    .collect()
}

/// What the bar shows besides its buttons: the score (and bank), moves and code at the right,
/// and the status message in a box above the bar.
pub fn items(game: &Game, bank: Option<String>, status: Option<&str>) -> Vec<Item> {
    let s = strings();
    let bank = bank
        .map(|b| format!("   {} {b}", s.bank))
        .unwrap_or_default();
    let info = format!(
        "{} {}{bank}   {} {}   {}",
        s.score,
        game.score_text(),
        s.moves,
        game.moves(),
        game.code()
    );
    let w = font().width(&info);
    let mut out = vec![Item::label(FB_W - 6 - w, HUD_Y + 5, info, Tone::Text)];
    if let Some(msg) = status {
        let lines = wrap(msg, FB_W - 40);
        let w = lines.iter().map(|l| font().width(l)).max().unwrap_or(0) + 12;
        let h = lines.len() as i32 * LINE_H + 4;
        let r = Rect::new((FB_W - w) / 2, HUD_Y - 2 - h, w, h);
        out.push(Item::Bubble(r));
        for (i, line) in lines.into_iter().enumerate() {
            out.push(Item::label(
                r.x + 6,
                r.y + 3 + i as i32 * LINE_H,
                line,
                Tone::Text,
            ));
        }
    }
    out
}
