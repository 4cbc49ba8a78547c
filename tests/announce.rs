//! What a screen reader is told, without a window: a move, the stock, a refusal, the hint, a
//! win, a new deal, undo and redo, and the keyboard's focus each queue `Effect::Announce` with
//! their words in the player's language, cards spelled out.

mod common;

use common::{built_game, full_suit};
use solitaire::engine::{GameCode, Pile};
use solitaire::ui::app::{App, UiAction};
use solitaire::ui::effect::Effect;
use solitaire::ui::focus::Arrow;
use solitaire::ui::strings::{Language, set_language};

/// The line queued for the screen reader since the last call (the queue is emptied, as the
/// window does), or "" for none.
fn said(app: &mut App) -> String {
    let lines: Vec<String> = app
        .take_effects()
        .into_iter()
        .filter_map(|e| match e {
            Effect::Announce(line) => Some(line),
            _ => None,
        })
        .collect();
    assert!(lines.len() <= 1, "one line a frame: {lines:?}");
    lines.concat()
}

/// Right (or, for the first key, any arrow: it shows the focus) until the focus is on `pile`,
/// then Up to the card `depth` from the top. Says what the last key announced.
fn go(app: &mut App, pile: Pile, depth: usize) -> String {
    let mut last = String::new();
    for _ in 0..20 {
        if app.focus().shown && app.focus().pile == pile {
            break;
        }
        app.key_arrow(Arrow::Right);
        last = said(app);
    }
    while app.focus().depth < depth {
        app.key_arrow(Arrow::Up);
        last = said(app);
    }
    assert_eq!((app.focus().pile, app.focus().depth), (pile, depth));
    last
}

fn table(language: Language) -> App {
    set_language(language);
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
    said(&mut app);
    app
}

/// Every kind of move by keys, with what each says: the focus, a card picked up, the stock, a
/// card home, a run with the card it uncovers, a King to an empty column, a refusal.
fn moves_by_keys(language: Language) -> Vec<String> {
    let mut app = table(language);
    let mut out = vec![go(&mut app, Pile::Stock, 1)];
    app.key_activate();
    out.push(said(&mut app));
    out.push(go(&mut app, Pile::Column(4), 1));
    app.key_activate();
    out.push(said(&mut app));
    app.key_activate();
    out.push(said(&mut app));
    out.push(go(&mut app, Pile::Column(1), 2));
    app.key_activate();
    go(&mut app, Pile::Column(3), 1);
    app.key_activate();
    out.push(said(&mut app));
    go(&mut app, Pile::Column(0), 1);
    app.key_activate();
    go(&mut app, Pile::Column(2), 1);
    app.key_activate();
    out.push(said(&mut app));
    go(&mut app, Pile::Column(1), 1);
    app.key_activate();
    go(&mut app, Pile::Column(2), 1);
    app.key_activate();
    out.push(said(&mut app));
    set_language(Language::En);
    out
}

#[test]
fn moves_and_the_focus_are_said_in_english() {
    assert_eq!(
        moves_by_keys(Language::En),
        [
            "The stock: 1 card.",
            "Stock: seven of diamonds turned up.",
            "Column 5: ace of hearts.",
            "Ace of hearts picked up.",
            "Ace of hearts to the foundation.",
            "Column 2: nine of hearts, 1 card face down.",
            "Nine of hearts and 1 more card onto ten of clubs. Three of clubs turned face up.",
            "King of spades to the empty column.",
            "Three of clubs does not go on king of spades: a card goes on one of the opposite \
             colour, one rank higher.",
        ]
    );
}

#[test]
fn moves_and_the_focus_are_said_in_norwegian_and_turkish() {
    let nb = moves_by_keys(Language::Nb);
    assert_eq!(
        nb[..8],
        [
            "Trekkbunken: 1 kort.",
            "Trekkbunken: ruter sju snudd.",
            "Kolonne 5: hjerter ess.",
            "Hjerter ess tatt opp.",
            "Hjerter ess flyttet til en grunnbunke.",
            "Kolonne 2: hjerter ni, 1 kort med bildesiden ned.",
            "Hjerter ni og 1 kort til flyttet over på kløver ti. Kløver tre snudd med bildesiden \
             opp.",
            "Spar konge flyttet til den tomme kolonnen.",
        ]
    );
    assert!(
        nb[8].starts_with("Kløver tre kan ikke legges på spar konge:"),
        "{}",
        nb[8]
    );
    let tr = moves_by_keys(Language::Tr);
    assert_eq!(tr[4], "Kupa ası temel yığınına taşındı.");
    assert_eq!(
        tr[6],
        "Kupa dokuzlusu ve üstündeki 1 kart sinek onlusu üzerine taşındı. Sinek üçlüsü açıldı."
    );
    assert_eq!(tr[7], "Maça papazı boş sütuna taşındı.");
}

#[test]
fn the_winning_move_says_the_game_is_won() {
    for (language, words) in [
        (Language::En, "King of spades to the foundation. You won!"),
        (
            Language::Nb,
            "Spar konge flyttet til en grunnbunke. Du vant!",
        ),
    ] {
        set_language(language);
        let hearts = full_suit("H");
        let diamonds = full_suit("D");
        let clubs = full_suit("C");
        let spades = full_suit("S").replace(" KS", "");
        let game = built_game(
            "KL1-D1N-AAAAAAA",
            &[("", "KS")],
            "",
            "",
            &[&spades, &hearts, &diamonds, &clubs],
        );
        let mut app = App::with_game(game, 7);
        go(&mut app, Pile::Column(0), 1);
        app.key_activate();
        said(&mut app);
        app.key_activate();
        assert!(app.game().is_won());
        assert_eq!(said(&mut app), words);
        set_language(Language::En);
    }
}

#[test]
fn the_hint_is_said_in_the_words_the_status_line_shows() {
    for (language, words) in [
        (Language::En, "Hint: ace of clubs to the foundation."),
        (
            Language::Tr,
            "İpucu: sinek ası kartını temel yığınına taşıyın.",
        ),
    ] {
        set_language(language);
        let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 3);
        said(&mut app);
        app.ui_action(UiAction::Hint);
        let mut heard = said(&mut app);
        for _ in 0..10_000 {
            if app.hint().is_some() {
                break;
            }
            app.work(500);
            heard = said(&mut app);
        }
        assert!(app.hint().is_some(), "a hint is shown");
        assert_eq!(heard, words);
        assert!(
            app.status().is_some_and(|s| s.contains('♣')),
            "the screen shows the sign"
        );
        set_language(Language::En);
    }
}

#[test]
fn a_new_deal_undo_and_redo_are_said() {
    let mut app = table(Language::Nb);
    app.key_char('u');
    assert_eq!(said(&mut app), "Ingenting å angre.");
    go(&mut app, Pile::Stock, 1);
    app.key_activate();
    said(&mut app);
    app.key_char('u');
    assert_eq!(said(&mut app), "Trekket er angret.");
    app.ui_action(UiAction::Redo);
    assert_eq!(said(&mut app), "Gjør om. Trekkbunken: ruter sju snudd.");
    app.start(GameCode::parse("KL1-D3V-AAAAAAB").unwrap());
    assert_eq!(
        said(&mut app),
        "Nytt spill delt ut: Klondike, Trekk 3 «Vanskelig», Vegas."
    );
    set_language(Language::En);
}

#[test]
fn a_change_of_language_is_handed_to_the_page() {
    let mut app = table(Language::En);
    app.set_language(Language::Tr);
    assert!(app.take_effects().contains(&Effect::Language(Language::Tr)));
    set_language(Language::En);
}
