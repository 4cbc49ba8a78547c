//! The bar at the bottom: the buttons, the score, moves and game code, and the status line
//! above it. Texts are measured: in a language with longer words the buttons draw closer, and
//! if that is not enough the info keeps its numbers and drops its words.

use super::{Item, Tone, UiAction, Widget, button};
use crate::engine::Game;
use crate::ui::geom::{LINE_H, Rect, font, wrap};
use crate::ui::layout::Shape;
use crate::ui::strings::strings;

/// The bar's buttons, left to right, with their labels.
fn labels() -> [(&'static str, UiAction); 7] {
    let s = strings();
    [
        (s.new_game, UiAction::NewGame),
        (s.replay, UiAction::Replay),
        (s.undo, UiAction::Undo),
        (s.hint, UiAction::Hint),
        (s.stats, UiAction::Stats),
        (s.settings, UiAction::Settings),
        (s.help, UiAction::Help),
    ]
}

/// The bar's buttons in one row, with `pad` pixels of room around each label.
fn buttons_with(shape: Shape, pad: i32, gap: i32) -> Vec<Widget> {
    let mut x = 4;
    let y = shape.bar().y + 2;
    labels()
        .into_iter()
        .map(|(label, action)| {
            let mut w = button(x, y, label, action, false);
            // On a touch screen no narrower than a finger.
            w.rect.w = (font().width(label) + pad).max(shape.touch);
            w.rect.h = shape.button_h();
            x = w.rect.right() + gap;
            w
        })
        .collect()
}

/// A narrow bar: the buttons in two rows under the info line, each row stretched over the
/// width (big targets for a thumb), each button as wide as its label needs.
fn buttons_in_rows(shape: Shape) -> Vec<Widget> {
    let bar = shape.bar();
    let all = labels();
    let (gap, side) = (3, 3);
    let split = 4;
    let mut out = Vec::new();
    for (row, part) in [&all[..split], &all[split..]].into_iter().enumerate() {
        let y = bar.y + LINE_H + 4 + row as i32 * shape.bar_row_h() + 1;
        let needs: Vec<i32> = part.iter().map(|(l, _)| font().width(l) + 6).collect();
        let room = shape.w - 2 * side - gap * (part.len() as i32 - 1);
        let extra = (room - needs.iter().sum::<i32>()).max(0);
        let mut x = side;
        for (i, ((label, action), need)) in part.iter().zip(&needs).enumerate() {
            // The room left over, shared out; the last button takes the rounding.
            let mut w = need + extra / part.len() as i32;
            if i + 1 == part.len() {
                w = (shape.w - side - x).max(*need);
            }
            out.push(Widget {
                rect: Rect::new(x, y, w, shape.button_h()),
                label: label.to_string(),
                action: *action,
                selected: false,
            });
            x += w + gap;
        }
    }
    out
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
pub fn layout(game: &Game, bank: Option<String>, shape: Shape) -> (Vec<Widget>, Item) {
    let bar = shape.bar();
    if !shape.bar_one_row() {
        let mut text = info(game, bank.as_deref(), true, "  ");
        if font().width(&text) > shape.w - 8 {
            text = info(game, bank.as_deref(), false, "  ");
        }
        let x = (shape.w - font().width(&text)) / 2;
        return (
            buttons_in_rows(shape),
            Item::label(x.max(2), bar.y + 3, text, Tone::Text),
        );
    }
    let text_y = bar.y + (bar.h - 7) / 2 - 1;
    let tries = [
        (10, 4, true, "   "),
        (8, 3, true, "  "),
        (6, 2, true, "  "),
        (6, 2, false, "  "),
    ];
    let mut last = None;
    for (pad, gap, words, sep) in tries {
        let buttons = buttons_with(shape, pad, gap);
        let text = info(game, bank.as_deref(), words, sep);
        let x = shape.w - 6 - font().width(&text);
        let end = buttons.last().map_or(0, |b| b.rect.right());
        let item = Item::label(x, text_y, text, Tone::Text);
        if end + 8 <= x {
            return (buttons, item);
        }
        last = Some((buttons, item));
    }
    last.expect("at least one arrangement")
}

/// The bar's buttons.
pub fn buttons(game: &Game, bank: Option<String>, shape: Shape) -> Vec<Widget> {
    layout(game, bank, shape).0
}

/// What the bar shows besides its buttons: the info at the right, and the status message in a
/// box above the bar.
pub fn items(game: &Game, bank: Option<String>, status: Option<&str>, shape: Shape) -> Vec<Item> {
    let mut out = vec![layout(game, bank, shape).1];
    if let Some(msg) = status {
        let lines = wrap(msg, shape.w - 24);
        let w = lines.iter().map(|l| font().width(l)).max().unwrap_or(0) + 12;
        let h = lines.len() as i32 * LINE_H + 4;
        let r = Rect::new((shape.w - w) / 2, shape.bar().y - 2 - h, w, h);
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
