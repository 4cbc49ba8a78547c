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

/// Everything drawn from `assets/`.
pub struct Assets {
    faces: Vec<Sprite>,
    pub back: Sprite,
    pub suit_small: Vec<Sprite>,
    pub suit_big: Vec<Sprite>,
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

pub fn suit_colour(s: Suit) -> Rgba {
    if s.is_red() { pal::RED } else { pal::INK }
}

const SUIT_NAMES: [&str; 4] = ["spades", "hearts", "diamonds", "clubs"];

impl Assets {
    pub fn load() -> Assets {
        let sprites = parse_sprites(SPRITES_TEXT);
        let get = |name: &str| {
            sprites
                .get(name)
                .unwrap_or_else(|| panic!("sprite {name} missing from sprites.txt"))
        };
        let suit_small: Vec<Sprite> = SUIT_NAMES
            .iter()
            .map(|n| sprite_from_rows(get(&format!("suit_small_{n}")), pal::RED, pal::RED))
            .collect();
        let suit_big: Vec<Sprite> = SUIT_NAMES
            .iter()
            .map(|n| sprite_from_rows(get(&format!("suit_big_{n}")), pal::RED, pal::RED))
            .collect();
        let mut faces = Vec::with_capacity(52);
        for suit in Suit::ALL {
            for rank in 1..=13 {
                let card = Card::new(rank, suit);
                let portrait = match rank {
                    11 => Some("jack"),
                    12 => Some("queen"),
                    13 => Some("king"),
                    _ => None,
                };
                let (robe, shade) = if suit.is_red() {
                    (pal::RED, pal::RED_DARK)
                } else {
                    (pal::NAVY, pal::NAVY_DARK)
                };
                let portrait = portrait.map(|p| sprite_from_rows(get(p), robe, shade));
                faces.push(card_face(card, &suit_small, &suit_big, portrait.as_ref()));
            }
        }
        let empty_foundation = suit_big
            .iter()
            .map(|s| empty_slot(Some(&s.tinted(pal::FELT_LIGHT))))
            .collect();
        let k = text_sprite("K", pal::FELT_LIGHT);
        let empty_column = empty_slot(Some(&k));
        let mut card_outline = Sprite::new(CARD_W, CARD_H);
        card_blank(&mut card_outline, pal::CLEAR);
        let card_outline = card_outline.tinted(pal::HIGHLIGHT);
        let mark = |name: &str| {
            empty_slot(Some(
                &sprite_from_rows(get(name), pal::RED, pal::RED).tinted(pal::FELT_LIGHT),
            ))
        };
        Assets {
            recycle: mark("recycle"),
            empty: empty_slot(None),
            no_pass: mark("nopass"),
            faces,
            back: card_back(),
            suit_small,
            suit_big,
            empty_column,
            empty_foundation,
            card_outline,
        }
    }

    pub fn face(&self, card: Card) -> &Sprite {
        &self.faces[card.deck_index()]
    }
}

/// The card shape: a one-pixel ink outline with clipped corners around `fill`.
fn card_blank(s: &mut Sprite, fill: Rgba) {
    let r = Rect::new(0, 0, CARD_W, CARD_H);
    s.fill(r.inset(1), fill);
    for x in 1..CARD_W - 1 {
        s.set(x, 0, pal::INK);
        s.set(x, CARD_H - 1, pal::INK);
    }
    for y in 1..CARD_H - 1 {
        s.set(0, y, pal::INK);
        s.set(CARD_W - 1, y, pal::INK);
    }
}

/// Pip centres for 2..10 on a 40 × 56 card: columns 13, 20, 27; rows from 18 to 42, clear of
/// both corners.
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
    suit_small: &[Sprite],
    suit_big: &[Sprite],
    portrait: Option<&Sprite>,
) -> Sprite {
    let colour = suit_colour(card.suit());
    let mut s = Sprite::new(CARD_W, CARD_H);
    card_blank(&mut s, pal::CARD);
    // The corner: rank and suit side by side, readable when the card is fanned.
    let rank = rank_sprite(card.rank(), colour);
    let small = suit_small[card.suit().index()].tinted(colour);
    let mut corner = Sprite::new(rank.w + 2 + small.w, 9);
    corner.draw(&rank, 0, 0);
    corner.draw(&small, rank.w + 2, 0);
    s.draw(&corner, 3, 3);
    // Turned half a turn, its two blank descender rows come first.
    s.draw(
        &corner.rotated_180(),
        CARD_W - 3 - corner.w,
        CARD_H - 3 - corner.h,
    );
    match (card.rank(), portrait) {
        (1, _) => {
            let big = suit_big[card.suit().index()].tinted(colour);
            s.draw(&big, (CARD_W - big.w) / 2, (CARD_H - big.h) / 2 + 1);
        }
        (_, Some(p)) => {
            // A gold frame with the portrait, and the suit in its corner.
            let frame = Rect::new((CARD_W - p.w) / 2 - 2, 14, p.w + 4, p.h + 4);
            s.fill(frame, pal::GOLD);
            s.fill(frame.inset(1), pal::CARD);
            s.draw(p, frame.x + 2, frame.y + 2);
            s.draw(&small, frame.right() - small.w - 1, frame.y + 2);
        }
        (rank, None) => {
            for &(cx, cy) in pip_layout(rank) {
                let pip = if cy > 30 {
                    small.rotated_180()
                } else {
                    small.clone()
                };
                s.draw(&pip, cx - 3, cy - 3);
            }
        }
    }
    s
}

/// The back: a two-colour lattice inside a white border.
fn card_back() -> Sprite {
    let mut s = Sprite::new(CARD_W, CARD_H);
    card_blank(&mut s, pal::CARD);
    let inner = Rect::new(3, 3, CARD_W - 6, CARD_H - 6);
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
    let (cx, cy) = (CARD_W / 2, CARD_H / 2);
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
fn empty_slot(mark: Option<&Sprite>) -> Sprite {
    let mut s = Sprite::new(CARD_W, CARD_H);
    card_blank(&mut s, pal::FELT_DARK);
    let outline: Vec<Rgba> = s
        .pixels
        .iter()
        .map(|p| if *p == pal::INK { pal::FELT_LIGHT } else { *p })
        .collect();
    s.pixels = outline;
    if let Some(m) = mark {
        s.draw(m, (CARD_W - m.w) / 2, (CARD_H - m.h) / 2 + 1);
    }
    s
}
