//! The vocabulary of a played game, shared by whoever plays, watches or counts games
//! (the match runner, the players, the engines, the game records, the VvW TCP front
//! end): how a game ended ([`GameEnd`], [`EndReason`]), A's record of it
//! ([`GameRecord`]), how a player loses off the board ([`PlayerFault`], [`FaultKind`],
//! [`FaultCounts`]), who watches the plies ([`Observer`], told of each choice by a
//! [`ChoiceReport`]) and why games cannot be set
//! up ([`SetupError`]). It sits below all of them and knows only the game contract.

use serde::{Deserialize, Serialize};

use crate::game::{Game, MatchRules, ParseError, Role, Status};

/// How one game ended.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The role player A played.
    pub a_role: Role,
    /// A's score: 1, ½ or 0.
    pub a_score: f64,
    /// Plies played after the opening.
    pub plies: u32,
    /// Wall-clock seconds (not part of any result; for tables only).
    pub seconds: f64,
    /// Why the game ended.
    #[serde(default)]
    pub reason: EndReason,
}

impl GameRecord {
    /// A slot for a pair's game before it is played (each game overwrites its own).
    pub const UNPLAYED: GameRecord = GameRecord {
        a_role: 0,
        a_score: 0.5,
        plies: 0,
        seconds: 0.0,
        reason: EndReason::Rules,
    };

    /// A's record of a game that ended as `end` with A in `a_role`, taking `seconds`.
    pub fn of(end: &GameEnd, a_role: Role, seconds: f64) -> Self {
        GameRecord {
            a_role,
            a_score: end.status.score_for(a_role).unwrap_or(0.5),
            plies: end.plies,
            seconds,
            reason: end.reason,
        }
    }

    /// The game's end as the board saw it: the status from A's score and role.
    pub fn end(&self) -> GameEnd {
        let status = if self.a_score > 0.5 {
            Status::Win(self.a_role)
        } else if self.a_score < 0.5 {
            Status::Win(crate::game::other(self.a_role))
        } else {
            Status::Draw
        };
        GameEnd {
            status,
            plies: self.plies,
            reason: self.reason,
        }
    }
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The rules ended it: a win, a loss or a draw of the game itself.
    #[default]
    Rules,
    /// The match's ply cap ended it (a draw, or adjudicated when the match says so).
    PlyCap,
    /// The side to move had no move while the game went on: scored a draw.
    NoMove,
    /// A player broke the protocol and lost the game.
    Fault {
        /// The role that faulted.
        role: Role,
        /// What it did.
        kind: FaultKind,
    },
}

/// How an outside player can lose a game without losing it on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum FaultKind {
    /// A move the rules do not allow.
    IllegalMove,
    /// No move within the time limit.
    LateMove,
    /// The player's process ended, or closed its output.
    Disconnect,
    /// A line the protocol does not allow.
    Garbage,
}

impl FaultKind {
    /// Every kind, in table order.
    pub const ALL: [FaultKind; 4] = [
        FaultKind::IllegalMove,
        FaultKind::LateMove,
        FaultKind::Disconnect,
        FaultKind::Garbage,
    ];

    /// The words of a results table (cutechess's where it has them).
    pub fn words(self) -> &'static str {
        match self {
            FaultKind::IllegalMove => "illegal move",
            FaultKind::LateMove => "loses on time",
            FaultKind::Disconnect => "disconnects",
            FaultKind::Garbage => "protocol error",
        }
    }
}

/// A player that lost a game off the board: what it did, and the details for a log.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{}: {detail}", kind.words())]
pub struct PlayerFault {
    /// The kind, for the results table.
    pub kind: FaultKind,
    /// What happened (the line received, the time taken, the exit status).
    pub detail: String,
}

impl PlayerFault {
    /// A fault of `kind`, described by `detail`.
    pub fn new(kind: FaultKind, detail: impl Into<String>) -> Self {
        PlayerFault {
            kind,
            detail: detail.into(),
        }
    }
}

/// Faults counted by kind (in [`FaultKind::ALL`] order).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FaultCounts(pub [u64; 4]);

impl FaultCounts {
    /// Counts one fault.
    pub fn add(&mut self, kind: FaultKind) {
        let i = FaultKind::ALL
            .iter()
            .position(|&k| k == kind)
            .expect("every kind is listed");
        self.0[i] += 1;
    }

    /// Faults of every kind.
    pub fn total(&self) -> u64 {
        self.0.iter().sum()
    }

    /// `2 loses on time, 1 illegal move` (kinds that occurred, in table order).
    pub fn describe(&self) -> String {
        let parts: Vec<String> = FaultKind::ALL
            .iter()
            .zip(self.0)
            .filter(|(_, n)| *n > 0)
            .map(|(k, n)| format!("{n} {}", k.words()))
            .collect();
        parts.join(", ")
    }
}

/// `faults: A 2 loses on time, 1 illegal move; B 1 disconnects`, or `None` when no
/// player faulted.
pub fn faults_line(names: [&str; 2], counts: &[FaultCounts; 2]) -> Option<String> {
    let parts: Vec<String> = (0..2)
        .filter(|&i| counts[i].total() > 0)
        .map(|i| format!("{} {}", names[i], counts[i].describe()))
        .collect();
    (!parts.is_empty()).then(|| format!("faults: {}", parts.join("; ")))
}

/// The end of one game: the final status, plies played and why it ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameEnd {
    /// The final status (never `Ongoing`).
    pub status: Status,
    /// Plies played after the start position.
    pub plies: u32,
    /// Why it ended.
    pub reason: EndReason,
}

/// What a seated player can tell about its last choice: its search's figures and the
/// line it expected. A player that does not search (random, an outside engine) reports
/// zeros and no line.
pub trait ChoiceReport<G: Game> {
    /// The search's score of its choice, from the mover's view, in evaluation units.
    fn score(&self) -> i32;
    /// The depth of the last whole iteration.
    fn depth(&self) -> u32;
    /// Nodes searched.
    fn nodes(&self) -> u64;
    /// The positions along the expected line after `chosen` from `root` (the last is
    /// the one the score evaluates); empty where the player keeps none.
    fn line(&self, root: &G, chosen: G::Move, rules: &MatchRules) -> Vec<G>;
}

/// Sees every ply of a game as it is played (game records, logs, datagen's rows). The
/// default methods do nothing, so [`NoObserver`] costs nothing.
pub trait Observer<G: Game> {
    /// The side to move of `before` chose `chosen` (`None`: it has no move), as `report`
    /// tells.
    fn chose(&mut self, _before: &G, _chosen: Option<G::Move>, _report: &dyn ChoiceReport<G>) {}
    /// `mv` is about to be played in `before`.
    fn before_ply(&mut self, _before: &G, _mv: G::Move) {}
    /// The ply has been played (chance resolved); `after` is the new position.
    fn after_ply(&mut self, _after: &G) {}
}

/// An observer that looks at nothing.
pub struct NoObserver;

impl<G: Game> Observer<G> for NoObserver {}

/// Games that cannot be set up: their starts or openings.
#[derive(Debug, thiserror::Error)]
pub enum SetupError {
    /// A start name or position is not understood.
    #[error("start {start:?}: {source}")]
    Start {
        /// The start asked for.
        start: String,
        /// Why it failed.
        source: ParseError,
    },
    /// Random plies from this start keep ending the game.
    #[error(
        "no opening of {plies} random plies from start {start:?} left the game open \
         (after {attempts} attempts); use fewer opening plies"
    )]
    NoOpening {
        /// The start.
        start: String,
        /// The opening length.
        plies: u32,
        /// Attempts made.
        attempts: u32,
    },
    /// The settings cannot give a game.
    #[error("{0}")]
    Settings(String),
}
