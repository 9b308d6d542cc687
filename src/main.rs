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
/// do, instead of panicking on the next line printed.
fn quiet_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: restoring the default action of SIGPIPE at start-up, before any thread
    // exists, is what every C program starts with.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
