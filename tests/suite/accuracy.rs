//! What the solved game measures: a player's accuracy (the perfect player keeps every
//! value, a random one does not, every mistake listed is one, the thread count changes
//! nothing) and exact labels (every row's result becomes its solved value), on a
//! small solve of up to 4 sheep; and the `accuracy` command's words and errors.

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use weightforge::fit::positions_file::{read_rows, write_rows, PositionRow};
use weightforge::game::{Game, Status};
use weightforge::games::wolves_sheep::solve::{driver, Solution};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::player::{PerfectSpec, PlayerSpec, SearchBudget};
use weightforge::solved::accuracy::{self, judge, mistake_possible};
use weightforge::solved::labels::{label_file, Exact};
use weightforge::solved::{Oracle, Value};

fn weightforge() -> Command {
    Command::new(env!("CARGO_BIN_EXE_weightforge"))
}

fn solve_small(out: &Path) -> Solution {
    driver::solve(out, 4, &mut |_| {}).unwrap()
}

/// `n` random positions of 3 or 4 sheep, seeded, where some move changes the value.
fn sample(sol: &Solution, n: usize, seed: u64) -> Vec<WolvesSheep> {
    let mut rng = rand::rngs::StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    while out.len() < n {
        let k = rng.random_range(3..=4);
        let len = weightforge::games::wolves_sheep::solve::index::layer_len(k);
        let (w, s, side) =
            weightforge::games::wolves_sheep::solve::index::position(rng.random_range(0..len), k);
        let Ok(pos) = WolvesSheep::from_parts(w, s, side) else {
            continue;
        };
        if pos.status() == Status::Ongoing && mistake_possible(sol, &pos).unwrap() {
            out.push(pos);
        }
    }
    out
}

fn same_result(a: Value, b: Value) -> bool {
    std::mem::discriminant(&a) == std::mem::discriminant(&b)
}

#[test]
fn the_perfect_player_keeps_every_value_and_every_listed_mistake_is_one() {
    let dir = tempfile::tempdir().unwrap();
    let sol = Arc::new(solve_small(&dir.path().join("s.solved")));
    let positions = sample(&sol, 80, 41);
    let luo = PlayerSpec::resolve::<WolvesSheep>("luo2023").unwrap();
    let PlayerSpec::Genome(tie_break) = luo.clone() else {
        panic!("luo2023 is a genome")
    };
    let oracle: Arc<dyn Oracle<WolvesSheep>> = Arc::clone(&sol) as Arc<dyn Oracle<WolvesSheep>>;
    let perfect = PlayerSpec::Perfect(Arc::new(PerfectSpec {
        name: "perfect".into(),
        oracle: Arc::new(oracle),
        tie_break: Some(tie_break),
    }));
    let sol: &dyn Oracle<WolvesSheep> = sol.as_ref();
    let best = judge(sol, &[], &perfect, SearchBudget::default(), &positions, 2).unwrap();
    assert_eq!(best.total().positions, 80);
    assert_eq!(best.total().kept, 80, "{:?}", best.mistakes.first());
    let random = judge(
        sol,
        &[],
        &PlayerSpec::Random,
        SearchBudget::default(),
        &positions,
        2,
    )
    .unwrap();
    assert!(random.total().kept < 70, "random kept {:?}", random.total());
    assert_eq!(
        random.mistakes.len() as u64,
        random.total().positions - random.total().kept
    );
    for m in &random.mistakes {
        let values = sol.move_values(&m.position).unwrap();
        let played = values.iter().find(|(mv, _)| *mv == m.played).unwrap().1;
        assert_eq!(played, m.after);
        assert_eq!(sol.value(&m.position).unwrap(), m.value);
        assert!(!same_result(played, m.value), "{}", m.position.to_text());
    }
    let costs: Vec<i64> = random
        .mistakes
        .iter()
        .map(|m| m.value.rank() - m.after.rank())
        .collect();
    assert!(costs.windows(2).all(|w| w[0] >= w[1]), "worst first");
}

#[test]
fn accuracy_is_the_same_on_one_thread_or_three() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solve_small(&dir.path().join("s.solved"));
    let positions = sample(&sol, 60, 7);
    let luo = PlayerSpec::resolve::<WolvesSheep>("luo2023").unwrap();
    let budget = SearchBudget {
        depth: Some(3),
        ..SearchBudget::default()
    };
    let one = judge(&sol as &dyn Oracle<_>, &[], &luo, budget, &positions, 1).unwrap();
    let three = judge(&sol as &dyn Oracle<_>, &[], &luo, budget, &positions, 3).unwrap();
    assert_eq!(one, three);
    assert_eq!(one.total().positions, 60);
}

/// A position file in `dir` of `positions`, roles alternating, each a win for its role
/// by its game's result and scored by its number: the rows, the file, and where the
/// labelled file goes.
fn label_input(dir: &Path, positions: &[WolvesSheep]) -> (Vec<PositionRow>, PathBuf, PathBuf) {
    let rows: Vec<PositionRow> = positions
        .iter()
        .enumerate()
        .map(|(i, p)| PositionRow {
            role: i % 2,
            result: 1.0,
            score: i as f32,
            text: p.to_text(),
        })
        .collect();
    let (input, output) = (dir.join("in.pos"), dir.join("out.pos"));
    write_rows::<WolvesSheep>(&input, &["made by a test".into()], &rows).unwrap();
    (rows, input, output)
}

#[test]
fn exact_labels_replace_each_rows_result_by_its_solved_value() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solve_small(&dir.path().join("s.solved"));
    let (rows, input, output) = label_input(dir.path(), &sample(&sol, 50, 5));
    let summary = label_file(&sol, &input, &output, Exact::Outcome).unwrap();
    let labelled = read_rows::<WolvesSheep>(&output).unwrap();
    assert_eq!(labelled.rows.len(), 50);
    let mut changed = 0;
    for ((pos, row), before) in labelled.rows.iter().zip(&rows) {
        let mover = match sol.value(pos).unwrap() {
            Value::Win(_) => 1.0,
            Value::Draw => 0.5,
            Value::Loss(_) => 0.0,
        };
        let want = if row.role == pos.side_to_move() {
            mover
        } else {
            1.0 - mover
        };
        assert_eq!(row.result, want, "{}", row.text);
        assert_eq!((row.role, row.score), (before.role, before.score));
        changed += usize::from(want != 1.0);
    }
    assert_eq!(summary.changed, changed);
    assert_eq!(summary.by_value.iter().sum::<usize>(), 50);
    assert!(labelled.comments.iter().any(|c| c.contains("solved value")));
}

#[test]
fn distance_labels_rank_a_near_win_above_a_far_one() {
    let dir = tempfile::tempdir().unwrap();
    let sol = solve_small(&dir.path().join("s.solved"));
    let (_, input, output) = label_input(dir.path(), &sample(&sol, 200, 7));
    let outcome = label_file(&sol, &input, &output, Exact::Outcome).unwrap();
    let summary = label_file(&sol, &input, &output, Exact::Distance(10.0)).unwrap();
    assert_eq!(
        summary, outcome,
        "the counts are of outcomes, whatever the label"
    );
    let labelled = read_rows::<WolvesSheep>(&output).unwrap();
    let mut by_distance: Vec<(i64, f32)> = Vec::new();
    for (pos, row) in &labelled.rows {
        let (n, sign) = match sol.value(pos).unwrap() {
            Value::Win(n) => (i64::from(n), 1.0),
            Value::Draw => (0, 0.0),
            Value::Loss(n) => (i64::from(n), -1.0),
        };
        let mover = 0.5 + sign * 0.5 * (-(n as f64) / 10.0).exp2() as f32;
        let want = if row.role == pos.side_to_move() {
            mover
        } else {
            1.0 - mover
        };
        assert!(
            (row.result - want).abs() < 1e-6,
            "{}: {} vs {want}",
            row.text,
            row.result
        );
        if sign > 0.0 && row.role == pos.side_to_move() {
            by_distance.push((n, row.result));
        }
    }
    by_distance.sort_by_key(|&(n, _)| n);
    assert!(by_distance.len() > 5, "the sample has wins for the mover");
    assert!(by_distance
        .windows(2)
        .all(|w| w[0].0 == w[1].0 || w[0].1 > w[1].1));
    assert!(labelled.comments.iter().any(|c| c.contains("2^(-n/10)")));
}

#[test]
fn the_command_judges_a_sample_file_and_names_what_is_missing() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("s.solved");
    let sol = solve_small(&solved);
    let sample_file = dir.path().join("sample.pos");
    let solvable = weightforge::registry::solvable::<WolvesSheep>().unwrap();
    accuracy::write_sample(&solvable, &sol, &sample(&sol, 30, 3), &sample_file).unwrap();
    let out = weightforge()
        .args([
            "accuracy",
            "--game",
            "wolves_sheep",
            "luo2023",
            "--depth",
            "2",
        ])
        .arg("--solution")
        .arg(&solved)
        .arg("--sample")
        .arg(&sample_file)
        .output()
        .unwrap();
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{text}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("accuracy of luo2023 at depth 2"), "{text}");
    assert!(text.contains("30 positions where a move changes"), "{text}");
    assert!(text.lines().any(|l| l.starts_with("both ")), "{text}");
    let missing = weightforge()
        .args([
            "accuracy",
            "--game",
            "wolves_sheep",
            "luo2023",
            "--solution",
        ])
        .arg(dir.path().join("none.solved"))
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&missing.stderr);
    assert!(!missing.status.success());
    assert!(
        err.contains("weightforge solve --game wolves_sheep --out"),
        "{err}"
    );
    let other = weightforge()
        .args(["accuracy", "--game", "abalone", "guara"])
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&other.stderr);
    assert!(
        err.contains(
            "abalone: this game cannot be solved; the games that can: wolves_sheep, connect_four"
        ),
        "{err}"
    );
}

#[test]
fn the_built_in_sample_holds_open_positions_of_both_roles() {
    let solvable = weightforge::registry::solvable::<WolvesSheep>().unwrap();
    let positions = accuracy::built_in_sample(&solvable).unwrap();
    assert!(positions.len() >= 1000, "{} positions", positions.len());
    let mut by_role = [0; 2];
    for p in &positions {
        assert_eq!(p.status(), Status::Ongoing, "{}", p.to_text());
        assert!(p.unreachable().is_none(), "{}", p.to_text());
        by_role[p.side_to_move()] += 1;
    }
    assert!(by_role.iter().all(|&n| n >= 100), "{by_role:?}");
}

#[test]
fn an_empty_sample_is_refused_and_worst_zero_lists_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let solved = dir.path().join("s.solved");
    let sol = solve_small(&solved);
    let empty = dir.path().join("empty.pos");
    let header = "# weightforge positions v2 wolves_sheep <role> <result> <score> <position>\n";
    std::fs::write(&empty, header).unwrap();
    let run = |sample: &Path, extra: &[&str]| {
        weightforge()
            .args(["accuracy", "--game", "wolves_sheep", "random", "--solution"])
            .arg(&solved)
            .arg("--sample")
            .arg(sample)
            .args(extra)
            .output()
            .unwrap()
    };
    let out = run(&empty, &[]);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        !out.status.success() && err.contains("no positions to judge"),
        "{err}"
    );
    let sample_file = dir.path().join("sample.pos");
    let solvable = weightforge::registry::solvable::<WolvesSheep>().unwrap();
    accuracy::write_sample(&solvable, &sol, &sample(&sol, 20, 5), &sample_file).unwrap();
    let out = run(&sample_file, &["--worst", "0"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(text.contains("(--worst 0: none listed)"), "{text}");
    assert!(!text.contains("the 0 worst"), "{text}");
}
