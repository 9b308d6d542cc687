//! One reader for the oracle files under tests/data/<game>/: lines of fields separated
//! by spaces, `#` comments to the end of a line, and blocks of lines separated by blank
//! lines. Each game's oracle tests say what the fields mean.

/// One line of an oracle file, its comment stripped.
pub struct Line<'a> {
    /// 1-based line number in the file, for messages.
    pub number: usize,
    /// The text before any `#`, trimmed.
    pub text: &'a str,
    /// The text split at whitespace.
    pub fields: Vec<&'a str>,
}

/// The text of `tests/data/<game>/<name>`.
pub fn read(game: &str, name: &str) -> String {
    let path = format!("{}/tests/data/{game}/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("oracle file {path}: {e}"))
}

/// Every line of `text`, blank ones as `None` (comment-only lines are skipped).
fn all_lines(text: &str) -> impl Iterator<Item = Option<Line<'_>>> {
    text.lines().enumerate().filter_map(|(n, raw)| {
        let text = raw.split('#').next().unwrap_or("").trim();
        match (text.is_empty(), raw.trim().is_empty()) {
            (false, _) => Some(Some(Line {
                number: n + 1,
                text,
                fields: text.split_whitespace().collect(),
            })),
            (true, true) => Some(None),
            (true, false) => None,
        }
    })
}

/// The lines of `text` that hold data: blank lines and comments left out.
pub fn lines(text: &str) -> impl Iterator<Item = Line<'_>> {
    all_lines(text).flatten()
}

/// The blocks of `text`: runs of data lines between blank lines.
pub fn blocks(text: &str) -> Vec<Vec<Line<'_>>> {
    let mut out: Vec<Vec<Line<'_>>> = vec![Vec::new()];
    for line in all_lines(text) {
        match line {
            Some(l) => out.last_mut().expect("a block").push(l),
            None if out.last().is_some_and(|b| !b.is_empty()) => out.push(Vec::new()),
            None => {}
        }
    }
    out.retain(|b| !b.is_empty());
    out
}
