//! The status line above the bar: short messages, and notices that wait their turn.

use std::collections::VecDeque;

/// How long a short message stays; a notice or a hint stays four times as long.
pub const STATUS_MS: u64 = 2600;

/// The longest message shown, in characters: whatever a message quotes (a save's damaged
/// text, say), it stays a few lines.
pub const MAX_MESSAGE: usize = 300;

fn cut(text: String) -> String {
    if text.chars().count() <= MAX_MESSAGE {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_MESSAGE - 1).collect();
    cut.push('…');
    cut
}

#[derive(Clone, Debug, Default)]
pub struct StatusLine {
    /// The message on show, until a time.
    shown: Option<(String, u64)>,
    /// The message on show is a notice (something the player must get to read).
    is_notice: bool,
    /// The message on show is about the hint on show: it goes when the hint goes.
    is_hint: bool,
    /// Notices waiting for their turn.
    waiting: VecDeque<String>,
    /// Shown whenever nothing else is, for as long as it is set (this window does not save).
    standing: Option<String>,
}

impl StatusLine {
    /// The message on show.
    pub fn text(&self) -> Option<&str> {
        self.shown
            .as_ref()
            .map(|(t, _)| t.as_str())
            .or(self.standing.as_deref())
    }

    /// Sets (or clears) the standing message; returns whether it changed.
    pub fn set_standing(&mut self, text: Option<&str>) -> bool {
        if self.standing.as_deref() == text {
            return false;
        }
        self.standing = text.map(str::to_string);
        true
    }

    pub fn is_shown(&self) -> bool {
        self.shown.is_some()
    }

    /// A notice: never lost; one that comes while another is on show waits for its turn.
    pub fn notify(&mut self, text: String, now: u64) {
        self.waiting.push_back(cut(text));
        if self.shown.is_none() {
            self.next_notice(now);
        }
    }

    fn next_notice(&mut self, now: u64) {
        if let Some(text) = self.waiting.pop_front() {
            self.shown = Some((text, now + 4 * STATUS_MS));
            self.is_notice = true;
            self.is_hint = false;
        }
    }

    /// A message for `ms` milliseconds. A notice on show gives way, and comes back, whole,
    /// after it.
    pub fn say(&mut self, text: String, now: u64, ms: u64) {
        if std::mem::take(&mut self.is_notice)
            && let Some((notice, _)) = self.shown.take()
        {
            self.waiting.push_front(notice);
        }
        self.shown = Some((cut(text), now + ms));
        self.is_hint = false;
    }

    /// A message about a hint (or the search for one): it goes with the hint.
    pub fn say_hint(&mut self, text: String, now: u64, ms: u64) {
        self.say(text, now, ms);
        self.is_hint = true;
    }

    /// The hint is gone: so is what the status line said of it. Returns whether it changed.
    pub fn clear_hint(&mut self, now: u64) -> bool {
        if !std::mem::take(&mut self.is_hint) {
            return false;
        }
        self.shown = None;
        self.next_notice(now);
        true
    }

    /// Time passes; returns whether what is shown changed.
    pub fn tick(&mut self, now: u64) -> bool {
        if self.shown.as_ref().is_some_and(|(_, until)| now >= *until) {
            self.shown = None;
            self.is_notice = false;
            self.is_hint = false;
            self.next_notice(now);
            return true;
        }
        false
    }
}
