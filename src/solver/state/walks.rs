//! Random games in every mode, for the tests of the position's parts.

use super::*;
use crate::engine::GameCode;

/// Whether every column's kept code is the one its cards give.
pub(super) fn codes_kept(s: &State) -> bool {
    s.cols.iter().all(|c| c.code == c.code_afresh())
}

/// The cards the places take next, from the heights alone (what `wanted` keeps).
pub(super) fn wanted_afresh(s: &State) -> u64 {
    (0..4 * usize::from(s.decks))
        .filter(|&p| s.found[p] < 13)
        .fold(0, |set, p| set | 1 << s.place_card(p, s.found[p]))
}

/// The eight modes, by the start of their game codes.
pub(super) const MODES: [&str; 8] = [
    "KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V", "DS1-D1N", "DS1-D3N", "DS1-D1V", "DS1-D3V",
];

/// Random games: `walks` of at most `steps` random moves from each of the positions
/// `starts` makes of the first position of deals `0..deals` of each of `modes`, showing
/// `visit` every position on the way (it may change it: the walk goes on from there); a
/// walk ends where `visit` says so (false) or no move is left.
pub(super) fn random_walks(
    modes: &[&str],
    (deals, walks, steps): (u64, usize, usize),
    mut rng: u64,
    starts: impl Fn(&State) -> Vec<State>,
    mut visit: impl FnMut(GameCode, &mut State) -> bool,
) {
    let mut moves = Vec::new();
    for mode in modes {
        let first = GameCode::parse(&format!("{mode}-AAAAAAA")).unwrap();
        for deal in 0..deals {
            let code = GameCode { deal, ..first };
            let root = State::from_game(&Game::new(code)).unwrap();
            for start in starts(&root) {
                for _walk in 0..walks {
                    let mut s = start.clone();
                    for _ in 0..steps {
                        if !visit(code, &mut s) {
                            break;
                        }
                        s.moves(false, &mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        rng = splitmix(rng);
                        s.make(moves[(rng % moves.len() as u64) as usize].1);
                    }
                }
            }
        }
    }
}

/// `random_walks` of the four one-pass modes from each deal's first position.
pub(super) fn one_pass_walks(
    deals: u64,
    walks: usize,
    steps: usize,
    rng: u64,
    mut visit: impl FnMut(GameCode, &State) -> bool,
) {
    let modes = ["KL1-D1V", "KL1-D3V", "DS1-D1V", "DS1-D3V"];
    let starts = |root: &State| vec![root.clone()];
    random_walks(&modes, (deals, walks, steps), rng, starts, |code, s| {
        visit(code, s)
    });
}
