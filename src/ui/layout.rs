//! Where every pile lies in the framebuffer, for each game, and which card is under a pixel.
//! Pure geometry: no drawing, no rules.

pub use super::geom::Rect;
use crate::engine::{Column, GameKind, Pile, Table};

/// The framebuffer of a 1280 × 720 window (2 ×), and of every test that gives no other size.
pub const FB_W: i32 = 640;
pub const FB_H: i32 = 360;

/// The framebuffer's shape, which follows the window's, and how big a finger is in it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shape {
    pub w: i32,
    pub h: i32,
    /// On a touch screen, the framebuffer pixels that make 40 CSS pixels (the smallest button
    /// a finger hits surely); 0 with a mouse.
    pub touch: i32,
}

impl Default for Shape {
    fn default() -> Shape {
        Shape::new(FB_W, FB_H)
    }
}

impl Shape {
    pub const fn new(w: i32, h: i32) -> Shape {
        Shape { w, h, touch: 0 }
    }

    pub fn portrait(&self) -> bool {
        self.h > self.w
    }

    /// Height of a button: 14 pixels, or a finger's width on a touch screen.
    pub fn button_h(&self) -> i32 {
        self.touch.max(14)
    }

    /// One row of the bar: a button and its margin.
    pub fn bar_row_h(&self) -> i32 {
        self.button_h() + 4
    }

    /// Whether the bar's buttons and its info share one row (else: the info on a line of its
    /// own, the buttons in two rows under it, within a thumb's reach).
    pub fn bar_one_row(&self) -> bool {
        self.w >= 560
    }

    /// How many rows the bar's buttons take when the info has a line of its own: one for a
    /// mouse where the buttons fit side by side, two big ones for a finger or a window too
    /// narrow for one row.
    pub fn bar_button_rows(&self) -> i32 {
        if self.touch == 0 && super::screens::bar::one_row_fits(self.w) {
            1
        } else {
            2
        }
    }

    /// The bar at the bottom, with the buttons, score, moves and game code.
    pub fn bar(&self) -> Rect {
        let h = if self.bar_one_row() {
            self.bar_row_h()
        } else {
            super::geom::LINE_H + 4 + self.bar_button_rows() * self.bar_row_h()
        };
        Rect::new(0, self.h - h, self.w, h)
    }

    /// The table above the bar, where the cards and the windows lie.
    pub fn table(&self) -> Rect {
        Rect::new(0, 0, self.w, self.bar().y)
    }
}

#[derive(Clone, Debug, PartialEq)]
pub struct Layout {
    pub kind: GameKind,
    pub shape: Shape,
    /// A card's size: every card of the table, the art is drawn for it.
    pub card_w: i32,
    pub card_h: i32,
    /// Vertical step between face-down cards in a column, and between face-up ones, before any
    /// compression.
    pub down_step: f32,
    pub up_step: f32,
    /// Horizontal step between the fanned cards of a draw-3 waste.
    pub fan_step: i32,
    pub stock: Rect,
    /// The slot of the waste; a draw-3 fan spreads to the right of it.
    pub waste: Rect,
    pub foundations: Vec<Rect>,
    /// Anywhere here counts as a drop on the foundations.
    pub foundation_area: Rect,
    /// The slot of each column's first card.
    pub columns: Vec<Rect>,
    /// No column card reaches below this line.
    pub column_limit: i32,
}

/// A card (or empty place) under the pointer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    pub pile: Pile,
    /// 1 for the top card, 2 for the one under it, …; 0 for an empty pile.
    pub depth: usize,
    /// Whether the card shows its face.
    pub face_up: bool,
    /// The card's rectangle.
    pub rect: Rect,
}

/// A card's height for its width: the shape of a playing card (63 × 88 mm).
fn height_for(w: i32) -> i32 {
    (w * 7 + 2) / 5
}

/// The widest card that fits `slots` places across `usable` pixels (a gap between columns of
/// a tenth of a card, plus the foundation block's wider gap), and `room` pixels down: the top
/// row(s) and a column of a dozen fanned cards, or four rows of foundations beside the columns.
fn card_width(usable: i32, room: i32, slots: i32, block: bool, rows_over: i32) -> i32 {
    let by_width = (usable * 10 - if block { 120 } else { 0 }) / (slots * 11 - 1);
    let by_height = if block {
        (room * 10 / (4 * 10 + 3)) * 5 / 7
    } else {
        (room * 10 / (rows_over * 10 + 24)) * 5 / 7
    };
    by_width.min(by_height).clamp(24, 96)
}

impl Layout {
    /// The layout of a 640 × 360 framebuffer.
    pub fn new(kind: GameKind) -> Layout {
        Layout::for_shape(kind, Shape::default())
    }

    /// The layout that fills a framebuffer of this shape: cards as big as the table allows,
    /// the columns spread over its width. Klondike and Double Solitaire lay their piles out
    /// alike in landscape: the stock and waste over the first columns; the foundations over
    /// the last ones (Klondike), or as a block of a row per suit beside the columns (Double).
    /// In portrait both put every pile over the columns.
    pub fn for_shape(kind: GameKind, shape: Shape) -> Layout {
        let spec = kind.spec();
        let table = shape.table();
        let n = spec.columns as i32;
        let decks = spec.decks as i32;
        let margin = 4 + shape.w / 80;
        let top = 4 + table.h / 60;
        let usable = shape.w - 2 * margin;
        // Beside the columns in landscape: Double's foundation block, two places wide.
        let block = spec.foundation_rows && !shape.portrait();
        let slots = if block { n + decks } else { n };
        let rows_over = if spec.foundation_rows && shape.portrait() {
            2
        } else {
            1
        };
        let card_w = card_width(usable, table.h - top - 6, slots, block, rows_over);
        let card_h = height_for(card_w);
        let widest_gap = (card_w / 3).max(4);
        let gap = ((usable - if block { 12 } else { 0 } - slots * card_w) / (slots - 1))
            .clamp(2, widest_gap);
        let pitch = card_w + gap;
        let row_gap = (card_h / 8).max(6);
        let span = slots * card_w + (slots - 1) * gap + if block { 12 } else { 0 };
        let x0 = (shape.w - span) / 2;
        let columns_y = top + rows_over * (card_h + row_gap);
        let at = |col: i32, row: i32| {
            Rect::new(
                x0 + col * pitch,
                top + row * (card_h + row_gap),
                card_w,
                card_h,
            )
        };
        let columns: Vec<Rect> = (0..n)
            .map(|i| Rect::new(x0 + i * pitch, columns_y, card_w, card_h))
            .collect();
        let places = spec.foundations() as i32;
        let foundations: Vec<Rect> = if !spec.foundation_rows {
            // In a line over the last columns.
            (n - places..n).map(|i| at(i, 0)).collect()
        } else if block {
            // A row per suit (♠ ♥ ♦ ♣ from the top), a place per deck, beside the columns.
            let fx = x0 + n * pitch + 12;
            let fpitch = (table.h - top - 4 - card_h) / 3;
            (0..places)
                .map(|i| {
                    let (row, k) = (i / decks, i % decks);
                    Rect::new(fx + k * pitch, top + row * fpitch, card_w, card_h)
                })
                .collect()
        } else {
            // Portrait: two suits a row over the last columns, the places of a suit side by side.
            (0..places)
                .map(|i| {
                    let (suit, k) = (i / decks, i % decks);
                    at(n - 2 * decks + (suit % 2) * decks + k, suit / 2)
                })
                .collect()
        };
        let area = foundations.iter().fold(foundations[0], |a, r| a.union(r));
        let foundation_area = Rect::new(area.x - 6, 0, area.w + 12, area.bottom() + row_gap / 2);
        // Enough to show a card's corner, not so much that its first pips peek out.
        let up_step = (card_h as f32 / 5.0).clamp(14.0, 18.0);
        Layout {
            kind,
            shape,
            card_w,
            card_h,
            down_step: (card_h as f32 / 11.0).clamp(4.0, 8.0),
            up_step,
            fan_step: (card_w * 3 / 10).max(12),
            stock: at(0, 0),
            waste: at(1, 0),
            foundation_area,
            foundations,
            columns,
            column_limit: table.bottom() - 2,
        }
    }

    /// A card's rectangle with its top-left corner at (x, y).
    pub fn card_at(&self, x: i32, y: i32) -> Rect {
        Rect::new(x, y, self.card_w, self.card_h)
    }

    /// Where the cards are: every pile's place, the columns down to the lowest line they reach.
    pub fn cards_area(&self) -> Rect {
        let mut a = self.stock.union(&self.waste);
        for r in self.foundations.iter().chain(&self.columns) {
            a = a.union(r);
        }
        a.union(&Rect::new(a.x, a.y, a.w, self.column_limit - a.y))
    }

    /// The y of every card of a column, bottom card first. Face-up cards are fanned more than
    /// face-down ones; a long column is squeezed so that its last card ends above the limit.
    pub fn column_ys(&self, index: usize, col: &Column) -> Vec<i32> {
        let slot = self.columns[index];
        let (down, up) = (col.down.len(), col.up.len());
        let room = (self.column_limit - self.card_h - slot.y) as f32;
        let gaps_up = up.saturating_sub(1) as f32;
        let mut d = self.down_step;
        let mut u = self.up_step;
        let need = |d: f32, u: f32| down as f32 * d + gaps_up * u;
        if need(d, u) > room && gaps_up > 0.0 {
            u = ((room - down as f32 * d) / gaps_up).clamp(9.0, self.up_step);
        }
        if need(d, u) > room && down > 0 {
            d = ((room - gaps_up * u) / down as f32).max(2.0);
        }
        if need(d, u) > room && gaps_up > 0.0 {
            u = (room - down as f32 * d) / gaps_up;
        }
        let mut ys = Vec::with_capacity(down + up);
        let mut y = slot.y as f32;
        for i in 0..down + up {
            ys.push(y.round() as i32);
            y += if i < down { d } else { u };
        }
        ys
    }

    /// The rectangle of each column card, bottom first.
    pub fn column_rects(&self, index: usize, col: &Column) -> Vec<Rect> {
        let x = self.columns[index].x;
        self.column_ys(index, col)
            .into_iter()
            .map(|y| Rect::new(x, y, self.card_w, self.card_h))
            .collect()
    }

    /// How many waste cards are drawn, and the x of each, bottom of the shown ones first.
    /// Only the top `fan` cards spread out (draw 3); the rest lie squared under the first.
    pub fn waste_xs(&self, waste_len: usize, fan: usize) -> Vec<i32> {
        let fan = fan.clamp(1, 3).min(waste_len);
        let shown = waste_len.min(fan + 1);
        (0..shown)
            .map(|i| {
                let spread = i as i32 - (shown - fan) as i32;
                self.waste.x + spread.max(0) * self.fan_step
            })
            .collect()
    }

    /// The rectangle of the top card of a pile, or of its empty place.
    pub fn top_rect(&self, table: &Table, pile: Pile) -> Rect {
        match pile {
            Pile::Stock => self.stock,
            Pile::Waste => match self.waste_xs(table.waste.len(), table.fan).last() {
                Some(&x) => self.card_at(x, self.waste.y),
                None => self.waste,
            },
            Pile::Foundation(i) => self.foundations[i],
            Pile::Column(i) => self
                .column_rects(i, &table.columns[i])
                .last()
                .copied()
                .unwrap_or(self.columns[i]),
        }
    }

    /// The rectangle where the card `depth` from the top of a pile lies (1 = top). For the waste
    /// and foundations only the top card has a place of its own.
    pub fn card_rect(&self, table: &Table, pile: Pile, depth: usize) -> Rect {
        match pile {
            Pile::Column(i) => {
                let rects = self.column_rects(i, &table.columns[i]);
                rects
                    .len()
                    .checked_sub(depth)
                    .map(|k| rects[k])
                    .unwrap_or(self.columns[i])
            }
            _ => self.top_rect(table, pile),
        }
    }

    /// Where a drop on a column counts: from its slot down to below its last card.
    pub fn column_drop_rect(&self, table: &Table, index: usize) -> Rect {
        let top = self.top_rect(table, Pile::Column(index));
        let slot = self.columns[index];
        Rect::new(
            slot.x - 3,
            slot.y,
            self.card_w + 6,
            top.bottom() - slot.y + self.card_h / 2,
        )
    }

    /// The card or empty place under (x, y), if any.
    pub fn hit(&self, table: &Table, x: i32, y: i32) -> Option<Hit> {
        if self.stock.contains(x, y) {
            return Some(Hit {
                pile: Pile::Stock,
                depth: usize::from(!table.stock.is_empty()),
                face_up: false,
                rect: self.stock,
            });
        }
        let waste_top = self.top_rect(table, Pile::Waste);
        if waste_top.contains(x, y) || self.waste.contains(x, y) {
            // Only the top card is playable; a press on the fanned ones under it is on the pile.
            return Some(Hit {
                pile: Pile::Waste,
                depth: usize::from(!table.waste.is_empty()),
                face_up: !table.waste.is_empty(),
                rect: waste_top,
            });
        }
        for (i, r) in self.foundations.iter().enumerate() {
            if r.contains(x, y) {
                let n = table.foundations[i].len();
                return Some(Hit {
                    pile: Pile::Foundation(i),
                    depth: usize::from(n > 0),
                    face_up: n > 0,
                    rect: *r,
                });
            }
        }
        for (i, col) in table.columns.iter().enumerate() {
            let rects = self.column_rects(i, col);
            if rects.is_empty() {
                if self.columns[i].contains(x, y) {
                    return Some(Hit {
                        pile: Pile::Column(i),
                        depth: 0,
                        face_up: false,
                        rect: self.columns[i],
                    });
                }
                continue;
            }
            // The topmost card under the pointer wins.
            if let Some(k) = rects.iter().rposition(|r| r.contains(x, y)) {
                return Some(Hit {
                    pile: Pile::Column(i),
                    depth: rects.len() - k,
                    face_up: k >= col.down.len(),
                    rect: rects[k],
                });
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, Suit};

    fn col(down: usize, up: usize) -> Column {
        let c = Card::new(5, Suit::Clubs);
        Column {
            down: vec![c; down],
            up: vec![c; up],
        }
    }

    #[test]
    fn both_games_fit_the_framebuffer_with_nothing_overlapping() {
        let shapes = [
            Shape::new(640, 360),
            Shape::new(683, 325),
            Shape::new(480, 360),
            Shape::new(390, 844),
            Shape::new(320, 480),
            Shape {
                w: 844,
                h: 390,
                touch: 40,
            },
        ];
        for (kind, shape) in [GameKind::Klondike, GameKind::Double]
            .into_iter()
            .flat_map(|k| shapes.map(|s| (k, s)))
        {
            let l = Layout::for_shape(kind, shape);
            let table = shape.table();
            let mut all = vec![l.stock, l.waste];
            all.extend(&l.foundations);
            all.extend(&l.columns);
            for (i, a) in all.iter().enumerate() {
                assert!(
                    a.x >= 0 && a.right() <= table.w && a.y >= 0 && a.bottom() <= table.h,
                    "{kind:?} {shape:?}: {a:?}"
                );
                for b in &all[i + 1..] {
                    assert_eq!(a.overlap(b), 0, "{kind:?}: {a:?} {b:?}");
                }
            }
            // The draw-3 fan stays clear of the foundations and columns.
            let fan_end = l.waste.x + 2 * l.fan_step + l.card_w;
            assert!(
                l.foundations
                    .iter()
                    .all(|f| f.x >= fan_end || f.y > l.waste.bottom())
            );
        }
    }

    #[test]
    fn double_foundations_are_four_rows_of_two() {
        let l = Layout::new(GameKind::Double);
        for row in 0..4 {
            let (a, b) = (l.foundations[2 * row], l.foundations[2 * row + 1]);
            assert_eq!(a.y, b.y);
            assert!(a.x < b.x);
            if row > 0 {
                assert!(a.y > l.foundations[2 * row - 2].y);
            }
        }
    }

    #[test]
    fn face_up_cards_fan_more_than_face_down_ones() {
        let l = Layout::new(GameKind::Klondike);
        let ys = l.column_ys(6, &col(3, 3));
        assert!(ys[1] - ys[0] < ys[4] - ys[3]);
    }

    #[test]
    fn longest_possible_columns_stay_on_screen() {
        // Double: 8 face-down cards under a whole King-to-Ace run, the longest a column gets;
        // and beyond, 30 cards, to show the squeeze holds.
        let l = Layout::new(GameKind::Double);
        for (down, up) in [(8, 13), (8, 20), (0, 30), (20, 10)] {
            let ys = l.column_ys(8, &col(down, up));
            assert!(
                *ys.last().unwrap() + l.card_h <= l.column_limit,
                "{down}+{up}"
            );
            assert!(ys.windows(2).all(|w| w[1] > w[0]), "{down}+{up}");
        }
    }

    #[test]
    fn hit_finds_the_topmost_card_and_its_depth() {
        let l = Layout::new(GameKind::Klondike);
        let mut table =
            crate::engine::Game::new(crate::engine::GameCode::parse("KL1-D1N-AAAAAAA").unwrap())
                .table()
                .clone();
        table.columns[6] = col(2, 3);
        let rects = l.column_rects(6, &table.columns[6]);
        let (x, y) = rects[4].center();
        let h = l.hit(&table, x, y).unwrap();
        assert_eq!((h.pile, h.depth, h.face_up), (Pile::Column(6), 1, true));
        let h = l.hit(&table, rects[2].x + 2, rects[2].y + 2).unwrap();
        assert_eq!((h.depth, h.face_up), (3, true));
        let h = l.hit(&table, rects[0].x + 2, rects[0].y + 2).unwrap();
        assert!(!h.face_up);
        assert_eq!(l.hit(&table, 2, 2), None);
    }
}
