//! The memory "Where was it lost?" holds, whatever the game's length (issue #48): a Double
//! Solitaire game of 199,000 draws, a length the saves allow, analysed through the windowless
//! app as a player reaches it (the game left for another, then Statistics → "Where was it
//! lost?"), its peak counted by an allocator that measures. The same analysis on the command
//! line runs under a memory limit in tests/analysis.rs.

use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering};

use solitaire::engine::{Action, Game, GameCode};
use solitaire::ui::app::{App, UiAction};

/// The system's allocator, counting the bytes in use and their peak.
struct Counting;

static NOW: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

// SAFETY: every call goes to the system's allocator as it came; only counters are added.
unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = unsafe { System.alloc(layout) };
        if !p.is_null() {
            let now = NOW.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
            PEAK.fetch_max(now, Ordering::Relaxed);
        }
        p
    }
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        unsafe { System.dealloc(ptr, layout) };
        NOW.fetch_sub(layout.size(), Ordering::Relaxed);
    }
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = unsafe { System.realloc(ptr, layout, new_size) };
        if !p.is_null() {
            if new_size >= layout.size() {
                let now = NOW.fetch_add(new_size - layout.size(), Ordering::Relaxed)
                    + (new_size - layout.size());
                PEAK.fetch_max(now, Ordering::Relaxed);
            } else {
                NOW.fetch_sub(layout.size() - new_size, Ordering::Relaxed);
            }
        }
        p
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// What the analysis may hold over what the app held before it, for this game: the line's few
/// bytes a position (199,000 of them) and a search that decides each position within a few
/// thousand positions. The analysis held 2.3 GB here.
const MOST: usize = 32 << 20;

#[test]
fn a_long_game_is_analysed_in_the_app_within_a_bounded_memory() {
    let code = GameCode::parse("DS1-D1N-AAAAAAA").unwrap();
    let mut game = Game::new(code);
    for _ in 0..199_000 {
        game.apply(Action::Draw).unwrap();
    }
    let mut app = App::with_game(game, 1);
    // Left for another deal, then analysed from the statistics.
    app.start(GameCode::parse("KL1-D1N-AAAAAAB").unwrap());
    let before = NOW.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    app.ui_action(UiAction::Stats);
    app.ui_action(UiAction::AnalyseLast);
    let mut frames = 0;
    while app.is_busy() {
        app.work(2_000);
        frames += 1;
        assert!(frames < 1_000_000, "the analysis never ended");
    }
    let verdict = app.post_mortem().and_then(|p| p.answer().cloned());
    assert!(
        matches!(
            verdict,
            Some(solitaire::solver::analysis::Answer::StillWinnable { .. })
        ),
        "{verdict:?}"
    );
    let peak = PEAK.load(Ordering::Relaxed) - before;
    eprintln!(
        "a 199,000-draw Double Solitaire game analysed in the app: {:.1} MB at most over the app's {:.1} MB",
        peak as f64 / (1 << 20) as f64,
        before as f64 / (1 << 20) as f64
    );
    assert!(peak < MOST, "{peak} bytes");
}
