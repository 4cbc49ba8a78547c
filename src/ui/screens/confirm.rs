//! The questions: reset the statistics, and leave a game under way for a link's deal or for a
//! practice game.

use super::{Cmd, Ctx, Item, Panel, Screen, Tone, UiAction};
use crate::engine::GameCode;
use crate::ui::geom::{LINE_H, wrap};
use crate::ui::strings::strings;

fn question(
    ctx: &Ctx,
    w: i32,
    title: String,
    text: &str,
    yes: (&str, UiAction),
    no: (&str, UiAction),
) -> Panel {
    // As wide as asked, or as the table allows, the question wrapped to it.
    let w = w.min(ctx.shape.table().w - 8);
    let lines = wrap(text, w - 24);
    let mut p = Panel::centred(w, 60 + lines.len() as i32 * LINE_H, title, true);
    for (i, line) in lines.into_iter().enumerate() {
        let y = p.rect.y + 26 + i as i32 * LINE_H;
        p.add(Item::label(p.rect.x + 12, y, line, Tone::Text));
    }
    let (x, y) = (p.rect.x + 10, p.bottom_row());
    p.buttons_from(x, y, &[(yes.0, yes.1, false), (no.0, no.1, false)]);
    p
}

pub fn reset_panel(ctx: &Ctx) -> Panel {
    let s = strings();
    question(
        ctx,
        300,
        s.statistics.into(),
        s.reset_question,
        (s.yes_reset, UiAction::ConfirmReset),
        (s.cancel, UiAction::Stats),
    )
}

pub fn reset_act(action: UiAction) -> Cmd {
    match action {
        UiAction::ConfirmReset => Cmd::ResetStats,
        UiAction::Stats | UiAction::Cancel => Cmd::Open(Screen::Stats),
        _ => Cmd::Stay,
    }
}

pub fn leave_panel(code: GameCode, ctx: &Ctx) -> Panel {
    let s = strings();
    question(
        ctx,
        340,
        code.to_string(),
        s.leave_question,
        (s.yes_leave, UiAction::LeaveForLink),
        (s.keep_playing, UiAction::Cancel),
    )
}

pub fn leave_act(code: GameCode, action: UiAction) -> Cmd {
    match action {
        UiAction::LeaveForLink => Cmd::StartNow(code),
        UiAction::Cancel => Cmd::Close,
        _ => Cmd::Stay,
    }
}

/// "Try again from here" while a game is under way: Yes leaves it (it counts as given up, as
/// any game left for another does); No goes back to the verdict. The app answers both.
pub fn practice_panel(ctx: &Ctx) -> Panel {
    let s = strings();
    question(
        ctx,
        340,
        s.pm_try_again.into(),
        s.pm_leave_question,
        (s.pm_yes_practise, UiAction::TryAgainNow),
        (s.pm_keep_game, UiAction::Cancel),
    )
}
