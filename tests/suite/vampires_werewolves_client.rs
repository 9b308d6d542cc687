//! The Vampires vs Werewolves client: whole games against the server on 127.0.0.1
//! (through the library and through the binary), and scripted fake servers that split
//! messages byte by byte, close the socket mid-game, send garbage or messages out of
//! order. Every socket test is bounded in time: clients have an idle timeout, fake
//! servers have read timeouts, and results are awaited with a deadline.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::thread;
use std::time::{Duration, Instant};

use weightforge::games::vampires_werewolves::battle::BattleResult;
use weightforge::games::vampires_werewolves::ply::{apply_ply, check_ply};
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::games::vampires_werewolves::{Cells, Content, Coord, Grid, Kind, Map};
use weightforge::player::PlayerSpec;
use weightforge::vvw_tcp::client::{self as vvw_client, ClientConfig, ClientError, ClientReport};
use weightforge::vvw_tcp::protocol::{
    CellUpdate, ClientMessage, Decoder, Message, ProtocolError, ServerMessage,
};
use weightforge::vvw_tcp::server::{run_game, EndReason, GameReport, PlyRecord, ServerConfig};

const MAPS: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/vampires_werewolves/maps/"
);
const DEADLINE: Duration = Duration::from_secs(120);

fn map(name: &str) -> Map {
    Map::load(format!("{MAPS}{name}.xml")).unwrap()
}

fn deepblue() -> PlayerSpec {
    PlayerSpec::resolve::<VvwPosition>("deepblue2021").unwrap()
}

fn server_config(move_time: Duration) -> ServerConfig {
    ServerConfig {
        move_time,
        game_duration: None,
        welcome_pause: Duration::from_millis(20),
        end_pause: Duration::from_millis(20),
        setup_timeout: Some(Duration::from_secs(20)),
        seed: 11,
        record_history: true,
        ..ServerConfig::default()
    }
}

fn client_config(name: &str, move_time: Duration, depth: Option<u32>) -> ClientConfig {
    ClientConfig {
        name: name.into(),
        move_time,
        max_depth: depth,
        idle_timeout: Some(Duration::from_secs(30)),
        seed: 3,
        ..ClientConfig::default()
    }
}

type Reports = (GameReport, [Result<ClientReport, ClientError>; 2]);

/// A server and two library clients on 127.0.0.1 (port chosen by the OS).
fn play_through_server(map: Map, server: ServerConfig, clients: [ClientConfig; 2]) -> Reports {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    let (done_tx, done_rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = done_tx.send(run_game(&listener, &map, &server));
    });
    let (tx, rx) = mpsc::channel();
    for (i, config) in clients.into_iter().enumerate() {
        let tx = tx.clone();
        let addr = addr.clone();
        thread::spawn(move || {
            let _ = tx.send((i, vvw_client::play(&addr, &deepblue(), &config)));
        });
        // The first connection plays the vampires: let it connect first.
        thread::sleep(Duration::from_millis(200));
    }
    let report = done_rx
        .recv_timeout(DEADLINE)
        .expect("the server finished in time")
        .expect("the game ran");
    let mut results: [Option<Result<ClientReport, ClientError>>; 2] = [None, None];
    for _ in 0..2 {
        let (i, r) = rx
            .recv_timeout(Duration::from_secs(30))
            .expect("the client finished");
        results[i] = Some(r);
    }
    let [a, b] = results;
    (report, [a.unwrap(), b.unwrap()])
}

/// Both clients finished cleanly, never timed out nor broke a rule, and every board they
/// answered from is the server's board before that ply; the final boards agree.
fn check_game(
    report: &GameReport,
    clients: &[Result<ClientReport, ClientError>; 2],
    limit: Duration,
) {
    assert!(
        !matches!(report.reason, EndReason::Forfeit { .. }),
        "{:?}",
        report.reason
    );
    assert!(
        report
            .log
            .iter()
            .all(|r| matches!(r, PlyRecord::Played(s) if !s.is_empty())),
        "no skipped or empty ply: {:?}",
        report.log
    );
    for (role, c) in clients.iter().enumerate() {
        let c = c.as_ref().expect("the client played the game to its end");
        assert_eq!(c.role, role);
        assert!(c.got_end && c.got_bye, "END and BYE received");
        assert_eq!(c.answers.len() as u32, c.updates, "one MOV per UPD");
        assert_eq!(c.boards.len(), c.answers.len());
        for (k, (board, answer)) in c.boards.iter().zip(&c.answers).enumerate() {
            let ply = 2 * k + role;
            assert_eq!(board, &report.history[ply], "role {role}, UPD {}", k + 1);
            assert!(!answer.steps.is_empty());
            assert_eq!(check_ply(board, role, &answer.steps), Ok(()));
            assert_eq!(report.log[ply], PlyRecord::Played(answer.steps.clone()));
            assert!(
                answer.elapsed < limit,
                "UPD {}: {:?}",
                k + 1,
                answer.elapsed
            );
        }
        assert_eq!(&c.last_board, c.boards.last().unwrap());
    }
    // The last plies: the mover of the final ply saw the board just before it, the other
    // the board one ply earlier; both are the server's boards of the same game.
    let plies = report.plies as usize;
    let last_seen = |role: usize| 2 * (clients[role].as_ref().unwrap().updates as usize - 1) + role;
    let mut seen = [last_seen(0), last_seen(1)];
    seen.sort();
    assert_eq!(seen, [plies - 2, plies - 1]);
}

#[test]
fn a_whole_game_client_against_client_through_the_server() {
    let limit = Duration::from_secs(2);
    let (report, clients) = play_through_server(
        map("official_kit/testmap2"),
        server_config(limit),
        [
            client_config("alpha", limit, Some(2)),
            client_config("beta", limit, Some(2)),
        ],
    );
    assert_eq!(report.names, ["alpha".to_string(), "beta".to_string()]);
    check_game(&report, &clients, limit);
}

#[test]
fn a_deadline_bounded_game_answers_inside_the_limit() {
    // No depth cap: the clients deepen until half the move time is gone.
    // Half the limit goes to the search; the rest absorbs the clock checks' granularity
    // on a loaded machine.
    let limit = Duration::from_secs(1);
    let mut server = server_config(limit);
    server.max_plays = 30;
    let (report, clients) = play_through_server(
        map("official_kit/thetrap"),
        server,
        [
            client_config("alpha", limit, None),
            client_config("beta", limit, None),
        ],
    );
    check_game(&report, &clients, limit);
    eprintln!(
        "{} plies, {:?}; worst answers {:?}",
        report.plies,
        report.reason,
        clients
            .iter()
            .map(|c| c
                .as_ref()
                .unwrap()
                .worst_answer()
                .map(|a| (a.elapsed, a.depth)))
            .collect::<Vec<_>>()
    );
    let deepest = clients
        .iter()
        .flat_map(|c| c.as_ref().unwrap().answers.iter().map(|a| a.depth))
        .max()
        .unwrap();
    assert!(deepest >= 2, "iterative deepening went past depth 1");
}

// ---------------------------------------------------------------------------------------
// Fake servers.

/// Runs `script` as a one-connection server and a library client against it; returns
/// the client's result (bounded by [`DEADLINE`]).
fn against_fake(
    config: ClientConfig,
    script: impl FnOnce(TcpStream) + Send + 'static,
) -> Result<ClientReport, ClientError> {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    thread::spawn(move || {
        let (s, _) = listener.accept().unwrap();
        s.set_read_timeout(Some(Duration::from_secs(20))).unwrap();
        script(s);
    });
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let _ = tx.send(vvw_client::play(&addr, &deepblue(), &config));
    });
    rx.recv_timeout(DEADLINE)
        .expect("the client finished in time")
}

fn fast_config() -> ClientConfig {
    ClientConfig {
        idle_timeout: Some(Duration::from_secs(10)),
        ..client_config("fake", Duration::from_millis(300), Some(2))
    }
}

/// Reads one client message (the fake server's side).
fn read_client(s: &mut TcpStream, dec: &mut Decoder<ClientMessage>) -> Option<ClientMessage> {
    let mut buf = [0u8; 256];
    loop {
        if let Some(m) = dec.next_message().unwrap() {
            return Some(m);
        }
        match s.read(&mut buf) {
            Ok(0) | Err(_) => return None,
            Ok(n) => dec.feed(&buf[..n]),
        }
    }
}

/// Reads until the client closes its socket (or the read timeout).
fn drain(s: &mut TcpStream) {
    let mut buf = [0u8; 256];
    while matches!(s.read(&mut buf), Ok(n) if n > 0) {}
}

/// thetrap's setup messages: SET, HUM, HME (vampires' home), MAP.
fn setup_bytes(m: &Map, home: Coord) -> Vec<u8> {
    let mut out = Vec::new();
    ServerMessage::Set {
        rows: m.rows(),
        cols: m.cols(),
    }
    .encode(&mut out);
    ServerMessage::Hum(m.human_homes.clone()).encode(&mut out);
    ServerMessage::Hme(home).encode(&mut out);
    ServerMessage::Map(
        m.grid
            .occupied()
            .map(|(at, c)| CellUpdate::new(at, c))
            .collect(),
    )
    .encode(&mut out);
    out
}

/// Writes `bytes` in pieces of `piece` bytes with a pause between them, so that the
/// client's reads cut messages anywhere.
fn dribble(s: &mut TcpStream, bytes: &[u8], piece: usize) {
    s.set_nodelay(true).unwrap();
    for chunk in bytes.chunks(piece) {
        s.write_all(chunk).unwrap();
        s.flush().unwrap();
        thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn messages_cut_across_reads_are_reassembled() {
    let m = map("official_kit/thetrap");
    let home = m.vampires.unwrap();
    let (tx, rx) = mpsc::channel();
    let mm = m.clone();
    let result = against_fake(fast_config(), move |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        let name = read_client(&mut s, &mut dec);
        let mut bytes = setup_bytes(&mm, home);
        ServerMessage::Upd(vec![]).encode(&mut bytes);
        dribble(&mut s, &bytes, 1); // one byte per write
        let first = read_client(&mut s, &mut dec);
        // The second UPD, END and BYE cut at odd places (7 bytes per write). The
        // vampires' ply is applied (battles won with one survivor); the werewolves pass.
        let mut grid = mm.grid.clone();
        let mut bytes = Vec::new();
        let mut cells = Vec::new();
        if let Some(ClientMessage::Mov(steps)) = &first {
            for st in steps {
                cells.extend([st.from, st.to]);
            }
            apply_ply(&mut grid, 0, steps, |_, _| BattleResult {
                attacker_won: true,
                survivors: 1,
            });
        }
        let upd: Vec<CellUpdate> = cells
            .iter()
            .map(|&at| CellUpdate::new(at, grid.get(at)))
            .collect();
        ServerMessage::Upd(upd).encode(&mut bytes);
        dribble(&mut s, &bytes, 7);
        let second = read_client(&mut s, &mut dec);
        dribble(&mut s, b"ENDBYE", 4);
        let _ = tx.send((name, first, second));
        drain(&mut s);
    });
    let report = result.unwrap();
    let (name, first, second) = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    assert_eq!(name, Some(ClientMessage::Nme(b"fake".to_vec())));
    for mov in [first, second] {
        match mov {
            Some(ClientMessage::Mov(steps)) => assert!(!steps.is_empty()),
            other => panic!("expected a MOV, got {other:?}"),
        }
    }
    assert_eq!(report.role, 0);
    assert_eq!(report.start, m.grid);
    assert_eq!(report.updates, 2);
    assert!(report.got_end && report.got_bye);
    assert_eq!(
        check_ply(&report.boards[0], 0, &report.answers[0].steps),
        Ok(())
    );
}

#[test]
fn a_server_closing_mid_game_is_a_clear_error() {
    let m = map("official_kit/thetrap");
    let home = m.werewolves.unwrap();
    let err = against_fake(fast_config(), move |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        let mut bytes = setup_bytes(&m, home);
        ServerMessage::Upd(vec![]).encode(&mut bytes);
        s.write_all(&bytes).unwrap();
        read_client(&mut s, &mut dec);
        // Close without END.
    })
    .unwrap_err();
    match &err {
        ClientError::ServerClosed { during, pending: 0 } => {
            assert!(during.contains("mid-game, after UPD 1"), "{err}")
        }
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_server_closing_inside_a_message_reports_the_cut() {
    let m = map("official_kit/thetrap");
    let home = m.vampires.unwrap();
    let err = against_fake(fast_config(), move |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        let mut bytes = setup_bytes(&m, home);
        // A UPD announcing 3 cells but carrying one and a half.
        bytes.extend_from_slice(b"UPD\x03\x01\x01\x00\x00\x00\x02\x02");
        s.write_all(&bytes).unwrap();
    })
    .unwrap_err();
    assert!(
        matches!(err, ClientError::ServerClosed { pending: 11, .. }),
        "{err:?}"
    );
    assert!(err.to_string().contains("11 bytes"), "{err}");
}

/// A fake server sending the setup for the vampires, then `then`.
fn unexpected_after_setup(then: &'static [u8]) -> ClientError {
    let m = map("official_kit/thetrap");
    let home = m.vampires.unwrap();
    against_fake(fast_config(), move |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        let mut bytes = setup_bytes(&m, home);
        bytes.extend_from_slice(then);
        s.write_all(&bytes).unwrap();
        // Wait for the client to give up (it closes its socket).
        drain(&mut s);
    })
    .unwrap_err()
}

#[test]
fn unexpected_messages_are_clear_errors() {
    // Garbage.
    let err = unexpected_after_setup(b"XYZ\x01");
    assert!(
        matches!(
            &err,
            ClientError::Protocol {
                source: ProtocolError::UnknownCommand(..),
                ..
            }
        ),
        "{err:?}"
    );
    assert!(err.to_string().contains("before the first UPD"), "{err}");
    // A client command from the server.
    let err = unexpected_after_setup(b"MOV\x00");
    assert!(
        matches!(
            &err,
            ClientError::Protocol {
                source: ProtocolError::WrongDirection { .. },
                ..
            }
        ),
        "{err:?}"
    );
    // A second setup in the middle of the game.
    let err = unexpected_after_setup(b"UPD\x00SET\x05\x0a");
    match &err {
        ClientError::Unexpected {
            message, during, ..
        } => {
            assert_eq!(*message, "SET");
            assert!(during.contains("after UPD 1"), "{err}");
        }
        other => panic!("{other:?}"),
    }
    // BYE without END.
    let err = unexpected_after_setup(b"BYE");
    assert!(
        matches!(&err, ClientError::Unexpected { message: "BYE", .. }),
        "{err:?}"
    );
    // A mixed cell.
    let err = unexpected_after_setup(b"UPD\x01\x00\x00\x01\x01\x00");
    assert!(
        matches!(
            &err,
            ClientError::Protocol {
                source: ProtocolError::MixedCell { .. },
                ..
            }
        ),
        "{err:?}"
    );
    // A cell outside the grid.
    let err = unexpected_after_setup(b"UPD\x01\x63\x00\x00\x01\x00");
    assert!(
        matches!(
            &err,
            ClientError::Protocol {
                source: ProtocolError::OutOfGrid { .. },
                ..
            }
        ),
        "{err:?}"
    );
}

#[test]
fn setup_out_of_order_is_a_clear_error() {
    // UPD before anything.
    let err = against_fake(fast_config(), |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        s.write_all(b"UPD\x00").unwrap();
        drain(&mut s);
    })
    .unwrap_err();
    match &err {
        ClientError::Unexpected { message, why, .. } => {
            assert_eq!(*message, "UPD");
            assert!(why.contains("SET first"), "{err}");
        }
        other => panic!("{other:?}"),
    }
    // MAP before HME.
    let err = against_fake(fast_config(), |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        s.write_all(b"SET\x02\x02HUM\x00MAP\x00").unwrap();
        drain(&mut s);
    })
    .unwrap_err();
    assert!(err.to_string().contains("MAP must follow HME"), "{err}");
    // Our start cell holds humans.
    let err = against_fake(fast_config(), |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        s.write_all(b"SET\x02\x02HUM\x00HME\x00\x00MAP\x01\x00\x00\x03\x00\x00")
            .unwrap();
        drain(&mut s);
    })
    .unwrap_err();
    assert!(err.to_string().contains("start cell"), "{err}");
}

#[test]
fn a_silent_server_times_out_when_asked_to() {
    let config = ClientConfig {
        idle_timeout: Some(Duration::from_millis(300)),
        ..fast_config()
    };
    let t0 = Instant::now();
    let err = against_fake(config, |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        s.write_all(b"SET\x05\x0a").unwrap();
        drain(&mut s); // until the client closes
    })
    .unwrap_err();
    assert!(matches!(err, ClientError::IdleTimeout { .. }), "{err:?}");
    assert!(err.to_string().contains("during setup"), "{err}");
    assert!(t0.elapsed() < Duration::from_secs(10));
}

#[test]
fn no_server_is_a_connect_error() {
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = listener.local_addr().unwrap().to_string();
    drop(listener);
    let err = vvw_client::play(&addr, &deepblue(), &fast_config()).unwrap_err();
    assert!(matches!(err, ClientError::Connect { .. }), "{err:?}");
    let err = vvw_client::play("not an address", &deepblue(), &fast_config()).unwrap_err();
    assert!(matches!(err, ClientError::Connect { .. }), "{err:?}");
}

#[test]
fn a_board_too_big_for_the_search_gets_the_fallback_move() {
    // 150 human cells: more than a search position holds. The client must still answer
    // with a legal ply.
    let (tx, rx) = mpsc::channel();
    let result = against_fake(fast_config(), move |mut s| {
        let mut dec = Decoder::<ClientMessage>::new();
        read_client(&mut s, &mut dec);
        let mut grid = Grid::new(20, 20);
        for i in 0..150u32 {
            let at = Coord::new((i % 20) as u8, (i / 20) as u8);
            grid.set(at, Content::new(Kind::Humans, 1));
        }
        grid.set(Coord::new(5, 15), Content::new(Kind::Vampires, 4));
        grid.set(Coord::new(15, 18), Content::new(Kind::Werewolves, 4));
        let mut bytes = Vec::new();
        ServerMessage::Set { rows: 20, cols: 20 }.encode(&mut bytes);
        ServerMessage::Hum(vec![]).encode(&mut bytes);
        ServerMessage::Hme(Coord::new(5, 15)).encode(&mut bytes);
        ServerMessage::Map(
            grid.occupied()
                .map(|(a, c)| CellUpdate::new(a, c))
                .collect(),
        )
        .encode(&mut bytes);
        ServerMessage::Upd(vec![]).encode(&mut bytes);
        s.write_all(&bytes).unwrap();
        let mov = read_client(&mut s, &mut dec);
        s.write_all(b"ENDBYE").unwrap();
        let _ = tx.send((grid, mov));
        drain(&mut s);
    });
    let report = result.unwrap();
    let (grid, mov) = rx.recv_timeout(Duration::from_secs(10)).unwrap();
    let Some(ClientMessage::Mov(steps)) = mov else {
        panic!("no MOV")
    };
    assert!(report.answers[0].fallback);
    assert_eq!(check_ply(&grid, 0, &steps), Ok(()));
    // Toward the nearest convertible humans (row 7, straight up).
    assert_eq!(steps[0].from, Coord::new(5, 15));
    assert_eq!(steps[0].count, 4);
}

// ---------------------------------------------------------------------------------------
// The binary.

/// Kills the child when dropped (a failing test leaves no process behind).
struct Guard(Child);

impl Drop for Guard {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn wait_with_deadline(child: &mut Guard, deadline: Instant) -> std::process::ExitStatus {
    loop {
        if let Some(status) = child.0.try_wait().unwrap() {
            return status;
        }
        assert!(Instant::now() < deadline, "process did not finish in time");
        thread::sleep(Duration::from_millis(50));
    }
}

fn read_all(child: &mut Guard) -> String {
    let mut s = String::new();
    if let Some(out) = child.0.stdout.as_mut() {
        out.read_to_string(&mut s).unwrap();
    }
    s
}

/// The board text after `: ` or `-> ` up to the end or a parenthesis.
fn board_after<'a>(line: &'a str, marker: &str) -> &'a str {
    let rest = &line[line.find(marker).unwrap() + marker.len()..];
    rest.split(" (").next().unwrap().trim()
}

#[test]
fn the_binary_serves_a_game_between_two_binary_clients() {
    let exe = env!("CARGO_BIN_EXE_weightforge");
    let deadline = Instant::now() + DEADLINE;
    let mut server = Guard(
        Command::new(exe)
            .args(["vvw", "server", "--map"])
            .arg(format!("{MAPS}official_kit/testmap2.xml"))
            .args([
                "--port",
                "0",
                "--move-time",
                "2",
                "--welcome-pause",
                "0.05",
                "--end-pause",
                "0.05",
                "--setup-timeout",
                "30",
            ])
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap(),
    );
    let mut out = BufReader::new(server.0.stdout.take().unwrap());
    let mut first = String::new();
    out.read_line(&mut first).unwrap();
    let addr = first
        .trim()
        .strip_prefix("listening on ")
        .unwrap()
        .to_string();
    let port = addr.rsplit(':').next().unwrap().to_string();
    let client = |name: &str| {
        Guard(
            Command::new(exe)
                .args(["vvw", "client", "127.0.0.1", &port])
                .args(["--genome", "deepblue2021", "--depth", "2", "--name", name])
                .args(["--idle-timeout", "30"])
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap(),
        )
    };
    let mut vampires = client("alpha");
    thread::sleep(Duration::from_millis(300));
    let mut werewolves = client("beta");
    let (tx, rx) = mpsc::channel();
    thread::spawn(move || {
        let mut text = String::new();
        let _ = out.read_to_string(&mut text);
        let _ = tx.send(text);
    });
    let server_out = rx
        .recv_timeout(DEADLINE)
        .expect("the server finished in time");
    assert!(wait_with_deadline(&mut server, deadline).success());
    let outs: Vec<String> = [&mut vampires, &mut werewolves]
        .into_iter()
        .map(|c| {
            let status = wait_with_deadline(c, deadline);
            let text = read_all(c);
            assert!(status.success(), "{text}");
            text
        })
        .collect();
    let last = server_out.lines().last().unwrap();
    assert!(last.starts_with("result: "), "{server_out}");
    assert!(
        last.contains("(alpha)") && last.contains("(beta)"),
        "{last}"
    );
    assert!(!last.contains("forfeit"), "{last}");
    // The server's board before each ply.
    let mut before: Vec<String> = Vec::new();
    for line in server_out.lines() {
        if line.starts_with("start board: ") {
            before.push(board_after(line, ": ").to_string());
        } else if line.starts_with("ply ") {
            assert!(!line.contains("timed out"), "{line}");
            before.push(board_after(line, "-> ").to_string());
        }
    }
    let final_board = server_out
        .lines()
        .find_map(|l| l.strip_prefix("final board: "))
        .unwrap();
    assert_eq!(before.last().map(String::as_str), Some(final_board));
    let plies = before.len() - 1;
    for (role, text) in outs.iter().enumerate() {
        let line = text
            .lines()
            .find(|l| l.starts_with("last board (UPD "))
            .unwrap_or_else(|| panic!("{text}"));
        let k: usize = line["last board (UPD ".len()..]
            .split(')')
            .next()
            .unwrap()
            .parse()
            .unwrap();
        let ply = 2 * (k - 1) + role;
        assert!(ply + 2 >= plies, "role {role} saw the end of the game");
        assert_eq!(board_after(line, "): "), before[ply], "role {role}");
        assert!(
            text.lines().last().unwrap().starts_with("worst answer: "),
            "{text}"
        );
        assert!(text.contains("END received, BYE received"), "{text}");
    }
}
