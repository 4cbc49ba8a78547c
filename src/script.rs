//! The script interface of RULES.md §7: one command per line in, one line of JSON per command out.

use std::fmt::Write as _;

use crate::engine::notation::{
    DestArg, PileArg, SourceArg, move_action, parse_move, parse_pile, pile_and_depth, shown,
};
use crate::engine::{Action, Card, Game, GameCode, Outcome, Refusal};

/// A parsed script command.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    New(GameCode),
    Draw,
    Move(SourceArg, DestArg),
    Click(PileArg),
    DoubleClick(PileArg),
    SetDoubleClick(bool),
    Undo,
    Redo,
}

/// The longest script line read (a command is a few words; comments may run long). A longer
/// line is an error, and the input after it is not read: no input, however large, is held in
/// memory at once.
pub const MAX_LINE: usize = 64 * 1024;

fn expect_words(words: &[&str], n: usize, usage: &str) -> Result<(), String> {
    match words.len().cmp(&n) {
        std::cmp::Ordering::Less => Err(format!("missing word: usage is '{usage}'")),
        std::cmp::Ordering::Greater => Err(format!(
            "extra word '{}': usage is '{usage}'",
            shown(words[n])
        )),
        std::cmp::Ordering::Equal => Ok(()),
    }
}

/// Parses one command (comments already removed).
pub fn parse_command(line: &str, game: Option<&Game>) -> Result<Command, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let Some(first) = words.first() else {
        return Err("an empty line is no command".into());
    };
    let name = first.to_ascii_lowercase();
    if name != "new" && game.is_none() {
        if matches!(
            name.as_str(),
            "draw" | "move" | "click" | "dclick" | "set" | "undo" | "redo"
        ) {
            return Err(format!("'{name}' before the first 'new CODE'"));
        }
        return Err(unknown(words[0]));
    }
    match name.as_str() {
        "new" => {
            expect_words(&words, 2, "new CODE")?;
            GameCode::parse(words[1])
                .map(Command::New)
                .map_err(|e| e.to_string())
        }
        "draw" => expect_words(&words, 1, "draw").map(|_| Command::Draw),
        "undo" => expect_words(&words, 1, "undo").map(|_| Command::Undo),
        "redo" => expect_words(&words, 1, "redo").map(|_| Command::Redo),
        "move" => {
            expect_words(&words, 3, "move SRC DST")?;
            parse_move(words[1], words[2], game).map(|(from, to)| Command::Move(from, to))
        }
        "click" | "dclick" => {
            expect_words(&words, 2, &format!("{name} PILE"))?;
            let pile = parse_pile(words[1], game)?;
            Ok(if name == "click" {
                Command::Click(pile)
            } else {
                Command::DoubleClick(pile)
            })
        }
        "set" => {
            expect_words(&words, 3, "set doubleclick on|off")?;
            if !words[1].eq_ignore_ascii_case("doubleclick") {
                return Err(format!(
                    "unknown setting '{}': the setting is 'doubleclick'",
                    shown(words[1])
                ));
            }
            match words[2].to_ascii_lowercase().as_str() {
                "on" => Ok(Command::SetDoubleClick(true)),
                "off" => Ok(Command::SetDoubleClick(false)),
                other => Err(format!("'{}': use 'on' or 'off'", shown(other))),
            }
        }
        _ => Err(unknown(words[0])),
    }
}

fn unknown(word: &str) -> String {
    format!(
        "unknown command '{}': use new, draw, move, click, dclick, set, undo or redo",
        shown(word)
    )
}

/// A script being played: the game, the setting, and whether any line was malformed.
pub struct Script {
    game: Option<Game>,
    double_click: bool,
    line_no: usize,
    /// The number of the first malformed line, if any.
    first_error: Option<usize>,
    /// The number of the first line whose move the rules refused, if any.
    first_refusal: Option<usize>,
}

impl Default for Script {
    fn default() -> Self {
        Script::new()
    }
}

impl Script {
    pub fn new() -> Script {
        Script {
            game: None,
            double_click: true,
            line_no: 0,
            first_error: None,
            first_refusal: None,
        }
    }

    pub fn game(&self) -> Option<&Game> {
        self.game.as_ref()
    }

    /// Whether a malformed line was seen (the exit status is then 2).
    pub fn had_error(&self) -> bool {
        self.first_error.is_some()
    }

    /// The number of the first malformed line, if any.
    pub fn first_error_line(&self) -> Option<usize> {
        self.first_error
    }

    /// The number of the first line whose move the rules refused, if any.
    pub fn first_refused_line(&self) -> Option<usize> {
        self.first_refusal
    }

    fn mark_error(&mut self) {
        self.first_error.get_or_insert(self.line_no);
    }

    /// Runs one line of input; returns its JSON line, or `None` for a blank or comment line.
    pub fn run_line(&mut self, raw: &str) -> Option<String> {
        self.line_no += 1;
        let text = raw.split('#').next().unwrap_or("").trim();
        if text.is_empty() {
            return None;
        }
        let cmd_text = text.split_whitespace().collect::<Vec<_>>().join(" ");
        let mut out = String::with_capacity(1024);
        out.push_str("{\"cmd\":");
        push_json_string(&mut out, &cmd_text);
        match parse_command(text, self.game.as_ref()) {
            Err(message) => {
                self.mark_error();
                out.push_str(",\"ok\":false,\"error\":");
                push_json_string(&mut out, &format!("line {}: {message}", self.line_no));
            }
            Ok(cmd) => match self.execute(cmd) {
                Ok(()) => out.push_str(",\"ok\":true"),
                Err(refusal) => {
                    self.first_refusal.get_or_insert(self.line_no);
                    out.push_str(",\"ok\":false,\"reason\":");
                    push_json_string(&mut out, &refusal.to_string());
                }
            },
        }
        if let Some(game) = &self.game {
            out.push_str(",\"state\":");
            push_state(&mut out, game);
        }
        out.push('}');
        Some(out)
    }

    /// The error line for a line longer than `MAX_LINE` bytes.
    fn too_long(&mut self) -> String {
        self.line_no += 1;
        self.mark_error();
        let mut out = String::from("{\"cmd\":\"\",\"ok\":false,\"error\":");
        let message = format!(
            "line {}: longer than {MAX_LINE} bytes; the input after it is not read",
            self.line_no
        );
        push_json_string(&mut out, &message);
        out.push('}');
        out
    }

    fn execute(&mut self, cmd: Command) -> Result<(), Refusal> {
        if let Command::New(code) = cmd {
            self.game = Some(Game::new(code));
            return Ok(());
        }
        if let Command::SetDoubleClick(on) = cmd {
            self.double_click = on;
            return Ok(());
        }
        let game = self.game.as_mut().expect("parse_command checks for a game");
        let done: Result<Outcome, Refusal> = match cmd {
            Command::Draw => game.apply(Action::Draw),
            Command::Undo => return game.undo(),
            Command::Redo => game.redo(),
            Command::Move(from, to) => game.apply(move_action(from, to)),
            Command::Click(pile) => {
                let (pile, depth) = pile_and_depth(pile);
                game.click(pile, depth)
            }
            Command::DoubleClick(pile) => {
                let (pile, depth) = pile_and_depth(pile);
                game.double_click(pile, depth, self.double_click)
            }
            Command::New(_) | Command::SetDoubleClick(_) => unreachable!("handled above"),
        };
        done.map(|_| ())
    }
}

/// Appends `s` as a JSON string literal.
pub fn push_json_string(out: &mut String, s: &str) {
    out.push('"');
    for c in s.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\r' => out.push_str("\\r"),
            '\t' => out.push_str("\\t"),
            c if (c as u32) < 0x20 => {
                let _ = write!(out, "\\u{:04x}", c as u32);
            }
            c => out.push(c),
        }
    }
    out.push('"');
}

fn push_cards(out: &mut String, cards: &[Card]) {
    out.push('[');
    for (i, c) in cards.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        let _ = write!(out, "\"{c}\"");
    }
    out.push(']');
}

/// Appends the state object of RULES.md §7.
pub fn push_state(out: &mut String, game: &Game) {
    let t = game.table();
    let _ = write!(
        out,
        "{{\"code\":\"{}\",\"score\":{},\"score_text\":",
        game.code(),
        game.score()
    );
    push_json_string(out, &game.score_text());
    let _ = write!(
        out,
        ",\"moves\":{},\"won\":{},\"stock\":",
        game.moves(),
        game.is_won()
    );
    push_cards(out, &t.stock);
    out.push_str(",\"waste\":");
    push_cards(out, &t.waste);
    out.push_str(",\"foundations\":[");
    for (i, f) in t.foundations.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        push_cards(out, f);
    }
    out.push_str("],\"tableau\":[");
    for (i, col) in t.columns.iter().enumerate() {
        if i > 0 {
            out.push(',');
        }
        out.push_str("{\"down\":");
        push_cards(out, &col.down);
        out.push_str(",\"up\":");
        push_cards(out, &col.up);
        out.push('}');
    }
    out.push_str("]}");
}

/// Runs a whole script text; returns the output lines and whether a line was malformed.
pub fn run_bytes(input: &[u8], emit: impl FnMut(&str)) -> Script {
    run_reader(input, emit).expect("reading from memory cannot fail")
}

/// Runs a script read line by line (a file, standard input), never holding more than one line
/// of at most `MAX_LINE` bytes: a longer line is reported as an error and ends the script.
pub fn run_reader(
    mut input: impl std::io::BufRead,
    mut emit: impl FnMut(&str),
) -> std::io::Result<Script> {
    use std::io::{BufRead as _, Read as _};
    let mut script = Script::new();
    let mut line = Vec::with_capacity(256);
    loop {
        line.clear();
        let cap = (MAX_LINE + 1) as u64;
        let n = (&mut input).take(cap).read_until(b'\n', &mut line)?;
        if n == 0 {
            return Ok(script);
        }
        let ended = line.last() == Some(&b'\n');
        if !ended && line.len() > MAX_LINE {
            let out = script.too_long();
            emit(&out);
            return Ok(script);
        }
        if ended {
            line.pop();
        }
        if let Some(out) = script.run_line(&String::from_utf8_lossy(&line)) {
            emit(&out);
        }
    }
}
