//! Frames made slow on purpose: 300 ms each, as on a slow phone. The player's presses carry
//! their own times (the browser stamps every event), and a frame hands over all that came
//! since the last one: a click, a double-click and a drag are judged by the player's timing,
//! whichever frames the presses land in.

use solitaire::engine::{GameCode, Pile};
use solitaire::ui::app::App;
use solitaire::ui::events::{FrameInput, Input};
use solitaire::ui::view::View;

const FRAME_MS: u64 = 300;

/// A phone held upright, as the browser test's: 390 × 844 CSS pixels at 3 device pixels each.
fn phone() -> View {
    solitaire::shell::tools::parse_window("390x844@3:touch").expect("a window")
}

/// KL1-D1N-AAAAAAG: the 7♣ lies alone face up on t7, and the 8♦ on t1 takes it.
fn app() -> App {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAG").unwrap(), 1);
    app.set_shape(phone().shape());
    app
}

/// Where the 7♣ is, in the window's physical pixels.
fn seven_of_clubs(app: &App, view: &View) -> (f32, f32) {
    let r = app
        .layout()
        .card_rect(app.game().table(), Pile::Column(6), 1);
    view.to_window(r.x + r.w / 2, r.y + 6)
}

/// Plays `events` (each at the player's time, in ms) through frames `FRAME_MS` apart, the first
/// at `phase`: each frame hands over what came since the last, as the window loop does.
fn play(app: &mut App, view: &View, events: &[(Input, u64)], phase: u64) {
    let mut input = FrameInput::new();
    let last = events.iter().map(|e| e.1).max().unwrap_or(0);
    let mut next = 0;
    let mut t = phase;
    while next < events.len() || t <= last + FRAME_MS {
        while next < events.len() && events[next].1 <= t {
            input.push(events[next].0.clone(), Some(events[next].1));
            next += 1;
        }
        input.deliver(app, view, t, false);
        app.tick(t);
        t += FRAME_MS;
    }
}

/// Two taps on the 7♣, the second `gap` ms after the first (each held 40 ms).
fn double_tap(at: (f32, f32), gap: u64) -> Vec<(Input, u64)> {
    let (x, y) = at;
    let start = 10_000;
    vec![
        (Input::Down(x, y), start),
        (Input::Up(x, y), start + 40),
        (Input::Down(x, y), start + gap),
        (Input::Up(x, y), start + gap + 40),
    ]
}

/// The 7♣ lies on the 8♦ (and the 8♠ under it is turned up).
fn moved(app: &App) -> bool {
    let t = app.game().table();
    let names =
        |up: &[solitaire::engine::Card]| up.iter().map(|c| c.to_string()).collect::<Vec<_>>();
    names(&t.columns[0].up) == ["8D", "7C"] && names(&t.columns[6].up) == ["8S"]
}

#[test]
fn two_taps_up_to_340_ms_apart_are_a_double_click_whatever_frames_they_land_in() {
    let view = phone();
    let mut missed = Vec::new();
    for gap in (80..=340).step_by(20) {
        for phase in (0..FRAME_MS).step_by(25) {
            let mut app = app();
            let at = seven_of_clubs(&app, &view);
            play(&mut app, &view, &double_tap(at, gap), phase);
            if !moved(&app) {
                missed.push((gap, phase));
            }
        }
    }
    assert!(
        missed.is_empty(),
        "double taps missed (gap ms, frame phase ms): {missed:?}"
    );
}

#[test]
fn two_taps_400_ms_apart_are_two_clicks() {
    let view = phone();
    for phase in (0..FRAME_MS).step_by(25) {
        let mut app = app();
        let at = seven_of_clubs(&app, &view);
        play(&mut app, &view, &double_tap(at, 400), phase);
        assert!(!moved(&app), "a 400 ms pair moved the card (phase {phase})");
        assert_eq!(app.game().moves(), 0);
    }
}

#[test]
fn a_drag_over_slow_frames_still_drags() {
    let view = phone();
    for phase in (0..FRAME_MS).step_by(50) {
        let mut app = app();
        let (x, y) = seven_of_clubs(&app, &view);
        let l = app.layout().clone();
        let top = l.top_rect(app.game().table(), Pile::Column(0));
        let (tx, ty) = view.to_window(top.x + top.w / 2, top.y + top.h / 2 + l.up_step as i32);
        let mut events = vec![(Input::Down(x, y), 10_000)];
        for k in 1..=12u64 {
            let f = k as f32 / 12.0;
            events.push((
                Input::Move(x + (tx - x) * f, y + (ty - y) * f),
                10_000 + k * 70,
            ));
        }
        events.push((Input::Up(tx, ty), 10_000 + 13 * 70));
        play(&mut app, &view, &events, phase);
        assert!(moved(&app), "the drag did not move the 7♣ (phase {phase})");
        assert_eq!(app.game().moves(), 1);
    }
}
