//! Won games played to the end from real deals, and their final scores (RULES.md §1, §4).
//! The deals are ones the simple greedy player of `common` wins; each is replayed through the
//! engine and through the script interface.

mod common;

use common::{greedy_win, script_line};
use solitaire::engine::{Action, Game, GameCode, OutcomeKind, Source, Target};
use solitaire::script;

/// Plays `code` with the greedy player to a win; returns the game, the number of waste→column
/// cards and the points the recycles really cost (after the floor at 0).
fn play_to_win(code: &str) -> (Game, Vec<Action>, i32, i32) {
    let code = GameCode::parse(code).unwrap();
    let actions = greedy_win(code, 5000).unwrap_or_else(|| panic!("{code} is no longer won"));
    let mut g = Game::new(code);
    let (mut waste_to_column, mut recycle_cost) = (0, 0);
    for &a in &actions {
        let out = g.apply(a).unwrap();
        if let Action::Move {
            from: Source::Waste,
            to: Target::Column(_),
        } = a
        {
            waste_to_column += 1;
        }
        if let OutcomeKind::Recycled(_) = out.kind {
            recycle_cost -= out.score_change;
        }
    }
    assert!(g.is_won(), "{code}");
    assert_eq!(g.moves() as usize, actions.len());
    (g, actions, waste_to_column, recycle_cost)
}

/// Replays the actions through `solitaire script` and returns the last JSON line.
fn replay_as_script(code: &str, actions: &[Action]) -> String {
    let mut text = format!("new {code}\n");
    for &a in actions {
        text.push_str(&script_line(a));
        text.push('\n');
    }
    let mut last = String::new();
    let s = script::run_bytes(text.as_bytes(), |line| {
        assert!(line.contains("\"ok\":true"), "{line}");
        last = line.to_string();
    });
    assert!(!s.had_error());
    last
}

#[test]
fn won_normal_games_score_625_or_1220_plus_5_per_waste_card_minus_recycles() {
    let cases = [
        ("KL1-D1N-AAAAAAA", 625),
        ("KL1-D1N-AAAAAAD", 625),
        ("KL1-D3N-AAAAAAA", 625),
        ("KL1-D3N-AAAAAAM", 625),
        ("DS1-D1N-AAAAAAB", 1220),
        ("DS1-D1N-AAAAAAC", 1220),
        ("DS1-D3N-AAAAAAE", 1220),
        ("DS1-D3N-AAAAAAF", 1220),
    ];
    for (code, base) in cases {
        let (g, actions, waste_to_column, recycle_cost) = play_to_win(code);
        let want = base + 5 * waste_to_column - recycle_cost;
        assert_eq!(g.score(), want, "{code}");
        assert_eq!(g.score_text(), want.to_string());
        let last = replay_as_script(code, &actions);
        assert!(last.contains("\"won\":true"), "{last}");
        assert!(last.contains(&format!("\"score\":{want},")), "{last}");
        println!("{code}: {want} = {base} + 5·{waste_to_column} − {recycle_cost}");
    }
}

#[test]
fn won_vegas_games_end_at_plus_208_dollars_or_416_dollars() {
    let cases = [
        ("KL1-D1V-AAAAABE", 208, "+$208"),
        ("KL1-D1V-AAAAADN", 208, "+$208"),
        ("KL1-D3V-AAAAAHJ", 208, "+$208"),
        ("DS1-D1V-AAAAAJW", 416, "$416"),
        ("DS1-D1V-AAAAAYM", 416, "$416"),
    ];
    for (code, score, text) in cases {
        let (g, actions, _, _) = play_to_win(code);
        assert_eq!(g.score(), score, "{code}");
        assert_eq!(g.score_text(), text, "{code}");
        let last = replay_as_script(code, &actions);
        assert!(
            last.contains(&format!("\"score\":{score},\"score_text\":\"{text}\"")),
            "{last}"
        );
        assert!(last.contains("\"won\":true"));
    }
}
