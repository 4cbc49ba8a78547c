//! Where every pile lies in the framebuffer, for each game, and which card is under a pixel.
//! Pure geometry: no drawing, no rules.

pub use super::geom::{CARD_H, CARD_W, Rect};
use crate::engine::{Column, GameKind, Pile, Table};

/// The framebuffer: 640 × 360, a 16:9 size that scales by whole numbers to common screens.
pub const FB_W: i32 = 640;
pub const FB_H: i32 = 360;
/// The bar at the bottom with the buttons, score, moves and game code.
pub const HUD_H: i32 = 18;
pub const HUD_Y: i32 = FB_H - HUD_H;

/// Vertical step between face-down cards in a column, and between face-up ones, before any
/// compression.
pub const DOWN_STEP: f32 = 5.0;
pub const UP_STEP: f32 = 14.0;
/// Horizontal step between the fanned cards of a draw-3 waste.
pub const FAN_STEP: i32 = 14;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layout {
    pub kind: GameKind,
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

impl Layout {
    pub fn new(kind: GameKind) -> Layout {
        let spec = kind.spec();
        let top = 10;
        let columns_y = top + CARD_H + 12;
        let places = spec.foundations() as i32;
        let n = spec.columns as i32;
        let column = |x0: i32, pitch: i32| {
            (0..n)
                .map(|i| Rect::new(x0 + i * pitch, columns_y, CARD_W, CARD_H))
                .collect::<Vec<_>>()
        };
        if !spec.foundation_rows {
            // The stock, the waste, and the foundations in a line over the last columns.
            let pitch = 50;
            let x0 = (FB_W - (n * pitch - (pitch - CARD_W))) / 2;
            let slot = |i: i32| Rect::new(x0 + i * pitch, top, CARD_W, CARD_H);
            let foundations: Vec<Rect> = (n - places..n).map(slot).collect();
            let area = foundations[0].union(&foundations[foundations.len() - 1]);
            return Layout {
                kind,
                stock: slot(0),
                waste: slot(1),
                foundation_area: Rect::new(area.x - 5, 0, area.w + 10, columns_y - 4),
                foundations,
                columns: column(x0, pitch),
                column_limit: HUD_Y - 2,
            };
        }
        // A block beside the columns: a row per suit (♠ ♥ ♦ ♣ from the top), a place per deck.
        let pitch = 46;
        let per_row = spec.decks as i32;
        let block = n * pitch - (pitch - CARD_W) + 22 + (per_row - 1) * pitch + CARD_W;
        let x0 = (FB_W - block) / 2;
        let fx = x0 + n * pitch - (pitch - CARD_W) + 22;
        let foundations: Vec<Rect> = (0..places)
            .map(|i| {
                let (row, k) = (i / per_row, i % per_row);
                Rect::new(fx + k * pitch, top + row * 66, CARD_W, CARD_H)
            })
            .collect();
        let area = foundations[0].union(&foundations[foundations.len() - 1]);
        Layout {
            kind,
            stock: Rect::new(x0, top, CARD_W, CARD_H),
            waste: Rect::new(x0 + pitch, top, CARD_W, CARD_H),
            foundation_area: Rect::new(area.x - 6, 0, area.w + 12, area.bottom() + 6),
            foundations,
            columns: column(x0, pitch),
            column_limit: HUD_Y - 2,
        }
    }

    /// The y of every card of a column, bottom card first. Face-up cards are fanned more than
    /// face-down ones; a long column is squeezed so that its last card ends above the limit.
    pub fn column_ys(&self, index: usize, col: &Column) -> Vec<i32> {
        let slot = self.columns[index];
        let (down, up) = (col.down.len(), col.up.len());
        let room = (self.column_limit - CARD_H - slot.y) as f32;
        let gaps_up = up.saturating_sub(1) as f32;
        let mut d = DOWN_STEP;
        let mut u = UP_STEP;
        let need = |d: f32, u: f32| down as f32 * d + gaps_up * u;
        if need(d, u) > room && gaps_up > 0.0 {
            u = ((room - down as f32 * d) / gaps_up).clamp(9.0, UP_STEP);
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
            .map(|y| Rect::new(x, y, CARD_W, CARD_H))
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
                self.waste.x + spread.max(0) * FAN_STEP
            })
            .collect()
    }

    /// The rectangle of the top card of a pile, or of its empty place.
    pub fn top_rect(&self, table: &Table, pile: Pile) -> Rect {
        match pile {
            Pile::Stock => self.stock,
            Pile::Waste => match self.waste_xs(table.waste.len(), table.fan).last() {
                Some(&x) => Rect::new(x, self.waste.y, CARD_W, CARD_H),
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
        Rect::new(slot.x - 3, slot.y, CARD_W + 6, top.bottom() - slot.y + 24)
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
        for kind in [GameKind::Klondike, GameKind::Double] {
            let l = Layout::new(kind);
            let mut all = vec![l.stock, l.waste];
            all.extend(&l.foundations);
            all.extend(&l.columns);
            for (i, a) in all.iter().enumerate() {
                assert!(a.x >= 0 && a.right() <= FB_W && a.y >= 0 && a.bottom() <= HUD_Y);
                for b in &all[i + 1..] {
                    assert_eq!(a.overlap(b), 0, "{kind:?}: {a:?} {b:?}");
                }
            }
            // The draw-3 fan stays clear of the foundations and columns.
            let fan_end = l.waste.x + 2 * FAN_STEP + CARD_W;
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
                *ys.last().unwrap() + CARD_H <= l.column_limit,
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
