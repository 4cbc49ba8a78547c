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
    /// A link that leads nowhere (to nothing, or round in a loop).
    BrokenLink,
    /// Opening or reading it fails (a file of the system's, like `/proc/self/mem`, a file
    /// this user may not read, a disk's read error).
    CannotRead,
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
    /// Sets the marker that says `key` is being restored; whether it is set.
    fn arm(&mut self, key: Key) -> bool {
        self.write(Key::Marker, key.name().as_bytes()).is_ok()
    }
    /// Restoring is over: the marker goes.
    fn disarm(&mut self) {
        let _ = self.remove(Key::Marker);
    }
    /// What a failed save could not write, in the order it writes (none: everything was
    /// written since). A storage whose page may go without the game being asked again (the
    /// web's) tries it once more then; elsewhere the window itself tries again as it closes.
    fn keep_unsaved(&mut self, _records: &[(Key, &[u8])]) {}
    /// Whether a marker found at the start blames its record: a storage that can tell the
    /// game's own death (an abort) from a signal from outside (a `kill`, a file-size limit)
    /// blames only the first; the others blame every marker.
    fn blames(&self, _marker: &[u8]) -> bool {
        true
    }
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
    fn arm(&mut self, key: Key) -> bool {
        (**self).arm(key)
    }
    fn disarm(&mut self) {
        (**self).disarm()
    }
    fn blames(&self, marker: &[u8]) -> bool {
        (**self).blames(marker)
    }
    fn keep_unsaved(&mut self, records: &[(Key, &[u8])]) {
        (**self).keep_unsaved(records)
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
    /// Another window took the saves over while this one held them: writes are refused.
    pub taken: bool,
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
        if self.taken {
            return Err(StorageError::TakenOver);
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
mod file;

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
