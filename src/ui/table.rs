//! The table as the player sees and handles it: its layout, the cards being dragged, the
//! animations that show what the engine did (slides, a card turning over, the cascade of a
//! won game), and the hit-testing that turns a click or a drop into an engine action. It acts
//! on the game it is handed and reports what happened; the app decides what follows (the
//! status line, the bookkeeping, a save). A replay has a table of its own.

use super::anim::{CASCADE_STEP_MS, Cascade, Drag, FLIP_MS, Flip, SLIDE_MS, Slide};
use super::geom::Rect;
use super::layout::{Layout, Shape};
use crate::engine::{
    Action, Card, Game, GameKind, Outcome, OutcomeKind, Pile, Refusal, Source, Target,
};

/// Where the cards of a move were on screen before it, bottom first (their slides start there).
pub type From = Vec<(i32, i32)>;

pub struct Table {
    layout: Layout,
    drag: Option<Drag>,
    slides: Vec<Slide>,
    flip: Option<Flip>,
    cascade: Option<Cascade>,
    /// The first click of a possible double-click moved its card.
    first_click_moved: bool,
    /// The card the last click was on (a double-click is two clicks on the same card).
    first_card: Option<Card>,
    /// The keyboard's focus (`ui::focus`).
    focus: super::focus::Focus,
}

/// What a click on the table did.
pub struct Clicked {
    pub result: Result<Outcome, Refusal>,
    pub from: From,
    /// A refusal is worth saying (a click on the stock, a double-click that found no place).
    pub say: bool,
}

/// What a drop did.
pub enum Dropped {
    Moved(Outcome, From),
    /// The engine refused the move; the cards went back.
    Refused(Refusal),
    /// Let go outside the table (off the window, or on the bar); the cards went back.
    Outside,
    /// Let go where they came from, or nowhere; the cards went back.
    Back,
}

impl Table {
    pub fn new(game: GameKind, shape: Shape) -> Table {
        Table {
            layout: Layout::for_shape(game, shape),
            drag: None,
            slides: Vec::new(),
            flip: None,
            cascade: None,
            first_click_moved: false,
            first_card: None,
            focus: Default::default(),
        }
    }

    /// A table with the default shape's layout (a built game in tests, a restored one).
    pub fn default_for(game: GameKind) -> Table {
        Table {
            layout: Layout::new(game),
            ..Table::new(game, Shape::default())
        }
    }

    pub fn focus(&self) -> super::focus::Focus {
        self.focus
    }

    pub fn set_focus(&mut self, focus: super::focus::Focus) {
        self.focus = focus;
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn drag(&self) -> Option<&Drag> {
        self.drag.as_ref()
    }

    pub fn slides(&self) -> &[Slide] {
        &self.slides
    }

    pub fn flip(&self) -> Option<Flip> {
        self.flip
    }

    pub fn cascade(&self) -> Option<&Cascade> {
        self.cascade.as_ref()
    }

    /// The layout for a new shape of the framebuffer. A drag under way goes back (its cards
    /// were held in the old layout's pixels); says whether there was one.
    pub fn reshape(&mut self, game: GameKind, shape: Shape) -> bool {
        self.layout = Layout::for_shape(game, shape);
        let dragged = self.drag.take().is_some();
        self.slides.clear();
        self.flip = None;
        if let Some(c) = &mut self.cascade {
            c.stamps.clear();
        }
        dragged
    }

    /// A new game on the table: every drag and animation left behind.
    pub fn reset(&mut self, game: GameKind, shape: Shape) {
        *self = Table {
            first_card: self.first_card,
            ..Table::new(game, shape)
        };
    }

    /// No slide, no turning card, no cascade (a move undone, a replay begun or ended).
    pub fn still(&mut self) {
        self.drag = None;
        self.slides.clear();
        self.flip = None;
        self.cascade = None;
    }

    /// The drag under way ends where it is, its cards back in place at once.
    pub fn forget_drag(&mut self) {
        self.drag = None;
    }

    /// Slides and the turning card stop where they are; the cascade goes on.
    pub fn stop_moves(&mut self) {
        self.slides.clear();
        self.flip = None;
    }

    /// Whether anything moves by itself.
    pub fn is_animating(&self) -> bool {
        !self.slides.is_empty()
            || self.flip.is_some()
            || self.cascade.as_ref().is_some_and(|c| !c.is_done())
    }

    /// Advances the animations to `now`; says whether the picture changed.
    pub fn tick(&mut self, now: u64) -> bool {
        let before = (self.slides.len(), self.flip.is_some());
        self.slides.retain(|s| now < s.start + SLIDE_MS);
        if self.flip.is_some_and(|f| now >= f.start + FLIP_MS) {
            self.flip = None;
        }
        let mut changed = before != (self.slides.len(), self.flip.is_some())
            || !self.slides.is_empty()
            || self.flip.is_some();
        if let Some(c) = &mut self.cascade {
            let mut steps = 0;
            while c.last_step + CASCADE_STEP_MS <= now && !c.is_done() && steps < 64 {
                c.last_step += CASCADE_STEP_MS;
                c.step(&self.layout);
                steps += 1;
            }
            if c.last_step + CASCADE_STEP_MS <= now && c.is_done() {
                c.last_step = now;
            }
            changed |= steps > 0;
        }
        changed
    }

    /// Ends the slides and the turning card at once (a new press never waits for one); says
    /// whether there were any.
    pub fn finish_animations(&mut self) -> bool {
        let any = !self.slides.is_empty() || self.flip.is_some();
        self.stop_moves();
        any
    }

    /// The won game's cascade begins.
    pub fn start_cascade(&mut self, game: &Game, now: u64) {
        self.cascade = Some(Cascade::new(game, now));
    }

    /// A click skips a cascade under way; says whether there was one.
    pub fn skip_cascade(&mut self) -> bool {
        let running = self.cascade.as_ref().is_some_and(|c| !c.is_done());
        if running {
            self.cascade = None;
        }
        running
    }

    /// A click (or the second of a double-click) on the table: what the engine did with it,
    /// if it was asked anything. `search`: a double-click looks for a place (the setting).
    pub fn click(
        &mut self,
        game: &mut Game,
        (x, y): (i32, i32),
        double: bool,
        search: bool,
    ) -> Option<Clicked> {
        let hit = self.layout.hit(game.table(), x, y)?;
        let from = match hit.pile {
            Pile::Stock => Vec::new(),
            _ if !hit.face_up || hit.depth == 0 => {
                self.first_click_moved = false;
                return None;
            }
            pile => self.source_rects(game, pile, hit.depth),
        };
        // A double-click is two clicks on the same card: a quick click on another card (the
        // next one up the waste, say) is a click of its own.
        let card = card_under(game, hit.pile, hit.depth);
        let double = double && (hit.pile == Pile::Stock || card == self.first_card);
        self.first_card = card;
        // A refused click on the stock, or a double-click that finds no place, says why; a
        // single click on a card no foundation takes does nothing (it may be a double-click's
        // first half).
        let say = double || hit.pile == Pile::Stock;
        // The engine says what each click of a double-click does (the stock draws on each).
        let result = if double {
            let moved = std::mem::take(&mut self.first_click_moved);
            game.second_click(hit.pile, hit.depth, moved, search)
                .transpose()?
        } else if hit.pile == Pile::Stock
            || (hit.depth == 1 && !matches!(hit.pile, Pile::Foundation(_)))
        {
            let result = game.click(hit.pile, hit.depth);
            self.first_click_moved = result.is_ok() && hit.pile != Pile::Stock;
            result
        } else {
            self.first_click_moved = false;
            return None;
        };
        Some(Clicked { result, from, say })
    }

    /// Where the top `depth` cards of a pile are now, bottom first.
    pub fn source_rects(&self, game: &Game, pile: Pile, depth: usize) -> From {
        let t = game.table();
        (1..=depth)
            .rev()
            .map(|d| {
                let r = self.layout.card_rect(t, pile, d);
                (r.x, r.y)
            })
            .collect()
    }

    /// Where the cards of `action` are now, before it is applied.
    pub fn action_rects(&self, game: &Game, action: Action) -> From {
        match action {
            Action::Move { from, .. } => self.source_rects(game, from.pile(), from.count()),
            Action::Draw => Vec::new(),
        }
    }

    /// Shows what an action did: the cards slide to their place, a revealed card turns over.
    pub fn show(&mut self, outcome: &Outcome, from: From, now: u64) {
        match &outcome.kind {
            OutcomeKind::Drew(cards) => {
                let s = self.layout.stock;
                self.slides.push(Slide {
                    to: Pile::Waste,
                    cards: cards.clone(),
                    from: vec![(s.x, s.y); cards.len()],
                    start: now,
                });
            }
            OutcomeKind::Recycled(_) => {}
            OutcomeKind::Moved { to, cards, .. } => {
                if from.len() == cards.len() {
                    self.slides.push(Slide {
                        to: *to,
                        cards: cards.clone(),
                        from,
                        start: now,
                    });
                }
            }
        }
        if let Some((column, _)) = outcome.revealed {
            self.flip = Some(Flip { column, start: now });
        }
    }

    /// A drag begins at a face-up card; says whether one did.
    pub fn drag_start(&mut self, game: &Game, from: (i32, i32), at: (i32, i32)) -> bool {
        let Some(hit) = self.layout.hit(game.table(), from.0, from.1) else {
            return false;
        };
        if !hit.face_up || hit.depth == 0 {
            return false;
        }
        let source = match hit.pile {
            Pile::Waste => Source::Waste,
            Pile::Foundation(i) => Source::Foundation(i),
            Pile::Column(index) => Source::Column {
                index,
                count: hit.depth,
            },
            Pile::Stock => return false,
        };
        let Ok(cards) = game.source_cards(source) else {
            return false;
        };
        self.drag = Some(Drag {
            source,
            cards: cards.to_vec(),
            grab: (from.0 - hit.rect.x, from.1 - hit.rect.y),
            pointer: at,
            size: (self.layout.card_w, self.layout.card_h),
            step: self.layout.up_step as i32,
        });
        true
    }

    /// The dragged cards follow the pointer; says whether there are any.
    pub fn drag_move(&mut self, x: i32, y: i32) -> bool {
        let Some(d) = &mut self.drag else {
            return false;
        };
        d.pointer = (x, y);
        true
    }

    /// Where dragged cards would land if dropped now: the column or the foundation area they
    /// cover most.
    pub fn drop_target(&self, game: &Game) -> Option<Target> {
        let r = self.drag.as_ref()?.rect();
        let t = game.table();
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
    pub fn legal_drop_rects(&self, game: &Game) -> Vec<Rect> {
        let Some(d) = &self.drag else {
            return Vec::new();
        };
        let t = game.table();
        let mut out = Vec::new();
        if let Ok(Pile::Foundation(i)) = game.check_move(d.source, Target::Foundation) {
            out.push(self.layout.foundations[i]);
        }
        for j in 0..t.columns.len() {
            if game.check_move(d.source, Target::Column(j)).is_ok() {
                out.push(self.layout.top_rect(t, Pile::Column(j)));
            }
        }
        out
    }

    /// The dragged cards are let go at (`x`, `y`): moved where they land if the engine takes
    /// them there, else back where they came from. `inside`: the point is on the table.
    pub fn drop(&mut self, game: &mut Game, (x, y): (i32, i32), inside: bool, now: u64) -> Dropped {
        let Some(d) = self.drag.as_mut() else {
            return Dropped::Back;
        };
        d.pointer = (x, y);
        let target = self.drop_target(game);
        let Some(d) = self.drag.take() else {
            return Dropped::Back;
        };
        let from = dragged_rects(&d);
        let to = match target {
            Some(to) if Some(to) != own_column(d.source) => to,
            _ => {
                self.return_cards(&d, from, now);
                return if inside {
                    Dropped::Back
                } else {
                    Dropped::Outside
                };
            }
        };
        match game.apply(Action::Move { from: d.source, to }) {
            Ok(outcome) => Dropped::Moved(outcome, from),
            Err(refusal) => {
                self.return_cards(&d, from, now);
                Dropped::Refused(refusal)
            }
        }
    }

    fn return_cards(&mut self, d: &Drag, from: From, now: u64) {
        self.slides.push(Slide {
            to: d.source.pile(),
            cards: d.cards.clone(),
            from,
            start: now,
        });
    }

    /// The drag is called off: the cards go back. Says whether there was one.
    pub fn cancel_drag(&mut self, now: u64) -> bool {
        let Some(d) = self.drag.take() else {
            return false;
        };
        let from = dragged_rects(&d);
        self.return_cards(&d, from, now);
        true
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

/// Where the dragged cards are, bottom first.
fn dragged_rects(d: &Drag) -> From {
    let r = d.rect();
    (0..d.cards.len())
        .map(|i| (r.x, r.y + i as i32 * d.step))
        .collect()
}

/// The card `depth` from the top of a pile (1: the top card), if there is one.
fn card_under(game: &Game, pile: Pile, depth: usize) -> Option<Card> {
    let t = game.table();
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

fn own_column(source: Source) -> Option<Target> {
    match source {
        Source::Column { index, .. } => Some(Target::Column(index)),
        _ => None,
    }
}
