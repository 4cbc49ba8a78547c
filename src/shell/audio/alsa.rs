//! Linux: ALSA's `libasound.so.2`, loaded with `dlopen` when the game starts (the binary
//! links no sound library, so it builds and starts where ALSA is missing), played on the
//! sound thread through the PCM's simple interface: `snd_pcm_set_params`, blocking writes.

use super::native::Shared;
use super::synth::RATE;
use std::ffi::{CStr, CString, c_char, c_int, c_long, c_uint, c_ulong, c_void};

/// The library's name with its ABI version (no development package needed).
pub const LIBRARY: &str = "libasound.so.2";

// The C library's loader (in libc, or libdl on older glibc, which the standard library links).
use libc::{RTLD_NOW, dlerror, dlopen, dlsym};

const SND_PCM_STREAM_PLAYBACK: c_int = 0;
const SND_PCM_NONBLOCK: c_int = 1;
const SND_PCM_FORMAT_S16_LE: c_int = 2;
const SND_PCM_ACCESS_RW_INTERLEAVED: c_int = 3;
/// How far ahead of the ear the device's buffer runs: short enough that a click is heard
/// with it, long enough that a busy machine does not starve it.
const LATENCY_US: c_uint = 60_000;
/// Samples handed over per write (about 12 ms).
const BLOCK: usize = 256;

type Pcm = c_void;

/// The few functions of libasound the game uses.
struct Alsa {
    open: unsafe extern "C" fn(*mut *mut Pcm, *const c_char, c_int, c_int) -> c_int,
    nonblock: unsafe extern "C" fn(*mut Pcm, c_int) -> c_int,
    set_params:
        unsafe extern "C" fn(*mut Pcm, c_int, c_int, c_uint, c_uint, c_int, c_uint) -> c_int,
    prepare: unsafe extern "C" fn(*mut Pcm) -> c_int,
    writei: unsafe extern "C" fn(*mut Pcm, *const c_void, c_ulong) -> c_long,
    recover: unsafe extern "C" fn(*mut Pcm, c_int, c_int) -> c_int,
    drain: unsafe extern "C" fn(*mut Pcm) -> c_int,
    strerror: unsafe extern "C" fn(c_int) -> *const c_char,
}

/// The loader's last error, as text.
fn loader_error() -> String {
    // SAFETY: dlerror returns null or a C string valid until the next loader call here.
    let e = unsafe { dlerror() };
    if e.is_null() {
        "unknown error".into()
    } else {
        unsafe { CStr::from_ptr(e) }.to_string_lossy().into_owned()
    }
}

impl Alsa {
    fn load(library: &str) -> Result<Alsa, String> {
        let name = CString::new(library).map_err(|_| format!("{library}: not a file name"))?;
        // SAFETY: a plain dlopen of a shared library by name; it stays loaded for good.
        let lib = unsafe { dlopen(name.as_ptr(), RTLD_NOW) };
        if lib.is_null() {
            return Err(loader_error());
        }
        let sym = |name: &CStr| -> Result<*mut c_void, String> {
            // SAFETY: looking a name up in a library that stays loaded.
            let p = unsafe { dlsym(lib, name.as_ptr()) };
            if p.is_null() {
                Err(format!("{library}: {}", loader_error()))
            } else {
                Ok(p)
            }
        };
        // Quiet: ALSA's own messages (a missing card, say) would be many lines on stderr; the
        // game says in one line why it is silent. Only this thread's, and only where the
        // library has it (1.1.6 on).
        if let Ok(p) = sym(c"snd_lib_error_set_local") {
            type Handler = unsafe extern "C" fn(
                *const c_char,
                c_int,
                *const c_char,
                c_int,
                *const c_char,
                *mut c_void,
            );
            unsafe extern "C" fn quiet(
                _: *const c_char,
                _: c_int,
                _: *const c_char,
                _: c_int,
                _: *const c_char,
                _: *mut c_void,
            ) {
            }
            // SAFETY: the function's C type is `snd_local_error_handler_t
            // snd_lib_error_set_local(snd_local_error_handler_t)`; the handler reads none of
            // its arguments.
            unsafe {
                let set: unsafe extern "C" fn(Option<Handler>) -> Option<Handler> = func(p);
                set(Some(quiet));
            }
        }
        // SAFETY: each symbol is the libasound function of that name, whose C signature the
        // field's type spells out (ALSA's documented PCM interface).
        unsafe {
            Ok(Alsa {
                open: func(sym(c"snd_pcm_open")?),
                nonblock: func(sym(c"snd_pcm_nonblock")?),
                set_params: func(sym(c"snd_pcm_set_params")?),
                prepare: func(sym(c"snd_pcm_prepare")?),
                writei: func(sym(c"snd_pcm_writei")?),
                recover: func(sym(c"snd_pcm_recover")?),
                drain: func(sym(c"snd_pcm_drain")?),
                strerror: func(sym(c"snd_strerror")?),
            })
        }
    }

    fn error(&self, what: &str, code: c_int) -> String {
        // SAFETY: snd_strerror returns a static C string for any code.
        let text = unsafe { CStr::from_ptr((self.strerror)(code)) };
        format!("{what}: {}", text.to_string_lossy())
    }
}

/// The sound thread: opens the default device, then plays whatever the mixer has, for as long
/// as the game runs. Returns only when it cannot go on, with the reason.
pub(super) fn run(shared: &Shared, library: &str) -> Result<(), String> {
    let alsa = Alsa::load(library)?;
    let mut pcm: *mut Pcm = std::ptr::null_mut();
    // Opened without blocking (a device another program holds answers "busy" at once instead
    // of waiting), then switched to blocking writes, which pace this thread.
    // SAFETY: the documented calls on a PCM handle this thread alone uses.
    unsafe {
        let e = (alsa.open)(
            &mut pcm,
            c"default".as_ptr(),
            SND_PCM_STREAM_PLAYBACK,
            SND_PCM_NONBLOCK,
        );
        if e < 0 {
            return Err(alsa.error("the default ALSA device", e));
        }
        let e = (alsa.nonblock)(pcm, 0);
        if e < 0 {
            return Err(alsa.error("ALSA blocking mode", e));
        }
        let e = (alsa.set_params)(
            pcm,
            SND_PCM_FORMAT_S16_LE,
            SND_PCM_ACCESS_RW_INTERLEAVED,
            1,
            RATE,
            1,
            LATENCY_US,
        );
        if e < 0 {
            return Err(alsa.error("ALSA mono 16-bit at 22,050 Hz", e));
        }
    }
    shared.playing();
    let mut block = [0i16; BLOCK];
    loop {
        shared.wait_for_sound();
        // SAFETY: as above.
        unsafe { (alsa.prepare)(pcm) };
        loop {
            let more = shared.fill(&mut block);
            let mut rest: &[i16] = &block;
            while !rest.is_empty() {
                // SAFETY: `rest` holds `rest.len()` frames of one 16-bit channel.
                let n = unsafe { (alsa.writei)(pcm, rest.as_ptr().cast(), rest.len() as c_ulong) };
                if n < 0 {
                    // An underrun or a suspend: recovered, or the end of sound.
                    let e = unsafe { (alsa.recover)(pcm, n as c_int, 1) };
                    if e < 0 {
                        return Err(alsa.error("ALSA playback", e));
                    }
                } else {
                    rest = &rest[(n as usize).min(rest.len())..];
                }
            }
            if !more {
                break;
            }
        }
        // The tail played out; the device idles until the next sound.
        unsafe { (alsa.drain)(pcm) };
    }
}

/// A function pointer of type `F` from a symbol's address.
///
/// # Safety
/// `F` must be the `unsafe extern` function type of the symbol's C signature.
unsafe fn func<F: Copy>(p: *mut c_void) -> F {
    assert_eq!(std::mem::size_of::<F>(), std::mem::size_of::<*mut c_void>());
    // SAFETY: a function pointer of the same size as the address, as the caller vouches.
    unsafe { std::mem::transmute_copy(&p) }
}
