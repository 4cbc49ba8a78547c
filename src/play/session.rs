//! The game in play and its bookkeeping: the statistics, the Vegas bank, the daily record,
//! and the one rule for when a game counts (won once, or left for another with moves made).
//! The UI plays the game through it and asks it what to show; the saves write what it keeps.

use super::stats::Stats;
use crate::engine::{Game, GameCode, GameKind, Scoring};

pub struct Session {
    game: Game,
    stats: Stats,
    /// The game in play is in the statistics already (it was won at some point).
    counted: bool,
    /// The last game left for another (it can be watched again).
    last_game: Option<Game>,
    /// A daily deal about to start (perhaps once the player says to leave the game in play),
    /// and its day.
    pending_daily: Option<(GameCode, i64)>,
    /// The game in play is practice (tried again from a lost game's position): it never
    /// counts in the statistics nor in the bank.
    practice: bool,
}

impl Session {
    /// A session around a game, with empty statistics.
    pub fn new(game: Game) -> Session {
        Session::restore(game, false, Stats::default())
    }

    /// A session as the saves left it.
    pub fn restore(game: Game, counted: bool, stats: Stats) -> Session {
        Session {
            game,
            stats,
            counted,
            last_game: None,
            pending_daily: None,
            practice: false,
        }
    }

    /// The game in play.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The game in play, to act on (the table's clicks, drags and undo). A win is recorded by
    /// `record_if_won` afterwards.
    pub fn game_mut(&mut self) -> &mut Game {
        &mut self.game
    }

    pub fn stats(&self) -> &Stats {
        &self.stats
    }

    pub fn stats_mut(&mut self) -> &mut Stats {
        &mut self.stats
    }

    /// Whether the game in play counts in the statistics already (it was won at some point).
    pub fn is_counted(&self) -> bool {
        self.counted
    }

    /// The last game left for another, if any.
    pub fn last_game(&self) -> Option<&Game> {
        self.last_game.as_ref()
    }

    /// Whether leaving the game in play loses something (moves made, not won).
    pub fn would_lose(&self) -> bool {
        !self.counted && !self.practice && self.game.moves() > 0
    }

    /// Whether the game in play is practice: nothing of it counts.
    pub fn is_practice(&self) -> bool {
        self.practice
    }

    /// Makes the game in play practice, or not (a restored save says which).
    pub fn set_practice(&mut self, practice: bool) {
        self.practice = practice;
    }

    /// Plays `game` (a position of a lost game, with its log) as practice: the game that was
    /// under way counts as played, as when any game starts; the practice game never counts.
    pub fn start_practice(&mut self, game: Game, carry_vegas: bool) {
        self.count_unfinished(carry_vegas);
        self.game = game;
        self.practice = true;
    }

    /// The next start of `code` is the daily deal of `day`: its day counts as played then.
    pub fn expect_daily(&mut self, code: GameCode, day: i64) {
        self.pending_daily = Some((code, day));
    }

    /// Starts `code`: the game that was under way counts as played (and its Vegas dollars go to
    /// the bank when `carry_vegas`).
    pub fn start(&mut self, code: GameCode, carry_vegas: bool) {
        self.count_unfinished(carry_vegas);
        self.game = Game::new(code);
        self.practice = false;
        if let Some((daily, day)) = self.pending_daily.take()
            && daily == code
        {
            self.stats.daily.begin(code, day);
        }
    }

    /// A game that was under way counts as played when another one starts.
    fn count_unfinished(&mut self, carry_vegas: bool) {
        if self.game.moves() > 0 {
            self.last_game = Some(self.game.clone());
        }
        if self.would_lose() {
            self.stats.record_unfinished(self.game.code());
            self.add_vegas_result(carry_vegas);
        }
        self.counted = false;
    }

    /// After a move: a game won for the first time goes into the statistics. Says whether it
    /// did.
    pub fn record_if_won(&mut self, carry_vegas: bool) -> bool {
        if !self.game.is_won() || self.counted || self.practice {
            return false;
        }
        let g = &self.game;
        self.stats.record_win(g.code(), g.score(), g.moves());
        self.add_vegas_result(carry_vegas);
        self.counted = true;
        true
    }

    fn add_vegas_result(&mut self, carry_vegas: bool) {
        let code = self.game.code();
        if carry_vegas && code.scoring == Scoring::Vegas {
            self.stats.add_to_bankroll(code.game, self.game.score());
        }
    }

    /// A game's bankroll as the player sees it everywhere (the bar, Statistics): with the
    /// dollars of the game in play, when they are carried over and not counted yet.
    pub fn bankroll(&self, game: GameKind, carry_vegas: bool) -> i32 {
        let code = self.game.code();
        let total = self.stats.bankroll(game);
        let running = carry_vegas
            && code.scoring == Scoring::Vegas
            && code.game == game
            && !self.counted
            && !self.practice;
        if running {
            total.saturating_add(self.game.score())
        } else {
            total
        }
    }

    /// The bankroll with the game in play's dollars, when Vegas dollars are carried over.
    pub fn bankroll_text(&self, carry_vegas: bool) -> Option<String> {
        let code = self.game.code();
        if !carry_vegas || code.scoring != Scoring::Vegas {
            return None;
        }
        let bank = self.bankroll(code.game, carry_vegas);
        Some(crate::engine::score_text(code, bank))
    }

    /// Every statistic back to nothing (the game in play goes on).
    pub fn reset_stats(&mut self) {
        self.stats = Stats::default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{Draw, GameCode};

    fn vegas() -> GameCode {
        GameCode {
            game: GameKind::Klondike,
            draw: Draw::One,
            scoring: Scoring::Vegas,
            deal: 7,
        }
    }

    #[test]
    fn a_game_left_with_moves_counts_once_and_pays_its_dollars() {
        let mut s = Session::new(Game::new(vegas()));
        s.game_mut().apply(crate::engine::Action::Draw).unwrap();
        let score = s.game().score();
        assert_eq!(s.bankroll(GameKind::Klondike, true), score);
        s.start(vegas(), true);
        assert_eq!(s.stats().mode(vegas()).played, 1);
        assert_eq!(s.stats().bankroll(GameKind::Klondike), score);
        assert!(s.last_game().is_some());
        // A fresh deal with no moves is no game played.
        s.start(vegas(), true);
        assert_eq!(s.stats().mode(vegas()).played, 1);
    }

    #[test]
    fn a_practice_game_never_counts_won_or_left() {
        let mut s = Session::new(Game::new(vegas()));
        let mut g = Game::new(vegas());
        g.apply(crate::engine::Action::Draw).unwrap();
        s.start_practice(g, true);
        assert!(s.is_practice() && !s.would_lose());
        assert_eq!(s.bankroll(GameKind::Klondike, true), 0);
        s.start(vegas(), true);
        assert_eq!(s.stats().mode(vegas()).played, 0);
        assert_eq!(s.stats().bankroll(GameKind::Klondike), 0);
        assert!(!s.is_practice());
    }

    #[test]
    fn without_carry_vegas_the_bank_stays_still() {
        let mut s = Session::new(Game::new(vegas()));
        s.game_mut().apply(crate::engine::Action::Draw).unwrap();
        assert_eq!(s.bankroll_text(false), None);
        s.start(vegas(), false);
        assert_eq!(s.stats().bankroll(GameKind::Klondike), 0);
    }

    #[test]
    fn the_daily_day_counts_only_for_its_own_deal() {
        let mut s = Session::new(Game::new(vegas()));
        s.expect_daily(vegas(), 3);
        let other = GameCode { deal: 8, ..vegas() };
        s.start(other, false);
        assert!(!s.stats().daily.played_on(3));
        s.expect_daily(vegas(), 3);
        s.start(vegas(), false);
        assert!(s.stats().daily.played_on(3));
    }
}
