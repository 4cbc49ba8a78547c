//! Playing through the UI layer without a window: pointer events at framebuffer pixels, as a
//! player's mouse would send them (RULES.md §3).

mod common;

use common::{Mouse, built_game, full_suit};
use solitaire::engine::{Card, Game, GameCode, Pile, Refusal};
use solitaire::ui::app::{App, Screen, UiAction};
use solitaire::ui::geom::Rect;
use solitaire::ui::input::PointerEvent::{Cancel, Down, Up};
use solitaire::ui::layout::{FB_H, FB_W};
use solitaire::ui::strings::{code_error_text, refusal_text};

/// A point inside the visible strip of a card (its corner), never under another card.
fn on_card(app: &App, pile: Pile, depth: usize) -> (i32, i32) {
    let r = app.layout().card_rect(app.game().table(), pile, depth);
    (r.x + 6, r.y + 5)
}

fn center(r: Rect) -> (i32, i32) {
    r.center()
}

fn app_for(game: Game) -> App {
    App::with_game(game, 7)
}

fn names(cards: &[Card]) -> String {
    cards
        .iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn click_on_the_stock_draws() {
    let mut app = App::new(GameCode::parse("KL1-D3N-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    m.click(center(app.layout().stock), &mut app);
    assert_eq!(app.game().table().waste.len(), 3);
    assert_eq!(app.game().moves(), 1);
    // Three quick clicks on the stock are three draws, not a double-click.
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let p = center(app.layout().stock);
    for k in 0..3 {
        let t = 5000 + k * 120;
        app.pointer(Down { x: p.0, y: p.1, t });
        app.pointer(Up {
            x: p.0,
            y: p.1,
            t: t + 40,
        });
    }
    assert_eq!(app.game().table().waste.len(), 3);
}

#[test]
fn click_on_a_card_a_foundation_takes_sends_it_there() {
    // KL1-D1N-AAAAAAA: the AC lies face up on t6.
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    m.click(on_card(&app, Pile::Column(5), 1), &mut app);
    assert_eq!(names(&app.game().table().foundations[3]), "AC");
    assert_eq!(app.game().score(), 15);
    // A click on a card no foundation takes does nothing.
    m.click(on_card(&app, Pile::Column(0), 1), &mut app);
    assert_eq!(app.game().moves(), 1);
}

#[test]
fn double_click_picks_the_longest_column() {
    // 7H fits on t2 (8S, 2 cards) and on t4 (8C, with 3 face-down cards under it).
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("", "7H"), ("", "9D 8S"), ("", "KD"), ("2C 3C 4C", "8C")],
        "",
        "",
        &[],
    );
    let mut app = app_for(game);
    let mut m = Mouse::new();
    m.double_click(on_card(&app, Pile::Column(0), 1), &mut app);
    assert_eq!(names(&app.game().table().columns[3].up), "8C 7H");
    assert_eq!(app.game().moves(), 1);
}

#[test]
fn double_click_after_a_click_that_moved_the_card_does_nothing_more() {
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("", "3D 2S AH"), ("", "3H")],
        "",
        "",
        &[],
    );
    let mut app = app_for(game);
    let mut m = Mouse::new();
    m.double_click(on_card(&app, Pile::Column(0), 1), &mut app);
    // The AH went up on the first click; the 2S now under the pointer stays.
    assert_eq!(names(&app.game().table().foundations[1]), "AH");
    assert_eq!(names(&app.game().table().columns[0].up), "3D 2S");
    assert_eq!(app.game().moves(), 1);
}

#[test]
fn double_click_setting_off_is_a_click() {
    let game = built_game("KL1-D1N-AAAAAAA", &[("", "7H"), ("", "9D 8S")], "", "", &[]);
    let mut app = app_for(game);
    app.ui_action(UiAction::Settings);
    let toggle = app
        .widgets()
        .into_iter()
        .find(|w| w.action == UiAction::ToggleDoubleClick)
        .unwrap();
    let mut m = Mouse::new();
    m.click(center(toggle.rect), &mut app);
    assert!(!app.settings().double_click);
    app.ui_action(UiAction::Cancel);
    m.double_click(on_card(&app, Pile::Column(0), 1), &mut app);
    assert_eq!(app.game().moves(), 0);
}

#[test]
fn drag_a_run_onto_a_column() {
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("4C", "9H 8S 7D"), ("", "TC")],
        "",
        "",
        &[],
    );
    let mut app = app_for(game);
    let mut m = Mouse::new();
    let from = on_card(&app, Pile::Column(0), 3);
    let to = center(
        app.layout()
            .card_rect(app.game().table(), Pile::Column(1), 1),
    );
    m.drag(from, (to.0, to.1 + 10), &mut app);
    let t = app.game().table();
    assert_eq!(names(&t.columns[1].up), "TC 9H 8S 7D");
    assert_eq!(names(&t.columns[0].up), "4C");
    assert!(app.drag().is_none());
}

#[test]
fn drop_anywhere_on_the_foundation_area() {
    // Double: a 2S dropped over the clubs row still finds the first spades place.
    let game = built_game("DS1-D1N-AAAAAAA", &[("", "2S")], "", "", &["AS"]);
    let mut app = app_for(game);
    let mut m = Mouse::new();
    let clubs = center(app.layout().foundations[7]);
    m.drag(on_card(&app, Pile::Column(0), 1), clubs, &mut app);
    assert_eq!(names(&app.game().table().foundations[0]), "AS 2S");
    // In Klondike, over the clubs place: the AH finds the hearts place.
    let game = built_game("KL1-D1N-AAAAAAA", &[("", "AH")], "", "", &[]);
    let mut app = app_for(game);
    let clubs = center(app.layout().foundations[3]);
    m.drag(on_card(&app, Pile::Column(0), 1), clubs, &mut app);
    assert_eq!(names(&app.game().table().foundations[1]), "AH");
}

#[test]
fn an_illegal_drop_puts_the_cards_back() {
    let game = built_game("KL1-D1N-AAAAAAA", &[("", "9H"), ("", "TH")], "", "", &[]);
    let mut app = app_for(game);
    let before = app.game().table().clone();
    let mut m = Mouse::new();
    let to = center(
        app.layout()
            .card_rect(app.game().table(), Pile::Column(1), 1),
    );
    m.drag(on_card(&app, Pile::Column(0), 1), to, &mut app);
    assert_eq!(app.game().table(), &before);
    assert_eq!(app.game().moves(), 0);
    assert!(app.drag().is_none());
    // The cards slide home, and the status line says why.
    assert_eq!(app.slides().len(), 1);
    assert_eq!(app.slides()[0].to, Pile::Column(0));
    let refusal = Refusal::DoesNotFit {
        card: Card::parse("9H").unwrap(),
        onto: Card::parse("TH").unwrap(),
    };
    assert_eq!(app.status(), Some(refusal_text(&refusal).as_str()));
}

#[test]
fn a_release_outside_the_window_puts_the_cards_back() {
    let game = built_game("KL1-D1N-AAAAAAA", &[("", "9H"), ("", "TS")], "", "", &[]);
    let mut app = app_for(game);
    let before = app.game().table().clone();
    let mut m = Mouse::new();
    // Released beyond the framebuffer's edge: no pile is there.
    m.drag(
        on_card(&app, Pile::Column(0), 1),
        (FB_W + 40, FB_H + 30),
        &mut app,
    );
    assert_eq!(app.game().table(), &before);
    assert!(app.drag().is_none());
    // And it says so (issue #14: a word for every refused action).
    assert_eq!(
        app.status(),
        Some(solitaire::ui::strings::strings().dropped_outside)
    );
    // The window minimised (or focus lost) mid-drag cancels it too.
    m.drag_without_release(on_card(&app, Pile::Column(0), 1), (300, 200), &mut app);
    assert!(app.drag().is_some());
    app.pointer(Cancel);
    assert!(app.drag().is_none());
    assert_eq!(app.game().table(), &before);
}

#[test]
fn a_queen_dropped_on_an_empty_column_is_refused() {
    let game = built_game("KL1-D1N-AAAAAAA", &[("5C", "QH"), ("", "")], "", "", &[]);
    let mut app = app_for(game);
    let before = app.game().table().clone();
    let mut m = Mouse::new();
    let empty = center(app.layout().columns[1]);
    m.drag(on_card(&app, Pile::Column(0), 1), empty, &mut app);
    assert_eq!(app.game().table(), &before);
    let refusal = Refusal::EmptyColumnTakesOnlyKing(Card::parse("QH").unwrap());
    assert_eq!(app.status(), Some(refusal_text(&refusal).as_str()));
}

#[test]
fn legal_places_are_outlined_while_dragging() {
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("", "KH"), ("", ""), ("", "9C"), ("", "")],
        "",
        "",
        &[],
    );
    let mut app = app_for(game);
    let mut m = Mouse::new();
    m.drag_without_release(on_card(&app, Pile::Column(0), 1), (300, 250), &mut app);
    let l = app.layout().clone();
    // Every empty column takes the King; the 9C does not, nor does a foundation.
    let empty: Vec<Rect> = [1, 3, 4, 5, 6].iter().map(|&i| l.columns[i]).collect();
    assert_eq!(app.legal_drop_rects(), empty);
}

#[test]
fn new_game_window_driven_by_clicks_alone_starts_the_chosen_code() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    let click_widget = |app: &mut App, m: &mut Mouse, action: UiAction| {
        let w = app
            .widgets()
            .into_iter()
            .find(|w| w.action == action)
            .unwrap_or_else(|| panic!("no button for {action:?}"));
        m.click(center(w.rect), app);
    };
    click_widget(&mut app, &mut m, UiAction::NewGame);
    assert!(matches!(*app.screen(), Screen::NewGame(_)));
    click_widget(
        &mut app,
        &mut m,
        UiAction::SetGame(solitaire::engine::GameKind::Double),
    );
    click_widget(
        &mut app,
        &mut m,
        UiAction::SetDraw(solitaire::engine::Draw::Three),
    );
    click_widget(
        &mut app,
        &mut m,
        UiAction::SetScoring(solitaire::engine::Scoring::Vegas),
    );
    click_widget(&mut app, &mut m, UiAction::SetRandom(false));
    // Deal letters: AAAAAAA → ZAAAAAC with the arrows (up twice on the last, down on the first).
    click_widget(&mut app, &mut m, UiAction::LetterUp(6));
    click_widget(&mut app, &mut m, UiAction::LetterUp(6));
    click_widget(&mut app, &mut m, UiAction::LetterDown(0));
    click_widget(&mut app, &mut m, UiAction::Start);
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().code().to_string(), "DS1-D3V-ZAAAAAC");
    assert_eq!(app.game().score_text(), "-$104");
    assert_eq!(app.game().table().columns.len(), 9);
}

#[test]
fn an_invalid_typed_code_says_what_is_wrong_and_keeps_the_game() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap(), 1);
    let mut m = Mouse::new();
    m.click(center(app.layout().stock), &mut app);
    app.ui_action(UiAction::NewGame);
    for _ in 0..30 {
        app.key_backspace();
    }
    for c in "kl1-d2n-abc".chars() {
        app.key_char(c);
    }
    app.key_enter();
    let Screen::NewGame(form) = app.screen() else {
        panic!("the window should stay open");
    };
    let e = GameCode::parse("KL1-D2N-AAAAAAA").unwrap_err();
    assert_eq!(form.error, Some(code_error_text(&e)));
    assert_eq!(app.game().code().to_string(), "KL1-D1N-AAAAAAB");
    assert_eq!(app.game().moves(), 1);
    // Cancel goes back to the same game.
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().moves(), 1);
}

#[test]
fn undo_through_its_button() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    let start = app.game().table().clone();
    m.click(center(app.layout().stock), &mut app);
    m.click(on_card(&app, Pile::Column(5), 1), &mut app);
    let undo = app
        .widgets()
        .into_iter()
        .find(|w| w.action == UiAction::Undo)
        .unwrap();
    m.click(center(undo.rect), &mut app);
    m.click(center(undo.rect), &mut app);
    assert_eq!(app.game().table(), &start);
    assert_eq!(app.game().moves(), 2);
    m.click(center(undo.rect), &mut app);
    assert!(app.status().is_some(), "nothing to undo is said");
}

/// Issue #38: Redo, always on the bar beside Undo (so no button moves when it has something to
/// redo), plays again what Undo took back, until a new move; with nothing to redo it says so.
#[test]
fn redo_through_its_button_until_a_new_move() {
    use solitaire::ui::strings::strings;
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    let button = |app: &App, action: UiAction| {
        app.widgets()
            .into_iter()
            .find(|w| w.action == action)
            .map(|w| center(w.rect))
    };
    let bar = |app: &App| {
        app.widgets()
            .iter()
            .map(|w| (w.action, w.rect))
            .collect::<Vec<_>>()
    };
    let at_start = bar(&app);
    let redo = button(&app, UiAction::Redo).expect("Redo on the bar from the start");
    m.click(redo, &mut app);
    assert_eq!(app.status(), Some(strings().nothing_to_redo));
    assert_eq!(app.game().moves(), 0);
    m.click(center(app.layout().stock), &mut app);
    m.click(on_card(&app, Pile::Column(5), 1), &mut app);
    let played = app.game().table().clone();
    let undo = button(&app, UiAction::Undo).unwrap();
    m.click(undo, &mut app);
    m.click(undo, &mut app);
    assert_eq!(
        bar(&app),
        at_start,
        "the bar's buttons stay where they were"
    );
    m.click(redo, &mut app);
    m.click(redo, &mut app);
    assert_eq!(app.game().table(), &played);
    assert_eq!(app.game().moves(), 4);
    m.click(redo, &mut app);
    assert_eq!(app.status(), Some(strings().nothing_to_redo));
    assert_eq!(app.game().moves(), 4);
    // A new move ends it.
    m.click(undo, &mut app);
    m.click(center(app.layout().stock), &mut app);
    app.ui_action(UiAction::Redo);
    assert_eq!(app.game().redo_available(), 0);
}

#[test]
fn a_new_press_finishes_running_animations_at_once() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let p = center(app.layout().stock);
    app.pointer(Down {
        x: p.0,
        y: p.1,
        t: 100,
    });
    app.pointer(Up {
        x: p.0,
        y: p.1,
        t: 130,
    });
    assert_eq!(app.slides().len(), 1);
    app.pointer(Down { x: 5, y: 5, t: 140 });
    assert!(app.slides().is_empty());
}

#[test]
fn winning_shows_the_win_screen_with_score_and_moves() {
    let full = full_suit;
    let clubs = full("C").replace(" KC", "");
    let game = built_game(
        "KL1-D1N-AAAAAAA",
        &[("", "KC")],
        "",
        "",
        &[&full("S"), &full("H"), &full("D"), &clubs],
    );
    let mut app = app_for(game);
    let mut m = Mouse::new();
    m.click(on_card(&app, Pile::Column(0), 1), &mut app);
    assert_eq!(*app.screen(), Screen::Won);
    assert!(app.cascade().is_some());
    let actions: Vec<UiAction> = app.widgets().iter().map(|w| w.action).collect();
    assert!(actions.contains(&UiAction::NewGame) && actions.contains(&UiAction::Replay));
    // The cascade runs by itself over time.
    app.tick(m.t + 3000);
    assert!(!app.cascade().unwrap().stamps.is_empty());
    // Replay deals the same code again.
    app.ui_action(UiAction::Replay);
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().code().to_string(), "KL1-D1N-AAAAAAA");
}

/// One rule, one owner (issue #13): two quick clicks on the stock are two clicks, each drawing,
/// in the window as in the script (`dclick s`), with the Double-click setting on or off.
#[test]
fn a_double_click_on_the_stock_draws_twice_in_the_app_and_the_script() {
    for setting in [true, false] {
        let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
        let mut app = App::new(code, 1);
        app.settings_mut().double_click = setting;
        let mut m = Mouse::new();
        m.double_click(center(app.layout().stock), &mut app);
        let mut script = format!("new {code}\n");
        if !setting {
            script += "set doubleclick off\n";
        }
        script += "dclick s\n";
        let played = solitaire::shell::tools::play_script(script.as_bytes()).unwrap();
        assert_eq!(app.game().table(), played.table(), "setting {setting}");
        assert_eq!(played.table().waste.len(), 2);
    }
}

/// Issue #14: two quick clicks on the waste send its top card up and then the next one: a
/// double-click is two clicks on the same card, not any two clicks in a short time.
#[test]
fn quick_clicks_on_different_cards_are_each_a_click() {
    let game = built_game("KL1-D1N-AAAAAAA", &[], "", "6S 5S", &["AS 2S 3S 4S"]);
    let mut app = app_for(game);
    let waste = on_card(&app, Pile::Waste, 1);
    let (x, y) = waste;
    for t in [1000, 1220] {
        app.pointer(Down { x, y, t });
        app.pointer(Up { x, y, t: t + 40 });
    }
    assert_eq!(
        app.game().table().foundations[0].len(),
        6,
        "5♠ and 6♠ both went up"
    );
    assert!(app.game().table().waste.is_empty());
}

/// Issue #14: when undo no longer reaches back, the message says the limit.
#[test]
fn the_undo_limit_message_says_the_limit() {
    use solitaire::ui::strings::{fill, strings};
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = App::new(code, 1);
    let mut m = Mouse::new();
    let stock = center(app.layout().stock);
    for _ in 0..101 {
        m.click(stock, &mut app);
    }
    for _ in 0..100 {
        app.ui_action(UiAction::Undo);
    }
    app.ui_action(UiAction::Undo);
    let limit = fill(strings().undo_limit, &[("n", "100")]);
    assert_eq!(app.status(), Some(limit.as_str()));
    // With everything undone back to the deal, there is just nothing to undo.
    let mut app = App::new(code, 1);
    m.click(stock, &mut app);
    app.ui_action(UiAction::Undo);
    app.ui_action(UiAction::Undo);
    assert_eq!(app.status(), Some(strings().nothing_to_undo));
}

/// Issue #14: the win cascade takes at most about 8 s in both games, and any click skips it.
#[test]
fn the_win_cascade_is_short_and_a_click_skips_it() {
    for code in ["KL1-D1V-AAAAABE", "DS1-D1N-AAAAAAB"] {
        let code = GameCode::parse(code).unwrap();
        let line = common::greedy_win(code, 5000).unwrap();
        let mut g = Game::new(code);
        for &a in &line[..line.len() - 1] {
            g.apply(a).unwrap();
        }
        let last = match *line.last().unwrap() {
            solitaire::engine::Action::Move { from, .. } => from.pile(),
            _ => unreachable!("a game is won by a move"),
        };
        let win = |app: &mut App, m: &mut Mouse| {
            let r = app.layout().card_rect(app.game().table(), last, 1);
            m.click((r.x + 6, r.y + 5), app);
            assert!(app.game().is_won());
        };
        let mut app = App::with_game(g.clone(), 1);
        let mut m = Mouse::new();
        win(&mut app, &mut m);
        let start = app.now();
        let mut t = start;
        while app.cascade().is_some_and(|c| !c.is_done()) {
            t += 50;
            app.tick(t);
            assert!(t - start <= 8_000, "{code}: the cascade runs past 8 s");
        }
        // A click anywhere but a button ends it at once.
        let mut app = App::with_game(g, 1);
        win(&mut app, &mut m);
        assert!(app.cascade().is_some_and(|c| !c.is_done()));
        m.click((5, 150), &mut app);
        assert!(app.cascade().is_none(), "{code}: a click skips the cascade");
        assert_eq!(*app.screen(), Screen::Won);
    }
}

/// Issue #14: one bank figure. With Vegas dollars carried over, the bar and Statistics show the
/// same bankroll, the game in play's dollars counted in both.
#[test]
fn the_bar_and_statistics_show_one_bankroll() {
    use solitaire::engine::GameKind;
    use solitaire::ui::screens::Item;
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    app.settings_mut().carry_vegas = true;
    app.stats_mut().add_to_bankroll(GameKind::Klondike, -104);
    let bar = app.bankroll_text().expect("the bar shows the bank");
    assert_eq!(bar, "-$156", "the earlier games' -$104 and this one's -$52");
    app.ui_action(UiAction::Stats);
    let texts: Vec<String> = app
        .panel()
        .unwrap()
        .items
        .iter()
        .filter_map(Item::text)
        .map(str::to_string)
        .collect();
    let bank = texts
        .iter()
        .find(|t| t.starts_with(solitaire::ui::strings::strings().bank))
        .expect("Statistics shows the bank");
    assert!(bank.contains("Klondike -$156"), "{bank}");
}

/// Issue #14: a word for every refused action. A click on the spent Vegas stock, and a
/// double-click on a card no place takes, say why; a single click on such a card stays quiet
/// (it may be the first half of a double-click).
#[test]
fn refused_stock_clicks_and_double_clicks_say_why() {
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    let mut m = Mouse::new();
    let stock = center(app.layout().stock);
    while !app.game().table().stock.is_empty() {
        m.click(stock, &mut app);
    }
    m.click(stock, &mut app);
    assert_eq!(
        app.status(),
        Some(refusal_text(&Refusal::NoPassLeft).as_str())
    );
    // A card with no place: the 3H on the first column at the start of this deal.
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let card = app.game().table().columns[0].top().unwrap();
    assert!(
        app.game().legal_actions().iter().all(|a| !matches!(
            a,
            solitaire::engine::Action::Move {
                from: solitaire::engine::Source::Column { index: 0, .. },
                ..
            }
        )),
        "{card} has no place"
    );
    let at = on_card(&app, Pile::Column(0), 1);
    m.click(at, &mut app);
    assert_eq!(app.status(), None, "a single click stays quiet");
    m.double_click(at, &mut app);
    assert_eq!(
        app.status(),
        Some(refusal_text(&Refusal::NoPlaceOnTable(card)).as_str())
    );
}
