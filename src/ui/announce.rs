//! What a screen reader is told: a line for each thing a player would want to hear — a move,
//! the stock, undo and redo, a refusal, the hint, a win, a new deal, where the keyboard's
//! focus stands. The words are the strings table's, with every card spelled out (`speak`);
//! the window hands each frame's line to the web page's live region.

use super::app::App;
use super::effect::Effect;
use super::strings::{Language, count, fill, language, pile_name, speak, spoken_card, strings};
use crate::engine::{Card, Game, GameCode, Outcome, OutcomeKind, Pile, Source};

impl App {
    /// Tells a screen reader `text`, a text of the screens (its cards are spelled out).
    pub(super) fn announce(&mut self, text: &str) {
        let line = sentence(&speak(text));
        if !line.is_empty() {
            self.fx.push(Effect::Announce(line));
        }
    }

    /// A new deal on the table: which game, draw and scoring.
    pub(super) fn announce_deal(&mut self, code: GameCode) {
        let s = strings();
        let text = fill(
            s.say_dealt,
            &[
                ("game", s.game_name(code.game)),
                ("draw", s.draw_name(code.draw)),
                ("scoring", s.scoring_name(code.scoring)),
            ],
        );
        self.announce(&text);
    }

    /// The pile and card the keyboard's focus stands on now.
    pub(super) fn announce_focus(&mut self) {
        let f = self.focus();
        let text = focus_text(self.session.game(), f.pile, f.depth);
        self.announce(&text);
    }

    /// Cards picked up by a key, waiting to be laid down.
    pub(super) fn announce_picked(&mut self, source: Source) {
        let Some(&card) = self
            .session
            .game()
            .source_cards(source)
            .ok()
            .and_then(|c| c.first())
        else {
            return;
        };
        let text = fill(strings().say_picked, &[("card", &spoken_card(card))]);
        self.announce(&text);
    }
}

/// What an action the engine applied did, in words; `game` is the game after it.
pub fn outcome_text(game: &Game, outcome: &Outcome) -> String {
    let s = strings();
    let mut out = match &outcome.kind {
        OutcomeKind::Drew(cards) => game.table().waste.last().map_or(String::new(), |&top| {
            let card = spoken_card(top);
            count(&s.say_draw, cards.len() as i64, &[("card", &card)])
        }),
        OutcomeKind::Recycled(_) => s.say_recycle.to_string(),
        OutcomeKind::Moved { to, cards, .. } => moved_text(game, *to, cards),
    };
    if let Some((_, card)) = outcome.revealed {
        let revealed = fill(s.say_revealed, &[("card", &spoken_card(card))]);
        out.push(' ');
        out.push_str(&sentence(&revealed));
    }
    out
}

/// Cards moved to `to` (bottom → top): the first of them, how many more, and where they went
/// (the card now under them, an empty column, a foundation).
fn moved_text(game: &Game, to: Pile, cards: &[Card]) -> String {
    let s = strings();
    let Some(&first) = cards.first() else {
        return String::new();
    };
    let place = match to {
        Pile::Column(j) => {
            let under = game.table().columns.get(j).and_then(|c| {
                let up = &c.up;
                up.len().checked_sub(cards.len() + 1).map(|i| up[i])
            });
            match under {
                Some(onto) => fill(s.hint_onto, &[("card", &spoken_card(onto))]),
                None => s.hint_to_empty.to_string(),
            }
        }
        Pile::Foundation(_) => s.hint_to_foundation.to_string(),
        Pile::Stock | Pile::Waste => pile_name(to),
    };
    let card = spoken_card(first);
    let values = [("card", card.as_str()), ("place", place.as_str())];
    match cards.len() {
        1 => fill(s.say_move, &values),
        n => count(&s.say_run, n as i64 - 1, &values),
    }
}

/// A pile as the keyboard's focus finds it: the card it stands on (`depth`, counted from the
/// top), a column's face-down cards, the stock's count, or that it is empty.
pub fn focus_text(game: &Game, pile: Pile, depth: usize) -> String {
    let s = strings();
    let t = game.table();
    let at = |cards: &[Card], depth: usize| {
        let i = cards.len().checked_sub(depth.max(1))?;
        Some(spoken_card(cards[i]))
    };
    let mut parts = Vec::new();
    match pile {
        Pile::Stock if !t.stock.is_empty() => {
            parts.push(count(&s.say_cards, t.stock.len() as i64, &[]));
        }
        Pile::Stock => {}
        Pile::Waste => parts.extend(at(&t.waste, 1)),
        Pile::Foundation(i) => parts.extend(t.foundations.get(i).and_then(|f| at(f, 1))),
        Pile::Column(i) => {
            if let Some(c) = t.columns.get(i) {
                parts.extend(at(&c.up, depth));
                if !c.down.is_empty() {
                    parts.push(count(&s.say_face_down, c.down.len() as i64, &[]));
                }
            }
        }
    }
    if parts.is_empty() {
        parts.push(s.say_empty.to_string());
    }
    let what = parts.join(", ");
    fill(s.say_focus, &[("pile", &pile_name(pile)), ("what", &what)])
}

/// The text with its first letter a capital, as the language writes it (Turkish dots its İ).
/// A sentence starts with a card's words or with a text of the table, which has its capitals:
/// the cards' words start with a letter of a-z, so the ASCII capitals are all it needs (the
/// full Unicode case tables would add kilobytes to the web page's module).
fn sentence(text: &str) -> String {
    let mut chars = text.chars();
    let Some(first) = chars.next() else {
        return String::new();
    };
    let capital: String = match first {
        'i' if language() == Language::Tr => "İ".into(),
        c => c.to_ascii_uppercase().into(),
    };
    capital + chars.as_str()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::strings::set_language;

    #[test]
    fn a_sentence_starts_with_a_capital_in_each_language() {
        assert_eq!(sentence("seven of hearts."), "Seven of hearts.");
        set_language(Language::Tr);
        assert_eq!(sentence("ikili"), "İkili");
        set_language(Language::En);
        assert_eq!(sentence(""), "");
        // Every card's words, which may start a sentence, take their capital.
        for language in Language::ALL {
            set_language(language);
            for suit in crate::engine::Suit::ALL {
                for rank in 1..=13 {
                    let said = sentence(&spoken_card(Card::new(rank, suit)));
                    assert!(said.starts_with(char::is_uppercase), "{said}");
                }
            }
        }
        set_language(Language::En);
    }

    #[test]
    fn a_column_with_face_down_cards_says_how_many() {
        let g = Game::from_layout("KL1-D1N-AAAAAAA", &[("2C 3D", "7H 6S")], "", "", &[])
            .expect("a table");
        assert_eq!(
            focus_text(&g, Pile::Column(0), 2),
            "Column 1: seven of hearts, 2 cards face down."
        );
        assert_eq!(focus_text(&g, Pile::Waste, 1), "The waste: empty.");
    }
}
