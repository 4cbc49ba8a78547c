//! The frozen deal algorithm, version 1 (the `1` in `KL1` and `DS1`).
//!
//! A deal depends only on the game and the deal number, never on the draw mode or the scoring,
//! and never changes: every build on every platform deals the same cards for the same code.
//! Precisely enough to reimplement elsewhere (all arithmetic on unsigned integers, wrapping):
//!
//! 1. **Seed.** Let `tag` be 1 for Klondike (`KL1`) and 2 for Double Solitaire (`DS1`), `n` the deal
//!    number (0 ≤ n < 26⁷). Start a SplitMix64 state `s = tag · 2⁴⁰ + n` (64 bits). Take two
//!    outputs `a`, `b`, each computed as: `s = s + 0x9E3779B97F4A7C15; z = s;
//!    z = (z ^ (z >> 30)) · 0xBF58476D1CE4E5B9; z = (z ^ (z >> 27)) · 0x94D049BB133111EB;
//!    output z ^ (z >> 31)`. The 16 seed bytes are `a` then `b`, each little-endian.
//! 2. **Generator.** Marsaglia's xorshift128 (`XorShiftRng::from_seed` of the `rand_xorshift`
//!    crate): the state words `x, y, z, w` are the seed bytes read as four little-endian 32-bit
//!    words (were all four zero, each would be 0x0BAD5EED instead). One step: `t = x ^ (x << 11);
//!    x = y; y = z; z = w; w = w ^ (w >> 19) ^ t ^ (t >> 8)`; the output is the new `w`.
//! 3. **Bounded integer** `below(k)`, uniform in `0..k` for `k ≥ 1`: let
//!    `limit = 2³² − (2³² mod k)`; draw outputs `r` until `r < limit`; return `r mod k`.
//! 4. **Sorted deck.** For each deck (1 or 2), the suits ♠ ♥ ♦ ♣ in that order, each from A up to K.
//!    This makes a list `d[0 .. 52·decks]`.
//! 5. **Shuffle** (Fisher–Yates): for `i` from `len − 1` down to 1: `j = below(i + 1)`; swap
//!    `d[i]` and `d[j]`.
//! 6. **Layout.** Take cards from the front of `d`, one at a time, row by row: for row `r` from 0
//!    to `columns − 1`, for column `c` from `r` to `columns − 1`, the next card goes on top of
//!    column `c`. So column `c` (from 0) gets `c + 1` cards; the last card of each column is face
//!    up, the others face down. The rest of `d`, in order, is the stock from bottom to top: the
//!    last card of `d` is drawn first.

use super::card::{Card, Suit};
use super::code::GameSpec;
use rand_core::{Rng, SeedableRng};
use rand_xorshift::XorShiftRng;

/// A freshly dealt table: the tableau columns (bottom → top) and the stock (bottom → top).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deal {
    pub columns: Vec<Vec<Card>>,
    pub stock: Vec<Card>,
}

/// SplitMix64's output for a state `z` (before it steps): the one mixing function of the
/// project — the deal seed, the solver's position keys and the app's random deal numbers.
pub const fn splitmix(z: u64) -> u64 {
    let mut z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One step of SplitMix64: the next output, and the state moved on.
fn splitmix64(state: &mut u64) -> u64 {
    let out = splitmix(*state);
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    out
}

/// Step 1: the 16 seed bytes for (game, deal number).
pub fn seed_bytes(spec: &GameSpec, deal: u64) -> [u8; 16] {
    let mut state = (spec.seed_tag << 40).wrapping_add(deal);
    let a = splitmix64(&mut state);
    let b = splitmix64(&mut state);
    let mut seed = [0u8; 16];
    seed[..8].copy_from_slice(&a.to_le_bytes());
    seed[8..].copy_from_slice(&b.to_le_bytes());
    seed
}

/// Step 3: a uniform integer in `0..k` by rejection.
fn below(rng: &mut XorShiftRng, k: u32) -> u32 {
    debug_assert!(k >= 1);
    let span = 1u64 << 32;
    let limit = span - span % u64::from(k);
    loop {
        let r = rng.next_u32();
        if u64::from(r) < limit {
            return r % k;
        }
    }
}

/// Steps 4 and 5: the shuffled deck(s).
pub fn shuffled_deck(spec: &GameSpec, deal: u64) -> Vec<Card> {
    let mut rng = XorShiftRng::from_seed(seed_bytes(spec, deal));
    let mut deck: Vec<Card> = (0..spec.decks)
        .flat_map(|_| Suit::ALL)
        .flat_map(|suit| (1..=13).map(move |rank| Card::new(rank, suit)))
        .collect();
    for i in (1..deck.len()).rev() {
        let j = below(&mut rng, i as u32 + 1) as usize;
        deck.swap(i, j);
    }
    deck
}

/// The whole deal of step 6.
pub fn deal(spec: &GameSpec, deal: u64) -> Deal {
    let mut cards = shuffled_deck(spec, deal).into_iter();
    let mut columns: Vec<Vec<Card>> = (0..spec.columns)
        .map(|c| Vec::with_capacity(c + 1))
        .collect();
    for row in 0..spec.columns {
        for column in columns.iter_mut().skip(row) {
            column.extend(cards.next());
        }
    }
    Deal {
        columns,
        stock: cards.collect(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::code::{DOUBLE, KLONDIKE};

    /// The generator of step 2, written out by hand: the crate must keep matching it.
    #[test]
    fn xorshift_matches_the_written_down_generator() {
        for deal in [0u64, 1, 6, 999_999] {
            let seed = seed_bytes(&KLONDIKE, deal);
            let word = |i: usize| u32::from_le_bytes(seed[i * 4..i * 4 + 4].try_into().unwrap());
            let (mut x, mut y, mut z, mut w) = (word(0), word(1), word(2), word(3));
            let mut rng = XorShiftRng::from_seed(seed);
            for _ in 0..1000 {
                let t = x ^ (x << 11);
                x = y;
                y = z;
                z = w;
                w = w ^ (w >> 19) ^ t ^ (t >> 8);
                assert_eq!(rng.next_u32(), w);
            }
        }
    }

    #[test]
    fn splitmix_seed_is_pinned() {
        // The published first output of SplitMix64 from state 0.
        assert_eq!(splitmix64(&mut 0), 0xE220_A839_7B1D_CDAF);
        // Klondike, deal 0: state 2^40. Pinned (and checked by a reimplementation from the
        // doc comment above) so the seed step cannot drift.
        assert_eq!(
            seed_bytes(&KLONDIKE, 0),
            [
                137, 195, 16, 243, 40, 113, 221, 31, 174, 146, 72, 237, 195, 111, 228, 5
            ]
        );
    }

    #[test]
    fn deal_has_every_card_once_per_deck_in_the_right_shape() {
        for spec in [&KLONDIKE, &DOUBLE] {
            for n in 0..50 {
                let d = deal(spec, n);
                assert_eq!(d.columns.len(), spec.columns);
                for (i, c) in d.columns.iter().enumerate() {
                    assert_eq!(c.len(), i + 1);
                }
                assert_eq!(d.stock.len(), spec.cards() - spec.dealt());
                let mut counts = [0usize; 52];
                for card in d.columns.iter().flatten().chain(&d.stock) {
                    counts[card.deck_index()] += 1;
                }
                assert!(counts.iter().all(|&k| k == spec.decks));
            }
        }
    }

    #[test]
    fn below_is_in_range() {
        let mut rng = XorShiftRng::from_seed([1; 16]);
        for k in 1..200 {
            assert!(below(&mut rng, k) < k);
        }
    }
}
