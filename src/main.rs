//! The `weightforge` command line: parses flags, resolves them into the library's
//! settings and prints results. All the work is done by the library.

mod cli;

fn main() {
    quiet_on_closed_pipe();
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

/// `weightforge ... | head` ends quietly when the reader goes away, as other Unix tools
/// do, instead of a panic message on the next line printed. SIGPIPE itself stays
/// ignored (Rust's default): a write to an outside engine that has died must come back
/// as an error the referee counts, not kill weightforge.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            // 128 + SIGPIPE, what a shell reports for a process the signal ended.
            std::process::exit(141);
        }
        default(info);
    }));
}
