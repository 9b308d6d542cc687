//! `weightforge tournament` end to end: the coursework's table on standard output, the
//! CSV file, the same games on any number of threads, and clear errors.

use crate::common::{fails, stderr, stdout, weightforge};

/// A tournament of random, land_grab and minimax writing CSV; returns (stdout, CSV).
fn tournament(threads: &str, seed: &str, csv: &std::path::Path) -> (String, String) {
    let o = weightforge(&[
        "--threads",
        threads,
        "tournament",
        "--game",
        "war_of_life",
        "random",
        "land_grab",
        "minimax",
        "--games",
        "6",
        "--seed",
        seed,
        "--csv",
        csv.to_str().unwrap(),
        "--quiet",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    (stdout(&o), std::fs::read_to_string(csv).unwrap())
}

/// CSV lines without the timing column.
fn without_time(csv: &str) -> Vec<String> {
    csv.lines()
        .map(|l| l.rsplit_once(',').unwrap().0.to_string())
        .collect()
}

#[test]
fn tournament_prints_the_table_and_writes_csv() {
    let dir = tempfile::tempdir().unwrap();
    let (out, csv) = tournament("2", "4", &dir.path().join("t.csv"));
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(
        lines[0],
        "p1,p2,games,p1_wins,p2_wins,draws,avg_length,avg_time_s"
    );
    assert_eq!(lines.len(), 10, "{csv}");
    let players = ["random", "land_grab", "minimax"];
    for (k, line) in lines[1..].iter().enumerate() {
        let f: Vec<&str> = line.split(',').collect();
        assert_eq!(f.len(), 8, "{line}");
        assert_eq!((f[0], f[1]), (players[k / 3], players[k % 3]), "{line}");
        assert_eq!(f[2], "6");
        let n: Vec<u64> = f[3..6].iter().map(|x| x.parse().unwrap()).collect();
        assert_eq!(n.iter().sum::<u64>(), 6, "{line}");
        let len: f64 = f[6].parse().unwrap();
        assert!(len >= 1.0, "{line}");
        let secs: f64 = f[7].parse().unwrap();
        assert!(secs >= 0.0, "{line}");
    }
    // The table: a header naming the coursework's columns, then the nine rows.
    let header = out
        .lines()
        .find(|l| l.starts_with("P1 strategy"))
        .expect("a table header");
    for col in [
        "P2 strategy",
        "games",
        "P1 wins",
        "P2 wins",
        "draws",
        "avg length",
    ] {
        assert!(header.contains(col), "{header}");
    }
    let rows: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("P1 strategy"))
        .skip(1)
        .take(9)
        .collect();
    assert!(rows[8].starts_with("minimax") && rows[8].contains(" minimax "));
}

#[test]
fn tournament_is_reproducible_across_thread_counts() {
    let dir = tempfile::tempdir().unwrap();
    let (_, one) = tournament("1", "9", &dir.path().join("one.csv"));
    let (_, two) = tournament("2", "9", &dir.path().join("two.csv"));
    assert_eq!(without_time(&one), without_time(&two));
    let (_, other) = tournament("2", "10", &dir.path().join("other.csv"));
    assert_ne!(without_time(&one), without_time(&other));
}

#[test]
fn bad_tournaments_get_clear_errors() {
    let err = fails(&[
        "tournament",
        "--game",
        "war_of_life",
        "random",
        "nobody",
        "--games",
        "2",
    ]);
    assert!(err.contains("\"nobody\""), "{err}");
    assert!(err.contains("land_grab"), "{err}");
    let err = fails(&[
        "tournament",
        "--game",
        "war_of_life",
        "random",
        "--games",
        "0",
    ]);
    assert!(err.contains("--games must be at least 1"), "{err}");
    let err = fails(&["tournament", "--game", "chess", "random", "--games", "2"]);
    assert!(err.contains("unknown game"), "{err}");
    fails(&["tournament", "--game", "war_of_life", "--games", "2"]);
    fails(&["tournament", "--game", "war_of_life", "random"]);
    // The CSV's folder would have to be made inside a plain file.
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("plain");
    std::fs::write(&file, "").unwrap();
    let bad = file.join("t.csv");
    let err = fails(&[
        "tournament",
        "--game",
        "war_of_life",
        "random",
        "--games",
        "2",
        "--csv",
        bad.to_str().unwrap(),
    ]);
    assert!(err.contains("t.csv"), "{err}");
}
