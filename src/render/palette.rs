//! The one palette every sprite and screen uses.

/// An RGBA colour.
pub type Rgba = [u8; 4];

const fn rgb(r: u8, g: u8, b: u8) -> Rgba {
    [r, g, b, 255]
}

pub const CLEAR: Rgba = [0, 0, 0, 0];
pub const FELT: Rgba = rgb(39, 110, 66);
pub const FELT_DARK: Rgba = rgb(29, 86, 52);
pub const FELT_LIGHT: Rgba = rgb(58, 134, 82);
pub const FELT_SHADOW: Rgba = rgb(22, 66, 40);
pub const CARD: Rgba = rgb(246, 240, 226);
pub const INK: Rgba = rgb(26, 26, 38);
pub const RED: Rgba = rgb(204, 38, 48);
pub const RED_DARK: Rgba = rgb(140, 24, 36);
pub const NAVY: Rgba = rgb(44, 66, 150);
/// The four-colour deck's diamonds and clubs: a clear blue and a deep green, apart from the
/// red and the black in lightness as well as in hue (for eyes that mix red and green up, the
/// suits' shapes tell them apart too).
pub const BLUE: Rgba = rgb(32, 100, 214);
pub const GREEN: Rgba = rgb(16, 120, 56);
pub const NAVY_DARK: Rgba = rgb(28, 40, 100);
pub const BACK_A: Rgba = rgb(150, 36, 44);
pub const BACK_B: Rgba = rgb(226, 176, 72);
pub const GOLD: Rgba = rgb(236, 188, 60);
pub const GOLD_DARK: Rgba = rgb(170, 116, 34);
pub const SKIN: Rgba = rgb(242, 198, 152);
pub const HAIR: Rgba = rgb(120, 72, 36);
pub const WHITE: Rgba = rgb(255, 255, 255);
pub const HUD: Rgba = rgb(18, 40, 28);
pub const TEXT: Rgba = rgb(238, 234, 216);
pub const TEXT_DIM: Rgba = rgb(150, 176, 156);
pub const HIGHLIGHT: Rgba = rgb(255, 226, 92);
pub const PANEL: Rgba = rgb(30, 34, 48);
pub const PANEL_EDGE: Rgba = rgb(96, 104, 136);
pub const BUTTON: Rgba = rgb(54, 62, 86);
pub const BUTTON_ON: Rgba = rgb(46, 120, 76);
pub const ERROR: Rgba = rgb(255, 120, 110);

/// The colour a letter in `assets/sprites.txt` stands for; `robe` and `robe_shade` follow the
/// suit (red for ♥ ♦, navy for ♠ ♣).
pub fn sprite_colour(letter: char, robe: Rgba, robe_shade: Rgba) -> Option<Rgba> {
    Some(match letter {
        'K' => INK,
        'W' => WHITE,
        'S' => SKIN,
        'H' => HAIR,
        'G' => GOLD,
        'g' => GOLD_DARK,
        'R' => robe,
        'r' => robe_shade,
        '.' => CLEAR,
        _ => return None,
    })
}
