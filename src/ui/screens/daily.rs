//! The daily deals' window (from Statistics): days played and won, the daily streak, and a
//! month's calendar in pixel art — a gold tile for each day whose deal was won, an outline for
//! a day played, today underlined — with the months before and after a click away. A day up to
//! today is a button: it opens that day's deal.

use super::{Cmd, Ctx, Item, Panel, Screen, Tone, UiAction, button, button_right};
use crate::play::daily::{Date, days_in_month};
use crate::ui::geom::{LINE_H, Rect, wrap};
use crate::ui::strings::{fill, number, strings};

/// A day's tile on the calendar, and the space between tiles.
const CELL: i32 = 22;
const GAP: i32 = 3;

pub fn panel(year: i32, month: u32, ctx: &Ctx) -> Panel {
    let s = strings();
    let cell = cell_size(ctx);
    let grid_w = 7 * (cell + GAP) - GAP;
    // On a phone held sideways the calendar stands beside the rest, its days a finger's size.
    let wide = super::side_by_side(ctx.shape);
    let left = if wide { 250 } else { 0 };
    let w = (grid_w + 24).max(250) + left;
    // The legend on one line where it fits, else a line for each of its sentences (each
    // wrapped to the column's width); the window grows by its extra lines.
    let column = if wide { left } else { w };
    let mut legend = wrap(s.daily_legend, column - 24);
    if legend.len() > 1 {
        legend = s
            .daily_legend
            .split_inclusive(". ")
            .flat_map(|part| wrap(part.trim(), column - 24))
            .collect();
    }
    let extra = (legend.len() as i32 - 1) * LINE_H;
    let h = match wide {
        true => 24 + 12 + 6 * (cell + GAP) + 6,
        false => 262 + extra + 6 * (cell - CELL),
    };
    let mut p = Panel::centred(w, h, s.daily_title, true);
    let r = p.rect;
    figures(&mut p, ctx);
    // The month, with the arrows to the ones around it. Side by side, the buttons are made a
    // finger high here: grown by the window, their rows would push the calendar's weeks apart.
    let y = r.y + 50;
    let bh = if wide { ctx.shape.button_h() } else { 14 };
    let month_w = if wide { left } else { w };
    month_row(&mut p, (year, month), Rect::new(r.x, y, month_w, bh));
    let (x0, y0) = match wide {
        true => (r.x + left + 12, r.y + 24),
        false => (r.x + (r.w - grid_w) / 2, y + 20),
    };
    for (i, d) in s.weekdays.iter().enumerate() {
        p.add(Item::Centered {
            rect: Rect::new(x0 + i as i32 * (cell + GAP), y0, cell, 10),
            text: d.to_string(),
            tone: Tone::Dim,
        });
    }
    calendar(&mut p, (year, month), (x0, y0 + 12, cell), ctx);
    let n = legend.len() as i32;
    for (i, line) in legend.into_iter().enumerate() {
        let y = match wide {
            true => y + bh + 8 + i as i32 * LINE_H,
            false => r.bottom() - 34 - extra + i as i32 * LINE_H,
        };
        p.add(Item::label(r.x + 12, y, line, Tone::Dim));
    }
    let close = match wide {
        // Under the legend, in the left column.
        true => high(
            button(
                r.x + 10,
                y + bh + 14 + n * LINE_H,
                s.close,
                UiAction::Cancel,
                false,
            ),
            bh,
        ),
        false => button_right(r.right() - 10, p.bottom_row(), s.close, UiAction::Cancel),
    };
    p.button(close);
    p
}

/// The month's name between the arrows to the months around it, across `row`, its buttons
/// as high as the row.
fn month_row(p: &mut Panel, (year, month): (i32, u32), row: Rect) {
    let name = format!("{} {year}", strings().months[(month as usize - 1) % 12]);
    let (x, y) = (row.x, row.y);
    p.button(high(
        button(x + 10, y, "<", UiAction::PrevMonth, false),
        row.h,
    ));
    let mut next = high(button(0, y, ">", UiAction::NextMonth, false), row.h);
    next.rect.x = row.right() - 10 - next.rect.w;
    p.button(next);
    p.add(Item::Centered {
        rect: row,
        text: name,
        tone: Tone::Highlight,
    });
}

/// A button made `h` high and at least as wide.
fn high(mut b: super::Widget, h: i32) -> super::Widget {
    b.rect.w = b.rect.w.max(h);
    b.rect.h = h;
    b
}

/// Days played and won, and the streaks, at the window's top left.
fn figures(p: &mut Panel, ctx: &Ctx) {
    let s = strings();
    let daily = &ctx.stats.daily;
    let r = p.rect;
    let today = ctx.today.map(|d| d.daily_day());
    let played = number(daily.days_played() as i64);
    let won = number(daily.days_won() as i64);
    let now = number(today.map_or(0, |t| daily.streak(t)) as i64);
    let best = number(daily.best_streak() as i64);
    let lines = [
        fill(s.daily_days, &[("played", &played), ("won", &won)]),
        fill(s.daily_streak, &[("now", &now), ("best", &best)]),
    ];
    for (i, line) in lines.into_iter().enumerate() {
        p.add(Item::label(
            r.x + 12,
            r.y + 24 + i as i32 * 11,
            line,
            Tone::Text,
        ));
    }
}

/// A day's tile: a finger's size on a touch screen, as far as the table's height allows the
/// window's six weeks, the month's arrows and Close grown to it too.
fn cell_size(ctx: &Ctx) -> i32 {
    let t = ctx.shape.touch;
    if t <= CELL {
        return CELL;
    }
    if super::side_by_side(ctx.shape) {
        // The weekdays' line and six weeks: the calendar's column is all the window's height.
        let room = ctx.shape.table().h - 8 - 24 - 12 - 6;
        return t.min(room / 6 - GAP).max(CELL);
    }
    let room = ctx.shape.table().h - 8 - (262 + 2 * LINE_H - 6 * CELL) - 2 * (t - 14);
    t.min(room / 6).max(CELL)
}

/// The month's days from (`x0`, `y0`): a gold tile for a day won, an outline for a day played,
/// today underlined (one meaning per mark); each day up to today a button to its deal.
fn calendar(p: &mut Panel, (year, month): (i32, u32), (x0, y0, size): (i32, i32, i32), ctx: &Ctx) {
    let daily = &ctx.stats.daily;
    let today = ctx.today.map(|d| d.daily_day());
    let first = Date {
        year,
        month,
        day: 1,
    };
    let offset = first.weekday() as i32;
    for day in 1..=days_in_month(year, month) {
        let k = offset + day as i32 - 1;
        let cell = Rect::new(
            x0 + (k % 7) * (size + GAP),
            y0 + (k / 7) * (size + GAP),
            size,
            size,
        );
        let n = Date { year, month, day }.daily_day();
        let (was_won, was_played) = (daily.won_on(n), daily.played_on(n));
        if today.is_some_and(|t| n <= t) {
            // The day's number is drawn over the tile below, so the button has no label.
            p.button(super::Widget {
                rect: cell,
                label: String::new(),
                action: UiAction::DailyDay(Date { year, month, day }),
                selected: false,
            });
        }
        if was_won {
            p.add(Item::Fill {
                rect: cell,
                tone: Tone::Highlight,
                solid: true,
            });
        } else if was_played {
            p.add(Item::Fill {
                rect: cell,
                tone: Tone::Text,
                solid: false,
            });
        }
        if today == Some(n) {
            // An underline in the text's colour: gold means won, an outline played.
            let line = Rect::new(cell.x + 4, cell.bottom() - 4, cell.w - 8, 2);
            p.add(Item::Fill {
                rect: line,
                tone: Tone::Dim,
                solid: true,
            });
        }
        p.add(Item::Centered {
            rect: cell,
            text: day.to_string(),
            // A day still to come is dimmed: it is no button yet.
            tone: match today {
                _ if was_won => Tone::Ink,
                Some(t) if n > t => Tone::Dim,
                _ => Tone::Text,
            },
        });
    }
}

pub fn act(year: &mut i32, month: &mut u32, action: UiAction) -> Cmd {
    match action {
        UiAction::PrevMonth => {
            if *month == 1 {
                if *year > 2026 {
                    (*year, *month) = (*year - 1, 12);
                }
            } else {
                *month -= 1;
            }
        }
        UiAction::NextMonth => {
            if *month == 12 {
                if *year < 9999 {
                    (*year, *month) = (*year + 1, 1);
                }
            } else {
                *month += 1;
            }
        }
        UiAction::DailyDay(date) => return Cmd::DailyOf(date),
        UiAction::Cancel => return Cmd::Open(Screen::Stats),
        _ => {}
    }
    Cmd::Stay
}
