//! Writes the game's icon as PNG files in the layout of a freedesktop icon theme, for the Linux
//! archives: `cargo run --release --example icons -- DIR` makes `DIR/NxN/apps/solitaire.png`
//! at each size of `SIZES`, from the same pixels as the window's icon and the Windows icon file.

use std::path::{Path, PathBuf};

use solitaire::render::{assets::Assets, icon, png};

/// The sizes desktops look for in the hicolor theme (menus, docks, task switchers).
const SIZES: [usize; 7] = [16, 24, 32, 48, 64, 128, 256];

fn write_all(root: &Path) -> std::io::Result<Vec<PathBuf>> {
    let assets = Assets::load();
    let mut written = Vec::new();
    for size in SIZES {
        let dir = root.join(format!("{size}x{size}")).join("apps");
        std::fs::create_dir_all(&dir)?;
        let path = dir.join("solitaire.png");
        let png = png::encode_pixels(size, size, &icon::pixels(&assets, size), true);
        std::fs::write(&path, png)?;
        written.push(path);
    }
    Ok(written)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [dir] = &args[..] else {
        eprintln!("usage: icons DIR   (writes DIR/NxN/apps/solitaire.png)");
        std::process::exit(2);
    };
    match write_all(Path::new(dir)) {
        Ok(paths) => {
            for p in paths {
                println!("{}", p.display());
            }
        }
        Err(e) => {
            eprintln!("icons: cannot write into {dir}: {e}");
            std::process::exit(1);
        }
    }
}
