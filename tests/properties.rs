//! Property tests over thousands of random games in all 8 modes (2 games × draw 1/3 ×
//! Normal/Vegas): cards are conserved, the score follows the scoring table, undo is exact.

mod common;

use common::{Rng, card_counts, oracle_points};
use solitaire::engine::{Action, DEALS, Draw, Game, GameCode, GameKind, Scoring, Source, Target};

const GAMES_PER_MODE: usize = 500;
const STEPS: usize = 250;

fn random_attempt(rng: &mut Rng, g: &Game) -> Action {
    let cols = g.spec().columns;
    let from = match rng.below(3) {
        0 => Source::Waste,
        1 => Source::Foundation(rng.below(g.spec().foundations())),
        _ => Source::Column {
            index: rng.below(cols),
            count: rng.below(14),
        },
    };
    let to = if rng.chance(30) {
        Target::Foundation
    } else {
        Target::Column(rng.below(cols))
    };
    if rng.chance(10) {
        Action::Draw
    } else {
        Action::Move { from, to }
    }
}

#[test]
fn random_games_in_all_eight_modes_keep_every_invariant() {
    let mut rng = Rng::new(2026);
    let mut actions_checked = 0usize;
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                for _ in 0..GAMES_PER_MODE {
                    let code = GameCode::new(game, draw, scoring, rng.below(DEALS as usize) as u64);
                    actions_checked += play_random_game(&mut rng, code);
                }
            }
        }
    }
    assert!(
        actions_checked > 8 * GAMES_PER_MODE * STEPS / 2,
        "{actions_checked}"
    );
}

fn play_random_game(rng: &mut Rng, code: GameCode) -> usize {
    let mut g = Game::new(code);
    let decks = g.spec().decks;
    let depth = g.spec().undo_depth;
    // What the score must be, and the oracle's own undo stack of earlier scores.
    let mut expected = g.score();
    let mut past_scores: Vec<i32> = Vec::new();
    let mut moves = 0;
    let mut applied = 0;
    for _ in 0..STEPS {
        let before = g.table().clone();
        if rng.chance(8) && g.undo_available() > 0 {
            g.undo().unwrap();
            expected = past_scores.pop().unwrap();
        } else {
            let legal = g.legal_actions();
            let action = if legal.is_empty() || rng.chance(10) {
                random_attempt(rng, &g)
            } else {
                legal[rng.below(legal.len())]
            };
            match g.apply(action) {
                Ok(outcome) => {
                    let pts = oracle_points(code, &before, action, &outcome);
                    assert_eq!(outcome.points, pts, "{code} {action:?}");
                    past_scores.push(expected);
                    if past_scores.len() > depth {
                        past_scores.remove(0);
                    }
                    expected = match code.scoring {
                        Scoring::Normal => (expected + pts).max(0),
                        Scoring::Vegas => expected + pts,
                    };
                    moves += 1;
                    applied += 1;
                    // Undo returns exactly the state before; then play the action again.
                    if rng.chance(15) {
                        let after = g.table().clone();
                        g.undo().unwrap();
                        assert_eq!(g.table(), &before, "{code}: undo of {action:?}");
                        g.apply(action).unwrap();
                        moves += 1;
                        assert_eq!(g.table(), &after, "{code}: replay of {action:?}");
                    }
                }
                Err(_) => assert_eq!(g.table(), &before, "{code}: refused {action:?}"),
            }
        }
        assert!(card_counts(g.table()).iter().all(|&n| n == decks), "{code}");
        assert_eq!(g.score(), expected, "{code}");
        assert_eq!(g.moves(), moves, "{code}");
        assert!(g.undo_available() <= depth);
        if code.scoring == Scoring::Normal {
            assert!(g.score() >= 0);
        }
        // The face-up part of every column is a run; no column is all face-down.
        for c in &g.table().columns {
            assert!(c.down.is_empty() || !c.up.is_empty(), "{code}");
            assert!(c.up.windows(2).all(|w| w[1].fits_on(w[0])), "{code}");
        }
    }
    applied
}
