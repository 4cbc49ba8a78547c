//! The few things that differ between native and web: the clock, the display check, and the
//! page address on the web.

/// Milliseconds since some fixed moment (the wall clock; native and web alike).
pub fn now_ms() -> u64 {
    (macroquad::miniquad::date::now() * 1000.0) as u64
}

/// Why a window cannot open here, if it cannot; the strings table words it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoWindow {
    /// Native Linux without a display: DISPLAY is not set, no X server answers there, or the
    /// X library does not open it (a screen the server lacks, a name it does not read).
    NoDisplay,
    /// The X library (`libX11.so.6`), which the window library loads at run time, is missing.
    NoX11Library,
}

/// Whether a window can open: on Linux and the BSDs, an X server must answer at `DISPLAY`
/// (its local socket, or its TCP port), and the X library must open that display, as the
/// window library will; checked before the window library tries, which would abort the
/// process.
pub fn missing_display() -> Option<NoWindow> {
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    {
        let var = |k: &str| std::env::var(k).ok().filter(|v| !v.is_empty());
        // The window library speaks X11 (on Wayland through Xwayland, which sets DISPLAY).
        // The server is asked first, with a time limit (an unreachable host answers nothing
        // for minutes), then the X library itself.
        if !var("DISPLAY").is_some_and(|d| x11_answers(&d)) {
            return Some(NoWindow::NoDisplay);
        }
        x11_opens()
    }
    #[cfg(not(all(unix, not(target_os = "macos"), not(target_arch = "wasm32"))))]
    None
}

/// Whether the X library opens the display `DISPLAY` names, as the window library will
/// (`XOpenDisplay`, of `libX11` loaded at run time): a screen the server lacks (`:0.7`) or a
/// name the library does not read fails here and not there. The display opened stays open
/// while the game runs, like the probe's connection in `x11_connects`; a server that takes
/// the connection and never answers is given ten seconds.
#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
fn x11_opens() -> Option<NoWindow> {
    use std::ffi::{c_char, c_int, c_void};
    // SAFETY: dlopen of the X library by name (it stays loaded for good; the window library
    // loads the same one), and its two functions looked up with their C signatures:
    // `Status XInitThreads(void)`, `Display *XOpenDisplay(const char *)`.
    let (init, open) = unsafe {
        let lib = [c"libX11.so.6", c"libX11.so"]
            .iter()
            .map(|name| libc::dlopen(name.as_ptr(), libc::RTLD_NOW | libc::RTLD_LOCAL))
            .find(|h| !h.is_null());
        let Some(lib) = lib else {
            return Some(NoWindow::NoX11Library);
        };
        let init = libc::dlsym(lib, c"XInitThreads".as_ptr());
        let open = libc::dlsym(lib, c"XOpenDisplay".as_ptr());
        if init.is_null() || open.is_null() {
            return Some(NoWindow::NoX11Library);
        }
        type Init = unsafe extern "C" fn() -> c_int;
        type Open = unsafe extern "C" fn(*const c_char) -> *mut c_void;
        (
            std::mem::transmute::<*mut c_void, Init>(init),
            std::mem::transmute::<*mut c_void, Open>(open),
        )
    };
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        // SAFETY: XInitThreads first, as the window library calls it (the X library's rule:
        // before any other of its calls); then XOpenDisplay(NULL) reads DISPLAY. The display
        // is never closed.
        let opened = unsafe {
            init();
            !open(std::ptr::null()).is_null()
        };
        let _ = tx.send(opened);
    });
    match rx.recv_timeout(std::time::Duration::from_secs(10)) {
        Ok(true) => None,
        _ => Some(NoWindow::NoDisplay),
    }
}

/// Whether an X server takes a connection at `DISPLAY` (`:N`, `unix:N`, `HOST:N`, with an
/// optional `.SCREEN`); a form not understood is left for the window library to try.
#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
fn x11_answers(display: &str) -> bool {
    let Some((host, rest)) = display.rsplit_once(':') else {
        return true;
    };
    let Ok(n) = rest.split('.').next().unwrap_or("").parse::<u16>() else {
        return true;
    };
    // A busy server may take a moment to answer: a few tries.
    (0..3).any(|_| x11_connects(host, n))
}

/// One try at `x11_answers`: a connection, and the server's answer to the opening request
/// (any answer, "authorisation required" too, since the window library brings the cookie).
#[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
fn x11_connects(host: &str, n: u16) -> bool {
    use std::io::{Read, Write};
    fn answers(mut s: impl Read + Write) -> bool {
        // Byte order 'l' (little-endian), protocol 11.0, no authorisation.
        let setup = [b'l', 0, 11, 0, 0, 0, 0, 0, 0, 0, 0, 0];
        let mut status = [0u8; 1];
        let ok = s.write_all(&setup).is_ok() && s.read_exact(&mut status).is_ok() && status[0] <= 2;
        if ok {
            // The connection stays open while the game runs: an X server that resets when its
            // last client leaves (Xvfb, a bare X server) would otherwise be resetting just as
            // the window library connects, and refuse it (which aborts the process).
            std::mem::forget(s);
        }
        ok
    }
    let timeout = Some(std::time::Duration::from_secs(2));
    let unix = |s: std::os::unix::net::UnixStream| {
        let _ = s.set_read_timeout(timeout);
        answers(s)
    };
    if host.is_empty() || host == "unix" {
        let path = format!("/tmp/.X11-unix/X{n}");
        if let Ok(s) = std::os::unix::net::UnixStream::connect(&path) {
            return unix(s);
        }
        // Linux's abstract socket of the same name (an X server in a container, say).
        #[cfg(target_os = "linux")]
        {
            use std::os::linux::net::SocketAddrExt;
            if let Ok(addr) = std::os::unix::net::SocketAddr::from_abstract_name(path.as_bytes())
                && let Ok(s) = std::os::unix::net::UnixStream::connect_addr(&addr)
            {
                return unix(s);
            }
        }
        return false;
    }
    if host.starts_with('/') {
        // A launchd-style socket path (`/private/tmp/…:0`).
        return std::os::unix::net::UnixStream::connect(host).is_ok_and(unix);
    }
    use std::net::ToSocketAddrs;
    let port = 6000u16.saturating_add(n);
    let wait = std::time::Duration::from_secs(2);
    (host, port).to_socket_addrs().is_ok_and(|mut addrs| {
        addrs.any(|a| {
            std::net::TcpStream::connect_timeout(&a, wait).is_ok_and(|s| {
                let _ = s.set_read_timeout(timeout);
                answers(s)
            })
        })
    })
}

/// A write past the file-size limit (`ulimit -f`) fails with an error the saves report, instead
/// of killing the game with SIGXFSZ.
pub fn ignore_file_size_limit_signal() {
    #[cfg(all(unix, not(target_arch = "wasm32")))]
    // SAFETY: sets the disposition of one signal to "ignore"; no handler of ours runs.
    unsafe {
        libc::signal(libc::SIGXFSZ, libc::SIG_IGN);
    }
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
        fn solitaire_share(ptr: *const u8, len: u32);
        fn solitaire_announce(ptr: *const u8, len: u32);
        fn solitaire_label(lang: *const u8, lang_len: u32, ptr: *const u8, len: u32);
        fn solitaire_paste_len() -> u32;
        fn solitaire_paste_copy(ptr: *mut u8, len: u32);
        fn solitaire_event_time(kind: u32) -> f64;
        fn solitaire_page_words(ptr: *const u8, len: u32);
        fn solitaire_can_draw() -> u32;
        fn solitaire_cannot_draw();
        fn solitaire_event_times_forget();
    }

    /// When the oldest pointer event of `kind` (0 press, 1 release, 2 move) not yet asked
    /// for happened, in wall-clock milliseconds, as the browser stamped it.
    pub fn event_time(kind: u32) -> Option<u64> {
        // SAFETY: a plain call into the page's plugin, no pointers.
        let at = unsafe { solitaire_event_time(kind) };
        (at.is_finite() && at >= 0.0).then_some(at as u64)
    }

    /// The page's own words, one a line: see `platform::page_words`.
    pub fn page_words(text: &str) {
        // SAFETY: the JS side reads `len` bytes from the buffer it is handed.
        unsafe { solitaire_page_words(text.as_ptr(), text.len() as u32) }
    }

    pub fn can_draw() -> bool {
        // SAFETY: a plain call into the page's plugin, no pointers.
        unsafe { solitaire_can_draw() != 0 }
    }

    pub fn say_cannot_draw() {
        // SAFETY: a plain call into the page's plugin, no pointers.
        unsafe { solitaire_cannot_draw() }
    }

    /// The event times not asked for this frame are of no later one.
    pub fn forget_event_times() {
        // SAFETY: a plain call into the page's plugin, no pointers.
        unsafe { solitaire_event_times_forget() }
    }

    /// A link shared: the page copies it to the clipboard where the browser lets it, and
    /// shows it in a field the player can select.
    pub fn share(text: &str) {
        // SAFETY: the JS side reads `len` bytes from the buffer it is handed.
        unsafe { solitaire_share(text.as_ptr(), text.len() as u32) }
    }

    /// A line for the page's live region, which a screen reader reads out.
    pub fn announce(text: &str) {
        // SAFETY: the JS side reads `len` bytes from the buffer it is handed.
        unsafe { solitaire_announce(text.as_ptr(), text.len() as u32) }
    }

    /// The page's language and the game's label for a screen reader.
    pub fn label(lang: &str, text: &str) {
        // SAFETY: the JS side reads each buffer's length in bytes from it.
        unsafe {
            solitaire_label(
                lang.as_ptr(),
                lang.len() as u32,
                text.as_ptr(),
                text.len() as u32,
            )
        }
    }

    /// The text of the page's last paste event, once.
    pub fn pasted() -> Option<String> {
        // SAFETY: the JS side writes at most `len` bytes into the buffer it is handed.
        let len = unsafe { solitaire_paste_len() };
        if len == 0 || len > crate::save::link::MAX_CHARS as u32 {
            return None;
        }
        let mut buf = vec![0u8; len as usize];
        unsafe { solitaire_paste_copy(buf.as_mut_ptr(), len) };
        Some(String::from_utf8_lossy(&buf).into_owned())
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

/// Hands the page its own words in the player's language (the web page draws them itself,
/// outside the canvas): why the browser cannot draw the game, that the graphics were taken
/// away and come back with a tap, and the Share field's buttons. Natively there is no page.
pub fn page_words(language: crate::ui::strings::Language) {
    #[cfg(target_arch = "wasm32")]
    {
        let s = language.table();
        let lines = [
            s.page_no_graphics,
            s.page_graphics_lost,
            s.page_copy,
            s.page_close,
            s.share_title,
        ];
        web::page_words(&lines.join("\n"));
    }
    #[cfg(not(target_arch = "wasm32"))]
    let _ = language;
}

/// Whether the game can be drawn here: on the web, whether the browser gives a page WebGL
/// (with what the window library needs of it); natively the display check comes first.
pub fn can_draw() -> bool {
    #[cfg(target_arch = "wasm32")]
    {
        web::can_draw()
    }
    #[cfg(not(target_arch = "wasm32"))]
    true
}

/// Says in the page that the browser cannot draw the game, and what to try.
pub fn say_cannot_draw() {
    #[cfg(target_arch = "wasm32")]
    web::say_cannot_draw();
}

/// A kind of pointer event, for its time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stamp {
    Down,
    Up,
    Move,
}

/// When the player made the pointer event of `kind` being handed over, in wall-clock
/// milliseconds: on the web the browser's own time for it (the events of a frame are paired
/// with their times in order, kind by kind); natively the window library gives none.
pub fn event_time(kind: Stamp) -> Option<u64> {
    #[cfg(target_arch = "wasm32")]
    {
        web::event_time(kind as u32)
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = kind;
        None
    }
}

/// The frame's events are all handed over: times left unpaired belong to none of the next.
pub fn forget_event_times() {
    #[cfg(target_arch = "wasm32")]
    web::forget_event_times();
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

/// A shared link: on the clipboard natively; on the web, the page copies it and shows it in
/// a field.
pub fn share(text: &str) {
    #[cfg(target_arch = "wasm32")]
    web::share(text);
    #[cfg(not(target_arch = "wasm32"))]
    macroquad::miniquad::window::clipboard_set(text);
}

/// A line for a screen reader: the web page's live region reads it out; natively no screen
/// reader sees inside the window, and the line goes nowhere.
pub fn announce(text: &str) {
    #[cfg(target_arch = "wasm32")]
    web::announce(text);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = text;
}

/// The language the game speaks: on the web the page takes it (its `lang`, the game's label
/// for a screen reader, in that language); natively the window has no such label.
pub fn label_page(language: crate::ui::strings::Language) {
    #[cfg(target_arch = "wasm32")]
    web::label(language.tag(), language.table().page_label);
    #[cfg(not(target_arch = "wasm32"))]
    let _ = language;
}

/// Text pasted: natively the clipboard's (asked at Ctrl+V); on the web, the page's last
/// paste event's.
pub fn pasted() -> Option<String> {
    #[cfg(target_arch = "wasm32")]
    {
        web::pasted()
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        macroquad::miniquad::window::clipboard_get()
    }
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
        // SAFETY: `time` writes nothing when handed null; `localtime_r` fills the `struct tm`
        // it is handed, or returns null. An all-zero `struct tm` is a valid value (its zone
        // pointer null).
        let (ok, tm) = unsafe {
            let mut tm: libc::tm = std::mem::zeroed();
            let t = libc::time(std::ptr::null_mut());
            (!libc::localtime_r(&t, &mut tm).is_null(), tm)
        };
        if ok {
            Date::new(tm.tm_year + 1900, (tm.tm_mon + 1) as u32, tm.tm_mday as u32)
                .unwrap_or_else(|_| utc())
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

/// Where a shared replay's link leads: natively its query alone; on the web the page's
/// address without its query, or, in another page's frame, that page's where the browser tells
/// it (the page says "F" and the address, if any).
pub fn share_to() -> crate::ui::watch::ShareTo {
    use crate::ui::watch::ShareTo;
    #[cfg(target_arch = "wasm32")]
    {
        match web::lang(5) {
            Some(framed) if framed.starts_with('F') => {
                ShareTo::Framed(Some(framed[1..].to_string()).filter(|p| !p.is_empty()))
            }
            _ => ShareTo::Page(web::lang(4).unwrap_or_default()),
        }
    }
    #[cfg(not(target_arch = "wasm32"))]
    ShareTo::Native
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

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use std::io::{Read, Write};
    use std::os::unix::net::UnixListener;
    use std::time::Duration;

    /// The probe of `DISPLAY` leaves its connection open: an X server that resets when its
    /// last client leaves would otherwise refuse the window library's connection a moment
    /// later (seen as aborts under Xvfb on a busy machine).
    #[test]
    fn the_display_probe_keeps_its_connection() {
        let _ = std::fs::create_dir_all("/tmp/.X11-unix");
        // A display number no real server uses, as a stand-in server.
        let n = 40000 + std::process::id() % 20000;
        let path = format!("/tmp/.X11-unix/X{n}");
        let _ = std::fs::remove_file(&path);
        let listener = UnixListener::bind(&path).expect("a stand-in X server");
        let server = std::thread::spawn(move || {
            let (mut c, _) = listener.accept().unwrap();
            let mut setup = [0u8; 12];
            c.read_exact(&mut setup).unwrap();
            c.write_all(&[1, 0, 11, 0, 0, 0, 0, 0]).unwrap();
            // The client must not hang up: a read waits (and times out) instead of ending.
            c.set_read_timeout(Some(Duration::from_millis(300)))
                .unwrap();
            let mut byte = [0u8; 1];
            let waited = c.read(&mut byte).is_err_and(|e| {
                matches!(
                    e.kind(),
                    std::io::ErrorKind::WouldBlock | std::io::ErrorKind::TimedOut
                )
            });
            let closed = !waited;
            (setup[0], closed)
        });
        let answered = super::x11_answers(&format!(":{n}"));
        let (order, closed) = server.join().unwrap();
        let _ = std::fs::remove_file(&path);
        assert!(answered, "the stand-in server answered");
        assert_eq!(order, b'l');
        assert!(!closed, "the probe hung up on the server");
    }
}
