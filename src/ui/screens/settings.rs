//! The Settings window: each setting a button that switches it, with a line saying what it does.

use super::{Cmd, Ctx, Item, Panel, Setting, Tone, UiAction, button};
use crate::ui::strings::strings;

pub fn panel(ctx: &Ctx) -> Panel {
    let s = strings();
    let mut p = Panel::centred(300, 114, s.settings, true);
    let r = p.rect;
    let on_off = |on: bool| if on { s.on } else { s.off };
    let rows = [
        (
            s.double_click,
            s.double_click_hint,
            ctx.settings.double_click,
            UiAction::ToggleDoubleClick,
        ),
        (
            s.carry_vegas,
            s.carry_vegas_hint,
            ctx.settings.carry_vegas,
            UiAction::ToggleCarryVegas,
        ),
    ];
    let mut buttons = Vec::new();
    for (i, (name, hint, on, action)) in rows.into_iter().enumerate() {
        let y = r.y + 24 + i as i32 * 34;
        let label = format!("{name}: {}", on_off(on));
        buttons.push(button(r.x + 10, y, &label, action, on));
        p.add(Item::label(r.x + 12, y + 20, hint, Tone::Dim));
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
        UiAction::Cancel => Cmd::Close,
        _ => Cmd::Stay,
    }
}
