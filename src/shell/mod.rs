//! The top floor: what talks to the operating system, the browser and the player's command
//! line. Everything below it runs without a window.

pub mod analyse;
pub mod audio;
pub mod cli;
pub mod platform;
pub mod tools;
pub mod window;
