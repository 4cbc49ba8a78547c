//! The shape of the house (docs/ARCHITECTURE.md): no source file over 800 lines (test files
//! aside), `ui/app.rs` under 400, and no function over 80 lines, so a change never has to be
//! read in one long stretch. Read from the source text.

use std::path::{Path, PathBuf};

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

fn sources() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    files.sort();
    files
        .into_iter()
        .map(|p| {
            let text = std::fs::read_to_string(&p).expect("a source file is readable");
            (p, text)
        })
        .collect()
}

fn is_test_file(path: &Path) -> bool {
    path.file_stem().is_some_and(|s| s == "tests")
}

/// Each function's name and length in lines: from its `fn` line to the line that closes its
/// body at the same indentation (rustfmt's layout).
fn long_functions(text: &str, limit: usize) -> Vec<(String, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut out = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let body = line.trim_start();
        let indent = line.len() - body.len();
        let head = [
            "fn ",
            "pub fn ",
            "pub(super) fn ",
            "pub(crate) fn ",
            "const fn ",
        ]
        .iter()
        .any(|p| body.starts_with(p));
        if !head || line.trim_end().ends_with(';') {
            continue;
        }
        let close = " ".repeat(indent) + "}";
        let Some(len) = lines[i + 1..].iter().position(|l| *l == close) else {
            continue;
        };
        if len + 2 > limit {
            let name = body.split('(').next().unwrap_or(body).to_string();
            out.push((name, len + 2));
        }
    }
    out
}

#[test]
fn no_source_file_is_over_800_lines_and_app_is_under_400() {
    let mut over = Vec::new();
    for (path, text) in sources() {
        let n = text.lines().count();
        let limit = if path.ends_with("ui/app.rs") {
            399
        } else {
            800
        };
        if n > limit && !is_test_file(&path) {
            over.push(format!("{}: {n} lines", path.display()));
        }
    }
    assert!(over.is_empty(), "files too long: {over:#?}");
}

#[test]
fn no_function_is_over_80_lines() {
    let mut over = Vec::new();
    for (path, text) in sources() {
        // The strings' tables are data written as a function's body, not steps to follow.
        if is_test_file(&path) || path.components().any(|c| c.as_os_str() == "strings") {
            continue;
        }
        for (name, n) in long_functions(&text, 80) {
            over.push(format!("{}: {name}: {n} lines", path.display()));
        }
    }
    assert!(over.is_empty(), "functions too long: {over:#?}");
}

#[test]
fn the_length_of_a_function_is_counted_to_its_own_closing_brace() {
    let text = "fn a() {\n    if x {\n    }\n    y\n}\n\nfn b() {}\n";
    assert_eq!(long_functions(text, 4), vec![("fn a".to_string(), 5)]);
    assert!(long_functions(text, 5).is_empty());
}
