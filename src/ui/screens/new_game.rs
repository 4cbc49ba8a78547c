//! The New Game window: the game, the draw, the scoring, and a random deal or a game code
//! (typed, or set letter by letter with the arrows). The code field and the choices are kept
//! in step both ways.

use super::{Cmd, Ctx, Item, Panel, Setting, Tone, UiAction, Widget, button, finger};
use crate::engine::{DEALS, Draw, GameCode, GameKind, Scoring, deal::splitmix};
use crate::ui::geom::{Rect, font, wrap};
use crate::ui::layout::Shape;
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

/// The code's column in the two-column window: its labels, then the code or the letters.
const LETTERS_X: i32 = 64;

/// Where the code's row and the deal's letters lie in the window. On a short touch screen (a
/// phone held sideways) they stand in a column of their own beside the choices, each in one of
/// the choices' rows (the code, the arrows up, the letters, the arrows down), so that the rows
/// can grow to a finger's height; elsewhere they lie under the choices.
struct Places {
    /// The code's (or the grade's) label's x, and where the code's text starts.
    label_x: i32,
    code: (i32, i32),
    /// The first letter's box, and the distance from one box to the next.
    letters: Rect,
    pitch: i32,
    /// The arrows' height, and how far above and below a letter's box's top they start.
    arrow_h: i32,
    arrow_dy: (i32, i32),
}

impl Places {
    fn new(form: &NewGameForm, r: Rect, ctx: &Ctx) -> Places {
        let t = ctx.shape.touch;
        let row = |i: i32| r.y + 24 + i * ROW;
        if super::side_by_side(ctx.shape) {
            let x = r.x + form.left_width(ctx);
            let code = (x + LETTERS_X, row(0) + 4);
            let pitch = (t + 2).min((r.right() - 14 - code.0 + 2) / 7);
            return Places {
                label_x: x,
                code,
                letters: Rect::new(code.0, row(2), pitch - 2, 14),
                pitch,
                arrow_h: 14,
                arrow_dy: (-ROW, ROW),
            };
        }
        let code = (r.x + COL, row(5));
        let (x, pitch, w) = match t {
            t if t > 14 => (code.0, (t + 2).min((r.right() - 14 - code.0 + 2) / 7), 2),
            _ => (code.0 + 60, 18, 4),
        };
        Places {
            label_x: r.x + 12,
            code,
            letters: Rect::new(x, code.1 + 30, pitch - w, 13),
            pitch,
            arrow_h: 11,
            arrow_dy: (-12, 14),
        }
    }
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

    /// The window's width: 360 pixels, or the table's width on a narrow screen; on a touch
    /// screen as wide as the deal's letters need (beside the choices on a short one), the
    /// table allowing.
    fn width(&self, ctx: &Ctx) -> i32 {
        let t = ctx.shape.touch;
        let w = match super::side_by_side(ctx.shape) {
            true => self.left_width(ctx) + LETTERS_X + 7 * (t + 2) - 2 + 14,
            false if t > 14 => W.max(COL + 7 * (t + 2) - 2 + 14),
            false => W,
        };
        w.min(ctx.shape.table().w - 8)
    }

    /// The width of the choices' column: their labels and their widest row of buttons.
    fn left_width(&self, ctx: &Ctx) -> i32 {
        let row = |r: &Vec<(&str, UiAction, bool)>| -> i32 {
            r.iter()
                .map(|&(l, a, sel)| finger(button(0, 0, l, a, sel), ctx.shape).rect.w + 6)
                .sum()
        };
        COL + self.choices(ctx).iter().map(row).max().unwrap_or(0) + 8
    }

    /// The seven deal-letter boxes (each with an arrow above and below): on a touch screen
    /// each a finger wide, or as near as the window allows.
    fn letter_rects(&self, at: &Places) -> Vec<Rect> {
        if self.random {
            return Vec::new();
        }
        (0..7)
            .map(|i| {
                Rect::new(
                    at.letters.x + i * at.pitch,
                    at.letters.y,
                    at.letters.w,
                    at.letters.h,
                )
            })
            .collect()
    }

    pub fn panel(&self, ctx: &Ctx) -> Panel {
        let s = strings();
        let width = self.width(ctx);
        let lines = self.footer(ctx, width);
        let extra = (lines.len() as i32 - 2).max(0) * 12;
        let h = match super::side_by_side(ctx.shape) {
            true => 136 + 12 * lines.len() as i32,
            false => H + extra,
        };
        let mut p = Panel::centred(width, h, s.new_game, true);
        let r = p.rect;
        let at = Places::new(self, r, ctx);
        let row = |i: i32| r.y + 24 + i * ROW;
        for (i, label) in [s.game, s.draw, s.scoring, s.deal].into_iter().enumerate() {
            p.add(Item::label(r.x + 12, row(i as i32) + 4, label, Tone::Dim));
        }
        let (x, y) = at.code;
        let grading = self.random && ctx.settings.winnable_only;
        p.add(Item::label(
            at.label_x,
            y,
            if grading { s.grade_label } else { s.code },
            Tone::Dim,
        ));
        if grading {
            self.grades(&mut p, (x, y), ctx.shape);
        } else if self.random {
            let mode = GameCode::new(self.game, self.draw, self.scoring, 0).mode_text();
            p.add(Item::label(x, y, format!("{mode}-???????"), Tone::Dim));
        } else {
            self.code_field(&mut p, &at);
        }
        let n = lines.len() as i32;
        for (i, (line, tone)) in lines.into_iter().enumerate() {
            let y = r.bottom() - 24 - (n - i as i32) * 12;
            p.add(Item::label(r.x + 12, y, line, tone));
        }
        self.buttons(&mut p, ctx, &at);
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
    fn grades(&self, p: &mut Panel, (x, y): (i32, i32), shape: Shape) {
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
            let make = |bx, by| {
                finger(
                    button(bx, by, label, UiAction::SetGrade(g), self.grade == g),
                    shape,
                )
            };
            let mut b = make(bx, by);
            if bx > x && b.rect.right() > r.right() - 8 {
                (bx, by) = (x, by + ROW);
                b = make(bx, by);
            }
            bx = p.button(b).right() + 4;
        }
    }

    /// The deal's code being typed, where `at` puts it, and its letters one by one.
    fn code_field(&self, p: &mut Panel, at: &Places) {
        let s = strings();
        let (x, y) = at.code;
        p.add(Item::Inset {
            rect: Rect::new(x - 4, y - 3, 110, 13),
            rounded: false,
        });
        p.add(Item::label(x, y, self.text.clone(), Tone::Text));
        let w = font().width(&self.text).max(1);
        p.add(Item::Caret(Rect::new(x + w + 1, y - 1, 1, 9)));
        let letters = self.letter_rects(at);
        if let Some(first) = letters.first() {
            // Beside the letters: in the labels' column when they start at the code's.
            let lx = if first.x == x { at.label_x } else { x };
            p.add(Item::label(
                lx,
                first.y + (first.h - 7) / 2,
                s.letters,
                Tone::Dim,
            ));
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

    fn buttons(&self, p: &mut Panel, ctx: &Ctx, at: &Places) {
        let s = strings();
        let (x, y0) = (p.rect.x + COL, p.rect.y + 24);
        for (i, row) in self.choices(ctx).iter().enumerate() {
            let (mut bx, mut by) = (x, y0 + i as i32 * ROW);
            for &(label, action, selected) in row {
                let mut b = finger(button(bx, by, label, action, selected), ctx.shape);
                // The deal row may go on in the empty row under it, on a narrow screen.
                if i == 3 && bx > x && b.rect.right() > p.rect.right() - 8 {
                    (bx, by) = (x, by + ROW);
                    b = finger(button(bx, by, label, action, selected), ctx.shape);
                }
                bx = p.button(b).right() + 6;
            }
        }
        self.letter_arrows(p, at);
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
    fn letter_arrows(&self, p: &mut Panel, at: &Places) {
        let (h, (up, down)) = (at.arrow_h, at.arrow_dy);
        for (i, r) in self.letter_rects(at).into_iter().enumerate() {
            for (rect, label, action) in [
                (Rect::new(r.x, r.y + up, r.w, h), "▲", UiAction::LetterUp(i)),
                (
                    Rect::new(r.x, r.y + down, r.w, h),
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
