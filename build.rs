//! On Windows, the program file carries the game's icon (`assets/icon.ico`, made from the
//! pixel art and kept current by `tests/screenshots.rs`): compiled as a resource with MinGW's
//! `windres` (or `$WINDRES`) and linked into the binary. Elsewhere this does nothing.

use std::path::PathBuf;
use std::process::Command;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=assets/icon.ico");
    println!("cargo:rerun-if-env-changed=WINDRES");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("windows") {
        return;
    }
    let (Some(out), Some(dir)) = (
        std::env::var_os("OUT_DIR").map(PathBuf::from),
        std::env::var_os("CARGO_MANIFEST_DIR").map(PathBuf::from),
    ) else {
        return;
    };
    let ico = dir.join("assets").join("icon.ico");
    let rc = out.join("icon.rc");
    let obj = out.join("icon.o");
    let path = ico.display().to_string().replace('\\', "/");
    if std::fs::write(&rc, format!("1 ICON \"{path}\"\n")).is_err() {
        return;
    }
    let windres = std::env::var("WINDRES").unwrap_or_else(|_| "x86_64-w64-mingw32-windres".into());
    let made = Command::new(&windres)
        .arg(&rc)
        .args(["-O", "coff", "-o"])
        .arg(&obj)
        .status()
        .is_ok_and(|s| s.success());
    if made {
        println!("cargo:rustc-link-arg-bins={}", obj.display());
    } else {
        println!("cargo:warning=no {windres}: the Windows program is built without its icon");
    }
}
