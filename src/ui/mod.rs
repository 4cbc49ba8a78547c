//! The windowless half of the game: geometry, layout, pointer gestures, the screens and the
//! app that ties them to the engine.

pub mod anim;
pub mod app;
pub mod geom;
pub mod hints;
pub mod input;
pub mod layout;
pub mod screens;
pub mod sound;
mod start;
pub mod status;
pub mod strings;
mod table;
pub mod view;
pub mod watch;
