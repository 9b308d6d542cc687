//! Names and values that `weightforge export` writes into another program's source or
//! line format: only identifiers the target accepts, strings quoted, numbers finite.
//!
//! A name comes from outside (an engine declares its constants, a constants file names
//! them): written unchecked, `x=__import__('os').system('…');y` becomes a statement of
//! the Python file it is pasted into, and a newline in a name forges a line of `--format
//! lines`. Every writer goes through this file, so refusing happens at one place.

/// A name or value that cannot be written into the target format.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum SourceError {
    /// Not an identifier of the target language (or one of its keywords).
    #[error("{name:?} is not a Python identifier ({why}); rename it in the engine or file")]
    NotPythonIdentifier {
        /// The name, as given.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A name a `name value` line cannot hold.
    #[error("{name:?} cannot be written as one `name value` line ({why})")]
    NotLineName {
        /// The name, as given.
        name: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A value that is NaN or infinite.
    #[error("{name:?} has the value {value}, which is not a finite number")]
    NotFinite {
        /// The name of the value.
        name: String,
        /// The value.
        value: f64,
    },
}

/// Python's keywords (`keyword.kwlist`): not names a module may assign.
const PYTHON_KEYWORDS: &[&str] = &[
    "False", "None", "True", "and", "as", "assert", "async", "await", "break", "class", "continue",
    "def", "del", "elif", "else", "except", "finally", "for", "from", "global", "if", "import",
    "in", "is", "lambda", "nonlocal", "not", "or", "pass", "raise", "return", "try", "while",
    "with", "yield",
];

/// `name` if it is an ASCII Python identifier (letters, digits, `_`, not starting with a
/// digit) and not a keyword.
pub fn python_identifier(name: &str) -> Result<&str, SourceError> {
    let refuse = |why| {
        Err(SourceError::NotPythonIdentifier {
            name: name.to_string(),
            why,
        })
    };
    let mut chars = name.chars();
    match chars.next() {
        None => return refuse("empty"),
        Some(c) if !(c.is_ascii_alphabetic() || c == '_') => {
            return refuse("it must start with an ASCII letter or '_'")
        }
        _ => {}
    }
    if !chars.all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return refuse("only ASCII letters, digits and '_' may follow");
    }
    if PYTHON_KEYWORDS.contains(&name) {
        return refuse("it is a Python keyword");
    }
    Ok(name)
}

/// `name` if it can be the first word of a `name value` line: not empty, printable,
/// no whitespace.
pub fn line_name(name: &str) -> Result<&str, SourceError> {
    let refuse = |why| {
        Err(SourceError::NotLineName {
            name: name.to_string(),
            why,
        })
    };
    if name.is_empty() {
        return refuse("empty");
    }
    if name.chars().any(char::is_whitespace) {
        return refuse("it holds whitespace");
    }
    if name.chars().any(char::is_control) {
        return refuse("it holds a control character");
    }
    Ok(name)
}

/// `value` if it is finite; `name` says whose it is.
pub fn finite(name: &str, value: f64) -> Result<f64, SourceError> {
    if value.is_finite() {
        Ok(value)
    } else {
        Err(SourceError::NotFinite {
            name: name.to_string(),
            value,
        })
    }
}

/// A Python float literal that reads back as exactly `value` (finite, checked by the
/// caller with [`finite`]).
pub fn python_float(value: f64) -> String {
    // `{:?}` writes the shortest text that reads back as the same f64, always with a
    // '.' or an exponent, which Python reads the same way.
    format!("{value:?}")
}

/// `text` as a double-quoted Python string literal holding only printable ASCII: every
/// other character, the quote and the backslash escaped.
pub fn python_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            ' '..='~' => out.push(c),
            c if (c as u32) < 0x100 => out.push_str(&format!("\\x{:02x}", c as u32)),
            c if (c as u32) < 0x10000 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push_str(&format!("\\U{:08x}", c as u32)),
        }
    }
    out.push('"');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identifiers_and_keywords() {
        assert!(python_identifier("EAT_BONUS").is_ok());
        assert!(python_identifier("_x1").is_ok());
        for bad in [
            "",
            "1x",
            "x-y",
            "x=__import__('os').system('id');y",
            "class",
            "a b",
        ] {
            assert!(python_identifier(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn strings_hold_only_printable_ascii() {
        assert_eq!(python_string("a\"b\\c"), r#""a\"b\\c""#);
        assert_eq!(python_string("x\ny\u{202e}é"), r#""x\x0ay\u202e\xe9""#);
    }

    #[test]
    fn line_names_and_finite_values() {
        assert!(line_name("wolves:sheep_eaten").is_ok());
        assert!(line_name("a\nb 1").is_err());
        assert!(finite("x", f64::NAN).is_err());
        assert!(finite("x", f64::INFINITY).is_err());
        assert_eq!(python_float(0.1), "0.1");
        assert_eq!(python_float(3.0), "3.0");
        assert_eq!(python_float(1e300), "1e300");
    }
}
