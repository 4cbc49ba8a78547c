//! Saves: round trips in all modes, and every kind of bad file loading as a fresh game with a
//! notice, the bad file kept aside and never written over.

mod common;

use common::{Rng, built_game, greedy_win};
use solitaire::engine::{DEALS, Draw, Game, GameCode, GameKind, Scoring};
use solitaire::save::{self, FileStorage, MemoryStorage, Persist};
use solitaire::stats::Stats;
use solitaire::ui::app::{App, Settings, UiAction};

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
                    };
                    let mut stats = Stats::default();
                    stats.record_win(code, 700, 140);
                    stats.record_unfinished(code);
                    stats.add_to_bankroll(code.game, -47);
                    let text = save::encode(&g, false, &settings, &stats);
                    let r = save::decode(text.as_bytes()).unwrap_or_else(|e| panic!("{code}: {e}"));
                    assert_eq!(r.game.table(), g.table(), "{code}");
                    assert_eq!(r.game.moves(), g.moves());
                    assert_eq!(r.game.log(), g.log());
                    assert_eq!(r.game.undo_available(), g.undo_available());
                    assert_eq!(r.settings, settings);
                    assert_eq!(r.stats, stats);
                    assert_eq!(history(r.game), history(g), "{code}: undo history");
                }
            }
        }
    }
}

#[test]
fn a_won_game_stays_won_after_loading() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut g = Game::new(code);
    for a in greedy_win(code, 5000).unwrap() {
        g.apply(a).unwrap();
    }
    let mut stats = Stats::default();
    stats.record_win(code, g.score(), g.moves());
    let text = save::encode(&g, true, &Settings::default(), &stats);
    let r = save::decode(text.as_bytes()).unwrap();
    assert!(r.game.is_won());
    assert!(r.counted);
    let app = App::restore(r, 1);
    assert_eq!(app.screen, solitaire::ui::app::Screen::Won);
}

fn good_save() -> Vec<u8> {
    let mut rng = Rng::new(9);
    let g = random_game(&mut rng, GameCode::parse("DS1-D3V-ABCDEFG").unwrap(), 120);
    save::encode(&g, false, &Settings::default(), &Stats::default()).into_bytes()
}

/// Every kind of damaged save, with what it is.
fn bad_saves() -> Vec<(&'static str, Vec<u8>)> {
    let good = good_save();
    let text = String::from_utf8(good.clone()).unwrap();
    let mut rng = Rng::new(3);
    let random: Vec<u8> = (0..3000).map(|_| rng.below(256) as u8).collect();
    let mut out = vec![
        ("empty", Vec::new()),
        ("blank", b"  \n".to_vec()),
        ("random bytes", random),
        ("cut short", good[..good.len() / 2].to_vec()),
        ("cut by one byte", good[..good.len() - 1].to_vec()),
        ("wrong shape", br#"{"version":1,"hello":"world"}"#.to_vec()),
        ("a JSON list", b"[1,2,3]".to_vec()),
        (
            "future version",
            text.replacen("\"version\":1", "\"version\":7", 1)
                .into_bytes(),
        ),
        (
            "version zero",
            text.replacen("\"version\":1", "\"version\":0", 1)
                .into_bytes(),
        ),
        (
            "bad code",
            text.replacen("DS1-D3V-ABCDEFG", "DS1-D2V-ABCDEFG", 1)
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
            "negative count",
            text.replacen("\"played\":0", "\"played\":-4", 1)
                .into_bytes(),
        ),
        (
            "absurd count",
            text.replacen("\"played\":0", "\"played\":4000000000", 1)
                .into_bytes(),
        ),
        (
            "more wins than games",
            text.replacen("\"won\":0", "\"won\":5", 1).into_bytes(),
        ),
        (
            "absurd bankroll",
            text.replacen("\"bankroll\":[0,0]", "\"bankroll\":[0,2000000000]", 1)
                .into_bytes(),
        ),
        (
            "short bankroll",
            text.replacen("\"bankroll\":[0,0]", "\"bankroll\":[0]", 1)
                .into_bytes(),
        ),
        (
            "won but not won",
            text.replacen("\"counted\":false", "\"counted\":true", 1)
                .into_bytes(),
        ),
    ];
    // Every replacement above must really have changed the text.
    for (name, bytes) in &out {
        assert_ne!(bytes, &good, "{name}");
    }
    out.push(("not UTF-8", vec![0xff, 0xfe, b'{', 0x80]));
    out
}

#[test]
fn every_bad_save_loads_a_fresh_game_with_a_notice_and_is_kept_aside() {
    for (name, bytes) in bad_saves() {
        let storage = MemoryStorage {
            saved: Some(bytes.clone()),
            ..Default::default()
        };
        let (mut persist, restored) = Persist::open(storage);
        assert!(restored.is_none(), "{name} should not load");
        let notice = persist
            .take_notice()
            .unwrap_or_else(|| panic!("{name}: no notice"));
        assert!(notice.contains("could not be read"), "{name}: {notice}");
        assert!(!notice.contains('\n'), "one line: {notice}");
        assert_eq!(persist.storage().aside, vec![bytes], "{name}");
        assert!(persist.is_saving());
    }
}

#[test]
fn a_good_save_loads_without_notice() {
    let storage = MemoryStorage {
        saved: Some(good_save()),
        ..Default::default()
    };
    let (mut persist, restored) = Persist::open(storage);
    assert!(restored.is_some());
    assert!(persist.take_notice().is_none());
}

#[test]
fn on_disk_a_bad_file_is_moved_aside_and_never_written_over() {
    let dir = std::env::temp_dir().join(format!("solitaire-saves-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let bad = b"{\"version\":1,\"code\":\"KL1-D1N-AAAA".to_vec();
    std::fs::write(dir.join("save.json"), &bad).unwrap();
    let (mut persist, restored) = Persist::open(FileStorage::in_dir(&dir));
    assert!(restored.is_none());
    assert!(persist.take_notice().unwrap().contains("kept as"));
    // A new game is saved beside the kept file, which stays as it was.
    let app = App::new(GameCode::parse("KL1-D1N-AAAAAAB").unwrap(), 1);
    persist.save(app.save_text());
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    let aside = names
        .iter()
        .find(|n| n.starts_with("save.unreadable-"))
        .unwrap_or_else(|| panic!("kept file missing: {names:?}"));
    assert_eq!(std::fs::read(dir.join(aside)).unwrap(), bad);
    let saved = std::fs::read(dir.join("save.json")).unwrap();
    assert!(save::decode(&saved).is_ok());
    assert!(!names.iter().any(|n| n.ends_with(".tmp")), "{names:?}");
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn blocked_storage_plays_on_without_saving_and_says_so_once() {
    let storage = MemoryStorage {
        broken: true,
        ..Default::default()
    };
    let (mut persist, restored) = Persist::open(storage);
    assert!(restored.is_none());
    assert!(persist.take_notice().unwrap().contains("without saving"));
    assert!(!persist.is_saving());
    persist.save("{}".into());
    assert!(persist.take_notice().is_none(), "said once");
}

fn click_at(app: &mut App, (x, y): (i32, i32), t: u64) {
    use solitaire::ui::input::PointerEvent::{Down, Up};
    app.pointer(Down { x, y, t });
    app.pointer(Up { x, y, t: t + 30 });
}

#[test]
fn statistics_count_won_and_given_up_games() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    // A fresh deal left with no move is not counted.
    let mut app = App::new(code, 1);
    app.ui_action(UiAction::Replay);
    app.start(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    assert_eq!(app.stats.mode(code).played, 0);
    // One with a move is, as played and not won, even when the move was undone.
    let mut app = App::new(code, 1);
    let stock = app.layout().stock.center();
    click_at(&mut app, stock, 10);
    app.ui_action(UiAction::Undo);
    app.ui_action(UiAction::Replay);
    assert_eq!(
        (app.stats.mode(code).played, app.stats.mode(code).won),
        (1, 0)
    );
    // A won game counts once, however often it is undone and won again.
    let line = greedy_win(code, 5000).unwrap();
    let mut g = Game::new(code);
    for &a in &line[..line.len() - 1] {
        g.apply(a).unwrap();
    }
    let mut won = App::with_game(g, 1);
    won.stats = app.stats.clone();
    let from = match *line.last().unwrap() {
        solitaire::engine::Action::Move { from, .. } => from.pile(),
        _ => unreachable!("a game is won by a move"),
    };
    let r = won.layout().card_rect(won.game().table(), from, 1);
    for t in [100, 5000] {
        click_at(&mut won, (r.x + 6, r.y + 5), t);
        assert!(won.game().is_won());
        won.ui_action(UiAction::Undo);
    }
    won.start(code);
    let m = won.stats.mode(code);
    assert_eq!((m.played, m.won, m.streak), (2, 1, 1));
    assert_eq!(m.fewest_moves, Some(line.len() as u32));
    // Reset, after a confirmation.
    won.ui_action(UiAction::Stats);
    won.ui_action(UiAction::ResetStats);
    assert_eq!(
        won.stats.mode(code).played,
        2,
        "not before the confirmation"
    );
    won.ui_action(UiAction::ConfirmReset);
    assert_eq!(won.stats, Stats::default());
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
    click_at(&mut app, (r.x + 6, r.y + 5), 10);
    assert_eq!(app.game().score(), -47);
    app.start(GameCode::parse("KL1-D1V-AAAAAAB").unwrap());
    assert_eq!(app.stats.bankroll(GameKind::Klondike), -47);
    assert_eq!(app.bankroll_text().as_deref(), Some("-$99"));
}

#[test]
fn a_save_written_before_the_winnable_only_setting_still_loads() {
    let g = Game::new(GameCode::parse("KL1-D3N-AAAAAAB").unwrap());
    let text = save::encode(&g, false, &Settings::default(), &Stats::default());
    assert!(text.contains("\"winnable_only\":false"));
    let old = text.replace(",\"winnable_only\":false", "");
    assert!(!old.contains("winnable_only"));
    let r = save::decode(old.as_bytes()).expect("an older save loads");
    assert!(!r.settings.winnable_only);
    assert_eq!(r.game.table(), g.table());
}
