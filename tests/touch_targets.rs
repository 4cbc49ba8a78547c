//! On a touch screen every button of every window is a finger's size: at least 40 CSS pixels
//! wide and high, the deal letters' arrows on a phone narrower than 390 CSS pixels excepted
//! (at least 32: seven of them share a row). Phones both ways and tablets, every window, in
//! every language; on a phone held sideways the windows lay their parts side by side.

mod common;

use common::greedy_win;
use solitaire::engine::{Game, GameCode};
use solitaire::ui::app::App;
use solitaire::ui::geom::Rect;
use solitaire::ui::screens::{Item, Screen, UiAction};
use solitaire::ui::strings::{Language, set_language};
use solitaire::ui::view::View;

/// Touch screens: CSS size, physical pixels per CSS pixel.
const SCREENS: [&str; 8] = [
    "390x844@3:touch",
    "360x780@3:touch",
    "412x915@2.625:touch",
    "375x667@2:touch",
    "844x390@3:touch",
    "780x360@3:touch",
    "768x1024@2:touch",
    "1024x768@2:touch",
];

fn won_game() -> Game {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut g = Game::new(code);
    for a in greedy_win(code, 5000).unwrap() {
        g.apply(a).unwrap();
    }
    g
}

/// The game won by a click on its last card: the won game's window.
fn won() -> App {
    let app = common::won_by_a_click("KL1-D1N-AAAAAAA");
    assert_eq!(*app.screen(), Screen::Won);
    app
}

/// Every window a player can open, each in the state that shows the most buttons.
fn windows() -> Vec<(&'static str, App)> {
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
    out.extend(common::help_pages().into_iter().map(|app| ("help", app)));
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

/// The buttons of the window on show that are smaller than `min` CSS pixels either way, and
/// any two that overlap or leave the table.
fn problems(app: &App, view: &View, min: f32) -> Vec<String> {
    let css = |px: i32| px as f32 * view.scale / view.dpi;
    let Some(panel) = app.panel() else {
        return vec!["no window".into()];
    };
    let table = app.shape().table();
    let mut out = Vec::new();
    let widgets: Vec<_> = panel.widgets().collect();
    for (i, w) in widgets.iter().enumerate() {
        let (cw, ch) = (css(w.rect.w), css(w.rect.h));
        // The deal's seven letters share one row: on a phone narrower than 390 CSS pixels
        // their arrows cannot each be 40 wide, and take what the row holds.
        let letter = matches!(w.action, UiAction::LetterUp(_) | UiAction::LetterDown(_));
        let narrow = (view.win_w as f32 / view.dpi) < 390.0;
        let min_w = if letter && narrow { 32.0 } else { min };
        if cw < min_w || ch < min {
            out.push(format!(
                "{:?} {:?} is {cw:.0}×{ch:.0} CSS px",
                w.label, w.action
            ));
        }
        let r: Rect = w.rect;
        if r.x < table.x
            || r.y < table.y
            || r.right() > table.right()
            || r.bottom() > table.bottom()
        {
            out.push(format!("{:?} {r:?} leaves the table {table:?}", w.label));
        }
        for o in &widgets[..i] {
            if o.rect.overlap(&r) > 0 {
                out.push(format!("{:?} lies on {:?}", w.label, o.label));
            }
        }
    }
    // Each deal letter's arrows stand exactly over and under its box.
    let mut boxes: Vec<Rect> = panel
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Inset {
                rect,
                rounded: true,
            } => Some(*rect),
            _ => None,
        })
        .collect();
    boxes.sort_by_key(|r| r.x);
    for w in &widgets {
        if let UiAction::LetterUp(i) | UiAction::LetterDown(i) = w.action {
            let b = boxes.get(i).copied();
            if b.is_none_or(|b| b.x != w.rect.x || b.w != w.rect.w) {
                out.push(format!(
                    "{:?} {:?} is not in line with its letter {b:?}",
                    w.action, w.rect
                ));
            }
        }
    }
    out
}

/// The windows on an upright phone and a phone held sideways, in English, as PNG pictures in
/// `target/touch/` to look at (the framebuffer, doubled).
#[test]
#[ignore]
fn pictures() {
    use solitaire::render::{png, scene::Renderer};
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("target/touch");
    std::fs::create_dir_all(&dir).unwrap();
    for (i, (name, mut app)) in windows().into_iter().enumerate() {
        for spec in ["390x844@3:touch", "844x390@3:touch", "360x780@3:touch"] {
            let view = solitaire::shell::tools::parse_window(spec).unwrap();
            app.set_shape(view.shape());
            let mut r = Renderer::new();
            r.draw(&app);
            let file = format!("{i:02}-{}-{}.png", name.replace(' ', "-"), &spec[..7]);
            png::write(&png::scaled(&r.frame, 2), &dir.join(file)).unwrap();
        }
    }
}

#[test]
fn every_button_of_every_window_is_a_fingers_size() {
    let mut all = Vec::new();
    for language in Language::ALL {
        set_language(language);
        for (name, mut app) in windows() {
            for spec in SCREENS {
                let view = solitaire::shell::tools::parse_window(spec).unwrap();
                app.set_shape(view.shape());
                for p in problems(&app, &view, 40.0) {
                    all.push(format!("{language:?} {spec} {name}: {p}"));
                }
            }
        }
    }
    set_language(Language::En);
    assert!(
        all.is_empty(),
        "{} problems:\n{}",
        all.len(),
        all.join("\n")
    );
}
