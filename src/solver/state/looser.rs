//! The looser game `State::dead` plays out, step by step: piles leave in order, cards that
//! left go home whenever they can, and the one-pass stock is drawn only when nothing else moves.

use super::moves::reachable;
use super::*;

/// The game under `State::dead`'s looser rules, as far as they have played it: the
/// foundations, the free cards (copies of each face-up but not home), the cards out (bit `c`:
/// a copy of card `c` is free or home), the cards out but covered (with one deck: face-up
/// cards still in a column's pile under another), whether some column is or has been empty,
/// and the number of decks.
struct Loose {
    found: [u8; 8],
    free: [u8; 52],
    out: u64,
    covered: u64,
    empty: bool,
    d: usize,
}

/// How a card left its pile under the looser rules: home (and, `HomeAndMore`, free cards went
/// after it), or free on the table.
enum Left {
    Home,
    HomeAndMore,
    Free,
}

impl Loose {
    /// Free cards home onto place `p`, as far as they go: whether any went. Done for every
    /// place at the start, then each time a place grows: no free card is ever wanted home.
    #[inline]
    fn home(&mut self, p: usize) -> bool {
        let (h0, row) = (self.found[p], place_suit(p, self.d) as u8 * 13);
        while self.found[p] < 13 {
            let c = usize::from(row + self.found[p]);
            if self.free[c] == 0 {
                break;
            }
            self.free[c] -= 1;
            self.found[p] += 1;
        }
        self.found[p] > h0
    }

    /// Whether a card can leave a pile onto the table: onto one of the two cards one rank
    /// higher of the other colour if out and not covered, or a King once some column is
    /// empty. In Double Solitaire also when the other copy of the card is home: it goes home
    /// in the other's place, and the other is free again. Without this, sending a card home
    /// could hurt (its twin, still in a pile, would find the place taken), and playing all
    /// that can be played would no longer decide.
    #[inline]
    fn lies(&self, c: C) -> bool {
        let row = usize::from(suit(c)) * self.d;
        if self.d > 1 && self.found[row..row + 2].iter().any(|&h| h > rank0(c)) {
            return true;
        }
        if is_king(c) {
            self.empty
        } else {
            self.out & !self.covered & parents(c) != 0
        }
    }

    /// A card that left its pile with the cards under it in a run: home if its place takes
    /// it, else free.
    #[inline]
    fn set_free(&mut self, c: C) {
        self.covered &= !(1 << c);
        if self.go_home(c).is_none() {
            self.free[usize::from(c)] += 1;
        }
    }

    /// Card `c` home if its place takes it, and the free cards that follow it there: whether
    /// any did.
    #[inline(always)]
    fn go_home(&mut self, c: C) -> Option<bool> {
        let p = first_place(&self.found, self.d, c)?;
        self.found[p] += 1;
        Some(self.home(p))
    }

    /// A card leaving where it lies, if it can: home when a place takes it, else free.
    #[inline(always)]
    fn leave(&mut self, c: C) -> Option<Left> {
        if let Some(more) = self.go_home(c) {
            Some(if more { Left::HomeAndMore } else { Left::Home })
        } else if self.lies(c) {
            self.free[usize::from(c)] += 1;
            Some(Left::Free)
        } else {
            None
        }
    }
}

/// With one deck, the twins of the cards of a column's face-up run that have another card on
/// them, in its first `pile` cards (bit `c`: card `c`): the cards a part of the run can leave
/// onto (`State::dead`).
#[inline]
fn run_twins(col: &Col, pile: u8) -> u64 {
    if pile == 0 {
        return 0;
    }
    let base = col.down.min(pile - 1);
    col.cards[usize::from(base)..usize::from(pile) - 1]
        .iter()
        .fold(0, |set, &c| set | 1 << twin(c))
}

impl State {
    /// `dead`; with `eager`, every waste card that leaves is followed by a full round of
    /// playing, whatever it frees (the slow reference for the check of what it wakes); without
    /// `runs`, as with two decks, every face-up card on a column's lowest one is free from the
    /// start (the looser rules `dead_after` leaves questions out by).
    pub(super) fn dead_playing(&self, eager: bool, runs: bool) -> bool {
        if !self.prune {
            return false;
        }
        let mut play = Play::new(self, eager, runs && self.decks == 1);
        loop {
            let mut changed = play.talon();
            changed |= play.piles();
            // Nothing more to play: only now draw (drawing buries the waste's top), until the
            // waste's top can be played.
            if !changed && !play.draw() {
                break;
            }
        }
        let d = usize::from(self.decks);
        play.l.found[..4 * d].iter().any(|&h| h < 13)
    }
}

/// `State::dead`'s looser game being played out: the game so far (`l`), the piles its cards
/// leave in order, and the talon.
struct Play<'a> {
    s: &'a State,
    l: Loose,
    /// Piles in order, bottom first, as heights: the waste (one pass, last), and each column's
    /// face-down cards with the face-up card on them, which must leave before they turn up (a
    /// column's top card counts as out, for cards to lie on), and with runs the rest of its
    /// face-up run, whose cards a part of the run may leave onto (`twins`).
    piles: [u8; MAX_COLS + 1],
    twins: [u64; MAX_COLS],
    /// With one pass the stock comes in its order onto the waste: `waste` holds the waste
    /// pile's cards bottom first, `stock` the talon indices still to come (its lowest bit
    /// next). With unlimited passes every talon card is free.
    waste: [u8; TALON_CAP],
    stock: u64,
    /// With unlimited passes, the talon cards (`pooled` of them, in their order): each leaves
    /// only to where a card can go (home, onto a card that is out, a King into an empty
    /// column), and none is out before it leaves (nothing lies on a talon card). Drawing one,
    /// any of them can leave at any time. Drawing three, one can leave once the stock has
    /// brought it to the waste's top (`reach`): it does now; or a later pass does, after as
    /// many cards before it have left (`gone`) as put it at a multiple of three; or the card
    /// over it on the waste left. (Once it could, it can from then on: looser, so still sound.)
    pool: [u8; TALON_CAP],
    pooled: usize,
    gone: u64,
    reach: u64,
    /// See `State::dead_playing`.
    eager: bool,
}

impl<'a> Play<'a> {
    /// The looser game at position `s`, nothing played yet but the free cards home.
    #[inline]
    fn new(s: &'a State, eager: bool, runs: bool) -> Play<'a> {
        let d = usize::from(s.decks);
        let mut play = Play {
            s,
            l: Loose {
                found: s.found,
                free: [0; 52],
                out: s.home_cards(),
                covered: 0,
                empty: false,
                d,
            },
            piles: [0; MAX_COLS + 1],
            twins: [0; MAX_COLS],
            waste: [0; TALON_CAP],
            stock: 0,
            pool: [0; TALON_CAP],
            pooled: 0,
            gone: 0,
            reach: 0,
            eager,
        };
        if s.vegas {
            play.one_pass_talon();
        } else {
            play.talon_pool();
        }
        play.column_piles(runs);
        // A King can leave a pile onto the table once some column is empty (or has been: a
        // pile all gone).
        play.l.empty = play.piles[..usize::from(s.ncols)].contains(&0);
        for p in 0..4 * d {
            play.l.home(p);
        }
        play
    }

    /// One pass: the waste as a pile, and the stock still to come.
    #[inline]
    fn one_pass_talon(&mut self) {
        let s = self.s;
        let w = s.waste_len();
        let mut bits = s.waste_bits();
        for slot in &mut self.waste[..usize::from(w)] {
            *slot = s.talon[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        self.piles[MAX_COLS] = w;
        self.stock = s.live & !s.waste_bits();
    }

    /// Unlimited passes: the talon cards in their order, and those the stock brings now.
    #[inline]
    fn talon_pool(&mut self) {
        let s = self.s;
        let (m, w) = (s.live.count_ones() as u8, s.waste_len());
        let mut bits = s.live;
        while bits != 0 {
            self.pool[self.pooled] = s.talon[bits.trailing_zeros() as usize];
            bits &= bits - 1;
            self.pooled += 1;
        }
        self.reach = if s.draw == 1 {
            low_mask(m)
        } else {
            reachable(w, m, s.draw, false) >> 1
        };
    }

    /// The columns as piles: their face-up cards out, and with `runs` covered under the top
    /// (otherwise free, but the lowest).
    #[inline]
    fn column_piles(&mut self, runs: bool) {
        let s = self.s;
        for (i, col) in s.cols[..usize::from(s.ncols)].iter().enumerate() {
            if col.len == 0 {
                continue;
            }
            let base = usize::from(col.down);
            self.l.out |= 1 << col.cards[base];
            for &c in &col.cards[base + 1..usize::from(col.len)] {
                self.l.out |= 1 << c;
                if !runs {
                    self.l.free[usize::from(c)] += 1;
                }
            }
            self.piles[i] = if runs {
                for &c in &col.cards[base..usize::from(col.len) - 1] {
                    self.l.covered |= 1 << c;
                }
                self.twins[i] = run_twins(col, col.len);
                col.len
            } else {
                col.down + 1
            };
        }
    }

    /// Unlimited passes: the talon cards the stock can bring out where they can go. Whether
    /// any went.
    #[inline]
    fn talon(&mut self) -> bool {
        let mut changed = false;
        let mut before = 0; // pool cards before the k-th gone
        for (k, &c) in self.pool[..self.pooled].iter().enumerate() {
            let bit = 1u64 << k;
            if self.gone & bit != 0 {
                before += 1;
                continue;
            }
            if self.reach & bit == 0 && before < self.s.draw_rem(k + 1) {
                continue;
            }
            if self.l.leave(c).is_none() {
                continue;
            }
            self.l.out |= 1 << c;
            self.gone |= bit;
            before += 1;
            changed = true;
            // The card under it on the waste shows.
            let under = !self.gone & (bit - 1);
            if under != 0 {
                self.reach |= 1 << (63 - under.leading_zeros());
            }
        }
        changed
    }

    /// Pile tops out while they go: home, or onto a card that is out. Whether any went.
    #[inline]
    fn piles(&mut self) -> bool {
        let mut changed = false;
        for i in 0..MAX_COLS {
            changed |= self.column(i);
        }
        changed | self.waste_pile()
    }

    /// Column `i`'s pile: its top card home, or the lowest card of its run that can leave
    /// with those on it onto a card that is out, while they can. Whether any left.
    #[inline]
    fn column(&mut self, i: usize) -> bool {
        let col = &self.s.cols[i];
        let (mut pile, mut changed) = (self.piles[i], false);
        while pile > 0 {
            // The lowest card of the run (a card turned up lies on face-down ones).
            let base = col.down.min(pile - 1);
            let top = col.cards[usize::from(pile) - 1];
            if self.l.go_home(top).is_some() {
                pile -= 1;
            } else {
                // The lowest card of the run that can leave with those on it: onto a card out
                // and not covered, other than the one it lies on (for a card on another in the
                // run, that one's twin).
                let mut from = base;
                if !self.l.lies(col.cards[usize::from(base)]) {
                    let onto = self.twins[i] & self.l.out & !self.l.covered;
                    if onto == 0 {
                        break;
                    }
                    // There is one: `twins` holds those of the run's cards.
                    from += 1;
                    while onto >> twin(col.cards[usize::from(from) - 1]) & 1 == 0 {
                        from += 1;
                    }
                }
                for &c in col.cards[usize::from(from)..usize::from(pile)].iter() {
                    self.l.set_free(c);
                }
                pile = from;
            }
            self.twins[i] = run_twins(col, pile);
            if pile > 0 {
                // The new top: no longer covered, and out if it was face down.
                let t = col.cards[usize::from(pile) - 1];
                self.l.out |= 1 << t;
                self.l.covered &= !(1 << t);
            } else {
                self.l.empty = true;
            }
            changed = true;
        }
        self.piles[i] = pile;
        changed
    }

    /// One pass: the waste's top cards out while they go (a card is out once it leaves).
    /// Whether any went.
    #[inline]
    fn waste_pile(&mut self) -> bool {
        let mut changed = false;
        while self.piles[MAX_COLS] > 0 {
            let c = self.waste[usize::from(self.piles[MAX_COLS]) - 1];
            if self.l.leave(c).is_none() {
                break;
            }
            self.piles[MAX_COLS] -= 1;
            self.l.out |= 1 << c;
            changed = true;
        }
        changed
    }

    /// One pass, when nothing else can be played: draws until a card the stock brings lets
    /// another move (or, `eager`, any leaves), playing out the waste's top cards meanwhile.
    /// Whether the game goes on: false once the stock is empty.
    #[inline]
    fn draw(&mut self) -> bool {
        let s = self.s;
        loop {
            if self.stock == 0 {
                return false;
            }
            for _ in 0..s.draw {
                if self.stock != 0 {
                    let i = self.stock.trailing_zeros() as usize;
                    self.stock &= self.stock - 1;
                    self.waste[usize::from(self.piles[MAX_COLS])] = s.talon[i];
                    self.piles[MAX_COLS] += 1;
                }
            }
            // The waste's top cards out while they go; back to playing everything only if one
            // of them lets another card move (nothing else changed).
            while self.piles[MAX_COLS] > 0 {
                let c = self.waste[usize::from(self.piles[MAX_COLS] - 1)];
                let wakes = match self.l.leave(c) {
                    Some(Left::HomeAndMore) => true,
                    Some(Left::Home) => self.wakes(c, true),
                    Some(Left::Free) => self.wakes(c, false),
                    None => break,
                };
                self.piles[MAX_COLS] -= 1;
                self.l.out |= 1 << c;
                if wakes || self.eager {
                    return true;
                }
            }
        }
    }

    /// Whether waste card `c`, out (`home`: home), lets a column's pile move: out, it may let
    /// a column's top card one rank lower of the other colour leave; home, the next of its
    /// suit too. With runs, a part of a run may leave onto it too (from the card on its twin,
    /// or the lowest).
    #[inline]
    fn wakes(&self, c: C, home: bool) -> bool {
        let s = self.s;
        (0..usize::from(s.ncols)).any(|i| {
            let (col, pile) = (&s.cols[i], self.piles[i]);
            pile > 0 && {
                let base = col.cards[usize::from(col.down.min(pile - 1))];
                self.twins[i] >> c & 1 != 0
                    || (kind(base) + 2) ^ 1 == kind(c)
                    || (home && col.cards[usize::from(pile) - 1] == c + 1)
            }
        })
    }
}
