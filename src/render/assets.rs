//! The pixel art of `assets/`, embedded in the binary and turned into sprites at start-up:
//! the font, the suit marks, the court portraits, and from them the 52 card faces and the back.

use std::collections::HashMap;

use super::frame::{Rect, Sprite};
use super::palette::{self as pal, Rgba};
use crate::engine::{Card, Suit};
use crate::ui::geom::blocks;
pub use crate::ui::geom::{CARD_H, CARD_W, LINE_H, font};
use crate::ui::strings::rank_text;

const SPRITES_TEXT: &str = include_str!("../../assets/sprites.txt");

/// A text as a sprite in one colour, in the pixel font.
pub fn text_sprite(text: &str, colour: Rgba) -> Sprite {
    let f = font();
    let mut s = Sprite::new(f.width(text).max(1), 9);
    let mut x = 0;
    for c in text.chars() {
        let g = f.glyph(c);
        for (y, row) in g.rows.iter().enumerate() {
            for (dx, &on) in row.iter().enumerate() {
                if on {
                    s.set(x + dx as i32, y as i32, colour);
                }
            }
        }
        x += g.w + 1;
    }
    s
}

fn parse_sprites(text: &str) -> HashMap<String, Vec<String>> {
    blocks(text, '=')
        .into_iter()
        .map(|(name, rows)| {
            let w = rows[0].len();
            assert!(
                rows.iter().all(|r| r.len() == w),
                "sprite {name}: rows of equal width"
            );
            (name, rows.into_iter().map(str::to_string).collect())
        })
        .collect()
}

fn sprite_from_rows(rows: &[String], robe: Rgba, robe_shade: Rgba) -> Sprite {
    let mut s = Sprite::new(rows[0].len() as i32, rows.len() as i32);
    for (y, row) in rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let c = pal::sprite_colour(ch, robe, robe_shade)
                .unwrap_or_else(|| panic!("unknown colour letter {ch:?} in sprites.txt"));
            s.set(x as i32, y as i32, c);
        }
    }
    s
}

/// Everything drawn from `assets/`: the marks and portraits as they come, and the cards (faces,
/// back, empty places) drawn at the size the layout asks for.
pub struct Assets {
    pub suit_small: Vec<Sprite>,
    pub suit_big: Vec<Sprite>,
    /// Jack, queen, king for each suit (robes in the suit's colour).
    portraits: Vec<Sprite>,
    /// The marks of the empty stock, tinted.
    recycle_mark: Sprite,
    no_pass_mark: Sprite,
    /// A card's size: the cards below are drawn for it.
    pub card_w: i32,
    pub card_h: i32,
    /// The cards are drawn in four colours.
    pub four_colour: bool,
    faces: Vec<Sprite>,
    pub back: Sprite,
    /// The empty-column mark and the four foundation marks.
    pub empty_column: Sprite,
    pub empty_foundation: Vec<Sprite>,
    /// The card outline alone, for drop-target highlights.
    pub card_outline: Sprite,
    /// Marks on the empty stock: it can be turned over, or (Vegas) no pass is left.
    pub recycle: Sprite,
    pub no_pass: Sprite,
    /// An empty place with no mark (the stock and the waste).
    pub empty: Sprite,
}

/// A suit's colour: red and black, or with the four-colour deck ♠ black, ♥ red, ♦ blue and
/// ♣ green.
pub fn suit_colour(s: Suit, four: bool) -> Rgba {
    match (s, four) {
        (Suit::Diamonds, true) => pal::BLUE,
        (Suit::Clubs, true) => pal::GREEN,
        _ if s.is_red() => pal::RED,
        _ => pal::INK,
    }
}

const SUIT_NAMES: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

impl Assets {
    /// The art, with cards of the 640 × 360 layout's size (40 × 56).
    pub fn load() -> Assets {
        let sprites = parse_sprites(SPRITES_TEXT);
        let get = |name: &str| {
            sprites
                .get(name)
                .unwrap_or_else(|| panic!("sprite {name} missing from sprites.txt"))
        };
        let suits = |size: &str| -> Vec<Sprite> {
            SUIT_NAMES
                .iter()
                .map(|n| sprite_from_rows(get(&format!("suit_{size}_{n}")), pal::RED, pal::RED))
                .collect()
        };
        let mut portraits = Vec::with_capacity(12);
        for suit in Suit::ALL {
            let (robe, shade) = if suit.is_red() {
                (pal::RED, pal::RED_DARK)
            } else {
                (pal::NAVY, pal::NAVY_DARK)
            };
            for name in ["jack", "queen", "king"] {
                portraits.push(sprite_from_rows(get(name), robe, shade));
            }
        }
        let mark =
            |name: &str| sprite_from_rows(get(name), pal::RED, pal::RED).tinted(pal::FELT_LIGHT);
        let mut a = Assets {
            suit_small: suits("small"),
            suit_big: suits("big"),
            portraits,
            recycle_mark: mark("recycle"),
            no_pass_mark: mark("nopass"),
            card_w: 0,
            card_h: 0,
            four_colour: false,
            faces: Vec::new(),
            back: Sprite::new(1, 1),
            empty_column: Sprite::new(1, 1),
            empty_foundation: Vec::new(),
            card_outline: Sprite::new(1, 1),
            recycle: Sprite::new(1, 1),
            no_pass: Sprite::new(1, 1),
            empty: Sprite::new(1, 1),
        };
        a.fit(CARD_W, CARD_H, false);
        a
    }

    /// Draws the cards again at `w` × `h`, in two colours or four, if they are not so already.
    pub fn fit(&mut self, w: i32, h: i32, four: bool) {
        if (w, h, four) == (self.card_w, self.card_h, self.four_colour) {
            return;
        }
        let (w, h) = (w.max(16), h.max(22));
        self.card_w = w;
        self.card_h = h;
        self.four_colour = four;
        self.faces = Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=13).map(move |rank| Card::new(rank, suit)))
            .map(|card| {
                let portrait = (card.rank() >= 11)
                    .then(|| &self.portraits[card.suit().index() * 3 + card.rank() as usize - 11]);
                let colour = suit_colour(card.suit(), four);
                card_face(
                    card,
                    w,
                    h,
                    colour,
                    &self.suit_small,
                    &self.suit_big,
                    portrait,
                )
            })
            .collect();
        self.back = card_back(w, h);
        self.empty_foundation = self
            .suit_big
            .iter()
            .map(|s| empty_slot(w, h, Some(&s.tinted(pal::FELT_LIGHT))))
            .collect();
        self.empty_column = empty_slot(w, h, Some(&text_sprite("K", pal::FELT_LIGHT)));
        let mut outline = Sprite::new(w, h);
        card_blank(&mut outline, pal::CLEAR);
        self.card_outline = outline.tinted(pal::HIGHLIGHT);
        self.recycle = empty_slot(w, h, Some(&self.recycle_mark));
        self.no_pass = empty_slot(w, h, Some(&self.no_pass_mark));
        self.empty = empty_slot(w, h, None);
    }

    pub fn face(&self, card: Card) -> &Sprite {
        &self.faces[card.deck_index()]
    }
}

/// The card shape: a one-pixel ink outline with clipped corners around `fill`.
fn card_blank(s: &mut Sprite, fill: Rgba) {
    let (w, h) = (s.w, s.h);
    s.fill(Rect::new(0, 0, w, h).inset(1), fill);
    for x in 1..w - 1 {
        s.set(x, 0, pal::INK);
        s.set(x, h - 1, pal::INK);
    }
    for y in 1..h - 1 {
        s.set(0, y, pal::INK);
        s.set(w - 1, y, pal::INK);
    }
}

/// Pip centres for 2..10 on a 40 × 56 card: columns 13, 20, 27; rows from 18 to 42, clear of
/// both corners. Other sizes spread them in proportion.
fn pip_layout(rank: u8) -> &'static [(i32, i32)] {
    const L: i32 = 13;
    const M: i32 = 20;
    const R: i32 = 27;
    match rank {
        2 => &[(M, 18), (M, 42)],
        3 => &[(M, 18), (M, 30), (M, 42)],
        4 => &[(L, 18), (R, 18), (L, 42), (R, 42)],
        5 => &[(L, 18), (R, 18), (M, 30), (L, 42), (R, 42)],
        6 => &[(L, 18), (R, 18), (L, 30), (R, 30), (L, 42), (R, 42)],
        7 => &[
            (L, 18),
            (R, 18),
            (M, 24),
            (L, 30),
            (R, 30),
            (L, 42),
            (R, 42),
        ],
        8 => &[
            (L, 18),
            (R, 18),
            (M, 24),
            (L, 30),
            (R, 30),
            (M, 36),
            (L, 42),
            (R, 42),
        ],
        9 => &[
            (L, 18),
            (R, 18),
            (L, 26),
            (R, 26),
            (M, 30),
            (L, 34),
            (R, 34),
            (L, 42),
            (R, 42),
        ],
        10 => &[
            (L, 18),
            (R, 18),
            (M, 22),
            (L, 26),
            (R, 26),
            (L, 34),
            (R, 34),
            (M, 38),
            (L, 42),
            (R, 42),
        ],
        _ => &[],
    }
}

/// The rank in the corner: the font's glyphs, with a narrow "1" for "10".
fn rank_sprite(rank: u8, colour: Rgba) -> Sprite {
    if rank == 10 {
        let zero = text_sprite("0", colour);
        let mut s = Sprite::new(3 + 1 + zero.w, 9);
        for y in 0..7 {
            s.set(1, y, colour);
        }
        s.set(0, 1, colour);
        s.set(0, 6, colour);
        s.set(2, 6, colour);
        s.draw(&zero, 4, 0);
        s
    } else {
        text_sprite(rank_text(rank), colour)
    }
}

fn card_face(
    card: Card,
    w: i32,
    h: i32,
    colour: Rgba,
    suit_small: &[Sprite],
    suit_big: &[Sprite],
    portrait: Option<&Sprite>,
) -> Sprite {
    let mut s = Sprite::new(w, h);
    card_blank(&mut s, pal::CARD);
    // The corner: rank and suit side by side, readable when the card is fanned.
    let rank = rank_sprite(card.rank(), colour);
    let small = suit_small[card.suit().index()].tinted(colour);
    let mut corner = Sprite::new(rank.w + 2 + small.w, 9);
    corner.draw(&rank, 0, 0);
    corner.draw(&small, rank.w + 2, 0);
    s.draw(&corner, 3, 3);
    // Turned half a turn, its two blank descender rows come first.
    s.draw(&corner.rotated_180(), w - 3 - corner.w, h - 3 - corner.h);
    let big = suit_big[card.suit().index()].tinted(colour);
    // Pips need room between the corners: on a very small card the big mark stands for them.
    let roomy = w >= 34 && h >= 48;
    match (card.rank(), portrait) {
        (1, _) => s.draw(&big, (w - big.w) / 2, (h - big.h) / 2 + 1),
        (_, Some(p)) if p.w + 6 <= w && p.h + 26 <= h => {
            // Twice as big where the card has room for it, pixel for pixel.
            let doubled;
            let p = if 2 * p.w + 8 <= w && 2 * p.h + 30 <= h {
                doubled = p.doubled();
                &doubled
            } else {
                p
            };
            // A gold frame with the portrait, and the suit in its corner.
            let frame = Rect::new((w - p.w) / 2 - 2, (h - p.h - 4) / 2, p.w + 4, p.h + 4);
            s.fill(frame, pal::GOLD);
            s.fill(frame.inset(1), pal::CARD);
            s.draw(p, frame.x + 2, frame.y + 2);
            s.draw(&small, frame.right() - small.w - 1, frame.y + 2);
        }
        (rank, None) if roomy => {
            // Spread in proportion to the card, the rows keeping clear of the corners.
            let (kx, ky) = (w as f32 / 40.0, (h - 26) as f32 / 30.0);
            for &(px, py) in pip_layout(rank) {
                let cx = w / 2 + ((px - 20) as f32 * kx).round() as i32;
                let cy = h / 2 + 2 + ((py - 30) as f32 * ky).round() as i32;
                let pip = if py > 30 {
                    small.rotated_180()
                } else {
                    small.clone()
                };
                s.draw(&pip, cx - 3, cy - 3);
            }
        }
        _ => s.draw(&big, (w - big.w) / 2, (h - big.h) / 2 + 1),
    }
    s
}

/// The back: a two-colour lattice inside a white border.
fn card_back(w: i32, h: i32) -> Sprite {
    let mut s = Sprite::new(w, h);
    card_blank(&mut s, pal::CARD);
    let inner = Rect::new(3, 3, w - 6, h - 6);
    s.fill(inner, pal::BACK_A);
    for y in inner.y..inner.bottom() {
        for x in inner.x..inner.right() {
            let (u, v) = (x - inner.x, y - inner.y);
            if (u + v) % 6 == 0 || (u - v).rem_euclid(6) == 0 {
                s.set(x, y, pal::BACK_B);
            }
        }
    }
    // A small gold diamond in the middle.
    let (cx, cy) = (w / 2, h / 2);
    for dy in -5i32..=5 {
        let half = 5 - dy.abs();
        for dx in -half..=half {
            s.set(cx + dx, cy + dy, pal::GOLD);
        }
    }
    s.fill(Rect::new(cx - 1, cy - 1, 2, 2), pal::BACK_A);
    s
}

/// An empty place: a darker felt card shape with a mark in the middle.
fn empty_slot(w: i32, h: i32, mark: Option<&Sprite>) -> Sprite {
    let mut s = Sprite::new(w, h);
    card_blank(&mut s, pal::FELT_DARK);
    let outline: Vec<Rgba> = s
        .pixels
        .iter()
        .map(|p| if *p == pal::INK { pal::FELT_LIGHT } else { *p })
        .collect();
    s.pixels = outline;
    if let Some(m) = mark {
        s.draw(m, (w - m.w) / 2, (h - m.h) / 2 + 1);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The suit's colour of a face: how many of its pixels have it.
    fn pixels_of(s: &Sprite, colour: Rgba) -> usize {
        s.pixels.iter().filter(|&&p| p == colour).count()
    }

    #[test]
    fn the_four_colour_deck_paints_diamonds_blue_and_clubs_green() {
        let mut a = Assets::load();
        let (d, c, h, s) = (
            Card::new(5, Suit::Diamonds),
            Card::new(5, Suit::Clubs),
            Card::new(5, Suit::Hearts),
            Card::new(5, Suit::Spades),
        );
        assert!(pixels_of(a.face(d), pal::RED) > 20 && pixels_of(a.face(d), pal::BLUE) == 0);
        assert!(pixels_of(a.face(c), pal::GREEN) == 0);
        a.fit(a.card_w, a.card_h, true);
        assert!(pixels_of(a.face(d), pal::BLUE) > 20 && pixels_of(a.face(d), pal::RED) == 0);
        assert!(pixels_of(a.face(c), pal::GREEN) > 20);
        assert!(pixels_of(a.face(h), pal::RED) > 20, "hearts stay red");
        let ink = pixels_of(a.face(s), pal::INK);
        a.fit(a.card_w, a.card_h, false);
        assert_eq!(pixels_of(a.face(s), pal::INK), ink, "spades stay black");
    }
}
