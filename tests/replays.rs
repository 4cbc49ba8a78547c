//! Replays packed for links (issue #18): won games of all eight modes pack and unpack to the
//! same log and the same won table; bad data of every kind is refused, never a panic.

mod common;

use common::Rng;
use solitaire::engine::{DEALS, Draw, Game, GameCode, GameKind, Scoring};
use solitaire::save::link::{ReplayError, pack, unpack};
use solitaire::solver::{Budget, Verdict, solve};
use solitaire::ui::effect::Effect;

/// Won games from the solver: up to `per_mode` of each mode, from the first deals it wins
/// within a small budget (Double Solitaire in Vegas is rarely won; the others make up for it).
fn won_games(per_mode: usize) -> Vec<Game> {
    let mut out = Vec::new();
    for game in GameKind::ALL {
        for draw in Draw::ALL {
            for scoring in Scoring::ALL {
                let mut found = 0;
                for deal in 0..240u64 {
                    if found == per_mode {
                        break;
                    }
                    let code = GameCode::new(game, draw, scoring, deal * 7919 % DEALS);
                    // Double Solitaire in Vegas: the solver seldom wins it; a Normal line of
                    // the same deal that never turns the waste back wins it as well.
                    let solved = if game == GameKind::Double && scoring == Scoring::Vegas {
                        GameCode::new(game, draw, Scoring::Normal, code.deal)
                    } else {
                        code
                    };
                    if let Verdict::Winnable(line) =
                        solve(&Game::new(solved), Budget { states: 10_000 })
                    {
                        let mut g = Game::new(code);
                        if line.into_iter().all(|a| g.apply(a).is_ok()) && g.is_won() {
                            out.push(g);
                            found += 1;
                        }
                    }
                }
            }
        }
    }
    out
}

#[test]
fn won_games_of_every_mode_pack_and_replay_to_the_same_won_table() {
    let mut games = won_games(24);
    // Double Solitaire draw 1 in Vegas: the solver's wins there take more positions than this
    // test spends (issue #16); the human-like player of the grades wins these two deals, and its
    // games are as good a test of packing. (Draw 3 in Vegas: neither has won a deal of the
    // first 3,000.)
    for code in ["DS1-D1V-AAAAABH", "DS1-D1V-AAAAAJW"] {
        let code = GameCode::parse(code).unwrap();
        let won = (0..64)
            .map(|seed| solitaire::solver::grade::play(code, seed))
            .find(Game::is_won)
            .expect("the player wins it");
        games.push(won);
    }
    assert!(games.len() >= 100, "{} won games", games.len());
    let mut klondike_lengths = Vec::new();
    let mut modes = std::collections::BTreeSet::new();
    for g in &games {
        let code = g.code();
        let text = pack(g);
        let back = unpack(code, &text).unwrap_or_else(|e| panic!("{code}: {e:?}"));
        assert_eq!(back.log(), g.log(), "{code}");
        assert_eq!(back.table(), g.table(), "{code}");
        assert!(back.is_won());
        modes.insert(code.mode_text());
        if code.game == GameKind::Klondike {
            // The link: the page's address, then ?code=…&replay=…
            klondike_lengths.push(format!("?code={code}&replay={text}").len());
        }
    }
    klondike_lengths.sort();
    let median = klondike_lengths[klondike_lengths.len() / 2];
    println!(
        "{} won games in {} modes; Klondike link query: median {median} characters (min {}, max {})",
        games.len(),
        modes.len(),
        klondike_lengths[0],
        klondike_lengths.last().unwrap()
    );
    assert_eq!(modes.len(), 7, "{modes:?}");
    assert!(median < 250, "median {median}");
}

/// Undos and take-backs pack too.
#[test]
fn a_log_with_undos_and_take_backs_round_trips() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut rng = Rng::new(9);
    let mut g = Game::new(code);
    for _ in 0..400 {
        if rng.chance(15) {
            let _ = g.undo();
        } else {
            let legal = g.legal_actions();
            if legal.is_empty() {
                break;
            }
            g.apply(legal[rng.below(legal.len())]).unwrap();
        }
    }
    let back = unpack(code, &pack(&g)).unwrap();
    assert_eq!(back.log(), g.log());
    assert_eq!(back.table(), g.table());
}

#[test]
fn bad_replays_of_every_kind_are_refused_without_a_panic() {
    let g = &won_games(1)[0];
    let code = g.code();
    let text = pack(g);
    // Every cut point.
    for cut in 0..text.len() {
        let r = unpack(code, &text[..cut]);
        assert!(r.is_err() || cut == text.len(), "cut at {cut} accepted");
    }
    // Every character changed, to each of a few others.
    for i in 0..text.len() {
        for c in ['A', 'z', '0', '_', '-', '=', '%', ' '] {
            let mut t = text.clone().into_bytes();
            if t[i] == c as u8 {
                continue;
            }
            t[i] = c as u8;
            let t = String::from_utf8(t).unwrap();
            assert!(
                unpack(code, &t).is_err(),
                "changed at {i} to {c:?}: accepted"
            );
        }
    }
    // Another deal's code.
    let other = GameCode::new(code.game, code.draw, code.scoring, (code.deal + 1) % DEALS);
    assert!(unpack(other, &text).is_err());
    // A move that is not legal, with a correct CRC: made by packing a game whose log is cut
    // and given to another deal of the same check byte is hard; instead a log of a different
    // deal of the same code check is unlikely; so build the bytes by hand.
    let bad = solitaire::save::link::tests_only_pack_raw(code, &[2 + 10 + 3]);
    assert_eq!(unpack(code, &bad).unwrap_err(), ReplayError::Illegal(1));
    // Thousands of random mutations: never a panic, and never a game the rules would refuse.
    let mut rng = Rng::new(18);
    for _ in 0..5000 {
        let mut t = text.clone().into_bytes();
        for _ in 0..1 + rng.below(4) {
            let i = rng.below(t.len());
            t[i] =
                b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"[rng.below(64)];
        }
        if let Ok(t) = String::from_utf8(t)
            && let Ok(game) = unpack(code, &t)
        {
            // A mutation that still decodes is a real game of the rules (the CRC let it by).
            let mut again = Game::new(code);
            for &e in game.log() {
                match e {
                    solitaire::engine::Entry::Undo => again.undo().unwrap(),
                    solitaire::engine::Entry::Act(a) => {
                        again.apply(a).unwrap();
                    }
                }
            }
        }
    }
    // Nonsense of every length, and the longest text refused at once.
    for len in 0..64 {
        let t: String = (0..len)
            .map(|i| (b'A' + (i * 7 % 26) as u8) as char)
            .collect();
        let _ = unpack(code, &t);
    }
    assert_eq!(
        unpack(code, &"A".repeat(solitaire::save::link::MAX_CHARS + 1)).unwrap_err(),
        ReplayError::TooLong
    );
}

fn won_klondike() -> Game {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let line = common::greedy_win(code, 5000).expect("a won deal");
    let mut g = Game::new(code);
    for a in line {
        g.apply(a).unwrap();
    }
    g
}

/// A won game watched again: it plays to its end with time, steps back and forward, changes
/// speed, never counts a second win, and closing gives back the game in play.
#[test]
fn a_won_game_is_watched_again_without_touching_the_game_in_play() {
    use solitaire::ui::app::{App, Screen, UiAction};
    let won = won_klondike();
    let mut app = App::with_game(won.clone(), 1);
    app.set_screen(Screen::Won);
    let stats = app.stats().clone();
    app.ui_action(UiAction::Watch);
    app.take_effects();
    assert!(app.is_watching());
    assert_eq!(*app.screen(), Screen::Watch);
    assert_eq!(
        app.table_game().moves(),
        0,
        "the replay starts from the deal"
    );
    assert_eq!(
        app.game_to_save().log(),
        won.log(),
        "the game in play waits, and is what is saved"
    );
    // Only the controls answer.
    assert!(app.widgets().iter().all(|w| matches!(
        w.action,
        UiAction::WatchBack
            | UiAction::WatchPlay
            | UiAction::WatchForward
            | UiAction::WatchSpeed(_)
            | UiAction::Share
            | UiAction::Cancel
    )));
    app.ui_action(UiAction::WatchSpeed(2));
    let mut t = 0;
    while app.watching().unwrap().playing {
        t += 100;
        app.tick(t);
        assert!(t < 10_000_000);
    }
    assert_eq!(
        app.table_game().table(),
        won.table(),
        "the replay ends on the won table"
    );
    assert_eq!(*app.screen(), Screen::Watch, "no second win screen");
    assert_eq!(app.stats(), &stats, "no second win counted");
    assert!(
        !app.has_effect(&Effect::Save),
        "a replay's steps change nothing worth saving"
    );
    assert_eq!(
        app.game().log(),
        won.log(),
        "the game in play is never swapped out"
    );
    app.ui_action(UiAction::WatchBack);
    assert_eq!(app.watching().unwrap().pos, won.log().len() - 1);
    assert!(!app.table_game().is_won());
    app.ui_action(UiAction::WatchForward);
    assert!(app.table_game().is_won());
    app.ui_action(UiAction::Share);
    let Screen::Share(link) = app.screen().clone() else {
        panic!("the link is shown")
    };
    assert!(link.starts_with("?code=KL1-D1N-AAAAAAA&replay="), "{link}");
    // Natively it is saved as a script too: the script interface plays it to the same game.
    let effects = app.take_effects();
    let clipboard = effects
        .iter()
        .any(|e| *e == Effect::Clipboard(link.clone()));
    assert!(clipboard, "the link goes to the clipboard");
    let Some(Effect::Export { name, text: script }) = effects
        .into_iter()
        .find(|e| matches!(e, Effect::Export { .. }))
    else {
        panic!("a script to save")
    };
    assert!(
        name.starts_with("KL1-D1N-AAAAAAA-") && name.ends_with(".txt"),
        "{name}"
    );
    let played = solitaire::shell::tools::play_script(script.as_bytes()).unwrap();
    assert_eq!(played.log(), won.log());
    app.ui_action(UiAction::Cancel);
    assert_eq!(*app.screen(), Screen::Watch);
    app.ui_action(UiAction::Cancel);
    assert!(!app.is_watching());
    assert_eq!(app.game().log(), won.log());
    assert_eq!(*app.screen(), Screen::Won);
}

/// A replay link opens the replay over the game in play, which it leaves as it is; a bad one
/// says why and opens the link's deal.
#[test]
fn replay_links_open_the_replay_or_say_why_not() {
    use solitaire::ui::app::App;
    use solitaire::ui::strings::replay_error_text;
    let won = won_klondike();
    let text = pack(&won);
    let in_play = GameCode::parse("DS1-D3V-AAAAAAB").unwrap();
    let mut playing = Game::new(in_play);
    playing.apply(solitaire::engine::Action::Draw).unwrap();
    let mut app = App::with_game(playing.clone(), 1);
    app.open_replay_link(won.code(), &text);
    assert!(app.is_watching());
    assert_eq!(app.game_to_save().log(), playing.log());
    assert_eq!(app.game_to_save().code(), in_play);
    // Cut: a notice, and the deal asked for (leaving the game in play only if the player says).
    let mut app = App::new(in_play, 1);
    app.open_replay_link(won.code(), &text[..text.len() / 2]);
    assert!(!app.is_watching());
    let said = app.status().unwrap_or_default().to_string();
    assert!(
        said.starts_with(&replay_error_text(&ReplayError::Cut)[..20]),
        "{said}"
    );
    assert_eq!(app.game().code(), won.code(), "the link's deal opens");
}

/// New Game takes a pasted link (the whole address, its query or a part of it), a game code or
/// a replay, and opens it; a text holding none says so; a paste elsewhere does nothing.
#[test]
fn a_pasted_link_code_or_replay_opens_from_new_game() {
    use solitaire::ui::app::{App, Screen, UiAction};
    let won = won_klondike();
    let link = format!(
        "https://someone.itch.io/solitaire?code={}&replay={}",
        won.code(),
        pack(&won)
    );
    let in_play = GameCode::parse("DS1-D3V-AAAAAAB").unwrap();
    let mut app = App::new(in_play, 1);
    app.key_paste(&link);
    assert!(!app.is_watching(), "a paste on the table does nothing");
    app.ui_action(UiAction::NewGame);
    app.key_paste(&link);
    assert!(app.is_watching(), "the pasted replay is watched");
    assert_eq!(app.game_to_save().code(), in_play, "the game in play stays");
    // A bare code, and a query's part, start their deal (nothing under way is lost).
    for (text, code) in [
        ("  KL1-D3N-ABCDEFG\n", "KL1-D3N-ABCDEFG"),
        ("code=KL1-D1V-QWERTYU", "KL1-D1V-QWERTYU"),
    ] {
        let mut app = App::new(in_play, 1);
        app.ui_action(UiAction::NewGame);
        app.key_paste(text);
        assert_eq!(app.game().code().to_string(), code, "{text}");
        assert_eq!(*app.screen(), Screen::Table);
    }
    let mut app = App::new(in_play, 1);
    app.ui_action(UiAction::NewGame);
    app.key_paste("hello there");
    assert_eq!(app.game().code(), in_play);
    assert!(
        app.status().is_some(),
        "a notice says the text holds no link"
    );
}
