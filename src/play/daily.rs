//! The daily deal: one deal a calendar day for each game, the same for every player everywhere.
//! Its number comes from the date by a fixed function (docs/FAQ.md, "The daily deal"): the
//! days since the first daily deal (`EPOCH`), mixed like a deal seed with a constant per game,
//! taken modulo the number of deals; then that number and the next ones in order, until the
//! solver proves one winnable within a budget counted in positions — the same on every
//! machine, so every build finds the same code. Draw 1, Normal scoring.

use crate::engine::deal::splitmix;
use crate::engine::{DEALS, Draw, Game, GameCode, GameKind, Scoring};
use crate::solver::{Budget, Search, Verdict, WINNABLE_STATES};

/// A calendar date (Gregorian), from 1970 to 9999.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    pub year: i32,
    pub month: u32,
    pub day: u32,
}

/// Why a date could not be read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DateError {
    /// Not `YYYY-MM-DD`.
    Form,
    /// A month or day that does not exist (a 30th in the second month), or a year out of
    /// 1970..=9999.
    NoSuchDay,
}

/// The first day of the daily deals: day 0.
pub const EPOCH: Date = Date {
    year: 2026,
    month: 1,
    day: 1,
};

/// Each game's constant, mixed into the day's number: the games' daily deals are unrelated.
const SALT: [u64; 2] = [0x4b4c_3144_4149_4c59, 0x4453_3144_4149_4c59];

/// Numbers tried at most after the first; past them the first is the deal (it never happened
/// in the ten years of days the tests check).
pub const MAX_TRIES: u64 = 200;

pub fn days_in_month(year: i32, month: u32) -> u32 {
    match month {
        4 | 6 | 9 | 11 => 30,
        2 if (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 => 29,
        2 => 28,
        _ => 31,
    }
}

impl Date {
    pub fn new(year: i32, month: u32, day: u32) -> Result<Date, DateError> {
        let ok = (1970..=9999).contains(&year)
            && (1..=12).contains(&month)
            && (1..=days_in_month(year, month)).contains(&day);
        if ok {
            Ok(Date { year, month, day })
        } else {
            Err(DateError::NoSuchDay)
        }
    }

    /// `YYYY-MM-DD`, exactly.
    pub fn parse(text: &str) -> Result<Date, DateError> {
        let b = text.as_bytes();
        let digits = |r: std::ops::Range<usize>| b[r].iter().all(u8::is_ascii_digit);
        if b.len() != 10 || b[4] != b'-' || b[7] != b'-' || !digits(0..4) || !digits(5..7) {
            return Err(DateError::Form);
        }
        if !digits(8..10) {
            return Err(DateError::Form);
        }
        let n = |r: std::ops::Range<usize>| text[r].parse::<u32>().map_err(|_| DateError::Form);
        Date::new(n(0..4)? as i32, n(5..7)?, n(8..10)?)
    }

    /// Days since 1970-01-01.
    pub fn days(&self) -> i64 {
        // Howard Hinnant's days-from-civil.
        let (m, d) = (i64::from(self.month), i64::from(self.day));
        let y = i64::from(self.year) - i64::from(m <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let doy = (153 * (m + if m > 2 { -3 } else { 9 }) + 2) / 5 + d - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// The date `days` after 1970-01-01 (clamped to the years a date can have).
    pub fn from_days(days: i64) -> Date {
        let z = days.clamp(0, 2_932_896) + 719_468;
        let era = z.div_euclid(146_097);
        let doe = z - era * 146_097;
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
        let mp = (5 * doy + 2) / 153;
        let day = (doy - (153 * mp + 2) / 5 + 1) as u32;
        let month = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
        let year = (yoe + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days since the daily deals began (negative before it).
    pub fn daily_day(&self) -> i64 {
        self.days() - EPOCH.days()
    }

    /// The weekday, 0 for Monday.
    pub fn weekday(&self) -> u32 {
        // 1970-01-01 was a Thursday.
        ((self.days() + 3).rem_euclid(7)) as u32
    }
}

impl std::fmt::Display for Date {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The first deal number tried for a game's daily deal on `date`.
pub fn first_number(game: GameKind, date: Date) -> u64 {
    let salt = SALT[usize::from(game == GameKind::Double)];
    splitmix(splitmix(date.daily_day() as u64) ^ salt) % DEALS
}

/// The code of deal `n` of a game's daily mode.
pub fn code(game: GameKind, n: u64) -> GameCode {
    GameCode::new(game, Draw::One, Scoring::Normal, n % DEALS)
}

/// The search for a day's deal, a slice at a time (the web build has no threads).
pub struct DailySearch {
    pub game: GameKind,
    pub date: Date,
    /// How many numbers after the first were given up.
    pub tried: u64,
    search: Box<Search>,
}

impl DailySearch {
    pub fn new(game: GameKind, date: Date) -> DailySearch {
        let first = code(game, first_number(game, date));
        DailySearch {
            game,
            date,
            tried: 0,
            search: Box::new(Search::new(&Game::new(first), budget())),
        }
    }

    /// The code being tried now.
    pub fn trying(&self) -> GameCode {
        code(self.game, first_number(self.game, self.date) + self.tried)
    }

    /// Searches at most about `states` positions; the day's code once it is known, with the
    /// winning line found (empty for the fall-back past `MAX_TRIES`).
    pub fn step(&mut self, states: usize) -> Option<(GameCode, Vec<crate::engine::Action>)> {
        match self.search.step(states)? {
            Verdict::Winnable(line) => Some((self.trying(), line)),
            _ if self.tried >= MAX_TRIES => Some((
                code(self.game, first_number(self.game, self.date)),
                Vec::new(),
            )),
            _ => {
                self.tried += 1;
                *self.search = Search::new(&Game::new(self.trying()), budget());
                None
            }
        }
    }
}

fn budget() -> Budget {
    Budget {
        states: WINNABLE_STATES,
    }
}

/// A game's daily deal on `date`, and the solver's winning line for it (all at once).
pub fn daily(game: GameKind, date: Date) -> (GameCode, Vec<crate::engine::Action>) {
    let mut s = DailySearch::new(game, date);
    loop {
        if let Some(found) = s.step(usize::MAX) {
            return found;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_count_days_both_ways() {
        assert_eq!(Date::new(1970, 1, 1).unwrap().days(), 0);
        assert_eq!(EPOCH.days(), 20_454);
        assert_eq!(EPOCH.daily_day(), 0);
        for days in [0, 1, 59, 60, 365, 10_957, 20_454, 20_788, 2_932_896] {
            let d = Date::from_days(days);
            assert_eq!(d.days(), days, "{d}");
            assert!(Date::new(d.year, d.month, d.day).is_ok());
        }
        let d = Date::parse("2024-02-29").unwrap();
        assert_eq!(
            Date::from_days(d.days() + 1),
            Date::new(2024, 3, 1).unwrap()
        );
        // Weekdays count from Monday, 0.
        assert_eq!(Date::parse("2026-12-01").unwrap().weekday(), 1);
    }

    #[test]
    fn only_real_dates_are_read() {
        for bad in [
            "",
            "2026-1-01",
            "2026/01/01",
            "2026-01-011",
            "20260101",
            "２０２６-01-01",
            "2026-00-10",
            "2026-13-01",
            "2026-02-29",
            "2025-04-31",
            "1969-12-31",
            "abcd-ef-gh",
            "+026-01-01",
            "2026-01-0x",
        ] {
            assert!(Date::parse(bad).is_err(), "{bad:?}");
        }
        assert_eq!(Date::parse("2028-02-29").unwrap().to_string(), "2028-02-29");
    }

    #[test]
    fn the_games_have_different_daily_numbers() {
        let d = Date::parse("2026-12-24").unwrap();
        assert_ne!(
            first_number(GameKind::Klondike, d),
            first_number(GameKind::Double, d)
        );
        let next = Date::from_days(d.days() + 1);
        assert_ne!(
            first_number(GameKind::Klondike, d),
            first_number(GameKind::Klondike, next)
        );
    }
}
