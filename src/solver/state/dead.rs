//! The dead-position check: whether a position is lost even under looser rules, asked at
//! the start and after moves that can tighten them.

use super::*;

impl State {
    /// Whether a move buries talon cards on a one-pass waste (draws past cards it leaves
    /// there): the moves after which `dead` is asked.
    pub fn buries(&self, mv: Mv) -> bool {
        match mv {
            Mv::TalonFound { w } | Mv::TalonCol { w, .. } => self.vegas && w > self.waste_len(),
            _ => false,
        }
    }

    /// Whether the position is lost even under looser rules, where every talon card can be
    /// played when the stock can bring it (with unlimited passes: every one that has somewhere
    /// to go and, drawing three, that the stock can bring: see `pool` below), and a card can
    /// leave a pile onto any card one rank higher of the other colour that is out (face up,
    /// left its pile, or home) and not covered (any number of cards onto the same one), or if a
    /// King once any column is or has been empty (a pile all gone). A card that has left its
    /// pile is free: it goes home whenever its place takes it. What stays is the order of
    /// piles: a face-down card leaves only after the cards over it; in one pass a waste card
    /// only after the waste cards over it, and the stock comes in its order, a group at a time,
    /// onto the waste; and with one deck a column's face-up run stays on it until it leaves:
    /// its top card home, or any part of it from one of its cards up, in one go as a run moves,
    /// onto a card other than the one that card lies on. The cards of a run under its top are
    /// covered until then. (With two decks the face-up cards on a column's lowest one are free
    /// from the start.) Under these rules playing never hurts, and drawing (which buries the
    /// waste's top) is never needed while something can be played, so playing all that can
    /// be played before each draw decides: if some card can never get home, the real game is
    /// lost too. For anything the real game does, these rules allow: a run the real game moves
    /// leaves from its lowest card onto a column's top, which here is a pile's top or free; a
    /// card the real game takes back stays home here, where cards can lie on it. Moves only
    /// loosen these rules' hold, except those that bury talon cards on a one-pass waste
    /// (`buries`), those that fill the last empty column, with draw 3 and unlimited passes
    /// talon moves (the cards after the one taken out move up one place), and with one deck
    /// those that put cards on a column (they cover its top card): this is asked at the start
    /// and after the first kind (asking after the others too cuts next to nothing and
    /// makes the searches slower; see `dead_after` for the runs).
    ///
    /// In Double Solitaire the two copies of a card are alike: a copy at home can trade places
    /// with one that must leave a pile (see `twin_home`).
    pub fn dead(&self) -> bool {
        self.dead_playing(false, true)
    }

    /// Where the waste ends (see the field): what `dead_after` needs of the position a move is
    /// made from.
    pub fn cursor(&self) -> u8 {
        self.cursor
    }

    /// `dead` after a move `mv` that buried talon cards on a one-pass waste (`buries`), made
    /// from a position whose cursor was `before`, and the safe moves after it. The question is
    /// not asked when the cards buried can leave the waste again at once under the looser
    /// rules, top first, each home or onto a card that is out (and the move put no King into
    /// an empty column). Then, once they have left, the looser game stands where it stood
    /// before the move, with those cards and the card the move took out of the stock out
    /// instead of still to come: no less loose (playing never hurts there, and a stock card
    /// gone is one less to bury the waste). So the position is dead only if the one before
    /// was; and that one was asked, or came from one asked by moves that only loosen (see
    /// `dead`). Not asking only ever cuts less, and spares many questions in draw 1 Vegas.
    pub fn dead_after(&self, mv: Mv, before: u8) -> bool {
        let king_into_empty = match mv {
            Mv::TalonCol { to, .. } => self.cols[usize::from(to)].len == 1,
            _ => false,
        };
        if !king_into_empty && self.buried_leave(before) {
            return false;
        }
        self.dead()
    }

    /// The cards home, as a set (bit `c`: a copy of card `c` is home).
    pub(super) fn home_cards(&self) -> u64 {
        (0..4 * usize::from(self.decks)).fold(0, |out, p| {
            out | low_mask(self.found[p]) << (self.place_suit(p) * 13)
        })
    }

    /// Whether the talon cards on the waste above index `before` can all leave it at once
    /// under `dead`'s looser rules, top first (see `dead_after`).
    fn buried_leave(&self, before: u8) -> bool {
        let mut buried = self.waste_bits() & !low_mask(before);
        let d = usize::from(self.decks);
        // Cards out: face up on the columns, or home.
        let mut out = 0u64;
        for col in &self.cols[..usize::from(self.ncols)] {
            for &c in &col.cards[usize::from(col.down)..usize::from(col.len)] {
                out |= 1 << c;
            }
        }
        out |= self.home_cards();
        let mut found = self.found;
        while buried != 0 {
            let i = 63 - buried.leading_zeros();
            buried &= !(1u64 << i);
            let c = self.talon[i as usize];
            if let Some(p) = first_place(&found, d, c) {
                found[p] += 1;
            } else if is_king(c) || out & parents(c) == 0 {
                return false;
            }
            out |= 1 << c;
        }
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::walks::*;
    use super::*;
    use crate::engine::GameCode;

    #[test]
    fn the_waste_wakes_every_card_it_frees() {
        // In one pass, `dead` plays the waste's cards as they come and goes back to playing
        // everything only when one of them lets another card move: it must come to what a
        // full round after every waste card comes to, on every position of random games in
        // all four one-pass modes.
        let (mut differ, mut checked) = (Vec::new(), 0);
        one_pass_walks(60, 16, 120, 0x5eed, |code, s| {
            checked += 1;
            let same = s.dead_playing(false, true) == s.dead_playing(true, true);
            if !same {
                differ.push(code);
            }
            same
        });
        assert!(
            differ.is_empty(),
            "not every freed card woken: {} walks, the first in {}",
            differ.len(),
            differ[0]
        );
        assert!(checked > 20_000, "only {checked} positions");
    }

    #[test]
    fn a_dead_check_left_out_after_burying_would_have_said_alive() {
        // `dead_after` leaves the question out when the cards a move buried can leave the waste
        // again at once: on every position of random games in all four one-pass modes that is
        // not dead, after every move that buries cards (and the safe moves after it), the
        // question under the looser rules without runs (`dead_playing`) must then say "not
        // dead" too. With runs, where a move that puts a card on a column can cover the card
        // it lands on, some dead positions are left unasked: counted, never wrong.
        let (mut left_out, mut runs_only, mut wrong) = (0, 0, Vec::new());
        let mut moves = Vec::new();
        one_pass_walks(300, 1, 150, 0xb0_71ed, |code, s| {
            if s.dead() {
                return false;
            }
            s.moves(false, &mut moves);
            for &(_, mv) in moves.iter().filter(|&&(_, mv)| s.buries(mv)) {
                let mut t = s.clone();
                t.make(mv);
                while let Some(safe) = t.safe_move() {
                    t.make(safe);
                }
                let asked = t.dead_after(mv, s.cursor());
                if asked != t.dead() && t.dead_playing(false, false) {
                    wrong.push(code);
                } else if !asked && t.buried_leave(s.cursor()) {
                    left_out += 1;
                    runs_only += usize::from(t.dead());
                }
            }
            true
        });
        assert!(
            wrong.is_empty(),
            "{} wrong, the first in {}",
            wrong.len(),
            wrong[0]
        );
        assert!(
            left_out > 1_000,
            "the question left out only {left_out} times"
        );
        eprintln!("left out {left_out} times, {runs_only} of them dead with runs");
    }

    #[test]
    fn runs_on_their_columns_make_the_dead_check_tighter() {
        // With one deck `dead` keeps each column's face-up run on it until it leaves: never
        // looser than with those cards free, and on positions of random games of the two
        // one-pass Klondike modes, dead more often.
        let (mut both, mut runs_only) = (0, 0);
        one_pass_walks(200, 4, 150, 0x7a11, |code, s| {
            let (with, without) = (s.dead(), s.dead_playing(false, false));
            assert!(with || !without, "{code}: dead only without runs");
            if code.game == crate::engine::GameKind::Klondike {
                both += usize::from(without);
                runs_only += usize::from(with && !without);
            }
            !with
        });
        eprintln!("dead without runs {both}, with runs only {runs_only}");
        assert!(runs_only * 20 > both, "{runs_only} more against {both}");
    }

    #[test]
    fn no_position_on_the_way_of_a_won_game_is_dead() {
        // Whatever the real game does, `dead`'s looser rules allow (a run moved leaves from its
        // lowest card, a card taken back stays home): every position of a won game is alive,
        // in all four Klondike modes (runs stay on their columns with one deck). The won games
        // are the solver's lines and the grades' player's, who knows nothing of the solver.
        let (mut games, mut checked) = (0, 0);
        for mode in ["KL1-D1N", "KL1-D3N", "KL1-D1V", "KL1-D3V"] {
            let base = GameCode::parse(&format!("{mode}-AAAAAAA")).unwrap();
            for deal in 0..60 {
                let code = GameCode::new(base.game, base.draw, base.scoring, deal);
                let player = crate::solver::grade::play(code, deal);
                let mut lines = vec![player.log().to_vec()];
                let budget = crate::solver::Budget { states: 50_000 };
                if let crate::solver::Verdict::Winnable(line) =
                    crate::solver::solve(&Game::new(code), budget)
                {
                    lines.push(line.into_iter().map(crate::engine::Entry::Act).collect());
                }
                if !player.is_won() {
                    lines.remove(0);
                }
                for line in lines {
                    let mut g = Game::new(code);
                    games += 1;
                    for entry in line {
                        assert!(
                            !State::from_game(&g).unwrap().dead(),
                            "{code}: called dead after {} actions of a won game",
                            g.log().len()
                        );
                        checked += 1;
                        match entry {
                            crate::engine::Entry::Act(a) => {
                                g.apply(a).unwrap();
                            }
                            crate::engine::Entry::Undo => {
                                g.undo().unwrap();
                            }
                        }
                    }
                    assert!(g.is_won(), "{code}: the game should end won");
                }
            }
        }
        eprintln!("{games} won games, {checked} positions");
        assert!(
            games > 100 && checked > 10_000,
            "{games} games, {checked} positions"
        );
    }

    #[test]
    fn the_stock_holds_its_cards_back_as_the_rules_say() {
        // The looser rules of `dead` keep what the stock holds back. In one pass its cards
        // come onto the waste one group after another, and a card left there lies under the
        // next ones; with unlimited passes a talon card leaves only to where a card can go,
        // and with draw three only once the stock can bring it. The same cards in the same
        // places are dead at least as often in one pass, and far more often: with draw three
        // the order alone proves most deals lost before a move. The floors below sit just under
        // what these rules prove on deals 0..199; looser rules fall short of them: a King that
        // could always leave a pile (not only once a column is empty), talon cards out from the
        // start (needing nowhere to go), or with draw three any talon card at any time.
        use crate::engine::{Draw, GameKind, Scoring};
        for (draw, at_least, unlimited_at_least) in [(Draw::One, 40, 4), (Draw::Three, 110, 8)] {
            let (mut one_pass, mut unlimited) = (0, 0);
            for deal in 0..200 {
                let dead = |scoring| {
                    let code = GameCode::new(GameKind::Klondike, draw, scoring, deal);
                    State::from_game(&Game::new(code)).unwrap().dead()
                };
                let (v, n) = (dead(Scoring::Vegas), dead(Scoring::Normal));
                assert!(
                    v || !n,
                    "{draw:?} deal {deal}: dead with unlimited passes only"
                );
                one_pass += usize::from(v);
                unlimited += usize::from(n);
            }
            assert!(
                one_pass >= unlimited + at_least,
                "{draw:?}: {one_pass} against {unlimited}"
            );
            assert!(
                unlimited >= unlimited_at_least,
                "{draw:?}: {unlimited} with unlimited"
            );
        }
    }
}
