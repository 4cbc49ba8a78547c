//! Saves: round trips in all modes; every kind of damaged record loading as a fresh one with a
//! notice, kept aside and never written over, and never taking the other records with it; and
//! the findings of issue #12, each pinned by a test that failed before the fix.

mod common;

use common::{Rng, built_game, greedy_win};
use solitaire::engine::{Action, DEALS, Draw, Game, GameCode, GameKind, MAX_LOG, Refusal, Scoring};
use solitaire::play::stats::Stats;
use solitaire::save::format::{self, Extra};
use solitaire::save::{
    FileStorage, Key, Loaded, MemoryStorage, Notice, Persist, Settings, Storage, Stored,
};
use solitaire::ui::app::{App, Screen, UiAction};

fn random_game(rng: &mut Rng, code: GameCode, steps: usize) -> Game {
    let mut g = Game::new(code);
    for _ in 0..steps {
        if rng.chance(10) && g.undo_available() > 0 {
            g.undo().unwrap();
            continue;
        }
        let legal = g.legal_actions();
        if legal.is_empty() {
            break;
        }
        g.apply(legal[rng.below(legal.len())]).unwrap();
    }
    g
}

/// Undoes everything, collecting each table on the way back.
fn history(mut g: Game) -> Vec<solitaire::engine::Table> {
    let mut out = vec![g.table().clone()];
    while g.undo().is_ok() {
        out.push(g.table().clone());
    }
    out
}

fn no_extra() -> Extra {
    Extra::new()
}

fn some_stats(code: GameCode) -> Stats {
    let mut stats = Stats::default();
    // A daily deal won, and one under way.
    stats.daily.begin(code, 330);
    stats.record_win(code, 700, 140);
    stats.daily.begin(code, 333);
    stats.record_unfinished(code);
    stats.add_to_bankroll(code.game, -47);
    stats
}

#[test]
fn save_and_load_round_trip_in_all_modes_with_undo_histories() {
    let mut rng = Rng::new(55);
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                for _ in 0..25 {
                    let code = GameCode::new(game, draw, scoring, rng.below(DEALS as usize) as u64);
                    let steps = 20 + rng.below(300);
                    let g = random_game(&mut rng, code, steps);
                    let settings = Settings {
                        double_click: rng.chance(50),
                        carry_vegas: rng.chance(50),
                        winnable_only: rng.chance(50),
                        language: ["en", "nb", "tr"].get(rng.below(4)).map(|t| t.to_string()),
                        four_colour: rng.chance(50),
                        sound: rng.chance(50),
                    };
                    let stats = some_stats(code);
                    let text = format::encode_game(&g, &no_extra());
                    let (r, _) = format::decode_game(text.as_bytes())
                        .unwrap_or_else(|e| panic!("{code}: {e:?}"));
                    assert_eq!(r.game.table(), g.table(), "{code}");
                    assert_eq!(r.game.moves(), g.moves());
                    assert_eq!(r.game.log(), g.log());
                    assert_eq!(r.game.undo_available(), g.undo_available());
                    assert_eq!(history(r.game), history(g), "{code}: undo history");
                    let text = format::encode_settings(&settings, &no_extra());
                    assert_eq!(
                        format::decode_settings(text.as_bytes()).unwrap().0,
                        settings
                    );
                    let text = format::encode_record(&stats, &no_extra());
                    assert_eq!(format::decode_record(text.as_bytes()).unwrap().0, stats);
                }
            }
        }
    }
}

/// A long Double Solitaire game with undos, as the game writes it: the corpus of the sweeps.
fn long_double_save() -> Vec<u8> {
    let mut rng = Rng::new(2024);
    let g = random_game(&mut rng, GameCode::parse("DS1-D3N-ABCDEFG").unwrap(), 700);
    assert!(g.log().len() > 500, "a long game: {}", g.log().len());
    assert!(g.log().contains(&solitaire::engine::Entry::Undo));
    format::encode_game(&g, &no_extra()).into_bytes()
}

/// The statistics of `record_save`.
fn saved_stats() -> Stats {
    some_stats(GameCode::parse("KL1-D1V-AAAAAAA").unwrap())
}

fn record_save() -> Vec<u8> {
    format::encode_record(&saved_stats(), &no_extra()).into_bytes()
}

fn settings_save() -> Vec<u8> {
    let s = Settings {
        double_click: false,
        carry_vegas: true,
        winnable_only: true,
        language: Some("nb".into()),
        four_colour: true,
        sound: false,
    };
    format::encode_settings(&s, &no_extra()).into_bytes()
}

/// Loads each case in a worker thread and waits at most `limit_ms` for each: a case that
/// hangs or panics fails the test with its name. The limit guards against a hang, far above a
/// case's usual time (a timed test must not fail on a busy machine); the slowest is printed.
/// How long one case may take before it counts as a hang.
const HANG_MS: u64 = 3000;

fn load_all_within(cases: Vec<(String, Vec<u8>)>, limit_ms: u64) -> usize {
    use std::sync::mpsc;
    let n = cases.len();
    let names: Vec<String> = cases.iter().map(|(name, _)| name.clone()).collect();
    let (tx, rx) = mpsc::channel();
    let worker = std::thread::spawn(move || {
        for (i, (_, bytes)) in cases.into_iter().enumerate() {
            let started = std::time::Instant::now();
            let result = (
                format::decode_game(&bytes).is_ok(),
                format::decode_record(&bytes).is_ok(),
                format::decode_settings(&bytes).is_ok(),
                format::decode_legacy(&bytes).is_ok(),
            );
            let storage =
                MemoryStorage::with(&[(Key::Game, &bytes), (Key::Record, &record_save())]);
            let (mut persist, loaded) = Persist::open(storage);
            // A game or a reason, and the record beside it intact whatever the game held.
            if loaded.game.is_none() {
                let notice = persist.take_notice().expect("a reason for the player");
                assert!(matches!(notice, Notice::Unreadable { key: Key::Game, .. }));
                assert_eq!(
                    persist.storage().aside,
                    vec![(Key::Game, Stored::Bytes(bytes))]
                );
            }
            assert_eq!(loaded.stats, saved_stats());
            if tx.send((i, result, started.elapsed())).is_err() {
                return;
            }
        }
    });
    let mut slowest = std::time::Duration::ZERO;
    for (i, name) in names.iter().enumerate() {
        match rx.recv_timeout(std::time::Duration::from_millis(limit_ms)) {
            Ok((j, _, took)) => {
                assert_eq!(i, j);
                slowest = slowest.max(took);
            }
            Err(_) => {
                let panicked = worker.is_finished();
                panic!(
                    "case {i} ({name}) {} loading",
                    if panicked {
                        "panicked while"
                    } else {
                        "did not finish"
                    }
                );
            }
        }
    }
    worker.join().expect("the worker ends");
    eprintln!("{n} cases, slowest {slowest:?}");
    n
}

#[test]
fn a_save_cut_at_every_byte_loads_or_says_why_without_hanging() {
    let save = long_double_save();
    let cases: Vec<(String, Vec<u8>)> = (0..=save.len())
        .map(|cut| {
            (
                format!("cut at {cut} of {}", save.len()),
                save[..cut].to_vec(),
            )
        })
        .collect();
    // Every cut but the whole file is refused (an intact log replays).
    assert!(load_all_within(cases, HANG_MS) > 5000);
    let (whole, _) = format::decode_game(&save).unwrap();
    assert!(whole.game.log().len() > 500);
}

/// Thousands of seeded mutations of a real save: byte flips, deleted and duplicated spans,
/// nesting, huge numbers, wrong types, text swapped in.
fn mutations(save: &[u8], seed: u64, n: usize) -> Vec<(String, Vec<u8>)> {
    let mut rng = Rng::new(seed);
    let pieces: [&[u8]; 16] = [
        b"[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[",
        b"{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":{\"a\":",
        b"99999999999999999999999999999999999999",
        b"-9223372036854775809",
        b"1e999999",
        b"null",
        b"true",
        b"\"\"",
        b"\"   \"",
        b"{}",
        b"[]",
        b"\"move t1 t1\"",
        b"\"undo\"",
        b"\\u0000",
        b"\xff\xfe",
        b":",
    ];
    (0..n)
        .map(|i| {
            let mut b = save.to_vec();
            let kind = rng.below(6);
            let rounds = 1 + rng.below(3);
            for _ in 0..rounds {
                let at = rng.below(b.len() + 1);
                match kind {
                    0 if !b.is_empty() => {
                        let j = rng.below(b.len());
                        b[j] ^= 1 << rng.below(8);
                    }
                    1 => {
                        let end = (at + rng.below(200)).min(b.len());
                        b.drain(at..end);
                    }
                    2 => {
                        let end = (at + rng.below(200)).min(b.len());
                        let span = b[at..end].to_vec();
                        b.splice(at..at, span);
                    }
                    3 | 4 => {
                        let p = pieces[rng.below(pieces.len())];
                        let end = if kind == 4 {
                            (at + rng.below(12)).min(b.len())
                        } else {
                            at
                        };
                        b.splice(at..end, p.iter().copied());
                    }
                    _ if !b.is_empty() => {
                        let j = rng.below(b.len());
                        b[j] = rng.below(256) as u8;
                    }
                    _ => {}
                }
            }
            (format!("mutation {i} (kind {kind}, seed {seed})"), b)
        })
        .collect()
}

#[test]
fn thousands_of_mutated_saves_load_or_say_why_without_hanging() {
    let mut cases = mutations(&long_double_save(), 7, 4000);
    cases.extend(mutations(&record_save(), 8, 1000));
    cases.extend(mutations(&settings_save(), 9, 1000));
    // Shapes written by hand: the ones that hung or aborted before.
    for text in [
        r#"{"version":2,"code":"KL1-D1N-AAAAAAA","log":["#,
        r#"{"version":2,"extra":[[[,"#,
        r#"{"version":2,"x":}"#,
        r#"{"version":2,"extra"::1}"#,
        r#"{"version":2,"code":"#,
        r#"{"version":2,"code":"KL1-D1N-AAAAAAA","log":[""]}"#,
        r#"{"version":2,"code":"KL1-D1N-AAAAAAA","log":["   "]}"#,
        r#"{"version":2,"code":"KL1-D1N-AAAAAAA","log":[7]}"#,
        r#"{"version":1e400}"#,
        r#"{"version":-1}"#,
        r#"{"version":2,"stats":[{},{},{},{},{},{},{},{}],"bankroll":[0,0]}"#,
    ] {
        cases.push((text.to_string(), text.as_bytes().to_vec()));
    }
    let deep = format!(r#"{{"version":2,"x":{}}}"#, "[".repeat(100_000));
    cases.push(("100,000 open brackets".into(), deep.into_bytes()));
    assert!(load_all_within(cases, HANG_MS) > 6000);
}

/// Every kind of damaged record, with what it is.
fn bad_games() -> Vec<(&'static str, Vec<u8>)> {
    let good = long_double_save();
    let text = String::from_utf8(good.clone()).unwrap();
    let mut rng = Rng::new(3);
    let random: Vec<u8> = (0..3000).map(|_| rng.below(256) as u8).collect();
    let mut out = vec![
        ("empty", Vec::new()),
        ("blank", b"  \n".to_vec()),
        ("random bytes", random),
        ("cut short", good[..good.len() / 2].to_vec()),
        ("cut by one byte", good[..good.len() - 1].to_vec()),
        ("wrong shape", br#"{"version":2,"hello":"world"}"#.to_vec()),
        ("a JSON list", b"[1,2,3]".to_vec()),
        (
            "future version",
            text.replacen("\"version\":2", "\"version\":7", 1)
                .into_bytes(),
        ),
        (
            "version zero",
            text.replacen("\"version\":2", "\"version\":0", 1)
                .into_bytes(),
        ),
        (
            "bad code",
            text.replacen("DS1-D3N-ABCDEFG", "DS1-D2N-ABCDEFG", 1)
                .into_bytes(),
        ),
        (
            "impossible move",
            text.replacen("\"log\":[", "\"log\":[\"move t1 t1\",", 1)
                .into_bytes(),
        ),
        (
            "not a move",
            text.replacen("\"log\":[", "\"log\":[\"new KL1-D1N-AAAAAAA\",", 1)
                .into_bytes(),
        ),
        (
            "an empty log entry",
            text.replacen("\"log\":[", "\"log\":[\"\",", 1).into_bytes(),
        ),
        (
            "a blank log entry",
            text.replacen("\"log\":[", "\"log\":[\" \\t \",", 1)
                .into_bytes(),
        ),
        (
            "trailing bytes",
            [good.as_slice(), b"{\"version\":2}"].concat(),
        ),
    ];
    for (name, bytes) in &out {
        assert_ne!(bytes, &good, "{name}");
    }
    out.push(("not UTF-8", vec![0xff, 0xfe, b'{', 0x80]));
    out
}

fn bad_records() -> Vec<(&'static str, Vec<u8>)> {
    let text = String::from_utf8(record_save()).unwrap();
    let cases = [
        ("negative count", "\"played\":2", "\"played\":-4"),
        ("absurd count", "\"played\":2", "\"played\":4000000000"),
        ("more wins than games", "\"won\":1", "\"won\":5"),
        (
            "absurd bankroll",
            "\"bankroll\":[-47,0]",
            "\"bankroll\":[0,2000000000]",
        ),
        ("short bankroll", "\"bankroll\":[-47,0]", "\"bankroll\":[0]"),
        ("a count as text", "\"played\":2", "\"played\":\"2\""),
        ("a daily day won but not played", "[330,3]", "[330,2]"),
        ("a daily day before the first", "[330,3]", "[-5,3]"),
        ("a daily day twice", "[330,3]", "[333,1],[330,3]"),
        ("a daily day as text", "[330,3]", "[\"330\",3]"),
    ];
    cases
        .into_iter()
        .map(|(name, from, to)| {
            assert!(text.contains(from), "{name}: {text}");
            (name, text.replacen(from, to, 1).into_bytes())
        })
        .collect()
}

#[test]
fn a_damaged_game_is_kept_aside_and_never_takes_the_statistics_or_settings_with_it() {
    for (name, bytes) in bad_games() {
        let storage = MemoryStorage::with(&[
            (Key::Game, &bytes),
            (Key::Record, &record_save()),
            (Key::Settings, &settings_save()),
        ]);
        let (mut persist, loaded) = Persist::open(storage);
        assert!(loaded.game.is_none(), "{name} should not load");
        let notice = persist
            .take_notice()
            .unwrap_or_else(|| panic!("{name}: no notice"));
        let Notice::Unreadable { key, why, .. } = &notice else {
            panic!("{name}: {notice:?}");
        };
        assert_eq!(*key, Key::Game);
        let why = solitaire::ui::strings::damage_text(why);
        assert!(why.len() < 200, "{name}: a short reason: {why}");
        assert!(persist.take_notice().is_none());
        assert_eq!(
            persist.storage().aside,
            vec![(Key::Game, Stored::Bytes(bytes))]
        );
        assert_eq!(loaded.stats, saved_stats());
        assert!(
            !loaded.settings.double_click && loaded.settings.carry_vegas,
            "{name}"
        );
        assert!(persist.is_saving());
        // The next save writes a fresh game beside the kept copy.
        let g = Game::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
        persist.save(&g, &loaded.settings, &loaded.stats);
        let saved = persist.storage().bytes(Key::Game).unwrap();
        assert!(format::decode_game(saved).is_ok());
    }
}

#[test]
fn damaged_statistics_are_kept_aside_and_never_take_the_game_with_them() {
    let game = long_double_save();
    for (name, bytes) in bad_records() {
        let storage = MemoryStorage::with(&[(Key::Game, &game), (Key::Record, &bytes)]);
        let (mut persist, loaded) = Persist::open(storage);
        assert!(loaded.game.is_some(), "{name}: the game loads");
        assert_eq!(loaded.stats, Stats::default(), "{name}");
        assert!(matches!(
            persist.take_notice(),
            Some(Notice::Unreadable {
                key: Key::Record,
                ..
            })
        ));
        assert_eq!(
            persist.storage().aside,
            vec![(Key::Record, Stored::Bytes(bytes))]
        );
    }
}

/// Finding 3: win, Undo, restart used to wipe all statistics.
#[test]
fn a_won_game_undone_and_restarted_keeps_the_record_and_counts_once() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let line = greedy_win(code, 5000).unwrap();
    let mut g = Game::new(code);
    for &a in &line {
        g.apply(a).unwrap();
    }
    let mut app = App::with_game(g, 1);
    let (score, moves) = (app.game().score(), app.game().moves());
    app.stats_mut().record_win(code, score, moves);
    let won_stats = app.stats().clone();
    // The app is told of the win the way a win reaches it: through a save and a restore.
    let mut storage = MemoryStorage::default();
    storage
        .write(
            Key::Game,
            format::encode_game(app.game(), &no_extra()).as_bytes(),
        )
        .unwrap();
    storage
        .write(
            Key::Record,
            format::encode_record(app.stats(), &no_extra()).as_bytes(),
        )
        .unwrap();
    let (_, loaded) = Persist::open(storage.clone());
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    assert!(app.is_counted());
    assert_eq!(*app.screen(), Screen::Won);
    app.ui_action(UiAction::Undo);
    assert!(!app.game().is_won());
    let (mut persist, _) = Persist::open(storage);

    persist.save(app.game(), app.settings(), app.stats());
    // Restart: the game comes back un-won but counted, the record whole.
    let (mut persist, loaded) = Persist::open(persist.storage().clone());
    assert!(persist.take_notice().is_none());
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    assert_eq!(app.stats(), &won_stats);
    assert!(app.is_counted() && !app.game().is_won());
    // A new game now does not count it a second time, as given up.
    app.start(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    assert_eq!(app.stats(), &won_stats);
}

/// Finding 4: the game wrote logs longer than it would read.
#[test]
fn the_longest_log_the_game_writes_is_read_back_and_no_longer_one_is_kept() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut g = Game::new(code);
    while g.log().len() < MAX_LOG {
        g.apply(Action::Draw).unwrap();
    }
    assert_eq!(g.apply(Action::Draw), Err(Refusal::LogFull));
    assert_eq!(g.undo(), Err(Refusal::LogFull));
    let text = format::encode_game(&g, &no_extra());
    assert!((text.len() as u64) < format::MAX_BYTES);
    let (r, _) = format::decode_game(text.as_bytes()).expect("the longest game reads back");
    assert_eq!(r.game.table(), g.table());
    assert_eq!(r.game.log().len(), MAX_LOG);
    let longer = text.replacen("\"log\":[", "\"log\":[\"draw\",", 1);
    assert!(format::decode_game(longer.as_bytes()).is_err());
}

/// Finding 9: a UTF-8 BOM, and fields of a newer build kept through a write.
#[test]
fn a_bom_is_accepted_and_unknown_fields_survive_the_next_write() {
    let code = GameCode::parse("KL1-D3N-AAAAAAC").unwrap();
    let record = format::encode_record(&some_stats(code), &no_extra());
    let with_bom = [b"\xEF\xBB\xBF".as_slice(), record.as_bytes()].concat();
    assert!(format::decode_record(&with_bom).is_ok());
    let newer = record.replacen('{', r#"{"trophies":{"streak":3,"days":[1,2]},"#, 1);
    let storage = MemoryStorage::with(&[(Key::Record, newer.as_bytes())]);
    let (mut persist, loaded) = Persist::open(storage);
    let mut stats = loaded.stats.clone();
    stats.record_unfinished(code);
    persist.save(&Game::new(code), &loaded.settings, &stats);
    let written = std::str::from_utf8(persist.storage().bytes(Key::Record).unwrap()).unwrap();
    assert!(
        written.contains(r#""trophies":{"days":[1,2],"streak":3}"#),
        "{written}"
    );
    assert_eq!(format::decode_record(written.as_bytes()).unwrap().0, stats);
}

#[test]
fn a_save_of_an_earlier_build_loads_part_by_part() {
    let code = GameCode::parse("KL1-D3N-AAAAAAB").unwrap();
    let g = random_game(&mut Rng::new(4), code, 60);
    let log: Vec<String> = g
        .log()
        .iter()
        .map(|&e| format!("\"{}\"", solitaire::engine::notation::entry_line(e)))
        .collect();
    let rows = [
        r#"{"played":1,"won":0,"best_score":null,"fewest_moves":null,"streak":0,"best_streak":0}"#;
        8
    ]
    .join(",");
    let v1 = format!(
        r#"{{"version":1,"code":"{code}","log":[{}],"counted":false,"double_click":false,"carry_vegas":true,"stats":[{rows}],"bankroll":[5,-3]}}"#,
        log.join(",")
    );
    let (mut persist, loaded) = Persist::open(MemoryStorage::with(&[(Key::Legacy, v1.as_bytes())]));
    assert!(persist.take_notice().is_none());
    assert_eq!(loaded.game.unwrap().game.table(), g.table());
    assert_eq!(loaded.stats.bankroll, [5, -3]);
    assert_eq!(loaded.stats.modes[3].played, 1);
    assert!(!loaded.settings.double_click && loaded.settings.carry_vegas);
    assert!(
        !loaded.settings.winnable_only,
        "a setting it did not have yet"
    );
    // Its game damaged: the statistics and settings still come through, the file stays.
    let broken = v1.replacen("\"log\":[", "\"log\":[\"move t1 t1\",", 1);
    let (mut persist, loaded) =
        Persist::open(MemoryStorage::with(&[(Key::Legacy, broken.as_bytes())]));
    assert!(loaded.game.is_none());
    assert_eq!(loaded.stats.bankroll, [5, -3]);
    assert!(matches!(
        persist.take_notice(),
        Some(Notice::Unused { key: Key::Game, .. })
    ));
    assert_eq!(
        persist.storage().bytes(Key::Legacy),
        Some(broken.as_bytes())
    );
}

#[test]
fn blocked_storage_plays_on_without_saving_and_says_so_once() {
    let storage = MemoryStorage {
        blocked: true,
        ..Default::default()
    };
    let (mut persist, loaded) = Persist::open(storage);
    assert!(loaded.game.is_none());
    assert!(matches!(persist.take_notice(), Some(Notice::NoStorage(_))));
    assert!(persist.take_notice().is_none(), "said once");
    assert!(!persist.is_saving());
    persist.save(
        &Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap()),
        &Settings::default(),
        &Stats::default(),
    );
    assert!(persist.take_notice().is_none(), "said once");
}

/// Finding 8: on a full disk, "kept as …" was replaced by "Saving stopped".
#[test]
fn every_notice_is_shown_in_turn_none_replaced_by_the_next() {
    let storage = MemoryStorage {
        full: true,
        ..MemoryStorage::with(&[(Key::Game, b"{\"version\":2,\"code\":")])
    };
    let (mut persist, loaded) = Persist::open(storage);
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    persist.save(app.game(), app.settings(), app.stats());
    let notices: Vec<Notice> = std::iter::from_fn(|| persist.take_notice()).collect();
    assert!(
        matches!(notices[0], Notice::Unreadable { .. }),
        "{notices:?}"
    );
    assert!(
        matches!(notices[1], Notice::SavingStopped(_)),
        "{notices:?}"
    );
    let words: Vec<String> = notices
        .iter()
        .map(solitaire::ui::strings::notice_text)
        .collect();
    for w in &words {
        app.notify(w.clone());
    }
    // A refusal said meanwhile does not push a notice out: both are shown, whole, in turn.
    app.ui_action(UiAction::Undo);
    let mut seen = Vec::new();
    for t in (0..60_000).step_by(100) {
        app.tick(t);
        if let Some(text) = app.status()
            && seen.last().map(String::as_str) != Some(text)
        {
            seen.push(text.to_string());
        }
    }
    for w in &words {
        assert!(seen.contains(w), "{w} was never shown: {seen:?}");
    }
}

/// Finding 8: a link's deal used to end the game in progress without asking.
#[test]
fn a_link_never_ends_a_game_under_way_without_asking() {
    let saved = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let linked = GameCode::parse("DS1-D3V-ABCDEFG").unwrap();
    let mut g = Game::new(saved);
    g.apply(Action::Draw).unwrap();
    let loaded = || Loaded {
        game: Some(solitaire::save::SavedGame {
            game: g.clone(),
            counted: false,
            practice: false,
        }),
        ..Default::default()
    };
    let mut app = solitaire::ui::start::start_up(loaded(), Some(Ok(linked)), linked, 1);
    assert_eq!(*app.screen(), Screen::ConfirmLeave(linked));
    assert_eq!(app.game().code(), saved);
    app.ui_action(UiAction::Cancel);
    assert_eq!(
        (app.screen().clone(), app.game().code()),
        (Screen::Table, saved)
    );
    assert_eq!(app.stats().mode(saved).played, 0);
    let mut app = solitaire::ui::start::start_up(loaded(), Some(Ok(linked)), linked, 1);
    app.ui_action(UiAction::LeaveForLink);
    assert_eq!(app.game().code(), linked);
    assert_eq!(
        app.stats().mode(saved).played,
        1,
        "the game left counts as given up"
    );
    // A link to the deal under way: it goes on (a page reloaded).
    let app = solitaire::ui::start::start_up(loaded(), Some(Ok(saved)), saved, 1);
    assert_eq!(
        (app.screen().clone(), app.game().moves()),
        (Screen::Table, 1)
    );
    // Nothing under way: the link's deal starts at once.
    let app = solitaire::ui::start::start_up(Loaded::default(), Some(Ok(linked)), linked, 1);
    assert_eq!(
        (app.screen().clone(), app.game().code()),
        (Screen::Table, linked)
    );
    // An invalid link says what is played instead: the saved game, or a random deal.
    let bad = GameCode::parse("KL1-D2N-AAAAAAA");
    let s = solitaire::ui::strings::strings();
    let app = solitaire::ui::start::start_up(loaded(), Some(bad.clone()), saved, 1);
    let said = app.status().unwrap();
    assert!(
        said.contains(s.link_code_kept) && !said.contains(s.random_instead),
        "{said}"
    );
    assert_eq!(app.game().code(), saved);
    let app = solitaire::ui::start::start_up(Loaded::default(), Some(bad), saved, 1);
    assert!(app.status().unwrap().contains(s.random_instead));
}

#[test]
fn a_record_whose_restoring_killed_the_game_is_kept_aside_at_the_next_start() {
    let game = long_double_save();
    let storage = MemoryStorage::with(&[(Key::Game, &game), (Key::Record, &record_save())]);
    let (persist, loaded) = Persist::open(storage);
    assert!(loaded.game.is_some());
    // The marker goes as soon as the records are read: nothing after blames them.
    let mut left = persist.storage().clone();
    assert_eq!(left.bytes(Key::Marker), None);
    // The game died while restoring its game (a storage that cannot tell a death from a kill
    // blames every marker it finds).
    left.write(Key::Marker, b"game").unwrap();
    let (mut persist, loaded) = Persist::open(left);
    assert!(loaded.game.is_none(), "not restored a second time");
    assert!(matches!(
        persist.take_notice(),
        Some(Notice::DiedRestoring { key: Key::Game, .. })
    ));
    assert_eq!(
        persist.storage().aside,
        vec![(Key::Game, Stored::Bytes(game.clone()))]
    );
    assert!(loaded.stats != Stats::default(), "the record is kept");
}

#[test]
fn a_second_window_on_the_same_saves_plays_but_does_not_write() {
    let game = long_double_save();
    let storage = MemoryStorage {
        held: true,
        ..MemoryStorage::with(&[(Key::Game, &game), (Key::Record, b"damaged")])
    };
    let (mut persist, loaded) = Persist::open(storage);
    assert!(loaded.game.is_some(), "it shows the saved game");
    assert_eq!(persist.take_notice(), Some(Notice::OtherWindow));
    assert!(matches!(
        persist.take_notice(),
        Some(Notice::Unused {
            key: Key::Record,
            ..
        })
    ));
    assert!(!persist.is_saving());
    persist.save(
        &Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap()),
        &loaded.settings,
        &loaded.stats,
    );
    assert_eq!(persist.storage().writes, 0, "no write, not even the marker");
    assert!(
        persist.storage().aside.is_empty(),
        "nothing moved: the other window owns it"
    );
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("solitaire-saves-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn names(dir: &std::path::Path) -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    v.sort();
    v
}

#[test]
fn on_disk_a_bad_file_is_moved_aside_and_never_written_over() {
    let dir = temp_dir("aside");
    let bad = b"{\"version\":2,\"code\":\"KL1-D1N-AAAA".to_vec();
    std::fs::write(dir.join("game.json"), &bad).unwrap();
    let (mut persist, loaded) = Persist::open(FileStorage::in_dir(&dir));
    assert!(loaded.game.is_none());
    assert!(matches!(
        persist.take_notice(),
        Some(Notice::Unreadable { .. })
    ));
    let g = Game::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    persist.save(&g, &loaded.settings, &loaded.stats);
    let all = names(&dir);
    let aside = all
        .iter()
        .find(|n| n.starts_with("game.unreadable-"))
        .unwrap_or_else(|| panic!("kept file missing: {all:?}"));
    assert_eq!(std::fs::read(dir.join(aside)).unwrap(), bad);
    assert!(format::decode_game(&std::fs::read(dir.join("game.json")).unwrap()).is_ok());
    assert!(!all.iter().any(|n| n.ends_with(".tmp")), "{all:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 6: two bad saves within a second used to share one name, the second replacing the
/// first.
#[test]
fn kept_copies_never_replace_each_other() {
    let dir = temp_dir("twice");
    for bad in [b"first".as_slice(), b"second", b"third"] {
        std::fs::write(dir.join("game.json"), bad).unwrap();
        let (persist, _) = Persist::open(FileStorage::in_dir(&dir));
        drop(persist);
    }
    let kept: Vec<Vec<u8>> = names(&dir)
        .iter()
        .filter(|n| n.starts_with("game.unreadable-"))
        .map(|n| std::fs::read(dir.join(n)).unwrap())
        .collect();
    assert_eq!(kept.len(), 3, "{:?}", names(&dir));
    for bad in [b"first".as_slice(), b"second", b"third"] {
        assert!(kept.iter().any(|k| k == bad));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 7: a FIFO blocked the start; a link to /dev/zero grew memory without bound; a huge
/// file was read whole.
#[cfg(unix)]
#[test]
fn a_fifo_a_device_or_a_huge_file_is_kept_aside_unread() {
    let dir = temp_dir("odd");
    let fifo = dir.join("game.json");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    std::os::unix::fs::symlink("/dev/zero", dir.join("record.json")).unwrap();
    let huge = std::fs::File::create(dir.join("settings.json")).unwrap();
    huge.set_len(format::MAX_BYTES + 1).unwrap();
    drop(huge);
    let (mut persist, loaded) = Persist::open(FileStorage::in_dir(&dir));
    assert!(loaded.game.is_none());
    let notices: Vec<Notice> = std::iter::from_fn(|| persist.take_notice()).collect();
    assert_eq!(notices.len(), 3, "{notices:?}");
    for n in &notices {
        assert!(matches!(n, Notice::Unreadable { .. }), "{n:?}");
    }
    let all = names(&dir);
    assert_eq!(
        all.iter().filter(|n| n.contains(".unreadable-")).count(),
        3,
        "{all:?}"
    );
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Issue #48: a link round in a loop (to itself, or through another name) or to a file of the
/// system's that cannot be read (`/proc/self/mem`) at a record's name left the whole session
/// unsaved. Now it is moved aside like any non-file, with a notice: the other records load as
/// they were, and saving goes on.
#[cfg(unix)]
#[test]
fn a_link_loop_or_a_link_to_a_special_file_at_a_records_name_is_moved_aside() {
    use std::os::unix::fs::symlink;
    let code = GameCode::parse("KL1-D1V-AAAAAAB").unwrap();
    let mut game = Game::new(code);
    game.apply(Action::Draw).unwrap();
    let settings = Settings {
        four_colour: true,
        ..Settings::default()
    };
    let stats = some_stats(code);
    type Plant = fn(&std::path::Path);
    let plants: [(&str, Plant); 4] = [
        ("a loop to itself", |p| symlink(p, p).unwrap()),
        ("a loop through another name", |p| {
            let other = p.with_extension("other");
            symlink(&other, p).unwrap();
            symlink(p, &other).unwrap();
        }),
        ("a link to /proc/self/mem", |p| {
            symlink("/proc/self/mem", p).unwrap()
        }),
        ("a link to a folder", |p| symlink("/", p).unwrap()),
    ];
    for key in Key::RECORDS {
        for (what, plant) in plants {
            let dir = temp_dir("odd-links");
            Persist::open(FileStorage::in_dir(&dir))
                .0
                .save(&game, &settings, &stats);
            let path = FileStorage::in_dir(&dir).path(key);
            std::fs::remove_file(&path).unwrap();
            plant(&path);
            let (mut persist, loaded) = Persist::open(FileStorage::in_dir(&dir));
            let notices: Vec<Notice> = std::iter::from_fn(|| persist.take_notice()).collect();
            assert!(
                matches!(notices.as_slice(), [Notice::Unreadable { key: k, .. }] if *k == key),
                "{key:?}, {what}: {notices:?}"
            );
            assert_eq!(
                persist.state(),
                solitaire::save::Saving::Writes,
                "{key:?}, {what}"
            );
            // The other records load as they were saved.
            if key != Key::Settings {
                assert_eq!(loaded.settings, settings, "{key:?}, {what}");
            }
            if key != Key::Record {
                assert_eq!(loaded.stats, stats, "{key:?}, {what}");
            }
            if key != Key::Game {
                let g = loaded.game.as_ref().expect("the game loads");
                assert_eq!(g.game.log(), game.log(), "{key:?}, {what}");
            }
            // Saving goes on: a new record at the name, the link kept aside as it was.
            let mut next = game.clone();
            next.apply(Action::Draw).unwrap();
            persist.save(&next, &settings, &stats);
            assert_eq!(persist.take_notice(), None, "{key:?}, {what}");
            assert!(
                std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()),
                "{key:?}, {what}: a record written at the name"
            );
            let (_, again) = Persist::open(FileStorage::in_dir(&dir));
            assert_eq!(
                again.game.map(|g| g.game.moves()),
                Some(2),
                "{key:?}, {what}"
            );
            let kept: Vec<String> = names(&dir)
                .into_iter()
                .filter(|n| n.starts_with(&format!("{}.unreadable-", key.name())))
                .collect();
            assert_eq!(kept.len(), 1, "{key:?}, {what}: {:?}", names(&dir));
            assert!(
                std::fs::symlink_metadata(dir.join(&kept[0])).is_ok_and(|m| m.is_symlink()),
                "{key:?}, {what}: the link itself kept aside"
            );
            std::fs::remove_dir_all(&dir).unwrap();
        }
    }
}

/// Finding 7: a 20 MB word in a log entry peaked at 2 GB (the notice repeated it).
#[test]
fn a_huge_word_in_a_log_entry_gives_a_short_notice() {
    let word = "x".repeat(20 << 20);
    let text = format!(r#"{{"version":2,"code":"KL1-D1N-AAAAAAA","log":["{word}"]}}"#);
    let storage = MemoryStorage::with(&[(Key::Game, text.as_bytes())]);
    let (mut persist, _) = Persist::open(storage);
    let notice = solitaire::ui::strings::notice_text(&persist.take_notice().unwrap());
    assert!(notice.len() < 400, "{} bytes", notice.len());
}

/// Finding 5: two writers shared one temporary name (a fifth of their writes failed) and a
/// reader could see a torn file.
#[test]
fn two_writers_on_one_folder_never_fail_nor_tear_a_file() {
    let dir = temp_dir("writers");
    let texts: Vec<String> = (0..2)
        .map(|i| {
            let code = GameCode::new(GameKind::Double, Draw::Three, Scoring::Normal, i);
            format::encode_game(&random_game(&mut Rng::new(i), code, 300), &no_extra())
        })
        .collect();
    std::thread::scope(|scope| {
        for text in &texts {
            let dir = dir.clone();
            scope.spawn(move || {
                let mut s = FileStorage::in_dir(&dir);
                for _ in 0..200 {
                    s.write(Key::Game, text.as_bytes())
                        .expect("every write lands");
                }
            });
        }
        let dir = dir.clone();
        let texts = &texts;
        scope.spawn(move || {
            let mut s = FileStorage::in_dir(&dir);
            for _ in 0..400 {
                if let Ok(Stored::Bytes(b)) = s.read(Key::Game) {
                    assert!(texts.iter().any(|t| t.as_bytes() == b), "a torn read");
                }
            }
        });
    });
    assert!(!names(&dir).iter().any(|n| n.ends_with(".tmp")));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Finding 5: a second window wrote over the first's moves.
#[test]
fn only_one_window_at_a_time_holds_the_saves_of_a_folder() {
    let dir = temp_dir("lock");
    let mut first = FileStorage::in_dir(&dir);
    assert_eq!(first.claim(), Ok(true));
    let mut second = FileStorage::in_dir(&dir);
    assert_eq!(second.claim(), Ok(false));
    drop(first);
    common::once_the_lock_is_free(|| (second.claim() == Ok(true)).then_some(()));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn statistics_count_won_and_given_up_games() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut mouse = common::Mouse::new();
    // A fresh deal left with no move is not counted.
    let mut app = App::new(code, 1);
    app.ui_action(UiAction::Replay);
    app.start(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    assert_eq!(app.stats().mode(code).played, 0);
    // One with a move is, as played and not won, even when the move was undone.
    let mut app = App::new(code, 1);
    let stock = app.layout().stock.center();
    mouse.click(stock, &mut app);
    app.ui_action(UiAction::Undo);
    // Replaying a game under way asks first (issue #14); No keeps it, Yes leaves it.
    app.ui_action(UiAction::Replay);
    assert_eq!(*app.screen(), Screen::ConfirmLeave(code));
    app.ui_action(UiAction::Cancel);
    assert_eq!(
        (app.screen().clone(), app.game().moves()),
        (Screen::Table, 1)
    );
    assert_eq!(app.stats().mode(code).played, 0);
    app.ui_action(UiAction::Replay);
    app.ui_action(UiAction::LeaveForLink);
    assert_eq!(
        (app.stats().mode(code).played, app.stats().mode(code).won),
        (1, 0)
    );
    // A new game from the New Game window asks the same.
    mouse.click(stock, &mut app);
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::Start);
    assert!(matches!(*app.screen(), Screen::ConfirmLeave(_)));
    app.ui_action(UiAction::LeaveForLink);
    assert_eq!(*app.screen(), Screen::Table);
    assert_eq!(app.game().moves(), 0);
    assert_eq!(app.stats().mode(code).played, 2);
    // A won game counts once, however often it is undone and won again.
    let line = greedy_win(code, 5000).unwrap();
    let mut g = Game::new(code);
    for &a in &line[..line.len() - 1] {
        g.apply(a).unwrap();
    }
    let mut won = App::with_game(g, 1);
    *won.stats_mut() = app.stats().clone();
    let from = match *line.last().unwrap() {
        Action::Move { from, .. } => from.pile(),
        _ => unreachable!("a game is won by a move"),
    };
    let r = won.layout().card_rect(won.game().table(), from, 1);
    for _ in 0..2 {
        mouse.click((r.x + 6, r.y + 5), &mut won);
        assert!(won.game().is_won());
        won.ui_action(UiAction::Undo);
    }
    won.start(code);
    // Two games given up above, one won here (however often it was undone and won again).
    let m = won.stats().mode(code);
    assert_eq!((m.played, m.won, m.streak), (3, 1, 1));
    assert_eq!(m.fewest_moves, Some(line.len() as u32));
    // Reset, after a confirmation.
    won.ui_action(UiAction::Stats);
    won.ui_action(UiAction::ResetStats);
    assert_eq!(
        won.stats().mode(code).played,
        3,
        "not before the confirmation"
    );
    won.ui_action(UiAction::ConfirmReset);
    assert_eq!(won.stats(), &Stats::default());
}

#[test]
fn vegas_dollars_carry_from_game_to_game_when_asked() {
    let game = built_game("KL1-D1V-AAAAAAA", &[("", "AS")], "", "", &[]);
    let mut app = App::with_game(game, 1);
    app.ui_action(UiAction::Settings);
    app.ui_action(UiAction::ToggleCarryVegas);
    app.ui_action(UiAction::Cancel);
    assert_eq!(app.bankroll_text().as_deref(), Some("-$52"));
    let r = app
        .layout()
        .card_rect(app.game().table(), solitaire::engine::Pile::Column(0), 1);
    common::Mouse::new().click((r.x + 6, r.y + 5), &mut app);
    assert_eq!(app.game().score(), -47);
    app.start(GameCode::parse("KL1-D1V-AAAAAAB").unwrap());
    assert_eq!(app.stats().bankroll(GameKind::Klondike), -47);
    assert_eq!(app.bankroll_text().as_deref(), Some("-$99"));
}

#[test]
fn settings_without_a_newer_setting_still_load() {
    let s = format::decode_settings(br#"{"version":2,"double_click":false}"#)
        .unwrap()
        .0;
    assert!(!s.double_click && !s.winnable_only && !s.carry_vegas && !s.four_colour);
    assert!(s.sound, "sound is on unless the player turned it off");
}

/// Issue #41: the sound switch is saved, and a save written before it had one plays sound.
#[test]
fn the_sound_setting_is_saved_and_on_by_default() {
    assert!(Settings::default().sound);
    let off = Settings {
        sound: false,
        ..Settings::default()
    };
    let text = format::encode_settings(&off, &no_extra());
    assert!(text.contains(r#""sound":false"#), "{text}");
    assert!(!format::decode_settings(text.as_bytes()).unwrap().0.sound);
    let older = br#"{"version":2,"double_click":true,"four_colour":true}"#;
    let (s, _) = format::decode_settings(older).unwrap();
    assert!(s.sound && s.four_colour);
    // A wrong type is damage, as for every other switch, never a panic.
    assert!(format::decode_settings(br#"{"version":2,"sound":"loud"}"#).is_err());
}

/// Issue #15: the language chosen in Settings is saved, and comes back at the next start ahead
/// of the system's.
#[test]
fn the_language_chosen_survives_a_restart() {
    use solitaire::ui::strings::{Language, choose_language, language, set_language};
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = App::new(code, 1);
    app.ui_action(UiAction::Settings);
    app.ui_action(UiAction::NextLanguage);
    assert_eq!(language(), Language::Nb, "the screens speak it at once");
    assert_eq!(app.settings().language.as_deref(), Some("nb"));
    assert!(
        app.take_effects()
            .contains(&solitaire::ui::effect::Effect::Save)
    );
    let mut persist = Persist::open(MemoryStorage::default()).0;
    persist.save(app.game(), app.settings(), app.stats());
    set_language(Language::En);
    // The next start, on a system that speaks Turkish.
    let (_, loaded) = Persist::open(persist.storage().clone());
    let chosen = loaded.settings.language.as_deref();
    assert_eq!(
        choose_language(None, chosen, Some("tr_TR.UTF-8")),
        Language::Nb
    );
}
