//! `weightforge engine`: the built-in alpha-beta player speaking the engine protocol, so
//! the protocol path can be compared game for game with the in-process player. Its
//! weights are declared as `weight <role>:<feature> <value>` and can be `set`. All its
//! randomness comes from the `newgame` seed; it searches the genome's depth (or `go
//! depth N`, `go nodes N`), ignores `movetime`, and answers `eval` with Σ weight ×
//! feature for its role, the value its search gives the position.
//!
//! It sits beside [`crate::engine`], not in it: it seats a [`crate::player::Agent`],
//! and the players sit above the engine side that referees outside programs.

use std::io::{BufRead, Read, Write};
use std::sync::Arc;

use rand::SeedableRng;

use crate::engine::protocol::{Message, Reply, WeightDecl, VERSION};
use crate::eval::Evaluator;
use crate::game::{Features, GameExt, GameRng, MatchRules, Role};
use crate::genome::Genome;
use crate::limits::{ENGINE_LINE_BYTES, ENGINE_NUMBER};
use crate::player::{Agent, PlayerSpec, SearchBudget};

/// The engine's input or output failed.
#[derive(Debug, thiserror::Error)]
#[error("engine protocol i/o: {0}")]
pub struct ServeError(#[from] std::io::Error);

struct Session<G: Features> {
    genome: Genome,
    role: Role,
    rng: GameRng,
    pos: Option<G>,
    agent: Option<(Agent<G>, SearchBudget)>,
}

/// Serves `genome` on `input`/`output` until `quit` or the end of the input. Lines it
/// does not understand are answered with `info error ...` and otherwise ignored.
pub fn serve<G: Features>(
    genome: &Genome,
    input: impl BufRead,
    mut out: impl Write,
) -> Result<(), ServeError> {
    let mut s = Session::<G> {
        genome: genome.clone(),
        role: 0,
        rng: GameRng::seed_from_u64(0),
        pos: None,
        agent: None,
    };
    let mut input = input;
    let mut bytes = Vec::new();
    while let Some(line) = next_line(&mut input, &mut bytes)? {
        if line.as_ref().is_ok_and(|l| l.trim().is_empty()) {
            continue;
        }
        match line.and_then(|l| {
            Message::parse(&l)
                .map_err(|e| e.to_string())
                .and_then(|m| s.handle(m, &mut out))
        }) {
            Ok(true) => {}
            Ok(false) => break,
            Err(e) => writeln!(out, "{}", Reply::Info(format!("error {e}")))?,
        }
        out.flush()?;
    }
    Ok(())
}

/// The next line of `input` (without its newline), read into `bytes` up to
/// [`ENGINE_LINE_BYTES`]: `Err` for a line that is not UTF-8 (answered, then the next
/// line is read), `None` at the end; a longer line is an error that ends the session
/// (`/dev/zero` on standard input never ends its line: nothing more can be read).
fn next_line(
    input: &mut impl BufRead,
    bytes: &mut Vec<u8>,
) -> std::io::Result<Option<Result<String, String>>> {
    bytes.clear();
    let max = ENGINE_LINE_BYTES.max;
    let n = input.by_ref().take(max + 1).read_until(b'\n', bytes)?;
    if n == 0 {
        return Ok(None);
    }
    if bytes.last() == Some(&b'\n') {
        bytes.pop();
    } else if n as u64 > max {
        let m = format!(
            "a line longer than {max} bytes ({})",
            ENGINE_LINE_BYTES.name
        );
        return Err(std::io::Error::new(std::io::ErrorKind::InvalidData, m));
    }
    Ok(Some(
        String::from_utf8(std::mem::take(bytes)).map_err(|_| "a line that is not UTF-8".into()),
    ))
}

impl<G: Features> Session<G> {
    /// Handles one message; `Ok(false)` on `quit`.
    fn handle(&mut self, message: Message<'_>, out: &mut impl Write) -> Result<bool, String> {
        let io = |e: std::io::Error| e.to_string();
        match message {
            Message::Hello(v) if v == VERSION => self.hello(out).map_err(io)?,
            Message::Hello(v) => return Err(format!("protocol version {v} (this is {VERSION})")),
            Message::NewGame { game, role, seed } => {
                if game != G::NAME {
                    return Err(format!("this engine plays {}, not {game}", G::NAME));
                }
                self.role = G::role_index(role).ok_or(format!("no role {role:?}"))?;
                self.rng = GameRng::seed_from_u64(seed);
                self.agent = None;
            }
            Message::Set { name, value } => {
                let (role, feature) = name.split_once(':').ok_or(format!("no weight {name:?}"))?;
                let r = G::role_index(role).ok_or(format!("no role {role:?}"))?;
                let f = G::feature_index(feature).ok_or(format!("no feature {feature:?}"))?;
                self.genome.weights[r][f] = value;
                self.agent = None;
            }
            Message::Position(text) => self.pos = Some(G::parse(text).map_err(|e| e.to_string())?),
            Message::Go { depth, nodes, .. } => {
                let budget = SearchBudget {
                    depth,
                    nodes,
                    move_time_ms: None,
                };
                let mv = self.go(budget)?;
                writeln!(out, "{}", Reply::Move(mv)).map_err(io)?;
            }
            Message::Eval => {
                let score = self.eval()?;
                writeln!(out, "{}", Reply::Score(score)).map_err(io)?;
            }
            Message::Quit => return Ok(false),
        }
        Ok(true)
    }

    fn hello(&self, out: &mut impl Write) -> std::io::Result<()> {
        let name = if self.genome.name.is_empty() {
            "weightforge"
        } else {
            &self.genome.name
        };
        writeln!(out, "{}", Reply::Name(name.to_string()))?;
        for (r, role) in G::ROLES.iter().enumerate() {
            for (f, info) in G::feature_info().iter().enumerate() {
                let weight = WeightDecl {
                    name: format!("{role}:{}", info.name),
                    default: self.genome.weights[r][f],
                    bounds: None,
                };
                writeln!(out, "{}", Reply::Weight(weight))?;
            }
        }
        writeln!(out, "{}", Reply::Ready)
    }

    /// The evaluation Σ weight × feature of the position for the game's role, plus the
    /// genome's tables if it has any (the built-in evaluation's units, before the
    /// search's scale): exactly the value the search gives the position
    /// ([`Evaluator::value`], `f32` weights), which is also what a module written by
    /// `weightforge export --format python` returns.
    fn eval(&self) -> Result<f64, String> {
        let pos = self.pos.as_ref().ok_or("`eval` before `position`")?;
        let g = &self.genome;
        let score =
            Evaluator::with_tables::<G>(self.role, &g.weights[self.role], g.tables.as_ref())
                .value(pos);
        // What this engine says, its referee must accept: no `score inf`.
        ENGINE_NUMBER
            .check(score)
            .map(|()| score)
            .map_err(|e| format!("the evaluation at these weights: {e}"))
    }

    fn go(&mut self, budget: SearchBudget) -> Result<String, String> {
        let pos = self.pos.as_ref().ok_or("`go` before `position`")?;
        if !matches!(&self.agent, Some((_, b)) if *b == budget) {
            let spec = PlayerSpec::Genome(Arc::new(self.genome.clone()));
            let rules = MatchRules::capped(G::DEFAULT_PLY_CAP);
            let agent = Agent::with_budget(&spec, self.role, budget, rules);
            self.agent = Some((agent, budget));
        }
        let (agent, _) = self.agent.as_mut().expect("just seated");
        match agent.choose(pos, &mut self.rng) {
            Ok(Some(mv)) => Ok(pos.move_text(mv)),
            Ok(None) => Err("no legal move".into()),
            Err(f) => Err(f.to_string()),
        }
    }
}
