//! The solver: every line it returns replays through the script interface to a won game; and an "unwinnable" verdict on a small built position is confirmed by an
//! exhaustive search of its own.

mod common;

use std::collections::HashSet;

use common::Rng;
use common::{STUCK_SPADES, built_game, full_suit, script_line, stuck_spades_game};
use solitaire::engine::{Card, Column, Draw, Game, GameCode, GameKind, Scoring, Suit, Table};
use solitaire::script;
use solitaire::solver::{Budget, Verdict, solve};

/// Plays `text` (a script) through the script interface: every line must be accepted, and the
/// game must end won.
fn assert_script_wins(text: &str, what: &str) {
    let mut last = String::new();
    let s = script::run_bytes(text.as_bytes(), |l| {
        assert!(l.contains("\"ok\":true"), "{what}: {l}");
        last = l.to_string();
    });
    assert!(!s.had_error(), "{what}");
    assert!(last.contains("\"won\":true"), "{what}: {last}");
}

fn script_of(code: GameCode, actions: &[solitaire::engine::Action]) -> String {
    let mut text = format!("new {code}\n");
    for &a in actions {
        text.push_str(&script_line(a));
        text.push('\n');
    }
    text
}

/// Lines the solver returns replay through the script interface to won games: from the deal
/// itself, and in Double Solitaire Vegas (whose whole deals this solver seldom wins within a
/// test's budget) from the middle of a game a simple greedy player won. Double Solitaire draw 3
/// Vegas has no such game among the first 1000 deals (the greedy player wins none), so its
/// lines are checked on built positions in the test below, through the engine.
#[test]
fn winning_lines_replay_to_won_games() {
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                let mode = GameCode::new(game, draw, scoring, 0);
                let mut won = 0;
                if (game, scoring) == (GameKind::Double, Scoring::Vegas) {
                    for deal in 0..1000 {
                        let code = GameCode::new(game, draw, scoring, deal);
                        let Some(greedy) = common::greedy_win(code, 4000) else {
                            continue;
                        };
                        let prefix = &greedy[..greedy.len() - 80];
                        let mut g = Game::new(code);
                        for &a in prefix {
                            g.apply(a).unwrap();
                        }
                        let Verdict::Winnable(line) = solve(&g, Budget { states: 50_000 }) else {
                            continue;
                        };
                        let all: Vec<_> = prefix.iter().chain(&line).copied().collect();
                        assert_script_wins(&script_of(code, &all), &code.to_string());
                        won += 1;
                        break;
                    }
                } else {
                    for deal in 0..40 {
                        let code = GameCode::new(game, draw, scoring, deal);
                        if let Verdict::Winnable(line) =
                            solve(&Game::new(code), Budget { states: 20_000 })
                        {
                            assert_script_wins(&script_of(code, &line), &code.to_string());
                            won += 1;
                            if won == 2 {
                                break;
                            }
                        }
                    }
                }
                let none_to_find =
                    (game, draw, scoring) == (GameKind::Double, Draw::Three, Scoring::Vegas);
                assert!(won >= 1 || none_to_find, "{mode}: no line to check");
            }
        }
    }
}

/// Every position reachable by legal actions, searched to the end (small positions only). Two
/// positions are the same when their piles hold the same cards, whatever the order of the
/// columns and the score.
fn exhaustive_has_win(start: &Game, limit: usize) -> Option<bool> {
    let key = |t: &Table| -> Vec<u8> {
        let cards = |cs: &[Card]| cs.iter().map(|c| c.deck_index() as u8).collect::<Vec<_>>();
        let mut cols: Vec<Vec<u8>> = t
            .columns
            .iter()
            .map(|c| [cards(&c.down), vec![99], cards(&c.up)].concat())
            .collect();
        cols.sort();
        let mut k = [cards(&t.stock), vec![98], cards(&t.waste), vec![97]].concat();
        k.extend(t.foundations.iter().map(|f| f.len() as u8));
        for c in cols {
            k.push(96);
            k.extend(c);
        }
        k
    };
    let mut seen: HashSet<Vec<u8>> = HashSet::from([key(start.table())]);
    let mut todo = vec![start.clone()];
    while let Some(g) = todo.pop() {
        if g.is_won() {
            return Some(true);
        }
        for a in g.legal_actions() {
            let mut next = g.clone();
            next.apply_in_search(a).unwrap();
            if seen.insert(key(next.table())) {
                todo.push(next);
            }
        }
        if seen.len() > limit {
            return None;
        }
    }
    Some(false)
}

#[test]
fn a_proved_unwinnable_position_really_has_no_win() {
    // Spades still to go, the 2S face up over the face-down AS, every column taken; the other
    // suits are up, their kings with no place to come back to.
    let g = stuck_spades_game();
    let full = full_suit;
    assert_eq!(solve(&g, Budget { states: 10_000 }), Verdict::Unwinnable);
    assert_eq!(exhaustive_has_win(&g, 100_000), Some(false));
    // And a winnable twin: the AS on top instead.
    let mut twin = STUCK_SPADES;
    twin[0] = ("2S", "AS");
    let g = built_game(
        "KL1-D1N-AAAAAAA",
        &twin,
        "",
        "",
        &["", &full("H"), &full("D"), &full("C")],
    );
    assert!(matches!(
        solve(&g, Budget { states: 10_000 }),
        Verdict::Winnable(_)
    ));
    assert_eq!(exhaustive_has_win(&g, 100_000), Some(true));
}

/// A small random position of a mode: most cards already up, the rest in the stock and waste
/// and on the columns: spread over every column (one face up on each, the others face down),
/// or, in half the positions (all in Double Solitaire), in one deep column, where low cards lying deep are often
/// lost for good.
fn small_position(code: GameCode, rng: &mut Rng) -> Game {
    let spec = code.spec();
    let decks = spec.decks;
    let mut foundations = Vec::new();
    let mut rest = Vec::new();
    for suit in Suit::ALL {
        for _ in 0..decks {
            // Double Solitaire: half its places full, so fewer but lower cards are left.
            let height = match decks {
                1 => 13 - rng.below(6) as u8,
                _ if rng.chance(50) => 13,
                _ => 13 - rng.below(5) as u8,
            };
            foundations.push((1..=height).map(|r| Card::new(r, suit)).collect::<Vec<_>>());
            rest.extend((height + 1..=13).map(|r| Card::new(r, suit)));
        }
    }
    for i in (1..rest.len()).rev() {
        rest.swap(i, rng.below(i + 1));
    }
    let deep = decks == 2 || rng.chance(50);
    let talon = rng.below(rest.len().min(if deep { 4 } else { 8 }) + 1);
    let mut stock: Vec<Card> = rest.split_off(rest.len() - talon);
    let waste = stock.split_off(stock.len() - rng.below(stock.len() + 1));
    let mut columns = vec![Column::default(); spec.columns];
    for (i, card) in rest.into_iter().enumerate() {
        let col = match (deep, i < spec.columns) {
            (true, _) => 0,
            (false, true) => i,
            (false, false) => rng.below(spec.columns),
        };
        columns[col].down.push(card);
    }
    for col in &mut columns {
        if let Some(top) = col.down.pop() {
            col.up.push(top);
        }
    }
    let table = Table {
        stock,
        fan: waste.len().min(1),
        waste,
        foundations,
        columns,
        score: 0,
    };
    Game::with_table(code, table)
}

/// In all 8 modes, on small random positions, the solver's verdict is the exhaustive search's:
/// every "unwinnable" is a real one, and every line it gives wins. (Positions too big for the
/// exhaustive search are skipped; most are not.)
#[test]
fn verdicts_agree_with_an_exhaustive_search_on_small_positions() {
    let mut rng = Rng::new(7);
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                let code = GameCode::new(game, draw, scoring, 0);
                let (mut wins, mut losses, mut skipped) = (0, 0, 0);
                let cases = if game == GameKind::Double { 50 } else { 80 };
                for case in 0..cases {
                    let g = small_position(code, &mut rng);
                    let Some(truth) = exhaustive_has_win(&g, 8_000) else {
                        skipped += 1;
                        continue;
                    };
                    match solve(&g, Budget { states: 1_000_000 }) {
                        Verdict::Winnable(line) => {
                            assert!(truth, "{code} case {case}: a line where there is no win");
                            let mut play = g.clone();
                            for a in line {
                                play.apply(a).unwrap();
                            }
                            assert!(play.is_won(), "{code} case {case}: the line does not win");
                            wins += 1;
                        }
                        Verdict::Unwinnable => {
                            assert!(
                                !truth,
                                "{code} case {case}: called unwinnable, has a win\n{:?}",
                                g.table()
                            );
                            losses += 1;
                        }
                        Verdict::Undecided => panic!("{code} case {case}: undecided"),
                    }
                }
                eprintln!("{code}: {wins} wins, {losses} losses, {skipped} too big");
                // Both answers must come up, or the check proves little. Small Double Solitaire
                // positions are nearly always won (cards taken back from its second places give
                // parking everywhere), and its searches grow fast: it checks the wins only.
                let (enough_wins, lost_enough, skip_limit) = match game {
                    GameKind::Klondike => (wins >= 40, losses >= 8, cases / 4),
                    GameKind::Double => (wins >= 10, true, cases * 4 / 5),
                };
                assert!(
                    enough_wins && lost_enough && skipped <= skip_limit,
                    "{code}: {wins} wins, {losses} losses, {skipped} too big"
                );
            }
        }
    }
}

fn run_cli(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_solitaire"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn solve_and_survey_on_the_command_line() {
    // solve prints a script that replays to a win.
    let (code, out, _) = run_cli(&["solve", "KL1-D3N-AAAAAAB", "--budget-ms", "200"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("# KL1-D3N-AAAAAAB: winnable"), "{out}");
    assert_script_wins(&out, "solve KL1-D3N-AAAAAAB");
    // survey: shares with intervals, replayed lines, times; the verdicts are the same on any
    // number of threads.
    let args = |threads: &'static str| {
        [
            "survey",
            "klondike",
            "3",
            "normal",
            "--deals",
            "0..12",
            "--budget-ms",
            "20",
            "--threads",
            threads,
        ]
    };
    let (code, one, _) = run_cli(&args("1"));
    assert_eq!(code, 0);
    for part in [
        "winnable:",
        "unwinnable:",
        "undecided:",
        "(95 %:",
        "median",
        "p90",
    ] {
        assert!(one.contains(part), "{part} in {one}");
    }
    assert!(one.contains("Klondike draw 3 Normal, deals 0..12 (12), budget 20 ms"));
    let counts = |s: &str| s.lines().take(5).collect::<Vec<_>>().join("\n");
    let (_, two, _) = run_cli(&args("2"));
    assert_eq!(counts(&one), counts(&two));
    // Bad input: a message and exit status 2, never a panic.
    for bad in [
        &["solve", "KL1-D4N-AAAAAAA"][..],
        &["solve"],
        &["solve", "KL1-D1N-AAAAAAA", "--budget-ms", "0"],
        &["survey", "klondike", "3", "normal"],
        &["survey", "klondike", "3", "normal", "--deals", "5..2"],
        &["survey", "chess", "3", "normal", "--deals", "0..2"],
        &["survey", "klondike", "2", "normal", "--deals", "0..2"],
        &[
            "survey",
            "klondike",
            "1",
            "normal",
            "--deals",
            "0..2",
            "--threads",
            "x",
        ],
    ] {
        let (code, _, err) = run_cli(bad);
        assert_eq!(code, 2, "{bad:?}");
        assert!(
            err.starts_with("solitaire: ") && !err.contains("panicked"),
            "{bad:?}: {err}"
        );
    }
    // A survey that would need more memory than there is (256 threads × 20 s of budget: about
    // 160 GB) is refused before it starts (issue #12).
    if std::path::Path::new("/proc/meminfo").exists() {
        let (code, _, err) = run_cli(&[
            "survey",
            "klondike",
            "1",
            "normal",
            "--deals",
            "0..1000",
            "--threads",
            "256",
            "--budget-ms",
            "20000",
        ]);
        assert_eq!(code, 2);
        assert!(err.contains("MB of memory"), "{err}");
    }
}
