//! A tiny mixer: the sounds playing now, summed into the blocks a sound device asks for.

use super::synth;
use crate::ui::sound::Sound;

/// The most sounds heard at once; a new one past it ends the oldest (a burst of quick clicks
/// stays a burst, not a roar).
const VOICES: usize = 6;

pub struct Mixer {
    /// Each sound's samples, by `Sound::index`.
    bank: Vec<Vec<i16>>,
    /// The sounds playing: which, and the next sample of each.
    voices: Vec<(usize, usize)>,
    enabled: bool,
}

impl Default for Mixer {
    fn default() -> Self {
        Self::new()
    }
}

impl Mixer {
    /// Every sound made (a few milliseconds), sound on.
    pub fn new() -> Mixer {
        Mixer {
            bank: Sound::ALL.iter().map(|&s| synth::render(s)).collect(),
            voices: Vec::new(),
            enabled: true,
        }
    }

    pub fn samples(&self, sound: Sound) -> &[i16] {
        &self.bank[sound.index()]
    }

    /// Starts a sound (over any playing). Nothing while sound is off.
    pub fn play(&mut self, sound: Sound) {
        if !self.enabled {
            return;
        }
        if self.voices.len() == VOICES {
            self.voices.remove(0);
        }
        self.voices.push((sound.index(), 0));
    }

    /// Sound off silences what plays at once; sound on plays the next sound.
    pub fn set_enabled(&mut self, on: bool) {
        self.enabled = on;
        if !on {
            self.voices.clear();
        }
    }

    pub fn is_playing(&self) -> bool {
        !self.voices.is_empty()
    }

    /// The next block: the playing sounds summed (clamped, never wrapped round), silence after
    /// they end.
    pub fn fill(&mut self, out: &mut [i16]) {
        let mut sum = vec![0i32; out.len()];
        for (sound, at) in &mut self.voices {
            let samples = &self.bank[*sound][*at..];
            for (s, &v) in sum.iter_mut().zip(samples) {
                *s += v as i32;
            }
            *at += samples.len().min(out.len());
        }
        let bank = &self.bank;
        self.voices.retain(|&(sound, at)| at < bank[sound].len());
        for (o, s) in out.iter_mut().zip(sum) {
            *o = s.clamp(i16::MIN as i32, i16::MAX as i32) as i16;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Everything the mixer gives until it falls silent, in blocks of `block`.
    fn drain(m: &mut Mixer, block: usize) -> Vec<i16> {
        let mut out = Vec::new();
        while m.is_playing() {
            let mut b = vec![1i16; block];
            m.fill(&mut b);
            out.extend(b);
        }
        out
    }

    #[test]
    fn one_sound_comes_out_as_it_was_made_then_silence() {
        let mut m = Mixer::new();
        let want = m.samples(Sound::Home).to_vec();
        m.play(Sound::Home);
        let got = drain(&mut m, 100);
        assert_eq!(&got[..want.len()], &want[..]);
        assert!(got[want.len()..].iter().all(|&v| v == 0), "silence after");
        let mut b = [7i16; 10];
        m.fill(&mut b);
        assert_eq!(b, [0; 10], "idle: silence");
    }

    #[test]
    fn overlapping_sounds_add_up() {
        let mut m = Mixer::new();
        let (a, b) = (
            m.samples(Sound::Draw).to_vec(),
            m.samples(Sound::Win).to_vec(),
        );
        m.play(Sound::Draw);
        let mut first = vec![0i16; 64];
        m.fill(&mut first);
        m.play(Sound::Win);
        let rest = drain(&mut m, 64);
        let got: Vec<i16> = first.into_iter().chain(rest).collect();
        for (i, &v) in got.iter().enumerate().take(b.len() + 64) {
            let want = a.get(i).copied().unwrap_or(0) as i32
                + i.checked_sub(64)
                    .and_then(|j| b.get(j))
                    .copied()
                    .unwrap_or(0) as i32;
            assert_eq!(v as i32, want, "sample {i}");
        }
    }

    #[test]
    fn many_loud_sounds_clamp_instead_of_wrapping_round() {
        let mut m = Mixer::new();
        for _ in 0..VOICES {
            m.play(Sound::Win);
        }
        let one = m.samples(Sound::Win).to_vec();
        let got = drain(&mut m, 512);
        let mut clamped = 0;
        for (&v, &o) in got.iter().zip(&one) {
            let want = (o as i32 * VOICES as i32).clamp(i16::MIN as i32, i16::MAX as i32);
            assert_eq!(v as i32, want);
            clamped += (want != o as i32 * VOICES as i32) as usize;
        }
        assert!(clamped > 0, "the sum went past full scale somewhere");
    }

    #[test]
    fn sound_off_silences_at_once_and_drops_new_sounds() {
        let mut m = Mixer::new();
        m.play(Sound::Win);
        m.set_enabled(false);
        assert!(!m.is_playing());
        m.play(Sound::Home);
        assert!(!m.is_playing());
        m.set_enabled(true);
        m.play(Sound::Home);
        assert!(m.is_playing());
    }

    #[test]
    fn a_burst_of_sounds_keeps_only_the_newest_few() {
        let mut m = Mixer::new();
        for _ in 0..VOICES * 3 {
            m.play(Sound::PickUp);
        }
        assert_eq!(m.voices.len(), VOICES);
    }
}
