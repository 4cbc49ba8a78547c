//! The gestures of RULES.md §3 as the rules see them: a click, a double-click and the search
//! for where a card goes; and every action legal now. The one owner of what a gesture does:
//! the windowless UI, the script interface and keyboard play all ask here.

use super::card::Card;
use super::game::{Action, Game, Outcome, Pile, Refusal, Source, Target};

impl Game {
    /// A click (RULES.md §3) on the stock, or on the top card of the waste or a column: the stock
    /// draws; a card goes to the foundation that takes it. `depth` is 1 for the top card.
    pub fn click(&mut self, pile: Pile, depth: usize) -> Result<Outcome, Refusal> {
        match pile {
            Pile::Stock => self.apply(Action::Draw),
            Pile::Foundation(i) => {
                self.source_cards(Source::Foundation(i))?;
                Err(Refusal::FoundationCardsAreDragged)
            }
            Pile::Waste | Pile::Column(_) => {
                let from = self.source_at(pile, depth)?;
                self.source_cards(from)?;
                if depth != 1 {
                    return Err(Refusal::OnlyTopCardClicks);
                }
                self.apply(Action::Move {
                    from,
                    to: Target::Foundation,
                })
            }
        }
    }

    /// A double-click (RULES.md §3): two clicks on the same card. The first is a click; the
    /// second is `second_click`. Its outcome is the last move made.
    pub fn double_click(
        &mut self,
        pile: Pile,
        depth: usize,
        search: bool,
    ) -> Result<Outcome, Refusal> {
        let first = match (pile, depth) {
            (Pile::Stock, _) | (_, 1) => Some(self.click(pile, depth)),
            // A run: no click moves it.
            _ => None,
        };
        let moved = match first {
            Some(Ok(outcome)) => Some(outcome),
            Some(Err(Refusal::NoFoundationTakes(_))) | None => None,
            Some(Err(other)) => return Err(other),
        };
        match (
            self.second_click(pile, depth, moved.is_some(), search),
            moved,
        ) {
            (Ok(Some(outcome)), _) => Ok(outcome),
            // The second click refused (a stock emptied by the first), or had nothing to do.
            (_, Some(first)) => Ok(first),
            (Err(refusal), None) => Err(refusal),
            (Ok(None), None) => Err(Refusal::NoPlaceOnTable(self.top_card(pile, depth)?)),
        }
    }

    /// The second click of a double-click, the first one done (`first_moved`: it moved its
    /// card). On the stock it is a click: each click draws. On a card the first click moved,
    /// that was all; on one it did not, the table search (RULES.md §3) when `search` (the
    /// Double-click setting) is on, nothing when it is off. `None`: nothing more to do.
    pub fn second_click(
        &mut self,
        pile: Pile,
        depth: usize,
        first_moved: bool,
        search: bool,
    ) -> Result<Option<Outcome>, Refusal> {
        if pile == Pile::Stock {
            return self.click(pile, depth).map(Some);
        }
        if first_moved || !search {
            return Ok(None);
        }
        let from = self.source_at(pile, depth)?;
        let to = self.table_target(from)?;
        self.apply(Action::Move {
            from,
            to: Target::Column(to),
        })
        .map(Some)
    }

    /// The card `depth` from the top of a pile (1: the top card).
    fn top_card(&self, pile: Pile, depth: usize) -> Result<Card, Refusal> {
        let from = self.source_at(pile, depth)?;
        Ok(self.source_cards(from)?[0])
    }

    fn source_at(&self, pile: Pile, depth: usize) -> Result<Source, Refusal> {
        match pile {
            Pile::Waste if depth == 1 => Ok(Source::Waste),
            Pile::Waste => Err(Refusal::OnlyTopCardClicks),
            Pile::Column(index) => Ok(Source::Column {
                index,
                count: depth,
            }),
            Pile::Foundation(_) => Err(Refusal::FoundationCardsAreDragged),
            Pile::Stock => Err(Refusal::EmptyPile(Pile::Stock)),
        }
    }

    /// The double-click search on the table (RULES.md §3): among the columns the card or run fits,
    /// the longest (all its cards counted; ties: leftmost); else, for a King, the leftmost empty
    /// column. Never the card's own column.
    pub fn table_target(&self, from: Source) -> Result<usize, Refusal> {
        if let Source::Foundation(_) = from {
            return Err(Refusal::FoundationCardsAreDragged);
        }
        let first = self.source_cards(from)?[0];
        // The card's own column is never chosen, and needs no exclusion: its top is the moved
        // run's own top card, which the run's first card never fits on, and it is not empty.
        let cols = &self.table().columns;
        let mut best: Option<usize> = None;
        for (j, col) in cols.iter().enumerate() {
            if let Some(onto) = col.top()
                && first.fits_on(onto)
                && best.is_none_or(|b| col.len() > cols[b].len())
            {
                best = Some(j);
            }
        }
        if best.is_none() && first.is_king() {
            best = (0..cols.len()).find(|&j| cols[j].is_empty());
        }
        best.ok_or(Refusal::NoPlaceOnTable(first))
    }

    /// Every legal action now (for tests, property checks and simple players).
    pub fn legal_actions(&self) -> Vec<Action> {
        let mut out = Vec::new();
        if self.check(Action::Draw).is_ok() {
            out.push(Action::Draw);
        }
        let mut sources = vec![Source::Waste];
        sources.extend((0..self.table().foundations.len()).map(Source::Foundation));
        for (index, col) in self.table().columns.iter().enumerate() {
            sources.extend((1..=col.up.len()).map(|count| Source::Column { index, count }));
        }
        let mut targets = vec![Target::Foundation];
        targets.extend((0..self.table().columns.len()).map(Target::Column));
        for &from in &sources {
            for &to in &targets {
                if self.check_move(from, to).is_ok() {
                    out.push(Action::Move { from, to });
                }
            }
        }
        out
    }
}
