//! The Hint button and "Winnable deals only", through the UI layer: the search runs in slices
//! (`App::work`), hints only point, and following them wins.

mod common;

use solitaire::ui::strings::strings;

use common::{Mouse, STUCK_SPADES, built_game, full_suit, stuck_spades_game};
use solitaire::engine::{Action, Game, GameCode, Pile, Source};
use solitaire::solver::{self, Budget, Verdict};
use solitaire::ui::app::{App, Screen, UiAction};

/// Runs the app's search in small slices until it is done; returns how many slices it took.
fn work_until_done(app: &mut App, max_slices: usize) -> usize {
    let mut slices = 0;
    while app.is_busy() {
        assert!(slices < max_slices, "the search did not end");
        app.work(500);
        slices += 1;
    }
    slices
}

fn status(app: &App) -> String {
    app.status().unwrap_or_default().to_string()
}

#[test]
fn a_hint_points_at_the_first_move_of_a_winning_line_and_moves_nothing() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = App::new(code, 3);
    let mut m = Mouse::new();
    let before = app.game().table().clone();
    m.press(&mut app, UiAction::Hint);
    work_until_done(&mut app, 10_000);
    assert_eq!(app.game().table(), &before, "a hint moves no card");
    assert_eq!(app.game().moves(), 0);
    let hint = app.hint().cloned().expect("a hint is shown");
    let hint_prefix = format!("{}: ", strings().hint);
    assert!(status(&app).starts_with(&hint_prefix), "{}", status(&app));
    // The same solver, asked directly, starts its line with the move the hint marks.
    let Verdict::Winnable(line) = solver::solve(&Game::new(code), Budget { states: 100_000 })
    else {
        panic!("{code} is winnable");
    };
    let first = solver::first_move(&line);
    let t = app.game().table();
    match first.last() {
        _ if first.len() > 1 => assert_eq!(hint.from, app.layout().stock),
        Some(&Action::Move {
            from: Source::Column { index, count },
            ..
        }) => {
            let top = app.layout().card_rect(t, Pile::Column(index), 1);
            assert!(hint.from.contains(top.x + 1, top.y + 1));
            let bottom = app.layout().card_rect(t, Pile::Column(index), count);
            assert!(hint.from.contains(bottom.x + 1, bottom.y + 1));
        }
        Some(&Action::Move {
            from: Source::Waste,
            ..
        }) => assert_eq!(hint.from, app.layout().card_rect(t, Pile::Waste, 1)),
        other => panic!("unexpected first move {other:?}"),
    }
    // Playing anything clears the mark.
    m.click(app.layout().stock.center(), &mut app);
    assert_eq!(app.hint().cloned(), None);
}

/// Asks for a hint and does what it points at with the mouse, until the game is won.
fn follow_hints_to_a_win(code: &str) {
    let mut app = App::new(GameCode::parse(code).unwrap(), 5);
    let mut m = Mouse::new();
    for step in 0..2000 {
        if app.game().is_won() {
            assert_eq!(*app.screen(), Screen::Won);
            return;
        }
        m.press(&mut app, UiAction::Hint);
        work_until_done(&mut app, 10_000);
        let said = status(&app);
        let hint_prefix = format!("{}: ", strings().hint);
        assert!(said.starts_with(&hint_prefix), "{code} step {step}: {said}");
        let hint = app.hint().cloned().expect("a hint");
        let moves = app.game().moves();
        match hint.to {
            None => m.click(hint.from.center(), &mut app),
            Some(to) => m.drag((hint.from.x + 6, hint.from.y + 5), to.center(), &mut app),
        }
        assert_eq!(app.game().moves(), moves + 1, "{code} step {step}: {said}");
    }
    panic!("{code}: not won by following the hints");
}

#[test]
fn following_the_hints_wins_klondike() {
    follow_hints_to_a_win("KL1-D3N-AAAAAAB");
}

#[test]
fn following_the_hints_wins_double_solitaire() {
    follow_hints_to_a_win("DS1-D1N-AAAAAAC");
}

#[test]
fn with_no_useful_move_the_hint_says_so_and_suggests_undo() {
    // The proved-unwinnable position of the solver tests: the AS under the 2S, nothing to do.
    let g = stuck_spades_game();
    let mut app = App::with_game(g, 1);
    app.ui_action(UiAction::Hint);
    work_until_done(&mut app, 10_000);
    assert_eq!(app.hint().cloned(), None);
    let said = status(&app);
    assert!(said == strings().no_useful_move, "{said}");
}

#[test]
fn a_guess_is_marked_as_one() {
    // A lost position with a move that looks useful: the QH from the waste onto the KS. The
    // solver proves there is no win, so the hint can only guess, and says so.
    let full = full_suit;
    let g = built_game(
        "KL1-D1V-AAAAAAA",
        &STUCK_SPADES,
        "",
        "QH",
        &[
            "",
            "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH KH",
            &full("D"),
            &full("C"),
        ],
    );
    let mut app = App::with_game(g, 1);
    app.ui_action(UiAction::Hint);
    work_until_done(&mut app, 10_000);
    let said = status(&app);
    assert!(said.starts_with(strings().guess), "{said}");
    let hint = app.hint().cloned().expect("a guess is marked too");
    let t = app.game().table();
    assert_eq!(hint.from, app.layout().card_rect(t, Pile::Waste, 1));
    assert_eq!(hint.to, Some(app.layout().top_rect(t, Pile::Column(6))));
    let onto = solitaire::ui::strings::fill(strings().hint_onto, &[("card", "K♠")]);
    assert!(said.contains(&format!("Q♥ {onto}")), "{said}");
}

#[test]
fn winnable_deals_only_starts_a_deal_the_solver_has_won() {
    let mut app = App::new(GameCode::parse("KL1-D3N-AAAAAAA").unwrap(), 11);
    let mut m = Mouse::new();
    m.press(&mut app, UiAction::NewGame);
    m.press(&mut app, UiAction::ToggleWinnableOnly);
    assert!(app.settings().winnable_only);
    m.press(&mut app, UiAction::Start);
    // The search runs between frames; meanwhile the window stays open and says so.
    if app.is_busy() {
        let Screen::NewGame(form) = app.screen() else {
            panic!("the window stays open while searching");
        };
        assert!(form.note.is_some());
    }
    work_until_done(&mut app, 100_000);
    assert_eq!(*app.screen(), Screen::Table);
    let code = app.game().code();
    assert_eq!(code.to_string()[..7], *"KL1-D3N");
    // An ordinary code: solved again from scratch, it is winnable.
    assert!(matches!(
        solver::solve(&Game::new(code), Budget { states: 200_000 }),
        Verdict::Winnable(_)
    ));
    assert!(status(&app).contains(&code.to_string()));
}

#[test]
fn cancel_stops_the_search_for_a_winnable_deal() {
    let code = GameCode::parse("DS1-D3N-AAAAAAA").unwrap();
    let mut app = App::new(code, 2);
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::ToggleWinnableOnly);
    app.ui_action(UiAction::SetGame(solitaire::engine::GameKind::Double));
    app.ui_action(UiAction::Start);
    app.work(100);
    assert!(
        app.is_busy(),
        "one short slice does not finish a Double deal"
    );
    app.ui_action(UiAction::Cancel);
    assert!(!app.is_busy());
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().code(), code);
}

#[test]
fn the_hint_button_sits_in_the_bar() {
    let app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let w = app
        .widgets()
        .into_iter()
        .find(|w| w.action == UiAction::Hint)
        .expect("a Hint button");
    let undo = app
        .widgets()
        .into_iter()
        .find(|w| w.action == UiAction::Undo)
        .unwrap();
    assert_eq!(w.rect.y, undo.rect.y);
    assert!(w.rect.x > undo.rect.right());
}

#[test]
fn the_give_up_message_names_the_number_of_deals_tried() {
    let s = solitaire::ui::strings::strings();
    let tries = solitaire::solver::WINNABLE_TRIES.to_string();
    assert!(s.winnable_not_found.contains(&tries));
}

#[test]
fn giving_up_on_winnable_deals_says_so_and_keeps_the_game() {
    // Klondike draw 3 in Vegas: the solver wins about one deal in thirty, so with these
    // deals (from entropy ENTROPY) it gives up after its tries.
    const ENTROPY: u64 = 7;
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = App::new(code, ENTROPY);
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::ToggleWinnableOnly);
    app.ui_action(UiAction::SetDraw(solitaire::engine::Draw::Three));
    app.ui_action(UiAction::SetScoring(solitaire::engine::Scoring::Vegas));
    app.ui_action(UiAction::Start);
    // Big slices: this test is about the ending, not the slicing.
    while app.is_busy() {
        app.work(1_000_000);
    }
    assert_eq!(app.game().code(), code);
    let Screen::NewGame(form) = app.screen() else {
        panic!("the window stays open");
    };
    assert_eq!(form.error.as_deref(), Some(strings().winnable_not_found));
}

/// The cards a player can see: the waste's fanned cards, the face-up cards of the columns,
/// the foundations' top cards.
fn visible_cards(g: &Game) -> Vec<solitaire::engine::Card> {
    let t = g.table();
    let mut v: Vec<_> = t.waste.iter().rev().take(3).copied().collect();
    for col in &t.columns {
        v.extend(col.up.iter().copied());
    }
    v.extend(t.foundations.iter().filter_map(|f| f.last().copied()));
    v
}

/// Issue #14: a hint never names or outlines a card the player cannot see (face-down cards,
/// the unseen stock), in positions of all eight modes; its words go as soon as the table
/// changes.
#[test]
fn hints_name_and_outline_only_cards_the_player_sees() {
    use solitaire::engine::{Draw, GameKind, Scoring};
    use solitaire::ui::strings::card_name;
    let mut checked = 0;
    let mut turns = 0;
    for (m, (game, draw, scoring)) in GameKind::ALL
        .iter()
        .flat_map(|&g| {
            Draw::ALL
                .iter()
                .flat_map(move |&d| Scoring::ALL.map(move |s| (g, d, s)))
        })
        .enumerate()
    {
        for k in 0..25u64 {
            let code = GameCode::new(game, draw, scoring, 17 * k + m as u64);
            // A position some way into the game: a greedy player's first moves.
            let mut g = Game::new(code);
            for a in common::greedy_actions(code, (k * 7) as usize % 40) {
                if g.apply(a).is_err() {
                    break;
                }
            }
            let mut app = App::with_game(g.clone(), 1);
            app.ui_action(UiAction::Hint);
            work_until_done(&mut app, 100_000);
            let said = status(&app);
            let seen = visible_cards(&g);
            let all: Vec<_> = g
                .table()
                .stock
                .iter()
                .chain(&g.table().waste)
                .copied()
                .chain(
                    g.table()
                        .columns
                        .iter()
                        .flat_map(|c| c.down.iter().chain(&c.up).copied()),
                )
                .collect();
            for c in all {
                let name = card_name(c);
                // A name may be said only of a card in sight (Double has every card twice).
                if said.contains(&format!("{name} ")) || said.contains(&format!("{name}.")) {
                    assert!(
                        seen.contains(&c),
                        "{code}: the hint names {name}, which cannot be seen: {said}"
                    );
                }
            }
            if let Some(h) = app.hint() {
                let t = g.table();
                let l = app.layout();
                let stock = h.from == l.stock;
                turns += usize::from(stock);
                if stock {
                    assert_eq!(h.to, None, "{code}: a turn of the stock outlines no place");
                    // Words without a count or a card: turn the stock, or turn the waste back.
                    let s = strings();
                    assert!(
                        said.ends_with(s.hint_turn) || said.ends_with(s.hint_recycle),
                        "{code}: {said}"
                    );
                } else {
                    // The outline covers face-up cards only: its top left is a face-up card.
                    let hit = l.hit(t, h.from.x + 2, h.from.y + 2).expect("a card");
                    assert!(
                        hit.face_up,
                        "{code}: the outline starts on a face-down card"
                    );
                }
                checked += 1;
            }
            // Any move ends the hint, words and outline.
            let moves = app.game().moves();
            let stock = app.layout().stock.center();
            Mouse::new().click(stock, &mut app);
            if app.game().moves() > moves {
                assert_eq!(app.hint().cloned(), None);
                assert_ne!(
                    app.status(),
                    Some(said.as_str()),
                    "{code}: the hint's words stay"
                );
            }
        }
    }
    assert!(
        checked >= 160 && turns >= 5,
        "{checked} hints checked, {turns} turns of the stock"
    );
}

/// Issue #14: the hint's words go when a window opens or a new game starts.
#[test]
fn a_hint_goes_when_a_window_opens_or_a_new_game_starts() {
    for action in [
        UiAction::Help,
        UiAction::Stats,
        UiAction::Settings,
        UiAction::NewGame,
        UiAction::Replay,
    ] {
        let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 3);
        app.ui_action(UiAction::Hint);
        work_until_done(&mut app, 10_000);
        assert!(app.hint().cloned().is_some());
        app.ui_action(action);
        assert_eq!(app.hint().cloned(), None, "{action:?}");
        assert_eq!(app.status(), None, "{action:?}: the words go too");
    }
}

/// Issue #38: "Winnable only" is offered in Double Solitaire Vegas too, where the solver
/// proves about half the draw-1 deals winnable within the budget New Game gives each deal: the
/// search starts and ends with a deal of that mode the solver has won.
#[test]
fn winnable_only_finds_a_double_solitaire_vegas_deal() {
    use solitaire::engine::{GameKind, Scoring};
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 9);
    app.settings_mut().winnable_only = true;
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::SetGame(GameKind::Double));
    app.ui_action(UiAction::SetScoring(Scoring::Vegas));
    app.ui_action(UiAction::SetRandom(true));
    app.ui_action(UiAction::Start);
    assert!(app.is_busy(), "a search for a winnable deal");
    work_until_done(&mut app, 20_000);
    assert_eq!(*app.screen(), Screen::Table);
    let code = app.game().code();
    assert_eq!(
        (code.game, code.scoring),
        (GameKind::Double, Scoring::Vegas)
    );
    assert!(
        status(&app).contains(strings().winnable_found),
        "{}",
        status(&app)
    );
}

/// Issue #14: when the first winning line found starts by turning the stock, but a move the
/// player can see also starts a winning line, the hint is that move. On deals where the
/// solver's own first line turns the stock and some visible move is proved to win as well,
/// the hint names a visible move; and whatever it names, the line it follows wins.
#[test]
fn a_visible_winning_move_is_preferred_to_turning_the_stock() {
    use solitaire::engine::Action;
    use solitaire::solver::{Budget, HINT_STATES, Verdict, solve};
    let mut found = 0;
    for deal in 0..120u64 {
        let code = GameCode::new(
            solitaire::engine::GameKind::Klondike,
            solitaire::engine::Draw::One,
            solitaire::engine::Scoring::Normal,
            deal,
        );
        let g = Game::new(code);
        let Verdict::Winnable(line) = solve(
            &g,
            Budget {
                states: HINT_STATES,
            },
        ) else {
            continue;
        };
        if line.first() != Some(&Action::Draw) {
            continue;
        }
        // Is there a visible move after which the solver wins too?
        let visible_win = g.legal_actions().into_iter().any(|a| {
            let Action::Move { from, .. } = a else {
                return false;
            };
            if matches!(from, solitaire::engine::Source::Foundation(_)) {
                return false;
            }
            let mut after = g.clone();
            after.apply(a).is_ok()
                && matches!(
                    solve(&after, Budget { states: 10_000 }),
                    Verdict::Winnable(_)
                )
        });
        if !visible_win {
            continue;
        }
        let mut app = App::with_game(g.clone(), 1);
        app.ui_action(UiAction::Hint);
        work_until_done(&mut app, 100_000);
        let h = app.hint().cloned().expect("a hint");
        if h.from == app.layout().stock {
            continue; // the visible winner lies beyond the moves the hint tries first
        }
        assert!(
            !status(&app).contains(strings().hint_turn),
            "{code}: {}",
            status(&app)
        );
        found += 1;
        if found >= 3 {
            break;
        }
    }
    assert!(
        found >= 1,
        "no deal showed a visible move preferred to the stock"
    );
}
