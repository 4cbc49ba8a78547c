//! The situations of docs/EXAMPLES.md, each a script in tests/examples/ (the script interface
//! of RULES.md §7) with its expectations in `#>` comment lines, checked against the command
//! before them:
//!
//! `#> ok` · `#> refused TEXT` (refused, the reason starting with TEXT) · `#> score N` ·
//! `#> text T` (the score as shown) · `#> moves N` · `#> won` · `#> top PILE CARD` ·
//! `#> count PILE N` (all its cards) · `#> waste C…` (the waste, bottom → top).
//!
//! Each script's last table is drawn to docs/examples/NAME.png; this test fails when a picture
//! is out of date, and `UPDATE_SCREENSHOTS=1 cargo test --test examples` draws them again.

use std::path::PathBuf;

use solitaire::engine::notation::{PileArg, parse_pile};
use solitaire::engine::{Card, Game};
use solitaire::render::png;
use solitaire::script::Script;

fn pile_cards(game: &Game, word: &str) -> Vec<Card> {
    let t = game.table();
    match parse_pile(word, Some(game)).unwrap_or_else(|e| panic!("{e}")) {
        PileArg::Stock => t.stock.clone(),
        PileArg::Waste => t.waste.clone(),
        PileArg::Foundation(i) => t.foundations[i].clone(),
        PileArg::Column { index, .. } => {
            let c = &t.columns[index];
            c.down.iter().chain(&c.up).copied().collect()
        }
    }
}

fn check(script: &Script, last: &str, expect: &str, at: &str) {
    let game = script.game().expect("a game");
    let (what, rest) = expect.split_once(' ').unwrap_or((expect, ""));
    let fail = |msg: String| panic!("{at}: '#> {expect}': {msg}\nlast output: {last}");
    match what {
        "ok" => {
            if !last.contains("\"ok\":true") {
                fail("refused".into())
            }
        }
        "refused" => {
            let needle = format!("\"reason\":\"{rest}");
            if !last.contains(&needle) {
                fail("not refused so".into())
            }
        }
        "score" => {
            if game.score().to_string() != rest {
                fail(format!("score is {}", game.score()))
            }
        }
        "text" => {
            if game.score_text() != rest {
                fail(format!("shows {}", game.score_text()))
            }
        }
        "moves" => {
            if game.moves().to_string() != rest {
                fail(format!("moves are {}", game.moves()))
            }
        }
        "won" => {
            if !game.is_won() {
                fail("not won".into())
            }
        }
        "top" => {
            let (pile, card) = rest.split_once(' ').expect("top PILE CARD");
            let top = pile_cards(game, pile).last().map(|c| c.to_string());
            if top.as_deref() != Some(card) {
                fail(format!("top is {top:?}"))
            }
        }
        "count" => {
            let (pile, n) = rest.split_once(' ').expect("count PILE N");
            let got = pile_cards(game, pile).len();
            if got.to_string() != n {
                fail(format!("{got} cards"))
            }
        }
        "waste" => {
            let got: Vec<String> = game.table().waste.iter().map(|c| c.to_string()).collect();
            if got.join(" ") != rest {
                fail(format!("waste is {}", got.join(" ")))
            }
        }
        other => fail(format!("unknown expectation '{other}'")),
    }
}

#[test]
fn every_example_replays_to_what_it_says_and_its_picture_is_current() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let update = std::env::var_os("UPDATE_SCREENSHOTS").is_some();
    let mut names: Vec<PathBuf> = std::fs::read_dir(root.join("tests/examples"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "txt"))
        .collect();
    names.sort();
    assert!(names.len() >= 8, "at least eight examples");
    let mut stale = Vec::new();
    for path in names {
        let name = path.file_stem().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        let mut script = Script::new();
        let mut last = String::new();
        let mut checks = 0;
        for (n, line) in text.lines().enumerate() {
            let at = format!("{name}:{}", n + 1);
            if let Some(expect) = line.strip_prefix("#>") {
                check(&script, &last, expect.trim(), &at);
                checks += 1;
            } else if let Some(out) = script.run_line(line) {
                assert!(!out.contains("\"error\""), "{at}: {out}");
                last = out;
            }
        }
        assert!(checks >= 2, "{name}: an example checks what it shows");
        let frame = solitaire::shell::tools::render_game(script.game().unwrap());
        let bytes = png::encode(&png::scaled(&frame, 2));
        let file = root.join(format!("docs/examples/{name}.png"));
        if update {
            std::fs::create_dir_all(file.parent().unwrap()).unwrap();
            std::fs::write(&file, &bytes).unwrap();
        } else if std::fs::read(&file).ok().as_deref() != Some(&bytes[..]) {
            stale.push(name);
        }
    }
    assert!(
        stale.is_empty(),
        "out of date: {stale:?}; run UPDATE_SCREENSHOTS=1 cargo test --test examples"
    );
}
