//! Issue #42: hostile input through the ways in of wave 3 (engine numbers, the `eval`
//! probe, constants files, datagen checkpoints, unit journals, checkpoints, derived
//! paths, files read whole, products of bounds, fits with nothing to fit). One test per
//! root cause, each with several cases; every case panicked, hung, wrote where it must
//! not or gave a silently wrong result before the fix. A case that hung is run with a
//! time limit and counts as a failure when it hits it. The Python engines are skipped
//! with a message without python3, and fail in CI (`CI=true`).

use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::sync::mpsc;
use std::sync::Arc;
use std::time::{Duration, Instant};

use crate::common::tool;
use weightforge::engine::probe::{ProbeError, Prober};
use weightforge::engine::EngineSpec;
use weightforge::games::wolves_sheep::WolvesSheep;

const BIN: &str = env!("CARGO_BIN_EXE_weightforge");

/// Runs the binary with `args` (standard input from `stdin`, if given) and waits at most
/// `secs` seconds: `None` when it had to be killed (it hung).
fn run_for(args: &[&str], stdin: Option<&Path>, secs: u64) -> Option<Output> {
    let mut cmd = Command::new(BIN);
    cmd.args(args).stdout(Stdio::piped()).stderr(Stdio::piped());
    match stdin {
        Some(p) => cmd.stdin(std::fs::File::open(p).unwrap()),
        None => cmd.stdin(Stdio::null()),
    };
    let mut child = cmd.spawn().expect("the binary runs");
    let until = Instant::now() + Duration::from_secs(secs);
    while Instant::now() < until {
        if child.try_wait().unwrap().is_some() {
            return Some(child.wait_with_output().unwrap());
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    let _ = child.kill();
    let _ = child.wait();
    None
}

/// The error of a command that must fail cleanly (exit 2, no panic) within `secs`.
fn refused(args: &[&str], secs: u64) -> String {
    let o = run_for(args, None, secs).unwrap_or_else(|| panic!("{args:?} hung"));
    let err = String::from_utf8_lossy(&o.stderr).into_owned();
    assert_eq!(o.status.code(), Some(2), "{args:?} should fail: {err}");
    assert!(!err.contains("panicked"), "{args:?} panicked: {err}");
    err
}

/// A Python engine for Wolves & Sheep whose handshake declares `weights` (lines after
/// `weight `) and whose `eval` prints `eval` (a Python expression over `k`, the
/// constants, and `sheep`, the sheep on the board), written to `dir`.
fn python_engine(dir: &Path, name: &str, weights: &[&str], eval: &str) -> String {
    let decls: String = weights
        .iter()
        .map(|w| format!("        print('weight {w}')\n"))
        .collect();
    let defaults: String = weights
        .iter()
        .map(|w| {
            let mut it = w.split_whitespace();
            format!(
                "k['{}'] = float('{}')\n",
                it.next().unwrap(),
                it.next().unwrap()
            )
        })
        .collect();
    let text = format!(
        "import sys, time\nk = {{}}\n{defaults}board = ''\n\
         for line in sys.stdin:\n    w = line.split()\n    if not w:\n        continue\n\
         \x20   if w[0] == 'weightforge':\n        print('id name {name}')\n{decls}\
         \x20       print('ready')\n    elif w[0] == 'set':\n        k[w[1]] = float(w[2])\n\
         \x20   elif w[0] == 'position':\n        board = w[1]\n\
         \x20   elif w[0] == 'eval':\n        sheep = board.count('S')\n        {eval}\n\
         \x20   elif w[0] == 'quit':\n        break\n    sys.stdout.flush()\n"
    );
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, text).unwrap();
    format!("engine:\"python3 {}\"", path.display())
}

const START: &str = "SSSSS/SSSSS/...../...../.W.W. w";

#[test]
fn numbers_from_engines_files_and_checkpoints_are_finite_and_in_range() {
    if !tool::require_python3("numbers_from_engines_files_and_checkpoints_are_finite_and_in_range")
    {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Declarations an engine may not make: each was accepted, then panicked in the probe
    // (`NonFinite`) or made NaN in the fit.
    for (name, decl) in [
        ("huge_range", "W 0 -1e308 1e308"),
        ("huge_default", "W 1e308"),
        ("tiny_range", "W 0 0 5e-324"),
    ] {
        let spelling = python_engine(d, name, &[decl], "print('score 1')");
        let e = EngineSpec::resolve(&spelling, "wolves_sheep");
        assert!(e.is_err(), "{name}: `weight {decl}` accepted");
    }
    // `weightforge engine` answered `score inf` after `set`s of 1e308, a line its own
    // referee refuses; a `set` of 1e308 is refused, and an evaluation past the bound
    // is not sent as a score.
    let input = d.join("input");
    for (sets, what) in [
        (
            "set wolves:sheep_eaten 1e308\nset wolves:wolf_sheep_distance 1e308\n",
            "1e308",
        ),
        ("set wolves:wolf_sheep_distance 9e11\n", "past the bound"),
    ] {
        let text = format!(
            "weightforge 1\nnewgame wolves_sheep wolves 1\nposition {START}\n{sets}eval\nquit\n"
        );
        std::fs::write(&input, text).unwrap();
        let args = ["engine", "--game", "wolves_sheep", "--genome", "li2023"];
        let o = run_for(&args, Some(&input), 30).expect("the engine answers");
        let out = String::from_utf8_lossy(&o.stdout);
        let scores: Vec<&str> = out.lines().filter(|l| l.starts_with("score")).collect();
        for s in &scores {
            let v: f64 = s[6..].parse().unwrap();
            assert!(v.is_finite() && v.abs() <= 1e12, "{what}: `{s}`");
        }
        assert!(out.contains("info error"), "{what}: no error said: {out}");
    }
    // Constants files: NaN, infinity, 1e300 and values past the declared bounds were
    // sent to the engine (`set W NaN`).
    let spelling = python_engine(
        d,
        "bounded",
        &["W 1 0 10"],
        "print(f'score {k[\"W\"] * sheep}')",
    );
    let engine = EngineSpec::resolve(&spelling, "wolves_sheep").expect("a proper engine");
    for (case, value) in [
        ("nan", "NaN"),
        ("inf", "inf"),
        ("big", "1e300"),
        ("out", "50.0"),
    ] {
        let file = d.join(format!("{case}.ron"));
        let text = format!(
            "(game: \"wolves_sheep\", engine: \"bounded\", command: \"x\", constants: {{\"W\": {value}}})"
        );
        std::fs::write(&file, text).unwrap();
        let played = engine.with_constants_file(&file, "wolves_sheep");
        assert!(
            played.is_err(),
            "constants W: {value} accepted: {:?}",
            played.map(|s| s.values)
        );
    }
    a_checkpoint_mean_past_the_bound_is_refused(d);
}

/// A checkpoint's mean of 1e300 resumed and wrote 1e301: the mean is refused.
fn a_checkpoint_mean_past_the_bound_is_refused(d: &Path) {
    let rows = d.join("rows.positions");
    let text =
        format!("# weightforge positions v2 wolves_sheep\nwolves 1 - {START}\nsheep 0 - {START}\n");
    std::fs::write(&rows, text).unwrap();
    let exp = fit_only(d, "mean", &[&rows], "");
    let ron = std::fs::read_to_string(&exp)
        .unwrap()
        .replace("generations: 1", "generations: 2");
    std::fs::write(&exp, ron).unwrap();
    let e = exp.to_str().unwrap();
    let o =
        run_for(&["evolve", e, "--quiet", "--stop-after", "1"], None, 300).expect("the run stops");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let report = d.join("reports/mean");
    let path = report.join("checkpoint.json");
    let mut cp: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let state = cp["algorithm"]
        .as_object_mut()
        .unwrap()
        .values_mut()
        .next()
        .unwrap();
    state["mean"][0] = serde_json::json!(1e300);
    std::fs::write(&path, serde_json::to_string(&cp).unwrap()).unwrap();
    let err = refused(
        &["evolve", "--resume", report.to_str().unwrap(), "--quiet"],
        300,
    );
    assert!(err.contains("algorithm.mean"), "{err}");
}

/// The Python engine of [`python_engine`], resolved for Wolves & Sheep.
fn started_engine(dir: &Path, name: &str, weights: &[&str], eval: &str) -> Arc<EngineSpec> {
    let spelling = python_engine(dir, name, weights, eval);
    Arc::new(EngineSpec::resolve(&spelling, "wolves_sheep").expect("the engine starts"))
}

#[test]
fn the_linearity_check_is_not_fooled_by_a_constant_offset() {
    if !tool::require_python3("the_linearity_check_is_not_fooled_by_a_constant_offset") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Each evaluation is an offset plus a square of the constants: not a sum of
    // constant × term. The tolerance grew with the offset, so large ones passed.
    for (name, offset) in [
        ("offset_1e9", "1e9"),
        ("offset_1e7", "1e7"),
        ("offset_1e11", "1e11"),
    ] {
        let eval = format!("print(f'score {{{offset} + k[\"A\"] ** 2 + k[\"B\"] ** 2 + sheep}}')");
        let spec = started_engine(dir.path(), name, &["A 1 -10 10", "B 1 -10 10"], &eval);
        let mut prober = Prober::<WolvesSheep>::new(spec);
        match prober.probe(0, START) {
            Err(ProbeError::Nonlinear { .. }) => {}
            other => panic!("{name}: the square passed as linear: {other:?}"),
        }
    }
}

/// A Texel experiment in `dir` whose generations fit `files` only (no games).
fn fit_only(dir: &Path, name: &str, files: &[&Path], datagen: &str) -> PathBuf {
    let files: Vec<String> = files
        .iter()
        .map(|f| format!("{:?}", f.display().to_string()))
        .collect();
    let text = format!(
        r#"(
        name: "{name}",
        game: "wolves_sheep",
        seed: 4,
        algorithm: Texel(steps: 20, games: false, files: [{}]),
        generations: 1,
        start: "luo2023",
        tune_roles: ["wolves", "sheep"],
        opponents: [(player: "luo2023", depth: {{"wolves": 1, "sheep": 1}})],
        pairs_per_opponent: 1,
        openings: (plies: 4),
        ply_cap: 40,
        {datagen}
        validation: (finalists: 1, selection_pairs: 1, pairs: 1),
        output: (reports: "{1}/reports", genomes: "{1}/genomes"),
    )"#,
        files.join(", "),
        dir.display()
    );
    let path = dir.join(format!("{name}.ron"));
    std::fs::write(&path, text).unwrap();
    path
}

/// A small datagen experiment (li2023 against itself, 3000 nodes a move).
fn datagen_experiment(dir: &Path, games: u32) -> PathBuf {
    let path = dir.join("dg.ron");
    let text = format!(
        r#"(
        name: "dg", game: "wolves_sheep", seed: 3, generations: 1, start: "li2023",
        tune_roles: ["wolves", "sheep"], opponents: [(player: "luo2023")],
        pairs_per_opponent: 1, openings: (plies: 6), ply_cap: 40,
        datagen: (games: {games}, nodes: 3000, skip_plies: 2),
    )"#
    );
    std::fs::write(&path, text).unwrap();
    path
}

#[test]
fn journals_partial_files_and_checkpoints_are_read_through_one_checking_reader() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let exp = datagen_experiment(d, 4);
    let e = exp.to_str().unwrap();
    let out = d.join("p");
    let o = out.to_str().unwrap();
    let stop = [
        "datagen",
        e,
        "--out",
        o,
        "--quiet",
        "--stop-after-games",
        "2",
    ];
    assert!(run_for(&stop, None, 120).unwrap().status.success());
    let partial = d.join("p.partial");
    let good = std::fs::read_to_string(&partial).unwrap();
    assert!(good.contains("\"role\":1"), "{good}");
    // Forged rows in the datagen checkpoint: a role of 7 panicked (and datagen never
    // exited), a result of 5 or -3 was copied, a newline in a row's text injected a row,
    // a game past the plan's count was kept, a position with 0 sheep was written.
    let forged = [
        ("role 7", set_first(&good, "role", "7")),
        ("result 5", set_first(&good, "result", "5.0")),
        ("result -3", set_first(&good, "result", "-3.0")),
        (
            "newline",
            good.replacen(" w\"", " w\\n1 1 0 SSSSS/SSSSS/...../...../.W.W. w\"", 1),
        ),
        (
            "game 99",
            good.replacen("{\"games\":{\"0\"", "{\"games\":{\"99\"", 1),
        ),
        ("0 sheep", forge_no_sheep(&good)),
    ];
    let resume = ["datagen", e, "--out", o, "--quiet", "--resume"];
    for (case, text) in forged {
        assert_ne!(text, good, "{case}: the forgery changed nothing");
        std::fs::write(&partial, &text).unwrap();
        let _ = std::fs::remove_file(&out);
        let err = refused(&resume, 120);
        assert!(
            err.contains("p.partial") && err.contains("line"),
            "{case}: {err}"
        );
    }
    // A stale datagen.positions of a run with another game count was reused by a run
    // started afresh and by one whose experiment changed.
    let rows = d.join("rows.positions");
    std::fs::write(
        &rows,
        format!("# weightforge positions v2 wolves_sheep\nwolves 1 - {START}\nsheep 0 - {START}\n"),
    )
    .unwrap();
    let first = fit_only(
        d,
        "staged",
        &[&rows],
        "datagen: (games: 2, nodes: 2000, skip_plies: 2),",
    );
    let run = ["evolve", first.to_str().unwrap(), "--quiet"];
    let o1 = run_for(&run, None, 300).expect("the staged run ends");
    assert!(
        o1.status.success(),
        "{}",
        String::from_utf8_lossy(&o1.stderr)
    );
    let staged = d.join("reports/staged/datagen.positions");
    let before = std::fs::read_to_string(&staged).unwrap();
    assert!(before.contains(", 2 games,"), "{before}");
    let changed = fit_only(
        d,
        "staged",
        &[&rows],
        "datagen: (games: 3, nodes: 2000, skip_plies: 2),",
    );
    let again = ["evolve", changed.to_str().unwrap(), "--quiet", "--force"];
    let o2 = run_for(&again, None, 300).expect("the changed run ends");
    assert!(
        o2.status.success(),
        "{}",
        String::from_utf8_lossy(&o2.stderr)
    );
    let after = std::fs::read_to_string(&staged).unwrap();
    assert!(
        after.contains(", 3 games,"),
        "the stale file was reused: {after}"
    );
}

/// `json` with the first value of `key` (a number) set to `value`.
fn set_first(json: &str, key: &str, value: &str) -> String {
    let tag = format!("\"{key}\":");
    let at = json.find(&tag).expect("the key") + tag.len();
    let end = at + json[at..].find(',').unwrap();
    format!("{}{value}{}", &json[..at], &json[end..])
}

/// The datagen checkpoint `good` with the first row's position replaced by one with no
/// sheep (a board the notation allows but no game reaches).
fn forge_no_sheep(good: &str) -> String {
    let at = good.find("\"text\":\"").expect("a row") + 8;
    let end = at + good[at..].find('"').unwrap();
    let text = &good[at..end];
    let side = &text[text.len() - 1..];
    let board: String = text[..text.len() - 2]
        .chars()
        .map(|c| if c == 'S' { '.' } else { c })
        .collect();
    format!("{}{board} {side}{}", &good[..at], &good[end..])
}

#[test]
fn an_eval_deadline_counts_wall_time_not_lines() {
    if !tool::require_python3("an_eval_deadline_counts_wall_time_not_lines") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    // Engines that answer `eval` with `info` lines and never a `score` (for at most a
    // minute, so that nothing is left behind): the deadline restarted at every line.
    for (name, every) in [
        ("info_each_second", "1"),
        ("info_each_half_second", "0.5"),
        ("info_each_tenth", "0.1"),
    ] {
        let eval = format!("[(print('info thinking', flush=True), time.sleep({every})) for _ in range(int(60 / {every}))]");
        let spec = started_engine(dir.path(), name, &["A 1 -10 10"], &eval);
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut prober = Prober::<WolvesSheep>::new(spec);
            let r = prober.probe(0, START).map(|_| ());
            let _ = tx.send(r.map_err(|e| e.to_string()));
        });
        match rx.recv_timeout(Duration::from_secs(30)) {
            Ok(Err(e)) => assert!(e.contains("time") || e.contains("late"), "{name}: {e}"),
            Ok(Ok(())) => panic!("{name}: a probe without scores succeeded"),
            Err(_) => panic!("{name}: no fault after 30 s of `info` lines"),
        }
    }
}

#[test]
fn paths_weightforge_names_itself_are_not_followed_and_fifos_do_not_block() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let exp = datagen_experiment(d, 2);
    let e = exp.to_str().unwrap();
    // A link at `<out>.partial`: its target was overwritten with the checkpoint.
    let target = d.join("precious.txt");
    std::fs::write(&target, "keep me\n").unwrap();
    let out = d.join("linked");
    std::os::unix::fs::symlink(&target, d.join("linked.partial")).unwrap();
    let o = out.to_str().unwrap();
    let _ = run_for(&["datagen", e, "--out", o, "--quiet"], None, 120).expect("datagen ends");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "keep me\n",
        "the link was followed"
    );
    // A link at the checkpoint a run writes in its report folder.
    let rows = d.join("rows.positions");
    std::fs::write(
        &rows,
        format!("# weightforge positions v2 wolves_sheep\nwolves 1 - {START}\nsheep 0 - {START}\n"),
    )
    .unwrap();
    let fit = fit_only(d, "linked_run", &[&rows], "");
    std::fs::create_dir_all(d.join("reports/linked_run")).unwrap();
    std::os::unix::fs::symlink(&target, d.join("reports/linked_run/checkpoint.json")).unwrap();
    let _ = run_for(
        &["evolve", fit.to_str().unwrap(), "--quiet", "--force"],
        None,
        300,
    )
    .expect("evolve ends");
    assert_eq!(
        std::fs::read_to_string(&target).unwrap(),
        "keep me\n",
        "the checkpoint link was followed"
    );
    // `--out /dev/null` made /dev/null.partial (the run is root in CI containers).
    let made = Path::new("/dev/null.partial").exists();
    let o =
        run_for(&["datagen", e, "--out", "/dev/null", "--quiet"], None, 120).expect("datagen ends");
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let left = Path::new("/dev/null.partial").exists();
    if left && !made {
        let _ = std::fs::remove_file("/dev/null.partial");
    }
    assert!(made || !left, "a checkpoint was left in /dev");
    // A FIFO where a file is read blocked in open(2) without a word.
    let fifo = d.join("fifo.ron");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let f = fifo.to_str().unwrap();
    for args in [
        vec!["evolve", f, "--quiet"],
        vec![
            "match",
            "--game",
            "wolves_sheep",
            f,
            "random",
            "--games",
            "2",
            "--quiet",
        ],
    ] {
        let err = refused(&args, 20);
        assert!(
            err.contains("pipe") || err.contains("FIFO"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn files_from_outside_are_read_within_a_bound() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    // Sparse files: no disk, but read whole they cost their size in memory before the
    // parse error (an experiment, a genome, a checkpoint).
    let sparse = |name: &str, size: u64| {
        let p = d.join(name);
        std::fs::File::create(&p).unwrap().set_len(size).unwrap();
        p
    };
    let big = sparse("big.ron", 200 << 20);
    let b = big.to_str().unwrap();
    for args in [
        vec!["evolve", b, "--quiet"],
        vec![
            "match",
            "--game",
            "wolves_sheep",
            b,
            "random",
            "--games",
            "2",
            "--quiet",
        ],
    ] {
        let err = refused(&args, 60);
        assert!(err.contains("larger than"), "{args:?}: {err}");
    }
    let report = d.join("report");
    std::fs::create_dir_all(&report).unwrap();
    std::fs::File::create(report.join("checkpoint.json"))
        .unwrap()
        .set_len(1100 << 20)
        .unwrap();
    let err = weightforge::tune::checkpoint::Checkpoint::load(&report)
        .unwrap_err()
        .to_string();
    assert!(err.contains("larger than"), "{err}");
    // `weightforge engine` with /dev/zero on its standard input allocated until it
    // aborted; a line past the bound is an error.
    let args = ["engine", "--game", "wolves_sheep", "--genome", "li2023"];
    let o = run_for(&args, Some(Path::new("/dev/zero")), 30).expect("the engine stops");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(err.contains("longer than"), "{err}");
}

#[test]
fn products_of_bounded_numbers_are_bounded() {
    let dir = tempfile::tempdir().unwrap();
    // 1,024 threads × the default table, and 2^26 entries per player, are each within
    // their own bound; their products were not.
    let err = refused(
        &[
            "--threads",
            "1024",
            "match",
            "--game",
            "wolves_sheep",
            "random",
            "random",
            "--games",
            "2",
            "--quiet",
        ],
        60,
    );
    assert!(err.contains("search tables"), "{err}");
    let genome = dir.path().join("wide.ron");
    let text = std::fs::read_to_string("genomes/wolves_sheep/li2023.ron").unwrap();
    assert!(text.contains("tt_bits: 18"), "li2023 sets its table size");
    let wide = text.replace("tt_bits: 18", "tt_bits: 26");
    std::fs::write(&genome, wide).unwrap();
    let g = genome.to_str().unwrap();
    let err = refused(
        &[
            "match",
            "--game",
            "wolves_sheep",
            g,
            "random",
            "--games",
            "2",
            "--quiet",
        ],
        60,
    );
    assert!(err.contains("search tables"), "{err}");
    // `calibrate --move-time 3600000` was 12 hours without a word.
    for ms in ["3600000", "60000"] {
        let err = refused(
            &[
                "calibrate",
                "--game",
                "wolves_sheep",
                "--genome",
                "li2023",
                "--move-time",
                ms,
            ],
            30,
        );
        assert!(err.contains("calibrate"), "{ms}: {err}");
    }
}

#[test]
fn a_fit_with_nothing_to_fit_refuses_and_unreachable_positions_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let header = "# weightforge positions v2 wolves_sheep <role> <result> <score> <position>\n";
    let cases = [
        ("empty", String::new(), "nothing to fit"),
        ("header_only", header.to_string(), "nothing to fit"),
        (
            "unknown",
            format!("{header}wolves - - {START}\nsheep - - {START}\n"),
            "nothing to fit",
        ),
        (
            "wolves_only",
            format!("{header}wolves 1 - {START}\nwolves 0 - SSSSS/SSSS./....S/...../.W.W. w\n"),
            "sheep",
        ),
        (
            "no_sheep",
            format!("{header}wolves 1 - {START}\nsheep 0 - ...../...../...../...../.W.W. w\n"),
            "no_sheep.positions:3",
        ),
    ];
    for (name, text, said) in cases {
        let file = d.join(format!("{name}.positions"));
        std::fs::write(&file, text).unwrap();
        let exp = fit_only(d, name, &[&file], "");
        let err = refused(&["evolve", exp.to_str().unwrap(), "--quiet"], 300);
        assert!(err.contains(said), "{name}: {err}");
        assert!(
            !d.join(format!("genomes/wolves_sheep/{name}.ron")).exists(),
            "{name}: a genome was written"
        );
    }
}

/// A stream without a newline on standard input is refused at the line bound, by every
/// command that reads positions from it (it grew to 4 GB and aborted before).
#[test]
fn standard_input_without_newlines_is_refused_at_the_line_bound() {
    for args in [
        &["moves", "--game", "connect_four"][..],
        &["solve", "--game", "connect_four", "--probe"][..],
    ] {
        let o = run_for(args, Some(Path::new("/dev/zero")), 20)
            .unwrap_or_else(|| panic!("{args:?} hung on /dev/zero"));
        let err = String::from_utf8_lossy(&o.stderr);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains("line 1: longer than"), "{args:?}: {err}");
    }
}
