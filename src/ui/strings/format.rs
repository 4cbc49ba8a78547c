//! Numbers, percentages, dates and counted things as each language writes them, one function
//! per kind, and the filling of a text's `{places}`.

use super::language::{Language, language};
use super::schema::Texts;
use crate::play::daily::Date;

/// A non-breaking space: it holds a number to its sign or unit when a line is wrapped.
const NBSP: char = '\u{a0}';

/// A text of the table with its `{name}` places filled in.
pub fn fill(template: &str, values: &[(&str, &str)]) -> String {
    let mut out = template.to_string();
    for (name, value) in values {
        out = out.replace(&format!("{{{name}}}"), value);
    }
    out
}

/// A whole number as the language writes it: digits in groups of three from five digits on
/// (10,504 in English, 10 504 in Norwegian, 10.504 in Turkish); four digits stay together, as
/// the rule pages write 1220.
pub fn number(n: i64) -> String {
    let digits = n.unsigned_abs().to_string();
    let sign = if n < 0 { "-" } else { "" };
    if digits.len() < 5 {
        return format!("{sign}{digits}");
    }
    let sep = match language() {
        Language::En => ',',
        Language::Nb => NBSP,
        Language::Tr => '.',
    };
    let mut out = String::from(sign);
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(sep);
        }
        out.push(c);
    }
    out
}

/// A percentage, rounded to a whole number: 50% in English, 50 % in Norwegian, %50 in Turkish.
pub fn percent(p: f64) -> String {
    let n = number(p.round() as i64);
    match language() {
        Language::En => format!("{n}%"),
        Language::Nb => format!("{n}{NBSP}%"),
        Language::Tr => format!("%{n}"),
    }
}

/// A date as the language writes it: the month's name between day and year in English, day,
/// month and year apart by dots in Norwegian and Turkish.
pub fn date(d: Date) -> String {
    match language() {
        Language::En => {
            let month = super::strings().months[(d.month as usize).clamp(1, 12) - 1];
            format!("{} {month} {}", d.day, d.year)
        }
        Language::Nb | Language::Tr => format!("{:02}.{:02}.{}", d.day, d.month, d.year),
    }
}

/// A text that counts something, in its forms for one and for more: "1 face-up card", "2
/// face-up cards". Turkish keeps the noun singular after a number, so its two forms are the
/// same text.
#[derive(Clone, Copy, Debug)]
pub struct Plural {
    pub one: &'static str,
    pub other: &'static str,
}

impl Texts for Plural {
    fn push_to(&self, out: &mut Vec<&'static str>) {
        out.push(self.one);
        out.push(self.other);
    }
}

/// A counting text with `{n}` written as a number and its other places filled in.
pub fn count(text: &Plural, n: i64, values: &[(&str, &str)]) -> String {
    let form = if n == 1 { text.one } else { text.other };
    fill(&fill(form, &[("n", &number(n))]), values)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::strings::set_language;

    fn each<T>(f: impl Fn() -> T) -> [T; 3] {
        Language::ALL.map(|l| {
            set_language(l);
            let out = f();
            set_language(Language::En);
            out
        })
    }

    #[test]
    fn numbers_percentages_and_dates_in_each_languages_style() {
        let nb = |s: &str| s.replace(' ', "\u{a0}");
        assert_eq!(
            each(|| number(1220)),
            ["1220", "1220", "1220"].map(String::from)
        );
        assert_eq!(
            each(|| number(-10504)),
            ["-10,504".into(), nb("-10 504"), "-10.504".into()]
        );
        assert_eq!(
            each(|| number(200_000)),
            ["200,000".into(), nb("200 000"), "200.000".into()]
        );
        assert_eq!(
            each(|| percent(49.6)),
            ["50%".into(), nb("50 %"), "%50".into()]
        );
        let d = Date::new(2026, 12, 24).unwrap();
        assert_eq!(
            each(|| date(d)),
            ["24 December 2026", "24.12.2026", "24.12.2026"].map(String::from)
        );
        let d = Date::new(2027, 3, 5).unwrap();
        assert_eq!(each(|| date(d))[1], "05.03.2027");
    }

    #[test]
    fn a_count_of_one_takes_the_singular() {
        let face_up = |n| {
            each(|| {
                let s = crate::ui::strings::strings();
                count(&s.refuse_not_enough_face_up, n, &[])
            })
        };
        assert_eq!(
            face_up(1),
            [
                "That column has only 1 face-up card.",
                "Den kolonnen har bare 1 synlig kort.",
                "O sütunda yalnızca 1 açık kart var.",
            ]
            .map(String::from)
        );
        assert_eq!(face_up(2)[0], "That column has only 2 face-up cards.");
        assert_eq!(face_up(2)[1], "Den kolonnen har bare 2 synlige kort.");
    }
}
