//! The daily deal (issue #18): one deal a day for each game, the same everywhere, proved
//! winnable; played from New Game, counted in the daily record and its calendar.

mod common;

use common::{Mouse, play_by_mouse};
use solitaire::engine::{Game, GameCode, GameKind};
use solitaire::play::daily::{Date, daily};
use solitaire::ui::app::{App, Screen, UiAction};

/// The daily codes of ten dates, pinned: a build that finds another code for any of them has
/// changed the daily deal for every player (docs/FAQ.md says how the code is found).
const PINNED: [(&str, &str, &str); 10] = [
    ("2026-01-01", "KL1-D1N-UWWJQCV", "DS1-D1N-REXMLVJ"),
    ("2026-02-28", "KL1-D1N-KPBPEWY", "DS1-D1N-FCFPYFW"),
    ("2026-03-15", "KL1-D1N-ZSJCPRA", "DS1-D1N-GXZWHTO"),
    ("2026-06-21", "KL1-D1N-XHAGTGU", "DS1-D1N-XYULSJQ"),
    ("2026-10-29", "KL1-D1N-CODNTZH", "DS1-D1N-TFYPAZU"),
    ("2026-12-01", "KL1-D1N-TZJKXQQ", "DS1-D1N-REIXPYC"),
    ("2026-12-24", "KL1-D1N-JAYYCXT", "DS1-D1N-XTCXAVM"),
    ("2026-12-31", "KL1-D1N-BXCJQJW", "DS1-D1N-SFEFOST"),
    ("2027-02-14", "KL1-D1N-ANDGNOQ", "DS1-D1N-PHSBNNG"),
    ("2030-07-04", "KL1-D1N-KRMJSVO", "DS1-D1N-AASNCUX"),
];

#[test]
fn the_daily_codes_of_ten_dates_are_pinned_and_each_is_won_by_its_line() {
    for (date, klondike, double) in PINNED {
        let date = Date::parse(date).unwrap();
        for (game, pinned) in [(GameKind::Klondike, klondike), (GameKind::Double, double)] {
            let (code, line) = daily(game, date);
            assert_eq!(code.to_string(), pinned, "{date} {game:?}");
            assert!(!line.is_empty(), "{date}: the solver's line");
            let mut g = Game::new(code);
            for a in line {
                g.apply(a)
                    .unwrap_or_else(|r| panic!("{code}: {a:?} refused: {r:?}"));
            }
            assert!(g.is_won(), "{code}: the line wins");
        }
    }
}

fn work(app: &mut App) {
    let mut slices = 0;
    while app.is_busy() {
        app.work(2000);
        slices += 1;
        assert!(slices < 100_000, "the search ends");
    }
}

/// Today's deal from New Game, played by mouse to a win: the day is played and won, the daily
/// streak counts it, and the calendar shows it as a gold tile.
#[test]
fn a_daily_deal_won_is_marked_on_the_calendar_and_counts_in_the_streak() {
    use solitaire::ui::screens::{Item, Tone};
    let today = Date::parse("2026-12-24").unwrap();
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.set_today(today);
    // Yesterday's daily deal was won already: today's win makes a streak of two.
    let yesterday = Date::from_days(today.days() - 1);
    let (code_y, _) = daily(GameKind::Klondike, yesterday);
    app.stats_mut().daily.begin(code_y, yesterday.daily_day());
    app.stats_mut().record_win(code_y, 700, 130);
    app.ui_action(UiAction::NewGame);
    app.ui_action(UiAction::TodaysDeal);
    work(&mut app);
    assert_eq!(
        app.game().code().to_string(),
        PINNED[6].1,
        "today's deal started"
    );
    assert!(app.stats().daily.played_on(today.daily_day()));
    assert!(!app.stats().daily.won_on(today.daily_day()));
    let (_, line) = daily(GameKind::Klondike, today);
    let mut m = Mouse::new();
    for a in line {
        play_by_mouse(&mut m, &mut app, a);
    }
    assert!(app.game().is_won(), "won by mouse");
    let d = &app.stats().daily;
    assert!(d.won_on(today.daily_day()));
    assert_eq!((d.days_played(), d.days_won()), (2, 2));
    assert_eq!((d.streak(today.daily_day()), d.best_streak()), (2, 2));
    // The calendar: Statistics → Daily.
    app.set_screen(Screen::Stats);
    app.ui_action(UiAction::Daily);
    assert_eq!(
        *app.screen(),
        Screen::Daily {
            year: 2026,
            month: 12
        }
    );
    let p = app.panel().unwrap();
    let tiles: Vec<_> = p
        .items
        .iter()
        .filter(|i| matches!(i, Item::Fill { solid: true, .. }))
        .collect();
    assert_eq!(tiles.len(), 2, "two gold tiles: the 23rd and the 24th");
    let numbers: Vec<&str> = p
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Centered {
                text,
                tone: Tone::Ink,
                ..
            } => Some(text.as_str()),
            _ => None,
        })
        .collect();
    assert_eq!(numbers, ["23", "24"]);
    // A month back: nothing won there.
    app.ui_action(UiAction::PrevMonth);
    let p = app.panel().unwrap();
    assert!(
        !p.items
            .iter()
            .any(|i| matches!(i, Item::Fill { solid: true, .. }))
    );
}

/// A link's daily deal: `?daily=2026-12-24` finds that day's deal; a date that is no date says
/// so and plays today's.
#[test]
fn a_daily_link_opens_that_days_deal() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.set_today(Date::parse("2026-12-01").unwrap());
    app.open_daily_link("2026-12-24");
    work(&mut app);
    assert_eq!(app.game().code().to_string(), PINNED[6].1);
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.set_today(Date::parse("2026-12-01").unwrap());
    app.open_daily_link("2026-13-45");
    work(&mut app);
    assert_eq!(
        app.game().code().to_string(),
        PINNED[5].1,
        "today's instead"
    );
}
