//! The languages, and the one the screens speak.

use super::{EN, NB, Strings, TR};

/// The languages of the game: English, and those of its two rule pages.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Language {
    En,
    Nb,
    Tr,
}

impl Language {
    pub const ALL: [Language; 3] = [Language::En, Language::Nb, Language::Tr];

    /// The tag saved in the settings and used in links: `en`, `nb`, `tr`.
    pub fn tag(self) -> &'static str {
        match self {
            Language::En => "en",
            Language::Nb => "nb",
            Language::Tr => "tr",
        }
    }

    /// The language a tag names: `nb`, `nb-NO`, `no_NO.UTF-8`, `tr_TR`, `en-GB`… Norwegian
    /// (`no`, `nb`, and `nn`, whose readers read bokmål too) is bokmål; anything unknown, none.
    pub fn from_tag(tag: &str) -> Option<Language> {
        let lang = tag
            .split(['-', '_', '.', '@'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match lang.as_str() {
            "en" => Some(Language::En),
            "nb" | "no" | "nn" => Some(Language::Nb),
            "tr" => Some(Language::Tr),
            _ => None,
        }
    }

    /// The next language (the Settings button goes round them).
    pub fn next(self) -> Language {
        let i = Language::ALL.iter().position(|&l| l == self).unwrap_or(0);
        Language::ALL[(i + 1) % Language::ALL.len()]
    }

    pub fn table(self) -> &'static Strings {
        match self {
            Language::En => &EN,
            Language::Nb => &NB,
            Language::Tr => &TR,
        }
    }
}

/// The language to speak: a link's (`?lang=`), else the one chosen in Settings, else the
/// system's, else English. Tags nobody knows are passed over.
pub fn choose_language(link: Option<&str>, chosen: Option<&str>, system: Option<&str>) -> Language {
    [link, chosen, system]
        .into_iter()
        .flatten()
        .find_map(Language::from_tag)
        .unwrap_or(Language::En)
}

thread_local! {
    static CURRENT: std::cell::Cell<Language> = const { std::cell::Cell::new(Language::En) };
}

/// Chooses the language of the screens (of this thread: the game's, or one test's).
pub fn set_language(language: Language) {
    CURRENT.with(|c| c.set(language));
}

pub fn language() -> Language {
    CURRENT.with(|c| c.get())
}

/// The strings in use, in the language chosen.
pub fn strings() -> &'static Strings {
    language().table()
}
