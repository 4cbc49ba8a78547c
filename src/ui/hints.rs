//! The solver at the player's service, a slice at a time between frames: the Hint button
//! (the next move of a winning line, else a guess), today's deal and the search for a winnable
//! deal. `Jobs` owns the search under way, the hint on show and the last winning line found;
//! it reads the game it is handed and says what came of a search as `News` for the app.

use super::geom::Rect;
use super::layout::Layout;
use super::strings::{card_name, fill, strings};
use crate::engine::{Action, Game, GameCode, GameKind, Pile, Target, deal::splitmix};
use crate::play::daily::{DailySearch, Date};
use crate::solver::grade::{Grade, Grader};
use crate::solver::{self, Budget, HINT_STATES, Search, Verdict, WINNABLE_STATES, WINNABLE_TRIES};

/// Deals tried at most when a grade is asked too.
const GRADED_TRIES: u32 = 4 * WINNABLE_TRIES;

/// A search the app runs a slice at a time between frames.
enum Job {
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
    /// Today's deal of a game: the numbers from the day's first, until one is proved winnable;
    /// and whether it is practice (a past day's deal, played on another day).
    Daily(Box<DailySearch>, bool),
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
        date: Date,
        practice: bool,
        line: Vec<Action>,
        grader: Box<Grader>,
    },
}

/// The search of one deal for "Winnable deals only".
fn winnable_search(code: GameCode) -> Box<Search> {
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

/// What came of a slice of the search under way, for the app to act on.
#[derive(Debug)]
pub enum News {
    /// Words about the hint, for the status line (the hint's mark is on show if one was found).
    Hint(String),
    /// A deal to start, with its winning line (later hints follow it) and words to say. A
    /// daily deal (`day`) is started as a link's deal is: asking first if a game is under way.
    Found {
        code: GameCode,
        line: Vec<Action>,
        day: Option<i64>,
        text: String,
    },
    /// The search for a winnable deal tried another: how many were tried.
    Tried(u32),
    /// The search for a winnable deal gave up.
    NotFound,
}

/// The solver's jobs and what they found.
#[derive(Default)]
pub struct Jobs {
    /// The search under way, if any.
    job: Option<Job>,
    hint: Option<HintMark>,
    /// The last winning line found and the game at its start: later hints follow it.
    line: Option<(Game, Vec<Action>)>,
}

impl Jobs {
    /// Whether a search is under way.
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// The hint on show, if any.
    pub fn hint(&self) -> Option<&HintMark> {
        self.hint.as_ref()
    }

    /// The table changed: a hint on show, or one being looked for, no longer applies.
    pub fn table_changed(&mut self) {
        self.hint = None;
        if matches!(self.job, Some(Job::Hint(_))) {
            self.job = None;
        }
    }

    /// A winning line from the deal of `code` (found when the deal was), for hints to follow.
    pub fn follow(&mut self, code: GameCode, line: Vec<Action>) {
        self.line = Some((Game::new(code), line));
    }

    /// Stops the search for a winnable deal, if one is under way; says whether it was.
    pub fn cancel_winnable(&mut self) -> bool {
        let winnable = matches!(self.job, Some(Job::Winnable { .. }));
        if winnable {
            self.job = None;
        }
        winnable
    }

    /// Today's deal of a game (or a given day's, as `practice` when not today), found a slice
    /// at a time.
    pub fn find_daily(&mut self, game: GameKind, date: Date, practice: bool) {
        self.job = Some(Job::Daily(Box::new(DailySearch::new(game, date)), practice));
    }

    /// A random deal of `code`'s kind that the solver wins (of `grade`, if one is asked).
    pub fn find_winnable(&mut self, code: GameCode, grade: Option<Grade>) {
        self.job = Some(Job::Winnable {
            search: winnable_search(code),
            code,
            tried: 0,
            grade,
            grading: None,
        });
    }

    /// The Hint button: the next move of a winning line when the solver finds one (following
    /// the last line found while the player keeps to it), else a guess, else a word about Undo.
    /// It only points; no card moves by itself. The words to say now, if any.
    pub fn ask_hint(&mut self, game: &Game, layout: &Layout) -> Option<String> {
        if self.job.is_some() {
            return None;
        }
        if let Some(rest) = self.line_from_here(game) {
            return self.show_hint(game, layout, &rest, true);
        }
        self.job = Some(Job::Hint(Box::new(Search::new(
            game,
            Budget {
                states: HINT_STATES,
            },
        ))));
        Some(strings().hint_thinking.to_string())
    }

    /// The rest of the last winning line, if the table is one of the positions along it.
    fn line_from_here(&self, game: &Game) -> Option<Vec<Action>> {
        let (start, line) = self.line.as_ref()?;
        if start.code() != game.code() {
            return None;
        }
        let mut g = start.clone();
        for i in 0..line.len() {
            if g.table() == game.table() {
                return Some(line[i..].to_vec());
            }
            g.apply_in_search(line[i]).ok()?;
        }
        None
    }

    /// Runs the search under way for at most `states` positions, on the game in play (laid out
    /// as `layout`); `entropy` picks the next random deal to try. The window calls this every
    /// frame with what fits in a few milliseconds, so it never stops answering.
    pub fn work(
        &mut self,
        game: &Game,
        layout: &Layout,
        states: usize,
        entropy: u64,
    ) -> Option<News> {
        match self.job.as_mut()? {
            Job::Hint(search) => {
                let verdict = search.step(states)?;
                self.job = None;
                self.hint_found(game, layout, verdict)
            }
            Job::Visible { .. } => self.work_visible(game, layout, states),
            Job::Daily(search, practice) => {
                let (code, line) = search.step(states)?;
                let (date, practice) = (search.date, *practice);
                self.job = Some(Job::DailyGrade {
                    date,
                    practice,
                    line,
                    grader: Box::new(Grader::new(code)),
                });
                None
            }
            Job::DailyGrade {
                date,
                practice,
                line,
                grader,
            } => {
                let grade = grader.step()?;
                let (date, code, line) = (*date, grader.code, std::mem::take(line));
                let started = if *practice {
                    strings().daily_practice
                } else {
                    strings().daily_started
                };
                self.job = None;
                let s = strings();
                let (d, c) = (super::strings::date(date), code.to_string());
                let graded = fill(s.grade_of, &[("grade", s.grade_name(grade))]);
                let text = fill(started, &[("date", &d), ("code", &c)]);
                Some(News::Found {
                    code,
                    line,
                    day: Some(date.daily_day()),
                    text: format!("{text} ({graded})"),
                })
            }
            Job::Winnable { .. } => self.work_winnable(states, entropy),
        }
    }

    /// A winning line that starts with the stock: each visible move tried in turn.
    fn work_visible(&mut self, game: &Game, layout: &Layout, states: usize) -> Option<News> {
        let Some(Job::Visible {
            line,
            candidates,
            trying,
            budget,
        }) = &mut self.job
        else {
            return None;
        };
        if trying.is_none() {
            let Some(m) = candidates.pop() else {
                // No visible move wins as surely: the stock it is.
                let line = std::mem::take(line);
                return self.take_line(game, layout, line);
            };
            let mut after = game.clone();
            after.apply_in_search(m).ok()?;
            let search = Search::new(&after, Budget { states: *budget });
            *trying = Some((m, Box::new(search)));
        }
        let (m, search) = trying.as_mut()?;
        match search.step(states)? {
            Verdict::Winnable(rest) => {
                let line: Vec<Action> = std::iter::once(*m).chain(rest).collect();
                self.take_line(game, layout, line)
            }
            _ => {
                *trying = None;
                None
            }
        }
    }

    /// The search for a winnable deal: a slice of the deal being tried (or of its grading).
    fn work_winnable(&mut self, states: usize, entropy: u64) -> Option<News> {
        let Some(Job::Winnable {
            search,
            code,
            tried,
            grade,
            grading,
        }) = &mut self.job
        else {
            return None;
        };
        // A deal won by the solver, being graded: the grade asked, or the next deal.
        let found = if let Some((line, grader)) = grading {
            match grader.step()? {
                g if Some(g) == *grade => Some((std::mem::take(line), Some(g))),
                _ => None,
            }
        } else {
            match search.step(states)? {
                Verdict::Winnable(line) if grade.is_some() => {
                    *grading = Some((line, Box::new(Grader::new(*code))));
                    return None;
                }
                Verdict::Winnable(line) => Some((line, None)),
                _ => None,
            }
        };
        if let Some((line, graded)) = found {
            let code = *code;
            self.job = None;
            let s = strings();
            let mut text = format!("{code}: {}", s.winnable_found);
            if let Some(g) = graded {
                let grade = fill(s.grade_of, &[("grade", s.grade_name(g))]);
                text = format!("{text} ({grade})");
            }
            return Some(News::Found {
                code,
                line,
                day: None,
                text,
            });
        }
        *grading = None;
        *tried += 1;
        let limit = if grade.is_some() {
            GRADED_TRIES
        } else {
            WINNABLE_TRIES
        };
        let (n, old) = (*tried, *code);
        if n >= limit {
            self.job = None;
            return Some(News::NotFound);
        }
        let seed = splitmix(entropy ^ u64::from(n));
        let next = super::screens::new_game::random_code(seed, old.game, old.draw, old.scoring);
        *code = next;
        *search = winnable_search(next);
        Some(News::Tried(n))
    }

    /// The hint search ended.
    fn hint_found(&mut self, game: &Game, layout: &Layout, verdict: Verdict) -> Option<News> {
        if let Verdict::Winnable(line) = verdict {
            if line.first() == Some(&Action::Draw) {
                let candidates = visible_moves(game);
                if !candidates.is_empty() {
                    let budget = (HINT_STATES / candidates.len()).max(VISIBLE_STATES);
                    self.job = Some(Job::Visible {
                        line,
                        candidates,
                        trying: None,
                        budget,
                    });
                    return None;
                }
            }
            self.take_line(game, layout, line)
        } else if let Some(guess) = solver::guess(game) {
            self.show_hint(game, layout, &guess, false).map(News::Hint)
        } else {
            Some(News::Hint(strings().no_useful_move.to_string()))
        }
    }

    /// A winning line from here: kept for later hints, its first move shown.
    fn take_line(&mut self, game: &Game, layout: &Layout, line: Vec<Action>) -> Option<News> {
        self.job = None;
        let text = self.show_hint(game, layout, &line, true);
        self.line = Some((game.clone(), line));
        text.map(News::Hint)
    }

    /// Marks the first move of `line` on the table; the words that say it (none when the line
    /// cannot be followed from here).
    fn show_hint(
        &mut self,
        game: &Game,
        layout: &Layout,
        line: &[Action],
        sure: bool,
    ) -> Option<String> {
        let s = strings();
        let step = solver::first_move(line);
        let draws = step.iter().filter(|a| **a == Action::Draw).count();
        let Some(&Action::Move { from, to }) = step.last() else {
            return Some(s.no_useful_move.to_string());
        };
        // The card, as it will be once the stock has been turned.
        let mut after = game.clone();
        for &a in &step[..draws] {
            after.apply_in_search(a).ok()?;
        }
        let cards = after.source_cards(from).ok()?;
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
            if game.table().stock.is_empty() {
                s.hint_recycle.to_string()
            } else {
                s.hint_turn.to_string()
            }
        } else {
            fill(s.hint_move, &[("card", &card), ("place", &place)])
        };
        let prefix = if sure { s.hint } else { s.guess };
        self.hint = Some(mark(game, layout, from, to, draws > 0));
        Some(format!("{prefix}: {what}"))
    }
}

/// Where a hint points: the cards to move (or the stock to turn), and where they go.
pub(super) fn mark(
    game: &Game,
    layout: &Layout,
    from: crate::engine::Source,
    to: Target,
    turn: bool,
) -> HintMark {
    let t = game.table();
    let from_rect = if turn {
        layout.stock
    } else {
        let (depth, pile) = (from.count(), from.pile());
        let top = layout.card_rect(t, pile, 1);
        let bottom = layout.card_rect(t, pile, depth);
        bottom.union(&top)
    };
    let to_rect = (!turn).then(|| match to {
        Target::Foundation => match game.check_move(from, to) {
            Ok(Pile::Foundation(i)) => layout.foundations[i],
            _ => layout.foundation_area,
        },
        Target::Column(j) => layout.top_rect(t, Pile::Column(j)),
    });
    HintMark {
        from: from_rect,
        to: to_rect,
    }
}
