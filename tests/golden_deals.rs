//! Golden deals: whole layouts pinned for good. These values were produced by an independent
//! reimplementation of the algorithm written down in `src/engine/deal.rs` (from that text alone),
//! and must never change: a change here means every game code in the world deals other cards.

use solitaire::engine::{Game, GameCode};

/// (code, columns bottom → top with the last card face up, stock bottom → top).
const GOLDEN: &[(&str, &[&str], &str)] = &[
    (
        "KL1-D1N-AAAAAAA",
        &[
            "3H",
            "6D 7D",
            "KS 8H QS",
            "4H KC 4D 5D",
            "JS 7H KH 5C JD",
            "7C KD 6C AD 8C AC",
            "TS 9H AS 5S 4C AH 7S",
        ],
        "9D 3S 2C TC 2H TH QC 6S 8D QH 3D 2D 9S 3C 4S QD 9C JH 8S JC 5H 6H TD 2S",
    ),
    (
        "KL1-D1N-AAAAAAB",
        &[
            "TH",
            "KD 6C",
            "AD 2S QD",
            "AH 6H 9D JH",
            "8S AC QS 6S 2D",
            "5C KC 7H 5H 9C 5D",
            "JC 4H AS 8C 4C 9S 3D",
        ],
        "5S 8D 3C TS JD TD TC 8H 9H JS 4D QC 6D 7S KH KS 4S 3S 2C 3H 7D 7C QH 2H",
    ),
    (
        "KL1-D3V-AAAAAAG",
        &[
            "8D",
            "9C AH",
            "TD JS 4S",
            "2D JH AD TS",
            "AC 6H 9S 4D 9H",
            "QD 3H AS 4C 7S 2H",
            "8H KS 9D 7H 2C 8S 7C",
        ],
        "KC TC QH 5H 5D KH TH 6D JC JD 4H 6S 2S QC QS 3S 7D 3C 6C 5S 5C 3D 8C KD",
    ),
    (
        "DS1-D1N-AAAAAAA",
        &[
            "9D",
            "2S 4D",
            "5D AC KC",
            "8H 5C 4S JS",
            "KD 7S 3H 9C 5H",
            "JS 5D 6S KC QH 6H",
            "4H 5H 2C 4C TS 8C 3C",
            "JC 7H 7C 6C KS 7D 8S 8D",
            "2D AD QC 6H TC QD 6C 9C TD",
        ],
        "QH 7C QC KH JC 9S TS 9H 4H 2S JH 8H KD 7H 4S JD 8S 9S 6S 4C AS 5C 8D 6D TH AC 3S 8C JD AH 5S 4D 2D 7D 9H 3D 6D AH AD JH QS TC 3S 3H 3C 9D QS 2H TD 2C QD 5S KS KH 7S AS 2H TH 3D",
    ),
    (
        "DS1-D1N-AAAAAAB",
        &[
            "TD",
            "TD 4H",
            "2C 4D JS",
            "2D 6S 2S KS",
            "JC 3D AS JH TS",
            "4S TC 7D TH 4D 9H",
            "7C 2H JC 8C 2S 6S KC",
            "3H QC 9D QH QS AC KH JS",
            "JH 9S 3C QD 4S 7S AD 5S 6H",
        ],
        "9C 8S 3S TH 6D 5C 8D QD 8H 7D 3D AH 5D 6C 6D KD KH 7H QS 2H 4C 9H 9C KS 5H 5C TC AD 8H KC AH QC 7H 3C 8S KD AC 8D AS 7C 3S 5H 9D QH 4H TS 7S JD JD 5D 4C 6C 5S 8C 3H 9S 2D 6H 2C",
    ),
];

fn names(cards: &[solitaire::engine::Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(" ")
}

#[test]
fn golden_deals_are_pinned() {
    for (code, columns, stock) in GOLDEN {
        let game = Game::new(GameCode::parse(code).unwrap());
        let t = game.table();
        assert_eq!(t.columns.len(), columns.len(), "{code}");
        for (i, (col, want)) in t.columns.iter().zip(columns.iter()).enumerate() {
            assert_eq!(col.up.len(), 1, "{code} t{}: one face-up card", i + 1);
            assert_eq!(col.down.len(), i, "{code} t{}", i + 1);
            let all: Vec<_> = col.down.iter().chain(&col.up).copied().collect();
            assert_eq!(names(&all), *want, "{code} t{}", i + 1);
        }
        assert_eq!(names(&t.stock), *stock, "{code} stock");
        assert!(t.waste.is_empty());
        assert!(t.foundations.iter().all(Vec::is_empty));
    }
}

#[test]
fn the_same_deal_whatever_the_draw_and_scoring_letters() {
    for (code, _, _) in GOLDEN {
        let base = Game::new(GameCode::parse(code).unwrap());
        for mode in ["D1N", "D1V", "D3N", "D3V"] {
            let other = format!("{}-{mode}-{}", &code[..3], &code[8..]);
            let g = Game::new(GameCode::parse(&other).unwrap());
            assert_eq!(g.table().columns, base.table().columns, "{other}");
            assert_eq!(g.table().stock, base.table().stock, "{other}");
        }
    }
}
