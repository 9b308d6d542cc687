//! Helpers shared by the tests that run the `weightforge` binary: run it, feed it
//! standard input, read what it printed, and check that a bad command fails cleanly
//! (exit status 2, no panic); [`oracle`], the reader of the oracle data files;
//! [`tool`], the programs some tests need from the machine; [`experiment`], the tiny
//! tuning run the tuner's tests start from; [`matches`], a match played in-process; and
//! [`positions`], random positions for the search tests; [`search`], the search variants
//! they check.

pub mod experiment;
pub mod matches;
pub mod oracle;
pub mod positions;
pub mod search;
pub mod tool;

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Runs the binary with `args`.
pub fn weightforge(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Two games of the random player against itself in `game`, written to `record` (`-`:
/// standard output): what the command printed on standard output. It must succeed.
pub fn record_random_games(game: &str, record: &str) -> String {
    ok(&weightforge(&[
        "match", "--game", game, "random", "random", "--games", "2", "--quiet", "--record", record,
    ]))
}

/// Runs the binary with `args` and `input` on standard input.
pub fn with_stdin(args: &[&str], input: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .unwrap()
        .write_all(input.as_bytes())
        .unwrap();
    child.wait_with_output().unwrap()
}

/// Standard output, as text.
pub fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

/// Standard error, as text.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// The standard output of a command that must succeed.
pub fn ok(o: &Output) -> String {
    assert!(o.status.success(), "failed: {}", stderr(o));
    String::from_utf8(o.stdout.clone()).unwrap()
}

/// The error text of a finished command that must have failed cleanly.
pub fn failure(o: Output) -> String {
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "should fail: {err}");
    assert!(!err.contains("panicked"), "panicked: {err}");
    err
}

/// Runs a command that must fail cleanly and returns its error text.
pub fn fails(args: &[&str]) -> String {
    let o = weightforge(args);
    let err = stderr(&o);
    assert_eq!(o.status.code(), Some(2), "{args:?} should fail: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    err
}

/// The part of `text` after the first `from` and before the next `to` (or to the end),
/// e.g. one section of a run page; `None` when `from` is not in it.
pub fn between<'a>(text: &'a str, from: &str, to: &str) -> Option<&'a str> {
    let rest = text.split_once(from)?.1;
    Some(rest.split_once(to).map_or(rest, |(part, _)| part))
}

/// Writes `text` to `dir/name`.
pub fn temp_file(dir: &Path, name: &str, text: &str) -> PathBuf {
    let p = dir.join(name);
    std::fs::write(&p, text).unwrap();
    p
}
