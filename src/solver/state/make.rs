//! Moves made and unmade in place, with what the key and the wanted cards keep up to date
//! alongside.

use super::*;

impl State {
    /// `wanted` again for the suit of place `p`, after its height changed.
    #[inline]
    pub(super) fn rewant(&mut self, p: usize) {
        let d = usize::from(self.decks);
        let row = self.place_suit(p);
        let mut bits = 0u64;
        for &h in &self.found[row * d..(row + 1) * d] {
            bits |= (1 << h) & 0x1FFF;
        }
        self.wanted = self.wanted & !(0x1FFF << (row * 13)) | bits << (row * 13);
        let v = self.row_value(row);
        let change = u64::from(v).wrapping_sub(u64::from(self.rows[row]));
        self.high_now = self
            .high_now
            .wrapping_add(change.wrapping_mul(self.row_weight[row]));
        self.rows[row] = v;
    }

    /// Column `i`'s code again (`Col::recode`), and `high_now` with it.
    #[inline]
    fn recode(&mut self, i: usize) {
        let before = self.cols[i].code;
        self.cols[i].recode();
        let change = u64::from(self.cols[i].code).wrapping_sub(u64::from(before));
        self.high_now = self
            .high_now
            .wrapping_add(change.wrapping_mul(self.col_weight[i]));
    }

    /// A card onto place `p` (`grow`) or off it: the heights, the cards left and `wanted`.
    #[inline]
    fn grow(&mut self, p: usize) {
        self.found[p] += 1;
        self.left -= 1;
        self.rewant(p);
    }

    #[inline]
    fn shrink(&mut self, p: usize) {
        self.found[p] -= 1;
        self.left += 1;
        self.rewant(p);
    }

    #[inline]
    fn push(&mut self, i: usize, c: C) {
        let col = &mut self.cols[i];
        let pos = usize::from(col.len);
        col.cards[pos] = c;
        col.len += 1;
        if pos == 0 {
            self.recode(i);
        }
    }

    #[inline]
    fn pop(&mut self, i: usize) -> C {
        let col = &mut self.cols[i];
        col.len -= 1;
        let c = col.cards[usize::from(col.len)];
        if col.len == 0 {
            self.recode(i);
        }
        c
    }

    /// Turns the column's last card up if the move left it face down.
    fn reveal(&mut self, i: usize) -> bool {
        let col = &mut self.cols[i];
        if col.len > 0 && col.down == col.len {
            col.down -= 1;
            self.recode(i);
            true
        } else {
            false
        }
    }

    fn unreveal(&mut self, i: usize) {
        self.cols[i].down += 1;
        self.recode(i);
    }

    /// Column `i`'s top card home, turning the card under it up if need be: the place it went
    /// to, and whether a card turned.
    fn home_top(&mut self, i: usize) -> (u8, bool) {
        let c = self.pop(i);
        let p = self.place_for(c).expect("generated: a place takes it");
        self.grow(p);
        (p as u8, self.reveal(i))
    }

    /// Takes back what `home_top` did.
    fn unhome_top(&mut self, i: usize, place: u8, flipped: bool) {
        if flipped {
            self.unreveal(i);
        }
        let p = usize::from(place);
        self.shrink(p);
        let c = self.place_card(p, self.found[p]);
        self.push(i, c);
    }

    /// Moves the top `count` cards of column `from` onto column `to`, in order.
    #[inline]
    fn shift(&mut self, from: usize, to: usize, count: u8) {
        let start = usize::from(self.cols[from].len - count);
        for k in 0..usize::from(count) {
            let c = self.cols[from].cards[start + k];
            self.push(to, c);
        }
        self.cols[from].len -= count;
        if self.cols[from].len == 0 {
            self.recode(from);
        }
    }

    /// Takes the talon card shown at waste size `w` out; returns its talon index.
    pub(super) fn take_talon(&mut self, w: u8) -> (u8, C) {
        // The w-th live card.
        let mut bits = self.live;
        for _ in 1..w {
            bits &= bits - 1;
        }
        let idx = bits.trailing_zeros() as u8;
        self.live &= !(1u64 << idx);
        // The waste is now the live cards before `idx`; keep the cursor just past its top.
        let below = self.live & ((1u64 << idx) - 1);
        self.cursor = if below == 0 {
            0
        } else {
            64 - below.leading_zeros() as u8
        };
        (idx, self.talon[usize::from(idx)])
    }

    pub fn make(&mut self, mv: Mv) -> Undo {
        let mut u = Undo {
            mv,
            flipped: false,
            place: 0,
            tidx: 0,
            old_cursor: self.cursor,
            old_pending: self.pending,
        };
        self.pending = NO_USE;
        match mv {
            Mv::ColFound { col } => (u.place, u.flipped) = self.home_top(usize::from(col)),
            Mv::ColCol { from, to, count } => {
                let f = usize::from(from);
                self.shift(f, usize::from(to), count);
                u.flipped = self.reveal(f);
                if self.cols[f].len == 0 && self.prune {
                    self.pending = EMPTY_USE;
                }
            }
            Mv::Uncover { col, to, count } => {
                let i = usize::from(col);
                self.shift(i, usize::from(to), count);
                (u.place, u.flipped) = self.home_top(i);
            }
            Mv::TalonFound { w } => {
                let (idx, c) = self.take_talon(w);
                let p = self.place_for(c).expect("generated: a place takes it");
                self.grow(p);
                u.place = p as u8;
                u.tidx = idx;
            }
            Mv::TalonCol { w, to } => {
                let (idx, c) = self.take_talon(w);
                self.push(usize::from(to), c);
                u.tidx = idx;
                if self.prune && self.random_access() {
                    self.pending = TALON_USE + idx;
                }
            }
            Mv::FoundCol { place, to } => {
                let p = usize::from(place);
                let c = self.place_card(p, self.found[p] - 1);
                self.shrink(p);
                self.push(usize::from(to), c);
                if self.prune {
                    self.pending = place + 1;
                }
            }
        }
        u
    }

    pub fn unmake(&mut self, u: Undo) {
        self.pending = u.old_pending;
        match u.mv {
            Mv::ColFound { col } => self.unhome_top(usize::from(col), u.place, u.flipped),
            Mv::ColCol { from, to, count } => {
                let f = usize::from(from);
                if u.flipped {
                    self.unreveal(f);
                }
                self.shift(usize::from(to), f, count);
            }
            Mv::Uncover { col, to, count } => {
                let i = usize::from(col);
                self.unhome_top(i, u.place, u.flipped);
                self.shift(usize::from(to), i, count);
            }
            Mv::TalonFound { .. } => {
                self.shrink(usize::from(u.place));
                self.live |= 1u64 << u.tidx;
                self.cursor = u.old_cursor;
            }
            Mv::TalonCol { to, .. } => {
                self.pop(usize::from(to));
                self.live |= 1u64 << u.tidx;
                self.cursor = u.old_cursor;
            }
            Mv::FoundCol { place, to } => {
                self.pop(usize::from(to));
                self.grow(usize::from(place));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::walks::*;
    use super::*;
    use crate::engine::GameCode;

    #[test]
    fn make_then_unmake_gives_back_the_same_position_and_key() {
        for code in ["KL1-D1N-AAAAAAA", "KL1-D3V-AAAAAAD", "DS1-D3N-AAAAAAC"] {
            let g = Game::new(GameCode::parse(code).unwrap());
            let mut s = State::from_game(&g).unwrap();
            let mut moves = Vec::new();
            // Walk a few hundred steps, checking every move of every position on the way.
            for step in 0..300 {
                s.moves(false, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let key = s.key();
                let cols = s.cols.map(|c| c.cards[..usize::from(c.len)].to_vec());
                for &(_, mv) in &moves {
                    let u = s.make(mv);
                    // Every move generated changes what the key holds.
                    assert_ne!(s.key(), key, "{code} step {step} {mv:?}");
                    assert_eq!(s.wanted, wanted_afresh(&s), "{code} step {step} {mv:?}");
                    assert!(codes_kept(&s), "{code} step {step} {mv:?}");
                    s.unmake(u);
                    assert_eq!(s.key(), key, "{code} step {step} {mv:?}");
                    assert_eq!(s.wanted, wanted_afresh(&s), "{code} step {step} {mv:?}");
                    assert!(codes_kept(&s), "{code} step {step} {mv:?}");
                    assert_eq!(s.cols.map(|c| c.cards[..usize::from(c.len)].to_vec()), cols);
                }
                let pick = moves[step * 7 % moves.len()].1;
                s.make(pick);
            }
        }
    }
}
