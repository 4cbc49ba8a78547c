//! A solver for both games: it sees every card, face-down ones too, and searches for a winning
//! line under the exact rules of the engine (draw 1 and 3, Normal and Vegas, take-backs).
//!
//! Depth-first search on a compact position made and unmade in place (`state`), with a
//! transposition table of 128-bit position keys (columns in any order are the same position),
//! safe foundation moves applied without branching, the stock turned into "draw until this card
//! is on top, then play it" moves, and move ordering. Three passes: a short complete one, a
//! narrow one (a limited discrepancy search without the moves that seldom help), and a long
//! complete one; a complete pass that runs out of positions proves the deal unwinnable. The
//! search runs in slices (`Search::step`), so a window can spread it over frames.

mod state;
pub mod survey;

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::engine::{Action, Game};
use state::{Mv, State, Undo};

/// What the solver found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// A winning line from the position, every action in order.
    Winnable(Vec<Action>),
    /// Every position reachable was searched: no win.
    Unwinnable,
    /// The budget ran out first.
    Undecided,
}

/// How much the search may do: positions to expand at most. Budgets are counted in positions,
/// not time, so a verdict never depends on the machine.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub states: usize,
}

impl Budget {
    /// Positions per millisecond of a nominal budget: about what this solver expands per
    /// millisecond on one core of a modest machine (release build), so `from_ms(1000)` is
    /// roughly a second there.
    pub const STATES_PER_MS: usize = 1000;

    pub fn from_ms(ms: u64) -> Budget {
        Budget {
            states: (ms as usize).saturating_mul(Self::STATES_PER_MS),
        }
    }
}

/// The keys are already well mixed: hash them by taking their low bits.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(b);
        }
    }
    fn write_u128(&mut self, k: u128) {
        self.0 = k as u64;
    }
}

type Seen = HashSet<u128, BuildHasherDefault<KeyHasher>>;

/// One position on the search path: its moves (`moves[start..end]` of the shared list), the
/// next one to try, how many made moves (the move that led here and the safe ones after it)
/// to unmake when leaving, and how many times the path strayed from the first choice.
struct Frame {
    start: usize,
    end: usize,
    next: usize,
    made: usize,
    strays: usize,
}

/// A search in progress. `step` runs it for a number of positions and says when it is done.
///
/// The narrow pass is a limited discrepancy search: the best move of each position is free,
/// any other counts as one stray, and rounds allow 0, 1, 2 … strays. So it first follows the
/// ordering's own line to the end, then every line that leaves it once, and so on: the early
/// choices of a long game get their turn, where plain depth-first search would spend its whole
/// budget near the end of the first line.
pub struct Search {
    root: State,
    state: State,
    narrow: bool,
    /// Which pass: 0 the quick complete one, 1 the narrow one, 2 the long complete one.
    pass: u8,
    /// Strays allowed in this round of the narrow pass, and whether the limit cut anything.
    stray_limit: usize,
    cut: bool,
    seen: Seen,
    frames: Vec<Frame>,
    moves: Vec<Mv>,
    undos: Vec<Undo>,
    scratch: Vec<(i16, Mv)>,
    /// Positions expanded in this pass (all rounds of the narrow one), and its allowance.
    expanded: usize,
    allowance: usize,
    /// The whole budget.
    budget: usize,
    done: Option<Verdict>,
}

impl Search {
    /// A search from the game's position in three passes: a short complete one (a sixteenth of
    /// the budget: most deals are won or proved lost right there), the narrow one (a quarter),
    /// then the complete one again with the rest.
    pub fn new(game: &Game, budget: Budget) -> Search {
        let root = State::from_game(game);
        // A table no real game has (only built ones): searched as nothing, answered undecided.
        let fallback = || State::from_game(&Game::new(game.code())).expect("a dealt game fits");
        let start = root.clone().unwrap_or_else(fallback);
        let mut s = Search {
            root: start.clone(),
            state: start,
            narrow: false,
            pass: 0,
            stray_limit: 0,
            cut: false,
            seen: Seen::default(),
            frames: Vec::new(),
            moves: Vec::new(),
            undos: Vec::new(),
            scratch: Vec::new(),
            expanded: 0,
            allowance: budget.states / 16,
            budget: budget.states,
            done: None,
        };
        if root.is_none() {
            s.done = Some(Verdict::Undecided);
        } else {
            s.start_round();
        }
        s
    }

    /// Starts a round from the root: of the narrow pass, or the complete pass.
    fn start_round(&mut self) {
        self.state = self.root.clone();
        self.seen.clear();
        self.frames.clear();
        self.moves.clear();
        self.undos.clear();
        self.cut = false;
        let made = self.apply_safe();
        if self.state.is_won() {
            self.done = Some(self.win());
            return;
        }
        self.seen.insert(self.state.key());
        self.push_frame(made, 0);
    }

    /// Goes on to the next pass, or gives up when the last one is spent.
    fn next_pass(&mut self) {
        self.pass += 1;
        self.expanded = 0;
        self.stray_limit = 0;
        match self.pass {
            1 => {
                self.narrow = true;
                self.allowance = self.budget / 4;
            }
            2 => {
                self.narrow = false;
                self.allowance = self.budget - self.budget / 4 - self.budget / 16;
            }
            _ => {
                self.done = Some(Verdict::Undecided);
                return;
            }
        }
        self.start_round();
    }

    fn apply_safe(&mut self) -> usize {
        let mut n = 0;
        while let Some(mv) = self.state.safe_move() {
            self.undos.push(self.state.make(mv));
            n += 1;
        }
        n
    }

    fn push_frame(&mut self, made: usize, strays: usize) {
        self.state.moves(self.narrow, &mut self.scratch);
        let start = self.moves.len();
        self.moves.extend(self.scratch.iter().map(|&(_, mv)| mv));
        self.frames.push(Frame {
            start,
            end: self.moves.len(),
            next: start,
            made,
            strays,
        });
    }

    fn win(&self) -> Verdict {
        let line: Vec<Mv> = self.undos.iter().map(|u| u.mv).collect();
        Verdict::Winnable(self.root.actions(&line))
    }

    /// Positions expanded so far in the current pass.
    pub fn expanded(&self) -> usize {
        self.expanded
    }

    /// Searches at most `states` more positions; `Some` once the answer is known.
    pub fn step(&mut self, states: usize) -> Option<Verdict> {
        let mut left = states;
        while self.done.is_none() {
            if left == 0 {
                return None;
            }
            left -= 1;
            self.expand_one();
        }
        self.done.clone()
    }

    /// Runs until the next position is expanded (or a round ends).
    fn expand_one(&mut self) {
        loop {
            let Some(frame) = self.frames.last_mut() else {
                // Every position of this round searched.
                if !self.narrow {
                    self.done = Some(Verdict::Unwinnable);
                } else if self.cut {
                    self.stray_limit += 1;
                    self.start_round();
                } else {
                    // The narrow pass saw all it can see; only the complete one can say more.
                    self.next_pass();
                }
                return;
            };
            let strays = frame.strays + usize::from(frame.next > frame.start);
            if frame.next == frame.end || (self.narrow && strays > self.stray_limit) {
                if frame.next < frame.end {
                    self.cut = true;
                }
                let (start, made) = (frame.start, frame.made);
                self.frames.pop();
                self.moves.truncate(start);
                for _ in 0..made {
                    let u = self.undos.pop().expect("made moves are on the stack");
                    self.state.unmake(u);
                }
                continue;
            }
            let mv = self.moves[frame.next];
            frame.next += 1;
            self.undos.push(self.state.make(mv));
            let made = 1 + self.apply_safe();
            if self.state.is_won() {
                self.done = Some(self.win());
                return;
            }
            if !self.seen.insert(self.state.key()) {
                for _ in 0..made {
                    let u = self.undos.pop().expect("just made");
                    self.state.unmake(u);
                }
                continue;
            }
            self.expanded += 1;
            if self.expanded > self.allowance {
                self.next_pass();
                return;
            }
            self.push_frame(made, strays);
            return;
        }
    }
}

/// Searches for a win from the game's position within the budget.
pub fn solve(game: &Game, budget: Budget) -> Verdict {
    let mut search = Search::new(game, budget);
    loop {
        if let Some(v) = search.step(usize::MAX) {
            return v;
        }
    }
}

/// The move the solver's own ordering puts first, as the actions that make it (clicks on the
/// stock, then the card's move): a guess, backed by no line. `None` when no move looks useful
/// (only take-backs and shuffles of runs, or nothing at all).
pub fn guess(game: &Game) -> Option<Vec<Action>> {
    let state = State::from_game(game)?;
    let mut moves = Vec::new();
    state.moves(true, &mut moves);
    let &(_, mv) = moves.first()?;
    Some(state.actions(&[mv]))
}

/// The first move of a line: the clicks on the stock before it, and the move itself.
pub fn first_move(line: &[Action]) -> &[Action] {
    let end = line
        .iter()
        .position(|a| matches!(a, Action::Move { .. }))
        .map_or(line.len(), |i| i + 1);
    &line[..end]
}
