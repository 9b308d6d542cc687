//! One `vvw arena` game between two client programs: a fresh loopback port, each client
//! started from its command template and accepted in turn (so the first one plays the
//! vampires), our [`super::server`] refereeing, and both processes killed and reaped
//! afterwards. Whatever a client does (never connecting, exiting, hanging, sending
//! garbage or illegal plies) ends as a counted fault, never as a hang: every wait has a
//! time limit.

use std::net::{TcpListener, TcpStream};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::server::ServerError;
use super::server::{self, EndReason as ServerEnd, Forfeit, GameReport, PlyRecord, ServerConfig};
use crate::game::{Role, Status};
use crate::games::vampires_werewolves::Map;
use crate::played_game::{EndReason, FaultKind, GameEnd};
use crate::tunables::VVW_ARENA_POLL_MS;

/// A client's command line with `{host}`, `{port}` (and optionally `{move_time}`, in
/// seconds) to fill in, split into words like a shell would, without a shell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClientTemplate {
    /// The template as given.
    pub text: String,
}

/// A template or a client program that cannot be used at all.
#[derive(Debug, thiserror::Error)]
pub enum LaunchError {
    /// The template lacks `{port}`, or cannot be split into words.
    #[error("client command {template:?}: {why}")]
    Template {
        /// The template.
        template: String,
        /// What is wrong.
        why: String,
    },
    /// The program cannot be started (not found, not executable).
    #[error("client command {command:?} cannot be started: {source}")]
    Spawn {
        /// The command line.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The server's socket failed (not the clients' doing).
    #[error(transparent)]
    Server(#[from] ServerError),
}

impl ClientTemplate {
    /// Checks `text`: it must name `{port}` (a client cannot find the server otherwise)
    /// and split into words.
    pub fn parse(text: &str) -> Result<Self, LaunchError> {
        let t = ClientTemplate { text: text.into() };
        let err = |why: &str| LaunchError::Template {
            template: text.into(),
            why: why.into(),
        };
        if !text.contains("{port}") {
            return Err(err(
                "has no {port} (the tournament convention: `... {host} {port}`)",
            ));
        }
        t.argv("127.0.0.1", 1, Duration::from_secs(1))
            .map(|_| t.clone())
            .ok_or_else(|| err("cannot be split into words (an unclosed quote?)"))
    }

    /// The words of the command line for a server at `host`:`port`.
    fn argv(&self, host: &str, port: u16, move_time: Duration) -> Option<Vec<String>> {
        let line = self
            .text
            .replace("{host}", host)
            .replace("{port}", &port.to_string())
            .replace("{move_time}", &move_time.as_secs_f64().to_string());
        shlex::split(&line).filter(|w| !w.is_empty())
    }
}

/// How `vvw arena` games are played: the server's settings (its move time, play limit and
/// clock) and how long a client may take to connect and to exit after `BYE`.
#[derive(Clone, Debug)]
pub struct LaunchConfig {
    /// The server's settings; its `setup_timeout` bounds each `NME`.
    pub server: ServerConfig,
    /// Longest wait for a started client to connect.
    pub connect_timeout: Duration,
    /// Time a client has to exit after the game before it is killed.
    pub exit_grace: Duration,
}

/// One game between client programs as the referee saw it.
#[derive(Clone, Debug, PartialEq)]
pub struct RefereedGame {
    /// Who won or a draw, plies played (skipped ones included), and why it ended (a
    /// fault names the role that lost by it).
    pub end: GameEnd,
    /// Late answers (plies skipped) by role.
    pub late: [u64; 2],
    /// What the faulting client did, for a log.
    pub detail: Option<String>,
}

impl RefereedGame {
    fn forfeit(loser: Role, kind: FaultKind, detail: String) -> Self {
        RefereedGame {
            end: GameEnd {
                status: Status::Win(1 - loser),
                plies: 0,
                reason: EndReason::Fault { role: loser, kind },
            },
            late: [0, 0],
            detail: Some(detail),
        }
    }
}

/// The started clients: killed and reaped when dropped, whatever happened.
struct Clients(Vec<Child>);

impl Clients {
    /// Waits up to `grace` for every client to exit by itself.
    fn wait_exit(&mut self, grace: Duration) {
        let until = Instant::now() + grace;
        while Instant::now() < until && self.0.iter_mut().any(|c| matches!(c.try_wait(), Ok(None)))
        {
            std::thread::sleep(Duration::from_millis(VVW_ARENA_POLL_MS));
        }
    }
}

impl Drop for Clients {
    fn drop(&mut self) {
        for c in &mut self.0 {
            let _ = c.kill();
            let _ = c.wait();
        }
    }
}

/// Plays one game on `map`: `clients[0]` plays the vampires, `clients[1]` the
/// werewolves. `Err` only when a program cannot be started or the server's own socket
/// fails; every client misbehaviour is a fault in the result.
pub fn play_game(
    map: &Map,
    clients: [&ClientTemplate; 2],
    config: &LaunchConfig,
) -> Result<RefereedGame, LaunchError> {
    let homes = server::homes(map)?;
    let listener = TcpListener::bind("127.0.0.1:0").map_err(ServerError::Io)?;
    let port = listener.local_addr().map_err(ServerError::Io)?.port();
    let mut started = Clients(Vec::new());
    let mut streams = Vec::new();
    for (role, template) in clients.iter().enumerate() {
        let child = start(template, port, config)?;
        started.0.push(child);
        let child = started.0.last_mut().expect("just pushed");
        match accept(&listener, child, config.connect_timeout) {
            Ok(s) => streams.push(s),
            Err((kind, why)) => return Ok(RefereedGame::forfeit(role, kind, why)),
        }
    }
    let [s0, s1]: [TcpStream; 2] = streams.try_into().expect("two clients accepted");
    let game = match server::play_connected([s0, s1], homes, map, &config.server) {
        Ok(report) => from_report(&report),
        Err(ServerError::Setup {
            player,
            fault,
            message,
        }) => RefereedGame::forfeit(player, fault, format!("setup: {message}")),
        Err(e) => return Err(e.into()),
    };
    started.wait_exit(config.exit_grace);
    Ok(game)
}

/// Starts a client for the server on `port`, its output discarded.
fn start(
    template: &ClientTemplate,
    port: u16,
    config: &LaunchConfig,
) -> Result<Child, LaunchError> {
    let argv = template
        .argv("127.0.0.1", port, config.server.move_time)
        .ok_or_else(|| LaunchError::Template {
            template: template.text.clone(),
            why: "cannot be split into words".into(),
        })?;
    let mut cmd = Command::new(&argv[0]);
    cmd.args(&argv[1..])
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null());
    crate::engine::process::die_with_parent(&mut cmd);
    cmd.spawn().map_err(|source| LaunchError::Spawn {
        command: argv.join(" "),
        source,
    })
}

/// Accepts `child`'s connection within `timeout`; a client that exits first or never
/// connects is a fault.
fn accept(
    listener: &TcpListener,
    child: &mut Child,
    timeout: Duration,
) -> Result<TcpStream, (FaultKind, String)> {
    let io = |e: std::io::Error| (FaultKind::Disconnect, format!("accepting: {e}"));
    listener.set_nonblocking(true).map_err(io)?;
    let until = Instant::now() + timeout;
    loop {
        match listener.accept() {
            Ok((s, _)) => {
                s.set_nonblocking(false).map_err(io)?;
                return Ok(s);
            }
            Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {}
            Err(e) => return Err(io(e)),
        }
        if let Ok(Some(status)) = child.try_wait() {
            let why = format!("exited ({status}) before connecting");
            return Err((FaultKind::Disconnect, why));
        }
        if Instant::now() >= until {
            let why = format!("did not connect within {:.1} s", timeout.as_secs_f64());
            return Err((FaultKind::LateMove, why));
        }
        std::thread::sleep(Duration::from_millis(VVW_ARENA_POLL_MS));
    }
}

/// The referee's view of a server report: the end, its reason and the late answers.
fn from_report(r: &GameReport) -> RefereedGame {
    let mut late = [0, 0];
    for (i, rec) in r.log.iter().enumerate() {
        if *rec == PlyRecord::TimedOut {
            late[i % 2] += 1;
        }
    }
    let (reason, detail) = match &r.reason {
        ServerEnd::Extinction => (EndReason::Rules, None),
        ServerEnd::PlayLimit | ServerEnd::GameClock => (EndReason::PlyCap, None),
        ServerEnd::Forfeit { loser, why } => {
            let (kind, detail) = match why {
                Forfeit::NotMov(head) => (
                    FaultKind::Garbage,
                    format!("sent {:?} instead of MOV", String::from_utf8_lossy(head)),
                ),
                Forfeit::Illegal(e) => (FaultKind::IllegalMove, format!("illegal ply: {e}")),
                Forfeit::Disconnected(e) => (FaultKind::Disconnect, format!("disconnected: {e}")),
            };
            let reason = EndReason::Fault { role: *loser, kind };
            (reason, Some(detail))
        }
    };
    RefereedGame {
        end: GameEnd {
            status: r.status,
            plies: r.plies,
            reason,
        },
        late,
        detail,
    }
}
