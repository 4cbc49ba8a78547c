//! The save: the running game (its code and its log of actions and undos, replayed through the
//! engine on load, so a save can never hold an impossible table), the settings and the
//! statistics. Versioned JSON; anything that cannot be read is kept aside, never overwritten.

// nanoserde's derives expand to code that clippy's `question_mark` lint flags.
#![allow(clippy::question_mark)]

use nanoserde::{DeJson, SerJson};

use crate::engine::{Entry, Game, GameCode};
use crate::script::{self, Command, entry_line};
use crate::stats::{ModeStats, Stats};
use crate::ui::app::Settings;

/// The format version this build writes. Older versions are read; newer ones are kept aside.
pub const VERSION: u32 = 1;

/// More log entries than this is no real game.
const MAX_LOG: usize = 200_000;

#[derive(Clone, Debug, PartialEq, SerJson, DeJson)]
pub struct SaveData {
    pub version: u32,
    /// The running game's code and everything done in it, as script commands.
    pub code: String,
    pub log: Vec<String>,
    /// The running game has been counted in the statistics already (it was won).
    pub counted: bool,
    pub double_click: bool,
    pub carry_vegas: bool,
    /// Added after the first saves were written: missing means off.
    #[nserde(default)]
    pub winnable_only: bool,
    pub stats: Vec<ModeStats>,
    pub bankroll: Vec<i32>,
}

#[derive(DeJson)]
struct VersionOnly {
    version: u32,
}

/// What a save holds, checked and replayed.
#[derive(Clone, Debug)]
pub struct Restored {
    pub game: Game,
    pub counted: bool,
    pub settings: Settings,
    pub stats: Stats,
}

/// Writes the state as save text.
pub fn encode(game: &Game, counted: bool, settings: &Settings, stats: &Stats) -> String {
    SaveData {
        version: VERSION,
        code: game.code().to_string(),
        log: game.log().iter().map(|&e| entry_line(e)).collect(),
        counted,
        double_click: settings.double_click,
        carry_vegas: settings.carry_vegas,
        winnable_only: settings.winnable_only,
        stats: stats.modes.clone(),
        bankroll: stats.bankroll.to_vec(),
    }
    .serialize_json()
}

/// Reads save text; says in a few words what is wrong with it when it cannot be used.
pub fn decode(bytes: &[u8]) -> Result<Restored, String> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err("the file is empty".into());
    }
    let text = std::str::from_utf8(bytes).map_err(|_| "the file is not text".to_string())?;
    let version = VersionOnly::deserialize_json(text)
        .map_err(|_| "the file is not a save (it may have been cut short)".to_string())?
        .version;
    if version > VERSION {
        return Err(format!(
            "it was written by a newer version of the game (format {version}, this one reads {VERSION})"
        ));
    }
    if version == 0 {
        return Err("it has no valid format version".into());
    }
    let data =
        SaveData::deserialize_json(text).map_err(|e| format!("its contents are damaged ({e})"))?;
    let code = GameCode::parse(&data.code).map_err(|e| format!("its game code is wrong: {e}"))?;
    if data.log.len() > MAX_LOG {
        return Err("its game log is impossibly long".into());
    }
    let mut game = Game::new(code);
    for (i, line) in data.log.iter().enumerate() {
        let entry =
            parse_entry(line, &game).map_err(|e| format!("move {} of its game: {e}", i + 1))?;
        let done = match entry {
            Entry::Act(a) => game.apply(a).map(|_| ()),
            Entry::Undo => game.undo(),
        };
        done.map_err(|e| format!("move {} of its game is not possible: {e}", i + 1))?;
    }
    let bankroll: [i32; 2] = data
        .bankroll
        .as_slice()
        .try_into()
        .map_err(|_| "its Vegas bankroll is damaged".to_string())?;
    let stats = Stats {
        modes: data.stats,
        bankroll,
    };
    stats
        .validate()
        .map_err(|e| format!("its statistics are impossible: {e}"))?;
    if data.counted && !game.is_won() {
        return Err("it says an unfinished game was won".into());
    }
    Ok(Restored {
        game,
        counted: data.counted,
        settings: Settings {
            double_click: data.double_click,
            carry_vegas: data.carry_vegas,
            winnable_only: data.winnable_only,
        },
        stats,
    })
}

/// A log line: only `draw`, `move SRC DST` and `undo` belong in a saved game.
fn parse_entry(line: &str, game: &Game) -> Result<Entry, String> {
    use crate::engine::Action;
    match script::parse_command(line.trim(), Some(game))? {
        Command::Draw => Ok(Entry::Act(Action::Draw)),
        Command::Undo => Ok(Entry::Undo),
        Command::Move(from, to) => Ok(Entry::Act(script::move_action(from, to))),
        _ => Err(format!("'{line}' is not a move")),
    }
}

/// Where saves are kept: a file (native) or the browser's storage (web).
pub trait Storage {
    /// The saved bytes, `None` when nothing was saved yet.
    fn read(&mut self) -> Result<Option<Vec<u8>>, String>;
    /// Replaces the save, all or nothing.
    fn write(&mut self, bytes: &[u8]) -> Result<(), String>;
    /// Moves an unreadable save out of the way; says where it went.
    fn keep_aside(&mut self, bytes: &[u8]) -> Result<String, String>;
}

/// Saving for the app: restores at start, writes after every change, and turns a failure into
/// one notice for the player instead of a crash or a lost game.
pub struct Persist<S: Storage> {
    storage: S,
    disabled: bool,
    last: Option<String>,
    /// A message for the player, to show once.
    pub notice: Option<String>,
}

impl<S: Storage> Persist<S> {
    /// Opens the storage and restores what it holds, if it can be used.
    pub fn open(mut storage: S) -> (Persist<S>, Option<Restored>) {
        let mut notice = None;
        let mut disabled = false;
        let restored = match storage.read() {
            Ok(None) => None,
            Ok(Some(bytes)) => match decode(&bytes) {
                Ok(r) => Some(r),
                Err(why) => {
                    notice = Some(match storage.keep_aside(&bytes) {
                        Ok(place) => format!(
                            "The saved game could not be read: {why}. It was kept as {place}; a new game starts."
                        ),
                        Err(e) => {
                            // Never write over a save we could not move away.
                            disabled = true;
                            format!(
                                "The saved game could not be read: {why}. It could not be moved aside ({e}), so this game will not be saved."
                            )
                        }
                    });
                    None
                }
            },
            Err(e) => {
                disabled = true;
                notice = Some(format!(
                    "Saving is not possible here ({e}); the game plays on without saving."
                ));
                None
            }
        };
        (
            Persist {
                storage,
                disabled,
                last: None,
                notice,
            },
            restored,
        )
    }

    pub fn is_saving(&self) -> bool {
        !self.disabled
    }

    /// Writes the save text when it changed since the last write.
    pub fn save(&mut self, text: String) {
        if self.disabled || self.last.as_ref() == Some(&text) {
            return;
        }
        match self.storage.write(text.as_bytes()) {
            Ok(()) => self.last = Some(text),
            Err(e) => {
                self.disabled = true;
                self.notice = Some(format!(
                    "Saving stopped ({e}); the game plays on without saving."
                ));
            }
        }
    }

    pub fn take_notice(&mut self) -> Option<String> {
        self.notice.take()
    }

    pub fn storage(&self) -> &S {
        &self.storage
    }
}

impl Storage for Box<dyn Storage> {
    fn read(&mut self) -> Result<Option<Vec<u8>>, String> {
        (**self).read()
    }
    fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        (**self).write(bytes)
    }
    fn keep_aside(&mut self, bytes: &[u8]) -> Result<String, String> {
        (**self).keep_aside(bytes)
    }
}

/// Storage that keeps nothing (when no place to save is known).
pub struct NoStorage(pub String);

impl Storage for NoStorage {
    fn read(&mut self) -> Result<Option<Vec<u8>>, String> {
        Err(self.0.clone())
    }
    fn write(&mut self, _: &[u8]) -> Result<(), String> {
        Err(self.0.clone())
    }
    fn keep_aside(&mut self, _: &[u8]) -> Result<String, String> {
        Err(self.0.clone())
    }
}

/// A save file on disk, written to a temporary file and then renamed over the old one.
pub struct FileStorage {
    pub path: std::path::PathBuf,
}

impl FileStorage {
    pub fn in_dir(dir: impl Into<std::path::PathBuf>) -> FileStorage {
        FileStorage {
            path: dir.into().join("save.json"),
        }
    }

    /// The user's data directory: `$SOLITAIRE_DATA_DIR` if set; else `$XDG_DATA_HOME/solitaire`
    /// or `~/.local/share/solitaire` (Linux), `~/Library/Application Support/Solitaire` (macOS),
    /// `%APPDATA%\Solitaire` (Windows).
    pub fn default_dir() -> Option<std::path::PathBuf> {
        use std::path::PathBuf;
        let var = |k: &str| {
            std::env::var_os(k)
                .filter(|v| !v.is_empty())
                .map(PathBuf::from)
        };
        if let Some(d) = var("SOLITAIRE_DATA_DIR") {
            return Some(d);
        }
        if cfg!(target_os = "windows") {
            return var("APPDATA").map(|d| d.join("Solitaire"));
        }
        if cfg!(target_os = "macos") {
            return var("HOME").map(|h| h.join("Library/Application Support/Solitaire"));
        }
        var("XDG_DATA_HOME")
            .or_else(|| var("HOME").map(|h| h.join(".local/share")))
            .map(|d| d.join("solitaire"))
    }
}

impl Storage for FileStorage {
    fn read(&mut self) -> Result<Option<Vec<u8>>, String> {
        match std::fs::read(&self.path) {
            Ok(b) => Ok(Some(b)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("cannot read {}: {e}", self.path.display())),
        }
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        use std::io::Write;
        let dir = self.path.parent().ok_or("no folder for the save")?;
        std::fs::create_dir_all(dir)
            .map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
        let tmp = self.path.with_extension("json.tmp");
        let mut f = std::fs::File::create(&tmp)
            .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        f.write_all(bytes)
            .and_then(|_| f.sync_all())
            .map_err(|e| format!("cannot write {}: {e}", tmp.display()))?;
        std::fs::rename(&tmp, &self.path)
            .map_err(|e| format!("cannot replace {}: {e}", self.path.display()))
    }

    fn keep_aside(&mut self, _bytes: &[u8]) -> Result<String, String> {
        let stamp = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map(|d| d.as_secs())
            .unwrap_or(0);
        let aside = self
            .path
            .with_file_name(format!("save.unreadable-{stamp}.json"));
        std::fs::rename(&self.path, &aside).map_err(|e| e.to_string())?;
        Ok(aside.display().to_string())
    }
}

/// A storage in memory, for tests.
#[derive(Default)]
pub struct MemoryStorage {
    pub saved: Option<Vec<u8>>,
    pub aside: Vec<Vec<u8>>,
    pub broken: bool,
}

impl Storage for MemoryStorage {
    fn read(&mut self) -> Result<Option<Vec<u8>>, String> {
        if self.broken {
            return Err("storage is blocked".into());
        }
        Ok(self.saved.clone())
    }

    fn write(&mut self, bytes: &[u8]) -> Result<(), String> {
        if self.broken {
            return Err("storage is blocked".into());
        }
        self.saved = Some(bytes.to_vec());
        Ok(())
    }

    fn keep_aside(&mut self, bytes: &[u8]) -> Result<String, String> {
        self.aside.push(bytes.to_vec());
        self.saved = None;
        Ok("a copy".into())
    }
}
