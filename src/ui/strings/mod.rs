//! Every text the screens show, in one table, so that the game can learn Norwegian and Turkish
//! (the languages of its rule pages) without touching the screens.
//!
//! - `schema`: the table's fields;
//! - `en`, `nb`, `tr`: the table in each language;
//! - `language`: the languages, and the one in use;
//! - `format`: numbers, percentages, dates and counts in each language's style, and the filling
//!   of a text's `{places}`;
//! - `words`: the words for the engine's values (games, grades, cards, piles, refusals);
//! - `messages`: the words for what went wrong with saves, storage and links.
//!
//! The Help pages' content is the Help screen's (`ui::screens::help::pages`).

mod en;
mod format;
mod language;
mod messages;
mod nb;
mod schema;
mod tr;
mod words;

#[cfg(test)]
mod tests;

pub use en::EN;
pub use format::{Plural, count, date, fill, number, percent};
pub use language::{Language, choose_language, language, set_language, strings};
pub use messages::{damage_text, kept_text, notice_text, replay_error_text, storage_error_text};
pub use nb::NB;
pub use schema::{Strings, Texts};
pub use tr::TR;
pub use words::{
    card_name, code_error_text, pile_name, rank_text, refusal_text, speak, spoken_card,
};
