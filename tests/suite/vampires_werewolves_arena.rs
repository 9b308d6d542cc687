//! `weightforge vvw arena` end to end: our server referees series between client
//! programs started from command templates. A short series between two of our clients
//! adds up (games, roles, pairs); clients that exit, hang, send garbage, close the socket
//! or stop answering are counted as faults of the right kind and player, and the series
//! goes on to its last game. The faulty client is a Python script: without python3 those
//! tests are skipped with a message, and fail in CI (`CI=true`).

use crate::common::{ok, tool, weightforge};

const BIN: &str = env!("CARGO_BIN_EXE_weightforge");
const FAULTY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/engines/vvw_faulty.py");

fn our_client(genome: &str) -> String {
    format!("{BIN} vvw client --quiet --genome {genome} --move-time {{move_time}} --max-plays 40 {{host}} {{port}}")
}

fn arena(a: &str, b: &str, games: &str, max_plays: &str) -> String {
    ok(&weightforge(&[
        "vvw",
        "arena",
        "--a",
        a,
        "--b",
        b,
        "--games",
        games,
        "--move-time",
        "0.2",
        "--max-plays",
        max_plays,
        "--welcome-pause",
        "0.05",
        "--connect-timeout",
        "2",
        "--quiet",
    ]))
}

/// The numbers after `prefix` on the line that starts with it.
fn numbers(out: &str, prefix: &str) -> Vec<u64> {
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with(prefix))
        .unwrap_or_else(|| panic!("no line {prefix:?} in\n{out}"));
    line[line.find(prefix).unwrap() + prefix.len()..]
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| !w.is_empty())
        .map(|w| w.parse().unwrap())
        .collect()
}

#[test]
fn a_series_between_our_clients_adds_up() {
    let out = arena(
        &our_client("deepblue2021"),
        &our_client("random"),
        "4",
        "40",
    );
    assert!(out.starts_with("4 games (2 pairs)"), "{out}");
    let score = numbers(&out, "Score of A vs B:");
    assert_eq!(score[0] + score[1] + score[2], 4, "{out}");
    for species in ["vampires", "werewolves"] {
        let by_role = numbers(&out, &format!("A as {species}:"));
        assert_eq!(by_role.iter().sum::<u64>(), 2, "{out}");
    }
    let ptnml = numbers(&out, "Ptnml(0-2):");
    assert_eq!(ptnml[2..].iter().sum::<u64>(), 2, "{out}");
    // No fault is asserted: on a loaded machine a client can answer late, which the
    // server (as the official one) skips.
    assert!(out.contains("Elo difference:"), "{out}");
}

/// B breaks the protocol as `kind` says in every game: A wins them all, and the faults
/// line names B and the kind.
fn b_faults(kind: &str, words: &str) {
    if !tool::require_python3(&format!("vvw_faulty.py {kind}")) {
        return;
    }
    let b = format!("python3 {FAULTY} {kind} {{host}} {{port}}");
    let out = arena(&our_client("random"), &b, "2", "40");
    assert!(out.contains("Score of A vs B: 2 - 0 - 0"), "{kind}:\n{out}");
    assert!(
        out.contains(&format!("faults: B games lost by 2 {words}")),
        "{kind}:\n{out}"
    );
    assert!(
        out.contains("game 1: B (werewolves)") && out.contains("game 2: B (vampires)"),
        "{kind}: a line per fault\n{out}"
    );
}

#[test]
fn garbage_is_a_protocol_error() {
    b_faults("garbage", "protocol error");
}

#[test]
fn a_closed_socket_is_a_disconnect() {
    b_faults("disconnect", "disconnects");
}

#[test]
fn a_client_that_exits_at_once_is_a_disconnect() {
    b_faults("exit", "disconnects");
}

#[test]
fn a_client_that_never_connects_loses_on_time() {
    b_faults("hang", "loses on time");
}

#[test]
fn an_illegal_ply_is_counted() {
    b_faults("illegal", "illegal move");
}

#[test]
fn a_silent_client_is_late_every_ply_and_the_game_goes_on() {
    if !tool::require_python3("vvw_faulty.py silent") {
        return;
    }
    let b = format!("python3 {FAULTY} silent {{host}} {{port}}");
    let out = arena(&our_client("deepblue2021"), &b, "2", "10");
    assert!(out.starts_with("2 games (1 pairs)"), "{out}");
    // B moves on 5 of the 10 plies of each game, and answers none.
    assert!(
        out.contains("faults: B 10 late answers (plies skipped)"),
        "{out}"
    );
}

#[test]
fn bad_templates_and_maps_are_clear_errors() {
    let good = our_client("random");
    for (b, maps, words) in [
        ("python3 client.py {host}", "duel", "{port}"),
        ("python3 'client.py {host} {port}", "duel", "split"),
        (
            "/nonexistent/client {host} {port}",
            "duel",
            "/nonexistent/client",
        ),
        (good.as_str(), "nothere.xml", "nothere.xml"),
        (good.as_str(), "tests", "no .xml map"),
    ] {
        let o = weightforge(&[
            "vvw", "arena", "--a", &good, "--b", b, "--games", "2", "--maps", maps, "--quiet",
        ]);
        let err = crate::common::failure(o);
        assert!(err.contains(words), "{b} {maps}: {err}");
    }
}
