//! Prints Klondike deals card by card, for feeding them to another solver and comparing
//! verdicts (the README's comparison with lonelybot was made this way):
//! `cargo run --release --example deal_cards -- FIRST END` writes, for each deal number in
//! `FIRST..END`, the number and its 52 cards, comma-separated. A card is `rank0 · 4 + suit`
//! (rank0 0 for an Ace … 12 for a King; suits ♠ ♣ ♥ ♦ as 0 1 2 3, so the two colours are 0–1
//! and 2–3); the columns come first, column by column from the bottom card to the face-up one,
//! then the stock in the order it is drawn.

use solitaire::engine::{Card, KLONDIKE, Suit, deal::deal};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|s| s.parse().ok())
        .collect();
    let [first, end] = args[..] else {
        eprintln!("usage: deal_cards FIRST END");
        std::process::exit(2);
    };
    for n in first..end {
        let d = deal(&KLONDIKE, n);
        let cards: Vec<String> = d
            .columns
            .iter()
            .flatten()
            .chain(d.stock.iter().rev())
            .map(|&c| number(c).to_string())
            .collect();
        println!("{n} {}", cards.join(","));
    }
}

fn number(c: Card) -> u32 {
    let suit = match c.suit() {
        Suit::Spades => 0,
        Suit::Clubs => 1,
        Suit::Hearts => 2,
        Suit::Diamonds => 3,
    };
    u32::from(c.rank() - 1) * 4 + suit
}
