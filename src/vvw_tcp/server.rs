//! A Vampires vs Werewolves game server that behaves like the official one (facts spec
//! §3, §4, §8, §9), for testing clients and for local matches.
//!
//! ```text
//! accept #1 (vampires), accept #2 (werewolves)      first connection moves first
//! each: NME ← ; → SET+HUM+HME (one write) ; → MAP (second write)
//! pause (5 s), start the game clock
//! ply 0, 1, 2, … < max_plays, mover p = ply mod 2:
//!     discard bytes already waiting on p (one read of up to 1300)
//!     → UPD to p only: cells touched by each player's last accepted ply
//!     ← MOV within move_time (late: ply skipped, no loss)
//!       not MOV / n = 0 / illegal by §6 / socket gone → p loses
//!     apply (§7, battles drawn from the seeded RNG)
//!     no vampires → werewolves win; no werewolves → vampires win
//!     after an odd ply, game clock over → larger species wins
//! at max_plays: larger species wins, equal is a draw
//! pause (4 s); to player 0 then 1: END, BYE, close
//! ```
//!
//! Differences from the official server, all on error paths: a client whose socket is
//! closed or broken loses at its turn (the official one would time out on each of its
//! turns), and setup waits at most [`ServerConfig::setup_timeout`] for each step.
//! `PlayersCount = 1` (vampires alone) and `AutoRestart` are not supported.

use std::collections::HashSet;
use std::io::{ErrorKind, Read, Write};
use std::net::{Shutdown, TcpListener, TcpStream, ToSocketAddrs};
use std::time::{Duration, Instant};

use rand::SeedableRng;

use super::protocol::{CellUpdate, Message, ServerMessage};
use crate::game::{GameRng, Role, Status};
use crate::games::vampires_werewolves::ply::{apply_ply, check_ply, IllegalPly};
use crate::games::vampires_werewolves::{Cells, Coord, Grid, Kind, Map, Step};
use crate::played_game::FaultKind;

/// The official default port.
pub const DEFAULT_PORT: u16 = 5555;

/// How the server plays a game (defaults: the kit's configuration).
#[derive(Clone, Debug)]
pub struct ServerConfig {
    /// `MaxPlays`: plies of both players together (200).
    pub max_plays: u32,
    /// `MaxPlayDuration`: time for a whole `MOV` to arrive after `UPD` is sent (5 s).
    pub move_time: Duration,
    /// `MaxGameDuration` (5 min); `None` for no game clock.
    pub game_duration: Option<Duration>,
    /// Pause between setup and the first `UPD` (5 s).
    pub welcome_pause: Duration,
    /// Pause between the last ply and `END` (4 s).
    pub end_pause: Duration,
    /// Longest wait for a connection or its `NME` (`None`: forever, as the official one).
    pub setup_timeout: Option<Duration>,
    /// Seed of the battle RNG.
    pub seed: u64,
    /// Keep the board before every ply in [`GameReport::history`].
    pub record_history: bool,
    /// Called after each ply with its number (from 0), its record and the board after
    /// it, so a log is written as the game goes and a killed server leaves its record.
    pub on_ply: Option<fn(u32, &PlyRecord, &Grid)>,
}

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            max_plays: 200,
            move_time: Duration::from_secs(5),
            game_duration: Some(Duration::from_secs(300)),
            welcome_pause: Duration::from_secs(5),
            end_pause: Duration::from_secs(4),
            setup_timeout: None,
            seed: 0,
            record_history: false,
            on_ply: None,
        }
    }
}

/// Why a player lost by forfeit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Forfeit {
    /// The answer did not start with `MOV` (its first bytes are kept).
    NotMov(Vec<u8>),
    /// An illegal ply by §6 (`n = 0` is [`IllegalPly::Empty`]).
    Illegal(IllegalPly),
    /// The socket was closed or broke.
    Disconnected(String),
}

/// How the game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EndReason {
    /// A species has no creatures left.
    Extinction,
    /// `max_plays` plies were played: the larger species wins.
    PlayLimit,
    /// The game clock ran out after a werewolves' ply: the larger species wins.
    GameClock,
    /// A player lost by breaking the rules or the connection.
    Forfeit {
        /// Who lost.
        loser: Role,
        /// Why.
        why: Forfeit,
    },
}

/// What happened on one ply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlyRecord {
    /// An accepted ply.
    Played(Vec<Step>),
    /// No whole `MOV` in time: the ply was skipped.
    TimedOut,
}

/// The result of a game.
#[derive(Clone, Debug)]
pub struct GameReport {
    /// Who won, or a draw.
    pub status: Status,
    /// Why the game ended.
    pub reason: EndReason,
    /// Plies played (including skipped ones and a forfeited one).
    pub plies: u32,
    /// The players' names (lossy UTF-8), vampires first.
    pub names: [String; 2],
    /// The board at the end.
    pub final_grid: Grid,
    /// The board before each ply (when [`ServerConfig::record_history`] is set).
    pub history: Vec<Grid>,
    /// Each ply's record, in order.
    pub log: Vec<PlyRecord>,
}

/// A game that could not be set up or run.
#[derive(Debug, thiserror::Error)]
pub enum ServerError {
    /// The map lacks a `Vampires` or `Werewolves` entry.
    #[error("the map has no {0} start cell")]
    MapWithoutMonsters(&'static str),
    /// A player failed the setup (no connection, no `NME`, ...).
    #[error("setup of player {player} failed: {message}")]
    Setup {
        /// 0 for the first connection (vampires), 1 for the second.
        player: Role,
        /// What the player did wrong: no connection or no `NME` in time (late), a
        /// closed socket (disconnect), or another message (garbage).
        fault: FaultKind,
        /// What went wrong.
        message: String,
    },
    /// The listening socket failed.
    #[error("server socket error: {0}")]
    Io(#[from] std::io::Error),
}

/// Binds `addr` (e.g. `("127.0.0.1", DEFAULT_PORT)`) and plays one game on it.
pub fn serve(
    addr: impl ToSocketAddrs,
    map: &Map,
    config: &ServerConfig,
) -> Result<GameReport, ServerError> {
    let listener = TcpListener::bind(addr)?;
    run_game(&listener, map, config)
}

/// How a bounded read ended.
enum ReadEnd {
    Done,
    TimedOut,
    Closed(String),
}

/// Reads exactly `buf.len()` bytes before `deadline` (`None`: no limit), never more
/// (bytes beyond stay in the socket, as the official server reads exact counts).
fn read_exact_by(stream: &mut TcpStream, buf: &mut [u8], deadline: Option<Instant>) -> ReadEnd {
    let mut filled = 0;
    while filled < buf.len() {
        let timeout = match deadline {
            None => None,
            Some(d) => {
                let now = Instant::now();
                if now >= d {
                    return ReadEnd::TimedOut;
                }
                Some(d - now)
            }
        };
        if let Err(e) = stream.set_read_timeout(timeout) {
            return ReadEnd::Closed(e.to_string());
        }
        match stream.read(&mut buf[filled..]) {
            Ok(0) => return ReadEnd::Closed("connection closed by the client".into()),
            Ok(n) => filled += n,
            Err(e)
                if matches!(
                    e.kind(),
                    ErrorKind::WouldBlock | ErrorKind::TimedOut | ErrorKind::Interrupted
                ) => {}
            Err(e) => return ReadEnd::Closed(e.to_string()),
        }
    }
    ReadEnd::Done
}

/// One read of up to 1300 bytes if some are already waiting (the official server's way
/// of dropping a late answer before a new turn).
fn discard_waiting(stream: &mut TcpStream) {
    if stream.set_nonblocking(true).is_ok() {
        let mut junk = [0u8; 1300];
        let _ = stream.read(&mut junk);
        let _ = stream.set_nonblocking(false);
    }
}

/// Accepts the next connection on `listener` as `player`, waiting at most `timeout`
/// (`None`: forever).
pub fn accept_by(
    listener: &TcpListener,
    timeout: Option<Duration>,
    player: Role,
) -> Result<TcpStream, ServerError> {
    let Some(limit) = timeout else {
        return Ok(listener.accept()?.0);
    };
    let deadline = Instant::now() + limit;
    listener.set_nonblocking(true)?;
    let result = loop {
        match listener.accept() {
            Ok((s, _)) => break Ok(s),
            Err(e) if e.kind() == ErrorKind::WouldBlock => {
                if Instant::now() >= deadline {
                    break Err(ServerError::Setup {
                        player,
                        fault: FaultKind::LateMove,
                        message: format!("no connection within {limit:?}"),
                    });
                }
                std::thread::sleep(Duration::from_millis(5));
            }
            Err(e) => break Err(e.into()),
        }
    };
    listener.set_nonblocking(false)?;
    let stream = result?;
    stream.set_nonblocking(false)?;
    Ok(stream)
}

/// Reads `NME`, answers `SET`+`HUM`+`HME` in one write and `MAP` in a second.
fn set_up(
    stream: &mut TcpStream,
    player: Role,
    home: Coord,
    map: &Map,
    timeout: Option<Duration>,
) -> Result<String, ServerError> {
    let fail = |fault: FaultKind, message: String| ServerError::Setup {
        player,
        fault,
        message,
    };
    let deadline = timeout.map(|t| Instant::now() + t);
    let _ = stream.set_nodelay(true);
    let name = read_name(stream, deadline).map_err(|(fault, why)| fail(fault, why))?;
    send_map(stream, home, map).map_err(|e| fail(FaultKind::Disconnect, e.to_string()))?;
    // A client's name is outside text: printed and recorded with its control
    // characters escaped, so it cannot forge a line of the server's output.
    Ok(crate::escape::escape_control(&String::from_utf8_lossy(&name)).into_owned())
}

/// Reads a client's `NME` message by `deadline`: its name's bytes, or the fault and why.
fn read_name(
    stream: &mut TcpStream,
    deadline: Option<Instant>,
) -> Result<Vec<u8>, (FaultKind, String)> {
    let mut head = [0u8; 4];
    match read_exact_by(stream, &mut head, deadline) {
        ReadEnd::Done => {}
        ReadEnd::TimedOut => return Err((FaultKind::LateMove, "no NME in time".into())),
        ReadEnd::Closed(why) => return Err((FaultKind::Disconnect, why)),
    }
    if &head[..3] != b"NME" {
        let got = String::from_utf8_lossy(&head[..3]);
        return Err((
            FaultKind::Garbage,
            format!("expected NME first, got {got:?}"),
        ));
    }
    let mut name = vec![0u8; head[3] as usize];
    match read_exact_by(stream, &mut name, deadline) {
        ReadEnd::Done => Ok(name),
        ReadEnd::TimedOut => Err((FaultKind::LateMove, "NME name incomplete in time".into())),
        ReadEnd::Closed(why) => Err((FaultKind::Disconnect, why)),
    }
}

/// Sends a client the map's size, the humans' homes, its own home, then the map.
fn send_map(stream: &mut TcpStream, home: Coord, map: &Map) -> std::io::Result<()> {
    let mut first = Vec::new();
    ServerMessage::Set {
        rows: map.rows(),
        cols: map.cols(),
    }
    .encode(&mut first);
    ServerMessage::Hum(map.human_homes.clone()).encode(&mut first);
    ServerMessage::Hme(home).encode(&mut first);
    let cells: Vec<CellUpdate> = map
        .grid
        .occupied()
        .map(|(at, c)| CellUpdate::new(at, c))
        .collect();
    let second = ServerMessage::Map(cells).to_bytes();
    stream.write_all(&first)?;
    stream.write_all(&second)
}

/// Status by comparing the species (humans never count).
fn by_count(grid: &Grid) -> Status {
    let (v, w) = (grid.total(Kind::Vampires), grid.total(Kind::Werewolves));
    match v.cmp(&w) {
        std::cmp::Ordering::Greater => Status::Win(0),
        std::cmp::Ordering::Less => Status::Win(1),
        std::cmp::Ordering::Equal => Status::Draw,
    }
}

/// The vampires' and the werewolves' start cells of `map`.
pub fn homes(map: &Map) -> Result<[Coord; 2], ServerError> {
    Ok([
        map.vampires
            .ok_or(ServerError::MapWithoutMonsters("Vampires"))?,
        map.werewolves
            .ok_or(ServerError::MapWithoutMonsters("Werewolves"))?,
    ])
}

/// Plays one game with the next two connections on `listener` (see the module docs).
pub fn run_game(
    listener: &TcpListener,
    map: &Map,
    config: &ServerConfig,
) -> Result<GameReport, ServerError> {
    let homes = homes(map)?;
    let streams = [
        accept_by(listener, config.setup_timeout, 0)?,
        accept_by(listener, config.setup_timeout, 1)?,
    ];
    play_connected(streams, homes, map, config)
}

/// Plays one game with two players already connected (vampires first): setup, plies,
/// `END` and `BYE`.
pub fn play_connected(
    mut streams: [TcpStream; 2],
    homes: [Coord; 2],
    map: &Map,
    config: &ServerConfig,
) -> Result<GameReport, ServerError> {
    let mut names = [String::new(), String::new()];
    for p in 0..2 {
        names[p] = set_up(&mut streams[p], p, homes[p], map, config.setup_timeout)?;
    }
    std::thread::sleep(config.welcome_pause);
    let clock = Instant::now();
    let mut rng = GameRng::seed_from_u64(config.seed);
    let mut grid = map.grid.clone();
    let mut touched: [Vec<Coord>; 2] = [Vec::new(), Vec::new()];
    let mut history = Vec::new();
    let mut log = Vec::new();
    let mut ply = 0u32;
    let mut ending: Option<(Status, EndReason)> = None;
    while ply < config.max_plays {
        let p = (ply % 2) as usize;
        if config.record_history {
            history.push(grid.clone());
        }
        let stream = &mut streams[p];
        let (record, end) = one_ply(stream, p, &mut grid, &mut touched, &mut rng, config);
        ply += 1;
        if let Some(record) = record {
            if let Some(report) = config.on_ply {
                report(ply - 1, &record, &grid);
            }
            log.push(record);
        }
        ending = end;
        if ending.is_some() {
            break;
        }
        if p == 1 && config.game_duration.is_some_and(|d| clock.elapsed() >= d) {
            ending = Some((by_count(&grid), EndReason::GameClock));
            break;
        }
    }
    let (status, reason) = ending.unwrap_or_else(|| (by_count(&grid), EndReason::PlayLimit));
    std::thread::sleep(config.end_pause);
    say_goodbye(&mut streams);
    Ok(GameReport {
        status,
        reason,
        plies: ply,
        names,
        final_grid: grid,
        history,
        log,
    })
}

/// One ply of a connected game: the update sent to player `p`, its answer read and
/// checked, the move applied. Returns the ply's record (none when the player forfeited
/// by disconnecting or sending garbage) and the game's end if this ply ended it.
fn one_ply(
    stream: &mut TcpStream,
    p: Role,
    grid: &mut Grid,
    touched: &mut [Vec<Coord>; 2],
    rng: &mut GameRng,
    config: &ServerConfig,
) -> (Option<PlyRecord>, Option<(Status, EndReason)>) {
    discard_waiting(stream);
    let update = ServerMessage::Upd(update_cells(touched, p, grid));
    let steps = match stream.write_all(&update.to_bytes()) {
        Err(e) => Err(Forfeit::Disconnected(e.to_string())),
        Ok(()) => read_mov(stream, Some(Instant::now() + config.move_time)),
    };
    let forfeit = |why: Forfeit| Some((Status::Win(1 - p), EndReason::Forfeit { loser: p, why }));
    match steps {
        Err(why) => (None, forfeit(why)),
        Ok(None) => (Some(PlyRecord::TimedOut), None),
        Ok(Some(steps)) => {
            let ending = if let Err(illegal) = check_ply(grid, p, &steps) {
                forfeit(Forfeit::Illegal(illegal))
            } else {
                apply_ply(grid, p, &steps, |_, battle| battle.sample(rng));
                touched[p] = touched_cells(&steps);
                extinction(grid)
            };
            (Some(PlyRecord::Played(steps)), ending)
        }
    }
}

/// The cells touched by each player's last accepted ply, `p`'s first, each once, with
/// their contents now: the `UPD` for player `p`.
fn update_cells(touched: &[Vec<Coord>; 2], p: Role, grid: &Grid) -> Vec<CellUpdate> {
    let mut seen = HashSet::new();
    touched[p]
        .iter()
        .chain(touched[1 - p].iter())
        .filter(|c| seen.insert(**c))
        .map(|&at| CellUpdate::new(at, grid.get(at)))
        .collect()
}

/// Reads a `MOV` by `deadline`: `Ok(None)` when it came too late, `Err` when the player
/// forfeits (socket closed, or another command).
fn read_mov(
    stream: &mut TcpStream,
    deadline: Option<Instant>,
) -> Result<Option<Vec<Step>>, Forfeit> {
    let mut head = [0u8; 4];
    match read_exact_by(stream, &mut head, deadline) {
        ReadEnd::Closed(why) => return Err(Forfeit::Disconnected(why)),
        ReadEnd::TimedOut => return Ok(None),
        ReadEnd::Done if &head[..3] != b"MOV" => return Err(Forfeit::NotMov(head.to_vec())),
        ReadEnd::Done => {}
    }
    let mut body = vec![0u8; 5 * head[3] as usize];
    match read_exact_by(stream, &mut body, deadline) {
        ReadEnd::Closed(why) => Err(Forfeit::Disconnected(why)),
        ReadEnd::TimedOut => Ok(None),
        ReadEnd::Done => Ok(Some(
            body.chunks_exact(5)
                .map(|m| Step::new(Coord::new(m[0], m[1]), m[2], Coord::new(m[3], m[4])))
                .collect(),
        )),
    }
}

/// The cells a ply touched (sources and targets), each once, in order.
fn touched_cells(steps: &[Step]) -> Vec<Coord> {
    let mut cells: Vec<Coord> = Vec::with_capacity(2 * steps.len());
    for s in steps {
        for c in [s.from, s.to] {
            if !cells.contains(&c) {
                cells.push(c);
            }
        }
    }
    cells
}

/// The end of the game when a species has no creature left.
fn extinction(grid: &Grid) -> Option<(Status, EndReason)> {
    if grid.total(Kind::Vampires) == 0 {
        Some((Status::Win(1), EndReason::Extinction))
    } else if grid.total(Kind::Werewolves) == 0 {
        Some((Status::Win(0), EndReason::Extinction))
    } else {
        None
    }
}

/// Sends `END` and `BYE` to both players and closes, reading what the clients still send
/// until they close (at most 200 ms), so that closing with unread bytes does not reset
/// the connection before `END` and `BYE` are delivered.
fn say_goodbye(streams: &mut [TcpStream; 2]) {
    for stream in streams.iter_mut() {
        let _ = stream.write_all(b"END");
        let _ = stream.write_all(b"BYE");
        let _ = stream.shutdown(Shutdown::Write);
    }
    let deadline = Some(Instant::now() + Duration::from_millis(200));
    for stream in streams.iter_mut() {
        let mut junk = [0u8; 1500];
        while let ReadEnd::Done = read_exact_by(stream, &mut junk[..1], deadline) {
            let _ = stream.set_nonblocking(true);
            let _ = stream.read(&mut junk);
            let _ = stream.set_nonblocking(false);
        }
    }
}
