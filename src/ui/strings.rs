//! Every text the screens show, in one table, so that the game can learn Norwegian and Turkish
//! (the languages of its rule pages) without touching the screens.

use crate::engine::GameKind;

/// A value of the table: one text, or several.
pub trait Texts {
    fn push_to(&self, out: &mut Vec<&'static str>);
}

impl Texts for &'static str {
    fn push_to(&self, out: &mut Vec<&'static str>) {
        out.push(self);
    }
}

impl<const N: usize> Texts for [&'static str; N] {
    fn push_to(&self, out: &mut Vec<&'static str>) {
        out.extend_from_slice(self);
    }
}

impl Texts for &'static [&'static str] {
    fn push_to(&self, out: &mut Vec<&'static str>) {
        out.extend_from_slice(self);
    }
}

/// Declares the table once: its fields, and the list of all its texts (for the tests that
/// check every text on screen comes from it, and that every language has every text).
macro_rules! strings_table {
    ($($field:ident: $ty:ty,)*) => {
        pub struct Strings {
            $(pub $field: $ty,)*
        }

        impl Strings {
            /// Every text of the table, with the names of their fields.
            pub fn texts(&self) -> Vec<(&'static str, &'static str)> {
                let mut out = Vec::new();
                $(
                    let mut v = Vec::new();
                    self.$field.push_to(&mut v);
                    out.extend(v.into_iter().map(|t| (stringify!($field), t)));
                )*
                out
            }
        }
    };
}

strings_table! {
    new_game: &'static str,
    replay: &'static str,
    undo: &'static str,
    settings: &'static str,
    help: &'static str,
    score: &'static str,
    moves: &'static str,
    game: &'static str,
    draw: &'static str,
    scoring: &'static str,
    deal: &'static str,
    klondike: &'static str,
    double: &'static str,
    draw_1: &'static str,
    draw_3: &'static str,
    normal: &'static str,
    vegas: &'static str,
    random_deal: &'static str,
    by_code: &'static str,
    code: &'static str,
    letters: &'static str,
    code_hint: &'static str,
    start: &'static str,
    cancel: &'static str,
    close: &'static str,
    previous: &'static str,
    next: &'static str,
    page: &'static str,
    double_click: &'static str,
    double_click_hint: &'static str,
    on: &'static str,
    off: &'static str,
    you_won: &'static str,
    final_score: &'static str,
    nothing_to_undo: &'static str,
    stats: &'static str,
    statistics: &'static str,
    stats_header: [&'static str; 7],
    reset_stats: &'static str,
    yes_reset: &'static str,
    reset_question: &'static str,
    carry_vegas: &'static str,
    carry_vegas_hint: &'static str,
    bank: &'static str,
    no_display: &'static str,
    link_code: &'static str,
    random_instead: &'static str,
    hint: &'static str,
    guess: &'static str,
    hint_thinking: &'static str,
    hint_to_foundation: &'static str,
    hint_onto: &'static str,
    hint_stock: &'static str,
    hint_move: &'static str,
    looking_tried: &'static str,
    hint_to_empty: &'static str,
    click: &'static str,
    clicks: &'static str,
    no_useful_move: &'static str,
    winnable_only: &'static str,
    winnable_only_hint: &'static str,
    looking_for_winnable: &'static str,
    winnable_found: &'static str,
    winnable_not_found: &'static str,
    winnable_only_vegas: &'static str,
    leave_question: &'static str,
    yes_leave: &'static str,
    keep_playing: &'static str,
    link_code_kept: &'static str,
    record_settings: &'static str,
    record_stats: &'static str,
    record_game: &'static str,
    record_legacy: &'static str,
    unreadable_settings: &'static str,
    unreadable_stats: &'static str,
    unreadable_game: &'static str,
    not_moved: &'static str,
    left_as_it_is: &'static str,
    died_restoring: &'static str,
    no_storage: &'static str,
    saving_stopped: &'static str,
    other_window: &'static str,
    help_rules_one_deck: &'static [&'static str],
    help_rules_decks: &'static [&'static str],
    help_moving: &'static [&'static str],
    help_stock: &'static [&'static str],
    help_scoring: &'static str,
    help_normal_head: &'static str,
    help_vegas_head: &'static str,
    help_pt_foundation: &'static str,
    help_pt_waste: &'static str,
    help_pt_turn: &'static str,
    help_pt_recycle: &'static str,
    help_pt_none: &'static str,
    help_v_start: &'static str,
    help_v_foundation: &'static str,
    help_v_else: &'static str,
    help_won: &'static [&'static str],
    pile_stock: &'static str,
    pile_waste: &'static str,
    pile_foundation: &'static str,
    pile_column: &'static str,
    refuse_nothing_to_draw: &'static str,
    refuse_no_pass_left: &'static str,
    refuse_empty_pile: &'static str,
    refuse_no_such_pile: &'static str,
    refuse_not_enough_face_up: &'static str,
    refuse_only_king: &'static str,
    refuse_does_not_fit: &'static str,
    refuse_no_foundation: &'static str,
    refuse_one_card: &'static str,
    refuse_already_on_foundation: &'static str,
    refuse_same_column: &'static str,
    refuse_no_place: &'static str,
    refuse_only_top_card: &'static str,
    refuse_foundation_dragged: &'static str,
    refuse_log_full: &'static str,
    damage_empty: &'static str,
    damage_not_text: &'static str,
    damage_syntax: &'static str,
    damage_not_a_save: &'static str,
    damage_no_version: &'static str,
    damage_newer: &'static str,
    field_missing: &'static str,
    field_not_bool: &'static str,
    field_not_list: &'static str,
    field_not_text: &'static str,
    field_not_number: &'static str,
    field_out_of_range: &'static str,
    field_not_record: &'static str,
    damage_rows: &'static str,
    damage_code: &'static str,
    damage_log_too_long: &'static str,
    entry_not_text: &'static str,
    entry_not_a_move: &'static str,
    damage_entry: &'static str,
    unusable_not_a_file: &'static str,
    unusable_too_large: &'static str,
    unusable_broken_link: &'static str,
    stats_bankroll: &'static str,
    stats_too_many: &'static str,
    stats_more_won: &'static str,
    stats_streak: &'static str,
    stats_best_without_win: &'static str,
    stats_impossible_best: &'static str,
    stats_impossible_moves: &'static str,
    io_read: &'static str,
    io_write: &'static str,
    io_replace: &'static str,
    io_create_folder: &'static str,
    io_move: &'static str,
    io_remove: &'static str,
    io_lock: &'static str,
    storage_no_folder: &'static str,
    storage_blocked: &'static str,
    storage_refused: &'static str,
    storage_taken_over: &'static str,
    storage_no_free_name: &'static str,
    kept_site_key: &'static str,
    kept_copy: &'static str,
    died_not_moved: &'static str,
    version: &'static str,
    code_empty: &'static str,
    code_shape: &'static str,
    code_game: &'static str,
    code_mode: &'static str,
    code_draw: &'static str,
    code_scoring: &'static str,
    code_deal_length: &'static str,
    code_deal_letter: &'static str,
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
    hint_onto: "onto {card}",
    hint_stock: "Turn the stock ({n} {clicks}) until {card} shows, then play it {place}.",
    hint_move: "{card} {place}.",
    looking_tried: "Looking for a winnable deal... ({n} tried)",
    hint_to_empty: "to the empty column",
    click: "click",
    clicks: "clicks",
    no_useful_move: "No useful move found. Undo may help.",
    winnable_only: "Winnable only",
    winnable_only_hint: "Random deals the solver has won: a plain code anyone can replay.",
    looking_for_winnable: "Looking for a winnable deal...",
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
    pile_stock: "The stock",
    pile_waste: "The waste",
    pile_foundation: "Foundation {n}",
    pile_column: "Column {n}",
    refuse_nothing_to_draw: "The stock and the waste are both empty.",
    refuse_no_pass_left: "Vegas: the stock is gone through once only.",
    refuse_empty_pile: "{pile} is empty.",
    refuse_no_such_pile: "This game has no such pile ({pile}).",
    refuse_not_enough_face_up: "That column has only {n} face-up cards.",
    refuse_only_king: "An empty column takes only a King, not {card}.",
    refuse_does_not_fit: "{card} does not go on {onto}: a card goes on one of the opposite colour, one rank higher.",
    refuse_no_foundation: "No foundation takes {card} now.",
    refuse_one_card: "Foundations take one card at a time.",
    refuse_already_on_foundation: "That card is on a foundation already.",
    refuse_same_column: "The cards are in that column already.",
    refuse_no_place: "No place on the table takes {card}.",
    refuse_only_top_card: "A click sends only a top card to a foundation.",
    refuse_foundation_dragged: "A foundation card comes back to the table only by dragging it to a column.",
    refuse_log_full: "This game has reached {n} actions and undos, the most a game keeps: start a new game.",
    damage_empty: "the file is empty",
    damage_not_text: "the file is not text",
    damage_syntax: "its text is damaged or cut short at line {line}, column {column}",
    damage_not_a_save: "it is not a save",
    damage_no_version: "it has no valid format version",
    damage_newer: "it was written by a newer version of the game (format {found}, this one reads {reads})",
    field_missing: "'{field}' is missing",
    field_not_bool: "'{field}' is not true or false",
    field_not_list: "'{field}' is not a list",
    field_not_text: "'{field}' is not a text",
    field_not_number: "'{field}' is not a whole number",
    field_out_of_range: "'{field}' is out of range",
    field_not_record: "'{field}' holds something that is not a record",
    damage_rows: "{found} statistics rows, not {expected}",
    damage_code: "its game code is wrong: {what}",
    damage_log_too_long: "its game log has {n} entries, more than the {most} a game keeps",
    entry_not_text: "it is not a text",
    entry_not_a_move: "'{text}' is not a move",
    damage_entry: "move {n} of its game: {what}",
    unusable_not_a_file: "it is not a regular file",
    unusable_too_large: "it is larger than {mb} MB",
    unusable_broken_link: "it is a link to nothing",
    stats_bankroll: "an impossible Vegas bankroll",
    stats_too_many: "{mode}: too many games played",
    stats_more_won: "{mode}: more games won than played",
    stats_streak: "{mode}: a win streak longer than the wins",
    stats_best_without_win: "{mode}: a best score without wins, or wins without one",
    stats_impossible_best: "{mode}: an impossible best score",
    stats_impossible_moves: "{mode}: an impossible number of moves for a win",
    io_read: "cannot read {path}: {system}",
    io_write: "cannot write {path}: {system}",
    io_replace: "cannot replace {path}: {system}",
    io_create_folder: "cannot create the folder {path}: {system}",
    io_move: "cannot move {path}: {system}",
    io_remove: "cannot remove {path}: {system}",
    io_lock: "cannot lock {path}: {system}",
    storage_no_folder: "no folder for the saves is known (HOME is not set)",
    storage_blocked: "the browser blocks this page's storage",
    storage_refused: "the storage refused",
    storage_taken_over: "another window of the game took over the saves",
    storage_no_free_name: "no free file name was found",
    kept_site_key: "{key} in this site's storage",
    kept_copy: "copy {n}",
    died_not_moved: "The game stopped while loading the saved {what} last time, and it could not be moved aside ({error}), so this window does not save.",
    version: "Version {v}",
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

/// What is wrong with a saved record, in words.
pub fn damage_text(d: &crate::save::Damage) -> String {
    use crate::save::{Damage as D, EntryProblem, FieldProblem as F, Unusable};
    let s = strings();
    let n = |v: usize| v.to_string();
    match d {
        D::Empty => s.damage_empty.into(),
        D::NotText => s.damage_not_text.into(),
        D::Syntax { line, column } => fill(
            s.damage_syntax,
            &[("line", &n(*line)), ("column", &n(*column))],
        ),
        D::NotASave => s.damage_not_a_save.into(),
        D::NoVersion => s.damage_no_version.into(),
        D::Newer { found, reads } => fill(
            s.damage_newer,
            &[("found", &found.to_string()), ("reads", &reads.to_string())],
        ),
        D::Field { name, problem } => {
            let template = match problem {
                F::Missing => s.field_missing,
                F::NotTrueOrFalse => s.field_not_bool,
                F::NotAList => s.field_not_list,
                F::NotAText => s.field_not_text,
                F::NotANumber => s.field_not_number,
                F::OutOfRange => s.field_out_of_range,
                F::NotARecord => s.field_not_record,
            };
            fill(template, &[("field", name)])
        }
        D::Rows { found, expected } => fill(
            s.damage_rows,
            &[("found", &n(*found)), ("expected", &n(*expected))],
        ),
        D::Code(e) => fill(s.damage_code, &[("what", &code_error_text(e))]),
        D::LogTooLong { entries } => fill(
            s.damage_log_too_long,
            &[("n", &n(*entries)), ("most", &n(crate::engine::MAX_LOG))],
        ),
        D::Entry { n: k, problem } => {
            let what = match problem {
                EntryProblem::NotAText => s.entry_not_text.to_string(),
                EntryProblem::NotAMove(t) => fill(s.entry_not_a_move, &[("text", t)]),
                EntryProblem::Refused(r) => refusal_text(r),
            };
            fill(s.damage_entry, &[("n", &n(*k)), ("what", &what)])
        }
        D::Stats(p) => stats_problem_text(p),
        D::Unusable(u) => match u {
            Unusable::NotAFile => s.unusable_not_a_file.into(),
            Unusable::TooLarge => fill(
                s.unusable_too_large,
                &[("mb", &(crate::save::format::MAX_BYTES >> 20).to_string())],
            ),
            Unusable::BrokenLink => s.unusable_broken_link.into(),
        },
    }
}

fn stats_problem_text(p: &crate::stats::StatsProblem) -> String {
    use crate::stats::{StatsIssue as I, StatsProblem as P};
    let s = strings();
    match p {
        P::Rows(found) => fill(
            s.damage_rows,
            &[
                ("found", &found.to_string()),
                ("expected", &crate::stats::MODES.to_string()),
            ],
        ),
        P::Bankroll => s.stats_bankroll.into(),
        P::Mode { mode, issue } => {
            let template = match issue {
                I::TooManyPlayed => s.stats_too_many,
                I::MoreWonThanPlayed => s.stats_more_won,
                I::StreakTooLong => s.stats_streak,
                I::BestWithoutWin => s.stats_best_without_win,
                I::ImpossibleBest => s.stats_impossible_best,
                I::ImpossibleMoves => s.stats_impossible_moves,
            };
            fill(template, &[("mode", &mode.mode_text())])
        }
    }
}

/// Why a storage failed, in words.
pub fn storage_error_text(e: &crate::save::StorageError) -> String {
    use crate::save::{IoStep, StorageError as E};
    let s = strings();
    match e {
        E::Io { step, path, system } => {
            let template = match step {
                IoStep::Read => s.io_read,
                IoStep::Write => s.io_write,
                IoStep::Replace => s.io_replace,
                IoStep::CreateFolder => s.io_create_folder,
                IoStep::Move => s.io_move,
                IoStep::Remove => s.io_remove,
                IoStep::Lock => s.io_lock,
            };
            fill(template, &[("path", path), ("system", system)])
        }
        E::NoFolder => s.storage_no_folder.into(),
        E::Blocked => s.storage_blocked.into(),
        E::Refused => s.storage_refused.into(),
        E::TakenOver => s.storage_taken_over.into(),
        E::NoFreeName => s.storage_no_free_name.into(),
    }
}

/// Where a record was kept, in words.
pub fn kept_text(k: &crate::save::Kept) -> String {
    use crate::save::Kept;
    let s = strings();
    match k {
        Kept::File(path) => path.clone(),
        Kept::SiteKey(key) => fill(s.kept_site_key, &[("key", key)]),
        Kept::Copy(n) => fill(s.kept_copy, &[("n", &n.to_string())]),
    }
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
            fill(
                template,
                &[("why", &damage_text(why)), ("kept", &kept_text(kept))],
            )
        }
        Notice::NotMoved { key, why, error } => fill(
            s.not_moved,
            &[
                ("what", what(key)),
                ("why", &damage_text(why)),
                ("error", &storage_error_text(error)),
            ],
        ),
        Notice::Unused { key, why } => fill(
            s.left_as_it_is,
            &[("what", what(key)), ("why", &damage_text(why))],
        ),
        Notice::DiedRestoring { key, kept } => fill(
            s.died_restoring,
            &[("what", what(key)), ("kept", &kept_text(kept))],
        ),
        Notice::DiedNotMoved { key, error } => fill(
            s.died_not_moved,
            &[("what", what(key)), ("error", &storage_error_text(error))],
        ),
        Notice::NoStorage(e) => fill(s.no_storage, &[("error", &storage_error_text(e))]),
        Notice::SavingStopped(e) => fill(s.saving_stopped, &[("error", &storage_error_text(e))]),
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
        ("game", s.game_name(kind).to_string()),
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

/// A rank as the cards and the screens write it: `A`, `2` … `10`, `J`, `Q`, `K`.
pub fn rank_text(rank: u8) -> &'static str {
    const RANKS: [&str; 13] = [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K",
    ];
    RANKS[usize::from(rank.clamp(1, 13) - 1)]
}

/// A card as the screens write it: `Q♠`, `10♥`.
pub fn card_name(c: crate::engine::Card) -> String {
    let suit = ['♠', '♥', '♦', '♣'][c.suit().index()];
    format!("{}{suit}", rank_text(c.rank()))
}

/// A pile as the screens name it.
pub fn pile_name(p: crate::engine::Pile) -> String {
    use crate::engine::Pile;
    let s = strings();
    match p {
        Pile::Stock => s.pile_stock.to_string(),
        Pile::Waste => s.pile_waste.to_string(),
        Pile::Foundation(i) => fill(s.pile_foundation, &[("n", &(i + 1).to_string())]),
        Pile::Column(i) => fill(s.pile_column, &[("n", &(i + 1).to_string())]),
    }
}

/// Why the rules refused a move, as the status line says it: every refusal has its words.
pub fn refusal_text(r: &crate::engine::Refusal) -> String {
    use crate::engine::Refusal as R;
    let s = strings();
    let card = |c: &crate::engine::Card| card_name(*c);
    match r {
        R::NothingToDraw => s.refuse_nothing_to_draw.into(),
        R::NoPassLeft => s.refuse_no_pass_left.into(),
        R::EmptyPile(p) => fill(s.refuse_empty_pile, &[("pile", &pile_name(*p))]),
        R::NoSuchPile(p) => fill(s.refuse_no_such_pile, &[("pile", &pile_name(*p))]),
        R::NotEnoughFaceUp { face_up, .. } => {
            fill(s.refuse_not_enough_face_up, &[("n", &face_up.to_string())])
        }
        R::EmptyColumnTakesOnlyKing(c) => fill(s.refuse_only_king, &[("card", &card(c))]),
        R::DoesNotFit { card: c, onto } => fill(
            s.refuse_does_not_fit,
            &[("card", &card(c)), ("onto", &card(onto))],
        ),
        R::NoFoundationTakes(c) => fill(s.refuse_no_foundation, &[("card", &card(c))]),
        R::OneCardToFoundation => s.refuse_one_card.into(),
        R::AlreadyOnFoundation => s.refuse_already_on_foundation.into(),
        R::SameColumn => s.refuse_same_column.into(),
        R::NoPlaceOnTable(c) => fill(s.refuse_no_place, &[("card", &card(c))]),
        R::OnlyTopCardClicks => s.refuse_only_top_card.into(),
        R::FoundationCardsAreDragged => s.refuse_foundation_dragged.into(),
        R::NothingToUndo => s.nothing_to_undo.into(),
        R::LogFull => fill(
            s.refuse_log_full,
            &[("n", &crate::engine::MAX_LOG.to_string())],
        ),
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
