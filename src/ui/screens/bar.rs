//! The bar at the bottom: the buttons, the score, moves and game code, and the status line
//! above it. Texts are measured: in a language with longer words the buttons draw closer, and
//! if that is not enough the info keeps its numbers and drops its words.

use super::{Item, Tone, UiAction, Widget, button};
use crate::engine::{Game, GameKind};
use crate::ui::geom::{LINE_H, Rect, font, wrap};
use crate::ui::layout::{Layout, Shape};
use crate::ui::strings::strings;

/// The bar's buttons, left to right, with their labels. Redo is always there, beside Undo
/// (with nothing to redo it says so), so that no button moves under a finger when it comes.
fn labels() -> Vec<(&'static str, UiAction)> {
    let s = strings();
    vec![
        (s.new_game, UiAction::NewGame),
        (s.replay, UiAction::Replay),
        (s.undo, UiAction::Undo),
        (s.redo, UiAction::Redo),
        (s.hint, UiAction::Hint),
        (s.stats, UiAction::Stats),
        (s.settings, UiAction::Settings),
        (s.help, UiAction::Help),
    ]
}

/// The tightest room around a label and between buttons, for a mouse.
const TIGHT: (i32, i32) = (6, 2);

/// Whether the bar's buttons fit side by side, at their tightest, in a framebuffer `w` wide.
pub fn one_row_fits(w: i32) -> bool {
    let (pad, gap) = TIGHT;
    let all = labels();
    let widths: i32 = all.iter().map(|(l, _)| font().width(l) + pad).sum();
    4 + widths + gap * (all.len() as i32 - 1) + 4 <= w
}

/// The bar's buttons in one row, with `pad` pixels of room around each label.
fn buttons_with(shape: Shape, pad: i32, gap: i32) -> Vec<Widget> {
    let buttons_y = if shape.bar_one_row() {
        shape.bar().y + 2
    } else {
        shape.bar().y + LINE_H + 4 + 1
    };
    buttons_at(shape, buttons_y, pad, gap)
}

/// The bar's buttons in one row at `y`.
fn buttons_at(shape: Shape, y: i32, pad: i32, gap: i32) -> Vec<Widget> {
    let mut x = 4;
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
    let split = all.len().div_ceil(2);
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

/// What the info shows: its words, and the game code.
#[derive(Clone, Copy)]
struct Info {
    words: bool,
    code: bool,
}

/// The info, roomiest first: with its words and the code; with its words, the code left to
/// New Game and Share; and only where even that does not fit, bare numbers.
const INFO: [Info; 3] = [
    Info {
        words: true,
        code: true,
    },
    Info {
        words: true,
        code: false,
    },
    Info {
        words: false,
        code: false,
    },
];

/// The info at the right: score (and bank), moves, code; with its words or without.
fn info(game: &Game, bank: Option<&str>, show: Info, sep: &str) -> String {
    let words = show.words;
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
    if show.code {
        parts.push(game.code().to_string());
    }
    parts.join(sep)
}

/// The bar's buttons and its info text, the roomiest arrangement that fits the width.
pub fn layout(game: &Game, bank: Option<String>, shape: Shape) -> (Vec<Widget>, Item) {
    let bar = shape.bar();
    if !shape.bar_one_row() {
        let text = INFO
            .iter()
            .map(|&show| info(game, bank.as_deref(), show, "  "))
            .find(|t| font().width(t) <= shape.w - 8)
            .unwrap_or_else(|| info(game, bank.as_deref(), INFO[2], "  "));
        let x = (shape.w - font().width(&text)) / 2;
        let buttons = if shape.bar_button_rows() == 1 {
            buttons_with(shape, TIGHT.0, TIGHT.1)
        } else {
            buttons_in_rows(shape)
        };
        return (buttons, Item::label(x.max(2), bar.y + 3, text, Tone::Text));
    }
    let text_y = bar.y + (bar.h - 7) / 2 - 1;
    let tries = [
        (10, 4, INFO[0], "   "),
        (8, 3, INFO[0], "  "),
        (6, 2, INFO[0], "  "),
        (8, 3, INFO[1], "  "),
        (6, 2, INFO[1], "  "),
        (6, 2, INFO[2], "  "),
    ];
    let mut last = None;
    for (pad, gap, show, sep) in tries {
        let buttons = buttons_with(shape, pad, gap);
        let text = info(game, bank.as_deref(), show, sep);
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
        let (r, lines) = status_box(game.code().game, shape, msg);
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

/// The status message's box over the bar and its lines: centred over the room the piles leave
/// free at the table's foot (in Double Solitaire's landscape layout the foundation block
/// reaches down to the bar, so the box keeps to the columns' side of it).
pub fn status_box(kind: GameKind, shape: Shape, msg: &str) -> (Rect, Vec<String>) {
    let layout = Layout::for_shape(kind, shape);
    let bottom = shape.bar().y - 2;
    let (mut left, mut right) = (2, shape.w - 2);
    let fit = |left: i32, right: i32| {
        let lines = wrap(msg, right - left - 24);
        let w = lines.iter().map(|l| font().width(l)).max().unwrap_or(0) + 12;
        let h = lines.len() as i32 * LINE_H + 4;
        let r = Rect::new(left + (right - left - w) / 2, bottom - h, w, h);
        (r, lines)
    };
    let mut piles = vec![layout.stock, layout.waste];
    piles.extend(&layout.foundations);
    piles.extend(&layout.columns);
    // A pile beside the box's span narrows it to the side with more room.
    for _ in 0..piles.len() {
        let (r, _) = fit(left, right);
        let Some(p) = piles.iter().find(|p| p.overlap(&r) > 0) else {
            break;
        };
        if p.x - left >= right - p.right() {
            right = p.x - 2;
        } else {
            left = p.right() + 2;
        }
    }
    fit(left, right)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::view::View;

    #[test]
    fn a_large_vegas_bank_keeps_the_bars_words() {
        use crate::engine::{Draw, GameCode, Scoring};
        use crate::ui::strings::{Language, set_language};
        let code = GameCode {
            game: GameKind::Double,
            draw: Draw::Three,
            scoring: Scoring::Vegas,
            deal: 26u64.pow(7) - 1,
        };
        let game = Game::new(code);
        for lang in Language::ALL {
            set_language(lang);
            let s = strings();
            for (w, h) in [(1280, 720), (960, 540), (1366, 650), (800, 600)] {
                let shape = View::for_window(w as f32, h as f32, 1.0, false).shape();
                let (buttons, item) = layout(&game, Some("-$10504".into()), shape);
                let Item::Label { x, text, .. } = item else {
                    panic!("the info is a label");
                };
                assert!(
                    text.contains(s.score) && text.contains(s.bank) && text.contains(s.moves),
                    "{lang:?} {w}x{h}: {text}"
                );
                let end = buttons.iter().map(|b| b.rect.right()).max().unwrap();
                let info_y = shape.bar().y + 3;
                let same_row = buttons.iter().any(|b| b.rect.y <= info_y);
                assert!(!same_row || end < x, "{lang:?} {w}x{h}: {text}");
                assert!(
                    x >= 0 && x + font().width(&text) <= shape.w,
                    "{lang:?} {w}x{h}"
                );
            }
        }
        set_language(Language::En);
    }

    #[test]
    fn the_big_two_row_bar_is_for_touch_or_a_narrow_window() {
        let game = Game::new(crate::engine::GameCode::new(
            GameKind::Klondike,
            crate::engine::Draw::One,
            crate::engine::Scoring::Normal,
            7,
        ));
        let rows = |w: i32, h: i32, touch: bool| {
            let shape = View::for_window(w as f32, h as f32, 1.0, touch).shape();
            let buttons = buttons(&game, None, shape);
            let mut ys: Vec<i32> = buttons.iter().map(|b| b.rect.y).collect();
            ys.dedup();
            assert!(buttons.iter().all(|b| b.rect.right() <= shape.w), "{w}x{h}");
            (ys.len(), buttons[0].rect.h)
        };
        // A desktop mouse at 800 × 600: one row of ordinary buttons.
        assert_eq!(rows(800, 600, false), (1, 14));
        // A finger at the same size: two rows of big ones.
        let (n, h) = rows(800, 600, true);
        assert_eq!(n, 2);
        assert!(h >= 20);
        // A window too narrow for one row, even with a mouse: two rows.
        assert_eq!(rows(240, 400, false).0, 2);
    }

    #[test]
    fn the_status_never_covers_a_pile() {
        let long = "That card cannot go there: a column takes a card one lower and of the \
                    other colour, and an empty column takes a king.";
        let mut sizes = vec![
            (1280, 720),
            (960, 540),
            (1366, 650),
            (800, 600),
            (1920, 1080),
        ];
        for w in (320..=2560).step_by(97) {
            for h in (320..=1600).step_by(89) {
                sizes.push((w, h));
            }
        }
        for (w, h) in sizes {
            for touch in [false, true] {
                let shape = View::for_window(w as f32, h as f32, 1.0, touch).shape();
                for kind in [GameKind::Klondike, GameKind::Double] {
                    let l = Layout::for_shape(kind, shape);
                    let mut piles = vec![l.stock, l.waste];
                    piles.extend(&l.foundations);
                    piles.extend(&l.columns);
                    for msg in ["Moved.", long] {
                        let (r, _) = status_box(kind, shape, msg);
                        for p in &piles {
                            assert_eq!(r.overlap(p), 0, "{kind:?} {w}x{h} {touch}: {r:?} {p:?}");
                        }
                    }
                }
            }
        }
    }
}
