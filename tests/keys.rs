//! The keyboard without a window: a letter on the table is the bar's button it names, the same
//! action a click on the button is (N new game, U undo, H hint); Esc closes the window it opened.

mod common;

use common::built_game;
use solitaire::engine::{GameCode, Pile};
use solitaire::ui::app::{App, Screen};
use solitaire::ui::focus::Arrow;

fn app() -> App {
    App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1)
}

#[test]
fn u_undoes_and_h_asks_for_a_hint() {
    let mut app = app();
    let stock = app.layout().stock.center();
    app.pointer(solitaire::ui::input::PointerEvent::Down {
        x: stock.0,
        y: stock.1,
        t: 1000,
    });
    app.pointer(solitaire::ui::input::PointerEvent::Up {
        x: stock.0,
        y: stock.1,
        t: 1040,
    });
    assert_eq!(app.game().moves(), 1);
    app.key_char('u');
    assert_eq!(app.game().table().waste.len(), 0, "U took the draw back");
    app.key_char('U');
    assert_eq!(
        app.status(),
        Some(solitaire::ui::strings::strings().nothing_to_undo),
        "a second U says there is nothing left, as the button does"
    );

    assert!(app.hint().is_none());
    app.key_char('h');
    for _ in 0..2000 {
        if app.hint().is_some() {
            break;
        }
        app.work(5000);
    }
    assert!(app.hint().is_some(), "H outlined a move");
    // Other letters do nothing on the table.
    let before = app.game().clone();
    app.key_char('q');
    assert_eq!(app.game().log(), before.log());
    assert_eq!(*app.screen(), Screen::Table);
}

#[test]
fn n_opens_new_game_where_letters_are_typed_and_esc_closes_it() {
    let mut app = app();
    app.key_char('n');
    let Screen::NewGame(form) = app.screen().clone() else {
        panic!("N opened the New Game window: {:?}", app.screen());
    };
    // In the window a letter is typed into the code, never a shortcut.
    app.key_char('n');
    app.key_char('u');
    let Screen::NewGame(typed) = app.screen().clone() else {
        panic!("the window stays open while typing");
    };
    assert_ne!(typed, form, "the letters went into the form");
    assert_eq!(app.game().moves(), 0);
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
}

/// Right until the focus is on `pile`, then Up to the card `depth` from the top.
fn go(app: &mut App, pile: Pile, depth: usize) {
    for _ in 0..20 {
        if app.focus().shown && app.focus().pile == pile {
            break;
        }
        app.key_arrow(Arrow::Right);
    }
    assert_eq!(app.focus().pile, pile, "the arrows reach {pile:?}");
    while app.focus().depth < depth {
        app.key_arrow(Arrow::Up);
    }
    assert_eq!(app.focus().depth, depth);
}

fn cards(app: &App, column: usize) -> String {
    let c = &app.game().table().columns[column].up;
    c.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn every_kind_of_move_by_keys_alone() {
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[
            ("", "KS"),
            ("3C", "9H 8S"),
            ("", ""),
            ("", "TC"),
            ("", "AH"),
        ],
        "7D",
        "",
        &[],
    );
    let mut app = App::with_game(game, 7);
    assert!(app.focus_rects().is_none(), "no focus until a key is used");
    // The stock: a press draws.
    go(&mut app, Pile::Stock, 1);
    app.key_activate();
    assert_eq!(app.game().table().waste.len(), 1);
    // A press on the AH picks it up; a second press on it sends it home.
    go(&mut app, Pile::Column(4), 1);
    app.key_enter();
    assert!(app.focus().held.is_some());
    assert!(
        app.focus_rects().unwrap().1.is_some(),
        "the held card is outlined"
    );
    app.key_activate();
    assert_eq!(app.game().table().foundations[1].len(), 1);
    // A run: Up to the 9H, picked up, laid on the TC; the 3C turns over.
    go(&mut app, Pile::Column(1), 2);
    app.key_activate();
    go(&mut app, Pile::Column(3), 1);
    app.key_activate();
    assert_eq!(cards(&app, 3), "TC 9H 8S");
    assert_eq!(cards(&app, 1), "3C");
    // The waste's card onto a column.
    go(&mut app, Pile::Waste, 1);
    app.key_activate();
    go(&mut app, Pile::Column(3), 1);
    app.key_activate();
    assert_eq!(cards(&app, 3), "TC 9H 8S 7D");
    // A King to an empty column.
    go(&mut app, Pile::Column(0), 1);
    app.key_activate();
    go(&mut app, Pile::Column(2), 1);
    app.key_activate();
    assert_eq!(cards(&app, 2), "KS");
    assert_eq!(app.game().moves(), 5);
    // Esc puts held cards back; a refused lay says why and moves nothing.
    go(&mut app, Pile::Column(1), 1);
    app.key_activate();
    app.key_escape();
    assert!(app.focus().held.is_none());
    app.key_activate();
    go(&mut app, Pile::Column(0), 1);
    app.take_effects();
    app.key_activate();
    assert_eq!(app.game().moves(), 5);
    assert!(app.status().is_some(), "the refusal is said");
    assert!(
        app.take_effects()
            .contains(&solitaire::ui::effect::Effect::Sound(
                solitaire::ui::sound::Sound::Refused
            ))
    );
}
