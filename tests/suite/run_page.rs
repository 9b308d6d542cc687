//! The run page in a real browser: a tiny evolve run writes reports/<run>/index.html,
//! headless Chromium loads it, takes a screenshot and dumps the DOM; the charts' SVG
//! elements, the validation table and the validation games must be there, and the
//! browser must log no script error. Without chromium the test is skipped with a
//! message, and fails in CI (`CI=true`); `.ci/run` installs it.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use crate::common::experiment::Tiny;
use crate::common::tool;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::evolve;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;
use weightforge::tune::run_observer::Silent;

/// Seconds Chromium may take for one page.
const BROWSER_LIMIT: Duration = Duration::from_secs(60);

fn tiny_run(dir: &Path) -> PathBuf {
    let tiny = Tiny {
        name: "page",
        seed: 3,
        algorithm: "Es(lambda: 4, sigma: 0.5)",
        hall_of_fame: 0,
    };
    let exp = tiny.experiment(dir);
    let r = exp.resolve::<WolvesSheep>("page.ron").unwrap();
    let end = evolve::evolve::<WolvesSheep>(&r, "page.ron", None, &RunOptions::default(), &Silent)
        .unwrap();
    assert!(matches!(end, RunEnd::Finished(_)));
    dir.join("reports/page/index.html")
}

/// Runs chromium with `args` under a time limit; returns (stdout, stderr).
fn browser(exe: &Path, profile: &Path, args: &[String]) -> (String, String) {
    let mut child = Command::new(exe)
        .args([
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--no-first-run",
            "--enable-logging=stderr",
            "--v=0",
        ])
        .arg(format!("--user-data-dir={}", profile.display()))
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("chromium starts");
    // Read both pipes while chromium runs: a DOM larger than a pipe's buffer would
    // otherwise block it until the time limit.
    let drain = |pipe: Option<Box<dyn std::io::Read + Send>>| {
        std::thread::spawn(move || {
            let mut text = String::new();
            if let Some(mut p) = pipe {
                let _ = p.read_to_string(&mut text);
            }
            text
        })
    };
    let out = drain(child.stdout.take().map(|p| Box::new(p) as _));
    let err = drain(child.stderr.take().map(|p| Box::new(p) as _));
    let t0 = Instant::now();
    while child
        .try_wait()
        .expect("chromium can be waited for")
        .is_none()
    {
        if t0.elapsed() > BROWSER_LIMIT {
            let _ = child.kill();
            panic!("chromium took more than {BROWSER_LIMIT:?}");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    (out.join().unwrap(), err.join().unwrap())
}

#[test]
fn run_page_renders_in_chromium() {
    let dir = tempfile::tempdir().unwrap();
    let page = tiny_run(dir.path());
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(
        !html.contains("http-equiv=\"refresh\""),
        "a finished run's page must not reload"
    );
    let Some(exe) = tool::require_chromium("run_page") else {
        return;
    };
    let url = format!("file://{}", page.display());
    let shot = dir.path().join("page.png");
    let (_, err) = browser(
        &exe,
        &dir.path().join("profile1"),
        &[
            format!("--screenshot={}", shot.display()),
            "--window-size=1300,2400".into(),
            url.clone(),
        ],
    );
    let png = std::fs::read(&shot)
        .unwrap_or_else(|e| panic!("no screenshot ({e}); chromium said:\n{err}"));
    assert!(
        png.starts_with(b"\x89PNG") && png.len() > 10_000,
        "screenshot of {} bytes",
        png.len()
    );
    let (dom, err) = browser(
        &exe,
        &dir.path().join("profile2"),
        &["--dump-dom".into(), url],
    );
    for line in err.lines() {
        assert!(!line.contains("Uncaught"), "script error: {line}");
    }
    // Score chart, Elo chart and 2 × 12 weight panels.
    let charts = dom.matches("<svg").count();
    assert!(charts >= 26, "{charts} charts in the DOM");
    assert!(dom.contains("<polyline") && dom.contains("class=\"band\""));
    for id in [
        "id=\"validation\"",
        "id=\"finalists\"",
        "id=\"validation-games\"",
        "id=\"experiment-text\"",
    ] {
        assert!(dom.contains(id), "{id} missing from the DOM");
    }
    // The answer first: the verdict above the training charts, the weights folded last.
    let at = |id: &str| dom.find(id).unwrap_or_else(|| panic!("{id} missing"));
    assert!(at("id=\"verdict\"") < at("id=\"training-charts\""));
    assert!(at("id=\"training-charts\"") < at("<details id=\"weights\""));
    let verdict = &dom[at("id=\"verdict\"")..at("id=\"training-charts\"")];
    assert!(
        verdict.contains("vs luo2023") && verdict.contains(" Elo"),
        "{verdict}"
    );
    assert!(dom.contains("id=\"time\"") && dom.contains(" in all ("));
    for file in ["score.svg", "elo.svg"] {
        let chart = std::fs::read_to_string(page.with_file_name(file)).unwrap();
        assert!(chart.starts_with("<svg") && dom.contains(&format!("href=\"{file}\"")));
    }
    let table = &dom[dom.find("id=\"validation\"").unwrap()..];
    assert!(table.contains("luo2023") && table.contains("random"));
    assert!(
        table.contains("pairs scoring 0, ½, 1, 1½, 2 points"),
        "plain words, not Ptnml"
    );
}
