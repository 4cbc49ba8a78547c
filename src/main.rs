use std::io::{Read, Write};
use std::process::ExitCode;

use solitaire::engine::{Game, GameCode};
use solitaire::script;

const USAGE: &str = "usage: solitaire [--code CODE] | solitaire script [FILE]";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("script") => run_script(&args[1..]),
        Some("--help" | "-h") => {
            println!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some("--code") => match args.get(1) {
            Some(code) if args.len() == 2 => match GameCode::parse(code) {
                Ok(code) => play(Some(code)),
                Err(e) => {
                    eprintln!("solitaire: {e}");
                    ExitCode::from(2)
                }
            },
            _ => {
                eprintln!("solitaire: --code needs one game code, like KL1-D1N-AAAAAAG\n{USAGE}");
                ExitCode::from(2)
            }
        },
        None => play(None),
        Some(other) => {
            eprintln!("solitaire: unknown argument '{other}'\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn play(code: Option<GameCode>) -> ExitCode {
    let code = code.unwrap_or_else(|| GameCode::parse("KL1-D1N-AAAAAAA").expect("valid"));
    let game = Game::new(code);
    println!("{}", script::state_json(&game));
    ExitCode::SUCCESS
}

fn run_script(args: &[String]) -> ExitCode {
    let mut input = Vec::new();
    let read = match args {
        [] => std::io::stdin().read_to_end(&mut input).map(|_| ()),
        [file] => std::fs::read(file).map(|bytes| input = bytes),
        _ => {
            eprintln!("solitaire: script takes at most one FILE\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    if let Err(e) = read {
        let from = args.first().map(String::as_str).unwrap_or("standard input");
        eprintln!("solitaire: cannot read {from}: {e}");
        return ExitCode::from(2);
    }
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut lines = 0usize;
    let script = script::run_bytes(&input, |line| {
        lines += 1;
        let _ = writeln!(out, "{line}");
    });
    let _ = out.flush();
    if lines == 0 {
        eprintln!("solitaire: the script has no commands (blank lines and comments only)");
    }
    if script.had_error() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}
