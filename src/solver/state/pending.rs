//! Pending uses: after a move whose only use is to let another follow, what the next move
//! must use, and whether it can have any.

use super::*;

impl State {
    /// Whether what is pending can have no use now, after a move made from a position where
    /// `before` was pending: a column emptied with no King to come into it (from a column,
    /// where it lies on face-down cards; from the talon, with draw one and unlimited passes
    /// only one that would have a use there, as for a card onto a talon card in `unused`;
    /// taken back), or a talon card put on a column that no move can use (by landing a card
    /// on it, from a column, the talon or a place; by taking its twin home, what lay on that
    /// one put onto it; by sending it home). Then `moves` finds nothing (but such talon
    /// moves). Also, with one deck and a stock that does not bring every card at any time, a
    /// card taken back from a position with nothing pending that nothing can use, and when no
    /// other card can be taken back: then its one move is home again, to the position before,
    /// already seen. The tests hold it to both. The search leaves such a position at once,
    /// before its key and its place in the table.
    pub fn idle(&self, before: u8) -> bool {
        let n = usize::from(self.ncols);
        match self.pending {
            NO_USE => false,
            EMPTY_USE => {
                let talon = self.talon_brings();
                let king = |c: C| self.talon_serves(c, talon);
                !(self.cols[..n]
                    .iter()
                    .any(|c| c.down > 0 && c.len > c.down && is_king(c.cards[usize::from(c.down)]))
                    || [12, 25, 38, 51].into_iter().any(king)
                    || self.found[..4 * usize::from(self.decks)].contains(&13))
            }
            p if p >= TALON_USE => self.talon_idle(self.talon[usize::from(p - TALON_USE)]),
            _ => {
                before == NO_USE
                    && self.decks == 1
                    && !self.random_access()
                    && self.prune
                    && self.unused(self.held().expect("a card taken back"))
                    && !self.another_takeback()
            }
        }
    }

    /// The talon cards the stock can bring, as talon indices: in one pass the waste's top and
    /// the stock, otherwise any.
    fn talon_brings(&self) -> u64 {
        if self.vegas {
            let waste = self.waste_bits();
            let top = if waste == 0 {
                0
            } else {
                1 << (63 - waste.leading_zeros())
            };
            top | (self.live & !waste)
        } else {
            self.live
        }
    }

    /// Whether talon card `c`, just put on a column and pending, has no use: it is not wanted
    /// home, and `unused`.
    fn talon_idle(&self, c: C) -> bool {
        self.wanted >> c & 1 == 0 && self.unused(c)
    }

    /// Whether talon card `c` can come (`talon`: the talon cards the stock brings) as the use
    /// something pending waits for: with draw one and unlimited passes, where it waits for a
    /// use of its own once out, only if it would have one (`talon_idle`).
    fn talon_serves(&self, c: C, talon: u64) -> bool {
        self.tpos[usize::from(c)] & talon != 0 && !(self.random_access() && self.talon_idle(c))
    }

    /// Whether no move can use card `c` just put on a column, but for sending it home: its
    /// twin of the other suit of its colour cannot go home (what lies on that one put onto
    /// `c` first), and no card that lies on it can come (from the talon, a place, or a column
    /// where it lies on face-down cards or the bare column). When the stock brings any card
    /// at any time, a talon card counts only if it would have a use there itself: it is
    /// pending once on `c`, so a line that uses `c` so goes on down talon cards, one on the
    /// other, to one that has another use; and taking talon cards out changes none of the
    /// other uses.
    fn unused(&self, c: C) -> bool {
        let (n, r) = (usize::from(self.ncols), rank0(c));
        if self.wanted >> twin(c) & 1 != 0 {
            return false;
        }
        let (d, talon) = (usize::from(self.decks), self.talon_brings());
        let mut kids = children(c);
        while kids != 0 {
            let k = kids.trailing_zeros() as C;
            kids &= kids - 1;
            if (0..d).any(|j| self.found[usize::from(suit(k)) * d + j] == r)
                || self.cols[..n]
                    .iter()
                    .any(|col| col.code != 0 && col.cards[usize::from(col.down)] == k)
            {
                return false;
            }
        }
        // From the talon last: with draw one, each is asked all this in turn.
        let mut kids = children(c);
        while kids != 0 {
            let k = kids.trailing_zeros() as C;
            kids &= kids - 1;
            if self.talon_serves(k, talon) {
                return false;
            }
        }
        true
    }

    /// Whether some place's top card can be taken back (as `takeback_moves` finds, with
    /// one deck): not safe at home, with a card to lie on or (a King) an empty column.
    fn another_takeback(&self) -> bool {
        let safe = self.safe_test();
        let (mut free, mut empty) = (0u32, false);
        for col in &self.cols[..usize::from(self.ncols)] {
            match col.top() {
                Some(t) => free |= 1 << kind(t),
                None => empty = true,
            }
        }
        (0..4).any(|p| {
            let h = self.found[p];
            h > 0 && {
                let c = self.place_card(p, h - 1);
                !safe(c)
                    && if is_king(c) {
                        empty
                    } else {
                        free >> ((kind(c) + 2) ^ 1) & 1 != 0
                    }
            }
        })
    }

    /// The card just put on a column by a preparing move (taken back, or from the talon), if
    /// that is what is pending.
    #[inline]
    pub(super) fn held(&self) -> Option<C> {
        match self.pending {
            NO_USE | EMPTY_USE => None,
            p if p >= TALON_USE => Some(self.talon[usize::from(p - TALON_USE)]),
            p => {
                let p = usize::from(p - 1);
                Some(self.place_card(p, self.found[p]))
            }
        }
    }

    /// What may move now by a move that prepares nothing (see `pending`), as sets of cards
    /// (bit `c`: card `c`): the cards that may land on a column, go home bare, and go home
    /// through a twin (what lies on them put onto it). With nothing pending, any; with a card
    /// held, the cards that lie on it, and it (or, through a twin, a card of its kind); after
    /// a column was emptied of a non-King, only a King into it.
    #[inline]
    pub(super) fn allowed(&self) -> (u64, u64, u64) {
        match (self.pending, self.held()) {
            (NO_USE, _) => (!0, !0, !0),
            (_, Some(f)) => (children(f), 1 << f, alike(f)),
            _ => (KINGS, 0, 0),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::walks::*;
    use super::*;

    #[test]
    fn a_position_called_idle_has_no_move_but_back() {
        // On random games in every mode: after every move and the safe moves after it, where
        // `idle` says what is pending has no use, `moves` must find nothing, narrow or not,
        // but (a card just taken back) the move that sends it home again, to the position
        // the move was made from, or (draw one with unlimited passes) talon cards onto the
        // pending talon card, or Kings into the emptied column, that are idle there in turn.
        let starts = |root: &State| vec![root.clone()];
        let (mut moves, mut after) = (Vec::new(), Vec::new());
        let (mut idle, mut back, mut chained) = ([0; 8], [0; 8], [0; 8]);
        for (m, mode) in MODES.into_iter().enumerate() {
            random_walks(&[mode], (12, 12, 300), 0x1d1e, starts, |code, s| {
                // As in the search: safe moves first.
                while let Some(safe) = s.safe_move() {
                    s.make_safe(safe);
                }
                s.moves(false, &mut moves);
                for &(_, mv) in &moves {
                    let mut t = s.clone();
                    t.make(mv);
                    while let Some(safe) = t.safe_move() {
                        t.make_safe(safe);
                    }
                    if t.idle(s.pending) {
                        for narrow in [false, true] {
                            t.moves(narrow, &mut after);
                            for &(_, home) in &after {
                                let mut u = t.clone();
                                u.make(home);
                                if matches!(home, Mv::TalonCol { .. }) {
                                    while let Some(safe) = u.safe_move() {
                                        u.make_safe(safe);
                                    }
                                    assert!(u.idle(t.pending), "{code} after {mv:?}, {home:?}");
                                    chained[m] += 1;
                                    continue;
                                }
                                assert!(
                                    matches!(mv, Mv::FoundCol { .. })
                                        && matches!(home, Mv::ColFound { .. })
                                        && u.key() == s.key(),
                                    "{code} after {mv:?}: {after:?}"
                                );
                            }
                        }
                        idle[m] += 1;
                        back[m] += usize::from(matches!(mv, Mv::FoundCol { .. }));
                    }
                }
                true
            });
        }
        // Emptied columns with no King to come in every mode; talon cards with no use where
        // they wait for one (draw one, unlimited passes); cards taken back with no use with
        // one deck, but in draw one with unlimited passes.
        assert!(idle[..4].iter().all(|&n| n > 10), "{idle:?}");
        assert!(idle[4..].iter().sum::<usize>() > 10, "{idle:?}");
        assert!(back[1..4].iter().all(|&n| n > 10), "{back:?}");
        // Such talon moves are found (draw one, unlimited passes).
        assert!(chained[0] > 10 && chained[4] > 10, "{chained:?}");
    }
}
