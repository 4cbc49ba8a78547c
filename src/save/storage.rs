//! Where the records are kept: files in the player's data folder (native), the browser's
//! storage (web, `web.rs`), or memory (tests). One trait for all of them.

use std::collections::BTreeMap;

/// The things a storage keeps, each on its own so that damage to one never takes another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Key {
    Settings,
    /// The statistics and the Vegas bankroll.
    Record,
    /// The game in progress.
    Game,
    /// The single save file of earlier builds, read when none of the records exists yet.
    Legacy,
    /// Says which record is being restored, while it is: found at the next start, it means
    /// the game died restoring that record, which is then kept aside.
    Marker,
}

impl Key {
    /// The three records, in the order they are restored and written.
    pub const RECORDS: [Key; 3] = [Key::Settings, Key::Record, Key::Game];

    /// The record's name: its file is `NAME.json` natively, `solitaire.NAME` on the web.
    pub fn name(self) -> &'static str {
        match self {
            Key::Settings => "settings",
            Key::Record => "record",
            Key::Game => "game",
            Key::Legacy => "save",
            Key::Marker => "restoring",
        }
    }

    pub fn from_name(name: &str) -> Option<Key> {
        [Key::Settings, Key::Record, Key::Game, Key::Legacy]
            .into_iter()
            .find(|k| k.name() == name)
    }
}

/// What a storage holds under a key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Stored {
    Nothing,
    Bytes(Vec<u8>),
    /// Something is there that is no save; it is kept aside like a damaged save.
    Unusable(Unusable),
}

/// Why what a storage holds cannot be a save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Unusable {
    /// A folder, a device, a pipe: not a regular file.
    NotAFile,
    /// Larger than any save (`MAX_BYTES`).
    TooLarge,
    /// A link that leads nowhere.
    BrokenLink,
}

/// Where a record that could not be used was kept.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Kept {
    /// A file, by its path.
    File(String),
    /// An entry of the browser's storage for this site, by its key.
    SiteKey(String),
    /// The n-th copy kept in memory (tests).
    Copy(usize),
}

/// Why a storage failed: typed here, worded by the strings table.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StorageError {
    /// A file operation failed: what was done, on which file, and the system's own words.
    Io {
        step: IoStep,
        path: String,
        system: String,
    },
    /// No folder for the saves is known (no home folder).
    NoFolder,
    /// The browser blocks this page's storage.
    Blocked,
    /// The browser refused to store.
    Refused,
    /// Another window of the game took over the saves.
    TakenOver,
    /// No name was free for a new file.
    NoFreeName,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum IoStep {
    Read,
    Write,
    Replace,
    CreateFolder,
    Move,
    Remove,
    Lock,
}

/// A file operation's failure.
pub fn io_error(step: IoStep, path: &std::path::Path, e: &std::io::Error) -> StorageError {
    StorageError::Io {
        step,
        path: path.display().to_string(),
        system: e.to_string(),
    }
}

/// A place to keep the records. Errors are the platform's own words, for a notice.
pub trait Storage {
    fn read(&mut self, key: Key) -> Result<Stored, StorageError>;
    /// Replaces what the key holds, all or nothing.
    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError>;
    fn remove(&mut self, key: Key) -> Result<(), StorageError>;
    /// Moves what the key holds out of the way, under a name no other copy has; says where.
    fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError>;
    /// Claims the saves for this window. `Ok(false)`: another window of the game holds them.
    fn claim(&mut self) -> Result<bool, StorageError>;
}

impl Storage for Box<dyn Storage> {
    fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
        (**self).read(key)
    }
    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
        (**self).write(key, bytes)
    }
    fn remove(&mut self, key: Key) -> Result<(), StorageError> {
        (**self).remove(key)
    }
    fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError> {
        (**self).keep_aside(key)
    }
    fn claim(&mut self) -> Result<bool, StorageError> {
        (**self).claim()
    }
}

/// Storage that keeps nothing (when no place to save is known).
pub struct NoStorage(pub StorageError);

impl Storage for NoStorage {
    fn read(&mut self, _: Key) -> Result<Stored, StorageError> {
        Err(self.0.clone())
    }
    fn write(&mut self, _: Key, _: &[u8]) -> Result<(), StorageError> {
        Err(self.0.clone())
    }
    fn remove(&mut self, _: Key) -> Result<(), StorageError> {
        Err(self.0.clone())
    }
    fn keep_aside(&mut self, _: Key) -> Result<Kept, StorageError> {
        Err(self.0.clone())
    }
    fn claim(&mut self) -> Result<bool, StorageError> {
        Ok(true)
    }
}

/// A storage in memory, for tests: it can be blocked, full, or held by another window.
#[derive(Clone, Debug, Default)]
pub struct MemoryStorage {
    pub saved: BTreeMap<Key, Stored>,
    /// What was kept aside, in order.
    pub aside: Vec<(Key, Stored)>,
    /// Reading and writing fail, as in a browser that blocks storage.
    pub blocked: bool,
    /// Writing fails, as on a full disk.
    pub full: bool,
    /// Another window holds the saves.
    pub held: bool,
    pub writes: usize,
}

impl MemoryStorage {
    /// A storage holding these records.
    pub fn with(records: &[(Key, &[u8])]) -> MemoryStorage {
        let mut m = MemoryStorage::default();
        for (k, b) in records {
            m.saved.insert(*k, Stored::Bytes(b.to_vec()));
        }
        m
    }

    /// The bytes a key holds.
    pub fn bytes(&self, key: Key) -> Option<&[u8]> {
        match self.saved.get(&key) {
            Some(Stored::Bytes(b)) => Some(b),
            _ => None,
        }
    }
}

impl Storage for MemoryStorage {
    fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
        if self.blocked {
            return Err(StorageError::Blocked);
        }
        Ok(self.saved.get(&key).cloned().unwrap_or(Stored::Nothing))
    }

    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
        if self.blocked || self.full {
            return Err(StorageError::Refused);
        }
        self.writes += 1;
        self.saved.insert(key, Stored::Bytes(bytes.to_vec()));
        Ok(())
    }

    fn remove(&mut self, key: Key) -> Result<(), StorageError> {
        self.saved.remove(&key);
        Ok(())
    }

    fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError> {
        let what = self.saved.remove(&key).ok_or(StorageError::Refused)?;
        self.aside.push((key, what));
        Ok(Kept::Copy(self.aside.len()))
    }

    fn claim(&mut self) -> Result<bool, StorageError> {
        Ok(!self.held)
    }
}

#[cfg(not(target_arch = "wasm32"))]
pub use file::FileStorage;

#[cfg(not(target_arch = "wasm32"))]
mod file {
    use std::fs::{File, OpenOptions};
    use std::io::{ErrorKind, Read, Write};
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicU64, Ordering};

    use super::{IoStep, Kept, Key, Storage, StorageError, Stored, Unusable, io_error};
    use crate::save::format::MAX_BYTES;

    /// The records as files in one folder: `settings.json`, `record.json`, `game.json`. Each
    /// is written to a new temporary file of its own (created exclusively: never through a
    /// link, never shared with another process), synced, renamed over the old one, and the
    /// folder synced. A `lock` file, locked while a window runs, keeps a second window from
    /// writing.
    pub struct FileStorage {
        pub dir: PathBuf,
        lock: Option<File>,
    }

    static TEMP: AtomicU64 = AtomicU64::new(0);

    /// The number the next temporary file name tries first (for a test).
    #[cfg(test)]
    pub(super) fn next_temp_number() -> u64 {
        TEMP.load(Ordering::Relaxed)
    }

    fn unix_seconds() -> u64 {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_secs())
    }

    impl FileStorage {
        pub fn in_dir(dir: impl Into<PathBuf>) -> FileStorage {
            FileStorage {
                dir: dir.into(),
                lock: None,
            }
        }

        pub fn path(&self, key: Key) -> PathBuf {
            match key {
                Key::Marker => self.dir.join(key.name()),
                _ => self.dir.join(format!("{}.json", key.name())),
            }
        }

        /// The user's data directory: `$SOLITAIRE_DATA_DIR` if set; else
        /// `$XDG_DATA_HOME/solitaire` or `~/.local/share/solitaire` (Linux),
        /// `~/Library/Application Support/Solitaire` (macOS), `%APPDATA%\Solitaire` (Windows).
        pub fn default_dir() -> Option<PathBuf> {
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

        fn make_dir(&self) -> Result<(), StorageError> {
            std::fs::create_dir_all(&self.dir)
                .map_err(|e| io_error(IoStep::CreateFolder, &self.dir, &e))
        }

        /// A new file under a name no one else uses: `prefix-N...suffix`, created exclusively.
        fn create_unique(
            &self,
            prefix: &str,
            suffix: &str,
        ) -> Result<(PathBuf, File), StorageError> {
            for _ in 0..1000 {
                let n = TEMP.fetch_add(1, Ordering::Relaxed);
                let path = self.dir.join(format!("{prefix}{n}{suffix}"));
                match OpenOptions::new().write(true).create_new(true).open(&path) {
                    Ok(f) => return Ok((path, f)),
                    Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
                    Err(e) => return Err(io_error(IoStep::Write, &path, &e)),
                }
            }
            Err(StorageError::NoFreeName)
        }
    }

    /// Syncs the folder, so that a rename in it survives a power cut (where the platform can).
    fn sync_dir(dir: &Path) {
        #[cfg(unix)]
        if let Ok(d) = File::open(dir) {
            let _ = d.sync_all();
        }
        #[cfg(not(unix))]
        let _ = dir;
    }

    impl Storage for FileStorage {
        fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
            let path = self.path(key);
            let meta = match std::fs::metadata(&path) {
                Ok(m) => m,
                Err(e) if e.kind() == ErrorKind::NotFound => {
                    // A link that leads nowhere is something there all the same.
                    return Ok(match std::fs::symlink_metadata(&path) {
                        Ok(_) => Stored::Unusable(Unusable::BrokenLink),
                        Err(_) => Stored::Nothing,
                    });
                }
                Err(e) => return Err(io_error(IoStep::Read, &path, &e)),
            };
            if !meta.is_file() {
                return Ok(Stored::Unusable(Unusable::NotAFile));
            }
            if meta.len() > MAX_BYTES {
                return Ok(Stored::Unusable(Unusable::TooLarge));
            }
            let file = File::open(&path).map_err(|e| io_error(IoStep::Read, &path, &e))?;
            // Checked again on the open file: it may have been swapped meanwhile.
            if !file.metadata().is_ok_and(|m| m.is_file()) {
                return Ok(Stored::Unusable(Unusable::NotAFile));
            }
            let mut bytes = Vec::new();
            file.take(MAX_BYTES + 1)
                .read_to_end(&mut bytes)
                .map_err(|e| io_error(IoStep::Read, &path, &e))?;
            if bytes.len() as u64 > MAX_BYTES {
                return Ok(Stored::Unusable(Unusable::TooLarge));
            }
            Ok(Stored::Bytes(bytes))
        }

        fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
            self.make_dir()?;
            let path = self.path(key);
            let (tmp, mut f) = self.create_unique(
                &format!(".{}.", key.name()),
                &format!(".{}.tmp", std::process::id()),
            )?;
            let written = f
                .write_all(bytes)
                .and_then(|_| f.sync_all())
                .map_err(|e| io_error(IoStep::Write, &tmp, &e))
                .and_then(|_| {
                    std::fs::rename(&tmp, &path).map_err(|e| io_error(IoStep::Replace, &path, &e))
                });
            if written.is_err() {
                let _ = std::fs::remove_file(&tmp);
            }
            written?;
            sync_dir(&self.dir);
            Ok(())
        }

        fn remove(&mut self, key: Key) -> Result<(), StorageError> {
            let path = self.path(key);
            match std::fs::remove_file(&path) {
                Ok(()) => Ok(()),
                Err(e) if e.kind() == ErrorKind::NotFound => Ok(()),
                Err(e) => Err(io_error(IoStep::Remove, &path, &e)),
            }
        }

        /// Renamed to `NAME.unreadable-SECONDS-N.json`: the name is first created exclusively,
        /// so no kept copy ever replaces another.
        fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError> {
            let path = self.path(key);
            let prefix = format!("{}.unreadable-{}-", key.name(), unix_seconds());
            let (aside, placeholder) = self.create_unique(&prefix, ".json")?;
            drop(placeholder);
            match std::fs::rename(&path, &aside) {
                Ok(()) => {
                    sync_dir(&self.dir);
                    Ok(Kept::File(aside.display().to_string()))
                }
                Err(e) => {
                    let _ = std::fs::remove_file(&aside);
                    Err(io_error(IoStep::Move, &path, &e))
                }
            }
        }

        fn claim(&mut self) -> Result<bool, StorageError> {
            self.make_dir()?;
            let path = self.dir.join("lock");
            let file = OpenOptions::new()
                .create(true)
                .truncate(false)
                .write(true)
                .open(&path)
                .map_err(|e| io_error(IoStep::Lock, &path, &e))?;
            match file.try_lock() {
                Ok(()) => {
                    self.lock = Some(file);
                    Ok(true)
                }
                Err(std::fs::TryLockError::WouldBlock) => Ok(false),
                Err(std::fs::TryLockError::Error(e)) => Err(io_error(IoStep::Lock, &path, &e)),
            }
        }
    }
}

#[cfg(all(test, unix))]
mod tests {
    use super::file::next_temp_number;
    use super::*;

    /// A link planted at the very names the next temporary files will take is never followed:
    /// the write goes around it and the link's target stays as it was.
    #[test]
    fn a_temporary_file_never_follows_a_link_at_its_name() {
        let dir = std::env::temp_dir().join(format!("solitaire-tmp-links-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let target = dir.join("precious");
        std::fs::write(&target, b"precious").unwrap();
        let next = next_temp_number();
        for n in next..next + 20 {
            let name = format!(".game.{n}.{}.tmp", std::process::id());
            std::os::unix::fs::symlink(&target, dir.join(name)).unwrap();
        }
        let mut s = FileStorage::in_dir(&dir);
        s.write(Key::Game, b"{}").unwrap();
        assert_eq!(std::fs::read(&target).unwrap(), b"precious");
        assert_eq!(std::fs::read(dir.join("game.json")).unwrap(), b"{}");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
