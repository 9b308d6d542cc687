//! A run writing to a log (standard error not a terminal) still says how far it is:
//! progress lines for training, selection and validation on standard error, none of
//! them on standard output (which stays the same from run to run).

use crate::common::experiment::Tiny;
use crate::common::{ok, weightforge};

#[test]
fn evolve_without_a_terminal_prints_progress_lines_for_every_phase() {
    let dir = tempfile::tempdir().unwrap();
    let tiny = Tiny {
        name: "log",
        seed: 5,
        algorithm: "Es(lambda: 4, sigma: 0.5)",
        hall_of_fame: 0,
    };
    let file = dir.path().join("log.ron");
    std::fs::write(&file, tiny.experiment(dir.path()).to_ron()).unwrap();
    // Standard error is a pipe here: no bar, lines instead (every game at 0 s).
    let out = weightforge(&["evolve", file.to_str().unwrap(), "--progress-every", "0"]);
    let stdout = ok(&out);
    let stderr = String::from_utf8_lossy(&out.stderr);
    for phase in ["training", "selection", "validation"] {
        let line = stderr
            .lines()
            .find(|l| l.starts_with(&format!("{phase}: ")))
            .unwrap_or_else(|| panic!("no {phase} progress line in:\n{stderr}"));
        assert!(line.contains(" games, ") && line.contains("left"), "{line}");
    }
    assert!(!stdout.contains("games/s, about"), "{stdout}");
    // The default, 30 s, prints nothing in a run this short.
    let again = dir.path().join("again.ron");
    let text = std::fs::read_to_string(&file)
        .unwrap()
        .replace("\"log\"", "\"again\"");
    std::fs::write(&again, text).unwrap();
    let out = weightforge(&["evolve", again.to_str().unwrap()]);
    ok(&out);
    assert!(!String::from_utf8_lossy(&out.stderr).contains("games/s, about"));
}
