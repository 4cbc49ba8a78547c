//! The floors of docs/ARCHITECTURE.md: each module of `src/` imports only from its own floor's
//! module or from the floors below it, and only the top floor talks to macroquad. Read from the
//! source text, so a `crate::…` path anywhere (a `use`, a full path in an expression) counts.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The floors, bottom to top. Modules on one floor do not import each other.
const FLOORS: &[&[&str]] = &[
    &["engine"],
    &["solver", "script"],
    &["play"],
    &["save"],
    &["ui"],
    &["render"],
    &["shell"],
];

fn floor_of(module: &str) -> Option<usize> {
    FLOORS.iter().position(|f| f.contains(&module))
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("src/ is readable") {
        let path = entry.expect("a directory entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The top-level modules a source text names through `crate::` (also inside `crate::{…}`).
fn imports(text: &str) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    let code: String = text
        .lines()
        .map(|l| match l.find("//") {
            Some(i) => &l[..i],
            None => l,
        })
        .collect::<Vec<_>>()
        .join("\n");
    let word = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
            .collect()
    };
    for (i, _) in code.match_indices("crate::") {
        let rest = &code[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let end = group.find('}').unwrap_or(group.len());
            for part in group[..end].split(',') {
                let w = word(part.trim());
                if !w.is_empty() {
                    out.insert(w);
                }
            }
        } else {
            out.insert(word(rest));
        }
    }
    out
}

/// Every import that runs up, or sideways to another module of the same floor.
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut bad = Vec::new();
    for path in files {
        let rel = path.strip_prefix(src).unwrap();
        let top = rel
            .components()
            .next()
            .unwrap()
            .as_os_str()
            .to_string_lossy();
        let module = top.trim_end_matches(".rs").to_string();
        if module == "lib" || module == "main" {
            continue;
        }
        let Some(own) = floor_of(&module) else {
            bad.push(format!(
                "{}: module `{module}` is on no floor",
                rel.display()
            ));
            continue;
        };
        let text = std::fs::read_to_string(&path).unwrap();
        for used in imports(&text) {
            if used == module {
                continue;
            }
            match floor_of(&used) {
                Some(f) if f < own => {}
                Some(_) => bad.push(format!(
                    "{}: `{module}` imports `crate::{used}`, which is not below it",
                    rel.display()
                )),
                None => bad.push(format!("{}: `crate::{used}` is on no floor", rel.display())),
            }
        }
        let talks_to_window = text.contains("macroquad") || text.contains("miniquad");
        if talks_to_window && module != "shell" {
            bad.push(format!(
                "{}: only `shell` talks to macroquad",
                rel.display()
            ));
        }
    }
    bad
}

#[test]
fn no_floor_imports_a_higher_one() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let bad = violations(&src);
    assert!(
        bad.is_empty(),
        "imports against the floors:\n{}",
        bad.join("\n")
    );
}

#[test]
fn every_top_level_module_is_on_a_floor() {
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    for line in lib
        .lines()
        .filter(|l| l.starts_with("pub mod ") || l.starts_with("mod "))
    {
        let name = line.rsplit(' ').next().unwrap().trim_end_matches(';');
        assert!(floor_of(name).is_some(), "`{name}` is on no floor");
    }
}

#[test]
fn the_check_sees_an_import_that_runs_up() {
    // The checker itself: a lower floor naming a higher one, in both spellings, is caught.
    let dir = std::env::temp_dir().join(format!("floors-{}", std::process::id()));
    let engine = dir.join("engine");
    std::fs::create_dir_all(&engine).unwrap();
    std::fs::write(engine.join("a.rs"), "use crate::ui::layout::Layout;\n").unwrap();
    std::fs::write(engine.join("b.rs"), "use crate::{engine::Card, save};\n").unwrap();
    std::fs::write(
        engine.join("c.rs"),
        "// crate::shell in a comment is fine\n",
    )
    .unwrap();
    let bad = violations(&dir);
    std::fs::remove_dir_all(&dir).ok();
    assert_eq!(bad.len(), 2, "{bad:?}");
}
