//! How an engine player is named:
//! `engine:"<command>"[,dir=<path>][,movetime=<ms>][,constants=<file>]` (or
//! `engine:<command>` with no options), and what weightforge learned from its
//! handshake (its name and declared weights) plus the values it is to play with. The
//! handshake itself and a constants file's values are applied in
//! src/engine/resolve.rs.

use std::path::PathBuf;

use super::error::EngineError;
use super::protocol::WeightDecl;
use crate::limits::ENGINE_NUMBER;
use crate::tunables::ENGINE_MOVE_TIME_MS;

/// An engine player: how to start it, its time per move, what it declared, and the
/// weight values sent to it before every game (declared defaults for the rest).
#[derive(Clone, Debug, PartialEq)]
pub struct EngineSpec {
    /// The command line (split into words like a shell would, without a shell).
    pub command: String,
    /// The working directory it runs in.
    pub dir: Option<PathBuf>,
    /// Time per move sent with `go movetime`; a later answer loses the game.
    pub movetime_ms: u64,
    /// The name from `id name`.
    pub name: String,
    /// The weights it declared.
    pub weights: Vec<WeightDecl>,
    /// The value of every declared weight, in declaration order, sent by `set`.
    pub values: Vec<f64>,
    /// The depth per role sent with `go` when the match sets none (an experiment's
    /// opponent `depth`).
    pub go_depth: Option<[u32; 2]>,
    /// The node budget sent with `go` when the match sets none (an experiment's
    /// `nodes`).
    pub go_nodes: Option<u64>,
    /// The constants file whose values it plays with (`constants=FILE`).
    pub constants: Option<PathBuf>,
}

/// The prefix that names an engine player.
pub const PREFIX: &str = "engine:";

impl EngineSpec {
    /// Whether `name` spells an engine player.
    pub fn is_engine(name: &str) -> bool {
        name.starts_with(PREFIX)
    }

    /// The engine's name when it plays the constants of a file with stem `stem`
    /// (`<id name>+<stem>`), as tables and game records show it.
    pub fn name_with_constants(&self, stem: &str) -> String {
        format!("{}+{stem}", self.name)
    }

    /// Reads the spelling only.
    pub fn parse(spelling: &str) -> Result<Self, EngineError> {
        let err = |why: &str| EngineError::Spelling {
            spelling: spelling.to_string(),
            why: why.to_string(),
        };
        let body = spelling
            .strip_prefix(PREFIX)
            .ok_or_else(|| err("no engine: prefix"))?;
        let mut spec = EngineSpec {
            command: body.trim().to_string(),
            dir: None,
            movetime_ms: ENGINE_MOVE_TIME_MS,
            name: String::new(),
            weights: Vec::new(),
            values: Vec::new(),
            go_depth: None,
            go_nodes: None,
            constants: None,
        };
        if let Some(quoted) = body.strip_prefix('"') {
            let end = quoted
                .find('"')
                .ok_or_else(|| err("the command's closing quote is missing"))?;
            spec.command = quoted[..end].to_string();
            for opt in quoted[end + 1..].split(',').skip(1) {
                match opt.split_once('=') {
                    Some(("dir", d)) if !d.is_empty() => spec.dir = Some(PathBuf::from(d)),
                    Some(("constants", f)) if !f.is_empty() => {
                        spec.constants = Some(PathBuf::from(f))
                    }
                    Some(("movetime", ms)) => {
                        // The same bound as every other time limit (limits::SECONDS).
                        let max = (crate::limits::SECONDS.max * 1000.0) as u64;
                        spec.movetime_ms = ms
                            .parse()
                            .ok()
                            .filter(|&v| v > 0 && v <= max)
                            .ok_or_else(|| {
                                err(&format!(
                                    "movetime must be a whole number of ms, 1 to {max}"
                                ))
                            })?
                    }
                    _ => return Err(err(&format!("unknown option {opt:?}"))),
                }
            }
            if !quoted[end + 1..].is_empty() && !quoted[end + 1..].starts_with(',') {
                return Err(err("options after the command start with a comma"));
            }
        }
        if spec.command.trim().is_empty() {
            return Err(err("the command is empty"));
        }
        Ok(spec)
    }

    /// The same engine playing with `values` for the weights named (the others keep
    /// their current values).
    /// Every value is checked as the engine's own lines are ([`ENGINE_NUMBER`]) and
    /// against the bounds the engine declared: nothing out of range is ever `set`.
    pub fn with_values(&self, values: &[(String, f64)]) -> Result<Self, EngineError> {
        let mut spec = self.clone();
        for (name, v) in values {
            let i = self.weight_index(name)?;
            spec.values[i] = self.checked_value(i, *v)?;
        }
        Ok(spec)
    }

    /// `v` for declared weight `i`, if it is finite, within [`ENGINE_NUMBER`] and within
    /// the weight's declared bounds.
    pub fn checked_value(&self, i: usize, v: f64) -> Result<f64, EngineError> {
        let w = &self.weights[i];
        let why = match (ENGINE_NUMBER.check(v), w.bounds) {
            (Err(e), _) => e.to_string(),
            (Ok(()), Some((lo, hi))) if !(lo..=hi).contains(&v) => {
                format!("{v} is outside the engine's declared bounds {lo} to {hi}")
            }
            _ => return Ok(v),
        };
        Err(EngineError::BadValue {
            command: self.command.clone(),
            name: w.name.clone(),
            why,
        })
    }

    /// The index of a declared weight.
    pub fn weight_index(&self, name: &str) -> Result<usize, EngineError> {
        self.weights
            .iter()
            .position(|w| w.name == name)
            .ok_or_else(|| EngineError::UnknownWeight {
                command: self.command.clone(),
                name: name.to_string(),
                declared: self
                    .weights
                    .iter()
                    .map(|w| w.name.as_str())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }
}

#[cfg(test)]
mod tests {
    use std::path::PathBuf;

    use crate::engine::spec::EngineSpec;

    #[test]
    fn spellings() {
        let s = EngineSpec::parse(
            r#"engine:"python3 my ai.py",dir=examples/engines,movetime=250,constants=t.ron"#,
        )
        .unwrap();
        assert_eq!(s.constants, Some(PathBuf::from("t.ron")));
        assert_eq!(s.command, "python3 my ai.py");
        assert_eq!(s.dir, Some(PathBuf::from("examples/engines")));
        assert_eq!(s.movetime_ms, 250);
        let s = EngineSpec::parse("engine:python3 ai.py").unwrap();
        assert_eq!((s.command.as_str(), s.dir), ("python3 ai.py", None));
        for bad in [
            "engine:",
            r#"engine:"python3"#,
            r#"engine:"x",colour=red"#,
            r#"engine:"x",movetime=0"#,
            r#"engine:"x"dir=y"#,
        ] {
            assert!(EngineSpec::parse(bad).is_err(), "{bad}");
        }
    }
}
