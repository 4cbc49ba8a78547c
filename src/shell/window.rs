//! The window: its settings, the input of a frame handed to the app, the effects the app
//! queued carried out (saves, the clipboard, a replay's file), the framebuffer shown scaled in
//! the window, the pace of frames, and the start of the app from the saves. The one module
//! besides `platform` that talks to macroquad.

use macroquad::miniquad::PipelineParams;
use macroquad::miniquad::{EventHandler, KeyCode, KeyMods, MouseButton};
use macroquad::prelude::*;

use crate::engine::{Draw, GameCode, GameKind, Scoring};
use crate::save::{self, Persist, Storage};
use crate::shell::platform;
use crate::ui::app::App;
use crate::ui::events::{FrameInput, Input, Key};
use crate::ui::focus::Arrow;
use crate::ui::layout::{FB_H, FB_W};
use crate::ui::strings::Language;
use crate::ui::view::View;
use macroquad::miniquad::TouchPhase;

/// The window's settings: a resizable, DPI-aware window that sleeps until something happens,
/// with the game's icon drawn from `assets`.
pub fn conf(assets: &crate::render::assets::Assets) -> macroquad::conf::Conf {
    let square = |size: usize| crate::render::icon::pixels(assets, size);
    let icon = macroquad::miniquad::conf::Icon {
        small: square(16).try_into().unwrap_or([0; 16 * 16 * 4]),
        medium: square(32).try_into().unwrap_or([0; 32 * 32 * 4]),
        big: square(64).try_into().unwrap_or([0; 64 * 64 * 4]),
    };
    let window = Conf {
        window_title: "Solitaire".to_owned(),
        icon: Some(icon),
        window_width: FB_W * 2,
        window_height: FB_H * 2,
        high_dpi: true,
        window_resizable: true,
        platform: macroquad::miniquad::conf::Platform {
            // Sleep until something happens: no frames while the player thinks.
            blocking_event_loop: true,
            // WM_CLASS on X11 (the app_id on Wayland): the name a desktop matches with
            // `solitaire.desktop` (its StartupWMClass), for the icon and the launcher entry.
            linux_wm_class: "solitaire",
            ..Default::default()
        },
        ..Default::default()
    };
    macroquad::conf::Conf {
        miniquad_conf: window,
        // Input wakes the loop; animations ask for their own frames.
        update_on: Some(macroquad::conf::UpdateTrigger {
            key_down: true,
            mouse_down: true,
            mouse_up: true,
            mouse_motion: true,
            touch: true,
            ..Default::default()
        }),
        default_filter_mode: FilterMode::Nearest,
        ..Default::default()
    }
}

/// The saves as this window opened them, and the language the game speaks.
pub struct Saves {
    persist: Persist<Box<dyn Storage>>,
    loaded: save::Loaded,
    pub language: Language,
}

/// Opens the saves and chooses the language: a link's (`?lang=`, kept as the player's
/// choice), else the one chosen in Settings, else the system's, else English.
pub fn open_saves() -> Saves {
    let storage = platform::storage().unwrap_or_else(|e| Box::new(save::NoStorage(e)));
    let (persist, mut loaded) = Persist::open(storage);
    let link_lang = platform::link_language().filter(|t| Language::from_tag(t).is_some());
    if let Some(tag) = &link_lang {
        loaded.settings.language = Language::from_tag(tag).map(|l| l.tag().to_string());
    }
    let system = platform::system_language();
    let language = crate::ui::strings::choose_language(
        link_lang.as_deref(),
        loaded.settings.language.as_deref(),
        system.as_deref(),
    );
    Saves {
        persist,
        loaded,
        language,
    }
}

/// The app at start-up, from the saves and the link (`--code`, or `?code=` on the web).
pub fn start_app(
    start: u64,
    code: Option<GameCode>,
    saves: Saves,
) -> (App, Persist<Box<dyn Storage>>) {
    let link = match (code, platform::query_code()) {
        (Some(code), _) => Some(Ok(code)),
        (None, Some(text)) => Some(GameCode::parse(&text)),
        (None, None) => None,
    };
    let Saves {
        mut persist,
        loaded,
        language,
    } = saves;
    crate::ui::strings::set_language(language);
    platform::label_page(language);
    let fresh = match link {
        Some(Ok(code)) => code,
        _ => crate::ui::screens::new_game::random_code(
            start,
            GameKind::Klondike,
            Draw::One,
            Scoring::Normal,
        ),
    };
    // A replay link (`?code=…&replay=…`) opens the replay, not the deal: the game in play is
    // left as it is.
    let replay = match (platform::link_replay(), &link) {
        (Some(text), Some(Ok(code))) => Some((*code, text)),
        _ => None,
    };
    let link = if replay.is_some() { None } else { link };
    let mut app = crate::ui::start::start_up(loaded, link, fresh, start.rotate_left(17));
    app.set_today(platform::today());
    app.set_share_to(platform::share_to());
    if let Some(asked) = platform::link_daily() {
        app.open_daily_link(&asked);
    }
    if let Some((code, text)) = replay {
        app.open_replay_link(code, &text);
    }
    save(&mut app, &mut persist, true);
    (app, persist)
}

/// Saves the app when something changed (`needed`), else only asks whether this window may
/// write now (the window that held the saves may be gone). Takes in what another window saved
/// when this one lost the saves or took them over, tells the notices, and keeps the standing
/// line "not saving" on show for as long as this window does not save.
pub fn save<S: Storage>(app: &mut App, persist: &mut Persist<S>, needed: bool) {
    persist.set_practice(app.session().is_practice());
    if needed {
        persist.save(app.game_to_save(), app.settings(), app.stats());
    } else {
        persist.poll();
    }
    if let Some(reload) = persist.take_reload() {
        match reload {
            save::Reload::Stats(stats) => *app.stats_mut() = stats,
            save::Reload::All(loaded) => reload_app(app, *loaded),
        }
        persist.save(app.game_to_save(), app.settings(), app.stats());
    }
    tell(app, persist);
    let s = crate::ui::strings::strings();
    app.set_standing(match persist.state() {
        save::Saving::Writes => None,
        save::Saving::OtherWindow => Some(s.not_saving_other),
        save::Saving::Failing => Some(s.not_saving_failing),
        save::Saving::Off => Some(s.not_saving_off),
    });
}

/// The window's app and its saves. The window library ends its loop when the window is
/// closed and drops the game's loop with all it holds: dropping this is the window closing.
pub struct Open<S: Storage> {
    pub app: App,
    pub persist: Persist<S>,
}

impl<S: Storage> Drop for Open<S> {
    fn drop(&mut self) {
        // Not while a panic unwinds: the app may be half-way through a change.
        if !std::thread::panicking() {
            closing(&mut self.app, &mut self.persist);
        }
    }
}

/// The window closes: a save that failed is tried once more, the last chance for the moves
/// made since the last save that worked. What that says goes to standard error (the window
/// is gone); when it fails too, the saves stay as they were last written (docs/FAQ.md).
pub fn closing<S: Storage>(app: &mut App, persist: &mut Persist<S>) {
    if persist.state() != save::Saving::Failing {
        return;
    }
    persist.save(app.game_to_save(), app.settings(), app.stats());
    while let Some(notice) = persist.take_notice() {
        eprintln!("solitaire: {}", crate::ui::strings::notice_text(&notice));
    }
    if persist.state() == save::Saving::Failing {
        eprintln!(
            "solitaire: {}",
            crate::ui::strings::strings().unsaved_at_close
        );
    }
}

/// The app again from what another window saved: its game, settings and statistics; what
/// belongs to this window (its shape, the date, the page) carried over.
fn reload_app(app: &mut App, loaded: save::Loaded) {
    let fresh = app.game().code();
    let now = app.now();
    let mut new = crate::ui::start::restore(loaded, fresh, platform::now_ms().rotate_left(29));
    if let Some(today) = app.today() {
        new.set_today(today);
    }
    new.set_share_to(app.share_to().clone());
    new.set_shape(app.shape());
    new.tick(now);
    *app = new;
}

/// The save notices, on screen and on standard error (for logs and bug reports).
pub fn tell<S: Storage>(app: &mut App, persist: &mut save::Persist<S>) {
    while let Some(notice) = persist.take_notice() {
        let text = crate::ui::strings::notice_text(&notice);
        eprintln!("solitaire: {text}");
        app.notify(text);
    }
}

/// Carries out what the app queued this frame (saving may queue a notice, which asks for a
/// redraw: the queue is drained until it stays empty). With `claim`, a frame that saved
/// nothing still asks whether this window may write now. Sounds go to `audio`, which follows
/// the setting (changed here or by another window's save). Says whether to draw the frame again.
pub fn run_effects<S: Storage>(
    app: &mut App,
    persist: &mut Persist<S>,
    audio: &crate::shell::audio::Audio,
    claim: bool,
) -> bool {
    use crate::ui::effect::Effect;
    let mut redraw = false;
    let mut asked = !claim;
    loop {
        tell(app, persist);
        let effects = app.take_effects();
        if effects.is_empty() {
            if asked {
                audio.set_enabled(app.settings().sound);
                return redraw;
            }
            asked = true;
            save(app, persist, false);
            continue;
        }
        for effect in effects {
            match effect {
                Effect::Redraw => redraw = true,
                Effect::Save => {
                    save(app, persist, true);
                    asked = true;
                }
                Effect::Clipboard(text) => platform::share(&text),
                Effect::Export { name, text } => save_replay(app, &name, &text),
                Effect::Sound(sound) => {
                    if app.settings().sound {
                        audio.play(sound);
                    }
                }
                Effect::Announce(text) => platform::announce(&text),
                Effect::Language(language) => platform::label_page(language),
            }
        }
    }
}

/// A web page has no files: a shared replay is its link.
#[cfg(target_arch = "wasm32")]
fn save_replay(_: &mut App, _: &str, _: &str) {}

/// Saves a shared replay as a script in the data folder's `replays/`, and says where.
#[cfg(not(target_arch = "wasm32"))]
fn save_replay(app: &mut App, name: &str, script: &str) {
    use crate::ui::strings::{fill, strings};
    let Some(dir) = crate::save::FileStorage::default_dir() else {
        return;
    };
    let s = strings();
    let storage = crate::save::FileStorage::in_dir(dir);
    // Written like the records: a new file renamed into `replays/`, never through a link.
    let text = match storage.write_replay(name, script.as_bytes()) {
        Ok(path) => fill(s.replay_saved, &[("path", &path.display().to_string())]),
        Err(e) => fill(
            s.replay_not_saved,
            &[("why", &crate::ui::strings::storage_error_text(&e))],
        ),
    };
    app.notify(text);
}

/// The input of one frame, gathered from the window library's events: pointer events with
/// the time the player made them where the platform gives it (the browser's own event times;
/// natively the window library gives none, and the frame's time stands in).
pub struct Inputs {
    subscriber: usize,
    frame: FrameInput,
    /// The loop's clock started at this wall-clock time (milliseconds).
    start: u64,
    /// A finger has touched the screen (or the page said it is a touch screen).
    pub touch: bool,
    fullscreen: bool,
}

impl EventHandler for Inputs {
    fn update(&mut self) {}
    fn draw(&mut self) {}
    fn mouse_motion_event(&mut self, x: f32, y: f32) {
        let at = self.stamp(platform::Stamp::Move);
        self.frame.push(Input::Move(x, y), at);
    }
    fn mouse_button_down_event(&mut self, b: MouseButton, x: f32, y: f32) {
        if b == MouseButton::Left {
            let at = self.stamp(platform::Stamp::Down);
            self.frame.push(Input::Down(x, y), at);
        }
    }
    fn mouse_button_up_event(&mut self, b: MouseButton, x: f32, y: f32) {
        match b {
            MouseButton::Left => {
                let at = self.stamp(platform::Stamp::Up);
                self.frame.push(Input::Up(x, y), at);
            }
            // macroquad's word for "the pointer entered with no button down".
            MouseButton::Unknown => self.frame.push(Input::EnterUp(x, y), None),
            _ => {}
        }
    }
    fn touch_event(&mut self, _: TouchPhase, _: u64, _: f32, _: f32) {
        self.touch = true;
    }
    fn char_event(&mut self, c: char, _: KeyMods, _: bool) {
        self.frame.push(Input::Char(c), None);
    }
    fn key_down_event(&mut self, k: KeyCode, mods: KeyMods, _: bool) {
        // Ctrl+Z (Cmd+Z on a Mac): undo; Ctrl+Y or Ctrl+Shift+Z: redo. Everything stays
        // doable with the mouse alone.
        let ctrl = mods.ctrl || mods.logo;
        let input = match k {
            KeyCode::Y | KeyCode::Z if ctrl && (k == KeyCode::Y || mods.shift) => Input::Redo,
            KeyCode::Z if ctrl => Input::Undo,
            // On the web the page hands over its paste events' text instead.
            KeyCode::V if ctrl && cfg!(not(target_arch = "wasm32")) => match platform::pasted() {
                Some(text) => Input::Paste(text),
                None => return,
            },
            KeyCode::Tab => Input::Key(Key::Tab { back: mods.shift }),
            KeyCode::F11 => {
                self.fullscreen = !self.fullscreen;
                macroquad::miniquad::window::set_fullscreen(self.fullscreen);
                return;
            }
            KeyCode::Backspace => Input::Key(Key::Backspace),
            KeyCode::Enter | KeyCode::KpEnter => Input::Key(Key::Enter),
            KeyCode::Escape => Input::Key(Key::Escape),
            KeyCode::Space => Input::Key(Key::Space),
            KeyCode::Left => Input::Key(Key::Arrow(Arrow::Left)),
            KeyCode::Right => Input::Key(Key::Arrow(Arrow::Right)),
            KeyCode::Up => Input::Key(Key::Arrow(Arrow::Up)),
            KeyCode::Down => Input::Key(Key::Arrow(Arrow::Down)),
            _ => return,
        };
        self.frame.push(input, None);
    }
    fn window_minimized_event(&mut self) {
        self.frame.push(Input::Cancel, None);
    }
}

impl Inputs {
    /// Input for a loop whose clock started at `start` (wall-clock milliseconds).
    pub fn new(start: u64) -> Inputs {
        Inputs {
            subscriber: macroquad::input::utils::register_input_subscriber(),
            frame: FrameInput::new(),
            start,
            touch: platform::touch_screen(),
            fullscreen: false,
        }
    }

    /// When the player made the pointer event being handed over, on the loop's clock.
    fn stamp(&self, kind: platform::Stamp) -> Option<u64> {
        platform::event_time(kind).map(|at| at.saturating_sub(self.start))
    }

    /// Takes the input that came since the last frame (handed to the app by `deliver`, after
    /// the view is made for the window's size and the pointer's kind).
    pub fn collect(&mut self) {
        macroquad::input::utils::repeat_all_miniquad_input(self, self.subscriber);
        platform::forget_event_times();
        // macroquad reports a pointer coming back into the window with the button held as a
        // release there (and the button as down again).
        let held = is_mouse_button_down(macroquad::input::MouseButton::Left);
        self.frame.release_while_held_is_a_move(held);
        #[cfg(target_arch = "wasm32")]
        if let Some(text) = platform::pasted() {
            self.frame.push(Input::Paste(text), None);
        }
    }

    /// Hands the input of this frame to the app (`FrameInput::deliver`); says whether there
    /// was any.
    pub fn deliver(&mut self, app: &mut App, view: &View, t: u64, trace: bool) -> bool {
        self.frame.deliver(app, view, t, trace)
    }
}

/// The framebuffer on the GPU, and how it is drawn into the window.
pub struct Present {
    texture: Texture2D,
    size: (i32, i32),
    /// For a whole-number scale: nearest neighbour, the cheapest there is.
    opaque: Option<Material>,
    /// For a fractional one: sharp bilinear.
    sharp: Option<Material>,
    /// The texture's filter is linear (for the sharp shader).
    linear: std::cell::Cell<bool>,
}

impl Present {
    pub fn new(frame: &[u8], w: i32, h: i32) -> Present {
        // Sharp bilinear: the texture is sampled with a linear filter at coordinates the
        // shader moves to the middle of each framebuffer pixel except within half a screen
        // pixel of its edge; the result is nearest-neighbour with a one-pixel blend at edges a
        // fractional scale falls across (a whole-number scale has none). Drawn without
        // blending: the framebuffer is opaque, which costs a software GL about a third less.
        let sharp = load_material(
            ShaderSource::Glsl {
                vertex: SHARP_VERTEX,
                fragment: SHARP_FRAGMENT,
            },
            MaterialParams {
                pipeline_params: PipelineParams::default(),
                uniforms: vec![
                    UniformDesc::new("tex_size", UniformType::Float2),
                    UniformDesc::new("scale", UniformType::Float1),
                ],
                ..Default::default()
            },
        )
        .map_err(|e| eprintln!("solitaire: the sharp scaling shader failed ({e}); nearest it is"))
        .ok();
        let opaque = load_material(
            ShaderSource::Glsl {
                vertex: SHARP_VERTEX,
                fragment: OPAQUE_FRAGMENT,
            },
            MaterialParams {
                pipeline_params: PipelineParams::default(),
                ..Default::default()
            },
        )
        .ok();
        Present {
            texture: Present::texture(frame, w, h),
            size: (w, h),
            opaque,
            sharp,
            linear: std::cell::Cell::new(false),
        }
    }

    fn texture(frame: &[u8], w: i32, h: i32) -> Texture2D {
        let t = Texture2D::from_rgba8(w as u16, h as u16, frame);
        t.set_filter(FilterMode::Nearest);
        t
    }

    /// Sends the framebuffer to the GPU; a framebuffer of a new size gets a new texture.
    pub fn upload(&mut self, frame: &[u8], w: i32, h: i32) {
        if (w, h) != self.size {
            self.texture = Present::texture(frame, w, h);
            self.linear.set(false);
            self.size = (w, h);
        } else {
            self.texture.update_from_bytes(w as u32, h as u32, frame);
        }
    }

    /// Draws the framebuffer where the view puts it, the margins (if any) dark.
    pub fn draw(&self, view: &View) {
        let dpi = view.dpi;
        let (w, h) = (screen_width() * dpi, screen_height() * dpi);
        if !view.covers(w, h) {
            clear_background(Color::from_rgba(8, 14, 10, 255));
        }
        let (fw, fh) = (self.size.0 as f32, self.size.1 as f32);
        let sharp = self.sharp.as_ref().filter(|_| view.scale.fract() != 0.0);
        if sharp.is_some() != self.linear.get() {
            self.texture.set_filter(if sharp.is_some() {
                FilterMode::Linear
            } else {
                FilterMode::Nearest
            });
            self.linear.set(sharp.is_some());
        }
        if let Some(m) = sharp {
            m.set_uniform("tex_size", vec2(fw, fh));
            m.set_uniform("scale", view.scale);
            gl_use_material(m);
        } else if let Some(m) = &self.opaque {
            gl_use_material(m);
        }
        draw_texture_ex(
            &self.texture,
            view.x / dpi,
            view.y / dpi,
            WHITE,
            DrawTextureParams {
                dest_size: Some(vec2(fw * view.scale / dpi, fh * view.scale / dpi)),
                ..Default::default()
            },
        );
        gl_use_default_material();
    }
}

/// At most one frame every 16 ms: a mouse reporting hundreds of moves a second (or a display
/// without vsync, as under Xvfb) would otherwise draw a frame for each one. The moves that come
/// meanwhile are all handled in the next frame.
pub fn pace(last_frame: u64) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let since = platform::now_ms().saturating_sub(last_frame);
        if since < 16 {
            std::thread::sleep(std::time::Duration::from_millis(16 - since));
        }
    }
    #[cfg(target_arch = "wasm32")]
    let _ = last_frame; // the browser paces frames itself
}

const SHARP_VERTEX: &str = r#"#version 100
attribute vec3 position;
attribute vec2 texcoord;
varying highp vec2 uv;
uniform mat4 Model;
uniform mat4 Projection;
void main() {
    gl_Position = Projection * Model * vec4(position, 1);
    uv = texcoord;
}"#;

const OPAQUE_FRAGMENT: &str = r#"#version 100
varying highp vec2 uv;
uniform sampler2D Texture;
void main() {
    gl_FragColor = texture2D(Texture, uv);
}"#;

const SHARP_FRAGMENT: &str = r#"#version 100
#ifdef GL_FRAGMENT_PRECISION_HIGH
precision highp float;
#else
precision mediump float;
#endif
varying highp vec2 uv;
uniform sampler2D Texture;
uniform vec2 tex_size;
uniform float scale;
void main() {
    vec2 texel = uv * tex_size;
    vec2 cell = floor(texel);
    vec2 d = fract(texel) - 0.5;
    float range = max(0.5 - 0.5 / scale, 0.0);
    vec2 f = (d - clamp(d, -range, range)) * scale + 0.5;
    gl_FragColor = texture2D(Texture, (cell + f) / tex_size);
}"#;
