//! The few things that differ between native and web: the clock and the display check.

/// Milliseconds since some fixed moment (the wall clock; native and web alike).
pub fn now_ms() -> u64 {
    (macroquad::miniquad::date::now() * 1000.0) as u64
}

/// Why a window cannot open here, if it cannot (native Linux without a display).
pub fn missing_display() -> Option<&'static str> {
    #[cfg(all(unix, not(target_os = "macos"), not(target_arch = "wasm32")))]
    {
        let set = |k: &str| std::env::var_os(k).is_some_and(|v| !v.is_empty());
        if !set("DISPLAY") && !set("WAYLAND_DISPLAY") {
            return Some(crate::ui::strings::strings().no_display);
        }
    }
    None
}
