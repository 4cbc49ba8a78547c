//! The key: a position packed into one number, exactly (or hashed for built tables too big
//! to pack), so the table of positions seen tells positions apart by it alone.

use super::*;

impl State {
    /// How the key packs this position's mode (`from_game`, once its cards are in place):
    /// everything but the talon, the cursor and the pending use into a number below `values`,
    /// then the talon, the cursor and the pending use.
    pub(super) fn lay_out_key(&mut self) {
        let mut values: Option<u128> = Some(u128::from(self.found_radix()).pow(4));
        for i in 0..usize::from(self.ncols) {
            values = values.and_then(|v| v.checked_mul(u128::from(self.col_radix[i])));
        }
        self.high64 = values.is_some_and(|v| v <= 1 << 64);
        let mut weight = 1u64;
        for i in (0..usize::from(self.ncols)).rev() {
            self.col_weight[i] = weight;
            weight = weight.wrapping_mul(u64::from(self.col_radix[i]));
        }
        for row in (0..4).rev() {
            self.row_weight[row] = weight;
            weight = weight.wrapping_mul(u64::from(self.found_radix()));
        }
        self.high_now = self.high();
        let bits = |v: u128| 128 - (v - 1).leading_zeros() + u32::from(self.tlen) + self.low_bits();
        self.packing = match values.map(bits) {
            Some(b) if b <= 64 && self.decks == 1 => Packing::Small,
            Some(b) if b <= 128 => Packing::Exact,
            _ => Packing::Hashed,
        };
    }

    /// How the key holds the position (see the field).
    pub fn packing(&self) -> Packing {
        self.packing
    }

    /// How many low bits of the key hold what is pending (see `pbits`).
    #[inline]
    pub fn pending_bits(&self) -> u32 {
        u32::from(self.pbits)
    }

    /// How many low bits of the key hold the cursor and what is pending (see `key`).
    #[inline]
    pub fn low_bits(&self) -> u32 {
        u32::from(self.pbits + self.cbits)
    }

    /// Sets `pbits` and `cbits` for this position's rules: with draw one and unlimited passes
    /// a talon card may be pending, otherwise only a take-back or an emptied column; and the
    /// cursor counts for nothing there, otherwise it is up to the talon's length.
    pub(super) fn set_low_bits(&mut self) {
        let (values, cursor) = if self.random_access() {
            (TALON_USE + self.tlen, 0)
        } else {
            (TALON_USE, self.tlen)
        };
        self.pbits = (u8::BITS - (values - 1).leading_zeros()) as u8;
        self.cbits = (u8::BITS - cursor.leading_zeros()) as u8;
    }

    /// How many values a row of foundation places has in the key: a height for one deck, an
    /// unordered pair of heights for two (their order does not matter).
    fn found_radix(&self) -> u8 {
        if self.decks == 1 { 14 } else { 14 * 15 / 2 }
    }

    /// A column's part of the key: 0 if it is empty or a King heads it with nothing under it
    /// (such columns are alike), 1 if another card lies on the bare column, 2 + the number of
    /// face-down cards otherwise. The card lying on the face-down ones (or the bare column) is
    /// always the same one for a given number, as nothing else can get there.
    /// It changes only when the column empties, gets its first card, or turns a card up or
    /// down, so each column keeps it (`Col::recode`).
    #[inline]
    pub(super) fn col_code(&self, i: usize) -> u8 {
        self.cols[i].code
    }

    /// The position's key: the foundations (a row's places in any order), each column's code,
    /// the talon's cards, where the waste ends (unless the talon is a set), and what is
    /// pending. Packed (see `packing`): the foundations and the columns as one number, each
    /// part in its own radix, then the talon mask in the next `tlen` bits, then the cursor and
    /// the pending use in the low `low_bits`, the pending use lowest: the same position with
    /// nothing pending is the key with those bits clear, and the same position with another
    /// cursor differs from it only in the low bits too (`Seen` keeps them all near each other).
    #[inline]
    pub fn key(&self) -> u128 {
        let cursor = if self.random_access() {
            0
        } else {
            self.cursor_key()
        };
        let low = u64::from(cursor) << self.pbits | u64::from(self.pending);
        let lb = self.low_bits();
        if !self.high64 {
            return self.pack(self.high::<u128>(), lb, low);
        }
        // The part before the talon in 64-bit arithmetic (every real deal), kept up to date,
        // and for one deck the whole key.
        let high = self.high_now;
        if self.packing == Packing::Small {
            return u128::from((((high << self.tlen) | self.live) << lb) | low);
        }
        self.pack(u128::from(high), lb, low)
    }

    /// The key's part before the talon: the foundations and the columns' codes, each in its
    /// own radix.
    #[inline]
    fn high<T>(&self) -> T
    where
        T: Copy + From<u8> + std::ops::Mul<Output = T> + std::ops::Add<Output = T>,
    {
        let mut high = T::from(0);
        for row in 0..4 {
            high = high * T::from(self.found_radix()) + T::from(self.row_value(row));
        }
        for i in 0..usize::from(self.ncols) {
            high = high * T::from(self.col_radix[i]) + T::from(self.col_code(i));
        }
        high
    }

    /// A row of foundation places' part of the key: its height with one deck, the unordered
    /// pair of heights with two.
    #[inline]
    pub(super) fn row_value(&self, row: usize) -> u8 {
        if self.decks == 1 {
            self.found[row]
        } else {
            let (a, b) = (self.found[2 * row], self.found[2 * row + 1]);
            let (lo, hi) = (a.min(b), a.max(b));
            hi * (hi + 1) / 2 + lo
        }
    }

    /// The key from its part before the talon: then the talon, then the `lb` low bits `low`;
    /// or, for built tables too big to pack, a hash of the first two and the low bits.
    #[inline]
    fn pack(&self, high: u128, lb: u32, low: u64) -> u128 {
        let rest = if self.packing != Packing::Hashed {
            (high << self.tlen) | u128::from(self.live)
        } else {
            let (h0, h1) = (high as u64, (high >> 64) as u64);
            let a = splitmix(h0 ^ splitmix(h1 ^ 0x5555)) ^ splitmix(self.live ^ 0x1234);
            let b = splitmix(h1 ^ splitmix(h0 ^ 0xAAAA)) ^ splitmix(self.live.rotate_left(17));
            ((u128::from(a) << 64) | u128::from(b)) >> lb
        };
        (rest << lb) | u128::from(low)
    }

    /// The key of the same position with nothing pending, from this position's `key`.
    #[inline]
    pub fn settled(&self, key: u128) -> u128 {
        key & !((1 << self.pbits) - 1)
    }

    /// Where the waste ends, as the key sees it: with unlimited passes, every waste size the
    /// stock comes back to (a multiple of the draw, or the whole talon) can turn into any other
    /// by clicks alone, so they are one position (0); draw one comes back to every size.
    #[inline]
    pub(super) fn cursor_key(&self) -> u8 {
        if self.vegas {
            return self.cursor;
        }
        let (m, w) = (self.live.count_ones() as u8, self.waste_len());
        if self.draw_rem(usize::from(w)) == 0 || w == m {
            0
        } else {
            self.cursor
        }
    }

    /// Whether the table of positions seen keeps this position's key as a set of cursors for
    /// the rest of it, to ask at once for the positions it is reached from by clicks alone
    /// (`click_sources`): with draw three and unlimited passes, with pruning, and a key in 64
    /// bits (every real Klondike deal). With one pass the positions the search reaches
    /// hardly ever differ in their cursors alone, so the plain table serves there.
    pub fn cursor_sets(&self) -> bool {
        self.draw == 3 && !self.vegas && self.prune && self.packing == Packing::Small
    }

    /// Where the key holds the cursor (see `key`): its lowest bit and how many bits.
    pub fn cursor_bits(&self) -> (u32, u32) {
        (u32::from(self.pbits), u32::from(self.cbits))
    }

    /// The cursors, as the key holds them (bit `c`: cursor `c`), of the same position with a
    /// waste of another size that the stock, clicked on, brings to this one's (draw three,
    /// unlimited passes): this position is reached from any of them by clicks alone. The
    /// stock brings every size from `j` up by threes to the whole talon, then every multiple
    /// of three (which the key holds as one, cursor 0). So a waste whose size is neither a
    /// multiple of three nor the whole talon is reached from the sizes by threes under it,
    /// and one that is from every size that is neither.
    pub fn click_sources(&self) -> u64 {
        let mut idx = [0u8; TALON_CAP];
        let (m, w) = self.live_list(&mut idx);
        // The cursor of a waste of `j` cards: just past the `j`-th live card.
        let at = |j: u8| 1u64 << (idx[usize::from(j) - 1] + 1);
        if self.cursor_key() == 0 {
            (1..m).filter(|j| j % 3 != 0).fold(0, |set, j| set | at(j))
        } else {
            (1..=(w - 1) / 3).fold(0, |set, k| set | at(w - 3 * k))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::walks::*;
    use super::*;
    use crate::engine::GameCode;

    #[test]
    fn the_settled_key_is_the_key_of_the_same_position_with_nothing_pending() {
        // The search skips a pending position whose twin with nothing pending was seen, and
        // finds that twin's key as `settled` of its own: random walks in every mode (and under
        // draw three's looser rules) hold it to the key computed with nothing pending. On the
        // way, the key computed in 64-bit arithmetic where it fits is held to the wide one,
        // and what positions keep (`wanted`, the columns' codes) to what they would work out.
        let starts = |root: &State| [Some(root.clone()), root.relaxed()].into_iter().flatten();
        for mode in MODES {
            let mut pending = 0;
            random_walks(
                &[mode],
                (8, 20, 150),
                0x5eed,
                |r| starts(r).collect(),
                |code, s| {
                    assert_eq!(s.wanted, wanted_afresh(s), "{code}");
                    assert!(codes_kept(s), "{code}");
                    let key = s.key();
                    // The same number in 128-bit arithmetic throughout (what a table too big for
                    // 64 bits before the talon gets).
                    let mut wide = s.clone();
                    wide.high64 = false;
                    assert_eq!(wide.key(), key, "{code}");
                    let mut bare = s.clone();
                    bare.pending = NO_USE;
                    assert_eq!(s.settled(key), bare.key(), "{code}");
                    if s.pending != NO_USE {
                        assert_ne!(s.settled(key), key, "{code}");
                        pending += 1;
                    }
                    true
                },
            );
            assert!(pending > 100, "{mode}: only {pending} pending positions");
        }
    }

    #[test]
    fn a_position_is_reached_by_clicks_from_exactly_its_click_sources() {
        // The search leaves a position when one it is reached from by clicks alone was seen
        // (`Seen::admit`). On random games with draw three and unlimited passes, every waste
        // size is clicked on from, the stock's own rule applied one click at a time (a full
        // waste turns over): the cursors of the positions whose clicks come to this one's key
        // (but its own) are exactly the sources named, and the table of positions seen leaves
        // this one out when it has seen one of those.
        let starts = |root: &State| vec![root.clone()];
        for mode in ["KL1-D3N", "DS1-D3N"] {
            let (mut checked, mut named) = (0, 0);
            random_walks(&[mode], (10, 8, 300), 0xc11c, starts, |code, s| {
                let mut idx = [0u8; TALON_CAP];
                let (m, w) = s.live_list(&mut idx);
                let mut bare = s.clone();
                bare.pending = NO_USE;
                let key = bare.key();
                // The cursor of a waste of `j` cards: just past the `j`-th live card.
                let cursor_of = |j: u8| {
                    if j == 0 {
                        0
                    } else {
                        idx[usize::from(j) - 1] + 1
                    }
                };
                let mut want = 0u64;
                for j in 0..=m {
                    let mut p = bare.clone();
                    p.cursor = cursor_of(j);
                    let from = 1u64 << p.cursor_key();
                    let mut size = j;
                    let mut reached = false;
                    for _ in 0..=2 * m + 2 {
                        size = if size == m { 0 } else { (size + 3).min(m) };
                        p.cursor = cursor_of(size);
                        reached |= p.key() == key;
                    }
                    let other = j != w && from != 1 << s.cursor_key();
                    if reached && other {
                        want |= from;
                        named += 1;
                    }
                    // And the table of positions seen, holding that position alone, takes this
                    // one in just when that one's clicks do not come to it (or it is a Double
                    // Solitaire position, whose table keeps no cursor sets).
                    p.cursor = cursor_of(j);
                    let mut seen = crate::solver::Seen::new(s);
                    seen.insert(p.key());
                    let own = s.key();
                    let admitted = seen.admit(own, s.settled(own), || s.click_sources());
                    let sets = s.cursor_sets();
                    assert_eq!(
                        admitted,
                        other && !(reached && sets),
                        "{code}: {j} to {w} of {m}"
                    );
                }
                assert_eq!(s.click_sources(), want, "{code}: waste {w} of {m}");
                checked += 1;
                true
            });
            assert!(checked > 1000 && named > 1000, "{mode}: {checked} {named}");
        }
    }

    /// What the key must tell apart, written out plainly.
    fn described(s: &State) -> Vec<u64> {
        let mut v: Vec<u64> = Vec::new();
        let d = usize::from(s.decks);
        for row in 0..4 {
            let mut r: Vec<u8> = s.found[row * d..row * d + d].to_vec();
            r.sort_unstable();
            v.extend(r.iter().map(|&h| u64::from(h)));
        }
        v.extend((0..usize::from(s.ncols)).map(|i| u64::from(s.col_code(i))));
        v.extend([u64::from(s.cursor_key()), u64::from(s.pending), s.live]);
        v
    }

    #[test]
    fn keys_pack_every_real_deal_exactly() {
        // Random walks through every mode: two positions have the same key exactly when they
        // are the same position to the search; Klondike keys fit 64 bits, Double ones 128.
        for mode in MODES {
            let mut seen: std::collections::HashMap<u128, Vec<u64>> = Default::default();
            let mut moves = Vec::new();
            let mut rng = 0x1234_5678_u64 ^ mode.len() as u64;
            for deal in 0..20 {
                let code = format!("{mode}-AAAAAA{}", char::from(b'A' + deal));
                let g = Game::new(GameCode::parse(&code).unwrap());
                let root = State::from_game(&g).unwrap();
                let want = if root.decks == 1 {
                    Packing::Small
                } else {
                    Packing::Exact
                };
                assert_eq!(root.packing(), want, "{code}");
                for _walk in 0..30 {
                    let mut s = root.clone();
                    for _ in 0..150 {
                        s.moves(false, &mut moves);
                        if moves.is_empty() {
                            break;
                        }
                        rng = splitmix(rng);
                        s.make(moves[(rng % moves.len() as u64) as usize].1);
                        let key = s.key();
                        if root.decks == 1 {
                            assert!(key < 1 << 64, "{code}: a key wider than 64 bits");
                        }
                        // Keys of different deals may meet: tell deals apart here.
                        let mut d = described(&s);
                        d.push(u64::from(deal));
                        let old = seen
                            .entry(key ^ (u128::from(deal) << 120))
                            .or_insert_with(|| d.clone());
                        assert_eq!(*old, d, "{code}: two positions, one key");
                    }
                }
            }
            // And no two descriptions share a key the other way round.
            let mut back: std::collections::HashMap<Vec<u64>, u128> = Default::default();
            for (k, d) in &seen {
                assert_eq!(
                    *back.entry(d.clone()).or_insert(*k),
                    *k,
                    "{mode}: one position, two keys"
                );
            }
            assert!(seen.len() > 2000, "{mode}: only {} positions", seen.len());
        }
    }
}
