//! The screens over the table: New Game, Settings, Help, Stats, the questions, the won game,
//! and the bar. Each owns its state, its geometry and its labels: it lists what it shows as a
//! `Panel` of items (the renderer draws any panel, knowing no screen), and answers a button
//! with a `Cmd` for the app. No number is written twice: a button is hit where it is drawn.

pub mod analysis;
pub mod bar;
pub mod confirm;
pub mod daily;
pub mod help;
pub mod new_game;
pub mod settings;
pub mod stats;
pub mod watch;
pub mod won;

pub use new_game::NewGameForm;

use super::geom::{Rect, font};
use super::layout::Shape;
use crate::engine::{Draw, Game, GameCode, GameKind, Scoring};
use crate::play::stats::Stats;
use crate::save::Settings;

/// What is on show over the table.
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
    /// A game watched again: the controls under the table.
    Watch,
    /// The replay's link, to copy.
    Share(String),
    /// The daily deals: the figures, and a month's calendar.
    Daily {
        year: i32,
        month: u32,
    },
    /// Another deal (a link's, a new game, the same deal again) while a game is under way:
    /// "Leave the game in progress?"
    ConfirmLeave(GameCode),
    /// "Where was it lost?": the offer, the search under way, the verdict.
    Analysis(analysis::AnalysisView),
    /// "Try again from here" while a game is under way: "Start a practice game from here?"
    /// (the analysis waits behind it).
    ConfirmPractice,
}

/// What a button does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UiAction {
    NewGame,
    Replay,
    Undo,
    /// Re-applies what Undo took back (RULES.md §5).
    Redo,
    Settings,
    Help,
    Stats,
    ResetStats,
    ConfirmReset,
    /// Leave the game in progress for the deal asked for.
    LeaveForLink,
    ToggleCarryVegas,
    ToggleFourColour,
    ToggleSound,
    SetGame(GameKind),
    SetDraw(Draw),
    SetScoring(Scoring),
    SetRandom(bool),
    /// Winnable only: deals of this grade (none: any).
    SetGrade(Option<crate::solver::grade::Grade>),
    LetterUp(usize),
    LetterDown(usize),
    Start,
    Cancel,
    ToggleDoubleClick,
    ToggleWinnableOnly,
    NextLanguage,
    Hint,
    PrevPage,
    NextPage,
    /// Statistics → the daily deals' calendar.
    Daily,
    /// New Game → today's deal of the chosen game.
    TodaysDeal,
    PrevMonth,
    NextMonth,
    /// The calendar → that day's deal.
    DailyDay(crate::play::daily::Date),
    /// The won game, watched again.
    Watch,
    /// The last game left, watched again.
    WatchLast,
    WatchPlay,
    WatchBack,
    WatchForward,
    /// The replay's speed (an index into `watch::SPEEDS`).
    WatchSpeed(usize),
    Share,
    /// "Where was it lost?" of the game in play (stuck).
    Analyse,
    /// "Where was it lost?" of the last game left.
    AnalyseLast,
    /// The analysis's verdict: a practice game from the position before the fatal move
    /// (asking first when a game is under way).
    TryAgain,
    /// The practice game: the player said to leave the game under way.
    TryAgainNow,
}

/// A button.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Widget {
    pub rect: Rect,
    pub label: String,
    pub action: UiAction,
    /// A chosen option (drawn lit).
    pub selected: bool,
}

/// A button of the usual height, as wide as its label.
pub fn button(x: i32, y: i32, label: &str, action: UiAction, selected: bool) -> Widget {
    Widget {
        rect: Rect::new(x, y, font().width(label) + 10, 14),
        label: label.to_string(),
        action,
        selected,
    }
}

/// Whether the windows lay their parts side by side: a touch screen too short for a window's
/// rows to grow to a finger's height one under another (a phone held sideways), and wide
/// enough for two columns.
pub fn side_by_side(shape: Shape) -> bool {
    let table = shape.table();
    shape.touch > 14 && table.h < 420 && table.w >= 600
}

/// The button at least a finger wide on a touch screen (for a layout that wraps a row by the
/// buttons' widths).
pub fn finger(mut w: Widget, shape: Shape) -> Widget {
    if shape.touch > 14 {
        w.rect.w = w.rect.w.max(shape.touch);
    }
    w
}

/// A button whose right edge is at `right`.
pub fn button_right(right: i32, y: i32, label: &str, action: UiAction) -> Widget {
    let mut w = button(0, y, label, action, false);
    w.rect.x = right - w.rect.w;
    w
}

/// How a text is coloured: the renderer picks the colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Text,
    Dim,
    Highlight,
    Error,
    /// Dark, on a light fill.
    Ink,
}

/// One thing a panel shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Item {
    /// A text with its top-left corner at (x, y).
    Label {
        x: i32,
        y: i32,
        text: String,
        tone: Tone,
    },
    /// A text centred in a rectangle.
    Centered {
        rect: Rect,
        text: String,
        tone: Tone,
    },
    /// A dark box (a text field, a letter), with a square or rounded edge.
    Inset {
        rect: Rect,
        rounded: bool,
    },
    /// The text cursor of a field.
    Caret(Rect),
    /// A message box.
    Bubble(Rect),
    /// A filled box in a tone's colour (a day won, on the calendar); outlined only when not
    /// `solid`.
    Fill {
        rect: Rect,
        tone: Tone,
        solid: bool,
    },
    Button(Widget),
}

impl Item {
    pub fn label(x: i32, y: i32, text: impl Into<String>, tone: Tone) -> Item {
        Item::Label {
            x,
            y,
            text: text.into(),
            tone,
        }
    }

    /// Moves the item.
    fn shift(&mut self, dx: i32, dy: i32) {
        let moved = |r: &mut Rect| {
            r.x += dx;
            r.y += dy;
        };
        match self {
            Item::Label { x, y, .. } => {
                *x += dx;
                *y += dy;
            }
            Item::Centered { rect, .. } | Item::Inset { rect, .. } => moved(rect),
            Item::Caret(rect) | Item::Bubble(rect) | Item::Fill { rect, .. } => moved(rect),
            Item::Button(w) => moved(&mut w.rect),
        }
    }

    /// The text of the item, if it shows one.
    pub fn text(&self) -> Option<&str> {
        match self {
            Item::Label { text, .. } | Item::Centered { text, .. } => Some(text),
            Item::Button(w) => Some(&w.label),
            _ => None,
        }
    }

    /// Where the item's text lies (for the layout checks of the tests).
    pub fn text_rect(&self) -> Option<Rect> {
        let f = font();
        match self {
            Item::Label { x, y, text, .. } => Some(Rect::new(*x, *y, f.width(text), 7)),
            Item::Centered { rect, text, .. } => {
                let w = f.width(text);
                Some(Rect::new(
                    rect.x + (rect.w - w) / 2,
                    rect.y + (rect.h - 7) / 2,
                    w,
                    7,
                ))
            }
            Item::Button(b) => {
                let w = f.width(&b.label);
                Some(Rect::new(
                    b.rect.x + (b.rect.w - w) / 2,
                    b.rect.y + (b.rect.h - 7) / 2,
                    w,
                    7,
                ))
            }
            _ => None,
        }
    }
}

/// A window over the table: its frame, title and items.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Panel {
    pub rect: Rect,
    pub title: String,
    /// The table behind is dimmed (every window but the won game's).
    pub dim: bool,
    pub items: Vec<Item>,
    /// Lies at the bottom of the table (the replay's controls), not in its middle.
    pub bottom: bool,
}

impl Panel {
    /// A window of this size, centred over a 640 × 342 table; `place` moves it over the
    /// table there is.
    pub fn centred(w: i32, h: i32, title: impl Into<String>, dim: bool) -> Panel {
        let (tw, th) = (640, 342);
        Panel {
            rect: Rect::new((tw - w) / 2, (th - h) / 2, w, h),
            title: title.into(),
            dim,
            items: Vec::new(),
            bottom: false,
        }
    }

    pub fn add(&mut self, item: Item) {
        self.items.push(item);
    }

    pub fn button(&mut self, w: Widget) -> Rect {
        let r = w.rect;
        self.items.push(Item::Button(w));
        r
    }

    /// Buttons side by side from `x`, 6 pixels apart; returns where the next would go.
    pub fn buttons_from(&mut self, mut x: i32, y: i32, list: &[(&str, UiAction, bool)]) -> i32 {
        for &(label, action, selected) in list {
            x = self.button(button(x, y, label, action, selected)).right() + 6;
        }
        x
    }

    /// Widens the window to its widest text or button (texts differ in length from language
    /// to language), keeping it centred: what lay against its right edge stays there.
    pub fn fit(mut self) -> Panel {
        let r = self.rect;
        let title_w = font().width(&self.title) + 20;
        let needed = self
            .items
            .iter()
            .filter_map(|i| match i {
                Item::Button(w) => Some(w.rect),
                _ => i.text_rect(),
            })
            .map(|t| t.right() - r.x + 2)
            .chain([title_w])
            .max()
            .unwrap_or(0);
        self.grow_to(needed);
        self
    }

    /// Makes the window `needed` pixels wide if it is narrower, keeping it centred: what lay
    /// against its right edge stays there.
    fn grow_to(&mut self, needed: i32) {
        let r = self.rect;
        if needed <= r.w {
            return;
        }
        let grow = needed - r.w;
        let left = -(grow / 2);
        let right = grow - grow / 2;
        for item in &mut self.items {
            let anchored = match item {
                Item::Button(w) => at_right(r, w.rect),
                _ => item.text_rect().is_some_and(|t| at_right(r, t)),
            };
            item.shift(if anchored { right } else { left }, 0);
        }
        self.rect = Rect::new(r.x + left, r.y, needed, r.h);
    }

    /// On a touch screen, every button narrower than a finger (`shape.touch` pixels) grows to
    /// it, row by row: a button on the left pushes what follows it in its row to the right, one
    /// against the right edge grows to the left, and the window widens where the two meet, up
    /// to the table's width. A row that cannot hold a finger's width for each of its buttons
    /// takes the widest that fits, never under 32 CSS pixels' worth.
    pub fn widen(mut self, shape: Shape) -> Panel {
        if shape.touch <= 14 {
            return self;
        }
        let want = shape.touch;
        let least = (shape.touch * 32 + 39) / 40;
        let most = (shape.table().w - 8).max(self.rect.w);
        // Pairs, to share grow_buttons' sort (see `chains`).
        let mut rows: Vec<(i32, i32)> = self.widgets().map(|w| (w.rect.y, 0)).collect();
        rows.sort();
        rows.dedup();
        let mut needed = self.rect.w;
        for (y, _) in rows {
            let fits = (least..=want)
                .rev()
                .map(|m| self.widened_row(y, m))
                .find(|(_, n)| *n <= most);
            let (moves, n) = fits.unwrap_or_else(|| self.widened_row(y, least));
            for (i, dx, dw) in moves {
                self.items[i].shift(dx, 0);
                if let Item::Button(w) = &mut self.items[i] {
                    w.rect.w += dw;
                }
            }
            needed = needed.max(n);
        }
        self.grow_to(needed);
        self
    }

    /// The rectangle of the button that is item `i`.
    fn button_rect(&self, i: usize) -> Rect {
        match &self.items[i] {
            Item::Button(w) => w.rect,
            _ => unreachable!("a row holds buttons"),
        }
    }

    /// The buttons of the row at `y` (its items' indices, left to right), and where the chain
    /// against the window's right edge starts among them: its last button there, and each
    /// before it that lies close by in the right half.
    fn chains(&self, y: i32) -> (Vec<usize>, usize) {
        let r = self.rect;
        let rect = |i: usize| self.button_rect(i);
        // Sorted as (x, index) pairs, the sort grow_buttons instantiates (a sort of its own
        // costs the web build kilobytes).
        let mut by_x: Vec<(i32, i32)> = (0..self.items.len())
            .filter_map(|i| match &self.items[i] {
                // A button without a label (a calendar's day) is sized with what it lies on;
                // New Game lays the deal letters' arrows out itself, in line with their
                // letters (widening them here would pull them off their letters).
                Item::Button(w)
                    if w.rect.y == y
                        && !w.label.is_empty()
                        && !matches!(w.action, UiAction::LetterUp(_) | UiAction::LetterDown(_)) =>
                {
                    Some((w.rect.x, i as i32))
                }
                _ => None,
            })
            .collect();
        by_x.sort();
        let row: Vec<usize> = by_x.into_iter().map(|(_, i)| i as usize).collect();
        let mut split = row.len();
        if row.last().is_some_and(|&i| at_right(r, rect(i))) {
            split -= 1;
            while split > 0 {
                let (a, b) = (rect(row[split - 1]), rect(row[split]));
                if b.x - a.right() > 8 || a.x <= r.x + r.w / 2 {
                    break;
                }
                split -= 1;
            }
        }
        (row, split)
    }

    /// The row of buttons at `y` with each button at least `min` wide: what moves (item, by how
    /// far, how much wider), and how wide the window must be for it.
    fn widened_row(&self, y: i32, min: i32) -> (Vec<(usize, i32, i32)>, i32) {
        let r = self.rect;
        let rect = |i: usize| self.button_rect(i);
        let (row, split) = self.chains(y);
        let mut moves = Vec::new();
        // The left chain grows to the right, each button pushing the ones after it.
        let mut pushed = Vec::new();
        let mut acc = 0;
        let mut left_end = r.x;
        for &i in &row[..split] {
            let b = rect(i);
            let grow = (min - b.w).max(0);
            moves.push((i, acc, grow));
            pushed.push((b.right(), acc + grow));
            acc += grow;
            left_end = b.right() + acc;
        }
        // The right chain grows to the left.
        let mut acc = 0;
        let mut right_start = r.right();
        for &i in row[split..].iter().rev() {
            let b = rect(i);
            let grow = (min - b.w).max(0);
            acc += grow;
            moves.push((i, -acc, grow));
            right_start = b.x - acc;
        }
        // The texts in the row move along with the buttons before them (a centred text stays).
        for (i, item) in self.items.iter().enumerate() {
            if let Item::Label { x, y: ty, .. } = item
                && *ty < y + 14
                && *ty + 7 > y
            {
                let dx = pushed
                    .iter()
                    .filter(|&&(right, _)| right <= *x)
                    .map(|p| p.1)
                    .max()
                    .unwrap_or(0);
                if dx > 0 {
                    moves.push((i, dx, 0));
                }
            }
        }
        let needed = if split < row.len() {
            r.w + (left_end + 6 - right_start).max(0)
        } else {
            left_end + 10 - r.x
        };
        (moves, needed)
    }

    /// The window moved to the middle of the table, everything in it along. On a touch screen
    /// its buttons first grow to a finger's height (as far as the table's height allows),
    /// each row of buttons pushing what lies under it down: texts keep their size and their
    /// spacing.
    pub fn place(mut self, shape: Shape) -> Panel {
        let table = shape.table();
        if shape.touch > 14 {
            self.grow_buttons(shape.touch, table.h - 8);
        }
        let r = self.rect;
        let dx = (table.w - r.w) / 2 - r.x;
        let dy = if self.bottom {
            (table.h - r.h - 4).max(0)
        } else {
            ((table.h - r.h) / 2).max(0)
        } - r.y;
        for item in &mut self.items {
            item.shift(dx, dy);
        }
        self.rect = Rect::new(r.x + dx, r.y + dy, r.w, r.h);
        self
    }

    /// Makes every button `tall` pixels high, or as near as keeps the window within `room`.
    fn grow_buttons(&mut self, tall: i32, room: i32) {
        // The rows of buttons (their tops and heights), top to bottom.
        // A button without a label (a calendar's day) keeps the size of what it lies on.
        let mut rows: Vec<(i32, i32)> = self
            .widgets()
            .filter(|w| !w.label.is_empty())
            .map(|w| (w.rect.y, w.rect.h))
            .collect();
        rows.sort();
        rows.dedup_by_key(|r| r.0);
        let want: i32 = rows.iter().map(|&(_, h)| (tall - h).max(0)).sum();
        let spare = (room - self.rect.h).max(0);
        if want == 0 || spare == 0 {
            return;
        }
        // Each row grows by its share of what there is room for.
        let share =
            |h: i32| ((tall - h).max(0) as i64 * spare.min(want) as i64 / want as i64) as i32;
        let rows: Vec<(i32, i32, i32)> = rows.into_iter().map(|(y, h)| (y, h, share(h))).collect();
        // How far an item spanning y0..y1 moves down: the full growth of every row above it,
        // half that of a row beside it (it stays centred on the row).
        let offset = |y0: i32, y1: i32| -> i32 {
            rows.iter()
                .map(|&(ry, rh, grow)| {
                    if ry + rh <= y0 {
                        grow
                    } else if ry < y1 {
                        grow / 2
                    } else {
                        0
                    }
                })
                .sum()
        };
        for item in &mut self.items {
            match item {
                Item::Button(w) if w.label.is_empty() => {
                    w.rect.y += offset(w.rect.y, w.rect.bottom())
                }
                Item::Button(w) => {
                    let above: i32 = rows
                        .iter()
                        .filter(|&&(ry, rh, _)| ry + rh <= w.rect.y)
                        .map(|r| r.2)
                        .sum();
                    let own = rows.iter().find(|r| r.0 == w.rect.y).map_or(0, |r| r.2);
                    w.rect.y += above;
                    w.rect.h += own;
                }
                Item::Label { y, .. } => *y += offset(*y, *y + 7),
                Item::Centered { rect, .. }
                | Item::Inset { rect, .. }
                | Item::Caret(rect)
                | Item::Bubble(rect)
                | Item::Fill { rect, .. } => rect.y += offset(rect.y, rect.bottom()),
            }
        }
        self.rect.h += rows.iter().map(|r| r.2).sum::<i32>();
    }

    /// Where the row of buttons at the bottom of the window lies.
    pub fn bottom_row(&self) -> i32 {
        self.rect.bottom() - 20
    }

    pub fn widgets(&self) -> impl Iterator<Item = &Widget> {
        self.items.iter().filter_map(|i| match i {
            Item::Button(w) => Some(w),
            _ => None,
        })
    }
}

/// Whether `t` lies against the right edge of the window `r` (in its right half, its right end
/// within 12 pixels of the edge).
fn at_right(r: Rect, t: Rect) -> bool {
    t.x > r.x + r.w / 2 && (r.right() - 12..=r.right()).contains(&t.right())
}

/// What a screen sees of the app.
pub struct Ctx<'a> {
    pub game: &'a Game,
    pub settings: &'a Settings,
    pub stats: &'a Stats,
    /// Entropy for a random deal, handed in by the app.
    pub entropy: u64,
    /// Today, as the platform's clock says (none in a test that gives none).
    pub today: Option<crate::play::daily::Date>,
    /// The replay on show: its title, whether it plays, its speed, whether it is at its end.
    pub watch: Option<WatchView>,
    /// Whether there is a last game to watch again.
    pub has_last_game: bool,
    /// The framebuffer's shape: the windows lie over its table.
    pub shape: Shape,
    /// The bankroll of each game (`GameKind::ALL`), the game in play's dollars included as
    /// the bar shows them.
    pub banks: [i32; 2],
}

/// What the replay's controls show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WatchView {
    pub title: String,
    pub playing: bool,
    pub speed: usize,
    pub at_start: bool,
    pub at_end: bool,
    /// Where the link leads (what the Share window says of it).
    pub share_to: crate::ui::watch::ShareTo,
}

/// A setting a screen switches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Setting {
    DoubleClick,
    CarryVegas,
    WinnableOnly,
    FourColour,
    Sound,
}

/// What a screen asks the app to do.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cmd {
    /// Nothing beyond what the screen changed in itself.
    Stay,
    /// The screen changed a choice: a search for a winnable deal of the old choices stops.
    Changed,
    /// Back to the table (or the won game).
    Close,
    Open(Screen),
    /// Start this deal; a game under way is left only after the player says so.
    Start(GameCode),
    /// Start this deal: the player said so.
    StartNow(GameCode),
    /// Look for a winnable deal, starting with this one (of this grade, if one is asked).
    FindWinnable(GameCode, Option<crate::solver::grade::Grade>),
    /// Find and start today's deal of this game.
    Daily(GameKind),
    /// Find and start a day's deal (Klondike's, as a daily link's): practice when not today.
    DailyOf(crate::play::daily::Date),
    Toggle(Setting),
    /// The next language: the screens speak it, and it is saved with the settings.
    NextLanguage,
    ResetStats,
}

impl Screen {
    /// The window of this screen, if it has one.
    pub fn panel(&self, ctx: &Ctx) -> Option<Panel> {
        self.layout(ctx)
            .map(|p| p.widen(ctx.shape).fit().place(ctx.shape))
    }

    fn layout(&self, ctx: &Ctx) -> Option<Panel> {
        match self {
            Screen::Table => None,
            Screen::NewGame(form) => Some(form.panel(ctx)),
            Screen::Settings => Some(settings::panel(ctx)),
            Screen::Help { page } => Some(help::panel(*page, ctx)),
            Screen::Stats => Some(stats::panel(ctx)),
            Screen::ConfirmReset => Some(confirm::reset_panel(ctx)),
            Screen::ConfirmLeave(code) => Some(confirm::leave_panel(*code, ctx)),
            Screen::Won => Some(won::panel(ctx)),
            Screen::Daily { year, month } => Some(daily::panel(*year, *month, ctx)),
            Screen::Watch => ctx.watch.as_ref().map(|w| watch::panel(w, ctx)),
            Screen::Share(link) => Some(watch::share_panel(link, ctx)),
            Screen::Analysis(view) => Some(analysis::panel(view, ctx)),
            Screen::ConfirmPractice => Some(confirm::practice_panel(ctx)),
        }
    }

    /// The button the keyboard's focus starts on, where it is not the first: Start in New
    /// Game (Enter after typing a code starts it), the safe answer to a question.
    pub fn default_action(&self) -> Option<UiAction> {
        match self {
            Screen::NewGame(_) => Some(UiAction::Start),
            Screen::ConfirmReset => Some(UiAction::Stats),
            Screen::ConfirmLeave(_) => Some(UiAction::Cancel),
            _ => None,
        }
    }

    /// A button of this screen.
    pub fn act(&mut self, action: UiAction, ctx: &Ctx) -> Cmd {
        match self {
            Screen::NewGame(form) => form.act(action, ctx),
            Screen::Help { page } => help::act(page, action, ctx),
            Screen::Settings => settings::act(action),
            Screen::Stats => stats::act(action),
            Screen::ConfirmReset => confirm::reset_act(action),
            Screen::ConfirmLeave(code) => confirm::leave_act(*code, action),
            Screen::Daily { year, month } => daily::act(year, month, action),
            Screen::Watch | Screen::Share(_) => Cmd::Stay,
            // The analysis's buttons, the question's too, are the app's (`ui::postmortem`).
            Screen::Analysis(_) | Screen::ConfirmPractice => analysis::act(action),
            Screen::Table | Screen::Won => Cmd::Stay,
        }
    }
}
