//! The words for what went wrong with saves, storage and replay links.

use super::format::{count, fill, number};
use super::strings;
use super::words::{code_error_text, refusal_text};

/// What is wrong with a saved record, in words.
pub fn damage_text(d: &crate::save::Damage) -> String {
    use crate::save::{Damage as D, EntryProblem, FieldProblem as F, Unusable};
    let s = strings();
    let n = |v: usize| number(v as i64);
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
        D::Rows { found, expected } => count(
            &s.damage_rows,
            *found as i64,
            &[("expected", &n(*expected))],
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
            Unusable::CannotRead => s.unusable_cannot_read.into(),
        },
    }
}

fn stats_problem_text(p: &crate::play::stats::StatsProblem) -> String {
    use crate::play::stats::{StatsIssue as I, StatsProblem as P};
    let s = strings();
    match p {
        P::Rows(found) => count(
            &s.damage_rows,
            *found as i64,
            &[("expected", &number(crate::play::stats::MODES as i64))],
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
            n = fill(s.replay_illegal, &[("n", &number(*k as i64))]);
            n.as_str()
        }
    };
    fill(s.replay_bad, &[("why", why)])
}
