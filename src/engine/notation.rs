//! The move notation of RULES.md §7, one reader and one writer: pile words (`s`, `w`, `fN`,
//! `tN`, `tN:K`), `move SRC DST`, `draw` and `undo`. The script interface reads commands with
//! it, the saves write and read a game's log with it, and replay files are scripts in it.

use super::{Action, Entry, Game, Pile, Source, Target};

/// A pile word as written: `s`, `w`, `fN`, `tN`, `tN:K` (numbers from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PileArg {
    Stock,
    Waste,
    Foundation(usize),
    Column { index: usize, depth: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SourceArg {
    Waste,
    Foundation(usize),
    Column { index: usize, count: usize },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DestArg {
    Column(usize),
    Foundations,
}

/// The engine action of `move SRC DST`.
pub fn move_action(from: SourceArg, to: DestArg) -> Action {
    let from = match from {
        SourceArg::Waste => Source::Waste,
        SourceArg::Foundation(i) => Source::Foundation(i),
        SourceArg::Column { index, count } => Source::Column { index, count },
    };
    let to = match to {
        DestArg::Column(j) => Target::Column(j),
        DestArg::Foundations => Target::Foundation,
    };
    Action::Move { from, to }
}

/// A word of the input as a message shows it: at most 24 characters.
pub fn shown(word: &str) -> String {
    let mut s: String = word.chars().take(24).collect();
    if s.len() < word.len() {
        s.push('…');
    }
    s
}

fn parse_number(digits: &str, what: &str, word: &str) -> Result<usize, String> {
    let bad = || format!("'{}': {what} must be a number", shown(word));
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) || digits.len() > 4 {
        return Err(bad());
    }
    digits.parse().map_err(|_| bad())
}

/// Parses a pile word and checks it against the game's piles (when a game is known).
pub fn parse_pile(full_word: &str, game: Option<&Game>) -> Result<PileArg, String> {
    let word = shown(full_word);
    let lower = full_word.to_ascii_lowercase();
    let (columns, foundations) = game
        .map(|g| (g.spec().columns, g.spec().foundations()))
        .unwrap_or((9, 8));
    let prefix = game.map(|g| g.spec().prefix).unwrap_or("this game");
    match lower.as_str() {
        "s" => return Ok(PileArg::Stock),
        "w" => return Ok(PileArg::Waste),
        _ => {}
    }
    if let Some(rest) = lower.strip_prefix('f') {
        let n = parse_number(rest, "a foundation number", full_word)?;
        if n == 0 || n > foundations {
            return Err(format!(
                "'{word}': {prefix} has foundations f1..f{foundations}"
            ));
        }
        return Ok(PileArg::Foundation(n - 1));
    }
    if let Some(rest) = lower.strip_prefix('t') {
        let (col, depth) = match rest.split_once(':') {
            Some((c, k)) => (c, Some(k)),
            None => (rest, None),
        };
        let n = parse_number(col, "a column number", full_word)?;
        if n == 0 || n > columns {
            return Err(format!("'{word}': {prefix} has columns t1..t{columns}"));
        }
        let depth = match depth {
            None => 1,
            Some(k) => {
                let k = parse_number(k, "the card count after ':'", full_word)?;
                if k == 0 {
                    return Err(format!("'{word}': the count after ':' starts at 1"));
                }
                k
            }
        };
        return Ok(PileArg::Column {
            index: n - 1,
            depth,
        });
    }
    Err(format!(
        "'{word}' is not a pile: use s, w, f1..f{foundations}, t1..t{columns} or tN:K"
    ))
}

/// `move SRC DST`: SRC `w`, `fN`, `tN` or `tN:K`; DST `tN` or `f`.
pub fn parse_move(
    src: &str,
    dst: &str,
    game: Option<&Game>,
) -> Result<(SourceArg, DestArg), String> {
    let from = match parse_pile(src, game)? {
        PileArg::Stock => {
            return Err("'s': the stock is not a move source; use 'draw'".into());
        }
        PileArg::Waste => SourceArg::Waste,
        PileArg::Foundation(i) => SourceArg::Foundation(i),
        PileArg::Column { index, depth } => SourceArg::Column {
            index,
            count: depth,
        },
    };
    let dest_word = dst.to_ascii_lowercase();
    let to = if dest_word == "f" {
        DestArg::Foundations
    } else {
        match parse_pile(dst, game)? {
            PileArg::Column { index, depth: 1 } if !dest_word.contains(':') => {
                DestArg::Column(index)
            }
            _ => {
                return Err(format!(
                    "'{}': the destination is tN (a column) or f (the foundation area)",
                    shown(dst)
                ));
            }
        }
    };
    Ok((from, to))
}

/// The engine's pile of a pile word, and how deep into a column it reaches.
pub fn pile_and_depth(p: PileArg) -> (Pile, usize) {
    match p {
        PileArg::Stock => (Pile::Stock, 1),
        PileArg::Waste => (Pile::Waste, 1),
        PileArg::Foundation(i) => (Pile::Foundation(i), 1),
        PileArg::Column { index, depth } => (Pile::Column(index), depth),
    }
}

/// An action as a command line of the script interface: `draw`, `move t3:2 t5`, `move w f`.
pub fn action_line(action: Action) -> String {
    match action {
        Action::Draw => "draw".into(),
        Action::Move { from, to } => {
            let src = match from {
                Source::Waste => "w".to_string(),
                Source::Foundation(i) => format!("f{}", i + 1),
                Source::Column { index, count: 1 } => format!("t{}", index + 1),
                Source::Column { index, count } => format!("t{}:{count}", index + 1),
            };
            let dst = match to {
                Target::Foundation => "f".to_string(),
                Target::Column(j) => format!("t{}", j + 1),
            };
            format!("move {src} {dst}")
        }
    }
}

/// A log entry as a command line: an action, or `undo`.
pub fn entry_line(entry: Entry) -> String {
    match entry {
        Entry::Act(a) => action_line(a),
        Entry::Undo => "undo".into(),
    }
}

/// A log entry as written in a saved game or a replay script: `draw`, `undo` or
/// `move SRC DST` (word case ignored, words apart by any white space).
pub fn parse_entry(line: &str, game: &Game) -> Result<Entry, String> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let name = words.first().map(|w| w.to_ascii_lowercase());
    match (name.as_deref(), words.len()) {
        (Some("draw"), 1) => Ok(Entry::Act(Action::Draw)),
        (Some("undo"), 1) => Ok(Entry::Undo),
        (Some("move"), 3) => {
            let (from, to) = parse_move(words[1], words[2], Some(game))?;
            Ok(Entry::Act(move_action(from, to)))
        }
        _ => Err(format!(
            "'{}' is not draw, undo or move SRC DST",
            shown(line.trim())
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameCode;

    #[test]
    fn every_entry_reads_back_as_written() {
        let code = GameCode::parse("DS1-D1N-AAAAAAB").unwrap();
        let game = Game::new(code);
        let entries = [
            Entry::Act(Action::Draw),
            Entry::Undo,
            Entry::Act(Action::Move {
                from: Source::Waste,
                to: Target::Foundation,
            }),
            Entry::Act(Action::Move {
                from: Source::Foundation(7),
                to: Target::Column(8),
            }),
            Entry::Act(Action::Move {
                from: Source::Column {
                    index: 8,
                    count: 13,
                },
                to: Target::Column(0),
            }),
        ];
        for e in entries {
            let line = entry_line(e);
            assert_eq!(parse_entry(&line, &game), Ok(e), "{line}");
            assert_eq!(
                parse_entry(&line.to_ascii_uppercase(), &game),
                Ok(e),
                "{line}"
            );
        }
    }

    #[test]
    fn other_commands_and_bad_piles_are_no_entries() {
        let game = Game::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
        for line in [
            "",
            "click s",
            "draw 2",
            "move w",
            "move t8 t1",
            "move s t1",
            "move t1 t2:3",
            "new KL1-D1N-AAAAAAB",
        ] {
            assert!(parse_entry(line, &game).is_err(), "{line:?}");
        }
    }
}
