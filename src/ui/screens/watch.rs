//! The replay's controls, under the table: back a move, play or pause, forward a move, the
//! speed (½×, 1×, 4×), share, close; and the window with the replay's link.

use super::{Ctx, Item, Panel, Tone, UiAction, WatchView, button, button_right};
use crate::ui::geom::{LINE_H, wrap};
use crate::ui::strings::strings;

pub fn panel(w: &WatchView, ctx: &Ctx) -> Panel {
    let s = strings();
    // One row of controls, or two on a narrow screen (or one where eight buttons a finger
    // wide do not fit).
    let width = (ctx.shape.table().w - 8).min(360);
    let t = ctx.shape.touch;
    let narrow = width < 360 || (t > 14 && width < 8 * (t + 6) + 20);
    let mut p = Panel::centred(width, if narrow { 64 } else { 44 }, w.title.clone(), false);
    p.bottom = true;
    let (x, y) = (p.rect.x + 10, p.rect.bottom() - 20);
    let (x1, y1, x2) = if narrow { (x, y - 20, x) } else { (x, y, 0) };
    let play = if w.playing { s.pause } else { s.play };
    let mut next = p.buttons_from(x1, y1, &[("<", UiAction::WatchBack, false)]);
    next = p.buttons_from(next, y1, &[(play, UiAction::WatchPlay, w.playing)]);
    next = p.buttons_from(next, y1, &[(">", UiAction::WatchForward, false)]);
    p.buttons_from(
        if narrow { x2 } else { next + 6 },
        y,
        &[
            ("½×", UiAction::WatchSpeed(0), w.speed == 0),
            ("1×", UiAction::WatchSpeed(1), w.speed == 1),
            ("4×", UiAction::WatchSpeed(2), w.speed == 2),
        ],
    );
    let close = p.button(button_right(
        p.rect.right() - 10,
        y,
        s.close,
        UiAction::Cancel,
    ));
    p.button(button_right(close.x - 6, y, s.share, UiAction::Share));
    p
}

/// The link of the replay, wrapped to the window, with a word on what to do with it.
pub fn share_panel(link: &str, ctx: &Ctx) -> Panel {
    let s = strings();
    use crate::ui::watch::ShareTo;
    let to = ctx.watch.as_ref().map(|w| &w.share_to);
    let w = (ctx.shape.table().w - 8).min(440);
    let lines = wrap(link, w - 24);
    let said = match to {
        Some(ShareTo::Page(_)) => s.share_web,
        Some(ShareTo::Framed(_)) => s.share_framed,
        Some(ShareTo::Native) | None => s.share_native,
    };
    let said = wrap(said, w - 24);
    let h = 26 + (said.len() + lines.len()) as i32 * LINE_H + 10 + 24;
    let mut p = Panel::centred(w, h, s.share_title, true);
    let r = p.rect;
    let mut y = r.y + 24;
    for line in said {
        p.add(Item::label(r.x + 12, y, line, Tone::Dim));
        y += LINE_H;
    }
    y += 4;
    for line in lines {
        p.add(Item::label(r.x + 12, y, line, Tone::Highlight));
        y += LINE_H;
    }
    p.button(button(
        r.x + 10,
        p.bottom_row(),
        s.close,
        UiAction::Cancel,
        false,
    ));
    p
}
