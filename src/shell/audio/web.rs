//! The web: WebAudio, in the page's plugin (`web/solitaire.js`). The samples are handed over
//! once at start; the page plays each through its own buffer source (the browser mixes), and
//! opens its audio only on the player's first click or key, as browsers require.

use super::Status;
use super::synth::{RATE, render};
use crate::ui::sound::Sound;
use std::cell::Cell;

// Provided by web/solitaire.js.
unsafe extern "C" {
    fn solitaire_sound_load(id: u32, ptr: *const i16, len: u32, rate: u32);
    fn solitaire_sound_play(id: u32);
}

/// The game's sound in the page.
pub struct Audio {
    enabled: Cell<bool>,
}

impl Audio {
    /// Makes the sounds and hands them to the page (which copies them).
    pub fn start() -> Audio {
        for s in Sound::ALL {
            let samples = render(s);
            // SAFETY: the plugin copies `len` samples from `ptr` before returning.
            unsafe {
                solitaire_sound_load(
                    s.index() as u32,
                    samples.as_ptr(),
                    samples.len() as u32,
                    RATE,
                )
            };
        }
        Audio {
            enabled: Cell::new(true),
        }
    }

    /// Starts a sound (nothing while sound is off, or before the page's first click).
    pub fn play(&self, sound: Sound) {
        if self.enabled.get() {
            // SAFETY: a plain call into the page's plugin, no pointers.
            unsafe { solitaire_sound_play(sound.index() as u32) };
        }
    }

    pub fn set_enabled(&self, on: bool) {
        self.enabled.set(on);
    }

    /// Nothing to do: the page opens its audio in its own handler of the first click or key,
    /// the one place a browser lets it (this code runs later, in an animation frame).
    pub fn resume_after_gesture(&self) {}

    pub fn status(&self) -> Status {
        Status::Playing
    }
}
