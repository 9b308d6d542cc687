//! Engines that attack the referee's transport (`tests/engines/hostile.py MODE`): floods,
//! endless lines, bytes that are not UTF-8, forks that outlive the engine, thousands of
//! weights, forged names, a traceback in the handshake (shown in the error), a `quit`
//! that takes time (granted). Each must end in a fault that says what happened, within its
//! deadline, with bounded memory and no process left behind. Needs python3 (skipped
//! without it, failing in CI).

use std::time::{Duration, Instant};

use crate::common::matches::play_match;
use crate::common::tool;
use rand::SeedableRng;
use weightforge::engine::pipes::{WriteFailure, Writer};
use weightforge::engine::process::EngineProcess;
use weightforge::engine::protocol::{Message, Reply};
use weightforge::engine::{EngineError, EngineSpec};
use weightforge::game::{Game, GameRng};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::matches::settings::MatchSettings;
use weightforge::played_game::{FaultKind, PlayerFault};
use weightforge::player::PlayerSpec;

fn spelling(mode: &str, token: &str) -> String {
    format!("engine:\"python3 tests/engines/hostile.py {mode} {token}\",movetime=100")
}

fn start(mode: &str) -> Result<EngineProcess, EngineError> {
    EngineProcess::start(&EngineSpec::parse(&spelling(mode, "-")).unwrap())
}

/// The fault of the first move asked in an odd-seed game (where the engine attacks),
/// and the time from `go` to the fault.
fn first_fault(mode: &str) -> (PlayerFault, Duration) {
    let mut p = start(mode).expect("handshake");
    let name = WolvesSheep::start_names()[0];
    let pos = WolvesSheep::start(name, &mut GameRng::seed_from_u64(0)).unwrap();
    p.queue(&Message::NewGame {
        game: "wolves_sheep",
        role: "sheep",
        seed: 1,
    });
    p.queue(&Message::Position(&pos.to_text()));
    p.send(&Message::Go {
        depth: None,
        nodes: None,
        movetime_ms: Some(100),
    })
    .unwrap();
    let t = Instant::now();
    let deadline = t + Duration::from_millis(600);
    loop {
        match p.read(deadline) {
            Ok(Reply::Info(_)) => continue,
            Ok(other) => panic!("{mode}: expected a fault, got {other:?}"),
            Err(f) => return (f, t.elapsed()),
        }
    }
}

fn check(mode: &str, kind: FaultKind, words: &str) {
    if !tool::require_python3(mode) {
        return;
    }
    let (fault, took) = first_fault(mode);
    assert_eq!(fault.kind, kind, "{mode}: {fault}");
    assert!(fault.detail.contains(words), "{mode}: {fault}");
    // 600 ms deadline; a generous margin for a loaded machine.
    assert!(took < Duration::from_millis(2_000), "{mode}: {took:?}");
}

#[test]
fn a_flood_of_info_lines_does_not_extend_the_deadline() {
    check("flood", FaultKind::LateMove, "deadline");
}

#[test]
fn a_move_after_a_flood_is_late() {
    check("lateflood", FaultKind::LateMove, "deadline");
}

#[test]
fn an_endless_line_is_too_long() {
    check("longline", FaultKind::Garbage, "line too long");
}

#[test]
fn bytes_that_are_not_utf8_are_a_protocol_error() {
    check("badutf8", FaultKind::Garbage, "invalid UTF-8");
}

#[test]
fn an_engine_that_forks_and_exits_disconnects() {
    check("fork", FaultKind::Disconnect, "exited");
}

#[test]
fn a_handshake_flood_fails_in_time() {
    if !tool::require_python3("hsflood") {
        return;
    }
    let t = Instant::now();
    let e = start("hsflood").err().expect("the handshake fails");
    assert!(e.to_string().contains("no answer"), "{e}");
    // ENGINE_START_MS is 10 s.
    assert!(t.elapsed() < Duration::from_secs(13), "{:?}", t.elapsed());
}

#[test]
fn too_many_weights_fail_the_handshake_at_once() {
    if !tool::require_python3("weights") {
        return;
    }
    let t = Instant::now();
    let e = start("weights").err().expect("the handshake fails");
    assert!(
        e.to_string().contains("more than 256 `weight` lines"),
        "{e}"
    );
    assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
}

#[test]
fn an_engine_name_cannot_forge_output() {
    if !tool::require_python3("evilname") {
        return;
    }
    let p = start("evilname").expect("handshake");
    assert!(!p.name.chars().any(char::is_control), "{:?}", p.name);
    assert!(p.name.contains("\\u{1b}[31m\\u{d}result"), "{}", p.name);
}

#[test]
fn a_write_to_an_engine_that_does_not_read_fails_in_time() {
    let mut child = std::process::Command::new("sleep")
        .arg("30")
        .stdin(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut w = Writer::spawn(child.stdin.take().unwrap());
    let t = Instant::now();
    let r = w.write(vec![b'x'; 1 << 20], Duration::from_millis(300));
    assert!(matches!(r, Err(WriteFailure::Stuck(_))), "{r:?}");
    assert!(t.elapsed() < Duration::from_secs(2), "{:?}", t.elapsed());
    let again = w.write(b"quit\n".to_vec(), Duration::from_millis(300));
    assert!(matches!(again, Err(WriteFailure::Stuck(_))), "{again:?}");
    child.kill().unwrap();
    child.wait().unwrap();
}

/// Processes whose command line holds `token` (zombies have none).
fn processes_with(token: &str) -> usize {
    let Ok(dir) = std::fs::read_dir("/proc") else {
        return 0;
    };
    dir.filter_map(|e| std::fs::read(e.ok()?.path().join("cmdline")).ok())
        .filter(|c| String::from_utf8_lossy(c).contains(token))
        .count()
}

#[test]
fn a_match_against_forking_engines_leaves_no_process_behind() {
    if !tool::require_python3("fork match") {
        return;
    }
    let token = format!("fork-token-{}", std::process::id());
    let engine = PlayerSpec::resolve::<WolvesSheep>(&spelling("fork", &token)).unwrap();
    let mut s = MatchSettings::defaults::<WolvesSheep>(4);
    s.depth = Some(1);
    s.ply_cap = 60;
    let r = play_match::<WolvesSheep>(&engine, &PlayerSpec::Random, &s, 11, 4);
    assert_eq!(r.games(), 8);
    let i = FaultKind::ALL
        .iter()
        .position(|&k| k == FaultKind::Disconnect)
        .unwrap();
    assert!(r.faults[0].0[i] > 0, "{:?}", r.faults[0]);
    drop(engine);
    weightforge::engine::pool::clear();
    std::thread::sleep(Duration::from_millis(300));
    assert_eq!(
        processes_with(&token),
        0,
        "forked children outlived the match"
    );
}

#[test]
fn a_failed_handshake_shows_the_end_of_the_engine_stderr() {
    if !tool::require_python3("traceback") {
        return;
    }
    let e = start("traceback").err().expect("the handshake fails");
    let text = e.to_string();
    assert!(text.contains("failed its handshake"), "{text}");
    assert!(text.contains("its standard error ended with:"), "{text}");
    assert!(
        text.contains("ModuleNotFoundError: No module named 'student_ai_that_is_not_there'"),
        "{text}"
    );
}

#[test]
fn quit_gives_the_engine_time_to_clean_up() {
    if !tool::require_python3("cleanup") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let done = dir.path().join("cleaned");
    let spelling = format!(
        "engine:\"python3 tests/engines/hostile.py cleanup {}\"",
        done.display()
    );
    let p = EngineProcess::start(&EngineSpec::parse(&spelling).unwrap()).expect("handshake");
    drop(p);
    let text = std::fs::read_to_string(&done).expect("the engine wrote its file after quit");
    assert_eq!(text, "cleaned up\n");
}
