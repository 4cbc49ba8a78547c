//! Saving: the settings, the record (statistics and Vegas bankroll) and the game in progress
//! (its code and its log of actions and undos, replayed through the engine on load, so a save
//! can never hold an impossible table) — three records, each read, checked and kept on its
//! own, so that damage to one never takes the others with it.
//!
//! Nothing a storage holds can stop the game: a record that cannot be used is kept aside
//! (never written over) and replaced, with a notice; a record whose restoring killed the game
//! (a bug to come, say) is found by a marker at the next start and kept aside too; a second
//! window on the same saves plays on without writing.

pub mod format;
pub mod link;
pub mod storage;
#[cfg(target_arch = "wasm32")]
pub mod web;

pub use format::{Damage, EntryProblem, Extra, FieldProblem, SavedGame, VERSION};
#[cfg(not(target_arch = "wasm32"))]
pub use storage::FileStorage;
pub use storage::{
    IoStep, Kept, Key, MemoryStorage, NoStorage, Storage, StorageError, Stored, Unusable,
};

use crate::engine::Game;
use crate::play::stats::Stats;

/// The player's settings, saved with the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    /// Two quick clicks look for a place on the table (RULES.md §3). On by default.
    pub double_click: bool,
    /// Vegas dollars are carried from game to game (a bankroll shown beside the score).
    pub carry_vegas: bool,
    /// Random deals are ones the solver has won (New Game window).
    pub winnable_only: bool,
    /// The language the player chose (`en`, `nb`, `tr`); none: the system's.
    pub language: Option<String>,
    /// The four-colour deck: ♠ black, ♥ red, ♦ blue, ♣ green.
    pub four_colour: bool,
    /// The sound effects. On by default (at a modest level).
    pub sound: bool,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            double_click: true,
            carry_vegas: false,
            winnable_only: false,
            language: None,
            four_colour: false,
            sound: true,
        }
    }
}

/// What the saves held at the start: defaults where a record was missing or unusable.
#[derive(Clone, Debug, Default)]
pub struct Loaded {
    pub settings: Settings,
    pub stats: Stats,
    pub game: Option<SavedGame>,
}

/// Something the player should read, worded by the strings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A record could not be used; it was kept at `kept` and a fresh one takes its place.
    Unreadable { key: Key, why: Damage, kept: Kept },
    /// A record could not be used nor moved aside: to keep it, nothing is saved.
    NotMoved {
        key: Key,
        why: Damage,
        error: StorageError,
    },
    /// A record (or a part of the earlier builds' save file) could not be used; it is left
    /// as it is (that file is never written, or another window owns the saves).
    Unused { key: Key, why: Damage },
    /// The game died while restoring this record last time; it was kept at `kept`.
    DiedRestoring { key: Key, kept: Kept },
    /// The game died while restoring this record last time, and it could not be moved aside.
    DiedNotMoved { key: Key, error: StorageError },
    /// No storage can be used here; the game plays without saving.
    NoStorage(StorageError),
    /// A write failed; the next change tries again.
    SavingStopped(StorageError),
    /// Writing works again after a failed write.
    SavingAgain,
    /// Another window of the game holds the saves; this one does not write (until it is gone).
    OtherWindow,
    /// The window that held the saves is gone: this one writes them from now on, with the
    /// statistics as that window left them.
    TookOver,
    /// Another window took the saves over: this one stopped writing and went back to what was
    /// saved.
    LostSaves,
}

/// Whether this window writes the saves, and if not, why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Saving {
    /// This window writes the saves.
    Writes,
    /// Another window holds them; this one tries to take over at every save.
    OtherWindow,
    /// The last write failed; the next save tries again.
    Failing,
    /// Nothing is written this session (no storage, or a record that could not be moved aside
    /// and must not be written over).
    Off,
}

/// What the window must take from the saves when the writer changed.
#[derive(Clone, Debug)]
pub enum Reload {
    /// This window took over: the statistics as the last writer left them (its game goes on).
    Stats(Stats),
    /// Another window took the saves over: what it saved, to go on from.
    All(Box<Loaded>),
}

/// The field of the record that counts its writes, and the field of the game that says which
/// of the record's writes it goes with (see `Persist::save`).
const SEQ: &str = "seq";
const RECORD_SEQ: &str = "record_seq";
/// The game's field that says it is in the statistics already (won, or left and counted).
const COUNTED: &str = "counted";
/// The game's field that says it is practice: it never counts.
const PRACTICE: &str = "practice";

/// The records as this build writes them, with the unknown fields they were read with.
struct Written {
    text: [Option<String>; 3],
    extra: [Extra; 3],
}

/// Saving for the app: restores at the start, writes after every change, and turns every
/// failure into a notice instead of a crash or a lost record.
///
/// Nothing is counted twice after a crash between two writes. The record (statistics and
/// bankroll) is written before the game, and it carries `seq`, the number of its writes; every
/// game written after it carries that number as `record_seq` (so the game is written again
/// each time the record is). At the start, a record whose `seq` is ahead of the game's
/// `record_seq` was written by a save whose game write never happened: what that record
/// counted — the game's win, or the game left for another — is the game on disk, so a game
/// with moves is restored as counted (its win, or leaving it, does not count again; its
/// dollars are in the bankroll already), and stays so in the games written after.
pub struct Persist<S: Storage> {
    storage: S,
    state: Saving,
    written: Written,
    /// The number of the record's last write (read or written).
    seq: u64,
    /// The game restored as counted: its code and log; a game that goes on from it is too.
    counted: Option<(crate::engine::GameCode, Vec<crate::engine::Entry>)>,
    /// The game to save is practice (the session says which).
    practice: bool,
    reload: Option<Reload>,
    notices: std::collections::VecDeque<Notice>,
}

fn slot(key: Key) -> usize {
    Key::RECORDS
        .iter()
        .position(|&k| k == key)
        .unwrap_or(Key::RECORDS.len() - 1)
}

/// Whether the record's write number `record` is ahead of the one the game goes with: the
/// numbers count on by one and wrap round from 2^64 − 1 to 0, so ahead means by less than half
/// the circle (serial number arithmetic, as in RFC 1982): a record written once past
/// 2^64 − 1, at 0, is ahead of a game at 2^64 − 1.
fn ahead(record: u64, game: u64) -> bool {
    let by = record.wrapping_sub(game);
    by != 0 && by < 1 << 63
}

fn take_u64(extra: &mut Extra, name: &str) -> u64 {
    extra.remove(name).and_then(|v| v.as_u64()).unwrap_or(0)
}

impl<S: Storage> Persist<S> {
    /// Opens the storage and restores what it holds that can be used.
    pub fn open(storage: S) -> (Persist<S>, Loaded) {
        let mut p = Persist {
            storage,
            state: Saving::Writes,
            written: Written {
                text: [None, None, None],
                extra: Default::default(),
            },
            seq: 0,
            counted: None,
            practice: false,
            reload: None,
            notices: Default::default(),
        };
        match p.storage.claim() {
            Ok(true) => {}
            Ok(false) => {
                p.state = Saving::OtherWindow;
                p.notices.push_back(Notice::OtherWindow);
            }
            // No lock to be had (a folder that cannot be written, say): the writes will tell.
            Err(_) => {}
        }
        let loaded = p.restore();
        (p, loaded)
    }

    fn writes(&self) -> bool {
        self.state == Saving::Writes
    }

    fn restore(&mut self) -> Loaded {
        let mut loaded = Loaded::default();
        if self.writes() {
            self.clear_marker_of_last_start();
        }
        let mut any = false;
        let (mut record_seq, mut game_seq) = (0, 0);
        for key in Key::RECORDS {
            let bytes = match self.read(key) {
                Stored::Bytes(b) => b,
                Stored::Unusable(_) => {
                    any = true;
                    continue;
                }
                Stored::Nothing => continue,
            };
            any = true;
            match self.decode_guarded(key, &bytes, &mut loaded) {
                Some(Ok(mut extra)) => {
                    match key {
                        Key::Record => record_seq = take_u64(&mut extra, SEQ),
                        Key::Game => game_seq = take_u64(&mut extra, RECORD_SEQ),
                        _ => {}
                    }
                    self.written.extra[slot(key)] = extra;
                }
                Some(Err(why)) => self.put_aside(key, why),
                None => self.died_restoring(key),
            }
        }
        if !any && self.writes() {
            self.restore_legacy(&mut loaded);
        }
        self.seq = record_seq;
        if let Some(g) = &mut loaded.game {
            // The record moved on and the game did not follow: a crash between the writes.
            if ahead(record_seq, game_seq) && g.game.moves() > 0 {
                g.counted = true;
            }
        }
        self.counted = loaded
            .game
            .as_ref()
            .filter(|g| g.counted)
            .map(|g| (g.game.code(), g.game.log().to_vec()));
        loaded
    }

    /// Decodes a record with the marker set for exactly that: a death while it is set blames
    /// the record at the next start. A panic (in a build that unwinds) is caught here: `None`.
    fn decode_guarded(
        &mut self,
        key: Key,
        bytes: &[u8],
        loaded: &mut Loaded,
    ) -> Option<Result<Extra, Damage>> {
        let armed = self.writes() && self.storage.arm(key);
        let decoded = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| match key {
            Key::Settings => format::decode_settings(bytes).map(|(settings, extra)| {
                loaded.settings = settings;
                extra
            }),
            Key::Record => format::decode_record(bytes).map(|(stats, extra)| {
                loaded.stats = stats;
                extra
            }),
            _ => format::decode_game(bytes).map(|(game, extra)| {
                loaded.game = Some(game);
                extra
            }),
        }));
        if armed {
            self.storage.disarm();
        }
        decoded.ok()
    }

    /// The marker of the last start still there, and the storage says the game itself died
    /// (not a signal from outside): restoring that record killed the game.
    fn clear_marker_of_last_start(&mut self) {
        let Stored::Bytes(bytes) = self.read(Key::Marker) else {
            return;
        };
        let name = String::from_utf8_lossy(&bytes);
        let name = name.lines().next().unwrap_or("").trim();
        if let Some(key) = Key::from_name(name)
            && self.storage.blames(&bytes)
            && matches!(
                self.storage.read(key),
                Ok(Stored::Bytes(_) | Stored::Unusable(_))
            )
        {
            self.died_restoring(key);
        }
        let _ = self.storage.remove(Key::Marker);
    }

    fn died_restoring(&mut self, key: Key) {
        if !self.writes() {
            return;
        }
        match self.storage.keep_aside(key) {
            Ok(kept) => self.notices.push_back(Notice::DiedRestoring { key, kept }),
            Err(error) => {
                self.state = Saving::Off;
                self.notices.push_back(Notice::DiedNotMoved { key, error });
            }
        }
    }

    /// What a key holds. An unusable thing there is kept aside; a storage that cannot be read
    /// says so once, and holds nothing.
    fn read(&mut self, key: Key) -> Stored {
        match self.storage.read(key) {
            Ok(Stored::Unusable(why)) => {
                match key {
                    Key::Marker => {}
                    // The earlier builds' file is only ever read, never moved.
                    Key::Legacy => self.notices.push_back(Notice::Unused {
                        key,
                        why: Damage::Unusable(why),
                    }),
                    _ => self.put_aside(key, Damage::Unusable(why)),
                }
                Stored::Unusable(why)
            }
            Ok(stored) => stored,
            Err(e) => {
                if self.writes() {
                    self.state = Saving::Off;
                    self.notices.push_back(Notice::NoStorage(e));
                }
                Stored::Nothing
            }
        }
    }

    /// A record that cannot be used: moved aside (when this window writes), or, when it
    /// cannot be moved, nothing is written over it.
    fn put_aside(&mut self, key: Key, why: Damage) {
        if !self.writes() {
            self.notices.push_back(Notice::Unused { key, why });
            return;
        }
        match self.storage.keep_aside(key) {
            Ok(kept) => self
                .notices
                .push_back(Notice::Unreadable { key, why, kept }),
            Err(error) => {
                self.state = Saving::Off;
                self.notices.push_back(Notice::NotMoved { key, why, error });
            }
        }
    }

    /// The save of earlier builds, part by part. It is only read, never changed: the three
    /// records written from now on take its place.
    fn restore_legacy(&mut self, loaded: &mut Loaded) {
        let Stored::Bytes(bytes) = self.read(Key::Legacy) else {
            return;
        };
        let armed = self.storage.arm(Key::Legacy);
        let decoded = std::panic::catch_unwind(|| format::decode_legacy(&bytes))
            .unwrap_or(Err(Damage::NotASave));
        if armed {
            self.storage.disarm();
        }
        let legacy = match decoded {
            Ok(l) => l,
            Err(why) => {
                self.notices.push_back(Notice::Unused {
                    key: Key::Legacy,
                    why,
                });
                return;
            }
        };
        let mut part = |key, r: Result<(), Damage>| {
            if let Err(why) = r {
                self.notices.push_back(Notice::Unused { key, why });
            }
        };
        part(Key::Settings, legacy.settings.map(|s| loaded.settings = s));
        part(Key::Record, legacy.record.map(|s| loaded.stats = s));
        part(Key::Game, legacy.game.map(|g| loaded.game = Some(g)));
    }

    pub fn is_saving(&self) -> bool {
        self.writes()
    }

    /// Whether this window writes the saves, and if not, why (the bar shows it while it lasts).
    pub fn state(&self) -> Saving {
        self.state
    }

    /// What the window must take from the saves after the writer changed, once.
    pub fn take_reload(&mut self) -> Option<Reload> {
        self.reload.take()
    }

    /// A window that does not write tries to become the writer (the one that held the saves
    /// may be gone); the window loop calls this now and then, and every save does.
    pub fn poll(&mut self) {
        if self.state == Saving::OtherWindow && self.reload.is_none() {
            self.try_take_over();
        }
    }

    /// The saves are free: this window writes them from now on. The statistics are read again
    /// (the last writer may have counted games since this window started); the window takes
    /// them before the next write.
    fn try_take_over(&mut self) {
        if self.storage.claim() != Ok(true) {
            return;
        }
        self.state = Saving::Writes;
        self.written.text = [None, None, None];
        self.notices.push_back(Notice::TookOver);
        if let Ok(Stored::Bytes(b)) = self.storage.read(Key::Record)
            && let Ok((stats, mut extra)) = format::decode_record(&b)
        {
            self.seq = take_u64(&mut extra, SEQ);
            self.written.extra[slot(Key::Record)] = extra;
            self.reload = Some(Reload::Stats(stats));
        }
    }

    /// Another window holds the saves now: stop writing, go back to what it saved.
    fn lost(&mut self) {
        self.state = Saving::OtherWindow;
        self.written.text = [None, None, None];
        self.notices.push_back(Notice::LostSaves);
        let loaded = self.restore();
        self.reload = Some(Reload::All(Box::new(loaded)));
    }

    /// Writes the records that changed since they were last written: the settings, then the
    /// record, then the game (see the type's note for why in that order).
    /// Whether the game saved from now on is practice (written with it, so a restart keeps
    /// it out of the statistics).
    pub fn set_practice(&mut self, practice: bool) {
        self.practice = practice;
    }

    pub fn save(&mut self, game: &Game, settings: &Settings, stats: &Stats) {
        self.poll();
        if !matches!(self.state, Saving::Writes | Saving::Failing) || self.reload.is_some() {
            return;
        }
        let counted = self.counted.as_ref().is_some_and(|(code, log)| {
            *code == game.code() && game.log().get(..log.len()) == Some(log.as_slice())
        });
        if !counted {
            self.counted = None;
        }
        // The records to write, in order, each as it will be written: the game with the
        // record's number after the record's write.
        let mut seq = self.seq;
        let mut todo: Vec<(Key, String)> = Vec::new();
        for key in Key::RECORDS {
            let i = slot(key);
            let mut extra = self.written.extra[i].clone();
            let text = match key {
                Key::Settings => format::encode_settings(settings, &extra),
                Key::Record => {
                    extra.insert(SEQ.into(), self.seq.into());
                    let now = format::encode_record(stats, &extra);
                    if self.written.text[i].as_ref() == Some(&now) {
                        continue;
                    }
                    seq = self.seq.wrapping_add(1);
                    extra.insert(SEQ.into(), seq.into());
                    format::encode_record(stats, &extra)
                }
                _ => {
                    extra.insert(RECORD_SEQ.into(), seq.into());
                    if counted {
                        extra.insert(COUNTED.into(), true.into());
                    }
                    if self.practice {
                        extra.insert(PRACTICE.into(), true.into());
                    } else {
                        extra.remove(PRACTICE);
                    }
                    format::encode_game(game, &extra)
                }
            };
            if self.written.text[i].as_ref() != Some(&text) {
                todo.push((key, text));
            }
        }
        for n in 0..todo.len() {
            let key = todo[n].0;
            match self.storage.write(key, todo[n].1.as_bytes()) {
                Ok(()) => {
                    if key == Key::Record {
                        self.seq = self.seq.wrapping_add(1);
                    }
                    self.written.text[slot(key)] = Some(std::mem::take(&mut todo[n].1));
                }
                Err(StorageError::TakenOver) => {
                    self.lost();
                    return;
                }
                Err(e) => {
                    if self.state == Saving::Writes {
                        self.notices.push_back(Notice::SavingStopped(e));
                    }
                    self.state = Saving::Failing;
                    let rest: Vec<(Key, &[u8])> =
                        todo[n..].iter().map(|(k, t)| (*k, t.as_bytes())).collect();
                    self.storage.keep_unsaved(&rest);
                    return;
                }
            }
        }
        if self.state == Saving::Failing {
            self.storage.keep_unsaved(&[]);
            self.state = Saving::Writes;
            self.notices.push_back(Notice::SavingAgain);
        }
    }

    /// The next notice for the player, oldest first; none is ever dropped for a newer one.
    pub fn take_notice(&mut self) -> Option<Notice> {
        self.notices.pop_front()
    }

    pub fn storage(&self) -> &S {
        &self.storage
    }

    /// The storage, to change (tests: another window comes or goes).
    pub fn storage_mut(&mut self) -> &mut S {
        &mut self.storage
    }
}
