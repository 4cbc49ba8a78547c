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

/// Deals a survey solves before it hands their results on in order: what it holds at once,
/// however long the range.
const CHUNK: u64 = 1024;

/// Solves deals `deals` of a mode on `threads` threads, and shows each deal's result to `each`
/// in the order of the deals. The results are tallied as they come (`Tally`), never all kept:
/// a survey over any range holds at most `CHUNK` of them at once. A thread that panics (a
/// bug) makes the survey an error, never a report missing its deals.
pub fn run(
    game: GameKind,
    draw: Draw,
    scoring: Scoring,
    deals: std::ops::Range<u64>,
    budget: Budget,
    threads: usize,
    mut each: impl FnMut(&DealResult),
) -> Result<Tally, String> {
    let mut tally = Tally::default();
    let mut start = deals.start;
    while start < deals.end {
        let chunk = start..deals.end.min(start.saturating_add(CHUNK));
        start = chunk.end;
        let mut results = solve_chunk(game, draw, scoring, chunk, budget, threads)?;
        results.sort_by_key(|r| r.deal);
        for r in &results {
            tally.add(r);
            each(r);
        }
    }
    Ok(tally)
}

/// Solves deals `deals` on `threads` threads, each taking the next deal not yet taken.
fn solve_chunk(
    game: GameKind,
    draw: Draw,
    scoring: Scoring,
    deals: std::ops::Range<u64>,
    budget: Budget,
    threads: usize,
) -> Result<Vec<DealResult>, String> {
    use std::sync::atomic::{AtomicU64, Ordering};
    let next = AtomicU64::new(deals.start);
    std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads.max(1))
            .map(|_| {
                let next = &next;
                s.spawn(move || {
                    let mut out = Vec::new();
                    loop {
                        let deal = next.fetch_add(1, Ordering::Relaxed);
                        if deal >= deals.end {
                            break out;
                        }
                        out.push(solve_deal(GameCode::new(game, draw, scoring, deal), budget));
                    }
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
        Ok(all)
    })
}

/// One deal solved, timed, and its line replayed.
fn solve_deal(code: GameCode, budget: Budget) -> DealResult {
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
        Verdict::Winnable(line) => (Found::Winnable, replays_to_a_win(code, &line)),
        Verdict::Unwinnable => (Found::Unwinnable, false),
        Verdict::Undecided => (Found::Undecided, false),
    };
    DealResult {
        deal: code.deal,
        verdict,
        micros,
        positions,
        line_wins,
    }
}

/// What a survey keeps of its deals: counts, and the spread of times and positions as
/// histograms of a fixed size.
#[derive(Default)]
pub struct Tally {
    deals: usize,
    found: [usize; 3],
    replayed: usize,
    within_1s: usize,
    positions: u64,
    micros: u64,
    times: Histogram,
    decided: Histogram,
    counts: Histogram,
}

impl Tally {
    /// One more deal's result.
    pub fn add(&mut self, r: &DealResult) {
        self.deals += 1;
        let i = Found::ALL.iter().position(|&(v, _)| v == r.verdict);
        self.found[i.expect("every verdict is listed")] += 1;
        self.replayed += usize::from(r.line_wins);
        self.positions += r.positions as u64;
        self.micros += r.micros;
        self.times.add(r.micros);
        self.counts.add(r.positions as u64);
        if r.verdict != Found::Undecided {
            self.decided.add(r.micros);
            self.within_1s += usize::from(r.micros <= 1_000_000);
        }
    }

    /// How many deals got verdict `v`.
    pub fn count(&self, v: Found) -> usize {
        let i = Found::ALL.iter().position(|&(f, _)| f == v);
        self.found[i.expect("every verdict is listed")]
    }

    /// The bytes it holds: the same however many deals it has tallied.
    pub fn bytes(&self) -> usize {
        std::mem::size_of::<Tally>()
            + [&self.times, &self.decided, &self.counts]
                .iter()
                .map(|h| h.bins.capacity() * std::mem::size_of::<u64>())
                .sum::<usize>()
    }
}

/// Values exact up to `EXACT`, then in bins an 128th of a power of two wide: quantiles within
/// 1 % in a fixed size (about 62 KB), whatever the number of values.
#[derive(Default)]
struct Histogram {
    bins: Vec<u64>,
    n: u64,
    max: u64,
}

/// Values below this have a bin each.
const EXACT: u64 = 1024;
/// Bins per power of two above `EXACT`.
const STEPS: u64 = 128;

impl Histogram {
    const BINS: usize = (EXACT + (64 - EXACT.trailing_zeros() as u64) * STEPS) as usize;

    fn bin(v: u64) -> usize {
        if v < EXACT {
            return v as usize;
        }
        let e = 63 - u64::from(v.leading_zeros());
        let m = (v >> (e - STEPS.trailing_zeros() as u64)) & (STEPS - 1);
        (EXACT + (e - u64::from(EXACT.trailing_zeros())) * STEPS + m) as usize
    }

    /// The least value of bin `b`.
    fn low(b: usize) -> u64 {
        let b = b as u64;
        if b < EXACT {
            return b;
        }
        let (e, m) = (
            (b - EXACT) / STEPS + u64::from(EXACT.trailing_zeros()),
            (b - EXACT) % STEPS,
        );
        (1 << e) | m << (e - STEPS.trailing_zeros() as u64)
    }

    fn add(&mut self, v: u64) {
        if self.bins.is_empty() {
            self.bins = vec![0; Self::BINS];
        }
        self.bins[Self::bin(v)] += 1;
        self.n += 1;
        self.max = self.max.max(v);
    }

    /// The `q`-quantile (0..=1), nearest rank: exact under `EXACT`, else its bin's least
    /// value; the largest value exactly.
    fn quantile(&self, q: f64) -> u64 {
        if self.n == 0 {
            return 0;
        }
        let rank = ((q * self.n as f64).ceil() as u64).clamp(1, self.n);
        if rank == self.n {
            return self.max;
        }
        let mut seen = 0;
        for (b, &k) in self.bins.iter().enumerate() {
            seen += k;
            if seen >= rank {
                return Self::low(b);
            }
        }
        self.max
    }
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

/// The survey's report, as printed by `solitaire survey`.
pub fn report(mode: &str, deals: &std::ops::Range<u64>, budget_ms: u64, t: &Tally) -> String {
    let n = t.deals;
    let mut s = format!(
        "{mode}, deals {}..{} ({n}), budget {budget_ms} ms = {} positions per deal\n",
        deals.start,
        deals.end,
        Budget::from_ms(budget_ms).states
    );
    for (v, name) in Found::ALL {
        let k = t.count(v);
        let (lo, hi) = wilson(k, n);
        s += &format!(
            "{name:>11}: {k:>6}  {:5.1} %  (95 %: {:.1}–{:.1} %)\n",
            100.0 * k as f64 / n.max(1) as f64,
            100.0 * lo,
            100.0 * hi
        );
    }
    let wins = t.count(Found::Winnable);
    s += &format!(
        "winning lines replayed to a won game: {} of {wins}\n",
        t.replayed
    );
    let ms = |micros: u64| micros as f64 / 1000.0;
    s += &format!(
        "time per deal: median {:.2} ms, p90 {:.2} ms, max {:.2} ms; decided within 1 s: {:.1} %\n",
        ms(t.times.quantile(0.5)),
        ms(t.times.quantile(0.9)),
        ms(t.times.max),
        100.0 * t.within_1s as f64 / n.max(1) as f64
    );
    s += &format!(
        "positions per deal: median {}, p90 {}, max {}; {:.0} thousand positions per second\n",
        t.counts.quantile(0.5),
        t.counts.quantile(0.9),
        t.counts.max,
        t.positions as f64 / t.micros.max(1) as f64 * 1000.0
    );
    if t.decided.n > 0 {
        s += &format!(
            "decided deals: median {:.2} ms, p90 {:.2} ms\n",
            ms(t.decided.quantile(0.5)),
            ms(t.decided.quantile(0.9))
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
    }

    #[test]
    fn quantiles_are_exact_for_small_values_and_within_a_percent_above() {
        let mut h = Histogram::default();
        for v in [1, 2, 3, 4] {
            h.add(v);
        }
        assert_eq!((h.quantile(0.5), h.quantile(0.9), h.max), (2, 4, 4));
        // Spread values up to twenty million: each quantile the nearest rank's value, or just
        // under it by less than 1 %; the largest exact.
        let mut values: Vec<u64> = (0..50_000u64)
            .map(|i| crate::engine::deal::splitmix(i) % (1 << (i % 25)))
            .collect();
        let mut h = Histogram::default();
        values.iter().for_each(|&v| h.add(v));
        values.sort_unstable();
        for q in [0.1, 0.5, 0.9, 0.99, 1.0] {
            let i = ((q * values.len() as f64).ceil() as usize).clamp(1, values.len()) - 1;
            let (want, got) = (values[i], h.quantile(q));
            assert!(
                got <= want && want - got <= want / 128,
                "q {q}: {got} for {want}"
            );
            if want < EXACT {
                assert_eq!(got, want);
            }
        }
        assert_eq!(h.quantile(1.0), *values.last().unwrap());
    }

    #[test]
    fn a_tally_holds_the_same_bytes_however_many_deals() {
        // A survey over a huge range keeps counts, not every result.
        let mut t = Tally::default();
        let r = |deal: u64| DealResult {
            deal,
            verdict: Found::ALL[(deal % 3) as usize].0,
            micros: deal * 37 % 5_000_000,
            positions: (deal * 7919 % 20_000_000) as usize,
            line_wins: deal.is_multiple_of(3),
        };
        t.add(&r(0));
        let first = t.bytes();
        for deal in 1..300_000 {
            t.add(&r(deal));
        }
        assert_eq!(t.bytes(), first);
        assert_eq!(t.count(Found::Winnable), 100_000);
        assert_eq!(t.replayed, 100_000);
    }

    #[test]
    fn a_survey_is_the_same_on_any_number_of_threads() {
        // Across a chunk's end: every deal once, in order, whatever the threads.
        let b = Budget { states: 3000 };
        let deals = CHUNK - 6..CHUNK + 6;
        let on = |threads: usize| {
            let mut seen = Vec::new();
            let (g, d, s) = (GameKind::Klondike, Draw::Three, Scoring::Normal);
            let t = run(g, d, s, deals.clone(), b, threads, |r| {
                seen.push((r.deal, r.verdict))
            })
            .unwrap();
            (seen, t.deals, t.count(Found::Winnable))
        };
        let one = on(1);
        assert_eq!(on(3), one);
        let order: Vec<u64> = one.0.iter().map(|x| x.0).collect();
        assert_eq!(order, deals.collect::<Vec<_>>());
        assert_eq!(one.1, 12);
    }
}
