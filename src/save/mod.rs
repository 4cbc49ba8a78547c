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
    /// A write failed; from now on nothing is saved.
    SavingStopped(StorageError),
    /// Another window of the game holds the saves; this one does not write.
    OtherWindow,
}

/// The records as this build writes them, with the unknown fields they were read with.
struct Written {
    text: [Option<String>; 3],
    extra: [Extra; 3],
}

/// Saving for the app: restores at the start, writes after every change, and turns every
/// failure into a notice instead of a crash or a lost record.
pub struct Persist<S: Storage> {
    storage: S,
    saving: bool,
    /// The marker is set while the restored game has not yet been shown.
    marker: bool,
    written: Written,
    notices: std::collections::VecDeque<Notice>,
}

fn slot(key: Key) -> usize {
    Key::RECORDS
        .iter()
        .position(|&k| k == key)
        .unwrap_or(Key::RECORDS.len() - 1)
}

impl<S: Storage> Persist<S> {
    /// Opens the storage and restores what it holds that can be used.
    pub fn open(storage: S) -> (Persist<S>, Loaded) {
        let mut p = Persist {
            storage,
            saving: true,
            marker: false,
            written: Written {
                text: [None, None, None],
                extra: Default::default(),
            },
            notices: Default::default(),
        };
        match p.storage.claim() {
            Ok(true) => {}
            Ok(false) => {
                p.saving = false;
                p.notices.push_back(Notice::OtherWindow);
            }
            // No lock to be had (a folder that cannot be written, say): the writes will tell.
            Err(_) => {}
        }
        let loaded = p.restore();
        (p, loaded)
    }

    fn restore(&mut self) -> Loaded {
        let mut loaded = Loaded::default();
        if self.saving {
            self.clear_marker_of_last_start();
        }
        let mut any = false;
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
            self.set_marker(key);
            let extra = match key {
                Key::Settings => format::decode_settings(&bytes).map(|(settings, extra)| {
                    loaded.settings = settings;
                    extra
                }),
                Key::Record => format::decode_record(&bytes).map(|(stats, extra)| {
                    loaded.stats = stats;
                    extra
                }),
                _ => format::decode_game(&bytes).map(|(game, extra)| {
                    loaded.game = Some(game);
                    extra
                }),
            };
            match extra {
                Ok(extra) => self.written.extra[slot(key)] = extra,
                Err(why) => self.put_aside(key, why),
            }
        }
        if !any && self.saving {
            self.restore_legacy(&mut loaded);
        }
        if loaded.game.is_none() {
            // Nothing of a game to show: nothing the first frames could die of.
            self.started();
        }
        loaded
    }

    /// The marker of the last start still there: restoring that record killed the game.
    fn clear_marker_of_last_start(&mut self) {
        let Stored::Bytes(bytes) = self.read(Key::Marker) else {
            return;
        };
        let name = String::from_utf8_lossy(&bytes);
        if let Some(key) = Key::from_name(name.trim())
            && matches!(
                self.storage.read(key),
                Ok(Stored::Bytes(_) | Stored::Unusable(_))
            )
        {
            match self.storage.keep_aside(key) {
                Ok(kept) => self.notices.push_back(Notice::DiedRestoring { key, kept }),
                Err(error) => {
                    self.saving = false;
                    self.notices.push_back(Notice::DiedNotMoved { key, error });
                }
            }
        }
        let _ = self.storage.remove(Key::Marker);
    }

    /// What a key holds. An unusable thing there is kept aside; a storage that cannot be read
    /// says so once, and holds nothing.
    fn read(&mut self, key: Key) -> Stored {
        match self.storage.read(key) {
            Ok(Stored::Unusable(why)) => {
                if key != Key::Marker {
                    self.put_aside(key, Damage::Unusable(why));
                }
                Stored::Unusable(why)
            }
            Ok(stored) => stored,
            Err(e) => {
                if self.saving {
                    self.saving = false;
                    self.notices.push_back(Notice::NoStorage(e));
                }
                Stored::Nothing
            }
        }
    }

    /// A record that cannot be used: moved aside (when this window writes), or, when it
    /// cannot be moved, nothing is written over it.
    fn put_aside(&mut self, key: Key, why: Damage) {
        if !self.saving {
            self.notices.push_back(Notice::Unused { key, why });
            return;
        }
        match self.storage.keep_aside(key) {
            Ok(kept) => self
                .notices
                .push_back(Notice::Unreadable { key, why, kept }),
            Err(error) => {
                self.saving = false;
                self.notices.push_back(Notice::NotMoved { key, why, error });
            }
        }
    }

    fn set_marker(&mut self, key: Key) {
        if self.saving
            && self
                .storage
                .write(Key::Marker, key.name().as_bytes())
                .is_ok()
        {
            self.marker = true;
        }
    }

    /// The save of earlier builds, part by part. It is only read, never changed: the three
    /// records written from now on take its place.
    fn restore_legacy(&mut self, loaded: &mut Loaded) {
        let Stored::Bytes(bytes) = self.read(Key::Legacy) else {
            return;
        };
        self.set_marker(Key::Legacy);
        let legacy = match format::decode_legacy(&bytes) {
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

    /// The restored game has been shown: restoring is over, the marker goes.
    pub fn started(&mut self) {
        if self.marker {
            self.marker = false;
            let _ = self.storage.remove(Key::Marker);
        }
    }

    pub fn is_saving(&self) -> bool {
        self.saving
    }

    /// Writes the records that changed since they were last written.
    pub fn save(&mut self, game: &Game, settings: &Settings, stats: &Stats) {
        if !self.saving {
            return;
        }
        for key in Key::RECORDS {
            let i = slot(key);
            let extra = &self.written.extra[i];
            let text = match key {
                Key::Settings => format::encode_settings(settings, extra),
                Key::Record => format::encode_record(stats, extra),
                _ => format::encode_game(game, extra),
            };
            if self.written.text[i].as_ref() == Some(&text) {
                continue;
            }
            match self.storage.write(key, text.as_bytes()) {
                Ok(()) => self.written.text[i] = Some(text),
                Err(e) => {
                    self.saving = false;
                    self.notices.push_back(Notice::SavingStopped(e));
                    return;
                }
            }
        }
    }

    /// The next notice for the player, oldest first; none is ever dropped for a newer one.
    pub fn take_notice(&mut self) -> Option<Notice> {
        self.notices.pop_front()
    }

    pub fn storage(&self) -> &S {
        &self.storage
    }
}
