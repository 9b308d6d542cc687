//! `match --sprt`, `match --record`, `tournament --record` and `replay` end to end: the
//! SPRT stops a lopsided match early with H1 at the same pair on any thread count, every
//! game is written down, and a recorded game replays ply by ply to its result.

use crate::common::{fails, ok, weightforge};
use weightforge::record;

fn sprt_match(threads: &str, file: &str) -> String {
    ok(&weightforge(&[
        "--threads",
        threads,
        "match",
        "--game",
        "wolves_sheep",
        "luo2023",
        "random",
        "--games",
        "2000",
        "--depth",
        "1",
        "--quiet",
        "--sprt",
        "elo0=0,elo1=5",
        "--record",
        file,
    ]))
}

#[test]
fn sprt_stops_a_lopsided_match_early_and_records_every_game() {
    let dir = tempfile::tempdir().unwrap();
    let (f1, f2) = (dir.path().join("a.jsonl"), dir.path().join("b.jsonl"));
    let one = sprt_match("1", f1.to_str().unwrap());
    let two = sprt_match("2", f2.to_str().unwrap());
    let last = one.lines().last().unwrap();
    assert!(
        last.starts_with("SPRT: llr ") && last.ends_with("H1 was accepted"),
        "{one}"
    );
    let games: u64 = one.split_whitespace().next().unwrap().parse().unwrap();
    assert!(
        games < 2000 && games % 40 == 0,
        "stopped at a batch boundary: {one}"
    );
    // Same games, same stop, whatever the thread count (timings aside).
    let keep = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("games/s"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(keep(&one), keep(&two));
    let logs = record::read(&f1).unwrap();
    assert_eq!(logs.len() as u64, games);
    assert_eq!(logs, record::read(&f2).unwrap());
    let g = &logs[0];
    assert_eq!(g.players, ["luo2023", "random"]);
    assert_eq!(g.seed, [1, 0, 0]);
    assert!(
        !g.moves.is_empty()
            && g.moves
                .iter()
                .all(|p| !p.mv.is_empty() && !p.after.is_empty())
    );
}

/// `replay --positions`: a row for each position where the game goes on, in order, the
/// side to move as its role and the game's result from that role's view.
fn replay_writes_every_ongoing_position(file: &std::path::Path, logs: &[record::GameLog]) {
    use weightforge::fit::positions_file::read_rows;
    use weightforge::game::{Game, Status};
    use weightforge::games::wolves_sheep::WolvesSheep;
    let out = file.with_extension("positions");
    let (f, o) = (file.to_str().unwrap(), out.to_str().unwrap());
    let printed = ok(&weightforge(&["replay", f, "--positions", o]));
    let rows = read_rows::<WolvesSheep>(&out).unwrap().rows;
    assert!(printed.starts_with(&format!(
        "{} positions (every position of 4 games",
        rows.len()
    )));
    let mut expected = Vec::new();
    for g in logs {
        let first = match g.result.as_str() {
            "1-0" => 1.0,
            "0-1" => 0.0,
            _ => 0.5,
        };
        let texts = std::iter::once(&g.start).chain(g.moves.iter().map(|p| &p.after));
        for t in texts {
            let pos = WolvesSheep::parse(t).unwrap();
            if pos.status() == Status::Ongoing {
                let role = pos.side_to_move();
                let result = if role == 0 { first } else { 1.0 - first };
                expected.push((role, result, pos.to_text()));
            }
        }
    }
    let got: Vec<_> = rows
        .iter()
        .map(|(_, r)| (r.role, r.result, r.text.clone()))
        .collect();
    assert_eq!(got, expected);
    assert!(rows.iter().all(|(_, r)| r.score.is_nan()), "no score: `-`");
    assert!(fails(&["replay", f, "--positions", o, "--game", "1"]).contains("--game"));
    replay_writes_the_positions_around(f, o, &expected);
    assert!(fails(&["replay", f, "--positions", o, "--around", "7"]).contains("--around"));
}

/// `--around 1`: the distinct recorded positions first, in order, then every ongoing
/// child of one, each once, unlabelled.
fn replay_writes_the_positions_around(f: &str, o: &str, recorded: &[(usize, f32, String)]) {
    use std::collections::HashSet;
    use weightforge::fit::positions_file::read_rows;
    use weightforge::game::{Game, Status};
    use weightforge::games::wolves_sheep::WolvesSheep;
    ok(&weightforge(&[
        "replay",
        f,
        "--positions",
        o,
        "--around",
        "1",
    ]));
    let rows = read_rows::<WolvesSheep>(std::path::Path::new(o))
        .unwrap()
        .rows;
    let mut seen = HashSet::new();
    let distinct: Vec<_> = recorded
        .iter()
        .filter(|r| seen.insert(r.2.clone()))
        .collect();
    for (row, want) in rows.iter().zip(&distinct) {
        assert_eq!(
            (row.1.role, row.1.result, &row.1.text),
            (want.0, want.1, &want.2)
        );
    }
    let mut children = HashSet::new();
    let mut moves = Vec::new();
    for (_, _, text) in &distinct {
        let pos = WolvesSheep::parse(text).unwrap();
        pos.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = pos;
            child.make(mv, ());
            let t = child.to_text();
            if child.status() == Status::Ongoing && !seen.contains(&t) {
                children.insert(t);
            }
        }
    }
    let rest: HashSet<_> = rows[distinct.len()..]
        .iter()
        .map(|r| r.1.text.clone())
        .collect();
    assert_eq!(
        rows.len(),
        distinct.len() + children.len(),
        "each position once"
    );
    assert_eq!(rest, children);
    assert!(rows[distinct.len()..].iter().all(|r| r.1.result.is_nan()));
}

#[test]
fn replay_prints_every_ply_and_the_result() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("t.jsonl");
    let f = file.to_str().unwrap();
    ok(&weightforge(&[
        "tournament",
        "--game",
        "wolves_sheep",
        "luo2023",
        "random",
        "--games",
        "1",
        "--quiet",
        "--record",
        f,
    ]));
    let logs = record::read(&file).unwrap();
    assert_eq!(logs.len(), 4, "2 × 2 ordered pairs, 1 game each");
    let list = ok(&weightforge(&["replay", f]));
    assert!(list.starts_with("4 games"), "{list}");
    let out = ok(&weightforge(&["replay", f, "--game", "2"]));
    let g = &logs[1];
    for (i, ply) in g.moves.iter().enumerate() {
        assert!(
            out.contains(&format!("{}. ", i + 1)) && out.contains(&ply.mv),
            "ply {i}"
        );
    }
    assert!(out.contains("0 1 2 3 4"), "board drawn as a grid:\n{out}");
    assert!(out
        .trim_end()
        .ends_with(&format!("result {} ({})", g.result, g.reason_text)));
    assert!(fails(&["replay", f, "--game", "9"]).contains("holds games 1 to 4"));
    replay_writes_every_ongoing_position(&file, &logs);
    std::fs::write(&file, "{not json\n").unwrap();
    assert!(fails(&["replay", f]).contains(":1: not a game record"));
}

#[test]
fn bad_sprt_specs_are_refused() {
    let e = fails(&[
        "match",
        "--game",
        "wolves_sheep",
        "luo2023",
        "random",
        "--games",
        "4",
        "--sprt",
        "elo0=5,elo1=0",
    ]);
    assert!(e.contains("elo0 must be below elo1"), "{e}");
}
