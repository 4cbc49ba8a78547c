//! The sound effects played: synthesised at start-up (`synth`), mixed by us (`mixer`), and
//! handed to the platform's own output, loaded at run time so that no sound library is needed
//! to build or to start the game: ALSA's `libasound.so.2` through `dlopen` on Linux (`alsa`),
//! the waveform output of `winmm.dll` on Windows (`winmm`), WebAudio in the page's plugin on
//! the web (`web`). Where there is none, or no device, the game is silent and says so in one
//! line on stderr.
//!
//! The window's use: `let audio = Audio::start();` once, then `audio.play(sound)` for each
//! sound the UI asks for and `audio.set_enabled(on)` when the setting changes.

#[cfg(target_os = "linux")]
mod alsa;
pub mod mixer;
pub mod synth;
#[cfg(target_arch = "wasm32")]
mod web;
#[cfg(windows)]
mod winmm;

pub use crate::ui::sound::Sound;

/// Where the sound output stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// The output is being opened (on the sound thread).
    Starting,
    /// Sounds are heard (on the web: once the page has been clicked).
    Playing,
    /// No output: the reason, as written to the log.
    Silent(String),
}

#[cfg(target_arch = "wasm32")]
pub use web::Audio;

#[cfg(not(target_arch = "wasm32"))]
pub use native::Audio;

#[cfg(not(target_arch = "wasm32"))]
mod native {
    use super::Status;
    use super::mixer::Mixer;
    use crate::ui::sound::Sound;
    use std::sync::{Arc, Condvar, Mutex, MutexGuard};
    use std::time::{Duration, Instant};

    /// What the game's thread and the sound thread share.
    pub(super) struct Shared {
        mixer: Mutex<Mixer>,
        wake: Condvar,
        status: Mutex<Status>,
        /// The sound thread is sending samples to the device (until they have all been
        /// played).
        busy: Mutex<bool>,
    }

    fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
        m.lock().unwrap_or_else(|e| e.into_inner())
    }

    impl Shared {
        /// Waits until a sound plays (then the thread is busy until `idle`).
        pub(super) fn wait_for_sound(&self) {
            let mut m = lock(&self.mixer);
            while !m.is_playing() {
                *lock(&self.busy) = false;
                m = self.wake.wait(m).unwrap_or_else(|e| e.into_inner());
            }
            *lock(&self.busy) = true;
        }

        /// The next block of samples; false once the sounds have ended.
        pub(super) fn fill(&self, out: &mut [i16]) -> bool {
            let mut m = lock(&self.mixer);
            m.fill(out);
            m.is_playing()
        }

        pub(super) fn playing(&self) {
            *lock(&self.status) = Status::Playing;
        }
    }

    /// The game's sound: a handle on the sound thread, cheap to call every frame.
    pub struct Audio {
        shared: Arc<Shared>,
    }

    impl Audio {
        /// Makes the sounds and opens the platform's output on a thread of its own: returns
        /// at once, and never fails (no output: silent, one line on stderr).
        pub fn start() -> Audio {
            #[cfg(target_os = "linux")]
            let open = |s: &Shared| super::alsa::run(s, super::alsa::LIBRARY);
            #[cfg(windows)]
            let open = super::winmm::run;
            #[cfg(not(any(target_os = "linux", windows)))]
            let open = |_: &Shared| Err("no sound output is written for this system".to_string());
            Self::start_with(open)
        }

        /// `start`, with ALSA loaded from another library name (tests: one that is not there).
        #[cfg(target_os = "linux")]
        pub fn start_with_library(library: &'static str) -> Audio {
            Self::start_with(move |s: &Shared| super::alsa::run(s, library))
        }

        fn start_with(open: impl FnOnce(&Shared) -> Result<(), String> + Send + 'static) -> Audio {
            let shared = Arc::new(Shared {
                mixer: Mutex::new(Mixer::new()),
                wake: Condvar::new(),
                status: Mutex::new(Status::Starting),
                busy: Mutex::new(false),
            });
            let s = shared.clone();
            let started = std::thread::Builder::new()
                .name("sound".into())
                .spawn(move || {
                    // The output runs until the game ends; it returns only when it fails.
                    let why = open(&s)
                        .err()
                        .unwrap_or_else(|| "the output stopped".into());
                    silence(&s, why);
                });
            if let Err(e) = started {
                silence(&shared, format!("no thread for it ({e})"));
            }
            Audio { shared }
        }

        /// Starts a sound, over any playing (nothing while sound is off or there is no output).
        pub fn play(&self, sound: Sound) {
            if matches!(self.status(), Status::Silent(_)) {
                return;
            }
            lock(&self.shared.mixer).play(sound);
            self.shared.wake.notify_one();
        }

        /// The Settings → Sound switch: off silences what plays at once.
        pub fn set_enabled(&self, on: bool) {
            lock(&self.shared.mixer).set_enabled(on);
        }

        /// Nothing to do natively: the page needs it, and unlocks its sound by itself.
        pub fn resume_after_gesture(&self) {}

        pub fn status(&self) -> Status {
            lock(&self.shared.status).clone()
        }

        /// Waits (at most `within`) until the output has opened or failed and every sound
        /// started has been played to the end: for the command line and tests, never the
        /// window.
        pub fn finish(&self, within: Duration) -> Status {
            let until = Instant::now() + within;
            while Instant::now() < until {
                let status = self.status();
                let done = match &status {
                    Status::Starting => false,
                    Status::Silent(_) => true,
                    Status::Playing => {
                        !lock(&self.shared.mixer).is_playing() && !*lock(&self.shared.busy)
                    }
                };
                if done {
                    return status;
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            self.status()
        }
    }

    /// No output: said once, and every sound from now on is dropped.
    fn silence(s: &Shared, why: String) {
        eprintln!("solitaire: no sound: {why}");
        lock(&s.mixer).set_enabled(false);
        *lock(&s.busy) = false;
        *lock(&s.status) = Status::Silent(why);
    }
}
