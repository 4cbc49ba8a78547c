//! The command line: `solitaire [--code CODE]` plays; the subcommands play without a window
//! (`script`), draw (`render`), say where piles lie (`layout`), and solve (`solve`, `survey`).
//! One vocabulary for games, draws and scorings, shared with the game codes (`engine::code`).

use std::io::Write;
use std::process::ExitCode;

use crate::engine::{Draw, GameCode, GameKind, Scoring};
use crate::script;

pub const USAGE: &str = "usage: solitaire [--code CODE]
       solitaire --version
       solitaire script [FILE]          play without a window, one JSON line per command
       solitaire render OUT.png [SCALE] [--lang en|nb|tr] [--window WxH[@RATIO][:touch]]
                                        draw the table a script (on stdin) ends with (- : stdout)
       solitaire layout [--window WxH…] [--watch] [--analysis]
                                        where the piles and buttons of that table lie, as JSON
                                        (--watch: while it is watched again; --analysis: each
                                        window of 'Where was it lost?' reached from it)
       solitaire solve CODE [--budget-ms N]
                                        search for a winning line (printed as a script)
       solitaire solve --from FILE [--budget-ms N]
                                        the same from where a script's game ends
       solitaire analyse FILE [--budget-ms N] [--proof]
                                        where the script's game was lost (docs/FAQ.md)
       solitaire survey GAME DRAW SCORING --deals A..B [--budget-ms N] [--threads N] [--each]
                                        solve a range of deals: shares and times
                                        (--each: first a line per deal, code and verdict)
       solitaire grades GAME DRAW SCORING --winnable N
                                        grade the first N winnable deals: the table of grades
       solitaire replay FILE            watch the game a script plays, in the window
       solitaire link                   the replay link of the game a script (stdin) plays
       solitaire daily YYYY-MM-DD [klondike|double]
                                        the daily deal of that day (Klondike if no game)
       solitaire sound [NAME…]          play the sound effects (all, or pick-up, lay-down,
                                        home, draw, recycle, refused, reveal, win)

Memory: a search keeps every position it has seen, 14 to 70 MB per 1000 ms of budget (one
million positions; `cargo bench --bench solver` measures it), and where a beam search runs
beside it (Double Solitaire with a one-pass stock; Klondike draw 3 Normal, for 20,000
positions) that holds up to about 32 MB more (bounded by the beam's width);
--budget-ms is at most 20000 (about 1.5 GB), and a survey needs that much for each of its
threads. A survey that would need more than the memory available is refused before it starts.
analyse searches one position at a time within that budget, and keeps a few bytes for each
position of the game's line (about 12 MB for the longest game a save holds).";

/// Bytes a search of one million positions keeps, rounded up from what `cargo bench --bench
/// solver` prints per mode (the most: Double Solitaire draw 1 Vegas, whose beam keeps a print
/// of every candidate it has seen).
const BYTES_PER_MILLION_POSITIONS: u64 = 70 << 20;
/// The most a beam search holds, whatever the budget (its width is bounded): at its widest,
/// 16,384 positions of 832 bytes in its layer and as many expanded (27 MB), room for 131,072
/// candidates of 28 bytes (4 MB) and their safe moves: about 32 MB, rounded up.
const BEAM_BYTES: u64 = 40 << 20;

/// What the command line asks for.
pub enum Run {
    /// Open the window, on a deal when a code was given.
    Play(Option<GameCode>),
    /// Open the window watching this game again (`solitaire replay FILE`).
    Watch(Box<crate::engine::Game>),
    /// A subcommand ran (or the arguments were wrong): exit with this status.
    Done(ExitCode),
}

/// Reads the command line (without the program's name) and runs a subcommand if it names one.
pub fn run(args: &[String]) -> Run {
    match args.first().map(String::as_str) {
        Some("script") => Run::Done(run_script(&args[1..])),
        Some("render") => Run::Done(render(&args[1..])),
        Some("layout") => Run::Done(layout(&args[1..])),
        Some("daily") => Run::Done(daily(&args[1..])),
        #[cfg(not(target_arch = "wasm32"))]
        Some("sound") => Run::Done(sound(&args[1..])),
        Some("link") => Run::Done(match script_from_stdin() {
            Ok(g) => {
                let link = format!("?code={}&replay={}", g.code(), crate::save::link::pack(&g));
                print_out(&link)
            }
            Err(e) => {
                eprintln!("solitaire: {e}");
                ExitCode::from(2)
            }
        }),
        Some("replay") => match &args[1..] {
            [file] => match std::fs::File::open(file)
                .map_err(|e| format!("cannot open {file}: {e}"))
                .and_then(|f| crate::shell::tools::play_script(std::io::BufReader::new(f)))
            {
                Ok(game) => Run::Watch(Box::new(game)),
                Err(e) => {
                    eprintln!("solitaire: {e}");
                    Run::Done(ExitCode::from(2))
                }
            },
            _ => {
                eprintln!("solitaire: replay takes one script file\n{USAGE}");
                Run::Done(ExitCode::from(2))
            }
        },
        Some("grades") => Run::Done(grades(&args[1..])),
        Some("solve") => Run::Done(solve(&args[1..])),
        Some("analyse") => Run::Done(crate::shell::analyse::analyse(&args[1..])),
        Some("survey") => Run::Done(survey(&args[1..])),
        Some("--version" | "-V") => {
            println!("solitaire {}", env!("CARGO_PKG_VERSION"));
            Run::Done(ExitCode::SUCCESS)
        }
        Some("--help" | "-h") => {
            println!("{USAGE}");
            Run::Done(ExitCode::SUCCESS)
        }
        Some("--code") => match args.get(1) {
            Some(code) if args.len() == 2 => match GameCode::parse(code) {
                Ok(code) => Run::Play(Some(code)),
                Err(e) => {
                    eprintln!("solitaire: {e}");
                    Run::Done(ExitCode::from(2))
                }
            },
            _ => {
                eprintln!("solitaire: --code needs one game code, like KL1-D1N-AAAAAAG\n{USAGE}");
                Run::Done(ExitCode::from(2))
            }
        },
        None => Run::Play(None),
        Some(other) => {
            eprintln!("solitaire: unknown argument '{other}'\n{USAGE}");
            Run::Done(ExitCode::from(2))
        }
    }
}

fn script_from_stdin() -> Result<crate::engine::Game, String> {
    crate::shell::tools::play_script(std::io::stdin().lock())
}

fn render(args: &[String]) -> ExitCode {
    use crate::ui::strings::{Language, set_language};
    // `--lang L`: the language of the picture (en, nb, tr).
    let mut args = args.to_vec();
    if let Some(i) = args.iter().position(|a| a == "--lang") {
        let tag = args.get(i + 1).cloned().unwrap_or_default();
        let Some(language) = Language::from_tag(&tag) else {
            let tags: Vec<&str> = Language::ALL.iter().map(|l| l.tag()).collect();
            eprintln!("solitaire: --lang takes one of {}", tags.join(", "));
            return ExitCode::from(2);
        };
        set_language(language);
        args.drain(i..(i + 2).min(args.len()));
    }
    // `--window 1366x650`, `--window 390x844@3:touch`: the picture of that window (CSS pixels,
    // so many physical pixels each), framebuffer shaped and scaled as the window does it.
    let mut window = None;
    if let Some(i) = args.iter().position(|a| a == "--window") {
        let spec = args.get(i + 1).cloned().unwrap_or_default();
        match crate::shell::tools::parse_window(&spec) {
            Some(v) => window = Some(v),
            None => {
                eprintln!(
                    "solitaire: --window takes WxH, WxH@RATIO or WxH@RATIO:touch, as 390x844@3:touch, \
                     no larger than a screen (8192 pixels a side, 7680x4320 in all)"
                );
                return ExitCode::from(2);
            }
        }
        args.drain(i..(i + 2).min(args.len()));
    }
    let (out, scale) = match args.as_slice() {
        [out] => (out, Ok(1)),
        [out, k] => (
            out,
            k.parse::<i32>()
                .map_err(|_| ())
                .and_then(|k| if (1..=8).contains(&k) { Ok(k) } else { Err(()) }),
        ),
        _ => {
            eprintln!("solitaire: render takes OUT.png and an optional SCALE\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Ok(scale) = scale else {
        eprintln!("solitaire: SCALE is a whole number from 1 to 8");
        return ExitCode::from(2);
    };
    let game = match script_from_stdin() {
        Ok(g) => g,
        Err(e) => {
            eprintln!("solitaire: {e}");
            return ExitCode::from(2);
        }
    };
    let png = match window {
        Some(view) => crate::shell::tools::render_window(&game, &view),
        None => {
            let frame = crate::shell::tools::render_game(&game);
            crate::render::png::encode(&crate::render::png::scaled(&frame, scale))
        }
    };
    let written = if out == "-" {
        let mut stdout = std::io::stdout().lock();
        stdout.write_all(&png).and_then(|()| stdout.flush())
    } else {
        std::fs::write(out, &png)
    };
    match written {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solitaire: cannot write {out}: {e}");
            ExitCode::from(1)
        }
    }
}

/// Reads `--budget-ms N` (a whole number of milliseconds above 0) from options.
fn budget_option(args: &[String]) -> Result<(u64, Vec<String>), String> {
    let mut ms = 1000;
    let mut rest = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        if a == "--budget-ms" {
            ms = it
                .next()
                .and_then(|n| n.parse::<u64>().ok())
                .filter(|&n| (1..=20_000).contains(&n))
                .ok_or("--budget-ms needs a whole number of milliseconds, 1 to 20000 (20 million positions, up to 1.5 GB of memory)")?;
        } else {
            rest.push(a.clone());
        }
    }
    Ok((ms, rest))
}

fn solve(args: &[String]) -> ExitCode {
    use crate::solver::{Budget, Verdict};
    if args.iter().any(|a| a == "--from") {
        return crate::shell::analyse::solve_from(args);
    }
    let (ms, rest) = match budget_option(args) {
        Ok(x) => x,
        Err(e) => {
            eprintln!("solitaire: {e}");
            return ExitCode::from(2);
        }
    };
    let [code] = rest.as_slice() else {
        eprintln!("solitaire: solve takes one game code\n{USAGE}");
        return ExitCode::from(2);
    };
    let code = match GameCode::parse(code) {
        Ok(c) => c,
        Err(e) => {
            eprintln!("solitaire: {e}");
            return ExitCode::from(2);
        }
    };
    let game = crate::engine::Game::new(code);
    let budget = Budget::from_ms(ms);
    let start = std::time::Instant::now();
    let verdict = crate::solver::solve(&game, budget);
    let took = start.elapsed().as_secs_f64() * 1000.0;
    let text = match verdict {
        Verdict::Winnable(line) => {
            let mut t = format!(
                "# {code}: winnable, a line of {} actions ({took:.1} ms)\nnew {code}\n",
                line.len()
            );
            for a in line {
                t += &crate::engine::notation::action_line(a);
                t.push('\n');
            }
            t
        }
        Verdict::Unwinnable => {
            format!("# {code}: unwinnable: every reachable position searched ({took:.1} ms)\n")
        }
        Verdict::Undecided => format!(
            "# {code}: undecided within the budget of {ms} ms = {} positions ({took:.1} ms)\n",
            budget.states
        ),
    };
    write_out(&text)
}

/// `survey GAME DRAW SCORING --deals A..B [--budget-ms N] [--threads N]`.
fn survey(args: &[String]) -> ExitCode {
    match survey_args(args) {
        Ok((game, draw, scoring, deals, ms, threads, each)) => {
            let mode = format!(
                "{} draw {} {}",
                game.spec().name,
                draw.count(),
                scoring.name()
            );
            // Each deal's line as it comes (`--each`), then the report.
            // A line that cannot be written (a full disk) fails the command at its end.
            let mut out = std::io::stdout().lock();
            let mut failed: Option<std::io::Error> = None;
            let tally = crate::solver::survey::run(
                game,
                draw,
                scoring,
                deals.clone(),
                crate::solver::Budget::from_ms(ms),
                threads,
                |r| {
                    if each {
                        let code = GameCode::new(game, draw, scoring, r.deal);
                        let v = format!("{:?}", r.verdict).to_ascii_lowercase();
                        let line = writeln!(
                            out,
                            "{code} {v} {:.2} ms {} positions",
                            r.micros as f64 / 1000.0,
                            r.positions
                        );
                        if let (Err(e), None) = (line, &failed) {
                            failed = Some(e);
                        }
                    }
                },
            );
            let tally = match tally {
                Ok(t) => t,
                Err(e) => {
                    eprintln!("solitaire: {e}");
                    return ExitCode::from(1);
                }
            };
            let text = crate::solver::survey::report(&mode, &deals, ms, &tally);
            let written = failed.map_or(Ok(()), Err);
            output_status(
                written
                    .and_then(|()| out.write_all(text.as_bytes()))
                    .and_then(|()| out.flush()),
            )
        }
        Err(e) => {
            eprintln!("solitaire: {e}\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

type SurveyArgs = (
    GameKind,
    Draw,
    Scoring,
    std::ops::Range<u64>,
    u64,
    usize,
    bool,
);

fn survey_args(args: &[String]) -> Result<SurveyArgs, String> {
    let (ms, rest) = budget_option(args)?;
    let mut words = Vec::new();
    let mut deals = None;
    let mut threads = std::thread::available_parallelism().map_or(1, |n| n.get());
    let mut each = false;
    let mut it = rest.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--each" => each = true,
            "--deals" => {
                let r = it.next().ok_or("--deals needs a range like 0..1000")?;
                let (a, b) = r
                    .split_once("..")
                    .ok_or_else(|| format!("'{r}' is not a range like 0..1000"))?;
                let (a, b) = (a.parse::<u64>(), b.parse::<u64>());
                match (a, b) {
                    (Ok(a), Ok(b)) if a < b && b <= crate::engine::DEALS => deals = Some(a..b),
                    _ => {
                        return Err(format!(
                            "'{r}' is not a range of deal numbers A..B with A < B"
                        ));
                    }
                }
            }
            "--threads" => {
                threads = it
                    .next()
                    .and_then(|n| n.parse::<usize>().ok())
                    .filter(|&n| (1..=256).contains(&n))
                    .ok_or("--threads needs a number from 1 to 256")?;
            }
            w => words.push(w.to_ascii_lowercase()),
        }
    }
    let [game, draw, scoring] = words.as_slice() else {
        return Err(
            "survey takes a game, a draw and a scoring, like: survey klondike 3 normal".into(),
        );
    };
    let list = |words: Vec<String>| words.join(" or ");
    let game = GameKind::from_word(game).ok_or_else(|| {
        let words = GameKind::ALL.iter().map(|g| g.spec().word.to_string());
        format!("'{game}' is not a game: {}", list(words.collect()))
    })?;
    let draw = Draw::from_word(draw).ok_or_else(|| {
        let words = Draw::ALL.iter().map(|d| d.count().to_string());
        format!("'{draw}' is not a draw: {}", list(words.collect()))
    })?;
    let scoring = Scoring::from_word(scoring).ok_or_else(|| {
        let words = Scoring::ALL.iter().map(|s| s.name().to_ascii_lowercase());
        format!("'{scoring}' is not a scoring: {}", list(words.collect()))
    })?;
    let deals = deals.ok_or("survey needs --deals A..B")?;
    let threads = threads.min(usize::try_from(deals.end - deals.start).unwrap_or(usize::MAX));
    let need = survey_memory(threads, ms);
    if let Some(free) = available_memory()
        && need > free
    {
        return Err(format!(
            "{threads} threads of {ms} ms would need about {} MB of memory, and {} MB are available: use fewer --threads or a smaller --budget-ms",
            need >> 20,
            free >> 20
        ));
    }
    Ok((game, draw, scoring, deals, ms, threads, each))
}

/// About the most memory a survey of `threads` threads at `ms` milliseconds a deal holds:
/// `Budget::from_ms(ms)` positions a thread (a million a second), and its beam.
fn survey_memory(threads: usize, ms: u64) -> u64 {
    let positions = crate::solver::Budget::from_ms(ms).states as u64;
    let search = positions.saturating_mul(BYTES_PER_MILLION_POSITIONS) / 1_000_000;
    (threads as u64).saturating_mul(search.saturating_add(BEAM_BYTES))
}

/// The memory the system says is available (Linux), if it says.
fn available_memory() -> Option<u64> {
    let info = std::fs::read_to_string("/proc/meminfo").ok()?;
    let line = info.lines().find(|l| l.starts_with("MemAvailable:"))?;
    let kb: u64 = line.split_whitespace().nth(1)?.parse().ok()?;
    Some(kb * 1024)
}

/// Grades the first N deals the solver proves winnable (from deal 0) and prints, for each
/// grade, how many deals got it, the human-like player's mean share of wins, and the share of
/// those deals a plain greedy player (no dice) wins: the check that the grades mean something.
fn grades(args: &[String]) -> ExitCode {
    use crate::solver::grade::{Grade, grade, plain_greedy_wins};
    use crate::solver::{Budget, Verdict, WINNABLE_STATES, solve};
    let parsed = match args {
        [g, d, s, flag, n] if flag == "--winnable" => GameKind::from_word(g)
            .zip(Draw::from_word(d))
            .zip(Scoring::from_word(s))
            .zip(n.parse::<u32>().ok().filter(|n| (1..=100_000).contains(n))),
        _ => None,
    };
    let Some((((game, draw), scoring), wanted)) = parsed else {
        eprintln!("solitaire: grades takes GAME DRAW SCORING --winnable N\n{USAGE}");
        return ExitCode::from(2);
    };
    let mut rows: Vec<(u32, u32, u32)> = vec![(0, 0, 0); 4]; // deals, player wins, greedy wins
    let (mut found, mut deal) = (0, 0u64);
    while found < wanted {
        let code = GameCode::new(game, draw, scoring, deal);
        deal += 1;
        let budget = Budget {
            states: WINNABLE_STATES,
        };
        if !matches!(
            solve(&crate::engine::Game::new(code), budget),
            Verdict::Winnable(_)
        ) {
            continue;
        }
        found += 1;
        let (g, wins, _) = grade(code);
        let row = &mut rows[Grade::ALL.iter().position(|&x| x == g).unwrap_or(0)];
        row.0 += 1;
        row.1 += wins;
        row.2 += u32::from(plain_greedy_wins(code));
    }
    println!(
        "{} draw {} {}: the first {wanted} winnable deals (of deals 0..{deal})",
        game.spec().name,
        draw.count(),
        scoring.name()
    );
    println!("grade    deals  player's wins  plain greedy wins");
    for (g, (n, wins, greedy)) in Grade::ALL.iter().zip(rows) {
        let pct = |x: u32, of: u32| {
            if of == 0 {
                0.0
            } else {
                100.0 * f64::from(x) / f64::from(of)
            }
        };
        println!(
            "{:<8} {n:>5}  {:>12.1}%  {:>16.1}%",
            format!("{g:?}"),
            pct(wins, n * crate::solver::grade::ROLLOUTS),
            pct(greedy, n)
        );
    }
    ExitCode::SUCCESS
}

fn daily(args: &[String]) -> ExitCode {
    let (date, game) = match args {
        [d] => (d, GameKind::Klondike),
        [d, g] => match GameKind::from_word(g) {
            Some(game) => (d, game),
            None => {
                eprintln!("solitaire: daily takes klondike or double, not {g:?}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("solitaire: daily takes a date (YYYY-MM-DD) and an optional game\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let Ok(date) = crate::play::daily::Date::parse(date) else {
        eprintln!("solitaire: {date:?} is no date (YYYY-MM-DD, from 1970 on)");
        return ExitCode::from(2);
    };
    let (code, line) = crate::play::daily::daily(game, date);
    let status = print_out(&code.to_string());
    if !line.is_empty() {
        eprintln!(
            "solitaire: {date}: {code}, won by the solver in {} actions",
            line.len()
        );
    }
    status
}

/// Plays sound effects one after another through the platform's output: 1 when there is none
/// (its one line on stderr says why).
#[cfg(not(target_arch = "wasm32"))]
fn sound(args: &[String]) -> ExitCode {
    use crate::shell::audio::{Audio, Sound, Status};
    let mut sounds = Vec::new();
    for a in args {
        match Sound::from_name(a) {
            Some(s) => sounds.push(s),
            None => {
                eprintln!("solitaire: no sound is called {a:?}\n{USAGE}");
                return ExitCode::from(2);
            }
        }
    }
    if sounds.is_empty() {
        sounds = Sound::ALL.to_vec();
    }
    let audio = Audio::start();
    for s in sounds {
        audio.play(s);
        if let Status::Silent(_) = audio.finish(std::time::Duration::from_secs(5)) {
            return ExitCode::from(1);
        }
    }
    ExitCode::SUCCESS
}

fn layout(args: &[String]) -> ExitCode {
    // `--watch`: the buttons of the game watched again (the replay's controls); `--analysis`:
    // those of "Where was it lost?" as the game in play reaches it, step by step.
    let watch = args.iter().any(|a| a == "--watch");
    let analysis = args.iter().any(|a| a == "--analysis");
    let args: Vec<String> = args
        .iter()
        .filter(|a| *a != "--watch" && *a != "--analysis")
        .cloned()
        .collect();
    let view = match args.as_slice() {
        [] => crate::ui::view::View::new(1280.0, 720.0),
        [flag, spec] if flag == "--window" => match crate::shell::tools::parse_window(spec) {
            Some(v) => v,
            None => {
                eprintln!("solitaire: --window takes WxH, WxH@RATIO or WxH@RATIO:touch");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!(
                "solitaire: layout takes only --window, --watch and --analysis (the script comes on stdin)\n{USAGE}"
            );
            return ExitCode::from(2);
        }
    };
    match script_from_stdin() {
        Ok(g) => print_out(&crate::shell::tools::layout_json(
            &g, &view, watch, analysis,
        )),
        Err(e) => {
            eprintln!("solitaire: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_script(args: &[String]) -> ExitCode {
    let input: Box<dyn std::io::BufRead> = match args {
        [] => Box::new(std::io::stdin().lock()),
        [file] => match std::fs::File::open(file) {
            Ok(f) => Box::new(std::io::BufReader::new(f)),
            Err(e) => {
                eprintln!("solitaire: cannot read {file}: {e}");
                return ExitCode::from(2);
            }
        },
        _ => {
            eprintln!("solitaire: script takes at most one FILE\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let stdout = std::io::stdout();
    let mut out = std::io::BufWriter::new(stdout.lock());
    let mut lines = 0usize;
    let mut failed = None;
    let script = script::run_reader(input, |line| {
        lines += 1;
        if failed.is_none()
            && let Err(e) = writeln!(out, "{line}")
        {
            failed = Some(e);
        }
    });
    if let Err(e) = out.flush() {
        failed.get_or_insert(e);
    }
    if let Some(e) = failed {
        let status = output_status(Err(e));
        if status != ExitCode::SUCCESS {
            return status;
        }
    }
    let script = match script {
        Ok(s) => s,
        Err(e) => {
            let from = args.first().map(String::as_str).unwrap_or("standard input");
            eprintln!("solitaire: cannot read {from}: {e}");
            return ExitCode::from(2);
        }
    };
    if lines == 0 {
        eprintln!("solitaire: the script has no commands (blank lines and comments only)");
    }
    if script.had_error() {
        ExitCode::from(2)
    } else {
        ExitCode::SUCCESS
    }
}

/// Prints a line on standard output.
fn print_out(text: &str) -> ExitCode {
    write_out(&format!("{text}\n"))
}

/// Writes on standard output; a write that fails (a full disk) is said and gives a failing
/// exit status. A reader that stops early (`| head`) is no error worth a message.
fn write_out(text: &str) -> ExitCode {
    let mut out = std::io::stdout().lock();
    output_status(out.write_all(text.as_bytes()).and_then(|()| out.flush()))
}

fn output_status(r: std::io::Result<()>) -> ExitCode {
    match r {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("solitaire: cannot write the output: {e}");
            ExitCode::from(1)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_survey_guard_counts_every_millisecond_of_budget() {
        // A budget's positions cost memory in proportion, under a second and between whole
        // seconds too: half a second holds half of what a second does.
        let search = |ms: u64| survey_memory(1, ms) - BEAM_BYTES;
        assert_eq!(search(1000), BYTES_PER_MILLION_POSITIONS);
        assert_eq!(search(500), BYTES_PER_MILLION_POSITIONS / 2);
        assert_eq!(search(1999), BYTES_PER_MILLION_POSITIONS * 1999 / 1000);
        assert!(search(1) > 0);
        assert_eq!(
            survey_memory(4, 20_000),
            4 * (20 * BYTES_PER_MILLION_POSITIONS + BEAM_BYTES)
        );
    }
}
