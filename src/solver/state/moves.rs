//! Move generation: the moves that change a position's key, best first, and a line of them
//! turned back into the engine's actions.

use super::*;

/// The waste tops the stock can bring, as waste sizes (bit `w`: size `w`), for `m` talon cards
/// with `w` of them on the waste, drawing `k` (one or three) at a time: the waste as it is,
/// every `k`-th size after it and the whole talon, and with unlimited passes every `k`-th size
/// from an empty waste too. Asked for every position searched, so made of masks, not a walk
/// (the tests hold it to the walk).
pub(super) fn reachable(w: u8, m: u8, k: u8, vegas: bool) -> u64 {
    // Bit `x` for every multiple `x` of the draw.
    let steps: u64 = if k == 1 { !0 } else { 0x9249_2492_4924_9249 };
    let under_m = low_mask(m);
    let mut set = (steps << w) & under_m | 1 << w;
    if !vegas {
        set |= steps & under_m;
    }
    if m > 0 {
        set |= 1 << m;
    }
    set & !1
}

/// How many clicks on the stock take the waste from size `w` to size `to`.
fn draws_between(mut w: u8, to: u8, m: u8, k: u8) -> usize {
    let mut n = 0;
    while w != to {
        w = if w == m { 0 } else { (w + k).min(m) };
        n += 1;
        debug_assert!(n <= 2 * usize::from(m) + 2, "waste size {to} not reachable");
    }
    n
}

impl State {
    /// Every move from the position that changes its key, best first (scored into `out`, then
    /// sorted). With `narrow`, take-backs are left out.
    pub fn moves(&self, narrow: bool, out: &mut Vec<(i16, Mv)>) {
        out.clear();
        let n = usize::from(self.ncols);
        // For each (rank, colour), the first column with such a card on top: where a card one
        // rank lower of the other colour can go. Any other such column gives the same position.
        // And the first empty column, where a King can go; the cards that have somewhere to
        // go (`lands`); the face-down cards.
        let mut free = [u8::MAX; 26];
        let (mut first_empty, mut lands, mut hidden) = (None, 0u64, 0u16);
        for j in (0..n).rev() {
            let col = &self.cols[j];
            hidden += u16::from(col.down);
            match col.top() {
                Some(t) => {
                    free[kind(t)] = j as u8;
                    lands |= children(t);
                }
                None => first_empty = Some(j as u8),
            }
        }
        if first_empty.is_some() {
            lands |= KINGS;
        }
        // Where a card with somewhere to go goes.
        let place = |c: C| -> u8 {
            if is_king(c) {
                first_empty.unwrap_or(u8::MAX)
            } else {
                free[(kind(c) + 2) ^ 1]
            }
        };
        let (may_land, may_home, may_twin) = self.allowed();
        // After a take-back, another take-back may land anywhere, and so may a talon card when
        // the stock brings any card at any time (a later move may need both).
        let taken_back = (1..EMPTY_USE).contains(&self.pending);
        let homeward = self.homeward();
        let (home, twin_home) = (homeward & may_home, homeward & may_twin);
        let col_lands = lands & may_land;
        for i in 0..n {
            self.column_moves(i, &free, home, twin_home, col_lands, place, out);
        }
        let talon_lands = if taken_back && self.random_access() {
            lands
        } else {
            col_lands
        };
        self.talon_moves(hidden, home, talon_lands, place, out);
        if !narrow {
            self.takeback_moves(if taken_back { lands } else { col_lands }, place, out);
        }
        if let Some(i) = self.reversible_home() {
            let x = self.cols[i].top().expect("a card to go home");
            let onto_x = |to: u8| {
                self.cols[usize::from(to)]
                    .top()
                    .is_some_and(|t| kind(t) == kind(x))
            };
            out.retain(|&(_, mv)| match mv {
                Mv::ColFound { col } => usize::from(col) == i,
                Mv::Uncover { to, .. } | Mv::ColCol { to, .. } | Mv::TalonCol { to, .. } => {
                    onto_x(to)
                }
                Mv::TalonFound { .. } => false,
                Mv::FoundCol { place, to } => place == suit(x) || onto_x(to),
            });
        }
        out.sort_unstable_by_key(|&(s, _)| std::cmp::Reverse(s));
    }

    /// A column whose top card can go home and lies on a face-up card (Klondike, nothing
    /// pending): then only that move, a move that lands on a card of its kind, or a take-back
    /// from its row need searching. Any winning line can do without the others first: put the
    /// card home at once, go on as the line does (a run it lay on moves without it; a card it
    /// was to be parked on goes home bare), and take it back onto the card it lay on (still
    /// free: nothing else could lie on it) just before the line lands anything on it; if the
    /// line never does, it only goes home later. That line is no longer and ends won, and
    /// starts with one more card home: the search cannot go round in circles on it.
    fn reversible_home(&self) -> Option<usize> {
        if !self.prune || self.pending != NO_USE || self.decks != 1 {
            return None;
        }
        (0..usize::from(self.ncols)).find(|&i| {
            let c = &self.cols[i];
            c.up() >= 2 && self.place_for(c.cards[usize::from(c.len) - 1]).is_some()
        })
    }

    /// The moves of column `i`: a card home (the top one, or one with a free twin to take
    /// what lies on it), and the whole face-up run onto a free card or into an empty column
    /// when it lies on face-down cards or a non-King on the bare column.
    #[allow(clippy::too_many_arguments)]
    fn column_moves(
        &self,
        i: usize,
        free: &[u8; 26],
        home: u64,
        twin_home: u64,
        lands: u64,
        place: impl Fn(C) -> u8,
        out: &mut Vec<(i16, Mv)>,
    ) {
        let col = &self.cols[i];
        let len = usize::from(col.len);
        if len == 0 {
            return;
        }
        let (down, first) = (i16::from(col.down), usize::from(col.down));
        let top = col.cards[len - 1];
        let turns = |k: usize| if k == first && down > 0 { 30 + down } else { 0 };
        if home >> top & 1 != 0 {
            out.push((50 + turns(len - 1), Mv::ColFound { col: i as u8 }));
        }
        if twin_home != 0 {
            for k in first..len - 1 {
                let c = col.cards[k];
                if twin_home >> c & 1 == 0 {
                    continue;
                }
                let twin = free[kind(c)];
                if twin != u8::MAX {
                    let count = (len - 1 - k) as u8;
                    let mv = Mv::Uncover {
                        col: i as u8,
                        to: twin,
                        count,
                    };
                    out.push((40 + turns(k), mv));
                }
            }
        }
        let bottom = col.cards[first];
        if self.locked(i) && lands >> bottom & 1 != 0 {
            let to = place(bottom);
            if usize::from(to) != i {
                // Turning a card up is the best of moves; emptying a column waits for a King.
                let score = if down > 0 { 60 + 2 * down } else { 15 };
                let count = col.up();
                out.push((
                    score,
                    Mv::ColCol {
                        from: i as u8,
                        to,
                        count,
                    },
                ));
            }
        }
    }

    /// The talon: each card the stock can bring to the top of the waste, with a place to go.
    fn talon_moves(
        &self,
        hidden: u16,
        home: u64,
        lands: u64,
        place: impl Fn(C) -> u8,
        out: &mut Vec<(i16, Mv)>,
    ) {
        let w = self.waste_len();
        let emit = |w2: u8, c: C, out: &mut Vec<(i16, Mv)>| {
            // One pass: cards drawn past are buried for good, so the nearer the better, and
            // far better with draw 1, where every card drawn past is one more to dig out (each
            // weight the one that searched fewer positions in its draw).
            let far = if self.vegas {
                i16::from(w2.saturating_sub(w)) * if self.draw == 1 { 12 } else { 2 }
            } else {
                i16::from(w2 < w) * 3
            };
            if home >> c & 1 != 0 {
                out.push((45 - far, Mv::TalonFound { w: w2 }));
            }
            if lands >> c & 1 != 0 {
                let to = place(c);
                let score = 30 - far + if hidden > 0 && is_king(c) { 5 } else { 0 };
                out.push((score, Mv::TalonCol { w: w2, to }));
            }
        };
        if self.random_access() {
            // The stock brings every live card, at the waste size of its place among them:
            // only the places of cards with somewhere to go are looked at, in order.
            let (mut wanted, mut at) = (home | lands, 0u64);
            while wanted != 0 {
                at |= self.tpos[wanted.trailing_zeros() as usize];
                wanted &= wanted - 1;
            }
            at &= self.live;
            while at != 0 {
                let i = at.trailing_zeros() as u8;
                at &= at - 1;
                let w2 = (self.live & low_mask(i)).count_ones() as u8 + 1;
                emit(w2, self.talon[usize::from(i)], out);
            }
            return;
        }
        let m = self.live.count_ones() as u8;
        let mut set = reachable(w, m, self.draw, self.vegas);
        // The live cards walked in order alongside: `bits` starts at the `at + 1`-th. One pass
        // brings nothing under the waste's top card: the walk starts there.
        let (mut bits, mut at) = (self.live, 0u8);
        if self.vegas && w > 0 {
            let top = 63 - self.waste_bits().leading_zeros();
            bits &= !low_mask(top as u8);
            at = w - 1;
        }
        while set != 0 {
            let w2 = set.trailing_zeros() as u8;
            set &= set - 1;
            while at + 1 < w2 {
                bits &= bits - 1;
                at += 1;
            }
            let c = self.talon[bits.trailing_zeros() as usize];
            if (home | lands) >> c & 1 != 0 {
                emit(w2, c, out);
            }
        }
    }

    /// Take-backs: the top card of each foundation place onto a column.
    fn takeback_moves(&self, lands: u64, place: impl Fn(C) -> u8, out: &mut Vec<(i16, Mv)>) {
        let d = usize::from(self.decks);
        // A card safe at home is never wanted on the table (nor is any under it).
        let safe = self.safe_test();
        for p in 0..4 * d {
            let h = self.found[p];
            // A later place of a row at the same height as the one before offers the same card.
            if h == 0 || (p & (d - 1) > 0 && self.found[p - 1] == h) {
                continue;
            }
            let c = self.place_card(p, h - 1);
            if safe(c) && self.prune {
                continue;
            }
            if lands >> c & 1 != 0 {
                let to = place(c);
                out.push((-20, Mv::FoundCol { place: p as u8, to }));
            }
        }
    }

    /// The engine actions of a line of moves made from this position, in order: a talon move
    /// becomes the clicks on the stock that bring its card up, then the card's move.
    pub fn actions(&self, line: &[Mv]) -> Vec<Action> {
        let mut s = self.clone();
        let mut out = Vec::new();
        for &mv in line {
            let mut list = [0u8; TALON_CAP];
            let (m, w) = s.live_list(&mut list);
            match mv {
                Mv::ColFound { col } => out.push(Action::Move {
                    from: Source::Column {
                        index: usize::from(col),
                        count: 1,
                    },
                    to: Target::Foundation,
                }),
                Mv::ColCol { from, to, count } => out.push(Action::Move {
                    from: Source::Column {
                        index: usize::from(from),
                        count: usize::from(count),
                    },
                    to: Target::Column(usize::from(to)),
                }),
                Mv::TalonFound { w: w2 } | Mv::TalonCol { w: w2, .. } => {
                    let n = draws_between(w, w2, m, s.draw);
                    out.extend(std::iter::repeat_n(Action::Draw, n));
                    out.push(Action::Move {
                        from: Source::Waste,
                        to: match mv {
                            Mv::TalonCol { to, .. } => Target::Column(usize::from(to)),
                            _ => Target::Foundation,
                        },
                    });
                }
                Mv::FoundCol { place, to } => out.push(Action::Move {
                    from: Source::Foundation(usize::from(place)),
                    to: Target::Column(usize::from(to)),
                }),
                Mv::Uncover { col, to, count } => {
                    let index = usize::from(col);
                    out.push(Action::Move {
                        from: Source::Column {
                            index,
                            count: usize::from(count),
                        },
                        to: Target::Column(usize::from(to)),
                    });
                    out.push(Action::Move {
                        from: Source::Column { index, count: 1 },
                        to: Target::Foundation,
                    });
                }
            }
            s.make(mv);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stock_brings_the_cards_the_rules_say() {
        // Draw three, 7 cards, none on the waste: the 3rd, 6th and 7th show.
        assert_eq!(reachable(0, 7, 3, false), (1 << 3) | (1 << 6) | (1 << 7));
        // Two on the waste: the top, then 5 and 7, and after a pass 3 and 6.
        assert_eq!(
            reachable(2, 7, 3, false),
            (1 << 2) | (1 << 5) | (1 << 7) | (1 << 3) | (1 << 6)
        );
        // Vegas: no second pass.
        assert_eq!(reachable(2, 7, 3, true), (1 << 2) | (1 << 5) | (1 << 7));
        assert_eq!(draws_between(2, 3, 7, 3), 4); // to 5, to 7, the recycle, to 3
        assert_eq!(draws_between(7, 7, 7, 3), 0);
    }

    #[test]
    fn the_stock_brings_every_waste_size_clicks_bring_and_no_other() {
        // Click by click, by the stock's rule: a click draws `k` (fewer at the end); on an
        // empty stock it turns the waste over, with unlimited passes only.
        for k in [1u8, 3] {
            for vegas in [false, true] {
                for m in 0..=59u8 {
                    for w in 0..=m {
                        let (mut x, mut seen) = (w, 0u64);
                        for _ in 0..2 * usize::from(m) + 4 {
                            seen |= 1 << x;
                            x = match x == m {
                                true if vegas => break,
                                true => 0,
                                false => (x + k).min(m),
                            };
                        }
                        let want = seen & !1;
                        assert_eq!(reachable(w, m, k, vegas), want, "w {w} m {m} k {k} {vegas}");
                    }
                }
            }
        }
    }
}
