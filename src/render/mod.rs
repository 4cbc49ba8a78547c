//! Drawing into a CPU framebuffer: sprites from `assets/`, a pixel font, and the screens of the
//! app. Runs without a window.

pub mod assets;
pub mod frame;
pub mod icon;
pub mod palette;
pub mod png;
pub mod scene;
