//! Screenshots from the headless renderer, for both games: the start, mid-game with long
//! columns, the draw-3 fan, a drag in flight, the New Game window, Help and the win cascade.
//!
//! The PNGs live in `docs/screenshots/` (the README shows them) with their hashes in
//! `tests/golden/screens.txt`. This test fails when the renderer's output changes; after a
//! deliberate change to the look, run `UPDATE_SCREENSHOTS=1 cargo test --test screenshots`
//! and look at the new pictures before committing them.

mod common;

use std::path::PathBuf;

use common::{built_game, greedy_win};
use solitaire::engine::{Action, Game, GameCode, GameKind, Pile, Source};
use solitaire::render::frame::Frame;
use solitaire::render::png;
use solitaire::render::scene::Renderer;
use solitaire::ui::app::{App, UiAction};
use solitaire::ui::input::PointerEvent::{Down, Move, Up};
use solitaire::ui::strings::{Language, set_language};

fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0100_0000_01b3);
    }
    h
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn click(app: &mut App, (x, y): (i32, i32), t: u64) {
    app.pointer(Down { x, y, t });
    app.pointer(Up { x, y, t: t + 50 });
}

/// Plays the first `n` actions of a greedy win of `code`.
fn played(code: &str, n: usize) -> Game {
    let code = GameCode::parse(code).unwrap();
    let line = greedy_win(code, 5000).expect("a won deal");
    let mut g = Game::new(code);
    for a in line.into_iter().take(n) {
        g.apply(a).unwrap();
    }
    g
}

/// A won Klondike game watched again, stepped to its 40th action (and its link shown).
fn watching(share: bool) -> App {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut won = Game::new(code);
    for a in greedy_win(code, 5000).unwrap() {
        won.apply(a).unwrap();
    }
    let mut app = App::with_game(won, 1);
    app.ui_action(UiAction::Watch);
    app.ui_action(UiAction::WatchPlay);
    for _ in 0..40 {
        app.ui_action(UiAction::WatchForward);
    }
    app.tick(1_000_000);
    if share {
        app.ui_action(UiAction::Share);
    }
    app
}

/// Statistics → Daily, on 24 December 2026, after a run of daily deals won.
fn daily_calendar() -> App {
    use solitaire::play::daily::Date;
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    let today = Date::parse("2026-12-24").unwrap();
    app.set_today(today);
    for (day, won) in [
        (3, true),
        (4, true),
        (9, false),
        (14, true),
        (20, true),
        (21, true),
        (22, true),
        (24, false),
    ] {
        let n = Date::parse(&format!("2026-12-{day:02}"))
            .unwrap()
            .daily_day();
        let code = GameCode::new(
            solitaire::engine::GameKind::Klondike,
            solitaire::engine::Draw::One,
            solitaire::engine::Scoring::Normal,
            n as u64,
        );
        app.stats_mut().daily.begin(code, n);
        if won {
            app.stats_mut().record_win(code, 650, 120);
        }
    }
    app.ui_action(UiAction::Stats);
    app.ui_action(UiAction::Daily);
    app
}

/// The calendar's 9 December clicked on the 24th: that day's deal opens as practice.
fn daily_practice() -> App {
    use solitaire::play::daily::Date;
    let mut app = daily_calendar();
    app.ui_action(UiAction::DailyDay(Date::parse("2026-12-09").unwrap()));
    while app.is_busy() {
        app.work(5000);
    }
    app
}

/// Every scene: a name and the app showing it (time stands still, so frames are exact).
fn scenes() -> Vec<(&'static str, App)> {
    let mut out = vec![
        // The start of both games.
        (
            "klondike-start",
            App::new(GameCode::parse("KL1-D1N-AAAAAAG").unwrap(), 1),
        ),
        (
            "double-start",
            App::new(GameCode::parse("DS1-D1N-AAAAAAB").unwrap(), 1),
        ),
        // Mid-game, from real play.
        (
            "klondike-mid-game",
            App::with_game(played("KL1-D1N-AAAAAAA", 60), 1),
        ),
        (
            "double-mid-game",
            App::with_game(played("DS1-D1N-AAAAAAC", 140), 1),
        ),
        // A won game watched again, paused half-way, and its link to share.
        ("replay-controls", watching(false)),
        ("replay-share", watching(true)),
        // The daily deals' calendar: December 2026, some days won, one only played.
        ("daily-calendar", daily_calendar()),
        // A past day clicked on the calendar: its deal, as practice.
        ("daily-practice", daily_practice()),
        // The four-colour deck (Settings): ♠ black, ♥ red, ♦ blue, ♣ green.
        ("klondike-four-colours", {
            let mut app = App::with_game(played("KL1-D1N-AAAAAAA", 60), 1);
            app.settings_mut().four_colour = true;
            app
        }),
        ("double-four-colours", {
            let mut app = App::with_game(played("DS1-D1N-AAAAAAC", 140), 1);
            app.settings_mut().four_colour = true;
            app
        }),
    ];
    // Double with the longest columns a game can have: 8 face-down cards under K..A.
    let run = "KS QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS";
    let game = built_game(
        "DS1-D3N-AAAAAAA",
        &[
            ("", "KH QS JH TS 9H 8S 7H"),
            ("2C", "9D"),
            ("2C 3C", "KD QC JD TC 9D 8C"),
            ("2C 3C 4C", "6D"),
            ("2C 3C 4C 5C", "KC QD JC TD 9C 8D 7C 6D 5C"),
            ("2C 3C 4C 5C 6C", "7D"),
            ("2C 3C 4C 5C 6C 7C", "QH"),
            ("2C 3C 4C 5C 6C 7C 8C", "JS TH 9S 8H 7S"),
            ("2C 3C 4C 5C 6C 7C 8C 9D", run),
        ],
        "3D 4D 5D",
        "AD 2D 7S 8H JC",
        &["", "", "AH", "", "", "", "AC"],
    );
    let mut app = App::with_game(game, 1);
    app.settings_mut().double_click = true;
    out.push(("double-long-columns", app));
    // The draw-3 fan.
    let mut app = App::new(GameCode::parse("KL1-D3V-AAAAAAG").unwrap(), 1);
    let stock = app.layout().stock.center();
    click(&mut app, stock, 100);
    click(&mut app, stock, 1000);
    app.tick(5000);
    out.push(("klondike-draw-3-fan", app));
    // A drag in flight: the longest run that can go somewhere, lifted, its places outlined.
    let mut app = App::with_game(played("KL1-D1N-AAAAAAA", 40), 1);
    let (from, count) = app
        .game()
        .legal_actions()
        .into_iter()
        .filter_map(|a| match a {
            Action::Move {
                from: Source::Column { index, count },
                ..
            } => Some((Pile::Column(index), count)),
            _ => None,
        })
        .max_by_key(|&(_, count)| count)
        .expect("a column move");
    let r = app.layout().card_rect(app.game().table(), from, count);
    app.pointer(Down {
        x: r.x + 8,
        y: r.y + 4,
        t: 100,
    });
    app.pointer(Move {
        x: r.x + 20,
        y: r.y + 20,
        t: 116,
    });
    app.pointer(Move {
        x: 300,
        y: 200,
        t: 132,
    });
    out.push(("klondike-drag", app));
    // The New Game window, with a code being set.
    let mut app = App::new(GameCode::parse("DS1-D3V-AAAAAAB").unwrap(), 1);
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::SetRandom(false));
    app.ui_action(UiAction::LetterUp(6));
    out.push(("new-game-window", app));
    // A hint in the middle of a Klondike game: the first one from move 30 on that moves a
    // card from one place to another (not one that turns the stock).
    let hinted = |n: usize| {
        let mut app = App::with_game(played("KL1-D1N-AAAAAAA", n), 1);
        app.ui_action(UiAction::Hint);
        while app.is_busy() {
            app.work(1000);
        }
        app
    };
    let app = (30..60)
        .map(hinted)
        .find(|a| a.hint().is_some_and(|h| h.to.is_some()))
        .expect("a hint that moves a card");
    out.push(("klondike-hint", app));
    // A hint to turn the stock: its next cards are face down, so the hint names none.
    let turn = solitaire::ui::strings::strings().hint_turn;
    let app = (0..60)
        .map(hinted)
        .find(|a| a.status().is_some_and(|t| t.contains(turn)))
        .expect("a hint to turn the stock");
    out.push(("klondike-hint-stock", app));
    // The New Game window looking for a winnable deal.
    let mut app = App::new(GameCode::parse("KL1-D3N-AAAAAAB").unwrap(), 1);
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::ToggleWinnableOnly);
    app.ui_action(UiAction::Start);
    out.push(("new-game-winnable-only", app));
    // The keyboard's focus on a column's top card; then a card held and the focus on the
    // column it would go to.
    use solitaire::ui::focus::Arrow;
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    for _ in 0..13 {
        app.key_arrow(Arrow::Right);
    }
    out.push(("keyboard-focus-card", app));
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    for _ in 0..10 {
        app.key_arrow(Arrow::Right);
    }
    app.key_activate();
    for _ in 0..2 {
        app.key_arrow(Arrow::Right);
    }
    out.push(("keyboard-focus-column", app));
    // The keyboard's focus on a window's button (Settings → Sound), and on the bar's Hint.
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    app.ui_action(UiAction::Settings);
    for _ in 0..3 {
        app.key_tab(false);
    }
    out.push(("keyboard-focus-window", app));
    let mut app = App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    for _ in 0..3 {
        app.key_tab(false);
    }
    out.push(("keyboard-focus-bar", app));
    // Help, first page, in Double.
    let mut app = App::new(GameCode::parse("DS1-D1N-AAAAAAA").unwrap(), 1);
    app.ui_action(UiAction::Help);
    app.ui_action(UiAction::NextPage);
    app.ui_action(UiAction::NextPage);
    app.ui_action(UiAction::NextPage);
    out.push(("double-help-scoring", app));
    // Statistics, with a few games in them.
    let mut app = App::new(GameCode::parse("KL1-D3N-AAAAAAA").unwrap(), 1);
    for (code, score, moves) in [
        ("KL1-D1N-AAAAAAA", 580, 124),
        ("KL1-D1N-AAAAAAD", 590, 114),
        ("KL1-D3N-AAAAAAA", 430, 113),
        ("DS1-D1V-AAAAAJW", 416, 228),
    ] {
        let code = GameCode::parse(code).unwrap();
        app.stats_mut().record_win(code, score, moves);
        app.stats_mut().record_unfinished(code);
    }
    app.ui_action(UiAction::Stats);
    out.push(("statistics", app));
    // A link asks for another deal while a game is under way (issue #12).
    let mut g = played("KL1-D1N-AAAAAAA", 6);
    g.apply(solitaire::engine::Action::Draw).unwrap();
    let mut app = App::with_game(g, 1);
    app.open_link(GameCode::parse("DS1-D3V-ABCDEFG").unwrap());
    out.push(("leave-game-for-link", app));
    // A damaged save: the notice says why and where the file was kept (a long path wraps).
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAC").unwrap(), 1);
    app.notify(solitaire::ui::strings::notice_text(
        &solitaire::save::Notice::Unreadable {
            key: solitaire::save::Key::Game,
            why: solitaire::save::Damage::Syntax {
                line: 1,
                column: 412,
            },
            kept: solitaire::save::Kept::File(
                "/home/player/.local/share/solitaire/game.unreadable-1796097198-3.json".into(),
            ),
        },
    ));
    out.push(("notice-damaged-save", app));
    // A won game: the cascade under way.
    for (name, code) in [
        ("klondike-won", "KL1-D1V-AAAAABE"),
        ("double-won", "DS1-D1N-AAAAAAB"),
    ] {
        let app = common::won_by_a_click(code);
        out.push((name, app));
    }
    out.push(("analysis-lost-at", analysis_verdict()));
    let mut app = analysis_verdict();
    app.ui_action(UiAction::TryAgain);
    out.push(("analysis-practice-question", app));
    out
}

/// "Where was it lost?" on a lost game of the grades' player: the verdict under the table,
/// which shows the position before the fatal move with it and the better move outlined.
fn analysis_verdict() -> App {
    let code = GameCode::parse("KL1-D1N-AAAAAAF").unwrap();
    let game = solitaire::solver::analysis::players_game(code);
    let mut app = App::with_game(game.clone(), 1);
    app.analyse(&game);
    while app.is_busy() {
        app.work(10_000);
    }
    app
}

fn render(app: &App) -> Frame {
    let mut r = Renderer::new();
    r.draw(app);
    r.frame
}

#[test]
fn screenshots_are_stable() {
    let update = std::env::var_os("UPDATE_SCREENSHOTS").is_some();
    let dir = root().join("docs/screenshots");
    let golden_path = root().join("tests/golden/screens.txt");
    let golden = std::fs::read_to_string(&golden_path).unwrap_or_default();
    let look = root().join("target/screenshots");
    std::fs::create_dir_all(&look).unwrap();
    let mut lines = Vec::new();
    let mut changed = Vec::new();
    for (name, app) in scenes().into_iter().chain(language_scenes()) {
        // A scene named `nb-…` or `tr-…` is drawn in that language.
        set_language(
            name.split_once('-')
                .and_then(|(tag, _)| Language::from_tag(tag))
                .filter(|_| name.len() > 3 && &name[2..3] == "-")
                .unwrap_or(Language::En),
        );
        let frame = render(&app);
        let hash = format!("{:016x}", fnv1a(&frame.bytes));
        let png_bytes = png::encode(&png::scaled(&frame, 2));
        std::fs::write(look.join(format!("{name}.png")), &png_bytes).unwrap();
        let line = format!("{name} {hash}");
        if update {
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(format!("{name}.png")), &png_bytes).unwrap();
        } else {
            if !golden.lines().any(|l| l == line) {
                changed.push(line.clone());
            }
            let committed = std::fs::read(dir.join(format!("{name}.png"))).unwrap_or_default();
            if committed != png_bytes {
                changed.push(format!(
                    "{name}: docs/screenshots/{name}.png is out of date"
                ));
            }
        }
        lines.push(line);
    }
    if update {
        std::fs::create_dir_all(golden_path.parent().unwrap()).unwrap();
        std::fs::write(&golden_path, lines.join("\n") + "\n").unwrap();
    }
    assert!(
        changed.is_empty(),
        "the renderer's output changed:\n{}\nnew pictures are in target/screenshots; if the change \
         is meant, run UPDATE_SCREENSHOTS=1 cargo test --test screenshots",
        changed.join("\n")
    );
}

/// The game as windows of other sizes show it (the window's own pixels: the framebuffer in the
/// window's shape, scaled as the window scales it): a laptop's browser, an itch.io embed, and a
/// phone both ways; each game mid-way. Kept current like the other screenshots.
#[test]
fn window_screenshots_are_stable() {
    use solitaire::ui::view::present;
    let update = std::env::var_os("UPDATE_SCREENSHOTS").is_some();
    let dir = root().join("docs/screenshots");
    let golden_path = root().join("tests/golden/windows.txt");
    let golden = std::fs::read_to_string(&golden_path).unwrap_or_default();
    let mut lines = Vec::new();
    let mut changed = Vec::new();
    set_language(Language::En);
    for (game, code, moves) in [
        ("klondike", "KL1-D1N-AAAAAAA", 60),
        ("double", "DS1-D1N-AAAAAAC", 140),
    ] {
        for (size, window) in [
            ("1366x650", "1366x650"),
            ("960x540", "960x540"),
            ("phone-portrait", "390x844@3:touch"),
            ("phone-landscape", "844x390@3:touch"),
        ] {
            let view = solitaire::shell::tools::parse_window(window).unwrap();
            let mut app = App::with_game(played(code, moves), 1);
            app.set_shape(view.shape());
            let frame = render(&app);
            let pixels = present(
                &view,
                &frame.bytes,
                view.win_w,
                view.win_h,
                [8, 14, 10, 255],
            );
            let name = format!("window-{game}-{size}");
            let hash = format!("{:016x}", fnv1a(&pixels));
            let png_bytes =
                png::encode_pixels(view.win_w as usize, view.win_h as usize, &pixels, false);
            let line = format!("{name} {hash}");
            if update {
                std::fs::write(dir.join(format!("{name}.png")), &png_bytes).unwrap();
            } else if !golden.lines().any(|l| l == line) {
                changed.push(line.clone());
            }
            lines.push(line);
        }
    }
    for (name, language, view, app) in bar_scenes() {
        set_language(language);
        let frame = render(&app);
        let pixels = present(
            &view,
            &frame.bytes,
            view.win_w,
            view.win_h,
            [8, 14, 10, 255],
        );
        let hash = format!("{:016x}", fnv1a(&pixels));
        let line = format!("{name} {hash}");
        if update {
            let png_bytes =
                png::encode_pixels(view.win_w as usize, view.win_h as usize, &pixels, false);
            std::fs::write(dir.join(format!("{name}.png")), &png_bytes).unwrap();
        } else if !golden.lines().any(|l| l == line) {
            changed.push(line.clone());
        }
        lines.push(line);
    }
    set_language(Language::En);
    if update {
        std::fs::write(&golden_path, lines.join("\n") + "\n").unwrap();
    }
    assert!(
        changed.is_empty(),
        "the window pictures changed:\n{}\nrun UPDATE_SCREENSHOTS=1 cargo test --test screenshots",
        changed.join("\n")
    );
}

/// The bar and the status line in windows where they went wrong: a status over Double
/// Solitaire's foundations at 1280 × 720, a large Vegas bank in each language, the bar of an
/// 800 × 600 window with a mouse and with a finger; and New Game on a phone both ways.
fn bar_scenes() -> Vec<(String, Language, solitaire::ui::view::View, App)> {
    let window = |spec: &str| solitaire::shell::tools::parse_window(spec).unwrap();
    let mut out = Vec::new();
    let view = window("1280x720");
    let mut app = App::with_game(played("DS1-D1N-AAAAAAC", 140), 1);
    app.set_shape(view.shape());
    app.notify(
        "That card cannot go there: a column takes a card one lower and of the other colour.",
    );
    out.push((
        "window-double-1280x720-status".to_string(),
        Language::En,
        view,
        app,
    ));
    for language in Language::ALL {
        let view = window("1280x720");
        let mut game = Game::new(GameCode::parse("DS1-D3V-ZZZZZZZ").unwrap());
        game.apply(Action::Draw).unwrap();
        let mut stats = solitaire::play::stats::Stats::default();
        stats.add_to_bankroll(GameKind::Double, -10400);
        let session = solitaire::play::session::Session::restore(game, false, stats);
        let settings = solitaire::ui::app::Settings {
            carry_vegas: true,
            ..Default::default()
        };
        let mut app = App::with_session(session, settings, 1);
        app.set_language(language);
        app.set_shape(view.shape());
        let name = format!("window-{}-double-vegas-bank-1280x720", language.tag());
        out.push((name, language, view, app));
    }
    for (name, spec) in [("mouse", "800x600"), ("touch", "800x600@1:touch")] {
        let view = window(spec);
        let mut app = App::with_game(played("KL1-D1N-AAAAAAA", 60), 1);
        app.set_shape(view.shape());
        out.push((
            format!("window-klondike-800x600-{name}"),
            Language::En,
            view,
            app,
        ));
    }
    // New Game with a game code on a phone both ways: every button a finger's size, the deal
    // letters' arrows among them; held sideways, the letters stand beside the choices.
    for (name, spec) in [
        ("portrait", "390x844@3:touch"),
        ("landscape", "844x390@3:touch"),
    ] {
        let view = window(spec);
        let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
        app.set_shape(view.shape());
        app.ui_action(UiAction::NewGame);
        app.ui_action(UiAction::SetRandom(false));
        app.ui_action(UiAction::LetterUp(6));
        out.push((
            format!("window-new-game-phone-{name}"),
            Language::En,
            view,
            app,
        ));
    }
    out
}

/// The Windows program's icon file is the icon the game draws (`render::icon`), kept current
/// like the screenshots.
#[test]
fn the_icon_file_is_current() {
    let assets = solitaire::render::assets::Assets::load();
    let ico = solitaire::render::icon::ico(&assets);
    let path = root().join("assets/icon.ico");
    if std::env::var_os("UPDATE_SCREENSHOTS").is_some() {
        std::fs::write(&path, &ico).unwrap();
    }
    let committed = std::fs::read(&path).unwrap_or_default();
    assert!(
        committed == ico,
        "assets/icon.ico is out of date: run UPDATE_SCREENSHOTS=1 cargo test --test screenshots"
    );
    // Four images, the first 16 pixels square, each a PNG.
    assert_eq!(&ico[..6], &[0, 0, 1, 0, 4, 0]);
    assert_eq!(ico[6], 16);
    let first = u32::from_le_bytes(ico[18..22].try_into().unwrap()) as usize;
    assert_eq!(&ico[first..first + 8], b"\x89PNG\r\n\x1a\n");
}

#[test]
fn every_scene_draws_inside_the_framebuffer_and_differs() {
    let frames: Vec<u64> = scenes()
        .iter()
        .map(|(_, a)| fnv1a(&render(a).bytes))
        .collect();
    let mut unique = frames.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(
        unique.len(),
        frames.len(),
        "two scenes drew the same picture"
    );
    // In every language and in every window of the size sweep: the texts are measured, so
    // each must fit where it is drawn.
    let mut all = Vec::new();
    for language in Language::ALL {
        set_language(language);
        for (name, mut app) in scenes().into_iter().chain(more_screens()) {
            for (window, view) in common::sweep_views() {
                app.set_shape(view.shape());
                let problems = layout_problems(&app);
                if !problems.is_empty() {
                    all.push(format!(
                        "{language:?} {name} in {window}:\n{}",
                        problems.join("\n")
                    ));
                }
            }
        }
    }
    set_language(Language::En);
    assert!(all.is_empty(), "{}", all.join("\n"));
}

/// Every text of every screen comes from the strings table: what is left of it once the
/// table's texts (split at their `{places}`) are taken out is data — numbers, money, card names,
/// game codes, a file path — never a word.
#[test]
fn every_word_on_screen_comes_from_the_strings_table() {
    for language in Language::ALL {
        set_language(language);
        words_from_the_table(language);
    }
    set_language(Language::En);
}

/// Every word on every screen comes from the table of the language on show (so an English
/// word left in a Norwegian or Turkish screen is found too).
fn words_from_the_table(language: Language) {
    use solitaire::ui::screens::{Item, bar};
    use solitaire::ui::strings::strings;
    let mut fragments: Vec<String> = strings()
        .texts()
        .iter()
        .flat_map(|(_, t)| {
            t.split(['{', '}'])
                .step_by(2)
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|f| f.chars().any(char::is_alphabetic))
        .collect();
    fragments.sort_by_key(|f| std::cmp::Reverse(f.chars().count()));
    let words: std::collections::HashSet<String> = fragments
        .iter()
        .flat_map(|f| {
            f.split(|c: char| c.is_whitespace() || "(),:;'«»\".".contains(c))
                .map(str::to_string)
                .collect::<Vec<_>>()
        })
        .filter(|w| !w.is_empty())
        .collect();
    let mut seen = 0;
    for (name, app) in scenes().into_iter().chain(more_screens()) {
        let mut items: Vec<Item> = bar::buttons(app.game(), app.bankroll_text(), app.shape())
            .into_iter()
            .map(Item::Button)
            .collect();
        // The status message is checked whole below, not line by line as it is wrapped.
        items.extend(bar::items(
            app.game(),
            app.bankroll_text(),
            None,
            app.shape(),
        ));
        let mut texts: Vec<String> = items
            .iter()
            .filter_map(|i| i.text())
            .map(str::to_string)
            .collect();
        if let Some(p) = app.panel() {
            texts.push(p.title.clone());
            // A window's texts as one: a sentence wrapped over lines reads whole again.
            let all: Vec<&str> = p.items.iter().filter_map(|i| i.text()).collect();
            texts.push(all.join(" "));
        }
        if let Some(status) = app.status() {
            texts.push(status.to_string());
        }
        for text in texts {
            // A file path, a storage key and the system's own words for a failed file
            // operation are data; they go first, whole, before the table's words are taken out.
            let mut rest: String = text
                .replace(SYSTEM_WORDS, " ")
                .split(' ')
                .map(|w| {
                    if w.trim_start_matches('(').starts_with('/') || w.starts_with("solitaire.") {
                        // The punctuation around it belongs to the sentence.
                        let head = &w[..w.len() - w.trim_start_matches('(').len()];
                        let path = w.trim_end_matches([';', ',', ')', ':']);
                        format!("{head}{}", &w[path.len()..])
                    } else {
                        w.to_string()
                    }
                })
                .collect::<Vec<_>>()
                .join(" ");
            // Two-letter texts (weekdays) would cut words apart: they are words of the table.
            for f in fragments.iter().filter(|f| f.chars().count() > 2) {
                rest = rest.replace(f.as_str(), " ");
            }
            for token in rest.split(|c: char| c.is_whitespace() || "(),:;'«»\"".contains(c)) {
                let token = token.trim_matches('.');
                // A wrapped window's text read whole may cut a table text where another one
                // that shares its words was taken out first: a word of the table is a word
                // of the table.
                assert!(
                    is_data(token) || words.contains(token),
                    "{language:?} {name}: '{token}' of '{text}' is not from the strings table"
                );
            }
            seen += 1;
        }
    }
    assert!(seen > 200, "{seen} texts seen");
}

/// A token of screen text that is data, not a word: a number, money, a card, a game code or
/// its mode, or its letters as typed.
fn is_data(token: &str) -> bool {
    let is_card = |t: &str| {
        let mut cs = t.chars();
        let suit = cs.next_back();
        let rank: String = cs.collect();
        matches!(suit, Some('♠' | '♥' | '♦' | '♣'))
            && (1..=13).any(|r| solitaire::ui::strings::rank_text(r) == rank)
    };
    !token.chars().any(|c| c.is_alphabetic())
        || GameCode::parse(token).is_ok()
        || GameCode::parse(&format!("{token}-AAAAAAA")).is_ok()
        || token
            .strip_suffix("-???????")
            .is_some_and(|m| GameCode::parse(&format!("{m}-AAAAAAA")).is_ok())
        || is_card(token)
        // A replay's link: a query of a code and packed data, after the page's address.
        || token.starts_with("?code=")
        || token.contains("&replay=")
        || token.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'-' || c == b'_') && token.len() >= 40
        // A code or its letters as typed, right or wrong (the table writes no word in capitals).
        || token
            .chars()
            .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == '-')
}

/// What the system says of a failed file operation (its words, not the game's).
const SYSTEM_WORDS: &str = "No space left on device (os error 28)";

/// The main screens in Norsk bokmål and Türkçe, drawn in their language (the windows and the
/// bar are drawn when the frame is; a hint is worded when it is asked for).
fn language_scenes() -> Vec<(&'static str, App)> {
    let mut out = Vec::new();
    for (language, names) in [
        (
            Language::Nb,
            [
                "nb-klondike-hint",
                "nb-klondike-hint-stock",
                "nb-new-game-window",
                "nb-statistics",
                "nb-double-help-scoring",
                "nb-daily-calendar",
                "nb-analysis-lost-at",
                "nb-analysis-practice-question",
            ],
        ),
        (
            Language::Tr,
            [
                "tr-klondike-hint",
                "tr-klondike-hint-stock",
                "tr-new-game-window",
                "tr-statistics",
                "tr-double-help-scoring",
                "tr-daily-calendar",
                "tr-analysis-lost-at",
                "tr-analysis-practice-question",
            ],
        ),
    ] {
        set_language(language);
        for (name, app) in scenes() {
            if let Some(n) = names.iter().find(|n| n[3..] == *name) {
                out.push((*n, app));
            }
        }
    }
    set_language(Language::En);
    out
}

/// Every other screen and message, for the checks of texts (not kept as pictures): Settings,
/// the reset question, every Help page of both games, New Game by code with an error, every
/// refusal in the status line, and every kind of save notice.
fn more_screens() -> Vec<(&'static str, App)> {
    use solitaire::engine::{Card, Pile, Refusal};
    use solitaire::save::{Damage, Kept, Key, Notice, StorageError};
    use solitaire::ui::strings::{notice_text, refusal_text};
    let mut out = Vec::new();
    let klondike = || App::new(GameCode::parse("KL1-D1V-AAAAAAA").unwrap(), 1);
    let mut app = klondike();
    app.settings_mut().carry_vegas = true;
    app.ui_action(UiAction::Settings);
    out.push(("settings", app));
    let mut app = klondike();
    app.ui_action(UiAction::Stats);
    app.ui_action(UiAction::ResetStats);
    out.push(("confirm-reset", app));
    out.extend(common::help_pages().into_iter().map(|app| ("help", app)));
    let mut app = klondike();
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::SetRandom(false));
    app.key_char('x');
    app.key_enter();
    out.push(("new-game-error", app));
    let card = Card::parse("QH").unwrap();
    let king = Card::parse("KS").unwrap();
    for refusal in [
        Refusal::NothingToDraw,
        Refusal::NoPassLeft,
        Refusal::EmptyPile(Pile::Column(2)),
        Refusal::NoSuchPile(Pile::Foundation(6)),
        Refusal::NotEnoughFaceUp {
            column: 1,
            asked: 3,
            face_up: 2,
        },
        Refusal::EmptyColumnTakesOnlyKing(card),
        Refusal::DoesNotFit { card, onto: king },
        Refusal::NoFoundationTakes(card),
        Refusal::OneCardToFoundation,
        Refusal::AlreadyOnFoundation,
        Refusal::SameColumn,
        Refusal::NoPlaceOnTable(card),
        Refusal::OnlyTopCardClicks,
        Refusal::FoundationCardsAreDragged,
        Refusal::NothingToUndo,
        Refusal::LogFull,
    ] {
        let mut app = klondike();
        app.notify(refusal_text(&refusal));
        out.push(("refusal", app));
    }
    let io = StorageError::Io {
        step: solitaire::save::IoStep::Replace,
        path: "/tmp/x/game.json".into(),
        system: SYSTEM_WORDS.into(),
    };
    for notice in [
        Notice::Unreadable {
            key: Key::Record,
            why: Damage::Newer { found: 3, reads: 2 },
            kept: Kept::SiteKey("solitaire.record.unreadable.2".into()),
        },
        Notice::NotMoved {
            key: Key::Settings,
            why: Damage::NotText,
            error: StorageError::Refused,
        },
        Notice::Unused {
            key: Key::Game,
            why: Damage::Entry {
                n: 4,
                problem: solitaire::save::EntryProblem::Refused(Refusal::SameColumn),
            },
        },
        Notice::DiedRestoring {
            key: Key::Game,
            kept: Kept::Copy(1),
        },
        Notice::DiedNotMoved {
            key: Key::Legacy,
            error: StorageError::Blocked,
        },
        Notice::NoStorage(StorageError::NoFolder),
        Notice::SavingStopped(io),
        Notice::OtherWindow,
    ] {
        let mut app = klondike();
        app.notify(notice_text(&notice));
        out.push(("notice", app));
    }
    out
}

/// What is wrong with the texts and buttons on screen: a window or a text outside the
/// framebuffer, a text or button outside its window, two texts or buttons on top of each
/// other, a letter the font lacks.
fn layout_problems(app: &App) -> Vec<String> {
    use solitaire::ui::geom::{Rect, font};
    use solitaire::ui::screens::{Item, bar};
    let shape = app.shape();
    let fb = Rect::new(0, 0, shape.w, shape.h);
    let inside = |inner: Rect, outer: Rect| {
        inner.x >= outer.x
            && inner.y >= outer.y
            && inner.right() <= outer.right()
            && inner.bottom() <= outer.bottom()
    };
    let mut out = Vec::new();
    let mut layers: Vec<(Rect, Vec<Item>)> = vec![(
        fb,
        bar::buttons(app.game(), app.bankroll_text(), app.shape())
            .into_iter()
            .map(Item::Button)
            .chain(bar::items(
                app.game(),
                app.bankroll_text(),
                app.status(),
                app.shape(),
            ))
            .collect(),
    )];
    if let Some(p) = app.panel() {
        if !inside(p.rect, shape.table()) {
            out.push(format!("the window {:?} leaves the table", p.rect));
        }
        layers.push((p.rect, p.items));
    }
    for (area, items) in layers {
        let mut shown: Vec<(Rect, String)> = Vec::new();
        for item in &items {
            // A button without a label draws nothing: a place to click on what lies under it.
            let Some(text) = item.text().filter(|t| !t.is_empty()) else {
                continue;
            };
            for c in text.chars() {
                if !font().has(c) {
                    out.push(format!("'{text}': the font has no {c:?}"));
                }
            }
            let rect = match item {
                Item::Button(w) => w.rect,
                _ => item.text_rect().expect("a text has a place"),
            };
            if !inside(rect, area) {
                out.push(format!("'{text}' {rect:?} leaves its area {area:?}"));
            }
            for (other, other_text) in &shown {
                if rect.overlap(other) > 0 {
                    out.push(format!("'{text}' lies on '{other_text}'"));
                }
            }
            shown.push((rect, text.to_string()));
        }
    }
    out
}

/// The daily calendar's texts keep the window's margin on both sides in every language (a long
/// legend wraps rather than running to the window's edge).
#[test]
fn the_daily_calendar_keeps_its_margins_in_every_language() {
    for language in Language::ALL {
        set_language(language);
        let app = daily_calendar();
        let p = app.panel().expect("the calendar");
        for item in &p.items {
            if let (Some(text), Some(r)) = (item.text(), item.text_rect()) {
                assert!(
                    r.x >= p.rect.x + 10 && r.right() <= p.rect.right() - 10,
                    "{language:?}: '{text}' {r:?} in {:?}",
                    p.rect
                );
            }
        }
    }
    set_language(Language::En);
}
