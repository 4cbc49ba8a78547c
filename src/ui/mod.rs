//! The windowless half of the game: geometry, layout, pointer gestures, the screens, and the
//! app that ties them to the game in play (`play::session`) and to the engine.

pub mod anim;
pub mod announce;
pub mod app;
mod control;
pub mod effect;
pub mod events;
pub mod focus;
pub mod geom;
pub mod hints;
pub mod input;
pub mod layout;
pub mod postmortem;
pub mod screens;
pub mod sound;
pub mod start;
pub mod status;
pub mod strings;
pub mod table;
pub mod view;
pub mod watch;
pub mod window_keys;
