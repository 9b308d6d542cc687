//! One engine process: spawned with piped stdio in its own process group, its output
//! and input behind bounded, timed pipes (src/engine/pipes.rs) so that every read and
//! write has a time limit and a flood costs bounded memory, its standard error's tail
//! kept for a failed handshake's error, and, after `quit` and a grace period, the whole
//! group killed and the process reaped when dropped (no zombies, no grandchildren left behind). On
//! Linux it is also asked to die with us (`PR_SET_PDEATHSIG`) so that Ctrl-C or a kill
//! of weightforge does not leave engines behind.

use std::collections::HashSet;
use std::process::{Child, Command as Os, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use super::error::EngineError;
use super::log;
use super::pipes::{Event, LineReader, Waited, WriteFailure, Writer};
use super::protocol::{Message, Reply, WeightDecl, VERSION};
use super::spec::EngineSpec;
use super::stderr_tail::StderrTail;
use crate::escape::escape_control;
use crate::limits::{ENGINE_LINE_BYTES, ENGINE_WEIGHTS};
use crate::played_game::{FaultKind, PlayerFault};
use crate::tunables::{
    ENGINE_QUIT_GRACE_MS, ENGINE_START_MS, ENGINE_STDERR_WAIT_MS, ENGINE_WRITE_MS,
};

/// A running engine after a successful handshake.
pub struct EngineProcess {
    child: Child,
    writer: Writer,
    /// Lines queued for one write (one system call per batch, not per fragment).
    queued: String,
    lines: LineReader,
    /// The name from `id name` (control characters escaped).
    pub name: String,
    /// The declared weights, in declaration order.
    pub weights: Vec<WeightDecl>,
}

impl EngineProcess {
    /// Starts the engine of `spec` and reads its handshake (`id`, `weight`s, `ready`).
    pub fn start(spec: &EngineSpec) -> Result<Self, EngineError> {
        let argv = shlex::split(&spec.command)
            .filter(|a| !a.is_empty())
            .ok_or_else(|| EngineError::Command(spec.command.clone()))?;
        let mut cmd = Os::new(&argv[0]);
        cmd.args(&argv[1..])
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(if log::to_stderr() {
                Stdio::inherit()
            } else {
                Stdio::piped()
            });
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        own_group(&mut cmd);
        die_with_parent(&mut cmd);
        let mut child = cmd.spawn().map_err(|source| EngineError::Spawn {
            command: spec.command.clone(),
            source,
        })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let stderr = child.stderr.take().map(StderrTail::spawn);
        let mut p = EngineProcess {
            child,
            writer: Writer::spawn(stdin),
            queued: String::new(),
            lines: LineReader::spawn(stdout),
            name: String::new(),
            weights: Vec::new(),
        };
        if let Err(fault) = p.handshake() {
            let wait = Duration::from_millis(ENGINE_STDERR_WAIT_MS);
            return Err(EngineError::Handshake {
                command: spec.command.clone(),
                fault,
                stderr: stderr.map(|t| t.text(wait)).unwrap_or_default(),
            });
        }
        Ok(p)
    }

    /// Reads `id`, `weight`s and `ready` within [`ENGINE_START_MS`] (whatever else
    /// arrives), in time linear in the number of weights, which is capped.
    fn handshake(&mut self) -> Result<(), PlayerFault> {
        self.send(&Message::Hello(VERSION))?;
        let deadline = Instant::now() + Duration::from_millis(ENGINE_START_MS);
        let mut names = HashSet::new();
        loop {
            match self.read(deadline)? {
                Reply::Name(n) => self.name = escape_control(&n).into_owned(),
                Reply::Weight(w) => {
                    if self.weights.len() as u64 >= ENGINE_WEIGHTS.max {
                        let why = format!("more than {} `weight` lines", ENGINE_WEIGHTS.max);
                        return Err(PlayerFault::new(FaultKind::Garbage, why));
                    }
                    if !names.insert(w.name.clone()) {
                        let why = format!("weight {:?} declared twice", w.name);
                        return Err(PlayerFault::new(FaultKind::Garbage, why));
                    }
                    self.weights.push(w)
                }
                Reply::Ready => return Ok(()),
                Reply::Info(text) => log::info(&self.name, &text),
                other @ (Reply::Move(_) | Reply::Score(_)) => {
                    return Err(PlayerFault::new(
                        FaultKind::Garbage,
                        format!("{other:?} before `ready`"),
                    ))
                }
            }
        }
    }

    /// Writes one line to the engine now.
    pub fn send(&mut self, message: &Message) -> Result<(), PlayerFault> {
        self.queue(message);
        self.flush()
    }

    /// Queues one line for the next [`EngineProcess::flush`].
    pub fn queue(&mut self, message: &Message) {
        use std::fmt::Write as _;
        let _ = writeln!(self.queued, "{message}");
    }

    /// Writes the queued lines in one go, within [`ENGINE_WRITE_MS`].
    pub fn flush(&mut self) -> Result<(), PlayerFault> {
        let bytes = std::mem::take(&mut self.queued).into_bytes();
        let limit = Duration::from_millis(ENGINE_WRITE_MS);
        self.writer.write(bytes, limit).map_err(|f| match f {
            WriteFailure::Stuck(d) => PlayerFault::new(
                FaultKind::LateMove,
                format!(
                    "the engine does not read its input (a write waited {} ms)",
                    d.as_millis()
                ),
            ),
            WriteFailure::Closed(e) => {
                PlayerFault::new(FaultKind::Disconnect, format!("writing to the engine: {e}"))
            }
        })
    }

    /// The next line from the engine, parsed, when it comes before `deadline`. Each
    /// fault says what happened: a line that does not parse, is too long or is not
    /// UTF-8 (protocol errors); the process exited or closed its output (disconnects);
    /// nothing in time (loses on time).
    pub fn read(&mut self, deadline: Instant) -> Result<Reply, PlayerFault> {
        let garbage = |why: String| PlayerFault::new(FaultKind::Garbage, why);
        match self.lines.recv(deadline) {
            Ok(Event::Line(line)) => Reply::parse(&line).map_err(|e| garbage(e.to_string())),
            Ok(Event::TooLong) => Err(garbage(format!(
                "line too long (more than {} bytes without a newline)",
                ENGINE_LINE_BYTES.max
            ))),
            Ok(Event::BadUtf8(start)) => Err(garbage(format!(
                "invalid UTF-8 in a line starting {start:?}"
            ))),
            Ok(Event::Closed(error)) => Err(self.gone(error)),
            Err(Waited::Gone) => Err(self.gone(None)),
            Err(Waited::Timeout) => Err(match self.exit_status() {
                Some(s) => PlayerFault::new(
                    FaultKind::Disconnect,
                    format!("the engine exited ({s}); a process it started still holds its output"),
                ),
                None => PlayerFault::new(FaultKind::LateMove, "no answer before the deadline"),
            }),
        }
    }

    /// The fault of an engine whose output ended.
    fn gone(&mut self, error: Option<String>) -> PlayerFault {
        let how = match (self.exit_status(), error) {
            (Some(s), _) => format!("the engine exited ({s})"),
            (None, Some(e)) => format!("reading from the engine: {e}"),
            (None, None) => "the engine closed its output".to_string(),
        };
        PlayerFault::new(FaultKind::Disconnect, how)
    }

    /// The exit status, when the process has ended or ends within a few milliseconds
    /// (its output closes just before its exit is seen).
    fn exit_status(&mut self) -> Option<ExitStatus> {
        for _ in 0..10 {
            if let Ok(Some(s)) = self.child.try_wait() {
                return Some(s);
            }
            std::thread::sleep(Duration::from_millis(2));
        }
        None
    }
}

impl Drop for EngineProcess {
    /// Sends `quit`, gives the engine [`ENGINE_QUIT_GRACE_MS`] to exit on its own (to
    /// flush files, close connections), then kills its group and reaps it.
    fn drop(&mut self) {
        self.writer
            .write_last(format!("{}\n", Message::Quit).into_bytes());
        let until = Instant::now() + Duration::from_millis(ENGINE_QUIT_GRACE_MS);
        while matches!(self.child.try_wait(), Ok(None)) && Instant::now() < until {
            std::thread::sleep(Duration::from_millis(2));
        }
        kill_group(&mut self.child);
    }
}

/// Kills the engine's process group (the engine and every process it started that
/// stayed in the group), then the engine, and reaps it.
fn kill_group(child: &mut Child) {
    #[cfg(unix)]
    if let Ok(pid) = libc::pid_t::try_from(child.id()) {
        // SAFETY: kill has no memory effects; the group is the one the engine leads.
        unsafe {
            libc::kill(-pid, libc::SIGKILL);
        }
    }
    let _ = child.kill();
    let _ = child.wait();
}

/// Unix: the engine leads a process group of its own, so that the processes it starts
/// can be killed with it.
#[cfg(unix)]
fn own_group(cmd: &mut Os) {
    use std::os::unix::process::CommandExt;
    cmd.process_group(0);
}

#[cfg(not(unix))]
fn own_group(_cmd: &mut Os) {}

/// Linux: the engine gets SIGKILL when the thread that started it ends (weightforge
/// exits, is killed, or the worker thread holding the pool ends).
#[cfg(target_os = "linux")]
pub(crate) fn die_with_parent(cmd: &mut Os) {
    use std::os::unix::process::CommandExt;
    // SAFETY: prctl is async-signal-safe and touches no memory of the parent.
    unsafe {
        cmd.pre_exec(|| {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
            Ok(())
        });
    }
}

#[cfg(not(target_os = "linux"))]
pub(crate) fn die_with_parent(_cmd: &mut Os) {}
