//! The `weightforge` binary end to end: outputs users and course runners parse, and a
//! clear error (exit status 2, no panic) for every kind of bad input.

use std::path::Path;
use std::process::{Command, Output};

use crate::common::{fails, ok, stderr, stdout, temp_file, weightforge, with_stdin};

const LUO: &str = include_str!("../../genomes/wolves_sheep/luo2023.ron");

#[test]
fn perft_prints_the_count() {
    let o = weightforge(&["perft", "--game", "wolves_sheep", "--depth", "8"]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "7432822\n");
}

#[test]
fn moves_prints_status_and_children() {
    let o = weightforge(&[
        "moves",
        "--game",
        "wolves_sheep",
        "SSSSS/SSSSS/...../...../.W.W. w",
    ]);
    assert!(o.status.success());
    let out = stdout(&o);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "status ongoing");
    assert_eq!(lines[1], "41-31 SSSSS/SSSSS/...../.W.../...W. s");
    assert_eq!(lines.len(), 7);
}

#[test]
fn moves_reads_many_positions_from_stdin() {
    let input = "SSSSS/SSSSS/...../...../.W.W. w\nSSWSS/.S.W./..S../...../..... s\n";
    let o = with_stdin(&["moves", "--game", "wolves_sheep"], input);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let blocks: Vec<&str> = out.split("\n\n").collect();
    assert_eq!(blocks.len(), 2);
    assert!(blocks[1].starts_with("status ongoing\n"));
    let o = with_stdin(
        &["moves", "--game", "wolves_sheep"],
        "SSSSS/SSSSS/...../...../.W.W. w\nnonsense\n",
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("line 2"), "{}", stderr(&o));
}

#[test]
fn finished_positions_list_no_moves() {
    let o = weightforge(&[
        "moves",
        "--game",
        "wolves_sheep",
        "WS.../S..../...../...../....W s",
    ]);
    assert!(o.status.success());
    assert_eq!(stdout(&o), "status wolves_win\n");
}

#[test]
fn match_prints_the_cutechess_line_last() {
    let o = weightforge(&[
        "match",
        "--game",
        "wolves_sheep",
        "luo2023",
        "random",
        "--games",
        "4",
        "--depth",
        "1",
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    let last = out.lines().last().unwrap();
    assert!(last.starts_with("Elo difference: "), "{out}");
    assert!(
        last.contains(", LOS: ") && last.contains(", DrawRatio: "),
        "{out}"
    );
}

#[test]
fn match_is_reproducible_across_thread_counts() {
    let run = |threads: &str| {
        let o = weightforge(&[
            "--threads",
            threads,
            "match",
            "--game",
            "wolves_sheep",
            "luo2023",
            "li2023",
            "--games",
            "8",
            "--depth",
            "2",
            "--seed",
            "9",
            "--quiet",
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        stdout(&o)
            .lines()
            .filter(|l| !l.starts_with("Average game length"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(run("1"), run("2"));
}

#[test]
fn move_reads_a_course_state_file() {
    let dir = tempfile::tempdir().unwrap();
    let state = temp_file(
        dir.path(),
        "state.txt",
        "1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,0,0,0,0\n0,2,0,2,0\n",
    );
    let o = weightforge(&[
        "move",
        "--game",
        "wolves_sheep",
        "--genome",
        "genomes/wolves_sheep/luo2023.ron",
        "--state",
        state.to_str().unwrap(),
        "--role",
        "wolves",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let mv = stdout(&o);
    assert!(
        ["41-31\n", "41-40\n", "41-42\n", "43-33\n", "43-42\n", "43-44\n"].contains(&mv.as_str()),
        "{mv}"
    );
}

#[test]
fn bad_state_files_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let cases = [
        (
            "short.txt",
            "1,1,1,1,1\n1,1,1,1\n0,0,0,0,0\n0,0,0,0,0\n0,2,0,2,0\n",
            "line 2",
        ),
        (
            "cell.txt",
            "1,1,1,1,1\n1,1,1,1,1\n0,0,7,0,0\n0,0,0,0,0\n0,2,0,2,0\n",
            "line 3: cell 3",
        ),
        ("rows.txt", "1,1,1,1,1\n0,2,0,2,0\n", "expected 5 lines"),
        (
            "wolves.txt",
            "1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,0,2,0,0\n0,2,0,2,0\n",
            "exactly 2 wolves",
        ),
    ];
    for (name, text, want) in cases {
        let p = temp_file(dir.path(), name, text);
        let err = fails(&[
            "move",
            "--game",
            "wolves_sheep",
            "--genome",
            "luo2023",
            "--state",
            p.to_str().unwrap(),
            "--role",
            "sheep",
        ]);
        assert!(err.contains(name) && err.contains(want), "{name}: {err}");
    }
    let p = temp_file(
        dir.path(),
        "ok.txt",
        "1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,0,0,0,0\n0,2,0,2,0\n",
    );
    let err = fails(&[
        "move",
        "--game",
        "wolves_sheep",
        "--genome",
        "luo2023",
        "--state",
        p.to_str().unwrap(),
    ]);
    assert!(err.contains("--role"), "{err}");
    let err = fails(&[
        "move",
        "--game",
        "wolves_sheep",
        "--genome",
        "luo2023",
        "--state",
        p.to_str().unwrap(),
        "--role",
        "goats",
    ]);
    assert!(err.contains("goats"), "{err}");
    let err = fails(&[
        "move",
        "--game",
        "wolves_sheep",
        "--genome",
        "luo2023",
        "--state",
        "/no/such/file",
        "--role",
        "sheep",
    ]);
    assert!(err.contains("/no/such/file"), "{err}");
}

#[test]
fn bad_positions_get_clear_errors() {
    for (pos, want) in [
        ("SSSSS/SSSSS/...../...../.W.W.", "missing side to move"),
        ("SSSSS/SSSSS/...../...../.W.W. q", "side to move"),
        ("SSSSS/SSSSS/...../.W.W. w", "expected 5 rows"),
        ("SSSSS/SSSSS/...../...../WWWW. w", "exactly 2 wolves"),
        ("SSSSS/SSSSS/SS.../...../.W.W. w", "at most 10 sheep"),
        ("SSSSS/SSSSS/..x../...../.W.W. w", "row 2, column 2"),
    ] {
        let err = fails(&["moves", "--game", "wolves_sheep", pos]);
        assert!(err.contains(want), "{pos}: {err}");
        let err = fails(&[
            "perft",
            "--game",
            "wolves_sheep",
            "--depth",
            "2",
            "--position",
            pos,
        ]);
        assert!(err.contains(want), "{pos}: {err}");
    }
}

#[test]
fn bad_genomes_get_errors_naming_file_and_field() {
    let dir = tempfile::tempdir().unwrap();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "syntax.ron",
            LUO.replace("name: \"luo2023\",", "name: \"luo2023\""),
            "syntax.ron:",
        ),
        (
            "unknown.ron",
            LUO.replace(
                "\"sheep_pairs\": 0.0,",
                "\"sheep_pairs\": 0.0, \"goat_count\": 1.0,",
            ),
            "weights.wolves.goat_count",
        ),
        (
            "missing.ron",
            LUO.replacen("\"sheep_pairs\": 0.0,", "", 1),
            "missing weights for: sheep_pairs",
        ),
        (
            "nan.ron",
            LUO.replacen("500.0", "NaN", 1),
            "weights.wolves.sheep_eaten",
        ),
        (
            "inf.ron",
            LUO.replacen("500.0", "inf", 1),
            "expected a finite number",
        ),
        (
            "huge.ron",
            LUO.replacen("500.0", "1e308", 1),
            "`weights.wolves.sheep_eaten`: 1e308 is out of range",
        ),
        (
            "game.ron",
            LUO.replace("game: \"wolves_sheep\"", "game: \"abalone\""),
            "field `game`",
        ),
        (
            "negative.ron",
            LUO.replace("\"wolves\": 4,", "\"wolves\": -4,"),
            "negative.ron:",
        ),
        (
            "zero.ron",
            LUO.replace("\"wolves\": 4,", "\"wolves\": 0,"),
            "search.depth.wolves",
        ),
        (
            "role.ron",
            LUO.replace("\"sheep\": 3", "\"goats\": 3"),
            "search.depth.goats",
        ),
        (
            "extra.ron",
            LUO.replace("random_ties: true,", "random_ties: true, speed: 3,"),
            "speed",
        ),
        (
            "quiescence.ron",
            LUO.replace("random_ties: true,", "random_ties: true, quiescence: 9,"),
            "search.quiescence",
        ),
        (
            "nowolves.ron",
            LUO.replacen("\"wolves\": {", "\"wolfs\": {", 1),
            "weights.wolfs",
        ),
    ];
    for (name, text, want) in &cases {
        let p = temp_file(dir.path(), name, text);
        let err = fails(&[
            "match",
            "--game",
            "wolves_sheep",
            p.to_str().unwrap(),
            "random",
            "--games",
            "2",
        ]);
        assert!(err.contains(name) && err.contains(want), "{name}: {err}");
    }
}

#[test]
fn bad_match_settings_get_clear_errors() {
    // clap rejects a negative depth before we see it; still exit 2 and no panic.
    let cases: [(&[&str], &[&str]); 6] = [
        (
            &["--game", "chess", "random", "random", "--games", "2"],
            &["unknown game \"chess\""],
        ),
        (
            &["--game", "wolves_sheep", "random", "random", "--games", "0"],
            &["--games"],
        ),
        (
            &["--game", "wolves_sheep", "random", "random", "--games", "3"],
            &["even"],
        ),
        (
            &[
                "--game",
                "wolves_sheep",
                "luo2023",
                "random",
                "--depth",
                "0",
            ],
            &["--depth"],
        ),
        (
            &["--game", "wolves_sheep", "nobody", "random"],
            &["nobody", "luo2023"],
        ),
        (
            &[
                "--game",
                "wolves_sheep",
                "luo2023",
                "random",
                "--depth",
                "-3",
            ],
            &["-3"],
        ),
    ];
    for (args, words) in cases {
        let err = fails(&[&["match"], args].concat());
        assert!(words.iter().all(|w| err.contains(w)), "{args:?}: {err}");
    }
}

#[test]
fn games_lists_features() {
    let o = weightforge(&["games"]);
    assert!(o.status.success());
    let out = stdout(&o);
    assert!(
        out.contains("wolves_sheep")
            && out.contains("sheep_eaten")
            && out.contains("wolves (moves first)")
    );
}

const TINY_EXPERIMENT: &str = r#"(
    name: "cli_tiny",
    game: "wolves_sheep",
    seed: 3,
    algorithm: Es(lambda: 4, sigma: 0.5),
    generations: 2,
    start: "luo2023",
    tune_roles: ["sheep"],
    opponents: [(player: "luo2023", depth: {"wolves": 1, "sheep": 1})],
    pairs_per_opponent: 2,
    openings: (plies: 6),
    ply_cap: 40,
    validation: (finalists: 1, selection_pairs: 1, pairs: 2),
)"#;

fn run_in(dir: &Path, args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args(args)
        .current_dir(dir)
        .output()
        .expect("the binary runs")
}

#[test]
fn evolve_stops_resumes_and_plots() {
    let dir = tempfile::tempdir().unwrap();
    temp_file(dir.path(), "tiny.ron", TINY_EXPERIMENT);
    let o = run_in(
        dir.path(),
        &["evolve", "tiny.ron", "--quiet", "--stop-after", "1"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("evolve --resume reports/cli_tiny"),
        "{}",
        stdout(&o)
    );
    // A second start without --resume would overwrite the run: refused.
    let o = run_in(dir.path(), &["evolve", "tiny.ron", "--quiet"]);
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--resume"), "{}", stderr(&o));
    let o = run_in(
        dir.path(),
        &["evolve", "--resume", "reports/cli_tiny", "--quiet"],
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("resuming cli_tiny from generation 1 of 2"),
        "{out}"
    );
    assert!(out.contains("Elo difference: "), "{out}");
    let genome = dir.path().join("genomes/wolves_sheep/cli_tiny-best.ron");
    assert!(genome.exists());
    for f in ["fitness.png", "weights.svg", "generations.csv"] {
        std::fs::remove_file(dir.path().join("reports/cli_tiny").join(f)).ok();
    }
    let csv = tempfile::tempdir().unwrap();
    std::fs::write(
        csv.path().join("generations.csv"),
        "generation,best_fitness,mean_fitness\n1,0.5,0.4\n2,0.6,0.5\n",
    )
    .unwrap();
    let o = weightforge(&["plot", csv.path().to_str().unwrap()]);
    assert!(o.status.success(), "{}", stderr(&o));
    let png = std::fs::read(csv.path().join("fitness.png")).unwrap();
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    std::fs::write(
        csv.path().join("generations.csv"),
        "generation,best_fitness,mean_fitness\n1,x,0.4\n",
    )
    .unwrap();
    let err = fails(&["plot", csv.path().to_str().unwrap()]);
    assert!(
        err.contains("generations.csv:2") && err.contains("best_fitness"),
        "{err}"
    );
    let err = fails(&["evolve", "--resume", "/no/such/run"]);
    assert!(err.contains("/no/such/run"), "{err}");
    let err = fails(&["evolve", "/no/such/experiment.ron"]);
    assert!(err.contains("/no/such/experiment.ron"), "{err}");
}

#[test]
fn export_writes_plain_weights() {
    let o = weightforge(&[
        "export",
        "genomes/wolves_sheep/li2023.ron",
        "--format",
        "json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: serde_json::Value = serde_json::from_str(&stdout(&o)).unwrap();
    assert_eq!(v["game"], "wolves_sheep");
    assert_eq!(v["weights"]["wolves"]["trapped_wolves"], -50.0);
    assert_eq!(v["search"]["depth"]["sheep"], 8);
    let o = weightforge(&[
        "export",
        "genomes/wolves_sheep/li2023.ron",
        "--format",
        "toml",
    ]);
    assert!(o.status.success());
    let t: toml::Value = toml::from_str(&stdout(&o)).unwrap();
    assert_eq!(t["weights"]["sheep"]["sheep_eaten"].as_float(), Some(-10.0));
    let o = weightforge(&[
        "export",
        "genomes/wolves_sheep/luo2023.ron",
        "--format",
        "ron",
    ]);
    assert!(o.status.success());
    assert!(stdout(&o).contains("\"sheep_eaten\": 500.0"));
    let dir = tempfile::tempdir().unwrap();
    let bad = temp_file(dir.path(), "bad.ron", &LUO.replacen("500.0", "NaN", 1));
    let err = fails(&["export", bad.to_str().unwrap()]);
    assert!(err.contains("weights.wolves.sheep_eaten"), "{err}");
}

#[test]
fn a_closed_stdout_ends_the_output_quietly() {
    // `weightforge ... | head`: the reader goes away before the output is written.
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_weightforge"))
        .args([
            "perft",
            "--game",
            "wolves_sheep",
            "--depth",
            "3",
            "--divide",
        ])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(!err.contains("panicked"), "{err}");
    assert!(
        matches!(out.status.code(), Some(0) | Some(141)),
        "{:?}",
        out.status
    );
}

/// `match --budgets`: the same match at each node budget, each printed as a match
/// prints it, then the Elo by budget and its chart (CSV, PNG, SVG) in `--chart`.
#[test]
fn match_at_several_budgets_draws_its_chart() {
    let dir = tempfile::tempdir().unwrap();
    let chart = dir.path().join("budgets");
    let out = ok(&weightforge(&[
        "match",
        "--game",
        "wolves_sheep",
        "genomes/wolves_sheep/tuned.ron",
        "li2023",
        "--games",
        "4",
        "--budgets",
        "100,300",
        "--chart",
        chart.to_str().unwrap(),
        "--quiet",
    ]));
    assert_eq!(
        out.matches("Search: 100 nodes per move").count(),
        1,
        "{out}"
    );
    assert_eq!(
        out.matches("Search: 300 nodes per move").count(),
        1,
        "{out}"
    );
    assert!(
        out.contains("Elo of tuned against li2023 by budget:"),
        "{out}"
    );
    let csv = std::fs::read_to_string(chart.join("elo_budget.csv")).unwrap();
    assert_eq!(csv.lines().count(), 3, "{csv}");
    assert!(
        csv.contains("100 nodes") && csv.contains("300 nodes"),
        "{csv}"
    );
    let png = std::fs::read(chart.join("elo_budget.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"));
    let e = fails(&[
        "match",
        "--game",
        "wolves_sheep",
        "tuned",
        "li2023",
        "--budgets",
        "100",
        "--nodes",
        "5",
    ]);
    assert!(e.contains("--nodes"), "{e}");
}
