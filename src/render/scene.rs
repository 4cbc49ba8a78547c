//! Draws the app into the framebuffer: the table, the cards in flight, the bar and the windows.

use super::assets::{Assets, font};
use super::frame::{Frame, Rect, Sprite};
use super::palette as pal;
use crate::engine::{Card, Pile};
use crate::ui::anim::{FLIP_MS, SLIDE_MS, Slide};
use crate::ui::app::{App, Screen};
use crate::ui::layout::{FB_H, FB_W, Layout};
use crate::ui::screens::{Item, Panel, Tone, Widget, bar};

/// Writes a text; returns its width.
pub fn text(frame: &mut Frame, x: i32, y: i32, s: &str, colour: pal::Rgba) -> i32 {
    let sprite = super::assets::text_sprite(s, colour);
    frame.blit(&sprite, x, y);
    sprite.w
}

fn text_centered(frame: &mut Frame, r: Rect, s: &str, colour: pal::Rgba) {
    let w = font().width(s);
    text(frame, r.x + (r.w - w) / 2, r.y + (r.h - 7) / 2, s, colour);
}

/// The felt with its quiet weave, over the whole framebuffer (the bar covers its part): drawn
/// once for each framebuffer size and copied into every frame.
fn felt(frame: &mut Frame) {
    thread_local! {
        static FELT: std::cell::RefCell<Frame> = std::cell::RefCell::new(Frame::new(0, 0));
    }
    FELT.with_borrow_mut(|felt| {
        if (felt.w, felt.h) != (frame.w, frame.h) {
            *felt = Frame::new(frame.w, frame.h);
            let (w, h) = (frame.w, frame.h);
            felt.fill(Rect::new(0, 0, w, h), pal::FELT);
            for y in 0..h {
                // Every 17th pixel along the weave's diagonal, on the even squares.
                let mut x = (-(y * 30)).rem_euclid(17);
                while x < w {
                    if (x + y) % 2 == 0 {
                        felt.set(x, y, pal::FELT_DARK);
                    }
                    x += 17;
                }
            }
        }
        frame.bytes.copy_from_slice(&felt.bytes);
    });
}

fn card_sprite(assets: &Assets, card: Card, face_up: bool) -> &Sprite {
    if face_up {
        assets.face(card)
    } else {
        &assets.back
    }
}

fn ease_out(t: f32) -> f32 {
    1.0 - (1.0 - t) * (1.0 - t)
}

/// Where the top `n` cards of a pile lie now, bottom first.
fn top_positions(app: &App, pile: Pile, n: usize) -> Vec<(i32, i32)> {
    let t = app.table_game().table();
    let l = app.layout();
    match pile {
        Pile::Column(i) => {
            let rects = l.column_rects(i, &t.columns[i]);
            rects[rects.len().saturating_sub(n)..]
                .iter()
                .map(|r| (r.x, r.y))
                .collect()
        }
        Pile::Waste => {
            let xs = l.waste_xs(t.waste.len(), t.fan);
            let mut v: Vec<(i32, i32)> = xs.iter().map(|&x| (x, l.waste.y)).collect();
            while v.len() < n {
                v.insert(0, (l.waste.x, l.waste.y));
            }
            v[v.len() - n..].to_vec()
        }
        Pile::Foundation(i) => vec![(l.foundations[i].x, l.foundations[i].y); n],
        Pile::Stock => vec![(l.stock.x, l.stock.y); n],
    }
}

fn draw_table(frame: &mut Frame, assets: &Assets, app: &App) {
    felt(frame);
    draw_stock(frame, assets, app);
    draw_waste(frame, assets, app);
    draw_foundations(frame, assets, app);
    draw_columns(frame, assets, app);
}

/// The stock: a small stack edge shows how thick it is; empty, a mark says what a click does.
fn draw_stock(frame: &mut Frame, assets: &Assets, app: &App) {
    let game = app.table_game();
    let t = game.table();
    let l = app.layout();
    if t.stock.is_empty() {
        let mark = if game.can_recycle() {
            &assets.recycle
        } else if game.no_pass_left() && !t.waste.is_empty() {
            &assets.no_pass
        } else {
            &assets.empty
        };
        frame.blit(mark, l.stock.x, l.stock.y);
    } else {
        let layers = (t.stock.len() as i32 - 1).min(24) / 8;
        for k in (1..=layers).rev() {
            frame.blit(&assets.back, l.stock.x - k, l.stock.y - k);
        }
        frame.blit(&assets.back, l.stock.x, l.stock.y);
    }
}

fn draw_waste(frame: &mut Frame, assets: &Assets, app: &App) {
    let t = app.table_game().table();
    let l = app.layout();
    let hidden = app.hidden_on(Pile::Waste);
    let xs = l.waste_xs(t.waste.len(), t.fan);
    let shown = xs.len();
    let visible = t.waste.len().saturating_sub(hidden);
    if visible == 0 {
        frame.blit(&assets.empty, l.waste.x, l.waste.y);
    }
    for (k, &x) in xs.iter().enumerate() {
        let idx = t.waste.len() - shown + k;
        if idx < visible {
            frame.blit(assets.face(t.waste[idx]), x, l.waste.y);
        }
    }
    if visible > 0 && visible < t.waste.len() - shown + 1 {
        // Everything shown is in flight; the card under them stays in the slot.
        frame.blit(assets.face(t.waste[visible - 1]), l.waste.x, l.waste.y);
    }
}

fn draw_foundations(frame: &mut Frame, assets: &Assets, app: &App) {
    let t = app.table_game().table();
    let l = app.layout();
    let launched = app.cascade().map(|c| &c.launched);
    for (i, r) in l.foundations.iter().enumerate() {
        let gone = app.hidden_on(Pile::Foundation(i)) + launched.as_ref().map_or(0, |v| v[i]);
        let f = &t.foundations[i];
        match f.len().checked_sub(gone + 1).map(|k| f[k]) {
            Some(card) => frame.blit(assets.face(card), r.x, r.y),
            None => {
                let suit = foundation_suit(l, i);
                frame.blit(&assets.empty_foundation[suit], r.x, r.y);
            }
        }
    }
}

fn draw_columns(frame: &mut Frame, assets: &Assets, app: &App) {
    let t = app.table_game().table();
    let l = app.layout();
    for (i, col) in t.columns.iter().enumerate() {
        let rects = l.column_rects(i, col);
        let n = rects.len() - app.hidden_on(Pile::Column(i)).min(rects.len());
        if n == 0 {
            frame.blit(&assets.empty_column, l.columns[i].x, l.columns[i].y);
        }
        for (k, r) in rects.iter().take(n).enumerate() {
            let face_up = k >= col.down.len();
            let card = if face_up {
                col.up[k - col.down.len()]
            } else {
                col.down[k]
            };
            let flipping = app.flip().filter(|f| f.column == i && k + 1 == rects.len());
            match flipping {
                Some(f) => {
                    let p = ((app.now() - f.start) as f32 / FLIP_MS as f32).clamp(0.0, 1.0);
                    let (sprite, w) = if p < 0.5 {
                        (&assets.back, r.w as f32 * (1.0 - 2.0 * p))
                    } else {
                        (assets.face(card), r.w as f32 * (2.0 * p - 1.0))
                    };
                    frame.blit_squeezed(sprite, r.x, r.y, w.round().max(2.0) as i32);
                }
                None => frame.blit(card_sprite(assets, card, face_up), r.x, r.y),
            }
        }
    }
}

/// The suit a foundation place belongs to (its row).
fn foundation_suit(l: &Layout, place: usize) -> usize {
    place / (l.foundations.len() / 4)
}

fn draw_slide(frame: &mut Frame, assets: &Assets, app: &App, s: &Slide) {
    let to = top_positions(app, s.to, s.cards.len());
    let p = ((app.now().saturating_sub(s.start)) as f32 / SLIDE_MS as f32).clamp(0.0, 1.0);
    let e = ease_out(p);
    for (k, card) in s.cards.iter().enumerate() {
        let (fx, fy) = s.from[k];
        let (tx, ty) = to.get(k).copied().unwrap_or((fx, fy));
        let x = fx as f32 + (tx - fx) as f32 * e;
        let y = fy as f32 + (ty - fy) as f32 * e;
        frame.blit(assets.face(*card), x.round() as i32, y.round() as i32);
    }
}

fn draw_moving(frame: &mut Frame, assets: &Assets, app: &App) {
    // A hint: a double outline round the cards to move (or the stock) and where they go.
    if let Some(h) = app.hint() {
        for r in std::iter::once(h.from).chain(h.to) {
            frame.outline(r.inset(-2), pal::HIGHLIGHT);
            frame.outline(r.inset(-1), pal::HIGHLIGHT);
        }
    }
    // The keyboard's focus: a dashed gold frame; the cards it holds, a plain one.
    if let Some((at, held)) = app.focus_rects() {
        if let Some(h) = held {
            frame.outline(h.inset(-1), pal::GOLD_DARK);
        }
        let r = at.inset(-2);
        frame.outline(r, pal::INK);
        frame.outline(r.inset(1), pal::HIGHLIGHT);
    }
    // The analysis's verdict: the fatal move outlined in red, the better one in yellow.
    for (r, fatal) in app.analysis_marks() {
        let colour = if fatal { pal::ERROR } else { pal::HIGHLIGHT };
        frame.outline(r.inset(-2), colour);
        frame.outline(r.inset(-1), colour);
    }
    for r in app.legal_drop_rects() {
        frame.blit(&assets.card_outline, r.x, r.y);
        frame.outline(r.inset(1), pal::HIGHLIGHT);
    }
    for s in app.slides() {
        draw_slide(frame, assets, app, s);
    }
    if let Some(d) = app.drag() {
        let r = d.rect();
        // A soft shadow under the lifted cards.
        let h = r.h + (d.cards.len() as i32 - 1) * d.step;
        frame.fill(
            Rect::new(r.x + 3, r.y + 3, r.w - 1, h - 1),
            pal::FELT_SHADOW,
        );
        for (k, card) in d.cards.iter().enumerate() {
            frame.blit(assets.face(*card), r.x, r.y + k as i32 * d.step);
        }
    }
}

fn draw_widget(frame: &mut Frame, w: &Widget) {
    // A button without a label is a place to click on what is drawn under it (a day on the
    // calendar): nothing of its own is drawn.
    if w.label.is_empty() {
        return;
    }
    let fill = if w.selected {
        pal::BUTTON_ON
    } else {
        pal::BUTTON
    };
    frame.fill(w.rect, fill);
    frame.rounded_outline(w.rect, pal::PANEL_EDGE);
    text_centered(frame, w.rect, &w.label, pal::TEXT);
}

fn tone(t: Tone) -> pal::Rgba {
    match t {
        Tone::Text => pal::TEXT,
        Tone::Dim => pal::TEXT_DIM,
        Tone::Highlight => pal::HIGHLIGHT,
        Tone::Error => pal::ERROR,
        Tone::Ink => pal::INK,
    }
}

/// Draws what a screen lists, knowing no screen.
fn draw_item(frame: &mut Frame, item: &Item) {
    match item {
        Item::Label {
            x,
            y,
            text: t,
            tone: c,
        } => {
            text(frame, *x, *y, t, tone(*c));
        }
        Item::Centered {
            rect,
            text: t,
            tone: c,
        } => text_centered(frame, *rect, t, tone(*c)),
        Item::Inset { rect, rounded } => {
            frame.fill(*rect, pal::INK);
            if *rounded {
                frame.rounded_outline(*rect, pal::PANEL_EDGE);
            } else {
                frame.outline(*rect, pal::PANEL_EDGE);
            }
        }
        Item::Caret(r) => frame.fill(*r, pal::HIGHLIGHT),
        Item::Bubble(r) => {
            frame.fill(*r, pal::PANEL);
            frame.rounded_outline(*r, pal::PANEL_EDGE);
        }
        Item::Fill {
            rect,
            tone: t,
            solid,
        } => {
            // A gold tile with a darker rim, as a coin is drawn; or an outline.
            if *solid {
                let c = if *t == Tone::Highlight {
                    pal::GOLD
                } else {
                    tone(*t)
                };
                frame.fill(*rect, c);
                frame.rounded_outline(*rect, pal::GOLD_DARK);
            } else {
                frame.rounded_outline(*rect, tone(*t));
            }
        }
        Item::Button(w) => draw_widget(frame, w),
    }
}

fn draw_hud(frame: &mut Frame, app: &App) {
    let shape = app.shape();
    frame.fill(shape.bar(), pal::HUD);
    // While a replay shows, the bar shows its game's figures and no buttons.
    if !app.is_watching() {
        for w in bar::buttons(app.table_game(), app.bankroll_text(), shape) {
            draw_widget(frame, &w);
        }
    }
    for item in bar::items(app.table_game(), app.bankroll_text(), app.status(), shape) {
        draw_item(frame, &item);
    }
}

fn draw_panel(frame: &mut Frame, p: &Panel) {
    if p.dim {
        frame.dim(pal::INK, 110);
    }
    let r = p.rect;
    frame.fill(Rect::new(r.x + 3, r.y + 3, r.w, r.h), pal::FELT_SHADOW);
    frame.fill(r, pal::PANEL);
    frame.rounded_outline(r, pal::PANEL_EDGE);
    text(frame, r.x + 10, r.y + 8, &p.title, pal::HIGHLIGHT);
    for item in &p.items {
        draw_item(frame, item);
    }
}

fn draw_overlay(frame: &mut Frame, app: &App) {
    draw_hud(frame, app);
    if let Some(p) = app.panel() {
        draw_panel(frame, &p);
    }
    // The keyboard's focus on a button: a gold frame two pixels wide (a button is small, and
    // lies on a dark panel), with a dark rim that keeps it apart from a lit button.
    if let Some(r) = app.control_focus_rect() {
        frame.outline(r.inset(-3), pal::INK);
        frame.outline(r.inset(-2), pal::HIGHLIGHT);
        frame.outline(r.inset(-1), pal::HIGHLIGHT);
    }
}

/// Draws the whole screen of the app.
/// The frame and the art must have the app's sizes (`Renderer::draw` sees to it).
pub fn draw(frame: &mut Frame, assets: &Assets, app: &App) {
    draw_table(frame, assets, app);
    if let Some(c) = app.cascade() {
        draw_stamps(frame, assets, &c.stamps);
    }
    draw_moving(frame, assets, app);
    draw_overlay(frame, app);
}

fn draw_stamps(frame: &mut Frame, assets: &Assets, stamps: &[(Card, i32, i32)]) {
    for &(card, x, y) in stamps {
        frame.blit(assets.face(card), x, y);
    }
}

/// Draws frames for the window loop: like `draw`, but while the win cascade runs it keeps the
/// trail in the frame and adds only the new stamps, as the classic cascade looks.
pub struct Renderer {
    pub frame: Frame,
    pub assets: Assets,
    stamps_drawn: Option<usize>,
}

impl Default for Renderer {
    fn default() -> Self {
        Renderer::new()
    }
}

impl Renderer {
    pub fn new() -> Renderer {
        Renderer::with_assets(Assets::load())
    }

    /// A renderer drawing with art already loaded (the window loads it once, for its icon too).
    pub fn with_assets(assets: Assets) -> Renderer {
        Renderer {
            frame: Frame::new(FB_W, FB_H),
            assets,
            stamps_drawn: None,
        }
    }

    /// Draws the app; the frame and the cards take the app's sizes first, if they changed.
    pub fn draw(&mut self, app: &App) {
        let (shape, l) = (app.shape(), app.layout());
        if (self.frame.w, self.frame.h) != (shape.w, shape.h) {
            self.frame = Frame::new(shape.w, shape.h);
            self.stamps_drawn = None;
        }
        let four = app.settings().four_colour;
        if (
            self.assets.card_w,
            self.assets.card_h,
            self.assets.four_colour,
        ) != (l.card_w, l.card_h, four)
        {
            self.assets.fit(l.card_w, l.card_h, four);
            self.stamps_drawn = None;
        }
        match (app.screen(), app.cascade()) {
            (Screen::Won, Some(c)) => {
                let from = match self.stamps_drawn {
                    Some(n) if n <= c.stamps.len() => n,
                    _ => {
                        draw_table(&mut self.frame, &self.assets, app);
                        0
                    }
                };
                draw_stamps(&mut self.frame, &self.assets, &c.stamps[from..]);
                self.stamps_drawn = Some(c.stamps.len());
                draw_overlay(&mut self.frame, app);
            }
            _ => {
                self.stamps_drawn = None;
                draw(&mut self.frame, &self.assets, app);
            }
        }
    }
}
