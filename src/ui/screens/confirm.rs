//! The two questions: reset the statistics, and leave a game under way for a link's deal.

use super::{Cmd, Item, Panel, Screen, Tone, UiAction};
use crate::engine::GameCode;
use crate::ui::strings::strings;

fn question(
    w: i32,
    title: String,
    text: &str,
    yes: (&str, UiAction),
    no: (&str, UiAction),
) -> Panel {
    let mut p = Panel::centred(w, 70, title, true);
    p.add(Item::label(p.rect.x + 12, p.rect.y + 26, text, Tone::Text));
    let (x, y) = (p.rect.x + 10, p.bottom_row());
    p.buttons_from(x, y, &[(yes.0, yes.1, false), (no.0, no.1, false)]);
    p
}

pub fn reset_panel() -> Panel {
    let s = strings();
    question(
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

pub fn leave_panel(code: GameCode) -> Panel {
    let s = strings();
    question(
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
