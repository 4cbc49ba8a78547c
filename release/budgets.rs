//! Reads `release/budgets.txt` for the benches and tests: `budget("name")` is the value of the
//! line `name value unit`. Shared with `#[path = "../release/budgets.rs"]`.

/// The budgets file, as the release scripts read it.
pub const TEXT: &str = include_str!("budgets.txt");

/// Every budget, in file order: name, value, unit.
pub fn all() -> Vec<(&'static str, f64, &'static str)> {
    TEXT.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let value = f.get(1).and_then(|v| v.parse().ok());
            match (f.len(), value) {
                (3, Some(v)) => (f[0], v, f[2]),
                _ => panic!("release/budgets.txt: `{l}` is not `name value unit`"),
            }
        })
        .collect()
}

/// The budget called `name`, in its unit.
#[allow(dead_code)]
pub fn budget(name: &str) -> f64 {
    all()
        .into_iter()
        .find(|b| b.0 == name)
        .unwrap_or_else(|| panic!("release/budgets.txt has no budget {name}"))
        .1
}
