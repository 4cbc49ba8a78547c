//! The Settings window: each setting a button that switches it, with a line saying what it does.

use super::{Cmd, Ctx, Item, Panel, Setting, Tone, UiAction, button, button_right, finger};
use crate::ui::geom::font;
use crate::ui::strings::strings;

pub fn panel(ctx: &Ctx) -> Panel {
    let s = strings();
    // On a phone held sideways each line stands beside its button, and Close beside the last.
    let wide = super::side_by_side(ctx.shape);
    let mut p = match wide {
        true => Panel::centred(300, 130, s.settings, true),
        false => Panel::centred(300, 216, s.settings, true),
    };
    let rows = rows(ctx);
    let hint_dx = rows
        .iter()
        .map(|row| {
            finger(button(10, 0, &row.0, row.3, row.2), ctx.shape)
                .rect
                .right()
        })
        .max()
        .unwrap_or(0)
        + 8;
    if wide {
        let widest = rows
            .iter()
            .filter_map(|row| row.1)
            .map(|h| font().width(h))
            .max();
        p.grow_to(hint_dx + widest.unwrap_or(0) + 12);
    }
    let r = p.rect;
    let hint_x = r.x + hint_dx;
    let mut buttons = Vec::new();
    for (i, (label, hint, on, action)) in rows.into_iter().enumerate() {
        let y = r.y + 24 + i as i32 * if wide { 20 } else { 34 };
        buttons.push(button(r.x + 10, y, &label, action, on));
        let at = if wide {
            (hint_x, y + 4)
        } else {
            (r.x + 12, y + 20)
        };
        if let Some(hint) = hint {
            p.add(Item::label(at.0, at.1, hint, Tone::Dim));
        }
    }
    for b in buttons {
        p.button(b);
    }
    let close = match wide {
        true => button_right(
            p.rect.right() - 10,
            r.y + 24 + 4 * 20,
            s.close,
            UiAction::Cancel,
        ),
        false => button(r.x + 10, p.bottom_row(), s.close, UiAction::Cancel, false),
    };
    p.button(close);
    p
}

/// Each setting: its button's label, the line saying what it does, whether it is on, and the
/// button's action.
fn rows(ctx: &Ctx) -> [(String, Option<&'static str>, bool, UiAction); 5] {
    let s = strings();
    let on_off = |on: bool| if on { s.on } else { s.off };
    [
        (
            format!("{}: {}", s.double_click, on_off(ctx.settings.double_click)),
            Some(s.double_click_hint),
            ctx.settings.double_click,
            UiAction::ToggleDoubleClick,
        ),
        (
            format!("{}: {}", s.carry_vegas, on_off(ctx.settings.carry_vegas)),
            Some(s.carry_vegas_hint),
            ctx.settings.carry_vegas,
            UiAction::ToggleCarryVegas,
        ),
        (
            format!("{}: {}", s.four_colour, on_off(ctx.settings.four_colour)),
            Some(s.four_colour_hint),
            ctx.settings.four_colour,
            UiAction::ToggleFourColour,
        ),
        (
            format!("{}: {}", s.sound, on_off(ctx.settings.sound)),
            Some(s.sound_hint),
            ctx.settings.sound,
            UiAction::ToggleSound,
        ),
        // Each language is named in its own words.
        (
            format!("{}: {}", s.language, s.language_name),
            None,
            false,
            UiAction::NextLanguage,
        ),
    ]
}

pub fn act(action: UiAction) -> Cmd {
    match action {
        UiAction::ToggleDoubleClick => Cmd::Toggle(Setting::DoubleClick),
        UiAction::ToggleCarryVegas => Cmd::Toggle(Setting::CarryVegas),
        UiAction::ToggleFourColour => Cmd::Toggle(Setting::FourColour),
        UiAction::ToggleSound => Cmd::Toggle(Setting::Sound),
        UiAction::NextLanguage => Cmd::NextLanguage,
        UiAction::Cancel => Cmd::Close,
        _ => Cmd::Stay,
    }
}
