//! The Help window: the rules and the scoring of the game being played, page by page.

use super::{Cmd, Ctx, Item, Panel, Tone, UiAction, button, button_right};
use crate::ui::geom::{LINE_H, font};
use crate::ui::strings::{fill, help_pages, strings};

pub fn panel(page: usize, ctx: &Ctx) -> Panel {
    let s = strings();
    let pages = help_pages(ctx.game.code().game);
    let page = page.min(pages.len() - 1);
    let title = format!("{}  {} {}/{}", s.help, s.page, page + 1, pages.len());
    let mut p = Panel::centred(520, 190, title, true);
    let r = p.rect;
    let version = fill(s.version, &[("v", env!("CARGO_PKG_VERSION"))]);
    let w = font().width(&version);
    p.add(Item::label(r.right() - 10 - w, r.y + 8, version, Tone::Dim));
    for (i, line) in pages[page].iter().enumerate() {
        let tone = if i == 0 { Tone::Highlight } else { Tone::Text };
        p.add(Item::label(
            r.x + 12,
            r.y + 24 + i as i32 * LINE_H,
            line.clone(),
            tone,
        ));
    }
    let y = p.bottom_row();
    let prev = button(r.x + 10, y, s.previous, UiAction::PrevPage, false);
    let next_x = prev.rect.right() + 6;
    if page > 0 {
        p.button(prev);
    }
    if page + 1 < pages.len() {
        p.button(button(next_x, y, s.next, UiAction::NextPage, false));
    }
    p.button(button_right(r.right() - 10, y, s.close, UiAction::Cancel));
    p
}

pub fn act(page: &mut usize, action: UiAction, ctx: &Ctx) -> Cmd {
    let pages = help_pages(ctx.game.code().game).len();
    match action {
        UiAction::NextPage => *page = (*page + 1).min(pages - 1),
        UiAction::PrevPage => *page = page.saturating_sub(1),
        UiAction::Cancel => return Cmd::Close,
        _ => {}
    }
    Cmd::Stay
}
