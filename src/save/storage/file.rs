//! The records as files in the user's data folder (native builds): written to a temporary
//! file, synced and renamed, with a lock that keeps a second window from writing.

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
/// writing; it is opened without blocking and only as a regular file (a pipe, a folder or
/// a link there is moved aside).
pub struct FileStorage {
    pub dir: PathBuf,
    lock: Option<File>,
    /// The lock file's identity when claimed: another one at its name means another window
    /// took the saves over.
    lock_id: Option<(u64, u64)>,
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

/// A file's device and inode (none where the platform has no such thing).
fn identity(m: &std::fs::Metadata) -> Option<(u64, u64)> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        Some((m.dev(), m.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = m;
        None
    }
}

/// Opens `path` for writing, creating it, without following a link at it and without
/// waiting on a pipe: `O_NOFOLLOW | O_NONBLOCK` on unix, and on every platform a check that
/// what was opened is the regular file the name holds.
fn open_regular(path: &Path) -> std::io::Result<File> {
    if let Ok(m) = std::fs::symlink_metadata(path)
        && !m.is_file()
    {
        return Err(std::io::Error::other("not a regular file"));
    }
    let mut o = OpenOptions::new();
    o.read(true).write(true).create(true).truncate(false);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        o.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
            .mode(0o600);
    }
    let f = o.open(path)?;
    let m = f.metadata()?;
    let named = std::fs::symlink_metadata(path)?;
    if !m.is_file() || !named.is_file() || identity(&m) != identity(&named) {
        return Err(std::io::Error::other("not a regular file"));
    }
    Ok(f)
}

/// Whether a process of this number runs (unix); elsewhere every other number is taken
/// to have ended (only the window holding the lock writes temporary files).
fn alive(pid: u32) -> bool {
    #[cfg(unix)]
    {
        let Ok(pid) = libc::pid_t::try_from(pid) else {
            return false;
        };
        // SAFETY: signal 0 only checks that the process exists; nothing is sent.
        let r = unsafe { libc::kill(pid, 0) };
        r == 0 || std::io::Error::last_os_error().raw_os_error() != Some(libc::ESRCH)
    }
    #[cfg(not(unix))]
    {
        pid == std::process::id()
    }
}

/// The process number in a temporary file's name, `.NAME.N.PID.tmp`, if it is one.
fn temp_owner(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let mut parts = rest.split('.');
    let (key, n, pid) = (parts.next()?, parts.next()?, parts.next()?);
    let ours = matches!(key, "settings" | "record" | "game" | "restoring");
    if parts.next().is_some() || !ours || n.parse::<u64>().is_err() {
        return None;
    }
    pid.parse().ok()
}

/// Removes the temporary files left in `dir` by processes that have ended (killed in the
/// middle of a write).
fn remove_stale_temps(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name();
        let Some(pid) = name.to_str().and_then(temp_owner) else {
            continue;
        };
        if pid != std::process::id() && !alive(pid) && e.file_type().is_ok_and(|t| t.is_file()) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Writes `bytes` as `dir/name`, all or nothing: a new temporary file (created
/// exclusively, so never through a link), synced, renamed over the name (a link there is
/// replaced, never followed), the folder synced.
fn write_in(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), StorageError> {
    let path = dir.join(name);
    let (tmp, mut f) = create_unique(
        dir,
        &format!(".{}.", temp_stem(name)),
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
    sync_dir(dir);
    Ok(())
}

/// The part of a file's name its temporary files carry: `game` for `game.json`,
/// `replay-…` for a replay.
fn temp_stem(name: &str) -> String {
    let stem = name.split('.').next().unwrap_or("");
    if stem.is_empty() {
        "file".into()
    } else {
        stem.into()
    }
}

/// A new file under a name no one else uses: `prefix-N...suffix`, created exclusively.
fn create_unique(dir: &Path, prefix: &str, suffix: &str) -> Result<(PathBuf, File), StorageError> {
    for _ in 0..1000 {
        let n = TEMP.fetch_add(1, Ordering::Relaxed);
        let path = dir.join(format!("{prefix}{n}{suffix}"));
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(f) => return Ok((path, f)),
            Err(e) if e.kind() == ErrorKind::AlreadyExists => {}
            Err(e) => return Err(io_error(IoStep::Write, &path, &e)),
        }
    }
    Err(StorageError::NoFreeName)
}

impl FileStorage {
    pub fn in_dir(dir: impl Into<PathBuf>) -> FileStorage {
        FileStorage {
            dir: dir.into(),
            lock: None,
            lock_id: None,
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

    /// Writes a shared replay as `replays/NAME` in the data folder, like a record: never
    /// through a link (at the name or as the `replays` folder), never outside the folder.
    /// Returns its path.
    pub fn write_replay(&self, name: &str, text: &[u8]) -> Result<PathBuf, StorageError> {
        let dir = self.dir.join("replays");
        let plain = !name.is_empty()
            && !name.starts_with('.')
            && name
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
        if !plain {
            return Err(io_error(
                IoStep::Write,
                &dir.join(name),
                &std::io::Error::other("not a plain file name"),
            ));
        }
        self.make_dir()?;
        match std::fs::symlink_metadata(&dir) {
            Ok(m) if m.is_dir() => {}
            Ok(_) => {
                return Err(io_error(
                    IoStep::CreateFolder,
                    &dir,
                    &std::io::Error::other("not a folder"),
                ));
            }
            Err(_) => {
                std::fs::create_dir(&dir).map_err(|e| io_error(IoStep::CreateFolder, &dir, &e))?
            }
        }
        write_in(&dir, name, text)?;
        Ok(dir.join(name))
    }

    /// Whether the lock file this window holds is still the one at its name.
    fn still_holds(&self) -> bool {
        let Some(id) = self.lock_id else {
            return true;
        };
        std::fs::symlink_metadata(self.dir.join("lock"))
            .ok()
            .and_then(|m| identity(&m))
            == Some(id)
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
    /// What the name holds. Anything there that does not read as a regular file's bytes (a
    /// folder, a device, a link that leads nowhere or round in a loop, a file whose reading
    /// fails, like `/proc/self/mem`) is no save, to be moved aside; only a folder that cannot
    /// be looked into is a storage that fails.
    fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
        let path = self.path(key);
        let named = match std::fs::symlink_metadata(&path) {
            Ok(m) => m,
            Err(e) if e.kind() == ErrorKind::NotFound => return Ok(Stored::Nothing),
            Err(e) => return Err(io_error(IoStep::Read, &path, &e)),
        };
        let meta = match std::fs::metadata(&path) {
            Ok(m) => m,
            Err(_) if named.is_symlink() => return Ok(Stored::Unusable(Unusable::BrokenLink)),
            Err(_) => return Ok(Stored::Unusable(Unusable::CannotRead)),
        };
        if !meta.is_file() {
            return Ok(Stored::Unusable(Unusable::NotAFile));
        }
        if meta.len() > MAX_BYTES {
            return Ok(Stored::Unusable(Unusable::TooLarge));
        }
        let Ok(file) = File::open(&path) else {
            return Ok(Stored::Unusable(Unusable::CannotRead));
        };
        // Checked again on the open file: it may have been swapped meanwhile.
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Ok(Stored::Unusable(Unusable::NotAFile));
        }
        let mut bytes = Vec::new();
        if file.take(MAX_BYTES + 1).read_to_end(&mut bytes).is_err() {
            return Ok(Stored::Unusable(Unusable::CannotRead));
        }
        if bytes.len() as u64 > MAX_BYTES {
            return Ok(Stored::Unusable(Unusable::TooLarge));
        }
        Ok(Stored::Bytes(bytes))
    }

    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
        if !self.still_holds() {
            return Err(StorageError::TakenOver);
        }
        self.make_dir()?;
        let name = self.path(key);
        let name = name.file_name().and_then(|n| n.to_str()).unwrap_or("");
        write_in(&self.dir, name, bytes)
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
        move_aside(&self.dir, &path, &prefix, ".json").map(Kept::File)
    }

    fn claim(&mut self) -> Result<bool, StorageError> {
        self.make_dir()?;
        let path = self.dir.join("lock");
        let file = match open_regular(&path) {
            Ok(f) => f,
            Err(_) => {
                // A pipe, a folder or a link at the lock's name: moved out of the way (it
                // is no lock of ours), and the lock made anew.
                let prefix = format!("lock.unusable-{}-", unix_seconds());
                let _ = move_aside(&self.dir, &path, &prefix, "");
                open_regular(&path).map_err(|e| io_error(IoStep::Lock, &path, &e))?
            }
        };
        match file.try_lock() {
            Ok(()) => {
                self.lock_id = file.metadata().ok().as_ref().and_then(identity);
                self.lock = Some(file);
                remove_stale_temps(&self.dir);
                Ok(true)
            }
            Err(std::fs::TryLockError::WouldBlock) => Ok(false),
            Err(std::fs::TryLockError::Error(e)) => Err(io_error(IoStep::Lock, &path, &e)),
        }
    }

    #[cfg(unix)]
    fn arm(&mut self, key: Key) -> bool {
        if self.write(Key::Marker, key.name().as_bytes()).is_err() {
            return false;
        }
        abort_mark::arm(&self.path(Key::Marker));
        true
    }

    #[cfg(unix)]
    fn disarm(&mut self) {
        abort_mark::disarm();
        let _ = self.remove(Key::Marker);
    }

    /// Only a marker the game's own abort marked: a `kill`, a file-size limit or a power
    /// cut while restoring says nothing about the record.
    #[cfg(unix)]
    fn blames(&self, marker: &[u8]) -> bool {
        String::from_utf8_lossy(marker)
            .lines()
            .any(|l| l.trim() == abort_mark::DIED)
    }
}

/// Moves `path` to a new name `prefix-N-suffix` created exclusively first, so that no kept
/// copy ever replaces another; says where.
fn move_aside(dir: &Path, path: &Path, prefix: &str, suffix: &str) -> Result<String, StorageError> {
    let (aside, placeholder) = create_unique(dir, prefix, suffix)?;
    drop(placeholder);
    // A folder cannot replace a file: its new name is freed first.
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.is_dir()) {
        let _ = std::fs::remove_file(&aside);
    }
    match std::fs::rename(path, &aside) {
        Ok(()) => {
            sync_dir(dir);
            Ok(aside.display().to_string())
        }
        Err(e) => {
            let _ = std::fs::remove_file(&aside);
            Err(io_error(IoStep::Move, path, &e))
        }
    }
}

/// The game's own death while a record is restored: the abort of a panic, of a stack
/// overflow or of memory that ran out raises SIGABRT (or SIGILL for a trap); the handler
/// appends `died` to the marker through a descriptor opened beforehand (`write` is safe
/// in a signal handler), then lets the signal take its default course.
#[cfg(unix)]
mod abort_mark {
    use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};

    pub const DIED: &str = "died";

    static FD: AtomicI32 = AtomicI32::new(-1);
    static INSTALLED: AtomicBool = AtomicBool::new(false);

    extern "C" fn on_death(sig: libc::c_int) {
        let fd = FD.swap(-1, Ordering::SeqCst);
        let line = b"\ndied\n";
        // SAFETY: `write` and `signal` are async-signal-safe; the descriptor is ours.
        unsafe {
            if fd >= 0 {
                libc::write(fd, line.as_ptr().cast(), line.len());
            }
            libc::signal(sig, libc::SIG_DFL);
        }
    }

    pub fn arm(marker: &std::path::Path) {
        use std::os::unix::io::IntoRawFd;
        let Ok(f) = std::fs::OpenOptions::new().append(true).open(marker) else {
            return;
        };
        if !INSTALLED.swap(true, Ordering::SeqCst) {
            // SAFETY: installs a handler that only calls async-signal-safe functions.
            unsafe {
                let handler = on_death as extern "C" fn(libc::c_int) as libc::sighandler_t;
                libc::signal(libc::SIGABRT, handler);
                libc::signal(libc::SIGILL, handler);
            }
        }
        let old = FD.swap(f.into_raw_fd(), Ordering::SeqCst);
        if old >= 0 {
            // SAFETY: a descriptor this module opened and no one else holds.
            unsafe { libc::close(old) };
        }
    }

    pub fn disarm() {
        let fd = FD.swap(-1, Ordering::SeqCst);
        if fd >= 0 {
            // SAFETY: a descriptor this module opened and no one else holds.
            unsafe { libc::close(fd) };
        }
    }
}
