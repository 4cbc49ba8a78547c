//! The New Game window: the game, the draw, the scoring, and a random deal or a game code
//! (typed, or set letter by letter with the arrows). The code field and the choices are kept
//! in step both ways.

use super::{Cmd, Ctx, Item, Panel, Setting, Tone, UiAction, Widget};
use crate::engine::{DEALS, Draw, GameCode, GameKind, Scoring, deal::splitmix};
use crate::ui::geom::{Rect, font, wrap};
use crate::ui::strings::{code_error_text, strings};

/// The window's choices.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewGameForm {
    pub game: GameKind,
    pub draw: Draw,
    pub scoring: Scoring,
    /// A random deal, or the code in `text`.
    pub random: bool,
    /// The game code as typed or set with the letter arrows.
    pub text: String,
    /// What is wrong with `text`, after a Start that could not start it.
    pub error: Option<String>,
    /// How the search for a winnable deal is going.
    pub note: Option<String>,
    /// Winnable only: the grade of deal wanted (none: any).
    pub grade: Option<crate::solver::grade::Grade>,
}

const W: i32 = 360;
const H: i32 = 236;
/// The choices' column, and the distance between rows.
const COL: i32 = 76;
const ROW: i32 = 20;

/// A random deal of the given kind, from the entropy handed in.
pub fn random_code(entropy: u64, game: GameKind, draw: Draw, scoring: Scoring) -> GameCode {
    GameCode::new(game, draw, scoring, splitmix(entropy) % DEALS)
}

impl NewGameForm {
    pub fn from_code(code: GameCode) -> NewGameForm {
        NewGameForm {
            game: code.game,
            draw: code.draw,
            scoring: code.scoring,
            random: true,
            text: code.to_string(),
            error: None,
            note: None,
            grade: None,
        }
    }

    /// The deal number the text names, when it is a valid code.
    fn deal(&self) -> Option<u64> {
        GameCode::parse(&self.text).ok().map(|c| c.deal)
    }

    /// Rewrites the text from the choices, keeping the deal letters when the text has them.
    fn sync_text(&mut self, deal: u64) {
        self.text = GameCode::new(self.game, self.draw, self.scoring, deal).to_string();
        self.error = None;
    }

    /// The window's width: 360 pixels, or the table's width on a narrow screen.
    fn width(ctx: &Ctx) -> i32 {
        W.min(ctx.shape.table().w - 8)
    }

    /// Where the code text is written in the window `r`.
    fn code_origin(r: Rect) -> (i32, i32) {
        (r.x + COL, r.y + 24 + 5 * ROW)
    }

    /// The seven deal-letter boxes (each with an arrow above and below), under the code.
    fn letter_rects(&self, r: Rect) -> Vec<Rect> {
        if self.random {
            return Vec::new();
        }
        let (x0, y0) = NewGameForm::code_origin(r);
        (0..7)
            .map(|i| Rect::new(x0 + 60 + i * 18, y0 + 30, 14, 13))
            .collect()
    }

    pub fn panel(&self, ctx: &Ctx) -> Panel {
        let s = strings();
        let width = NewGameForm::width(ctx);
        let lines = self.footer(ctx, width);
        let extra = (lines.len() as i32 - 2).max(0) * 12;
        let mut p = Panel::centred(width, H + extra, s.new_game, true);
        let r = p.rect;
        let row = |i: i32| r.y + 24 + i * ROW;
        for (i, label) in [s.game, s.draw, s.scoring, s.deal].into_iter().enumerate() {
            p.add(Item::label(r.x + 12, row(i as i32) + 4, label, Tone::Dim));
        }
        let (x, y) = NewGameForm::code_origin(r);
        let grading = self.random && ctx.settings.winnable_only;
        p.add(Item::label(
            r.x + 12,
            y,
            if grading { s.grade_label } else { s.code },
            Tone::Dim,
        ));
        if grading {
            self.grades(&mut p, (x, y));
        } else if self.random {
            let mode = GameCode::new(self.game, self.draw, self.scoring, 0).mode_text();
            p.add(Item::label(x, y, format!("{mode}-???????"), Tone::Dim));
        } else {
            self.code_field(&mut p, (x, y));
        }
        let n = lines.len() as i32;
        for (i, (line, tone)) in lines.into_iter().enumerate() {
            let y = r.bottom() - 24 - (n - i as i32) * 12;
            p.add(Item::label(r.x + 12, y, line, tone));
        }
        self.buttons(&mut p, ctx);
        p
    }

    /// The lines at the bottom, wrapped to the window's `width`.
    fn footer(&self, ctx: &Ctx, width: i32) -> Vec<(String, Tone)> {
        let s = strings();
        // The lines at the bottom: how to type a code, what Winnable only does, and an error
        // or how the search goes; wrapped to the window, which grows to hold them.
        let mut said: Vec<(&str, Tone)> = Vec::new();
        if !self.random {
            said.push((s.code_hint, Tone::Dim));
        }
        if self.random && ctx.settings.winnable_only {
            let hint = match self.scoring {
                Scoring::Normal => s.winnable_only_hint,
                Scoring::Vegas => s.winnable_only_vegas,
            };
            said.push((hint, Tone::Dim));
        }
        // Today's deal is one deal a day for every player, so of one mode whatever is chosen
        // above: the window says which.
        said.push((s.daily_mode, Tone::Dim));
        said.push((s.paste_hint, Tone::Dim));
        if let Some(err) = &self.error {
            said.push((err, Tone::Error));
        } else if let Some(note) = &self.note {
            said.push((note, Tone::Text));
        }
        said.into_iter()
            .flat_map(|(text, tone)| wrap(text, width - 24).into_iter().map(move |l| (l, tone)))
            .collect()
    }

    /// The grade wanted, at (`x`, `y`).
    fn grades(&self, p: &mut Panel, (x, y): (i32, i32)) {
        let s = strings();
        let r = p.rect;
        // The grade wanted, in the code's row (a random deal has no code to show yet); the
        // row goes on under itself on a narrow screen.
        let choices = [
            (s.grade_any, None),
            (s.grade_easy, Some(crate::solver::grade::Grade::Easy)),
            (s.grade_medium, Some(crate::solver::grade::Grade::Medium)),
            (s.grade_hard, Some(crate::solver::grade::Grade::Hard)),
            (s.grade_expert, Some(crate::solver::grade::Grade::Expert)),
        ];
        let (mut bx, mut by) = (x, y - 4);
        for (label, g) in choices {
            let mut b = super::button(bx, by, label, UiAction::SetGrade(g), self.grade == g);
            if bx > x && b.rect.right() > r.right() - 8 {
                (bx, by) = (x, by + ROW);
                b = super::button(bx, by, label, UiAction::SetGrade(g), self.grade == g);
            }
            bx = p.button(b).right() + 4;
        }
    }

    /// The deal's code being typed, at (`x`, `y`), and its letters one by one.
    fn code_field(&self, p: &mut Panel, (x, y): (i32, i32)) {
        let s = strings();
        let r = p.rect;
        p.add(Item::Inset {
            rect: Rect::new(x - 4, y - 3, 110, 13),
            rounded: false,
        });
        p.add(Item::label(x, y, self.text.clone(), Tone::Text));
        let w = font().width(&self.text).max(1);
        p.add(Item::Caret(Rect::new(x + w + 1, y - 1, 1, 9)));
        let letters = self.letter_rects(r);
        if let Some(first) = letters.first() {
            p.add(Item::label(x, first.y + 3, s.letters, Tone::Dim));
        }
        let deal: Vec<char> = self.text.chars().skip(8).collect();
        for (i, rect) in letters.iter().enumerate() {
            p.add(Item::Inset {
                rect: *rect,
                rounded: true,
            });
            let c = deal.get(i).copied().unwrap_or(' ').to_string();
            p.add(Item::Centered {
                rect: *rect,
                text: c,
                tone: Tone::Highlight,
            });
        }
    }

    /// The choices of the four rows: game, draw, scoring, deal.
    fn choices(&self, ctx: &Ctx) -> [Vec<(&'static str, UiAction, bool)>; 4] {
        let s = strings();
        [
            GameKind::ALL
                .iter()
                .map(|&g| (s.game_name(g), UiAction::SetGame(g), self.game == g))
                .collect(),
            Draw::ALL
                .iter()
                .map(|&d| (s.draw_name(d), UiAction::SetDraw(d), self.draw == d))
                .collect(),
            Scoring::ALL
                .iter()
                .map(|&c| {
                    (
                        s.scoring_name(c),
                        UiAction::SetScoring(c),
                        self.scoring == c,
                    )
                })
                .collect(),
            vec![
                (s.random_deal, UiAction::SetRandom(true), self.random),
                (s.by_code, UiAction::SetRandom(false), !self.random),
                (
                    s.winnable_only,
                    UiAction::ToggleWinnableOnly,
                    ctx.settings.winnable_only,
                ),
            ],
        ]
    }

    fn buttons(&self, p: &mut Panel, ctx: &Ctx) {
        let s = strings();
        let (x, y0) = (p.rect.x + COL, p.rect.y + 24);
        for (i, row) in self.choices(ctx).iter().enumerate() {
            let (mut bx, mut by) = (x, y0 + i as i32 * ROW);
            for &(label, action, selected) in row {
                let mut b = super::button(bx, by, label, action, selected);
                // The deal row may go on in the empty row under it, on a narrow screen.
                if i == 3 && bx > x && b.rect.right() > p.rect.right() - 8 {
                    (bx, by) = (x, by + ROW);
                    b = super::button(bx, by, label, action, selected);
                }
                bx = p.button(b).right() + 6;
            }
        }
        self.letter_arrows(p);
        let y = p.bottom_row();
        p.buttons_from(
            p.rect.x + 10,
            y,
            &[
                (s.start, UiAction::Start, false),
                (s.cancel, UiAction::Cancel, false),
            ],
        );
        // Today's deal of the game chosen: the same deal for every player today.
        p.button(super::button_right(
            p.rect.right() - 10,
            y,
            s.todays_deal,
            UiAction::TodaysDeal,
        ));
    }

    /// The arrows over and under each letter of the deal.
    fn letter_arrows(&self, p: &mut Panel) {
        for (i, r) in self.letter_rects(p.rect).into_iter().enumerate() {
            for (rect, label, action) in [
                (
                    Rect::new(r.x, r.y - 12, r.w, 11),
                    "▲",
                    UiAction::LetterUp(i),
                ),
                (
                    Rect::new(r.x, r.bottom() + 1, r.w, 11),
                    "▼",
                    UiAction::LetterDown(i),
                ),
            ] {
                p.button(Widget {
                    rect,
                    label: label.into(),
                    action,
                    selected: false,
                });
            }
        }
    }

    /// A button of the window.
    pub fn act(&mut self, action: UiAction, ctx: &Ctx) -> Cmd {
        let deal = self.deal().unwrap_or(ctx.game.code().deal);
        match action {
            UiAction::SetGame(g) => self.game = g,
            UiAction::SetGrade(g) => {
                self.grade = g;
                return Cmd::Changed;
            }
            UiAction::TodaysDeal => return Cmd::Daily(self.game),
            UiAction::SetDraw(d) => self.draw = d,
            UiAction::SetScoring(s) => self.scoring = s,
            UiAction::SetRandom(r) => {
                self.random = r;
                self.error = None;
                return Cmd::Changed;
            }
            UiAction::LetterUp(i) | UiAction::LetterDown(i) => {
                let mut letters = GameCode::deal_letters(deal).into_bytes();
                let Some(l) = letters.get_mut(i) else {
                    return Cmd::Stay;
                };
                let n = *l - b'A';
                *l = b'A'
                    + if action == UiAction::LetterUp(i) {
                        (n + 1) % 26
                    } else {
                        (n + 25) % 26
                    };
                self.random = false;
                let deal = GameCode::deal_number(&String::from_utf8_lossy(&letters));
                self.sync_text(deal);
                return Cmd::Changed;
            }
            UiAction::ToggleWinnableOnly => {
                self.random |= !ctx.settings.winnable_only;
                return Cmd::Toggle(Setting::WinnableOnly);
            }
            UiAction::Start => return self.start(ctx),
            UiAction::Cancel => return Cmd::Close,
            _ => return Cmd::Stay,
        }
        self.sync_text(deal);
        Cmd::Changed
    }

    fn start(&mut self, ctx: &Ctx) -> Cmd {
        if self.random {
            let code = random_code(ctx.entropy, self.game, self.draw, self.scoring);
            if ctx.settings.winnable_only {
                self.error = None;
                self.note = Some(strings().looking_for_winnable.to_string());
                return Cmd::FindWinnable(code, self.grade);
            }
            return Cmd::Start(code);
        }
        match GameCode::parse(&self.text) {
            Ok(code) => Cmd::Start(code),
            // The running game stays as it was; the window says what is wrong.
            Err(e) => {
                self.error = Some(code_error_text(&e));
                Cmd::Stay
            }
        }
    }

    /// A typed character: the code field takes letters, digits and '-'. A code typed whole
    /// sets the choices to its own.
    pub fn type_char(&mut self, c: char) {
        if (c.is_ascii_alphanumeric() || c == '-') && self.text.len() < 24 {
            self.text.push(c.to_ascii_uppercase());
            self.typed();
        }
    }

    pub fn backspace(&mut self) {
        self.text.pop();
        self.typed();
    }

    fn typed(&mut self) {
        self.random = false;
        self.error = None;
        if let Ok(code) = GameCode::parse(&self.text) {
            self.game = code.game;
            self.draw = code.draw;
            self.scoring = code.scoring;
        }
    }
}
