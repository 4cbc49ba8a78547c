//! Helpers shared by the integration tests: a seeded random source, a scoring oracle written from
//! RULES.md §4 independently of the engine, and a simple greedy player.
#![allow(dead_code)]

use rand_core::{Rng as _, SeedableRng};
use rand_xorshift::XorShiftRng;
use solitaire::engine::{
    Action, Game, GameCode, Outcome, OutcomeKind, Pile, Scoring, Source, Table, Target,
};
use solitaire::ui::app::{App, UiAction};
use solitaire::ui::input::PointerEvent::{self, Down, Move, Up};

pub struct Rng(XorShiftRng);

impl Rng {
    pub fn new(seed: u64) -> Rng {
        let mut bytes = [0u8; 16];
        bytes[..8].copy_from_slice(&seed.wrapping_mul(0x9E37_79B9_7F4A_7C15).to_le_bytes());
        bytes[8..].copy_from_slice(&(seed ^ 0x5DEE_CE66_D1CE_4E5B).to_le_bytes());
        Rng(XorShiftRng::from_seed(bytes))
    }

    pub fn below(&mut self, n: usize) -> usize {
        (self.0.next_u64() % n as u64) as usize
    }

    pub fn chance(&mut self, percent: usize) -> bool {
        self.below(100) < percent
    }
}

/// The points RULES.md §4 gives an action, judged from the table before it and what it did.
pub fn oracle_points(code: GameCode, before: &Table, action: Action, outcome: &Outcome) -> i32 {
    let normal = code.scoring == Scoring::Normal;
    match (&outcome.kind, action) {
        (OutcomeKind::Recycled(_), _) => {
            if normal {
                -100
            } else {
                0
            }
        }
        (OutcomeKind::Drew(_), _) => 0,
        (OutcomeKind::Moved { to, .. }, Action::Move { from, .. }) => {
            let mut p = 0;
            if let Pile::Foundation(_) = to {
                p += if normal { 10 } else { 5 };
            }
            if normal && from == Source::Waste && matches!(to, Pile::Column(_)) {
                p += 5;
            }
            if let Source::Column { index, count } = from {
                let col = &before.columns[index];
                if normal && count == col.up.len() && !col.down.is_empty() {
                    p += 5;
                }
            }
            p
        }
        (OutcomeKind::Moved { .. }, Action::Draw) => panic!("a draw moved cards"),
    }
}

/// How many of each of the 52 cards are on the table.
pub fn card_counts(t: &Table) -> [usize; 52] {
    let mut counts = [0usize; 52];
    let all = t
        .stock
        .iter()
        .chain(&t.waste)
        .chain(t.foundations.iter().flatten())
        .chain(t.columns.iter().flat_map(|c| c.down.iter().chain(&c.up)));
    for c in all {
        counts[c.deck_index()] += 1;
    }
    counts
}

/// A simple greedy player that never takes cards back from the foundations. Returns the actions
/// it took, or `None` when it did not win within `max_actions`.
pub fn greedy_win(code: GameCode, max_actions: usize) -> Option<Vec<Action>> {
    let actions = greedy_actions(code, max_actions);
    let mut g = Game::new(code);
    for &a in &actions {
        g.apply(a).expect("greedy picks legal actions");
    }
    g.is_won().then_some(actions)
}

/// The greedy player's actions, until it wins, is stuck, or has taken `max_actions`.
pub fn greedy_actions(code: GameCode, max_actions: usize) -> Vec<Action> {
    let mut g = Game::new(code);
    let mut actions = Vec::new();
    let mut draws_without_progress = 0;
    while actions.len() < max_actions && !g.is_won() {
        let Some(action) = greedy_choice(&g, draws_without_progress) else {
            break;
        };
        if action == Action::Draw {
            draws_without_progress += 1;
        } else {
            draws_without_progress = 0;
        }
        g.apply(action).expect("greedy picks legal actions");
        actions.push(action);
    }
    actions
}

fn greedy_choice(g: &Game, draws_without_progress: usize) -> Option<Action> {
    let t = g.table();
    let legal = g.legal_actions();
    let is_move = |a: &&Action| matches!(a, Action::Move { from, .. } if !matches!(from, Source::Foundation(_)));
    // 1. Anything to a foundation.
    if let Some(a) = legal.iter().filter(is_move).find(|a| {
        matches!(
            a,
            Action::Move {
                to: Target::Foundation,
                ..
            }
        )
    }) {
        return Some(*a);
    }
    // 2. A whole column of face-up cards that uncovers a face-down card (or empties a column for
    //    a King waiting elsewhere), the column with most face-down cards first.
    let uncovering = legal.iter().filter(is_move).filter(|a| match a {
        Action::Move {
            from: Source::Column { index, count },
            to: Target::Column(j),
        } => {
            let col = &t.columns[*index];
            *count == col.up.len() && !(col.down.is_empty() && t.columns[*j].is_empty())
        }
        _ => false,
    });
    if let Some(a) = uncovering.max_by_key(|a| match a {
        Action::Move {
            from: Source::Column { index, .. },
            ..
        } => t.columns[*index].down.len(),
        _ => 0,
    }) {
        return Some(*a);
    }
    // 3. The waste onto a column.
    if let Some(a) = legal.iter().find(|a| {
        matches!(
            a,
            Action::Move {
                from: Source::Waste,
                to: Target::Column(_)
            }
        )
    }) {
        return Some(*a);
    }
    // 4. Draw, as long as a whole pass through stock and waste may still bring something.
    let cycle = t.stock.len() + t.waste.len() + 1;
    if legal.contains(&Action::Draw) && draws_without_progress <= cycle {
        return Some(Action::Draw);
    }
    None
}

/// An action as a line of the script interface (RULES.md §7).
pub fn script_line(action: Action) -> String {
    solitaire::engine::notation::action_line(action)
}

/// A game on a table built by hand (see `Game::from_layout`).
pub fn built_game(
    code: &str,
    columns: &[(&str, &str)],
    stock: &str,
    waste: &str,
    founds: &[&str],
) -> Game {
    Game::from_layout(code, columns, stock, waste, founds).unwrap()
}

/// A whole suit from the Ace to the King, as text: `full_suit("S")` is `AS 2S … KS`.
pub fn full_suit(suit: &str) -> String {
    "A 2 3 4 5 6 7 8 9 T J Q K"
        .split(' ')
        .map(|r| format!("{r}{suit}"))
        .collect::<Vec<_>>()
        .join(" ")
}

/// A test mouse with its own clock.
pub struct Mouse {
    pub t: u64,
}

impl Mouse {
    pub fn new() -> Mouse {
        Mouse { t: 1000 }
    }

    pub fn send(&mut self, app: &mut App, ev: PointerEvent) {
        app.pointer(ev);
    }

    pub fn click(&mut self, (x, y): (i32, i32), app: &mut App) {
        self.t += 1000; // far from any earlier click
        let t = self.t;
        self.send(app, Down { x, y, t });
        self.send(app, Up { x, y, t: t + 60 });
    }

    pub fn double_click(&mut self, (x, y): (i32, i32), app: &mut App) {
        self.click((x, y), app);
        let t = self.t + 180;
        self.send(app, Down { x, y, t });
        self.send(app, Up { x, y, t: t + 50 });
        self.t = t + 50;
    }

    /// Press at `from`, move in steps to `to`, and release there.
    pub fn drag(&mut self, from: (i32, i32), to: (i32, i32), app: &mut App) {
        self.drag_without_release(from, to, app);
        self.t += 16;
        self.send(
            app,
            Up {
                x: to.0,
                y: to.1,
                t: self.t,
            },
        );
    }

    /// Clicks the button of an action (the bar's, or an open window's).
    pub fn press(&mut self, app: &mut App, action: UiAction) {
        let w = app
            .widgets()
            .into_iter()
            .find(|w| w.action == action)
            .unwrap_or_else(|| panic!("no button for {action:?}"));
        self.click(w.rect.center(), app);
    }

    pub fn drag_without_release(&mut self, from: (i32, i32), to: (i32, i32), app: &mut App) {
        self.t += 1000;
        self.send(
            app,
            Down {
                x: from.0,
                y: from.1,
                t: self.t,
            },
        );
        for k in 1..=8 {
            self.t += 16;
            let x = from.0 + (to.0 - from.0) * k / 8;
            let y = from.1 + (to.1 - from.1) * k / 8;
            self.send(app, Move { x, y, t: self.t });
        }
    }
}

/// Spades still to go, the AS face down under the 2S, every column taken: with the other suits
/// up (and their kings with no place to come back to), no win. The solver tests prove it and
/// an exhaustive search confirms it.
pub const STUCK_SPADES: [(&str, &str); 7] = [
    ("AS", "2S"),
    ("3S", "4S"),
    ("5S", "6S"),
    ("7S", "8S"),
    ("9S", "TS"),
    ("JS", "QS"),
    ("", "KS"),
];

/// The stuck-spades table of Klondike draw 1 Normal: the other suits all up.
pub fn stuck_spades_game() -> Game {
    built_game(
        "KL1-D1N-AAAAAAA",
        &STUCK_SPADES,
        "",
        "",
        &["", &full_suit("H"), &full_suit("D"), &full_suit("C")],
    )
}

/// The windows of the size sweep (CSS pixels, physical pixels each, touch), with their views.
pub fn sweep_views() -> Vec<(&'static str, solitaire::ui::view::View)> {
    [
        "1280x720",
        "1366x650",
        "960x540",
        "800x600",
        "1024x768",
        "1920x1080",
        "2560x1440",
        "390x844@3:touch",
        "844x390@3:touch",
        "320x480",
    ]
    .into_iter()
    .map(|w| {
        (
            w,
            solitaire::shell::tools::parse_window(w).expect("a window"),
        )
    })
    .collect()
}

/// Makes an action the way a player would, with the mouse: a click on the stock, or a drag of
/// the cards onto their place (the foundation place the rules pick, or the column's top).
pub fn play_by_mouse(m: &mut Mouse, app: &mut App, action: Action) {
    let l = app.layout().clone();
    let t = app.game().table().clone();
    match action {
        Action::Draw => m.click(l.stock.center(), app),
        Action::Move { from, to } => {
            let src = l.card_rect(&t, from.pile(), from.count());
            let dst = match to {
                Target::Foundation => match app.game().check_move(from, to) {
                    Ok(Pile::Foundation(i)) => l.foundations[i],
                    _ => l.foundation_area,
                },
                Target::Column(j) => {
                    let top = l.top_rect(&t, Pile::Column(j));
                    if t.columns[j].is_empty() {
                        top
                    } else {
                        solitaire::ui::geom::Rect::new(
                            top.x,
                            top.y + l.up_step as i32,
                            top.w,
                            top.h,
                        )
                    }
                }
            };
            m.drag((src.x + 6, src.y + 5), (dst.x + 6, dst.y + 5), app);
        }
    }
}

/// Runs `attempt` until it gives `Some`, for up to five seconds. A lock let go by one storage
/// can stay held a moment longer: a process that another test starts at that instant holds a
/// copy of every open descriptor until it runs its program.
pub fn once_the_lock_is_free<T>(mut attempt: impl FnMut() -> Option<T>) -> T {
    let until = std::time::Instant::now() + std::time::Duration::from_secs(5);
    loop {
        if let Some(t) = attempt() {
            return t;
        }
        assert!(
            std::time::Instant::now() < until,
            "the lock is still held five seconds after its holder let it go"
        );
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
}

/// The places the system's libasound is found, if it has one.
pub fn system_libasound() -> Vec<String> {
    system_library("libasound.so.2")
}

/// The places the loader finds the library of this name (`libX11.so.6`), if anywhere.
pub fn system_library(name: &str) -> Vec<String> {
    let Ok(out) = std::process::Command::new("ldconfig").arg("-p").output() else {
        return Vec::new();
    };
    String::from_utf8_lossy(&out.stdout)
        .lines()
        .filter(|l| l.trim_start().starts_with(&format!("{name} ")))
        .filter_map(|l| l.split("=> ").nth(1).map(|p| p.trim().to_string()))
        .collect()
}

/// A shell prefix that hides every copy of libasound (a mount of /dev/null over each) for a
/// command run after it in a mount namespace of its own (`unshare -m sh -c PREFIX...`); `None`
/// where there is no libasound or no such namespace (it needs root).
pub fn libasound_hider() -> Option<String> {
    library_hider(&["libasound.so.2"])
}

/// The same for every library of these names.
pub fn library_hider(names: &[&str]) -> Option<String> {
    let libs: Vec<String> = names.iter().flat_map(|n| system_library(n)).collect();
    if libs.is_empty() {
        return None;
    }
    let hide: String = libs
        .iter()
        .map(|l| format!("mount --bind /dev/null {l} && "))
        .collect();
    std::process::Command::new("unshare")
        .args(["-m", "sh", "-c", &format!("{hide}true")])
        .output()
        .is_ok_and(|o| o.status.success())
        .then_some(hide)
}

/// Every Help page of both games (Klondike draw 1 Normal, Double Solitaire draw 3 Vegas), each
/// open in its own app.
pub fn help_pages() -> Vec<App> {
    let mut out = Vec::new();
    for code in ["KL1-D1N-AAAAAAA", "DS1-D3V-AAAAAAA"] {
        for page in 0..4 {
            let mut app = App::new(GameCode::parse(code).unwrap(), 1);
            app.ui_action(UiAction::Help);
            for _ in 0..page {
                app.ui_action(UiAction::NextPage);
            }
            out.push(app);
        }
    }
    out
}

/// `code` won by the greedy player, its last card sent up by a click, and the cascade under
/// way (4 s on): the won game's window.
pub fn won_by_a_click(code: &str) -> App {
    let code = GameCode::parse(code).unwrap();
    let line = greedy_win(code, 5000).expect("a won deal");
    let mut g = Game::new(code);
    for &a in &line[..line.len() - 1] {
        g.apply(a).unwrap();
    }
    let mut app = App::with_game(g, 1);
    let Some(&Action::Move { from, .. }) = line.last() else {
        unreachable!("a game is won by a move");
    };
    let r = app.layout().card_rect(app.game().table(), from.pile(), 1);
    let (x, y) = (r.x + 6, r.y + 5);
    app.pointer(Down { x, y, t: 100 });
    app.pointer(Up { x, y, t: 150 });
    app.tick(4000);
    app
}

/// Touch screens: CSS size, physical pixels per CSS pixel.
pub const TOUCH_SCREENS: [&str; 8] = [
    "390x844@3:touch",
    "360x780@3:touch",
    "412x915@2.625:touch",
    "375x667@2:touch",
    "844x390@3:touch",
    "780x360@3:touch",
    "768x1024@2:touch",
    "1024x768@2:touch",
];

pub fn won_game() -> solitaire::engine::Game {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut g = solitaire::engine::Game::new(code);
    for a in greedy_win(code, 5000).unwrap() {
        g.apply(a).unwrap();
    }
    g
}

/// The game won by a click on its last card: the won game's window.
fn won() -> App {
    let app = won_by_a_click("KL1-D1N-AAAAAAA");
    assert_eq!(*app.screen(), solitaire::ui::screens::Screen::Won);
    app
}

/// Every window a player can open, each in the state that shows the most buttons.
pub fn every_window() -> Vec<(&'static str, App)> {
    let kl = || App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let with = |start: fn() -> App, actions: &[UiAction]| {
        let mut app = start();
        for &a in actions {
            app.ui_action(a);
        }
        app
    };
    let mut out = vec![
        ("new game", with(kl, &[UiAction::NewGame])),
        (
            "new game by code",
            with(kl, &[UiAction::NewGame, UiAction::SetRandom(false)]),
        ),
        (
            "new game winnable only",
            with(kl, &[UiAction::NewGame, UiAction::ToggleWinnableOnly]),
        ),
        ("settings", with(kl, &[UiAction::Settings])),
        ("statistics", with(kl, &[UiAction::Stats])),
        (
            "reset question",
            with(kl, &[UiAction::Stats, UiAction::ResetStats]),
        ),
        ("daily", {
            // On the month's last day, every day is a button.
            let mut app = kl();
            app.set_today(solitaire::play::daily::Date::parse("2026-12-31").unwrap());
            app.ui_action(UiAction::Stats);
            app.ui_action(UiAction::Daily);
            app
        }),
    ];
    out.extend(help_pages().into_iter().map(|app| ("help", app)));
    // A link for another deal while a game is under way.
    let mut g = Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap());
    g.apply(solitaire::engine::Action::Draw).unwrap();
    let mut app = App::with_game(g, 1);
    app.open_link(GameCode::parse("DS1-D3V-ABCDEFG").unwrap());
    out.push(("leave question", app));
    out.push(("won", won()));
    let watch = || {
        let mut app = App::with_game(won_game(), 1);
        app.ui_action(UiAction::Watch);
        app
    };
    out.push(("watch", watch()));
    out.push(("share", with(watch, &[UiAction::Share])));
    // "Where was it lost?": the verdict, and the question before a practice game.
    let code = GameCode::parse("KL1-D1N-AAAAAAF").unwrap();
    let game = solitaire::solver::analysis::players_game(code);
    let verdict = move || {
        let mut app = App::with_game(game.clone(), 1);
        app.analyse(&game);
        while app.is_busy() {
            app.work(10_000);
        }
        app
    };
    let question = {
        let mut app = verdict();
        app.ui_action(UiAction::TryAgain);
        app
    };
    out.push(("analysis", verdict()));
    out.push(("practice question", question));
    out
}
