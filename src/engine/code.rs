//! The two games, described once each, and game codes (RULES.md §6): `KL1-D1N-AAAAAAG`.

use std::fmt;

/// Which of the two games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameKind {
    Klondike,
    Double,
}

/// Everything that differs between the two games, in one place (RULES.md §1).
#[derive(Debug, PartialEq, Eq)]
pub struct GameSpec {
    pub kind: GameKind,
    /// The game's name as the screens show it.
    pub name: &'static str,
    /// The first part of a game code: `KL1`, `DS1`.
    pub prefix: &'static str,
    /// Its word on the command line: `klondike`, `double`.
    pub word: &'static str,
    /// A number that tells the games apart in the deal seed (see `deal`). Frozen.
    pub seed_tag: u64,
    /// Number of 52-card decks shuffled together.
    pub decks: usize,
    /// Number of tableau columns; column `i` (from 0) is dealt `i + 1` cards.
    pub columns: usize,
    /// The foundations lie as one row per suit, top to bottom (♠ ♥ ♦ ♣), beside the
    /// columns (Double Solitaire's page); otherwise all in one line above them (Klondike).
    pub foundation_rows: bool,
    /// How many actions can be undone.
    pub undo_depth: usize,
    /// Vegas dollars at the start (negative: the stake).
    pub vegas_start: i32,
    /// Whether a positive Vegas score is written with a plus sign (`+$208` versus `$416`).
    pub vegas_plus_sign: bool,
}

pub static KLONDIKE: GameSpec = GameSpec {
    kind: GameKind::Klondike,
    name: "Klondike",
    prefix: "KL1",
    word: "klondike",
    seed_tag: 1,
    decks: 1,
    columns: 7,
    foundation_rows: false,
    undo_depth: 100,
    vegas_start: -52,
    vegas_plus_sign: true,
};

pub static DOUBLE: GameSpec = GameSpec {
    kind: GameKind::Double,
    name: "Double Solitaire",
    prefix: "DS1",
    word: "double",
    seed_tag: 2,
    decks: 2,
    columns: 9,
    foundation_rows: true,
    undo_depth: 200,
    vegas_start: -104,
    vegas_plus_sign: false,
};

impl GameKind {
    pub const ALL: [GameKind; 2] = [GameKind::Klondike, GameKind::Double];

    /// The game a command-line word names: its word (`klondike`, `double`), its code prefix
    /// (`KL1`) or that prefix without the version (`KL`), in any case.
    pub fn from_word(word: &str) -> Option<GameKind> {
        GameKind::ALL.into_iter().find(|g| {
            let spec = g.spec();
            let short = spec.prefix.trim_end_matches(|c: char| c.is_ascii_digit());
            [spec.word, spec.prefix, short]
                .iter()
                .any(|w| word.eq_ignore_ascii_case(w))
        })
    }

    pub fn spec(self) -> &'static GameSpec {
        match self {
            GameKind::Klondike => &KLONDIKE,
            GameKind::Double => &DOUBLE,
        }
    }
}

impl GameSpec {
    /// Cards in play: 52 per deck.
    pub fn cards(&self) -> usize {
        52 * self.decks
    }

    /// Foundation places: one per suit per deck.
    pub fn foundations(&self) -> usize {
        4 * self.decks
    }

    /// Cards left for the stock after the deal.
    pub fn stock(&self) -> usize {
        self.cards() - self.dealt()
    }

    /// Cards dealt face down (all but the last of each column).
    pub fn face_down(&self) -> usize {
        self.dealt() - self.columns
    }

    /// The Normal score of a game won without take-backs, before the waste and recycle terms:
    /// every card onto a foundation, every face-down card turned up.
    pub fn won_points(&self) -> i32 {
        use super::game::points;
        self.cards() as i32 * points::FOUNDATION + self.face_down() as i32 * points::TURN_UP
    }

    /// The Vegas dollars of a game won without take-backs.
    pub fn vegas_won(&self) -> i32 {
        self.vegas_start + self.cards() as i32 * super::game::points::VEGAS_FOUNDATION
    }

    /// Cards dealt to the tableau: 1 + 2 + … + columns.
    pub fn dealt(&self) -> usize {
        self.columns * (self.columns + 1) / 2
    }

    /// Face-down cards at the deal: all dealt cards but the last of each column.
    pub fn face_down_at_deal(&self) -> usize {
        self.dealt() - self.columns
    }

    /// The Normal score of a won game without take-backs, before waste→column cards and recycles:
    /// 10 per foundation card and 5 per face-down card turned up (625 and 1220).
    pub fn normal_win_base(&self) -> i32 {
        (10 * self.cards() + 5 * self.face_down_at_deal()) as i32
    }
}

/// Draw one («Easy») or three («Hard») cards per click on the stock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Draw {
    One,
    Three,
}

impl Draw {
    pub const ALL: [Draw; 2] = [Draw::One, Draw::Three];

    pub fn count(self) -> usize {
        match self {
            Draw::One => 1,
            Draw::Three => 3,
        }
    }

    /// The draw a command-line word or a code's digit names: `1`, `d1`, `3`, `d3`.
    pub fn from_word(word: &str) -> Option<Draw> {
        let w = word.to_ascii_lowercase();
        let digits = w.strip_prefix('d').unwrap_or(&w);
        Draw::ALL
            .into_iter()
            .find(|d| digits == d.count().to_string())
    }
}

/// Normal points or Vegas dollars (RULES.md §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Scoring {
    Normal,
    Vegas,
}

impl Scoring {
    pub const ALL: [Scoring; 2] = [Scoring::Normal, Scoring::Vegas];

    /// Its name on the command line and in reports.
    pub fn name(self) -> &'static str {
        match self {
            Scoring::Normal => "Normal",
            Scoring::Vegas => "Vegas",
        }
    }

    /// Its letter in a game code.
    pub fn letter(self) -> char {
        match self {
            Scoring::Normal => 'N',
            Scoring::Vegas => 'V',
        }
    }

    /// The scoring a word names: its name or its letter, in any case.
    pub fn from_word(word: &str) -> Option<Scoring> {
        Scoring::ALL.into_iter().find(|s| {
            word.eq_ignore_ascii_case(s.name())
                || word.eq_ignore_ascii_case(&s.letter().to_string())
        })
    }
}

/// Deal numbers run from 0 to 26⁷ − 1.
pub const DEALS: u64 = 26u64.pow(7);

/// A game code: game, draw mode, scoring and deal number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct GameCode {
    pub game: GameKind,
    pub draw: Draw,
    pub scoring: Scoring,
    /// 0 ..= 26⁷ − 1.
    pub deal: u64,
}

/// What is wrong with a game code, part by part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CodeError {
    Empty,
    Shape(String),
    Game(String),
    Mode(String),
    Draw(String),
    Scoring(String),
    DealLength(String),
    DealLetter(String),
}

impl fmt::Display for CodeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CodeError::Empty => write!(f, "the game code is empty; it looks like KL1-D1N-AAAAAAG"),
            CodeError::Shape(s) => write!(
                f,
                "'{s}' is not a game code: it has three parts joined by '-', like KL1-D1N-AAAAAAG"
            ),
            CodeError::Game(s) => write!(
                f,
                "unknown game '{s}': the first part is KL1 (Klondike) or DS1 (Double Solitaire)"
            ),
            CodeError::Mode(s) => write!(
                f,
                "'{s}' is not a mode: the second part is D1 or D3 followed by N or V, like D1N"
            ),
            CodeError::Draw(s) => {
                write!(
                    f,
                    "draw '{s}' does not exist: it is D1 (draw 1) or D3 (draw 3)"
                )
            }
            CodeError::Scoring(s) => {
                write!(
                    f,
                    "scoring '{s}' does not exist: it is N (Normal) or V (Vegas)"
                )
            }
            CodeError::DealLength(s) => write!(
                f,
                "deal '{s}' has {} letters: the deal part has exactly 7 letters A-Z",
                s.chars().count()
            ),
            CodeError::DealLetter(s) => write!(
                f,
                "deal '{s}' holds something other than the letters A-Z: it is 7 letters, like AAAAAAG"
            ),
        }
    }
}

impl std::error::Error for CodeError {}

impl GameCode {
    pub fn new(game: GameKind, draw: Draw, scoring: Scoring, deal: u64) -> GameCode {
        GameCode {
            game,
            draw,
            scoring,
            deal: deal % DEALS,
        }
    }

    pub fn spec(&self) -> &'static GameSpec {
        self.game.spec()
    }

    /// Parses a code; case-insensitive, surrounding white space ignored.
    pub fn parse(input: &str) -> Result<GameCode, CodeError> {
        let text = input.trim().to_ascii_uppercase();
        if text.is_empty() {
            return Err(CodeError::Empty);
        }
        let parts: Vec<&str> = text.split('-').collect();
        let [game, mode, deal] = parts[..] else {
            return Err(CodeError::Shape(input.trim().to_string()));
        };
        let game = GameKind::ALL
            .into_iter()
            .find(|g| g.spec().prefix == game)
            .ok_or_else(|| CodeError::Game(game.to_string()))?;
        let mode_chars: Vec<char> = mode.chars().collect();
        let [d, n, s] = mode_chars[..] else {
            return Err(CodeError::Mode(mode.to_string()));
        };
        if d != 'D' {
            return Err(CodeError::Mode(mode.to_string()));
        }
        let draw = Draw::from_word(&n.to_string()).ok_or(CodeError::Draw(format!("D{n}")))?;
        let scoring = Scoring::ALL
            .into_iter()
            .find(|x| x.letter() == s)
            .ok_or(CodeError::Scoring(s.to_string()))?;
        if !deal.chars().all(|c| c.is_ascii_uppercase()) {
            return Err(CodeError::DealLetter(deal.to_string()));
        }
        if deal.len() != 7 {
            return Err(CodeError::DealLength(deal.to_string()));
        }
        let deal = GameCode::deal_number(deal);
        Ok(GameCode {
            game,
            draw,
            scoring,
            deal,
        })
    }

    /// The game and mode part of the code, like `KL1-D3V`.
    pub fn mode_text(&self) -> String {
        format!(
            "{}-D{}{}",
            self.spec().prefix,
            self.draw.count(),
            self.scoring.letter()
        )
    }

    /// The deal number of its letters (A = 0 … Z = 25, most significant first); letters
    /// outside A–Z count as A.
    pub fn deal_number(letters: &str) -> u64 {
        letters.bytes().fold(0u64, |n, b| {
            n * 26 + u64::from(b.saturating_sub(b'A').min(25))
        })
    }

    /// The seven letters of the deal number, most significant first.
    pub fn deal_letters(deal: u64) -> String {
        let mut n = deal % DEALS;
        let mut letters = [b'A'; 7];
        for slot in letters.iter_mut().rev() {
            *slot = b'A' + (n % 26) as u8;
            n /= 26;
        }
        String::from_utf8_lossy(&letters).into_owned()
    }
}

impl fmt::Display for GameCode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{}-{}",
            self.mode_text(),
            GameCode::deal_letters(self.deal)
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_parts_read_as_spec_section_6() {
        let c = GameCode::parse("KL1-D1N-AAAAAAG").unwrap();
        assert_eq!(
            c,
            GameCode::new(GameKind::Klondike, Draw::One, Scoring::Normal, 6)
        );
        let c = GameCode::parse("DS1-D3V-AAAAAAB").unwrap();
        assert_eq!(
            c,
            GameCode::new(GameKind::Double, Draw::Three, Scoring::Vegas, 1)
        );
        assert_eq!(GameCode::parse("KL1-D1N-AAAAABA").unwrap().deal, 26);
        assert_eq!(GameCode::parse("KL1-D1N-ZZZZZZZ").unwrap().deal, DEALS - 1);
    }

    #[test]
    fn code_is_case_insensitive_and_ignores_surrounding_spaces() {
        assert_eq!(
            GameCode::parse("  kl1-d3v-abcdefg \n").unwrap(),
            GameCode::parse("KL1-D3V-ABCDEFG").unwrap()
        );
    }

    #[test]
    fn code_display_round_trips() {
        for deal in [0, 1, 6, 25, 26, 12345678, DEALS - 1] {
            for game in GameKind::ALL {
                for draw in Draw::ALL {
                    for scoring in Scoring::ALL {
                        let c = GameCode::new(game, draw, scoring, deal);
                        assert_eq!(GameCode::parse(&c.to_string()), Ok(c));
                    }
                }
            }
        }
        assert_eq!(
            GameCode::new(GameKind::Klondike, Draw::Three, Scoring::Vegas, 6).to_string(),
            "KL1-D3V-AAAAAAG"
        );
    }

    #[test]
    fn malformed_codes_say_which_part_is_wrong() {
        type Check = fn(&CodeError) -> bool;
        let cases: [(&str, Check); 14] = [
            ("", |e| matches!(e, CodeError::Empty)),
            ("   ", |e| matches!(e, CodeError::Empty)),
            ("KL1D1NAAAAAAA", |e| matches!(e, CodeError::Shape(_))),
            ("KL1-D1N-AAAAAAA-X", |e| matches!(e, CodeError::Shape(_))),
            ("KL2-D1N-AAAAAAA", |e| matches!(e, CodeError::Game(_))),
            ("XX1-D1N-AAAAAAA", |e| matches!(e, CodeError::Game(_))),
            ("KL1-D2N-AAAAAAA", |e| matches!(e, CodeError::Draw(_))),
            ("KL1-D1X-AAAAAAA", |e| matches!(e, CodeError::Scoring(_))),
            ("KL1-X1N-AAAAAAA", |e| matches!(e, CodeError::Mode(_))),
            ("KL1-D1-AAAAAAA", |e| matches!(e, CodeError::Mode(_))),
            ("KL1-D1N-AAAAAA", |e| matches!(e, CodeError::DealLength(_))),
            ("KL1-D1N-AAAAAAAA", |e| {
                matches!(e, CodeError::DealLength(_))
            }),
            ("KL1-D1N-AAAAAA1", |e| matches!(e, CodeError::DealLetter(_))),
            ("KL1-D1N-ÅAAAAAA", |e| {
                matches!(e, CodeError::DealLetter(_))
            }),
        ];
        for (code, check) in cases {
            let err = GameCode::parse(code).unwrap_err();
            assert!(check(&err), "{code:?} gave {err:?}");
            assert!(!err.to_string().is_empty());
        }
        assert!(
            GameCode::parse("KL1-D2N-AAAAAAA")
                .unwrap_err()
                .to_string()
                .contains("D2")
        );
    }

    #[test]
    fn game_specs_match_spec_section_1() {
        assert_eq!(KLONDIKE.dealt(), 28);
        assert_eq!(KLONDIKE.face_down_at_deal(), 21);
        assert_eq!(KLONDIKE.cards() - KLONDIKE.dealt(), 24);
        assert_eq!(KLONDIKE.normal_win_base(), 625);
        assert_eq!(DOUBLE.dealt(), 45);
        assert_eq!(DOUBLE.face_down_at_deal(), 36);
        assert_eq!(DOUBLE.cards() - DOUBLE.dealt(), 59);
        assert_eq!(DOUBLE.normal_win_base(), 1220);
        assert_eq!(DOUBLE.foundations(), 8);
    }
}
