//! The engine protocol end to end: the built-in player through `weightforge engine`
//! plays the same games as in process; every fault kind loses the game, is counted by
//! kind, and the engine is restarted for the next game. The faulty engine is a Python
//! script: without python3 those tests are skipped with a message, and fail in CI
//! (`CI=true`).

use std::sync::Arc;

use crate::common::matches::play_match;
use crate::common::tool;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::matches::result::MatchResult;
use weightforge::matches::settings::MatchSettings;
use weightforge::played_game::FaultKind;
use weightforge::player::PlayerSpec;

const BIN: &str = env!("CARGO_BIN_EXE_weightforge");

fn settings() -> MatchSettings {
    let mut s = MatchSettings::defaults::<WolvesSheep>(4);
    s.depth = Some(2);
    s.ply_cap = 120;
    s
}

fn play(a: &PlayerSpec, b: &PlayerSpec, pairs: u64) -> MatchResult {
    play_match::<WolvesSheep>(a, b, &settings(), 11, pairs)
}

/// A built-in genome without random tie-breaks (deterministic), as a player and as
/// the engine that plays it.
fn genome_and_engine(name: &str, dir: &std::path::Path) -> (PlayerSpec, PlayerSpec) {
    let PlayerSpec::Genome(g) = PlayerSpec::resolve::<WolvesSheep>(name).unwrap() else {
        panic!("{name} is a genome");
    };
    let mut g = (*g).clone();
    g.random_ties = false;
    let path = dir.join(format!("{name}.ron"));
    g.save::<WolvesSheep>(&path).unwrap();
    let spelling = format!(
        "engine:\"{BIN} engine --game wolves_sheep --genome {}\"",
        path.display()
    );
    let engine = PlayerSpec::resolve::<WolvesSheep>(&spelling).expect("engine starts");
    (PlayerSpec::Genome(Arc::new(g)), engine)
}

#[test]
fn protocol_games_equal_in_process_games() {
    let dir = tempfile::tempdir().unwrap();
    let (luo, luo_engine) = genome_and_engine("luo2023", dir.path());
    let (li, li_engine) = genome_and_engine("li2023", dir.path());
    assert_eq!(luo_engine.name(), "luo2023");
    let inside = play(&luo, &li, 6);
    let through = play(&luo_engine, &li_engine, 6);
    let mixed = play(&luo_engine, &li, 6);
    assert_eq!(inside.games(), 12);
    for r in [&through, &mixed] {
        assert_eq!(
            (r.wdl, r.ptnml, r.plies),
            (inside.wdl, inside.ptnml, inside.plies)
        );
        assert_eq!(r.faults[0].total() + r.faults[1].total(), 0);
    }
}

/// `tests/engines/faulty.py KIND` breaks the protocol in games with an odd seed and
/// plays properly in the others.
fn faulty(kind: &str) -> PlayerSpec {
    let spelling = format!("engine:\"python3 tests/engines/faulty.py {kind}\",movetime=100");
    PlayerSpec::resolve::<WolvesSheep>(&spelling).expect("faulty engine starts")
}

fn check_fault(kind: &str, expected: FaultKind) {
    if !tool::require_python3(&format!("faulty.py {kind}")) {
        return;
    }
    let r = play(&faulty(kind), &PlayerSpec::Random, 4);
    assert_eq!(r.games(), 8, "{kind}: the run finishes");
    let counts = r.faults[0];
    let i = FaultKind::ALL.iter().position(|&k| k == expected).unwrap();
    assert!(counts.0[i] > 0, "{kind}: {counts:?}");
    assert_eq!(
        counts.total(),
        counts.0[i],
        "{kind}: only {expected:?} counted"
    );
    assert!(
        counts.total() < 8,
        "{kind}: the restarted engine played other games"
    );
    assert_eq!(r.faults[1].total(), 0);
    // Every fault is a lost game for the engine.
    assert!(r.wdl.losses >= counts.total(), "{kind}: {:?}", r.wdl);
}

#[test]
fn a_crash_loses_the_game_as_a_disconnect() {
    check_fault("crash", FaultKind::Disconnect);
}

#[test]
fn garbage_loses_the_game_as_a_protocol_error() {
    check_fault("garbage", FaultKind::Garbage);
}

#[test]
fn an_illegal_move_loses_the_game() {
    check_fault("illegal", FaultKind::IllegalMove);
}

#[test]
fn a_stall_loses_on_time() {
    check_fault("stall", FaultKind::LateMove);
}

#[test]
fn a_missing_engine_is_a_clear_error() {
    let e = PlayerSpec::resolve::<WolvesSheep>("engine:\"./no-such-engine-here\"").unwrap_err();
    assert!(e.to_string().contains("cannot start engine"), "{e}");
    if !tool::require_python3("a_missing_engine_is_a_clear_error") {
        return;
    }
    let e = PlayerSpec::resolve::<WolvesSheep>("engine:\"python3 -c pass\"").unwrap_err();
    assert!(e.to_string().contains("handshake"), "{e}");
}
