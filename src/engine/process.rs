//! One engine process: spawned with piped stdio, its output read by a thread into a
//! channel so that every read has a time limit, killed and reaped when dropped (no
//! zombies), and on Linux asked to die with us (`PR_SET_PDEATHSIG`) so that Ctrl-C or a
//! kill of weightforge does not leave engines behind.

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command as Os, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::{Duration, Instant};

use super::protocol::{parse_reply, Command, Reply, WeightDecl};
use super::{log, EngineError, EngineSpec};
use crate::played_game::{FaultKind, PlayerFault};
use crate::tunables::ENGINE_START_MS;

/// A running engine after a successful handshake.
pub struct EngineProcess {
    child: Child,
    stdin: ChildStdin,
    /// Lines queued for one write (one system call per batch, not per fragment).
    queued: String,
    lines: Receiver<String>,
    /// The name from `id name`.
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
                Stdio::null()
            });
        if let Some(dir) = &spec.dir {
            cmd.current_dir(dir);
        }
        die_with_parent(&mut cmd);
        let mut child = cmd.spawn().map_err(|source| EngineError::Spawn {
            command: spec.command.clone(),
            source,
        })?;
        let stdin = child.stdin.take().expect("stdin is piped");
        let stdout = child.stdout.take().expect("stdout is piped");
        let (tx, lines) = mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { break };
                if tx.send(line).is_err() {
                    break;
                }
            }
        });
        let mut p = EngineProcess {
            child,
            stdin,
            queued: String::new(),
            lines,
            name: String::new(),
            weights: Vec::new(),
        };
        p.handshake()
            .map_err(|f| EngineError::Handshake(spec.command.clone(), f))?;
        Ok(p)
    }

    fn handshake(&mut self) -> Result<(), PlayerFault> {
        self.send(&Command::Hello)?;
        let deadline = Instant::now() + Duration::from_millis(ENGINE_START_MS);
        loop {
            match self.read(deadline)? {
                Reply::Name(n) => self.name = n,
                Reply::Weight(w) => {
                    if self.weights.iter().any(|d| d.name == w.name) {
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
    pub fn send(&mut self, cmd: &Command) -> Result<(), PlayerFault> {
        self.queue(cmd);
        self.flush()
    }

    /// Queues one line for the next [`EngineProcess::flush`].
    pub fn queue(&mut self, cmd: &Command) {
        use std::fmt::Write as _;
        let _ = writeln!(self.queued, "{cmd}");
    }

    /// Writes the queued lines in one go.
    pub fn flush(&mut self) -> Result<(), PlayerFault> {
        let result = self
            .stdin
            .write_all(self.queued.as_bytes())
            .and_then(|_| self.stdin.flush());
        self.queued.clear();
        result.map_err(|e| {
            PlayerFault::new(FaultKind::Disconnect, format!("writing to the engine: {e}"))
        })
    }

    /// The next line from the engine, parsed, waiting until `deadline` at most.
    pub fn read(&mut self, deadline: Instant) -> Result<Reply, PlayerFault> {
        let wait = deadline.saturating_duration_since(Instant::now());
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                parse_reply(&line).map_err(|e| PlayerFault::new(FaultKind::Garbage, e.to_string()))
            }
            Err(RecvTimeoutError::Timeout) => Err(PlayerFault::new(
                FaultKind::LateMove,
                format!("no answer within {} ms", wait.as_millis()),
            )),
            Err(RecvTimeoutError::Disconnected) => {
                let status = self.child.try_wait().ok().flatten();
                let how =
                    status.map_or("closed its output".to_string(), |s| format!("exited ({s})"));
                Err(PlayerFault::new(
                    FaultKind::Disconnect,
                    format!("the engine {how}"),
                ))
            }
        }
    }
}

impl Drop for EngineProcess {
    fn drop(&mut self) {
        let _ = writeln!(self.stdin, "{}", Command::Quit);
        let _ = self.stdin.flush();
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

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
