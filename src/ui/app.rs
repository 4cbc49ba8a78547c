//! The app: the screen on show over the table, and the parts it ties together, each the owner
//! of its own state — the game in play and its bookkeeping (`play::session`), the table
//! (`table`), the solver's jobs (`hints`), a replay (`watch`), an analysis (`postmortem`), the
//! status line. It turns gestures into engine actions through them, and queues what the frame
//! must do afterwards as effects (`effect`). Windowless and clock-free.

use super::effect::{Effect, Effects};
use super::hints::{HintMark, Jobs};
use super::input::{Pointer, PointerEvent};
use super::layout::{Layout, Shape};
use super::status::{STATUS_MS, StatusLine};
use super::table::Table;
use super::watch::{Replay, ShareTo};
use crate::engine::{Game, GameCode, GameKind};
use crate::play::daily::Date;
use crate::play::session::Session;
use crate::play::stats::Stats;

pub use super::anim::{Cascade, Drag, Flip, Slide};
pub use super::screens::{NewGameForm, Screen, UiAction};
pub use crate::save::Settings;

pub struct App {
    pub(super) session: Session,
    pub(super) settings: Settings,
    pub(super) screen: Screen,
    /// The table of the game in play.
    pub(super) table: Table,
    /// A game being watched again, if any: it has its own game and table.
    pub(super) replay: Option<Box<Replay>>,
    pub(super) postmortem: Option<Box<super::postmortem::PostMortem>>,
    pub(super) jobs: Jobs,
    /// The framebuffer's shape, which follows the window's.
    pub(super) shape: Shape,
    pub(super) pointer: Pointer,
    pub(super) status: StatusLine,
    pub(super) now: u64,
    pub(super) entropy: u64,
    pub(super) fx: Effects,
    /// Today, handed in by the platform (the daily deal, the calendar).
    pub(super) today: Option<Date>,
    /// Where a shared replay's link leads.
    pub(super) share_to: ShareTo,
}

impl App {
    /// An app playing `code`. `entropy` (from the clock, handed in by the platform layer) picks
    /// the random deals of later new games.
    pub fn new(code: GameCode, entropy: u64) -> App {
        App::with_game(Game::new(code), entropy)
    }

    /// An app around a game already under way (a built table in tests, a restored game).
    pub fn with_game(game: Game, entropy: u64) -> App {
        App::with_session(Session::new(game), Settings::default(), entropy)
    }

    /// An app around a session (the saves' game and statistics) and settings.
    pub fn with_session(session: Session, settings: Settings, entropy: u64) -> App {
        App {
            table: Table::default_for(session.game().code().game),
            session,
            settings,
            screen: Screen::Table,
            replay: None,
            postmortem: None,
            jobs: Jobs::default(),
            shape: Shape::default(),
            pointer: Pointer::new(),
            status: StatusLine::default(),
            now: 0,
            entropy,
            fx: Effects::default(),
            today: None,
            share_to: ShareTo::Native,
        }
        .with_effect(Effect::Redraw)
    }

    fn with_effect(mut self, effect: Effect) -> App {
        self.fx.push(effect);
        self
    }

    /// What the frame must do now (draw, save, the clipboard, a file), in order; the queue is
    /// left empty. The window drains it after every frame's input.
    pub fn take_effects(&mut self) -> Vec<Effect> {
        self.fx.take()
    }

    /// Whether an effect is waiting in the queue (tests look without draining it).
    pub fn has_effect(&self, effect: &Effect) -> bool {
        self.fx.iter().any(|e| e == effect)
    }

    /// The screens speak `language` from now on.
    pub fn set_language(&mut self, language: super::strings::Language) {
        super::strings::set_language(language);
        self.fx.push(Effect::Language(language));
        self.fx.redraw();
    }

    /// The game in play (also while a replay shows another): what is saved.
    pub fn game(&self) -> &Game {
        self.session.game()
    }

    /// The game to save: the game in play.
    pub fn game_to_save(&self) -> &Game {
        self.session.game()
    }

    pub fn session(&self) -> &Session {
        &self.session
    }

    pub fn is_counted(&self) -> bool {
        self.session.is_counted()
    }

    pub fn stats(&self) -> &Stats {
        self.session.stats()
    }

    pub fn stats_mut(&mut self) -> &mut Stats {
        self.session.stats_mut()
    }

    pub fn settings(&self) -> &Settings {
        &self.settings
    }

    pub fn settings_mut(&mut self) -> &mut Settings {
        &mut self.settings
    }

    pub fn screen(&self) -> &Screen {
        &self.screen
    }

    /// Opens a screen directly (tests, and the start-up's won game).
    pub fn set_screen(&mut self, screen: Screen) {
        self.screen = screen;
        self.fx.redraw();
    }

    pub fn today(&self) -> Option<Date> {
        self.today
    }

    pub fn set_today(&mut self, today: Date) {
        self.today = Some(today);
    }

    /// Where a shared replay's link leads (a page in a browser: no files, the link is all).
    pub fn set_share_to(&mut self, to: ShareTo) {
        self.share_to = to;
    }

    pub fn share_to(&self) -> &ShareTo {
        &self.share_to
    }

    /// A line the status line shows whenever it shows nothing else, for as long as it is set
    /// (this window does not save).
    pub fn set_standing(&mut self, text: Option<&str>) {
        if self.status.set_standing(text) {
            self.fx.redraw();
        }
    }

    /// The game on the table: a replay's, while one shows; else the game in play.
    pub fn table_game(&self) -> &Game {
        self.replay
            .as_ref()
            .map_or(self.session.game(), |r| r.game())
    }

    /// The table on show: a replay's, while one shows; else the game in play's.
    pub fn table(&self) -> &Table {
        self.replay.as_ref().map_or(&self.table, |r| r.table())
    }

    pub(super) fn table_mut(&mut self) -> &mut Table {
        match &mut self.replay {
            Some(r) => r.table_mut(),
            None => &mut self.table,
        }
    }

    pub fn layout(&self) -> &Layout {
        self.table().layout()
    }

    pub fn drag(&self) -> Option<&Drag> {
        self.table().drag()
    }

    pub fn slides(&self) -> &[Slide] {
        self.table().slides()
    }

    pub fn flip(&self) -> Option<Flip> {
        self.table().flip()
    }

    pub fn cascade(&self) -> Option<&Cascade> {
        self.table().cascade()
    }

    pub fn hint(&self) -> Option<&HintMark> {
        self.jobs.hint()
    }

    pub fn is_dragging(&self) -> bool {
        self.table.drag().is_some()
    }

    /// How many top cards of a pile are not drawn in place (being dragged or sliding there).
    pub fn hidden_on(&self, pile: crate::engine::Pile) -> usize {
        self.table().hidden_on(pile)
    }

    /// The places where the dragged cards may land (outlined while dragging).
    pub fn legal_drop_rects(&self) -> Vec<super::geom::Rect> {
        self.table.legal_drop_rects(self.session.game())
    }

    /// Where dragged cards would land if dropped now.
    pub fn drop_target(&self) -> Option<crate::engine::Target> {
        self.table.drop_target(self.session.game())
    }

    /// The bankroll with the game in play's dollars, when Vegas dollars are carried over (none
    /// while a replay shows another game).
    pub fn bankroll_text(&self) -> Option<String> {
        if self.replay.is_some() {
            return None;
        }
        self.session.bankroll_text(self.settings.carry_vegas)
    }

    /// A game's bankroll as the player sees it everywhere (the bar, Statistics).
    pub fn bankroll(&self, game: GameKind) -> i32 {
        self.session.bankroll(game, self.settings.carry_vegas)
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The window changed its size: the framebuffer takes its new shape, and the tables their
    /// layouts for it. A drag under way goes back (its cards were held in the old layout's
    /// pixels).
    pub fn set_shape(&mut self, shape: Shape) {
        if shape == self.shape {
            return;
        }
        self.shape = shape;
        if self.table.reshape(self.session.game().code().game, shape) {
            self.pointer.handle(PointerEvent::Cancel);
        }
        if let Some(r) = &mut self.replay {
            let game = r.full().code().game;
            r.table_mut().reshape(game, shape);
        }
        self.fx.redraw();
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    /// The message in the status line, if any.
    pub fn status(&self) -> Option<&str> {
        self.status.text()
    }

    /// Whether anything is moving by itself (the loop keeps drawing frames while it is).
    pub fn is_animating(&self) -> bool {
        self.table().is_animating()
            || self.status.is_shown()
            || self.replay.as_ref().is_some_and(|r| r.playing)
    }

    /// Starts a game, leaving every screen and animation behind.
    pub fn start(&mut self, code: GameCode) {
        self.session.start(code, self.settings.carry_vegas);
        self.fx.save();
        self.table.reset(code.game, self.shape);
        self.screen = Screen::Table;
        self.fx.redraw();
        self.game_changed();
        self.announce_deal(code);
    }

    /// Starts `code` at once when nothing would be lost; a game under way (moves made, not
    /// won) is left only after the player says so.
    pub fn start_or_ask(&mut self, code: GameCode) {
        if self.session.would_lose() {
            self.screen = Screen::ConfirmLeave(code);
            self.fx.redraw();
        } else {
            self.start(code);
        }
    }

    /// The table changed: a hint on show, or one being looked for, no longer applies, and
    /// what the status line said of it goes too.
    pub(super) fn game_changed(&mut self) {
        self.jobs.table_changed();
        if self.status.clear_hint(self.now) {
            self.fx.redraw();
        }
    }

    /// A message about the hint: it goes when the table changes or a window opens.
    pub(super) fn say_hint(&mut self, text: String) {
        self.announce(&text);
        self.status.say_hint(text, self.now, 4 * STATUS_MS);
        self.fx.redraw();
    }

    /// A notice: a message that stays a while longer (something the player should read). A
    /// notice is never lost: one that comes while another is on show waits for its turn.
    pub fn notify(&mut self, text: impl Into<String>) {
        let text = text.into();
        self.announce(&text);
        self.status.notify(text, self.now);
        self.fx.redraw();
    }

    /// A short message, or one that stays a while (a hint, a search's result, `long`) but is
    /// no notice: the next message replaces it. A notice on show gives way, and comes back.
    pub(super) fn say(&mut self, text: impl Into<String>, long: bool) {
        let (ms, text) = (if long { 4 * STATUS_MS } else { STATUS_MS }, text.into());
        self.announce(&text);
        self.status.say(text, self.now, ms);
        self.fx.redraw();
    }

    /// Advances time: animations, the cascade, a replay, the status line.
    pub fn tick(&mut self, now: u64) {
        self.now = self.now.max(now);
        let now = self.now;
        let mut changed = self.status.tick(now);
        changed |= match &mut self.replay {
            Some(r) => r.tick(now),
            None => self.table.tick(now),
        };
        if changed {
            self.fx.redraw();
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

    pub(super) fn effect(&mut self, effect: Effect) {
        self.fx.push(effect);
    }

    pub(super) fn open(&mut self, screen: Screen) {
        self.window_opened(&screen);
        self.screen = screen;
        self.fx.redraw();
    }

    /// The replay on show, if any.
    pub fn watching(&self) -> Option<&Replay> {
        self.replay.as_deref()
    }
}
