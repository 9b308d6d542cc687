//! A Vampires vs Werewolves client: connects to a server (the official one or
//! [`super::vvw_server`]), plays one whole game with a genome, and reports what it saw.
//!
//! ```text
//! → NME name
//! ← SET rows cols, HUM, HME, MAP          the board and our start cell (→ our species)
//! loop:
//!   ← UPD cells                           overwrite those cells of our board
//!     search from our board on the search thread: iterative deepening until the
//!     deadline (move time × VVW_SEARCH_SHARE after the UPD arrived), keep the last
//!     finished depth
//!     if no result by move time × VVW_WAIT_SHARE (a starved or stuck search thread),
//!     a one-ply search here instead (stopped at move time × VVW_QUICK_SHARE)
//!     check the ply by the rules; if there is none or it is illegal, play the
//!     fallback (the largest group steps whole toward a target)
//!   → MOV ply                             exactly one per UPD, never empty
//! ← END, BYE                              the game is over; the server closes
//! ```
//!
//! Every failure is a [`ClientError`] saying what happened and at which point of the game:
//! the server closing the socket mid-game, a byte that starts no message, a message out
//! of order, a silent server (with [`ClientConfig::idle_timeout`]). Bytes are read as a
//! stream: messages split across reads or sharing one are handled by the decoder.

use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError, Sender};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use rand::{RngExt, SeedableRng};

use super::vvw_protocol::{
    write_message, ClientMessage, ClientView, MessageReader, ProtocolError, ServerMessage,
};
use crate::eval::Evaluator;
use crate::game::{Game, GameRng, MatchRules, Role};
use crate::games::vampires_werewolves::ply::check_ply;
use crate::games::vampires_werewolves::VvwMove;
use crate::games::vampires_werewolves::{Cells, Grid, Kind, Step, VvwPosition};
use crate::player::PlayerSpec;
use crate::search::{SearchLimits, SearchOptions, SearchResult, Searcher};
use crate::tunables::{
    DEFAULT_TT_BITS, MAX_DEPTH, VVW_CONNECT_TIMEOUT_SECS, VVW_MOVE_TIME_SECS, VVW_QUICK_SHARE,
    VVW_QUICK_TT_BITS, VVW_SEARCH_SHARE, VVW_WAIT_SHARE,
};

/// How the client plays.
#[derive(Clone, Debug)]
pub struct ClientConfig {
    /// The name sent with `NME` (ASCII, at most 255 bytes).
    pub name: String,
    /// The server's time limit to answer an `UPD`. The search stops after
    /// `move_time × VVW_SEARCH_SHARE`.
    pub move_time: Duration,
    /// Deepest search iteration (`None`: deepen until the deadline).
    pub max_depth: Option<u32>,
    /// Plies of the whole game (the server's `MaxPlays`), so the search sees the end.
    pub max_plays: u32,
    /// Longest wait for a server message (`None`: wait forever; the first `UPD` comes
    /// only when the other player has joined, and later ones after its move).
    pub idle_timeout: Option<Duration>,
    /// Longest wait for the TCP connection.
    pub connect_timeout: Duration,
    /// Seed of the search's random tie-breaks.
    pub seed: u64,
}

impl Default for ClientConfig {
    fn default() -> Self {
        ClientConfig {
            name: "weightforge".into(),
            move_time: Duration::from_secs_f64(VVW_MOVE_TIME_SECS),
            max_depth: None,
            max_plays: VvwPosition::DEFAULT_PLY_CAP,
            idle_timeout: None,
            connect_timeout: Duration::from_secs_f64(VVW_CONNECT_TIMEOUT_SECS),
            seed: 1,
        }
    }
}

impl ClientConfig {
    /// The search's share of the move time.
    pub fn search_time(&self) -> Duration {
        self.move_time.mul_f64(VVW_SEARCH_SHARE)
    }
}

/// One answer to an `UPD`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// Which `UPD` (1-based).
    pub update: u32,
    /// The ply sent.
    pub steps: Vec<Step>,
    /// From the `UPD` being read to the `MOV` being written.
    pub elapsed: Duration,
    /// Depth of the last finished search iteration (0 for the fallback).
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Whether the one-ply search chose the ply (the search thread missed its time).
    pub quick: bool,
    /// Whether the fallback move was sent (no search move, or an illegal one).
    pub fallback: bool,
}

/// What the client saw of a game.
#[derive(Clone, Debug)]
pub struct ClientReport {
    /// Our role (0 vampires, 1 werewolves).
    pub role: Role,
    /// The board at the start (`MAP`).
    pub start: Grid,
    /// The board as of the last `UPD` (no `UPD` follows the last ply).
    pub last_board: Grid,
    /// The board at each `UPD`, after applying it (what each answer was chosen from).
    pub boards: Vec<Grid>,
    /// `UPD` messages received.
    pub updates: u32,
    /// Every answer, in order.
    pub answers: Vec<Answer>,
    /// Whether `END` arrived.
    pub got_end: bool,
    /// Whether `BYE` arrived (the server may close right after `END`).
    pub got_bye: bool,
}

impl ClientReport {
    /// The longest answer time of the game.
    pub fn worst_answer(&self) -> Option<&Answer> {
        self.answers.iter().max_by_key(|a| a.elapsed)
    }
}

/// Why a game could not be played to its end.
#[derive(Debug, thiserror::Error)]
pub enum ClientError {
    /// A setting cannot work.
    #[error("client settings: {0}")]
    Config(String),
    /// No connection could be made.
    #[error("cannot connect to {addr}: {message}")]
    Connect {
        /// The address asked for.
        addr: String,
        /// Why.
        message: String,
    },
    /// The server closed the connection before the game was over.
    #[error("the server closed the connection {during} ({pending} bytes of an unfinished message were buffered)")]
    ServerClosed {
        /// Where in the game.
        during: String,
        /// Bytes of a message cut short.
        pending: usize,
    },
    /// Nothing arrived from the server for too long.
    #[error("no message from the server for {waited:?} {during}")]
    IdleTimeout {
        /// The limit.
        waited: Duration,
        /// Where in the game.
        during: String,
    },
    /// A message that does not belong at this point of the game.
    #[error("unexpected {message} {during}: {why}")]
    Unexpected {
        /// The message (`SET`, `UPD`, ...).
        message: &'static str,
        /// Where in the game.
        during: String,
        /// What was expected instead.
        why: String,
    },
    /// Bytes that are not the protocol, or a message with impossible contents.
    #[error("protocol error {during}: {source}")]
    Protocol {
        /// Where in the game.
        during: String,
        /// What was wrong.
        source: ProtocolError,
    },
    /// Writing to the socket failed.
    #[error("socket error {during}: {source}")]
    Io {
        /// Where in the game.
        during: String,
        /// What the system said.
        source: std::io::Error,
    },
    /// We were asked to move but have nothing that can move.
    #[error("asked to move at UPD {update} but no {species} can move on this board")]
    NoMove {
        /// Which `UPD`.
        update: u32,
        /// Our species.
        species: &'static str,
    },
}

/// The stages of a game as the client sees them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// `NME` sent; `SET` must come first.
    AwaitSet,
    /// `SET` received; `HUM`, `HME` then `MAP`.
    Setup,
    /// `MAP` received: `UPD` per turn, or `END`.
    Playing,
    /// `END` received: `BYE`.
    Ended,
}

fn command_name(m: &ServerMessage) -> &'static str {
    match m {
        ServerMessage::Set { .. } => "SET",
        ServerMessage::Hum(_) => "HUM",
        ServerMessage::Hme(_) => "HME",
        ServerMessage::Map(_) => "MAP",
        ServerMessage::Upd(_) => "UPD",
        ServerMessage::End => "END",
        ServerMessage::Bye => "BYE",
    }
}

/// Where the game stands, for error messages.
fn during(stage: Stage, view: &ClientView) -> String {
    match stage {
        Stage::AwaitSet => "while waiting for SET (after sending NME)".into(),
        Stage::Setup => "during setup (after SET, before MAP)".into(),
        Stage::Playing if view.updates == 0 => "after MAP, before the first UPD".into(),
        Stage::Playing => format!("mid-game, after UPD {}", view.updates),
        Stage::Ended => "after END, before BYE".into(),
    }
}

/// A search request for the search thread: which `UPD`, from where, until when.
struct Job {
    update: u32,
    pos: VvwPosition,
    limits: SearchLimits,
}

/// The search thread: it owns the searcher (its tables live across the game) and
/// answers each [`Job`] with the `UPD` number and the search's result.
struct SearchThread {
    jobs: Option<Sender<Job>>,
    results: Receiver<(u32, SearchResult<VvwMove>)>,
    handle: Option<JoinHandle<()>>,
}

impl SearchThread {
    fn start(mut searcher: Box<Searcher<VvwPosition>>, mut eval: Evaluator, seed: u64) -> Self {
        let (jobs, inbox) = mpsc::channel::<Job>();
        let (outbox, results) = mpsc::channel();
        let handle = std::thread::Builder::new()
            .name("vvw-search".into())
            .spawn(move || {
                let mut rng = GameRng::seed_from_u64(seed);
                for job in inbox {
                    let r = searcher.search(&job.pos, &mut eval, &job.limits, &mut rng);
                    if outbox.send((job.update, r)).is_err() {
                        break;
                    }
                }
            })
            .ok();
        SearchThread {
            jobs: Some(jobs),
            results,
            handle,
        }
    }
}

impl Drop for SearchThread {
    /// Lets the thread finish its search (it stops at its own deadline) and end.
    fn drop(&mut self) {
        self.jobs = None;
        if let Some(h) = self.handle.take() {
            let _ = h.join();
        }
    }
}

/// How the client chooses its plies.
enum Brain {
    Random,
    Search {
        thread: SearchThread,
        /// A small searcher for the one-ply answer when the thread is late.
        quick: Box<Searcher<VvwPosition>>,
        eval: Evaluator,
    },
}

/// A whole-group step that is always legal while we have creatures and the grid has
/// more than one cell: our largest group moves entirely toward the nearest human cell it
/// can convert, else the nearest enemy group, else any neighbour in the grid.
pub fn fallback_move(grid: &Grid, role: Role) -> Option<Vec<Step>> {
    let own = Kind::monster(role);
    let enemy = Kind::monster(1 - role);
    let (from, n) = grid
        .occupied()
        .filter(|(_, c)| c.kind() == own)
        .map(|(at, c)| (at, c.count()))
        .max_by_key(|&(at, n)| (n, std::cmp::Reverse(at.key())))?;
    let target = grid
        .occupied()
        .filter(|(_, c)| c.kind() == Kind::Humans && c.count() <= n)
        .map(|(at, _)| at)
        .min_by_key(|at| (from.distance(*at), at.key()))
        .or_else(|| {
            grid.occupied()
                .filter(|(_, c)| c.kind() == enemy)
                .map(|(at, _)| at)
                .min_by_key(|at| (from.distance(*at), at.key()))
        });
    let to = target
        .map(|t| from.step_toward(t))
        .filter(|&to| to != from)
        .or_else(|| {
            (-1i8..=1)
                .flat_map(|dy| (-1i8..=1).map(move |dx| (dx, dy)))
                .filter(|&d| d != (0, 0))
                .find_map(|(dx, dy)| from.offset(dx, dy, grid.rows(), grid.cols()))
        })?;
    let steps = vec![Step::new(from, n, to)];
    check_ply(grid, role, &steps).ok().map(|_| steps)
}

/// The board as text: `<rows>x<cols>` and every occupied cell `x,y:<h|v|w><count>`, row
/// by row (the search position's notation without the side to move).
pub fn grid_text(grid: &Grid) -> String {
    let mut s = format!("{}x{}", grid.rows(), grid.cols());
    for (at, c) in grid.occupied() {
        s += &format!(" {at}:{}{}", c.kind().letter(), c.count());
    }
    s
}

/// Connects to `addr` (`host:port`) and plays one game (see the module docs).
pub fn play(
    addr: &str,
    player: &PlayerSpec,
    config: &ClientConfig,
) -> Result<ClientReport, ClientError> {
    let connect_err = |message: String| ClientError::Connect {
        addr: addr.to_string(),
        message,
    };
    let addrs: Vec<_> = addr
        .to_socket_addrs()
        .map_err(|e| connect_err(e.to_string()))?
        .collect();
    let mut last = "the address resolves to nothing".to_string();
    for a in addrs {
        match TcpStream::connect_timeout(&a, config.connect_timeout) {
            Ok(stream) => return play_on(stream, player, config),
            Err(e) => last = format!("{a}: {e}"),
        }
    }
    Err(connect_err(last))
}

/// Plays one game on an open connection (see the module docs).
pub fn play_on(
    mut stream: TcpStream,
    player: &PlayerSpec,
    config: &ClientConfig,
) -> Result<ClientReport, ClientError> {
    if !config.name.is_ascii() || config.name.len() > 255 {
        return Err(ClientError::Config(format!(
            "the name {:?} must be ASCII and at most 255 bytes",
            config.name
        )));
    }
    if config.move_time.is_zero() {
        return Err(ClientError::Config("the move time must be positive".into()));
    }
    if config.max_depth == Some(0) {
        return Err(ClientError::Config("the depth must be at least 1".into()));
    }
    let io = |during: &str| {
        let during = during.to_string();
        move |source| ClientError::Io { during, source }
    };
    let _ = stream.set_nodelay(true);
    stream
        .set_read_timeout(config.idle_timeout)
        .map_err(io("setting the idle timeout"))?;
    write_message(
        &mut stream,
        &ClientMessage::Nme(config.name.as_bytes().to_vec()),
    )
    .map_err(io("sending NME"))?;

    let mut reader = MessageReader::<ServerMessage>::new();
    let mut view = ClientView::new();
    let mut stage = Stage::AwaitSet;
    let mut brain: Option<Brain> = None;
    let mut rng = GameRng::seed_from_u64(config.seed);
    let mut answers: Vec<Answer> = Vec::new();
    let mut boards: Vec<Grid> = Vec::new();
    let mut start: Option<Grid> = None;
    let mut got_bye = false;
    let mut got_hum = false;
    loop {
        let message = match reader.read(&mut stream) {
            Ok(m) => m,
            Err(ProtocolError::Closed { pending }) => {
                if stage == Stage::Ended {
                    break; // END arrived: a close without BYE loses nothing
                }
                return Err(ClientError::ServerClosed {
                    during: during(stage, &view),
                    pending,
                });
            }
            Err(ProtocolError::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                return Err(ClientError::IdleTimeout {
                    waited: config.idle_timeout.unwrap_or_default(),
                    during: during(stage, &view),
                });
            }
            Err(ProtocolError::Io(e)) if stage == Stage::Ended => {
                let _ = e; // a reset after END: the game is over anyway
                break;
            }
            Err(ProtocolError::Io(e)) => {
                return Err(ClientError::Io {
                    during: during(stage, &view),
                    source: e,
                })
            }
            Err(source) => {
                return Err(ClientError::Protocol {
                    during: during(stage, &view),
                    source,
                })
            }
        };
        let name = command_name(&message);
        let unexpected = |why: &str| ClientError::Unexpected {
            message: name,
            during: during(stage, &view),
            why: why.to_string(),
        };
        let received = Instant::now();
        match (&message, stage) {
            (ServerMessage::Set { .. }, Stage::AwaitSet) => stage = Stage::Setup,
            (_, Stage::AwaitSet) => return Err(unexpected("the server must send SET first")),
            (ServerMessage::Hum(_), Stage::Setup) if !got_hum => got_hum = true,
            (ServerMessage::Hme(_), Stage::Setup) if view.home.is_none() => {}
            (ServerMessage::Map(_), Stage::Setup) if view.home.is_some() => {}
            (ServerMessage::Map(_), Stage::Setup) => {
                return Err(unexpected("MAP must follow HME (our start cell)"))
            }
            (_, Stage::Setup) => {
                return Err(unexpected(
                    "setup is SET, HUM, HME, MAP, each once; a game message came before MAP",
                ))
            }
            (ServerMessage::Upd(_) | ServerMessage::End, Stage::Playing) => {}
            (_, Stage::Playing) => {
                return Err(unexpected(
                    "during the game only UPD and END can come (setup is over)",
                ))
            }
            (ServerMessage::Bye, Stage::Ended) => {}
            (_, Stage::Ended) => return Err(unexpected("only BYE can follow END")),
        }
        let now = during(stage, &view);
        view.apply(&message)
            .map_err(|source| ClientError::Protocol {
                during: now.clone(),
                source,
            })?;
        match message {
            ServerMessage::Map(_) => {
                let grid = view.grid.clone().unwrap_or_else(|| Grid::new(1, 1));
                let home = view.home.unwrap_or_default();
                let role = view.role.unwrap_or(0);
                if grid.get(home).kind() != Kind::monster(role) {
                    return Err(ClientError::Unexpected {
                        message: "MAP",
                        during: now,
                        why: format!(
                            "our start cell {home} (HME) holds {:?}, not vampires or werewolves",
                            grid.get(home)
                        ),
                    });
                }
                brain = Some(match player {
                    PlayerSpec::Random => Brain::Random,
                    PlayerSpec::Genome(g) => {
                        let opts = SearchOptions {
                            random_ties: g.random_ties,
                            ..SearchOptions::default()
                        };
                        let eval = Evaluator::new::<VvwPosition>(role, &g.weights[role]);
                        Brain::Search {
                            thread: SearchThread::start(
                                Box::new(Searcher::new(opts, g.tt_bits.unwrap_or(DEFAULT_TT_BITS))),
                                eval.clone(),
                                config.seed,
                            ),
                            quick: Box::new(Searcher::new(opts, VVW_QUICK_TT_BITS)),
                            eval,
                        }
                    }
                });
                start = Some(grid);
                stage = Stage::Playing;
            }
            ServerMessage::Upd(_) => {
                let brain = brain.as_mut().ok_or_else(|| ClientError::Unexpected {
                    message: "UPD",
                    during: now.clone(),
                    why: "no MAP yet".into(),
                })?;
                let answer = answer(&view, brain, config, received, &mut rng)?;
                write_message(&mut stream, &ClientMessage::Mov(answer.steps.clone()))
                    .map_err(io(&format!("sending MOV for UPD {}", view.updates)))?;
                answers.push(Answer {
                    elapsed: received.elapsed(),
                    ..answer
                });
                if let Some(g) = &view.grid {
                    boards.push(g.clone());
                }
            }
            ServerMessage::End => stage = Stage::Ended,
            ServerMessage::Bye => {
                got_bye = true;
                break;
            }
            _ => {}
        }
    }
    let role = view.role.unwrap_or(0);
    Ok(ClientReport {
        role,
        start: start.unwrap_or_else(|| Grid::new(1, 1)),
        last_board: view.grid.clone().unwrap_or_else(|| Grid::new(1, 1)),
        updates: view.updates,
        answers,
        boards,
        got_end: view.ended,
        got_bye,
    })
}

/// Chooses the ply for the current `UPD`: the search's, checked by the rules, else the
/// fallback. Never empty.
fn answer(
    view: &ClientView,
    brain: &mut Brain,
    config: &ClientConfig,
    received: Instant,
    rng: &mut GameRng,
) -> Result<Answer, ClientError> {
    let role = view.role.unwrap_or(0);
    let grid = view.grid.as_ref().ok_or_else(|| ClientError::Unexpected {
        message: "UPD",
        during: "mid-game".into(),
        why: "no board yet".into(),
    })?;
    let update = view.updates;
    let mut chosen: Option<(Vec<Step>, u32, u64)> = None;
    let mut quick_used = false;
    if let Ok(pos) = view.position() {
        let rules = MatchRules::capped(config.max_plays.max(pos.ply() + 1));
        match brain {
            Brain::Random => {
                let mut moves = Vec::new();
                rules.legal_moves(&pos, &mut moves);
                if !moves.is_empty() {
                    let mv = moves[rng.random_range(0..moves.len())];
                    chosen = Some((mv.steps().to_vec(), 0, 0));
                }
            }
            Brain::Search {
                thread,
                quick,
                eval,
            } => {
                let limits = SearchLimits {
                    depth: config.max_depth.unwrap_or(MAX_DEPTH).min(MAX_DEPTH),
                    nodes: None,
                    deadline: Some(received + config.search_time()),
                    rules,
                };
                let sent = thread.jobs.as_ref().is_some_and(|jobs| {
                    jobs.send(Job {
                        update,
                        pos,
                        limits,
                    })
                    .is_ok()
                });
                let wait_until = received + config.move_time.mul_f64(VVW_WAIT_SHARE);
                let mut result = None;
                if sent {
                    loop {
                        let left = wait_until.saturating_duration_since(Instant::now());
                        match thread.results.recv_timeout(left) {
                            Ok((u, r)) if u == update => {
                                result = Some(r);
                                break;
                            }
                            Ok(_) => {} // a late answer to an earlier UPD
                            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => {
                                break
                            }
                        }
                    }
                }
                if result.as_ref().is_none_or(|r| r.best.is_none()) {
                    // The search thread is late (or gone): one ply, here and now.
                    quick_used = true;
                    let limits = SearchLimits {
                        depth: 1,
                        nodes: None,
                        deadline: Some(received + config.move_time.mul_f64(VVW_QUICK_SHARE)),
                        rules,
                    };
                    result = Some(quick.search(&pos, eval, &limits, rng));
                }
                if let Some(r) = result {
                    if let Some(mv) = r.best {
                        chosen = Some((mv.steps().to_vec(), r.depth, r.nodes));
                    }
                }
            }
        }
    }
    if let Some((steps, depth, nodes)) = chosen {
        if check_ply(grid, role, &steps).is_ok() {
            return Ok(Answer {
                update,
                steps,
                elapsed: Duration::ZERO,
                depth,
                nodes,
                quick: quick_used,
                fallback: false,
            });
        }
    }
    let steps = fallback_move(grid, role).ok_or(ClientError::NoMove {
        update,
        species: if role == 0 { "vampires" } else { "werewolves" },
    })?;
    Ok(Answer {
        update,
        steps,
        elapsed: Duration::ZERO,
        depth: 0,
        nodes: 0,
        quick: quick_used,
        fallback: true,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::vampires_werewolves::{Content, Coord};

    #[test]
    fn fallback_is_legal_or_none() {
        let mut g = Grid::new(3, 3);
        g.set(Coord::new(0, 0), Content::new(Kind::Vampires, 5));
        g.set(Coord::new(2, 2), Content::new(Kind::Werewolves, 3));
        let steps = fallback_move(&g, 0).unwrap();
        assert_eq!(
            steps,
            vec![Step::new(Coord::new(0, 0), 5, Coord::new(1, 1))]
        );
        // Werewolves head for the vampires.
        let steps = fallback_move(&g, 1).unwrap();
        assert_eq!(steps[0].to, Coord::new(1, 1));
        // Nothing of ours on the board: no move.
        let mut only_v = Grid::new(2, 2);
        only_v.set(Coord::new(0, 0), Content::new(Kind::Vampires, 1));
        assert_eq!(fallback_move(&only_v, 1), None);
        // A 1x1 grid: nowhere to go.
        let mut tiny = Grid::new(1, 1);
        tiny.set(Coord::new(0, 0), Content::new(Kind::Vampires, 1));
        assert_eq!(fallback_move(&tiny, 0), None);
        // A 1x2 grid: the only neighbour.
        let mut strip = Grid::new(1, 2);
        strip.set(Coord::new(1, 0), Content::new(Kind::Werewolves, 2));
        assert_eq!(
            fallback_move(&strip, 1).unwrap(),
            vec![Step::new(Coord::new(1, 0), 2, Coord::new(0, 0))]
        );
    }

    /// A view of the kit's testmap2 for the vampires after `updates` empty UPDs.
    fn testmap2_view(updates: u32) -> ClientView {
        use super::super::vvw_protocol::CellUpdate;
        let pos = VvwPosition::parse(
            "15x29 v 0,0:w10 28,0:h2 10,3:h4 14,7:h20 18,11:h4 0,14:h2 28,14:v10",
        )
        .unwrap();
        let mut view = ClientView::new();
        let cells = pos.occupied().map(|(a, c)| CellUpdate::new(a, c)).collect();
        for m in [
            ServerMessage::Set { rows: 15, cols: 29 },
            ServerMessage::Hum(vec![]),
            ServerMessage::Hme(Coord::new(28, 14)),
            ServerMessage::Map(cells),
        ] {
            view.apply(&m).unwrap();
        }
        for _ in 0..updates {
            view.apply(&ServerMessage::Upd(vec![])).unwrap();
        }
        view
    }

    #[test]
    fn a_late_search_thread_is_replaced_by_a_one_ply_search() {
        let genome = match PlayerSpec::resolve::<VvwPosition>("deepblue2021").unwrap() {
            PlayerSpec::Genome(g) => g,
            PlayerSpec::Random => unreachable!(),
        };
        let eval = Evaluator::new::<VvwPosition>(0, &genome.weights[0]);
        let opts = SearchOptions::default();
        let mut brain = Brain::Search {
            thread: SearchThread::start(Box::new(Searcher::new(opts, 12)), eval.clone(), 1),
            quick: Box::new(Searcher::new(opts, VVW_QUICK_TT_BITS)),
            eval,
        };
        let config = ClientConfig {
            move_time: Duration::from_millis(400),
            ..ClientConfig::default()
        };
        let mut rng = GameRng::seed_from_u64(5);
        // Keep the search thread busy for a second with a job of UPD 0.
        if let Brain::Search { thread, .. } = &brain {
            let view = testmap2_view(1);
            let busy = Job {
                update: 0,
                pos: view.position().unwrap(),
                limits: SearchLimits {
                    depth: MAX_DEPTH,
                    nodes: None,
                    deadline: Some(Instant::now() + Duration::from_secs(1)),
                    rules: MatchRules::UNCAPPED,
                },
            };
            thread.jobs.as_ref().unwrap().send(busy).unwrap();
        }
        let view = testmap2_view(1);
        let t0 = Instant::now();
        let a = answer(&view, &mut brain, &config, t0, &mut rng).unwrap();
        assert!(a.quick && !a.fallback, "{a:?}");
        assert_eq!(a.depth, 1);
        assert!(t0.elapsed() < config.move_time, "{:?}", t0.elapsed());
        let grid = view.grid.as_ref().unwrap();
        assert_eq!(check_ply(grid, 0, &a.steps), Ok(()));
        // Later answers skip the stale results (UPD 0 and 1) and use the thread's own.
        std::thread::sleep(Duration::from_millis(1200));
        let view = testmap2_view(2);
        let t0 = Instant::now();
        let b = answer(&view, &mut brain, &config, t0, &mut rng).unwrap();
        assert!(!b.quick && !b.fallback, "{b:?}");
        assert!(b.depth >= 1);
        assert_eq!(b.update, 2);
    }

    #[test]
    fn grid_text_lists_cells_row_by_row() {
        let mut g = Grid::new(2, 3);
        g.set(Coord::new(2, 0), Content::new(Kind::Humans, 4));
        g.set(Coord::new(0, 1), Content::new(Kind::Vampires, 7));
        assert_eq!(grid_text(&g), "2x3 2,0:h4 0,1:v7");
    }
}
