//! The won game: the final score and moves, and the way to the next game.

use super::{Ctx, Item, Panel, Tone, UiAction};
use crate::ui::strings::strings;

pub fn panel(ctx: &Ctx) -> Panel {
    let s = strings();
    let g = ctx.game;
    let mut p = Panel::centred(240, 84, s.you_won, false);
    let (x, y) = (p.rect.x + 12, p.rect.y + 26);
    p.add(Item::label(
        x,
        y,
        format!("{}: {}", s.final_score, g.score_text()),
        Tone::Text,
    ));
    p.add(Item::label(
        x,
        y + 12,
        format!("{}: {}", s.moves, g.moves()),
        Tone::Text,
    ));
    let (bx, by) = (p.rect.x + 10, p.bottom_row());
    p.buttons_from(
        bx,
        by,
        &[
            (s.new_game, UiAction::NewGame, false),
            (s.replay, UiAction::Replay, false),
            (s.watch, UiAction::Watch, false),
        ],
    );
    p
}
