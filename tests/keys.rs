//! The keyboard without a window: a letter on the table is the bar's button it names, the same
//! action a click on the button is (N new game, U undo, H hint); Esc closes the window it opened.

use solitaire::engine::GameCode;
use solitaire::ui::app::{App, Screen};

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
