//! The app: the game on the table, the screen over it, the animations that show what the
//! engine did, the solver's jobs, the statistics and settings. Windowless and clock-free: time
//! comes in with every event. Play on the table is in `table`, the solver's jobs in `hints`,
//! each window in `screens`.

use super::anim::{CASCADE_STEP_MS, Cascade, Drag, FLIP_MS, Flip, SLIDE_MS, Slide};
use super::hints::{HintMark, Job, winnable_search};
use super::input::{Gesture, Pointer, PointerEvent};
use super::layout::{Layout, Shape};
use super::screens::{self, Cmd, Ctx, Panel, Setting, Widget};
use super::status::{STATUS_MS, StatusLine};
use super::strings::strings;
use crate::engine::{Action, Draw, Game, GameCode, GameKind, Scoring, deal::splitmix};
use crate::play::stats::Stats;

pub use super::screens::{NewGameForm, Screen, UiAction};
pub use crate::save::Settings;

pub struct App {
    pub(super) game: Game,
    pub(super) layout: Layout,
    /// The framebuffer's shape, which follows the window's.
    pub(super) shape: Shape,
    pub settings: Settings,
    pub screen: Screen,
    pub(super) pointer: Pointer,
    pub drag: Option<Drag>,
    pub slides: Vec<Slide>,
    pub flip: Option<Flip>,
    pub cascade: Option<Cascade>,
    pub(super) status: StatusLine,
    pub(super) now: u64,
    /// The first click of a possible double-click moved its card.
    pub(super) first_click_moved: bool,
    /// The card the last click was on (a double-click is two clicks on the same card).
    pub(super) first_card: Option<crate::engine::Card>,
    pub(super) entropy: u64,
    /// Something changed since the last frame was drawn.
    pub(super) dirty: bool,
    pub stats: Stats,
    /// The running game is in the statistics already (it was won at some point).
    pub(super) counted: bool,
    /// Something worth saving changed.
    pub(super) save_needed: bool,
    /// The search under way, if any.
    pub(super) job: Option<Job>,
    pub hint: Option<HintMark>,
    /// The last winning line found and the game at its start: later hints follow it.
    pub(super) line: Option<(Game, Vec<Action>)>,
    /// Today, handed in by the platform (the daily deal, the calendar).
    pub today: Option<crate::play::daily::Date>,
    /// A daily deal about to start (perhaps once the player says to leave the game in play),
    /// and its day.
    pub(super) pending_daily: Option<(GameCode, i64)>,
    /// A game being watched again, if any.
    pub(super) watch: Option<Box<super::watch::Watch>>,
    /// The last game left for another (it can be watched again).
    pub last_game: Option<Game>,
    /// How a replay's link is written: `{query}` is `?code=…&replay=…`; the web puts the page's
    /// address before it.
    pub share_base: String,
    /// Played in a browser.
    pub web: bool,
    /// A text for the window to put on the clipboard (a shared replay's link).
    pub clipboard: Option<String>,
    /// A replay to save as a script file (natively, when shared): its name and its text.
    pub export: Option<(String, String)>,
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
            shape: Shape::default(),
            game,
            settings: Settings::default(),
            screen: Screen::Table,
            pointer: Pointer::new(),
            drag: None,
            slides: Vec::new(),
            flip: None,
            cascade: None,
            status: StatusLine::default(),
            now: 0,
            first_click_moved: false,
            first_card: None,
            entropy,
            dirty: true,
            stats: Stats::default(),
            counted: false,
            save_needed: false,
            job: None,
            hint: None,
            line: None,
            today: None,
            pending_daily: None,
            watch: None,
            last_game: None,
            share_base: "{query}".into(),
            web: false,
            clipboard: None,
            export: None,
        }
    }

    /// The screens speak `language` from now on.
    pub fn set_language(&mut self, language: super::strings::Language) {
        super::strings::set_language(language);
        self.dirty = true;
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
        if self.game.moves() > 0 {
            self.last_game = Some(self.game.clone());
        }
        if !self.counted && self.game.moves() > 0 {
            let code = self.game.code();
            self.stats.record_unfinished(code);
            self.add_vegas_result();
        }
        self.counted = false;
    }

    pub(super) fn add_vegas_result(&mut self) {
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
        Some(crate::engine::score_text(code, self.bankroll(code.game)))
    }

    /// A game's bankroll as the player sees it everywhere (the bar, Statistics): with the
    /// dollars of the game in play, when they are carried over and not counted yet.
    pub fn bankroll(&self, game: GameKind) -> i32 {
        let code = self.game.code();
        let total = self.stats.bankroll(game);
        let running = self.settings.carry_vegas
            && code.scoring == Scoring::Vegas
            && code.game == game
            && !self.counted;
        if running {
            total.saturating_add(self.game.score())
        } else {
            total
        }
    }

    /// A random deal of the given kind, from the entropy handed in.
    pub fn random_code(entropy: u64, game: GameKind, draw: Draw, scoring: Scoring) -> GameCode {
        screens::new_game::random_code(entropy, game, draw, scoring)
    }

    pub fn game(&self) -> &Game {
        &self.game
    }

    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// The window changed its size: the framebuffer takes its new shape, and the table and
    /// windows their layouts for it. A drag under way goes back (its cards were held in the
    /// old layout's pixels).
    pub fn set_shape(&mut self, shape: Shape) {
        if shape == self.shape {
            return;
        }
        self.shape = shape;
        self.layout = Layout::for_shape(self.game.code().game, shape);
        if self.drag.take().is_some() {
            self.pointer.handle(PointerEvent::Cancel);
        }
        self.slides.clear();
        self.flip = None;
        if let Some(c) = &mut self.cascade {
            c.stamps.clear();
        }
        self.dirty = true;
    }

    pub fn now(&self) -> u64 {
        self.now
    }

    /// The message in the status line, if any.
    pub fn status(&self) -> Option<&str> {
        self.status.text()
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
            || self.status.is_shown()
            || self.watch.as_ref().is_some_and(|w| w.playing)
    }

    /// Starts a game, leaving every screen and animation behind.
    pub fn start(&mut self, code: GameCode) {
        self.count_unfinished();
        self.save_needed = true;
        self.game = Game::new(code);
        self.layout = Layout::for_shape(code.game, self.shape);
        // A daily deal: its day counts as played.
        if let Some((daily, day)) = self.pending_daily.take()
            && daily == code
        {
            self.stats.daily.begin(code, day);
        }
        self.screen = Screen::Table;
        self.drag = None;
        self.slides.clear();
        self.flip = None;
        self.cascade = None;
        self.first_click_moved = false;
        self.dirty = true;
        self.game_changed();
    }

    /// The table changed: a hint on show, or one being looked for, no longer applies, and
    /// what the status line said of it goes too.
    pub(super) fn game_changed(&mut self) {
        self.hint = None;
        if matches!(self.job, Some(Job::Hint(_))) {
            self.job = None;
        }
        if self.status.clear_hint(self.now) {
            self.dirty = true;
        }
    }

    /// A message about the hint: it goes when the table changes or a window opens.
    pub(super) fn say_hint(&mut self, text: impl Into<String>) {
        self.status.say_hint(text.into(), self.now, 4 * STATUS_MS);
        self.dirty = true;
    }

    /// A notice: a message that stays a while longer (something the player should read). A
    /// notice is never lost: one that comes while another is on show waits for its turn.
    pub fn notify(&mut self, text: impl Into<String>) {
        self.status.notify(text.into(), self.now);
        self.dirty = true;
    }

    /// A short message. A notice on show gives way, and comes back, whole, after it.
    pub(super) fn set_status(&mut self, text: impl Into<String>) {
        self.status.say(text.into(), self.now, STATUS_MS);
        self.dirty = true;
    }

    /// A message that stays a while (a hint, a search's result), but is no notice: the next
    /// message replaces it.
    pub(super) fn say_long(&mut self, text: impl Into<String>) {
        self.status.say(text.into(), self.now, 4 * STATUS_MS);
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
        if before != (self.slides.len(), self.flip.is_some())
            || !self.slides.is_empty()
            || self.flip.is_some()
        {
            self.dirty = true;
        }
        if self.status.tick(now) {
            self.dirty = true;
        }
        self.watch_tick();
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

    /// What a screen sees of the app. The entropy is that of the next random deal.
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            game: &self.game,
            settings: &self.settings,
            stats: &self.stats,
            entropy: splitmix(self.entropy ^ self.now),
            shape: self.shape,
            banks: GameKind::ALL.map(|g| self.bankroll(g)),
            today: self.today,
            watch: self.watch.as_ref().map(|w| screens::WatchView {
                title: self.watch_title().unwrap_or_default(),
                playing: w.playing,
                speed: w.speed,
                at_start: w.pos == 0,
                at_end: w.pos >= w.full.log().len(),
                web: self.web,
            }),
            has_last_game: self.last_game.is_some(),
        }
    }

    /// The window on show, if any.
    pub fn panel(&self) -> Option<Panel> {
        self.screen.panel(&self.ctx())
    }

    /// The buttons on screen now: the bar at the bottom, and those of an open window.
    pub fn widgets(&self) -> Vec<Widget> {
        // While a replay shows, only its controls answer.
        let mut out = if self.watch.is_some() {
            Vec::new()
        } else {
            screens::bar::buttons(&self.game, self.bankroll_text(), self.shape)
        };
        if let Some(p) = self.panel() {
            out.extend(p.widgets().cloned());
        }
        out
    }

    /// The button under a pixel, the window's before the bar's.
    pub(super) fn widget_at(&self, x: i32, y: i32) -> Option<UiAction> {
        self.widgets()
            .into_iter()
            .rev()
            .find(|w| w.rect.contains(x, y))
            .map(|w| w.action)
    }

    /// Back to the table, or to the won game.
    fn close_screen(&mut self) {
        if matches!(self.job, Some(Job::Winnable { .. })) {
            self.job = None;
        }
        self.screen = if self.game.is_won() {
            Screen::Won
        } else {
            Screen::Table
        };
    }

    /// A button.
    pub fn ui_action(&mut self, action: UiAction) {
        self.dirty = true;
        if self.watch.is_some() {
            self.watch_action(action);
            return;
        }
        let code = self.game.code();
        match action {
            UiAction::Watch => {
                let g = self.game.clone();
                self.start_watch(&g);
            }
            UiAction::WatchLast => {
                if let Some(g) = self.last_game.clone() {
                    self.start_watch(&g);
                }
            }
            UiAction::NewGame => {
                self.game_changed();
                if !matches!(self.screen, Screen::NewGame(_)) {
                    self.screen = Screen::NewGame(NewGameForm::from_code(code));
                }
            }
            UiAction::Replay => self.start_or_ask(code),
            UiAction::Undo => self.undo(),
            UiAction::Hint => self.ask_hint(),
            UiAction::Daily => {
                let d = self.today.unwrap_or(crate::play::daily::EPOCH);
                self.screen = Screen::Daily {
                    year: d.year,
                    month: d.month,
                };
            }
            UiAction::Settings | UiAction::Help | UiAction::Stats => {
                // A window over the table: the hint on it goes.
                self.game_changed();
                self.screen = match action {
                    UiAction::Settings => Screen::Settings,
                    UiAction::Help => Screen::Help { page: 0 },
                    _ => Screen::Stats,
                };
            }
            _ => {
                let mut screen = std::mem::replace(&mut self.screen, Screen::Table);
                let ctx = self.ctx();
                let entropy = ctx.entropy;
                let cmd = screen.act(action, &ctx);
                self.screen = screen;
                self.run(cmd, entropy);
            }
        }
    }

    /// A button while a replay shows: its controls, and nothing else (the game in play waits).
    fn watch_action(&mut self, action: UiAction) {
        let Some(w) = self.watch.as_mut() else { return };
        match action {
            UiAction::WatchPlay => {
                w.playing = !w.playing && w.pos < w.full.log().len();
                w.next_at = self.now;
            }
            UiAction::WatchBack => self.watch_back(),
            UiAction::WatchForward => {
                w.playing = false;
                self.watch_forward();
            }
            UiAction::WatchSpeed(k) => w.speed = k.min(super::watch::SPEEDS.len() - 1),
            UiAction::Share => {
                if let Some(link) = self.watch_link() {
                    let link = super::strings::fill(&self.share_base, &[("query", &link)]);
                    self.clipboard = Some(link.clone());
                    self.screen = Screen::Share(link);
                    // Natively the replay is saved as a script too (the script interface's
                    // format: `solitaire replay FILE` watches it).
                    if let Some(w) = &self.watch {
                        let g = &w.full;
                        let mut text = format!("new {}\n", g.code());
                        for &e in g.log() {
                            text.push_str(&crate::engine::notation::entry_line(e));
                            text.push('\n');
                        }
                        let name = format!("{}-{}.txt", g.code(), g.moves());
                        self.export = Some((name, text));
                    }
                }
            }
            UiAction::Cancel => {
                if matches!(self.screen, Screen::Share(_)) {
                    self.screen = Screen::Watch;
                } else {
                    self.close_watch();
                }
            }
            _ => {}
        }
    }

    /// Carries out what a screen asked for.
    fn run(&mut self, cmd: Cmd, entropy: u64) {
        match cmd {
            Cmd::Stay => {}
            Cmd::Changed => {
                if matches!(self.job, Some(Job::Winnable { .. })) {
                    self.job = None;
                    if let Screen::NewGame(form) = &mut self.screen {
                        form.note = None;
                    }
                }
            }
            Cmd::Close => self.close_screen(),
            Cmd::Open(screen) => self.screen = screen,
            Cmd::Start(code) => {
                self.entropy = entropy;
                self.start_or_ask(code);
            }
            Cmd::StartNow(code) => self.start(code),
            Cmd::Daily(game) => self.find_daily(game),
            Cmd::FindWinnable(code, grade) => {
                self.entropy = entropy;
                self.job = Some(Job::Winnable {
                    search: winnable_search(code),
                    code,
                    tried: 0,
                    grade,
                    grading: None,
                });
            }
            Cmd::Toggle(setting) => {
                let s = &mut self.settings;
                let flag = match setting {
                    Setting::DoubleClick => &mut s.double_click,
                    Setting::CarryVegas => &mut s.carry_vegas,
                    Setting::WinnableOnly => &mut s.winnable_only,
                    Setting::FourColour => &mut s.four_colour,
                };
                *flag = !*flag;
                self.save_needed = true;
            }
            Cmd::NextLanguage => {
                let next = super::strings::language().next();
                self.set_language(next);
                self.settings.language = Some(next.tag().to_string());
                self.save_needed = true;
            }
            Cmd::ResetStats => {
                self.stats = Stats::default();
                self.save_needed = true;
                self.screen = Screen::Stats;
            }
        }
    }

    fn undo(&mut self) {
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
            Err(_) => {
                // Actions left that undo no longer reaches: the limit, said with its number.
                let s = strings();
                let left = self.game.log().iter().fold(0i64, |n, e| match e {
                    crate::engine::Entry::Act(_) => n + 1,
                    crate::engine::Entry::Undo => n - 1,
                });
                let text = if left > 0 {
                    let depth = self.game.spec().undo_depth.to_string();
                    super::strings::fill(s.undo_limit, &[("n", &depth)])
                } else {
                    s.nothing_to_undo.to_string()
                };
                self.set_status(text);
            }
        }
    }

    /// A typed character (the New Game window's code field takes letters, digits and '-').
    pub fn key_char(&mut self, c: char) {
        if let Screen::NewGame(form) = &mut self.screen {
            form.type_char(c);
            self.dirty = true;
        }
    }

    pub fn key_backspace(&mut self) {
        if let Screen::NewGame(form) = &mut self.screen {
            form.backspace();
            self.dirty = true;
        }
    }

    pub fn key_enter(&mut self) {
        if let Screen::NewGame(_) = self.screen {
            self.ui_action(UiAction::Start);
        }
    }

    pub fn key_escape(&mut self) {
        // A replay's controls close it, as any window closes.
        if self.watch.is_some() || !matches!(self.screen, Screen::Table | Screen::Won) {
            self.ui_action(UiAction::Cancel);
        } else if self.drag.is_some() {
            self.pointer.handle(PointerEvent::Cancel);
            self.cancel_drag();
        }
    }
}
