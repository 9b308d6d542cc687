//! The `weightforge` command line: parses flags, resolves them into the library's
//! settings and prints results. All the work is done by the library.

mod cli;

fn main() {
    if let Err(err) = cli::run() {
        eprintln!("error: {}", message(&err));
        std::process::exit(2);
    }
}

/// The error and its causes, each said once: library errors already show their cause
/// (`path: what the system said`), so a cause whose text is already there is skipped.
fn message(err: &anyhow::Error) -> String {
    let mut text = String::new();
    for cause in err.chain() {
        let c = cause.to_string();
        if text.contains(&c) {
            continue;
        }
        if !text.is_empty() {
            text.push_str(": ");
        }
        text.push_str(&c);
    }
    text
}
