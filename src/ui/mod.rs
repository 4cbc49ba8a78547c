//! The windowless half of the game: layout, pointer gestures, screens.

pub mod app;
pub mod geom;
pub mod input;
pub mod layout;
pub mod strings;
pub mod view;
