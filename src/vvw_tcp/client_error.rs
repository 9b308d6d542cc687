//! Why the client could not play a game to its end ([`ClientError`]), shared by the
//! client and its ply chooser (`brain`).

use std::time::Duration;

use super::protocol::ProtocolError;

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
