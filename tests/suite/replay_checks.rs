//! `weightforge replay` checks what it reads (src/record_check.rs): records written by
//! `match --record` replay in every game; an edited record (an illegal move, a position
//! that does not follow, a result the board does not give, a fault of role 7) is an error
//! naming the file's line and the ply; a file without newlines (`/dev/zero`) is an error
//! after a bounded read; player names are printed with control characters escaped.

use std::path::Path;
use std::time::{Duration, Instant};

use crate::common::{fails, ok, weightforge};
use serde_json::Value;
use weightforge::registry::GAME_NAMES;

fn record(game: &str, file: &Path) {
    crate::common::record_random_games(game, file.to_str().unwrap());
}

#[test]
fn records_of_every_game_replay() {
    let dir = tempfile::tempdir().unwrap();
    for &game in GAME_NAMES {
        let file = dir.path().join(format!("{game}.jsonl"));
        record(game, &file);
        let list = ok(&weightforge(&["replay", file.to_str().unwrap()]));
        assert!(list.starts_with("2 games"), "{game}: {list}");
        let one = ok(&weightforge(&[
            "replay",
            file.to_str().unwrap(),
            "--game",
            "2",
        ]));
        assert!(one.contains("result "), "{game}: {one}");
    }
}

/// The first game of a fresh Wolves & Sheep record, edited by `edit`, written back as
/// line 1 of a file; returns the error of `replay`.
fn replay_edited(edit: impl FnOnce(&mut Value)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    record("wolves_sheep", &file);
    let text = std::fs::read_to_string(&file).unwrap();
    let mut game: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    edit(&mut game);
    std::fs::write(&file, format!("{game}\n")).unwrap();
    fails(&["replay", file.to_str().unwrap()])
}

#[test]
fn an_illegal_move_is_named_with_its_line_and_ply() {
    let e = replay_edited(|g| g["moves"][0]["mv"] = "00-44".into());
    assert!(e.contains("games.jsonl:1: ply 1:"), "{e}");
    assert!(e.contains("is not a legal move"), "{e}");
}

#[test]
fn a_position_that_does_not_follow_is_an_error() {
    let e = replay_edited(|g| {
        let moves = g["moves"].as_array_mut().unwrap();
        let later = moves[2]["after"].clone();
        moves[0]["after"] = later;
    });
    assert!(e.contains("ply 1:") && e.contains("does not follow"), "{e}");
}

#[test]
fn a_result_the_board_does_not_give_is_an_error() {
    let e = replay_edited(|g| {
        let flipped = if g["result"] == "1-0" { "0-1" } else { "1-0" };
        g["result"] = flipped.into();
    });
    assert!(e.contains("games.jsonl:1: result"), "{e}");
}

#[test]
fn a_fault_of_role_7_is_an_error() {
    let e = replay_edited(|g| {
        g["reason"] = serde_json::json!({"Fault": {"role": 7, "kind": "IllegalMove"}});
    });
    assert!(e.contains("role 7"), "{e}");
}

#[test]
fn player_names_are_printed_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("games.jsonl");
    record("wolves_sheep", &file);
    let text = std::fs::read_to_string(&file).unwrap();
    let mut game: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
    game["players"][0] = "evil\u{1b}[2J\r\nresult 1-0".into();
    std::fs::write(&file, format!("{game}\n")).unwrap();
    let list = ok(&weightforge(&["replay", file.to_str().unwrap()]));
    assert!(!list.contains('\u{1b}') && !list.contains('\r'), "{list:?}");
    assert!(
        list.contains("evil\\u{1b}[2J\\u{d}\\u{a}result 1-0"),
        "{list}"
    );
}

#[test]
fn replay_of_dev_zero_is_a_clean_error() {
    let t = Instant::now();
    let e = fails(&["replay", "/dev/zero"]);
    assert!(
        e.contains("/dev/zero:1") && e.contains("longer than"),
        "{e}"
    );
    assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
}
