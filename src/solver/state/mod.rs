//! The solver's own compact position: cards as bytes, columns as fixed arrays, the stock and
//! waste as one "talon" in drawing order with a mask of the cards still in it. Moves are made
//! and unmade in place. Nothing here allocates while searching.
//!
//! Positions are told apart only by what the face-up cards on the columns cannot change: the
//! foundations, the talon, and for each column how many cards lie face down and whether a card
//! still sits on them (or on the empty column: any card but a King). The face-up cards are then
//! every card not elsewhere, and how they are spread over the columns does not matter: a card
//! lying on one of two alike cards (same rank, same colour) can be moved onto the other whenever
//! that one is free, so both spreads reach the same positions. The key of a position is this
//! description, packed exactly (or hashed, for built tables too big to pack), and the moves are
//! the ones that change it: a card home (moving what lies on it onto its free twin first if
//! need be), a column's whole face-up run onto a free card or into an empty column (turning a
//! card or emptying the column), a talon card out, a card taken back. Moving part of a run from
//! one card to its twin changes nothing that counts, so it is never searched on its own.
//!
//! This file holds the position and its cards; its parts: `keys` (the key), `make` (moves made
//! and unmade), `moves` (move generation), `safe` (safe moves), `pending` (pending uses), `dead`
//! and `looser` (the dead-position check).

mod dead;
mod keys;
mod looser;
mod make;
mod moves;
mod pending;
mod safe;
#[cfg(test)]
mod walks;

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
#[inline]
fn is_king(c: C) -> bool {
    rank0(c) == 12
}

use crate::engine::deal::splitmix;

/// Where a card of the other colour one rank lower may lie: an index of (rank, colour).
#[inline]
fn kind(c: C) -> usize {
    usize::from(rank0(c)) * 2 + usize::from(red(c))
}

#[derive(Clone, Copy)]
struct Col {
    cards: [C; COL_CAP],
    len: u8,
    /// Cards `0..down` are face down.
    down: u8,
    /// Its part of the key (`State::col_code`), kept with the column (`recode`).
    code: u8,
}

impl Col {
    /// The column's part of the key from its cards (see `State::col_code`).
    #[inline]
    fn code_afresh(&self) -> u8 {
        if self.len == 0 || (self.down == 0 && is_king(self.cards[0])) {
            0
        } else if self.down == 0 {
            1
        } else {
            self.down + 1
        }
    }

    /// `code` again, after the column was emptied, began again, or turned a card.
    #[inline]
    fn recode(&mut self) {
        self.code = self.code_afresh();
    }

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
    ColFound {
        col: u8,
    },
    ColCol {
        from: u8,
        to: u8,
        count: u8,
    },
    TalonFound {
        w: u8,
    },
    TalonCol {
        w: u8,
        to: u8,
    },
    FoundCol {
        place: u8,
        to: u8,
    },
    /// The `count` cards lying on a column's card moved onto its free twin in column `to`,
    /// then the card itself home.
    Uncover {
        col: u8,
        to: u8,
        count: u8,
    },
}

/// What `unmake` needs to take a move back.
#[derive(Clone, Copy)]
pub struct Undo {
    pub mv: Mv,
    flipped: bool,
    place: u8,
    tidx: u8,
    old_cursor: u8,
    old_pending: u8,
}

impl Undo {
    /// What was pending before the move.
    pub fn pending_before(&self) -> u8 {
        self.old_pending
    }
}

/// No pending use (see `State::pending`); 1 + a place: the card just taken back from it.
const NO_USE: u8 = 0;
/// Pending use: a King into the column just emptied.
const EMPTY_USE: u8 = 9;
/// Pending use: `TALON_USE` + the talon index of a card just put on a column.
const TALON_USE: u8 = 10;

/// How a position's key holds it (`State::packing`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Packing {
    Small,
    Exact,
    Hashed,
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
    /// The cards a place takes next (bit `c`: card `c`), kept with `found` (`homeward`).
    wanted: u64,
    /// Every talon card at the start of the search, in drawing order: waste bottom → top, then
    /// stock top → bottom.
    talon: [C; TALON_CAP],
    /// Bit `i`: `talon[i]` is still in the talon.
    live: u64,
    /// For each card, the talon indices that hold it (bit `i`: `talon[i]`).
    tpos: [u64; 52],
    /// The waste is the live cards before this index; kept just past the waste's top card.
    cursor: u8,
    /// Cards not yet on a foundation.
    left: u16,
    /// The radix of each column's part of the key (its face-down cards at the start, + 2: it
    /// never gets more), the talon's length at the start (the bits of `live`), and how the key
    /// holds the position: exactly in 64 bits (every real Klondike deal), exactly in 128 (every
    /// real Double Solitaire deal), or hashed (built tables too big to pack).
    col_radix: [u8; MAX_COLS],
    tlen: u8,
    packing: Packing,
    /// How many low bits of the key hold what is pending (`key`).
    pbits: u8,
    /// How many bits of the key, above the pending ones, hold the cursor (`key`).
    cbits: u8,
    /// Whether the key's part before the talon fits 64 bits (every real deal).
    high64: bool,
    /// That part, kept up to date as the columns' codes and the foundations change (when it
    /// fits 64 bits): each column's code counts `col_weight` (the radices after it
    /// multiplied), each row of places its value (`row_value`, kept in `rows`) `row_weight`.
    high_now: u64,
    col_weight: [u64; MAX_COLS],
    row_weight: [u64; 4],
    rows: [u8; 4],
    /// What the next move must use, after a move whose only use is to let others follow: a card
    /// taken back from a place (1 + the place), a talon card put on a column when the stock brings
    /// any card at any time (draw one, unlimited passes: `TALON_USE` + its talon index), a column
    /// emptied of a non-King (`EMPTY_USE`). The next move must need it: a card onto that card, its
    /// twin home with what lay on it put onto it, the card or (Double Solitaire) its copy home; a
    /// King into the emptied column. After a take-back, another take-back may also follow, and
    /// (draw one, unlimited passes) a talon card: one later move may need several (the card under
    /// the first one, a card for it to lie on, a card to park its cover on).
    ///
    /// Why no win is lost: in a winning line, such a move followed by a move that does not need
    /// it (nor may follow it) can swap places with that move: the other never needed it, and
    /// leaves it legal (it covers at most one of the free cards of a kind both want, and had
    /// one of its own; taking a talon card out changes nothing else the stock brings), with the
    /// same position after both. Swapping on, it meets a move that needs it: its card must go
    /// home at the latest, and an emptied column is of no use until a King comes. Part of the
    /// key.
    pending: u8,
    /// Whether the pruning that leaves out lines (pending moves, the looser rules' dead
    /// positions) is on: off only for the tests' reference searches.
    prune: bool,
}

/// The bits under `n` (all 64 from 64 on).
#[inline]
fn low_mask(n: u8) -> u64 {
    if n >= 64 { !0 } else { (1u64 << n) - 1 }
}

/// The cards a non-King card `c` can lie on: the two one rank higher of the other colour
/// (bit `c`: card `c`).
#[inline]
fn parents(c: C) -> u64 {
    // Suits 0 and 3 for a red card, 1 and 2 for a black one.
    let above: u64 = if red(c) {
        1 | 1 << 39
    } else {
        1 << 13 | 1 << 26
    };
    above << (rank0(c) + 1)
}

/// The cards that can lie on card `c`: the two one rank lower of the other colour (none under
/// an Ace; bit `c`: card `c`).
#[inline]
fn children(c: C) -> u64 {
    if rank0(c) == 0 {
        return 0;
    }
    // Suits 0 and 3 under a red card, 1 and 2 under a black one.
    let below: u64 = if red(c) {
        1 | 1 << 39
    } else {
        1 << 13 | 1 << 26
    };
    below << (rank0(c) - 1)
}

/// The cards of card `c`'s kind: its rank and colour (bit `c`: card `c`).
#[inline]
fn alike(c: C) -> u64 {
    let row: u64 = if red(c) {
        1 << 13 | 1 << 26
    } else {
        1 | 1 << 39
    };
    row << rank0(c)
}

/// The four Kings (bit `c`: card `c`).
const KINGS: u64 = 1 << 12 | 1 << 25 | 1 << 38 | 1 << 51;

/// The suit of foundation place `p`: places `suit · d + k`, with `d` (one or two) decks (a
/// shift, not a division: this is asked in the solver's innermost loops).
#[inline]
fn place_suit(p: usize, d: usize) -> usize {
    p >> (d >> 1)
}

/// The first foundation place of card `c`'s suit that takes it next, with `d` (one or two)
/// decks: places `suit · d + k`.
#[inline]
fn first_place(found: &[u8; 8], d: usize, c: C) -> Option<usize> {
    let (r, row) = (rank0(c), usize::from(suit(c)) * d);
    if found[row] == r {
        Some(row)
    } else if d > 1 && found[row + 1] == r {
        Some(row + 1)
    } else {
        None
    }
}

/// The other card of card `c`'s kind: the same rank in the other suit of its colour.
#[inline]
fn twin(c: C) -> u8 {
    (3 - suit(c)) * 13 + rank0(c)
}

impl State {
    /// The position of a game, or `None` if it is not one the solver can hold (a built table
    /// with columns longer than any real game has).
    pub fn from_game(game: &Game) -> Option<State> {
        let t = game.table();
        if t.columns.len() > MAX_COLS
            || t.foundations.len() > 8
            || t.stock.len() + t.waste.len() > TALON_CAP - 1
        {
            return None;
        }
        let code = game.code();
        let mut s = State::empty(code.draw, code.scoring, game.spec().decks, t.columns.len());
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
            c.recode();
            s.left += u16::from(c.len);
            s.col_radix[i] = c.down + 2;
        }
        for (i, f) in t.foundations.iter().enumerate() {
            s.found[i] = f.len() as u8;
        }
        for p in 0..4 * usize::from(s.decks) {
            s.rewant(p);
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
            s.tpos[card.deck_index()] |= 1 << i;
        }
        s.cursor = t.waste.len() as u8;
        s.left += talon.len() as u16;
        s.tlen = talon.len() as u8;
        s.set_low_bits();
        s.lay_out_key();
        Some(s)
    }

    /// A position of a mode with no cards anywhere yet.
    fn empty(draw: Draw, scoring: Scoring, decks: usize, ncols: usize) -> State {
        State {
            draw: match draw {
                Draw::One => 1,
                Draw::Three => 3,
            },
            vegas: scoring == Scoring::Vegas,
            decks: decks as u8,
            ncols: ncols as u8,
            cols: [Col {
                cards: [0; COL_CAP],
                len: 0,
                down: 0,
                code: 0,
            }; MAX_COLS],
            found: [0; 8],
            wanted: 0,
            talon: [0; TALON_CAP],
            live: 0,
            tpos: [0; 52],
            cursor: 0,
            left: 0,
            col_radix: [2; MAX_COLS],
            tlen: 0,
            packing: Packing::Hashed,
            pbits: 0,
            cbits: 0,
            high64: false,
            high_now: 0,
            col_weight: [0; MAX_COLS],
            row_weight: [0; 4],
            rows: [0; 4],
            pending: NO_USE,
            prune: true,
        }
    }

    /// Cards home, cards face down on the columns, and cards on the waste under its top one.
    pub fn progress(&self) -> (u16, u16, u16) {
        let total: u16 = 52 * u16::from(self.decks);
        let down = self.cols[..usize::from(self.ncols)]
            .iter()
            .map(|c| u16::from(c.down))
            .sum();
        let waste = u16::from(self.waste_len()).saturating_sub(1);
        (total - self.left, down, waste)
    }

    /// Turns off the pruning that leaves lines out (pending moves, dead positions).
    pub fn without_pruning(mut self) -> State {
        self.prune = false;
        self
    }

    /// How many decks the game has.
    pub fn decks(&self) -> u8 {
        self.decks
    }

    /// How many cards a click on the stock turns: one or three.
    pub fn draw(&self) -> u8 {
        self.draw
    }

    /// Whether the stock is turned once only (Vegas): then the waste is a pile taken from the
    /// top, and burying cards on it can lose a game.
    pub fn one_pass(&self) -> bool {
        self.vegas
    }

    /// The same position under looser rules, if there are any it can be searched under more
    /// cheaply: draw three with unlimited passes becomes draw one (any talon card at any time).
    /// Every line of the game is a line there too (a card the stock brings three at a time it
    /// brings one at a time), so a position with no win there has none here.
    pub fn relaxed(&self) -> Option<State> {
        (self.prune && self.draw == 3 && !self.vegas).then(|| {
            let mut s = State {
                draw: 1,
                pending: NO_USE,
                ..self.clone()
            };
            s.set_low_bits();
            s
        })
    }

    pub fn is_won(&self) -> bool {
        self.left == 0
    }

    /// Whether the column's lowest face-up card lies on face-down cards or the bare column
    /// (and so is no other card's twin to be moved around).
    #[inline]
    fn locked(&self, i: usize) -> bool {
        self.col_code(i) != 0
    }

    /// `x` modulo the draw (one or three): asked for every position, where a division by a
    /// number not known until run time would cost more than all else in the key.
    #[inline]
    fn draw_rem(&self, x: usize) -> usize {
        if self.draw == 1 { 0 } else { x % 3 }
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
        (m, self.waste_len())
    }

    /// The waste's cards, as talon indices (bit `i`: `talon[i]`; its top is the highest).
    #[inline]
    fn waste_bits(&self) -> u64 {
        self.live & low_mask(self.cursor)
    }

    /// How many live talon cards are on the waste.
    #[inline]
    fn waste_len(&self) -> u8 {
        self.waste_bits().count_ones() as u8
    }

    /// The foundation place a card goes to (the engine's rule: the first of its row that takes
    /// it).
    #[inline]
    fn place_for(&self, c: C) -> Option<usize> {
        first_place(&self.found, usize::from(self.decks), c)
    }

    /// The cards a place takes next (bit `c`: card `c`): where `place_for` finds a place, as
    /// a set, to pass over the other cards quickly.
    #[inline]
    fn homeward(&self) -> u64 {
        self.wanted
    }

    /// The card of foundation place `p`'s suit at height `h` (rank `h + 1`).
    #[inline]
    fn place_card(&self, p: usize, h: u8) -> C {
        self.place_suit(p) as u8 * 13 + h
    }

    #[inline]
    fn place_suit(&self, p: usize) -> usize {
        place_suit(p, usize::from(self.decks))
    }

    /// Whether the stock brings any talon card at any time, whatever was taken out before:
    /// draw one with unlimited passes.
    #[inline]
    fn random_access(&self) -> bool {
        self.draw == 1 && !self.vegas
    }
}
