//! How the client plays ([`ClientConfig`]) and what it answers to each `UPD`
//! ([`Answer`]): the words the client and its ply chooser (`brain`) share.

use std::time::Duration;

use crate::game::Game;
use crate::games::vampires_werewolves::{Step, VvwPosition};
use crate::tunables::{VVW_CONNECT_TIMEOUT_SECS, VVW_MOVE_TIME_SECS, VVW_SEARCH_SHARE};

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
    /// Called with each answer as soon as it is sent, so a log is written as the game
    /// goes and a client killed mid-game leaves its record.
    pub on_answer: Option<fn(&Answer)>,
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
            on_answer: None,
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
