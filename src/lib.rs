//! Solitaire: Klondike and Double Solitaire. The crate is built in floors, each importing only
//! from the floors below it (`tests/floors.rs` checks this), bottom to top:
//!
//! - `engine`: the rules of docs/RULES.md, the deal, game codes and the move notation;
//! - `solver`, `script`: the search for a winning line and the grades; the text interface;
//! - `play`: the game's bookkeeping (statistics, the Vegas bank, the daily deal);
//! - `save`: the records on disk or in the browser, read as hostile input, and replay links;
//! - `ui`: the windowless game a player sees: layout, input, screens;
//! - `render`: the pixel art drawn into a CPU framebuffer;
//! - `shell`: the window, the platform, the command line (and `main.rs` above it all).

pub mod engine;
pub mod play;
pub mod render;
pub mod save;
pub mod script;
pub mod shell;
pub mod solver;
pub mod ui;
