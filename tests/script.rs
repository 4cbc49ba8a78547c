//! The script interface of RULES.md §7, as a contract: field names, card notation, ok / reason /
//! error lines and the exit status, through the library and through the real binary.

use std::io::Write;
use std::process::{Command, Stdio};

use serde_json::{Map, Value};
use solitaire::script;

#[derive(Debug)]
struct Line {
    cmd: String,
    ok: bool,
    reason: Option<String>,
    error: Option<String>,
    state: Option<State>,
}

#[derive(Debug, PartialEq)]
struct State {
    code: String,
    score: i32,
    score_text: String,
    moves: u32,
    won: bool,
    stock: Vec<String>,
    waste: Vec<String>,
    foundations: Vec<Vec<String>>,
    tableau: Vec<ColumnState>,
}

#[derive(Debug, PartialEq)]
struct ColumnState {
    down: Vec<String>,
    up: Vec<String>,
}

/// The fields of a JSON object, each taken once; what is left over is a field the contract
/// does not have.
struct Obj(Map<String, Value>);

impl Obj {
    fn new(v: Value) -> Obj {
        match v {
            Value::Object(m) => Obj(m),
            other => panic!("not an object: {other}"),
        }
    }
    fn opt(&mut self, k: &str) -> Option<Value> {
        self.0.remove(k)
    }
    fn get(&mut self, k: &str) -> Value {
        self.opt(k).unwrap_or_else(|| panic!("field '{k}' missing"))
    }
    fn text(&mut self, k: &str) -> String {
        self.get(k).as_str().expect("a text").to_string()
    }
    fn cards(&mut self, k: &str) -> Vec<String> {
        cards(self.get(k))
    }
    fn done(self) {
        assert!(
            self.0.is_empty(),
            "fields outside the contract: {:?}",
            self.0.keys()
        );
    }
}

fn cards(v: Value) -> Vec<String> {
    let Value::Array(a) = v else {
        panic!("not a list")
    };
    a.into_iter()
        .map(|c| c.as_str().expect("a card").to_string())
        .collect()
}

impl Line {
    fn parse(text: &str) -> Line {
        let mut o =
            Obj::new(serde_json::from_str(text).unwrap_or_else(|e| panic!("bad JSON {text}: {e}")));
        let line = Line {
            cmd: o.text("cmd"),
            ok: o.get("ok").as_bool().expect("ok is true or false"),
            reason: o
                .opt("reason")
                .map(|v| v.as_str().expect("a text").to_string()),
            error: o
                .opt("error")
                .map(|v| v.as_str().expect("a text").to_string()),
            state: o.opt("state").map(State::parse),
        };
        o.done();
        line
    }
}

impl State {
    fn parse(v: Value) -> State {
        let mut o = Obj::new(v);
        let number = |v: Value| v.as_i64().expect("a number");
        let st = State {
            code: o.text("code"),
            score: number(o.get("score")) as i32,
            score_text: o.text("score_text"),
            moves: number(o.get("moves")) as u32,
            won: o.get("won").as_bool().expect("won is true or false"),
            stock: o.cards("stock"),
            waste: o.cards("waste"),
            foundations: match o.get("foundations") {
                Value::Array(a) => a.into_iter().map(cards).collect(),
                _ => panic!("foundations is a list"),
            },
            tableau: match o.get("tableau") {
                Value::Array(a) => a
                    .into_iter()
                    .map(|c| {
                        let mut c = Obj::new(c);
                        let col = ColumnState {
                            down: c.cards("down"),
                            up: c.cards("up"),
                        };
                        c.done();
                        col
                    })
                    .collect(),
                _ => panic!("tableau is a list"),
            },
        };
        o.done();
        st
    }
}

/// Runs a script through the library; returns the parsed lines and whether an error was seen.
fn run(text: &str) -> (Vec<Line>, bool) {
    let mut lines = Vec::new();
    let s = script::run_bytes(text.as_bytes(), |l| {
        lines.push(Line::parse(l));
    });
    (lines, s.had_error())
}

fn run_binary(args: &[&str], stdin: &[u8]) -> (String, String, i32) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_solitaire"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // The program may stop before reading its input (a bad argument): a closed pipe is fine.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    let out = child.wait_with_output().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
        out.status.code().unwrap_or(-1),
    )
}

#[test]
fn new_prints_the_whole_state_with_the_exact_field_names() {
    let mut out = Vec::new();
    script::run_bytes(b"new KL1-D1N-AAAAAAA\n", |l| out.push(l.to_string()));
    assert_eq!(
        out,
        [concat!(
            r#"{"cmd":"new KL1-D1N-AAAAAAA","ok":true,"state":{"code":"KL1-D1N-AAAAAAA","#,
            r#""score":0,"score_text":"0","moves":0,"won":false,"#,
            r#""stock":["9D","3S","2C","TC","2H","TH","QC","6S","8D","QH","3D","2D","9S","3C","#,
            r#""4S","QD","9C","JH","8S","JC","5H","6H","TD","2S"],"waste":[],"#,
            r#""foundations":[[],[],[],[]],"tableau":[{"down":[],"up":["3H"]},"#,
            r#"{"down":["6D"],"up":["7D"]},{"down":["KS","8H"],"up":["QS"]},"#,
            r#"{"down":["4H","KC","4D"],"up":["5D"]},{"down":["JS","7H","KH","5C"],"up":["JD"]},"#,
            r#"{"down":["7C","KD","6C","AD","8C"],"up":["AC"]},"#,
            r#"{"down":["TS","9H","AS","5S","4C","AH"],"up":["7S"]}]}}"#
        )]
    );
}

#[test]
fn commands_play_the_game() {
    // KL1-D1N-AAAAAAA: AC lies face up on t6; the 2S is drawn first.
    let (lines, err) = run("new KL1-D1N-AAAAAAA\nclick t6\ndraw\n  move   w  t2 # a comment\n");
    assert!(!err);
    assert_eq!(lines.len(), 4);
    let click = &lines[1];
    assert!(click.ok);
    let st = click.state.as_ref().unwrap();
    assert_eq!(st.foundations[3], ["AC"]);
    assert_eq!(st.tableau[5].up, ["8C"]);
    assert_eq!(st.score, 15);
    assert_eq!(st.moves, 1);
    let draw = lines[2].state.as_ref().unwrap();
    assert_eq!(draw.waste, ["2S"]);
    // The command is echoed without the comment and with single spaces.
    assert_eq!(lines[3].cmd, "move w t2");
    assert!(!lines[3].ok);
    assert!(
        lines[3]
            .reason
            .as_deref()
            .unwrap()
            .contains("2S does not go on 7D")
    );
    assert_eq!(lines[3].state, lines[2].state);
}

/// RULES.md §5 and §7: `redo` plays again what `undo` took back, counted as a move.
#[test]
fn redo_plays_again_what_undo_took_back() {
    let (lines, err) = run("new KL1-D1N-AAAAAAA\ndraw\nundo\nredo\nredo\n");
    assert!(!err);
    let drawn = lines[1].state.as_ref().unwrap();
    let redone = lines[3].state.as_ref().unwrap();
    assert!(lines[3].ok, "{:?}", lines[3]);
    assert_eq!(redone.waste, drawn.waste);
    assert_eq!(redone.stock, drawn.stock);
    assert_eq!(redone.moves, 2);
    assert!(!lines[4].ok, "nothing left to redo");
    assert!(lines[4].reason.as_deref().unwrap().contains("redo"));
}

#[test]
fn refusals_say_why_and_change_nothing_and_exit_zero() {
    let text = "new DS1-D1N-AAAAAAA\nmove t3:5 t1\nclick w\nundo\nredo\nmove t1 t1\ndclick f1\nclick t2:2\n";
    let (lines, err) = run(text);
    assert!(!err);
    let first = lines[0].state.as_ref().unwrap();
    for l in &lines[1..] {
        assert!(!l.ok, "{l:?}");
        assert!(l.error.is_none());
        assert!(!l.reason.as_deref().unwrap().is_empty());
        assert_eq!(l.state.as_ref().unwrap(), first);
    }
    let (_, _, code) = run_binary(&["script"], text.as_bytes());
    assert_eq!(code, 0);
}

#[test]
fn malformed_lines_give_line_numbered_errors_and_exit_status_2() {
    let cases = [
        ("new XX1-D1N-AAAAAAA", "unknown game"),
        ("new KL1-D2N-AAAAAAA", "draw 'D2'"),
        ("new KL1-D1X-AAAAAAA", "scoring 'X'"),
        ("new KL1-D1N-AAAAAA", "6 letters"),
        ("new KL1-D1N-AAAAAAAA", "8 letters"),
        ("new KL1-D1N-AAAAAA7", "A-Z"),
        ("new", "missing word"),
        ("new KL1-D1N-AAAAAAA extra", "extra word"),
        ("move t10 t1", "t1..t7"),
        ("move t8 t1", "t1..t7"),
        ("move f5 t1", "f1..f4"),
        ("move f9 t1", "f1..f4"),
        ("move t1:0 t2", "starts at 1"),
        ("move t1", "missing word"),
        ("move t1 t2 t3", "extra word"),
        ("move s t1", "stock is not a move source"),
        ("move t1 f1", "destination"),
        ("move t1 w", "destination"),
        ("move x1 t2", "not a pile"),
        ("move tx t2", "column number"),
        ("click", "missing word"),
        ("dclick t1 t2", "extra word"),
        ("draw now", "extra word"),
        ("undo 2", "extra word"),
        ("set doubleclick maybe", "'on' or 'off'"),
        ("set sound on", "unknown setting"),
        ("jump t1", "unknown command"),
    ];
    for (line, needle) in cases {
        let text = format!("# header\n\nnew KL1-D1N-AAAAAAA\n{line}\ndraw\n");
        let (lines, err) = run(&text);
        assert!(err, "{line}");
        let bad = &lines[1];
        let msg = bad
            .error
            .as_deref()
            .unwrap_or_else(|| panic!("{line}: {bad:?}"));
        assert!(msg.starts_with("line 4: "), "{line}: {msg}");
        assert!(msg.contains(needle), "{line}: {msg}");
        assert!(!bad.ok);
        // The script goes on after a bad line, and the game is untouched by it.
        assert!(lines[2].ok, "{line}");
        assert_eq!(lines[2].state.as_ref().unwrap().moves, 1, "{line}");
    }
}

#[test]
fn a_command_before_the_first_new_is_an_error() {
    for line in [
        "draw",
        "move t1 f",
        "click s",
        "undo",
        "redo",
        "set doubleclick off",
    ] {
        let (lines, err) = run(line);
        assert!(err);
        assert!(
            lines[0]
                .error
                .as_deref()
                .unwrap()
                .contains("before the first")
        );
        assert!(lines[0].state.is_none());
    }
}

#[test]
fn a_bad_code_on_new_keeps_the_running_game() {
    let (lines, err) = run("new KL1-D1N-AAAAAAB\ndraw\nnew KL1-D9N-AAAAAAA\ndraw\n");
    assert!(err);
    assert_eq!(lines[2].state.as_ref().unwrap().code, "KL1-D1N-AAAAAAB");
    assert_eq!(lines[3].state.as_ref().unwrap().moves, 2);
}

#[test]
fn binary_garbage_and_empty_input_never_panic() {
    let garbage: Vec<u8> = (0..4000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let (out, errout, code) = run_binary(&["script"], &garbage);
    assert_eq!(code, 2, "{errout}");
    assert!(!errout.contains("panicked"));
    for l in out.lines() {
        let line = Line::parse(l);
        assert!(line.error.unwrap().contains("line "));
    }
    let (out, errout, code) = run_binary(&["script"], b"");
    assert_eq!((out.as_str(), code), ("", 0));
    assert!(errout.contains("no commands"));
    let (out, _, code) = run_binary(&["script"], b"\n  # only a comment\n\n");
    assert_eq!((out.as_str(), code), ("", 0));
}

#[test]
fn script_reads_a_file_and_reports_a_missing_one() {
    let dir = std::env::temp_dir().join(format!("solitaire-script-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.txt");
    std::fs::write(&file, "new DS1-D3V-AAAAAAB\ndraw\n").unwrap();
    let (out, _, code) = run_binary(&["script", file.to_str().unwrap()], b"");
    assert_eq!(code, 0);
    let last = Line::parse(out.lines().last().unwrap());
    let st = last.state.unwrap();
    assert_eq!((st.score_text.as_str(), st.waste.len()), ("-$104", 3));
    let (_, errout, code) = run_binary(&["script", dir.join("nope").to_str().unwrap()], b"");
    assert_ne!(code, 0);
    assert!(errout.contains("cannot read"), "{errout}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn double_click_setting_changes_what_dclick_does() {
    // Find, in real deals, a face-up card that a double-click moves on the table; with the
    // setting off the same gesture is a click, which does nothing for a card no foundation takes.
    let mut found = false;
    for deal in [
        "AAAAAAA", "AAAAAAB", "AAAAAAC", "AAAAAAD", "AAAAAAE", "AAAAAAF",
    ] {
        for t in 1..=7 {
            let run_with = |setting: &str| {
                run(&format!(
                    "new KL1-D1N-{deal}\nset doubleclick {setting}\ndclick t{t}\n"
                ))
                .0
            };
            let on = run_with("on");
            let off = run_with("off");
            if on[2].ok
                && on[2]
                    .state
                    .as_ref()
                    .unwrap()
                    .foundations
                    .iter()
                    .all(Vec::is_empty)
            {
                assert!(!off[2].ok, "KL1-D1N-{deal} t{t}");
                assert_eq!(off[2].state, off[1].state);
                found = true;
            }
        }
    }
    assert!(found, "no deal had a double-click table move to check");
}

#[test]
fn render_and_layout_play_a_script_and_refuse_bad_input_clearly() {
    let (png, _, code) = run_binary(&["render", "-"], b"new KL1-D1N-AAAAAAA\ndraw\n");
    assert_eq!(code, 0);
    assert!(png.as_bytes().starts_with(b"\xef\xbf\xbdPNG") || png.contains("PNG"));
    let (json, _, code) = run_binary(&["layout"], b"new DS1-D1N-AAAAAAA\n");
    assert_eq!(code, 0);
    assert!(
        json.starts_with("{\"width\":640,\"height\":360,\"scale\":2,"),
        "{json}"
    );
    let piles = &json[json.find("\"stock\"").unwrap()..];
    assert_eq!(
        piles.matches("],[").count(),
        7 + 8,
        "8 foundations and 9 columns: {json}"
    );
    // A window of another size: the framebuffer takes its shape.
    let (json, _, code) = run_binary(
        &["layout", "--window", "390x844@3:touch"],
        b"new KL1-D1N-AAAAAAA\n",
    );
    assert_eq!(code, 0);
    assert!(
        json.starts_with("{\"width\":390,\"height\":844,\"scale\":3,"),
        "{json}"
    );
    let (_, err, code) = run_binary(&["layout", "--window", "0x-3"], b"new KL1-D1N-AAAAAAA\n");
    assert_eq!(code, 2);
    assert!(err.contains("--window"), "{err}");
    for (args, input, needle) in [
        (vec!["render", "-"], &b"draw\n"[..], "line 1"),
        (vec!["render", "-"], &b""[..], "starts no game"),
        (
            vec!["render", "-", "99"],
            &b"new KL1-D1N-AAAAAAA\n"[..],
            "SCALE",
        ),
        (vec!["layout", "extra"], &b""[..], "takes only --window"),
        (vec!["--code", "KL1-D1N-AAAAAA"], &b""[..], "6 letters"),
        (vec!["--code"], &b""[..], "needs one game code"),
        (vec!["--bogus"], &b""[..], "unknown argument"),
    ] {
        let (_, err, code) = run_binary(&args, input);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(needle), "{args:?}: {err}");
        assert!(!err.contains("panicked"));
    }
}

/// Issue #12, finding 7: `solitaire script /dev/zero` read all its input (gigabytes) before
/// the first line. Now a line longer than `MAX_LINE` is an error that ends the script.
#[cfg(unix)]
#[test]
fn an_endless_line_is_an_error_not_a_memory_hog() {
    let (out, _, code) = run_binary(&["script", "/dev/zero"], b"");
    assert_eq!(code, 2);
    let line = Line::parse(out.lines().next().expect("one line"));
    let msg = line.error.expect("an error");
    assert!(msg.starts_with("line 1: longer than"), "{msg}");
    // Through the library: the lines before it run, none after it is read.
    let long = format!(
        "new KL1-D1N-AAAAAAA\ndraw\n{}\ndraw\n",
        "#".repeat(script::MAX_LINE + 1)
    );
    let (lines, err) = run(&long);
    assert!(err);
    assert_eq!(lines.len(), 3);
    assert!(
        lines[2]
            .error
            .as_deref()
            .unwrap()
            .starts_with("line 3: longer than")
    );
    // A line of exactly the limit is still read.
    let edge = format!(
        "new KL1-D1N-AAAAAAA\n{}\ndraw\n",
        "#".repeat(script::MAX_LINE)
    );
    let (lines, err) = run(&edge);
    assert!(!err && lines.len() == 2);
}

/// Issue #12, finding 2: an empty command (as a save's log entry `""` is) used to abort.
#[test]
fn an_empty_or_blank_command_is_an_error_not_a_crash() {
    let g = solitaire::engine::Game::new(
        solitaire::engine::GameCode::parse("KL1-D1N-AAAAAAA").unwrap(),
    );
    for line in ["", " ", "\t \t"] {
        assert!(script::parse_command(line, Some(&g)).is_err());
        assert!(script::parse_command(line, None).is_err());
    }
}

/// A huge word is quoted short in the error, whatever its length.
#[test]
fn errors_quote_a_huge_word_short() {
    for line in [
        format!("move t1{} t2", "9".repeat(60_000)),
        format!("jump{}", "x".repeat(60_000)),
        format!("move t1 t2 {}", "x".repeat(60_000)),
    ] {
        let (lines, err) = run(&format!("new KL1-D1N-AAAAAAA\n{line}\n"));
        assert!(err);
        let msg = lines[1].error.as_deref().unwrap();
        assert!(msg.len() < 200, "{} bytes", msg.len());
    }
}
