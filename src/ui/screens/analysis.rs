//! "Where was it lost?": the offer when the player is stuck, the search's progress with
//! Cancel, and the verdict in words with "Try again from here" when a move lost the game. A
//! verdict that names a move lies under the table (the table shows the position before it).

use super::{Cmd, Ctx, Item, Panel, Tone, UiAction, button, button_right};
use crate::ui::geom::{LINE_H, wrap};
use crate::ui::strings::strings;

/// What the window shows: the analysis itself is the app's (`ui::postmortem`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnalysisView {
    pub stage: Stage,
    /// The words: the offer, the progress line, or the verdict.
    pub lines: Vec<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// The player is stuck: the analysis is offered.
    Offer,
    /// The search runs; Cancel stops it.
    Running,
    /// A verdict; `retry` when a move lost the game (the table shows the position before it).
    Done { retry: bool },
}

pub fn panel(v: &AnalysisView, ctx: &Ctx) -> Panel {
    let s = strings();
    let retry = v.stage == Stage::Done { retry: true };
    let w = (ctx.shape.table().w - 8).min(if retry { 440 } else { 360 });
    // The first text is the news (the verdict); what follows, dimmer, explains it.
    let lines: Vec<(String, Tone)> = v
        .lines
        .iter()
        .enumerate()
        .flat_map(|(k, l)| {
            let tone = if k == 0 { Tone::Text } else { Tone::Dim };
            wrap(l, w - 24).into_iter().map(move |t| (t, tone))
        })
        .collect();
    let h = 26 + lines.len() as i32 * LINE_H + 8 + 20;
    // The verdict with a move lies under the table, which it leaves bright.
    let mut p = Panel::centred(w, h, s.pm_title, !retry);
    p.bottom = retry;
    let r = p.rect;
    let mut y = r.y + 24;
    for (line, tone) in lines {
        p.add(Item::label(r.x + 12, y, line, tone));
        y += LINE_H;
    }
    let y = p.bottom_row();
    let close = match v.stage {
        Stage::Running => s.cancel,
        _ => s.close,
    };
    let close = p.button(button_right(r.right() - 10, y, close, UiAction::Cancel));
    match v.stage {
        Stage::Offer => {
            p.button(button_right(close.x - 6, y, s.pm_title, UiAction::Analyse));
        }
        Stage::Done { retry: true } => {
            p.button(button(
                r.x + 10,
                y,
                s.pm_try_again,
                UiAction::TryAgain,
                false,
            ));
        }
        _ => {}
    }
    p
}

pub fn act(action: UiAction) -> Cmd {
    match action {
        UiAction::Cancel => Cmd::Close,
        _ => Cmd::Stay,
    }
}
