//! Connect Four's book and its commands: a book built from a late root holds every
//! reachable position's exact score, checks clean, resumes from a partial file, refuses
//! a damaged file by name; `solve --moves` prints each move's value and score; `perfect`
//! plays in `match` and never loses a drawn start.

use std::path::Path;

use weightforge::game::Game;
use weightforge::games::connect_four::solver::board::Board;
use weightforge::games::connect_four::solver::book::{entry, Book};
use weightforge::games::connect_four::solver::book_build::{build, levels, partial_path};
use weightforge::games::connect_four::solver::book_check::check;
use weightforge::games::connect_four::solver::negamax::{Negamax, Nothing};
use weightforge::games::connect_four::ConnectFour;
use weightforge::solved::BuildSettings;

use crate::common::{fails, ok, weightforge};

/// A position 24 plies in whose value is a draw (from the independent oracle data).
const ROOT: &str = "......./......./r...yr./yr.ryy./ryyrrr./yyryyrr y";

fn settings(out: &Path, plies: u32) -> BuildSettings {
    BuildSettings {
        out: out.to_path_buf(),
        extent: Some(plies),
        tt_bits: Some(16),
        threads: 2,
        root: Some(ROOT.to_string()),
    }
}

#[test]
fn a_book_holds_every_reachable_positions_exact_score_and_checks_clean() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("late.book");
    build(&settings(&out, 28), &mut |_| {}).unwrap();
    let book = Book::read(&out).unwrap();
    let root = Board::of(&ConnectFour::parse(ROOT).unwrap());
    assert_eq!(
        (book.plies, book.complete, book.root),
        (28, true, root.key())
    );
    let mut solver = Negamax::new(16);
    let all: Vec<Board> = levels(root, 28).into_iter().flatten().collect();
    assert_eq!(book.entries.len(), all.len());
    for b in &all {
        assert_eq!(book.get(b.symmetric_key()), Some(solver.solve(b, &Nothing)));
    }
    assert_eq!(book.get(root.symmetric_key()), Some(0));
    let c = check(&book, 16, &mut |_| {});
    assert_eq!(c.wrong, 0, "{:?}", c.examples);
    assert!(!partial_path(&out).exists());
}

#[test]
fn a_build_takes_a_partial_files_entries_as_solved() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("resumed.book");
    let root = Board::of(&ConnectFour::parse(ROOT).unwrap());
    let deepest = levels(root, 27).pop().unwrap();
    // one deepest position "solved" earlier, with a score no search gives it
    let planted = deepest[0];
    let partial = Book {
        plies: 27,
        complete: false,
        root: root.key(),
        entries: vec![entry(planted.symmetric_key(), 17)],
    };
    partial.write_derived(&partial_path(&out)).unwrap();
    build(&settings(&out, 27), &mut |_| {}).unwrap();
    let book = Book::read(&out).unwrap();
    assert_eq!(book.get(planted.symmetric_key()), Some(17));
    // and the check finds the planted score wrong
    let c = check(&book, 16, &mut |_| {});
    assert!(c.wrong >= 1, "{:?}", c);
}

#[test]
fn a_damaged_or_foreign_book_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("b.book");
    build(&settings(&out, 26), &mut |_| {}).unwrap();
    let bytes = std::fs::read(&out).unwrap();
    let cases: Vec<(Vec<u8>, &str)> = vec![
        (bytes[..40].to_vec(), "shorter than its header"),
        (bytes[..bytes.len() - 8].to_vec(), "entries need"),
        (
            {
                let mut b = bytes.clone();
                b[70] ^= 1;
                b
            },
            "entries' checksum",
        ),
        (
            {
                let mut b = bytes.clone();
                b[12] ^= 1;
                b
            },
            "header's checksum",
        ),
        (
            {
                let mut b = bytes.clone();
                b[0] = b'X';
                b
            },
            "not a Connect Four book",
        ),
    ];
    for (bad, says) in cases {
        let f = dir.path().join("bad.book");
        std::fs::write(&f, &bad).unwrap();
        let err = Book::read(&f).unwrap_err().to_string();
        assert!(
            err.contains("bad.book") && err.contains(says),
            "{says}: {err}"
        );
    }
    let missing = Book::read(&dir.path().join("none.book"))
        .unwrap_err()
        .to_string();
    assert!(
        missing.contains("weightforge solve --game connect_four --book"),
        "{missing}"
    );
}

#[test]
fn the_commands_build_verify_count_and_probe() {
    let dir = tempfile::tempdir().unwrap();
    let book = dir.path().join("c.book");
    let b = book.to_str().unwrap();
    let built = ok(&weightforge(&[
        "solve",
        "--game",
        "connect_four",
        "--book",
        "26",
        "--tt-bits",
        "16",
        "--out",
        b,
        ROOT,
    ]));
    assert!(built.contains("written to"), "{built}");
    let verified = ok(&weightforge(&[
        "solve",
        "--game",
        "connect_four",
        "--file",
        b,
        "--verify",
    ]));
    assert!(verified.contains(" 0 wrong"), "{verified}");
    let stats = ok(&weightforge(&[
        "solve",
        "--game",
        "connect_four",
        "--file",
        b,
        "--stats",
    ]));
    assert!(stats.contains("26 plies"), "{stats}");
    let moves = ok(&weightforge(&[
        "solve",
        "--game",
        "connect_four",
        "--file",
        b,
        "--moves",
        ROOT,
    ]));
    let first = moves.lines().next().unwrap();
    assert_eq!(first, "draw  score 0", "{moves}");
    assert!(
        moves.lines().skip(1).all(|l| l.contains("score")),
        "{moves}"
    );
    let err = fails(&[
        "solve",
        "--game",
        "connect_four",
        "--max-sheep",
        "5",
        "--out",
        b,
    ]);
    assert!(
        err.contains("--max-sheep does not apply to connect_four"),
        "{err}"
    );
    let err = fails(&["solve", "--game", "abalone", "--probe", "x"]);
    assert!(err.contains("cannot be solved"), "{err}");
}

#[test]
fn perfect_plays_in_a_match_and_never_loses_a_drawn_start() {
    let out = ok(&weightforge(&[
        "match",
        "--game",
        "connect_four",
        "perfect",
        "random",
        "--games",
        "8",
        "--start",
        ROOT,
        "--opening-plies",
        "0",
        "--quiet",
    ]));
    let roles: Vec<&str> = out.lines().filter(|l| l.contains("  A as ")).collect();
    assert_eq!(roles.len(), 2, "{out}");
    assert!(roles.iter().all(|l| l.ends_with(" 0 losses")), "{out}");
    let err = fails(&[
        "match",
        "--game",
        "connect_four",
        "perfect:perfect:tuned",
        "random",
    ]);
    assert!(err.contains("the tie-break must be a genome"), "{err}");
}

#[test]
fn accuracy_judges_by_role_and_phase_and_perfect_keeps_every_value() {
    use weightforge::fit::positions_file::parse_rows;
    let text = include_str!("../../assets/accuracy/connect_four.pos");
    let rows = parse_rows::<ConnectFour>(text, Path::new("sample"))
        .unwrap()
        .rows;
    assert!(rows.len() >= 500, "{}", rows.len());
    assert!(rows.iter().all(|(p, _)| p.unreachable().is_none()));
    // the sample's latest positions, quick to solve, as a sample file of their own
    let dir = tempfile::tempdir().unwrap();
    let late: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with('#') || l.matches(['r', 'y']).count() >= 30)
        .collect();
    let sample = dir.path().join("late.pos");
    std::fs::write(&sample, late.join("\n") + "\n").unwrap();
    let s = sample.to_str().unwrap();
    let args = |player: &str| {
        weightforge(&[
            "accuracy",
            "--game",
            "connect_four",
            player,
            "--sample",
            s,
            "--tt-bits",
            "16",
        ])
    };
    let perfect = ok(&args("perfect"));
    let both = perfect.lines().find(|l| l.starts_with("both ")).unwrap();
    assert!(both.contains("100.0 %"), "{perfect}");
    assert!(perfect.contains("moves 25-42"), "{perfect}");
    let random = ok(&args("random"));
    let both = random.lines().find(|l| l.starts_with("both ")).unwrap();
    assert!(!both.contains("100.0 %"), "{random}");
}
