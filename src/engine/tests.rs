//! One test per rule of RULES.md §2–§5, each named after the rule it checks, on tables built by
//! hand so that each situation is exactly the one the rule talks about.

use super::*;

fn cards(text: &str) -> Vec<Card> {
    text.split_whitespace()
        .map(|w| Card::parse(w).unwrap_or_else(|| panic!("bad card {w}")))
        .collect()
}

fn card(text: &str) -> Card {
    Card::parse(text).unwrap()
}

/// A table for `code`: columns as (face-down, face-up) card lists, stock and waste bottom → top,
/// foundations by place. Missing columns and foundations are empty.
fn game(code: &str, columns: &[(&str, &str)], stock: &str, waste: &str, founds: &[&str]) -> Game {
    Game::from_layout(code, columns, stock, waste, founds).unwrap()
}

/// The same game with another score.
fn with_score(g: Game, score: i32) -> Game {
    let table = Table {
        score,
        ..g.table().clone()
    };
    Game::with_table(g.code(), table)
}

fn col(index: usize, count: usize) -> Source {
    Source::Column { index, count }
}

fn mv(from: Source, to: Target) -> Action {
    Action::Move { from, to }
}

fn up(g: &Game, i: usize) -> Vec<Card> {
    g.table().columns[i].up.clone()
}

/// Applying a refused action changes nothing at all, the move counter included.
fn assert_refused(g: &mut Game, action: Action) -> Refusal {
    let before = g.table().clone();
    let moves = g.moves();
    let undo = g.undo_available();
    let err = g.apply(action).expect_err("the rules should refuse this");
    assert_eq!(g.table(), &before);
    assert_eq!(g.moves(), moves);
    assert_eq!(g.undo_available(), undo);
    err
}

// ---- §2 Moves --------------------------------------------------------------------------------

#[test]
fn onto_column_opposite_colour_exactly_one_rank_higher() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "7H"), ("", "8S"), ("", "8D"), ("", "9C"), ("", "8C")],
        "",
        "",
        &[],
    );
    assert!(g.check(mv(col(0, 1), Target::Column(1))).is_ok());
    assert!(g.check(mv(col(0, 1), Target::Column(4))).is_ok());
    let e = assert_refused(&mut g, mv(col(0, 1), Target::Column(2)));
    assert_eq!(
        e,
        Refusal::DoesNotFit {
            card: card("7H"),
            onto: card("8D")
        }
    );
    assert_refused(&mut g, mv(col(0, 1), Target::Column(3)));
    g.apply(mv(col(0, 1), Target::Column(1))).unwrap();
    assert_eq!(up(&g, 1), cards("8S 7H"));
}

#[test]
fn double_black_six_has_four_places() {
    let g = game(
        "DS1-D1N-AAAAAAA",
        &[
            ("", "6S"),
            ("", "7H"),
            ("", "7D"),
            ("", "7H"),
            ("", "7D"),
            ("", "7S"),
        ],
        "",
        "",
        &[],
    );
    let places: Vec<usize> = (0..9)
        .filter(|&j| g.check(mv(col(0, 1), Target::Column(j))).is_ok())
        .collect();
    assert_eq!(places, vec![1, 2, 3, 4]);
}

#[test]
fn run_moves_as_a_whole_and_only_its_first_card_must_fit() {
    // The run 9H 8S 7D moves onto TC; no limit on its length.
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("KD", "9H 8S 7D"), ("", "TC")],
        "",
        "",
        &[],
    );
    let out = g.apply(mv(col(0, 3), Target::Column(1))).unwrap();
    assert_eq!(up(&g, 1), cards("TC 9H 8S 7D"));
    assert_eq!(up(&g, 0), cards("KD"));
    assert_eq!(out.revealed, Some((0, card("KD"))));
    // A run of 12 cards moves in one action.
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "QH JS TH 9S 8H 7S 6H 5S 4H 3S 2H AS"), ("", "KS")],
        "",
        "",
        &[],
    );
    g.apply(mv(col(0, 12), Target::Column(1))).unwrap();
    assert_eq!(up(&g, 1).len(), 13);
    assert_eq!(g.moves(), 1);
}

#[test]
fn run_longer_than_the_face_up_cards_is_refused() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "TC"), ("", "AS")], "", "", &[]);
    let mut g3 = game(
        "KL1-D1N-AAAAAAA",
        &[("4C 5C", "9H 8S"), ("", "TC")],
        "",
        "",
        &[],
    );
    let e = assert_refused(&mut g3, mv(col(0, 5), Target::Column(1)));
    assert_eq!(
        e,
        Refusal::NotEnoughFaceUp {
            column: 0,
            asked: 5,
            face_up: 2
        }
    );
    assert_refused(&mut g, mv(col(0, 0), Target::Column(1)));
}

#[test]
fn empty_column_takes_only_a_king() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "QH"), ("", ""), ("", "KS QD"), ("", "KH")],
        "",
        "",
        &[],
    );
    let e = assert_refused(&mut g, mv(col(0, 1), Target::Column(1)));
    assert_eq!(e, Refusal::EmptyColumnTakesOnlyKing(card("QH")));
    // A King alone…
    let mut g2 = g.clone();
    g2.apply(mv(col(3, 1), Target::Column(1))).unwrap();
    assert_eq!(up(&g2, 1), cards("KH"));
    assert!(g2.table().columns[3].is_empty());
    // …or with the cards on top of it.
    g.apply(mv(col(2, 2), Target::Column(1))).unwrap();
    assert_eq!(up(&g, 1), cards("KS QD"));
    assert!(g.table().columns[2].is_empty());
}

#[test]
fn empty_column_refuses_a_non_king_even_when_it_would_uncover_a_face_down_card() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("3C 9D", "QH JS"), ("", "")],
        "",
        "JD",
        &[],
    );
    assert_refused(&mut g, mv(col(0, 2), Target::Column(1)));
    assert_refused(&mut g, mv(col(0, 1), Target::Column(1)));
    assert_refused(&mut g, mv(Source::Waste, Target::Column(1)));
    assert_eq!(g.table().columns[0].down, cards("3C 9D"));
}

#[test]
fn waste_only_its_top_card_plays_onto_a_column_or_foundation() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "9C")], "", "8H AS", &[]);
    // The 8H under the AS cannot be played while the AS lies on it.
    assert_refused(&mut g, mv(Source::Waste, Target::Column(0)));
    g.apply(mv(Source::Waste, Target::Foundation)).unwrap();
    g.apply(mv(Source::Waste, Target::Column(0))).unwrap();
    assert_eq!(up(&g, 0), cards("9C 8H"));
    assert!(g.table().waste.is_empty());
}

#[test]
fn foundation_takes_ace_first_then_the_same_suit_one_rank_up_one_card_at_a_time() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "2S"), ("", "AS"), ("", "3S 2H"), ("", "3H AH")],
        "",
        "",
        &[],
    );
    assert_eq!(
        assert_refused(&mut g, mv(col(0, 1), Target::Foundation)),
        Refusal::NoFoundationTakes(card("2S"))
    );
    g.apply(mv(col(1, 1), Target::Foundation)).unwrap();
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(g.table().foundations[0], cards("AS 2S"));
    // 2H does not go on the spades.
    assert_refused(&mut g, mv(col(2, 1), Target::Foundation));
    // A run never goes to a foundation, even when its first card would fit.
    let e = assert_refused(&mut g, mv(col(3, 2), Target::Foundation));
    assert_eq!(e, Refusal::OneCardToFoundation);
}

#[test]
fn klondike_foundations_have_a_fixed_place_per_suit() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "AC"), ("", "AD"), ("", "AH"), ("", "AS")],
        "",
        "",
        &[],
    );
    for i in 0..4 {
        g.apply(mv(col(i, 1), Target::Foundation)).unwrap();
    }
    let tops: Vec<Card> = g
        .table()
        .foundations
        .iter()
        .map(|f| *f.last().unwrap())
        .collect();
    assert_eq!(tops, cards("AS AH AD AC"));
}

#[test]
fn double_ace_goes_to_an_empty_place_of_its_own_suits_row_never_another_row() {
    let mut g = game("DS1-D1N-AAAAAAA", &[("", "AH"), ("", "AC")], "", "", &[]);
    let out = g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert!(matches!(
        out.kind,
        OutcomeKind::Moved {
            to: Pile::Foundation(2),
            ..
        }
    ));
    let out = g.apply(mv(col(1, 1), Target::Foundation)).unwrap();
    assert!(matches!(
        out.kind,
        OutcomeKind::Moved {
            to: Pile::Foundation(6),
            ..
        }
    ));
    // The ♠ row stays empty: a heart or club never goes there.
    assert!(g.table().foundations[0].is_empty() && g.table().foundations[1].is_empty());
}

#[test]
fn double_second_ace_of_spades_takes_the_second_spades_place() {
    let mut g = game("DS1-D1N-AAAAAAA", &[("", "AS"), ("", "AS")], "", "", &[]);
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    g.apply(mv(col(1, 1), Target::Foundation)).unwrap();
    assert_eq!(g.table().foundations[0], cards("AS"));
    assert_eq!(g.table().foundations[1], cards("AS"));
}

#[test]
fn double_six_goes_to_the_first_of_two_foundations_that_both_take_it() {
    let mut g = game(
        "DS1-D1N-AAAAAAA",
        &[("", "6S")],
        "",
        "",
        &["AS 2S 3S 4S 5S", "AS 2S 3S 4S 5S"],
    );
    assert_eq!(g.foundation_for(card("6S")), Some(0));
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(g.table().foundations[0].len(), 6);
    assert_eq!(g.table().foundations[1].len(), 5);
    // When only the second place takes it, it goes there.
    let mut g = game(
        "DS1-D1N-AAAAAAA",
        &[("", "6S")],
        "",
        "",
        &["AS 2S 3S", "AS 2S 3S 4S 5S"],
    );
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(g.table().foundations[1].len(), 6);
}

#[test]
fn take_back_moves_a_foundation_top_card_onto_a_column_by_column_rules() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "4D"), ("", "")],
        "",
        "",
        &["AS 2S 3S"],
    );
    // Not onto an empty column (3S is no King).
    assert_refused(&mut g, mv(Source::Foundation(0), Target::Column(1)));
    // Not back to the foundations.
    assert_eq!(
        assert_refused(&mut g, mv(Source::Foundation(0), Target::Foundation)),
        Refusal::AlreadyOnFoundation
    );
    g.apply(mv(Source::Foundation(0), Target::Column(0)))
        .unwrap();
    assert_eq!(up(&g, 0), cards("4D 3S"));
    assert_eq!(g.table().foundations[0], cards("AS 2S"));
}

#[test]
fn take_back_scores_zero_and_placing_the_card_again_scores_again() {
    for (code, place) in [("KL1-D1N-AAAAAAA", 10), ("KL1-D1V-AAAAAAA", 5)] {
        let mut g = game(code, &[("", "4D")], "", "", &["AS 2S 3S"]);
        let start = g.score();
        let out = g
            .apply(mv(Source::Foundation(0), Target::Column(0)))
            .unwrap();
        assert_eq!(out.points, 0);
        assert_eq!(g.score(), start);
        g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
        assert_eq!(g.score(), start + place);
    }
}

#[test]
fn reveal_turns_the_uncovered_card_up_in_the_same_action() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("5C 9D", "AS"), ("", "")], "", "", &[]);
    let out = g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(out.revealed, Some((0, card("9D"))));
    assert_eq!(g.table().columns[0].down, cards("5C"));
    assert_eq!(up(&g, 0), cards("9D"));
    assert_eq!(g.moves(), 1);
    assert_eq!(g.score(), 15);
}

#[test]
fn stock_draw_one_turns_one_card() {
    let mut g = game("KL1-D1N-AAAAAAA", &[], "2C 3D 4H", "", &[]);
    let out = g.apply(Action::Draw).unwrap();
    assert_eq!(out.kind, OutcomeKind::Drew(cards("4H")));
    assert_eq!(g.table().waste, cards("4H"));
    assert_eq!(g.table().stock, cards("2C 3D"));
}

#[test]
fn stock_draw_three_fans_three_and_only_the_last_is_playable() {
    // Drawn in the order 2C, 8H, AS: the AS lies on top and is the only playable card.
    let mut g = game("KL1-D3N-AAAAAAA", &[("", "9C")], "AS 8H 2C", "", &[]);
    let out = g.apply(Action::Draw).unwrap();
    assert_eq!(out.kind, OutcomeKind::Drew(cards("2C 8H AS")));
    assert_eq!(g.table().waste, cards("2C 8H AS"));
    assert_eq!(g.table().fan, 3);
    // The 8H under the AS does not go on the 9C yet.
    assert_eq!(
        assert_refused(&mut g, mv(Source::Waste, Target::Column(0))),
        Refusal::DoesNotFit {
            card: card("AS"),
            onto: card("9C")
        }
    );
    // When the last card is played, the one under it is playable.
    g.apply(mv(Source::Waste, Target::Foundation)).unwrap();
    assert_eq!(g.table().fan, 2);
    g.apply(mv(Source::Waste, Target::Column(0))).unwrap();
    assert_eq!(g.table().fan, 1);
    assert_eq!(up(&g, 0), cards("9C 8H"));
    assert_eq!(g.table().waste, cards("2C"));
    assert_eq!(g.table().foundations[0], cards("AS"));
}

#[test]
fn stock_draw_three_with_fewer_than_three_left_draws_what_is_left() {
    let mut g = game("KL1-D3N-AAAAAAA", &[], "2C 3D 4H 5S 6D", "", &[]);
    g.apply(Action::Draw).unwrap();
    let out = g.apply(Action::Draw).unwrap();
    assert_eq!(out.kind, OutcomeKind::Drew(cards("3D 2C")));
    assert_eq!(g.table().fan, 2);
    assert!(g.table().stock.is_empty());
    assert_eq!(g.table().waste, cards("6D 5S 4H 3D 2C"));
}

#[test]
fn stock_recycle_turns_the_waste_back_in_the_original_order() {
    for code in ["KL1-D1N-AAAAAAA", "KL1-D3N-AAAAAAA", "DS1-D3N-AAAAAAA"] {
        let mut g = game(code, &[], "2C 3D 4H 5S 6D 7C 8H", "", &[]);
        let stock_before = g.table().stock.clone();
        let mut first_pass = Vec::new();
        while !g.table().stock.is_empty() {
            if let OutcomeKind::Drew(c) = g.apply(Action::Draw).unwrap().kind {
                first_pass.extend(c);
            }
        }
        let out = g.apply(Action::Draw).unwrap();
        assert_eq!(out.kind, OutcomeKind::Recycled(7));
        assert_eq!(g.table().stock, stock_before, "{code}");
        assert!(g.table().waste.is_empty());
        let mut second_pass = Vec::new();
        while !g.table().stock.is_empty() {
            if let OutcomeKind::Drew(c) = g.apply(Action::Draw).unwrap().kind {
                second_pass.extend(c);
            }
        }
        assert_eq!(
            first_pass, second_pass,
            "the card drawn first is drawn first again"
        );
    }
}

#[test]
fn stock_recycle_costs_100_and_passes_are_unlimited_in_normal() {
    let mut g = with_score(game("KL1-D1N-AAAAAAA", &[], "2C", "", &[]), 250);
    for pass in 1..=5 {
        g.apply(Action::Draw).unwrap();
        let out = g.apply(Action::Draw).unwrap();
        assert_eq!(out.kind, OutcomeKind::Recycled(1), "pass {pass}");
        assert_eq!(out.points, -100);
    }
    assert_eq!(g.score(), 0);
}

#[test]
fn vegas_one_pass_only_with_draw_1() {
    let mut g = game("KL1-D1V-AAAAAAA", &[], "2C 3D", "", &[]);
    g.apply(Action::Draw).unwrap();
    g.apply(Action::Draw).unwrap();
    assert!(g.no_pass_left());
    assert!(!g.can_recycle());
    assert_eq!(assert_refused(&mut g, Action::Draw), Refusal::NoPassLeft);
}

#[test]
fn vegas_one_pass_only_with_draw_3() {
    let mut g = game("DS1-D3V-AAAAAAA", &[], "2C 3D 4H 5S", "", &[]);
    g.apply(Action::Draw).unwrap();
    g.apply(Action::Draw).unwrap();
    assert_eq!(g.table().waste.len(), 4);
    assert_eq!(assert_refused(&mut g, Action::Draw), Refusal::NoPassLeft);
}

#[test]
fn stock_click_with_empty_stock_and_empty_waste_is_no_action() {
    let mut g = game("KL1-D1N-AAAAAAA", &[], "", "", &[]);
    assert_eq!(assert_refused(&mut g, Action::Draw), Refusal::NothingToDraw);
    assert_eq!(g.click(Pile::Stock, 1), Err(Refusal::NothingToDraw));
    assert_eq!(g.moves(), 0);
}

// ---- §3 Clicks and double-clicks -----------------------------------------------------------

#[test]
fn click_sends_a_top_card_to_the_foundation_that_takes_it() {
    let mut g = game(
        "DS1-D1N-AAAAAAA",
        &[("", "AS"), ("", "8H 2S")],
        "",
        "AD",
        &["AS"],
    );
    g.click(Pile::Column(0), 1).unwrap();
    assert_eq!(g.table().foundations[1], cards("AS"));
    g.click(Pile::Column(1), 1).unwrap();
    assert_eq!(g.table().foundations[0], cards("AS 2S"));
    g.click(Pile::Waste, 1).unwrap();
    assert_eq!(g.table().foundations[4], cards("AD"));
    assert_eq!(g.moves(), 3);
}

#[test]
fn click_does_nothing_when_no_foundation_takes_the_card() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "9H"), ("", "TS")], "", "", &[]);
    let before = g.table().clone();
    assert_eq!(
        g.click(Pile::Column(0), 1),
        Err(Refusal::NoFoundationTakes(card("9H")))
    );
    assert_eq!(g.table(), &before);
    assert_eq!(g.moves(), 0);
    // A click on a card under others, or on an empty pile, does nothing either.
    assert_eq!(
        g.click(Pile::Column(1), 2),
        Err(Refusal::NotEnoughFaceUp {
            column: 1,
            asked: 2,
            face_up: 1
        })
    );
    assert_eq!(
        g.click(Pile::Waste, 1),
        Err(Refusal::EmptyPile(Pile::Waste))
    );
}

#[test]
fn click_on_the_stock_draws_and_recycles() {
    let mut g = game("KL1-D1N-AAAAAAA", &[], "2C", "", &[]);
    g.click(Pile::Stock, 1).unwrap();
    assert_eq!(g.table().waste, cards("2C"));
    let out = g.click(Pile::Stock, 1).unwrap();
    assert_eq!(out.kind, OutcomeKind::Recycled(1));
}

#[test]
fn double_click_when_the_first_click_moved_the_card_that_is_all() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "2H AS"), ("", "")], "", "", &[]);
    g.double_click(Pile::Column(0), 1, true).unwrap();
    assert_eq!(g.table().foundations[0], cards("AS"));
    assert_eq!(up(&g, 0), cards("2H"));
    assert_eq!(g.moves(), 1);
}

#[test]
fn double_click_picks_the_longest_column_face_down_cards_included() {
    // 7H fits on t2 (8S, 3 cards), t3 (8C, 4 cards with face-down ones), t4 (8S, 2 cards).
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[
            ("", "7H"),
            ("", "TD 9S 8S"),
            ("2C 3C 4C", "8C"),
            ("", "9H 8S"),
        ],
        "",
        "",
        &[],
    );
    assert_eq!(g.table_target(col(0, 1)), Ok(2));
    g.double_click(Pile::Column(0), 1, true).unwrap();
    assert_eq!(up(&g, 2), cards("8C 7H"));
}

#[test]
fn double_click_ties_go_to_the_leftmost_column() {
    let mut g = game(
        "DS1-D1N-AAAAAAA",
        &[("", "9D 8S"), ("", "9D 8C"), ("", "7H"), ("", "9H 8C")],
        "",
        "",
        &[],
    );
    g.double_click(Pile::Column(2), 1, true).unwrap();
    assert_eq!(up(&g, 0), cards("9D 8S 7H"));
}

#[test]
fn double_click_king_goes_to_the_leftmost_empty_column_when_no_column_fits() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "QD"), ("", ""), ("", "KH"), ("", "")],
        "",
        "",
        &[],
    );
    // KH fits on nothing; t2 is the leftmost empty column.
    g.double_click(Pile::Column(2), 1, true).unwrap();
    assert_eq!(up(&g, 1), cards("KH"));
    // A queen with no place goes nowhere, even with empty columns around.
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "QD"), ("", "")], "", "", &[]);
    assert_eq!(
        g.double_click(Pile::Column(0), 1, true),
        Err(Refusal::NoPlaceOnTable(card("QD")))
    );
}

#[test]
fn double_click_never_chooses_the_cards_own_column() {
    // A card or run is the top of its own column, so that column's top is the run's own top
    // card: it never fits there, and an occupied column is never empty. The search is checked
    // over every face-up card and run of thousands of positions of all eight modes: the place it
    // picks is another column, one that takes the run.
    let mut seed = 7u64;
    let mut next = |n: usize| {
        seed = crate::engine::deal::splitmix(seed);
        (seed % n as u64) as usize
    };
    let mut checked = 0;
    for game_kind in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                let code = GameCode::new(game_kind, draw, scoring, next(1000) as u64);
                let mut g = Game::new(code);
                for _ in 0..200 {
                    for (i, column) in g.table().columns.iter().enumerate() {
                        for count in 1..=column.up.len() {
                            let from = col(i, count);
                            if let Ok(j) = g.table_target(from) {
                                assert_ne!(j, i, "{code}: a run onto its own column");
                                assert!(g.check_move(from, Target::Column(j)).is_ok());
                                checked += 1;
                            }
                        }
                    }
                    let legal = g.legal_actions();
                    if legal.is_empty() {
                        break;
                    }
                    g.apply(legal[next(legal.len())]).unwrap();
                }
            }
        }
    }
    assert!(checked > 1000, "{checked} searches checked");
    // And the double-click itself, in a case where the card's own column is the longest.
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("2C 3C 4C 5C", "9D 8S 7H"), ("", "9H 8C")],
        "",
        "",
        &[],
    );
    g.double_click(Pile::Column(0), 1, true).unwrap();
    assert_eq!(up(&g, 1), cards("9H 8C 7H"));
}

#[test]
fn double_click_on_a_run_searches_the_table_for_the_whole_run_never_a_foundation() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("3D", "2S AH"), ("", "3H"), ("", "9C")],
        "",
        "",
        &[],
    );
    // 2S with AH on it: the run goes onto 3H, not the AH to a foundation.
    g.double_click(Pile::Column(0), 2, true).unwrap();
    assert_eq!(up(&g, 1), cards("3H 2S AH"));
    assert!(g.table().foundations.iter().all(Vec::is_empty));
    assert_eq!(up(&g, 0), cards("3D"));
}

#[test]
fn double_click_from_the_waste_searches_the_table_when_no_foundation_takes_it() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "9C"), ("2C 3C", "9S")],
        "",
        "8H",
        &[],
    );
    g.double_click(Pile::Waste, 1, true).unwrap();
    assert_eq!(up(&g, 1), cards("9S 8H"));
    assert_eq!(g.score(), 5);
}

#[test]
fn no_automation_one_action_moves_one_card_or_run_and_nothing_else() {
    // After the 2S goes up, the AS... nothing else moves by itself, though 2H and 3S could.
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "2S"), ("", "3S"), ("", "AH"), ("", "2H")],
        "",
        "",
        &["AS"],
    );
    g.click(Pile::Column(0), 1).unwrap();
    let on_foundations: usize = g.table().foundations.iter().map(Vec::len).sum();
    assert_eq!(on_foundations, 2);
    assert_eq!(up(&g, 1), cards("3S"));
    assert_eq!(up(&g, 2), cards("AH"));
}

// ---- §4 Scoring ------------------------------------------------------------------------------

#[test]
fn normal_scoring_table() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("4C", "AS"), ("", "9H"), ("", "TS"), ("", "3D")],
        "",
        "8C 2S",
        &[],
    );
    let pts = |g: &mut Game, a| g.apply(a).unwrap().points;
    // Column → foundation, with a face-down card turned up: 10 + 5.
    assert_eq!(pts(&mut g, mv(col(0, 1), Target::Foundation)), 15);
    // Waste → foundation: 10.
    assert_eq!(pts(&mut g, mv(Source::Waste, Target::Foundation)), 10);
    // Column → column: 0.
    assert_eq!(pts(&mut g, mv(col(1, 1), Target::Column(2))), 0);
    // Waste → column: 5.
    assert_eq!(pts(&mut g, mv(Source::Waste, Target::Column(2))), 5);
    // Take-back: 0.
    assert_eq!(pts(&mut g, mv(Source::Foundation(0), Target::Column(3))), 0);
    assert_eq!(g.score(), 30);
    // Recycle: -100 (clipped at 0).
    let mut g = with_score(game("KL1-D1N-AAAAAAA", &[], "", "2C", &[]), 130);
    assert_eq!(pts(&mut g, Action::Draw), -100);
    assert_eq!(g.score(), 30);
}

#[test]
fn normal_score_never_goes_below_zero_and_undo_restores_clipped_points_exactly() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "AS")], "", "3C", &[]);
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(g.score(), 10);
    let out = g.apply(Action::Draw).unwrap();
    assert_eq!(out.kind, OutcomeKind::Recycled(1));
    assert_eq!(out.points, -100);
    assert_eq!(out.score_change, -10);
    assert_eq!(g.score(), 0);
    g.undo().unwrap();
    assert_eq!(g.score(), 10);
    assert_eq!(g.table().waste, cards("3C"));
}

#[test]
fn vegas_starts_at_minus_the_stake_and_pays_5_per_foundation_card_only() {
    let mut g = game(
        "KL1-D1V-AAAAAAA",
        &[("4C", "AS"), ("", "9H"), ("", "TS")],
        "2D",
        "8C",
        &[],
    );
    assert_eq!(g.score(), -52);
    assert_eq!(g.score_text(), "-$52");
    assert_eq!(
        g.apply(mv(col(0, 1), Target::Foundation)).unwrap().points,
        5
    );
    assert_eq!(g.apply(mv(col(1, 1), Target::Column(2))).unwrap().points, 0);
    assert_eq!(
        g.apply(mv(Source::Waste, Target::Column(2)))
            .unwrap()
            .points,
        0
    );
    assert_eq!(g.apply(Action::Draw).unwrap().points, 0);
    assert_eq!(g.score(), -47);
    let d = game("DS1-D3V-AAAAAAA", &[], "", "", &[]);
    assert_eq!(d.score(), -104);
    assert_eq!(d.score_text(), "-$104");
}

#[test]
fn vegas_has_no_floor_and_turns_positive_at_the_11th_or_21st_foundation_card() {
    for (code, turns) in [("KL1-D1V-AAAAAAA", 11), ("DS1-D1V-AAAAAAA", 21)] {
        let spec = GameCode::parse(code).unwrap().spec();
        // Each suit of each deck in its own column, the Ace on top: every card goes up by a
        // click, Aces first, and the engine keeps the score.
        let suits: Vec<String> = (0..spec.decks)
            .flat_map(|_| ["S", "H", "D", "C"])
            .map(|s| {
                [
                    "K", "Q", "J", "T", "9", "8", "7", "6", "5", "4", "3", "2", "A",
                ]
                .iter()
                .map(|r| format!("{r}{s}"))
                .collect::<Vec<_>>()
                .join(" ")
            })
            .collect();
        let columns: Vec<(&str, &str)> = suits.iter().map(|c| ("", c.as_str())).collect();
        let mut g = game(code, &columns, "", "", &[]);
        assert_eq!(g.score(), spec.vegas_start);
        let mut placed = 0;
        for _rank in 0..13 {
            for c in 0..columns.len() {
                g.click(Pile::Column(c), 1).unwrap();
                placed += 1;
                assert_eq!(
                    g.score(),
                    spec.vegas_start + 5 * placed,
                    "{code} card {placed}"
                );
                assert_eq!(g.score() > 0, placed >= turns, "{code} card {placed}");
            }
        }
        assert!(g.is_won());
        assert_eq!(
            g.score_text(),
            if spec.decks == 1 { "+$208" } else { "$416" }
        );
    }
}

#[test]
fn score_texts_as_in_spec_section_1() {
    let kl_v = GameCode::parse("KL1-D1V-AAAAAAA").unwrap();
    let ds_v = GameCode::parse("DS1-D1V-AAAAAAA").unwrap();
    let kl_n = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    assert_eq!(score_text(kl_v, 208), "+$208");
    assert_eq!(score_text(kl_v, 0), "$0");
    assert_eq!(score_text(kl_v, -52), "-$52");
    assert_eq!(score_text(ds_v, 416), "$416");
    assert_eq!(score_text(ds_v, 0), "$0");
    assert_eq!(score_text(ds_v, -104), "-$104");
    assert_eq!(score_text(kl_n, 35), "35");
    assert_eq!(score_text(kl_n, 0), "0");
}

// ---- §5 Actions, undo, move counter, win -----------------------------------------------------

#[test]
fn rejected_attempts_are_no_actions() {
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "9H"), ("", "9S")], "", "", &[]);
    assert_refused(&mut g, mv(col(0, 1), Target::Column(1)));
    assert_refused(&mut g, mv(col(0, 1), Target::Column(0)));
    assert_refused(&mut g, mv(Source::Waste, Target::Foundation));
    assert_refused(&mut g, Action::Draw);
    assert_eq!(g.undo(), Err(Refusal::NothingToUndo));
}

#[test]
fn redo_plays_again_what_undo_took_back_and_counts_as_a_move() {
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "AH"), ("", "9S")],
        "5C 6C",
        "",
        &[],
    );
    let to_home = mv(col(0, 1), Target::Foundation);
    g.apply(Action::Draw).unwrap();
    let after_draw = g.table().clone();
    g.apply(to_home).unwrap();
    let after_home = g.table().clone();
    assert!(after_home.score > after_draw.score, "a card home scores");
    assert_eq!(g.redo(), Err(Refusal::NothingToRedo));
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(g.redo_available(), 2);
    assert_eq!(g.next_redo(), Some(Action::Draw));
    g.redo().unwrap();
    assert_eq!(g.table(), &after_draw);
    g.redo().unwrap();
    // The same table, the same points: the undo's change of score taken back exactly.
    assert_eq!(g.table(), &after_home);
    assert_eq!(g.moves(), 4, "two actions and two redos");
    assert_eq!(g.redo(), Err(Refusal::NothingToRedo));
    // Redone actions undo again, and redo again.
    g.undo().unwrap();
    assert_eq!(g.table(), &after_draw);
    assert_eq!(g.redo_available(), 1);
    // A new action ends what Redo could play.
    g.apply(Action::Draw).unwrap();
    assert_eq!(g.redo_available(), 0);
    assert_eq!(g.redo(), Err(Refusal::NothingToRedo));
}

#[test]
fn a_log_with_redos_replays_to_the_same_game() {
    let mut g = Game::new(GameCode::parse("KL1-D3N-AAAAAAA").unwrap());
    for _ in 0..3 {
        g.apply(Action::Draw).unwrap();
    }
    g.undo().unwrap();
    g.undo().unwrap();
    g.redo().unwrap();
    let mut again = Game::new(g.code());
    for e in g.log() {
        match e {
            Entry::Act(a) => again.apply(*a).map(|_| ()).unwrap(),
            Entry::Undo => again.undo().unwrap(),
        }
    }
    assert_eq!(again.table(), g.table());
    assert_eq!(again.moves(), g.moves());
    assert_eq!(again.next_redo(), g.next_redo());
    assert_eq!(again.redo_available(), 1);
}

#[test]
fn undo_steps_back_one_action_restoring_everything() {
    let mut g = Game::new(GameCode::parse("KL1-D3N-AAAAAAA").unwrap());
    let start = g.table().clone();
    g.apply(Action::Draw).unwrap();
    let after_draw = g.table().clone();
    g.apply(Action::Draw).unwrap();
    g.undo().unwrap();
    assert_eq!(g.table(), &after_draw);
    g.undo().unwrap();
    assert_eq!(g.table(), &start);
    assert_eq!(g.undo(), Err(Refusal::NothingToUndo));
}

#[test]
fn undo_depth_is_100_in_klondike() {
    undo_depth_is(GameCode::parse("KL1-D1N-AAAAAAB").unwrap(), 100);
}

#[test]
fn undo_depth_is_200_in_double() {
    undo_depth_is(GameCode::parse("DS1-D1N-AAAAAAB").unwrap(), 200);
}

fn undo_depth_is(code: GameCode, depth: usize) {
    let mut g = Game::new(code);
    let mut snapshots = Vec::new();
    for _ in 0..depth + 25 {
        snapshots.push(g.table().clone());
        g.apply(Action::Draw).unwrap(); // draw and recycle forever: always legal in Normal
    }
    assert_eq!(g.undo_available(), depth);
    for _ in 0..depth {
        g.undo().unwrap();
    }
    // Exactly `depth` actions back, no further.
    assert_eq!(g.table(), &snapshots[25]);
    assert_eq!(g.undo(), Err(Refusal::NothingToUndo));
}

#[test]
fn move_counter_counts_actions_and_undo_never_lowers_it() {
    let mut g = Game::new(GameCode::parse("DS1-D1N-AAAAAAA").unwrap());
    g.apply(Action::Draw).unwrap();
    g.apply(Action::Draw).unwrap();
    assert_eq!(g.moves(), 2);
    g.undo().unwrap();
    assert_eq!(g.moves(), 2);
    g.apply(Action::Draw).unwrap();
    assert_eq!(g.moves(), 3);
    g.undo().unwrap();
    g.undo().unwrap();
    assert_eq!(g.moves(), 3);
}

#[test]
fn won_when_every_card_lies_on_the_foundations() {
    let full = |s: &str| {
        "A 2 3 4 5 6 7 8 9 T J Q K"
            .split(' ')
            .map(|r| format!("{r}{s}"))
            .collect::<Vec<_>>()
            .join(" ")
    };
    let (s, h, d) = (full("S"), full("H"), full("D"));
    let c12 = full("C").replace(" KC", "");
    let mut g = game(
        "KL1-D1N-AAAAAAA",
        &[("", "KC")],
        "",
        "",
        &[&s, &h, &d, &c12],
    );
    assert!(!g.is_won());
    g.click(Pile::Column(0), 1).unwrap();
    assert!(g.is_won());
    g.undo().unwrap();
    assert!(!g.is_won());
}

#[test]
fn deal_depends_only_on_game_and_number_not_draw_or_scoring() {
    for game in ["KL1", "DS1"] {
        for deal in ["AAAAAAA", "AAAAAAB", "AAAAAAG", "QWERTYU"] {
            let tables: Vec<Table> = ["D1N", "D1V", "D3N", "D3V"]
                .iter()
                .map(|mode| {
                    let g = Game::new(GameCode::parse(&format!("{game}-{mode}-{deal}")).unwrap());
                    let mut t = g.table().clone();
                    t.score = 0;
                    t
                })
                .collect();
            assert!(tables.windows(2).all(|w| w[0] == w[1]), "{game} {deal}");
        }
    }
    let a = Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap());
    let b = Game::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    assert_ne!(a.table(), b.table());
}

#[test]
fn the_score_saturates_instead_of_wrapping_around() {
    // A take-back and a re-placing score again without limit: at the edge of the number's
    // range the score stays there (in a release build it used to wrap to a large negative).
    let g = game(
        "KL1-D1V-AAAAAAA",
        &[("", "KS")],
        "",
        "",
        &["AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS"],
    );
    let mut g = with_score(g, i32::MAX - 3);
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(g.score(), i32::MAX);
    g.apply(mv(Source::Foundation(0), Target::Column(0)))
        .unwrap();
    g.apply(mv(col(0, 1), Target::Foundation)).unwrap();
    assert_eq!(g.score(), i32::MAX);
    let g = game("KL1-D1N-AAAAAAA", &[("", "TS")], "", "9H", &[]);
    let mut g = with_score(g, i32::MAX - 2);
    g.apply(mv(Source::Waste, Target::Column(0))).unwrap();
    assert_eq!(g.score(), i32::MAX);
}

#[test]
fn a_full_log_refuses_further_actions_and_undos() {
    let mut g = Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap());
    while g.log().len() < MAX_LOG - 1 {
        g.apply(Action::Draw).unwrap();
    }
    g.undo().unwrap();
    assert_eq!(g.log().len(), MAX_LOG);
    assert_eq!(g.apply(Action::Draw), Err(Refusal::LogFull));
    assert_eq!(g.undo(), Err(Refusal::LogFull));
}

/// One rule, one owner: a double-click is two clicks on the same card, and each click on the
/// stock draws — with the Double-click setting on or off. The script and the app ask the
/// engine (`double_click`, `second_click`), which says so here.
#[test]
fn a_double_click_on_the_stock_is_two_clicks_each_drawing() {
    for search in [true, false] {
        let mut g = Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap());
        g.double_click(Pile::Stock, 1, search).unwrap();
        assert_eq!(
            (g.table().waste.len(), g.moves()),
            (2, 2),
            "search {search}"
        );
        // The app's way: a click, then the second click of the double-click.
        let mut h = Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap());
        h.click(Pile::Stock, 1).unwrap();
        h.second_click(Pile::Stock, 1, true, search).unwrap();
        assert_eq!(h.table(), g.table());
    }
    // The second click finds the stock empty (Vegas, one pass): the first draw stands.
    let mut g = game("KL1-D1V-AAAAAAA", &[], "AS", "", &[]);
    let outcome = g.double_click(Pile::Stock, 1, true).unwrap();
    assert!(matches!(outcome.kind, OutcomeKind::Drew(_)));
    assert_eq!(g.moves(), 1);
}

#[test]
fn with_the_setting_off_a_double_click_on_a_card_does_what_one_click_does() {
    // 5♥ fits on the 6♠ of column 2, but with the setting off no table search is made.
    let mut g = game("KL1-D1N-AAAAAAA", &[("", "5H"), ("", "6S")], "", "", &[]);
    let before = g.table().clone();
    assert!(g.double_click(Pile::Column(0), 1, false).is_err());
    assert_eq!(g.table(), &before);
    g.double_click(Pile::Column(0), 1, true).unwrap();
    assert_eq!(up(&g, 1), cards("6S 5H"));
}
