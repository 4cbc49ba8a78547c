//! How the framebuffer sits in the window. Its shape follows the window's: its shorter side is
//! about 360 pixels (so the pixel font stays a size one reads at a glance), the longer one
//! whatever the window's proportions make it. It is scaled up to fill the window: by a whole
//! number when one gives a framebuffer of sensible size, else by a fraction, drawn "sharp
//! bilinear" (each framebuffer pixel a block of whole screen pixels, with a one-pixel blend
//! at its edge where the fraction falls). The same mapping turns window pixels back into
//! framebuffer pixels.

use super::layout::Shape;

/// The framebuffer's shorter side, ideally; a whole-number scale may make it anything from
/// `SHORT_MIN` to `SHORT_MAX`.
pub const SHORT: f32 = 360.0;
pub const SHORT_MIN: f32 = 320.0;
pub const SHORT_MAX: f32 = 400.0;
/// The framebuffer is at most this much wider (or taller) than it is high (or wide): beyond,
/// the window shows dark margins.
pub const MAX_RATIO: f32 = 2.4;

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Physical pixels per framebuffer pixel.
    pub scale: f32,
    /// Where the framebuffer's top-left corner lies, in physical pixels.
    pub x: f32,
    pub y: f32,
    /// The framebuffer's size.
    pub w: i32,
    pub h: i32,
    /// Physical pixels per CSS (logical) pixel.
    pub dpi: f32,
    /// Played with fingers: buttons grow to 40 CSS pixels.
    pub touch: bool,
    /// The window's size, in physical pixels.
    pub win_w: i32,
    pub win_h: i32,
}

impl View {
    /// The view for a window of `w` × `h` physical pixels, with a mouse, one physical pixel a
    /// logical one.
    pub fn new(w: f32, h: f32) -> View {
        View::for_window(w, h, 1.0, false)
    }

    /// The view for a window of `w` × `h` physical pixels, `dpi` physical pixels a logical one.
    pub fn for_window(w: f32, h: f32, dpi: f32, touch: bool) -> View {
        let (w, h) = (w.max(1.0), h.max(1.0));
        let dpi = if dpi.is_finite() && dpi > 0.0 {
            dpi
        } else {
            1.0
        };
        let short = w.min(h);
        let ideal = short / SHORT;
        let whole = ideal.round().max(1.0);
        let scale = if (SHORT_MIN..=SHORT_MAX).contains(&(short / whole)) {
            whole
        } else if ideal >= 1.0 {
            ideal
        } else {
            // A small window: one pixel a pixel down to the smallest sensible framebuffer,
            // shrunk below that.
            (short / 240.0).min(1.0)
        };
        let long_max = (short / scale * MAX_RATIO).floor();
        let fw = (w / scale).floor().min(long_max).max(1.0);
        let fh = (h / scale).floor().min(long_max).max(1.0);
        View {
            scale,
            x: ((w - fw * scale) / 2.0).floor(),
            y: ((h - fh * scale) / 2.0).floor(),
            w: fw as i32,
            h: fh as i32,
            dpi,
            touch,
            win_w: w.min(65536.0) as i32,
            win_h: h.min(65536.0) as i32,
        }
    }

    /// The framebuffer's shape for the layouts: its size, and on a touch screen how many of
    /// its pixels make 40 CSS pixels.
    pub fn shape(&self) -> Shape {
        Shape {
            w: self.w,
            h: self.h,
            touch: if self.touch {
                (40.0 * self.dpi / self.scale).ceil() as i32
            } else {
                0
            },
        }
    }

    /// Whether the framebuffer covers the whole window (no margins to clear).
    pub fn covers(&self, w: f32, h: f32) -> bool {
        self.x <= 0.0
            && self.y <= 0.0
            && self.w as f32 * self.scale >= w
            && self.h as f32 * self.scale >= h
    }

    /// A window position (physical pixels) in framebuffer pixels; outside the framebuffer it
    /// lies outside 0..w × 0..h, where there is no pile.
    pub fn to_frame(&self, px: f32, py: f32) -> (i32, i32) {
        (
            ((px - self.x) / self.scale).floor() as i32,
            ((py - self.y) / self.scale).floor() as i32,
        )
    }

    /// Where a framebuffer pixel's centre lies in the window (physical pixels).
    pub fn to_window(&self, fx: i32, fy: i32) -> (f32, f32) {
        (
            self.x + (fx as f32 + 0.5) * self.scale,
            self.y + (fy as f32 + 0.5) * self.scale,
        )
    }

    /// The framebuffer pixel(s) a screen pixel shows, and how much of the second: sharp
    /// bilinear along one axis, as the window's shader computes it. A screen pixel wholly
    /// inside a framebuffer pixel shows that one alone; one across an edge blends the two.
    pub fn sample(&self, screen: i32, origin: f32) -> (i32, i32, f32) {
        let s = self.scale;
        // The screen pixel's centre, in framebuffer pixels.
        let t = (screen as f32 + 0.5 - origin) / s;
        let cell = t.floor();
        let f = t - cell;
        // Within half a screen pixel of the cell's edge: blend across it.
        let range = (0.5 - 0.5 / s).max(0.0);
        let d = f - 0.5;
        let g = (d - d.clamp(-range, range)) * s + 0.5;
        let mut pos = cell + g - 0.5;
        // A sample a rounding error away from a pixel's middle is that pixel alone.
        if (pos - pos.round()).abs() < 1e-3 {
            pos = pos.round();
        }
        let a = pos.floor();
        (a as i32, a as i32 + 1, pos - a)
    }
}

/// The framebuffer as the window shows it: `pixels` (RGBA, `view.w` × `view.h`) drawn into a
/// window of `win_w` × `win_h`, margins dark. The same arithmetic as the window's shader, for
/// screenshots at any size and for the tests of crispness.
pub fn present(view: &View, pixels: &[u8], win_w: i32, win_h: i32, margin: [u8; 4]) -> Vec<u8> {
    let mut out = Vec::with_capacity((win_w * win_h * 4) as usize);
    let (fw, fh) = (view.w, view.h);
    let px = |x: i32, y: i32| {
        let (x, y) = (x.clamp(0, fw - 1), y.clamp(0, fh - 1));
        let i = ((y * fw + x) * 4) as usize;
        [pixels[i], pixels[i + 1], pixels[i + 2], pixels[i + 3]]
    };
    let cols: Vec<_> = (0..win_w).map(|x| view.sample(x, view.x)).collect();
    let inside_x = |x: i32| {
        let rel = x as f32 + 0.5 - view.x;
        rel >= 0.0 && rel < fw as f32 * view.scale
    };
    for y in 0..win_h {
        let rel = y as f32 + 0.5 - view.y;
        let inside_y = rel >= 0.0 && rel < fh as f32 * view.scale;
        let (y0, y1, fy) = view.sample(y, view.y);
        for (x, &(x0, x1, fx)) in cols.iter().enumerate() {
            if !inside_y || !inside_x(x as i32) {
                out.extend_from_slice(&margin);
                continue;
            }
            let (a, b, c, d) = (px(x0, y0), px(x1, y0), px(x0, y1), px(x1, y1));
            for k in 0..4 {
                let top = a[k] as f32 * (1.0 - fx) + b[k] as f32 * fx;
                let bottom = c[k] as f32 * (1.0 - fx) + d[k] as f32 * fx;
                out.push((top * (1.0 - fy) + bottom * fy).round() as u8);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_numbers_where_they_give_a_sensible_framebuffer() {
        let v = View::new(1920.0, 1080.0);
        assert_eq!((v.scale, v.w, v.h, v.x, v.y), (3.0, 640, 360, 0.0, 0.0));
        let v = View::new(1280.0, 720.0);
        assert_eq!((v.scale, v.w, v.h), (2.0, 640, 360));
        // A laptop's browser: twice, the framebuffer a little lower than 360.
        let v = View::new(1366.0, 650.0);
        assert_eq!((v.scale, v.w, v.h), (2.0, 683, 325));
        // 1.5 has no whole number near it: a fraction, and a 640 × 360 framebuffer.
        let v = View::new(960.0, 540.0);
        assert_eq!((v.scale, v.w, v.h), (1.5, 640, 360));
        // Portrait: the width is the shorter side.
        let v = View::new(1170.0, 2532.0);
        assert_eq!((v.scale, v.w, v.h), (3.0, 390, 844));
    }

    #[test]
    fn small_odd_and_very_wide_windows_still_fit() {
        let v = View::new(320.0, 480.0);
        assert_eq!((v.scale, v.w, v.h), (1.0, 320, 480));
        let v = View::new(120.0, 90.0);
        assert!(v.scale > 0.0 && v.scale < 1.0);
        assert!(v.w as f32 * v.scale <= 120.0 && v.h as f32 * v.scale <= 90.0);
        for (w, h) in [(0.0, 0.0), (f32::NAN, 5.0), (1e9, 3.0)] {
            let v = View::new(w, h);
            assert!(v.scale > 0.0 && v.w >= 1 && v.h >= 1, "{w}×{h}: {v:?}");
        }
        // Very wide: margins at the sides rather than a framebuffer a mile long.
        let v = View::new(4000.0, 720.0);
        assert_eq!((v.w, v.h), (864, 360));
        assert!(v.x > 0.0);
    }

    #[test]
    fn the_framebuffer_fills_the_window_but_for_less_than_a_pixel() {
        for (w, h) in [
            (1366, 650),
            (800, 600),
            (1024, 768),
            (2532, 1170),
            (1001, 777),
        ] {
            let v = View::new(w as f32, h as f32);
            assert!(
                w as f32 - v.w as f32 * v.scale < v.scale + 1.0,
                "{w}×{h}: {v:?}"
            );
            assert!(h as f32 - v.h as f32 * v.scale < v.scale + 1.0);
        }
    }

    #[test]
    fn mouse_maps_back_to_framebuffer_pixels() {
        let v = View::new(1366.0, 768.0);
        assert_eq!((v.scale, v.w, v.h, v.x, v.y), (2.0, 683, 384, 0.0, 0.0));
        assert_eq!(v.to_frame(0.0, 0.0), (0, 0));
        assert_eq!(v.to_frame(1365.9, 767.9), (682, 383));
        let v = View::new(960.0, 540.0);
        assert_eq!(v.to_frame(1.4, 1.6), (0, 1));
        assert_eq!(v.to_frame(959.0, 539.0), (639, 359));
        for fx in [0, 1, 100, 639] {
            let (px, py) = v.to_window(fx, fx % 360);
            assert_eq!(v.to_frame(px, py), (fx, fx % 360));
        }
    }

    #[test]
    fn touch_buttons_are_forty_css_pixels() {
        // A phone: 390 × 844 CSS pixels, three physical pixels each.
        let v = View::for_window(1170.0, 2532.0, 3.0, true);
        let s = v.shape();
        assert!(s.touch as f32 * v.scale / 3.0 >= 40.0);
        assert_eq!(View::new(1280.0, 720.0).shape().touch, 0);
    }

    /// Along one axis: each framebuffer pixel shows as ⌊s⌋ or ⌈s⌉ screen pixels counting the
    /// blended ones at its edges, pure between them, and only edge pixels blend, each from two
    /// neighbours.
    #[test]
    fn fractional_scales_are_sharp_bilinear() {
        for scale in [1.0, 1.25, 1.5, 1.8, 2.0, 2.13, 3.25, 3.0] {
            let v = View {
                scale,
                x: 0.0,
                y: 0.0,
                w: 200,
                h: 10,
                dpi: 1.0,
                touch: false,
                win_w: (200.0 * scale) as i32,
                win_h: 10,
            };
            let n = (200.0 * scale) as i32;
            let mut cover = vec![0; 200];
            for p in 0..n {
                let (a, b, f) = v.sample(p, 0.0);
                assert!(b == a + 1 && (0.0..1.0).contains(&f), "{scale} {p}");
                let centre = ((p as f32 + 0.5) / scale).floor() as i32;
                if f < 1e-4 {
                    assert_eq!(a, centre, "pure pixels show their own cell");
                } else {
                    // A blend lies across the edge at the pixel.
                    assert!(a == centre || b == centre, "{scale} {p}: {a} {b} {centre}");
                }
                cover[centre as usize] += 1;
            }
            let (lo, hi) = (scale.floor() as i32, scale.ceil() as i32);
            for (i, c) in cover.iter().enumerate().take(199) {
                assert!((lo..=hi).contains(c), "{scale}: cell {i} covers {c}");
            }
        }
    }

    #[test]
    fn present_draws_whole_numbers_exactly() {
        let v = View::new(1280.0, 720.0);
        let mut fb = vec![0u8; (v.w * v.h * 4) as usize];
        fb[0..4].copy_from_slice(&[255, 0, 0, 255]);
        let out = present(&v, &fb, 1280, 720, [0, 0, 0, 255]);
        let at = |x: usize, y: usize| &out[(y * 1280 + x) * 4..(y * 1280 + x) * 4 + 4];
        assert_eq!(at(0, 0), [255, 0, 0, 255]);
        assert_eq!(at(1, 1), [255, 0, 0, 255]);
        assert_eq!(at(2, 0), [0, 0, 0, 0]);
    }
}
