//! "Where was it lost?": the analysis of a game that ended without a win (`solver::analysis`),
//! run in slices between frames like the hints, with its progress on show and Cancel. It owns
//! its data: the game analysed is a copy, and a verdict that names a move shows the position
//! before it as a still picture on a table of its own (the replay's slot), the fatal move and
//! the better one outlined. The game in play is never touched, until "Try again from here"
//! starts a practice game from that position.

use super::app::App;
use super::geom::Rect;
use super::hints::{HintMark, mark};
use super::layout::Layout;
use super::screens::analysis::{AnalysisView, Stage};
use super::screens::{Screen, UiAction};
use super::strings::{card_name, fill, number, strings};
use super::watch::Replay;
use crate::engine::{Action, Game, Target};
use crate::solver::analysis::{Analysis, Answer};

pub struct PostMortem {
    analysis: Analysis,
    answer: Option<Answer>,
    /// When the search began and when it ended (the seconds a "Not sure" says).
    started: u64,
    ended: u64,
}

impl PostMortem {
    pub fn new(game: &Game, now: u64) -> PostMortem {
        PostMortem {
            analysis: Analysis::new(game),
            answer: None,
            started: now,
            ended: now,
        }
    }

    /// The verdict, once there is one.
    pub fn answer(&self) -> Option<&Answer> {
        self.answer.as_ref()
    }

    /// The analysis (its effective line, its positions).
    pub fn analysis(&self) -> &Analysis {
        &self.analysis
    }

    pub fn is_running(&self) -> bool {
        self.answer.is_none()
    }

    /// The position before the fatal move, when a move lost the game.
    pub fn before_fatal(&self) -> Option<Game> {
        match &self.answer {
            Some(Answer::LostAt(loss)) => self.analysis.position(loss.index),
            _ => None,
        }
    }

    /// What the window shows now.
    pub fn view(&self) -> AnalysisView {
        let s = strings();
        let Some(answer) = &self.answer else {
            let (n, total) = self.analysis.progress();
            let (n, total) = (number(n as i64), number(total as i64));
            return AnalysisView {
                stage: Stage::Running,
                lines: vec![fill(s.pm_searching, &[("n", &n), ("total", &total)])],
            };
        };
        let lines = match answer {
            Answer::Unwinnable => vec![s.pm_unwinnable.to_string()],
            Answer::StillWinnable { .. } => vec![s.pm_still.to_string()],
            Answer::LostAt(loss) => {
                let Some(before) = self.before_fatal() else {
                    return AnalysisView {
                        stage: Stage::Done { retry: false },
                        lines: Vec::new(),
                    };
                };
                let n = number(loss.index as i64 + 1);
                let fatal = move_words(&before, loss.fatal);
                let better = move_words(&before, loss.better);
                let said = &[("n", n.as_str()), ("fatal", &fatal), ("better", &better)];
                vec![fill(s.pm_lost, said), s.pm_counting.to_string()]
            }
            Answer::NotSure(_) => {
                let secs = number(self.ended.saturating_sub(self.started).div_ceil(1000) as i64);
                vec![fill(s.pm_not_sure, &[("s", &secs)])]
            }
        };
        let retry = matches!(answer, Answer::LostAt(_)) && self.before_fatal().is_some();
        AnalysisView {
            stage: Stage::Done { retry },
            lines,
        }
    }

    /// The fatal move and the better one, outlined on the position before the fatal move.
    pub fn marks(&self, game: &Game, layout: &Layout) -> Option<(HintMark, HintMark)> {
        let Some(Answer::LostAt(loss)) = &self.answer else {
            return None;
        };
        Some((
            action_mark(game, layout, loss.fatal),
            action_mark(game, layout, loss.better),
        ))
    }
}

/// An action in words, as the player saw it in `game` (the position before it): face-up
/// cards only; a turn of the stock names none. The same words as the hints'.
pub fn move_words(game: &Game, action: Action) -> String {
    let s = strings();
    let Action::Move { from, to } = action else {
        let turn = if game.table().stock.is_empty() {
            s.pm_recycle
        } else {
            s.pm_turn
        };
        return turn.to_string();
    };
    let card = game
        .source_cards(from)
        .ok()
        .and_then(|c| c.first().copied())
        .map_or_else(|| "?".to_string(), card_name);
    let place = match to {
        Target::Foundation => s.hint_to_foundation.to_string(),
        Target::Column(j) => match game.table().columns[j].top() {
            Some(onto) => fill(s.hint_onto, &[("card", &card_name(onto))]),
            None => s.hint_to_empty.to_string(),
        },
    };
    fill(s.pm_move, &[("card", &card), ("place", &place)])
}

/// Where an action lies on the table: the cards moved and where they go, or the stock.
fn action_mark(game: &Game, layout: &Layout, action: Action) -> HintMark {
    match action {
        Action::Move { from, to } => mark(game, layout, from, to, false),
        Action::Draw => HintMark {
            from: layout.stock,
            to: None,
        },
    }
}

impl App {
    /// Whether a search is under way, a hint's or an analysis's (the loop keeps giving it
    /// frames).
    pub fn is_busy(&self) -> bool {
        self.jobs.is_busy() || self.post_mortem().is_some_and(PostMortem::is_running)
    }

    /// The analysis on show, if any.
    pub fn post_mortem(&self) -> Option<&PostMortem> {
        self.postmortem.as_deref()
    }

    /// The outlines of the verdict on the table: each rectangle, and whether it is the fatal
    /// move's (else the better move's).
    pub fn analysis_marks(&self) -> Vec<(Rect, bool)> {
        let (Some(pm), Some(r)) = (self.post_mortem(), self.watching()) else {
            return Vec::new();
        };
        let Some((fatal, better)) = pm.marks(r.game(), r.table().layout()) else {
            return Vec::new();
        };
        let rects = |m: HintMark, f: bool| std::iter::once(m.from).chain(m.to).map(move |r| (r, f));
        rects(fatal, true).chain(rects(better, false)).collect()
    }

    /// Words about the hint; when they say no useful move is left, "Where was it lost?" is
    /// offered.
    pub(super) fn hint_said(&mut self, text: String) {
        let stuck = text == strings().no_useful_move;
        self.say_hint(text);
        if stuck && *self.screen() == Screen::Table && self.game().moves() > 0 {
            self.open(Screen::Analysis(AnalysisView {
                stage: Stage::Offer,
                lines: vec![strings().pm_stuck.to_string()],
            }));
        }
    }

    /// Starts analysing `game` (read, never changed: the game in play goes on untouched).
    pub fn analyse(&mut self, game: &Game) {
        let pm = PostMortem::new(game, self.now);
        self.show_analysis(pm);
    }

    fn show_analysis(&mut self, pm: PostMortem) {
        self.game_changed();
        self.table.still();
        self.replay = None;
        self.open(Screen::Analysis(pm.view()));
        self.postmortem = Some(Box::new(pm));
    }

    /// A button while the analysis is on show; says whether it was the analysis's.
    pub(super) fn analysis_action(&mut self, action: UiAction) -> bool {
        match action {
            // The analysis reads the game where it lies: a long game's log is not copied.
            UiAction::Analyse if self.postmortem.is_none() => {
                let pm = PostMortem::new(self.game(), self.now);
                self.show_analysis(pm);
            }
            UiAction::AnalyseLast => {
                if let Some(pm) = self
                    .session
                    .last_game()
                    .map(|g| PostMortem::new(g, self.now))
                {
                    self.show_analysis(pm);
                }
            }
            UiAction::TryAgain => self.try_again(),
            UiAction::TryAgainNow if self.screen == Screen::ConfirmPractice => self.practise(),
            // No: back to the verdict, the game in play and its statistics as they were.
            UiAction::Cancel if self.screen == Screen::ConfirmPractice => {
                if let Some(view) = self.post_mortem().map(PostMortem::view) {
                    self.open(Screen::Analysis(view));
                }
            }
            UiAction::Cancel if self.postmortem.is_some() => self.close_analysis(),
            _ => return false,
        }
        true
    }

    /// Back to the game in play: the search stops, the still picture goes.
    pub fn close_analysis(&mut self) {
        self.postmortem = None;
        self.replay = None;
        self.table.still();
        let won = self.game().is_won();
        self.open(if won { Screen::Won } else { Screen::Table });
    }

    /// "Try again from here": the practice game at once when nothing would be lost, else
    /// after the player says so. The rule is New Game's (`start_or_ask`): a game under way
    /// with moves made, not won, and not practice, counts as given up when left, the analysed
    /// game itself too when it is the one in play (undo could still take it back there).
    fn try_again(&mut self) {
        if self
            .post_mortem()
            .and_then(PostMortem::before_fatal)
            .is_none()
        {
            return;
        }
        if self.session.would_lose() {
            self.open(Screen::ConfirmPractice);
        } else {
            self.practise();
        }
    }

    /// A practice game from the position before the fatal move: its log is the effective
    /// line's first moves, and the session keeps it out of the statistics.
    fn practise(&mut self) {
        let Some(game) = self.postmortem.as_ref().and_then(|p| p.before_fatal()) else {
            return;
        };
        self.close_analysis();
        let carry = self.settings.carry_vegas;
        self.session.start_practice(game, carry);
        self.table.reset(self.game().code().game, self.shape);
        self.fx.save();
        self.game_changed();
        self.notify(strings().pm_practice);
    }

    /// Runs the analysis under way for at most `states` positions; says whether there was
    /// one to run.
    pub(super) fn work_analysis(&mut self, states: usize) -> bool {
        let now = self.now;
        let Some(pm) = self.postmortem.as_deref_mut().filter(|p| p.is_running()) else {
            return false;
        };
        if let Some(answer) = pm.analysis.step(states) {
            pm.answer = Some(answer);
            pm.ended = now;
        }
        let still = pm.before_fatal().map(|g| Replay::still(&g, self.shape));
        let view = pm.view();
        if let Some(still) = still {
            self.replay = Some(Box::new(still));
        }
        self.open(Screen::Analysis(view));
        true
    }
}
