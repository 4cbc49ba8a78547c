//! The few things that differ between native and web: the clock, the display check, and the
//! page address on the web.

/// Milliseconds since some fixed moment (the wall clock; native and web alike).
pub fn now_ms() -> u64 {
    (macroquad::miniquad::date::now() * 1000.0) as u64
}

/// Why a window cannot open here, if it cannot; the strings table words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWindow {
    /// Native Linux without a display: neither DISPLAY nor WAYLAND_DISPLAY is set.
    NoDisplay,
}

pub fn missing_display() -> Option<NoWindow> {
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    {
        let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            return Some(NoWindow::NoDisplay);
        }
    }
    None
}

#[cfg(target_arch = "wasm32")]
mod web {
    // Provided by web/solitaire.js.
    unsafe extern "C" {
        fn solitaire_query_len() -> u32;
        fn solitaire_query_copy(ptr: *mut u8, len: u32);
        fn solitaire_lang_len(which: u32) -> u32;
        fn solitaire_lang_copy(which: u32, ptr: *mut u8, len: u32);
        fn solitaire_touch_screen() -> u32;
        fn solitaire_today() -> u32;
    }

    /// The loader asks for this to check the plugin's version.
    #[unsafe(no_mangle)]
    pub extern "C" fn solitaire_crate_version() -> u32 {
        1
    }

    /// The page's `?lang=` (0) or the browser's language (1).
    pub fn lang(which: u32) -> Option<String> {
        // SAFETY: the JS side writes at most `len` bytes into the buffer it is handed.
        let len = unsafe { solitaire_lang_len(which) };
        if len == 0 || len > crate::save::link::MAX_CHARS as u32 {
            return None;
        }
        let mut buf = vec![0u8; len as usize];
        unsafe { solitaire_lang_copy(which, buf.as_mut_ptr(), len) };
        Some(String::from_utf8_lossy(&buf).into_owned())
    }

    /// The browser's local date, as year × 10000 + month × 100 + day.
    pub fn today() -> u32 {
        // SAFETY: a plain call into the page's plugin, no pointers.
        unsafe { solitaire_today() }
    }

    pub fn touch_screen() -> bool {
        // SAFETY: a plain call into the page's plugin, no pointers.
        unsafe { solitaire_touch_screen() != 0 }
    }

    pub fn query_code() -> Option<String> {
        // SAFETY: the JS side writes at most `len` bytes into the buffer it is handed.
        let len = unsafe { solitaire_query_len() };
        if len == 0 {
            return None;
        }
        let mut buf = vec![0u8; len as usize];
        unsafe { solitaire_query_copy(buf.as_mut_ptr(), len) };
        Some(String::from_utf8_lossy(&buf).into_owned())
    }
}

/// Where this platform keeps its save.
pub fn storage() -> Result<Box<dyn crate::save::Storage>, crate::save::StorageError> {
    #[cfg(target_arch = "wasm32")]
    {
        Ok(Box::new(crate::save::web::LocalStorage))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        crate::save::FileStorage::default_dir()
            .map(|d| Box::new(crate::save::FileStorage::in_dir(d)) as Box<dyn crate::save::Storage>)
            .ok_or(crate::save::StorageError::NoFolder)
    }
}

/// The `?code=` of the page address (web), or nothing (native: the command line says it).
/// Whether the screen is a touch screen (the page asks the browser; a window natively starts
/// with a mouse and learns of fingers from their first touch).
pub fn touch_screen() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web::touch_screen()
    }
    #[cfg(not(target_arch = "wasm32"))]
    false
}

pub fn query_code() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::query_code()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// Today's date where the player is: the local calendar day (natively the system's time zone,
/// on the web the browser's); the UTC day where the local one cannot be had.
pub fn today() -> crate::play::daily::Date {
    use crate::play::daily::Date;
    let utc = || Date::from_days((now_ms() / 86_400_000) as i64);
    #[cfg(target_arch = "wasm32")]
    {
        let n = web::today();
        Date::new((n / 10_000) as i32, n / 100 % 100, n % 100).unwrap_or_else(|_| utc())
    }
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    {
        // The C library's `localtime_r`: its `struct tm` begins with nine ints (sec, min,
        // hour, mday, mon, year - 1900, wday, yday, isdst) everywhere; what follows differs,
        // so the buffer is larger than any of them and only those are read.
        unsafe extern "C" {
            fn time(t: *mut i64) -> i64;
            fn localtime_r(t: *const i64, tm: *mut [i32; 16]) -> *mut [i32; 16];
        }
        let mut tm = [0i32; 16];
        // SAFETY: `time` writes nothing when handed null; `localtime_r` writes a `struct tm`
        // (at most 56 bytes on 64-bit systems) into a 64-byte buffer, or returns null.
        let ok = unsafe {
            let t = time(std::ptr::null_mut());
            !localtime_r(&t, &mut tm).is_null()
        };
        if ok {
            Date::new(tm[5] + 1900, (tm[4] + 1) as u32, tm[3] as u32).unwrap_or_else(|_| utc())
        } else {
            utc()
        }
    }
    #[cfg(windows)]
    {
        #[repr(C)]
        struct SystemTime([u16; 8]);
        unsafe extern "system" {
            fn GetLocalTime(t: *mut SystemTime);
        }
        let mut t = SystemTime([0; 8]);
        // SAFETY: GetLocalTime fills the SYSTEMTIME it is handed (eight u16: year, month,
        // weekday, day, ...).
        unsafe { GetLocalTime(&mut t) };
        Date::new(i32::from(t.0[0]), u32::from(t.0[1]), u32::from(t.0[3])).unwrap_or_else(|_| utc())
    }
    #[cfg(not(any(unix, windows, target_arch = "wasm32")))]
    {
        utc()
    }
}

/// The daily deal a link asks for: `?daily` (today: "today") or `?daily=YYYY-MM-DD` on the
/// web (none natively).
pub fn link_daily() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::lang(2)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The replay a link carries: `?replay=…` on the web (none natively).
pub fn link_replay() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::lang(3)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The page's address without its query, on the web (a shared replay's link starts with it).
pub fn page_address() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::lang(4)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The language a link asks for: `?lang=nb` on the web (none natively).
pub fn link_language() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::lang(0)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        None
    }
}

/// The system's language, as a tag like `nb_NO.UTF-8` or `tr-TR`: natively the first of
/// `LC_ALL`, `LC_MESSAGES` and `LANG` that is set, else (Windows) the user's locale; on the
/// web, the browser's language.
pub fn system_language() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::lang(1)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|k| std::env::var(k).ok())
            .find(|v| !v.is_empty() && v != "C" && v != "POSIX")
            .or_else(windows_locale)
    }
}

/// The user's locale on Windows, like `nb-NO` (elsewhere none).
#[cfg(not(target_arch = "wasm32"))]
fn windows_locale() -> Option<String> {
    #[cfg(windows)]
    {
        unsafe extern "system" {
            fn GetUserDefaultLocaleName(name: *mut u16, len: i32) -> i32;
        }
        let mut buf = [0u16; 85];
        // SAFETY: the buffer holds the 85 characters Windows writes at most (LOCALE_NAME_MAX_LENGTH).
        let n = unsafe { GetUserDefaultLocaleName(buf.as_mut_ptr(), buf.len() as i32) };
        (n > 1).then(|| String::from_utf16_lossy(&buf[..(n - 1) as usize]))
    }
    #[cfg(not(windows))]
    {
        None
    }
}
