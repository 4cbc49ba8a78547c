//! How hard a winnable deal is: Easy, Medium, Hard or Expert, from how often a human-like player
//! wins it (docs/FAQ.md, "How hard is a deal?"). The player sees only what a person sees (the
//! face-up cards, the top of the waste, how many cards the stock holds) and plays by simple
//! priorities; where several moves are as good it picks one at random. Its games are seeded
//! from the game code, so a code's grade is the same everywhere, always.

use crate::engine::deal::splitmix;
use crate::engine::{Action, Game, GameCode, Source, Target};

/// Games the player plays of each deal.
pub const ROLLOUTS: u32 = 16;
/// Actions a game of the player takes at most.
const MAX_ACTIONS: usize = 1500;

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Grade {
    Easy,
    Medium,
    Hard,
    Expert,
}

impl Grade {
    pub const ALL: [Grade; 4] = [Grade::Easy, Grade::Medium, Grade::Hard, Grade::Expert];

    /// The grade of a deal whose cards the player got home in this share (thousandths, over
    /// all its games): Easy from 75 %, Medium from 45 %, Hard from 25 %, Expert below.
    pub fn from_share(share: u32) -> Grade {
        match share {
            750.. => Grade::Easy,
            450.. => Grade::Medium,
            250.. => Grade::Hard,
            _ => Grade::Expert,
        }
    }
}

/// A tiny seeded random source (xorshift64*), enough to break ties.
struct Dice(u64);

impl Dice {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        (self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) >> 33) as usize % n.max(1)
    }
}

/// How much the player likes an action (0: never): a card to a foundation most (an Ace or a
/// Two at once, another card only when it is not needed on the table); then a whole run
/// moved off face-down cards; a waste card onto a column; a King into an empty column from a
/// column with cards to uncover; a card off the foundation never; drawing last.
fn liking(game: &Game, a: Action) -> u8 {
    let t = game.table();
    match a {
        Action::Draw => 1,
        Action::Move {
            from: Source::Foundation(_),
            ..
        } => 0,
        Action::Move {
            from,
            to: Target::Foundation,
        } => {
            let low = game
                .source_cards(from)
                .ok()
                .and_then(|c| c.first().copied())
                .is_some_and(|c| c.rank() <= 2);
            if low { 7 } else { 5 }
        }
        Action::Move {
            from: Source::Column { index, count },
            to: Target::Column(j),
        } => {
            let col = &t.columns[index];
            let whole = count == col.up.len();
            match (whole, col.down.is_empty(), t.columns[j].is_empty()) {
                // A run off face-down cards: one turns up.
                (true, false, _) => 6,
                // A whole column moved to an empty one: nothing gained.
                (true, true, true) => 0,
                // A column emptied (a King may come).
                (true, true, false) => 3,
                // Part of a run: only useful to reach a card under it, which this player
                // does not plan for.
                (false, _, _) => 0,
            }
        }
        Action::Move {
            from: Source::Waste,
            to: Target::Column(_),
        } => 4,
    }
}

/// One game of the human-like player: how many cards it got to the foundations (all of them:
/// a win).
fn rollout(code: GameCode, seed: u64) -> usize {
    play(code, seed)
        .table()
        .foundations
        .iter()
        .map(Vec::len)
        .sum()
}

/// One game of the human-like player with the dice `seed`, as far as it got.
pub fn play(code: GameCode, seed: u64) -> Game {
    let mut dice = Dice(seed | 1);
    play_with(code, |n| dice.below(n))
}

/// One game by the player's priorities, `pick` choosing which of the `n` best-liked moves
/// (in the rules' order) to make.
fn play_with(code: GameCode, mut pick: impl FnMut(usize) -> usize) -> Game {
    let mut g = Game::new(code);
    let mut draws_without_progress = 0;
    for _ in 0..MAX_ACTIONS {
        if g.is_won() {
            return g;
        }
        let legal = g.legal_actions();
        let best = legal.iter().map(|&a| liking(&g, a)).max().unwrap_or(0);
        if best == 0 {
            return g;
        }
        let t = g.table();
        // Drawing: as long as a whole pass through stock and waste may still bring something.
        if best == 1 && draws_without_progress > t.stock.len() + t.waste.len() + 1 {
            return g;
        }
        let choices: Vec<Action> = legal
            .into_iter()
            .filter(|&a| liking(&g, a) == best)
            .collect();
        let a = choices[pick(choices.len())];
        if a == Action::Draw {
            draws_without_progress += 1;
        } else {
            draws_without_progress = 0;
        }
        if g.apply(a).is_err() {
            return g;
        }
    }
    g
}

/// The player's games of one deal, played one at a time (the web build has no threads).
pub struct Grader {
    pub code: GameCode,
    played: u32,
    /// Games won, and cards got home in all the games.
    pub wins: u32,
    pub home: usize,
}

impl Grader {
    pub fn new(code: GameCode) -> Grader {
        Grader {
            code,
            played: 0,
            wins: 0,
            home: 0,
        }
    }

    /// Plays the next game; the grade once all are played.
    pub fn step(&mut self) -> Option<Grade> {
        if self.played < ROLLOUTS {
            let seed = splitmix(code_seed(self.code) ^ u64::from(self.played));
            let home = rollout(self.code, seed);
            self.wins += u32::from(home == self.code.game.spec().cards());
            self.home += home;
            self.played += 1;
        }
        (self.played >= ROLLOUTS).then(|| Grade::from_share(self.share()))
    }

    /// The measure: the player's share of the cards it got home, over all its games, in
    /// thousandths (a game won counts all the cards).
    pub fn share(&self) -> u32 {
        let all = self.code.game.spec().cards() * self.played.max(1) as usize;
        (self.home * 1000 / all) as u32
    }
}

fn code_seed(code: GameCode) -> u64 {
    code.to_string()
        .bytes()
        .fold(0x6772_6164_6521u64, |h, b| splitmix(h ^ u64::from(b)))
}

/// A winnable deal's grade, with the player's games won and share of cards home.
pub fn grade(code: GameCode) -> (Grade, u32, u32) {
    let mut g = Grader::new(code);
    loop {
        if let Some(grade) = g.step() {
            return (grade, g.wins, g.share());
        }
    }
}

/// A simple greedy player with no dice: always the first of the moves it likes best. The
/// grades' check: it should win fewer deals from Easy to Expert.
pub fn plain_greedy_wins(code: GameCode) -> bool {
    play_with(code, |_| 0).is_won()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_share_makes_the_grade() {
        assert_eq!(Grade::from_share(1000), Grade::Easy);
        assert_eq!(Grade::from_share(750), Grade::Easy);
        assert_eq!(Grade::from_share(749), Grade::Medium);
        assert_eq!(Grade::from_share(450), Grade::Medium);
        assert_eq!(Grade::from_share(449), Grade::Hard);
        assert_eq!(Grade::from_share(250), Grade::Hard);
        assert_eq!(Grade::from_share(249), Grade::Expert);
        assert_eq!(Grade::from_share(0), Grade::Expert);
    }

    #[test]
    fn a_codes_grade_is_always_the_same() {
        let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
        assert_eq!(grade(code), grade(code));
    }
}
