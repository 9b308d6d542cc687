//! The guides cannot rot: every `weightforge` command in a ```sh block of docs/guide/
//! must name a command that exists and only flags that command has (checked against
//! its `--help`), and the blocks marked `<!-- test -->` (the line before the fence)
//! are run, with small budgets (`--games N` becomes `--games 4`), in a scratch folder
//! that sees the repository's experiments/ and genomes/; each must succeed.

use std::path::{Path, PathBuf};
use std::process::Command;

/// The marker line before a block the test runs.
const MARKER: &str = "<!-- test -->";

/// Games a run block plays in place of the guide's number.
const SMALL_GAMES: &str = "4";

/// A `weightforge` command of a guide: where it is and its words after `weightforge`.
struct Found {
    place: String,
    words: Vec<String>,
    run: bool,
}

/// Every `weightforge` command in the ```sh blocks of `text`.
fn commands(file: &str, text: &str) -> Vec<Found> {
    let mut out = Vec::new();
    let lines: Vec<&str> = text.lines().collect();
    let mut i = 0;
    while i < lines.len() {
        if lines[i].trim_start() != "```sh" {
            i += 1;
            continue;
        }
        let run = i > 0 && lines[i - 1].trim() == MARKER;
        let mut logical = String::new();
        i += 1;
        while i < lines.len() && lines[i].trim_start() != "```" {
            let line = lines[i].trim();
            i += 1;
            if let Some(head) = line.strip_suffix('\\') {
                logical.push_str(head);
                continue;
            }
            logical.push_str(line);
            let whole = std::mem::take(&mut logical);
            let words = shlex::split(&whole).unwrap_or_else(|| panic!("{file}:{i}: bad quoting"));
            // Up to a comment; from the `weightforge` word (after `mpirun …`, say).
            let words: Vec<String> = words.into_iter().take_while(|w| w != "#").collect();
            if let Some(at) = words.iter().position(|w| w == "weightforge") {
                out.push(Found {
                    place: format!("{file}:{i}"),
                    words: words[at + 1..].to_vec(),
                    run,
                });
            }
        }
        i += 1;
    }
    out
}

fn weightforge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_weightforge"))
}

/// `weightforge <path> --help`, or None when the path is not a command.
fn help(path: &[String]) -> Option<String> {
    let out = weightforge().args(path).arg("--help").output().unwrap();
    out.status
        .success()
        .then(|| String::from_utf8_lossy(&out.stdout).to_string())
}

/// Whether `help` lists `flag` (`--games`, `-o`).
fn has_flag(help: &str, flag: &str) -> bool {
    help.match_indices(flag).any(|(at, _)| {
        let before = help[..at].chars().last().unwrap_or(' ');
        let after = help[at + flag.len()..].chars().next().unwrap_or(' ');
        (before == ' ' || before == ',') && matches!(after, ' ' | ',' | '\n' | '=' | '<' | '[')
    })
}

/// Checks the command path and every flag of `words`; panics naming `place`.
fn check(place: &str, words: &[String]) {
    let top = help(&[]).unwrap();
    let mut path: Vec<String> = Vec::new();
    let mut helps = vec![top];
    let mut k = 0;
    while k < words.len() {
        let w = &words[k];
        if let Some(flag) = w.strip_prefix('-').map(|_| w.split('=').next().unwrap()) {
            let known = helps.last().is_some_and(|h| has_flag(h, flag));
            assert!(
                known,
                "{place}: `weightforge {}` has no flag {flag}",
                path.join(" ")
            );
            k += 1;
            continue;
        }
        // A word that names a subcommand of the command so far.
        let mut next = path.clone();
        next.push(w.clone());
        let listed = helps.last().is_some_and(|h| {
            h.contains("Commands:")
                && h.lines()
                    .any(|l| l.trim_start().starts_with(&format!("{w} ")))
        });
        if listed {
            let h = help(&next).unwrap_or_else(|| panic!("{place}: no command {next:?}"));
            path = next;
            helps.push(h);
        }
        k += 1;
    }
    assert!(
        !path.is_empty() || words.is_empty() || words.iter().all(|w| w.starts_with('-')),
        "{place}: {words:?} names no command"
    );
}

/// `words` with the budgets made small.
fn small(words: &[String]) -> Vec<String> {
    let mut out = words.to_vec();
    for k in 1..out.len() {
        if out[k - 1] == "--games" {
            out[k] = SMALL_GAMES.into();
        }
    }
    out
}

/// A scratch folder that sees the repository's experiments/ and genomes/.
fn scratch() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    for sub in ["experiments", "genomes"] {
        copy_tree(&root.join(sub), &dir.path().join(sub));
    }
    dir
}

fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir(from).unwrap() {
        let p: PathBuf = entry.unwrap().path();
        let target = to.join(p.file_name().unwrap());
        if p.is_dir() {
            copy_tree(&p, &target);
        } else {
            std::fs::copy(&p, &target).unwrap();
        }
    }
}

#[test]
fn the_guides_commands_exist_and_the_marked_ones_run() {
    let mut guides: Vec<PathBuf> = std::fs::read_dir("docs/guide")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    guides.sort();
    let work = scratch();
    let (mut checked, mut ran) = (0, 0);
    for guide in &guides {
        let text = std::fs::read_to_string(guide).unwrap();
        for c in commands(&guide.display().to_string(), &text) {
            check(&c.place, &c.words);
            checked += 1;
            if c.run {
                let out = weightforge()
                    .args(small(&c.words))
                    .current_dir(work.path())
                    .output()
                    .unwrap();
                assert!(
                    out.status.success(),
                    "{}: `weightforge {}` failed:\n{}",
                    c.place,
                    small(&c.words).join(" "),
                    String::from_utf8_lossy(&out.stderr)
                );
                ran += 1;
            }
        }
    }
    assert!(checked >= 20, "only {checked} guide commands found");
    assert!(ran >= 3, "only {ran} marked commands ran");
}

#[test]
fn a_missing_flag_or_command_is_caught() {
    let words = |s: &str| shlex::split(s).unwrap();
    let bad_flag = std::panic::catch_unwind(|| check("x", &words("match --no-such-flag 3")));
    assert!(bad_flag.is_err());
    let good = std::panic::catch_unwind(|| {
        check(
            "x",
            &words("--threads 2 match --game wolves_sheep a b --games 4"),
        )
    });
    assert!(good.is_ok());
    let found = commands(
        "g.md",
        "<!-- test -->\n```sh\nweightforge match \\\n  --games 40 # note\n```\n",
    );
    assert_eq!(found.len(), 1);
    assert!(found[0].run);
    assert_eq!(small(&found[0].words), ["match", "--games", SMALL_GAMES]);
}
