//! Engine throughput, printed as `name: value unit` (a benchmark, not a timed test).
//! Run with `cargo bench --bench engine`.

use std::hint::black_box;
use std::time::Instant;

use solitaire::engine::{Action, Draw, Game, GameCode, GameKind, Scoring};

/// A tiny xorshift for choosing actions (the bench needs no quality, only speed and repeatability).
struct Pick(u64);

impl Pick {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

fn main() {
    for game in GameKind::ALL {
        let name = match game {
            GameKind::Klondike => "klondike",
            GameKind::Double => "double",
        };
        random_play(game, name);
        undo_cost(game, name);
        deal_cost(game, name);
    }
}

/// Random legal play: choosing among the legal actions and applying one.
fn random_play(game: GameKind, name: &str) {
    let mut pick = Pick(0x2545_F491_4F6C_DD1D);
    let mut actions = 0u64;
    let mut checks = 0u64;
    let start = Instant::now();
    let mut deal = 0;
    while start.elapsed().as_secs_f64() < 1.0 {
        let mut g = Game::new(GameCode::new(game, Draw::Three, Scoring::Normal, deal));
        deal += 1;
        for _ in 0..300 {
            let legal = g.legal_actions();
            checks += 1;
            if legal.is_empty() {
                break;
            }
            g.apply(legal[pick.below(legal.len())]).unwrap();
            actions += 1;
        }
        black_box(&g);
    }
    let secs = start.elapsed().as_secs_f64();
    println!(
        "{name}_random_play: {:.0} actions/s (legal-move listing included, {checks} listings)",
        actions as f64 / secs
    );
    // Apply alone: replay a recorded line.
    let mut g = Game::new(GameCode::new(game, Draw::One, Scoring::Normal, 7));
    let mut line = Vec::new();
    for _ in 0..200 {
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        let a = legal[pick.below(legal.len())];
        g.apply(a).unwrap();
        line.push(a);
    }
    let start = Instant::now();
    let mut n = 0u64;
    while start.elapsed().as_secs_f64() < 1.0 {
        let mut g = Game::new(GameCode::new(game, Draw::One, Scoring::Normal, 7));
        for &a in &line {
            black_box(g.apply(a).unwrap());
        }
        n += line.len() as u64;
    }
    println!(
        "{name}_apply: {:.0} actions/s (replaying a {}-action line, deal included)",
        n as f64 / start.elapsed().as_secs_f64(),
        line.len()
    );
}

/// The cost of one undo, timed alone (the actions it undoes are applied outside the clock).
fn undo_cost(game: GameKind, name: &str) {
    let depth = game.spec().undo_depth;
    let mut undo_time = std::time::Duration::ZERO;
    let mut undos = 0u64;
    let mut apply_time = std::time::Duration::ZERO;
    for round in 0..2000 {
        let mut g = Game::new(GameCode::new(game, Draw::One, Scoring::Normal, round));
        let start = Instant::now();
        for _ in 0..depth {
            g.apply(black_box(Action::Draw)).unwrap();
        }
        apply_time += start.elapsed();
        let start = Instant::now();
        while g.undo().is_ok() {
            undos += 1;
        }
        undo_time += start.elapsed();
        black_box(&g);
    }
    println!(
        "{name}_undo: {:.0} ns",
        undo_time.as_nanos() as f64 / undos as f64
    );
    println!(
        "{name}_draw: {:.0} ns",
        apply_time.as_nanos() as f64 / undos as f64
    );
}

fn deal_cost(game: GameKind, name: &str) {
    let rounds = 100_000u64;
    let start = Instant::now();
    for deal in 0..rounds {
        black_box(Game::new(GameCode::new(
            game,
            Draw::One,
            Scoring::Normal,
            deal,
        )));
    }
    let ns = start.elapsed().as_nanos() as f64 / rounds as f64;
    println!("{name}_deal: {ns:.0} ns");
}
