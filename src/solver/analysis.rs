//! "Where was it lost?" (docs/FAQ.md): the positions along a game's line (what its undos leave)
//! searched for the last one from which a win still existed, the move that left it, and a move
//! from there that keeps a win.
//!
//! Along one line winnability can only be lost: a position reached from a lost one is lost. So
//! the winnable positions are the line's first ones, and the answer is where they end: found by
//! bisection, the deal first (was it winnable at all?), then the end of the line (is it still?).
//! Every claim rests on a proof: a win is a line the engine replays to a win, a loss a search
//! that ran out of positions. A position the solver cannot decide within its budget is only
//! passed over, and when the proofs do not meet, the answer says so (`Answer::NotSure`).
//!
//! The work runs in slices (`Analysis::step`) counted in positions, like `Search::step`, so a
//! window can spread it over frames; dropping the analysis cancels it.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use super::{Budget, Search, Verdict};
use crate::engine::deal::splitmix;
use crate::engine::{Action, Entry, Game, GameCode, Source, Table, Target};

/// Positions an analysis may search for one position of the line, and in all, by default:
/// the hard deals' positions that take a second or more are passed over, and a game's
/// analysis ends within ten nominal seconds of solver time (`Budget::from_ms`).
pub const ANALYSIS_STATES: usize = 1_500_000;
pub const ANALYSIS_TOTAL: usize = 10_000_000;

/// Positions left undecided at most before the analysis gives up: past them, the proofs rarely
/// meet within the budget.
const MAX_UNDECIDED: usize = 4;

/// What the analysis found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answer {
    /// The deal itself could not be won: every position reachable from it was searched.
    Unwinnable,
    /// The game's last position can still be won: `line` wins from it (never shown: it names
    /// cards the player cannot see).
    StillWinnable { line: Vec<Action> },
    /// The game was lost by one move.
    LostAt(Loss),
    /// The proofs did not meet within the budget.
    NotSure(Doubt),
}

/// Where a game was lost: the position before the line's action `index` (0-based: the game
/// after its first `index` actions) was winnable, the position after it is not.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loss {
    pub index: usize,
    /// The action that lost the game, as the player made it.
    pub fatal: Action,
    /// A move from the same position that keeps a win: the first action of `line`. A move of
    /// face-up cards, or a turn of the stock (`Action::Draw`).
    pub better: Action,
    /// A winning line from the position before `index`, `better` first (never shown: it names
    /// cards the player cannot see).
    pub line: Vec<Action>,
}

/// What is known when the proofs do not meet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Doubt {
    /// The last position proved winnable (the game after so many actions), if any.
    pub winnable_to: Option<usize>,
    /// The first position proved lost, if any.
    pub lost_from: Option<usize>,
    /// What ran out: the positions one position may search, or those of the whole analysis.
    pub why: Limit,
    /// Positions the solver may search for one position of the line.
    pub states: usize,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// The positions between the proofs were each searched to the budget of one position.
    PerPosition,
    /// The analysis searched all the positions it may.
    Total,
}

/// The game's effective line: its actions with the undone ones left out.
pub fn effective_line(log: &[Entry]) -> Vec<Action> {
    let mut line = Vec::with_capacity(log.len());
    for e in log {
        match e {
            Entry::Act(a) => line.push(*a),
            Entry::Undo => {
                line.pop();
            }
        }
    }
    line
}

/// The game of `code` after the first `k` actions of `line`, as if played so (its log is
/// those actions): `None` if the engine refuses one.
pub fn replay(game: &Game, line: &[Action], k: usize) -> Option<Game> {
    let mut g = Game::new(game.code());
    for &a in line.get(..k)? {
        g.apply(a).ok()?;
    }
    Some(g)
}

/// A game of the grades' human-like player (`grade::play`) of a deal, with dice of its own:
/// the analysis's measure (`analyse --survey`) and its tests play its lost games.
pub fn players_game(code: GameCode) -> Game {
    super::grade::play(code, splitmix(code.deal ^ 0x6c6f_7374))
}

/// The table as the solver sees it: the cards where they lie (not the score, nor how many
/// waste cards are shown fanned).
fn same_cards(a: &Table, b: &Table) -> bool {
    a.stock == b.stock
        && a.waste == b.waste
        && a.foundations == b.foundations
        && a.columns == b.columns
}

fn cards_hash(t: &Table) -> u64 {
    let mut h = DefaultHasher::new();
    t.stock.hash(&mut h);
    t.waste.hash(&mut h);
    t.foundations.hash(&mut h);
    for c in &t.columns {
        c.down.hash(&mut h);
        c.up.hash(&mut h);
    }
    h.finish()
}

/// What is known of one position of the line (the winning line itself is kept for `lo` only).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Known {
    Untried,
    Won,
    Lost,
    Undecided,
}

/// Tables of the line kept whole, at most: every `stride`-th position's. Any other is replayed
/// from the one kept before it, so the memory an analysis holds for the line is a few bytes a
/// position (its action, its cards' hash, what is known of it) whatever the game's length,
/// and the search of one position is what its budget allows.
const KEPT_TABLES: usize = 256;

/// An analysis in progress. `step` runs it for a number of positions; dropping it cancels it.
pub struct Analysis {
    code_game: Game,
    line: Vec<Action>,
    /// `kept[i]` is the table after the first `i * stride` actions.
    kept: Vec<Table>,
    stride: usize,
    /// Each position's cards hash and its number, sorted: the positions that may hold the
    /// same cards (compared card for card before anything is concluded).
    by_hash: Vec<(u64, u32)>,
    known: Vec<Known>,
    /// The last position proved winnable, a win from it, and the first position proved lost.
    lo: Option<usize>,
    lo_line: Vec<Action>,
    hi: Option<usize>,
    searching: Option<(usize, Box<Search>)>,
    per_position: Budget,
    total: usize,
    spent: usize,
    undecided: usize,
    decided: usize,
    done: Option<Answer>,
}

impl Analysis {
    /// An analysis of the game's line with the default budgets.
    pub fn new(game: &Game) -> Analysis {
        Analysis::with_budgets(
            game,
            Budget {
                states: ANALYSIS_STATES,
            },
            Budget {
                states: ANALYSIS_TOTAL,
            },
        )
    }

    /// An analysis that searches each position for at most `per_position` positions, and
    /// `total` in all.
    pub fn with_budgets(game: &Game, per_position: Budget, total: Budget) -> Analysis {
        let mut line = effective_line(game.log());
        let stride = (line.len() + 1).div_ceil(KEPT_TABLES).max(1);
        let mut g = Game::new(game.code());
        let mut kept = vec![g.table().clone()];
        let mut by_hash = Vec::with_capacity(line.len() + 1);
        by_hash.push((cards_hash(g.table()), 0u32));
        // A log the engine does not replay (none a game writes) is analysed as far as it goes.
        for (i, &a) in line.iter().enumerate() {
            if g.apply_in_search(a).is_err() {
                line.truncate(i);
                break;
            }
            let k = i + 1;
            if k % stride == 0 {
                kept.push(g.table().clone());
            }
            by_hash.push((cards_hash(g.table()), k as u32));
        }
        by_hash.sort_unstable();
        line.shrink_to_fit();
        let n = line.len() + 1;
        Analysis {
            code_game: Game::new(game.code()),
            line,
            kept,
            stride,
            by_hash,
            known: vec![Known::Untried; n],
            lo: None,
            lo_line: Vec::new(),
            hi: None,
            searching: None,
            per_position,
            total: total.states,
            spent: 0,
            undecided: 0,
            decided: 0,
            done: None,
        }
    }

    /// The number of positions on the line: the deal and one after each action.
    fn positions(&self) -> usize {
        self.line.len() + 1
    }

    /// The table after the first `k` actions of the line: the one kept before it, played on.
    fn table(&self, k: usize) -> Table {
        let from = k / self.stride * self.stride;
        let mut g = Game::with_table(self.code_game.code(), self.kept[k / self.stride].clone());
        for &a in &self.line[from..k] {
            // The line replayed when the analysis was made.
            let _ = g.apply_in_search(a);
        }
        g.table().clone()
    }

    /// The positions whose cards hash to `h`, in order.
    fn same_hash(&self, h: u64) -> impl DoubleEndedIterator<Item = usize> + '_ {
        let start = self.by_hash.partition_point(|&(x, _)| x < h);
        let end = self.by_hash.partition_point(|&(x, _)| x <= h);
        self.by_hash[start..end].iter().map(|&(_, k)| k as usize)
    }

    /// The line analysed: the game's actions, undone ones left out.
    pub fn line(&self) -> &[Action] {
        &self.line
    }

    /// The game after the first `k` actions of the line, its log those actions (for showing
    /// the position, and for "Try again from here").
    pub fn position(&self, k: usize) -> Option<Game> {
        replay(&self.code_game, &self.line, k)
    }

    /// Positions of the line decided so far, and about how many in all (it shrinks as proofs
    /// land): the progress line's figures.
    pub fn progress(&self) -> (usize, usize) {
        if self.done.is_some() {
            return (self.decided, self.decided);
        }
        let n = self.positions();
        let left = match (self.lo, self.hi) {
            (Some(lo), Some(hi)) => bits(hi - lo - 1),
            (Some(lo), None) => usize::from(!self.tried(n - 1)) + bits(n - lo - 1),
            (None, Some(hi)) => usize::from(!self.tried(0)) + bits(hi),
            (None, None) => usize::from(!self.tried(0)) + usize::from(!self.tried(n - 1)) + bits(n),
        };
        (self.decided, self.decided + left.max(1))
    }

    /// Positions the solver has searched so far.
    pub fn searched(&self) -> usize {
        self.spent + self.searching.as_ref().map_or(0, |(_, s)| s.expanded())
    }

    fn tried(&self, k: usize) -> bool {
        self.known[k] != Known::Untried
    }

    /// Searches at most `states` more positions; `Some` once the answer is known.
    pub fn step(&mut self, states: usize) -> Option<Answer> {
        let mut left = states;
        while self.done.is_none() {
            if self.searching.is_none() {
                if let Some(answer) = self.settled() {
                    self.done = Some(answer);
                    break;
                }
                let Some(k) = self.next_position() else {
                    self.done = Some(self.doubt(Limit::PerPosition));
                    break;
                };
                let room = self.per_position.states.min(self.total - self.spent);
                let game = Game::with_table(self.code_game.code(), self.table(k));
                self.searching = Some((k, Box::new(Search::new(&game, Budget { states: room }))));
            }
            if left == 0 {
                return None;
            }
            let (k, search) = self.searching.as_mut().expect("a search was started");
            let before = search.expanded();
            let verdict = search.step(left);
            let used = search.expanded() - before;
            left = left.saturating_sub(used.max(1));
            let Some(verdict) = verdict else {
                continue;
            };
            let k = *k;
            self.spent += search.expanded();
            self.searching = None;
            match verdict {
                Verdict::Winnable(line) => {
                    self.decided += 1;
                    self.learn_win(k, line);
                }
                Verdict::Unwinnable => {
                    self.decided += 1;
                    self.learn_loss(k);
                }
                Verdict::Undecided => {
                    self.known[k] = Known::Undecided;
                    self.undecided += 1;
                    if self.spent >= self.total {
                        self.done = Some(self.doubt(Limit::Total));
                    } else if self.undecided >= MAX_UNDECIDED && self.settled().is_none() {
                        self.done = Some(self.doubt(Limit::PerPosition));
                    }
                }
            }
        }
        self.done.clone()
    }

    /// The answer, once the proofs say it.
    fn settled(&self) -> Option<Answer> {
        let last = self.positions() - 1;
        match (self.lo, self.hi) {
            (_, Some(0)) => Some(Answer::Unwinnable),
            (Some(lo), _) if lo == last => Some(Answer::StillWinnable {
                line: self.lo_line.clone(),
            }),
            (Some(lo), Some(hi)) if hi == lo + 1 => Some(Answer::LostAt(Loss {
                index: lo,
                fatal: self.line[lo],
                better: *self.lo_line.first()?,
                line: self.lo_line.clone(),
            })),
            _ => None,
        }
    }

    fn doubt(&self, why: Limit) -> Answer {
        Answer::NotSure(Doubt {
            winnable_to: self.lo,
            lost_from: self.hi,
            why,
            states: self.per_position.states,
        })
    }

    /// The next position to search: the deal, then the end of the line, then the untried one
    /// nearest the middle of those between the proofs (the nearer the deal of two as near).
    /// `None` when none is left.
    fn next_position(&self) -> Option<usize> {
        let last = self.positions() - 1;
        if !self.tried(0) && self.lo.is_none() {
            return Some(0);
        }
        if self.hi.is_none() && !self.tried(last) {
            return Some(last);
        }
        let from = self.lo.map_or(0, |lo| lo + 1);
        let to = self.hi.unwrap_or(last + 1);
        let mid = (from + to) / 2;
        (0..to.saturating_sub(from)).find_map(|d| {
            let below = mid.checked_sub(d).filter(|&k| k >= from && !self.tried(k));
            below.or_else(|| Some(mid + d).filter(|&k| k < to && !self.tried(k)))
        })
    }

    /// Position `k` is won by `line`: so is every one before it, and every later one of the
    /// line that the winning line passes through (it wins from there too); of those, the
    /// last is the one that counts.
    fn learn_win(&mut self, k: usize, line: Vec<Action>) {
        let hi = self.hi.unwrap_or(self.positions());
        let mut game = Game::with_table(self.code_game.code(), self.table(k));
        let mut best: Option<(usize, usize)> = None;
        for (i, &a) in line.iter().enumerate() {
            if game.apply_in_search(a).is_err() {
                break;
            }
            let beyond = best.map_or(k, |(j, _)| j);
            let found = self
                .same_hash(cards_hash(game.table()))
                .rev()
                .filter(|&j| j > beyond && j < hi)
                .find(|&j| same_cards(&self.table(j), game.table()));
            if let Some(j) = found {
                best = Some((j, i + 1));
            }
        }
        self.known[k] = Known::Won;
        if self.lo.is_none_or(|lo| k > lo) {
            self.lo = Some(k);
            self.lo_line = line.clone();
        }
        if let Some((j, from)) = best
            && self.known[j] != Known::Won
        {
            self.known[j] = Known::Won;
            self.decided += 1;
            if self.lo.is_none_or(|lo| j > lo) {
                self.lo = Some(j);
                self.lo_line = line[from..].to_vec();
            }
        }
    }

    /// Position `k` is lost: so is every later one, and every earlier one with the same cards.
    fn learn_loss(&mut self, k: usize) {
        self.known[k] = Known::Lost;
        let table = self.table(k);
        let first = self
            .same_hash(cards_hash(&table))
            .take_while(|&j| j < k)
            .find(|&j| same_cards(&self.table(j), &table))
            .unwrap_or(k);
        if first != k {
            self.known[first] = Known::Lost;
            self.decided += 1;
        }
        if self.hi.is_none_or(|hi| first < hi) {
            self.hi = Some(first);
        }
    }
}

/// Bisection steps for `n` positions: about log2(n + 1), rounded up.
fn bits(n: usize) -> usize {
    (usize::BITS - n.leading_zeros()) as usize
}

/// Runs an analysis to its answer.
pub fn analyse(game: &Game, per_position: Budget, total: Budget) -> Answer {
    let mut a = Analysis::with_budgets(game, per_position, total);
    loop {
        if let Some(answer) = a.step(usize::MAX) {
            return answer;
        }
    }
}

/// An action in words, as the player saw it in `game` (the position before it): only face-up
/// cards are named, and a turn of the stock names none.
pub fn describe(game: &Game, action: Action) -> String {
    match action {
        Action::Draw if game.table().stock.is_empty() => "turning the waste over".into(),
        Action::Draw => "turning the stock".into(),
        Action::Move { from, to } => {
            let card = game
                .source_cards(from)
                .ok()
                .and_then(|c| c.first().copied());
            let what = card.map_or_else(|| "a card".to_string(), |c| c.to_string());
            let place = match from {
                Source::Foundation(_) => " from the foundation",
                _ => "",
            };
            let dest = match to {
                Target::Foundation => "to the foundation".to_string(),
                Target::Column(j) => match game.table().columns[j].top() {
                    Some(below) => format!("on {below}"),
                    None => "to an empty column".to_string(),
                },
            };
            format!("{what}{place} {dest}")
        }
    }
}

/// The answer in English words, one line (the command line's and the tests' text).
pub fn answer_text(analysis: &Analysis, answer: &Answer) -> String {
    match answer {
        Answer::Unwinnable => "This deal could not be won from the start.".into(),
        Answer::StillWinnable { .. } => "Still winnable: you can go on.".into(),
        Answer::LostAt(loss) => {
            let Some(before) = analysis.position(loss.index) else {
                return format!("Lost at move {}.", loss.index + 1);
            };
            format!(
                "Lost at move {}: {}; {} instead keeps a win.",
                loss.index + 1,
                describe(&before, loss.fatal),
                describe(&before, loss.better)
            )
        }
        Answer::NotSure(d) => {
            let known = match (d.winnable_to, d.lost_from) {
                (Some(w), Some(l)) => {
                    format!(" (winnable after {w} moves, lost after {l}: lost in between)")
                }
                (Some(w), None) => format!(" (winnable after {w} moves)"),
                (None, Some(l)) => format!(" (lost after {l} moves)"),
                (None, None) => String::new(),
            };
            let why = match d.why {
                Limit::PerPosition => format!(
                    "the solver could not decide the positions in between within {} positions each",
                    d.states
                ),
                Limit::Total => "the solver ran out of its budget for the whole game".into(),
            };
            format!("Not sure: {why}{known}.")
        }
    }
}

/// Whether `line` wins from `game` through the engine.
pub fn wins(game: &Game, line: &[Action]) -> bool {
    let mut g = game.clone();
    line.iter().all(|&a| g.apply_in_search(a).is_ok()) && g.is_won()
}
