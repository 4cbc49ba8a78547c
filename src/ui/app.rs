//! The app: screens (table, New Game, Settings, Help, Win), gestures turned into engine actions,
//! and the animations that show what the engine did. Windowless and clock-free: time comes in
//! with every event.

use crate::engine::{
    Action, Card, DEALS, Draw, Game, GameCode, GameKind, Outcome, OutcomeKind, Pile, Refusal,
    Scoring, Source, Target,
};
use super::geom::{Rect, font};

use super::input::{Gesture, Pointer, PointerEvent};
use super::layout::{CARD_H, CARD_W, FB_H, FB_W, HUD_Y, Layout};
use super::strings::{help_pages, strings};
use crate::save::Loaded;
pub use crate::save::Settings;
use crate::solver::{self, Budget, Search, Verdict};
use crate::stats::Stats;

/// How long a card slides, and how long a card takes to turn over, in milliseconds.
pub const SLIDE_MS: u64 = 110;
pub const FLIP_MS: u64 = 140;
/// How long a message stays in the status line.
pub const STATUS_MS: u64 = 2600;
/// One step of the win cascade.
pub const CASCADE_STEP_MS: u64 = 10;
pub use crate::solver::{HINT_STATES, WINNABLE_STATES, WINNABLE_TRIES};

/// The New Game window's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub game: GameKind,
    pub draw: Draw,
    pub scoring: Scoring,
    /// A random deal, or the code in `text`.
    pub random: bool,
    /// The game code as typed or set with the letter arrows.
    pub text: String,
    /// What is wrong with `text`, after a Start that could not start it.
    pub error: Option<String>,
    /// How the search for a winnable deal is going.
    pub note: Option<String>,
}

impl NewGameForm {
    fn from_code(code: GameCode) -> NewGameForm {
        NewGameForm {
            game: code.game,
            draw: code.draw,
            scoring: code.scoring,
            random: true,
            text: code.to_string(),
            error: None,
            note: None,
        }
    }

    /// The deal number the text names, when it is a valid code.
    fn deal(&self) -> Option<u64> {
        GameCode::parse(&self.text).ok().map(|c| c.deal)
    }

    /// Rewrites the text from the choices, keeping the deal letters when the text has them.
    fn sync_text(&mut self, deal: u64) {
        self.text = GameCode::new(self.game, self.draw, self.scoring, deal).to_string();
        self.error = None;
    }
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Screen {
    Table,
    NewGame(NewGameForm),
    Settings,
    Help {
        page: usize,
    },
    Won,
    Stats,
    /// "Reset the statistics?", with Yes and No.
    ConfirmReset,
    /// A link asks for another deal while a game is under way: "Leave the game in progress?"
    ConfirmLeave(GameCode),
}

/// What a button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiAction {
    NewGame,
    Replay,
    Undo,
    Settings,
    Help,
    Stats,
    ResetStats,
    ConfirmReset,
    /// Leave the game in progress for the deal the link asked for.
    LeaveForLink,
    ToggleCarryVegas,
    SetGame(GameKind),
    SetDraw(Draw),
    SetScoring(Scoring),
    SetRandom(bool),
    LetterUp(usize),
    LetterDown(usize),
    Start,
    Cancel,
    ToggleDoubleClick,
    ToggleWinnableOnly,
    Hint,
    PrevPage,
    NextPage,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Widget {
    pub rect: Rect,
    pub label: String,
    pub action: UiAction,
    /// A chosen option (drawn lit).
    pub selected: bool,
}

/// A search the app runs a slice at a time between frames.
enum Job {
    /// A winning line from the position the hint was asked in.
    Hint(Box<Search>),
    /// A random deal the solver can win: the deal being tried, and how many were tried.
    Winnable {
        search: Box<Search>,
        code: GameCode,
        tried: u32,
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

/// The hint on show: the cards to move (or the stock to click), and where they go.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HintMark {
    pub from: Rect,
    pub to: Option<Rect>,
}

/// Cards following the pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Drag {
    pub source: Source,
    pub cards: Vec<Card>,
    /// Where in the first card the pointer holds it.
    pub grab: (i32, i32),
    pub pointer: (i32, i32),
}

impl Drag {
    /// The rectangle of the first (lowest) dragged card.
    pub fn rect(&self) -> Rect {
        Rect::new(
            self.pointer.0 - self.grab.0,
            self.pointer.1 - self.grab.1,
            CARD_W,
            CARD_H,
        )
    }
}

/// Cards sliding from where they were to the top of `to`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slide {
    pub to: Pile,
    pub cards: Vec<Card>,
    pub from: Vec<(i32, i32)>,
    pub start: u64,
}

/// A face-down card turning up at the end of a column.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flip {
    pub column: usize,
    pub start: u64,
}

/// The bouncing cards of a won game. Every step leaves a stamp; the screen keeps the trail.
#[derive(Clone, Debug, PartialEq)]
pub struct Cascade {
    /// (card, x, y) in the order drawn.
    pub stamps: Vec<(Card, i32, i32)>,
    /// How many cards have left each foundation place.
    pub launched: Vec<usize>,
    order: Vec<(usize, Card)>,
    next: usize,
    ball: Option<(Card, f32, f32, f32, f32)>,
    last_step: u64,
}

impl Cascade {
    fn new(game: &Game, now: u64) -> Cascade {
        let t = game.table();
        // Kings first, place by place, then queens, … as the classic cascade does.
        let mut order = Vec::new();
        for rank in (0..13).rev() {
            for (i, f) in t.foundations.iter().enumerate() {
                if let Some(&c) = f.get(rank) {
                    order.push((i, c));
                }
            }
        }
        Cascade {
            stamps: Vec::new(),
            launched: vec![0; t.foundations.len()],
            order,
            next: 0,
            ball: None,
            last_step: now,
        }
    }

    pub fn is_done(&self) -> bool {
        self.next >= self.order.len() && self.ball.is_none()
    }

    fn step(&mut self, layout: &Layout) {
        if self.ball.is_none() {
            let Some(&(place, card)) = self.order.get(self.next) else {
                return;
            };
            self.next += 1;
            self.launched[place] += 1;
            let r = layout.foundations[place];
            // Deterministic "random" throws from the card's position in the order.
            let k = self.next as f32;
            let vx = (4.0 + (k * 1.7) % 5.0)
                * if self.next.is_multiple_of(2) {
                    1.0
                } else {
                    -1.0
                };
            let vy = -((k * 2.3) % 5.0);
            self.ball = Some((card, r.x as f32, r.y as f32, vx, vy));
        }
        if let Some((card, x, y, vx, vy)) = &mut self.ball {
            *vy += 0.45;
            *x += *vx;
            *y += *vy;
            let floor = (FB_H - CARD_H) as f32;
            if *y > floor {
                *y = floor;
                *vy = -*vy * 0.78;
            }
            self.stamps
                .push((*card, x.round() as i32, y.round() as i32));
            if *x + (CARD_W as f32) < 0.0 || *x > FB_W as f32 {
                self.ball = None;
            }
        }
    }
}

pub struct App {
    game: Game,
    layout: Layout,
    pub settings: Settings,
    pub screen: Screen,
    pointer: Pointer,
    pub drag: Option<Drag>,
    pub slides: Vec<Slide>,
    pub flip: Option<Flip>,
    pub cascade: Option<Cascade>,
    /// A short message in the status line, until a time.
    pub status: Option<(String, u64)>,
    /// The message on show is a notice (something the player must get to read).
    status_is_notice: bool,
    /// Notices waiting for their turn in the status line.
    notices: std::collections::VecDeque<String>,
    now: u64,
    /// The first click of a possible double-click moved its card.
    first_click_moved: bool,
    entropy: u64,
    /// Something changed since the last frame was drawn.
    dirty: bool,
    pub stats: Stats,
    /// The running game is in the statistics already (it was won, or it was given up).
    counted: bool,
    /// Something worth saving changed.
    save_needed: bool,
    /// The search under way, if any.
    job: Option<Job>,
    pub hint: Option<HintMark>,
    /// The last winning line found and the game at its start: later hints follow it.
    line: Option<(Game, Vec<Action>)>,
}

/// The longest message the status line shows, in characters: whatever a message quotes (a
/// save's damaged text, say), it stays a few lines.
pub const MAX_MESSAGE: usize = 300;

fn cut_message(text: String) -> String {
    if text.chars().count() <= MAX_MESSAGE {
        return text;
    }
    let mut cut: String = text.chars().take(MAX_MESSAGE - 1).collect();
    cut.push('…');
    cut
}

fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl App {
    /// An app playing `code`. `entropy` (from the clock, handed in by the platform layer) picks
    /// the random deals of later new games.
    pub fn new(code: GameCode, entropy: u64) -> App {
        App::with_game(Game::new(code), entropy)
    }

    /// An app around a game already under way (a built table in tests, a restored game).
    pub fn with_game(game: Game, entropy: u64) -> App {
        App {
            layout: Layout::new(game.code().game),
            game,
            settings: Settings::default(),
            screen: Screen::Table,
            pointer: Pointer::new(),
            drag: None,
            slides: Vec::new(),
            flip: None,
            cascade: None,
            status: None,
            status_is_notice: false,
            notices: Default::default(),
            now: 0,
            first_click_moved: false,
            entropy,
            dirty: true,
            stats: Stats::default(),
            counted: false,
            save_needed: false,
            job: None,
            hint: None,
            line: None,
        }
    }

    /// The app as the saves left it: their game, or a new deal of `fresh` when they hold none.
    pub fn restore(loaded: Loaded, fresh: GameCode, entropy: u64) -> App {
        let (game, counted) = match loaded.game {
            Some(g) => (g.game, g.counted),
            None => (Game::new(fresh), false),
        };
        let mut app = App::with_game(game, entropy);
        app.settings = loaded.settings;
        app.stats = loaded.stats;
        app.counted = counted;
        if app.game.is_won() {
            app.screen = Screen::Won;
        }
        app
    }

    /// The app at start-up: the saves' game, unless a link (`?code=` on the web, `--code`
    /// natively) asks for another deal — which never ends a game under way without asking. An
    /// invalid link says what is wrong with it, and what is played instead.
    pub fn start_up(
        loaded: Loaded,
        link: Option<Result<GameCode, crate::engine::CodeError>>,
        fresh: GameCode,
        entropy: u64,
    ) -> App {
        let had_game = loaded.game.is_some();
        let mut app = App::restore(loaded, fresh, entropy);
        match link {
            Some(Ok(code)) => app.open_link(code),
            Some(Err(e)) => {
                let s = strings();
                let then = if had_game {
                    s.link_code_kept
                } else {
                    s.random_instead
                };
                app.notify(format!("{} {e}. {then}", s.link_code));
            }
            None => {}
        }
        app
    }

    /// A link (`?code=` or `--code`) asks for a deal: the game of that deal goes on (a page
    /// reloaded, say); another deal starts at once when nothing would be lost; a game under way
    /// is left only after the player says so.
    pub fn open_link(&mut self, code: GameCode) {
        if code == self.game.code() {
            return;
        }
        if self.counted || self.game.moves() == 0 {
            self.start(code);
        } else {
            self.screen = Screen::ConfirmLeave(code);
            self.dirty = true;
        }
    }

    /// Whether the game under way counts in the statistics already (it was won at some point).
    pub fn is_counted(&self) -> bool {
        self.counted
    }

    /// Whether something worth saving changed since the last call; clears the flag.
    pub fn take_save_needed(&mut self) -> bool {
        std::mem::take(&mut self.save_needed)
    }

    /// A game that was under way counts as played when another one starts.
    fn count_unfinished(&mut self) {
        if !self.counted && self.game.moves() > 0 {
            let code = self.game.code();
            self.stats.record_unfinished(code);
            self.add_vegas_result();
        }
        self.counted = false;
    }

    fn add_vegas_result(&mut self) {
        let code = self.game.code();
        if self.settings.carry_vegas && code.scoring == Scoring::Vegas {
            self.stats.add_to_bankroll(code.game, self.game.score());
        }
    }

    /// The bankroll with the running game's dollars, when Vegas dollars are carried over.
    pub fn bankroll_text(&self) -> Option<String> {
        let code = self.game.code();
        if !self.settings.carry_vegas || code.scoring != Scoring::Vegas {
            return None;
        }
        let mut total = self.stats.bankroll(code.game);
        if !self.counted {
            total = total.saturating_add(self.game.score());
        }
        Some(crate::engine::score_text(code, total))
    }

    /// A random deal of the given kind, from the entropy handed in.
    pub fn random_code(entropy: u64, game: GameKind, draw: Draw, scoring: Scoring) -> GameCode {
        GameCode::new(game, draw, scoring, mix(entropy) % DEALS)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    /// Whether the screen must be drawn again; clears the flag.
    pub fn take_dirty(&mut self) -> bool {
        std::mem::take(&mut self.dirty)
    }

    /// Whether anything is moving by itself (the loop keeps drawing frames while it is).
    pub fn is_animating(&self) -> bool {
        !self.slides.is_empty()
            || self.flip.is_some()
            || self.cascade.as_ref().is_some_and(|c| !c.is_done())
            || self.status.is_some()
    }

    /// Starts a game, leaving every screen and animation behind.
    pub fn start(&mut self, code: GameCode) {
        self.count_unfinished();
        self.save_needed = true;
        self.game = Game::new(code);
        self.layout = Layout::new(code.game);
        self.screen = Screen::Table;
        self.drag = None;
        self.slides.clear();
        self.flip = None;
        self.cascade = None;
        self.first_click_moved = false;
        self.dirty = true;
        self.game_changed();
    }

    /// The table changed: a hint on show, or one being looked for, no longer applies.
    fn game_changed(&mut self) {
        self.hint = None;
        if matches!(self.job, Some(Job::Hint(_))) {
            self.job = None;
        }
    }

    /// A notice: a message that stays a while longer (something the player should read). A
    /// notice is never lost: one that comes while another is on show waits for its turn.
    pub fn notify(&mut self, text: impl Into<String>) {
        self.notices.push_back(cut_message(text.into()));
        if self.status.is_none() {
            self.next_notice();
        }
    }

    fn next_notice(&mut self) {
        if let Some(text) = self.notices.pop_front() {
            self.status = Some((text, self.now + 4 * STATUS_MS));
            self.status_is_notice = true;
            self.dirty = true;
        }
    }

    /// Whether a search is under way (the loop keeps giving it frames).
    pub fn is_busy(&self) -> bool {
        self.job.is_some()
    }

    /// The Hint button: the next move of a winning line when the solver finds one (following
    /// the last line found while the player keeps to it), else a guess, else a word about Undo.
    /// It only points; no card moves by itself.
    fn ask_hint(&mut self) {
        if self.screen != Screen::Table || self.job.is_some() {
            return;
        }
        if let Some(rest) = self.line_from_here() {
            self.show_hint(&rest, true);
            return;
        }
        self.set_status(strings().hint_thinking);
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
            Job::Winnable {
                search,
                code,
                tried,
            } => match search.step(states) {
                None => {}
                Some(Verdict::Winnable(line)) => {
                    let code = *code;
                    self.job = None;
                    self.start(code);
                    self.line = Some((Game::new(code), line));
                    self.say_long(format!("{code}: {}", strings().winnable_found));
                }
                Some(_) => {
                    *tried += 1;
                    let (tried, old) = (*tried, *code);
                    self.dirty = true;
                    if tried >= WINNABLE_TRIES {
                        self.job = None;
                        if let Screen::NewGame(form) = &mut self.screen {
                            form.note = None;
                            form.error = Some(strings().winnable_not_found.to_string());
                        }
                        return;
                    }
                    let next = App::random_code(
                        mix(self.entropy ^ u64::from(tried)),
                        old.game,
                        old.draw,
                        old.scoring,
                    );
                    *code = next;
                    *search = winnable_search(next);
                    if let Screen::NewGame(form) = &mut self.screen {
                        form.note = Some(format!(
                            "{} ({tried} {})",
                            strings().looking_for_winnable,
                            strings().tried
                        ));
                    }
                }
            },
        }
    }

    fn hint_found(&mut self, verdict: Verdict) {
        if let Verdict::Winnable(line) = verdict {
            self.line = Some((self.game.clone(), line.clone()));
            self.show_hint(&line, true);
        } else if let Some(guess) = solver::guess(&self.game) {
            self.show_hint(&guess, false);
        } else {
            self.say_long(strings().no_useful_move);
        }
    }

    /// Marks the first move of `line` on the table and says it in the status line.
    fn show_hint(&mut self, line: &[Action], sure: bool) {
        let s = strings();
        let step = solver::first_move(line);
        let draws = step.iter().filter(|a| **a == Action::Draw).count();
        let Some(&Action::Move { from, to }) = step.last() else {
            self.say_long(s.no_useful_move);
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
        let card = super::strings::card_name(cards[0]);
        let place = match to {
            Target::Foundation => s.hint_to_foundation.to_string(),
            Target::Column(j) => match after.table().columns[j].top() {
                Some(onto) => format!("{} {}", s.hint_onto, super::strings::card_name(onto)),
                None => s.hint_to_empty.to_string(),
            },
        };
        let what = if draws > 0 {
            format!(
                "{} ({draws} {}) {} {card} {} {place}.",
                s.hint_turn_stock,
                if draws == 1 { s.click } else { s.clicks },
                s.hint_until,
                s.hint_then
            )
        } else {
            format!("{card} {place}.")
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
        self.say_long(format!("{prefix}: {what}"));
    }

    /// A short message. A notice on show gives way, and comes back, whole, after it.
    fn set_status(&mut self, text: impl Into<String>) {
        self.say_for(text.into(), STATUS_MS);
    }

    /// A message that stays a while (a hint, a search's result), but is no notice: the next
    /// message replaces it.
    fn say_long(&mut self, text: impl Into<String>) {
        self.say_for(text.into(), 4 * STATUS_MS);
    }

    fn say_for(&mut self, text: String, ms: u64) {
        if std::mem::take(&mut self.status_is_notice)
            && let Some((notice, _)) = self.status.take()
        {
            self.notices.push_front(notice);
        }
        self.status = Some((cut_message(text), self.now + ms));
        self.dirty = true;
    }

    /// Advances time: animations, the cascade, the status line.
    pub fn tick(&mut self, now: u64) {
        self.now = self.now.max(now);
        let now = self.now;
        let before = (self.slides.len(), self.flip.is_some());
        self.slides.retain(|s| now < s.start + SLIDE_MS);
        if self.flip.is_some_and(|f| now >= f.start + FLIP_MS) {
            self.flip = None;
        }
        if before != (self.slides.len(), self.flip.is_some()) || !self.slides.is_empty() {
            self.dirty = true;
        }
        if self.flip.is_some() {
            self.dirty = true;
        }
        if self.status.as_ref().is_some_and(|(_, until)| now >= *until) {
            self.status = None;
            self.status_is_notice = false;
            self.dirty = true;
            self.next_notice();
        }
        if let Some(c) = &mut self.cascade {
            let mut steps = 0;
            while c.last_step + CASCADE_STEP_MS <= now && !c.is_done() && steps < 64 {
                c.last_step += CASCADE_STEP_MS;
                c.step(&self.layout);
                steps += 1;
            }
            if c.last_step + CASCADE_STEP_MS <= now && c.is_done() {
                c.last_step = now;
            }
            if steps > 0 {
                self.dirty = true;
            }
        }
    }

    /// Ends every animation at once (a new press never waits for one).
    fn finish_animations(&mut self) {
        if !self.slides.is_empty() || self.flip.is_some() {
            self.slides.clear();
            self.flip = None;
            self.dirty = true;
        }
    }

    /// A pointer event, in framebuffer pixels.
    pub fn pointer(&mut self, ev: PointerEvent) {
        if let PointerEvent::Down { t, .. }
        | PointerEvent::Move { t, .. }
        | PointerEvent::Up { t, .. } = ev
        {
            self.tick(t);
        }
        for g in self.pointer.handle(ev) {
            self.gesture(g);
        }
    }

    /// Whether the pointer's button is down (a press, or a drag under way).
    pub fn pointer_is_down(&self) -> bool {
        self.pointer.is_down()
    }

    pub fn is_dragging(&self) -> bool {
        self.drag.is_some()
    }

    fn gesture(&mut self, g: Gesture) {
        match g {
            Gesture::Press { .. } => self.finish_animations(),
            Gesture::Click { x, y } => self.click(x, y, false),
            Gesture::DoubleClick { x, y } => self.click(x, y, true),
            Gesture::DragStart {
                from_x,
                from_y,
                x,
                y,
            } => self.drag_start(from_x, from_y, x, y),
            Gesture::DragMove { x, y } => {
                if let Some(d) = &mut self.drag {
                    d.pointer = (x, y);
                    self.dirty = true;
                }
            }
            Gesture::Drop { x, y } => self.drop(x, y),
            Gesture::DragCancel => self.cancel_drag(),
        }
    }

    /// The buttons on screen now: the bar at the bottom, and those of an open window.
    pub fn widgets(&self) -> Vec<Widget> {
        let s = strings();
        let f = font();
        let mut out = Vec::new();
        let button = |x: i32, y: i32, label: &str, action: UiAction, selected: bool| Widget {
            rect: Rect::new(x, y, f.width(label) + 10, 14),
            label: label.to_string(),
            action,
            selected,
        };
        // The bar.
        let mut x = 4;
        for (label, action) in [
            (s.new_game, UiAction::NewGame),
            (s.replay, UiAction::Replay),
            (s.undo, UiAction::Undo),
            (s.hint, UiAction::Hint),
            (s.stats, UiAction::Stats),
            (s.settings, UiAction::Settings),
            (s.help, UiAction::Help),
        ] {
            let w = button(x, HUD_Y + 2, label, action, false);
            x = w.rect.right() + 4;
            out.push(w);
        }
        let panel = self.panel_rect();
        match &self.screen {
            Screen::Table => {}
            Screen::NewGame(form) => {
                let col = panel.x + 76;
                let row = |i: i32| panel.y + 24 + i * 20;
                let mut line = |i: i32, opts: Vec<(&str, UiAction, bool)>| {
                    let mut x = col;
                    for (label, action, sel) in opts {
                        let w = button(x, row(i), label, action, sel);
                        x = w.rect.right() + 6;
                        out.push(w);
                    }
                };
                line(
                    0,
                    vec![
                        (
                            s.klondike,
                            UiAction::SetGame(GameKind::Klondike),
                            form.game == GameKind::Klondike,
                        ),
                        (
                            s.double,
                            UiAction::SetGame(GameKind::Double),
                            form.game == GameKind::Double,
                        ),
                    ],
                );
                line(
                    1,
                    vec![
                        (
                            s.draw_1,
                            UiAction::SetDraw(Draw::One),
                            form.draw == Draw::One,
                        ),
                        (
                            s.draw_3,
                            UiAction::SetDraw(Draw::Three),
                            form.draw == Draw::Three,
                        ),
                    ],
                );
                line(
                    2,
                    vec![
                        (
                            s.normal,
                            UiAction::SetScoring(Scoring::Normal),
                            form.scoring == Scoring::Normal,
                        ),
                        (
                            s.vegas,
                            UiAction::SetScoring(Scoring::Vegas),
                            form.scoring == Scoring::Vegas,
                        ),
                    ],
                );
                line(
                    3,
                    vec![
                        (s.random_deal, UiAction::SetRandom(true), form.random),
                        (s.by_code, UiAction::SetRandom(false), !form.random),
                        (
                            s.winnable_only,
                            UiAction::ToggleWinnableOnly,
                            self.settings.winnable_only,
                        ),
                    ],
                );
                if !form.random {
                    // Seven letter pickers under the deal letters of the code.
                    for (i, r) in self.letter_rects().into_iter().enumerate() {
                        out.push(Widget {
                            rect: Rect::new(r.x, r.y - 12, r.w, 11),
                            label: "▲".into(),
                            action: UiAction::LetterUp(i),
                            selected: false,
                        });
                        out.push(Widget {
                            rect: Rect::new(r.x, r.bottom() + 1, r.w, 11),
                            label: "▼".into(),
                            action: UiAction::LetterDown(i),
                            selected: false,
                        });
                    }
                }
                let y = panel.bottom() - 20;
                let start = button(panel.x + 10, y, s.start, UiAction::Start, false);
                let cancel_x = start.rect.right() + 6;
                out.push(start);
                out.push(button(cancel_x, y, s.cancel, UiAction::Cancel, false));
            }
            Screen::Settings => {
                let label = format!(
                    "{}: {}",
                    s.double_click,
                    if self.settings.double_click {
                        s.on
                    } else {
                        s.off
                    }
                );
                out.push(button(
                    panel.x + 10,
                    panel.y + 24,
                    &label,
                    UiAction::ToggleDoubleClick,
                    self.settings.double_click,
                ));
                let label = format!(
                    "{}: {}",
                    s.carry_vegas,
                    if self.settings.carry_vegas {
                        s.on
                    } else {
                        s.off
                    }
                );
                out.push(button(
                    panel.x + 10,
                    panel.y + 58,
                    &label,
                    UiAction::ToggleCarryVegas,
                    self.settings.carry_vegas,
                ));
                out.push(button(
                    panel.x + 10,
                    panel.bottom() - 20,
                    s.close,
                    UiAction::Cancel,
                    false,
                ));
            }
            Screen::Help { page } => {
                let pages = help_pages(self.game.code().game).len();
                let y = panel.bottom() - 20;
                let prev = button(panel.x + 10, y, s.previous, UiAction::PrevPage, false);
                let next_x = prev.rect.right() + 6;
                if *page > 0 {
                    out.push(prev);
                }
                if page + 1 < pages {
                    out.push(button(next_x, y, s.next, UiAction::NextPage, false));
                }
                let close = button(0, y, s.close, UiAction::Cancel, false);
                let cx = panel.right() - 10 - close.rect.w;
                out.push(Widget {
                    rect: Rect::new(cx, y, close.rect.w, close.rect.h),
                    ..close
                });
            }
            Screen::Stats => {
                let y = panel.bottom() - 20;
                let reset = button(panel.x + 10, y, s.reset_stats, UiAction::ResetStats, false);
                out.push(reset);
                let close = button(0, y, s.close, UiAction::Cancel, false);
                let cx = panel.right() - 10 - close.rect.w;
                out.push(Widget {
                    rect: Rect::new(cx, y, close.rect.w, close.rect.h),
                    ..close
                });
            }
            Screen::ConfirmReset => {
                let y = panel.bottom() - 20;
                let yes = button(panel.x + 10, y, s.yes_reset, UiAction::ConfirmReset, false);
                let nx = yes.rect.right() + 6;
                out.push(yes);
                out.push(button(nx, y, s.cancel, UiAction::Stats, false));
            }
            Screen::ConfirmLeave(_) => {
                let y = panel.bottom() - 20;
                let yes = button(panel.x + 10, y, s.yes_leave, UiAction::LeaveForLink, false);
                let nx = yes.rect.right() + 6;
                out.push(yes);
                out.push(button(nx, y, s.keep_playing, UiAction::Cancel, false));
            }
            Screen::Won => {
                let y = panel.bottom() - 20;
                let new = button(panel.x + 10, y, s.new_game, UiAction::NewGame, false);
                let rx = new.rect.right() + 6;
                out.push(new);
                out.push(button(rx, y, s.replay, UiAction::Replay, false));
            }
        }
        out
    }

    /// The window of the current screen (for drawing and for its buttons).
    pub fn panel_rect(&self) -> Rect {
        let (w, h) = match self.screen {
            Screen::Table => (0, 0),
            Screen::NewGame(_) => (360, 236),
            Screen::Settings => (300, 114),
            Screen::Stats => (480, 184),
            Screen::ConfirmReset => (300, 70),
            Screen::ConfirmLeave(_) => (340, 70),
            Screen::Help { .. } => (520, 190),
            Screen::Won => (200, 84),
        };
        Rect::new((FB_W - w) / 2, (HUD_Y - h) / 2, w, h)
    }

    /// The New Game window: where the code text is written, and each of its deal letters.
    pub fn code_origin(&self) -> (i32, i32) {
        let panel = self.panel_rect();
        (panel.x + 76, panel.y + 24 + 4 * 20 + 20)
    }

    /// The seven deal-letter pickers of the New Game window (each with an arrow above and
    /// below), under the code field.
    pub fn letter_rects(&self) -> Vec<Rect> {
        let Screen::NewGame(form) = &self.screen else {
            return Vec::new();
        };
        if form.random {
            return Vec::new();
        }
        let (x0, y0) = self.code_origin();
        (0..7)
            .map(|i| Rect::new(x0 + 60 + i * 18, y0 + 30, 14, 13))
            .collect()
    }

    fn click(&mut self, x: i32, y: i32, double: bool) {
        if let Some(w) = self
            .widgets()
            .into_iter()
            .rev()
            .find(|w| w.rect.contains(x, y))
        {
            self.ui_action(w.action);
            return;
        }
        if self.screen != Screen::Table {
            return;
        }
        let Some(hit) = self.layout.hit(self.game.table(), x, y) else {
            return;
        };
        if hit.pile == Pile::Stock {
            // Quick clicks on the stock are each a click: each one draws.
            let result = self.game.apply(Action::Draw);
            self.after(result, Vec::new());
            return;
        }
        if !hit.face_up || hit.depth == 0 {
            self.first_click_moved = false;
            return;
        }
        let from_rects = self.source_rects(hit.pile, hit.depth);
        if double && self.settings.double_click {
            if self.first_click_moved {
                self.first_click_moved = false;
                return;
            }
            let result = self.game.double_click(hit.pile, hit.depth);
            self.after(result, from_rects);
        } else if hit.depth == 1 && !matches!(hit.pile, Pile::Foundation(_)) {
            let result = self.game.click(hit.pile, hit.depth);
            self.first_click_moved = result.is_ok();
            self.after(result, from_rects);
        } else {
            self.first_click_moved = false;
        }
    }

    /// Where the top `depth` cards of a pile are now, bottom first.
    fn source_rects(&self, pile: Pile, depth: usize) -> Vec<(i32, i32)> {
        let t = self.game.table();
        (1..=depth)
            .rev()
            .map(|d| {
                let r = self.layout.card_rect(t, pile, d);
                (r.x, r.y)
            })
            .collect()
    }

    /// Shows what an action did: slides, a turning card, the win.
    fn after(&mut self, result: Result<Outcome, Refusal>, from: Vec<(i32, i32)>) {
        self.dirty = true;
        let outcome = match result {
            Ok(o) => o,
            Err(_) => return,
        };
        self.save_needed = true;
        self.game_changed();
        match &outcome.kind {
            OutcomeKind::Drew(cards) => {
                let s = self.layout.stock;
                self.slides.push(Slide {
                    to: Pile::Waste,
                    cards: cards.clone(),
                    from: vec![(s.x, s.y); cards.len()],
                    start: self.now,
                });
            }
            OutcomeKind::Recycled(_) => {}
            OutcomeKind::Moved { to, cards, .. } => {
                if from.len() == cards.len() {
                    self.slides.push(Slide {
                        to: *to,
                        cards: cards.clone(),
                        from,
                        start: self.now,
                    });
                }
            }
        }
        if let Some((column, _)) = outcome.revealed {
            self.flip = Some(Flip {
                column,
                start: self.now,
            });
        }
        if self.game.is_won() {
            self.screen = Screen::Won;
            self.cascade = Some(Cascade::new(&self.game, self.now));
            if !self.counted {
                let g = &self.game;
                self.stats.record_win(g.code(), g.score(), g.moves());
                self.add_vegas_result();
                self.counted = true;
            }
        }
    }

    fn drag_start(&mut self, from_x: i32, from_y: i32, x: i32, y: i32) {
        if self.screen != Screen::Table {
            return;
        }
        let Some(hit) = self.layout.hit(self.game.table(), from_x, from_y) else {
            return;
        };
        if !hit.face_up || hit.depth == 0 {
            return;
        }
        let source = match hit.pile {
            Pile::Waste => Source::Waste,
            Pile::Foundation(i) => Source::Foundation(i),
            Pile::Column(index) => Source::Column {
                index,
                count: hit.depth,
            },
            Pile::Stock => return,
        };
        let Ok(cards) = self.game.source_cards(source) else {
            return;
        };
        self.drag = Some(Drag {
            source,
            cards: cards.to_vec(),
            grab: (from_x - hit.rect.x, from_y - hit.rect.y),
            pointer: (x, y),
        });
        self.dirty = true;
    }

    /// Where dragged cards would land if dropped now: the column or the foundation area they
    /// cover most.
    pub fn drop_target(&self) -> Option<Target> {
        let d = self.drag.as_ref()?;
        let r = d.rect();
        let t = self.game.table();
        let mut best: Option<(i32, Target)> = None;
        let mut consider = |area: i32, target: Target| {
            if area > 0 && best.is_none_or(|(a, _)| area > a) {
                best = Some((area, target));
            }
        };
        consider(r.overlap(&self.layout.foundation_area), Target::Foundation);
        for j in 0..t.columns.len() {
            consider(
                r.overlap(&self.layout.column_drop_rect(t, j)),
                Target::Column(j),
            );
        }
        best.map(|(_, t)| t)
    }

    /// The places where the dragged cards may land (outlined while dragging).
    pub fn legal_drop_rects(&self) -> Vec<Rect> {
        let Some(d) = &self.drag else {
            return Vec::new();
        };
        let t = self.game.table();
        let mut out = Vec::new();
        if let Ok(Pile::Foundation(i)) = self.game.check_move(d.source, Target::Foundation) {
            out.push(self.layout.foundations[i]);
        }
        for j in 0..t.columns.len() {
            if self.game.check_move(d.source, Target::Column(j)).is_ok() {
                out.push(self.layout.top_rect(t, Pile::Column(j)));
            }
        }
        out
    }

    fn drop(&mut self, x: i32, y: i32) {
        let Some(mut d) = self.drag.clone() else {
            return;
        };
        d.pointer = (x, y);
        self.drag = Some(d.clone());
        let target = self.drop_target();
        self.drag = None;
        let r = d.rect();
        let from: Vec<(i32, i32)> = (0..d.cards.len())
            .map(|i| (r.x, r.y + i as i32 * super::layout::UP_STEP as i32))
            .collect();
        let result = match target {
            Some(to) if Some(to) != own_column(d.source) => {
                self.game.apply(Action::Move { from: d.source, to })
            }
            _ => {
                self.return_cards(&d, from);
                return;
            }
        };
        match result {
            Ok(outcome) => self.after(Ok(outcome), from),
            Err(refusal) => {
                self.set_status(super::strings::refusal_text(&refusal));
                self.return_cards(&d, from);
            }
        }
    }

    fn return_cards(&mut self, d: &Drag, from: Vec<(i32, i32)>) {
        self.slides.push(Slide {
            to: d.source.pile(),
            cards: d.cards.clone(),
            from,
            start: self.now,
        });
        self.dirty = true;
    }

    fn cancel_drag(&mut self) {
        if let Some(d) = self.drag.take() {
            let r = d.rect();
            let from = (0..d.cards.len())
                .map(|i| (r.x, r.y + i as i32 * super::layout::UP_STEP as i32))
                .collect();
            self.return_cards(&d, from);
        }
    }

    /// A button.
    pub fn ui_action(&mut self, action: UiAction) {
        self.dirty = true;
        let code = self.game.code();
        match action {
            UiAction::NewGame => {
                let mut form = NewGameForm::from_code(code);
                if let Screen::NewGame(old) = &self.screen {
                    form = old.clone();
                }
                self.screen = Screen::NewGame(form);
            }
            UiAction::Replay => self.start(code),
            UiAction::Undo => {
                self.drag = None;
                match self.game.undo() {
                    Ok(()) => {
                        self.save_needed = true;
                        self.game_changed();
                        self.slides.clear();
                        self.flip = None;
                        if self.screen == Screen::Won {
                            self.screen = Screen::Table;
                            self.cascade = None;
                        }
                    }
                    Err(_) => self.set_status(strings().nothing_to_undo),
                }
            }
            UiAction::Settings => self.screen = Screen::Settings,
            UiAction::Help => self.screen = Screen::Help { page: 0 },
            UiAction::ToggleDoubleClick => {
                self.settings.double_click = !self.settings.double_click;
                self.save_needed = true;
            }
            UiAction::ToggleWinnableOnly => {
                self.settings.winnable_only = !self.settings.winnable_only;
                self.save_needed = true;
                if let Screen::NewGame(form) = &mut self.screen {
                    form.random |= self.settings.winnable_only;
                }
            }
            UiAction::Hint => self.ask_hint(),
            UiAction::ToggleCarryVegas => {
                self.settings.carry_vegas = !self.settings.carry_vegas;
                self.save_needed = true;
            }
            UiAction::Stats => self.screen = Screen::Stats,
            UiAction::ResetStats => self.screen = Screen::ConfirmReset,
            UiAction::LeaveForLink => {
                if let Screen::ConfirmLeave(code) = self.screen {
                    self.start(code);
                }
            }
            UiAction::ConfirmReset => {
                self.stats = Stats::default();
                self.save_needed = true;
                self.screen = Screen::Stats;
            }
            UiAction::PrevPage | UiAction::NextPage => {
                if let Screen::Help { page } = &mut self.screen {
                    let pages = help_pages(code.game).len();
                    *page = if action == UiAction::NextPage {
                        (*page + 1).min(pages - 1)
                    } else {
                        page.saturating_sub(1)
                    };
                }
            }
            UiAction::Cancel => {
                if matches!(self.job, Some(Job::Winnable { .. })) {
                    self.job = None;
                }
                self.screen = if self.game.is_won() {
                    Screen::Won
                } else {
                    Screen::Table
                }
            }
            UiAction::SetGame(_)
            | UiAction::SetDraw(_)
            | UiAction::SetScoring(_)
            | UiAction::SetRandom(_)
            | UiAction::LetterUp(_)
            | UiAction::LetterDown(_)
            | UiAction::Start => self.form_action(action),
        }
    }

    fn form_action(&mut self, action: UiAction) {
        let entropy = mix(self.entropy ^ self.now);
        let Screen::NewGame(form) = &mut self.screen else {
            return;
        };
        let deal = form.deal().unwrap_or(self.game.code().deal);
        // Changing a choice stops a search for a winnable deal of the old choices.
        if action != UiAction::Start && matches!(self.job, Some(Job::Winnable { .. })) {
            self.job = None;
            form.note = None;
        }
        match action {
            UiAction::SetGame(g) => {
                form.game = g;
                form.sync_text(deal);
            }
            UiAction::SetDraw(d) => {
                form.draw = d;
                form.sync_text(deal);
            }
            UiAction::SetScoring(s) => {
                form.scoring = s;
                form.sync_text(deal);
            }
            UiAction::SetRandom(r) => {
                form.random = r;
                form.error = None;
            }
            UiAction::LetterUp(i) | UiAction::LetterDown(i) => {
                let up = matches!(action, UiAction::LetterUp(_));
                let mut letters: Vec<u8> = GameCode::deal_letters(deal).into_bytes();
                let l = letters[i] - b'A';
                letters[i] = b'A' + if up { (l + 1) % 26 } else { (l + 25) % 26 };
                let deal = letters
                    .iter()
                    .fold(0u64, |n, b| n * 26 + u64::from(b - b'A'));
                form.random = false;
                form.sync_text(deal);
            }
            UiAction::Start => {
                let chosen = if form.random {
                    Ok(App::random_code(
                        entropy,
                        form.game,
                        form.draw,
                        form.scoring,
                    ))
                } else {
                    GameCode::parse(&form.text)
                };
                match chosen {
                    Ok(code) if form.random && self.settings.winnable_only => {
                        self.entropy = entropy;
                        form.error = None;
                        form.note = Some(strings().looking_for_winnable.to_string());
                        self.job = Some(Job::Winnable {
                            search: winnable_search(code),
                            code,
                            tried: 0,
                        });
                    }
                    Ok(code) => {
                        self.entropy = entropy;
                        self.start(code);
                    }
                    // The running game stays as it was; the window says what is wrong.
                    Err(e) => form.error = Some(e.to_string()),
                }
            }
            _ => {}
        }
    }

    /// A typed character (the New Game window's code field takes letters, digits and '-').
    pub fn key_char(&mut self, c: char) {
        if let Screen::NewGame(form) = &mut self.screen
            && (c.is_ascii_alphanumeric() || c == '-')
            && form.text.len() < 24
        {
            form.text.push(c.to_ascii_uppercase());
            form.random = false;
            form.error = None;
            self.dirty = true;
        }
    }

    pub fn key_backspace(&mut self) {
        if let Screen::NewGame(form) = &mut self.screen {
            form.text.pop();
            form.random = false;
            form.error = None;
            self.dirty = true;
        }
    }

    pub fn key_enter(&mut self) {
        if let Screen::NewGame(_) = self.screen {
            self.ui_action(UiAction::Start);
        }
    }

    pub fn key_escape(&mut self) {
        if !matches!(self.screen, Screen::Table | Screen::Won) {
            self.ui_action(UiAction::Cancel);
        } else if self.drag.is_some() {
            self.pointer.handle(PointerEvent::Cancel);
            self.cancel_drag();
        }
    }

    /// How many top cards of a pile are not drawn in place (being dragged or sliding there).
    pub fn hidden_on(&self, pile: Pile) -> usize {
        let mut n = 0;
        if let Some(d) = &self.drag
            && d.source.pile() == pile
        {
            n += d.cards.len();
        }
        for s in &self.slides {
            if s.to == pile {
                n += s.cards.len();
            }
        }
        n
    }
}

fn own_column(source: Source) -> Option<Target> {
    match source {
        Source::Column { index, .. } => Some(Target::Column(index)),
        _ => None,
    }
}
