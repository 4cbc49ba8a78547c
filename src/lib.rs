//! Solitaire: Klondike and Double Solitaire. The engine knows the rules; the script interface
//! plays them as text.

pub mod engine;
pub mod script;
