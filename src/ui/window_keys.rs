//! The keyboard on buttons: in a window Tab and Shift+Tab walk its buttons in order, the arrows
//! go to the nearest button that way, Space or Enter presses the button under the focus and Esc
//! is the window's Cancel; on the table Tab goes from the piles to the bar's buttons. The
//! buttons a key reaches are those the pointer hit-tests (the window's panel's, or the bar's),
//! and a press is `App::ui_action` with the button's action: a key does what a click on that
//! button does, no more.

use super::app::App;
use super::focus::{Arrow, Focus};
use super::geom::Rect;
use super::screens::{Screen, UiAction, Widget};
use std::mem::{Discriminant, discriminant};

/// The button the focus stands on, with the kind of window it belongs to: a window opened anew
/// (or another window) starts from its default button.
pub type Control = (Discriminant<Screen>, UiAction);

/// The button among `controls` an arrow goes to from `at`: Left and Right along its row (the
/// buttons beside it), Up and Down to the nearest row above or below, the button in it most
/// nearly in line. None at the window's edge.
pub fn step(controls: &[Widget], at: Rect, arrow: Arrow) -> Option<&Widget> {
    let (cx, cy) = at.center();
    let same_row = |r: &Rect| r.y < at.bottom() && at.y < r.bottom();
    let others = controls.iter().filter(|w| w.rect != at);
    match arrow {
        Arrow::Right => others
            .filter(|w| same_row(&w.rect) && w.rect.center().0 > cx)
            .min_by_key(|w| w.rect.x),
        Arrow::Left => others
            .filter(|w| same_row(&w.rect) && w.rect.center().0 < cx)
            .max_by_key(|w| w.rect.right()),
        Arrow::Down => others
            .filter(|w| w.rect.y >= at.bottom() - 1 && w.rect.center().1 > cy)
            .min_by_key(|w| (w.rect.y, (w.rect.center().0 - cx).abs())),
        Arrow::Up => others
            .filter(|w| w.rect.bottom() <= at.y + 1 && w.rect.center().1 < cy)
            .min_by_key(|w| (-w.rect.bottom(), (w.rect.center().0 - cx).abs())),
    }
}

impl App {
    /// The buttons a key reaches, in the order they are listed: the window's on show, and the
    /// bar's on the table and beside a window that leaves the table bright (the won game) — the
    /// buttons the pointer hits there (`App::widgets`). A button the window has already (New
    /// Game, Replay) is reached once.
    fn controls(&self) -> Vec<Widget> {
        let panel = self.panel();
        let mut out: Vec<Widget> = panel.iter().flat_map(|p| p.widgets().cloned()).collect();
        if panel.is_none_or(|p| !p.dim) {
            for w in self.widgets() {
                if !out.iter().any(|o| o.action == w.action) {
                    out.push(w);
                }
            }
        }
        out
    }

    /// The button the focus stands on: in a window the one a key last went to, else the
    /// window's default, else its first; on the table a button of the bar once Tab went there
    /// (none while the focus is on the piles).
    pub fn focused_control(&self) -> Option<Widget> {
        let controls = self.controls();
        let kind = discriminant(self.screen());
        let find = |a: UiAction| controls.iter().find(|w| w.action == a);
        let chosen = self.table.focus().control.filter(|c| c.0 == kind);
        let chosen = chosen.and_then(|c| find(c.1));
        if self.panel().is_none() {
            return chosen.cloned();
        }
        chosen
            .or_else(|| self.screen().default_action().and_then(find))
            .or(controls.first())
            .cloned()
    }

    /// Where the focus outline goes round a button, once a key has shown the focus.
    pub fn control_focus_rect(&self) -> Option<Rect> {
        if !self.table.focus().shown {
            return None;
        }
        self.focused_control().map(|w| w.rect)
    }

    /// The focus on a button (none: on the table's piles), shown.
    fn focus_control(&mut self, action: Option<UiAction>) {
        let f = self.table.focus();
        let control = action.map(|a| (discriminant(self.screen()), a));
        self.table.set_focus(Focus {
            shown: true,
            control,
            ..f
        });
        self.fx.redraw();
    }

    /// Tab (`back`: Shift+Tab): the next button, round to the first; in a window the first
    /// press only shows where the focus is. On the table Tab goes from the piles to the bar's
    /// buttons, and past the last of them back to the piles.
    pub fn key_tab(&mut self, back: bool) {
        let controls = self.controls();
        let n = controls.len();
        if n == 0 {
            return;
        }
        let at = self.focused_control();
        let i = at
            .as_ref()
            .and_then(|a| controls.iter().position(|w| w == a));
        let window = self.panel().is_some();
        let next = match i {
            None => Some(if back { n - 1 } else { 0 }),
            Some(i) if window && !self.table.focus().shown => Some(i),
            Some(i) if window => Some(if back { (i + n - 1) % n } else { (i + 1) % n }),
            // On the table: past either end of the bar, the piles.
            Some(i) if back => i.checked_sub(1),
            Some(i) => Some(i + 1).filter(|&j| j < n),
        };
        self.focus_control(next.map(|j| controls[j].action));
    }

    /// An arrow key on a button: the focus goes to the nearest button that way (in a window
    /// the first press only shows it); on the bar an arrow with no button that way goes back
    /// to the piles. Says whether the key was taken.
    pub(super) fn window_arrow(&mut self, arrow: Arrow) -> bool {
        let Some(at) = self.focused_control() else {
            return false;
        };
        let to = if !self.table.focus().shown {
            Some(at.action)
        } else {
            match step(&self.controls(), at.rect, arrow) {
                Some(w) => Some(w.action),
                None if self.panel().is_some() => Some(at.action),
                None => None,
            }
        };
        self.focus_control(to);
        true
    }

    /// Space or Enter on a button: it is pressed, as a click presses it. While the focus is not
    /// shown yet only a window's default button answers (Enter after a code typed in New Game
    /// starts it); elsewhere the first press shows where the focus is, so a stray key presses
    /// nothing unseen. Says whether the key was taken.
    pub(super) fn window_activate(&mut self) -> bool {
        let Some(at) = self.focused_control() else {
            return false;
        };
        let unseen = !self.table.focus().shown;
        self.focus_control(Some(at.action));
        if !unseen || self.screen().default_action() == Some(at.action) {
            self.ui_action(at.action);
        }
        true
    }

    /// Esc on a button of the bar: the focus goes back to the piles. Says whether it was there.
    pub(super) fn leave_bar(&mut self) -> bool {
        if self.panel().is_some() || self.focused_control().is_none() {
            return false;
        }
        self.focus_control(None);
        true
    }

    /// A window was opened in place of another kind (or closed): the focus starts on its
    /// default button.
    pub(super) fn window_opened(&mut self, screen: &Screen) {
        if discriminant(screen) != discriminant(self.screen()) {
            let f = self.table.focus();
            self.table.set_focus(Focus { control: None, ..f });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn w(x: i32, y: i32, action: UiAction) -> Widget {
        Widget {
            rect: Rect::new(x, y, 30, 14),
            label: "b".into(),
            action,
            selected: false,
        }
    }

    /// Two rows: A B C over D E. Left and Right stay in the row, Up and Down go to the row's
    /// button most nearly in line, and the edges go nowhere.
    #[test]
    fn arrows_go_to_the_nearest_button_that_way() {
        use UiAction::*;
        let c = [
            w(0, 0, Start),
            w(40, 0, Cancel),
            w(80, 0, Help),
            w(10, 20, Stats),
            w(75, 20, Settings),
        ];
        let go = |from: usize, a| step(&c, c[from].rect, a).map(|w| w.action);
        assert_eq!(go(0, Arrow::Right), Some(Cancel));
        assert_eq!(go(1, Arrow::Right), Some(Help));
        assert_eq!(go(2, Arrow::Right), None);
        assert_eq!(go(1, Arrow::Left), Some(Start));
        assert_eq!(go(2, Arrow::Down), Some(Settings));
        assert_eq!(go(0, Arrow::Down), Some(Stats));
        assert_eq!(go(3, Arrow::Right), Some(Settings));
        assert_eq!(go(4, Arrow::Up), Some(Help));
        assert_eq!(go(3, Arrow::Up), Some(Start));
        assert_eq!(go(0, Arrow::Up), None);
    }
}
