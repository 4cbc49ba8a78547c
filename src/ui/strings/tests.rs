//! Tests of the table as a whole: every language has every text, fills the same places, has
//! every letter in the font, and follows the glossary.

use super::*;

/// Texts that are the same in a translation on purpose: names, codes, numbers.
const SAME_EVERYWHERE: [&str; 9] = [
    "Klondike",
    "Pause",
    "Double Solitaire",
    "Normal",
    "Vegas",
    "{card} {place}.",
    "{pile}: {what}.",
    "Start",
    "Bank",
];
/// A table's texts by field, in order (a Help page is one field of several lines, and a
/// translation may break its lines elsewhere).
fn by_field(table: &Strings) -> Vec<(&'static str, Vec<&'static str>)> {
    let mut fields: Vec<(&str, Vec<&str>)> = Vec::new();
    for (field, text) in table.texts() {
        match fields.last_mut() {
            Some((f, v)) if *f == field => v.push(text),
            _ => fields.push((field, vec![text])),
        }
    }
    fields
}

#[test]
fn every_text_exists_in_every_language_and_none_is_left_english() {
    let en = by_field(&EN);
    for language in [Language::Nb, Language::Tr] {
        let fields = by_field(language.table());
        assert_eq!(
            fields.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            en.iter().map(|(n, _)| *n).collect::<Vec<_>>(),
            "{language:?}: the fields of English"
        );
        let mut same = Vec::new();
        for ((field, english), (_, texts)) in en.iter().zip(&fields) {
            for (i, text) in texts.iter().enumerate() {
                let words = text.chars().any(char::is_alphabetic);
                // A list of fixed length (weekdays) compared place by place, a page as a whole.
                let left = if texts.len() == english.len() {
                    english[i] == *text
                } else {
                    english.contains(text)
                };
                if left && words && !SAME_EVERYWHERE.contains(text) {
                    same.push(format!("{field}: {text}"));
                }
            }
        }
        assert!(
            same.is_empty(),
            "{language:?} left in English:\n{}",
            same.join("\n")
        );
    }
}

/// Every `{place}` of an English text is in its translations, and no other.
#[test]
fn translations_fill_the_same_places() {
    let places = |t: &str| {
        let mut v: Vec<String> = t
            .split('{')
            .skip(1)
            .filter_map(|p| p.split('}').next().map(str::to_string))
            .collect();
        v.sort();
        v
    };
    let places_by_field = |table: &Strings| {
        by_field(table)
            .into_iter()
            .map(|(field, texts)| {
                let mut v: Vec<String> = texts.iter().flat_map(|t| places(t)).collect();
                v.sort();
                v.dedup();
                (field, v)
            })
            .collect::<Vec<_>>()
    };
    for language in [Language::Nb, Language::Tr] {
        assert_eq!(
            places_by_field(&EN),
            places_by_field(language.table()),
            "{language:?}"
        );
    }
}

#[test]
fn a_link_before_the_choice_before_the_system() {
    assert_eq!(
        choose_language(Some("tr"), Some("nb"), Some("en_US")),
        Language::Tr
    );
    assert_eq!(
        choose_language(None, Some("nb"), Some("tr_TR")),
        Language::Nb
    );
    assert_eq!(
        choose_language(Some("xx"), None, Some("tr_TR.UTF-8")),
        Language::Tr
    );
    assert_eq!(
        choose_language(None, Some("klingon"), Some("de_DE")),
        Language::En
    );
    assert_eq!(choose_language(None, None, None), Language::En);
}

#[test]
fn language_tags_as_systems_and_browsers_write_them() {
    for (tag, language) in [
        ("nb_NO.UTF-8", Some(Language::Nb)),
        ("nb-NO", Some(Language::Nb)),
        ("no", Some(Language::Nb)),
        ("nn_NO", Some(Language::Nb)),
        ("tr_TR.UTF-8", Some(Language::Tr)),
        ("tr", Some(Language::Tr)),
        ("en-GB", Some(Language::En)),
        ("de_DE", None),
        ("", None),
    ] {
        assert_eq!(Language::from_tag(tag), language, "{tag}");
    }
    for l in Language::ALL {
        assert_eq!(Language::from_tag(l.tag()), Some(l));
    }
}

/// What the places of the table's texts are filled with where the value is written by code
/// (numbers, dates, cards, money, codes): every form such a value takes. A place whose value is
/// another text of the table (`{why}`, `{what}`, `{place}`…) is walked as that text itself.
fn samples(place: &str) -> Vec<String> {
    use crate::engine::{Card, GameCode, GameKind, Pile, score_text};
    let numbers = || vec![number(1), number(-10_504), number(200_000), percent(49.6)];
    match place {
        "card" | "onto" => crate::engine::Suit::ALL
            .iter()
            .flat_map(|&suit| (1..=13).map(move |rank| card_name(Card::new(rank, suit))))
            .collect(),
        "pile" => [
            Pile::Stock,
            Pile::Waste,
            Pile::Foundation(7),
            Pile::Column(8),
        ]
        .map(pile_name)
        .into(),
        "date" => (1..=12)
            .map(|m| date(crate::play::daily::Date::new(2026, m, 24).unwrap()))
            .collect(),
        "code" => vec!["KL1-D1N-AAAAAAG".into(), "DS1-D3V-ZZZZZZZ".into()],
        "mode" => (0..crate::play::stats::MODES)
            .map(|i| crate::play::stats::mode_code(i).mode_text())
            .collect(),
        "game" => GameKind::ALL
            .map(|g| strings().game_name(g).to_string())
            .into(),
        "vegas_won" => GameKind::ALL
            .iter()
            .flat_map(|&g| {
                let code = GameCode::new(
                    g,
                    crate::engine::Draw::One,
                    crate::engine::Scoring::Vegas,
                    0,
                );
                [
                    score_text(code, 416),
                    score_text(code, -104),
                    score_text(code, 0),
                ]
            })
            .collect(),
        "path" => vec!["/home/player/.local/share/solitaire/game.json".into()],
        _ => numbers(),
    }
}

/// Every text of a table, each place filled with each form its value takes.
fn filled_texts() -> Vec<(&'static str, String)> {
    let mut out = Vec::new();
    for (field, text) in strings().texts() {
        let places: Vec<&str> = text
            .split('{')
            .skip(1)
            .filter_map(|p| p.split('}').next())
            .collect();
        let values: Vec<(&str, Vec<String>)> = places.iter().map(|&p| (p, samples(p))).collect();
        let most = values.iter().map(|(_, v)| v.len()).max().unwrap_or(1);
        for i in 0..most {
            let these: Vec<(&str, &str)> = values
                .iter()
                .map(|(p, v)| (*p, v[i % v.len()].as_str()))
                .collect();
            out.push((field, fill(text, &these)));
        }
    }
    out
}

/// The font draws every letter of every text of every language, with every place filled
/// (not only the texts some scene happens to show).
#[test]
fn the_font_has_every_letter_of_every_text() {
    let font = crate::ui::geom::font();
    let mut missing = Vec::new();
    for language in Language::ALL {
        set_language(language);
        for (field, text) in filled_texts() {
            assert!(
                !text.contains(['{', '}']),
                "{field}: a place left in '{text}'"
            );
            for c in text.chars().filter(|&c| !font.has(c)) {
                missing.push(format!("{language:?} {field}: {c:?} in '{text}'"));
            }
        }
    }
    set_language(Language::En);
    missing.dedup();
    assert!(
        missing.is_empty(),
        "the font lacks:\n{}",
        missing.join("\n")
    );
}

/// The words of a text, lower-cased, between spaces: " trekk fra avleggsbunken ".
fn words(text: &str, language: Language) -> String {
    let lower: String = match language {
        // Turkish lower-cases I to ı and İ to i.
        Language::Tr => text.replace('I', "ı").replace('İ', "i").to_lowercase(),
        _ => text.to_lowercase(),
    };
    let joined: Vec<&str> = lower
        .split(|c: char| !c.is_alphanumeric() && c != '\'')
        .filter(|w| !w.is_empty())
        .collect();
    format!(" {} ", joined.join(" "))
}

/// A term of the glossary and the forms it rules out, in one language.
struct Term {
    language: Language,
    used: Vec<String>,
    rejected: Vec<String>,
}

/// The glossary's table: a row per term, its English name, the forms used in Norwegian and
/// Turkish, the source, then the forms rejected in each. Several forms are parted by
/// " / "; a form used may be inflected (it is found at the start of a word), a form rejected
/// is found as whole words.
fn glossary() -> Vec<Term> {
    let text = include_str!("../../../docs/GLOSSARY.md");
    let mut out = Vec::new();
    let forms = |cell: &str| -> Vec<String> {
        cell.split(" / ")
            .map(|f| {
                f.trim()
                    .trim_matches('«')
                    .trim_matches('»')
                    .trim()
                    .to_string()
            })
            .filter(|f| !f.is_empty() && f != "-")
            .collect()
    };
    for row in text.lines().filter(|l| l.starts_with('|')).skip(2) {
        let cells: Vec<&str> = row.trim_matches('|').split('|').map(str::trim).collect();
        assert_eq!(cells.len(), 6, "a glossary row of 6 cells: {row}");
        for (language, used, rejected) in [
            (Language::Nb, cells[1], cells[4]),
            (Language::Tr, cells[2], cells[5]),
        ] {
            out.push(Term {
                language,
                used: forms(used),
                rejected: forms(rejected),
            });
        }
    }
    out
}

/// The tables use the terms of the glossary (the seeds' words) and none of the forms it
/// rejects.
#[test]
fn the_tables_follow_the_glossary() {
    let terms = glossary();
    assert!(terms.len() >= 2 * 15, "{} terms", terms.len() / 2);
    let mut wrong = Vec::new();
    for term in &terms {
        let all: String = term
            .language
            .table()
            .texts()
            .iter()
            .map(|(_, t)| words(t, term.language))
            .collect();
        for used in &term.used {
            let w = words(used, term.language);
            let start = &w[..w.len() - 1];
            if !all.contains(start) {
                wrong.push(format!("{:?}: «{used}» is not used", term.language));
            }
        }
        for rejected in &term.rejected {
            if all.contains(&words(rejected, term.language)) {
                wrong.push(format!("{:?}: «{rejected}» is still used", term.language));
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

/// Each language quotes with its own marks: English "Easy", Norwegian «Lett», Turkish «Kolay».
#[test]
fn each_language_quotes_with_its_own_marks() {
    for (language, own, foreign) in [
        (Language::En, '"', ['«', '»']),
        (Language::Nb, '«', ['"', '"']),
        (Language::Tr, '«', ['"', '"']),
    ] {
        let texts = language.table().texts();
        for (field, text) in &texts {
            assert!(!text.contains(foreign), "{language:?} {field}: {text}");
        }
        let draw_1 = language.table().draw_1;
        assert!(draw_1.contains(own), "{language:?}: {draw_1}");
    }
}
