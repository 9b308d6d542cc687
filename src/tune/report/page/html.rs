//! Small HTML helpers for the run page: escaping, tables and links to the concepts
//! page.

use std::path::{Component, Path};

use crate::tune::report::standing::CONCEPTS;

/// The concepts page's address from a page in report folder `dir`, when the run's
/// working directory holds weightforge's docs (a relative link for a relative folder,
/// a `file:` one otherwise); `None` when it does not.
pub fn concepts_href(dir: &Path) -> Option<String> {
    let docs = Path::new(CONCEPTS);
    if !docs.is_file() {
        return None;
    }
    let plain = dir.components().all(|c| matches!(c, Component::Normal(_)));
    if dir.is_relative() && plain {
        return Some("../".repeat(dir.components().count()) + CONCEPTS);
    }
    let abs = docs.canonicalize().ok()?;
    Some(format!("file://{}", abs.display()))
}

/// A link to section `anchor` of the concepts page, reading `text`; without an address,
/// the text and the page's path.
pub fn concepts_link(href: Option<&str>, anchor: &str, text: &str) -> String {
    match href {
        Some(h) => format!("<a href=\"{}#{anchor}\">{}</a>", escape(h), escape(text)),
        None => format!("{} ({CONCEPTS}#{anchor})", escape(text)),
    }
}

/// Text made safe inside HTML elements and attribute values.
pub fn escape(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => s.push_str("&amp;"),
            '<' => s.push_str("&lt;"),
            '>' => s.push_str("&gt;"),
            '"' => s.push_str("&quot;"),
            '\'' => s.push_str("&#39;"),
            c => s.push(c),
        }
    }
    s
}

/// `text` as one segment of a relative URL: every byte but letters, digits and `-._~`
/// percent-encoded, so a folder named `javascript:x` or `a/b?c` links to itself.
pub fn url_segment(text: &str) -> String {
    let mut s = String::with_capacity(text.len());
    for b in text.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~".contains(&b) {
            s.push(b as char);
        } else {
            s.push_str(&format!("%{b:02X}"));
        }
    }
    s
}

/// A table with an id: a header row and rows of cells (already HTML).
pub fn table(id: &str, header: &[&str], rows: &[Vec<String>]) -> String {
    let mut s = format!("<table id=\"{id}\">");
    if header.iter().any(|h| !h.is_empty()) {
        s.push_str("<thead><tr>");
        for h in header {
            s.push_str(&format!("<th>{}</th>", escape(h)));
        }
        s.push_str("</tr></thead>");
    }
    s.push_str("<tbody>");
    for r in rows {
        s.push_str("<tr>");
        for c in r {
            s.push_str(&format!("<td>{c}</td>"));
        }
        s.push_str("</tr>");
    }
    s.push_str("</tbody></table>");
    s
}

/// Seconds as `1 h 02 min`, `3 min 05 s` or `12.3 s`.
pub fn duration(secs: f64) -> String {
    if !secs.is_finite() || secs < 0.0 {
        return "unknown".into();
    }
    let s = secs.round() as u64;
    if s >= 3600 {
        format!("{} h {:02} min", s / 3600, (s % 3600) / 60)
    } else if s >= 60 {
        format!("{} min {:02} s", s / 60, s % 60)
    } else {
        format!("{secs:.1} s")
    }
}

/// The stylesheet of the run page and the index.
pub const STYLE: &str = "body{font-family:sans-serif;margin:24px;color:#222;max-width:1280px}\
h1{margin-bottom:4px}h2{margin-top:28px;border-bottom:1px solid #ddd}\
table{border-collapse:collapse;margin:8px 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}\
th{background:#f3f3f3}td:first-child,th:first-child{text-align:left}\
.multiples{display:flex;flex-wrap:wrap;gap:6px}figure{margin:0}\
pre{background:#f7f7f7;padding:8px;overflow:auto;max-height:420px;white-space:pre-wrap;overflow-wrap:anywhere}\
summary{cursor:pointer;font-weight:bold;margin:8px 0}.verdict td{font-size:17px}.status{font-weight:bold}\
.muted{color:#666}.good{color:#1a7f37}.bad{color:#b42318}#experiment td,#games td,#finalists td,#runs td,#provenance td{text-align:left}";
