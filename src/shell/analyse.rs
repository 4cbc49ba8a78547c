//! `solitaire analyse FILE`: where the game a script plays was lost (`solver::analysis`), in
//! words; `solitaire analyse --survey …`: the analysis measured on the grades' human-like
//! player's lost games, each claim checked; `solitaire solve --from FILE`: a winning line from
//! the position a script ends in, so any claim can be checked.

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use crate::engine::notation::action_line;
use crate::engine::{Action, Draw, Game, GameCode, GameKind, Scoring};
use crate::solver::analysis::{self, ANALYSIS_STATES, ANALYSIS_TOTAL, Analysis, Answer};
use crate::solver::{Budget, Verdict};

/// The positions the whole analysis may search when one position may search `per`: in the
/// defaults' proportion.
fn total_for(per: Budget) -> Budget {
    let states = per.states as u128 * ANALYSIS_TOTAL as u128 / ANALYSIS_STATES as u128;
    Budget {
        states: usize::try_from(states).unwrap_or(usize::MAX),
    }
}

fn fail(message: &str) -> ExitCode {
    eprintln!("solitaire: {message}");
    ExitCode::from(2)
}

/// Reads an option's whole number, `lo..=hi`.
fn number(it: &mut std::slice::Iter<String>, name: &str, lo: u64, hi: u64) -> Result<u64, String> {
    it.next()
        .and_then(|n| n.parse::<u64>().ok())
        .filter(|n| (lo..=hi).contains(n))
        .ok_or_else(|| format!("{name} needs a whole number from {lo} to {hi}"))
}

fn game_from_file(file: &str) -> Result<Game, String> {
    let f = std::fs::File::open(file).map_err(|e| format!("cannot open {file}: {e}"))?;
    crate::shell::tools::play_script(std::io::BufReader::new(f))
}

/// A script that plays `line` from the deal of `code`.
fn script_of(code: GameCode, line: &[Action]) -> String {
    let mut t = format!("new {code}\n");
    for &a in line {
        t += &action_line(a);
        t.push('\n');
    }
    t
}

struct ScriptArgs {
    game: Game,
    file: String,
    ms: u64,
    proof: bool,
}

/// The options of `analyse FILE` (`flag` None) and `solve --from FILE` (`flag` "--from"): the
/// script's game and file, the budget in ms and whether a proof was asked for (`analyse` only).
fn script_args(args: &[String], flag: Option<&str>, default_ms: u64) -> Result<ScriptArgs, String> {
    let usage = match flag {
        None => "analyse takes one script FILE: the game to analyse",
        Some(_) => "--from takes one script FILE",
    };
    let (mut file, mut ms, mut proof) = (None, default_ms, false);
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--budget-ms" => ms = number(&mut it, "--budget-ms", 1, 20_000)?,
            "--proof" if flag.is_none() => proof = true,
            f if flag == Some(f) => match it.next() {
                Some(f) if file.is_none() => file = Some(f.clone()),
                _ => return Err(usage.into()),
            },
            f if flag.is_none() && file.is_none() && !f.starts_with("--") => {
                file = Some(f.to_string())
            }
            other if flag.is_none() => {
                return Err(format!("analyse takes one script FILE, not '{other}'"));
            }
            other => return Err(format!("solve --from FILE takes no '{other}'")),
        }
    }
    let file = file.ok_or(usage)?;
    let game = game_from_file(&file)?;
    Ok(ScriptArgs {
        game,
        file,
        ms,
        proof,
    })
}

/// `solitaire analyse FILE [--budget-ms N] [--proof]`, or the survey.
pub fn analyse(args: &[String]) -> ExitCode {
    if args.first().is_some_and(|a| a == "--survey") {
        return survey(&args[1..]);
    }
    let ScriptArgs {
        game, ms, proof, ..
    } = match script_args(args, None, ANALYSIS_STATES as u64 / 1000) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let per = Budget::from_ms(ms);
    let total = total_for(per);
    let start = Instant::now();
    let mut a = Analysis::with_budgets(&game, per, total);
    let answer = loop {
        if let Some(answer) = a.step(usize::MAX) {
            break answer;
        }
    };
    let took = start.elapsed().as_secs_f64() * 1000.0;
    let (decided, _) = a.progress();
    let words = analysis::answer_text(&a, &answer);
    let mut text = format!(
        "# {}: a line of {} actions (undone ones left out), {decided} of its positions decided, {} positions searched ({took:.1} ms)\n{}{words}\n",
        game.code(),
        a.line().len(),
        a.searched(),
        if proof { "# " } else { "" },
    );
    if proof {
        text += &proof_text(&a, game.code(), &answer);
    }
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// The answer's claims as a script (the lines of `analyse --proof` after the answer): the
/// game to the position said winnable and a win from there, which `solitaire script` plays to
/// a win; and, in comments, the game to the position said lost, for `solitaire solve --from`.
fn proof_text(a: &Analysis, code: GameCode, answer: &Answer) -> String {
    let comment = |s: String| -> String { s.lines().map(|l| format!("# {l}\n")).collect() };
    match answer {
        Answer::LostAt(loss) => {
            let mut won = a.line()[..loss.index].to_vec();
            won.extend(&loss.line);
            format!(
                "# The position after move {}, lost (a script for solve --from):\n{}# The position before it, and a win from there:\n{}",
                loss.index + 1,
                comment(script_of(code, &a.line()[..=loss.index])),
                script_of(code, &won),
            )
        }
        Answer::StillWinnable { line } => {
            let mut won = a.line().to_vec();
            won.extend(line);
            format!(
                "# The game, and a win from its end:\n{}",
                script_of(code, &won)
            )
        }
        Answer::Unwinnable | Answer::NotSure(_) => String::new(),
    }
}

/// `solitaire solve --from FILE [--budget-ms N]`: a winning line from where the script ends,
/// printed as a script that plays the script's line and then the win.
pub fn solve_from(args: &[String]) -> ExitCode {
    let ScriptArgs { game, file, ms, .. } = match script_args(args, Some("--from"), 1000) {
        Ok(a) => a,
        Err(e) => return fail(&e),
    };
    let code = game.code();
    let line = analysis::effective_line(game.log());
    let Some(position) = analysis::replay(&game, &line, line.len()) else {
        return fail("the script's game does not replay");
    };
    let budget = Budget::from_ms(ms);
    let start = Instant::now();
    let verdict = crate::solver::solve(&position, budget);
    let took = start.elapsed().as_secs_f64() * 1000.0;
    let at = format!("{code} after the {} actions of {file}", line.len());
    let text = match verdict {
        Verdict::Winnable(win) => {
            let mut all = line.clone();
            all.extend(&win);
            format!(
                "# {at}: winnable, a line of {} actions after them ({took:.1} ms)\n{}",
                win.len(),
                script_of(code, &all)
            )
        }
        Verdict::Unwinnable => {
            format!("# {at}: unwinnable: every reachable position searched ({took:.1} ms)\n")
        }
        Verdict::Undecided => format!(
            "# {at}: undecided within the budget of {ms} ms = {} positions ({took:.1} ms)\n",
            budget.states
        ),
    };
    let _ = std::io::stdout().lock().write_all(text.as_bytes());
    ExitCode::SUCCESS
}

/// The grades' player's first `n` lost games of a mode (from deal 0 up, one game a deal).
pub fn lost_games(game: GameKind, draw: Draw, scoring: Scoring, n: usize) -> Vec<Game> {
    let mut out = Vec::new();
    let mut deal = 0;
    while out.len() < n && deal < crate::engine::DEALS {
        let g = analysis::players_game(GameCode::new(game, draw, scoring, deal));
        if !g.is_won() {
            out.push(g);
        }
        deal += 1;
    }
    out
}

/// The processor time this thread has had, in milliseconds (Linux, where the kernel counts
/// it in hundredths of a second): the survey's measure on a shared machine, where the time on
/// the clock counts other work too.
fn thread_cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    // The fields after the command's closing parenthesis; utime and stime are the 14th and
    // 15th of the whole line.
    let rest = &stat[stat.rfind(')')? + 1..];
    let f: Vec<&str> = rest.split_whitespace().collect();
    let ticks = f.get(11)?.parse::<f64>().ok()? + f.get(12)?.parse::<f64>().ok()?;
    Some(ticks * 10.0)
}

/// One game of the survey: its answer, the time it took, and the checks of its claims.
struct Row {
    code: GameCode,
    moves: usize,
    answer: Answer,
    /// Milliseconds on the clock and of processor time.
    ms: f64,
    cpu_ms: Option<f64>,
    /// The winning line replays to a win through the engine (a win claimed), and the position
    /// said lost is lost again within the larger budget, and so without the pruning (a loss
    /// claimed); None when the answer claims no such thing.
    line_wins: Option<bool>,
    lost_again: Option<bool>,
    lost_plain: Option<Verdict>,
}

fn survey_one(g: &Game, per: Budget, total: Budget, check: Budget) -> Row {
    use crate::solver::{solve, solve_plain};
    let (start, cpu) = (Instant::now(), thread_cpu_ms());
    let answer = analysis::analyse(g, per, total);
    let ms = start.elapsed().as_secs_f64() * 1000.0;
    let cpu_ms = cpu.zip(thread_cpu_ms()).map(|(a, b)| b - a);
    let a = Analysis::with_budgets(g, per, total);
    let mut row = Row {
        code: g.code(),
        moves: a.line().len(),
        answer: answer.clone(),
        ms,
        cpu_ms,
        line_wins: None,
        lost_again: None,
        lost_plain: None,
    };
    let lost = |p: &Game, row: &mut Row| {
        row.lost_again = Some(solve(p, check) == Verdict::Unwinnable);
        row.lost_plain = Some(match solve_plain(p, check) {
            Verdict::Winnable(_) => Verdict::Winnable(Vec::new()),
            v => v,
        });
    };
    match &answer {
        Answer::LostAt(loss) => {
            let before = a.position(loss.index);
            row.line_wins = Some(before.is_some_and(|p| analysis::wins(&p, &loss.line)));
            if let Some(after) = a.position(loss.index + 1) {
                lost(&after, &mut row);
            }
        }
        Answer::StillWinnable { line } => {
            let end = a.position(a.line().len());
            row.line_wins = Some(end.is_some_and(|p| analysis::wins(&p, line)));
        }
        Answer::Unwinnable => lost(&Game::new(g.code()), &mut row),
        Answer::NotSure(_) => {}
    }
    row
}

/// The options of `analyse --survey`.
struct SurveyOptions {
    game: GameKind,
    draw: Draw,
    scoring: Scoring,
    games: usize,
    ms: u64,
    check_ms: u64,
    threads: usize,
    each: bool,
    scripts: Option<String>,
}

fn survey_options(args: &[String]) -> Result<SurveyOptions, String> {
    let mut o = SurveyOptions {
        game: GameKind::Klondike,
        draw: Draw::One,
        scoring: Scoring::Normal,
        games: 200,
        ms: ANALYSIS_STATES as u64 / 1000,
        check_ms: 10_000,
        threads: 1,
        each: false,
        scripts: None,
    };
    let mut words = Vec::new();
    let mut it = args.iter();
    while let Some(a) = it.next() {
        match a.as_str() {
            "--games" => o.games = number(&mut it, "--games", 1, 100_000)? as usize,
            "--budget-ms" => o.ms = number(&mut it, "--budget-ms", 1, 20_000)?,
            "--check-ms" => o.check_ms = number(&mut it, "--check-ms", 1, 20_000)?,
            "--threads" => o.threads = number(&mut it, "--threads", 1, 64)? as usize,
            "--each" => o.each = true,
            "--scripts" => {
                let dir = it.next().ok_or("--scripts needs a folder")?;
                o.scripts = Some(dir.clone());
            }
            w => words.push(w.to_ascii_lowercase()),
        }
    }
    let mode = match words.as_slice() {
        [g, d, s] => GameKind::from_word(g)
            .zip(Draw::from_word(d))
            .zip(Scoring::from_word(s)),
        _ => None,
    };
    let ((game, draw), scoring) =
        mode.ok_or("analyse --survey takes GAME DRAW SCORING --games N, like: klondike 3 normal")?;
    (o.game, o.draw, o.scoring) = (game, draw, scoring);
    Ok(o)
}

/// Each game analysed and checked, on `threads` threads, in the games' order.
fn survey_rows(games: &[Game], threads: usize, budgets: (Budget, Budget, Budget)) -> Vec<Row> {
    let (per, total, check) = budgets;
    let next = std::sync::atomic::AtomicUsize::new(0);
    let rows = std::sync::Mutex::new(Vec::new());
    std::thread::scope(|s| {
        for _ in 0..threads {
            s.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(g) = games.get(i) else { break };
                    let row = survey_one(g, per, total, check);
                    if let Ok(mut rows) = rows.lock() {
                        rows.push((i, row));
                    }
                }
            });
        }
    });
    let mut rows = rows.into_inner().unwrap_or_default();
    rows.sort_by_key(|(i, _)| *i);
    rows.into_iter().map(|(_, r)| r).collect()
}

/// One game's line of `--each`.
fn row_line(r: &Row) -> String {
    let what = match &r.answer {
        Answer::Unwinnable => "unwinnable".to_string(),
        Answer::StillWinnable { .. } => "still-winnable".to_string(),
        Answer::LostAt(l) => format!("lost-at {}", l.index + 1),
        Answer::NotSure(d) => format!(
            "not-sure {:?} {:?}..{:?}",
            d.why, d.winnable_to, d.lost_from
        ),
    };
    format!(
        "{} {} moves {what} {:.1} ms cpu {:.0} ms line-wins {:?} lost-again {:?} plain {:?}\n",
        r.code,
        r.moves,
        r.ms,
        r.cpu_ms.unwrap_or(f64::NAN),
        r.line_wins,
        r.lost_again,
        r.lost_plain
    )
}

/// `analyse --survey GAME DRAW SCORING --games N [--budget-ms N] [--check-ms N] [--threads N]
/// [--each] [--scripts DIR]`: the player's first N lost games analysed, each timed and its
/// claims checked (`--scripts`: each game written there as a script too).
fn survey(args: &[String]) -> ExitCode {
    let o = match survey_options(args) {
        Ok(o) => o,
        Err(e) => return fail(&e),
    };
    let per = Budget::from_ms(o.ms);
    let budgets = (per, total_for(per), Budget::from_ms(o.check_ms));
    let games = lost_games(o.game, o.draw, o.scoring, o.games);
    if let Some(dir) = &o.scripts {
        for g in &games {
            let path = std::path::Path::new(dir).join(format!("{}.txt", g.code()));
            let line = analysis::effective_line(g.log());
            if let Err(e) = std::fs::write(&path, script_of(g.code(), &line)) {
                return fail(&format!("cannot write {}: {e}", path.display()));
            }
        }
    }
    let rows = survey_rows(&games, o.threads, budgets);
    let mut text = String::new();
    if o.each {
        rows.iter().for_each(|r| text += &row_line(r));
    }
    text += &survey_report(
        &rows, o.game, o.draw, o.scoring, o.ms, o.check_ms, o.threads,
    );
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => fail(&format!("cannot write the output: {e}")),
    }
}

fn survey_report(
    rows: &[Row],
    game: GameKind,
    draw: Draw,
    scoring: Scoring,
    ms: u64,
    check_ms: u64,
    threads: usize,
) -> String {
    let count = |f: &dyn Fn(&Row) -> bool| rows.iter().filter(|r| f(r)).count();
    let n = rows.len().max(1);
    let pct = |x: usize| 100.0 * x as f64 / n as f64;
    let verdict = |r: &Row| !matches!(r.answer, Answer::NotSure(_));
    let unwinnable = count(&|r| matches!(r.answer, Answer::Unwinnable));
    let still = count(&|r| matches!(r.answer, Answer::StillWinnable { .. }));
    let lost_at = count(&|r| matches!(r.answer, Answer::LostAt(_)));
    let not_sure = count(&|r| matches!(r.answer, Answer::NotSure(_)));
    let within = count(&|r| verdict(r) && r.ms <= 10_000.0);
    let within_cpu = count(&|r| verdict(r) && r.cpu_ms.unwrap_or(r.ms) <= 10_000.0);
    let mut times: Vec<f64> = rows.iter().map(|r| r.cpu_ms.unwrap_or(r.ms)).collect();
    times.sort_by(f64::total_cmp);
    let at = |q: f64| {
        times
            .get(((times.len() as f64 * q) as usize).min(times.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    let wins_ok = count(&|r| r.line_wins == Some(true));
    let wins_claimed = count(&|r| r.line_wins.is_some());
    let lost_ok = count(&|r| r.lost_again == Some(true));
    let lost_claimed = count(&|r| r.lost_again.is_some());
    let plain_lost = count(&|r| r.lost_plain == Some(Verdict::Unwinnable));
    let plain_won = count(&|r| matches!(r.lost_plain, Some(Verdict::Winnable(_))));
    format!(
        "{} draw {} {}: {} lost games of the grades' player, {ms} ms a position ({threads} threads)\n\
         verdicts: {lost_at} lost at a move, {still} still winnable, {unwinnable} unwinnable from the start, {not_sure} not sure\n\
         a verdict within 10 s of processor time: {within_cpu} of {} ({:.1} %) (on the clock: {within}); processor time median {:.0} ms, p90 {:.0} ms, max {:.0} ms\n\
         wins claimed that replay to a win through the engine: {wins_ok} of {wins_claimed}\n\
         losses claimed proved again within {check_ms} ms: {lost_ok} of {lost_claimed}; without the pruning: {plain_lost} lost, {plain_won} WON (must be 0), the rest undecided\n",
        game.spec().name,
        draw.count(),
        scoring.name(),
        rows.len(),
        rows.len(),
        pct(within_cpu),
        at(0.5),
        at(0.9),
        times.last().copied().unwrap_or(0.0),
    )
}
