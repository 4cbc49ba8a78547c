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
    language_name: &'static str,
    language: &'static str,
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
    undo_limit: &'static str,
    dropped_outside: &'static str,
    stats: &'static str,
    statistics: &'static str,
    stats_header: [&'static str; 7],
    reset_stats: &'static str,
    months: [&'static str; 12],
    weekdays: [&'static str; 7],
    daily_button: &'static str,
    daily_title: &'static str,
    daily_days: &'static str,
    daily_streak: &'static str,
    daily_legend: &'static str,
    todays_deal: &'static str,
    grade_label: &'static str,
    grade_any: &'static str,
    grade_easy: &'static str,
    grade_medium: &'static str,
    grade_hard: &'static str,
    grade_expert: &'static str,
    grade_of: &'static str,
    watch: &'static str,
    last_game: &'static str,
    watch_title: &'static str,
    play: &'static str,
    pause: &'static str,
    share: &'static str,
    share_title: &'static str,
    share_web: &'static str,
    share_native: &'static str,
    replay_bad: &'static str,
    replay_not_replay: &'static str,
    replay_cut: &'static str,
    replay_changed: &'static str,
    replay_newer: &'static str,
    replay_other_deal: &'static str,
    replay_illegal: &'static str,
    replay_too_long: &'static str,
    replay_saved: &'static str,
    replay_not_saved: &'static str,
    finding_daily: &'static str,
    daily_started: &'static str,
    daily_link_date: &'static str,
    yes_reset: &'static str,
    reset_question: &'static str,
    carry_vegas: &'static str,
    carry_vegas_hint: &'static str,
    four_colour: &'static str,
    four_colour_hint: &'static str,
    bank: &'static str,
    no_display: &'static str,
    link_code: &'static str,
    random_instead: &'static str,
    hint: &'static str,
    guess: &'static str,
    hint_thinking: &'static str,
    hint_to_foundation: &'static str,
    hint_onto: &'static str,
    hint_turn: &'static str,
    hint_recycle: &'static str,
    hint_move: &'static str,
    looking_tried: &'static str,
    hint_to_empty: &'static str,
    no_useful_move: &'static str,
    winnable_only: &'static str,
    winnable_only_hint: &'static str,
    looking_for_winnable: &'static str,
    winnable_found: &'static str,
    winnable_not_found: &'static str,
    winnable_only_vegas: &'static str,
    winnable_not_offered: &'static str,
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
    saving_again: &'static str,
    took_over: &'static str,
    lost_saves: &'static str,
    not_saving_other: &'static str,
    not_saving_failing: &'static str,
    not_saving_off: &'static str,
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
    stats_daily: &'static str,
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

impl Strings {
    pub fn grade_name(&self, g: crate::solver::grade::Grade) -> &'static str {
        use crate::solver::grade::Grade;
        match g {
            Grade::Easy => self.grade_easy,
            Grade::Medium => self.grade_medium,
            Grade::Hard => self.grade_hard,
            Grade::Expert => self.grade_expert,
        }
    }

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

fn stats_problem_text(p: &crate::play::stats::StatsProblem) -> String {
    use crate::play::stats::{StatsIssue as I, StatsProblem as P};
    let s = strings();
    match p {
        P::Rows(found) => fill(
            s.damage_rows,
            &[
                ("found", &found.to_string()),
                ("expected", &crate::play::stats::MODES.to_string()),
            ],
        ),
        P::Bankroll => s.stats_bankroll.into(),
        P::Daily => s.stats_daily.into(),
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
        Notice::SavingAgain => s.saving_again.to_string(),
        Notice::TookOver => s.took_over.to_string(),
        Notice::LostSaves => s.lost_saves.to_string(),
    }
}

mod en;
mod nb;
mod tr;

pub use en::EN;
pub use nb::NB;
pub use tr::TR;

/// The languages of the game: English, and those of its two rule pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    En,
    Nb,
    Tr,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::En, Language::Nb, Language::Tr];

    /// The tag saved in the settings and used in links: `en`, `nb`, `tr`.
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Nb => "nb",
            Language::Tr => "tr",
        }
    }

    /// The language a tag names: `nb`, `nb-NO`, `no_NO.UTF-8`, `tr_TR`, `en-GB`… Norwegian
    /// (`no`, `nb`, and `nn`, whose readers read bokmål too) is bokmål; anything unknown, none.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let lang = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match lang.as_str() {
            "en" => Some(Language::En),
            "nb" | "no" | "nn" => Some(Language::Nb),
            "tr" => Some(Language::Tr),
            _ => None,
        }
    }

    /// The next language (the Settings button goes round them).
    pub fn next(self) -> Language {
        let i = Language::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Language::ALL[(i + 1) % Language::ALL.len()]
    }

    pub fn table(self) -> &'static Strings {
        match self {
            Language::En => &EN,
            Language::Nb => &NB,
            Language::Tr => &TR,
        }
    }
}

/// The language to speak: a link's (`?lang=`), else the one chosen in Settings, else the
/// system's, else English. Tags nobody knows are passed over.
pub fn choose_language(link: Option<&str>, chosen: Option<&str>, system: Option<&str>) -> Language {
    [link, chosen, system]
        .into_iter()
        .flatten()
        .find_map(Language::from_tag)
        .unwrap_or(Language::En)
}

thread_local! {
    static CURRENT: std::cell::Cell<Language> = const { std::cell::Cell::new(Language::En) };
}

/// Chooses the language of the screens (of this thread: the game's, or one test's).
pub fn set_language(language: Language) {
    CURRENT.with(|c| c.set(language));
}

pub fn language() -> Language {
    CURRENT.with(|c| c.get())
}

/// The strings in use, in the language chosen.
pub fn strings() -> &'static Strings {
    language().table()
}

/// The Help pages of a game: its rules and scoring tables, a few lines each. Every number
/// comes from the game's description (`GameSpec`) and the engine's points.
pub fn help_pages(kind: GameKind) -> Vec<Vec<HelpLine>> {
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
    // A page of the table: its first line the heading, then paragraphs (the lines between
    // blank ones, joined: the window wraps them to its width).
    let page = |lines: &[&str]| {
        let mut out = Vec::new();
        let mut para = String::new();
        for (i, line) in lines.iter().enumerate() {
            let line = fill(line, &values);
            if i == 0 {
                out.push(HelpLine::Heading(line));
            } else if line.is_empty() {
                if !para.is_empty() {
                    out.push(HelpLine::Text(std::mem::take(&mut para)));
                }
                out.push(HelpLine::Gap);
            } else {
                if !para.is_empty() {
                    para.push(' ');
                }
                para.push_str(&line);
            }
        }
        if !para.is_empty() {
            out.push(HelpLine::Text(para));
        }
        out
    };
    let rules = if spec.decks == 1 {
        s.help_rules_one_deck
    } else {
        s.help_rules_decks
    };
    let pair = |label: &str, value: String| (label.to_string(), value);
    let vegas_text = |d: i32| score_text(vegas, d);
    let mut scoring = vec![
        HelpLine::Heading(s.help_scoring.to_string()),
        HelpLine::Gap,
        HelpLine::Tables(vec![
            (
                s.help_normal_head.to_string(),
                vec![
                    pair(s.help_pt_foundation, number(points::FOUNDATION)),
                    pair(s.help_pt_waste, number(points::WASTE_TO_COLUMN)),
                    pair(s.help_pt_turn, number(points::TURN_UP)),
                    pair(s.help_pt_recycle, number(points::RECYCLE)),
                    pair(s.help_pt_none, "0".into()),
                ],
            ),
            (
                s.help_vegas_head.to_string(),
                vec![
                    pair(s.help_v_start, vegas_text(spec.vegas_start)),
                    pair(
                        s.help_v_foundation,
                        format!("+${}", points::VEGAS_FOUNDATION),
                    ),
                    pair(s.help_v_else, vegas_text(0)),
                ],
            ),
        ]),
        HelpLine::Gap,
    ];
    scoring.extend(
        page(&[&["" as &str][..], s.help_won].concat())
            .into_iter()
            .skip(1),
    );
    vec![
        page(rules),
        page(s.help_moving),
        page(s.help_stock),
        scoring,
    ]
}

/// A piece of a help page: the window lays them out for its width, wrapping the paragraphs,
/// putting the tables side by side where they fit, and turning to a further page where the
/// height runs out.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HelpLine {
    Heading(String),
    /// A paragraph.
    Text(String),
    /// An empty line.
    Gap,
    /// Tables of a heading and rows of a label and a value (points, dollars).
    Tables(Vec<(String, Vec<(String, String)>)>),
}

impl HelpLine {
    /// Every text of the piece, joined by line breaks (for the tests of what Help says).
    pub fn text(&self) -> String {
        match self {
            HelpLine::Heading(t) | HelpLine::Text(t) => t.clone(),
            HelpLine::Gap => String::new(),
            HelpLine::Tables(tables) => tables
                .iter()
                .flat_map(|(head, rows)| {
                    std::iter::once(head.clone())
                        .chain(rows.iter().map(|(l, v)| format!("{l} {v}")))
                })
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

/// Why a replay link cannot be played, and what is shown instead.
pub fn replay_error_text(e: &crate::save::link::ReplayError) -> String {
    use crate::save::link::ReplayError as E;
    let s = strings();
    let n;
    let why = match e {
        E::NotBase64 | E::NoEntry(_) => s.replay_not_replay,
        E::Cut => s.replay_cut,
        E::Changed => s.replay_changed,
        E::Version(_) => s.replay_newer,
        E::OtherDeal => s.replay_other_deal,
        E::TooLong => s.replay_too_long,
        E::Illegal(k) => {
            n = fill(s.replay_illegal, &[("n", &k.to_string())]);
            n.as_str()
        }
    };
    fill(s.replay_bad, &[("why", why)])
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
        for language in Language::ALL {
            set_language(language);
            help_numbers_match_the_description();
        }
        set_language(Language::En);
    }

    /// In the language on show.
    fn help_numbers_match_the_description() {
        for kind in GameKind::ALL {
            let spec = kind.spec();
            let text: String = help_pages(kind)
                .concat()
                .iter()
                .map(HelpLine::text)
                .collect::<Vec<_>>()
                .join("\n");
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

#[cfg(test)]
mod language_tests {
    use super::*;

    /// Texts that are the same in a translation on purpose: names, codes, numbers.
    const SAME_EVERYWHERE: [&str; 6] = [
        "Klondike",
        "Normal",
        "Vegas",
        "{card} {place}.",
        "Start",
        "Bank",
    ];

    #[test]
    fn every_text_exists_in_every_language_and_none_is_left_english() {
        let en = EN.texts();
        for language in [Language::Nb, Language::Tr] {
            let texts = language.table().texts();
            assert_eq!(
                texts.len(),
                en.len(),
                "{language:?}: as many texts as English"
            );
            let mut same = Vec::new();
            for ((field, english), (field2, text)) in en.iter().zip(&texts) {
                assert_eq!(field, field2);
                let english_words = english.chars().any(char::is_alphabetic);
                if text == english && english_words && !SAME_EVERYWHERE.contains(text) {
                    same.push(format!("{field}: {text}"));
                }
            }
            assert!(
                same.is_empty(),
                "{language:?} left in English:\n{}",
                same.join("\n")
            );
        }
    }

    /// Every `{place}` of an English text is in its translations, and no other.
    #[test]
    fn translations_fill_the_same_places() {
        let places = |t: &str| {
            let mut v: Vec<String> = t
                .split('{')
                .skip(1)
                .filter_map(|p| p.split('}').next().map(str::to_string))
                .collect();
            v.sort();
            v
        };
        // A field's texts together: a translation may break its lines elsewhere.
        let by_field = |table: &Strings| {
            let mut fields: Vec<(&str, Vec<String>)> = Vec::new();
            for (field, text) in table.texts() {
                match fields.last_mut() {
                    Some((f, v)) if *f == field => v.extend(places(text)),
                    _ => fields.push((field, places(text))),
                }
            }
            for (_, v) in &mut fields {
                v.sort();
                v.dedup();
            }
            fields
        };
        for language in [Language::Nb, Language::Tr] {
            assert_eq!(by_field(&EN), by_field(language.table()), "{language:?}");
        }
    }

    #[test]
    fn a_link_before_the_choice_before_the_system() {
        assert_eq!(
            choose_language(Some("tr"), Some("nb"), Some("en_US")),
            Language::Tr
        );
        assert_eq!(
            choose_language(None, Some("nb"), Some("tr_TR")),
            Language::Nb
        );
        assert_eq!(
            choose_language(Some("xx"), None, Some("tr_TR.UTF-8")),
            Language::Tr
        );
        assert_eq!(
            choose_language(None, Some("klingon"), Some("de_DE")),
            Language::En
        );
        assert_eq!(choose_language(None, None, None), Language::En);
    }

    #[test]
    fn language_tags_as_systems_and_browsers_write_them() {
        for (tag, language) in [
            ("nb_NO.UTF-8", Some(Language::Nb)),
            ("nb-NO", Some(Language::Nb)),
            ("no", Some(Language::Nb)),
            ("nn_NO", Some(Language::Nb)),
            ("tr_TR.UTF-8", Some(Language::Tr)),
            ("tr", Some(Language::Tr)),
            ("en-GB", Some(Language::En)),
            ("de_DE", None),
            ("", None),
        ] {
            assert_eq!(Language::from_tag(tag), language, "{tag}");
        }
        for l in Language::ALL {
            assert_eq!(Language::from_tag(l.tag()), Some(l));
        }
    }
}
