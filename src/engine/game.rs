//! A game in progress: the table, the actions of RULES.md §2–§5 (checked, then applied, each
//! reporting what happened), scoring, undo and the click / double-click search of §3.

use std::collections::VecDeque;
use std::fmt;

use super::card::Card;
use super::code::{GameCode, GameSpec, Scoring};
use super::deal::deal;

/// One tableau column: face-down cards under face-up ones, each bottom → top.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Column {
    pub down: Vec<Card>,
    pub up: Vec<Card>,
}

impl Column {
    /// All its cards, face-down ones included.
    pub fn len(&self) -> usize {
        self.down.len() + self.up.len()
    }

    pub fn is_empty(&self) -> bool {
        self.down.is_empty() && self.up.is_empty()
    }

    pub fn top(&self) -> Option<Card> {
        self.up.last().copied()
    }
}

/// Everything on the table, and the score. Undo restores a whole `Table`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    /// Bottom → top; the last card is drawn next.
    pub stock: Vec<Card>,
    /// Bottom → top; the last card is playable.
    pub waste: Vec<Card>,
    /// How many waste cards from the top are shown fanned (draw 3): the cards of the last draw
    /// still on the waste, at least 1 while the waste has cards.
    pub fan: usize,
    /// Foundation places, bottom → top. Place `suit · decks + k` is the `k`-th place of its suit.
    pub foundations: Vec<Vec<Card>>,
    pub columns: Vec<Column>,
    /// Normal points (never below 0) or Vegas dollars.
    pub score: i32,
}

/// A pile on the table, numbered from 0.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pile {
    Stock,
    Waste,
    Foundation(usize),
    Column(usize),
}

/// Where the cards of a move come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Source {
    /// The top card of the waste.
    Waste,
    /// The top card of a foundation place (a take-back).
    Foundation(usize),
    /// The top `count` face-up cards of a column.
    Column { index: usize, count: usize },
}

impl Source {
    pub fn pile(self) -> Pile {
        match self {
            Source::Waste => Pile::Waste,
            Source::Foundation(i) => Pile::Foundation(i),
            Source::Column { index, .. } => Pile::Column(index),
        }
    }

    pub fn count(self) -> usize {
        match self {
            Source::Column { count, .. } => count,
            _ => 1,
        }
    }
}

/// Where a move goes: a column, or the foundation area (the game picks the place).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Target {
    Column(usize),
    Foundation,
}

/// An action a player can ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Click the stock: draw, or recycle the waste when the stock is empty.
    Draw,
    Move {
        from: Source,
        to: Target,
    },
}

/// What an applied action did, so a screen can animate it without knowing the rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    pub kind: OutcomeKind,
    /// A face-down card turned up at the end of this column by the same action.
    pub revealed: Option<(usize, Card)>,
    /// The points of the scoring table for this action (before the floor at 0).
    pub points: i32,
    /// How much the score really changed (after the floor).
    pub score_change: i32,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum OutcomeKind {
    /// Cards turned from the stock onto the waste, in the order drawn.
    Drew(Vec<Card>),
    /// The waste turned back into the stock (this many cards).
    Recycled(usize),
    /// Cards moved from one pile to another, bottom → top.
    Moved {
        from: Pile,
        to: Pile,
        cards: Vec<Card>,
    },
}

/// Why the rules refuse an action. Nothing changes when an action is refused.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    NothingToDraw,
    NoPassLeft,
    EmptyPile(Pile),
    NoSuchPile(Pile),
    NotEnoughFaceUp {
        column: usize,
        asked: usize,
        face_up: usize,
    },
    EmptyColumnTakesOnlyKing(Card),
    DoesNotFit {
        card: Card,
        onto: Card,
    },
    NoFoundationTakes(Card),
    OneCardToFoundation,
    AlreadyOnFoundation,
    SameColumn,
    NoPlaceOnTable(Card),
    OnlyTopCardClicks,
    FoundationCardsAreDragged,
    NothingToUndo,
    /// Redo with nothing undone since the last new action.
    NothingToRedo,
    /// The game's log holds `MAX_LOG` entries: no further action or undo is kept.
    LogFull,
}

fn pile_name(p: Pile) -> String {
    match p {
        Pile::Stock => "the stock".into(),
        Pile::Waste => "the waste".into(),
        Pile::Foundation(i) => format!("foundation f{}", i + 1),
        Pile::Column(i) => format!("column t{}", i + 1),
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NothingToDraw => write!(f, "the stock and the waste are both empty"),
            Refusal::NoPassLeft => write!(
                f,
                "Vegas: the stock is gone through once only; the waste is not turned back"
            ),
            Refusal::EmptyPile(p) => write!(f, "{} is empty", pile_name(*p)),
            Refusal::NoSuchPile(p) => write!(f, "this game has no {}", pile_name(*p)),
            Refusal::NotEnoughFaceUp {
                column,
                asked,
                face_up,
            } => write!(
                f,
                "column t{} has {face_up} face-up card{}, not {asked}",
                column + 1,
                if *face_up == 1 { "" } else { "s" }
            ),
            Refusal::EmptyColumnTakesOnlyKing(c) => {
                write!(f, "an empty column takes only a King, not {c}")
            }
            Refusal::DoesNotFit { card, onto } => write!(
                f,
                "{card} does not go on {onto}: a card goes on the opposite colour, one rank higher"
            ),
            Refusal::NoFoundationTakes(c) => write!(f, "no foundation takes {c} now"),
            Refusal::OneCardToFoundation => {
                write!(f, "foundations take one card at a time, not a run")
            }
            Refusal::AlreadyOnFoundation => write!(f, "that card is on a foundation already"),
            Refusal::SameColumn => write!(f, "the cards are in that column already"),
            Refusal::NoPlaceOnTable(c) => write!(f, "no place on the table takes {c}"),
            Refusal::OnlyTopCardClicks => {
                write!(f, "a click sends only a top card to a foundation")
            }
            Refusal::FoundationCardsAreDragged => write!(
                f,
                "a foundation card comes back to the table only by dragging it to a column"
            ),
            Refusal::NothingToUndo => write!(f, "there is nothing to undo"),
            Refusal::NothingToRedo => write!(f, "there is nothing to redo"),
            Refusal::LogFull => write!(
                f,
                "this game has reached {MAX_LOG} actions and undos, the most a game keeps; start a new game"
            ),
        }
    }
}

impl std::error::Error for Refusal {}

/// The Normal points of RULES.md §4 for one event.
pub mod points {
    pub const FOUNDATION: i32 = 10;
    pub const WASTE_TO_COLUMN: i32 = 5;
    pub const TURN_UP: i32 = 5;
    pub const RECYCLE: i32 = -100;
    pub const VEGAS_FOUNDATION: i32 = 5;
}

/// The most entries (actions and undos) a game's log holds: far beyond any real game (a
/// thousand hours of play), and the one limit that both writing and reading a save obey.
pub const MAX_LOG: usize = 200_000;

/// One entry of a game's log: an action applied, or an undo.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Entry {
    Act(Action),
    Undo,
}

/// A game: its code, the table, the move counter, the undo history, and the log of everything
/// done (replaying the log on the deal gives back the same game, history included).
#[derive(Clone, Debug)]
pub struct Game {
    code: GameCode,
    table: Table,
    moves: u32,
    /// The table before each action that can be undone, with the action.
    history: VecDeque<(Table, Action)>,
    /// The actions undone since the last new action, the latest last: what Redo re-applies.
    redo: Vec<Action>,
    log: Vec<Entry>,
}

impl Game {
    /// The deal of a game code, ready to play.
    pub fn new(code: GameCode) -> Game {
        let spec = code.spec();
        let dealt = deal(spec, code.deal);
        let columns = dealt
            .columns
            .into_iter()
            .map(|mut cards| {
                let top = cards.pop();
                Column {
                    down: cards,
                    up: top.into_iter().collect(),
                }
            })
            .collect();
        let table = Table {
            stock: dealt.stock,
            waste: Vec::new(),
            fan: 0,
            foundations: vec![Vec::new(); spec.foundations()],
            columns,
            score: match code.scoring {
                Scoring::Normal => 0,
                Scoring::Vegas => spec.vegas_start,
            },
        };
        Game::with_table(code, table)
    }

    /// A game from a table built by hand (tests, examples). The table must have the game's
    /// number of columns and foundation places.
    pub fn with_table(code: GameCode, table: Table) -> Game {
        let spec = code.spec();
        assert_eq!(table.columns.len(), spec.columns, "wrong number of columns");
        assert_eq!(
            table.foundations.len(),
            spec.foundations(),
            "wrong number of foundations"
        );
        Game {
            code,
            table,
            moves: 0,
            history: VecDeque::new(),
            redo: Vec::new(),
            log: Vec::new(),
        }
    }

    /// A game on a table written out as text (tests, examples, benchmarks): columns as
    /// (face-down, face-up) card lists like `("4C 9D", "QH JS")`, stock and waste bottom → top,
    /// foundations by place. Missing columns and foundations are empty; the score is the game's
    /// start (0, or the Vegas stake).
    pub fn from_layout(
        code: &str,
        columns: &[(&str, &str)],
        stock: &str,
        waste: &str,
        foundations: &[&str],
    ) -> Result<Game, String> {
        let code = GameCode::parse(code).map_err(|e| e.to_string())?;
        let spec = code.spec();
        let cards = |text: &str| -> Result<Vec<Card>, String> {
            text.split_whitespace()
                .map(|w| Card::parse(w).ok_or_else(|| format!("'{w}' is not a card")))
                .collect()
        };
        if columns.len() > spec.columns || foundations.len() > spec.foundations() {
            return Err(format!(
                "{} has {} columns and {} foundations",
                spec.prefix,
                spec.columns,
                spec.foundations()
            ));
        }
        let mut cols = columns
            .iter()
            .map(|(d, u)| {
                Ok(Column {
                    down: cards(d)?,
                    up: cards(u)?,
                })
            })
            .collect::<Result<Vec<Column>, String>>()?;
        cols.resize(spec.columns, Column::default());
        let mut places = foundations
            .iter()
            .map(|f| cards(f))
            .collect::<Result<Vec<_>, _>>()?;
        places.resize(spec.foundations(), Vec::new());
        let waste = cards(waste)?;
        let table = Table {
            stock: cards(stock)?,
            fan: waste.len().min(1),
            waste,
            foundations: places,
            columns: cols,
            score: match code.scoring {
                Scoring::Normal => 0,
                Scoring::Vegas => spec.vegas_start,
            },
        };
        Ok(Game::with_table(code, table))
    }

    pub fn code(&self) -> GameCode {
        self.code
    }

    pub fn spec(&self) -> &'static GameSpec {
        self.code.spec()
    }

    pub fn table(&self) -> &Table {
        &self.table
    }

    pub fn score(&self) -> i32 {
        self.table.score
    }

    /// The score as the screen shows it (RULES.md §1): `35`, `+$208`, `$416`, `-$104`.
    pub fn score_text(&self) -> String {
        score_text(self.code, self.table.score)
    }

    /// The move counter: every action counts; undo never lowers it.
    pub fn moves(&self) -> u32 {
        self.moves
    }

    /// Everything done in this game, in order.
    pub fn log(&self) -> &[Entry] {
        &self.log
    }

    /// The action Redo would re-apply now.
    pub fn next_redo(&self) -> Option<Action> {
        self.redo.last().copied()
    }

    /// How many undone actions Redo can re-apply now.
    pub fn redo_available(&self) -> usize {
        self.redo.len()
    }

    /// How many actions can be undone now.
    pub fn undo_available(&self) -> usize {
        self.history.len()
    }

    pub fn is_won(&self) -> bool {
        self.table.foundations.iter().map(Vec::len).sum::<usize>() == self.spec().cards()
    }

    /// Whether a click on the stock would recycle the waste now.
    pub fn can_recycle(&self) -> bool {
        self.table.stock.is_empty()
            && !self.table.waste.is_empty()
            && self.code.scoring == Scoring::Normal
    }

    /// Vegas, stock gone through: the waste will not come back.
    pub fn no_pass_left(&self) -> bool {
        self.table.stock.is_empty() && self.code.scoring == Scoring::Vegas
    }

    /// The foundation places of a suit's row, in order.
    pub fn foundation_row(&self, suit: super::card::Suit) -> std::ops::Range<usize> {
        let decks = self.spec().decks;
        suit.index() * decks..(suit.index() + 1) * decks
    }

    /// The place a card would go on the foundations: the first of its row that takes it.
    pub fn foundation_for(&self, card: Card) -> Option<usize> {
        self.foundation_row(card.suit()).find(|&i| {
            let place = &self.table.foundations[i];
            match place.last() {
                None => card.rank() == Card::ACE,
                Some(top) => top.rank() + 1 == card.rank(),
            }
        })
    }

    /// The cards a source would move, bottom → top, or why it cannot move at all.
    pub fn source_cards(&self, from: Source) -> Result<&[Card], Refusal> {
        let t = &self.table;
        match from {
            Source::Waste => {
                let n = t.waste.len();
                if n == 0 {
                    return Err(Refusal::EmptyPile(Pile::Waste));
                }
                Ok(&t.waste[n - 1..])
            }
            Source::Foundation(i) => {
                let place = t
                    .foundations
                    .get(i)
                    .ok_or(Refusal::NoSuchPile(Pile::Foundation(i)))?;
                let n = place.len();
                if n == 0 {
                    return Err(Refusal::EmptyPile(Pile::Foundation(i)));
                }
                Ok(&place[n - 1..])
            }
            Source::Column { index, count } => {
                let col = t
                    .columns
                    .get(index)
                    .ok_or(Refusal::NoSuchPile(Pile::Column(index)))?;
                if col.is_empty() {
                    return Err(Refusal::EmptyPile(Pile::Column(index)));
                }
                if count == 0 || count > col.up.len() {
                    return Err(Refusal::NotEnoughFaceUp {
                        column: index,
                        asked: count,
                        face_up: col.up.len(),
                    });
                }
                Ok(&col.up[col.up.len() - count..])
            }
        }
    }

    /// Checks a move and says which pile it would land on.
    pub fn check_move(&self, from: Source, to: Target) -> Result<Pile, Refusal> {
        let cards = self.source_cards(from)?;
        let first = cards[0];
        match to {
            Target::Foundation => {
                if matches!(from, Source::Foundation(_)) {
                    return Err(Refusal::AlreadyOnFoundation);
                }
                if cards.len() > 1 {
                    return Err(Refusal::OneCardToFoundation);
                }
                self.foundation_for(first)
                    .map(Pile::Foundation)
                    .ok_or(Refusal::NoFoundationTakes(first))
            }
            Target::Column(j) => {
                let dest = self
                    .table
                    .columns
                    .get(j)
                    .ok_or(Refusal::NoSuchPile(Pile::Column(j)))?;
                if from.pile() == Pile::Column(j) {
                    return Err(Refusal::SameColumn);
                }
                match dest.top() {
                    None if dest.is_empty() => {
                        if first.is_king() {
                            Ok(Pile::Column(j))
                        } else {
                            Err(Refusal::EmptyColumnTakesOnlyKing(first))
                        }
                    }
                    // A column with face-down cards always has a face-up one on top (reveal).
                    None => Err(Refusal::EmptyPile(Pile::Column(j))),
                    Some(onto) if first.fits_on(onto) => Ok(Pile::Column(j)),
                    Some(onto) => Err(Refusal::DoesNotFit { card: first, onto }),
                }
            }
        }
    }

    /// Checks an action without changing anything.
    pub fn check(&self, action: Action) -> Result<(), Refusal> {
        match action {
            Action::Draw => {
                let t = &self.table;
                if !t.stock.is_empty() {
                    Ok(())
                } else if t.waste.is_empty() {
                    Err(Refusal::NothingToDraw)
                } else if self.code.scoring == Scoring::Vegas {
                    Err(Refusal::NoPassLeft)
                } else {
                    Ok(())
                }
            }
            Action::Move { from, to } => self.check_move(from, to).map(|_| ()),
        }
    }

    /// Checks and applies an action; on success it counts as one move and can be undone. A
    /// new action ends what Redo could re-apply; an action equal to the next one to redo is
    /// that redo (RULES.md §5), so a log replayed gives back the same game, redos included.
    pub fn apply(&mut self, action: Action) -> Result<Outcome, Refusal> {
        let outcome = self.record(action)?;
        if self.redo.last() == Some(&action) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        Ok(outcome)
    }

    /// Re-applies the last action undone, exactly as it was first applied: it counts as a
    /// move and can be undone again, and the log records it as that action.
    pub fn redo(&mut self) -> Result<Outcome, Refusal> {
        let action = *self.redo.last().ok_or(Refusal::NothingToRedo)?;
        self.apply(action)
    }

    /// Checks, applies and logs an action, keeping the table before it for Undo.
    fn record(&mut self, action: Action) -> Result<Outcome, Refusal> {
        if self.log.len() >= MAX_LOG {
            return Err(Refusal::LogFull);
        }
        self.check(action)?;
        let before = self.table.clone();
        let outcome = self.apply_in_search(action)?;
        self.history.push_back((before, action));
        if self.history.len() > self.spec().undo_depth {
            self.history.pop_front();
        }
        self.log.push(Entry::Act(action));
        Ok(outcome)
    }

    /// Applies an action with no undo entry and no log line: `apply` records those around it,
    /// and a look ahead along a line (the app's hint) needs neither. The move counter counts it.
    pub fn apply_in_search(&mut self, action: Action) -> Result<Outcome, Refusal> {
        let (kind, revealed, points) = match action {
            Action::Draw => {
                self.check(action)?;
                self.apply_draw()
            }
            Action::Move { from, to } => {
                let dest = self.check_move(from, to)?;
                self.apply_move(from, dest)
            }
        };
        let old = self.table.score;
        // Saturating: no number of take-backs and re-placings can wrap the score around.
        self.table.score = match self.code.scoring {
            Scoring::Normal => old.saturating_add(points).max(0),
            Scoring::Vegas => old.saturating_add(points),
        };
        self.moves = self.moves.saturating_add(1);
        Ok(Outcome {
            kind,
            revealed,
            points,
            score_change: self.table.score.saturating_sub(old),
        })
    }

    fn apply_draw(&mut self) -> (OutcomeKind, Option<(usize, Card)>, i32) {
        let t = &mut self.table;
        if t.stock.is_empty() {
            let n = t.waste.len();
            t.stock = t.waste.drain(..).rev().collect();
            t.fan = 0;
            let cost = match self.code.scoring {
                Scoring::Normal => points::RECYCLE,
                Scoring::Vegas => 0,
            };
            return (OutcomeKind::Recycled(n), None, cost);
        }
        let n = self.code.draw.count().min(t.stock.len());
        let mut drawn = Vec::with_capacity(n);
        for _ in 0..n {
            let card = t.stock.pop().expect("checked: stock has n cards");
            t.waste.push(card);
            drawn.push(card);
        }
        t.fan = n;
        (OutcomeKind::Drew(drawn), None, 0)
    }

    fn apply_move(
        &mut self,
        from: Source,
        dest: Pile,
    ) -> (OutcomeKind, Option<(usize, Card)>, i32) {
        let normal = self.code.scoring == Scoring::Normal;
        let t = &mut self.table;
        let cards: Vec<Card> = match from {
            Source::Waste => {
                let card = t.waste.pop().expect("checked");
                t.fan = t.fan.saturating_sub(1).max(1).min(t.waste.len());
                vec![card]
            }
            Source::Foundation(i) => vec![t.foundations[i].pop().expect("checked")],
            Source::Column { index, count } => {
                let up = &mut t.columns[index].up;
                up.split_off(up.len() - count)
            }
        };
        let mut points = 0;
        match dest {
            Pile::Foundation(i) => {
                t.foundations[i].extend_from_slice(&cards);
                points += if normal {
                    points::FOUNDATION
                } else {
                    points::VEGAS_FOUNDATION
                };
            }
            Pile::Column(j) => {
                t.columns[j].up.extend_from_slice(&cards);
                if normal && from == Source::Waste {
                    points += points::WASTE_TO_COLUMN;
                }
            }
            Pile::Stock | Pile::Waste => unreachable!("moves never land on the stock or waste"),
        }
        let mut revealed = None;
        if let Source::Column { index, .. } = from {
            let col = &mut t.columns[index];
            if col.up.is_empty()
                && let Some(card) = col.down.pop()
            {
                col.up.push(card);
                revealed = Some((index, card));
                if normal {
                    points += points::TURN_UP;
                }
            }
        }
        (
            OutcomeKind::Moved {
                from: from.pile(),
                to: dest,
                cards,
            },
            revealed,
            points,
        )
    }

    /// Undoes the last action: the table and score come back exactly; the move counter stays.
    pub fn undo(&mut self) -> Result<(), Refusal> {
        if self.log.len() >= MAX_LOG {
            return Err(Refusal::LogFull);
        }
        let (before, action) = self.history.pop_back().ok_or(Refusal::NothingToUndo)?;
        self.table = before;
        self.redo.push(action);
        self.log.push(Entry::Undo);
        Ok(())
    }
}

/// The score as the screen shows it (RULES.md §1).
pub fn score_text(code: GameCode, score: i32) -> String {
    match code.scoring {
        Scoring::Normal => score.to_string(),
        Scoring::Vegas if score < 0 => format!("-${}", -score),
        Scoring::Vegas if score > 0 && code.spec().vegas_plus_sign => format!("+${score}"),
        Scoring::Vegas => format!("${score}"),
    }
}
