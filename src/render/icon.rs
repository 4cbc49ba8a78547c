//! The game's icon: the Ace of spades of our own pixel art, on a clear square, at the sizes a
//! window and a Windows program file use. The window takes the pixels (`pixels`); the program
//! file takes `assets/icon.ico`, made from the same pixels (`ico`) and kept current by a test.

use super::assets::Assets;
use super::frame::Sprite;
use super::png;
use crate::engine::{Card, Suit};

/// The icon as a square of `size` × `size` RGBA pixels: the card scaled (nearest) to the
/// square's height, centred, clear around it.
pub fn pixels(assets: &Assets, size: usize) -> Vec<u8> {
    let card: &Sprite = assets.face(Card::new(1, Suit::Spades));
    let h = size as i32;
    let w = (card.w * h / card.h).max(1);
    let x0 = (h - w) / 2;
    let mut out = vec![0u8; size * size * 4];
    for y in 0..h {
        for x in 0..w {
            let c = card.get(x * card.w / w, y * card.h / h);
            let i = ((y * h + x0 + x) * 4) as usize;
            out[i..i + 4].copy_from_slice(&c);
        }
    }
    out
}

/// The sizes of the icon file.
pub const ICO_SIZES: [usize; 4] = [16, 32, 48, 64];

/// A Windows icon file holding the icon at `ICO_SIZES`, each image a PNG.
pub fn ico(assets: &Assets) -> Vec<u8> {
    let images: Vec<(usize, Vec<u8>)> = ICO_SIZES
        .iter()
        .map(|&s| (s, png::encode_pixels(s, s, &pixels(assets, s), true)))
        .collect();
    let mut out = Vec::new();
    out.extend_from_slice(&[0, 0, 1, 0]); // reserved, type 1 (icon)
    out.extend_from_slice(&(images.len() as u16).to_le_bytes());
    let mut offset = 6 + 16 * images.len();
    for (size, data) in &images {
        out.push(*size as u8); // width (0 would mean 256)
        out.push(*size as u8); // height
        out.extend_from_slice(&[0, 0]); // no palette, reserved
        out.extend_from_slice(&1u16.to_le_bytes()); // colour planes
        out.extend_from_slice(&32u16.to_le_bytes()); // bits per pixel
        out.extend_from_slice(&(data.len() as u32).to_le_bytes());
        out.extend_from_slice(&(offset as u32).to_le_bytes());
        offset += data.len();
    }
    for (_, data) in images {
        out.extend_from_slice(&data);
    }
    out
}
