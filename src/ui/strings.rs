//! Every text the screens show, in one table, so that the game can learn Norwegian and Turkish
//! (the languages of its rule pages) without touching the screens.

use crate::engine::GameKind;

pub struct Strings {
    pub new_game: &'static str,
    pub replay: &'static str,
    pub undo: &'static str,
    pub settings: &'static str,
    pub help: &'static str,
    pub score: &'static str,
    pub moves: &'static str,
    pub game: &'static str,
    pub draw: &'static str,
    pub scoring: &'static str,
    pub deal: &'static str,
    pub klondike: &'static str,
    pub double: &'static str,
    pub draw_1: &'static str,
    pub draw_3: &'static str,
    pub normal: &'static str,
    pub vegas: &'static str,
    pub random_deal: &'static str,
    pub by_code: &'static str,
    pub code: &'static str,
    pub letters: &'static str,
    pub code_hint: &'static str,
    pub start: &'static str,
    pub cancel: &'static str,
    pub close: &'static str,
    pub previous: &'static str,
    pub next: &'static str,
    pub page: &'static str,
    pub double_click: &'static str,
    pub double_click_hint: &'static str,
    pub on: &'static str,
    pub off: &'static str,
    pub you_won: &'static str,
    pub final_score: &'static str,
    pub nothing_to_undo: &'static str,
    pub stats: &'static str,
    pub statistics: &'static str,
    pub stats_header: [&'static str; 7],
    pub reset_stats: &'static str,
    pub yes_reset: &'static str,
    pub reset_question: &'static str,
    pub carry_vegas: &'static str,
    pub carry_vegas_hint: &'static str,
    pub bank: &'static str,
    pub no_display: &'static str,
    pub link_code: &'static str,
    pub random_instead: &'static str,
    pub hint: &'static str,
    pub guess: &'static str,
    pub hint_thinking: &'static str,
    pub hint_to_foundation: &'static str,
    pub hint_onto: &'static str,
    pub hint_to_empty: &'static str,
    pub hint_turn_stock: &'static str,
    pub hint_until: &'static str,
    pub hint_then: &'static str,
    pub click: &'static str,
    pub clicks: &'static str,
    pub no_useful_move: &'static str,
    pub winnable_only: &'static str,
    pub winnable_only_hint: &'static str,
    pub looking_for_winnable: &'static str,
    pub tried: &'static str,
    pub winnable_found: &'static str,
    pub winnable_not_found: &'static str,
    pub winnable_only_vegas: &'static str,
    pub leave_question: &'static str,
    pub yes_leave: &'static str,
    pub keep_playing: &'static str,
    pub link_code_kept: &'static str,
    pub record_settings: &'static str,
    pub record_stats: &'static str,
    pub record_game: &'static str,
    pub record_legacy: &'static str,
    pub unreadable_settings: &'static str,
    pub unreadable_stats: &'static str,
    pub unreadable_game: &'static str,
    pub not_moved: &'static str,
    pub left_as_it_is: &'static str,
    pub died_restoring: &'static str,
    pub no_storage: &'static str,
    pub saving_stopped: &'static str,
    pub other_window: &'static str,
    pub help_rules_one_deck: &'static [&'static str],
    pub help_rules_decks: &'static [&'static str],
    pub help_moving: &'static [&'static str],
    pub help_stock: &'static [&'static str],
    pub help_scoring: &'static str,
    pub help_normal_head: &'static str,
    pub help_vegas_head: &'static str,
    pub help_pt_foundation: &'static str,
    pub help_pt_waste: &'static str,
    pub help_pt_turn: &'static str,
    pub help_pt_recycle: &'static str,
    pub help_pt_none: &'static str,
    pub help_v_start: &'static str,
    pub help_v_foundation: &'static str,
    pub help_v_else: &'static str,
    pub help_won: &'static [&'static str],
    pub code_empty: &'static str,
    pub code_shape: &'static str,
    pub code_game: &'static str,
    pub code_mode: &'static str,
    pub code_draw: &'static str,
    pub code_scoring: &'static str,
    pub code_deal_length: &'static str,
    pub code_deal_letter: &'static str,
}

pub static EN: Strings = Strings {
    new_game: "New game",
    replay: "Replay deal",
    undo: "Undo",
    settings: "Settings",
    help: "Help",
    score: "Score",
    moves: "Moves",
    game: "Game",
    draw: "Draw",
    scoring: "Scoring",
    deal: "Deal",
    klondike: "Klondike",
    double: "Double Solitaire",
    draw_1: "Draw 1 «Easy»",
    draw_3: "Draw 3 «Hard»",
    normal: "Normal",
    vegas: "Vegas",
    random_deal: "Random deal",
    by_code: "Game code",
    code: "Code",
    letters: "Letters",
    code_hint: "Type a code, or set the letters with the arrows.",
    start: "Start",
    cancel: "Cancel",
    close: "Close",
    previous: "< Previous",
    next: "Next >",
    page: "Page",
    double_click: "Double-click",
    double_click_hint: "Two quick clicks look for a place on the table.",
    on: "On",
    off: "Off",
    you_won: "You won!",
    final_score: "Final score",
    nothing_to_undo: "Nothing to undo.",
    stats: "Stats",
    statistics: "Statistics",
    stats_header: ["Mode", "Played", "Won", "Win %", "Best", "Fewest", "Streak"],
    reset_stats: "Reset statistics",
    yes_reset: "Yes, reset them",
    reset_question: "Reset all statistics? This cannot be undone.",
    carry_vegas: "Carry Vegas dollars",
    carry_vegas_hint: "The Vegas score runs on from game to game.",
    bank: "Bank",
    link_code: "The link's game code:",
    random_instead: "Here is a random deal.",
    hint: "Hint",
    guess: "A guess (no sure line found)",
    hint_thinking: "Looking for a good move...",
    hint_to_foundation: "to the foundation",
    hint_onto: "onto",
    hint_to_empty: "to the empty column",
    hint_turn_stock: "Turn the stock",
    hint_until: "until",
    hint_then: "shows, then play it",
    click: "click",
    clicks: "clicks",
    no_useful_move: "No useful move found. Undo may help.",
    winnable_only: "Winnable only",
    winnable_only_hint: "Random deals the solver has won: a plain code anyone can replay.",
    looking_for_winnable: "Looking for a winnable deal...",
    tried: "tried",
    winnable_found: "a deal the solver has won. Good luck!",
    winnable_not_found: "None of 25 deals was won: try again, or turn it off.",
    winnable_only_vegas: "Vegas deals are seldom winnable; in Double, almost never.",
    leave_question: "Leave the game in progress for the link's deal?",
    yes_leave: "Yes, play the link's deal",
    keep_playing: "No, go on",
    link_code_kept: "Your game goes on.",
    record_settings: "settings",
    record_stats: "statistics",
    record_game: "game",
    record_legacy: "save file",
    unreadable_settings: "The saved settings could not be read ({why}). They were kept as {kept}; the defaults are used.",
    unreadable_stats: "The saved statistics could not be read ({why}). They were kept as {kept}; they start again from zero.",
    unreadable_game: "The saved game could not be read ({why}). It was kept as {kept}; a new game starts.",
    not_moved: "The saved {what} could not be read ({why}) nor moved aside ({error}), so this window does not save.",
    left_as_it_is: "The saved {what} could not be read ({why}); it is left as it is.",
    died_restoring: "The game stopped while loading the saved {what} last time; it was kept as {kept}.",
    no_storage: "Saving is not possible here ({error}); the game plays on without saving.",
    saving_stopped: "Saving stopped ({error}); the game plays on without saving.",
    other_window: "Another window of the game is open on the same saves: this one plays on but does not save.",
    help_rules_one_deck: &[
        "{game} - the rules",
        "",
        "One deck of {cards} cards. {columns} columns of 1 to {columns} cards; only the last card of each",
        "column is face up. The other {stock} cards are the stock, face down.",
        "",
        "Goal: all {cards} cards on the {places} foundations, one per suit (spades, hearts,",
        "diamonds, clubs), each from the Ace up to the King, one card at a time.",
        "",
        "On a column, a card goes on a face-up card of the opposite colour and exactly",
        "one rank higher: a red 7 on a black 8. Ranks: A 2 3 ... 10 J Q K.",
    ],
    help_rules_decks: &[
        "{game} - the rules",
        "",
        "Two decks shuffled together: {cards} cards, each card twice. {columns} columns of 1 to {columns}",
        "cards; only the last card of each column is face up. {stock} cards are the stock.",
        "",
        "Goal: all {cards} cards on the {places} foundations, two places per suit: one row each",
        "for spades, hearts, diamonds and clubs. An Ace goes to an empty place of its",
        "own suit's row. Where two places take a card, it goes to the first.",
        "",
        "On a column, a card goes on a face-up card of the opposite colour and exactly",
        "one rank higher. Each card exists twice: a black 6 has four red 7s to go on.",
    ],
    help_moving: &[
        "Moving cards",
        "",
        "A face-up card moves together with all the cards on top of it; only the first",
        "card of the run must fit where it goes.",
        "",
        "An empty column takes only a King (alone or with the cards on it). Nothing",
        "else, not even to uncover a face-down card.",
        "",
        "Only the top card of the waste can be played. A face-down card that is",
        "uncovered turns face up by itself. The top card of a foundation can be",
        "dragged back onto a column, for no points gained or lost.",
    ],
    help_stock: &[
        "Stock, clicks and undo",
        "",
        "Click the stock to turn cards onto the waste: one at a time (Draw 1, Easy)",
        "or three (Draw 3, Hard), where only the last one is playable.",
        "Normal scoring: an empty stock turns the whole waste back, as often as you",
        "like. Vegas: the stock is gone through once only.",
        "",
        "Click a top card: it goes to a foundation if one takes it. Double-click:",
        "it looks for a place on the table, the longest column first, then an empty",
        "column for a King. Or drag cards where you want them.",
        "Nothing ever moves by itself. The game never declares a loss: undo, or start",
        "a new game. Hint outlines a good move (a winning one when it finds one).",
    ],
    help_scoring: "Scoring",
    help_normal_head: "Normal (never below 0):",
    help_vegas_head: "Vegas (dollars, no floor):",
    help_pt_foundation: "card onto a foundation",
    help_pt_waste: "waste card onto a column",
    help_pt_turn: "face-down card turned up",
    help_pt_recycle: "waste turned back",
    help_pt_none: "column to column, take-back",
    help_v_start: "start",
    help_v_foundation: "card onto foundation",
    help_v_else: "anything else",
    help_won: &[
        "A won game without take-backs: {won} points, plus 5 per waste card played to",
        "a column, minus the recycles. Vegas ends at {vegas_won}. Undo: the last {undo} actions;",
        "it takes the points away again, but the move counter never goes down.",
    ],
    code_empty: "The game code is empty; it looks like KL1-D1N-AAAAAAG.",
    code_shape: "'{part}' is not a game code: three parts joined by '-', like KL1-D1N-AAAAAAG.",
    code_game: "Unknown game '{part}': the first part is KL1 (Klondike) or DS1 (Double).",
    code_mode: "'{part}' is not a mode: the second part is D1 or D3 and N or V, like D1N.",
    code_draw: "Draw '{part}' does not exist: it is D1 (draw 1) or D3 (draw 3).",
    code_scoring: "Scoring '{part}' does not exist: it is N (Normal) or V (Vegas).",
    code_deal_length: "Deal '{part}' has {letters} letters: the deal part has exactly 7, A-Z.",
    code_deal_letter: "Deal '{part}': the deal part has only the letters A-Z.",
    no_display: "no display found (DISPLAY and WAYLAND_DISPLAY are not set); \
                 to play without a window, use: solitaire script",
};

impl Strings {
    pub fn game_name(&self, g: GameKind) -> &'static str {
        match g {
            GameKind::Klondike => self.klondike,
            GameKind::Double => self.double,
        }
    }

    pub fn draw_name(&self, d: crate::engine::Draw) -> &'static str {
        match d {
            crate::engine::Draw::One => self.draw_1,
            crate::engine::Draw::Three => self.draw_3,
        }
    }

    pub fn scoring_name(&self, s: crate::engine::Scoring) -> &'static str {
        match s {
            crate::engine::Scoring::Normal => self.normal,
            crate::engine::Scoring::Vegas => self.vegas,
        }
    }
}

/// What is wrong with a game code, in words.
pub fn code_error_text(e: &crate::engine::CodeError) -> String {
    use crate::engine::CodeError as E;
    let s = strings();
    let (template, part) = match e {
        E::Empty => (s.code_empty, ""),
        E::Shape(p) => (s.code_shape, p.as_str()),
        E::Game(p) => (s.code_game, p.as_str()),
        E::Mode(p) => (s.code_mode, p.as_str()),
        E::Draw(p) => (s.code_draw, p.as_str()),
        E::Scoring(p) => (s.code_scoring, p.as_str()),
        E::DealLength(p) => (s.code_deal_length, p.as_str()),
        E::DealLetter(p) => (s.code_deal_letter, p.as_str()),
    };
    let shown: String = part.chars().take(24).collect();
    let letters = part.chars().count().to_string();
    fill(template, &[("part", &shown), ("letters", &letters)])
}

/// A text of the table with its `{name}` places filled in.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// A save notice in words.
pub fn notice_text(n: &crate::save::Notice) -> String {
    use crate::save::{Key, Notice};
    let s = strings();
    let what = |k: &Key| match k {
        Key::Settings => s.record_settings,
        Key::Record => s.record_stats,
        Key::Game => s.record_game,
        Key::Legacy | Key::Marker => s.record_legacy,
    };
    match n {
        Notice::Unreadable { key, why, kept } => {
            let template = match key {
                Key::Settings => s.unreadable_settings,
                Key::Record => s.unreadable_stats,
                _ => s.unreadable_game,
            };
            fill(template, &[("why", why), ("kept", kept)])
        }
        Notice::NotMoved { key, why, error } => fill(
            s.not_moved,
            &[("what", what(key)), ("why", why), ("error", error)],
        ),
        Notice::Unused { key, why } => fill(s.left_as_it_is, &[("what", what(key)), ("why", why)]),
        Notice::DiedRestoring { key, kept } => {
            fill(s.died_restoring, &[("what", what(key)), ("kept", kept)])
        }
        Notice::NoStorage(e) => fill(s.no_storage, &[("error", e)]),
        Notice::SavingStopped(e) => fill(s.saving_stopped, &[("error", e)]),
        Notice::OtherWindow => s.other_window.to_string(),
    }
}

/// The strings in use. One language for now; the table is the place to add more.
pub fn strings() -> &'static Strings {
    &EN
}

/// The Help pages of a game: its rules and scoring tables, a few lines each. Every number
/// comes from the game's description (`GameSpec`) and the engine's points.
pub fn help_pages(kind: GameKind) -> Vec<Vec<String>> {
    use crate::engine::game::points;
    use crate::engine::{Draw, GameCode, Scoring, score_text};
    let s = strings();
    let spec = kind.spec();
    let vegas = GameCode::new(kind, Draw::One, Scoring::Vegas, 0);
    let number = |n: i32| format!("{n:+}");
    let values = [
        ("game", spec.name.to_uppercase()),
        ("cards", spec.cards().to_string()),
        ("columns", spec.columns.to_string()),
        ("stock", spec.stock().to_string()),
        ("places", spec.foundations().to_string()),
        ("won", spec.won_points().to_string()),
        ("vegas_won", score_text(vegas, spec.vegas_won())),
        ("undo", spec.undo_depth.to_string()),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let page = |lines: &[&str]| lines.iter().map(|l| fill(l, &values)).collect::<Vec<_>>();
    let rules = if spec.decks == 1 {
        s.help_rules_one_deck
    } else {
        s.help_rules_decks
    };
    // The scoring table: Normal points on the left, Vegas dollars on the right.
    let left = |label: &str, points: String| {
        let pad = 29usize
            .saturating_sub(label.chars().count() + points.len())
            .max(1);
        format!("  {label}{}{points}", " ".repeat(pad))
    };
    let right = |label: &str, dollars: String| {
        let pad = 25usize
            .saturating_sub(label.chars().count() + dollars.len())
            .max(1);
        format!("      {label}{}{dollars}", " ".repeat(pad))
    };
    let vegas_text = |d: i32| score_text(vegas, d);
    let scoring = vec![
        s.help_scoring.to_string(),
        String::new(),
        format!("{:<35}{}", s.help_normal_head, s.help_vegas_head),
        left(s.help_pt_foundation, number(points::FOUNDATION))
            + &right(s.help_v_start, vegas_text(spec.vegas_start)),
        left(s.help_pt_waste, number(points::WASTE_TO_COLUMN))
            + &right(
                s.help_v_foundation,
                format!("+${}", points::VEGAS_FOUNDATION),
            ),
        left(s.help_pt_turn, number(points::TURN_UP)) + &right(s.help_v_else, vegas_text(0)),
        left(s.help_pt_recycle, number(points::RECYCLE)),
        left(s.help_pt_none, "0".into()),
        String::new(),
    ];
    let mut scoring = scoring;
    scoring.extend(page(s.help_won));
    vec![
        page(rules),
        page(s.help_moving),
        page(s.help_stock),
        scoring,
    ]
}

/// A card as the screens write it: `Q♠`, `10♥`.
pub fn card_name(c: crate::engine::Card) -> String {
    let rank = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ][usize::from(c.rank() - 1)];
    let suit = ['♠', '♥', '♦', '♣'][c.suit().index()];
    format!("{rank}{suit}")
}

/// Why the rules refused a move, as the status line says it.
pub fn refusal_text(r: &crate::engine::Refusal) -> String {
    use crate::engine::Refusal as R;
    match r {
        R::EmptyColumnTakesOnlyKing(c) => {
            format!("An empty column takes only a King, not {}.", card_name(*c))
        }
        R::DoesNotFit { card, onto } => format!(
            "{} does not go on {}: opposite colour, one rank lower.",
            card_name(*card),
            card_name(*onto)
        ),
        R::NoFoundationTakes(c) => format!("No foundation takes {} now.", card_name(*c)),
        R::OneCardToFoundation => "Foundations take one card at a time.".into(),
        R::NoPassLeft => "Vegas: the stock is gone through once only.".into(),
        R::NoPlaceOnTable(c) => format!("No place on the table takes {}.", card_name(*c)),
        other => {
            let mut s = other.to_string();
            if let Some(first) = s.get(..1) {
                s.replace_range(..1, &first.to_ascii_uppercase());
            }
            s + "."
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::GameKind;

    fn numbers(text: &str) -> Vec<String> {
        text.split(|c: char| !c.is_ascii_digit())
            .filter(|n| !n.is_empty())
            .map(str::to_string)
            .collect()
    }

    /// The help pages say what the game's description says: each number a player reads there
    /// comes from `GameSpec` and the engine's points.
    #[test]
    fn the_help_pages_state_the_numbers_of_the_game_description() {
        for kind in GameKind::ALL {
            let spec = kind.spec();
            let text: String = help_pages(kind).concat().join("\n");
            let said = numbers(&text);
            for (what, n) in [
                ("cards", spec.cards() as i64),
                ("columns", spec.columns as i64),
                ("stock", spec.stock() as i64),
                ("foundation places", spec.foundations() as i64),
                ("undo depth", spec.undo_depth as i64),
                ("won score", i64::from(spec.won_points())),
                ("Vegas stake", i64::from(spec.vegas_start).abs()),
                ("Vegas win", i64::from(spec.vegas_won())),
            ] {
                assert!(
                    said.contains(&n.to_string()),
                    "{}: {what} {n} in {said:?}",
                    spec.name
                );
            }
            // Worked out by hand from the rule pages, as a check on the description itself.
            let (won, stake, win) = match kind {
                GameKind::Klondike => (625, 52, 208),
                GameKind::Double => (1220, 104, 416),
            };
            assert_eq!(
                (spec.won_points(), -spec.vegas_start, spec.vegas_won()),
                (won, stake, win)
            );
        }
    }
}
