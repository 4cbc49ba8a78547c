use solitaire::engine::{KLONDIKE, Suit, deal::deal};
fn main() {
    let a: Vec<u64> = std::env::args()
        .skip(1)
        .map(|s| s.parse().unwrap())
        .collect();
    for n in a[0]..a[1] {
        let d = deal(&KLONDIKE, n);
        let mut out = vec![];
        for c in &d.columns {
            for card in c {
                out.push(idx(*card));
            }
        }
        for card in d.stock.iter().rev() {
            out.push(idx(*card));
        }
        println!(
            "{} {}",
            n,
            out.iter()
                .map(|x| x.to_string())
                .collect::<Vec<_>>()
                .join(",")
        );
    }
}
fn idx(c: solitaire::engine::Card) -> u32 {
    let s = match c.suit() {
        Suit::Spades => 0,
        Suit::Clubs => 1,
        Suit::Hearts => 2,
        Suit::Diamonds => 3,
    };
    (c.rank() as u32 - 1) * 4 + s
}
