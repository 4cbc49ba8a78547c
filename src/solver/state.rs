//! The solver's own compact position: cards as bytes, columns as fixed arrays, the stock and
//! waste as one "talon" in drawing order with a mask of the cards still in it. Moves are made
//! and unmade in place, and every position has a 128-bit key that is the same for any order of
//! the columns. Nothing here allocates while searching.

use crate::engine::{Action, Card, Draw, Game, Scoring, Source, Target};

pub const MAX_COLS: usize = 9;
/// Longest column: 8 face-down cards and a run of 13, with room to spare.
const COL_CAP: usize = 32;
/// Longest talon: 59 cards in Double Solitaire.
const TALON_CAP: usize = 64;

/// A card as a byte: suit · 13 + rank − 1, the engine's deck index. The two copies of a card in
/// Double Solitaire are the same byte.
type C = u8;

#[inline]
fn rank0(c: C) -> u8 {
    c % 13
}
#[inline]
fn suit(c: C) -> u8 {
    c / 13
}
#[inline]
fn red(c: C) -> bool {
    matches!(suit(c), 1 | 2)
}
/// Whether `c` may lie on `onto` in a column.
#[inline]
fn fits(c: C, onto: C) -> bool {
    red(c) != red(onto) && rank0(onto) == rank0(c) + 1
}
#[inline]
fn is_king(c: C) -> bool {
    rank0(c) == 12
}

use crate::engine::deal::splitmix;

/// A random number for (place in column, card, face up): a column's hash is the XOR of its
/// cards'. Computed when needed (a table of them would add 26 KB to the binary and the web
/// build, for no measurable speed).
#[inline]
fn z(pos: usize, c: C, up: bool) -> u64 {
    splitmix((pos * 104 + usize::from(c) * 2 + usize::from(up)) as u64 * 0x1_0001 + 77)
}

#[derive(Clone, Copy)]
struct Col {
    cards: [C; COL_CAP],
    len: u8,
    /// Cards `0..down` are face down.
    down: u8,
}

impl Col {
    #[inline]
    fn top(&self) -> Option<C> {
        (self.len > 0).then(|| self.cards[usize::from(self.len) - 1])
    }
    #[inline]
    fn up(&self) -> u8 {
        self.len - self.down
    }
}

/// A move of the search. Talon moves name the waste size at which their card is on top
/// ("draw until it shows, then play it").
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mv {
    ColFound { col: u8 },
    ColCol { from: u8, to: u8, count: u8 },
    TalonFound { w: u8 },
    TalonCol { w: u8, to: u8 },
    FoundCol { place: u8, to: u8 },
}

/// What `unmake` needs to take a move back.
#[derive(Clone, Copy)]
pub struct Undo {
    pub mv: Mv,
    flipped: bool,
    place: u8,
    tidx: u8,
    old_cursor: u8,
}

#[derive(Clone)]
pub struct State {
    draw: u8,
    vegas: bool,
    decks: u8,
    ncols: u8,
    cols: [Col; MAX_COLS],
    /// Height of each foundation place; place `suit · decks + k`.
    found: [u8; 8],
    /// Every talon card at the start of the search, in drawing order: waste bottom → top, then
    /// stock top → bottom.
    talon: [C; TALON_CAP],
    /// Bit `i`: `talon[i]` is still in the talon.
    live: u64,
    /// The waste is the live cards before this index; kept just past the waste's top card.
    cursor: u8,
    colhash: [u64; MAX_COLS],
    /// Cards not yet on a foundation.
    left: u16,
}

/// The waste tops the stock can bring, as waste sizes (bit `w`: size `w`), for `m` talon cards
/// with `w` of them on the waste, drawing `k` at a time.
fn reachable(w: u8, m: u8, k: u8, vegas: bool) -> u64 {
    let mut set = 0u64;
    if w > 0 {
        set |= 1 << w;
    }
    let mut x = w;
    while x < m {
        x = (x + k).min(m);
        set |= 1 << x;
    }
    if !vegas && m > 0 {
        let mut x = 0;
        while x < m {
            x = (x + k).min(m);
            set |= 1 << x;
        }
    }
    set
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
    /// The position of a game, or `None` if it is not one the solver can hold (a built table
    /// with columns longer than any real game has).
    pub fn from_game(game: &Game) -> Option<State> {
        let t = game.table();
        let spec = game.spec();
        let mut s = State {
            draw: match game.code().draw {
                Draw::One => 1,
                Draw::Three => 3,
            },
            vegas: game.code().scoring == Scoring::Vegas,
            decks: spec.decks as u8,
            ncols: t.columns.len() as u8,
            cols: [Col {
                cards: [0; COL_CAP],
                len: 0,
                down: 0,
            }; MAX_COLS],
            found: [0; 8],
            talon: [0; TALON_CAP],
            live: 0,
            cursor: 0,
            colhash: [0; MAX_COLS],
            left: 0,
        };
        if t.columns.len() > MAX_COLS
            || t.foundations.len() > 8
            || t.stock.len() + t.waste.len() > TALON_CAP - 1
        {
            return None;
        }
        for (i, col) in t.columns.iter().enumerate() {
            // The search relies on the face-up cards being a run, as in every real game.
            if col.len() > COL_CAP || col.up.windows(2).any(|w| !w[1].fits_on(w[0])) {
                return None;
            }
            let c = &mut s.cols[i];
            for (k, card) in col.down.iter().chain(&col.up).enumerate() {
                c.cards[k] = card.deck_index() as u8;
            }
            c.len = col.len() as u8;
            c.down = col.down.len() as u8;
            s.left += u16::from(c.len);
            s.colhash[i] = s.hash_col(i);
        }
        for (i, f) in t.foundations.iter().enumerate() {
            s.found[i] = f.len() as u8;
        }
        let talon: Vec<Card> = t
            .waste
            .iter()
            .chain(t.stock.iter().rev())
            .copied()
            .collect();
        for (i, card) in talon.iter().enumerate() {
            s.talon[i] = card.deck_index() as u8;
            s.live |= 1 << i;
        }
        s.cursor = t.waste.len() as u8;
        s.left += talon.len() as u16;
        Some(s)
    }

    fn hash_col(&self, i: usize) -> u64 {
        let c = &self.cols[i];
        (0..usize::from(c.len)).fold(0, |h, k| h ^ z(k, c.cards[k], k >= usize::from(c.down)))
    }

    pub fn is_won(&self) -> bool {
        self.left == 0
    }

    /// Whether the talon is one set of cards, any of which can be brought up at any time
    /// (draw one, unlimited passes): then where the waste stands does not matter.
    fn talon_is_a_set(&self) -> bool {
        self.draw == 1 && !self.vegas
    }

    /// A key for the position, the same for any order of the columns.
    #[inline]
    pub fn key(&self) -> u128 {
        let (mut a, mut b) = (0u64, 0u64);
        for &h in &self.colhash[..usize::from(self.ncols)] {
            a = a.wrapping_add(splitmix(h ^ 0x5555));
            b = b.wrapping_add(splitmix(h ^ 0xAAAA_0000));
        }
        let cursor = if self.talon_is_a_set() {
            0
        } else {
            u64::from(self.cursor)
        };
        a ^= splitmix(self.live ^ 0x1234) ^ splitmix(cursor + 0x77);
        b ^= splitmix(self.live.rotate_left(17) ^ 0x4321_0000) ^ splitmix(cursor << 20);
        (u128::from(a) << 64) | u128::from(b)
    }

    /// The live talon cards' indices in order, and how many of them are on the waste.
    fn live_list(&self, out: &mut [u8; TALON_CAP]) -> (u8, u8) {
        let mut m = 0u8;
        let mut bits = self.live;
        while bits != 0 {
            let i = bits.trailing_zeros() as u8;
            out[usize::from(m)] = i;
            m += 1;
            bits &= bits - 1;
        }
        let below = if self.cursor >= 64 {
            self.live
        } else {
            self.live & ((1u64 << self.cursor) - 1)
        };
        (m, below.count_ones() as u8)
    }

    /// The foundation place a card goes to (the engine's rule: the first of its row that takes
    /// it).
    #[inline]
    fn place_for(&self, c: C) -> Option<usize> {
        let (r, row) = (rank0(c), usize::from(suit(c)) * usize::from(self.decks));
        (row..row + usize::from(self.decks)).find(|&p| self.found[p] == r)
    }

    /// A card no other card can need on the table any more: every card of the other colour one
    /// rank lower, and of its own colour two lower, is on the foundations.
    #[inline]
    fn is_safe(&self, c: C) -> bool {
        let r = rank0(c) + 1;
        if r <= 2 {
            return true;
        }
        let d = usize::from(self.decks);
        (0..4 * d).all(|p| {
            let same = matches!(p / d, 1 | 2) == red(c);
            if same {
                self.found[p] + 2 >= r
            } else {
                self.found[p] + 1 >= r
            }
        })
    }

    #[inline]
    fn push(&mut self, i: usize, c: C) {
        let col = &mut self.cols[i];
        let pos = usize::from(col.len);
        col.cards[pos] = c;
        col.len += 1;
        self.colhash[i] ^= z(pos, c, true);
    }

    #[inline]
    fn pop(&mut self, i: usize) -> C {
        let col = &mut self.cols[i];
        col.len -= 1;
        let pos = usize::from(col.len);
        let c = col.cards[pos];
        self.colhash[i] ^= z(pos, c, true);
        c
    }

    /// Turns the column's last card up if the move left it face down.
    fn reveal(&mut self, i: usize) -> bool {
        let col = &mut self.cols[i];
        if col.len > 0 && col.down == col.len {
            col.down -= 1;
            let pos = usize::from(col.len) - 1;
            let c = col.cards[pos];
            self.colhash[i] ^= z(pos, c, false) ^ z(pos, c, true);
            true
        } else {
            false
        }
    }

    fn unreveal(&mut self, i: usize) {
        let col = &mut self.cols[i];
        let pos = usize::from(col.len) - 1;
        let c = col.cards[pos];
        col.down += 1;
        self.colhash[i] ^= z(pos, c, false) ^ z(pos, c, true);
    }

    /// Takes the talon card shown at waste size `w` out; returns its talon index.
    fn take_talon(&mut self, w: u8) -> (u8, C) {
        let mut list = [0u8; TALON_CAP];
        self.live_list(&mut list);
        let idx = list[usize::from(w) - 1];
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
        };
        match mv {
            Mv::ColFound { col } => {
                let i = usize::from(col);
                let c = self.pop(i);
                let p = self.place_for(c).expect("generated: a place takes it");
                self.found[p] += 1;
                self.left -= 1;
                u.place = p as u8;
                u.flipped = self.reveal(i);
            }
            Mv::ColCol { from, to, count } => {
                let (f, t) = (usize::from(from), usize::from(to));
                let start = usize::from(self.cols[f].len - count);
                for k in 0..usize::from(count) {
                    let c = self.cols[f].cards[start + k];
                    self.push(t, c);
                }
                for _ in 0..count {
                    self.pop(f);
                }
                u.flipped = self.reveal(f);
            }
            Mv::TalonFound { w } => {
                let (idx, c) = self.take_talon(w);
                let p = self.place_for(c).expect("generated: a place takes it");
                self.found[p] += 1;
                self.left -= 1;
                u.place = p as u8;
                u.tidx = idx;
            }
            Mv::TalonCol { w, to } => {
                let (idx, c) = self.take_talon(w);
                self.push(usize::from(to), c);
                u.tidx = idx;
            }
            Mv::FoundCol { place, to } => {
                let p = usize::from(place);
                let c = (p / usize::from(self.decks)) as u8 * 13 + self.found[p] - 1;
                self.found[p] -= 1;
                self.left += 1;
                self.push(usize::from(to), c);
            }
        }
        u
    }

    pub fn unmake(&mut self, u: Undo) {
        match u.mv {
            Mv::ColFound { col } => {
                let i = usize::from(col);
                if u.flipped {
                    self.unreveal(i);
                }
                let p = usize::from(u.place);
                self.found[p] -= 1;
                self.left += 1;
                let c = (p / usize::from(self.decks)) as u8 * 13 + self.found[p];
                self.push(i, c);
            }
            Mv::ColCol { from, to, count } => {
                let (f, t) = (usize::from(from), usize::from(to));
                if u.flipped {
                    self.unreveal(f);
                }
                let start = usize::from(self.cols[t].len - count);
                for k in 0..usize::from(count) {
                    let c = self.cols[t].cards[start + k];
                    self.push(f, c);
                }
                for _ in 0..count {
                    self.pop(t);
                }
            }
            Mv::TalonFound { .. } => {
                let p = usize::from(u.place);
                self.found[p] -= 1;
                self.left += 1;
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
                self.found[usize::from(place)] += 1;
                self.left -= 1;
            }
        }
    }

    /// A safe foundation move if there is one: from a column top, or from the talon where
    /// taking a card out cannot change which others the stock brings: draw one, any card with
    /// unlimited passes, the waste's top card in one pass.
    pub fn safe_move(&self) -> Option<Mv> {
        for i in 0..usize::from(self.ncols) {
            if let Some(c) = self.cols[i].top()
                && self.place_for(c).is_some()
                && self.is_safe(c)
            {
                return Some(Mv::ColFound { col: i as u8 });
            }
        }
        if self.draw == 1 {
            let mut list = [0u8; TALON_CAP];
            let (m, w) = self.live_list(&mut list);
            // One pass (Vegas): drawing on buries cards for good, so only the waste's top card.
            let set = if self.vegas {
                (1u64 << w) & !1
            } else {
                reachable(w, m, 1, false)
            };
            for w2 in 1..=m {
                if set & (1 << w2) != 0 {
                    let c = self.talon[usize::from(list[usize::from(w2) - 1])];
                    if self.place_for(c).is_some() && self.is_safe(c) {
                        return Some(Mv::TalonFound { w: w2 });
                    }
                }
            }
        }
        None
    }

    /// Every move from the position, best first (scored into `out`, then sorted). With
    /// `narrow`, moves that seldom help are left out: take-backs, and parts of runs moved
    /// unless the card they uncover can go up.
    pub fn moves(&self, narrow: bool, out: &mut Vec<(i16, Mv)>) {
        out.clear();
        let n = usize::from(self.ncols);
        let first_empty = (0..n).find(|&j| self.cols[j].len == 0);
        let hidden: u16 = self.cols[..n].iter().map(|c| u16::from(c.down)).sum();
        for i in 0..n {
            self.column_moves(i, first_empty, narrow, out);
        }
        self.talon_moves(first_empty, hidden, out);
        if !narrow {
            self.takeback_moves(first_empty, out);
        }
        out.sort_by_key(|&(s, _)| std::cmp::Reverse(s));
    }

    /// Whether card `c` can land on column `j` (only the first empty column is tried: empty
    /// columns are alike).
    #[inline]
    fn lands(&self, c: C, j: usize, first_empty: Option<usize>) -> bool {
        match self.cols[j].top() {
            None => is_king(c) && Some(j) == first_empty,
            Some(t) => fits(c, t),
        }
    }

    /// The moves of column `i`: its top card up, and its run (or the part of it that fits) to
    /// another column.
    fn column_moves(
        &self,
        i: usize,
        first_empty: Option<usize>,
        narrow: bool,
        out: &mut Vec<(i16, Mv)>,
    ) {
        let n = usize::from(self.ncols);
        let col = &self.cols[i];
        let len = usize::from(col.len);
        if len == 0 {
            return;
        }
        let up = col.up();
        let down = i16::from(col.down);
        let top = col.cards[len - 1];
        if self.place_for(top).is_some() {
            let reveal = if up == 1 && down > 0 { 30 + down } else { 0 };
            out.push((50 + reveal, Mv::ColFound { col: i as u8 }));
        }
        // The face-up cards are a run, so each destination takes at most one part of it: the
        // part starting with the card one rank below the destination's top.
        let first = len - usize::from(up);
        let (high, low) = (rank0(col.cards[first]), rank0(top));
        for j in 0..n {
            if j == i {
                continue;
            }
            let dest = &self.cols[j];
            let k = if dest.len == 0 {
                if Some(j) != first_empty || !is_king(col.cards[first]) {
                    continue;
                }
                0
            } else {
                let t = dest.cards[usize::from(dest.len) - 1];
                let r = rank0(t);
                if r == 0 || r - 1 > high || r - 1 < low {
                    continue;
                }
                let k = usize::from(high - (r - 1));
                if red(col.cards[first + k]) == red(t) {
                    continue;
                }
                k
            };
            let count = up - k as u8;
            let whole = k == 0;
            let score = if whole && down > 0 {
                60 + 2 * down
            } else if whole {
                if is_king(col.cards[first]) {
                    continue; // a King alone in its column: moving it changes nothing
                }
                15
            } else {
                let to_found = self.place_for(col.cards[first + k - 1]).is_some();
                if narrow && !to_found {
                    continue;
                }
                if to_found { 40 } else { -5 }
            };
            let to = j as u8;
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

    /// The talon: each card the stock can bring to the top of the waste, with a place to go.
    fn talon_moves(&self, first_empty: Option<usize>, hidden: u16, out: &mut Vec<(i16, Mv)>) {
        let mut list = [0u8; TALON_CAP];
        let (m, w) = self.live_list(&mut list);
        let mut set = reachable(w, m, self.draw, self.vegas);
        while set != 0 {
            let w2 = set.trailing_zeros() as u8;
            set &= set - 1;
            let c = self.talon[usize::from(list[usize::from(w2) - 1])];
            // One pass: cards drawn past are buried for good, so the nearer the better.
            let far = if self.vegas {
                i16::from(w2.saturating_sub(w)) * 2
            } else {
                i16::from(w2 < w) * 3
            };
            if self.place_for(c).is_some() {
                out.push((45 - far, Mv::TalonFound { w: w2 }));
            }
            for j in 0..usize::from(self.ncols) {
                if self.lands(c, j, first_empty) {
                    let score = 30 - far + if hidden > 0 && is_king(c) { 5 } else { 0 };
                    out.push((score, Mv::TalonCol { w: w2, to: j as u8 }));
                }
            }
        }
    }

    /// Take-backs: the top card of each foundation place onto a column.
    fn takeback_moves(&self, first_empty: Option<usize>, out: &mut Vec<(i16, Mv)>) {
        let d = usize::from(self.decks);
        for p in 0..4 * d {
            let h = self.found[p];
            // A later place of a row at the same height as the one before offers the same card.
            if h == 0 || (p % d > 0 && self.found[p - 1] == h) {
                continue;
            }
            let c = (p / d) as u8 * 13 + h - 1;
            for j in 0..usize::from(self.ncols) {
                if self.lands(c, j, first_empty) {
                    let (place, to) = (p as u8, j as u8);
                    out.push((-20, Mv::FoundCol { place, to }));
                }
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
            }
            s.make(mv);
        }
        out
    }
}

#[cfg(test)]
mod tests {
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
                let hashes = s.colhash;
                for &(_, mv) in &moves {
                    let u = s.make(mv);
                    for i in 0..usize::from(s.ncols) {
                        assert_eq!(s.colhash[i], s.hash_col(i), "{code} {mv:?}");
                    }
                    s.unmake(u);
                    assert_eq!(s.key(), key, "{code} step {step} {mv:?}");
                    assert_eq!(s.colhash, hashes);
                }
                let pick = moves[step * 7 % moves.len()].1;
                s.make(pick);
            }
        }
    }

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
}
