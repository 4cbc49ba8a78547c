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
        .filter(|i| {
            matches!(
                i,
                Item::Fill {
                    solid: true,
                    tone: Tone::Highlight,
                    ..
                }
            )
        })
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

/// A link's daily deal: `?daily=2026-12-24` finds that day's deal (a past day's as practice,
/// which does not count as the day played); a date that is no date says so and plays today's.
#[test]
fn a_daily_link_opens_that_days_deal() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.set_today(Date::parse("2026-12-30").unwrap());
    app.open_daily_link("2026-12-24");
    work(&mut app);
    assert_eq!(app.game().code().to_string(), PINNED[6].1);
    let day = Date::parse("2026-12-24").unwrap().daily_day();
    assert!(
        !app.stats().daily.played_on(day),
        "a past day's deal is practice"
    );
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

/// A daily deal ahead of the player's today is refused with a notice: the game in play stays,
/// and the day is not marked.
#[test]
fn a_future_daily_link_is_refused() {
    let start = GameCode::parse("KL1-D1N-AAAAAAA").unwrap();
    let mut app = App::new(start, 1);
    app.set_today(Date::parse("2026-12-03").unwrap());
    app.open_daily_link("2026-12-24");
    work(&mut app);
    assert_eq!(app.game().code(), start, "the game in play stays");
    let day = Date::parse("2026-12-24").unwrap().daily_day();
    assert!(!app.stats().daily.played_on(day));
    assert!(
        app.status().is_some_and(|t| t.contains("24 December 2026")),
        "a notice names the day"
    );
}

/// Reloading a daily page mid-game: the link's deal is the one in play, so the game goes on
/// without asking to leave it, and nothing counts as given up.
#[test]
fn a_daily_link_to_the_deal_in_play_goes_on_with_it() {
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.set_today(Date::parse("2026-12-24").unwrap());
    app.open_daily_link("today");
    work(&mut app);
    assert_eq!(app.game().code().to_string(), PINNED[6].1);
    let (code, line) = daily(GameKind::Klondike, Date::parse("2026-12-24").unwrap());
    play_by_mouse(&mut Mouse::new(), &mut app, line[0]);
    let moves = app.game().moves();
    assert!(moves > 0, "a move made");
    app.open_daily_link("today");
    work(&mut app);
    app.open_daily_link("2026-12-24");
    work(&mut app);
    assert_eq!(*app.screen(), Screen::Table, "nothing asked");
    assert_eq!(app.game().moves(), moves, "the same game goes on");
    assert_eq!(app.stats().mode(code).played, 0, "nothing given up");
}

/// A past day on the calendar opens that day's deal, as practice; a day ahead is no button.
#[test]
fn a_past_day_on_the_calendar_opens_its_deal() {
    use solitaire::ui::screens::Item;
    let mut app = App::new(GameCode::parse("KL1-D1N-AAAAAAA").unwrap(), 1);
    app.set_today(Date::parse("2026-12-30").unwrap());
    app.set_screen(Screen::Stats);
    app.ui_action(UiAction::Daily);
    let past = Date::parse("2026-12-24").unwrap();
    let days: Vec<UiAction> = app
        .panel()
        .unwrap()
        .items
        .iter()
        .filter_map(|i| match i {
            Item::Button(w) if matches!(w.action, UiAction::DailyDay(_)) => Some(w.action),
            _ => None,
        })
        .collect();
    assert_eq!(days.len(), 30, "the 1st to today are buttons, the 31st not");
    assert!(days.contains(&UiAction::DailyDay(past)));
    app.ui_action(UiAction::DailyDay(past));
    work(&mut app);
    assert_eq!(app.game().code().to_string(), PINNED[6].1);
    assert!(!app.stats().daily.played_on(past.daily_day()), "practice");
}
