//! The catalogue of bad inputs: every case in `tests/data/bad_inputs/cases.toml` runs the
//! release binary in a fresh folder (with the case's files, after its setup commands)
//! and must end within the time limit with the expected exit code and an error that
//! contains the expected words: a clear message, never a panic, an abort or a hang.

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use serde::Deserialize;

/// Seconds a case may take.
const CASE_TIMEOUT: Duration = Duration::from_secs(20);

/// Words that must never appear in any output.
const NEVER: &[&str] = &[
    "panicked",
    "RUST_BACKTRACE",
    "memory allocation",
    "(os error 2): No such",
];

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Catalogue {
    /// Texts that files can start from (`"@name"`).
    bases: BTreeMap<String, String>,
    case: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    args: Vec<String>,
    #[serde(default)]
    files: BTreeMap<String, String>,
    /// `[from, to]` replacements applied to files built from a base.
    #[serde(default)]
    edits: Vec<[String; 2]>,
    /// Commands run first; each must succeed.
    #[serde(default)]
    setup: Vec<Vec<String>>,
    /// `[file, from, to]` replacements after the setup.
    #[serde(default)]
    patch: Vec<[String; 3]>,
    /// Words the output (stderr and stdout) must contain.
    expect: Vec<String>,
    /// Files that must not exist after the case ran (nothing run or written).
    #[serde(default)]
    absent: Vec<String>,
    #[serde(default = "two")]
    exit: i32,
}

fn two() -> i32 {
    2
}

/// Runs the binary with `args` in `dir`: exit code (None: killed at the time limit),
/// and stdout + stderr.
fn run(dir: &Path, args: &[String]) -> (Option<i32>, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let t0 = Instant::now();
    while child.try_wait().expect("waiting works").is_none() {
        if t0.elapsed() > CASE_TIMEOUT {
            let _ = child.kill();
            let o = child.wait_with_output().expect("output");
            return (None, String::from_utf8_lossy(&o.stderr).into_owned());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    let o = child.wait_with_output().expect("output");
    let text = format!(
        "{}{}",
        String::from_utf8_lossy(&o.stderr),
        String::from_utf8_lossy(&o.stdout)
    );
    (o.status.code(), text)
}

/// Prepares the case's folder; returns the problem if it could not be prepared.
fn prepare(cat: &Catalogue, case: &Case, dir: &Path) -> Result<(), String> {
    for (file, text) in &case.files {
        let mut text = match text.strip_prefix('@') {
            Some(base) => cat.bases.get(base).ok_or("no such base")?.clone(),
            None => text.clone(),
        };
        for [from, to] in &case.edits {
            if !text.contains(from.as_str()) && case.files[file].starts_with('@') {
                return Err(format!("edit {from:?} matches nothing in {file}"));
            }
            text = text.replace(from.as_str(), to);
        }
        let path = dir.join(file);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, text).unwrap();
    }
    for args in &case.setup {
        let (code, out) = run(dir, args);
        if code != Some(0) {
            return Err(format!("setup {args:?} failed: {out}"));
        }
    }
    for [file, from, to] in &case.patch {
        let path = dir.join(file);
        let text = std::fs::read_to_string(&path).map_err(|e| format!("{file}: {e}"))?;
        if !text.contains(from.as_str()) {
            return Err(format!("patch {from:?} matches nothing in {file}"));
        }
        std::fs::write(path, text.replacen(from.as_str(), to, 1)).unwrap();
    }
    Ok(())
}

#[test]
fn every_bad_input_gets_a_clear_error_in_bounded_time() {
    let text = include_str!("../data/bad_inputs/cases.toml");
    let cat: Catalogue = toml::from_str(text).expect("the catalogue parses");
    assert!(cat.case.len() >= 60, "{} cases", cat.case.len());
    let mut failures = Vec::new();
    for case in &cat.case {
        let dir = tempfile::tempdir().unwrap();
        if let Err(e) = prepare(&cat, case, dir.path()) {
            failures.push(format!("{}: {e}", case.name));
            continue;
        }
        let (code, out) = run(dir.path(), &case.args);
        let lower = out.to_lowercase();
        let missing: Vec<&String> = case
            .expect
            .iter()
            .filter(|w| !lower.contains(&w.to_lowercase()))
            .collect();
        let forbidden: Vec<&&str> = NEVER.iter().filter(|w| out.contains(**w)).collect();
        let present: Vec<&String> = case
            .absent
            .iter()
            .filter(|f| dir.path().join(f).exists())
            .collect();
        if code != Some(case.exit)
            || !missing.is_empty()
            || !forbidden.is_empty()
            || !present.is_empty()
        {
            failures.push(format!(
                "{}: exit {code:?} (expected {}), missing {missing:?}, forbidden {forbidden:?}, present {present:?}\n{out}",
                case.name, case.exit
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} cases failed:\n{}",
        failures.len(),
        cat.case.len(),
        failures.join("\n")
    );
}
