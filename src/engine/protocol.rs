//! The engine protocol's lines, each type both printed and parsed so that the referee
//! (src/engine/process.rs) and a served engine (src/served_engine.rs) speak through the
//! same definitions: what weightforge sends an engine ([`Message`]) and what an engine
//! answers ([`Reply`]). `Display` writes a line (without its newline); `parse` reads
//! one, and every parse error quotes the line, so a log shows exactly what was sent.
//! See `docs/engine-protocol.md`.

use std::fmt;

use crate::limits::{ENGINE_NUMBER, ENGINE_RANGE};

/// The protocol version weightforge speaks (`weightforge 1`).
pub const VERSION: u32 = 1;

/// A line from weightforge to an engine. Its text fields borrow: from the referee's
/// values when it is sent, from the line when it is parsed.
#[derive(Clone, Debug, PartialEq)]
pub enum Message<'a> {
    /// `weightforge <version>`: the handshake (weightforge sends [`VERSION`]).
    Hello(u32),
    /// `newgame <game> <role> <seed>`.
    NewGame {
        /// The game's registry name.
        game: &'a str,
        /// The role the engine plays in this game.
        role: &'a str,
        /// The game's seed; a deterministic engine draws all its randomness from it.
        seed: u64,
    },
    /// `set <name> <value>`.
    Set {
        /// A name the engine declared with `weight`.
        name: &'a str,
        /// The value.
        value: f64,
    },
    /// `position <text>` in the game's notation.
    Position(&'a str),
    /// `go [depth N] [nodes N] [movetime MS]`.
    Go {
        /// A fixed search depth.
        depth: Option<u32>,
        /// A node budget per move.
        nodes: Option<u64>,
        /// The time the engine has for this move, in milliseconds.
        movetime_ms: Option<u64>,
    },
    /// `eval`: the engine's static evaluation of the last `position`, for the role of
    /// `newgame`, with the constants as last `set` (answered by `score <number>`).
    Eval,
    /// `quit`.
    Quit,
}

impl fmt::Display for Message<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Message::Hello(version) => write!(f, "weightforge {version}"),
            Message::NewGame { game, role, seed } => write!(f, "newgame {game} {role} {seed}"),
            Message::Set { name, value } => write!(f, "set {name} {value}"),
            Message::Position(text) => write!(f, "position {text}"),
            Message::Go {
                depth,
                nodes,
                movetime_ms,
            } => {
                f.write_str("go")?;
                if let Some(d) = depth {
                    write!(f, " depth {d}")?;
                }
                if let Some(n) = nodes {
                    write!(f, " nodes {n}")?;
                }
                if let Some(ms) = movetime_ms {
                    write!(f, " movetime {ms}")?;
                }
                Ok(())
            }
            Message::Eval => f.write_str("eval"),
            Message::Quit => f.write_str("quit"),
        }
    }
}

impl<'a> Message<'a> {
    /// Parses one line from weightforge (the engine's side of the protocol; spaces
    /// around and between the words ignored).
    pub fn parse(line: &'a str) -> Result<Self, LineError> {
        let text = line.trim();
        let parts: Vec<&str> = text.split_whitespace().collect();
        let int = |s: &str| {
            s.parse::<u64>()
                .map_err(|_| bad(line, format!("{s:?} is not a whole number")))
        };
        match parts[..] {
            ["weightforge", v] => v
                .parse::<u32>()
                .map(Message::Hello)
                .map_err(|_| bad(line, format!("{v:?} is not a protocol version"))),
            ["newgame", game, role, seed] => Ok(Message::NewGame {
                game,
                role,
                seed: int(seed)?,
            }),
            ["set", name, value] => ENGINE_NUMBER
                .parse(value)
                .map(|value| Message::Set { name, value })
                .map_err(|e| bad(line, e.to_string())),
            ["position", ..] => Ok(Message::Position(text["position".len()..].trim())),
            ["go", ref opts @ ..] => parse_go(line, opts),
            ["eval"] => Ok(Message::Eval),
            ["quit"] => Ok(Message::Quit),
            _ => Err(bad(line, "unknown command")),
        }
    }
}

fn parse_go<'a>(line: &str, opts: &[&str]) -> Result<Message<'a>, LineError> {
    let (mut depth, mut nodes, mut movetime_ms) = (None, None, None);
    let shape = "expected `go [depth N] [nodes N] [movetime MS]`";
    for pair in opts.chunks(2) {
        let value = |s: Option<&&str>| {
            s.and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| bad(line, shape))
        };
        match pair[0] {
            "depth" => {
                let d = value(pair.get(1))?;
                if crate::limits::DEPTH.check(d).is_err() {
                    let (lo, hi) = (crate::limits::DEPTH.min, crate::limits::DEPTH.max);
                    return Err(bad(line, format!("depth {d}: expected {lo} to {hi}")));
                }
                depth = Some(d as u32);
            }
            "nodes" => nodes = Some(value(pair.get(1))?),
            "movetime" => movetime_ms = Some(value(pair.get(1))?),
            _ => return Err(bad(line, shape)),
        }
    }
    Ok(Message::Go {
        depth,
        nodes,
        movetime_ms,
    })
}

/// A tunable constant an engine declares: `weight <name> <default> [<min> <max>]`.
#[derive(Clone, Debug, PartialEq)]
pub struct WeightDecl {
    /// The constant's name (no spaces).
    pub name: String,
    /// Its value in the engine's source.
    pub default: f64,
    /// Bounds a tuner keeps it within, when declared.
    pub bounds: Option<(f64, f64)>,
}

/// A line from an engine.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// `id name <name>`.
    Name(String),
    /// `weight ...`.
    Weight(WeightDecl),
    /// `ready`: the end of the handshake.
    Ready,
    /// `move <move>` in the game's move notation (checked by the referee, not here).
    Move(String),
    /// `info ...`: free text for the log.
    Info(String),
    /// `score <number>`: the answer to `eval`.
    Score(f64),
}

impl fmt::Display for Reply {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Reply::Name(name) => write!(f, "id name {name}"),
            Reply::Weight(w) => {
                write!(f, "weight {} {}", w.name, w.default)?;
                if let Some((lo, hi)) = w.bounds {
                    write!(f, " {lo} {hi}")?;
                }
                Ok(())
            }
            Reply::Ready => f.write_str("ready"),
            Reply::Move(mv) => write!(f, "move {mv}"),
            Reply::Info(text) => write!(f, "info {text}"),
            Reply::Score(score) => write!(f, "score {score}"),
        }
    }
}

impl Reply {
    /// Parses one line from an engine (trailing `\r` and spaces ignored).
    pub fn parse(line: &str) -> Result<Self, LineError> {
        let text = line.trim_end();
        let (word, rest) = text.split_once(' ').unwrap_or((text, ""));
        let rest = rest.trim();
        match word {
            "ready" if rest.is_empty() => Ok(Reply::Ready),
            "info" => Ok(Reply::Info(rest.to_string())),
            "move" if !rest.is_empty() && !rest.contains(char::is_whitespace) => {
                Ok(Reply::Move(rest.to_string()))
            }
            "move" => Err(bad(line, "expected one move after `move`")),
            "id" => match rest.split_once(' ') {
                Some(("name", name)) if !name.trim().is_empty() => {
                    Ok(Reply::Name(name.trim().to_string()))
                }
                _ => Err(bad(line, "expected `id name <name>`")),
            },
            "weight" => parse_weight(line, rest).map(Reply::Weight),
            "score" if rest.is_empty() || rest.contains(char::is_whitespace) => {
                Err(bad(line, "expected `score <finite number>`"))
            }
            "score" => ENGINE_NUMBER
                .parse(rest)
                .map(Reply::Score)
                .map_err(|e| bad(line, format!("`score`: {e}"))),
            _ => Err(bad(line, "unknown reply")),
        }
    }
}

/// A line an engine may not send.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{why} in line {line:?}")]
pub struct LineError {
    /// The line as received.
    pub line: String,
    /// What is wrong with it.
    pub why: String,
}

fn bad(line: &str, why: impl Into<String>) -> LineError {
    LineError {
        line: line.to_string(),
        why: why.into(),
    }
}

fn parse_weight(line: &str, rest: &str) -> Result<WeightDecl, LineError> {
    let parts: Vec<&str> = rest.split_whitespace().collect();
    let num = |s: &str| ENGINE_NUMBER.parse(s).map_err(|e| bad(line, e.to_string()));
    let shape = "expected `weight <name> <default> [<min> <max>]`";
    let (name, default, bounds) = match parts[..] {
        [name, d] => (name, num(d)?, None),
        [name, d, lo, hi] => (name, num(d)?, Some((num(lo)?, num(hi)?))),
        _ => return Err(bad(line, shape)),
    };
    if name.chars().any(char::is_control) {
        return Err(bad(line, "a weight name may not hold control characters"));
    }
    if let Some((lo, hi)) = bounds {
        if !(lo < hi && (lo..=hi).contains(&default)) {
            return Err(bad(line, "needs min < max and the default within them"));
        }
        ENGINE_RANGE
            .check(hi - lo)
            .map_err(|e| bad(line, format!("max − min: {e}")))?;
    }
    Ok(WeightDecl {
        name: name.to_string(),
        default,
        bounds,
    })
}

#[cfg(test)]
mod tests {
    use crate::engine::protocol::{Message, Reply, WeightDecl, VERSION};

    #[test]
    fn replies_parse_and_errors_quote_the_line() {
        assert_eq!(Reply::parse("ready\r\n"), Ok(Reply::Ready));
        assert_eq!(Reply::parse("move 41-31"), Ok(Reply::Move("41-31".into())));
        assert_eq!(Reply::parse("score -12.5"), Ok(Reply::Score(-12.5)));
        assert_eq!(
            Reply::parse("id name My AI"),
            Ok(Reply::Name("My AI".into()))
        );
        assert_eq!(
            Reply::parse("weight mob 2.5 0 10"),
            Ok(Reply::Weight(WeightDecl {
                name: "mob".into(),
                default: 2.5,
                bounds: Some((0.0, 10.0))
            }))
        );
        for line in [
            "hello",
            "move",
            "move a b",
            "weight x",
            "weight x 1 5 2",
            "weight x nan",
            "weight x 0 -1e308 1e308",
            "weight x 1e308",
            "weight x 0 0 5e-324",
            "score",
            "score 1e300",
            "score inf",
            "score 1 2",
        ] {
            let e = Reply::parse(line).unwrap_err();
            assert!(e.to_string().contains(&format!("{line:?}")), "{e}");
        }
    }

    #[test]
    fn replies_round_trip() {
        for line in [
            "id name My AI",
            "weight mob 2.5 0 10",
            "weight role:feature -1.25",
            "ready",
            "move 41-31",
            "info error no role \"x\"",
            "score -12.5",
        ] {
            assert_eq!(Reply::parse(line).unwrap().to_string(), line);
        }
    }

    #[test]
    fn messages_round_trip() {
        let messages = [
            Message::Hello(VERSION),
            Message::NewGame {
                game: "wolves_sheep",
                role: "sheep",
                seed: 7,
            },
            Message::Set {
                name: "w",
                value: -1.25,
            },
            Message::Position("SSSSS/SSSSS/...../...../.W.W. w"),
            Message::Go {
                depth: Some(3),
                nodes: Some(5000),
                movetime_ms: Some(100),
            },
            Message::Go {
                depth: None,
                nodes: None,
                movetime_ms: None,
            },
            Message::Quit,
            Message::Eval,
        ];
        let lines: Vec<String> = messages.iter().map(Message::to_string).collect();
        for (line, message) in lines.iter().zip(&messages) {
            assert_eq!(&Message::parse(line).unwrap(), message);
        }
        assert_eq!(lines[0], "weightforge 1");
        assert_eq!(lines[4], "go depth 3 nodes 5000 movetime 100");
        assert_eq!(
            Message::parse("  position  a b \r"),
            Ok(Message::Position("a b"))
        );
    }
}
