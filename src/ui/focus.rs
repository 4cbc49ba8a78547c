//! Keyboard play on the table: a focus on a pile or a card that the arrow keys move, and a
//! press of Space or Enter that picks the focused cards up and a second press that lays them
//! on the focused pile (or, pressed on the same card, sends it home as a double-click does).
//! Each press asks the engine the way a pointer does (`Game::click`, `double_click`, `apply`)
//! and its answer goes where a click's goes (`played`, the status line, the sounds).

use super::app::App;
use super::geom::Rect;
use super::screens::Screen;
use super::sound::Cue;
use super::strings::refusal_text;
use super::table::From;
use crate::engine::{Action, Game, Outcome, Pile, Refusal, Source, Target};

/// Where the keyboard's focus is, and what it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus {
    /// Shown once a key has moved or used it (a pointer player never sees it).
    pub shown: bool,
    pub pile: Pile,
    /// The card in the pile, counted from the top (1: the top card).
    pub depth: usize,
    /// Cards picked up by a press, waiting for the press that lays them down.
    pub held: Option<Source>,
    /// In a window: the control the focus stands on, with the kind of window it is in (none:
    /// the window's default control; `ui::window_keys`).
    pub control: Option<super::window_keys::Control>,
}

impl Default for Focus {
    fn default() -> Focus {
        Focus {
            shown: false,
            pile: Pile::Stock,
            depth: 1,
            held: None,
            control: None,
        }
    }
}

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    Left,
    Right,
    Up,
    Down,
}

/// The piles in the order Left and Right walk them: stock, waste, foundations, columns.
fn piles(game: &Game) -> Vec<Pile> {
    let t = game.table();
    let mut out = vec![Pile::Stock, Pile::Waste];
    out.extend((0..t.foundations.len()).map(Pile::Foundation));
    out.extend((0..t.columns.len()).map(Pile::Column));
    out
}

/// How many cards of a pile the focus can stand on: a column's face-up run, the top card of
/// the waste or a foundation.
fn reachable(game: &Game, pile: Pile) -> usize {
    let t = game.table();
    match pile {
        Pile::Stock => 0,
        Pile::Waste => t.waste.len().min(1),
        Pile::Foundation(i) => t.foundations.get(i).map_or(0, |f| f.len().min(1)),
        Pile::Column(i) => t.columns.get(i).map_or(0, |c| c.up.len()),
    }
}

/// The cards a press on `depth` of `pile` takes.
fn source(pile: Pile, depth: usize) -> Option<Source> {
    match pile {
        Pile::Stock => None,
        Pile::Waste => Some(Source::Waste),
        Pile::Foundation(i) => Some(Source::Foundation(i)),
        Pile::Column(index) => Some(Source::Column {
            index,
            count: depth,
        }),
    }
}

impl App {
    /// The focus as the table now stands (a card it stood on may have gone).
    pub fn focus(&self) -> Focus {
        let mut f = self.table.focus();
        let game = self.session.game();
        if !piles(game).contains(&f.pile) {
            f.pile = Pile::Stock;
        }
        f.depth = f.depth.clamp(1, reachable(game, f.pile).max(1));
        f
    }

    /// Where the focus outline goes, and where the held cards lie, while the focus is shown.
    pub fn focus_rects(&self) -> Option<(Rect, Option<Rect>)> {
        let f = self.focus();
        if !f.shown || self.is_watching() || *self.screen() != Screen::Table {
            return None;
        }
        // On a button of the bar instead (`ui::window_keys`).
        if self.focused_control().is_some() {
            return None;
        }
        let (t, l) = (self.game().table(), self.layout());
        let at = l.card_rect(t, f.pile, f.depth);
        let held = f.held.map(|s| l.card_rect(t, s.pile(), s.count()));
        Some((at, held))
    }

    fn set_focus(&mut self, f: Focus) {
        self.table.set_focus(Focus { shown: true, ..f });
        self.fx.redraw();
    }

    /// An arrow key on the table: Left and Right go from pile to pile, Up and Down along a
    /// column's face-up run.
    pub fn key_arrow(&mut self, arrow: Arrow) {
        if self.window_arrow(arrow) {
            return;
        }
        if self.is_watching() || *self.screen() != Screen::Table {
            return;
        }
        let mut f = self.focus();
        let game = self.session.game();
        let all = piles(game);
        let at = all.iter().position(|&p| p == f.pile).unwrap_or(0);
        match arrow {
            Arrow::Left | Arrow::Right if f.shown => {
                let step = if arrow == Arrow::Right {
                    1
                } else {
                    all.len() - 1
                };
                f.pile = all[(at + step) % all.len()];
                f.depth = 1;
            }
            Arrow::Up => f.depth = (f.depth + 1).min(reachable(game, f.pile).max(1)),
            Arrow::Down => f.depth = f.depth.saturating_sub(1).max(1),
            _ => {}
        }
        self.set_focus(f);
        self.announce_focus();
    }

    /// Space or Enter on the table: picks the focused cards up, or lays the held ones on the
    /// focused pile; on the card held, it is a double-click (home, or the best place).
    pub fn key_activate(&mut self) {
        if self.window_activate() {
            return;
        }
        if self.is_watching() || *self.screen() != Screen::Table {
            return;
        }
        let mut f = self.focus();
        let (pile, depth) = (f.pile, f.depth);
        let held = f.held.take();
        self.set_focus(f);
        let search = self.settings.double_click;
        let game = self.session.game_mut();
        let here = source(pile, depth);
        let (result, from) = match held {
            None if pile == Pile::Stock => (game.click(Pile::Stock, 1), Vec::new()),
            None => {
                if here.is_some_and(|s| game.source_cards(s).is_ok_and(|c| !c.is_empty())) {
                    self.set_focus(Focus { held: here, ..f });
                    self.cue(Cue::Lifted);
                    if let Some(s) = here {
                        self.announce_picked(s);
                    }
                }
                return;
            }
            Some(s) if Some(s) == here => {
                let from = self.table.source_rects(game, pile, depth);
                (game.double_click(pile, depth, search), from)
            }
            Some(s) => {
                let to = match pile {
                    Pile::Foundation(_) => Target::Foundation,
                    Pile::Column(j) => Target::Column(j),
                    _ => {
                        self.cue(Cue::PutBack);
                        return;
                    }
                };
                let action = Action::Move { from: s, to };
                let from = self.table.action_rects(game, action);
                (game.apply(action), from)
            }
        };
        self.keyed(result, from);
    }

    /// Esc on the table with cards held: they are put back. Says whether there were any.
    pub(super) fn drop_held(&mut self) -> bool {
        let mut f = self.focus();
        if f.held.take().is_none() {
            return false;
        }
        self.set_focus(f);
        self.cue(Cue::PutBack);
        true
    }

    fn keyed(&mut self, result: Result<Outcome, Refusal>, from: From) {
        match result {
            Ok(outcome) => self.played(outcome, from),
            Err(refusal) => {
                self.say(refusal_text(&refusal), false);
                self.cue(Cue::Refused);
            }
        }
    }
}
