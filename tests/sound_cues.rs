//! The game's sounds through the effects queue, without a window: every event on the table
//! that makes a sound (the engine's outcomes, a drag lifted or put back, a refusal the player is
//! told of, an undo) queues `Effect::Sound`, in the order the window plays them.

mod common;

use common::{Mouse, built_game, full_suit};
use solitaire::engine::{GameCode, Pile};
use solitaire::ui::app::{App, UiAction};
use solitaire::ui::effect::Effect;
use solitaire::ui::input::PointerEvent::Cancel;
use solitaire::ui::layout::{FB_H, FB_W};
use solitaire::ui::sound::Sound::{self, *};

/// The sounds queued since the last call (the queue is emptied, as the window does).
fn heard(app: &mut App) -> Vec<Sound> {
    app.take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Sound(s) => Some(s),
            _ => None,
        })
        .collect()
}

fn on_card(app: &App, pile: Pile, depth: usize) -> (i32, i32) {
    let r = app.layout().card_rect(app.game().table(), pile, depth);
    (r.x + 6, r.y + 5)
}

fn on_top_of(app: &App, column: usize) -> (i32, i32) {
    let r = app
        .layout()
        .card_rect(app.game().table(), Pile::Column(column), 1);
    (r.x + 6, r.y + 15)
}

#[test]
fn each_event_on_the_table_queues_its_sound() {
    // t0: 4C face down under 9H; t1: TC; t2: AH; the stock one card.
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("4C", "9H"), ("", "TC"), ("", "AH")],
        "5S",
        "",
        &[],
    );
    let mut app = App::with_game(game, 7);
    let mut m = Mouse::new();
    heard(&mut app);

    // A drag lifts the 9H (pick-up); laid on the TC it lands and the 4C turns over.
    let to = on_top_of(&app, 1);
    m.drag(on_card(&app, Pile::Column(0), 1), to, &mut app);
    assert_eq!(app.game().table().columns[1].up.len(), 2);
    assert_eq!(heard(&mut app), [PickUp, LayDown, Reveal]);

    // A card home (by a click, as a drag): the foundation's sound.
    m.click(on_card(&app, Pile::Column(2), 1), &mut app);
    assert_eq!(app.game().table().foundations[1].len(), 1);
    assert_eq!(heard(&mut app), [Home]);

    // The stock turned, then the waste turned back.
    let stock = app.layout().stock.center();
    m.click(stock, &mut app);
    assert_eq!(heard(&mut app), [Draw]);
    m.click(stock, &mut app);
    assert_eq!(app.game().table().stock.len(), 1);
    assert_eq!(heard(&mut app), [Recycle]);

    // A drop the rules refuse: picked up, then the soft refusal.
    let to = on_top_of(&app, 0);
    m.drag(on_card(&app, Pile::Column(1), 1), to, &mut app);
    assert_eq!(heard(&mut app), [PickUp, Refused]);

    // Let go outside the window, or the drag cancelled: the cards are laid back.
    m.drag(
        on_card(&app, Pile::Column(1), 1),
        (FB_W + 40, FB_H + 30),
        &mut app,
    );
    assert_eq!(heard(&mut app), [PickUp, LayDown]);
    m.drag_without_release(on_card(&app, Pile::Column(1), 1), (300, 200), &mut app);
    app.pointer(Cancel);
    assert_eq!(heard(&mut app), [PickUp, LayDown]);

    // Undo takes the recycle back.
    app.ui_action(UiAction::Undo);
    assert_eq!(app.game().table().waste.len(), 1);
    assert_eq!(heard(&mut app), [LayDown]);

    // A quiet single click on a card with no place makes no sound either.
    m.click(on_card(&app, Pile::Column(0), 1), &mut app);
    assert_eq!(heard(&mut app), []);
}

#[test]
fn a_refusal_the_player_is_told_of_sounds_and_the_win_plays_its_flourish() {
    // The stock and waste both empty: a click on the stock is refused, and said.
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    let stock = app.layout().stock.center();
    while !app.game().table().stock.is_empty() {
        m.click(stock, &mut app);
    }
    heard(&mut app);
    m.click(stock, &mut app);
    assert!(app.status().is_some());
    assert_eq!(heard(&mut app), [Refused]);

    let clubs = full_suit("C").replace(" KC", "");
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("", "KC")],
        "",
        "",
        &[&full_suit("S"), &full_suit("H"), &full_suit("D"), &clubs],
    );
    let mut app = App::with_game(game, 7);
    m.click(on_card(&app, Pile::Column(0), 1), &mut app);
    assert!(app.game().is_won());
    assert_eq!(heard(&mut app), [Home, Win]);
}

#[test]
fn the_sound_setting_switches_and_is_saved() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    assert!(app.settings().sound, "on by default");
    app.ui_action(UiAction::Settings);
    let row = app
        .widgets()
        .into_iter()
        .find(|w| w.action == UiAction::ToggleSound)
        .expect("a Sound row in Settings");
    let mut m = Mouse::new();
    app.take_effects();
    m.click(row.rect.center(), &mut app);
    assert!(!app.settings().sound);
    assert!(app.take_effects().contains(&Effect::Save));
    app.ui_action(UiAction::ToggleSound);
    assert!(app.settings().sound);
}
