//! A solver for both games: it sees every card, face-down ones too, and searches for a winning
//! line under the exact rules of the engine (draw 1 and 3, Normal and Vegas, take-backs).
//!
//! Depth-first search on a compact position made and unmade in place (`state`): positions told
//! apart only by what the spread of the face-up cards cannot change (an exact key), moves that
//! only prepare another made just before it, positions reached by clicks on the stock from one
//! already seen left out, positions lost under looser rules cut off, safe foundation moves
//! applied without branching, the stock turned into "draw until this card is on top, then play
//! it" moves, and move ordering. Searches take turns: a complete one, which proves the deal
//! unwinnable when it runs out of positions; with unlimited passes a narrow one (a limited
//! discrepancy search without take-backs) that finds long wins sooner; in Double Solitaire
//! with a one-pass stock a beam search (`beam`) for the longest wins, and in Klondike draw 3
//! with unlimited passes a short one for wins the others come to late; and with draw 3 and
//! unlimited passes a complete search under draw 1's looser rules, which proves losses only (a
//! deal lost when the stock brings any card at any time is lost three at a time too).
//! The search runs in slices (`Search::step`), so a window can spread it over frames.

pub mod analysis;
mod beam;
pub mod grade;
mod state;
pub mod survey;
mod table;

use crate::engine::{Action, Game};
use state::{Mv, Packing, State, Undo};
use table::Flat;

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

/// Positions a hint may search for a winning line before it falls back on a guess, spread over
/// frames: few enough that a hint comes promptly, most in Double Solitaire Vegas, whose beam
/// search's positions cost most (`cargo bench --bench solver` prints the times).
pub const HINT_STATES: usize = 60_000;
/// Positions searched per deal for "Winnable deals only", and how many deals it tries.
pub const WINNABLE_STATES: usize = 100_000;
pub const WINNABLE_TRIES: u32 = 25;

/// How much the search may do: positions to expand at most. Budgets are counted in positions,
/// not time, so a verdict never depends on the machine.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    pub states: usize,
}

impl Budget {
    /// Positions per millisecond of a nominal budget: about what this solver expands per
    /// millisecond on one core of a modest machine, so `from_ms(1000)` is a second or two there
    /// (`cargo bench --bench solver` prints the rate by mode; Double Solitaire Vegas, whose
    /// beam's positions cost most, is the slowest).
    pub const STATES_PER_MS: usize = 1000;

    pub fn from_ms(ms: u64) -> Budget {
        Budget {
            states: (ms as usize).saturating_mul(Self::STATES_PER_MS),
        }
    }
}

/// The share of the search under looser rules against the complete search's four: most of
/// the budget until it finds a win there (then it stops, and that is soon for most deals).
/// More draw 3 Normal deals are decided within a second as the share grows, up to about this
/// one; it proves losses only, so no win is lost.
const RELAXED_SHARE: usize = 8;

/// Klondike with draw 3 and unlimited passes: once the complete search has expanded
/// `KLONDIKE_BEAM_FROM` positions (most deals are decided before: they never pay for it), the
/// beam searches beside the others, at `KLONDIKE_BEAM_SHARE` against the complete search's
/// four, for `KLONDIKE_BEAM_POSITIONS` positions in all. It finds many wins far sooner than the
/// depth-first searches, and the cap keeps what it costs a deal it does not win small;
/// starting it later spares the many deals decided early. Elsewhere it does not pay: in draw 1
/// Normal it decides no more deals, and in Double Solitaire draw 3 Normal it costs more
/// positions than it saves.
const KLONDIKE_BEAM_FROM: usize = 2_000;
const KLONDIKE_BEAM_SHARE: usize = 2;
const KLONDIKE_BEAM_POSITIONS: usize = 20_000;

/// A key as the table of cursor sets keeps it (`Seen::Cursors`): the rest of it, with the
/// cursor's bits (`mask`, from bit `low`) clear, and its cursor as a set of one.
#[inline]
fn split_cursor(key: u128, low: u32, mask: u64) -> (u64, u64) {
    (key as u64 & !mask, 1 << ((key as u64 & mask) >> low))
}

/// Adds `cursor` to the set `table` keeps for `rest`: the set before.
#[inline]
fn add_cursor(table: &mut Flat<u64, u64>, rest: u64, cursor: u64) -> u64 {
    table.update(rest, |set| set | cursor).unwrap_or(0)
}

/// The positions a search has seen, by key, in a table of our own (`table::Flat`): in 64 bits
/// when the key fits (every Klondike deal: half the memory of 128, and faster); with draw three
/// and unlimited passes, as the set of cursors seen for the rest of the key
/// (`State::cursor_sets`), where the positions a position is reached from by clicks alone are
/// found with one question.
///
/// The table groups keys (`State::key`) by all but their low bits, the tag bits, which hold what
/// is pending and, with draw three and unlimited passes, the cursor (with one pass only what is
/// pending): it starts their probes at the same slot. So a position with something pending lies
/// beside the same position with nothing pending, the one the search asks after next
/// (`Dfs::step`): that question finds it already in the cache; and so do positions that differ
/// in their cursors alone, which the search reaches in turn.
enum Seen {
    Small(Flat<u64, ()>),
    Big(Flat<u128, ()>),
    Cursors {
        table: Flat<u64, u64>,
        /// Where the key holds the cursor: its lowest bit, and a mask of its bits there.
        low: u32,
        mask: u64,
    },
}

impl Seen {
    fn new(root: &State) -> Seen {
        let tag_bits = if root.one_pass() {
            root.pending_bits()
        } else {
            root.low_bits()
        };
        if root.cursor_sets() {
            let (low, bits) = root.cursor_bits();
            return Seen::Cursors {
                table: Flat::new(tag_bits),
                low,
                mask: ((1 << bits) - 1) << low,
            };
        }
        match root.packing() {
            Packing::Small => Seen::Small(Flat::new(tag_bits)),
            _ => Seen::Big(Flat::new(tag_bits)),
        }
    }

    /// Adds a key; false if it was there.
    fn insert(&mut self, key: u128) -> bool {
        match self {
            Seen::Small(t) => t.insert(key as u64),
            Seen::Big(t) => t.insert(key),
            Seen::Cursors { table, low, mask } => {
                let (rest, cursor) = split_cursor(key, *low, *mask);
                add_cursor(table, rest, cursor) & cursor == 0
            }
        }
    }

    /// Adds the key of a position, whose key with nothing pending is `settled`: false if it was
    /// there, or that one was (it has every move this one has, and the same positions after
    /// them), or (with cursor sets) a position with nothing pending that this one is reached
    /// from by clicks alone (`sources`: their cursors). A win from this one is a win from that
    /// one, clicks first; and that one, seen, is searched as any position seen twice is.
    fn admit(&mut self, key: u128, settled: u128, sources: impl FnOnce() -> u64) -> bool {
        match self {
            Seen::Small(t) => {
                !(settled != key && t.contains(settled as u64)) && t.insert(key as u64)
            }
            Seen::Big(t) => !(settled != key && t.contains(settled)) && t.insert(key),
            Seen::Cursors { table, low, mask } => {
                let (rest, cursor) = split_cursor(key, *low, *mask);
                if settled != key {
                    let twin = table.get(settled as u64 & !*mask).unwrap_or(0);
                    if twin & cursor != 0 || (twin != 0 && twin & sources() != 0) {
                        return false;
                    }
                    add_cursor(table, rest, cursor) & cursor == 0
                } else {
                    let before = add_cursor(table, rest, cursor);
                    before & cursor == 0 && (before == 0 || before & sources() == 0)
                }
            }
        }
    }

    fn clear(&mut self) {
        match self {
            Seen::Small(t) => t.clear(),
            Seen::Big(t) => t.clear(),
            Seen::Cursors { table, .. } => table.clear(),
        }
    }

    /// Bytes the table holds.
    fn memory(&self) -> usize {
        match self {
            Seen::Small(t) => t.memory(),
            Seen::Big(t) => t.memory(),
            Seen::Cursors { table, .. } => table.memory(),
        }
    }
}

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

/// What one step of a depth-first search came to.
enum Event {
    /// A position was expanded.
    Expanded,
    /// The game is won: the moves made from the root, in order.
    Won(Vec<Mv>),
    /// Every position it may search is searched.
    Exhausted,
}

/// One depth-first search, resumable between steps. Complete, or narrow: a limited
/// discrepancy search, where the best move of each position is free, any other counts as one
/// stray, and rounds from the root allow 0, 1, 2 … strays. So the narrow search first follows
/// the ordering's own line to the end, then every line that leaves it once, and so on: the
/// early choices of a long game get their turn, where plain depth-first search would spend its
/// whole budget near the end of the first line.
struct Dfs {
    root: State,
    state: State,
    narrow: bool,
    /// Strays allowed in this round (narrow), and whether the limit cut anything.
    stray_limit: usize,
    cut: bool,
    seen: Seen,
    frames: Vec<Frame>,
    moves: Vec<Mv>,
    undos: Vec<Undo>,
    scratch: Vec<(i16, Mv)>,
    /// Set at the start: won by the safe moves alone.
    won_at_root: bool,
}

impl Dfs {
    fn new(root: &State, narrow: bool) -> Dfs {
        let mut d = Dfs {
            root: root.clone(),
            state: root.clone(),
            narrow,
            stray_limit: 0,
            cut: false,
            seen: Seen::new(root),
            frames: Vec::new(),
            moves: Vec::new(),
            undos: Vec::new(),
            scratch: Vec::new(),
            won_at_root: false,
        };
        d.start_round();
        d
    }

    fn memory(&self) -> usize {
        use std::mem::size_of;
        self.seen.memory()
            + self.frames.capacity() * size_of::<Frame>()
            + self.moves.capacity() * size_of::<Mv>()
            + self.undos.capacity() * size_of::<Undo>()
            + self.scratch.capacity() * size_of::<(i16, Mv)>()
    }

    /// Starts a round from the root.
    fn start_round(&mut self) {
        self.state = self.root.clone();
        self.seen.clear();
        self.frames.clear();
        self.moves.clear();
        self.undos.clear();
        self.cut = false;
        let made = self.apply_safe();
        if self.state.is_won() {
            self.won_at_root = true;
            return;
        }
        self.seen.insert(self.state.key());
        if self.state.dead() {
            return; // no frame: nothing to search
        }
        self.push_frame(made, 0);
    }

    fn apply_safe(&mut self) -> usize {
        let mut n = 0;
        while let Some(mv) = self.state.safe_move() {
            self.undos.push(self.state.make_safe(mv));
            n += 1;
        }
        n
    }

    /// `apply_safe` after move `mv` from a position that had no safe move left: the first one
    /// only looked for where `mv` can have made one (`State::safe_after`).
    fn apply_safe_after(&mut self, mv: Mv) -> usize {
        match self.state.safe_after(mv) {
            Some(first) => {
                self.undos.push(self.state.make_safe(first));
                1 + self.apply_safe()
            }
            None => 0,
        }
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

    fn line(&self) -> Vec<Mv> {
        self.undos.iter().map(|u| u.mv).collect()
    }

    /// Runs until the next position is expanded, the game is won, or there is nothing left.
    fn step(&mut self) -> Event {
        if self.won_at_root {
            return Event::Won(self.line());
        }
        loop {
            let Some(frame) = self.frames.last_mut() else {
                // Every position of this round searched.
                if self.narrow && self.cut {
                    self.stray_limit += 1;
                    self.start_round();
                    continue;
                }
                return Event::Exhausted;
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
            let (buries, before) = (self.state.buries(mv), self.state.cursor());
            self.undos.push(self.state.make(mv));
            let made = 1 + self.apply_safe_after(mv);
            if self.state.is_won() {
                return Event::Won(self.line());
            }
            // A move whose use no next move can give leads nowhere: left at once.
            let was = self.undos[self.undos.len() - made].pending_before();
            if self.state.idle(was) {
                for _ in 0..made {
                    let u = self.undos.pop().expect("just made");
                    self.state.unmake(u);
                }
                continue;
            }
            // Dead positions are looked for after moves that bury talon cards on a one-pass
            // waste (`State::dead` says why only those); the root is checked once.
            // A pending position whose twin with nothing pending was seen is not even kept: that
            // one has every move this one has (and the same positions after them); nor is one
            // reached by clicks alone from one seen with nothing pending (`Seen::admit`).
            let key = self.state.key();
            let settled = self.state.settled(key);
            if !self.seen.admit(key, settled, || self.state.click_sources())
                || (buries && self.state.dead_after(mv, before))
            {
                for _ in 0..made {
                    let u = self.undos.pop().expect("just made");
                    self.state.unmake(u);
                }
                continue;
            }
            self.push_frame(made, strays);
            return Event::Expanded;
        }
    }
}

/// A search in progress. `step` runs it for a number of positions and says when it is done.
///
/// Searches run side by side from the same position, taking turns by shares of the positions:
/// the complete one; with unlimited passes the narrow one, which finds long wins sooner; in
/// Double Solitaire with a one-pass stock a beam search for the longest games (in Klondike draw
/// 3 with unlimited passes, a short one: `KLONDIKE_BEAM_SHARE`); and with draw 3 and unlimited
/// passes the complete one under draw 1's rules, which can only prove a deal unwinnable, as the
/// complete one can. None ever starts over, so sharing the budget costs each only its share.
pub struct Search {
    root: State,
    complete: Dfs,
    /// The searches that only find wins; None once one has searched all it can.
    narrow: Option<Dfs>,
    beam: Option<beam::Beam>,
    /// A complete search under looser rules (`State::relaxed`), which only proves losses;
    /// None once it finds a win there (which says nothing here).
    relaxed: Option<Dfs>,
    /// Positions expanded by each, and the whole budget.
    complete_spent: usize,
    narrow_spent: usize,
    beam_spent: usize,
    relaxed_spent: usize,
    /// The beam's share against the complete search's four (the narrow one, if any, has one),
    /// how many positions the complete search expands before it starts, and how many it may
    /// search in all.
    beam_share: usize,
    beam_from: usize,
    beam_cap: usize,
    budget: usize,
    done: Option<Verdict>,
}

impl Search {
    /// A search from the game's position.
    pub fn new(game: &Game, budget: Budget) -> Search {
        Search::with_pruning(game, budget, true)
    }

    /// A search with or without the pruning that leaves lines out because others do as well
    /// (pending moves, positions dead under looser rules): without, it is slower but simpler,
    /// the tests' reference for the verdicts with.
    pub fn with_pruning(game: &Game, budget: Budget, prune: bool) -> Search {
        let root = State::from_game(game).map(|s| if prune { s } else { s.without_pruning() });
        // A table no real game has (only built ones): searched as nothing, answered undecided.
        let fallback = || State::from_game(&Game::new(game.code())).expect("a dealt game fits");
        let start = root.clone().unwrap_or_else(fallback);
        // The narrow search only with unlimited passes; with one pass the complete search
        // alone decides Klondike deals soonest (sharing with the narrow search and the beam
        // decides fewer within a second). Double Solitaire in one
        // pass gives the beam more than half the positions: its complete search rarely ends.
        // Klondike draw 3 with unlimited passes gives it a little, for a while (see
        // `KLONDIKE_BEAM_SHARE`).
        let (beam_share, beam_from, beam_cap) =
            match (start.one_pass(), start.decks(), start.draw()) {
                (true, 2, _) => (5, 0, usize::MAX),
                (false, 1, 3) => (
                    KLONDIKE_BEAM_SHARE,
                    KLONDIKE_BEAM_FROM,
                    KLONDIKE_BEAM_POSITIONS,
                ),
                _ => (0, usize::MAX, 0),
            };
        Search {
            complete: Dfs::new(&start, false),
            narrow: (!start.one_pass()).then(|| Dfs::new(&start, true)),
            beam: None,
            relaxed: start.relaxed().map(|r| Dfs::new(&r, false)),
            root: start,
            complete_spent: 0,
            narrow_spent: 0,
            beam_spent: 0,
            relaxed_spent: 0,
            beam_share,
            beam_from,
            beam_cap,
            budget: budget.states,
            done: root.is_none().then_some(Verdict::Undecided),
        }
    }

    /// Bytes the searches hold now (their tables of positions seen, their paths and move
    /// lists, the beam's positions): what `--budget-ms` costs in memory.
    pub fn memory(&self) -> usize {
        self.complete.memory()
            + self.narrow.as_ref().map_or(0, Dfs::memory)
            + self.beam.as_ref().map_or(0, beam::Beam::memory)
            + self.relaxed.as_ref().map_or(0, Dfs::memory)
    }

    /// Positions expanded so far, by all the searches.
    pub fn expanded(&self) -> usize {
        self.complete_spent + self.narrow_spent + self.beam_spent + self.relaxed_spent
    }

    /// Searches at most `states` more positions; `Some` once the answer is known.
    pub fn step(&mut self, states: usize) -> Option<Verdict> {
        let mut left = states;
        while self.done.is_none() {
            if left == 0 {
                return None;
            }
            left -= 1;
            if self.expanded() >= self.budget {
                self.done = Some(Verdict::Undecided);
                break;
            }
            // Whoever is furthest behind its share: the complete search has 4, narrow 1, the
            // beam `beam_share`, the search under looser rules `RELAXED_SHARE`.
            let c = self.complete_spent;
            if c == self.beam_from && self.beam_spent == 0 && self.beam.is_none() {
                self.beam = Some(beam::Beam::new(&self.root));
            }
            let event = if self.beam.is_some() && self.beam_spent * 4 < c * self.beam_share {
                self.beam_spent += 1;
                let event = side_step(&mut self.beam, true, beam::Beam::step);
                if self.beam_spent == self.beam_cap {
                    self.beam = None;
                }
                event
            } else if self.narrow.is_some() && self.narrow_spent * 4 < c {
                self.narrow_spent += 1;
                side_step(&mut self.narrow, true, Dfs::step)
            } else if self.relaxed.is_some() && self.relaxed_spent * 4 < c * RELAXED_SHARE {
                self.relaxed_spent += 1;
                side_step(&mut self.relaxed, false, Dfs::step)
            } else {
                self.complete_spent += 1;
                self.complete.step()
            };
            match event {
                Event::Expanded => {}
                Event::Won(line) => {
                    self.done = Some(Verdict::Winnable(self.root.actions(&line)));
                }
                Event::Exhausted => self.done = Some(Verdict::Unwinnable),
            }
        }
        self.done.clone()
    }
}

/// One step of a search that only finds wins (`finds`) or only proves losses: one that comes
/// to the end that says nothing (it has searched all it can, or it won under looser rules) is
/// dropped, and its turns go to the others.
fn side_step<T>(slot: &mut Option<T>, finds: bool, step: impl FnOnce(&mut T) -> Event) -> Event {
    match slot.as_mut().map(step) {
        Some(Event::Exhausted) if finds => {
            *slot = None;
            Event::Expanded
        }
        Some(Event::Won(_)) if !finds => {
            *slot = None;
            Event::Expanded
        }
        Some(e) => e,
        None => Event::Expanded,
    }
}

/// Searches for a win from the game's position within the budget.
pub fn solve(game: &Game, budget: Budget) -> Verdict {
    run(Search::new(game, budget))
}

/// `solve` without the pruning that leaves lines out (see `Search::with_pruning`).
pub fn solve_plain(game: &Game, budget: Budget) -> Verdict {
    run(Search::with_pruning(game, budget, false))
}

fn run(mut search: Search) -> Verdict {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameCode;

    /// In Klondike draw 3 Normal the beam starts once the complete search has expanded its
    /// first positions, stops after its own, and the others go on with the whole budget; in
    /// draw 1 Normal there is none.
    #[test]
    fn the_klondike_beam_stops_after_its_positions() {
        // A lost deal: nothing ends the searches before the budget does.
        let lost = Game::new(GameCode::parse("KL1-D3N-AAAAAND").unwrap());
        let mut search = Search::new(&lost, Budget { states: 1_000_000 });
        assert_eq!(search.step(1000), None);
        assert!(search.complete_spent > 0 && search.complete_spent < KLONDIKE_BEAM_FROM);
        assert!(
            search.beam.is_none() && search.beam_spent == 0,
            "not before the complete search's first positions"
        );
        assert_eq!(search.step(2000), None);
        assert!(search.beam.is_some());
        assert_eq!(search.step(200_000), None);
        assert!(search.beam.is_none());
        assert_eq!(search.beam_spent, KLONDIKE_BEAM_POSITIONS);
        assert!(search.complete_spent > 2 * KLONDIKE_BEAM_POSITIONS);
        let one = Game::new(GameCode::parse("KL1-D1N-AAAAAND").unwrap());
        assert!(Search::new(&one, Budget { states: 1000 }).beam.is_none());
    }
}
