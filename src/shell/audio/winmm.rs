//! Windows: the waveform output of `winmm.dll`, loaded with `LoadLibraryW` when the game starts.
//! winmm is on every desktop Windows, so linking it would cost nothing there; loading it keeps
//! the one shape of every platform (a system without it, such as Server Core or a bare Wine
//! prefix, starts the game silent instead of refusing to start it) and needs no import library.

use super::native::Shared;
use super::synth::RATE;
use std::ffi::c_void;
use std::time::Duration;

unsafe extern "system" {
    fn LoadLibraryW(name: *const u16) -> *mut c_void;
    fn GetProcAddress(module: *mut c_void, name: *const u8) -> *mut c_void;
}

const WAVE_MAPPER: u32 = u32::MAX;
const WAVE_FORMAT_PCM: u16 = 1;
const CALLBACK_NULL: u32 = 0;
const WHDR_DONE: u32 = 1;

#[repr(C)]
struct WaveFormatEx {
    format_tag: u16,
    channels: u16,
    samples_per_sec: u32,
    avg_bytes_per_sec: u32,
    block_align: u16,
    bits_per_sample: u16,
    size: u16,
}

#[repr(C)]
struct WaveHdr {
    data: *mut u8,
    buffer_length: u32,
    bytes_recorded: u32,
    user: usize,
    flags: u32,
    loops: u32,
    next: *mut WaveHdr,
    reserved: usize,
}

type Hwo = *mut c_void;

struct WinMm {
    open: unsafe extern "system" fn(*mut Hwo, u32, *const WaveFormatEx, usize, usize, u32) -> u32,
    prepare: unsafe extern "system" fn(Hwo, *mut WaveHdr, u32) -> u32,
    write: unsafe extern "system" fn(Hwo, *mut WaveHdr, u32) -> u32,
}

/// Samples a buffer (about 12 ms), and buffers queued: about 46 ms ahead of the ear.
const BLOCK: usize = 256;
const BUFFERS: usize = 4;

fn load() -> Result<WinMm, String> {
    let name: Vec<u16> = "winmm.dll\0".encode_utf16().collect();
    // SAFETY: loading a system library by name; it stays loaded for good.
    let lib = unsafe { LoadLibraryW(name.as_ptr()) };
    if lib.is_null() {
        return Err(format!("winmm.dll: {}", std::io::Error::last_os_error()));
    }
    let sym = |n: &[u8]| -> Result<*mut c_void, String> {
        // SAFETY: looking a NUL-terminated name up in a library that stays loaded.
        let p = unsafe { GetProcAddress(lib, n.as_ptr()) };
        if p.is_null() {
            Err(format!(
                "winmm.dll has no {}",
                String::from_utf8_lossy(&n[..n.len() - 1])
            ))
        } else {
            Ok(p)
        }
    };
    // SAFETY: each symbol is the winmm function of that name with the C signature of its field.
    unsafe {
        Ok(WinMm {
            open: func(sym(b"waveOutOpen\0")?),
            prepare: func(sym(b"waveOutPrepareHeader\0")?),
            write: func(sym(b"waveOutWrite\0")?),
        })
    }
}

/// The sound thread: opens the default waveform output, then keeps a few buffers queued with
/// whatever the mixer has, for as long as the game runs. Returns only when it cannot go on.
pub(super) fn run(shared: &Shared) -> Result<(), String> {
    let mm = load()?;
    let format = WaveFormatEx {
        format_tag: WAVE_FORMAT_PCM,
        channels: 1,
        samples_per_sec: RATE,
        avg_bytes_per_sec: RATE * 2,
        block_align: 2,
        bits_per_sample: 16,
        size: 0,
    };
    let mut hwo: Hwo = std::ptr::null_mut();
    // SAFETY: the documented call; CALLBACK_NULL: the thread polls each header's done flag.
    let e = unsafe { (mm.open)(&mut hwo, WAVE_MAPPER, &format, 0, 0, CALLBACK_NULL) };
    if e != 0 {
        return Err(format!("no waveform output (waveOutOpen error {e})"));
    }
    // The buffers and their headers live as long as this thread, which never returns while
    // the device holds them.
    let mut data = vec![[0i16; BLOCK]; BUFFERS];
    let mut headers: Vec<WaveHdr> = data
        .iter_mut()
        .map(|d| WaveHdr {
            data: d.as_mut_ptr().cast(),
            buffer_length: (BLOCK * 2) as u32,
            bytes_recorded: 0,
            user: 0,
            flags: 0,
            loops: 0,
            next: std::ptr::null_mut(),
            reserved: 0,
        })
        .collect();
    let size = std::mem::size_of::<WaveHdr>() as u32;
    for h in &mut headers {
        // SAFETY: a header of a buffer that outlives the device's use of it.
        let e = unsafe { (mm.prepare)(hwo, h, size) };
        if e != 0 {
            return Err(format!("waveOutPrepareHeader error {e}"));
        }
        h.flags |= WHDR_DONE;
    }
    shared.playing();
    let done = |h: &WaveHdr| {
        // SAFETY: the device sets this flag from its own thread when it has played a buffer.
        unsafe { std::ptr::read_volatile(&h.flags) & WHDR_DONE != 0 }
    };
    let mut next = 0;
    loop {
        shared.wait_for_sound();
        loop {
            while !done(&headers[next]) {
                std::thread::sleep(Duration::from_millis(2));
            }
            let more = shared.fill(&mut data[next]);
            headers[next].flags &= !WHDR_DONE;
            // SAFETY: a prepared header whose buffer the device is not playing.
            let e = unsafe { (mm.write)(hwo, &mut headers[next], size) };
            if e != 0 {
                return Err(format!("waveOutWrite error {e}"));
            }
            next = (next + 1) % BUFFERS;
            if !more {
                break;
            }
        }
        // The tail played out before the thread rests.
        while !headers.iter().all(done) {
            std::thread::sleep(Duration::from_millis(5));
        }
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
