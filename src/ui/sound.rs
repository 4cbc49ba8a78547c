//! Which sounds an event on the table makes. This floor only decides (so the choice is tested
//! without a window or a sound device); the top floor synthesises and plays them
//! (`shell::audio`).

use crate::engine::{Outcome, OutcomeKind, Pile};

/// The game's sound effects.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// Cards lifted by a drag.
    PickUp,
    /// Cards laid on a column, or put back where they came from.
    LayDown,
    /// A card home on a foundation.
    Home,
    /// The stock turned onto the waste.
    Draw,
    /// The waste turned back into the stock.
    Recycle,
    /// A move the rules refuse (soft: it happens often).
    Refused,
    /// A face-down card turned face up.
    Reveal,
    /// The game won: a short flourish over the cascade.
    Win,
}

impl Sound {
    pub const ALL: [Sound; 8] = [
        Sound::PickUp,
        Sound::LayDown,
        Sound::Home,
        Sound::Draw,
        Sound::Recycle,
        Sound::Refused,
        Sound::Reveal,
        Sound::Win,
    ];

    /// Its place in `ALL` (a small number the web page's plugin knows a sound by).
    pub fn index(self) -> usize {
        self as usize
    }

    /// Its name on the command line (`solitaire sound NAME`).
    pub fn name(self) -> &'static str {
        [
            "pick-up", "lay-down", "home", "draw", "recycle", "refused", "reveal", "win",
        ][self.index()]
    }

    pub fn from_name(name: &str) -> Option<Sound> {
        Sound::ALL.into_iter().find(|s| s.name() == name)
    }
}

/// What happened on the table, as far as sound goes: the engine's answer to an action, or a
/// gesture that moved cards without asking the engine.
#[derive(Clone, Copy, Debug)]
pub enum Cue<'a> {
    /// A drag lifted cards off a pile.
    Lifted,
    /// Dragged cards let go where no move was asked (off the table, on their own column) or a
    /// drag cancelled: they go back.
    PutBack,
    /// The engine applied an action; `won`: the game is won now (and was not before).
    Applied { outcome: &'a Outcome, won: bool },
    /// The rules refused an action the player asked for, and the player is told why.
    Refused,
    /// Undo took an action back.
    Undone,
}

/// The sounds a cue makes, in the order they start (they may overlap).
pub fn sounds(cue: Cue) -> Vec<Sound> {
    match cue {
        Cue::Lifted => vec![Sound::PickUp],
        Cue::PutBack | Cue::Undone => vec![Sound::LayDown],
        Cue::Refused => vec![Sound::Refused],
        Cue::Applied { outcome, won } => {
            let mut out = vec![match &outcome.kind {
                OutcomeKind::Drew(_) => Sound::Draw,
                OutcomeKind::Recycled(_) => Sound::Recycle,
                OutcomeKind::Moved {
                    to: Pile::Foundation(_),
                    ..
                } => Sound::Home,
                OutcomeKind::Moved { .. } => Sound::LayDown,
            }];
            if outcome.revealed.is_some() {
                out.push(Sound::Reveal);
            }
            if won {
                out.push(Sound::Win);
            }
            out
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Action, Game, Source, Target};

    fn applied(g: &mut Game, action: Action) -> Vec<Sound> {
        let was_won = g.is_won();
        let outcome = g.apply(action).expect("a legal action");
        sounds(Cue::Applied {
            outcome: &outcome,
            won: g.is_won() && !was_won,
        })
    }

    fn col(index: usize, count: usize) -> Source {
        Source::Column { index, count }
    }

    #[test]
    fn each_outcome_of_the_engine_yields_its_sound() {
        let mut g = Game::from_layout(
            "KL1-D1N-AAAAAAA",
            &[("5D", "AH"), ("", "9C"), ("", "8H")],
            "3S",
            "",
            &[],
        )
        .unwrap();
        // The ace goes home and turns the 5♦ over: two sounds, home first.
        let home = Action::Move {
            from: col(0, 1),
            to: Target::Foundation,
        };
        assert_eq!(applied(&mut g, home), [Sound::Home, Sound::Reveal]);
        assert_eq!(applied(&mut g, Action::Draw), [Sound::Draw]);
        assert_eq!(applied(&mut g, Action::Draw), [Sound::Recycle]);
        let lay = Action::Move {
            from: col(2, 1),
            to: Target::Column(1),
        };
        assert_eq!(applied(&mut g, lay), [Sound::LayDown]);
    }

    #[test]
    fn the_winning_move_plays_the_flourish_after_its_own_sound() {
        let mut g = Game::from_layout(
            "KL1-D1N-AAAAAAA",
            &[("", "KS")],
            "",
            "",
            &[
                "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS QS",
                "AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH",
                "AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD",
                "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC KC",
            ],
        )
        .unwrap();
        let last = Action::Move {
            from: col(0, 1),
            to: Target::Foundation,
        };
        assert_eq!(applied(&mut g, last), [Sound::Home, Sound::Win]);
    }

    #[test]
    fn gestures_without_an_action_have_their_own_sounds() {
        assert_eq!(sounds(Cue::Lifted), [Sound::PickUp]);
        assert_eq!(sounds(Cue::PutBack), [Sound::LayDown]);
        assert_eq!(sounds(Cue::Refused), [Sound::Refused]);
        assert_eq!(sounds(Cue::Undone), [Sound::LayDown]);
    }

    #[test]
    fn every_sound_has_its_own_index_and_name() {
        for (i, &s) in Sound::ALL.iter().enumerate() {
            assert_eq!(s.index(), i);
            assert_eq!(Sound::from_name(s.name()), Some(s));
        }
        assert_eq!(Sound::from_name("Win"), None);
    }
}
