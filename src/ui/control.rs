//! The controller: what the player's gestures, buttons and keys do. The half of `App` that
//! turns input into actions (the other half, `app`, holds the parts and answers what to show).
//! A gesture on the table goes to the table, which asks the engine; a button goes to the screen
//! on show, which answers with a `Cmd`; the replay and the solver's jobs answer for themselves;
//! the bookkeeping records what counts; what a frame must do afterwards goes into the effects
//! queue.

use super::announce::outcome_text;
use super::app::App;
use super::effect::Effect;
use super::hints::News;
use super::input::{Gesture, PointerEvent};
use super::screens::{self, Cmd, Ctx, Panel, Screen, Setting, UiAction, Widget};
use super::sound::{Cue, sounds};
use super::strings::{fill, strings};
use super::table::{Dropped, From};
use super::watch::Replay;
use crate::engine::{Entry, Game, GameKind, Outcome, deal::splitmix};
use crate::play::daily::Date;

impl App {
    /// What a screen sees of the app. The entropy is that of the next random deal.
    fn ctx(&self) -> Ctx<'_> {
        Ctx {
            game: self.table_game(),
            settings: self.settings(),
            stats: self.stats(),
            entropy: splitmix(self.entropy ^ self.now()),
            shape: self.shape(),
            banks: GameKind::ALL.map(|g| self.bankroll(g)),
            today: self.today(),
            watch: self.watching().map(|r| screens::WatchView {
                title: r.title(),
                playing: r.playing,
                speed: r.speed,
                at_start: r.pos == 0,
                at_end: r.at_end(),
                share_to: self.share_to.clone(),
            }),
            has_last_game: self.session().last_game().is_some(),
        }
    }

    /// The window on show, if any.
    pub fn panel(&self) -> Option<Panel> {
        self.screen().panel(&self.ctx())
    }

    /// The buttons on screen now: the bar at the bottom, and those of an open window.
    pub fn widgets(&self) -> Vec<Widget> {
        // While a replay shows, only its controls answer.
        let mut out = if self.is_watching() {
            Vec::new()
        } else {
            screens::bar::buttons(self.game(), self.bankroll_text(), self.shape())
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

    /// A button.
    pub fn ui_action(&mut self, action: UiAction) {
        self.effect(Effect::Redraw);
        if self.analysis_action(action) {
            return;
        }
        if self.is_watching() {
            self.replay_action(action);
            return;
        }
        let code = self.game().code();
        match action {
            UiAction::Watch => {
                let g = self.game().clone();
                self.start_watch(&g);
            }
            UiAction::WatchLast => {
                if let Some(g) = self.session().last_game().cloned() {
                    self.start_watch(&g);
                }
            }
            UiAction::NewGame => {
                self.game_changed();
                if !matches!(self.screen(), Screen::NewGame(_)) {
                    self.open(Screen::NewGame(screens::NewGameForm::from_code(code)));
                }
            }
            UiAction::Replay => self.start_or_ask(code),
            UiAction::Undo => self.undo(),
            UiAction::Redo => self.redo(),
            UiAction::Hint => self.ask_hint(),
            UiAction::Daily => {
                let d = self.today().unwrap_or(crate::play::daily::EPOCH);
                self.open(Screen::Daily {
                    year: d.year,
                    month: d.month,
                });
            }
            UiAction::Settings | UiAction::Help | UiAction::Stats => {
                // A window over the table: the hint on it goes.
                self.game_changed();
                self.open(match action {
                    UiAction::Settings => Screen::Settings,
                    UiAction::Help => Screen::Help { page: 0 },
                    _ => Screen::Stats,
                });
            }
            _ => {
                let ctx = self.ctx();
                let entropy = ctx.entropy;
                let mut screen = self.screen().clone();
                let cmd = screen.act(action, &ctx);
                self.open(screen);
                self.run(cmd, entropy);
            }
        }
    }

    /// Starts watching `game` from its deal; the game in play stays as it is.
    pub fn start_watch(&mut self, game: &Game) {
        self.game_changed();
        self.table.still();
        self.replay = Some(Box::new(Replay::new(game, self.shape, self.now)));
        self.open(Screen::Watch);
    }

    pub fn is_watching(&self) -> bool {
        self.watching().is_some()
    }

    /// The replay's words for its title: the move shown, of how many.
    pub fn watch_title(&self) -> Option<String> {
        self.watching().map(Replay::title)
    }

    /// The link's query that opens the replay on show: `?code=…&replay=…`.
    pub fn watch_link(&self) -> Option<String> {
        self.watching().map(Replay::link)
    }

    /// A button while a replay shows: its controls, and nothing else (the game in play waits).
    fn replay_action(&mut self, action: UiAction) {
        let now = self.now();
        if self
            .replay
            .as_deref_mut()
            .is_none_or(|r| r.act(action, now))
        {
            return;
        }
        match action {
            UiAction::Share => {
                let Some(r) = self.watching() else { return };
                let (query, (name, text)) = (r.link(), r.script());
                let link = self.share_to.link(&query);
                self.effect(Effect::Clipboard(link.clone()));
                self.open(Screen::Share(link));
                // Natively the replay is saved as a script too (`solitaire replay FILE`).
                self.effect(Effect::Export { name, text });
            }
            UiAction::Cancel if matches!(self.screen(), Screen::Share(_)) => {
                self.open(Screen::Watch);
            }
            UiAction::Cancel => self.close_watch(),
            _ => {}
        }
    }

    /// Back to the game in play, as it was.
    fn close_watch(&mut self) {
        if self.replay.take().is_some() {
            self.table.still();
            let won = self.game().is_won();
            self.open(if won { Screen::Won } else { Screen::Table });
        }
    }

    /// Back to the table, or to the won game.
    fn close_screen(&mut self) {
        self.jobs.cancel_winnable();
        let won = self.game().is_won();
        self.open(if won { Screen::Won } else { Screen::Table });
    }

    /// Carries out what a screen asked for.
    fn run(&mut self, cmd: Cmd, entropy: u64) {
        match cmd {
            Cmd::Stay => {}
            Cmd::Changed => {
                if self.jobs.cancel_winnable()
                    && let Some(form) = self.new_game_form()
                {
                    form.note = None;
                }
            }
            Cmd::Close => self.close_screen(),
            Cmd::Open(screen) => self.open(screen),
            Cmd::Start(code) => {
                self.entropy = entropy;
                self.start_or_ask(code);
            }
            Cmd::StartNow(code) => self.start(code),
            Cmd::Daily(game) => self.find_daily(game),
            Cmd::DailyOf(date) => self.open_daily(date),
            Cmd::FindWinnable(code, grade) => {
                self.entropy = entropy;
                self.jobs.find_winnable(code, grade);
            }
            Cmd::Toggle(setting) => {
                let s = self.settings_mut();
                let flag = match setting {
                    Setting::DoubleClick => &mut s.double_click,
                    Setting::CarryVegas => &mut s.carry_vegas,
                    Setting::WinnableOnly => &mut s.winnable_only,
                    Setting::FourColour => &mut s.four_colour,
                    Setting::Sound => &mut s.sound,
                };
                *flag = !*flag;
                self.effect(Effect::Save);
            }
            Cmd::NextLanguage => {
                let next = super::strings::language().next();
                self.set_language(next);
                self.settings_mut().language = Some(next.tag().to_string());
                self.effect(Effect::Save);
            }
            Cmd::ResetStats => {
                self.session.reset_stats();
                self.effect(Effect::Save);
                self.open(Screen::Stats);
            }
        }
    }

    /// The Undo button: the last action taken back, or why not.
    fn undo(&mut self) {
        if self.undo_on_table() {
            return;
        }
        // Actions left that undo no longer reaches: the limit, said with its number.
        let s = strings();
        let left = self.game().log().iter().fold(0i64, |n, e| match e {
            Entry::Act(_) => n + 1,
            Entry::Undo => n - 1,
        });
        let text = if left > 0 {
            let depth = self.game().spec().undo_depth.to_string();
            fill(s.undo_limit, &[("n", &depth)])
        } else {
            s.nothing_to_undo.to_string()
        };
        self.say(text, false);
    }

    /// Redo (the bar, Ctrl+Y, Ctrl+Shift+Z): the last action undone, played again.
    fn redo(&mut self) {
        if self.screen != Screen::Table {
            return;
        }
        self.table.forget_drag();
        let Some(action) = self.game().next_redo() else {
            self.say(strings().nothing_to_redo.to_string(), false);
            return;
        };
        let from = self.table.action_rects(self.session.game(), action);
        match self.session.game_mut().redo() {
            Ok(outcome) => {
                self.announce(&format!("{}.", strings().redo));
                self.played(outcome, from);
            }
            Err(refusal) => self.say(super::strings::refusal_text(&refusal), false),
        }
    }

    /// The Hint button (on the table only).
    fn ask_hint(&mut self) {
        if *self.screen() != Screen::Table {
            return;
        }
        if let Some(text) = self.jobs.ask_hint(self.session.game(), self.table.layout()) {
            self.hint_said(text);
        }
    }

    /// Today's deal of a game: found a slice at a time, then started as any deal is (asking
    /// first if a game is under way).
    pub fn find_daily(&mut self, game: GameKind) {
        let date = self.today().unwrap_or(crate::play::daily::EPOCH);
        self.find_daily_of(game, date);
    }

    /// The deal of a given day of a game, found as today's is.
    pub fn find_daily_of(&mut self, game: GameKind, date: Date) {
        self.say(strings().finding_daily, true);
        let practice = self.today().is_some_and(|t| t != date);
        self.jobs.find_daily(game, date, practice);
    }

    /// Runs the search under way for at most `states` positions. The window calls this every
    /// frame with what fits in a few milliseconds, so it never stops answering.
    pub fn work(&mut self, states: usize) {
        if self.work_analysis(states) {
            return;
        }
        let (game, layout) = (self.session.game(), self.table.layout());
        let Some(news) = self.jobs.work(game, layout, states, self.entropy) else {
            return;
        };
        match news {
            News::Hint(text) => self.hint_said(text),
            News::Found {
                code,
                line,
                day,
                text,
            } => {
                if let Some(day) = day {
                    self.start_daily(code, day, line);
                } else {
                    self.start(code);
                    self.jobs.follow(code, line);
                }
                self.say(text, true);
            }
            News::Tried(n) => {
                self.effect(Effect::Redraw);
                if let Some(form) = self.new_game_form() {
                    let n = n.to_string();
                    form.note = Some(fill(strings().looking_tried, &[("n", &n)]));
                }
            }
            News::NotFound => {
                self.effect(Effect::Redraw);
                if let Some(form) = self.new_game_form() {
                    form.note = None;
                    form.error = Some(strings().winnable_not_found.to_string());
                }
            }
        }
    }

    /// A typed character: the New Game window's code field takes letters, digits and '-'; on
    /// the table a letter is the bar's button it names (N new game, U undo, H hint), the same
    /// action a click on that button is.
    pub fn key_char(&mut self, c: char) {
        if let Some(form) = self.new_game_form() {
            form.type_char(c);
            self.effect(Effect::Redraw);
            return;
        }
        if self.is_watching() || !matches!(self.screen(), Screen::Table | Screen::Won) {
            return;
        }
        let action = match c.to_ascii_lowercase() {
            'n' => UiAction::NewGame,
            'u' => UiAction::Undo,
            'h' => UiAction::Hint,
            _ => return,
        };
        self.ui_action(action);
    }

    pub fn key_backspace(&mut self) {
        if let Some(form) = self.new_game_form() {
            form.backspace();
            self.effect(Effect::Redraw);
        }
    }

    /// Enter: Space's press (a window's button under the focus, or the table's cards).
    pub fn key_enter(&mut self) {
        self.key_activate();
    }

    pub fn key_escape(&mut self) {
        // A replay's controls close it, as any window closes.
        if self.is_watching() || !matches!(self.screen(), Screen::Table | Screen::Won) {
            self.ui_action(UiAction::Cancel);
        } else if self.is_dragging() {
            self.cancel_pointer();
        } else if !self.leave_bar() {
            self.drop_held();
        }
    }

    pub(super) fn gesture(&mut self, g: Gesture) {
        match g {
            Gesture::Press { .. } => {
                if self.table_mut().finish_animations() {
                    self.fx.redraw();
                }
            }
            Gesture::Click { x, y } => self.click(x, y, false),
            Gesture::DoubleClick { x, y } => self.click(x, y, true),
            Gesture::DragStart {
                from_x,
                from_y,
                x,
                y,
            } => {
                let game = self.session.game();
                if self.screen == Screen::Table
                    && self.table.drag_start(game, (from_x, from_y), (x, y))
                {
                    self.fx.redraw();
                    self.cue(Cue::Lifted);
                }
            }
            Gesture::DragMove { x, y } => {
                if self.table.drag_move(x, y) {
                    self.fx.redraw();
                }
            }
            Gesture::Drop { x, y } => self.drop(x, y),
            Gesture::DragCancel => self.cancel_drag(),
        }
    }

    fn click(&mut self, x: i32, y: i32, double: bool) {
        if let Some(action) = self.widget_at(x, y) {
            self.ui_action(action);
            return;
        }
        if self.screen == Screen::Won && self.table.skip_cascade() {
            // Any click skips the cascade of a won game.
            self.fx.redraw();
            return;
        }
        if self.screen != Screen::Table {
            return;
        }
        let search = self.settings.double_click;
        let game = self.session.game_mut();
        let Some(clicked) = self.table.click(game, (x, y), double, search) else {
            return;
        };
        match clicked.result {
            Ok(outcome) => self.played(outcome, clicked.from),
            Err(refusal) => {
                if clicked.say {
                    self.say(super::strings::refusal_text(&refusal), false);
                    self.cue(Cue::Refused);
                }
                self.fx.redraw();
            }
        }
    }

    fn drop(&mut self, x: i32, y: i32) {
        let inside = self.shape.table().contains(x, y);
        let dragging = self.table.drag().is_some();
        let game = self.session.game_mut();
        match self.table.drop(game, (x, y), inside, self.now) {
            Dropped::Moved(outcome, from) => self.played(outcome, from),
            Dropped::Refused(refusal) => {
                self.say(super::strings::refusal_text(&refusal), false);
                self.cue(Cue::Refused);
            }
            Dropped::Outside => {
                self.say(strings().dropped_outside, false);
                self.cue(Cue::PutBack);
            }
            Dropped::Back => {
                self.fx.redraw();
                if dragging {
                    self.cue(Cue::PutBack);
                }
            }
        }
    }

    fn cancel_drag(&mut self) {
        if self.table.cancel_drag(self.now) {
            self.fx.redraw();
            self.cue(Cue::PutBack);
        }
    }

    /// The sounds of what just happened on the table, queued for the window to play.
    pub(super) fn cue(&mut self, cue: Cue) {
        for sound in sounds(cue) {
            self.fx.push(Effect::Sound(sound));
        }
    }

    /// The game in play moved: the table shows it, the bookkeeping records a win, the save
    /// follows.
    pub(super) fn played(&mut self, outcome: Outcome, from: From) {
        self.fx.redraw();
        self.fx.save();
        self.game_changed();
        self.table.show(&outcome, from, self.now);
        // Only a game in play on the table takes moves: a won game takes none, so a move that
        // leaves it won is the winning one.
        let won = self.session.game().is_won();
        self.cue(Cue::Applied {
            outcome: &outcome,
            won,
        });
        self.announce(&outcome_text(self.session.game(), &outcome));
        if won {
            self.announce(strings().you_won);
            self.screen = Screen::Won;
            self.table.start_cascade(self.session.game(), self.now);
            self.session.record_if_won(self.settings.carry_vegas);
        }
    }

    /// The Undo button on the table: says whether an action was taken back.
    fn undo_on_table(&mut self) -> bool {
        self.table.forget_drag();
        if self.session.game_mut().undo().is_err() {
            return false;
        }
        self.fx.save();
        self.game_changed();
        self.cue(Cue::Undone);
        self.announce(strings().say_undone);
        self.table.stop_moves();
        if self.screen == Screen::Won {
            self.screen = Screen::Table;
            self.table.still();
        }
        true
    }

    /// The drag under way is called off by a key: the pointer forgets it, the cards go back.
    pub(super) fn cancel_pointer(&mut self) {
        self.pointer.handle(PointerEvent::Cancel);
        self.cancel_drag();
    }

    fn new_game_form(&mut self) -> Option<&mut screens::NewGameForm> {
        match &mut self.screen {
            Screen::NewGame(form) => Some(form),
            _ => None,
        }
    }
}
