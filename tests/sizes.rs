//! The game in every window of the size sweep — laptops, itch.io embeds, big screens, phones in
//! both orientations, a tiny window — for both games: the cards fill the view, Klondike's cards
//! are big, the scaling is crisp, and every pile and button is hit where it is drawn.

mod common;

use solitaire::engine::{GameCode, GameKind, Pile};
use solitaire::ui::app::{App, UiAction};
use solitaire::ui::input::PointerEvent::{Down, Up};
use solitaire::ui::view::View;

fn apps() -> Vec<App> {
    // Mid-game tables (some columns long, some empty) and fresh deals.
    let mut out = Vec::new();
    for code in [
        "KL1-D1N-AAAAAAA",
        "KL1-D3V-AAAAAAB",
        "DS1-D1N-AAAAAAC",
        "DS1-D3V-AAAAAAD",
    ] {
        let code = GameCode::parse(code).unwrap();
        out.push(App::new(code, 1));
        let line = common::greedy_actions(code, 400);
        let mut g = solitaire::engine::Game::new(code);
        for a in line.into_iter().take(60) {
            g.apply(a).unwrap();
        }
        out.push(App::with_game(g, 1));
    }
    out
}

#[test]
fn the_cards_fill_every_window_and_klondike_cards_are_big() {
    for (window, view) in common::sweep_views() {
        for kind in GameKind::ALL {
            let mut app = App::new(
                GameCode::new(
                    kind,
                    solitaire::engine::Draw::Three,
                    solitaire::engine::Scoring::Normal,
                    1,
                ),
                1,
            );
            app.set_shape(view.shape());
            let l = app.layout();
            let area = l.cards_area();
            let (w, h) = (view.w as f32, view.h as f32);
            let (span_w, span_h) = (area.w as f32 / w, area.h as f32 / h);
            // The limiting dimension is the one the cards fill the more.
            assert!(
                span_w.max(span_h) >= 0.85,
                "{window} {kind:?}: the cards span {:.0}% × {:.0}% of a {}×{} view",
                span_w * 100.0,
                span_h * 100.0,
                view.w,
                view.h
            );
            let landscape_up_to_16_9 = w >= h && w / h <= 16.0 / 9.0 + 0.01;
            if kind == GameKind::Klondike && landscape_up_to_16_9 {
                let first = l.columns[0];
                let last = l.columns[l.columns.len() - 1];
                let columns = (last.right() - first.x) as f32 / w;
                assert!(
                    columns >= 0.75,
                    "{window}: columns span {:.0}%",
                    columns * 100.0
                );
                let card = l.card_w as f32 / w;
                assert!(
                    card >= 0.09,
                    "{window}: a card is {:.1}% of the width",
                    card * 100.0
                );
            }
            // Nothing reaches past the table.
            assert!(area.x >= 0 && area.right() <= view.w && area.bottom() <= l.shape.table().h);
        }
    }
}

/// Each framebuffer pixel shows as ⌊s⌋ or ⌈s⌉ screen pixels along each axis, the framebuffer
/// fills the window but for less than one framebuffer pixel (or dark margins on a very wide
/// window), and screen pixels blend only across a framebuffer pixel's edge.
#[test]
fn every_window_is_scaled_crisply() {
    for (window, view) in common::sweep_views() {
        let s = view.scale;
        assert!(s >= 1.0, "{window}: scale {s} shrinks the pixels");
        for (n, origin, win) in [(view.w, view.x, view.win_w), (view.h, view.y, view.win_h)] {
            let mut cover = vec![0; n as usize];
            for p in 0..win {
                let centre = (p as f32 + 0.5 - origin) / s;
                if centre < 0.0 || centre >= n as f32 {
                    continue;
                }
                let (a, b, f) = view.sample(p, origin);
                let cell = centre.floor() as i32;
                assert!(
                    a == cell || (f > 0.0 && b == cell),
                    "{window}: pixel {p} shows {a}/{b}, not its cell {cell}"
                );
                cover[cell as usize] += 1;
            }
            let (lo, hi) = (s.floor() as i32, s.ceil() as i32);
            for (i, c) in cover.iter().enumerate().skip(1).take(n as usize - 2) {
                assert!(
                    (lo..=hi).contains(c),
                    "{window}: pixel {i} covers {c} (scale {s})"
                );
            }
            let unused = win as f32 - n as f32 * s;
            assert!(
                unused < s + 1.0,
                "{window}: {unused} pixels unused at scale {s}"
            );
        }
        if s.fract() == 0.0 {
            // Whole numbers: no blending at all.
            for p in 0..view.win_w {
                assert_eq!(view.sample(p, view.x).2, 0.0, "{window}");
            }
        }
    }
}

/// The window pixel at the middle of a framebuffer rectangle.
fn window_point(view: &View, r: solitaire::ui::geom::Rect) -> (f32, f32) {
    let (cx, cy) = r.center();
    view.to_window(cx, cy)
}

#[test]
fn every_pile_and_button_is_hit_where_it_is_drawn() {
    for (window, view) in common::sweep_views() {
        for mut app in apps() {
            app.set_shape(view.shape());
            let table = app.game().table().clone();
            let l = app.layout().clone();
            let n = l.columns.len();
            let piles = [Pile::Stock, Pile::Waste]
                .into_iter()
                .chain((0..l.foundations.len()).map(Pile::Foundation))
                .chain((0..n).map(Pile::Column));
            for pile in piles {
                let r = l.top_rect(&table, pile);
                let (px, py) = window_point(&view, r);
                let (fx, fy) = view.to_frame(px, py);
                let hit = l.hit(&table, fx, fy).map(|h| h.pile);
                assert_eq!(hit, Some(pile), "{window}: {pile:?} drawn at {r:?}");
            }
            // The bar's buttons and those of every window, clicked through the window's pixels.
            let screens = [
                None,
                Some(UiAction::NewGame),
                Some(UiAction::Settings),
                Some(UiAction::Help),
                Some(UiAction::Stats),
            ];
            for open in screens {
                let mut app = App::with_game(app.game().clone(), 1);
                app.set_shape(view.shape());
                if let Some(a) = open {
                    app.ui_action(a);
                }
                let widgets = app.widgets();
                for (i, w) in widgets.iter().enumerate() {
                    let (px, py) = window_point(&view, w.rect);
                    let (fx, fy) = view.to_frame(px, py);
                    assert!(w.rect.contains(fx, fy), "{window}: {:?}", w.label);
                    // Nothing drawn over it takes the click (a window's buttons lie over the bar).
                    let over = widgets[i + 1..].iter().find(|o| o.rect.contains(fx, fy));
                    assert!(
                        over.is_none(),
                        "{window}: {:?} lies under {over:?}",
                        w.label
                    );
                    assert!(
                        w.rect.x >= 0
                            && w.rect.y >= 0
                            && w.rect.right() <= view.w
                            && w.rect.bottom() <= view.h,
                        "{window}: {:?} at {:?} leaves the view",
                        w.label,
                        w.rect
                    );
                }
            }
        }
    }
}

/// On a touch screen the bar's buttons are at least 40 CSS pixels high, and so are the
/// windows' buttons where the table is tall enough for it (a phone held upright).
#[test]
fn touch_buttons_are_a_fingers_size() {
    for (window, view) in common::sweep_views() {
        if !view.touch {
            continue;
        }
        let css = |px: i32| px as f32 * view.scale / view.dpi;
        let app = {
            let mut a = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
            a.set_shape(view.shape());
            a
        };
        for w in app.widgets() {
            assert!(
                css(w.rect.h) >= 40.0,
                "{window}: {:?} is {} CSS px",
                w.label,
                css(w.rect.h)
            );
            assert!(css(w.rect.w) >= 40.0, "{window}: {:?}", w.label);
        }
        for open in [
            UiAction::NewGame,
            UiAction::Settings,
            UiAction::Help,
            UiAction::Stats,
        ] {
            let mut a = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
            a.set_shape(view.shape());
            a.ui_action(open);
            let lowest = a
                .panel()
                .unwrap()
                .widgets()
                .map(|w| css(w.rect.h))
                .fold(f32::MAX, f32::min);
            println!("{window} {open:?}: smallest button {lowest:.0} CSS px high");
            if view.h > view.w {
                assert!(
                    lowest >= 40.0,
                    "{window} {open:?}: a button {lowest} CSS px high"
                );
            }
        }
    }
}

/// Played by clicks at window pixels on a phone held upright: cards move as on a desktop.
#[test]
fn a_phone_upright_plays_by_taps() {
    let view = solitaire::shell::tools::parse_window("390x844@3:touch").unwrap();
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = App::new(code, 1);
    app.set_shape(view.shape());
    let mut t = 1000;
    let mut tap = |app: &mut App, r: solitaire::ui::geom::Rect| {
        let (px, py) = window_point(&view, r);
        let (x, y) = view.to_frame(px, py);
        app.pointer(Down { x, y, t });
        app.pointer(Up { x, y, t: t + 60 });
        t += 1000;
    };
    let stock = app.layout().stock;
    tap(&mut app, stock);
    assert_eq!(
        app.game().table().waste.len(),
        1,
        "a tap on the stock turns a card"
    );
    // The Undo button of the bar.
    let undo = app
        .widgets()
        .into_iter()
        .find(|w| w.action == UiAction::Undo)
        .unwrap();
    tap(&mut app, undo.rect);
    assert!(
        app.game().table().waste.is_empty(),
        "a tap on Undo takes it back"
    );
}

#[path = "../release/budgets.rs"]
mod budgets;

/// The budgets named where figures are measured (the release and performance scripts, the
/// benches, these tests): each with its number `NAME` in their text.
fn budgets_asked() -> Vec<(String, &'static str)> {
    let readers = [
        "release/build.sh",
        "perf/measure.sh",
        "benches/render.rs",
        "benches/solver.rs",
        "tests/sizes.rs",
    ];
    let mut asked = Vec::new();
    for reader in readers {
        let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(reader);
        let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{reader}: {e}"));
        for line in text.lines() {
            for call in ["budget(\"", "budget ", "report "] {
                for (at, _) in line.match_indices(call) {
                    let name: String = line[at + call.len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
                        .collect();
                    if name.len() > 2 && name.contains('_') {
                        asked.push((name, reader));
                    }
                }
            }
        }
    }
    asked
}

/// Every budget in `release/budgets.txt` is read where its figure is measured, and every budget
/// a script, bench or test asks for is in it: none is dropped or renamed out of its check.
#[test]
fn every_budget_is_read_and_every_budget_read_exists() {
    let all = budgets::all();
    let asked = budgets_asked();
    for (name, reader) in &asked {
        assert!(
            all.iter().any(|b| b.0 == name),
            "{reader} asks for the budget {name}, which release/budgets.txt lacks"
        );
    }
    for (name, value, unit) in all {
        assert!(value > 0.0, "the budget {name} is {value} {unit}");
        assert!(
            asked.iter().any(|(n, _)| n == name),
            "no script, bench or test reads the budget {name}"
        );
    }
}

/// The crates the native program is built from (its normal dependencies, ours included) stay
/// within their budget.
#[test]
fn the_dependency_tree_is_within_its_budget() {
    let cargo = std::env::var("CARGO").unwrap_or_else(|_| "cargo".into());
    let out = std::process::Command::new(cargo)
        .args([
            "tree",
            "-e",
            "normal",
            "--prefix",
            "none",
            "--locked",
            "--offline",
        ])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("cargo tree runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8(out.stdout).unwrap();
    let crates: std::collections::BTreeSet<&str> =
        text.lines().map(|l| l.trim_end_matches(" (*)")).collect();
    let limit = budgets::budget("crates_in_tree");
    println!("{} crates (budget {limit})", crates.len());
    assert!(
        crates.len() as f64 <= limit,
        "{} crates in the tree, over the budget of {limit}",
        crates.len()
    );
}
