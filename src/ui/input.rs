//! The pointer state machine: presses, moves and releases with a time in milliseconds in;
//! clicks, double-clicks and drags out. Positions are framebuffer pixels.

/// What the platform layer reports.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PointerEvent {
    Down {
        x: i32,
        y: i32,
        t: u64,
    },
    Move {
        x: i32,
        y: i32,
        t: u64,
    },
    Up {
        x: i32,
        y: i32,
        t: u64,
    },
    /// The pointer left the window with the button down, or the window lost focus: a drag
    /// under way is cancelled.
    Cancel,
}

/// What the pointer meant.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gesture {
    /// The button went down (the app finishes running animations at once).
    Press {
        x: i32,
        y: i32,
    },
    /// A press and release that did not move: a click at the press position.
    Click {
        x: i32,
        y: i32,
    },
    /// The second click of a quick pair near the same place.
    DoubleClick {
        x: i32,
        y: i32,
    },
    /// The pointer moved past the threshold with the button down; `from` is the press.
    DragStart {
        from_x: i32,
        from_y: i32,
        x: i32,
        y: i32,
    },
    DragMove {
        x: i32,
        y: i32,
    },
    Drop {
        x: i32,
        y: i32,
    },
    DragCancel,
}

/// A press becomes a drag past this many framebuffer pixels.
pub const DRAG_THRESHOLD: i32 = 3;
/// Two clicks form a double-click within this many milliseconds (press to press)…
pub const DOUBLE_CLICK_MS: u64 = 350;
/// …and this many framebuffer pixels.
pub const DOUBLE_CLICK_DISTANCE: i32 = 4;

#[derive(Clone, Copy, Debug)]
struct Press {
    x: i32,
    y: i32,
    t: u64,
    dragging: bool,
    /// This press is the second of a quick pair.
    second: bool,
}

#[derive(Clone, Debug, Default)]
pub struct Pointer {
    press: Option<Press>,
    /// The press of the last click, while a second one may still make it a double-click.
    last_click: Option<(i32, i32, u64)>,
}

impl Pointer {
    pub fn new() -> Pointer {
        Pointer::default()
    }

    /// Whether the button is down.
    pub fn is_down(&self) -> bool {
        self.press.is_some()
    }

    pub fn is_dragging(&self) -> bool {
        self.press.is_some_and(|p| p.dragging)
    }

    pub fn handle(&mut self, ev: PointerEvent) -> Vec<Gesture> {
        let mut out = Vec::new();
        match ev {
            PointerEvent::Down { x, y, t } => {
                if self.press.is_some_and(|p| p.dragging) {
                    out.push(Gesture::DragCancel);
                }
                let second = self.last_click.is_some_and(|(lx, ly, lt)| {
                    t.saturating_sub(lt) <= DOUBLE_CLICK_MS
                        && (x - lx).abs() <= DOUBLE_CLICK_DISTANCE
                        && (y - ly).abs() <= DOUBLE_CLICK_DISTANCE
                });
                self.press = Some(Press {
                    x,
                    y,
                    t,
                    dragging: false,
                    second,
                });
                out.push(Gesture::Press { x, y });
            }
            PointerEvent::Move { x, y, .. } => {
                if let Some(p) = &mut self.press {
                    if p.dragging {
                        out.push(Gesture::DragMove { x, y });
                    } else if (x - p.x).abs() > DRAG_THRESHOLD || (y - p.y).abs() > DRAG_THRESHOLD {
                        p.dragging = true;
                        self.last_click = None;
                        out.push(Gesture::DragStart {
                            from_x: p.x,
                            from_y: p.y,
                            x,
                            y,
                        });
                    }
                }
            }
            PointerEvent::Up { x, y, .. } => {
                if let Some(p) = self.press.take() {
                    if p.dragging {
                        out.push(Gesture::Drop { x, y });
                    } else if p.second {
                        // The pair is used up: a third quick click starts a new pair.
                        self.last_click = None;
                        out.push(Gesture::DoubleClick { x: p.x, y: p.y });
                    } else {
                        self.last_click = Some((p.x, p.y, p.t));
                        out.push(Gesture::Click { x: p.x, y: p.y });
                    }
                }
            }
            PointerEvent::Cancel => {
                // A drag ends and its cards go back; a press that has not moved stays, so its
                // release is still a click (focus changes can come between press and release).
                if self.press.is_some_and(|p| p.dragging) {
                    self.press = None;
                    out.push(Gesture::DragCancel);
                }
                self.last_click = None;
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn run(p: &mut Pointer, evs: &[PointerEvent]) -> Vec<Gesture> {
        evs.iter().flat_map(|e| p.handle(*e)).collect()
    }

    use PointerEvent::{Cancel, Down, Move, Up};

    #[test]
    fn press_and_release_in_place_is_a_click() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[
                Down { x: 10, y: 10, t: 0 },
                Move { x: 12, y: 11, t: 5 },
                Up { x: 12, y: 11, t: 9 },
            ],
        );
        assert_eq!(
            g,
            [
                Gesture::Press { x: 10, y: 10 },
                Gesture::Click { x: 10, y: 10 }
            ]
        );
    }

    #[test]
    fn two_quick_clicks_make_a_double_click_that_then_resets() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[
                Down { x: 10, y: 10, t: 0 },
                Up {
                    x: 10,
                    y: 10,
                    t: 60,
                },
                Down {
                    x: 11,
                    y: 10,
                    t: 200,
                },
                Up {
                    x: 11,
                    y: 10,
                    t: 260,
                },
                Down {
                    x: 11,
                    y: 10,
                    t: 400,
                },
                Up {
                    x: 11,
                    y: 10,
                    t: 450,
                },
            ],
        );
        let kinds: Vec<_> = g
            .into_iter()
            .filter(|g| !matches!(g, Gesture::Press { .. }))
            .collect();
        assert_eq!(
            kinds,
            [
                Gesture::Click { x: 10, y: 10 },
                Gesture::DoubleClick { x: 11, y: 10 },
                Gesture::Click { x: 11, y: 10 },
            ]
        );
    }

    #[test]
    fn slow_or_distant_second_click_is_a_new_click() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[
                Down { x: 10, y: 10, t: 0 },
                Up {
                    x: 10,
                    y: 10,
                    t: 50,
                },
                Down {
                    x: 10,
                    y: 10,
                    t: 500,
                },
                Up {
                    x: 10,
                    y: 10,
                    t: 550,
                },
                Down {
                    x: 30,
                    y: 10,
                    t: 600,
                },
                Up {
                    x: 30,
                    y: 10,
                    t: 650,
                },
            ],
        );
        assert!(!g.iter().any(|g| matches!(g, Gesture::DoubleClick { .. })));
    }

    #[test]
    fn moving_past_the_threshold_drags_and_release_drops() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[
                Down { x: 10, y: 10, t: 0 },
                Move {
                    x: 20,
                    y: 10,
                    t: 10,
                },
                Move {
                    x: 30,
                    y: 40,
                    t: 20,
                },
                Up {
                    x: 30,
                    y: 40,
                    t: 30,
                },
            ],
        );
        assert_eq!(
            &g[1..],
            [
                Gesture::DragStart {
                    from_x: 10,
                    from_y: 10,
                    x: 20,
                    y: 10
                },
                Gesture::DragMove { x: 30, y: 40 },
                Gesture::Drop { x: 30, y: 40 },
            ]
        );
    }

    #[test]
    fn cancel_keeps_a_press_that_has_not_moved() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[
                Down { x: 10, y: 10, t: 0 },
                Cancel,
                Up {
                    x: 10,
                    y: 10,
                    t: 40,
                },
            ],
        );
        assert_eq!(g.last(), Some(&Gesture::Click { x: 10, y: 10 }));
    }

    #[test]
    fn cancel_during_a_drag_cancels_it() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[
                Down { x: 10, y: 10, t: 0 },
                Move {
                    x: 50,
                    y: 10,
                    t: 10,
                },
                Cancel,
                Up { x: 0, y: 0, t: 40 },
            ],
        );
        assert_eq!(g.last(), Some(&Gesture::DragCancel));
        assert!(!p.is_down());
    }
}
