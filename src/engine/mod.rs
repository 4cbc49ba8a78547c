//! The rules of RULES.md and nothing else: no window, no clock, no randomness it is not handed.

pub mod card;
pub mod code;
pub mod deal;
pub mod game;
mod gestures;
pub mod notation;

#[cfg(test)]
mod tests;

pub use card::{Card, Suit};
pub use code::{CodeError, DEALS, DOUBLE, Draw, GameCode, GameKind, GameSpec, KLONDIKE, Scoring};
pub use game::{
    Action, Column, Entry, Game, MAX_LOG, Outcome, OutcomeKind, Pile, Refusal, Source, Table,
    Target, score_text,
};
