//! "Where was it lost?" (`solver::analysis`) on lost games of the grades' human-like player:
//! the move each was lost at is pinned, and every claim is proved again here through the
//! engine: the line from the position before the move wins, the position after it is lost.

use solitaire::engine::{Action, Entry, Game, GameCode};
use solitaire::solver::analysis::{self, Analysis, Answer, players_game};
use solitaire::solver::{Budget, Verdict, solve, solve_plain};

/// Small budgets: every game here is decided far within them.
const PER: Budget = Budget { states: 200_000 };
const TOTAL: Budget = Budget { states: 2_000_000 };

/// Lost games of the player (`players_game`) and the move (1-based, on the line) each was lost
/// at, as `solitaire analyse --survey … --each` reports them.
const PINNED: [(&str, usize); 10] = [
    ("KL1-D1N-AAAAAAF", 5),
    ("KL1-D1N-AAAAAAI", 29),
    ("KL1-D1N-AAAAAAJ", 30),
    ("KL1-D1N-AAAAAAS", 47),
    ("KL1-D1N-AAAAAAU", 52),
    ("KL1-D3N-AAAAAAD", 36),
    ("KL1-D3N-AAAAAAG", 17),
    ("KL1-D3N-AAAAAAH", 40),
    ("DS1-D1N-AAAAABR", 169),
    ("DS1-D1N-AAAAACF", 169),
];

fn pinned_game(code: &str) -> Game {
    let g = players_game(GameCode::parse(code).expect("a pinned code"));
    assert!(!g.is_won(), "{code}: the player's game is lost");
    g
}

#[test]
fn ten_lost_games_are_lost_where_the_proofs_say() {
    for (code, at) in PINNED {
        let game = pinned_game(code);
        let a = Analysis::with_budgets(&game, PER, TOTAL);
        let answer = analysis::analyse(&game, PER, TOTAL);
        let Answer::LostAt(loss) = answer else {
            panic!("{code}: {answer:?}, not lost at move {at}");
        };
        assert_eq!(loss.index + 1, at, "{code}: lost at another move");
        assert_eq!(
            loss.fatal,
            a.line()[loss.index],
            "{code}: the player's move"
        );
        assert_eq!(
            loss.line.first(),
            Some(&loss.better),
            "{code}: a line's first move"
        );
        assert_ne!(loss.better, loss.fatal, "{code}");
        // Before the move: the line wins through the engine.
        let before = a.position(loss.index).expect("the line replays");
        assert!(analysis::wins(&before, &loss.line), "{code}: no win before");
        // After it: lost, with and without the solver's pruning.
        let after = a.position(loss.index + 1).expect("the line replays");
        let big = Budget { states: 2_000_000 };
        assert_eq!(solve(&after, big), Verdict::Unwinnable, "{code}: after");
        assert_eq!(
            solve_plain(&after, big),
            Verdict::Unwinnable,
            "{code}: plain"
        );
        // The better move is of face-up cards, or a turn of the stock.
        if let Action::Move { from, .. } = loss.better {
            assert!(before.source_cards(from).is_ok(), "{code}: {from:?}");
        }
    }
}

#[test]
fn undone_moves_are_not_on_the_line() {
    let (code, at) = PINNED[0];
    let game = pinned_game(code);
    // The same game with a detour: after each of its first moves, the fatal one too, a draw
    // (or any move) made and taken back.
    let mut detour = Game::new(game.code());
    for (i, e) in game.log().iter().enumerate() {
        let Entry::Act(a) = *e else { continue };
        detour.apply(a).expect("the game replays");
        if i < at + 2
            && let Some(&other) = detour.legal_actions().first()
        {
            detour.apply(other).expect("legal");
            detour.undo().expect("just made");
        }
    }
    assert!(detour.log().contains(&Entry::Undo));
    assert_eq!(
        analysis::effective_line(detour.log()).len(),
        game.log().len()
    );
    assert_eq!(
        analysis::analyse(&detour, PER, TOTAL),
        analysis::analyse(&game, PER, TOTAL)
    );
}

#[test]
fn slices_come_to_the_same_answer_and_progress_only_grows() {
    for (code, _) in [PINNED[1], PINNED[5], PINNED[8]] {
        let game = pinned_game(code);
        let whole = analysis::analyse(&game, PER, TOTAL);
        let mut a = Analysis::with_budgets(&game, PER, TOTAL);
        let mut last = (0, 0);
        let mut slices = 0;
        let answer = loop {
            slices += 1;
            let step = a.step(100);
            let (done, of) = a.progress();
            assert!(
                done >= last.0 && done <= of,
                "{code}: {done} of {of} after {last:?}"
            );
            last = (done, of);
            if let Some(answer) = step {
                break answer;
            }
        };
        assert_eq!(answer, whole, "{code}");
        assert!(slices > 2, "{code}: spread over slices");
        assert_eq!(
            a.progress().0,
            a.progress().1,
            "{code}: all decided at the end"
        );
    }
}

#[test]
fn a_budget_too_small_to_decide_says_not_sure() {
    let game = pinned_game(PINNED[1].0);
    let tiny = Budget { states: 3 };
    match analysis::analyse(&game, tiny, Budget { states: 1000 }) {
        Answer::NotSure(d) => assert_eq!(d.why, analysis::Limit::PerPosition, "{d:?}"),
        other => panic!("a guess: {other:?}"),
    }
    // The total ran out before the positions did.
    match analysis::analyse(&game, PER, Budget { states: 10 }) {
        Answer::NotSure(d) => assert_eq!(d.why, analysis::Limit::Total),
        other => panic!("a guess: {other:?}"),
    }
}

#[test]
fn a_lost_deal_is_unwinnable_from_the_start_and_a_fresh_one_still_winnable() {
    let lost = pinned_game("KL1-D1N-AAAAAAC");
    assert_eq!(solve(&Game::new(lost.code()), PER), Verdict::Unwinnable);
    assert_eq!(analysis::analyse(&lost, PER, TOTAL), Answer::Unwinnable);
    let fresh = Game::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    match analysis::analyse(&fresh, PER, TOTAL) {
        Answer::StillWinnable { line } => assert!(analysis::wins(&fresh, &line)),
        other => panic!("{other:?}"),
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

fn script_of(game: &Game, upto: usize) -> String {
    let mut t = format!("new {}\n", game.code());
    for a in &analysis::effective_line(game.log())[..upto] {
        t += &solitaire::engine::notation::action_line(*a);
        t.push('\n');
    }
    t
}

#[test]
fn analyse_and_solve_from_on_the_command_line() {
    let dir = std::env::temp_dir().join(format!("solitaire-analyse-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (code, at) = PINNED[0];
    let game = pinned_game(code);
    let all = dir.join("game.txt");
    std::fs::write(&all, script_of(&game, game.log().len())).unwrap();
    let (rc, out, _) = run_cli(&["analyse", all.to_str().unwrap(), "--budget-ms", "200"]);
    assert_eq!(rc, 0);
    assert!(out.contains(&format!("Lost at move {at}: ")), "{out}");
    assert!(out.contains("instead keeps a win."), "{out}");
    // The claims, checked by solve --from: winnable before the move, lost after it.
    let before = dir.join("before.txt");
    std::fs::write(&before, script_of(&game, at - 1)).unwrap();
    let after = dir.join("after.txt");
    std::fs::write(&after, script_of(&game, at)).unwrap();
    let (rc, out, _) = run_cli(&["solve", "--from", before.to_str().unwrap()]);
    assert_eq!(rc, 0);
    assert!(out.contains(": winnable"), "{out}");
    let (_, played, _) = {
        let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_solitaire"))
            .arg("script")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        use std::io::Write;
        child
            .stdin
            .take()
            .unwrap()
            .write_all(out.as_bytes())
            .unwrap();
        let o = child.wait_with_output().unwrap();
        (0, String::from_utf8_lossy(&o.stdout).into_owned(), ())
    };
    assert!(
        played.lines().last().unwrap_or("").contains("\"won\":true"),
        "solve --from's script wins"
    );
    let (rc, out, _) = run_cli(&["solve", "--from", after.to_str().unwrap()]);
    assert_eq!(rc, 0);
    assert!(out.contains(": unwinnable"), "{out}");
    // Bad input: a message and status 2, never a panic.
    let bad = dir.join("bad.txt");
    std::fs::write(&bad, "new KL1-D1N-AAAAAAF\nmove nowhere\n").unwrap();
    for args in [
        vec!["analyse"],
        vec!["analyse", "/no/such/file"],
        vec!["analyse", bad.to_str().unwrap()],
        vec!["analyse", all.to_str().unwrap(), "--budget-ms", "0"],
        vec!["solve", "--from"],
        vec!["solve", "--from", "/no/such/file"],
        vec!["analyse", "--survey", "klondike"],
    ] {
        let (rc, _, err) = run_cli(&args);
        assert_eq!(rc, 2, "{args:?}");
        assert!(err.starts_with("solitaire: "), "{args:?}: {err}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Issue #48: `solitaire analyse` of a Double Solitaire game of 199,000 draws (a length the
/// saves allow) under a limit of 128 MB of address space (`ulimit -v`): the analysis holds a
/// few bytes a position of the line and the searches of its budget, whatever the game's
/// length. It peaked at 2.3 GB, and the limit stopped it.
#[cfg(unix)]
#[test]
fn a_long_game_is_analysed_on_the_command_line_under_a_memory_limit() {
    let dir = std::env::temp_dir().join(format!("solitaire-analyse-long-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("long.txt");
    let mut script = String::from("new DS1-D1N-AAAAAAA\n");
    script.push_str(&"draw\n".repeat(199_000));
    std::fs::write(&file, script).unwrap();
    let out = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 131072 && exec \"$0\" analyse \"$1\""])
        .arg(env!("CARGO_BIN_EXE_solitaire"))
        .arg(&file)
        .output()
        .unwrap();
    let (stdout, stderr) = (
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr),
    );
    assert!(out.status.success(), "{:?}: {stderr}", out.status);
    assert!(
        stdout.contains("a line of 199000 actions") && stdout.contains("Still winnable"),
        "{stdout}"
    );
    let _ = std::fs::remove_dir_all(&dir);
}
