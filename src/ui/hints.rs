//! The solver at the player's service, a slice at a time between frames: the Hint button
//! (the next move of a winning line, else a guess) and the search for a winnable deal.

use super::app::App;
use super::geom::Rect;
use super::screens::Screen;
use super::strings::{card_name, fill, strings};
use crate::engine::{Action, Game, GameCode, Pile, Target, deal::splitmix};
use crate::solver::grade::{Grade, Grader};
use crate::solver::{self, Budget, HINT_STATES, Search, Verdict, WINNABLE_STATES, WINNABLE_TRIES};

/// Deals tried at most when a grade is asked too.
const GRADED_TRIES: u32 = 4 * WINNABLE_TRIES;

/// A search the app runs a slice at a time between frames.
pub(super) enum Job {
    /// A winning line from the position the hint was asked in.
    Hint(Box<Search>),
    /// A winning line was found that starts by turning the stock: is there one as good that
    /// starts with a move the player can see? Each visible move is tried in turn, a small
    /// search each; the first that wins is the hint, else the stock.
    Visible {
        line: Vec<Action>,
        candidates: Vec<Action>,
        trying: Option<(Action, Box<Search>)>,
        budget: usize,
    },
    /// Today's deal of a game: the numbers from the day's first, until one is proved winnable.
    Daily(Box<crate::play::daily::DailySearch>),
    /// A random deal the solver can win: the deal being tried, and how many were tried; and
    /// if a grade is asked, the grading of the deal won, a game of the grader at a time.
    Winnable {
        search: Box<Search>,
        code: GameCode,
        tried: u32,
        grade: Option<Grade>,
        grading: Option<(Vec<Action>, Box<Grader>)>,
    },
    /// Today's deal, found: its grade, for the player to know.
    DailyGrade {
        date: crate::play::daily::Date,
        line: Vec<Action>,
        grader: Box<Grader>,
    },
}

/// The search of one deal for "Winnable deals only".
pub(super) fn winnable_search(code: GameCode) -> Box<Search> {
    Box::new(Search::new(
        &Game::new(code),
        Budget {
            states: WINNABLE_STATES,
        },
    ))
}

/// Positions searched at least after each visible move, when the winning line found first
/// starts by turning the stock.
const VISIBLE_STATES: usize = 10_000;
/// Visible moves tried at most.
const VISIBLE_TRIES: usize = 6;

/// The moves the player can see that might start a winning line as well as turning the stock
/// does, the likeliest last (they are tried from the end): a card to a foundation first, then
/// a run moved whole that uncovers a face-down card, then a waste card or a run that empties its
/// column; never a card back from a foundation, nor part of a run.
fn visible_moves(game: &Game) -> Vec<Action> {
    use crate::engine::Source;
    let t = game.table();
    let rank = |a: &Action| -> Option<u8> {
        let Action::Move { from, to } = *a else {
            return None;
        };
        match (from, to) {
            (Source::Foundation(_), _) => None,
            (_, Target::Foundation) => Some(3),
            (Source::Column { index, count }, Target::Column(_)) => {
                let col = &t.columns[index];
                (count == col.up.len()).then_some(if col.down.is_empty() { 1 } else { 2 })
            }
            (Source::Waste, _) => Some(1),
        }
    };
    let mut moves: Vec<(u8, Action)> = game
        .legal_actions()
        .into_iter()
        .filter_map(|a| rank(&a).map(|r| (r, a)))
        .collect();
    moves.sort_by_key(|&(r, _)| r);
    let n = moves.len();
    moves
        .into_iter()
        .skip(n.saturating_sub(VISIBLE_TRIES))
        .map(|(_, a)| a)
        .collect()
}

/// The hint on show: the cards to move (or the stock to click), and where they go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintMark {
    pub from: Rect,
    pub to: Option<Rect>,
}

impl App {
    /// Whether a search is under way (the loop keeps giving it frames).
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// Today's deal of a game (or the day's the link asked for): found a slice at a time,
    /// then started as any deal is (asking first if a game is under way).
    pub fn find_daily(&mut self, game: crate::engine::GameKind) {
        let date = self.today.unwrap_or(crate::play::daily::EPOCH);
        self.find_daily_of(game, date);
    }

    pub fn find_daily_of(&mut self, game: crate::engine::GameKind, date: crate::play::daily::Date) {
        self.say_long(strings().finding_daily);
        self.job = Some(Job::Daily(Box::new(crate::play::daily::DailySearch::new(
            game, date,
        ))));
    }

    /// The Hint button: the next move of a winning line when the solver finds one (following
    /// the last line found while the player keeps to it), else a guess, else a word about Undo.
    /// It only points; no card moves by itself.
    pub(super) fn ask_hint(&mut self) {
        if self.screen != Screen::Table || self.job.is_some() {
            return;
        }
        if let Some(rest) = self.line_from_here() {
            self.show_hint(&rest, true);
            return;
        }
        self.say_hint(strings().hint_thinking);
        self.job = Some(Job::Hint(Box::new(Search::new(
            &self.game,
            Budget {
                states: HINT_STATES,
            },
        ))));
    }

    /// The rest of the last winning line, if the table is one of the positions along it.
    fn line_from_here(&self) -> Option<Vec<Action>> {
        let (start, line) = self.line.as_ref()?;
        if start.code() != self.game.code() {
            return None;
        }
        let mut g = start.clone();
        for i in 0..line.len() {
            if g.table() == self.game.table() {
                return Some(line[i..].to_vec());
            }
            g.apply_in_search(line[i]).ok()?;
        }
        None
    }

    /// Runs the search under way for at most `states` positions. The window calls this every
    /// frame with what fits in a few milliseconds, so it never stops answering.
    pub fn work(&mut self, states: usize) {
        let Some(job) = &mut self.job else {
            return;
        };
        match job {
            Job::Hint(search) => {
                if let Some(verdict) = search.step(states) {
                    self.job = None;
                    self.hint_found(verdict);
                }
            }
            Job::Visible {
                line,
                candidates,
                trying,
                budget,
            } => {
                if trying.is_none() {
                    let Some(m) = candidates.pop() else {
                        // No visible move wins as surely: the stock it is.
                        let line = std::mem::take(line);
                        self.job = None;
                        self.line = Some((self.game.clone(), line.clone()));
                        self.show_hint(&line, true);
                        return;
                    };
                    let mut after = self.game.clone();
                    if after.apply_in_search(m).is_err() {
                        return;
                    }
                    let search = Search::new(&after, Budget { states: *budget });
                    *trying = Some((m, Box::new(search)));
                }
                let Some((m, search)) = trying else { return };
                match search.step(states) {
                    None => {}
                    Some(Verdict::Winnable(rest)) => {
                        let line: Vec<Action> = std::iter::once(*m).chain(rest).collect();
                        self.job = None;
                        self.line = Some((self.game.clone(), line.clone()));
                        self.show_hint(&line, true);
                    }
                    Some(_) => *trying = None,
                }
            }
            Job::Daily(search) => {
                if let Some((code, line)) = search.step(states) {
                    let date = search.date;
                    self.job = Some(Job::DailyGrade {
                        date,
                        line,
                        grader: Box::new(Grader::new(code)),
                    });
                }
            }
            Job::DailyGrade { date, line, grader } => {
                let Some(grade) = grader.step() else {
                    return;
                };
                let (date, code, line) = (*date, grader.code, std::mem::take(line));
                self.job = None;
                self.pending_daily = Some((code, date.daily_day()));
                self.start_or_ask(code);
                if !line.is_empty() {
                    self.line = Some((Game::new(code), line));
                }
                let s = strings();
                let (d, c) = (super::strings::date(date), code.to_string());
                let graded = fill(s.grade_of, &[("grade", s.grade_name(grade))]);
                let text = fill(s.daily_started, &[("date", &d), ("code", &c)]);
                self.say_long(format!("{text} ({graded})"));
            }
            Job::Winnable {
                search,
                code,
                tried,
                grade,
                grading,
            } => {
                // A deal won by the solver, being graded: the grade asked, or the next deal.
                let found = if let Some((line, grader)) = grading {
                    match grader.step() {
                        None => return,
                        Some(g) if Some(g) == *grade => Some((std::mem::take(line), Some(g))),
                        Some(_) => None,
                    }
                } else {
                    match search.step(states) {
                        None => return,
                        Some(Verdict::Winnable(line)) if grade.is_some() => {
                            *grading = Some((line, Box::new(Grader::new(*code))));
                            return;
                        }
                        Some(Verdict::Winnable(line)) => Some((line, None)),
                        Some(_) => None,
                    }
                };
                if let Some((line, graded)) = found {
                    let code = *code;
                    self.job = None;
                    self.start(code);
                    self.line = Some((Game::new(code), line));
                    let s = strings();
                    let mut text = format!("{code}: {}", s.winnable_found);
                    if let Some(g) = graded {
                        text = format!(
                            "{text} ({})",
                            fill(s.grade_of, &[("grade", s.grade_name(g))])
                        );
                    }
                    self.say_long(text);
                    return;
                }
                *grading = None;
                *tried += 1;
                let limit = if grade.is_some() {
                    GRADED_TRIES
                } else {
                    WINNABLE_TRIES
                };
                let (tried, old) = (*tried, *code);
                self.dirty = true;
                if tried >= limit {
                    self.job = None;
                    if let Screen::NewGame(form) = &mut self.screen {
                        form.note = None;
                        form.error = Some(strings().winnable_not_found.to_string());
                    }
                    return;
                }
                let next = App::random_code(
                    splitmix(self.entropy ^ u64::from(tried)),
                    old.game,
                    old.draw,
                    old.scoring,
                );
                *code = next;
                *search = winnable_search(next);
                if let Screen::NewGame(form) = &mut self.screen {
                    let n = tried.to_string();
                    form.note = Some(fill(strings().looking_tried, &[("n", &n)]));
                }
            }
        }
    }

    fn hint_found(&mut self, verdict: Verdict) {
        if let Verdict::Winnable(line) = verdict {
            if line.first() == Some(&Action::Draw) {
                let candidates = visible_moves(&self.game);
                if !candidates.is_empty() {
                    let budget = (HINT_STATES / candidates.len()).max(VISIBLE_STATES);
                    self.job = Some(Job::Visible {
                        line,
                        candidates,
                        trying: None,
                        budget,
                    });
                    return;
                }
            }
            self.line = Some((self.game.clone(), line.clone()));
            self.show_hint(&line, true);
        } else if let Some(guess) = solver::guess(&self.game) {
            self.show_hint(&guess, false);
        } else {
            self.say_hint(strings().no_useful_move);
        }
    }

    /// Marks the first move of `line` on the table and says it in the status line.
    fn show_hint(&mut self, line: &[Action], sure: bool) {
        let s = strings();
        let step = solver::first_move(line);
        let draws = step.iter().filter(|a| **a == Action::Draw).count();
        let Some(&Action::Move { from, to }) = step.last() else {
            self.say_hint(s.no_useful_move);
            return;
        };
        // The card, as it will be once the stock has been turned.
        let mut after = self.game.clone();
        for &a in &step[..draws] {
            if after.apply_in_search(a).is_err() {
                return;
            }
        }
        let Ok(cards) = after.source_cards(from) else {
            return;
        };
        let card = card_name(cards[0]);
        let place = match to {
            Target::Foundation => s.hint_to_foundation.to_string(),
            Target::Column(j) => match after.table().columns[j].top() {
                Some(onto) => fill(s.hint_onto, &[("card", &card_name(onto))]),
                None => s.hint_to_empty.to_string(),
            },
        };
        // The stock's next cards are face down: a hint never names them, nor says how many
        // turns it takes. It says to turn the stock, and when that turn is a recycle.
        let what = if draws > 0 {
            if self.game.table().stock.is_empty() {
                s.hint_recycle.to_string()
            } else {
                s.hint_turn.to_string()
            }
        } else {
            fill(s.hint_move, &[("card", &card), ("place", &place)])
        };
        let prefix = if sure { s.hint } else { s.guess };
        let t = self.game.table();
        let from_rect = if draws > 0 {
            self.layout.stock
        } else {
            let depth = from.count();
            let pile = from.pile();
            let top = self.layout.card_rect(t, pile, 1);
            let bottom = self.layout.card_rect(t, pile, depth);
            bottom.union(&top)
        };
        let to_rect = (draws == 0).then(|| match to {
            Target::Foundation => match self.game.check_move(from, to) {
                Ok(Pile::Foundation(i)) => self.layout.foundations[i],
                _ => self.layout.foundation_area,
            },
            Target::Column(j) => self.layout.top_rect(t, Pile::Column(j)),
        });
        self.hint = Some(HintMark {
            from: from_rect,
            to: to_rect,
        });
        self.say_hint(format!("{prefix}: {what}"));
    }
}
