//! Cards: suit, rank, colour, and the two-letter notation of RULES.md §7 (`TC`, `AS`, `QH`).

use std::fmt;

/// The four suits, in foundation order (♠ ♥ ♦ ♣).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Suit {
    Spades,
    Hearts,
    Diamonds,
    Clubs,
}

impl Suit {
    pub const ALL: [Suit; 4] = [Suit::Spades, Suit::Hearts, Suit::Diamonds, Suit::Clubs];

    /// 0 for ♠, 1 for ♥, 2 for ♦, 3 for ♣: the foundation row of the suit.
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn is_red(self) -> bool {
        matches!(self, Suit::Hearts | Suit::Diamonds)
    }

    pub fn letter(self) -> char {
        ['S', 'H', 'D', 'C'][self.index()]
    }

    pub fn from_letter(c: char) -> Option<Suit> {
        match c.to_ascii_uppercase() {
            'S' => Some(Suit::Spades),
            'H' => Some(Suit::Hearts),
            'D' => Some(Suit::Diamonds),
            'C' => Some(Suit::Clubs),
            _ => None,
        }
    }
}

/// A card of a 52-card deck. Rank 1 (Ace) to 13 (King). Two decks hold every card twice;
/// the two copies are equal values and are told apart only by where they lie.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Card {
    rank: u8,
    suit: Suit,
}

const RANK_LETTERS: [char; 13] = [
    'A', '2', '3', '4', '5', '6', '7', '8', '9', 'T', 'J', 'Q', 'K',
];

impl Card {
    pub const ACE: u8 = 1;
    pub const KING: u8 = 13;

    /// A card; `rank` must be 1..=13.
    pub fn new(rank: u8, suit: Suit) -> Card {
        assert!((1..=13).contains(&rank), "rank {rank} out of 1..=13");
        Card { rank, suit }
    }

    pub fn rank(self) -> u8 {
        self.rank
    }

    pub fn suit(self) -> Suit {
        self.suit
    }

    pub fn is_red(self) -> bool {
        self.suit.is_red()
    }

    pub fn is_king(self) -> bool {
        self.rank == Card::KING
    }

    /// `self` may lie on `below` in a column: opposite colour, exactly one rank lower.
    pub fn fits_on(self, below: Card) -> bool {
        self.is_red() != below.is_red() && self.rank + 1 == below.rank
    }

    /// The rank letter of the notation: `A 2 … 9 T J Q K`.
    pub fn rank_letter(self) -> char {
        RANK_LETTERS[usize::from(self.rank - 1)]
    }

    /// The card's index in a sorted deck: ♠A..♠K, ♥A..♥K, ♦A..♦K, ♣A..♣K (0..52).
    pub fn deck_index(self) -> usize {
        self.suit.index() * 13 + usize::from(self.rank - 1)
    }

    /// Parses `AS`, `td`, `KH`…; `None` for anything else.
    pub fn parse(s: &str) -> Option<Card> {
        let mut chars = s.chars();
        let (r, su, rest) = (chars.next()?, chars.next()?, chars.next());
        if rest.is_some() {
            return None;
        }
        let r = r.to_ascii_uppercase();
        let rank = RANK_LETTERS.iter().position(|&c| c == r)? as u8 + 1;
        Some(Card::new(rank, Suit::from_letter(su)?))
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.rank_letter(), self.suit.letter())
    }
}

impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notation_round_trips_for_all_52_cards() {
        for suit in Suit::ALL {
            for rank in 1..=13 {
                let card = Card::new(rank, suit);
                assert_eq!(Card::parse(&card.to_string()), Some(card));
            }
        }
        assert_eq!(Card::parse("th"), Some(Card::new(10, Suit::Hearts)));
        assert_eq!(Card::parse("10H"), None);
        assert_eq!(Card::parse("1S"), None);
        assert_eq!(Card::parse("AX"), None);
        assert_eq!(Card::parse(""), None);
    }

    #[test]
    fn opposite_colour_one_rank_lower_fits() {
        let seven_hearts = Card::new(7, Suit::Hearts);
        assert!(seven_hearts.fits_on(Card::new(8, Suit::Spades)));
        assert!(seven_hearts.fits_on(Card::new(8, Suit::Clubs)));
        assert!(!seven_hearts.fits_on(Card::new(8, Suit::Diamonds)));
        assert!(!seven_hearts.fits_on(Card::new(9, Suit::Spades)));
        assert!(!seven_hearts.fits_on(Card::new(6, Suit::Spades)));
    }
}
