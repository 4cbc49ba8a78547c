//! Saves around crashes, locks and several windows (issue #36): a crash at every write of a
//! winning click or of leaving a game counts it exactly once; a window that does not save
//! takes over once the holder is gone, a writer that lost the saves goes back to what was
//! saved; saving resumes after a failed write; the marker blames only the game's own death;
//! the lock, the replays and the temporary files are safe from what a folder may hold.

mod common;

use common::{Mouse, greedy_win, play_by_mouse};
use solitaire::engine::{Game, GameCode, GameKind};
use solitaire::save::{
    FileStorage, Kept, Key, MemoryStorage, Notice, Persist, Reload, Saving, Storage, StorageError,
    Stored,
};
use solitaire::shell::window;
use solitaire::ui::app::{App, UiAction};

/// A storage in memory that keeps a copy of itself after every change: each copy is what a
/// `kill -9` at that point would leave (every write replaces a record whole).
struct Recording {
    now: MemoryStorage,
    after: Vec<MemoryStorage>,
}

impl Recording {
    fn new(from: MemoryStorage) -> Recording {
        Recording {
            after: vec![from.clone()],
            now: from,
        }
    }
    fn changed<T>(&mut self, r: Result<T, StorageError>) -> Result<T, StorageError> {
        self.after.push(self.now.clone());
        r
    }
}

impl Storage for Recording {
    fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
        self.now.read(key)
    }
    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
        let r = self.now.write(key, bytes);
        self.changed(r)
    }
    fn remove(&mut self, key: Key) -> Result<(), StorageError> {
        let r = self.now.remove(key);
        self.changed(r)
    }
    fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError> {
        let r = self.now.keep_aside(key);
        self.changed(r)
    }
    fn claim(&mut self) -> Result<bool, StorageError> {
        self.now.claim()
    }
    /// The crashes here are kills from outside, never the game's own death.
    fn blames(&self, _: &[u8]) -> bool {
        false
    }
}

fn save<S: Storage>(persist: &mut Persist<S>, app: &App) {
    persist.save(app.game_to_save(), app.settings(), app.stats());
}

/// A deal the greedy player wins, and its line.
fn winnable() -> (GameCode, Vec<solitaire::engine::Action>) {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    (
        code,
        greedy_win(code, 5000).expect("a deal the greedy player wins"),
    )
}

/// Saves the app's state as a window would have, before the step under test.
fn saved_before(app: &App) -> MemoryStorage {
    let (mut persist, _) = Persist::open(MemoryStorage::default());
    save(&mut persist, app);
    persist.storage().clone()
}

/// Every crash point of the winning click, the game then played on: it is won once.
#[test]
fn a_crash_at_every_write_of_the_winning_click_counts_the_win_once() {
    let (code, line) = winnable();
    let mut g = Game::new(code);
    for &a in &line[..line.len() - 1] {
        g.apply(a).unwrap();
    }
    let mut app = App::with_game(g, 1);
    let before = saved_before(&app);
    let (mut persist, _) = Persist::open(Recording::new(before));
    play_by_mouse(&mut Mouse::new(), &mut app, *line.last().unwrap());
    assert!(app.game().is_won());
    save(&mut persist, &app);
    let points = persist.storage().after.clone();
    assert!(
        points.len() >= 3,
        "the click writes the record and the game"
    );
    for (i, left) in points.into_iter().enumerate() {
        let (mut persist, loaded) = Persist::open(Recording::new(left));
        let mut app = solitaire::ui::start::restore(loaded, code, 1);
        if !app.game().is_won() {
            play_by_mouse(&mut Mouse::new(), &mut app, *line.last().unwrap());
        }
        save(&mut persist, &app);
        // Played on: a new game starts, and the start after it.
        app.start(GameCode::parse("KL1-D1N-AAAAAAZ").unwrap());
        save(&mut persist, &app);
        let (_, loaded) = Persist::open(persist.storage().now.clone());
        let m = loaded.stats.mode(code);
        assert_eq!((m.played, m.won), (1, 1), "crash point {i}");
    }
}

/// The records with the record's write number set to `seq` (and the game's to go with it), as
/// after that many writes.
fn numbered(mut saved: MemoryStorage, seq: u64) -> MemoryStorage {
    for (key, field) in [(Key::Record, "seq"), (Key::Game, "record_seq")] {
        let mut v: serde_json::Value = serde_json::from_slice(saved.bytes(key).unwrap()).unwrap();
        v[field] = seq.into();
        saved
            .saved
            .insert(key, Stored::Bytes(serde_json::to_vec(&v).unwrap()));
    }
    saved
}

/// Issue #48: the record's write number wraps round from 2^64 − 1 to 0, and a crash between
/// the winning click's writes across the wrap still counts the win once (a plain comparison
/// took the record at 0 for behind the game at 2^64 − 1, and the win counted twice; a debug
/// build overflowed).
#[test]
fn the_write_number_wraps_round_and_a_crash_across_the_wrap_counts_once() {
    let (code, line) = winnable();
    let mut g = Game::new(code);
    for &a in &line[..line.len() - 1] {
        g.apply(a).unwrap();
    }
    for seq in [u64::MAX - 1, u64::MAX] {
        let mut app = App::with_game(g.clone(), 1);
        let before = numbered(saved_before(&app), seq);
        let (mut persist, _) = Persist::open(Recording::new(before));
        play_by_mouse(&mut Mouse::new(), &mut app, *line.last().unwrap());
        save(&mut persist, &app);
        let record: serde_json::Value =
            serde_json::from_slice(persist.storage().now.bytes(Key::Record).unwrap()).unwrap();
        assert_eq!(record["seq"], seq.wrapping_add(1), "the number counts on");
        for (i, left) in persist.storage().after.clone().into_iter().enumerate() {
            let (mut persist, loaded) = Persist::open(Recording::new(left));
            let mut app = solitaire::ui::start::restore(loaded, code, 1);
            if !app.game().is_won() {
                play_by_mouse(&mut Mouse::new(), &mut app, *line.last().unwrap());
            }
            save(&mut persist, &app);
            app.start(GameCode::parse("KL1-D1N-AAAAAAZ").unwrap());
            save(&mut persist, &app);
            let (_, loaded) = Persist::open(persist.storage().now.clone());
            let m = loaded.stats.mode(code);
            assert_eq!((m.played, m.won), (1, 1), "from {seq}, crash point {i}");
        }
    }
}

/// Every crash point of leaving a Vegas game under way for another, dollars carried: it
/// counts as played once, and its dollars go into the bankroll once.
#[test]
fn a_crash_at_every_write_of_leaving_a_game_counts_it_once() {
    let code = GameCode::parse("KL1-D1V-AAAAAAA").unwrap();
    let mut g = Game::new(code);
    for &a in &common::greedy_actions(code, 5) {
        g.apply(a).unwrap();
    }
    let mut app = App::with_game(g, 1);
    app.settings_mut().carry_vegas = true;
    let before = saved_before(&app);
    let (mut persist, _) = Persist::open(Recording::new(before));
    app.ui_action(UiAction::Replay);
    app.ui_action(UiAction::LeaveForLink);
    assert_eq!(app.stats().mode(code).played, 1);
    let dollars = app.stats().bankroll(GameKind::Klondike);
    save(&mut persist, &app);
    for (i, left) in persist.storage().after.clone().into_iter().enumerate() {
        let (mut persist, loaded) = Persist::open(Recording::new(left));
        let mut app = solitaire::ui::start::restore(loaded, code, 1);
        // The player leaves whatever game came back (the old one, when the crash came first).
        if app.game().moves() > 0 {
            app.ui_action(UiAction::Replay);
            app.ui_action(UiAction::LeaveForLink);
        }
        save(&mut persist, &app);
        let (_, loaded) = Persist::open(persist.storage().now.clone());
        assert_eq!(loaded.stats.mode(code).played, 1, "crash point {i}");
        assert_eq!(
            loaded.stats.bankroll(GameKind::Klondike),
            dollars,
            "crash point {i}"
        );
    }
}

fn draw(app: &mut App) {
    let stock = app.layout().stock.center();
    Mouse::new().click(stock, app);
}

fn notices<S: Storage>(persist: &mut Persist<S>) -> Vec<Notice> {
    std::iter::from_fn(|| persist.take_notice()).collect()
}

/// The second window plays on without saving while the first holds the saves, says so on
/// the status line for as long as that lasts, and takes over once the first is gone: its
/// moves from then on are saved, with the statistics as the first left them.
#[test]
fn a_second_window_takes_over_once_the_first_is_gone() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut counted = solitaire::play::stats::Stats::default();
    counted.record_unfinished(code);
    let storage = MemoryStorage {
        held: true,
        ..MemoryStorage::default()
    };
    let (mut persist, loaded) = Persist::open(storage);
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    assert_eq!(persist.state(), Saving::OtherWindow);
    assert_eq!(persist.storage().writes, 0);
    let standing = solitaire::ui::strings::strings().not_saving_other;
    // After the notice that says so, the status line goes on saying it.
    for t in (20_000..120_000).step_by(10_000) {
        app.tick(t);
        assert_eq!(
            app.status(),
            Some(standing),
            "at {t} ms: shown while it lasts"
        );
    }
    // The first window closes, having counted a game meanwhile.
    persist.storage_mut().held = false;
    persist
        .storage_mut()
        .saved
        .insert(Key::Record, Stored::Bytes(record_text(&counted)));
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    assert_eq!(persist.state(), Saving::Writes);
    assert!(notices(&mut persist).is_empty(), "told on the status line");
    assert_eq!(
        app.stats().clone(),
        counted,
        "the statistics as the first window left them"
    );
    let (_, loaded) = Persist::open(persist.storage().clone());
    assert_eq!(loaded.game.unwrap().game.moves(), 2, "both draws saved");
    assert_eq!(loaded.stats, counted);
    app.tick(200_000);
    assert_ne!(app.status(), Some(standing));
}

fn record_text(stats: &solitaire::play::stats::Stats) -> Vec<u8> {
    solitaire::save::format::encode_record(stats, &Default::default()).into_bytes()
}

/// Without the window loop: the takeover itself, its notice and its reload.
#[test]
fn taking_over_reads_the_statistics_again_before_writing() {
    let storage = MemoryStorage {
        held: true,
        ..MemoryStorage::default()
    };
    let (mut persist, _) = Persist::open(storage);
    assert_eq!(notices(&mut persist), vec![Notice::OtherWindow]);
    let game = Game::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap());
    let stats = solitaire::play::stats::Stats::default();
    persist.save(&game, &Default::default(), &stats);
    assert_eq!(persist.storage().writes, 0);
    persist.storage_mut().held = false;
    persist
        .storage_mut()
        .saved
        .insert(Key::Record, Stored::Bytes(record_text(&stats)));
    persist.save(&game, &Default::default(), &stats);
    assert_eq!(notices(&mut persist), vec![Notice::TookOver]);
    assert!(matches!(persist.take_reload(), Some(Reload::Stats(_))));
    assert_eq!(
        persist.storage().writes,
        0,
        "not before the reload is taken"
    );
    persist.save(&game, &Default::default(), &stats);
    assert_eq!(persist.storage().writes, 3);
}

/// A writer whose saves another window took stops writing, goes back to what that window
/// saved, says so, and takes over again once it is gone.
#[test]
fn a_writer_that_lost_the_saves_goes_back_to_what_was_saved() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let (mut persist, loaded) = Persist::open(MemoryStorage::default());
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    // Another window takes over and saves a game of three draws.
    let mut theirs = Game::new(code);
    for _ in 0..3 {
        theirs.apply(solitaire::engine::Action::Draw).unwrap();
    }
    let s = persist.storage_mut();
    s.held = true;
    s.taken = true;
    s.saved.insert(
        Key::Game,
        Stored::Bytes(
            solitaire::save::format::encode_game(&theirs, &Default::default()).into_bytes(),
        ),
    );
    let writes = s.writes;
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    assert_eq!(
        persist.storage().writes,
        writes,
        "nothing written over theirs"
    );
    assert_eq!(app.game().log(), theirs.log(), "back to what they saved");
    assert_eq!(persist.state(), Saving::OtherWindow);
    let said = solitaire::ui::strings::notice_text(&Notice::LostSaves);
    let mut seen = false;
    for t in (0..40_000).step_by(500) {
        app.tick(t);
        seen |= app.status() == Some(said.as_str());
    }
    assert!(seen, "it says so");
    // The other window goes: this one takes over again and saves its next move.
    let s = persist.storage_mut();
    s.held = false;
    s.taken = false;
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    assert_eq!(persist.state(), Saving::Writes);
    let (_, loaded) = Persist::open(persist.storage().clone());
    assert_eq!(loaded.game.unwrap().game.moves(), 4);
}

/// A storage in memory that the test still sees after the window that used it is gone, with
/// what the saves handed it as unsaved (`Storage::keep_unsaved`).
#[derive(Clone, Default)]
struct Shared(Rc<RefCell<MemoryStorage>>, Rc<RefCell<Unsaved>>);

type Unsaved = Vec<(Key, Vec<u8>)>;
use std::cell::RefCell;
use std::rc::Rc;

impl Storage for Shared {
    fn read(&mut self, key: Key) -> Result<Stored, StorageError> {
        self.0.borrow_mut().read(key)
    }
    fn write(&mut self, key: Key, bytes: &[u8]) -> Result<(), StorageError> {
        self.0.borrow_mut().write(key, bytes)
    }
    fn remove(&mut self, key: Key) -> Result<(), StorageError> {
        self.0.borrow_mut().remove(key)
    }
    fn keep_aside(&mut self, key: Key) -> Result<Kept, StorageError> {
        self.0.borrow_mut().keep_aside(key)
    }
    fn claim(&mut self) -> Result<bool, StorageError> {
        self.0.borrow_mut().claim()
    }
    fn keep_unsaved(&mut self, records: &[(Key, &[u8])]) {
        *self.1.borrow_mut() = records.iter().map(|(k, b)| (*k, b.to_vec())).collect();
    }
}

/// Issue #48: a failed save hands the storage what it could not write, in the order it writes
/// (the web page writes it as it goes, `pagehide`): written then, it is the save that failed,
/// the move in it; a save that works empties it.
#[test]
fn a_failed_save_hands_over_what_it_could_not_write() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let shared = Shared::default();
    let (mut persist, loaded) = Persist::open(shared.clone());
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    window::save(&mut app, &mut persist, true);
    shared.0.borrow_mut().full = true;
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    assert_eq!(persist.state(), Saving::Failing);
    let unsaved = shared.1.borrow().clone();
    assert_eq!(
        unsaved.iter().map(|(k, _)| *k).collect::<Vec<_>>(),
        [Key::Game],
        "the draw changed the game only"
    );
    // The page goes, and writes them.
    let mut page = shared.0.borrow().clone();
    page.full = false;
    for (key, bytes) in &unsaved {
        page.write(*key, bytes).unwrap();
    }
    let (_, loaded) = Persist::open(page);
    assert_eq!(loaded.game.map(|g| g.game.moves()), Some(1));
    // Leaving the game for another changes the statistics too: the record first, then the game.
    app.ui_action(UiAction::Replay);
    app.ui_action(UiAction::LeaveForLink);
    window::save(&mut app, &mut persist, true);
    let keys: Vec<Key> = shared.1.borrow().iter().map(|(k, _)| *k).collect();
    assert_eq!(keys, [Key::Record, Key::Game]);
    shared.0.borrow_mut().full = false;
    draw(&mut app);
    window::save(&mut app, &mut persist, true);
    assert_eq!(persist.state(), Saving::Writes);
    assert!(shared.1.borrow().is_empty(), "a save that works empties it");
}

/// Issue #48: closing the window (the window's `Open` dropped) tries a failed save once more,
/// so the moves since the last save that worked are kept when the storage works again; a
/// window whose saves work, or that does not hold them, writes nothing then.
#[test]
fn closing_the_window_tries_a_failed_save_once_more() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    for (case, held, full_at_first) in [
        ("failed", false, true),
        ("saving", false, false),
        ("other window", true, false),
    ] {
        let shared = Shared::default();
        shared.0.borrow_mut().held = held;
        shared.0.borrow_mut().full = full_at_first;
        let (persist, loaded) = Persist::open(shared.clone());
        let app = solitaire::ui::start::restore(loaded, code, 1);
        let mut open = window::Open { app, persist };
        draw(&mut open.app);
        window::save(&mut open.app, &mut open.persist, true);
        let expected = match case {
            "failed" => Saving::Failing,
            "saving" => Saving::Writes,
            _ => Saving::OtherWindow,
        };
        assert_eq!(open.persist.state(), expected, "{case}");
        shared.0.borrow_mut().full = false;
        let writes = shared.0.borrow().writes;
        drop(open);
        let after = shared.0.borrow().clone();
        match case {
            "failed" => {
                let (_, loaded) = Persist::open(after);
                assert_eq!(loaded.game.map(|g| g.game.moves()), Some(1), "{case}");
            }
            _ => assert_eq!(after.writes, writes, "{case}: nothing written at close"),
        }
    }
}

/// A full disk stops nothing for good: the next change tries again, and a notice says when
/// saving works again.
#[test]
fn saving_resumes_after_a_failed_write() {
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let storage = MemoryStorage {
        full: true,
        ..MemoryStorage::default()
    };
    let (mut persist, loaded) = Persist::open(storage);
    let mut app = solitaire::ui::start::restore(loaded, code, 1);
    draw(&mut app);
    persist.save(app.game_to_save(), app.settings(), app.stats());
    assert!(matches!(
        notices(&mut persist).as_slice(),
        [Notice::SavingStopped(_)]
    ));
    assert_eq!(persist.state(), Saving::Failing);
    draw(&mut app);
    persist.save(app.game_to_save(), app.settings(), app.stats());
    assert!(notices(&mut persist).is_empty(), "said once while it lasts");
    persist.storage_mut().full = false;
    draw(&mut app);
    persist.save(app.game_to_save(), app.settings(), app.stats());
    assert_eq!(notices(&mut persist), vec![Notice::SavingAgain]);
    assert_eq!(persist.state(), Saving::Writes);
    let (_, loaded) = Persist::open(persist.storage().clone());
    assert_eq!(loaded.game.unwrap().game.moves(), 3);
}

fn temp_dir(name: &str) -> std::path::PathBuf {
    let d = std::env::temp_dir().join(format!("solitaire-crash-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The marker stays only while a record is decoded; one left by a start stopped from outside
/// blames nothing, one the game's own abort marked blames its record.
#[test]
fn only_the_games_own_death_while_restoring_sets_a_record_aside() {
    if let Some(dir) = std::env::var_os("SOLITAIRE_TEST_ABORT_IN") {
        // The child: dies by abort while "restoring" the game.
        let mut s = FileStorage::in_dir(dir);
        assert!(s.arm(Key::Game));
        std::process::abort();
    }
    let dir = temp_dir("marker");
    let code = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut g = Game::new(code);
    g.apply(solitaire::engine::Action::Draw).unwrap();
    let game = solitaire::save::format::encode_game(&g, &Default::default());
    std::fs::write(dir.join("game.json"), &game).unwrap();
    let (first, loaded) = Persist::open(FileStorage::in_dir(&dir));
    assert!(loaded.game.is_some());
    assert!(
        !dir.join("restoring").exists(),
        "gone once the game is read"
    );
    drop(first);
    // A marker left by a kill (no mark of the game's own death): the game is restored.
    std::fs::write(dir.join("restoring"), "game").unwrap();
    let (mut persist, loaded) = common::once_the_lock_is_free(|| {
        let opened = Persist::open(FileStorage::in_dir(&dir));
        (opened.0.state() != Saving::OtherWindow).then_some(opened)
    });
    assert!(loaded.game.is_some());
    assert_eq!(persist.take_notice(), None);
    drop(persist);
    // The game's own abort while restoring: the next start keeps the record aside.
    #[cfg(unix)]
    {
        let status = std::process::Command::new(std::env::current_exe().unwrap())
            .args([
                "--exact",
                "only_the_games_own_death_while_restoring_sets_a_record_aside",
            ])
            .env("SOLITAIRE_TEST_ABORT_IN", &dir)
            .stderr(std::process::Stdio::null())
            .stdout(std::process::Stdio::null())
            .status()
            .unwrap();
        assert!(!status.success());
        let marker = std::fs::read_to_string(dir.join("restoring")).unwrap();
        assert!(marker.contains("died"), "{marker:?}");
        let (mut persist, loaded) = common::once_the_lock_is_free(|| {
            let opened = Persist::open(FileStorage::in_dir(&dir));
            (opened.0.state() != Saving::OtherWindow).then_some(opened)
        });
        assert!(loaded.game.is_none());
        assert!(matches!(
            persist.take_notice(),
            Some(Notice::DiedRestoring { key: Key::Game, .. })
        ));
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// Claims the lock in a thread: a pipe at its name would hang the open.
#[cfg(unix)]
fn claim_within(dir: &std::path::Path, ms: u64) -> Option<(FileStorage, bool)> {
    let (tx, rx) = std::sync::mpsc::channel();
    let dir = dir.to_path_buf();
    std::thread::spawn(move || {
        let mut s = FileStorage::in_dir(dir);
        let r = s.claim();
        let _ = tx.send((s, r));
    });
    let (s, r) = rx.recv_timeout(std::time::Duration::from_millis(ms)).ok()?;
    Some((s, r.unwrap()))
}

/// A pipe, a folder or a link named `lock` neither hangs the game nor lifts the one-writer
/// rule, and a link is never followed.
#[cfg(unix)]
#[test]
fn a_pipe_a_folder_or_a_link_named_lock_is_moved_aside() {
    for what in ["fifo", "dir", "link"] {
        let dir = temp_dir(&format!("lock-{what}"));
        let lock = dir.join("lock");
        let target = dir.join("outside");
        match what {
            "fifo" => {
                let ok = std::process::Command::new("mkfifo")
                    .arg(&lock)
                    .status()
                    .unwrap()
                    .success();
                assert!(ok);
            }
            "dir" => std::fs::create_dir(&lock).unwrap(),
            _ => std::os::unix::fs::symlink(&target, &lock).unwrap(),
        }
        let (first, held) = claim_within(&dir, 5000).expect("claiming does not hang");
        assert!(held, "{what}: the first window holds the saves");
        assert!(!target.exists(), "{what}: no file made through the link");
        let (_, second) = claim_within(&dir, 5000).expect("claiming does not hang");
        assert!(!second, "{what}: a second window does not");
        drop(first);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

/// A shared replay is written like a record: a link at its name is replaced, not followed, and
/// a link in place of the `replays` folder is refused.
#[cfg(unix)]
#[test]
fn a_replay_is_never_written_through_a_link() {
    let dir = temp_dir("replay-link");
    let outside = temp_dir("replay-outside");
    let target = outside.join("precious");
    std::fs::write(&target, "precious").unwrap();
    std::fs::create_dir_all(dir.join("replays")).unwrap();
    std::os::unix::fs::symlink(&target, dir.join("replays/KL1.txt")).unwrap();
    let s = FileStorage::in_dir(&dir);
    let path = s.write_replay("KL1.txt", b"new KL1-D1N-AAAAAAA\n").unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "precious");
    assert_eq!(
        std::fs::read_to_string(&path).unwrap(),
        "new KL1-D1N-AAAAAAA\n"
    );
    std::fs::remove_dir_all(dir.join("replays")).unwrap();
    std::os::unix::fs::symlink(&outside, dir.join("replays")).unwrap();
    assert!(s.write_replay("KL2.txt", b"x").is_err());
    assert!(!outside.join("KL2.txt").exists());
    assert!(s.write_replay("../KL3.txt", b"x").is_err());
    let _ = std::fs::remove_dir_all(&dir);
    let _ = std::fs::remove_dir_all(&outside);
}

/// The temporary files of a process that has ended are removed when the saves are claimed;
/// those of a live one are left.
#[cfg(unix)]
#[test]
fn temporary_files_of_ended_processes_are_removed_at_the_start() {
    let dir = temp_dir("temps");
    let mut ended = std::process::Command::new("true").spawn().unwrap();
    let dead = ended.id();
    ended.wait().unwrap();
    let mut live = std::process::Command::new("sleep")
        .arg("30")
        .spawn()
        .unwrap();
    let stale = format!(".game.7.{dead}.tmp");
    let busy = format!(".record.8.{}.tmp", live.id());
    std::fs::write(dir.join(&stale), "half").unwrap();
    std::fs::write(dir.join(&busy), "half").unwrap();
    std::fs::write(dir.join("notes.tmp"), "mine").unwrap();
    let mut s = FileStorage::in_dir(&dir);
    assert!(s.claim().unwrap());
    assert!(!dir.join(&stale).exists());
    assert!(dir.join(&busy).exists());
    assert!(dir.join("notes.tmp").exists());
    let _ = live.kill();
    let _ = live.wait();
    let _ = std::fs::remove_dir_all(&dir);
}

/// An earlier build's save too large to read is left where it is, as the FAQ says.
#[test]
fn an_old_save_that_cannot_be_read_is_left_where_it_is() {
    let dir = temp_dir("legacy");
    let f = std::fs::File::create(dir.join("save.json")).unwrap();
    f.set_len(solitaire::save::format::MAX_BYTES + 1).unwrap();
    let (mut persist, _) = Persist::open(FileStorage::in_dir(&dir));
    assert!(matches!(
        persist.take_notice(),
        Some(Notice::Unused {
            key: Key::Legacy,
            ..
        })
    ));
    assert!(dir.join("save.json").exists());
    let _ = std::fs::remove_dir_all(&dir);
}
