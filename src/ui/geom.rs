//! Geometry the screens are laid out with, in framebuffer pixels: rectangles, the card size,
//! and the pixel font's measures (the glyphs themselves, which the renderer draws). Below
//! every screen and above nothing but the engine: the renderer takes its sizes from here.

use std::collections::HashMap;

const FONT_TEXT: &str = include_str!("../../assets/font.txt");

/// A card, in framebuffer pixels.
pub const CARD_W: i32 = 40;
pub const CARD_H: i32 = 56;
/// Height of a line of text, descenders included, plus one pixel of leading.
pub const LINE_H: i32 = 10;
/// Height of a glyph of the pixel font.
pub const GLYPH_H: i32 = 9;

/// An axis-aligned rectangle in framebuffer pixels.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rect {
    pub x: i32,
    pub y: i32,
    pub w: i32,
    pub h: i32,
}

impl Rect {
    pub const fn new(x: i32, y: i32, w: i32, h: i32) -> Rect {
        Rect { x, y, w, h }
    }

    pub fn contains(&self, x: i32, y: i32) -> bool {
        x >= self.x && y >= self.y && x < self.x + self.w && y < self.y + self.h
    }

    pub fn right(&self) -> i32 {
        self.x + self.w
    }

    pub fn bottom(&self) -> i32 {
        self.y + self.h
    }

    pub fn center(&self) -> (i32, i32) {
        (self.x + self.w / 2, self.y + self.h / 2)
    }

    /// The area this rectangle shares with another (0 when apart).
    pub fn overlap(&self, o: &Rect) -> i32 {
        let w = self.right().min(o.right()) - self.x.max(o.x);
        let h = self.bottom().min(o.bottom()) - self.y.max(o.y);
        if w > 0 && h > 0 { w * h } else { 0 }
    }

    /// The smallest rectangle holding both.
    pub fn union(&self, o: &Rect) -> Rect {
        let x = self.x.min(o.x);
        let y = self.y.min(o.y);
        Rect::new(
            x,
            y,
            self.right().max(o.right()) - x,
            self.bottom().max(o.bottom()) - y,
        )
    }

    pub fn inset(&self, d: i32) -> Rect {
        Rect::new(self.x + d, self.y + d, self.w - 2 * d, self.h - 2 * d)
    }
}

/// A glyph of the pixel font: a bitmap, row by row.
#[derive(Clone, Debug)]
pub struct Glyph {
    pub w: i32,
    pub rows: Vec<Vec<bool>>,
}

/// Reads the blocks of an asset file: a header line starting with `marker`, then rows.
pub(crate) fn blocks(text: &str, marker: char) -> Vec<(String, Vec<&str>)> {
    let mut out: Vec<(String, Vec<&str>)> = Vec::new();
    for line in text.lines() {
        if line.starts_with('#') && out.is_empty() {
            continue;
        }
        if let Some(name) = line.strip_prefix(marker) {
            out.push((name.trim().to_string(), Vec::new()));
        } else if let Some((_, rows)) = out.last_mut()
            && !line.is_empty()
        {
            rows.push(line);
        }
    }
    out
}

/// The pixel font, parsed once.
pub fn font() -> &'static Font {
    static FONT: std::sync::OnceLock<Font> = std::sync::OnceLock::new();
    FONT.get_or_init(|| Font::parse(FONT_TEXT))
}

pub struct Font {
    glyphs: HashMap<char, Glyph>,
    missing: Glyph,
}

impl Font {
    fn parse(text: &str) -> Font {
        let mut glyphs = HashMap::new();
        for (name, rows) in blocks(text, ':') {
            let c = match name.as_str() {
                "space" => ' ',
                // The non-breaking space: a number's unit stays on its line ("50 %").
                "nbsp" => '\u{a0}',
                _ => name.chars().next().expect("glyph name"),
            };
            let w = rows[0].chars().count() as i32;
            assert!(
                rows.len() == GLYPH_H as usize
                    && rows.iter().all(|r| r.chars().count() as i32 == w),
                "glyph {c:?}: 9 rows of equal width"
            );
            let rows = rows
                .iter()
                .map(|r| r.chars().map(|ch| ch == '#').collect())
                .collect();
            glyphs.insert(c, Glyph { w, rows });
        }
        let missing = glyphs[&'?'].clone();
        Font { glyphs, missing }
    }

    /// Whether the font draws this letter (the others are drawn as '?').
    pub fn has(&self, c: char) -> bool {
        self.glyphs.contains_key(&c)
    }

    pub fn glyph(&self, c: char) -> &Glyph {
        self.glyphs.get(&c).unwrap_or(&self.missing)
    }

    /// The width of a text in pixels (one blank column between glyphs).
    pub fn width(&self, text: &str) -> i32 {
        let mut w = 0;
        for c in text.chars() {
            w += self.glyph(c).w + 1;
        }
        (w - 1).max(0)
    }
}

/// Splits a text into lines no wider than `max` pixels, at spaces; a word wider than a line
/// (a long file path, say) is split where the line is full.
pub fn wrap(s: &str, max: i32) -> Vec<String> {
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in s.split(' ').flat_map(|w| split_wide(w, max)) {
        let candidate = if line.is_empty() {
            word.to_string()
        } else {
            format!("{line} {word}")
        };
        if font().width(&candidate) > max && !line.is_empty() {
            lines.push(std::mem::take(&mut line));
            line = word.to_string();
        } else {
            line = candidate;
        }
    }
    lines.push(line);
    lines
}

/// A word cut into pieces no wider than `max` pixels.
fn split_wide(word: &str, max: i32) -> Vec<String> {
    let mut pieces = vec![String::new()];
    let mut width = 0;
    for c in word.chars() {
        let w = font().width(c.encode_utf8(&mut [0; 4])) + 1;
        if width + w > max + 1 && width > 0 {
            pieces.push(String::new());
            width = 0;
        }
        width += w;
        pieces.last_mut().expect("never empty").push(c);
    }
    pieces
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The rows of ink a glyph stands on the baseline with: from the baseline (the font's
    /// 7th row) up to the first row without ink. A mark above a letter (Ö's dots) may take
    /// the top row; a letter drawn shorter reads as a small letter.
    fn body_rows(g: &Glyph) -> usize {
        (0..7)
            .rev()
            .take_while(|&r| g.rows[r].iter().any(|&ink| ink))
            .count()
    }

    /// Every capital of the font stands as tall as the font's capitals (7 rows, 6 where a mark
    /// takes the top one): «İptal» must not read as «iptal».
    #[test]
    fn every_capital_is_as_tall_as_the_capitals() {
        let f = font();
        let letters: Vec<char> = FONT_TEXT
            .lines()
            .filter_map(|l| l.strip_prefix(": "))
            .filter_map(|name| name.chars().next().filter(|_| name.chars().count() == 1))
            .collect();
        let capitals: Vec<char> = letters
            .iter()
            .copied()
            .filter(|c| c.is_uppercase())
            .collect();
        assert!(capitals.len() >= 26 + 9, "{capitals:?}");
        let plain = body_rows(f.glyph('E'));
        assert_eq!(plain, 7, "the capitals' height");
        let short: Vec<String> = capitals
            .iter()
            .map(|&c| (c, body_rows(f.glyph(c))))
            .filter(|&(c, rows)| rows < plain - usize::from(!c.is_ascii()))
            .map(|(c, rows)| format!("{c}: {rows} rows"))
            .collect();
        assert!(short.is_empty(), "capitals drawn short: {short:?}");
        // And a small letter is shorter than a capital: the test can tell them apart.
        assert!(body_rows(f.glyph('e')) < plain - 1);
    }
}
