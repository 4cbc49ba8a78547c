//! The input of one frame as the platform hands it over: pointer events in window pixels, each
//! with the time the player made it where the platform knows it, and keys already named.
//! Handed to the app in order, mapped to framebuffer pixels. A click, a double-click and a drag
//! are judged by these times, never by when a frame ran: on a slow phone a frame can take
//! hundreds of milliseconds, and two taps 200 ms apart can land in frames 600 ms apart.

use crate::ui::app::{App, UiAction};
use crate::ui::focus::Arrow;
use crate::ui::input::PointerEvent;
use crate::ui::view::View;

/// One thing the player did, as the platform reports it (positions in physical window pixels).
#[derive(Clone, Debug, PartialEq)]
pub enum Input {
    Down(f32, f32),
    Up(f32, f32),
    Move(f32, f32),
    /// The pointer came back into the window with no button held: a drag whose button was let
    /// go outside ended there.
    EnterUp(f32, f32),
    /// The window lost the pointer (minimised, or focus gone): a drag under way goes back.
    Cancel,
    Char(char),
    Key(Key),
    /// Text pasted (Ctrl+V natively, a paste into the page on the web).
    Paste(String),
    Undo,
    Redo,
}

/// The keys the game answers, named by the platform layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Key {
    Backspace,
    Enter,
    Escape,
    Space,
    Arrow(Arrow),
    /// Tab; with Shift, back.
    Tab {
        back: bool,
    },
}

/// The input that came since the last frame, with the times of the player's own presses.
#[derive(Debug, Default)]
pub struct FrameInput {
    events: Vec<(Input, Option<u64>)>,
    /// The time given to the last pointer event handed over: no event goes back before it.
    last: u64,
}

impl FrameInput {
    pub fn new() -> FrameInput {
        FrameInput::default()
    }

    /// An event made at `at` (milliseconds on the loop's clock), or at an unknown time (`None`:
    /// the frame's time is all there is).
    pub fn push(&mut self, input: Input, at: Option<u64>) {
        self.events.push((input, at));
    }

    pub fn is_empty(&self) -> bool {
        self.events.is_empty()
    }

    /// A pointer coming back into the window with the button held is reported by some window
    /// libraries as a release there (and the button as down again): such a release — the
    /// last of the frame's, with no press after it, while the button is `held` — is a move.
    pub fn release_while_held_is_a_move(&mut self, held: bool) {
        let last_up = self
            .events
            .iter()
            .rposition(|e| matches!(e.0, Input::Up(..)));
        let last_down = self
            .events
            .iter()
            .rposition(|e| matches!(e.0, Input::Down(..)));
        if let Some(i) = last_up
            && held
            && last_down.is_none_or(|d| d < i)
            && let Input::Up(x, y) = self.events[i].0
        {
            self.events[i].0 = Input::Move(x, y);
        }
    }

    /// The time a pointer event is judged by: the player's own, kept between the last event
    /// handed over and the frame's time `t` (a clock a moment off never runs time backwards
    /// nor into the future), else the frame's.
    fn time_of(&mut self, at: Option<u64>, t: u64) -> u64 {
        let at = at.unwrap_or(t).min(t).max(self.last);
        self.last = at;
        at
    }

    /// Hands the input of this frame to the app, mapped to framebuffer pixels through `view`;
    /// `t` is the frame's time. Says whether there was any. A drag lives while the button is
    /// held, in the window or out of it: it ends where the button is let go, or, if that
    /// happened out of sight, where the pointer comes back or presses next.
    pub fn deliver(&mut self, app: &mut App, view: &View, t: u64, trace: bool) -> bool {
        let any = !self.events.is_empty();
        for (input, at) in std::mem::take(&mut self.events) {
            if trace {
                eprintln!("t={t} at={at:?} {input:?}");
            }
            let pos = |x, y| view.to_frame(x, y);
            match input {
                Input::Down(x, y) => {
                    let ((x, y), t) = (pos(x, y), self.time_of(at, t));
                    if app.is_dragging() {
                        // The release was never seen: the cards are put down here.
                        app.pointer(PointerEvent::Up { x, y, t });
                    }
                    app.pointer(PointerEvent::Down { x, y, t });
                }
                Input::EnterUp(x, y) => {
                    let t = self.time_of(at, t);
                    if app.is_dragging() {
                        let (x, y) = pos(x, y);
                        app.pointer(PointerEvent::Up { x, y, t });
                    }
                }
                Input::Move(x, y) => {
                    let ((x, y), t) = (pos(x, y), self.time_of(at, t));
                    app.pointer(PointerEvent::Move { x, y, t });
                }
                Input::Up(x, y) => {
                    let ((x, y), t) = (pos(x, y), self.time_of(at, t));
                    app.pointer(PointerEvent::Up { x, y, t });
                }
                Input::Cancel => app.pointer(PointerEvent::Cancel),
                Input::Char(c) => app.key_char(c),
                Input::Key(Key::Backspace) => app.key_backspace(),
                Input::Key(Key::Enter) => app.key_enter(),
                Input::Key(Key::Escape) => app.key_escape(),
                Input::Key(Key::Space) => app.key_activate(),
                Input::Key(Key::Arrow(arrow)) => app.key_arrow(arrow),
                Input::Key(Key::Tab { back }) => app.key_tab(back),
                Input::Paste(text) => app.key_paste(&text),
                Input::Undo => app.ui_action(UiAction::Undo),
                Input::Redo => app.ui_action(UiAction::Redo),
            }
        }
        any
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_time_stays_between_the_last_event_and_the_frame() {
        let mut f = FrameInput::new();
        assert_eq!(f.time_of(Some(100), 300), 100);
        // Earlier than the last event handed over: kept at it.
        assert_eq!(f.time_of(Some(50), 300), 100);
        // Later than the frame (a clock a moment ahead): the frame's time.
        assert_eq!(f.time_of(Some(900), 600), 600);
        // No time known: the frame's.
        assert_eq!(f.time_of(None, 900), 900);
    }

    #[test]
    fn a_release_while_the_button_is_held_is_a_move() {
        let mut f = FrameInput::new();
        f.push(Input::Down(1.0, 1.0), None);
        f.push(Input::Up(5.0, 5.0), None);
        f.release_while_held_is_a_move(false);
        assert_eq!(f.events[1].0, Input::Up(5.0, 5.0));
        f.release_while_held_is_a_move(true);
        assert_eq!(f.events[1].0, Input::Move(5.0, 5.0));
    }
}
