//! How the framebuffer sits in the window: scaled by a whole number (nearest neighbour) and
//! letterboxed; the same mapping turns window pixels into framebuffer pixels.

use super::layout::{FB_H, FB_W};

#[derive(Clone, Copy, Debug, PartialEq)]
pub struct View {
    /// Physical pixels per framebuffer pixel: a whole number whenever the window is at least
    /// the framebuffer's size, else the largest fraction that fits.
    pub scale: f32,
    /// Where the framebuffer's top-left corner lies, in physical pixels.
    pub x: f32,
    pub y: f32,
}

impl View {
    /// The view for a window of `w` × `h` physical pixels.
    pub fn new(w: f32, h: f32) -> View {
        let (w, h) = (w.max(1.0), h.max(1.0));
        let fit = (w / FB_W as f32).min(h / FB_H as f32);
        let scale = if fit >= 1.0 { fit.floor() } else { fit };
        let x = ((w - FB_W as f32 * scale) / 2.0).floor();
        let y = ((h - FB_H as f32 * scale) / 2.0).floor();
        View { scale, x, y }
    }

    /// A window position (physical pixels) in framebuffer pixels; outside the framebuffer it
    /// lies outside 0..640 × 0..360, where there is no pile.
    pub fn to_frame(&self, px: f32, py: f32) -> (i32, i32) {
        (
            ((px - self.x) / self.scale).floor() as i32,
            ((py - self.y) / self.scale).floor() as i32,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn whole_number_scale_letterboxed() {
        let v = View::new(1920.0, 1080.0);
        assert_eq!((v.scale, v.x, v.y), (3.0, 0.0, 0.0));
        let v = View::new(1366.0, 768.0);
        assert_eq!(v.scale, 2.0);
        assert_eq!((v.x, v.y), (43.0, 24.0));
        // A tall window: the width decides.
        let v = View::new(1300.0, 2000.0);
        assert_eq!(v.scale, 2.0);
        assert_eq!(v.x, 10.0);
    }

    #[test]
    fn small_and_odd_windows_still_fit() {
        let v = View::new(320.0, 180.0);
        assert_eq!(v.scale, 0.5);
        let v = View::new(0.0, 0.0);
        assert!(v.scale > 0.0);
    }

    #[test]
    fn mouse_maps_back_to_framebuffer_pixels() {
        let v = View::new(1366.0, 768.0);
        assert_eq!(v.to_frame(43.0, 24.0), (0, 0));
        assert_eq!(
            v.to_frame(43.0 + 2.0 * 639.0 + 1.0, 24.0 + 2.0 * 359.0 + 1.0),
            (639, 359)
        );
        assert_eq!(v.to_frame(10.0, 10.0), (-17, -7));
    }
}
