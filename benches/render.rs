//! Frame cost of the CPU renderer, printed as `name: value unit` (a benchmark, not a test).
//! Run with `cargo bench --bench render`.

use std::time::Instant;

use solitaire::engine::{Game, GameCode};
use solitaire::render::scene::Renderer;
use solitaire::ui::app::App;
use solitaire::ui::input::PointerEvent::{Down, Move};

/// Double Solitaire with the longest columns a game can have: in every column, face-down
/// cards under a whole King-to-Ace run (not a reachable game; the worst case to draw).
fn double_long_columns() -> Game {
    use solitaire::engine::{Card, Column, Suit, Table};
    let code = GameCode::parse("DS1-D1N-AAAAAAC").unwrap();
    let run = |black: bool| -> Vec<Card> {
        (1..=13)
            .rev()
            .map(|r| {
                let odd = r % 2 == 1;
                let suit = match (black, odd) {
                    (true, true) | (false, false) => Suit::Spades,
                    _ => Suit::Hearts,
                };
                Card::new(r, suit)
            })
            .collect()
    };
    let columns = (0..9)
        .map(|i| Column {
            down: vec![Card::new(2, Suit::Clubs); i.min(8)],
            up: run(i % 2 == 0),
        })
        .collect();
    let table = Table {
        stock: vec![Card::new(3, Suit::Diamonds); 10],
        waste: vec![Card::new(4, Suit::Diamonds); 3],
        fan: 1,
        foundations: vec![Vec::new(); 8],
        columns,
        score: 0,
    };
    Game::with_table(code, table)
}

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(|a, b| a.partial_cmp(b).unwrap());
    v[v.len() / 2]
}

fn main() {
    let game = double_long_columns();
    let longest = game.table().columns.iter().map(|c| c.len()).max().unwrap();
    let mut app = App::with_game(game, 1);
    // Lift the longest face-up run of a column and keep it in flight.
    let (i, count) = (0..9)
        .map(|i| (i, app.game().table().columns[i].up.len()))
        .max_by_key(|&(_, n)| n)
        .unwrap();
    let r = app.layout().card_rect(
        app.game().table(),
        solitaire::engine::Pile::Column(i),
        count,
    );
    app.pointer(Down {
        x: r.x + 5,
        y: r.y + 4,
        t: 10,
    });
    app.pointer(Move {
        x: r.x + 40,
        y: r.y + 30,
        t: 20,
    });
    assert!(app.drag().is_some());
    let mut renderer = Renderer::new();
    let mut times = Vec::new();
    for k in 0..2000 {
        // The drag moves every frame: everything is drawn again.
        app.pointer(Move {
            x: 100 + (k % 300),
            y: 150 + (k % 70),
            t: 30 + k as u64,
        });
        let start = Instant::now();
        renderer.draw(&app);
        times.push(start.elapsed().as_secs_f64() * 1e6);
        std::hint::black_box(&renderer.frame.bytes);
    }
    println!(
        "full_redraw_double_drag_median: {:.0} us",
        median(times.clone())
    );
    println!("full_redraw_double_drag_p90: {:.0} us", {
        let mut t = times;
        t.sort_by(|a, b| a.partial_cmp(b).unwrap());
        t[t.len() * 9 / 10]
    });
    println!("longest_column_cards: {longest}");
    println!("dragged_cards: {count}");
    let start = Instant::now();
    let _ = Renderer::new();
    println!(
        "renderer_setup: {:.0} us",
        start.elapsed().as_secs_f64() * 1e6
    );
}
