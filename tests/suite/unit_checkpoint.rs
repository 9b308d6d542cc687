//! The end of a run is checkpointed per pair of games: a run stopped in selection or in
//! validation (here: its executor fails after a given number of finished units, as a
//! kill would leave it) resumes from the last finished pair and ends with the same
//! genome, the same validation lines and the same validation games, to the byte; the
//! unit files are gone once the run has finished. `scripts/kill_resume.sh` does the same
//! with `kill -9` on the binary.

use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use crate::common::experiment::{finished, Tiny};
use weightforge::dist::{AnyOutput, DistError, Executor, Threads, Work, Wrapped};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::checkpoint::unit_journal;
use weightforge::tune::checkpoint::{Checkpoint, GenerationRow};
use weightforge::tune::evolve;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;
use weightforge::tune::report::validation::{VALIDATION_GAMES, VALIDATION_TEXT};
use weightforge::tune::run_observer::RunObserver;

/// What a run said: its phases and its messages; `finishing` is set once the end of
/// the run (selection) starts.
#[derive(Default)]
struct Heard {
    finishing: Arc<AtomicBool>,
    messages: Mutex<Vec<String>>,
}

impl RunObserver for Heard {
    fn phase(&self, name: &str, _: u64) {
        if name == "selection" {
            self.finishing.store(true, Ordering::SeqCst);
        }
    }
    fn game(&self) {}
    fn generation(&self, _: &GenerationRow, _: &[String]) {}
    fn message(&self, text: &str) {
        self.messages.lock().unwrap().push(text.to_string());
    }
}

/// Threads that fail (as a killed run stops) once `limit` units of the run's end have
/// finished and been written down.
#[derive(Debug)]
struct StopAfterUnits {
    threads: Threads,
    finishing: Arc<AtomicBool>,
    limit: usize,
    recorded: AtomicUsize,
}

/// A batch seen through [`StopAfterUnits`].
struct Counted<'a> {
    inner: &'a dyn Work,
    stop: &'a StopAfterUnits,
}

impl Wrapped for Counted<'_> {
    fn inner(&self) -> &dyn Work {
        self.inner
    }
    fn record(&self, i: usize, out: &AnyOutput) -> Result<(), DistError> {
        self.inner.record(i, out)?;
        let s = self.stop;
        if s.finishing.load(Ordering::SeqCst)
            && s.recorded.fetch_add(1, Ordering::SeqCst) + 1 >= s.limit
        {
            return Err(DistError::Remote("stopped by the test".into()));
        }
        Ok(())
    }
}

impl Executor for StopAfterUnits {
    fn execute(
        &self,
        work: &dyn Work,
        done: &(dyn Fn(usize) + Sync),
    ) -> Result<Vec<AnyOutput>, DistError> {
        let counted = Counted {
            inner: work,
            stop: self,
        };
        self.threads.execute(&counted, done)
    }
}

/// Runs `exp` on one thread with `options`, resuming from `resume`.
fn run(
    exp: &Experiment,
    options: &RunOptions,
    resume: Option<Checkpoint>,
    obs: &Heard,
) -> Result<RunEnd, String> {
    let r = exp.resolve::<WolvesSheep>("tiny.ron").unwrap();
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .unwrap();
    pool.install(|| evolve::evolve::<WolvesSheep>(&r, "tiny.ron", resume, options, obs))
        .map_err(|e| e.to_string())
}

fn tiny(dir: &Path) -> Experiment {
    let tiny = Tiny {
        name: "tiny",
        seed: 11,
        algorithm: "Es(lambda: 4, sigma: 0.5)",
        hall_of_fame: 0,
    };
    tiny.experiment(dir)
}

/// The files a finished run must reproduce: the best genome, the validation lines and
/// the validation games.
fn outputs(dir: &Path) -> Vec<(String, Vec<u8>)> {
    let report = dir.join("reports/tiny");
    [
        dir.join("genomes/wolves_sheep/tiny-best.ron"),
        report.join("best.ron"),
        report.join(VALIDATION_TEXT),
        report.join(VALIDATION_GAMES),
    ]
    .into_iter()
    .map(|p| {
        let bytes = std::fs::read(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
        (p.file_name().unwrap().to_string_lossy().into_owned(), bytes)
    })
    .collect()
}

/// Stops the run after `limit` finished units of its end, resumes it, and returns its
/// outputs with the messages of the resumed session.
fn stopped_and_resumed(dir: &Path, limit: usize) -> (Vec<(String, Vec<u8>)>, Vec<String>) {
    let exp = tiny(dir);
    let first = Heard::default();
    let stopping = StopAfterUnits {
        threads: Threads::default(),
        finishing: first.finishing.clone(),
        limit,
        recorded: AtomicUsize::new(0),
    };
    let options = RunOptions {
        executor: Some(Arc::new(stopping)),
        ..RunOptions::default()
    };
    let err = run(&exp, &options, None, &first).expect_err("the run stops in its end");
    assert!(err.contains("stopped by the test"), "{err}");
    let report = dir.join("reports/tiny");
    assert!(report.join(unit_journal::DIR).is_dir(), "unit files kept");
    assert!(
        !report.join(VALIDATION_GAMES).exists(),
        "stopped before the end"
    );
    let cp = Checkpoint::load(&report).unwrap();
    let second = Heard::default();
    finished(run(&exp, &RunOptions::default(), Some(cp), &second).unwrap());
    assert!(
        !report.join(unit_journal::DIR).exists(),
        "unit files removed at the end"
    );
    let messages = second.messages.into_inner().unwrap();
    (outputs(dir), messages)
}

/// How many pairs the resumed session took from the unit files, by its messages.
fn reused(messages: &[String]) -> usize {
    messages
        .iter()
        .filter(|m| m.contains("were finished before the run stopped"))
        .map(|m| m.split(' ').next().unwrap().parse::<usize>().unwrap())
        .sum()
}

#[test]
fn stopped_in_selection_or_validation_resumes_to_the_same_outputs() {
    let whole_dir = tempfile::tempdir().unwrap();
    let exp = tiny(whole_dir.path());
    finished(run(&exp, &RunOptions::default(), None, &Heard::default()).unwrap());
    let whole = outputs(whole_dir.path());
    // Selection: 3 finalists (two generations and their average) × 2 opponents × 2
    // pairs = 12 units; validation: 2 opponents × 3 pairs = 6 units.
    for (limit, phase) in [
        (5, "selection"),
        (12, "selection's last"),
        (15, "validation"),
    ] {
        let dir = tempfile::tempdir().unwrap();
        let (resumed, messages) = stopped_and_resumed(dir.path(), limit);
        assert_eq!(
            reused(&messages),
            limit,
            "stopped after {limit} units ({phase}): {messages:?}"
        );
        for ((name, a), (_, b)) in whole.iter().zip(&resumed) {
            assert!(a == b, "{name} differs after a stop in {phase}");
        }
    }
}

#[test]
fn a_unit_file_cut_short_replays_its_last_pair() {
    let dir = tempfile::tempdir().unwrap();
    let exp = tiny(dir.path());
    let first = Heard::default();
    let stopping = StopAfterUnits {
        threads: Threads::default(),
        finishing: first.finishing.clone(),
        limit: 4,
        recorded: AtomicUsize::new(0),
    };
    let options = RunOptions {
        executor: Some(Arc::new(stopping)),
        ..RunOptions::default()
    };
    run(&exp, &options, None, &first).expect_err("the run stops in selection");
    let report = dir.path().join("reports/tiny");
    let units = std::fs::read_dir(report.join(unit_journal::DIR))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect::<Vec<_>>();
    assert_eq!(units.len(), 1, "one batch begun: {units:?}");
    // A kill in the middle of the last line: it lacks its end.
    let text = std::fs::read(&units[0]).unwrap();
    std::fs::write(&units[0], &text[..text.len() - 10]).unwrap();
    let cp = Checkpoint::load(&report).unwrap();
    let second = Heard::default();
    finished(run(&exp, &RunOptions::default(), Some(cp), &second).unwrap());
    let messages = second.messages.into_inner().unwrap();
    assert_eq!(reused(&messages), 3, "{messages:?}");
    let whole_dir = tempfile::tempdir().unwrap();
    let whole_exp = tiny(whole_dir.path());
    finished(run(&whole_exp, &RunOptions::default(), None, &Heard::default()).unwrap());
    assert_eq!(outputs(whole_dir.path()), outputs(dir.path()));
}

/// Copies folder `from` into `to`, recursively.
fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let target = to.join(e.file_name());
        if e.file_type().unwrap().is_dir() {
            copy_dir(&e.path(), &target);
        } else {
            std::fs::copy(e.path(), &target).unwrap();
        }
    }
}

/// `text` with the first `from` after the first `after` replaced by `to`.
fn forge(text: &str, after: &str, from: &str, to: &str) -> String {
    let at = text.find(after).unwrap_or_else(|| panic!("no {after:?}"));
    let (head, tail) = text.split_at(at);
    format!("{head}{}", tail.replacen(from, to, 1))
}

/// `text` (a unit file) with each line's checksum made right again, so that what
/// refuses a forged line is the check of its content, not of its checksum (FNV-1a of
/// the header line, the unit number, a space and the JSON, as 16 hex digits).
fn resum(text: &str) -> String {
    let mut lines = text.split_inclusive('\n');
    let header = lines.next().unwrap().to_string();
    let mut out = header.clone();
    for line in lines {
        let body = line.trim_end_matches('\n');
        let parts: Vec<&str> = body.splitn(3, ' ').collect();
        if parts.len() < 3 || parts[1].starts_with('{') {
            out.push_str(line);
            continue;
        }
        let (i, json) = (parts[0], parts[2]);
        let h = format!("{header}{i} {json}")
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
                (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
            });
        out.push_str(&format!("{i} {h:016x} {json}\n"));
    }
    out
}

/// `text` with the first game's score turned from a win to a loss (or to a win).
fn flip_score(text: &str) -> String {
    let tag = "\"a_score\":";
    let at = text.find(tag).unwrap() + tag.len();
    let end = at + text[at..].find(',').unwrap();
    let to = if &text[at..end] == "1.0" {
        "0.0"
    } else {
        "1.0"
    };
    format!("{}{to}{}", &text[..at], &text[end..])
}

/// Issue #42, class 3: unit journals are outside input. A pairing of 99 or a role of 9
/// panicked, a forged score changed the validation's Elo, an illegal move landed in
/// validation-games.jsonl; each is refused with the file and its line.
#[test]
fn a_forged_unit_file_is_refused_with_its_line() {
    let stopped = tempfile::tempdir().unwrap();
    let exp = tiny(stopped.path());
    let first = Heard::default();
    let stopping = StopAfterUnits {
        threads: Threads::default(),
        finishing: first.finishing.clone(),
        limit: 15,
        recorded: AtomicUsize::new(0),
    };
    let options = RunOptions {
        executor: Some(Arc::new(stopping)),
        ..RunOptions::default()
    };
    run(&exp, &options, None, &first).expect_err("the run stops in validation");
    let units = stopped.path().join("reports/tiny").join(unit_journal::DIR);
    let validation = std::fs::read_dir(&units)
        .unwrap()
        .map(|e| e.unwrap().path())
        .find(|p| std::fs::read_to_string(p).unwrap().contains("\"logs\":["))
        .expect("the validation's unit file");
    let good = std::fs::read_to_string(&validation).unwrap();
    let edited = forge(
        &good,
        "\"a_score\":",
        "\"a_score\":",
        "\"a_score\":0.0,\"y\":",
    );
    let forged = [
        (
            "pairing 99",
            resum(&forge(
                &good,
                "\"pairing\":",
                "\"pairing\":",
                "\"pairing\":99,\"x\":",
            )),
        ),
        (
            "role 9",
            resum(&forge(&good, "\"a_role\":", "\"a_role\":1", "\"a_role\":9")),
        ),
        ("score flipped", resum(&flip_score(&good))),
        (
            "score 0.25",
            resum(&forge(
                &good,
                "\"a_score\":",
                "\"a_score\":",
                "\"a_score\":0.25,\"y\":",
            )),
        ),
        (
            "illegal move",
            resum(&forge(&good, "\"mv\":\"", "\"mv\":\"", "\"mv\":\"00-44")),
        ),
        ("edited, checksum not", edited),
    ];
    for (case, text) in forged {
        assert_ne!(text, good, "{case}: nothing forged");
        let dir = tempfile::tempdir().unwrap();
        copy_dir(stopped.path(), dir.path());
        let name = validation.file_name().unwrap();
        let copy = dir
            .path()
            .join("reports/tiny")
            .join(unit_journal::DIR)
            .join(name);
        std::fs::write(&copy, &text).unwrap();
        let exp = tiny(dir.path());
        let report = dir.path().join("reports/tiny");
        let cp = Checkpoint::load(&report).unwrap();
        let resumed = std::panic::catch_unwind(|| {
            run(&exp, &RunOptions::default(), Some(cp), &Heard::default())
        });
        match resumed {
            Ok(Err(e)) => assert!(e.contains(".units") && e.contains("line"), "{case}: {e}"),
            Ok(Ok(_)) => panic!("{case}: the forged unit was taken"),
            Err(_) => panic!("{case}: the resume panicked"),
        }
    }
}
