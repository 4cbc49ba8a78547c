//! The keyboard alone, without a window: every window opened, used and closed by keys (Tab,
//! Shift+Tab, the arrows, Space, Enter, Esc), and a whole game won by keys, every kind of move
//! made by presses on the focus as a player would make it.

mod common;

use common::greedy_win;
use solitaire::engine::{Action, Draw, Game, GameCode, Pile, Source, Target};
use solitaire::ui::app::{App, Screen, UiAction};
use solitaire::ui::focus::Arrow;

/// The focus on a pile (its `depth`-th card from the top), by the arrow keys: first off the
/// bar's buttons (Esc), then Right from pile to pile and Up along a column.
fn to_pile(app: &mut App, pile: Pile, depth: usize) {
    if app.focused_control().is_some() {
        app.key_escape();
    }
    for _ in 0..40 {
        if app.focus().shown && app.focus().pile == pile {
            break;
        }
        app.key_arrow(Arrow::Right);
    }
    assert_eq!(app.focus().pile, pile, "the arrows reach {pile:?}");
    for _ in 0..20 {
        if app.focus().depth >= depth {
            break;
        }
        app.key_arrow(Arrow::Up);
    }
    assert_eq!(
        app.focus().depth,
        depth,
        "Up reaches card {depth} of {pile:?}"
    );
}

/// An action made by key presses: Space on the stock; a card home by two presses on it; cards
/// picked up by a press and laid by a press on their column.
fn play_by_keys(app: &mut App, action: Action) {
    match action {
        Action::Draw => {
            to_pile(app, Pile::Stock, 1);
            app.key_activate();
        }
        Action::Move {
            from,
            to: Target::Foundation,
        } => {
            to_pile(app, from.pile(), from.count());
            app.key_enter();
            app.key_enter();
        }
        Action::Move {
            from,
            to: Target::Column(j),
        } => {
            to_pile(app, from.pile(), from.count());
            app.key_activate();
            to_pile(app, Pile::Column(j), 1);
            app.key_enter();
        }
    }
}

/// The kinds of move a winning game by keys must show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    StockDraw,
    WasteBack,
    WasteToColumn,
    WasteHome,
    Run,
    KingToEmpty,
    FoundationToColumn,
    ColumnHome,
}

fn kind(g: &Game, a: Action) -> Option<Kind> {
    let t = g.table();
    Some(match a {
        Action::Draw if t.stock.is_empty() => Kind::WasteBack,
        Action::Draw => Kind::StockDraw,
        Action::Move {
            from: Source::Waste,
            to: Target::Column(_),
        } => Kind::WasteToColumn,
        Action::Move {
            from: Source::Waste,
            to: Target::Foundation,
        } => Kind::WasteHome,
        Action::Move {
            from: Source::Foundation(_),
            ..
        } => Kind::FoundationToColumn,
        Action::Move {
            from: Source::Column { .. },
            to: Target::Foundation,
        } => Kind::ColumnHome,
        Action::Move {
            from: Source::Column { index, count },
            to: Target::Column(j),
        } => {
            let c = &t.columns[index].up;
            if t.columns[j].is_empty() && c[c.len() - count].rank() == 13 {
                Kind::KingToEmpty
            } else if count >= 2 {
                Kind::Run
            } else {
                return None;
            }
        }
    })
}

/// The greedy player's winning line of a known deal, with a take-back from a foundation put in
/// where the rules allow one (and the card sent home again by keys after it): the greedy player
/// never takes a card back.
fn keyboard_line() -> (GameCode, Vec<Action>) {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let line = greedy_win(code, 5000).expect("a deal the greedy player wins");
    let mut g = Game::new(code);
    let mut out = Vec::new();
    let mut took_back = false;
    for a in line {
        if !took_back
            && let Some(&back) = g.legal_actions().iter().find(|l| {
                matches!(
                    l,
                    Action::Move {
                        from: Source::Foundation(_),
                        to: Target::Column(_)
                    }
                )
            })
        {
            let Action::Move {
                to: Target::Column(j),
                ..
            } = back
            else {
                unreachable!()
            };
            let home = Action::Move {
                from: Source::Column { index: j, count: 1 },
                to: Target::Foundation,
            };
            g.apply(back).unwrap();
            g.apply(home).unwrap();
            out.extend([back, home]);
            took_back = true;
        }
        g.apply(a).unwrap();
        out.push(a);
    }
    assert!(g.is_won());
    (code, out)
}

#[test]
fn a_whole_game_is_won_by_keys_with_every_kind_of_move() {
    let (code, line) = keyboard_line();
    let mut app = App::new(code, 1);
    let mut reference = Game::new(code);
    let mut kinds = std::collections::BTreeSet::new();
    for (n, &a) in line.iter().enumerate() {
        kinds.extend(kind(&reference, a));
        reference.apply(a).unwrap();
        play_by_keys(&mut app, a);
        assert_eq!(
            app.game().table(),
            reference.table(),
            "move {n} ({a:?}) made by keys is the move asked for"
        );
        assert!(app.focus().held.is_none(), "nothing left held after {a:?}");
    }
    assert!(app.game().is_won());
    assert_eq!(*app.screen(), Screen::Won);
    assert_eq!(
        app.game().moves(),
        line.len() as u32,
        "every press made one move"
    );
    let all = [
        Kind::StockDraw,
        Kind::WasteBack,
        Kind::WasteToColumn,
        Kind::WasteHome,
        Kind::Run,
        Kind::KingToEmpty,
        Kind::FoundationToColumn,
        Kind::ColumnHome,
    ];
    for k in all {
        assert!(kinds.contains(&k), "the game by keys has a move of {k:?}");
    }
}

/// The button the focus is on, while it shows.
fn focused(app: &App) -> Option<UiAction> {
    app.control_focus_rect()?;
    app.focused_control().map(|w| w.action)
}

/// Tab until the focus shows on the button of `action`.
fn tab_to(app: &mut App, action: UiAction) {
    for _ in 0..80 {
        if focused(app) == Some(action) {
            return;
        }
        app.key_tab(false);
    }
    panic!("Tab reaches {action:?} on {:?}", app.screen());
}

/// Tab to a button and Enter on it.
fn press(app: &mut App, action: UiAction) {
    tab_to(app, action);
    app.key_enter();
}

fn fresh() -> App {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.settings_mut().winnable_only = false;
    app
}

#[test]
fn settings_open_change_and_close_by_keys() {
    let mut app = fresh();
    // Tab goes from the piles to the bar, whose Settings button Enter presses.
    app.key_tab(false);
    assert!(
        focused(&app).is_some(),
        "Tab goes to the bar's first button"
    );
    assert!(app.focus_rects().is_none(), "the piles' frame gives way");
    press(&mut app, UiAction::Settings);
    assert_eq!(*app.screen(), Screen::Settings);
    assert_eq!(
        focused(&app),
        Some(UiAction::ToggleDoubleClick),
        "the window's first button has the focus"
    );
    // Down and Up along the column of settings; Space switches the one under the focus.
    app.key_arrow(Arrow::Down);
    app.key_arrow(Arrow::Down);
    assert_eq!(focused(&app), Some(UiAction::ToggleFourColour));
    let four = app.settings().four_colour;
    app.key_activate();
    assert_eq!(app.settings().four_colour, !four, "Space switched it");
    assert_eq!(focused(&app), Some(UiAction::ToggleFourColour));
    app.key_arrow(Arrow::Up);
    assert_eq!(focused(&app), Some(UiAction::ToggleCarryVegas));
    // Shift+Tab round from the first button to the last, Close.
    app.key_arrow(Arrow::Up);
    app.key_tab(true);
    assert_eq!(focused(&app), Some(UiAction::Cancel));
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Table, "Enter on Close closed it");
    // Opened again, Esc closes it, and the focus is back on the piles.
    press(&mut app, UiAction::Settings);
    assert_eq!(*app.screen(), Screen::Settings);
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(focused(&app), None);
}

#[test]
fn new_game_picks_a_draw_and_starts_by_keys() {
    let mut app = fresh();
    app.key_char('n');
    let Screen::NewGame(_) = app.screen() else {
        panic!("N opens New Game");
    };
    // The first Tab shows the focus on Start, where it begins.
    app.key_tab(false);
    assert_eq!(focused(&app), Some(UiAction::Start));
    tab_to(&mut app, UiAction::SetDraw(Draw::One));
    app.key_arrow(Arrow::Right);
    assert_eq!(focused(&app), Some(UiAction::SetDraw(Draw::Three)));
    app.key_activate();
    let Screen::NewGame(form) = app.screen().clone() else {
        panic!("a choice keeps the window open");
    };
    assert_eq!(form.draw, Draw::Three, "Space chose Draw 3");
    press(&mut app, UiAction::Start);
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().code().draw, Draw::Three, "the game started");
    // Esc closes it unused.
    app.key_char('n');
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().code().draw, Draw::Three);
}

/// A window opened by the pointer: the first Space only shows the focus, the second presses.
#[test]
fn a_first_press_in_a_window_opened_by_the_pointer_shows_the_focus() {
    let mut app = fresh();
    app.ui_action(UiAction::Settings);
    assert_eq!(focused(&app), None, "no frame until a key is used");
    let before = app.settings().clone();
    app.key_activate();
    assert_eq!(focused(&app), Some(UiAction::ToggleDoubleClick));
    assert_eq!(*app.settings(), before, "nothing switched unseen");
    app.key_activate();
    assert_ne!(*app.settings(), before, "the second press switched it");
}

#[test]
fn help_turns_a_page_and_closes_by_keys() {
    let mut app = fresh();
    press(&mut app, UiAction::Help);
    assert_eq!(*app.screen(), Screen::Help { page: 0 });
    press(&mut app, UiAction::NextPage);
    assert_eq!(*app.screen(), Screen::Help { page: 1 });
    assert_eq!(
        focused(&app),
        Some(UiAction::NextPage),
        "the focus stays on Next as the page turns"
    );
    app.key_arrow(Arrow::Left);
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Help { page: 0 });
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
}

#[test]
fn stats_the_calendar_and_the_reset_question_by_keys() {
    let mut app = fresh();
    app.set_today(solitaire::play::daily::Date {
        year: 2026,
        month: 3,
        day: 14,
    });
    press(&mut app, UiAction::Stats);
    assert_eq!(*app.screen(), Screen::Stats);
    // The calendar: a month back, a day chosen by the arrows.
    press(&mut app, UiAction::Daily);
    assert_eq!(
        *app.screen(),
        Screen::Daily {
            year: 2026,
            month: 3
        }
    );
    press(&mut app, UiAction::PrevMonth);
    assert_eq!(
        *app.screen(),
        Screen::Daily {
            year: 2026,
            month: 2
        }
    );
    tab_to(&mut app, UiAction::DailyDay(date(2026, 2, 1)));
    app.key_arrow(Arrow::Down);
    assert_eq!(
        focused(&app),
        Some(UiAction::DailyDay(date(2026, 2, 8))),
        "Down goes a week on"
    );
    app.key_arrow(Arrow::Left);
    assert_eq!(focused(&app), Some(UiAction::DailyDay(date(2026, 2, 7))));
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Stats, "Esc goes back to Statistics");
    // The question starts on its safe answer: Enter keeps the figures.
    press(&mut app, UiAction::ResetStats);
    assert_eq!(*app.screen(), Screen::ConfirmReset);
    assert_eq!(focused(&app), Some(UiAction::Stats));
    app.take_effects();
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Stats);
    assert!(
        !app.has_effect(&solitaire::ui::effect::Effect::Save),
        "nothing reset"
    );
    // Esc cancels it too; Left and Enter say yes.
    press(&mut app, UiAction::ResetStats);
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Stats);
    press(&mut app, UiAction::ResetStats);
    app.key_arrow(Arrow::Left);
    assert_eq!(focused(&app), Some(UiAction::ConfirmReset));
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Stats);
    assert!(
        app.has_effect(&solitaire::ui::effect::Effect::Save),
        "reset"
    );
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
}

fn date(year: i32, month: u32, day: u32) -> solitaire::play::daily::Date {
    solitaire::play::daily::Date { year, month, day }
}

#[test]
fn leaving_a_game_is_asked_and_answered_by_keys_and_its_analysis_opens() {
    let mut app = fresh();
    play_by_keys(&mut app, Action::Draw);
    let code = app.game().code();
    // New Game → Start with a game under way: the question, starting on "keep playing".
    app.key_char('n');
    app.key_enter();
    assert!(matches!(app.screen(), Screen::ConfirmLeave(_)));
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!((app.game().code(), app.game().moves()), (code, 1));
    app.key_char('n');
    app.key_enter();
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().moves(), 1, "Esc kept the game");
    app.key_char('n');
    app.key_enter();
    press(&mut app, UiAction::LeaveForLink);
    assert_eq!(*app.screen(), Screen::Table);
    assert_ne!(app.game().code(), code, "a new game");
    // The game left: Statistics → Where was it lost? opens the analysis; Esc stops it.
    press(&mut app, UiAction::Stats);
    press(&mut app, UiAction::AnalyseLast);
    assert!(matches!(app.screen(), Screen::Analysis(_)));
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Table);
}

#[test]
fn the_won_game_its_replay_and_share_by_keys() {
    let (code, line) = keyboard_line();
    let mut g = Game::new(code);
    for &a in &line[..line.len() - 1] {
        g.apply(a).unwrap();
    }
    let mut app = App::with_game(g, 1);
    play_by_keys(&mut app, *line.last().unwrap());
    assert_eq!(*app.screen(), Screen::Won);
    // The won game's window starts on its first button; Tab reaches its Watch.
    assert_eq!(focused(&app), Some(UiAction::NewGame));
    press(&mut app, UiAction::Watch);
    assert_eq!(*app.screen(), Screen::Watch);
    let title = app.watch_title();
    press(&mut app, UiAction::WatchForward);
    assert_ne!(app.watch_title(), title, "Enter on > stepped the replay");
    press(&mut app, UiAction::Share);
    assert!(matches!(app.screen(), Screen::Share(_)));
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Watch, "Esc closes the link");
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Won, "Esc ends the replay");
    // The bar beside the won game is reached too.
    tab_to(&mut app, UiAction::Stats);
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Stats);
    app.key_escape();
    assert_eq!(*app.screen(), Screen::Won);
    press(&mut app, UiAction::NewGame);
    assert!(matches!(app.screen(), Screen::NewGame(_)));
}

/// Help names the keys of the windows in every language, on a page reached by keys.
#[test]
fn help_lists_the_window_keys_in_every_language() {
    use solitaire::ui::strings::{Language, set_language};
    for language in Language::ALL {
        set_language(language);
        let mut app = fresh();
        press(&mut app, UiAction::Help);
        let mut text = String::new();
        for _ in 0..8 {
            let panel = app.panel().expect("Help shows");
            // Paragraphs wrap: the words of each page in one line.
            let words: Vec<&str> = panel.items.iter().filter_map(|i| i.text()).collect();
            text.push_str(&words.join(" "));
            if !panel.widgets().any(|w| w.action == UiAction::NextPage) {
                break;
            }
            press(&mut app, UiAction::NextPage);
        }
        for key in ["Shift+Tab", "Tab", "Enter", "Esc"] {
            assert!(text.contains(key), "{language:?}: Help names {key}");
        }
    }
    set_language(Language::En);
}

/// New Game by the keyboard as a typist uses it: N, the code typed, Enter starts it (Start is
/// the window's default button, pressed even before the focus shows).
#[test]
fn a_code_typed_in_new_game_starts_with_enter() {
    let mut app = fresh();
    app.key_char('n');
    let Screen::NewGame(_) = app.screen() else {
        panic!("N opens New Game");
    };
    for _ in 0..30 {
        app.key_backspace();
    }
    for c in "kl1-d3n-aaaaaab".chars() {
        app.key_char(c);
    }
    assert_eq!(focused(&app), None, "the focus is not shown");
    app.key_enter();
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().code().to_string(), "KL1-D3N-AAAAAAB");
}
