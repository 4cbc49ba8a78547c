//! A survey: the solver over a range of deals of one mode, with the share of each verdict
//! (95 % Wilson intervals) and the time per deal. The verdicts depend only on the deals and the
//! budget (counted in positions); the times are this machine's.

use std::time::Instant;

use super::{Budget, Search, Verdict};
use crate::engine::{Draw, Game, GameCode, GameKind, Scoring};

/// What the solver said of a deal (its line aside).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Found {
    Winnable,
    Unwinnable,
    Undecided,
}

impl Found {
    const ALL: [(Found, &'static str); 3] = [
        (Found::Winnable, "winnable"),
        (Found::Unwinnable, "unwinnable"),
        (Found::Undecided, "undecided"),
    ];
}

/// One deal's answer and how long it took.
#[derive(Clone, Copy, Debug)]
pub struct DealResult {
    pub deal: u64,
    pub verdict: Found,
    pub micros: u64,
    /// Positions the search expanded.
    pub positions: usize,
    /// For a winnable deal: its line, replayed through the engine, won the game.
    pub line_wins: bool,
}

/// Solves deals `deals` of a mode on `threads` threads (deal `d` on thread `d mod threads`).
/// A thread that panics (a bug) makes the survey an error, never a report missing its deals.
pub fn run(
    game: GameKind,
    draw: Draw,
    scoring: Scoring,
    deals: std::ops::Range<u64>,
    budget: Budget,
    threads: usize,
) -> Result<Vec<DealResult>, String> {
    let threads = threads.max(1) as u64;
    let mut out: Vec<DealResult> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let deals = deals.clone();
                s.spawn(move || {
                    deals
                        .filter(|d| d % threads == t)
                        .map(|deal| {
                            let code = GameCode::new(game, draw, scoring, deal);
                            let start = Instant::now();
                            let mut search = Search::new(&Game::new(code), budget);
                            let v = loop {
                                if let Some(v) = search.step(usize::MAX) {
                                    break v;
                                }
                            };
                            let micros = start.elapsed().as_micros() as u64;
                            let positions = search.expanded();
                            let (verdict, line_wins) = match v {
                                Verdict::Winnable(line) => {
                                    (Found::Winnable, replays_to_a_win(code, &line))
                                }
                                Verdict::Unwinnable => (Found::Unwinnable, false),
                                Verdict::Undecided => (Found::Undecided, false),
                            };
                            DealResult {
                                deal,
                                verdict,
                                micros,
                                positions,
                                line_wins,
                            }
                        })
                        .collect::<Vec<_>>()
                })
            })
            .collect();
        let mut all = Vec::new();
        for (t, h) in handles.into_iter().enumerate() {
            let found = h
                .join()
                .map_err(|_| format!("the solver stopped on a deal of thread {t} (a bug)"))?;
            all.extend(found);
        }
        Ok::<_, String>(all)
    })?;
    out.sort_by_key(|r| r.deal);
    Ok(out)
}

/// Whether a line, played from the deal through the engine's checks, wins it.
fn replays_to_a_win(code: GameCode, line: &[crate::engine::Action]) -> bool {
    let mut g = Game::new(code);
    line.iter().all(|&a| g.apply(a).is_ok()) && g.is_won()
}

/// The 95 % Wilson score interval of `k` successes in `n`, as shares.
pub fn wilson(k: usize, n: usize) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// The `q`-quantile (0..=1) of sorted values, nearest rank.
fn quantile(sorted: &[u64], q: f64) -> u64 {
    if sorted.is_empty() {
        return 0;
    }
    let i = ((q * sorted.len() as f64).ceil() as usize).clamp(1, sorted.len()) - 1;
    sorted[i]
}

/// The survey's report, as printed by `solitaire survey`.
pub fn report(
    mode: &str,
    deals: &std::ops::Range<u64>,
    budget_ms: u64,
    results: &[DealResult],
) -> String {
    let n = results.len();
    let mut s = format!(
        "{mode}, deals {}..{} ({n}), budget {budget_ms} ms = {} positions per deal\n",
        deals.start,
        deals.end,
        Budget::from_ms(budget_ms).states
    );
    for (v, name) in Found::ALL {
        let k = results.iter().filter(|r| r.verdict == v).count();
        let (lo, hi) = wilson(k, n);
        s += &format!(
            "{name:>11}: {k:>6}  {:5.1} %  (95 %: {:.1}–{:.1} %)\n",
            100.0 * k as f64 / n.max(1) as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    let wins = results
        .iter()
        .filter(|r| r.verdict == Found::Winnable)
        .count();
    let replayed = results.iter().filter(|r| r.line_wins).count();
    s += &format!("winning lines replayed to a won game: {replayed} of {wins}\n");
    let mut times: Vec<u64> = results.iter().map(|r| r.micros).collect();
    times.sort_unstable();
    let decided: Vec<u64> = {
        let mut d: Vec<u64> = results
            .iter()
            .filter(|r| r.verdict != Found::Undecided)
            .map(|r| r.micros)
            .collect();
        d.sort_unstable();
        d
    };
    let within_1s = results
        .iter()
        .filter(|r| r.verdict != Found::Undecided && r.micros <= 1_000_000)
        .count();
    s += &format!(
        "time per deal: median {:.2} ms, p90 {:.2} ms, max {:.2} ms; decided within 1 s: {:.1} %\n",
        quantile(&times, 0.5) as f64 / 1000.0,
        quantile(&times, 0.9) as f64 / 1000.0,
        times.last().copied().unwrap_or(0) as f64 / 1000.0,
        100.0 * within_1s as f64 / n.max(1) as f64
    );
    let positions: usize = results.iter().map(|r| r.positions).sum();
    let micros: u64 = results.iter().map(|r| r.micros).sum();
    let mut counts: Vec<u64> = results.iter().map(|r| r.positions as u64).collect();
    counts.sort_unstable();
    s += &format!(
        "positions per deal: median {}, p90 {}, max {}; {:.0} thousand positions per second\n",
        quantile(&counts, 0.5),
        quantile(&counts, 0.9),
        counts.last().copied().unwrap_or(0),
        positions as f64 / micros.max(1) as f64 * 1000.0
    );
    if !decided.is_empty() {
        s += &format!(
            "decided deals: median {:.2} ms, p90 {:.2} ms\n",
            quantile(&decided, 0.5) as f64 / 1000.0,
            quantile(&decided, 0.9) as f64 / 1000.0
        );
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_a_hand_computed_case() {
        // 82 of 100: 0.7333 to 0.8830 (Wilson, z = 1.96).
        let (lo, hi) = wilson(82, 100);
        assert!((lo - 0.7333).abs() < 0.001, "{lo}");
        assert!((hi - 0.8830).abs() < 0.001, "{hi}");
        assert_eq!(wilson(0, 0), (0.0, 1.0));
        assert_eq!(quantile(&[1, 2, 3, 4], 0.5), 2);
        assert_eq!(quantile(&[1, 2, 3, 4], 0.9), 4);
    }

    #[test]
    fn a_survey_is_the_same_on_any_number_of_threads() {
        let b = Budget { states: 3000 };
        let one = run(
            GameKind::Klondike,
            Draw::Three,
            Scoring::Normal,
            0..12,
            b,
            1,
        )
        .unwrap();
        let three = run(
            GameKind::Klondike,
            Draw::Three,
            Scoring::Normal,
            0..12,
            b,
            3,
        )
        .unwrap();
        let v = |r: &[DealResult]| r.iter().map(|x| (x.deal, x.verdict)).collect::<Vec<_>>();
        assert_eq!(v(&one), v(&three));
        assert_eq!(one.len(), 12);
    }
}
