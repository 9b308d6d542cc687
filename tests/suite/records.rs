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
