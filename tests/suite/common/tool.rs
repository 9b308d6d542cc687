//! The programs some tests need from the machine (python3, chromium): in CI (`CI=true`,
//! as CI services set it and `.ci/run` exports it) a missing one fails the test, so that a
//! green run means those tests ran; elsewhere the test is skipped with a line on stderr.

use std::io::Write;
use std::path::PathBuf;

/// Whether the tests run in CI: `CI` is `true` (any case) or `1`.
pub fn in_ci() -> bool {
    std::env::var("CI").is_ok_and(|v| v.eq_ignore_ascii_case("true") || v == "1")
}

/// `found`, or — when the tool is missing — a failure in CI and `None` (a skip, said on
/// stderr) elsewhere. `what` names the tool and `install` says how to get it.
fn required<T>(found: Option<T>, test: &str, what: &str, install: &str) -> Option<T> {
    if found.is_some() {
        return found;
    }
    let message = format!("{test}: {what} is not installed ({install})");
    assert!(!in_ci(), "{message}; CI=true requires it");
    // Written to stderr itself, past the test harness's capture of `eprintln!`, so that
    // the skip shows in a passing run.
    let _ = writeln!(std::io::stderr(), "{message}: skipped");
    None
}

/// The first of `names` found on `PATH`.
fn on_path(names: &[&str]) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    names
        .iter()
        .flat_map(|name| std::env::split_paths(&path).map(move |d| d.join(name)))
        .find(|p| p.is_file())
}

/// Whether `python3` is on `PATH`; when it is not, `test` is skipped (false) or, in CI,
/// fails.
pub fn require_python3(test: &str) -> bool {
    let found = on_path(&["python3"]);
    required(found, test, "python3", "Debian: apt-get install python3").is_some()
}

/// A Chromium (or Chrome) binary on `PATH`; when there is none, `test` is skipped (`None`)
/// or, in CI, fails.
pub fn require_chromium(test: &str) -> Option<PathBuf> {
    let found = on_path(&["chromium", "chromium-browser", "google-chrome"]);
    required(found, test, "chromium", "Debian: apt-get install chromium")
}
