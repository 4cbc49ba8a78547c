//! Watching a game again: a won game, the last game left, or a replay link. The replay owns
//! its game and its table: it replays the game's log with the game's own animations; the
//! controls pause it, step back and forward, and set the speed. The game in play is not
//! touched (and is what is saved).

use super::layout::Shape;
use super::screens::UiAction;
use super::strings::{fill, strings};
use super::table::Table;
use crate::engine::{Entry, Game};

/// Where a shared replay's link leads, and so what the Share window says of it.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum ShareTo {
    /// Natively: the link's query, for the web game's address or New Game (the replay is
    /// saved as a script too).
    #[default]
    Native,
    /// A page of its own, at this address.
    Page(String),
    /// Inside another page's frame (itch.io's): that page's address where the browser tells
    /// it; never the frame's own, which opens the game outside the page the player is on. A
    /// friend opens the game and pastes the link into New Game.
    Framed(Option<String>),
}

impl ShareTo {
    /// The link for `query` (`?code=…&replay=…`).
    pub fn link(&self, query: &str) -> String {
        match self {
            ShareTo::Native | ShareTo::Framed(None) => query.to_string(),
            ShareTo::Page(page) | ShareTo::Framed(Some(page)) => format!("{page}{query}"),
        }
    }
}

/// The replay's speeds: ½×, 1×, 4× (milliseconds between actions).
pub const SPEEDS: [u64; 3] = [800, 400, 100];

pub struct Replay {
    /// The whole game watched (its log is the replay).
    full: Game,
    /// The game as far as it is shown.
    game: Game,
    /// The replay's own table: its layout and animations.
    table: Table,
    /// Entries of the log shown so far.
    pub pos: usize,
    pub playing: bool,
    /// Index into `SPEEDS`.
    pub speed: usize,
    next_at: u64,
}

impl Replay {
    /// A replay of `game` from its deal, playing.
    pub fn new(game: &Game, shape: Shape, now: u64) -> Replay {
        Replay {
            full: game.clone(),
            game: Game::new(game.code()),
            table: Table::new(game.code().game, shape),
            pos: 0,
            playing: true,
            speed: 1,
            next_at: now + SPEEDS[1],
        }
    }

    /// A still picture of `game` as it stands (the position an analysis found): nothing
    /// plays, and the controls are not on show.
    pub fn still(game: &Game, shape: Shape) -> Replay {
        Replay {
            full: game.clone(),
            game: game.clone(),
            table: Table::new(game.code().game, shape),
            pos: game.log().len(),
            playing: false,
            speed: 1,
            next_at: u64::MAX,
        }
    }

    /// The game as far as it is shown.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The whole game watched.
    pub fn full(&self) -> &Game {
        &self.full
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn table_mut(&mut self) -> &mut Table {
        &mut self.table
    }

    pub fn at_end(&self) -> bool {
        self.pos >= self.full.log().len()
    }

    /// A control of the replay (play or pause, back, forward, speed); says whether it was one.
    pub fn act(&mut self, action: UiAction, now: u64) -> bool {
        match action {
            UiAction::WatchPlay => {
                self.playing = !self.playing && !self.at_end();
                self.next_at = now;
            }
            UiAction::WatchBack => self.back(),
            UiAction::WatchForward => {
                self.playing = false;
                self.forward(now);
            }
            UiAction::WatchSpeed(k) => self.speed = k.min(SPEEDS.len() - 1),
            _ => return false,
        }
        true
    }

    /// The next action of the replay, with its animation.
    pub fn forward(&mut self, now: u64) {
        let Some(&entry) = self.full.log().get(self.pos) else {
            return;
        };
        match entry {
            Entry::Act(a) => {
                let from = self.table.action_rects(&self.game, a);
                if let Ok(outcome) = self.game.apply(a) {
                    self.table.show(&outcome, from, now);
                }
            }
            Entry::Undo => {
                let _ = self.game.undo();
                self.table.stop_moves();
            }
        }
        self.pos += 1;
        if self.at_end() {
            self.playing = false;
        }
    }

    /// One action back: the table as it was before it.
    pub fn back(&mut self) {
        if self.pos == 0 {
            return;
        }
        self.pos -= 1;
        self.playing = false;
        let mut g = Game::new(self.full.code());
        for &e in &self.full.log()[..self.pos] {
            let _ = match e {
                Entry::Act(a) => g.apply(a).map(|_| ()),
                Entry::Undo => g.undo(),
            };
        }
        self.game = g;
        self.table.stop_moves();
    }

    /// Advances the replay and its animations to `now`; says whether the picture changed.
    pub fn tick(&mut self, now: u64) -> bool {
        let mut changed = self.table.tick(now);
        if self.playing && now >= self.next_at {
            self.next_at = now + SPEEDS[self.speed];
            self.forward(now);
            changed = true;
        }
        changed
    }

    /// The replay's words for its title: the move shown, of how many.
    pub fn title(&self) -> String {
        let (n, total) = (self.pos.to_string(), self.full.log().len().to_string());
        fill(strings().watch_title, &[("n", &n), ("total", &total)])
    }

    /// The link's query that opens this replay: `?code=…&replay=…`.
    pub fn link(&self) -> String {
        format!(
            "?code={}&replay={}",
            self.full.code(),
            crate::save::link::pack(&self.full)
        )
    }

    /// The replay as a script (the script interface's format: `solitaire replay FILE` watches
    /// it): a file name and its text.
    pub fn script(&self) -> (String, String) {
        let g = &self.full;
        let mut text = format!("new {}\n", g.code());
        for &e in g.log() {
            text.push_str(&crate::engine::notation::entry_line(e));
            text.push('\n');
        }
        (format!("{}-{}.txt", g.code(), g.moves()), text)
    }
}
