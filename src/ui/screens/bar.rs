//! The bar at the bottom: the buttons, the score, moves and game code, and the status line
//! above it. Texts are measured: in a language with longer words the buttons draw closer, and
//! if that is not enough the info keeps its numbers and drops its words.

use super::{Item, Tone, UiAction, Widget, button};
use crate::engine::Game;
use crate::ui::geom::{LINE_H, Rect, font, wrap};
use crate::ui::layout::{FB_W, HUD_Y};
use crate::ui::strings::strings;

/// The bar's buttons, left to right, with `pad` pixels of room around each label.
fn buttons_with(pad: i32, gap: i32) -> Vec<Widget> {
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
        let mut w = button(x, HUD_Y + 2, label, action, false);
        w.rect.w = font().width(label) + pad;
        x = w.rect.right() + gap;
        w
    })
    .collect()
}

/// The info at the right: score (and bank), moves, code; with its words or without.
fn info(game: &Game, bank: Option<&str>, words: bool, sep: &str) -> String {
    let s = strings();
    let label = |word: &str, value: String| {
        if words {
            format!("{word} {value}")
        } else {
            value
        }
    };
    let mut parts = vec![label(s.score, game.score_text())];
    if let Some(b) = bank {
        parts.push(label(s.bank, b.to_string()));
    }
    parts.push(label(s.moves, game.moves().to_string()));
    parts.push(game.code().to_string());
    parts.join(sep)
}

/// The bar's buttons and its info text, the roomiest arrangement that fits the width.
pub fn layout(game: &Game, bank: Option<String>) -> (Vec<Widget>, Item) {
    let tries = [
        (10, 4, true, "   "),
        (8, 3, true, "  "),
        (6, 2, true, "  "),
        (6, 2, false, "  "),
    ];
    let mut last = None;
    for (pad, gap, words, sep) in tries {
        let buttons = buttons_with(pad, gap);
        let text = info(game, bank.as_deref(), words, sep);
        let x = FB_W - 6 - font().width(&text);
        let end = buttons.last().map_or(0, |b| b.rect.right());
        let item = Item::label(x, HUD_Y + 5, text, Tone::Text);
        if end + 8 <= x {
            return (buttons, item);
        }
        last = Some((buttons, item));
    }
    last.expect("at least one arrangement")
}

/// The bar's buttons.
pub fn buttons(game: &Game, bank: Option<String>) -> Vec<Widget> {
    layout(game, bank).0
}

/// What the bar shows besides its buttons: the info at the right, and the status message in a
/// box above the bar.
pub fn items(game: &Game, bank: Option<String>, status: Option<&str>) -> Vec<Item> {
    let mut out = vec![layout(game, bank).1];
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
