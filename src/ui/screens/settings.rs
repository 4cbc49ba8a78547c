//! The Settings window: each setting a button that switches it, with a line saying what it does.

use super::{Cmd, Ctx, Item, Panel, Setting, Tone, UiAction, button};
use crate::ui::strings::strings;

pub fn panel(ctx: &Ctx) -> Panel {
    let s = strings();
    let mut p = Panel::centred(300, 216, s.settings, true);
    let r = p.rect;
    let on_off = |on: bool| if on { s.on } else { s.off };
    let rows = [
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
    ];
    let mut buttons = Vec::new();
    for (i, (label, hint, on, action)) in rows.into_iter().enumerate() {
        let y = r.y + 24 + i as i32 * 34;
        buttons.push(button(r.x + 10, y, &label, action, on));
        if let Some(hint) = hint {
            p.add(Item::label(r.x + 12, y + 20, hint, Tone::Dim));
        }
    }
    for b in buttons {
        p.button(b);
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
