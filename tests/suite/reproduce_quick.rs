//! The quick subset of `scripts/reproduce.sh`: the published figures that take seconds to
//! re-make (perft counts, fixed-depth matches, an SPRT run) come out exactly as the
//! README and docs/results print them. The full mode (evolve runs, long matches) is run by
//! hand before an issue that changes the search, a fit, a tuner or a genome is resolved
//! (docs/guide/tests-and-ci.md).

use std::process::Command;

#[test]
fn quick_figures_reproduce() {
    let out = Command::new("bash")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/scripts/reproduce.sh"))
        .arg("quick")
        .env("WEIGHTFORGE", env!("CARGO_BIN_EXE_weightforge"))
        .output()
        .expect("bash runs scripts/reproduce.sh");
    let text = String::from_utf8_lossy(&out.stdout);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "a figure moved:\n{text}\n{err}");
    let ran: usize = text
        .lines()
        .find_map(|l| {
            l.split(" figures re-run")
                .next()
                .filter(|_| l.contains(" figures re-run"))
        })
        .and_then(|n| n.trim().parse().ok())
        .unwrap_or(0);
    assert!(ran >= 5, "the quick subset re-ran {ran} figures:\n{text}");
    assert!(text.contains(" 0 moved"), "{text}");
    assert!(!text.contains("MOVED"), "{text}");
}
