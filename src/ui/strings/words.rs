//! The words for the engine's and the solver's values: games, draws, grades, ranks, cards, piles,
//! and why a move or a game code was refused.

use super::format::{count, fill, number};
use super::{Strings, strings};
use crate::engine::GameKind;

impl Strings {
    pub fn grade_name(&self, g: crate::solver::grade::Grade) -> &'static str {
        use crate::solver::grade::Grade;
        match g {
            Grade::Easy => self.grade_easy,
            Grade::Medium => self.grade_medium,
            Grade::Hard => self.grade_hard,
            Grade::Expert => self.grade_expert,
        }
    }

    pub fn game_name(&self, g: GameKind) -> &'static str {
        match g {
            GameKind::Klondike => self.klondike,
            GameKind::Double => self.double,
        }
    }

    pub fn draw_name(&self, d: crate::engine::Draw) -> &'static str {
        match d {
            crate::engine::Draw::One => self.draw_1,
            crate::engine::Draw::Three => self.draw_3,
        }
    }

    pub fn scoring_name(&self, s: crate::engine::Scoring) -> &'static str {
        match s {
            crate::engine::Scoring::Normal => self.normal,
            crate::engine::Scoring::Vegas => self.vegas,
        }
    }
}

/// What is wrong with a game code, in words.
pub fn code_error_text(e: &crate::engine::CodeError) -> String {
    use crate::engine::CodeError as E;
    let s = strings();
    let (template, part) = match e {
        E::Empty => (s.code_empty, ""),
        E::Shape(p) => (s.code_shape, p.as_str()),
        E::Game(p) => (s.code_game, p.as_str()),
        E::Mode(p) => (s.code_mode, p.as_str()),
        E::Draw(p) => (s.code_draw, p.as_str()),
        E::Scoring(p) => (s.code_scoring, p.as_str()),
        E::DealLength(p) => ("", p.as_str()),
        E::DealLetter(p) => (s.code_deal_letter, p.as_str()),
    };
    let shown: String = part.chars().take(24).collect();
    match e {
        E::DealLength(_) => count(
            &s.code_deal_length,
            part.chars().count() as i64,
            &[("part", &shown)],
        ),
        _ => fill(template, &[("part", &shown)]),
    }
}

/// A rank as the cards and the screens write it: `A`, `2` … `10`, `J`, `Q`, `K`.
pub fn rank_text(rank: u8) -> &'static str {
    const RANKS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    RANKS[usize::from(rank.clamp(1, 13) - 1)]
}

/// A card as the screens write it: `Q♠`, `10♥`.
pub fn card_name(c: crate::engine::Card) -> String {
    let suit = SUIT_SIGNS[c.suit().index()];
    format!("{}{suit}", rank_text(c.rank()))
}

/// The suits as `card_name` writes them, in the order of `Suit::index`.
const SUIT_SIGNS: [char; 4] = ['♠', '♥', '♦', '♣'];

/// A card as a screen reader says it: "seven of hearts", "hjerter sju", "kupa yedilisi". The
/// signs of `card_name` are read unevenly (a letter and "black heart suit", or nothing).
pub fn spoken_card(c: crate::engine::Card) -> String {
    spoken(c.rank(), c.suit().index())
}

fn spoken(rank: u8, suit: usize) -> String {
    let s = strings();
    let rank = s.card_ranks[usize::from(rank.clamp(1, 13) - 1)];
    fill(
        s.card_spoken,
        &[("rank", rank), ("suit", s.card_suits[suit % 4])],
    )
}

/// A text of the screens as a screen reader should say it: every card written by `card_name`
/// ("7♥") spelled out as `spoken_card` says it, the rest as it is.
pub fn speak(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        let card = SUIT_SIGNS
            .iter()
            .position(|&sign| sign == ch)
            .and_then(|suit| rank_before(&out).map(|(rank, keep)| (rank, suit, keep)));
        match card {
            Some((rank, suit, keep)) => {
                out.truncate(keep);
                out.push_str(&spoken(rank, suit));
            }
            None => out.push(ch),
        }
    }
    out
}

/// The rank `card_name` wrote at the end of `text` as a word of its own, and where it starts.
fn rank_before(text: &str) -> Option<(u8, usize)> {
    (1..=13u8).find_map(|rank| {
        let keep = text.strip_suffix(rank_text(rank))?.len();
        let alone = text[..keep]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        alone.then_some((rank, keep))
    })
}

/// A pile as the screens name it.
pub fn pile_name(p: crate::engine::Pile) -> String {
    use crate::engine::Pile;
    let s = strings();
    match p {
        Pile::Stock => s.pile_stock.to_string(),
        Pile::Waste => s.pile_waste.to_string(),
        Pile::Foundation(i) => fill(s.pile_foundation, &[("n", &(i + 1).to_string())]),
        Pile::Column(i) => fill(s.pile_column, &[("n", &(i + 1).to_string())]),
    }
}

/// Why the rules refused a move, as the status line says it: every refusal has its words.
pub fn refusal_text(r: &crate::engine::Refusal) -> String {
    use crate::engine::Refusal as R;
    let s = strings();
    let card = |c: &crate::engine::Card| card_name(*c);
    match r {
        R::NothingToDraw => s.refuse_nothing_to_draw.into(),
        R::NoPassLeft => s.refuse_no_pass_left.into(),
        R::EmptyPile(p) => fill(s.refuse_empty_pile, &[("pile", &pile_name(*p))]),
        R::NoSuchPile(p) => fill(s.refuse_no_such_pile, &[("pile", &pile_name(*p))]),
        R::NotEnoughFaceUp { face_up, .. } => {
            count(&s.refuse_not_enough_face_up, *face_up as i64, &[])
        }
        R::EmptyColumnTakesOnlyKing(c) => fill(s.refuse_only_king, &[("card", &card(c))]),
        R::DoesNotFit { card: c, onto } => fill(
            s.refuse_does_not_fit,
            &[("card", &card(c)), ("onto", &card(onto))],
        ),
        R::NoFoundationTakes(c) => fill(s.refuse_no_foundation, &[("card", &card(c))]),
        R::OneCardToFoundation => s.refuse_one_card.into(),
        R::AlreadyOnFoundation => s.refuse_already_on_foundation.into(),
        R::SameColumn => s.refuse_same_column.into(),
        R::NoPlaceOnTable(c) => fill(s.refuse_no_place, &[("card", &card(c))]),
        R::OnlyTopCardClicks => s.refuse_only_top_card.into(),
        R::FoundationCardsAreDragged => s.refuse_foundation_dragged.into(),
        R::NothingToUndo => s.nothing_to_undo.into(),
        R::NothingToRedo => s.nothing_to_redo.into(),
        R::LogFull => fill(
            s.refuse_log_full,
            &[("n", &number(crate::engine::MAX_LOG as i64))],
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Card, Suit};
    use crate::ui::strings::{Language, set_language};

    #[test]
    fn every_card_the_screens_write_is_spoken_in_words_in_each_language() {
        for language in Language::ALL {
            set_language(language);
            for suit in Suit::ALL {
                for rank in 1..=13 {
                    let c = Card::new(rank, suit);
                    let said = speak(&format!("({}) {}.", card_name(c), card_name(c)));
                    let word = spoken_card(c);
                    assert_eq!(said, format!("({word}) {word}."));
                    assert!(!word.contains(SUIT_SIGNS), "{word}");
                }
            }
        }
        set_language(Language::En);
        assert_eq!(spoken_card(Card::new(12, Suit::Spades)), "queen of spades");
        set_language(Language::Nb);
        assert_eq!(spoken_card(Card::new(1, Suit::Hearts)), "hjerter ess");
        set_language(Language::Tr);
        assert_eq!(spoken_card(Card::new(10, Suit::Diamonds)), "karo onlusu");
        set_language(Language::En);
    }

    #[test]
    fn only_a_rank_standing_alone_before_a_sign_is_a_card() {
        // A sign with no rank before it, or a rank run into a word, stays as it is.
        assert_eq!(speak("♠ KL1-D1N ♥ X7♥ 10♣"), "♠ KL1-D1N ♥ X7♥ ten of clubs");
        assert_eq!(speak(""), "");
    }
}
