//! The solution file and the `solve` command: resuming, refusing damaged or foreign
//! files, `--probe` and `--verify`, and random positions checked by a depth-limited
//! search written here (every result it proves must agree with the file).

use std::path::Path;
use std::process::Command;

use rand::{RngExt, SeedableRng};
use weightforge::game::{Game, Status};
use weightforge::games::wolves_sheep::solve::{driver, file, Solution};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::solved::{SolveError, Value};

fn weightforge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_weightforge"))
}

fn solve_small(out: &Path, max: u32) -> Solution {
    driver::solve(out, max, &mut |_| {}).unwrap()
}

#[test]
fn a_larger_solve_resumes_from_the_layers_already_written() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.solved");
    solve_small(&out, 3);
    let mut resumed = Vec::new();
    driver::solve(&out, 4, &mut |d| resumed.push(d.resumed_from.is_some())).unwrap();
    assert_eq!(resumed, [true, false]);
    // A layer file left by an interrupted run is read back too.
    let part = driver::layer_path(&out, 4);
    let l = file::read(&out).unwrap();
    let one = file::Layers {
        min_sheep: 4,
        layers: vec![l.layers[1].clone()],
    };
    file::write(&part, &one).unwrap();
    std::fs::remove_file(&out).unwrap();
    let mut from = Vec::new();
    driver::solve(&out, 4, &mut |d| from.push(d.resumed_from.clone())).unwrap();
    assert_eq!(from, [None, Some(part.clone())]);
    assert!(
        !part.exists(),
        "layer files are removed once the output is written"
    );
}

#[test]
fn damaged_or_foreign_files_are_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.solved");
    solve_small(&out, 3);
    let good = std::fs::read(&out).unwrap();
    let cases: [(usize, &str); 3] = [
        (file::HEADER_LEN + 1000, "checksum does not match"),
        (12, "header checksum"),
        (0, "not a weightforge solution file"),
    ];
    for (at, expected) in cases {
        let mut bad = good.clone();
        bad[at] ^= 1;
        std::fs::write(&out, &bad).unwrap();
        let err = Solution::open(&out).err().expect("refused").to_string();
        assert!(err.contains(expected), "{err}");
    }
    std::fs::write(&out, &good[..good.len() - 2]).unwrap();
    let err = Solution::open(&out).err().unwrap().to_string();
    assert!(err.contains("header describes"), "{err}");
    let missing = Solution::open(&dir.path().join("none")).err().unwrap();
    assert!(matches!(missing, SolveError::Missing { .. }));
    assert!(missing
        .to_string()
        .contains("weightforge solve --game wolves_sheep --out"));
}

#[test]
fn probe_reads_positions_from_the_line_or_stdin_and_verify_is_clean() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("s.solved");
    let run = weightforge()
        .args([
            "solve",
            "--game",
            "wolves_sheep",
            "--max-sheep",
            "4",
            "--out",
        ])
        .arg(&out)
        .output()
        .unwrap();
    assert!(
        run.status.success(),
        "{}",
        String::from_utf8_lossy(&run.stderr)
    );
    let sol = Solution::open(&out).unwrap();
    let pos = "..S../...../S...S/.W.W./..... w";
    let one = weightforge()
        .args(["solve", "--game", "wolves_sheep", "--probe", pos, "--file"])
        .arg(&out)
        .output()
        .unwrap();
    let expected = sol.value(&WolvesSheep::parse(pos).unwrap()).unwrap();
    assert_eq!(
        String::from_utf8_lossy(&one.stdout).trim(),
        expected.to_string()
    );
    let input = format!("{pos}\n\nSS.../S..../...../...../.W.W. s\n");
    let probed = crate::common::with_stdin(
        &[
            "solve",
            "--game",
            "wolves_sheep",
            "--probe",
            "--file",
            out.to_str().unwrap(),
        ],
        &input,
    );
    let lines = crate::common::stdout(&probed);
    assert_eq!(lines.lines().count(), 2, "{lines}");
    let verify = weightforge()
        .args(["solve", "--game", "wolves_sheep", "--verify", "--file"])
        .arg(&out)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&verify.stdout);
    assert!(
        verify.status.success() && text.contains(" 0 wrong"),
        "{text}"
    );
    label_by_distance_or_refuse_a_bad_half_life(&out, pos);
}

/// `--label --half-life`: a number of plies above 0 labels by distance; 0, a negative
/// number or NaN is refused with the flag named.
fn label_by_distance_or_refuse_a_bad_half_life(solution: &Path, pos: &str) {
    let dir = solution.parent().unwrap();
    let input = dir.join("in.pos");
    let header = "# weightforge positions v2 wolves_sheep <role> <result> <score> <position>";
    std::fs::write(&input, format!("{header}\nwolves 1 0 {pos}\n")).unwrap();
    let labelled = dir.join("out.pos");
    let label = |h: &str| {
        weightforge()
            .args(["solve", "--game", "wolves_sheep", "--label"])
            .arg(&input)
            .arg("--labelled")
            .arg(&labelled)
            .arg(format!("--half-life={h}"))
            .arg("--file")
            .arg(solution)
            .output()
            .unwrap()
    };
    for bad in ["0", "-3", "NaN", "inf"] {
        let out = label(bad);
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.contains("--half-life"),
            "{bad}: {err}"
        );
    }
    let good = label("8");
    assert!(
        good.status.success(),
        "{}",
        String::from_utf8_lossy(&good.stderr)
    );
    let text = std::fs::read_to_string(&labelled).unwrap();
    assert!(text.contains("2^(-n/8)"), "{text}");
}

/// The value proven within `depth` plies, if any: a win when some move reaches a
/// proven loss (the fastest), a loss when every move reaches a proven win (the slowest).
fn proven(pos: &WolvesSheep, depth: u32) -> Option<Value> {
    match pos.status() {
        Status::Win(r) if r == pos.side_to_move() => return Some(Value::Win(0)),
        Status::Win(_) => return Some(Value::Loss(0)),
        _ if depth == 0 => return None,
        _ => {}
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let (mut win, mut loss, mut all_known) = (None::<u32>, 0, true);
    for m in moves {
        let mut c = *pos;
        c.make(m, ());
        match proven(&c, depth - 1) {
            Some(Value::Loss(d)) => win = Some(win.map_or(d + 1, |w| w.min(d + 1))),
            Some(Value::Win(d)) => loss = loss.max(d + 1),
            _ => all_known = false,
        }
    }
    match win {
        Some(d) => Some(Value::Win(d)),
        None if all_known => Some(Value::Loss(loss)),
        None => None,
    }
}

#[test]
fn every_result_a_depth_limited_search_proves_agrees_with_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solve_small(&dir.path().join("s.solved"), 4);
    let mut rng = rand::rngs::StdRng::seed_from_u64(39);
    let (mut proved, mut tried) = (0, 0);
    while proved < 40 && tried < 4000 {
        tried += 1;
        let k = rng.random_range(3..=4);
        let n = weightforge::games::wolves_sheep::solve::index::layer_len(k);
        let (w, s, side) =
            weightforge::games::wolves_sheep::solve::index::position(rng.random_range(0..n), k);
        let pos = WolvesSheep::from_parts(w, s, side).unwrap();
        if let Some(v) = proven(&pos, 5) {
            proved += 1;
            assert_eq!(sol.value(&pos).unwrap(), v, "{}", pos.to_text());
        }
    }
    assert!(proved >= 20, "only {proved} of {tried} positions proven");
}
