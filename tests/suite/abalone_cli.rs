//! The Abalone course front end of the binary: `moves --format bcit` reproduces the
//! course's sample `.board` files, `move` answers a `.input` file with a legal move and
//! its board, and malformed or impossible course files get clear errors (exit status 2,
//! no panic).

use std::collections::BTreeMap;

use crate::common::{failure, ok, temp_file, weightforge, with_stdin};

const BCIT: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abalone/bcit/");

/// The board of the course's Test1/Test2 inputs (11 black, 14 white).
const BOARD: &str = "C5b,D5b,E4b,E5b,E6b,F5b,F6b,F7b,F8b,G6b,H6b,C3w,C4w,D3w,D4w,D6w,\
                     E7w,F4w,G5w,G7w,G8w,G9w,H7w,H8w,H9w";

fn course_file(name: &str) -> String {
    std::fs::read_to_string(format!("{BCIT}{name}")).unwrap()
}

#[test]
fn moves_writes_the_course_board_files() {
    for test in ["Test1", "Test2"] {
        let input = format!("{BCIT}{test}.input");
        let got = ok(&weightforge(&[
            "moves", "--game", "abalone", "--format", "bcit", &input,
        ]));
        // Byte for byte, in the instructor's order.
        assert_eq!(got, course_file(&format!("{test}.board")), "{test}");
        // The same from standard input.
        let piped = with_stdin(
            &["moves", "--game", "abalone", "--format", "bcit"],
            &course_file(&format!("{test}.input")),
        );
        assert_eq!(ok(&piped), got, "{test} from stdin");
    }
}

#[test]
fn bcit_moves_line_up_with_the_boards_and_the_text_format() {
    for (test, side) in [("Test1", "b"), ("Test2", "w")] {
        let input = format!("{BCIT}{test}.input");
        let moves = ok(&weightforge(&[
            "moves",
            "--game",
            "abalone",
            "--format",
            "bcit-moves",
            &input,
        ]));
        let boards = course_file(&format!("{test}.board"));
        assert_eq!(moves.lines().count(), boards.lines().count());
        // The default output is unchanged: a status line, then `<move> <position>`.
        let text = ok(&weightforge(&[
            "moves",
            "--game",
            "abalone",
            &format!("{side} {BOARD}"),
        ]));
        let mut lines = text.lines();
        assert_eq!(lines.next(), Some("status ongoing"));
        let children: BTreeMap<&str, &str> = lines
            .map(|l| l.split_once(' ').expect("<move> <position>"))
            .collect();
        assert_eq!(children.len(), boards.lines().count());
        let next_side = if side == "b" { "w" } else { "b" };
        for (m, b) in moves.lines().zip(boards.lines()) {
            assert!(m.starts_with("i-") || m.starts_with("s-"), "{m}");
            assert_eq!(children[m], format!("{next_side} {b}"), "{test} {m}");
        }
    }
}

#[test]
fn move_answers_a_course_input_with_a_move_and_its_board() {
    let dir = tempfile::tempdir().unwrap();
    for test in ["Test1", "Test2"] {
        let input = format!("{BCIT}{test}.input");
        let out = ok(&weightforge(&[
            "move", "--game", "abalone", "--genome", "guara", "--state", &input, "--depth", "2",
        ]));
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines.len(), 2, "{out}");
        // The move is legal and the board is the one the course's generator gives it.
        let moves = ok(&weightforge(&[
            "moves",
            "--game",
            "abalone",
            "--format",
            "bcit-moves",
            &input,
        ]));
        let row = moves
            .lines()
            .position(|m| m == lines[0])
            .unwrap_or_else(|| panic!("{test}: {} is not a legal move", lines[0]));
        let boards = course_file(&format!("{test}.board"));
        assert_eq!(boards.lines().nth(row), Some(lines[1]), "{test}");

        // --output writes the pair of course files.
        let stem = dir.path().join(test);
        let again = ok(&weightforge(&[
            "move",
            "--game",
            "abalone",
            "--genome",
            "guara",
            "--state",
            &input,
            "--depth",
            "2",
            "--output",
            stem.to_str().unwrap(),
        ]));
        assert_eq!(again, out, "deterministic");
        let m = std::fs::read_to_string(stem.with_extension("move")).unwrap();
        let b = std::fs::read_to_string(stem.with_extension("board")).unwrap();
        assert_eq!(format!("{m}{b}"), out);
    }
}

#[test]
fn move_reads_the_role_from_the_file_and_checks_a_given_one() {
    let input = format!("{BCIT}Test1.input");
    let base = [
        "move", "--game", "abalone", "--genome", "guara", "--state", &input, "--depth", "1",
    ];
    let with = |extra: &[&str]| -> Vec<String> {
        let mut v: Vec<String> = base.iter().map(|s| s.to_string()).collect();
        v.extend(extra.iter().map(|s| s.to_string()));
        v
    };
    let args = with(&["--role", "black"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let plain = ok(&weightforge(&base));
    assert_eq!(ok(&weightforge(&args)), plain);
    let args = with(&["--role", "white"]);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let err = failure(weightforge(&args));
    assert!(err.contains("does not match"), "{err}");

    // A file holding one position in the notation works too.
    let dir = tempfile::tempdir().unwrap();
    let p = temp_file(dir.path(), "pos.txt", &format!("b {BOARD}\n"));
    let out = ok(&weightforge(&[
        "move",
        "--game",
        "abalone",
        "--genome",
        "guara",
        "--state",
        p.to_str().unwrap(),
        "--depth",
        "1",
    ]));
    assert_eq!(out, plain);
}

#[test]
fn bad_course_files_get_clear_errors() {
    let dir = tempfile::tempdir().unwrap();
    let fifteen = format!("A1b,A2b,A3b,A4b,{BOARD}");
    let cases: Vec<(&str, String, &str)> = vec![
        ("empty", String::new(), "line 1: missing the colour to move"),
        (
            "word",
            format!("black\n{BOARD}\n"),
            "line 1: colour to move \"black\" must be 'b' or 'w'",
        ),
        ("no_board", "w\n".into(), "line 2: missing the board"),
        (
            "unknown_cell",
            format!("b\n{BOARD},J1b\n"),
            "line 2: token 26 (\"J1b\"): \"J1\" is not a cell",
        ),
        (
            "off_board_cell",
            format!("b\n{BOARD},A6b\n"),
            "\"A6\" is not a cell",
        ),
        (
            "bad_colour",
            format!("b\n{BOARD},A1x\n"),
            "colour 'x' must be 'b' (black) or 'w' (white)",
        ),
        (
            "two_on_a_cell",
            format!("b\n{BOARD},C5w\n"),
            "line 2: impossible board: two marbles on C5 (tokens 1 and 26)",
        ),
        (
            "fifteen_black",
            format!("b\n{fifteen}\n"),
            "line 2: impossible board: 15 black marbles; a side has at most 14",
        ),
        (
            "extra_line",
            format!("b\n{BOARD}\nw\n"),
            "line 3: unexpected \"w\"",
        ),
    ];
    for (name, text, want) in &cases {
        let p = temp_file(dir.path(), &format!("{name}.input"), text);
        let p = p.to_str().unwrap();
        let err = failure(weightforge(&[
            "moves", "--game", "abalone", "--format", "bcit", p,
        ]));
        assert!(err.contains(want), "moves {name}: {err}");
        assert!(
            err.contains(&format!("{name}.input")),
            "moves {name}: {err}"
        );
        let err = failure(weightforge(&[
            "move", "--game", "abalone", "--genome", "guara", "--state", p,
        ]));
        assert!(err.contains(want), "move {name}: {err}");
        assert!(err.contains(&format!("{name}.input")), "move {name}: {err}");
    }
    let err = failure(weightforge(&[
        "moves",
        "--game",
        "abalone",
        "--format",
        "bcit",
        "no/such/file.input",
    ]));
    assert!(err.contains("no/such/file.input"), "{err}");
    let err = failure(with_stdin(
        &["moves", "--game", "abalone", "--format", "bcit"],
        "b\n",
    ));
    assert!(
        err.contains("standard input") && err.contains("line 2"),
        "{err}"
    );
}

#[test]
fn course_formats_are_for_abalone_only() {
    let err = failure(weightforge(&[
        "moves",
        "--game",
        "wolves_sheep",
        "--format",
        "bcit",
        "SSSSS/SSSSS/...../...../.W.W. w",
    ]));
    assert!(err.contains("--game abalone"), "{err}");
    let dir = tempfile::tempdir().unwrap();
    let state = temp_file(dir.path(), "s.txt", "11111\n11111\n00000\n00000\n02020\n");
    let err = failure(weightforge(&[
        "move",
        "--game",
        "wolves_sheep",
        "--genome",
        "luo2023",
        "--state",
        state.to_str().unwrap(),
        "--role",
        "wolves",
        "--output",
        dir.path().join("x").to_str().unwrap(),
    ]));
    assert!(err.contains("abalone only"), "{err}");
}

#[test]
fn the_depth_table_checks_that_every_variant_agrees() {
    let out = ok(&weightforge(&[
        "bench",
        "--game",
        "abalone",
        "--depth-table",
        "--depths",
        "2,3",
    ]));
    assert!(out.contains("| all off (plain alpha-beta) |"), "{out}");
    assert!(out.contains("depth 3: every variant found score"), "{out}");
    let rows = out.lines().filter(|l| l.starts_with("| ")).count();
    assert_eq!(rows, 1 + 13, "{out}");
    let err = failure(weightforge(&["bench", "--depth-table"]));
    assert!(err.contains("needs --game"), "{err}");
    let err = failure(weightforge(&[
        "bench",
        "--game",
        "abalone",
        "--depth-table",
        "--depths",
        "0",
    ]));
    assert!(err.contains("--depths"), "{err}");
}

#[test]
fn matches_can_adjudicate_at_the_ply_cap() {
    let args = [
        "match",
        "--game",
        "abalone",
        "guara",
        "chorus2009",
        "--games",
        "2",
        "--depth",
        "1",
        "--ply-cap",
        "12",
        "--quiet",
    ];
    let plain = ok(&weightforge(&args));
    assert!(plain.contains("ply cap 12\n"), "{plain}");
    let mut adj = args.to_vec();
    adj.push("--adjudicate");
    let out = ok(&weightforge(&adj));
    assert!(out.contains("ply cap 12 (adjudicated)"), "{out}");
}
