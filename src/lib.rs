//! Solitaire: Klondike and Double Solitaire. The engine knows the rules; the script interface
//! plays them as text; the UI and the renderer make the game a player sees, without a window.

pub mod cli;
pub mod daily;
pub mod engine;
pub mod grade;
pub mod platform;
pub mod render;
pub mod replay;
pub mod save;
pub mod script;
pub mod solver;
pub mod stats;
pub mod tools;
pub mod ui;
pub mod window;
