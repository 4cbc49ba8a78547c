//! On a touch screen every button of every window is a finger's size: at least 40 CSS pixels
//! wide and high, the deal letters' arrows on a phone narrower than 390 CSS pixels excepted
//! (at least 32: seven of them share a row). Phones both ways and tablets, every window, in
//! every language; on a phone held sideways the windows lay their parts side by side.

mod common;

use solitaire::ui::app::App;
use solitaire::ui::geom::Rect;
use solitaire::ui::screens::{Item, UiAction};
use solitaire::ui::strings::{Language, set_language};
use solitaire::ui::view::View;

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
    for (i, (name, mut app)) in common::every_window().into_iter().enumerate() {
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
        for (name, mut app) in common::every_window() {
            for spec in common::TOUCH_SCREENS {
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
