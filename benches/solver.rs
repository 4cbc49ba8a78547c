//! How long a hint takes in ordinary positions of both games: the search for a winning line
//! with the hint's budget (`HINT_STATES`), then the guess when none is found. Positions are the
//! start of deals and the middle of games (a simple greedy player's first 20 and 60 actions).
//! Printed as figures (a benchmark, not a timed test). Run with `cargo bench --bench solver`.
//!
//! Then the search itself, in every mode: positions expanded per second over whole deals, and
//! the memory the search holds per million positions (its tables, paths and beam, measured by
//! their capacities at the end of each search).

#[path = "../release/budgets.rs"]
mod budgets;
#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use solitaire::engine::{Draw, Game, GameCode, GameKind, Scoring};
use solitaire::solver::HINT_STATES;
use solitaire::solver::{self, Budget, Search, Verdict};

fn main() {
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                bench_mode(GameCode::new(game, draw, scoring, 0));
            }
        }
    }
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                bench_search(GameCode::new(game, draw, scoring, 0));
            }
        }
    }
}

/// Whole deals searched with a budget of a million positions (300,000 in Double Solitaire
/// Vegas, whose deals nearly all use it up): positions per second, and bytes held per million
/// positions in the searches of at least 100,000 positions.
fn bench_search(mode: GameCode) {
    let deals = if mode.game == GameKind::Klondike {
        40
    } else {
        10
    };
    let vegas_double = mode.game == GameKind::Double && mode.scoring == Scoring::Vegas;
    let budget = Budget {
        states: if vegas_double { 300_000 } else { 1_000_000 },
    };
    let (mut positions, mut secs) = (0usize, 0f64);
    let (mut big_positions, mut big_bytes) = (0usize, 0usize);
    for deal in 0..deals {
        let code = GameCode::new(mode.game, mode.draw, mode.scoring, deal);
        let start = Instant::now();
        let mut search = Search::new(&Game::new(code), budget);
        while search.step(usize::MAX).is_none() {}
        secs += start.elapsed().as_secs_f64();
        positions += search.expanded();
        if search.expanded() >= 100_000 {
            big_positions += search.expanded();
            big_bytes += search.memory();
        }
    }
    let per_million = if big_positions > 0 {
        format!(
            "{:.1} MB per million positions",
            big_bytes as f64 / big_positions as f64
        )
    } else {
        "no search reached 100,000 positions".to_string()
    };
    println!(
        "search {mode:.7}: {deals} deals, {positions} positions in {secs:.2} s: {:.0} thousand positions per second; {per_million}",
        positions as f64 / secs.max(1e-9) / 1000.0
    );
}

fn bench_mode(mode: GameCode) {
    let mut times = Vec::new();
    let mut lines = 0;
    for deal in 0..30 {
        let code = GameCode::new(mode.game, mode.draw, mode.scoring, deal);
        let line = common::greedy_actions(code, 5000);
        for depth in [0usize, 20, 60] {
            let mut g = Game::new(code);
            if line.len() < depth {
                continue;
            }
            for &a in &line[..depth] {
                g.apply(a).expect("greedy actions are legal");
            }
            if g.is_won() {
                continue;
            }
            let start = Instant::now();
            let verdict = solver::solve(
                &g,
                Budget {
                    states: HINT_STATES,
                },
            );
            let found = matches!(verdict, Verdict::Winnable(_));
            if !found {
                std::hint::black_box(solver::guess(&g));
            }
            times.push(start.elapsed().as_secs_f64() * 1000.0);
            lines += usize::from(found);
        }
    }
    times.sort_by(f64::total_cmp);
    let at = |q: f64| times[((q * times.len() as f64).ceil() as usize).clamp(1, times.len()) - 1];
    println!(
        "hint {mode:.7}: {} positions, median {:.2} ms, p90 {:.2} ms, max {:.2} ms (budget {} ms); {} with a winning line, the rest a guess",
        times.len(),
        at(0.5),
        at(0.9),
        times.last().copied().unwrap_or(0.0),
        budgets::budget("hint_max"),
        lines
    );
}
