//! "Where was it lost?" through the app, as a player reaches it: a lost game stuck (the hint
//! offers it) or left for another (Statistics → Last game), the analysis run in slices with its
//! progress on show, the verdict, and "Try again from here" — a practice game from the position
//! before the fatal move that the statistics never count.

mod common;

use common::Mouse;
use solitaire::engine::GameCode;
use solitaire::solver::analysis::{Analysis, Answer, players_game};
use solitaire::ui::app::{App, Screen, UiAction};
use solitaire::ui::screens::analysis::Stage;

/// A lost game of the grades' player, lost at move 5 (see tests/analysis.rs).
const LOST: &str = "KL1-D1N-AAAAAAF";

fn lost_game() -> solitaire::engine::Game {
    players_game(GameCode::parse(LOST).unwrap())
}

/// Gives the analysis frames until it has a verdict; says whether the progress line showed.
fn run(app: &mut App) -> bool {
    let mut progress = false;
    for _ in 0..100_000 {
        if !app.is_busy() {
            return progress;
        }
        if let Screen::Analysis(v) = app.screen() {
            progress |= v.stage == Stage::Running && !v.lines.is_empty();
        }
        app.work(2_000);
    }
    panic!("the analysis never ended");
}

fn stage(app: &App) -> Stage {
    match app.screen() {
        Screen::Analysis(v) => v.stage,
        other => panic!("not the analysis: {other:?}"),
    }
}

fn panel_text(app: &App) -> String {
    let p = app.panel().expect("a window");
    p.items
        .iter()
        .filter_map(|i| i.text())
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn a_stuck_game_is_analysed_and_tried_again_as_practice() {
    let game = lost_game();
    let mut app = App::with_game(game.clone(), 1);
    let mut m = Mouse::new();
    // Stuck: the hint says no useful move is left, and offers the analysis.
    m.press(&mut app, UiAction::Hint);
    while app.is_busy() {
        app.work(10_000);
    }
    assert_eq!(stage(&app), Stage::Offer, "the offer when stuck");
    m.press(&mut app, UiAction::Analyse);
    assert!(run(&mut app), "a progress line while it runs");
    assert_eq!(stage(&app), Stage::Done { retry: true });
    let text = panel_text(&app);
    assert!(text.contains("Lost at move 5:"), "{text}");
    assert!(text.contains("undone moves are left out"), "{text}");
    // The table shows the position before the fatal move, outlined in two colours; the game
    // in play is untouched.
    let expected = Analysis::new(&game).position(4).expect("the line replays");
    assert_eq!(app.table_game().log(), expected.log());
    let marks = app.analysis_marks();
    assert!(
        marks.iter().any(|m| m.1) && marks.iter().any(|m| !m.1),
        "{marks:?}"
    );
    assert_eq!(app.game().log(), game.log());
    // Try again: the game in play would be left, so the question comes first. No goes back
    // to the verdict, the game and its statistics as they were; so does Escape.
    let played = app.stats().mode(game.code()).played;
    m.press(&mut app, UiAction::TryAgain);
    assert_eq!(*app.screen(), Screen::ConfirmPractice);
    let question = panel_text(&app);
    assert!(
        question.contains("Start a practice game from here?") && question.contains("given up"),
        "{question}"
    );
    m.press(&mut app, UiAction::Cancel);
    assert_eq!(stage(&app), Stage::Done { retry: true });
    m.press(&mut app, UiAction::TryAgain);
    app.key_escape();
    assert_eq!(stage(&app), Stage::Done { retry: true });
    assert_eq!(app.game().log(), game.log(), "No keeps the game");
    assert!(!app.session().is_practice());
    assert_eq!(app.stats().mode(game.code()).played, played);
    assert_eq!(
        app.table_game().log(),
        expected.log(),
        "the verdict's table"
    );
    // Yes: the practice game starts from that position and is not counted; the game left
    // counts as given up, as New Game counts it.
    m.press(&mut app, UiAction::TryAgain);
    m.press(&mut app, UiAction::TryAgainNow);
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(
        app.game().log(),
        expected.log(),
        "the position before move 5"
    );
    assert!(app.session().is_practice());
    assert_eq!(
        app.stats().mode(game.code()).played,
        played + 1,
        "the lost game left"
    );
    // Left in its turn for a new deal, the practice game does not count.
    app.start(game.code());
    assert_eq!(app.stats().mode(game.code()).played, played + 1);
}

#[test]
fn the_last_game_left_is_analysed_from_the_statistics_and_cancel_stops_it() {
    let game = lost_game();
    let mut app = App::with_game(game.clone(), 1);
    let mut m = Mouse::new();
    app.start(game.code());
    m.press(&mut app, UiAction::Stats);
    m.press(&mut app, UiAction::AnalyseLast);
    assert_eq!(stage(&app), Stage::Running);
    app.work(10);
    m.press(&mut app, UiAction::Cancel);
    assert_eq!(*app.screen(), Screen::Table);
    assert!(!app.is_busy(), "Cancel stops the search");
    assert!(app.post_mortem().is_none());
    // Again, to its end: the same verdict as the core's.
    m.press(&mut app, UiAction::Stats);
    m.press(&mut app, UiAction::AnalyseLast);
    run(&mut app);
    let pm = app.post_mortem().expect("the analysis");
    assert!(matches!(pm.answer(), Some(Answer::LostAt(l)) if l.index == 4));
    // Closing it goes back to the fresh game in play, untouched.
    m.press(&mut app, UiAction::Cancel);
    assert_eq!(app.game().moves(), 0);
    assert!(app.watching().is_none());
}

#[test]
fn a_practice_game_stays_practice_after_a_restart() {
    use solitaire::save::{MemoryStorage, Persist};
    use solitaire::shell::window::save;
    let game = lost_game();
    let (mut persist, _) = Persist::open(MemoryStorage::default());
    let mut app = App::with_game(game.clone(), 1);
    app.analyse(&game);
    run(&mut app);
    let mut m = Mouse::new();
    m.press(&mut app, UiAction::TryAgain);
    m.press(&mut app, UiAction::TryAgainNow);
    save(&mut app, &mut persist, true);
    let played = app.stats().mode(game.code()).played;
    // Restart: the practice game comes back as practice, and leaving it counts nothing.
    let (mut persist, loaded) = Persist::open(persist.storage().clone());
    let mut app = solitaire::ui::start::restore(loaded, game.code(), 1);
    assert!(
        app.session().is_practice(),
        "still practice after a restart"
    );
    assert_eq!(app.game().moves(), 4);
    app.start(game.code());
    assert_eq!(app.stats().mode(game.code()).played, played);
    // The next game is no practice, and the save says so.
    save(&mut app, &mut persist, true);
    let (_, loaded) = Persist::open(persist.storage().clone());
    let app = solitaire::ui::start::restore(loaded, game.code(), 1);
    assert!(!app.session().is_practice());
}

/// The last game left, analysed from the statistics: "Try again from here" asks only when the
/// game in play would be lost by it (moves made, not won, not practice), as New Game does;
/// Yes counts that game as given up, and the practice game counts nothing.
#[test]
fn try_again_from_the_last_game_asks_only_when_the_game_in_play_would_be_lost() {
    let game = lost_game();
    let code = game.code();
    let mut m = Mouse::new();
    let analyse_last = |app: &mut App, m: &mut Mouse| {
        m.press(app, UiAction::Stats);
        m.press(app, UiAction::AnalyseLast);
        run(app);
        assert_eq!(stage(app), Stage::Done { retry: true });
    };
    // A fresh deal in play, no move made: nothing to lose, no question.
    let mut app = App::with_game(game.clone(), 1);
    app.start(code);
    let played = app.stats().mode(code).played;
    analyse_last(&mut app, &mut m);
    m.press(&mut app, UiAction::TryAgain);
    assert_eq!(
        *app.screen(),
        Screen::Table,
        "no question over a fresh deal"
    );
    assert!(app.session().is_practice());
    assert_eq!(app.stats().mode(code).played, played);
    // Another deal under way: asked; No keeps it, Yes counts it as played, not won.
    let mut app = App::with_game(game.clone(), 1);
    let other = GameCode::parse("KL1-D3N-AAAAAAC").unwrap();
    app.start(other);
    m.click(app.layout().stock.center(), &mut app);
    assert_eq!(app.game().moves(), 1);
    analyse_last(&mut app, &mut m);
    m.press(&mut app, UiAction::TryAgain);
    assert_eq!(*app.screen(), Screen::ConfirmPractice);
    m.press(&mut app, UiAction::Cancel);
    assert_eq!(app.game().code(), other);
    assert_eq!(app.game().moves(), 1);
    assert_eq!(app.stats().mode(other).played, 0);
    let played = app.stats().mode(code).played;
    m.press(&mut app, UiAction::TryAgain);
    m.press(&mut app, UiAction::TryAgainNow);
    assert_eq!(app.game().code(), code);
    assert!(app.session().is_practice());
    assert_eq!(
        app.stats().mode(other).played,
        1,
        "the deal left is given up"
    );
    assert_eq!(app.stats().mode(other).won, 0);
    assert_eq!(
        app.stats().mode(code).played,
        played,
        "the practice counts nothing"
    );
}

/// `solitaire layout --analysis` says where the analysis's buttons lie at each step, as the
/// browser test clicks them: a click at each rectangle's middle does what the button says.
#[test]
fn the_layout_of_the_analysis_is_where_its_buttons_are() {
    use serde_json::Value;
    let game = lost_game();
    let view = solitaire::ui::view::View::new(1280.0, 720.0);
    let json = solitaire::shell::tools::layout_json(&game, &view, false, true);
    let layout: Value = serde_json::from_str(&json).expect("JSON");
    let middle = |step: &str, button: &str| -> (i32, i32) {
        let r = &layout["analysis"][step][button];
        let n = |i: usize| {
            r[i].as_i64()
                .unwrap_or_else(|| panic!("{step} {button}: {json}")) as i32
        };
        (n(0) + n(2) / 2, n(1) + n(3) / 2)
    };
    let mut app = App::with_game(game.clone(), 1);
    app.set_shape(view.shape());
    let mut m = Mouse::new();
    m.press(&mut app, UiAction::Hint);
    while app.is_busy() {
        app.work(10_000);
    }
    m.click(middle("offer", "Analyse"), &mut app);
    assert_eq!(stage(&app), Stage::Running);
    run(&mut app);
    m.click(middle("verdict", "TryAgain"), &mut app);
    assert_eq!(*app.screen(), Screen::ConfirmPractice);
    m.click(middle("question", "Cancel"), &mut app);
    assert_eq!(stage(&app), Stage::Done { retry: true });
    m.click(middle("verdict", "TryAgain"), &mut app);
    m.click(middle("question", "TryAgainNow"), &mut app);
    assert!(app.session().is_practice());
    // A game that is not stuck reaches no step.
    let fresh = solitaire::engine::Game::new(game.code());
    let json = solitaire::shell::tools::layout_json(&fresh, &view, false, true);
    assert!(json.ends_with(",\"analysis\":{}}"), "{json}");
}
