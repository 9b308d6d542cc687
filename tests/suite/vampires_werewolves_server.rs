//! The Vampires vs Werewolves server on 127.0.0.1 (port chosen by the OS) against
//! scripted clients: full games, and clients that time out, close their socket, send
//! garbage or illegal plies. Every test is bounded in time (socket timeouts, and the
//! server's result is awaited with a deadline).

use std::collections::HashSet;
use std::io::Write;
use std::net::{SocketAddr, TcpListener, TcpStream};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use weightforge::game::{Role, Status};
use weightforge::games::vampires_werewolves::{Cells, Coord, Grid, IllegalPly, Kind, Map, Step};
use weightforge::vvw_tcp::protocol::{
    write_message, CellUpdate, ClientMessage, ClientView, Message, MessageReader, ServerMessage,
};
use weightforge::vvw_tcp::server::{
    run_game, EndReason, Forfeit, GameReport, PlyRecord, ServerConfig, ServerError,
};

const MAPS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/vampires_werewolves/maps/"
);
const DEADLINE: Duration = Duration::from_secs(90);

fn map(name: &str) -> Map {
    Map::load(format!("{MAPS}{name}.xml")).unwrap()
}

fn config() -> ServerConfig {
    ServerConfig {
        move_time: Duration::from_secs(3),
        game_duration: None,
        welcome_pause: Duration::from_millis(10),
        end_pause: Duration::from_millis(10),
        setup_timeout: Some(Duration::from_secs(10)),
        seed: 7,
        record_history: true,
        ..ServerConfig::default()
    }
}

/// What a scripted client does at its `n`-th `UPD` (1-based).
#[derive(Clone, Copy, Debug)]
enum Script {
    /// Always play the simple rule.
    Play,
    /// Close the socket instead of answering the `n`-th UPD.
    CloseAt(u32),
    /// Send garbage instead of the `n`-th MOV.
    GarbageAt(u32),
    /// Move the enemy's creatures at the `n`-th UPD.
    IllegalAt(u32),
    /// Send `MOV` with n = 0 at the `n`-th UPD.
    EmptyAt(u32),
    /// Do not answer the `n`-th UPD at all.
    SilentAt(u32),
    /// Answer the `at`-th UPD after `late` (moving one creature only); every other UPD
    /// after `each`.
    Delays {
        at: u32,
        late: Duration,
        each: Duration,
    },
    /// Send garbage instead of NME.
    BadName,
}

/// What a client saw.
#[derive(Debug, Default)]
struct ClientLog {
    role: Option<Role>,
    human_homes: Vec<Coord>,
    home: Option<Coord>,
    start: Option<Grid>,
    /// The board at each UPD, and the UPD's cells.
    views: Vec<Grid>,
    updates: Vec<Vec<CellUpdate>>,
    got_end: bool,
    got_bye: bool,
    closed_after_bye: bool,
    error: Option<String>,
}

/// The test rule: the biggest own group steps toward the nearest human cell it can
/// convert, else toward the nearest enemy cell.
fn simple_move(grid: &Grid, role: Role) -> Vec<Step> {
    let own = Kind::monster(role);
    let cells: Vec<(Coord, Kind, u8)> = grid
        .occupied()
        .map(|(a, c)| (a, c.kind(), c.count()))
        .collect();
    let Some(&(from, _, n)) = cells
        .iter()
        .filter(|c| c.1 == own)
        .max_by_key(|c| (c.2, std::cmp::Reverse(c.0.key())))
    else {
        return vec![];
    };
    let nearest = |ok: &dyn Fn(&(Coord, Kind, u8)) -> bool| {
        cells
            .iter()
            .filter(|c| ok(c))
            .min_by_key(|c| (from.distance(c.0), c.0.key()))
            .map(|c| c.0)
    };
    let target = nearest(&|c| c.1 == Kind::Humans && c.2 <= n)
        .or_else(|| nearest(&|c| c.1 == Kind::monster(1 - role)))
        .unwrap_or(Coord::new(if from.x == 0 { 1 } else { 0 }, from.y));
    vec![Step::new(from, n, from.step_toward(target))]
}

fn client(addr: SocketAddr, name: &str, script: Script, connected: mpsc::Sender<()>) -> ClientLog {
    let mut log = ClientLog::default();
    let mut s = TcpStream::connect(addr).unwrap();
    s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
    if let Script::BadName = script {
        s.write_all(b"HELLO").unwrap();
    } else {
        write_message(&mut s, &ClientMessage::Nme(name.as_bytes().to_vec())).unwrap();
    }
    let _ = connected.send(());
    let mut reader = MessageReader::<ServerMessage>::new();
    let mut view = ClientView::new();
    loop {
        let msg = match reader.read(&mut s) {
            Ok(m) => m,
            Err(e) => {
                log.error = Some(e.to_string());
                break;
            }
        };
        view.apply(&msg).unwrap();
        match &msg {
            ServerMessage::Map(_) => {
                log.start = view.grid.clone();
                log.role = view.role;
                log.home = view.home;
                log.human_homes = view.human_homes.clone();
            }
            ServerMessage::Upd(cells) => {
                let grid = view.grid.clone().unwrap();
                let role = view.role.unwrap();
                log.views.push(grid.clone());
                log.updates.push(cells.clone());
                let n = view.updates;
                let mut answer = ClientMessage::Mov(simple_move(&grid, role)).to_bytes();
                match script {
                    Script::CloseAt(k) if k == n => break,
                    Script::GarbageAt(k) if k == n => answer = b"HELLO WORLD".to_vec(),
                    Script::IllegalAt(k) if k == n => {
                        let enemy = grid
                            .occupied()
                            .find(|(_, c)| c.kind() == Kind::monster(1 - role))
                            .unwrap()
                            .0;
                        let to = enemy.step_toward(Coord::new(grid.cols() / 2, grid.rows() / 2));
                        let to = if to == enemy {
                            Coord::new(enemy.x ^ 1, enemy.y)
                        } else {
                            to
                        };
                        answer = ClientMessage::Mov(vec![Step::new(enemy, 1, to)]).to_bytes();
                    }
                    Script::EmptyAt(k) if k == n => answer = b"MOV\x00".to_vec(),
                    Script::SilentAt(k) if k == n => continue,
                    Script::Delays { at, late, each } if at == n => {
                        // A recognisable late answer: one creature instead of the group.
                        let mut steps = simple_move(&grid, role);
                        steps[0].count = 1;
                        answer = ClientMessage::Mov(steps).to_bytes();
                        let _ = each;
                        thread::sleep(late);
                    }
                    Script::Delays { each, .. } => thread::sleep(each),
                    _ => {}
                }
                if s.write_all(&answer).is_err() {
                    log.error = Some("write failed".into());
                    break;
                }
            }
            ServerMessage::End => log.got_end = true,
            ServerMessage::Bye => {
                log.got_bye = true;
                log.closed_after_bye = reader.read(&mut s).is_err();
                break;
            }
            _ => {}
        }
    }
    log
}

/// Runs a server and two scripted clients (the first connects first); everything must
/// finish within [`DEADLINE`].
fn play(
    map: Map,
    config: ServerConfig,
    scripts: [Script; 2],
) -> (Result<GameReport, ServerError>, [ClientLog; 2]) {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap();
    let (done_tx, done_rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = done_tx.send(run_game(&listener, &map, &config));
    });
    let (tx_a, rx_a) = mpsc::channel();
    let a = thread::spawn(move || client(addr, "alpha", scripts[0], tx_a));
    rx_a.recv_timeout(Duration::from_secs(10))
        .expect("first client connected");
    let (tx_b, _rx_b) = mpsc::channel();
    let b = thread::spawn(move || client(addr, "beta", scripts[1], tx_b));
    let result = done_rx
        .recv_timeout(DEADLINE)
        .expect("the server finished in time");
    let logs = [a.join().unwrap(), b.join().unwrap()];
    (result, logs)
}

/// The cells of a ply: sources and targets, each once.
fn touched(steps: &[Step]) -> HashSet<Coord> {
    steps.iter().flat_map(|s| [s.from, s.to]).collect()
}

fn full_game(name: &str) {
    let m = map(name);
    let (result, logs) = play(m.clone(), config(), [Script::Play, Script::Play]);
    let report = result.unwrap();
    eprintln!(
        "{name}: {:?} after {} plies ({:?})",
        report.status, report.plies, report.reason
    );
    assert_eq!(report.names, ["alpha".to_string(), "beta".to_string()]);
    // The first connection plays the vampires; both learnt the map.
    for (role, log) in logs.iter().enumerate() {
        assert_eq!(log.role, Some(role), "{log:?}");
        assert_eq!(log.home, m.home(role));
        assert_eq!(log.human_homes, m.human_homes);
        assert_eq!(log.start.as_ref(), Some(&m.grid));
        assert!(log.error.is_none(), "{:?}", log.error);
        assert!(
            log.got_end && log.got_bye && log.closed_after_bye,
            "{log:?}"
        );
    }
    // Each client's board at each UPD is the server's board before that ply.
    assert_eq!(report.history.len() as u32, report.plies);
    for (role, log) in logs.iter().enumerate() {
        assert!(!log.views.is_empty());
        for (k, view) in log.views.iter().enumerate() {
            assert_eq!(
                view,
                &report.history[2 * k + role],
                "{name}: role {role}, UPD {k}"
            );
        }
        let last = 2 * (log.views.len() - 1) + role;
        assert!(last + 2 >= report.plies as usize, "every turn was seen");
    }
    // UPD contents: the vampires' first is empty; later ones hold the cells touched by
    // each player's latest ply.
    assert!(logs[0].updates[0].is_empty());
    let plies: Vec<&Vec<Step>> = report
        .log
        .iter()
        .map(|r| match r {
            PlyRecord::Played(s) => s,
            PlyRecord::TimedOut => panic!("no timeouts expected"),
        })
        .collect();
    for (role, log) in logs.iter().enumerate() {
        for (k, cells) in log.updates.iter().enumerate().skip(1 - role) {
            let ply = 2 * k + role;
            let mut want = touched(plies[ply - 1]);
            if ply >= 2 {
                want.extend(touched(plies[ply - 2]));
            }
            let got: HashSet<Coord> = cells.iter().map(|c| c.at).collect();
            assert_eq!(got, want, "UPD before ply {ply}");
            assert_eq!(got.len(), cells.len(), "each cell once");
        }
    }
    // The result agrees with the final board.
    let (v, w) = (
        report.final_grid.total(Kind::Vampires),
        report.final_grid.total(Kind::Werewolves),
    );
    match report.reason {
        EndReason::Extinction => assert!(v == 0 || w == 0),
        EndReason::PlayLimit => assert_eq!(report.plies, 200),
        ref other => panic!("unexpected end {other:?}"),
    }
    let want = if v > w {
        Status::Win(0)
    } else if w > v {
        Status::Win(1)
    } else {
        Status::Draw
    };
    assert_eq!(report.status, want, "{report:?}");
}

#[test]
fn full_game_on_thetrap() {
    full_game("official_kit/thetrap");
}

#[test]
fn full_game_on_testmap2() {
    full_game("official_kit/testmap2");
}

#[test]
fn a_client_closing_its_socket_loses() {
    let (result, logs) = play(
        map("official_kit/testmap2"),
        config(),
        [Script::CloseAt(3), Script::Play],
    );
    let report = result.unwrap();
    assert_eq!(report.status, Status::Win(1));
    assert!(
        matches!(
            report.reason,
            EndReason::Forfeit {
                loser: 0,
                why: Forfeit::Disconnected(_)
            }
        ),
        "{:?}",
        report.reason
    );
    assert_eq!(report.plies, 5);
    assert!(logs[1].got_end && logs[1].got_bye);
}

#[test]
fn garbage_instead_of_a_move_loses() {
    let (result, logs) = play(
        map("official_kit/testmap2"),
        config(),
        [Script::Play, Script::GarbageAt(2)],
    );
    let report = result.unwrap();
    assert_eq!(report.status, Status::Win(0));
    assert_eq!(
        report.reason,
        EndReason::Forfeit {
            loser: 1,
            why: Forfeit::NotMov(b"HELL".to_vec())
        }
    );
    assert_eq!(report.plies, 4);
    assert!(logs[0].got_end && logs[1].got_end && logs[1].got_bye);
}

#[test]
fn an_illegal_ply_loses() {
    let (result, _) = play(
        map("official_kit/thetrap"),
        config(),
        [Script::IllegalAt(1), Script::Play],
    );
    let report = result.unwrap();
    assert_eq!(report.status, Status::Win(1));
    assert!(
        matches!(
            report.reason,
            EndReason::Forfeit {
                loser: 0,
                why: Forfeit::Illegal(IllegalPly::NotOwn { .. })
            }
        ),
        "{:?}",
        report.reason
    );
}

#[test]
fn an_empty_ply_loses() {
    let (result, _) = play(
        map("official_kit/thetrap"),
        config(),
        [Script::Play, Script::EmptyAt(1)],
    );
    let report = result.unwrap();
    assert_eq!(report.status, Status::Win(0));
    assert_eq!(
        report.reason,
        EndReason::Forfeit {
            loser: 1,
            why: Forfeit::Illegal(IllegalPly::Empty)
        }
    );
    assert_eq!(report.plies, 2);
}

#[test]
fn garbage_instead_of_a_name_aborts_the_setup() {
    let (result, logs) = play(
        map("official_kit/thetrap"),
        config(),
        [Script::BadName, Script::Play],
    );
    match result {
        Err(ServerError::Setup {
            player: 0, message, ..
        }) => {
            assert!(message.contains("NME"), "{message}")
        }
        other => panic!("{other:?}"),
    }
    assert!(
        logs[1].error.is_some(),
        "the other client sees the connection end"
    );
}

#[test]
fn a_silent_turn_is_skipped_without_loss() {
    let cfg = ServerConfig {
        move_time: Duration::from_millis(300),
        max_plays: 6,
        ..config()
    };
    let (result, logs) = play(
        map("official_kit/testmap2"),
        cfg,
        [Script::SilentAt(1), Script::Play],
    );
    let report = result.unwrap();
    assert_eq!(report.reason, EndReason::PlayLimit);
    assert_eq!(report.plies, 6);
    assert_eq!(report.log[0], PlyRecord::TimedOut);
    assert!(report.log[1..]
        .iter()
        .all(|r| matches!(r, PlyRecord::Played(_))));
    // The skipped ply changed nothing: the werewolves' first UPD is empty.
    assert!(logs[1].updates[0].is_empty());
}

#[test]
fn a_late_answer_is_discarded_before_the_next_turn() {
    let cfg = ServerConfig {
        move_time: Duration::from_millis(400),
        max_plays: 6,
        ..config()
    };
    let late = Script::Delays {
        at: 1,
        late: Duration::from_millis(650),
        each: Duration::ZERO,
    };
    let slow = Script::Delays {
        at: 0,
        late: Duration::ZERO,
        each: Duration::from_millis(350),
    };
    let (result, logs) = play(map("official_kit/testmap2"), cfg, [late, slow]);
    let report = result.unwrap();
    assert_eq!(report.log[0], PlyRecord::TimedOut);
    assert_eq!(report.reason, EndReason::PlayLimit, "{report:?}");
    assert!(
        report.log[1..]
            .iter()
            .all(|r| matches!(r, PlyRecord::Played(_))),
        "{:?}",
        report.log
    );
    // The vampires' second answer (not the late first one) made ply 2.
    let second = match &report.log[2] {
        PlyRecord::Played(s) => s.clone(),
        _ => unreachable!(),
    };
    assert_eq!(second, simple_move(&logs[0].views[1], 0));
}

#[test]
fn the_play_limit_and_the_game_clock() {
    let cfg = ServerConfig {
        max_plays: 10,
        ..config()
    };
    let (result, _) = play(
        map("official_kit/testmap2"),
        cfg,
        [Script::Play, Script::Play],
    );
    let report = result.unwrap();
    assert_eq!(
        (report.reason.clone(), report.plies),
        (EndReason::PlayLimit, 10)
    );
    assert_eq!(report.status, Status::Draw); // 10 against 10, no human reached yet
    let cfg = ServerConfig {
        game_duration: Some(Duration::ZERO),
        ..config()
    };
    let (result, _) = play(
        map("official_kit/testmap2"),
        cfg,
        [Script::Play, Script::Play],
    );
    let report = result.unwrap();
    assert_eq!((report.reason, report.plies), (EndReason::GameClock, 2));
}

#[test]
fn a_map_without_monsters_is_refused() {
    let m = Map::parse("<?xml version=\"1.0\"?><Map Rows=\"2\" Columns=\"2\"/>").unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let e = run_game(&listener, &m, &config()).unwrap_err();
    assert!(e.to_string().contains("no Vampires start cell"), "{e}");
}

#[test]
fn full_game_on_map8() {
    full_game("succo_twilight/map8");
}
