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

    use PointerEvent::Cancel;

    fn down(x: i32, y: i32, t: u64) -> PointerEvent {
        PointerEvent::Down { x, y, t }
    }

    fn up(x: i32, y: i32, t: u64) -> PointerEvent {
        PointerEvent::Up { x, y, t }
    }

    fn mv(x: i32, y: i32, t: u64) -> PointerEvent {
        PointerEvent::Move { x, y, t }
    }

    #[test]
    fn press_and_release_in_place_is_a_click() {
        let mut p = Pointer::new();
        let g = run(&mut p, &[down(10, 10, 0), mv(12, 11, 5), up(12, 11, 9)]);
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
                down(10, 10, 0),
                up(10, 10, 60),
                down(11, 10, 200),
                up(11, 10, 260),
                down(11, 10, 400),
                up(11, 10, 450),
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
                down(10, 10, 0),
                up(10, 10, 50),
                down(10, 10, 500),
                up(10, 10, 550),
                down(30, 10, 600),
                up(30, 10, 650),
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
                down(10, 10, 0),
                mv(20, 10, 10),
                mv(30, 40, 20),
                up(30, 40, 30),
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
        let g = run(&mut p, &[down(10, 10, 0), Cancel, up(10, 10, 40)]);
        assert_eq!(g.last(), Some(&Gesture::Click { x: 10, y: 10 }));
    }

    #[test]
    fn cancel_during_a_drag_cancels_it() {
        let mut p = Pointer::new();
        let g = run(
            &mut p,
            &[down(10, 10, 0), mv(50, 10, 10), Cancel, up(0, 0, 40)],
        );
        assert_eq!(g.last(), Some(&Gesture::DragCancel));
        assert!(!p.is_down());
    }
}
