//! The Help window: the rules and the scoring of the game being played, page by page. The
//! window is as wide as the table allows (520 pixels at most); paragraphs wrap to it, the
//! scoring tables stand side by side where they fit and one over the other where not, and a
//! page that runs out of height goes on on the next.

use super::{Cmd, Ctx, Item, Panel, Tone, UiAction, button, button_right};
use crate::ui::geom::{LINE_H, font, wrap};
use crate::ui::strings::{fill, strings};

mod pages;
pub use pages::{HelpLine, help_pages};

/// One line of the window: texts at their x (from the text's left edge), each with its tone.
type Line = Vec<(i32, String, Tone)>;

/// The window's size for a table of `table_w` × `table_h`.
fn size(ctx: &Ctx) -> (i32, i32) {
    let table = ctx.shape.table();
    // On a touch screen the buttons grow by a finger's height less their own.
    let h = table.h - 16 - (ctx.shape.touch - 14).max(0);
    // A phone held upright has the height for more of a page (its lines are shorter).
    let most = if ctx.shape.portrait() { 480 } else { 300 };
    ((table.w - 8).min(520), h.clamp(120, most))
}

/// A table's lines: its heading, then each label with its value right-aligned in a column.
fn table_lines(head: &str, rows: &[(String, String)]) -> (i32, Vec<Line>) {
    let f = font();
    let label_w = rows.iter().map(|(l, _)| f.width(l)).max().unwrap_or(0);
    let value_w = rows.iter().map(|(_, v)| f.width(v)).max().unwrap_or(0);
    let value_right = 8 + label_w + 10 + value_w;
    let mut lines = vec![vec![(0, head.to_string(), Tone::Dim)]];
    for (label, value) in rows {
        lines.push(vec![
            (8, label.clone(), Tone::Text),
            (value_right - f.width(value), value.clone(), Tone::Text),
        ]);
    }
    (value_right.max(f.width(head)), lines)
}

/// The lines of one page of the help, for texts `width` pixels wide.
fn lines(page: &[HelpLine], width: i32) -> Vec<Line> {
    let mut out: Vec<Line> = Vec::new();
    for piece in page {
        match piece {
            HelpLine::Heading(t) => out.push(vec![(0, t.clone(), Tone::Highlight)]),
            HelpLine::Gap => out.push(Vec::new()),
            HelpLine::Text(t) => {
                out.extend(wrap(t, width).into_iter().map(|l| vec![(0, l, Tone::Text)]))
            }
            HelpLine::Tables(tables) => {
                let laid: Vec<(i32, Vec<Line>)> = tables
                    .iter()
                    .map(|(head, rows)| table_lines(head, rows))
                    .collect();
                let gap = 24;
                let total: i32 = laid.iter().map(|(w, _)| w + gap).sum::<i32>() - gap;
                if total <= width {
                    // Side by side, row by row.
                    let rows = laid.iter().map(|(_, l)| l.len()).max().unwrap_or(0);
                    for i in 0..rows {
                        let mut line = Vec::new();
                        let mut x = 0;
                        for (w, l) in &laid {
                            if let Some(cells) = l.get(i) {
                                line.extend(cells.iter().map(|(dx, t, c)| (x + dx, t.clone(), *c)));
                            }
                            x += w + gap;
                        }
                        out.push(line);
                    }
                } else {
                    for (k, (_, l)) in laid.into_iter().enumerate() {
                        if k > 0 {
                            out.push(Vec::new());
                        }
                        out.extend(l);
                    }
                }
            }
        }
    }
    out
}

/// Every page as the window shows it: each page of the help, cut where the height runs out
/// (the cut page going on on the next, without the empty line it would start with).
fn pages(ctx: &Ctx) -> Vec<Vec<Line>> {
    let (w, h) = size(ctx);
    let per_page = ((h - 24 - 26) / LINE_H).max(3) as usize;
    let mut out = Vec::new();
    for page in help_pages(ctx.game.code().game) {
        let mut all = lines(&page, w - 24);
        while all.last().is_some_and(Vec::is_empty) {
            all.pop();
        }
        let mut rest = &all[..];
        while !rest.is_empty() {
            let take = rest.len().min(per_page);
            out.push(rest[..take].to_vec());
            rest = &rest[take..];
            while rest.first().is_some_and(Vec::is_empty) {
                rest = &rest[1..];
            }
        }
    }
    out
}

pub fn panel(page: usize, ctx: &Ctx) -> Panel {
    let s = strings();
    let pages = pages(ctx);
    let page = page.min(pages.len() - 1);
    let title = format!("{}  {} {}/{}", s.help, s.page, page + 1, pages.len());
    // As tall as the longest page needs.
    let (w, room) = size(ctx);
    let longest = pages.iter().map(Vec::len).max().unwrap_or(0) as i32;
    let h = room.min(24 + longest * LINE_H + 32);
    let mut p = Panel::centred(w, h, title.clone(), true);
    let r = p.rect;
    let version = fill(s.version, &[("v", env!("CARGO_PKG_VERSION"))]);
    let vw = font().width(&version);
    // The version where the title leaves room for it.
    if font().width(&title) + 20 + vw + 10 <= w {
        p.add(Item::label(
            r.right() - 10 - vw,
            r.y + 8,
            version,
            Tone::Dim,
        ));
    }
    for (i, line) in pages[page].iter().enumerate() {
        for (x, text, tone) in line {
            p.add(Item::label(
                r.x + 12 + x,
                r.y + 24 + i as i32 * LINE_H,
                text.clone(),
                *tone,
            ));
        }
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
    let pages = pages(ctx).len();
    match action {
        UiAction::NextPage => *page = (*page + 1).min(pages - 1),
        UiAction::PrevPage => *page = page.saturating_sub(1),
        UiAction::Cancel => return Cmd::Close,
        _ => {}
    }
    Cmd::Stay
}
