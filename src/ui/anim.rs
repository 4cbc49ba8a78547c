//! What moves on the table by itself: cards sliding into place, a card turning over, the cards
//! following the pointer, and the bouncing cascade of a won game. Pure data and arithmetic:
//! the renderer draws them, the app starts and ends them.

use super::geom::Rect;
use super::layout::Layout;
use crate::engine::{Card, Game, Pile, Source};

/// How long a card slides, and how long a card takes to turn over, in milliseconds.
pub const SLIDE_MS: u64 = 110;
pub const FLIP_MS: u64 = 140;
/// One step of the win cascade.
pub const CASCADE_STEP_MS: u64 = 10;

/// Cards following the pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drag {
    pub source: Source,
    pub cards: Vec<Card>,
    /// Where in the first card the pointer holds it.
    pub grab: (i32, i32),
    pub pointer: (i32, i32),
    /// A card's size, and the step between the cards held.
    pub size: (i32, i32),
    pub step: i32,
}

impl Drag {
    /// The rectangle of the first (lowest) dragged card.
    pub fn rect(&self) -> Rect {
        Rect::new(
            self.pointer.0 - self.grab.0,
            self.pointer.1 - self.grab.1,
            self.size.0,
            self.size.1,
        )
    }
}

/// Cards sliding from where they were to the top of `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    pub to: Pile,
    pub cards: Vec<Card>,
    pub from: Vec<(i32, i32)>,
    pub start: u64,
}

/// A face-down card turning up at the end of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flip {
    pub column: usize,
    pub start: u64,
}

/// The bouncing cards of a won game. Every step leaves a stamp; the screen keeps the trail.
#[derive(Clone, Debug, PartialEq)]
pub struct Cascade {
    /// (card, x, y) in the order drawn.
    pub stamps: Vec<(Card, i32, i32)>,
    /// How many cards have left each foundation place.
    pub launched: Vec<usize>,
    order: Vec<(usize, Card)>,
    next: usize,
    /// The cards in flight: (card, x, y, vx, vy).
    balls: Vec<(Card, f32, f32, f32, f32)>,
    /// Steps since the last card left, and how many steps apart cards leave.
    since_launch: usize,
    interval: usize,
    pub last_step: u64,
}

/// The steps the whole cascade takes at most, about: its cards leave one after another,
/// spread over this many steps less the flight of the last (at 10 ms a step, under 8 s).
const CASCADE_STEPS: usize = 650;

impl Cascade {
    pub fn new(game: &Game, now: u64) -> Cascade {
        let t = game.table();
        // Kings first, place by place, then queens, … as the classic cascade does.
        let mut order = Vec::new();
        for rank in (0..13).rev() {
            for (i, f) in t.foundations.iter().enumerate() {
                if let Some(&c) = f.get(rank) {
                    order.push((i, c));
                }
            }
        }
        let interval = (CASCADE_STEPS / order.len().max(1)).max(1);
        Cascade {
            stamps: Vec::new(),
            launched: vec![0; t.foundations.len()],
            order,
            next: 0,
            balls: Vec::new(),
            since_launch: interval,
            interval,
            last_step: now,
        }
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.order.len() && self.balls.is_empty()
    }

    pub fn step(&mut self, layout: &Layout) {
        if self.since_launch >= self.interval
            && let Some(&(place, card)) = self.order.get(self.next)
        {
            self.since_launch = 0;
            self.next += 1;
            self.launched[place] += 1;
            let r = layout.foundations[place];
            // Deterministic "random" throws from the card's position in the order.
            let k = self.next as f32;
            let vx = (4.0 + (k * 1.7) % 5.0)
                * if self.next.is_multiple_of(2) {
                    1.0
                } else {
                    -1.0
                };
            let vy = -((k * 2.3) % 5.0);
            self.balls.push((card, r.x as f32, r.y as f32, vx, vy));
        }
        self.since_launch += 1;
        let floor = (layout.shape.h - layout.card_h) as f32;
        for (card, x, y, vx, vy) in &mut self.balls {
            *vy += 0.45;
            *x += *vx;
            *y += *vy;
            if *y > floor {
                *y = floor;
                *vy = -*vy * 0.78;
            }
            self.stamps
                .push((*card, x.round() as i32, y.round() as i32));
        }
        let (w, card_w) = (layout.shape.w as f32, layout.card_w as f32);
        self.balls
            .retain(|&(_, x, _, _, _)| x + card_w >= 0.0 && x <= w);
    }
}
