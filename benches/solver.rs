//! How long a hint takes in ordinary positions of both games: the search for a winning line
//! with the hint's budget (`HINT_STATES`), then the guess when none is found. Positions are the
//! start of deals and the middle of games (a simple greedy player's first 20 and 60 actions).
//! Printed as figures (a benchmark, not a timed test). Run with `cargo bench --bench solver`.

#[path = "../tests/common/mod.rs"]
mod common;

use std::time::Instant;

use solitaire::engine::{Draw, Game, GameCode, GameKind, Scoring};
use solitaire::solver::HINT_STATES;
use solitaire::solver::{self, Budget, Verdict};

fn main() {
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                bench_mode(GameCode::new(game, draw, scoring, 0));
            }
        }
    }
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
        "hint {mode:.7}: {} positions, median {:.2} ms, p90 {:.2} ms, max {:.2} ms; {} with a winning line, the rest a guess",
        times.len(),
        at(0.5),
        at(0.9),
        times.last().copied().unwrap_or(0.0),
        lines
    );
}
