//! A Vampires vs Werewolves client: connects to a server (the official one or
//! [`super::server`]), plays one whole game with a genome, and reports what it saw.
//!
//! ```text
//! → NME name
//! ← SET rows cols, HUM, HME, MAP          the board and our start cell (→ our species)
//! loop:
//!   ← UPD cells                           overwrite those cells of our board
//!     the player's agent searches from our board on its own thread: iterative
//!     deepening until the agent's deadline (move time × VVW_SEARCH_SHARE after the
//!     UPD arrived), keep the last finished depth
//!     if no result by move time × VVW_WAIT_SHARE (a starved or stuck search thread),
//!     a one-ply search here instead (stopped at move time × VVW_QUICK_SHARE)
//!     check the ply by the rules; if there is none or it is illegal, play the
//!     fallback (the largest group steps whole toward a target)
//!   → MOV ply                             exactly one per UPD, never empty
//! ← END, BYE                              the game is over; the server closes
//! ```
//!
//! The player is seated as a [`crate::player::Agent`], so every search setting of its
//! genome holds (node limit, table size, random ties, `no_reply_fails`); the client only
//! caps the depth (`--depth`, else deepening until the deadline). The choice itself is
//! `brain`'s.
//!
//! Every failure is a [`ClientError`] saying what happened and at which point of the game:
//! the server closing the socket mid-game, a byte that starts no message, a message out
//! of order, a silent server (with [`ClientConfig::idle_timeout`]). Bytes are read as a
//! stream: messages split across reads or sharing one are handled by the decoder.

use std::io::ErrorKind;
use std::net::{TcpStream, ToSocketAddrs};
use std::time::Instant;

use rand::SeedableRng;

use super::brain::{answer, Brain};
pub use super::client_config::{Answer, ClientConfig};
pub use super::client_error::ClientError;
use super::protocol::{
    write_message, ClientMessage, ClientView, MessageReader, ProtocolError, ServerMessage,
};
use crate::game::{GameRng, Role};
use crate::games::vampires_werewolves::{Cells, Grid, Kind};
use crate::player::PlayerSpec;

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
    check_config(config)?;
    let _ = stream.set_nodelay(true);
    stream
        .set_read_timeout(config.idle_timeout)
        .map_err(io("setting the idle timeout"))?;
    write_message(
        &mut stream,
        &ClientMessage::Nme(config.name.as_bytes().to_vec()),
    )
    .map_err(io("sending NME"))?;
    let mut session = Session::new(player, config);
    let mut reader = MessageReader::<ServerMessage>::new();
    while let Some(message) = session.read(&mut reader, &mut stream)? {
        if session.handle(message, &mut stream)? {
            break;
        }
    }
    Ok(session.report())
}

/// Settings that cannot work.
fn check_config(config: &ClientConfig) -> Result<(), ClientError> {
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
    Ok(())
}

/// A socket error at `during`.
fn io(during: &str) -> impl FnOnce(std::io::Error) -> ClientError {
    let during = during.to_string();
    move |source| ClientError::Io { during, source }
}

/// The client's side of one game: what the server said and what we answered.
struct Session<'a> {
    player: &'a PlayerSpec,
    config: &'a ClientConfig,
    view: ClientView,
    stage: Stage,
    brain: Option<Brain>,
    rng: GameRng,
    answers: Vec<Answer>,
    boards: Vec<Grid>,
    start: Option<Grid>,
    got_bye: bool,
    got_hum: bool,
}

impl<'a> Session<'a> {
    fn new(player: &'a PlayerSpec, config: &'a ClientConfig) -> Self {
        Session {
            player,
            config,
            view: ClientView::new(),
            stage: Stage::AwaitSet,
            brain: None,
            rng: GameRng::seed_from_u64(config.seed),
            answers: Vec::new(),
            boards: Vec::new(),
            start: None,
            got_bye: false,
            got_hum: false,
        }
    }

    /// The next server message; `None` when the connection ends after `END`.
    fn read(
        &self,
        reader: &mut MessageReader<ServerMessage>,
        stream: &mut TcpStream,
    ) -> Result<Option<ServerMessage>, ClientError> {
        let during = || during(self.stage, &self.view);
        match reader.read(stream) {
            Ok(m) => Ok(Some(m)),
            // END arrived: a close without BYE loses nothing
            Err(ProtocolError::Closed { .. }) if self.stage == Stage::Ended => Ok(None),
            Err(ProtocolError::Closed { pending }) => Err(ClientError::ServerClosed {
                during: during(),
                pending,
            }),
            Err(ProtocolError::Io(e))
                if matches!(e.kind(), ErrorKind::WouldBlock | ErrorKind::TimedOut) =>
            {
                Err(ClientError::IdleTimeout {
                    waited: self.config.idle_timeout.unwrap_or_default(),
                    during: during(),
                })
            }
            // a reset after END: the game is over anyway
            Err(ProtocolError::Io(_)) if self.stage == Stage::Ended => Ok(None),
            Err(ProtocolError::Io(e)) => Err(ClientError::Io {
                during: during(),
                source: e,
            }),
            Err(source) => Err(ClientError::Protocol {
                during: during(),
                source,
            }),
        }
    }

    /// Checks that `message` belongs at this point of the game and moves the stage on.
    fn check_order(&mut self, message: &ServerMessage) -> Result<(), ClientError> {
        let unexpected = |why: &str| ClientError::Unexpected {
            message: command_name(message),
            during: during(self.stage, &self.view),
            why: why.to_string(),
        };
        match (message, self.stage) {
            (ServerMessage::Set { .. }, Stage::AwaitSet) => self.stage = Stage::Setup,
            (_, Stage::AwaitSet) => return Err(unexpected("the server must send SET first")),
            (ServerMessage::Hum(_), Stage::Setup) if !self.got_hum => self.got_hum = true,
            (ServerMessage::Hme(_), Stage::Setup) if self.view.home.is_none() => {}
            (ServerMessage::Map(_), Stage::Setup) if self.view.home.is_some() => {}
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
        Ok(())
    }

    /// Takes one server message, answering an `UPD` on `stream`. `true`: `BYE` came.
    fn handle(
        &mut self,
        message: ServerMessage,
        stream: &mut TcpStream,
    ) -> Result<bool, ClientError> {
        let received = Instant::now();
        self.check_order(&message)?;
        let now = during(self.stage, &self.view);
        self.view
            .apply(&message)
            .map_err(|source| ClientError::Protocol {
                during: now.clone(),
                source,
            })?;
        match message {
            ServerMessage::Map(_) => self.start_playing(now)?,
            ServerMessage::Upd(_) => self.answer(stream, received, now)?,
            ServerMessage::End => self.stage = Stage::Ended,
            ServerMessage::Bye => self.got_bye = true,
            _ => {}
        }
        Ok(self.got_bye)
    }

    /// After `MAP`: checks our start cell and seats the player.
    fn start_playing(&mut self, now: String) -> Result<(), ClientError> {
        let grid = self.view.grid.clone().unwrap_or_else(|| Grid::new(1, 1));
        let home = self.view.home.unwrap_or_default();
        let role = self.view.role.unwrap_or(0);
        if grid.get(home).kind() != Kind::monster(role) {
            return Err(ClientError::Unexpected {
                message: "MAP",
                during: now,
                why: format!(
                    "our start cell {home} (HME) holds {}, not our species",
                    match grid.get(home) {
                        c if c.count() == 0 => "nothing".to_string(),
                        c => format!("{} {:?}", c.count(), c.kind()).to_lowercase(),
                    }
                ),
            });
        }
        self.brain = Some(Brain::new(self.player, role, self.config));
        self.start = Some(grid);
        self.stage = Stage::Playing;
        Ok(())
    }

    /// After an `UPD`: chooses the ply and sends it.
    fn answer(
        &mut self,
        stream: &mut TcpStream,
        received: Instant,
        now: String,
    ) -> Result<(), ClientError> {
        let brain = self.brain.as_mut().ok_or_else(|| ClientError::Unexpected {
            message: "UPD",
            during: now,
            why: "no MAP yet".into(),
        })?;
        let answer = answer(&self.view, brain, self.config, received, &mut self.rng)?;
        write_message(stream, &ClientMessage::Mov(answer.steps.clone()))
            .map_err(io(&format!("sending MOV for UPD {}", self.view.updates)))?;
        self.answers.push(Answer {
            elapsed: received.elapsed(),
            ..answer
        });
        if let (Some(report), Some(last)) = (self.config.on_answer, self.answers.last()) {
            report(last);
        }
        if let Some(g) = &self.view.grid {
            self.boards.push(g.clone());
        }
        Ok(())
    }

    fn report(self) -> ClientReport {
        ClientReport {
            role: self.view.role.unwrap_or(0),
            start: self.start.unwrap_or_else(|| Grid::new(1, 1)),
            last_board: self.view.grid.clone().unwrap_or_else(|| Grid::new(1, 1)),
            updates: self.view.updates,
            answers: self.answers,
            boards: self.boards,
            got_end: self.view.ended,
            got_bye: self.got_bye,
        }
    }
}
