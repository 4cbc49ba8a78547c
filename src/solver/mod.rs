//! A solver for both games: it sees every card, face-down ones too, and searches for a winning
//! line under the exact rules of the engine (draw 1 and 3, Normal and Vegas, take-backs).
//!
//! Depth-first search with a transposition table of canonical state hashes (columns in any
//! order are the same position), safe foundation moves applied without branching, the stock
//! turned into "draw until this card is on top, then play it" moves, and move ordering. The
//! move generator is complete, so a search that runs out of positions proves the deal
//! unwinnable; one that runs out of budget says so.

use std::collections::HashSet;

use crate::engine::{Action, Card, Game, Source, Table, Target};

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

/// How much the search may do.
#[derive(Clone, Copy, Debug)]
pub struct Budget {
    /// Positions to expand at most.
    pub states: usize,
}

/// A 128-bit hash of a position, the same for any order of the columns.
fn position_key(t: &Table) -> u128 {
    fn mix(h: u64, x: u64) -> u64 {
        let mut z = h ^ x.wrapping_mul(0x9E37_79B9_7F4A_7C15);
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    fn cards(h: u64, cs: &[Card]) -> u64 {
        cs.iter().fold(mix(h, cs.len() as u64), |h, c| {
            mix(h, c.deck_index() as u64 + 1)
        })
    }
    let pile_keys = |seed: u64| -> u64 {
        let mut cols: Vec<u64> = t
            .columns
            .iter()
            .map(|c| cards(cards(seed, &c.down), &c.up))
            .collect();
        cols.sort_unstable();
        let mut h = cards(cards(seed, &t.stock), &t.waste);
        for f in &t.foundations {
            h = mix(h, f.len() as u64);
        }
        cols.into_iter().fold(h, mix)
    };
    (u128::from(pile_keys(1)) << 64) | u128::from(pile_keys(2))
}

/// A foundation move that can never hurt: the card is no longer needed to hold any card of the
/// opposite colour one rank lower (all of those can already go up).
fn is_safe_to_foundation(game: &Game, card: Card) -> bool {
    if card.rank() <= 2 {
        return true;
    }
    let t = game.table();
    let decks = game.spec().decks;
    let rank = usize::from(card.rank());
    t.foundations.iter().enumerate().all(|(i, f)| {
        let suit_red = (i / decks) == 1 || (i / decks) == 2;
        if suit_red == card.is_red() {
            f.len() + 2 >= rank
        } else {
            f.len() + 1 >= rank
        }
    })
}

/// Applies safe foundation moves until none is left; returns them.
fn apply_safe(game: &mut Game) -> Vec<Action> {
    let mut done = Vec::new();
    loop {
        let mut moved = false;
        let sources = std::iter::once(Source::Waste)
            .chain((0..game.table().columns.len()).map(|index| Source::Column { index, count: 1 }));
        for from in sources {
            let Ok(cards) = game.source_cards(from) else {
                continue;
            };
            let card = cards[0];
            let action = Action::Move {
                from,
                to: Target::Foundation,
            };
            if is_safe_to_foundation(game, card) && game.apply_in_search(action).is_ok() {
                done.push(action);
                moved = true;
                break;
            }
        }
        if !moved {
            return done;
        }
    }
}

/// The moves from a position, best first, each a short line of actions: table moves, and for
/// each card the stock can bring to the top of the waste, the draws that bring it and its play.
///
/// `narrow` leaves out moves that seldom help (take-backs, and parts of runs moved between
/// columns unless that lets the card under them go up): a quick first search for a win. It is
/// no proof, so a narrow search that runs dry proves nothing.
fn candidate_lines(game: &Game, narrow: bool) -> Vec<Vec<Action>> {
    let t = game.table();
    let mut scored: Vec<(i32, Vec<Action>)> = Vec::new();
    for a in game.legal_actions() {
        let Action::Move { from, to } = a else {
            continue;
        };
        if from == Source::Waste {
            continue; // handled with the stock below
        }
        let score = match (from, to) {
            (Source::Column { index, count }, Target::Foundation) => {
                100 + if count == t.columns[index].up.len() {
                    20
                } else {
                    0
                }
            }
            (Source::Column { index, count }, Target::Column(j)) => {
                let col = &t.columns[index];
                let whole = count == col.up.len();
                if whole && col.down.is_empty() && t.columns[j].is_empty() {
                    continue; // a King from a column of its own to another empty one
                }
                if whole && !col.down.is_empty() {
                    60 + col.down.len() as i32
                } else if whole {
                    40
                } else {
                    let under = col.up[col.up.len() - count - 1];
                    if narrow && game.foundation_for(under).is_none() {
                        continue;
                    }
                    5
                }
            }
            (Source::Foundation(_), _) if narrow => continue,
            (Source::Foundation(_), _) => -10,
            _ => 0,
        };
        scored.push((score, vec![a]));
    }
    // The stock: every card it can bring to the top of the waste, with a place to go.
    let mut probe = game.clone();
    let mut draws: Vec<Action> = Vec::new();
    let mut seen: HashSet<(usize, usize)> = HashSet::new();
    let limit = (t.stock.len() + t.waste.len()) * 2 + 2;
    for _ in 0..=limit {
        let tt = probe.table();
        if !seen.insert((tt.stock.len(), tt.waste.len())) {
            break;
        }
        if let Some(&top) = tt.waste.last() {
            for to in
                std::iter::once(Target::Foundation).chain((0..tt.columns.len()).map(Target::Column))
            {
                let a = Action::Move {
                    from: Source::Waste,
                    to,
                };
                if probe.check(a).is_ok() {
                    let score = match to {
                        Target::Foundation => 90,
                        _ => 30,
                    } - draws.len() as i32 / 3
                        + if top.is_king() { 5 } else { 0 };
                    let mut line = draws.clone();
                    line.push(a);
                    scored.push((score, line));
                }
            }
        }
        if probe.apply_in_search(Action::Draw).is_err() {
            break;
        }
        draws.push(Action::Draw);
    }
    scored.sort_by_key(|s| std::cmp::Reverse(s.0));
    scored.into_iter().map(|(_, l)| l).collect()
}

/// Searches for a win from the game's position: first a narrow search with half the budget,
/// then, if it found nothing, the complete one (which alone can prove a deal unwinnable).
pub fn solve(game: &Game, budget: Budget) -> Verdict {
    let half = Budget {
        states: budget.states / 2,
    };
    match search(game, half, true) {
        Verdict::Winnable(line) => Verdict::Winnable(line),
        _ => search(game, half, false),
    }
}

fn search(game: &Game, budget: Budget, narrow: bool) -> Verdict {
    let mut root = game.clone();
    let mut line = apply_safe(&mut root);
    if root.is_won() {
        return Verdict::Winnable(line);
    }
    let mut seen: HashSet<u128> = HashSet::new();
    seen.insert(position_key(root.table()));
    // Explicit stack: (position, its candidate lines, next index, length of `line` on entry).
    let mut stack: Vec<(Game, Vec<Vec<Action>>, usize, usize)> = Vec::new();
    let cands = candidate_lines(&root, narrow);
    stack.push((root, cands, 0, line.len()));
    let mut expanded = 0usize;
    while let Some((pos, cands, next, base)) = stack.last_mut() {
        line.truncate(*base);
        let Some(step) = cands.get(*next).cloned() else {
            stack.pop();
            continue;
        };
        *next += 1;
        let mut child = pos.clone();
        if step.iter().any(|&a| child.apply_in_search(a).is_err()) {
            continue;
        }
        let mut child_line = step;
        child_line.extend(apply_safe(&mut child));
        if child.is_won() {
            line.extend(child_line);
            return Verdict::Winnable(line);
        }
        if !seen.insert(position_key(child.table())) {
            continue;
        }
        expanded += 1;
        if expanded > budget.states {
            return Verdict::Undecided;
        }
        line.extend(child_line);
        let cands = candidate_lines(&child, narrow);
        stack.push((child, cands, 0, line.len()));
    }
    Verdict::Unwinnable
}
