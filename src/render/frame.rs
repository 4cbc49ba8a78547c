//! The CPU framebuffer: RGBA pixels, rectangles, sprite blits.

use super::palette::Rgba;
pub use crate::ui::geom::Rect;

/// A small RGBA image; alpha 0 is transparent, anything else opaque.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sprite {
    pub w: i32,
    pub h: i32,
    pub pixels: Vec<Rgba>,
}

impl Sprite {
    pub fn new(w: i32, h: i32) -> Sprite {
        Sprite {
            w,
            h,
            pixels: vec![[0; 4]; (w * h) as usize],
        }
    }

    /// The same shape with every opaque pixel in one colour.
    pub fn tinted(&self, colour: Rgba) -> Sprite {
        Sprite {
            pixels: self
                .pixels
                .iter()
                .map(|p| if p[3] == 0 { *p } else { colour })
                .collect(),
            ..self.clone()
        }
    }

    /// Turned half a turn (for the second card corner).
    /// Each pixel as a 2 × 2 block.
    pub fn doubled(&self) -> Sprite {
        let mut s = Sprite::new(self.w * 2, self.h * 2);
        for y in 0..s.h {
            for x in 0..s.w {
                s.set(x, y, self.get(x / 2, y / 2));
            }
        }
        s
    }

    pub fn rotated_180(&self) -> Sprite {
        let mut pixels = self.pixels.clone();
        pixels.reverse();
        Sprite { pixels, ..*self }
    }

    pub fn set(&mut self, x: i32, y: i32, c: Rgba) {
        if x >= 0 && y >= 0 && x < self.w && y < self.h {
            self.pixels[(y * self.w + x) as usize] = c;
        }
    }

    pub fn get(&self, x: i32, y: i32) -> Rgba {
        self.pixels[(y * self.w + x) as usize]
    }

    pub fn fill(&mut self, r: Rect, c: Rgba) {
        for y in r.y..r.bottom() {
            for x in r.x..r.right() {
                self.set(x, y, c);
            }
        }
    }

    /// Copies the opaque pixels of `s` with its top-left corner at (x, y).
    pub fn draw(&mut self, s: &Sprite, x: i32, y: i32) {
        for sy in 0..s.h {
            for sx in 0..s.w {
                let p = s.get(sx, sy);
                if p[3] != 0 {
                    self.set(x + sx, y + sy, p);
                }
            }
        }
    }
}

/// The framebuffer the game draws into, uploaded as a texture each frame.
pub struct Frame {
    pub w: i32,
    pub h: i32,
    /// RGBA bytes, rows top to bottom.
    pub bytes: Vec<u8>,
}

impl Frame {
    pub fn new(w: i32, h: i32) -> Frame {
        Frame {
            w,
            h,
            bytes: vec![0; (w * h * 4) as usize],
        }
    }

    pub fn pixel(&self, x: i32, y: i32) -> Rgba {
        let i = ((y * self.w + x) * 4) as usize;
        [
            self.bytes[i],
            self.bytes[i + 1],
            self.bytes[i + 2],
            self.bytes[i + 3],
        ]
    }

    fn clip(&self, r: Rect) -> Option<(usize, usize, usize, usize)> {
        let x0 = r.x.max(0);
        let y0 = r.y.max(0);
        let x1 = r.right().min(self.w);
        let y1 = r.bottom().min(self.h);
        (x0 < x1 && y0 < y1).then_some((x0 as usize, y0 as usize, x1 as usize, y1 as usize))
    }

    pub fn fill(&mut self, r: Rect, c: Rgba) {
        let Some((x0, y0, x1, y1)) = self.clip(r) else {
            return;
        };
        let w = self.w as usize;
        for y in y0..y1 {
            let row = &mut self.bytes[(y * w + x0) * 4..(y * w + x1) * 4];
            for px in row.chunks_exact_mut(4) {
                px.copy_from_slice(&c);
            }
        }
    }

    pub fn set(&mut self, x: i32, y: i32, c: Rgba) {
        if x >= 0 && y >= 0 && x < self.w && y < self.h {
            let i = ((y * self.w + x) * 4) as usize;
            self.bytes[i..i + 4].copy_from_slice(&c);
        }
    }

    /// A one-pixel outline just inside `r`.
    pub fn outline(&mut self, r: Rect, c: Rgba) {
        self.fill(Rect::new(r.x, r.y, r.w, 1), c);
        self.fill(Rect::new(r.x, r.bottom() - 1, r.w, 1), c);
        self.fill(Rect::new(r.x, r.y, 1, r.h), c);
        self.fill(Rect::new(r.right() - 1, r.y, 1, r.h), c);
    }

    /// An outline with its four corner pixels left out, as the cards have.
    pub fn rounded_outline(&mut self, r: Rect, c: Rgba) {
        self.fill(Rect::new(r.x + 1, r.y, r.w - 2, 1), c);
        self.fill(Rect::new(r.x + 1, r.bottom() - 1, r.w - 2, 1), c);
        self.fill(Rect::new(r.x, r.y + 1, 1, r.h - 2), c);
        self.fill(Rect::new(r.right() - 1, r.y + 1, 1, r.h - 2), c);
    }

    /// Draws the opaque pixels of a sprite with its top-left corner at (x, y), clipped.
    pub fn blit(&mut self, s: &Sprite, x: i32, y: i32) {
        let Some((x0, y0, x1, y1)) = self.clip(Rect::new(x, y, s.w, s.h)) else {
            return;
        };
        let w = self.w as usize;
        let (sx0, sx1) = ((x0 as i32 - x) as usize, (x1 as i32 - x) as usize);
        for fy in y0..y1 {
            let sy = fy as i32 - y;
            let row = &s.pixels[(sy * s.w) as usize..((sy + 1) * s.w) as usize];
            let src = &row[sx0..sx1];
            let dst = &mut self.bytes[(fy * w + x0) * 4..(fy * w + x1) * 4];
            // Most rows of a card are opaque from edge to edge: copied at once.
            if src.iter().all(|p| p[3] != 0) {
                dst.copy_from_slice(src.as_flattened());
                continue;
            }
            for (d, p) in dst.chunks_exact_mut(4).zip(src) {
                if p[3] != 0 {
                    d.copy_from_slice(p);
                }
            }
        }
    }

    /// Draws a sprite squeezed horizontally to `w` pixels around its centre (card turning).
    pub fn blit_squeezed(&mut self, s: &Sprite, x: i32, y: i32, w: i32) {
        if w <= 0 {
            return;
        }
        let left = x + (s.w - w) / 2;
        for dx in 0..w {
            let sx = (dx * s.w / w).min(s.w - 1);
            for sy in 0..s.h {
                let p = s.get(sx, sy);
                if p[3] != 0 {
                    self.set(left + dx, y + sy, p);
                }
            }
        }
    }

    /// Darkens the whole frame towards `c` by `amount` of 256 (behind a dialog).
    pub fn dim(&mut self, c: Rgba, amount: u32) {
        for px in self.bytes.chunks_exact_mut(4) {
            for k in 0..3 {
                let v = u32::from(px[k]) * (256 - amount) + u32::from(c[k]) * amount;
                px[k] = (v / 256) as u8;
            }
        }
    }
}
