//! Statistics per game × draw × scoring, and the Vegas bankroll carried from game to game.

use crate::engine::{Draw, GameCode, GameKind, Scoring};

/// The record of one mode (game, draw, scoring).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ModeStats {
    pub played: u32,
    pub won: u32,
    pub best_score: Option<i32>,
    pub fewest_moves: Option<u32>,
    pub streak: u32,
    pub best_streak: u32,
}

impl ModeStats {
    /// Won games as a share of games played (0 to 100), if any were played.
    pub fn win_rate(&self) -> Option<f64> {
        (self.played > 0).then(|| 100.0 * f64::from(self.won) / f64::from(self.played))
    }
}

/// The number of modes: every game × draw × scoring.
pub const MODES: usize = GameKind::ALL.len() * Draw::ALL.len() * Scoring::ALL.len();

/// The modes in a fixed order (Klondike before Double, draw 1 before 3, Normal before Vegas),
/// as codes of deal 0.
pub fn mode_code(index: usize) -> GameCode {
    let per_game = Draw::ALL.len() * Scoring::ALL.len();
    let game = GameKind::ALL[(index / per_game) % GameKind::ALL.len()];
    let draw = Draw::ALL[(index / Scoring::ALL.len()) % Draw::ALL.len()];
    let scoring = Scoring::ALL[index % Scoring::ALL.len()];
    GameCode::new(game, draw, scoring, 0)
}

/// The place of a code's mode in that order.
pub fn mode_index(code: GameCode) -> usize {
    let game = GameKind::ALL
        .iter()
        .position(|&g| g == code.game)
        .unwrap_or(0);
    let draw = Draw::ALL.iter().position(|&d| d == code.draw).unwrap_or(0);
    let scoring = Scoring::ALL
        .iter()
        .position(|&s| s == code.scoring)
        .unwrap_or(0);
    (game * Draw::ALL.len() + draw) * Scoring::ALL.len() + scoring
}

/// The place of a game's bankroll.
fn bank_index(game: GameKind) -> usize {
    GameKind::ALL.iter().position(|&g| g == game).unwrap_or(0)
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stats {
    pub modes: Vec<ModeStats>,
    /// Vegas dollars carried from game to game: Klondike, Double.
    pub bankroll: [i32; GameKind::ALL.len()],
    /// The daily deals played and won.
    pub daily: Daily,
}

/// The daily deals (`crate::play::daily`): for each day one was played, which game's daily deals
/// were played and won; and the daily deal under way, if the game in play is one.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Daily {
    /// Day (counted from the first daily deal, `daily::EPOCH`) and its flags: `PLAYED << game`
    /// and `WON << game`, game 0 Klondike, 2 Double; in order of the days, each once.
    pub days: Vec<(i64, u8)>,
    /// The daily deal being played, and its day.
    pub current: Option<(GameCode, i64)>,
}

pub const PLAYED: u8 = 1;
pub const WON: u8 = 2;
/// A day's flags of either game: played, won.
const ANY_PLAYED: u8 = PLAYED | PLAYED << 2;
const ANY_WON: u8 = WON | WON << 2;
/// Days kept at most (more than 27 years of every day); the oldest go first.
pub const DAILY_DAYS: usize = 10_000;
/// The days a record may name: the first daily deal's day to the year 2999.
pub const DAILY_RANGE: std::ops::RangeInclusive<i64> = 0..=356_000;

fn game_shift(game: GameKind) -> u8 {
    if game == GameKind::Double { 2 } else { 0 }
}

impl Daily {
    /// A day's flags (0 for a day not played).
    pub fn flags(&self, day: i64) -> u8 {
        self.days
            .binary_search_by_key(&day, |&(d, _)| d)
            .map_or(0, |i| self.days[i].1)
    }

    /// Adds flags to a day, keeping the days in order and at most `DAILY_DAYS` of them.
    fn mark(&mut self, day: i64, bits: u8) {
        match self.days.binary_search_by_key(&day, |&(d, _)| d) {
            Ok(i) => self.days[i].1 |= bits,
            Err(i) => self.days.insert(i, (day, bits)),
        }
        if self.days.len() > DAILY_DAYS {
            let extra = self.days.len() - DAILY_DAYS;
            self.days.drain(..extra);
        }
    }

    /// A daily deal begins: its day counts as played.
    pub fn begin(&mut self, code: GameCode, day: i64) {
        if !DAILY_RANGE.contains(&day) {
            return;
        }
        self.mark(day, PLAYED << game_shift(code.game));
        self.current = Some((code, day));
    }

    /// A game was won: if it is the daily deal under way, its day is won.
    pub fn won(&mut self, code: GameCode) {
        if let Some((c, day)) = self.current
            && c == code
        {
            self.mark(day, (PLAYED | WON) << game_shift(code.game));
        }
    }

    pub fn played_on(&self, day: i64) -> bool {
        self.flags(day) & ANY_PLAYED != 0
    }

    /// A daily deal of either game was won that day.
    pub fn won_on(&self, day: i64) -> bool {
        self.flags(day) & ANY_WON != 0
    }

    pub fn days_played(&self) -> usize {
        self.days
            .iter()
            .filter(|(_, f)| f & ANY_PLAYED != 0)
            .count()
    }

    pub fn days_won(&self) -> usize {
        self.days.iter().filter(|(_, f)| f & ANY_WON != 0).count()
    }

    /// The days won in a row up to `today` (today not won yet leaves yesterday's run going).
    pub fn streak(&self, today: i64) -> usize {
        let mut day = if self.won_on(today) { today } else { today - 1 };
        let mut n = 0;
        while self.won_on(day) {
            n += 1;
            day -= 1;
        }
        n
    }

    /// The longest run of days won.
    pub fn best_streak(&self) -> usize {
        let (mut best, mut run, mut last) = (0, 0, None);
        for &(d, _) in self.days.iter().filter(|(_, f)| f & ANY_WON != 0) {
            run = if last == Some(d - 1) { run + 1 } else { 1 };
            best = best.max(run);
            last = Some(d);
        }
        best
    }
}

impl Default for Stats {
    fn default() -> Self {
        Stats {
            modes: vec![ModeStats::default(); MODES],
            bankroll: [0; GameKind::ALL.len()],
            daily: Daily::default(),
        }
    }
}

/// Why statistics cannot be true: typed here, worded by the strings table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsProblem {
    Rows(usize),
    Mode { mode: GameCode, issue: StatsIssue },
    Bankroll,
    Daily,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StatsIssue {
    TooManyPlayed,
    MoreWonThanPlayed,
    StreakTooLong,
    BestWithoutWin,
    ImpossibleBest,
    ImpossibleMoves,
}

/// The largest count or score a record may hold; anything beyond is a damaged file.
const LIMIT: u32 = 1_000_000_000;

impl Stats {
    pub fn mode(&self, code: GameCode) -> &ModeStats {
        &self.modes[mode_index(code)]
    }

    pub fn record_win(&mut self, code: GameCode, score: i32, moves: u32) {
        self.daily.won(code);
        let m = &mut self.modes[mode_index(code)];
        m.played = m.played.saturating_add(1);
        m.won = m.won.saturating_add(1);
        m.best_score = Some(m.best_score.map_or(score, |b| b.max(score)));
        m.fewest_moves = Some(m.fewest_moves.map_or(moves, |f| f.min(moves)));
        m.streak = m.streak.saturating_add(1);
        m.best_streak = m.best_streak.max(m.streak);
    }

    /// A game given up (a new game started while it was under way).
    pub fn record_unfinished(&mut self, code: GameCode) {
        let m = &mut self.modes[mode_index(code)];
        m.played = m.played.saturating_add(1);
        m.streak = 0;
    }

    pub fn bankroll(&self, game: GameKind) -> i32 {
        self.bankroll[bank_index(game)]
    }

    pub fn add_to_bankroll(&mut self, game: GameKind, dollars: i32) {
        let b = &mut self.bankroll[bank_index(game)];
        *b = b.saturating_add(dollars);
    }

    /// Checks that the numbers can be true; a damaged or edited file fails here.
    pub fn validate(&self) -> Result<(), StatsProblem> {
        if self.modes.len() != MODES {
            return Err(StatsProblem::Rows(self.modes.len()));
        }
        for (i, m) in self.modes.iter().enumerate() {
            let code = mode_code(i);
            let bad = |issue| Err(StatsProblem::Mode { mode: code, issue });
            if m.played > LIMIT {
                return bad(StatsIssue::TooManyPlayed);
            }
            if m.won > m.played {
                return bad(StatsIssue::MoreWonThanPlayed);
            }
            if m.best_streak > m.won || m.streak > m.best_streak {
                return bad(StatsIssue::StreakTooLong);
            }
            if (m.won > 0) != m.best_score.is_some() || (m.won > 0) != m.fewest_moves.is_some() {
                return bad(StatsIssue::BestWithoutWin);
            }
            if m.best_score
                .is_some_and(|s| !(-1_000_000..=1_000_000).contains(&s))
            {
                return bad(StatsIssue::ImpossibleBest);
            }
            // A win moves every card to a foundation at least once.
            let fewest = code.game.spec().cards() as u32;
            if m.fewest_moves
                .is_some_and(|f| !(fewest..=LIMIT).contains(&f))
            {
                return bad(StatsIssue::ImpossibleMoves);
            }
        }
        if self.bankroll.iter().any(|b| b.unsigned_abs() > LIMIT) {
            return Err(StatsProblem::Bankroll);
        }
        let d = &self.daily;
        let flags_ok = |f: u8| {
            f != 0
                && f < 16
                // A game's deal won is a game's deal played.
                && (f & WON == 0 || f & PLAYED != 0)
                && (f & WON << 2 == 0 || f & PLAYED << 2 != 0)
        };
        if d.days.len() > DAILY_DAYS
            || d.days.windows(2).any(|w| w[0].0 >= w[1].0)
            || d.days
                .iter()
                .any(|&(day, f)| !DAILY_RANGE.contains(&day) || !flags_ok(f))
            || d.current
                .is_some_and(|(_, day)| !DAILY_RANGE.contains(&day))
        {
            return Err(StatsProblem::Daily);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn code(s: &str) -> GameCode {
        GameCode::parse(s).unwrap()
    }

    #[test]
    fn wins_and_unfinished_games_count_per_mode() {
        let mut s = Stats::default();
        let k = code("KL1-D1N-AAAAAAA");
        s.record_win(k, 600, 130);
        s.record_win(k, 640, 120);
        s.record_unfinished(k);
        s.record_win(k, 500, 150);
        let m = s.mode(k);
        assert_eq!((m.played, m.won, m.streak, m.best_streak), (4, 3, 1, 2));
        assert_eq!((m.best_score, m.fewest_moves), (Some(640), Some(120)));
        assert_eq!(m.win_rate(), Some(75.0));
        // Other modes are untouched.
        assert_eq!(s.mode(code("KL1-D3N-AAAAAAA")), &ModeStats::default());
        assert_eq!(s.mode(code("DS1-D1N-AAAAAAA")).win_rate(), None);
        assert!(s.validate().is_ok());
    }

    #[test]
    fn every_mode_has_its_own_row() {
        let mut seen = [false; MODES];
        for g in ["KL1", "DS1"] {
            for m in ["D1N", "D1V", "D3N", "D3V"] {
                let c = code(&format!("{g}-{m}-AAAAAAA"));
                let i = mode_index(c);
                assert!(!seen[i]);
                seen[i] = true;
                assert_eq!(mode_code(i).mode_text(), format!("{g}-{m}"));
            }
        }
    }

    #[test]
    fn impossible_numbers_fail_validation() {
        let mut s = Stats::default();
        s.modes[0].won = 3;
        assert!(s.validate().is_err());
        let mut s = Stats::default();
        s.modes[1] = ModeStats {
            played: 2,
            won: 1,
            best_score: Some(99_999_999),
            fewest_moves: Some(60),
            streak: 1,
            best_streak: 1,
        };
        assert!(s.validate().is_err());
        let mut s = Stats::default();
        s.bankroll[1] = i32::MIN;
        assert!(s.validate().is_err());
    }
}
