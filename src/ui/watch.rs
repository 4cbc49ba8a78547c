//! Watching a game again: a won game, the last game left, or a replay link. The table replays
//! the game's log with the game's own animations; the controls pause it, step back and
//! forward, and set the speed. The game in play waits aside, untouched (and is what is saved).

use super::app::App;
use super::screens::Screen;
use super::strings::{fill, strings};
use crate::engine::{Entry, Game};

/// The replay's speeds: ½×, 1×, 4× (milliseconds between actions).
pub const SPEEDS: [u64; 3] = [800, 400, 100];

pub struct Watch {
    /// The whole game watched (its log is the replay).
    pub full: Game,
    /// Entries of the log shown so far.
    pub pos: usize,
    pub playing: bool,
    /// Index into `SPEEDS`.
    pub speed: usize,
    pub next_at: u64,
    /// The game in play, back when the replay closes.
    pub saved: Game,
}

impl App {
    /// Starts watching `game` from its deal; the game in play waits aside.
    pub fn start_watch(&mut self, game: &Game) {
        let saved = match self.watch.take() {
            Some(w) => w.saved,
            None => self.game.clone(),
        };
        self.game = Game::new(game.code());
        self.layout = super::layout::Layout::for_shape(game.code().game, self.shape);
        self.game_changed();
        self.cascade = None;
        self.drag = None;
        self.slides.clear();
        self.flip = None;
        self.watch = Some(Box::new(Watch {
            full: game.clone(),
            pos: 0,
            playing: true,
            speed: 1,
            next_at: self.now + SPEEDS[1],
            saved,
        }));
        self.screen = Screen::Watch;
        self.dirty = true;
    }

    pub fn is_watching(&self) -> bool {
        self.watch.is_some()
    }

    pub fn watching(&self) -> Option<&Watch> {
        self.watch.as_deref()
    }

    /// The game to save: the game in play, also while a replay shows another.
    pub fn game_to_save(&self) -> &Game {
        self.watch.as_ref().map_or(&self.game, |w| &w.saved)
    }

    /// The next action of the replay, with its animation.
    pub(super) fn watch_forward(&mut self) {
        let Some(w) = &self.watch else { return };
        let Some(&entry) = w.full.log().get(w.pos) else {
            return;
        };
        match entry {
            Entry::Act(a) => {
                let from = match a {
                    crate::engine::Action::Move { from, .. } => {
                        self.source_rects(from.pile(), from.count())
                    }
                    crate::engine::Action::Draw => Vec::new(),
                };
                let result = self.game.apply(a);
                self.after(result, from);
            }
            Entry::Undo => {
                let _ = self.game.undo();
                self.slides.clear();
                self.flip = None;
            }
        }
        if let Some(w) = &mut self.watch {
            w.pos += 1;
            if w.pos >= w.full.log().len() {
                w.playing = false;
            }
        }
        self.dirty = true;
    }

    /// One action back: the table as it was before it.
    pub(super) fn watch_back(&mut self) {
        let Some(w) = &mut self.watch else { return };
        if w.pos == 0 {
            return;
        }
        w.pos -= 1;
        w.playing = false;
        let mut g = Game::new(w.full.code());
        for &e in &w.full.log()[..w.pos] {
            let _ = match e {
                Entry::Act(a) => g.apply(a).map(|_| ()),
                Entry::Undo => g.undo(),
            };
        }
        self.game = g;
        self.slides.clear();
        self.flip = None;
        self.dirty = true;
    }

    /// Advances the replay with time.
    pub(super) fn watch_tick(&mut self) {
        let Some(w) = &mut self.watch else { return };
        if w.playing && self.now >= w.next_at {
            w.next_at = self.now + SPEEDS[w.speed];
            self.watch_forward();
        }
    }

    /// Back to the game in play, as it was.
    pub(super) fn close_watch(&mut self) {
        let Some(w) = self.watch.take() else { return };
        self.game = w.saved;
        self.layout = super::layout::Layout::for_shape(self.game.code().game, self.shape);
        self.slides.clear();
        self.flip = None;
        self.cascade = None;
        self.screen = if self.game.is_won() {
            Screen::Won
        } else {
            Screen::Table
        };
        self.dirty = true;
    }

    /// The replay's words for its title: the move shown, of how many.
    pub fn watch_title(&self) -> Option<String> {
        let w = self.watch.as_ref()?;
        let (n, total) = (w.pos.to_string(), w.full.log().len().to_string());
        Some(fill(strings().watch_title, &[("n", &n), ("total", &total)]))
    }

    /// The link's query that opens this replay: `?code=…&replay=…`.
    pub fn watch_link(&self) -> Option<String> {
        let w = self.watch.as_ref()?;
        Some(format!(
            "?code={}&replay={}",
            w.full.code(),
            crate::save::link::pack(&w.full)
        ))
    }
}
