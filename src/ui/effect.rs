//! What a frame must do once the UI has handled its input: draw again, save, put text on the
//! clipboard, write a file. The app queues effect values; the window drains the queue after
//! each frame's input and carries them out. A new kind of output (a sound, a line for a screen
//! reader) is a new variant here, never a field or a flag on `App`.

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    /// The screen changed: draw the next frame.
    Redraw,
    /// Something worth saving changed: write the game in play, the settings and statistics.
    Save,
    /// Put this text on the clipboard (a shared replay's link).
    Clipboard(String),
    /// Save a replay as a script file (natively; the web has its link): its name and text.
    Export { name: String, text: String },
    /// Play a sound effect (silent where sound is off or there is no output).
    Sound(super::sound::Sound),
    /// A line for a screen reader: what just happened, in words (the web page's live region;
    /// natively nothing reads it).
    Announce(String),
    /// The screens speak this language now: the web page says so too (its language, and the
    /// game's label for a screen reader).
    Language(super::strings::Language),
}

/// The queue of one frame's effects. `Redraw` and `Save` are queued once however often asked;
/// a frame's announcements become one line, in order (a screen reader reads a live region's
/// last text, so a second line in the same frame would cut the first off).
#[derive(Debug, Default)]
pub struct Effects(Vec<Effect>);

impl Effects {
    pub fn push(&mut self, effect: Effect) {
        if let Effect::Announce(more) = &effect {
            let first = self.0.iter_mut().find_map(|e| match e {
                Effect::Announce(line) => Some(line),
                _ => None,
            });
            if let Some(line) = first {
                line.push(' ');
                line.push_str(more);
                return;
            }
        }
        let once = matches!(effect, Effect::Redraw | Effect::Save);
        if !(once && self.0.contains(&effect)) {
            self.0.push(effect);
        }
    }

    pub fn redraw(&mut self) {
        self.push(Effect::Redraw);
    }

    pub fn save(&mut self) {
        self.push(Effect::Save);
    }

    /// Everything queued, in order; the queue is left empty.
    pub fn take(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.0)
    }

    pub fn iter(&self) -> impl Iterator<Item = &Effect> {
        self.0.iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn redraw_and_save_are_queued_once_other_effects_each_time() {
        let mut fx = Effects::default();
        fx.redraw();
        fx.save();
        fx.redraw();
        fx.push(Effect::Clipboard("a".into()));
        fx.push(Effect::Clipboard("a".into()));
        fx.save();
        let all = fx.take();
        assert_eq!(
            all,
            vec![
                Effect::Redraw,
                Effect::Save,
                Effect::Clipboard("a".into()),
                Effect::Clipboard("a".into())
            ]
        );
        assert!(fx.take().is_empty());
    }

    #[test]
    fn a_frames_announcements_are_one_line_in_order() {
        let mut fx = Effects::default();
        fx.push(Effect::Announce("Ace of clubs to the foundation.".into()));
        fx.redraw();
        fx.push(Effect::Announce("You won!".into()));
        assert_eq!(
            fx.take(),
            vec![
                Effect::Announce("Ace of clubs to the foundation. You won!".into()),
                Effect::Redraw
            ]
        );
    }
}
