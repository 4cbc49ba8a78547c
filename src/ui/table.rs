//! Play on the table: clicks and double-clicks on cards, drags and drops, and what the engine's
//! answer looks like (slides, a card turning over, the win).

use super::anim::{Cascade, Drag, Flip, Slide};
use super::app::App;
use super::geom::Rect;
use super::screens::Screen;
use crate::engine::{Action, Card, Outcome, OutcomeKind, Pile, Refusal, Source, Target};

impl App {
    pub(super) fn click(&mut self, x: i32, y: i32, double: bool) {
        if let Some(action) = self.widget_at(x, y) {
            self.ui_action(action);
            return;
        }
        if self.screen == Screen::Won && self.cascade.as_ref().is_some_and(|c| !c.is_done()) {
            // Any click skips the cascade of a won game.
            self.cascade = None;
            self.dirty = true;
            return;
        }
        if self.screen != Screen::Table {
            return;
        }
        let Some(hit) = self.layout.hit(self.game.table(), x, y) else {
            return;
        };
        let from_rects = match hit.pile {
            Pile::Stock => Vec::new(),
            _ if !hit.face_up || hit.depth == 0 => {
                self.first_click_moved = false;
                return;
            }
            pile => self.source_rects(pile, hit.depth),
        };
        // A double-click is two clicks on the same card: a quick click on another card (the
        // next one up the waste, say) is a click of its own.
        let card = self.card_under(hit.pile, hit.depth);
        let double = double && (hit.pile == Pile::Stock || card == self.first_card);
        self.first_card = card;
        // A refused click on the stock, or a double-click that finds no place, says why; a
        // single click on a card no foundation takes does nothing (it may be a double-click's
        // first half).
        let say = double || hit.pile == Pile::Stock;
        // The engine says what each click of a double-click does (the stock draws on each).
        let result = if double {
            let moved = std::mem::take(&mut self.first_click_moved);
            let search = self.settings.double_click;
            match self.game.second_click(hit.pile, hit.depth, moved, search) {
                Ok(None) => return,
                Ok(Some(outcome)) => Ok(outcome),
                Err(refusal) => Err(refusal),
            }
        } else if hit.pile == Pile::Stock
            || (hit.depth == 1 && !matches!(hit.pile, Pile::Foundation(_)))
        {
            let result = self.game.click(hit.pile, hit.depth);
            self.first_click_moved = result.is_ok() && hit.pile != Pile::Stock;
            result
        } else {
            self.first_click_moved = false;
            return;
        };
        if let (Err(refusal), true) = (&result, say) {
            self.set_status(super::strings::refusal_text(refusal));
        }
        self.after(result, from_rects);
    }

    /// The card `depth` from the top of a pile (1: the top card), if there is one.
    fn card_under(&self, pile: Pile, depth: usize) -> Option<Card> {
        let t = self.game.table();
        let cards: Vec<Card> = match pile {
            Pile::Stock => return None,
            Pile::Waste => t.waste.clone(),
            Pile::Foundation(i) => t.foundations.get(i)?.clone(),
            Pile::Column(i) => {
                let col = t.columns.get(i)?;
                col.down.iter().chain(&col.up).copied().collect()
            }
        };
        cards.len().checked_sub(depth).map(|k| cards[k])
    }

    /// Where the top `depth` cards of a pile are now, bottom first.
    pub(super) fn source_rects(&self, pile: Pile, depth: usize) -> Vec<(i32, i32)> {
        let t = self.game.table();
        (1..=depth)
            .rev()
            .map(|d| {
                let r = self.layout.card_rect(t, pile, d);
                (r.x, r.y)
            })
            .collect()
    }

    /// Shows what an action did: slides, a turning card, the win.
    pub(super) fn after(&mut self, result: Result<Outcome, Refusal>, from: Vec<(i32, i32)>) {
        self.dirty = true;
        let outcome = match result {
            Ok(o) => o,
            Err(_) => return,
        };
        // A replay's steps change nothing worth saving (the game in play waits aside).
        self.save_needed |= self.watch.is_none();
        self.game_changed();
        match &outcome.kind {
            OutcomeKind::Drew(cards) => {
                let s = self.layout.stock;
                self.slides.push(Slide {
                    to: Pile::Waste,
                    cards: cards.clone(),
                    from: vec![(s.x, s.y); cards.len()],
                    start: self.now,
                });
            }
            OutcomeKind::Recycled(_) => {}
            OutcomeKind::Moved { to, cards, .. } => {
                if from.len() == cards.len() {
                    self.slides.push(Slide {
                        to: *to,
                        cards: cards.clone(),
                        from,
                        start: self.now,
                    });
                }
            }
        }
        if let Some((column, _)) = outcome.revealed {
            self.flip = Some(Flip {
                column,
                start: self.now,
            });
        }
        if self.game.is_won() && self.watch.is_none() {
            self.screen = Screen::Won;
            self.cascade = Some(Cascade::new(&self.game, self.now));
            if !self.counted {
                let g = &self.game;
                self.stats.record_win(g.code(), g.score(), g.moves());
                self.add_vegas_result();
                self.counted = true;
            }
        }
    }

    pub(super) fn drag_start(&mut self, from_x: i32, from_y: i32, x: i32, y: i32) {
        if self.screen != Screen::Table {
            return;
        }
        let Some(hit) = self.layout.hit(self.game.table(), from_x, from_y) else {
            return;
        };
        if !hit.face_up || hit.depth == 0 {
            return;
        }
        let source = match hit.pile {
            Pile::Waste => Source::Waste,
            Pile::Foundation(i) => Source::Foundation(i),
            Pile::Column(index) => Source::Column {
                index,
                count: hit.depth,
            },
            Pile::Stock => return,
        };
        let Ok(cards) = self.game.source_cards(source) else {
            return;
        };
        self.drag = Some(Drag {
            source,
            cards: cards.to_vec(),
            grab: (from_x - hit.rect.x, from_y - hit.rect.y),
            pointer: (x, y),
            size: (self.layout.card_w, self.layout.card_h),
            step: self.layout.up_step as i32,
        });
        self.dirty = true;
    }

    /// Where dragged cards would land if dropped now: the column or the foundation area they
    /// cover most.
    pub fn drop_target(&self) -> Option<Target> {
        let d = self.drag.as_ref()?;
        let r = d.rect();
        let t = self.game.table();
        let mut best: Option<(i32, Target)> = None;
        let mut consider = |area: i32, target: Target| {
            if area > 0 && best.is_none_or(|(a, _)| area > a) {
                best = Some((area, target));
            }
        };
        consider(r.overlap(&self.layout.foundation_area), Target::Foundation);
        for j in 0..t.columns.len() {
            consider(
                r.overlap(&self.layout.column_drop_rect(t, j)),
                Target::Column(j),
            );
        }
        best.map(|(_, t)| t)
    }

    /// The places where the dragged cards may land (outlined while dragging).
    pub fn legal_drop_rects(&self) -> Vec<Rect> {
        let Some(d) = &self.drag else {
            return Vec::new();
        };
        let t = self.game.table();
        let mut out = Vec::new();
        if let Ok(Pile::Foundation(i)) = self.game.check_move(d.source, Target::Foundation) {
            out.push(self.layout.foundations[i]);
        }
        for j in 0..t.columns.len() {
            if self.game.check_move(d.source, Target::Column(j)).is_ok() {
                out.push(self.layout.top_rect(t, Pile::Column(j)));
            }
        }
        out
    }

    pub(super) fn drop(&mut self, x: i32, y: i32) {
        let Some(mut d) = self.drag.clone() else {
            return;
        };
        d.pointer = (x, y);
        self.drag = Some(d.clone());
        let target = self.drop_target();
        self.drag = None;
        let r = d.rect();
        let from: Vec<(i32, i32)> = (0..d.cards.len())
            .map(|i| (r.x, r.y + i as i32 * d.step))
            .collect();
        let result = match target {
            Some(to) if Some(to) != own_column(d.source) => {
                self.game.apply(Action::Move { from: d.source, to })
            }
            _ => {
                // Let go outside the table (off the window, or on the bar): say so.
                if !self.shape.table().contains(x, y) {
                    self.set_status(super::strings::strings().dropped_outside);
                }
                self.return_cards(&d, from);
                return;
            }
        };
        match result {
            Ok(outcome) => self.after(Ok(outcome), from),
            Err(refusal) => {
                self.set_status(super::strings::refusal_text(&refusal));
                self.return_cards(&d, from);
            }
        }
    }

    fn return_cards(&mut self, d: &Drag, from: Vec<(i32, i32)>) {
        self.slides.push(Slide {
            to: d.source.pile(),
            cards: d.cards.clone(),
            from,
            start: self.now,
        });
        self.dirty = true;
    }

    pub(super) fn cancel_drag(&mut self) {
        if let Some(d) = self.drag.take() {
            let r = d.rect();
            let from = (0..d.cards.len())
                .map(|i| (r.x, r.y + i as i32 * d.step))
                .collect();
            self.return_cards(&d, from);
        }
    }

    /// How many top cards of a pile are not drawn in place (being dragged or sliding there).
    pub fn hidden_on(&self, pile: Pile) -> usize {
        let mut n = 0;
        if let Some(d) = &self.drag
            && d.source.pile() == pile
        {
            n += d.cards.len();
        }
        for s in &self.slides {
            if s.to == pile {
                n += s.cards.len();
            }
        }
        n
    }
}

fn own_column(source: Source) -> Option<Target> {
    match source {
        Source::Column { index, .. } => Some(Target::Column(index)),
        _ => None,
    }
}
