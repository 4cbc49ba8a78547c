//! The app at start-up: what the saves held, and what a link asks for (a deal, a replay, a
//! day's deal). Built on `App`'s public calls only.

use super::app::{App, Screen};
use super::strings::{code_error_text, strings};
use crate::engine::{CodeError, Game, GameCode};
use crate::play::session::Session;
use crate::save::Loaded;

/// The app as the saves left it: their game, or a new deal of `fresh` when they hold none.
pub fn restore(loaded: Loaded, fresh: GameCode, entropy: u64) -> App {
    let (game, counted, practice) = match loaded.game {
        Some(g) => (g.game, g.counted, g.practice),
        None => (Game::new(fresh), false, false),
    };
    let won = game.is_won();
    let mut session = Session::restore(game, counted, loaded.stats);
    session.set_practice(practice);
    let mut app = App::with_session(session, loaded.settings, entropy);
    if won {
        app.set_screen(Screen::Won);
    }
    app
}

/// The app at start-up: the saves' game, unless a link (`?code=` on the web, `--code`
/// natively) asks for another deal — which never ends a game under way without asking. An
/// invalid link says what is wrong with it, and what is played instead.
pub fn start_up(
    loaded: Loaded,
    link: Option<Result<GameCode, CodeError>>,
    fresh: GameCode,
    entropy: u64,
) -> App {
    let had_game = loaded.game.is_some();
    let mut app = restore(loaded, fresh, entropy);
    match link {
        Some(Ok(code)) => app.open_link(code),
        Some(Err(e)) => {
            let s = strings();
            let then = if had_game {
                s.link_code_kept
            } else {
                s.random_instead
            };
            let what = code_error_text(&e);
            app.notify(format!("{} {what} {then}", s.link_code));
        }
        None => {}
    }
    app
}

impl App {
    /// A link (`?code=` or `--code`) asks for a deal: the game of that deal goes on (a page
    /// reloaded, say); another deal starts at once when nothing would be lost; a game under way
    /// is left only after the player says so.
    pub fn open_link(&mut self, code: GameCode) {
        if code != self.game().code() {
            self.start_or_ask(code);
        }
    }

    /// A replay link: the game it packs is watched, the game in play left as it is. Bad data
    /// (cut, changed, an illegal move, another deal's) says what is wrong, and opens the deal.
    pub fn open_replay_link(&mut self, code: GameCode, text: &str) {
        match crate::save::link::unpack(code, text) {
            Ok(game) => self.start_watch(&game),
            Err(e) => {
                let text = super::strings::replay_error_text(&e);
                self.notify(text);
                self.open_link(code);
            }
        }
    }

    /// A link asks for a daily deal: `today`, or a date (`YYYY-MM-DD`). Klondike's; a date that
    /// is no date says so, and today's deal is found instead.
    pub fn open_daily_link(&mut self, asked: &str) {
        let today = self.today().unwrap_or(crate::play::daily::EPOCH);
        let date = if asked == "today" {
            today
        } else {
            match crate::play::daily::Date::parse(asked) {
                Ok(d) => d,
                Err(_) => {
                    let shown: String = asked.chars().take(20).collect();
                    let text = super::strings::fill(strings().daily_link_date, &[("date", &shown)]);
                    self.notify(text);
                    today
                }
            }
        };
        self.open_daily(date);
    }
}

impl App {
    /// A day's deal asked for (a link's date, a day on the calendar): a day ahead of today is
    /// refused, since a day's deal counts only on its own day; a past day's is practice.
    pub fn open_daily(&mut self, date: crate::play::daily::Date) {
        if self.today().is_some_and(|t| date > t) {
            let d = super::strings::date(date);
            self.notify(super::strings::fill(
                strings().daily_future,
                &[("date", &d)],
            ));
            return;
        }
        self.find_daily_of(crate::engine::GameKind::Klondike, date);
    }

    /// A day's deal found: its day counts as played only on that very day (by the player's
    /// clock). The deal already in play (a daily page reloaded) just goes on; another is
    /// started as a link's deal is, asking first if a game is under way.
    pub(super) fn start_daily(
        &mut self,
        code: GameCode,
        day: i64,
        line: Vec<crate::engine::Action>,
    ) {
        if self.game().code() == code {
            return;
        }
        if self.today().is_none_or(|t| t.daily_day() == day) {
            self.session.expect_daily(code, day);
        }
        self.start_or_ask(code);
        if !line.is_empty() {
            self.jobs.follow(code, line);
        }
    }
}

/// What a pasted text asks for: a replay (with its deal's code), a deal's code, a day's deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Pasted {
    Replay(String, String),
    Code(String),
    Daily(String),
}

/// Reads a pasted link (the whole address or its query), a query's part (`code=…`,
/// `daily=…`) or a bare game code. Anything else is nothing.
pub fn read_pasted(text: &str) -> Option<Pasted> {
    let text = text.trim();
    let query = text.split_once('?').map_or(text, |(_, q)| q);
    let query = query.split('#').next().unwrap_or("");
    let (mut code, mut replay, mut daily) = (None, None, None);
    for part in query.split('&') {
        let (key, value) = part.split_once('=').unwrap_or((part, ""));
        match key.trim() {
            "code" => code = Some(value.trim().to_string()),
            "replay" => replay = Some(value.trim().to_string()),
            "daily" if value.is_empty() => daily = Some("today".to_string()),
            "daily" => daily = Some(value.trim().to_string()),
            _ => {}
        }
    }
    match (code, replay, daily) {
        (Some(c), Some(r), _) => Some(Pasted::Replay(c, r)),
        (Some(c), None, _) => Some(Pasted::Code(c)),
        (None, _, Some(d)) => Some(Pasted::Daily(d)),
        _ if GameCode::parse(text).is_ok() => Some(Pasted::Code(text.to_string())),
        _ => None,
    }
}

impl App {
    /// A paste (Ctrl+V natively, the page's paste event on the web): New Game opens what it
    /// holds; elsewhere a paste does nothing.
    pub fn key_paste(&mut self, text: &str) {
        if matches!(self.screen(), Screen::NewGame(_)) {
            self.open_pasted(text);
        }
    }

    /// A text pasted into New Game (or into the page): the link, code or replay it holds is
    /// opened as a link's would be; a text that holds none, or a code that is wrong, says so
    /// and changes nothing.
    pub fn open_pasted(&mut self, text: &str) {
        let s = strings();
        let code_of = |c: &str| GameCode::parse(c.trim());
        match read_pasted(text) {
            Some(Pasted::Daily(d)) => self.open_daily_link(&d),
            Some(Pasted::Code(c)) => match code_of(&c) {
                Ok(code) => self.open_link(code),
                Err(e) => {
                    let what = code_error_text(&e);
                    self.notify(format!("{} {what}", s.link_code));
                }
            },
            Some(Pasted::Replay(c, r)) => match code_of(&c) {
                Ok(code) => {
                    self.set_screen(Screen::Table);
                    self.open_replay_link(code, &r);
                }
                Err(e) => {
                    let what = code_error_text(&e);
                    self.notify(format!("{} {what}", s.link_code));
                }
            },
            None => self.notify(s.paste_nothing),
        }
    }
}
