//! Text from outside (an engine's `id name` and `info` lines, a Vampires vs Werewolves
//! client's name, a player name read from a record) made safe to print: a control
//! character (escape sequences, CR, LF, NUL, DEL, C1) or a bidirectional override would
//! otherwise move the terminal's cursor, recolour it, or forge a line of output such as a
//! fake `result:` line. One function does it for the terminal, records and logs alike.

use std::borrow::Cow;

/// `text` with every control character and bidirectional override written as `\u{..}`
/// (a backslash as `\\` only when something else was escaped, so clean text is returned
/// as is and escaped text reads back without ambiguity).
pub fn escape_control(text: &str) -> Cow<'_, str> {
    if !text.chars().any(unsafe_char) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if unsafe_char(c) {
            out.extend(c.escape_unicode());
        } else if c == '\\' {
            out.push_str("\\\\");
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

/// Whether `c` changes what a terminal shows beyond printing itself.
fn unsafe_char(c: char) -> bool {
    c.is_control()
        || matches!(c, '\u{200e}' | '\u{200f}' | '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn control_characters_are_escaped_and_clean_text_is_kept() {
        assert!(matches!(escape_control("Wolf AI 2"), Cow::Borrowed(_)));
        assert_eq!(escape_control("a\\b"), "a\\b");
        assert_eq!(
            escape_control("x\r\nresult: 1-0"),
            "x\\u{d}\\u{a}result: 1-0"
        );
        assert_eq!(escape_control("\u{1b}[2J\\"), "\\u{1b}[2J\\\\");
        assert_eq!(escape_control("\u{202e}dlrow"), "\\u{202e}dlrow");
        assert_eq!(escape_control("\u{9b}31m"), "\\u{9b}31m");
    }
}
