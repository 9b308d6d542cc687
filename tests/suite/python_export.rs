//! `weightforge export --format python`: the module it writes returns exactly the value
//! weightforge's search gives a position ([`Evaluator::value`]), for every committed
//! genome of each game with Python features, both roles, on 1,000 positions of played
//! (random) games per game, from the position text (`evaluate_text`) and from the
//! course's board (`evaluate`). Needs python3: skipped with a message without it, fails
//! in CI (`CI=true`). Also: export writes only names the target reads (issue #42).

use std::io::Write;
use std::path::Path;
use std::process::{Command, Stdio};

use crate::common::positions::random_position;
use crate::common::{fails, ok, tool, weightforge};
use rand::SeedableRng;
use weightforge::eval::Evaluator;
use weightforge::game::{Features, Game, GameRng};
use weightforge::games::abalone::Abalone;
use weightforge::games::war_of_life::WarOfLife;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;

/// Positions per game; each is evaluated for both roles.
const POSITIONS: usize = 1000;

/// Reads JSON lines `{"module", "role", "text"[, "board", "to_move"]}` and prints, per
/// line, `evaluate_text` and `evaluate` (or `evaluate_text` again without a board).
const DRIVER: &str = r#"
import importlib, json, sys
sys.path.insert(0, sys.argv[1])
modules = {}
for line in sys.stdin:
    q = json.loads(line)
    m = modules.get(q["module"]) or modules.setdefault(q["module"], importlib.import_module(q["module"]))
    v = m.evaluate_text(q["text"], q["role"])
    b = m.evaluate(q["board"], q["role"], q["to_move"]) if "board" in q else v
    print(repr(v), repr(b))
"#;

/// Each position's course board and side to move, when the game's module reads one.
type CourseBoard<G> = fn(&G) -> Option<(serde_json::Value, &'static str)>;

/// The module of each genome (path, bound) against the evaluator on `POSITIONS`
/// positions of `G`; every value must lie within ±bound.
fn check_game<G: Features>(
    genomes: &[(&str, f64)],
    start: &str,
    plies: u32,
    board: CourseBoard<G>,
) {
    let dir = tempfile::tempdir().unwrap();
    let mut rng = GameRng::seed_from_u64(2026);
    let positions: Vec<G> = (0..POSITIONS)
        .map(|_| random_position::<G>(start, plies, &mut rng))
        .collect();
    let mut input = String::new();
    let mut expected = Vec::new();
    for (i, (path, bound)) in genomes.iter().enumerate() {
        let module = format!("genome_{i}");
        let out = dir.path().join(format!("{module}.py"));
        export_python(path, &out);
        let genome = Genome::load::<G>(Path::new(path)).unwrap();
        for (role, role_name) in G::ROLES.iter().enumerate() {
            let mut eval =
                Evaluator::with_tables::<G>(role, &genome.weights[role], genome.tables.as_ref());
            for pos in &positions {
                let mut q =
                    serde_json::json!({"module": module, "role": role_name, "text": pos.to_text()});
                if let Some((b, to_move)) = board(pos) {
                    q["board"] = b;
                    q["to_move"] = to_move.into();
                }
                input.push_str(&format!("{q}\n"));
                expected.push((path, *bound, role_name, pos.to_text(), eval.value(pos)));
            }
        }
    }
    let got = run_python(dir.path(), &input);
    assert_eq!(got.len(), expected.len(), "one line per query");
    for ((path, bound, role, text, want), line) in expected.iter().zip(&got) {
        for v in line.split_whitespace() {
            let v: f64 = v
                .parse()
                .unwrap_or_else(|_| panic!("{path} {role} {text}: {line}"));
            assert!(
                v == *want,
                "{path}, {role}, {text}: module {v:?}, weightforge {want:?}"
            );
            assert!(
                v.abs() < *bound,
                "{path}, {role}, {text}: {v} beyond ±{bound}"
            );
        }
    }
}

/// The driver's output lines.
fn run_python(dir: &Path, input: &str) -> Vec<String> {
    let out = python_with_stdin(&["-c", DRIVER, dir.to_str().unwrap()], input);
    crate::common::ok(&out).lines().map(String::from).collect()
}

/// python3 with `args`, `input` on its standard input (fed from a thread, so a large
/// input cannot block against a full output pipe).
fn python_with_stdin(args: &[&str], input: &str) -> std::process::Output {
    let mut child = Command::new("python3")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("python3 runs");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || stdin.write_all(input.as_bytes()));
    let out = child.wait_with_output().unwrap();
    feeder.join().unwrap().unwrap();
    out
}

/// Exports `genome` as a Python module to `out`.
fn export_python(genome: &str, out: &Path) {
    ok(&weightforge(&[
        "export",
        genome,
        "--format",
        "python",
        "--output",
        out.to_str().unwrap(),
    ]));
}

/// The course code's 5×5 array (0 empty, 1 sheep, 2 wolf) and the side to move; by
/// turns as numbers, as the digits a state file holds, and as rows of letters.
fn wolves_sheep_board(pos: &WolvesSheep) -> Option<(serde_json::Value, &'static str)> {
    let text = pos.to_text();
    let (board, side) = text.split_once(' ').unwrap();
    let rows: Vec<&str> = board.split('/').collect();
    let digit = |c: char| match c {
        'S' => 1,
        'W' => 2,
        _ => 0,
    };
    let value = match text.bytes().map(u32::from).sum::<u32>() % 3 {
        0 => serde_json::json!(rows
            .iter()
            .map(|r| r.chars().map(digit).collect::<Vec<u8>>())
            .collect::<Vec<_>>()),
        1 => serde_json::json!(rows
            .iter()
            .map(|r| r.chars().map(|c| digit(c).to_string()).collect::<Vec<_>>())
            .collect::<Vec<_>>()),
        _ => serde_json::json!(rows),
    };
    Some((value, if side == "w" { "wolves" } else { "sheep" }))
}

#[test]
fn wolves_sheep_module_equals_the_search_evaluation() {
    if !tool::require_python3("wolves_sheep_module_equals_the_search_evaluation") {
        return;
    }
    // The tuned genomes stay well inside the course code's win scores (±100,000); LUO's
    // own weights (-20,000 a sheep eaten) do not.
    let genomes = [
        ("genomes/wolves_sheep/li2023.ron", 10_000.0),
        ("genomes/wolves_sheep/luo2023.ron", f64::INFINITY),
        ("genomes/wolves_sheep/tuned.ron", 10_000.0),
        ("genomes/wolves_sheep/target100k_d6.ron", 10_000.0),
        ("genomes/wolves_sheep/tables_li2023.ron", 10_000.0),
        ("genomes/wolves_sheep/tables_solved.ron", 10_000.0),
        ("genomes/wolves_sheep/tables_choices.ron", 10_000.0),
        ("genomes/wolves_sheep/tables_course.ron", 10_000.0),
    ];
    check_game::<WolvesSheep>(&genomes, "standard", 40, wolves_sheep_board);
}

/// `start` with every table family of `G`, each weight drawn in ±3 (seed 9), written to
/// `dir`: a table genome whose every entry counts.
fn random_table_genome<G: Features>(start: &str, dir: &Path) -> std::path::PathBuf {
    use rand::RngExt;
    use weightforge::tables::{GenomeTables, TableLayout};
    let mut rng = GameRng::seed_from_u64(9);
    let mut genome = Genome::load::<G>(Path::new(start)).unwrap();
    let mut tables = GenomeTables::zeros(std::sync::Arc::new(TableLayout::all::<G>().unwrap()));
    for w in tables.weights.iter_mut().flatten() {
        *w = rng.random_range(-3.0..3.0);
    }
    genome.tables = Some(std::sync::Arc::new(tables));
    let path = dir.join("random_tables.ron");
    std::fs::write(&path, genome.to_ron::<G>()).unwrap();
    path
}

/// The coursework's board, `[blue cells, red cells]`, and the side to move.
fn war_of_life_board(pos: &WarOfLife) -> Option<(serde_json::Value, &'static str)> {
    let text = pos.to_text();
    let (board, side) = text.rsplit_once(' ').unwrap();
    let board: serde_json::Value = serde_json::from_str(board).unwrap();
    Some((board, if side == "b" { "blue" } else { "red" }))
}

#[test]
fn war_of_life_module_equals_the_search_evaluation() {
    if !tool::require_python3("war_of_life_module_equals_the_search_evaluation") {
        return;
    }
    let genomes: Vec<(String, f64)> = [
        "bloodlust",
        "land_grab",
        "minimax",
        "minimax_prolog",
        "self_preservation",
        "tuned",
        "tables_rescored",
    ]
    .iter()
    .map(|g| (format!("genomes/war_of_life/{g}.ron"), 10_000.0))
    .collect();
    let dir = tempfile::tempdir().unwrap();
    let tables = random_table_genome::<WarOfLife>("genomes/war_of_life/tuned.ron", dir.path());
    let mut genomes: Vec<(&str, f64)> = genomes.iter().map(|(g, b)| (g.as_str(), *b)).collect();
    genomes.push((tables.to_str().unwrap(), 10_000.0));
    check_game::<WarOfLife>(&genomes, "random", 20, war_of_life_board);
}

/// The COMP 3981 team's board: a dictionary of the marbles keyed by (letter, number),
/// here by the key's text (JSON has no tuple keys) as "(1,1)" or "A1", the colour as "b"
/// / "w" or spelt out, by turns; every fifth board in the course's token notation.
fn abalone_board(pos: &Abalone) -> Option<(serde_json::Value, &'static str)> {
    let text = pos.to_text();
    let (side, board) = text.split_once(' ').unwrap();
    let turn = text.bytes().map(u32::from).sum::<u32>() % 5;
    let to_move = if side == "b" { "black" } else { "white" };
    if turn == 4 {
        return Some((board.into(), to_move));
    }
    let mut dict = serde_json::Map::new();
    for token in board.split(',') {
        let (cell, colour) = token.split_at(token.len() - 1);
        let letter = u32::from(cell.as_bytes()[0] - b'A' + 1);
        let key = match turn {
            0 | 1 => format!("({letter},{})", &cell[1..]),
            _ => cell.to_string(),
        };
        let colour = match (turn, colour) {
            (1 | 3, "b") => "black",
            (1 | 3, _) => "white",
            _ => colour,
        };
        dict.insert(key, colour.into());
    }
    Some((serde_json::Value::Object(dict), to_move))
}

#[test]
fn abalone_module_equals_the_search_evaluation() {
    if !tool::require_python3("abalone_module_equals_the_search_evaluation") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let tables = random_table_genome::<Abalone>("genomes/abalone/tuned.ron", dir.path());
    let genomes = [
        ("genomes/abalone/guara.ron", 10_000.0),
        ("genomes/abalone/chorus2009.ron", f64::INFINITY),
        ("genomes/abalone/tuned.ron", 10_000.0),
        ("genomes/abalone/tables_rescored.ron", 10_000.0),
        ("genomes/abalone/tables_rescored2.ron", 10_000.0),
        (tables.to_str().unwrap(), 10_000.0),
    ];
    check_game::<Abalone>(&genomes, "standard", 60, abalone_board);
}

/// Issue #42, class 8: what export writes into source code or lines is only what the
/// target reads as a name and a number; a constants file says each name once and is
/// played only for its game.
#[test]
fn export_writes_only_names_and_numbers_the_target_reads() {
    let dir = tempfile::tempdir().unwrap();
    let constants = |names: &[&str], game: &str| {
        let body: String = names.iter().map(|n| format!("{n:?}: 1.5, ")).collect();
        format!(r#"(game: "{game}", engine: "e", command: "python3 e.py", constants: {{{body}}})"#)
    };
    let write = |name: &str, text: String| {
        let path = dir.path().join(name);
        std::fs::write(&path, text).unwrap();
        path.to_str().unwrap().to_string()
    };
    let injected = write(
        "injected.ron",
        constants(&["x=__import__('os').system('id');y"], "wolves_sheep"),
    );
    let e = fails(&["export", &injected, "--format", "python"]);
    assert!(
        e.contains("x=__import__") && e.contains("not a Python identifier"),
        "{e}"
    );
    let keyword = write("keyword.ron", constants(&["class"], "wolves_sheep"));
    assert!(fails(&["export", &keyword, "--format", "python"]).contains("keyword"));
    let forged = write("forged.ron", constants(&["A 1\nresult"], "wolves_sheep"));
    let e = fails(&["export", &forged, "--format", "lines"]);
    assert!(e.contains("whitespace"), "{e}");
    let twice = write("twice.ron", constants(&["A", "A"], "wolves_sheep"));
    let e = fails(&["export", &twice, "--format", "json"]);
    assert!(e.contains("\"A\" is given twice"), "{e}");
    let other = write("other.ron", constants(&["A"], "war_of_life"));
    let e = weightforge::engine::constants::ConstantsFile::load(Path::new(&other), "wolves_sheep")
        .unwrap_err();
    assert!(
        e.contains("war_of_life") && e.contains("wolves_sheep"),
        "{e}"
    );
    let clean = write("clean.ron", constants(&["EAT_BONUS"], "wolves_sheep"));
    assert_eq!(
        ok(&weightforge(&["export", &clean, "--format", "python"])).trim(),
        "EAT_BONUS = 1.5"
    );
}

/// scripts/check_eval.py, the check of a user's own evaluation through `eval`: the course
/// player with the exported module matches weightforge on every position of recorded
/// games; with its own heuristic it does not, and the script says so (exit status 1).
#[test]
fn check_eval_tells_a_matching_evaluation_from_another() {
    if !tool::require_python3("check_eval_tells_a_matching_evaluation_from_another") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let record = dir.path().join("games.jsonl");
    let module = dir.path().join("wf_tuned.py");
    let genome = "genomes/wolves_sheep/tuned.ron";
    ok(&weightforge(&[
        "match",
        "--game",
        "wolves_sheep",
        "li2023",
        "luo2023",
        "--games",
        "2",
        "--quiet",
        "--record",
        record.to_str().unwrap(),
    ]));
    export_python(genome, &module);
    let check = |engine: &str| {
        Command::new("python3")
            .args([
                "scripts/check_eval.py",
                "--game",
                "wolves_sheep",
                "--genome",
                genome,
            ])
            .args(["--positions", record.to_str().unwrap(), "--engine", engine])
            .args([
                "--dir",
                "examples/engines/course",
                "--weightforge",
                env!("CARGO_BIN_EXE_weightforge"),
            ])
            .output()
            .unwrap()
    };
    let same = check(&format!(
        "python3 adapter.py --evaluation {}",
        module.display()
    ));
    let text = String::from_utf8_lossy(&same.stdout).into_owned();
    assert!(
        same.status.success() && text.contains(" 0 differ"),
        "{text}{}",
        String::from_utf8_lossy(&same.stderr)
    );
    let own = check("python3 adapter.py");
    let text = String::from_utf8_lossy(&own.stdout).into_owned();
    assert_eq!(own.status.code(), Some(1), "{text}");
    assert!(text.contains(" 0 match"), "{text}");
}

/// A table genome's module carries its tables (the exactness tests above check the
/// values): export writes every table's integers and the function summing them, and json
/// still carries every weight by cells and contents. Every game whose Python code and
/// cell board both exist can read a position's cells (`cell_contents`), so no table
/// genome is refused for want of it.
#[test]
fn a_table_genome_is_exported_with_its_tables() {
    let genome = "genomes/wolves_sheep/tables_li2023.ron";
    let py = ok(&weightforge(&["export", genome, "--format", "python"]));
    for part in [
        "_T_wolves = [",
        "def _tables_sheep(x, T=_T_sheep)",
        "_TABLE_UNITS = 25600.0",
    ] {
        assert!(py.contains(part), "no {part:?} in the module");
    }
    let json = ok(&weightforge(&["export", genome, "--format", "json"]));
    assert!(
        json.contains("\"00,01,10,11=....\""),
        "no table weight in the json"
    );
    for &id in weightforge::registry::GameId::ALL {
        weightforge::with_game!(id, G => {
            if let (Some(code), Some(_)) = (<G as weightforge::game::GameEntry>::PYTHON_FEATURES, G::cell_board()) {
                assert!(code.contains("\ndef cell_contents("), "{}: features.py has no cell_contents", G::NAME);
            }
        });
    }
}

/// The team's own board: a dictionary keyed by (letter, number) tuples of ints, empty
/// cells absent or None, read as the position text is, on the 200 oracle positions.
#[test]
fn abalone_module_reads_the_teams_tuple_keys() {
    if !tool::require_python3("abalone_module_reads_the_teams_tuple_keys") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("wf_tuned.py");
    export_python("genomes/abalone/tuned.ron", &out);
    let script = r#"
import sys
sys.path.insert(0, sys.argv[1])
import wf_tuned as m
n = 0
for line in sys.stdin:
    text = line[len("position "):].strip()
    side, board = text.split()
    d = {(ord(t[0]) - 64, int(t[1:-1])): t[-1] for t in board.split(",")}
    d[(5, 5)] = d.get((5, 5))
    for role in ("black", "white"):
        to_move = "black" if side == "b" else "white"
        assert m.evaluate(d, role, to_move) == m.evaluate_text(text, role), (text, role)
    n += 1
print(n)
"#;
    let positions = std::fs::read_to_string("tests/data/abalone/positions.txt").unwrap();
    let input: String = positions
        .lines()
        .filter(|l| l.starts_with("position "))
        .map(|l| format!("{l}\n"))
        .collect();
    let done = python_with_stdin(&["-c", script, dir.path().to_str().unwrap()], &input);
    assert_eq!(crate::common::ok(&done).trim(), "200");
}

/// examples/engines/abalone_course, the COMP 3981-style player: its own move generator
/// lists exactly the oracle's resulting boards on the 200 oracle positions (an
/// independent implementation's data), and through the engine protocol, with the
/// exported module in place of its heuristic, it answers `eval` with weightforge's own
/// value on every position of recorded games (scripts/check_eval.py) and plays legal
/// games against itself.
#[test]
fn the_abalone_course_player_plays_legally_with_the_module() {
    if !tool::require_python3("the_abalone_course_player_plays_legally_with_the_module") {
        return;
    }
    let script = r#"
import sys
sys.path.insert(0, "examples/engines/abalone_course")
import student_abalone as ai, adapter
blocks = open("tests/data/abalone/positions.txt").read().split("\n\n")
checked = 0
for block in filter(str.strip, blocks):
    lines = block.strip().split("\n")
    board, side = adapter.board_of(lines[0][len("position "):])
    want = sorted(l[len("result "):] for l in lines[2:])
    got = []
    for move in ai.generate_moves(board, side):
        after = ai.apply_move(board, move)
        cells = sorted((v, l, n) for (l, n), v in after.items())
        got.append(",".join(f"{adapter.LETTERS[l - 1]}{n}{v}" for v, l, n in cells))
    assert sorted(got) == want, lines[0]
    checked += 1
print(checked)
"#;
    assert_eq!(python_script(script), "200");
    let dir = tempfile::tempdir().unwrap();
    let module = dir.path().join("wf_tuned.py");
    let record = dir.path().join("games.jsonl");
    export_python("genomes/abalone/tuned.ron", &module);
    let player = format!(
        "engine:\"python3 adapter.py --evaluation {}\",dir=examples/engines/abalone_course",
        module.display()
    );
    let own = "engine:\"python3 adapter.py\",dir=examples/engines/abalone_course";
    let args = [
        "match",
        "--game",
        "abalone",
        &player,
        own,
        "--games",
        "2",
        "--ply-cap",
        "16",
    ];
    let rec = ["--quiet", "--record", record.to_str().unwrap()];
    let text = ok(&weightforge(&[&args[..], &rec[..]].concat()));
    assert!(!text.contains("illegal"), "{text}");
    let check = Command::new("python3")
        .args(["scripts/check_eval.py", "--game", "abalone", "--genome"])
        .args([
            "genomes/abalone/tuned.ron",
            "--positions",
            record.to_str().unwrap(),
        ])
        .args([
            "--engine",
            &format!("python3 adapter.py --evaluation {}", module.display()),
        ])
        .args(["--dir", "examples/engines/abalone_course"])
        .args(["--weightforge", env!("CARGO_BIN_EXE_weightforge")])
        .output()
        .unwrap();
    let said = String::from_utf8_lossy(&check.stdout);
    assert_eq!(
        check.status.code(),
        Some(0),
        "{said}{}",
        String::from_utf8_lossy(&check.stderr)
    );
}

/// What `python3 -c script` prints (from the repository's root), after it succeeded.
fn python_script(script: &str) -> String {
    let out = Command::new("python3")
        .args(["-c", script])
        .output()
        .unwrap();
    crate::common::ok(&out).trim().to_string()
}

/// examples/engines/course's `--no-repeat sheep`: the same board, seed and depth give the
/// same move without it; with it, the sheep's second call avoids the board its first
/// made, and the wolves' moves are left alone.
#[test]
fn the_course_adapter_no_repeat_avoids_a_board_the_sheep_made() {
    if !tool::require_python3("the_course_adapter_no_repeat_avoids_a_board_the_sheep_made") {
        return;
    }
    let script = r#"
import random, sys
sys.path.insert(0, "examples/engines/course")
import student_ai as ai, adapter
board = adapter.board_of("SSSSS/SSSSS/...../...../.W.W. s")
def move(role):
    random.seed(1)
    return ai.AIPlayer(role).get_move(board, 3)
first = move("sheep")
assert move("sheep") == first, "deterministic without the flag"
wolves = move("wolves")
made = adapter.no_repeat("sheep")
assert move("sheep") == first and str(ai.do_move(board, first)) in made
second = move("sheep")
assert second != first, (first, second)
assert move("wolves") == move("wolves") == wolves
print("ok")
"#;
    assert_eq!(python_script(script), "ok");
}
