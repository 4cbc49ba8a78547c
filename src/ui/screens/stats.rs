//! The Statistics window: a row for each game × draw × scoring, and the Vegas bankrolls.

use super::{Cmd, Ctx, Item, Panel, Screen, Tone, UiAction, button, button_right};
use crate::engine::{Draw, GameCode, GameKind, Scoring, score_text};
use crate::play::stats::{MODES, mode_code, mode_index};
use crate::ui::geom::font;
use crate::ui::strings::{number, percent, strings};

/// The rows of the table: the header, then a row for each mode (the mode in play stands out).
type Rows = Vec<(Vec<String>, Tone)>;

pub fn panel(ctx: &Ctx) -> Panel {
    let s = strings();
    let room = ctx.shape.table().w - 8;
    let rows = rows(ctx);
    // Each column as wide as its widest text, 10 pixels apart.
    let widths: Vec<i32> = (0..rows[0].0.len())
        .map(|k| {
            rows.iter()
                .map(|(c, _)| font().width(&c[k]))
                .max()
                .unwrap_or(0)
                + 10
        })
        .collect();
    let groups = column_groups(&widths, room);
    // Rows closer together when the tables stand one over the other.
    let pitch = if groups.len() > 1 { 11 } else { 12 };
    let lines = groups.len() * (rows.len() + 1) + 1;
    let w = groups
        .iter()
        .map(|g| 14 + g.iter().map(|&k| widths[k]).sum::<i32>())
        .max()
        .unwrap_or(0)
        .max(room.min(480));
    let mut p = Panel::centred(w, 26 + lines as i32 * pitch + 34, s.statistics, true);
    let r = p.rect;
    let row = |i: usize| r.y + 26 + i as i32 * pitch;
    let mut line = 0;
    for group in &groups {
        for (cells, tone) in &rows {
            let mut x = 12;
            for &k in group {
                p.add(Item::label(r.x + x, row(line), cells[k].clone(), *tone));
                x += widths[k];
            }
            line += 1;
        }
        line += 1;
    }
    p.add(Item::label(r.x + 12, row(line), banks(ctx), Tone::Dim));
    buttons(&mut p, ctx);
    p
}

fn rows(ctx: &Ctx) -> Rows {
    let s = strings();
    let current = mode_index(ctx.game.code());
    // The mode in words: the game, the draw and the scoring, each in a column of its own.
    let header = s.stats_header.iter().copied().map(str::to_string).collect();
    let mut rows: Rows = vec![(header, Tone::Dim)];
    for (i, m) in ctx.stats.modes.iter().enumerate().take(MODES) {
        let code = mode_code(i);
        let cells = vec![
            s.game_name(code.game).to_string(),
            code.draw.count().to_string(),
            s.scoring_name(code.scoring).to_string(),
            number(i64::from(m.played)),
            number(i64::from(m.won)),
            m.win_rate().map_or("-".into(), percent),
            m.best_score.map_or("-".into(), |b| score_text(code, b)),
            m.fewest_moves.map_or("-".into(), |f| number(i64::from(f))),
            format!("{}/{}", m.streak, m.best_streak),
        ];
        let tone = if i == current {
            Tone::Highlight
        } else {
            Tone::Text
        };
        rows.push((cells, tone));
    }
    rows
}

/// The columns of each table: all in one where the window is wide enough; else the figures
/// in two tables one over the other (or three), each with the mode.
fn column_groups(widths: &[i32], room: i32) -> Vec<Vec<usize>> {
    let needed = 14 + widths.iter().sum::<i32>();
    if needed <= room {
        return vec![(0..widths.len()).collect()];
    }
    let mode = [0, 1, 2];
    let figures: Vec<usize> = (3..widths.len()).collect();
    // As few tables as fit: two, or three.
    let mode_w: i32 = mode.iter().map(|&k| widths[k]).sum();
    let fits = |parts: usize| {
        figures
            .chunks(figures.len().div_ceil(parts))
            .all(|c| 14 + mode_w + c.iter().map(|&k| widths[k]).sum::<i32>() <= room)
    };
    let parts = if fits(2) { 2 } else { 3 };
    figures
        .chunks(figures.len().div_ceil(parts))
        .map(|c| mode.iter().chain(c).copied().collect())
        .collect()
}

/// The bankrolls: the same figure as the bar's, the game in play's dollars counted.
fn banks(ctx: &Ctx) -> String {
    let s = strings();
    let banks: Vec<String> = GameKind::ALL
        .iter()
        .zip(ctx.banks)
        .map(|(&g, bank)| {
            let vegas = GameCode::new(g, Draw::One, Scoring::Vegas, 0);
            format!("{} {}", s.game_name(g), score_text(vegas, bank))
        })
        .collect();
    format!("{}: {}", s.bank, banks.join("   "))
}

fn buttons(p: &mut Panel, ctx: &Ctx) {
    let s = strings();
    let (r, y) = (p.rect, p.bottom_row());
    p.button(button(
        r.x + 10,
        y,
        s.reset_stats,
        UiAction::ResetStats,
        false,
    ));
    let close = p.button(button_right(r.right() - 10, y, s.close, UiAction::Cancel));
    let daily = p.button(button_right(
        close.x - 6,
        y,
        s.daily_button,
        UiAction::Daily,
    ));
    if ctx.has_last_game {
        let last = p.button(button_right(
            daily.x - 6,
            y,
            s.last_game,
            UiAction::WatchLast,
        ));
        p.button(button_right(
            last.x - 6,
            y,
            s.pm_title,
            UiAction::AnalyseLast,
        ));
    }
}

pub fn act(action: UiAction) -> Cmd {
    match action {
        UiAction::ResetStats => Cmd::Open(Screen::ConfirmReset),
        UiAction::Cancel => Cmd::Close,
        _ => Cmd::Stay,
    }
}
