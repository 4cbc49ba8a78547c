//! The browser's localStorage, through our plugin (`web/solitaire.js`). Every call survives a
//! storage the browser blocks (itch.io iframes with third-party storage blocked).

use super::storage::{Kept, StorageError, Unusable};
use super::{Key, Storage, Stored};

// Provided by web/solitaire.js. A key is passed as its name (UTF-8 bytes).
unsafe extern "C" {
    fn solitaire_storage_read(key: *const u8, key_len: u32) -> i32;
    fn solitaire_storage_copy(ptr: *mut u8, len: u32);
    fn solitaire_storage_write(key: *const u8, key_len: u32, ptr: *const u8, len: u32) -> i32;
    fn solitaire_storage_remove(key: *const u8, key_len: u32) -> i32;
    fn solitaire_storage_keep_aside(key: *const u8, key_len: u32) -> i32;
    fn solitaire_storage_claim() -> i32;
    fn solitaire_storage_unsaved(key: *const u8, key_len: u32, ptr: *const u8, len: u32);
}

/// The records as `solitaire.NAME` entries of this site's storage.
pub struct LocalStorage;

impl Storage for LocalStorage {
    fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
        let name = key.name();
        // SAFETY: the plugin reads `key_len` bytes of the name, reports the value's length,
        // then copies exactly that many bytes into the buffer it is handed.
        let len = unsafe { solitaire_storage_read(name.as_ptr(), name.len() as u32) };
        match len {
            -1 => Err(StorageError::Blocked),
            -2 => Ok(Stored::Nothing),
            n if n as u64 > super::format::MAX_BYTES => Ok(Stored::Unusable(Unusable::TooLarge)),
            n if n >= 0 => {
                let mut buf = vec![0u8; n as usize];
                unsafe { solitaire_storage_copy(buf.as_mut_ptr(), n as u32) };
                Ok(Stored::Bytes(buf))
            }
            _ => Err(StorageError::Refused),
        }
    }

    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
        let name = key.name();
        // SAFETY: the plugin reads `len` bytes from each pointer it is handed.
        let done = unsafe {
            solitaire_storage_write(
                name.as_ptr(),
                name.len() as u32,
                bytes.as_ptr(),
                bytes.len() as u32,
            )
        };
        match done {
            1 => Ok(()),
            2 => Err(StorageError::TakenOver),
            _ => Err(StorageError::Refused),
        }
    }

    fn remove(&mut self, key: Key) -> Result<(), StorageError> {
        let name = key.name();
        match unsafe { solitaire_storage_remove(name.as_ptr(), name.len() as u32) } {
            1 => Ok(()),
            _ => Err(StorageError::Refused),
        }
    }

    fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError> {
        let name = key.name();
        match unsafe { solitaire_storage_keep_aside(name.as_ptr(), name.len() as u32) } {
            n if n > 0 => Ok(Kept::SiteKey(format!("solitaire.{name}.unreadable.{n}"))),
            _ => Err(StorageError::Refused),
        }
    }

    /// Handed to the page, which writes them as it goes (`pagehide`), if it can.
    fn keep_unsaved(&mut self, records: &[(Key, &[u8])]) {
        // SAFETY: the plugin reads `key_len` and `len` bytes from the pointers it is handed; a
        // key of no bytes empties its list.
        unsafe {
            solitaire_storage_unsaved(std::ptr::null(), 0, std::ptr::null(), 0);
            for (key, bytes) in records {
                let name = key.name();
                solitaire_storage_unsaved(
                    name.as_ptr(),
                    name.len() as u32,
                    bytes.as_ptr(),
                    bytes.len() as u32,
                );
            }
        }
    }

    fn claim(&mut self) -> Result<bool, StorageError> {
        match unsafe { solitaire_storage_claim() } {
            1 => Ok(true),
            0 => Ok(false),
            _ => Err(StorageError::Blocked),
        }
    }
}
