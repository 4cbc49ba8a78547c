//! The Help pages' content: the rules and the scoring of a game, page by page, from the
//! strings table of the language on show. Every number comes from the game's description
//! (`GameSpec`) and the engine's points, so the pages say what the game does.

use crate::engine::game::points;
use crate::engine::{Draw, GameCode, GameKind, Scoring, score_text};
use crate::ui::strings::{fill, number, strings};

/// The Help pages of a game: its rules and scoring tables, a few lines each. Every number
/// comes from the game's description (`GameSpec`) and the engine's points.
pub fn help_pages(kind: GameKind) -> Vec<Vec<HelpLine>> {
    let s = strings();
    let spec = kind.spec();
    let vegas = GameCode::new(kind, Draw::One, Scoring::Vegas, 0);
    let n = |v: usize| number(v as i64);
    let values = [
        ("game", s.game_name(kind).to_string()),
        ("cards", n(spec.cards())),
        ("columns", n(spec.columns)),
        ("stock", n(spec.stock())),
        ("places", n(spec.foundations())),
        ("won", number(i64::from(spec.won_points()))),
        ("vegas_won", score_text(vegas, spec.vegas_won())),
        ("undo", n(spec.undo_depth)),
    ];
    let values: Vec<(&str, &str)> = values.iter().map(|(k, v)| (*k, v.as_str())).collect();
    let rules = if spec.decks == 1 {
        s.help_rules_one_deck
    } else {
        s.help_rules_decks
    };
    let mut scoring = vec![
        HelpLine::Heading(s.help_scoring.to_string()),
        HelpLine::Gap,
        HelpLine::Tables(scoring_tables(kind)),
        HelpLine::Gap,
    ];
    scoring.extend(
        page(&[&["" as &str][..], s.help_won].concat(), &values)
            .into_iter()
            .skip(1),
    );
    vec![
        page(rules, &values),
        page(s.help_moving, &values),
        page(s.help_stock, &values),
        scoring,
    ]
}

/// A page of the table with its places filled: its first line the heading, then paragraphs
/// (the lines between blank ones, joined: the window wraps them to its width).
fn page(lines: &[&str], values: &[(&str, &str)]) -> Vec<HelpLine> {
    let mut out = Vec::new();
    let mut para = String::new();
    for (i, line) in lines.iter().enumerate() {
        let line = fill(line, values);
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
}

/// The two scoring tables, Normal's points and Vegas' dollars, as the engine counts them.
fn scoring_tables(kind: GameKind) -> Vec<(String, Vec<(String, String)>)> {
    let s = strings();
    let vegas = GameCode::new(kind, Draw::One, Scoring::Vegas, 0);
    let signed = |n: i32| format!("{n:+}");
    let pair = |label: &str, value: String| (label.to_string(), value);
    let vegas_text = |d: i32| score_text(vegas, d);
    vec![
        (
            s.help_normal_head.to_string(),
            vec![
                pair(s.help_pt_foundation, signed(points::FOUNDATION)),
                pair(s.help_pt_waste, signed(points::WASTE_TO_COLUMN)),
                pair(s.help_pt_turn, signed(points::TURN_UP)),
                pair(s.help_pt_recycle, signed(points::RECYCLE)),
                pair(s.help_pt_column, "0".into()),
                pair(s.help_pt_take_back, "0".into()),
            ],
        ),
        (
            s.help_vegas_head.to_string(),
            vec![
                pair(s.help_v_start, vegas_text(kind.spec().vegas_start)),
                pair(
                    s.help_v_foundation,
                    format!("+${}", points::VEGAS_FOUNDATION),
                ),
                pair(s.help_v_else, vegas_text(0)),
            ],
        ),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::strings::{Language, set_language};

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
