//! The save's three records as JSON text: the settings, the record (statistics and Vegas
//! bankroll) and the game in progress (its code and its log, replayed through the engine).
//!
//! Every byte read here may be hostile: the text is parsed by serde_json (made and fuzzed for
//! untrusted input, with a nesting limit), then every field is checked for its type and range
//! before anything reaches the engine. Reading never panics and always ends; a record that
//! cannot be used says why in a few words. Fields this version does not know at the top of a
//! record are kept and written back, so a newer build's additions there survive an older one;
//! inside a statistics row or `daily` they are not (those are read field by field and written
//! anew).

use serde_json::{Map, Value};

use super::Settings;
use crate::engine::notation;
use crate::engine::{Entry, Game, GameCode, MAX_LOG};
use crate::play::stats::{MODES, ModeStats, Stats};

/// The format version of the three records this build writes. Version 1 was the single
/// `save.json` of earlier builds (read, never written). A newer version is kept aside.
pub const VERSION: u64 = 2;

/// The largest record read: a full game log (`MAX_LOG` entries) takes under 4 MB.
pub const MAX_BYTES: u64 = 16 * 1024 * 1024;

/// The longest log entry there is: `move t9:9999 t9` and a little room.
const MAX_ENTRY: usize = 32;

/// A record's fields that this build does not know, kept to be written back.
pub type Extra = Map<String, Value>;

/// A game read from a save: the game, and whether it was won at some point (then it is in the
/// statistics already, also when the win was undone since).
#[derive(Clone, Debug)]
pub struct SavedGame {
    pub game: Game,
    pub counted: bool,
    /// A practice game (tried again from a lost game's position): never counted.
    pub practice: bool,
}

/// What is wrong with a record: typed here, worded by the strings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Damage {
    Empty,
    NotText,
    /// Not JSON, or cut short: where the reading stopped.
    Syntax {
        line: usize,
        column: usize,
    },
    NotASave,
    NoVersion,
    Newer {
        found: u64,
        reads: u64,
    },
    Field {
        name: String,
        problem: FieldProblem,
    },
    Rows {
        found: usize,
        expected: usize,
    },
    Code(crate::engine::CodeError),
    LogTooLong {
        entries: usize,
    },
    /// Entry `n` (from 1) of the game's log.
    Entry {
        n: usize,
        problem: EntryProblem,
    },
    Stats(crate::play::stats::StatsProblem),
    /// Not a save at all (from the storage).
    Unusable(super::storage::Unusable),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FieldProblem {
    Missing,
    NotTrueOrFalse,
    NotAList,
    NotAText,
    NotANumber,
    OutOfRange,
    NotARecord,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryProblem {
    NotAText,
    /// The text, cut short.
    NotAMove(String),
    Refused(crate::engine::Refusal),
}

fn field(name: &str, problem: FieldProblem) -> Damage {
    Damage::Field {
        name: name.chars().take(24).collect(),
        problem,
    }
}

/// The fields of a record, checked one by one: each is taken out of the map, so what is left
/// are the fields this build does not know.
struct Fields(Map<String, Value>);

impl Fields {
    fn take(&mut self, key: &str) -> Option<Value> {
        self.0.remove(key)
    }

    fn bool_or(&mut self, key: &str, default: bool) -> Result<bool, Damage> {
        match self.take(key) {
            None => Ok(default),
            Some(Value::Bool(b)) => Ok(b),
            Some(_) => Err(field(key, FieldProblem::NotTrueOrFalse)),
        }
    }

    fn array(&mut self, key: &str) -> Result<Vec<Value>, Damage> {
        match self.take(key) {
            Some(Value::Array(a)) => Ok(a),
            Some(_) => Err(field(key, FieldProblem::NotAList)),
            None => Err(field(key, FieldProblem::Missing)),
        }
    }

    fn string(&mut self, key: &str) -> Result<String, Damage> {
        match self.take(key) {
            Some(Value::String(s)) => Ok(s),
            Some(_) => Err(field(key, FieldProblem::NotAText)),
            None => Err(field(key, FieldProblem::Missing)),
        }
    }
}

fn int(v: &Value, key: &str) -> Result<i64, Damage> {
    v.as_i64()
        .ok_or_else(|| field(key, FieldProblem::NotANumber))
}

fn count(v: Option<Value>, key: &str) -> Result<u32, Damage> {
    let v = v.ok_or_else(|| field(key, FieldProblem::Missing))?;
    u32::try_from(int(&v, key)?).map_err(|_| field(key, FieldProblem::OutOfRange))
}

/// `null` or missing is none; otherwise a number of the type's range.
fn optional<T: TryFrom<i64>>(v: Option<Value>, key: &str) -> Result<Option<T>, Damage> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(v) => T::try_from(int(&v, key)?)
            .map(Some)
            .map_err(|_| field(key, FieldProblem::OutOfRange)),
    }
}

/// The JSON object of a record, its version checked; the version field is taken out.
fn object(bytes: &[u8], newest: u64) -> Result<Fields, Damage> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(Damage::Empty);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| Damage::NotText)?;
    let value: Value = serde_json::from_str(text).map_err(|e| Damage::Syntax {
        line: e.line(),
        column: e.column(),
    })?;
    let Value::Object(map) = value else {
        return Err(Damage::NotASave);
    };
    let mut fields = Fields(map);
    let version = match fields.take("version") {
        Some(v) => v.as_u64().ok_or(Damage::NoVersion)?,
        None => return Err(Damage::NoVersion),
    };
    if version > newest {
        return Err(Damage::Newer {
            found: version,
            reads: newest,
        });
    }
    if version == 0 {
        return Err(Damage::NoVersion);
    }
    Ok(fields)
}

fn write(mut map: Map<String, Value>, extra: &Extra) -> String {
    for (k, v) in extra {
        map.entry(k.clone()).or_insert_with(|| v.clone());
    }
    map.insert("version".into(), VERSION.into());
    Value::Object(map).to_string()
}

pub fn encode_settings(s: &Settings, extra: &Extra) -> String {
    let mut m = Map::new();
    m.insert("double_click".into(), s.double_click.into());
    m.insert("carry_vegas".into(), s.carry_vegas.into());
    m.insert("winnable_only".into(), s.winnable_only.into());
    m.insert("four_colour".into(), s.four_colour.into());
    m.insert("sound".into(), s.sound.into());
    if let Some(l) = &s.language {
        m.insert("language".into(), l.clone().into());
    }
    write(m, extra)
}

/// Settings: a missing field takes its default (settings are added over time).
pub fn decode_settings(bytes: &[u8]) -> Result<(Settings, Extra), Damage> {
    let mut f = object(bytes, VERSION)?;
    let settings = settings_fields(&mut f)?;
    Ok((settings, f.0))
}

fn settings_fields(f: &mut Fields) -> Result<Settings, Damage> {
    let d = Settings::default();
    Ok(Settings {
        double_click: f.bool_or("double_click", d.double_click)?,
        carry_vegas: f.bool_or("carry_vegas", d.carry_vegas)?,
        winnable_only: f.bool_or("winnable_only", d.winnable_only)?,
        four_colour: f.bool_or("four_colour", d.four_colour)?,
        sound: f.bool_or("sound", d.sound)?,
        // A short tag; anything else is no choice (the system's language is used).
        language: match f.take("language") {
            Some(Value::String(t)) if t.len() <= 16 => Some(t),
            _ => None,
        },
    })
}

pub fn encode_record(stats: &Stats, extra: &Extra) -> String {
    let rows: Vec<Value> = stats
        .modes
        .iter()
        .map(|m| {
            let mut r = Map::new();
            r.insert("played".into(), m.played.into());
            r.insert("won".into(), m.won.into());
            r.insert("best_score".into(), m.best_score.into());
            r.insert("fewest_moves".into(), m.fewest_moves.into());
            r.insert("streak".into(), m.streak.into());
            r.insert("best_streak".into(), m.best_streak.into());
            Value::Object(r)
        })
        .collect();
    let mut m = Map::new();
    m.insert("stats".into(), rows.into());
    m.insert(
        "bankroll".into(),
        stats.bankroll.iter().map(|&b| Value::from(b)).collect(),
    );
    let mut daily = Map::new();
    daily.insert(
        "days".into(),
        stats
            .daily
            .days
            .iter()
            .map(|&(d, f)| Value::from(vec![Value::from(d), Value::from(f)]))
            .collect(),
    );
    if let Some((code, day)) = stats.daily.current {
        let mut c = Map::new();
        c.insert("code".into(), code.to_string().into());
        c.insert("day".into(), day.into());
        daily.insert("current".into(), Value::Object(c));
    }
    m.insert("daily".into(), Value::Object(daily));
    write(m, extra)
}

/// The statistics and the bankroll, checked to be possible.
pub fn decode_record(bytes: &[u8]) -> Result<(Stats, Extra), Damage> {
    let mut f = object(bytes, VERSION)?;
    let stats = record_fields(&mut f)?;
    Ok((stats, f.0))
}

fn record_fields(f: &mut Fields) -> Result<Stats, Damage> {
    let rows = f.array("stats")?;
    if rows.len() != MODES {
        return Err(Damage::Rows {
            found: rows.len(),
            expected: MODES,
        });
    }
    let mut modes = Vec::with_capacity(MODES);
    for row in rows {
        let Value::Object(mut r) = row else {
            return Err(field("stats", FieldProblem::NotARecord));
        };
        modes.push(ModeStats {
            played: count(r.remove("played"), "played")?,
            won: count(r.remove("won"), "won")?,
            best_score: optional(r.remove("best_score"), "best_score")?,
            fewest_moves: optional(r.remove("fewest_moves"), "fewest_moves")?,
            streak: count(r.remove("streak"), "streak")?,
            best_streak: count(r.remove("best_streak"), "best_streak")?,
        });
    }
    let bank = f.array("bankroll")?;
    let mut bankroll = Stats::default().bankroll;
    if bank.len() != bankroll.len() {
        return Err(field("bankroll", FieldProblem::NotAList));
    }
    for (b, v) in bankroll.iter_mut().zip(&bank) {
        *b = i32::try_from(int(v, "bankroll")?)
            .map_err(|_| field("bankroll", FieldProblem::OutOfRange))?;
    }
    let daily = match f.take("daily") {
        // Records from before the daily deals have none.
        None => Default::default(),
        Some(v) => daily_fields(v)?,
    };
    let stats = Stats {
        modes,
        bankroll,
        daily,
    };
    stats.validate().map_err(Damage::Stats)?;
    Ok(stats)
}

/// The daily-deal record: `{"days": [[day, flags], …], "current": {"code", "day"}}`.
fn daily_fields(v: Value) -> Result<crate::play::stats::Daily, Damage> {
    let bad = |p| field("daily", p);
    let Value::Object(mut m) = v else {
        return Err(bad(FieldProblem::NotARecord));
    };
    let mut daily = crate::play::stats::Daily::default();
    match m.remove("days") {
        Some(Value::Array(days)) => {
            if days.len() > crate::play::stats::DAILY_DAYS {
                return Err(bad(FieldProblem::OutOfRange));
            }
            for pair in days {
                let Value::Array(p) = pair else {
                    return Err(bad(FieldProblem::NotAList));
                };
                let [d, f] = p.as_slice() else {
                    return Err(bad(FieldProblem::NotAList));
                };
                let day = int(d, "daily")?;
                let flags =
                    u8::try_from(int(f, "daily")?).map_err(|_| bad(FieldProblem::OutOfRange))?;
                // In order, each day once (`Stats::validate` checks it).
                daily.days.push((day, flags));
            }
        }
        None => {}
        Some(_) => return Err(bad(FieldProblem::NotAList)),
    }
    match m.remove("current") {
        None | Some(Value::Null) => {}
        Some(Value::Object(mut c)) => {
            let code = match c.remove("code") {
                Some(Value::String(t)) => {
                    GameCode::parse(&t).map_err(|_| bad(FieldProblem::OutOfRange))?
                }
                _ => return Err(bad(FieldProblem::NotARecord)),
            };
            let day = int(&c.remove("day").unwrap_or(Value::Null), "daily")?;
            daily.current = Some((code, day));
        }
        Some(_) => return Err(bad(FieldProblem::NotARecord)),
    }
    Ok(daily)
}

/// The game in progress: its code and the log of actions and undos, as script commands.
pub fn encode_game(game: &Game, extra: &Extra) -> String {
    let mut m = Map::new();
    m.insert("code".into(), game.code().to_string().into());
    m.insert(
        "log".into(),
        game.log()
            .iter()
            .map(|&e| Value::from(notation::entry_line(e)))
            .collect(),
    );
    write(m, extra)
}

/// The game, replayed action by action through the engine: a save can never hold an
/// impossible table.
pub fn decode_game(bytes: &[u8]) -> Result<(SavedGame, Extra), Damage> {
    let mut f = object(bytes, VERSION)?;
    // Derived from the log (a game won at some point), and written besides for a game the
    // statistics counted otherwise (see `Persist`): either says it counted.
    let said = f.take("counted") == Some(Value::Bool(true));
    let practice = f.take("practice") == Some(Value::Bool(true));
    let mut game = game_fields(&mut f)?;
    game.counted |= said;
    game.practice = practice;
    Ok((game, f.0))
}

fn game_fields(f: &mut Fields) -> Result<SavedGame, Damage> {
    let code = f.string("code")?;
    let code = GameCode::parse(&code).map_err(Damage::Code)?;
    let log = f.array("log")?;
    if log.len() > MAX_LOG {
        return Err(Damage::LogTooLong { entries: log.len() });
    }
    let mut game = Game::new(code);
    let mut counted = false;
    for (i, line) in log.iter().enumerate() {
        let n = i + 1;
        let Some(line) = line.as_str() else {
            return Err(Damage::Entry {
                n,
                problem: EntryProblem::NotAText,
            });
        };
        let entry = parse_entry(line, &game).map_err(|problem| Damage::Entry { n, problem })?;
        let done = match entry {
            Entry::Act(a) => game.apply(a).map(|_| ()),
            Entry::Undo => game.undo(),
        };
        done.map_err(|r| Damage::Entry {
            n,
            problem: EntryProblem::Refused(r),
        })?;
        counted |= game.is_won();
    }
    Ok(SavedGame {
        game,
        counted,
        practice: false,
    })
}

/// A log line: only `draw`, `move SRC DST` and `undo` belong in a saved game.
fn parse_entry(line: &str, game: &Game) -> Result<Entry, EntryProblem> {
    let not_a_move = || EntryProblem::NotAMove(notation::shown(line));
    if line.len() > MAX_ENTRY {
        return Err(not_a_move());
    }
    notation::parse_entry(line, game).map_err(|_| not_a_move())
}

/// The single `save.json` of version 1 (earlier builds), read part by part: a damaged game
/// does not take the statistics with it, and the other way round.
pub struct Legacy {
    pub settings: Result<Settings, Damage>,
    pub record: Result<Stats, Damage>,
    pub game: Result<SavedGame, Damage>,
}

pub fn decode_legacy(bytes: &[u8]) -> Result<Legacy, Damage> {
    let mut f = object(bytes, 1)?;
    Ok(Legacy {
        settings: settings_fields(&mut f),
        record: record_fields(&mut f),
        game: game_fields(&mut f),
    })
}
