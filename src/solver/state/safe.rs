//! Safe moves: cards sent home without branching, as no line needs them on the table.

use super::*;

impl State {
    /// Whether a card is safe at home (`safe_move`): no card will ever want it on the table.
    pub(super) fn safe_test(&self) -> impl Fn(C) -> bool {
        // The lowest foundation place of each colour: a card is safe when those of the other
        // colour are at least one rank under it and those of its own colour two (no card
        // wants it to lie on). With one deck, also when those of the other colour are two
        // ranks under it and those of its own colour three: a card that might want to lie on
        // it (one rank lower, the other colour) can go home itself instead, and so can what
        // lies on that one (two ranks lower, its colour: its own suit's card is home already,
        // the other suit's place is just under it); no card of three ranks lower of the other
        // colour is left out.
        // Places `suit · decks + k`: the red suits are 1 and 2.
        let f = &self.found;
        let one = self.decks == 1;
        let (low_black, low_red) = if one {
            (f[0].min(f[3]), f[1].min(f[2]))
        } else {
            (
                f[0].min(f[1]).min(f[6]).min(f[7]),
                f[2].min(f[3]).min(f[4]).min(f[5]),
            )
        };
        move |c: C| {
            let r = rank0(c) + 1;
            let (same, other) = if red(c) {
                (low_red, low_black)
            } else {
                (low_black, low_red)
            };
            r <= 2 || (other + 1 >= r && same + 2 >= r) || (one && other + 2 >= r && same + 3 >= r)
        }
    }

    /// A safe foundation move if there is one: from a column top, or from the talon where
    /// taking a card out cannot change which others the stock brings: the waste's top card in
    /// one pass and with draw one the stock's next card, any card with draw one and unlimited
    /// passes, the talon's last card with draw three and unlimited passes where a pass ends.
    /// From the talon, with one deck, a card also goes where the card under it at home is
    /// safe (see `safe_talon`).
    pub fn safe_move(&self) -> Option<Mv> {
        let safe = self.safe_test();
        let homeward = self.homeward();
        for i in 0..usize::from(self.ncols) {
            if let Some(c) = self.cols[i].top()
                && homeward >> c & 1 != 0
                && safe(c)
            {
                return Some(Mv::ColFound { col: i as u8 });
            }
        }
        self.safe_talon(homeward, &safe)
    }

    /// `safe_move` after move `mv` from a position that had none: only where the move can
    /// have made one. A move that sends no card home and takes none back leaves the places
    /// as they were, so what was not safe still is not: only a card it bared can be (the
    /// new top of the column a run left; a talon card on a column, and the waste's new top).
    /// A take-back lowers a place: it makes no card safe (the card taken back never was,
    /// or it would not have been). Any other move asks everything again.
    pub fn safe_after(&self, mv: Mv) -> Option<Mv> {
        let at = |i: u8| {
            let safe = self.safe_test();
            let homeward = self.homeward();
            (
                self.safe_top(usize::from(i), homeward, &safe),
                homeward,
                safe,
            )
        };
        match mv {
            Mv::ColCol { from, .. } => at(from).0,
            Mv::TalonCol { to, .. } => {
                let (top, homeward, safe) = at(to);
                top.or_else(|| self.safe_talon(homeward, &safe))
            }
            Mv::FoundCol { .. } if self.prune => None,
            _ => self.safe_move(),
        }
    }

    /// Column `i`'s top card home, if it is wanted there and safe.
    #[inline]
    fn safe_top(&self, i: usize, homeward: u64, safe: &impl Fn(C) -> bool) -> Option<Mv> {
        let c = self.cols[i].top()?;
        (homeward >> c & 1 != 0 && safe(c)).then_some(Mv::ColFound { col: i as u8 })
    }

    /// A safe foundation move from the talon (see `safe_move`).
    fn safe_talon(&self, homeward: u64, safe: &impl Fn(C) -> bool) -> Option<Mv> {
        let d = usize::from(self.decks);
        // With one deck, a talon card also goes when the card under it at home is safe there,
        // though it is not: a line that plays it from the talon later can take it back from
        // its place instead, when that line plays it onto a column (nothing goes home onto it
        // before: that line has not put it home); and that line never takes back the card
        // under it (safe, and so are the cards whose height keeps it safe: the foundations
        // stay at least where they are). Where that card may be taken back, the talon card
        // must wait: a win can need it.
        let safe = |c: C| safe(c) || (self.prune && self.decks == 1 && safe(c - 1));
        // From the talon, when safe and where the stock brings the card without changing what
        // else it brings. In one pass: the waste's top card (the stock's groups stay as they
        // were), and with draw one the stock's next card (drawn alone, it buries nothing).
        // With unlimited passes: any card with draw one, and with draw three the talon's last
        // card when the waste stands where a pass ends (the cards before it keep their
        // groups, and the pass ends on the card before it instead: one more card it brings).
        if self.vegas {
            let waste = self.waste_bits();
            let w = waste.count_ones() as u8;
            if waste != 0 {
                let c = self.talon[63 - waste.leading_zeros() as usize];
                if homeward >> c & 1 != 0 && safe(c) {
                    return Some(Mv::TalonFound { w });
                }
            }
            let stock = self.live & !waste;
            if self.draw == 1 && stock != 0 {
                let c = self.talon[stock.trailing_zeros() as usize];
                if homeward >> c & 1 != 0 && safe(c) {
                    return Some(Mv::TalonFound { w: w + 1 });
                }
            }
        } else if self.draw == 1 {
            // The card each place wants next.
            for p in 0..4 * d {
                if self.found[p] == 13 {
                    continue;
                }
                let c = self.place_card(p, self.found[p]);
                let at = self.tpos[usize::from(c)] & self.live;
                if at != 0 && safe(c) {
                    let below = self.live & low_mask(at.trailing_zeros() as u8);
                    return Some(Mv::TalonFound {
                        w: below.count_ones() as u8 + 1,
                    });
                }
            }
        } else if self.live != 0 && self.cursor_key() == 0 {
            let c = self.talon[63 - self.live.leading_zeros() as usize];
            if homeward >> c & 1 != 0 && safe(c) {
                return Some(Mv::TalonFound {
                    w: self.live.count_ones() as u8,
                });
            }
        }
        None
    }

    /// Makes a safe move (see `safe_move`) after another move: what is pending stays (a safe
    /// move never needs it, and never undoes it), unless the safe move takes the held card
    /// home, the use it waited for.
    pub fn make_safe(&mut self, mv: Mv) -> Undo {
        let (pending, held) = (self.pending, self.held());
        let u = self.make(mv);
        let p = usize::from(u.place);
        let homed = matches!(mv, Mv::ColFound { .. } | Mv::TalonFound { .. })
            .then(|| self.place_card(p, self.found[p] - 1));
        if held.is_none() || homed != held {
            self.pending = pending;
        }
        u
    }
}

#[cfg(test)]
mod tests {
    use super::super::moves::reachable;
    use super::super::walks::*;
    use super::*;

    #[test]
    fn a_safe_move_after_a_move_is_looked_for_where_it_can_be() {
        // Random walks in every mode, with and without pruning: from each position with no
        // safe move, every move is followed by `safe_after`, which must find what a full look
        // (`safe_move`) finds.
        let starts = |root: &State| vec![root.clone(), root.clone().without_pruning()];
        let mut moves = Vec::new();
        for mode in MODES {
            // Moves that take the short look, and those after which it found a safe move.
            let (mut short, mut found) = (0, 0);
            random_walks(&[mode], (6, 10, 150), 0xa5a5, starts, |code, s| {
                while let Some(mv) = s.safe_move() {
                    s.make_safe(mv);
                }
                s.moves(false, &mut moves);
                for &(_, mv) in &moves {
                    let u = s.make(mv);
                    let want = s.safe_move();
                    assert_eq!(s.safe_after(mv), want, "{code} after {mv:?}");
                    if matches!(
                        mv,
                        Mv::ColCol { .. } | Mv::TalonCol { .. } | Mv::FoundCol { .. }
                    ) {
                        short += 1;
                        found += usize::from(want.is_some());
                    }
                    s.unmake(u);
                }
                true
            });
            assert!(found > 20 && short > found, "{mode}: {found} of {short}");
        }
    }

    /// The talon cards the stock can bring to the waste's top now, as talon indices (bit `i`:
    /// `talon[i]`).
    fn talon_tops(s: &State) -> u64 {
        let m = s.live.count_ones() as u8;
        let set = reachable(s.waste_len(), m, s.draw, s.vegas);
        let (mut bits, mut out, mut at) = (s.live, 0u64, 1u8);
        while bits != 0 {
            let i = bits.trailing_zeros();
            if set >> at & 1 != 0 {
                out |= 1 << i;
            }
            bits &= bits - 1;
            at += 1;
        }
        out
    }

    /// The position after talon card `talon[i]` is taken out (the stock brings it to the top).
    fn taken(s: &State, i: u32) -> State {
        let mut s = s.clone();
        let w = (s.live & low_mask(i as u8 + 1)).count_ones() as u8;
        assert_eq!(u32::from(s.take_talon(w).0), i);
        s
    }

    #[test]
    fn a_safe_card_from_the_talon_takes_nothing_else_the_stock_brings() {
        // On random games in every mode, wherever a safe move takes a talon card home: every
        // other card the stock could bring before, it can still bring after, and so after any
        // one of those is taken out too (with draw three and unlimited passes, only the
        // talon's last card where a pass ends keeps the others in their groups).
        let starts = |root: &State| vec![root.clone()];
        for mode in MODES {
            let mut checked = 0;
            random_walks(&[mode], (20, 12, 400), 0x7a1e, starts, |code, s| {
                let Some(Mv::TalonFound { w }) = s.safe_move() else {
                    return true;
                };
                let mut after = s.clone();
                let (c, _) = after.take_talon(w);
                let others = talon_tops(s) & !(1 << c);
                assert_eq!(talon_tops(&after) & others, others, "{code} safe {w}");
                for d in (0..64).filter(|&d| others >> d & 1 != 0) {
                    let want = talon_tops(&taken(s, d)) & !(1 << c);
                    let got = talon_tops(&taken(&after, d));
                    assert_eq!(got & want, want, "{code} safe {w}, then {d}");
                }
                checked += 1;
                true
            });
            assert!(checked > 20, "{mode}: {checked}");
        }
    }
}
