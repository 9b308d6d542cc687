//! Why an engine cannot be used at all, as opposed to a fault that loses one game
//! ([`crate::played_game::PlayerFault`]).

use crate::played_game::PlayerFault;

/// An engine that cannot be used at all (as opposed to a fault that loses one game).
#[derive(Debug, thiserror::Error)]
pub enum EngineError {
    /// The player spelling is not understood.
    #[error("engine player {spelling:?}: {why} (expected engine:\"<command>\"[,dir=<path>][,movetime=<ms>][,constants=<file>])")]
    Spelling {
        /// What was written.
        spelling: String,
        /// What is wrong.
        why: String,
    },
    /// The command line cannot be split into words.
    #[error("engine command {0:?} is empty or has unbalanced quotes")]
    Command(String),
    /// The process cannot be started.
    #[error("cannot start engine {command:?}: {source}")]
    Spawn {
        /// The command.
        command: String,
        /// Why.
        source: std::io::Error,
    },
    /// The process started but its handshake failed.
    #[error(
        "engine {command:?} failed its handshake: {fault}{}",
        stderr_tail(stderr)
    )]
    Handshake {
        /// The command.
        command: String,
        /// What went wrong.
        fault: PlayerFault,
        /// The end of its standard error (empty when none or when it goes to ours).
        stderr: String,
    },
    /// A constants file (`constants=FILE`) cannot be played.
    #[error("constants file {}: {why}", path.display())]
    Constants {
        /// The file.
        path: std::path::PathBuf,
        /// What is wrong.
        why: String,
    },
    /// A value for a declared weight is not a finite number within its bounds.
    #[error("engine {command:?}, weight {name:?}: {why}")]
    BadValue {
        /// The command.
        command: String,
        /// The weight.
        name: String,
        /// What is wrong with the value.
        why: String,
    },
    /// A value is given for a weight the engine does not declare.
    #[error("engine {command:?} declares no weight {name:?} (it declares: {declared})")]
    UnknownWeight {
        /// The command.
        command: String,
        /// The name asked for.
        name: String,
        /// The declared names.
        declared: String,
    },
}

/// A failed handshake's standard error, as the end of its message.
fn stderr_tail(text: &str) -> String {
    if text.is_empty() {
        String::new()
    } else {
        format!("; its standard error ended with:\n{text}")
    }
}
