//! Matches: openings, paired games, and many games in parallel.
//!
//! A pair is two games from one opening with the roles swapped (A as the first role
//! against B, then B as the first role against A), which cancels most of an opening's
//! bias. Every opening and every game is seeded from a tuple (see [`crate::seeds`]), so
//! a match gives the same result on any number of threads.

use std::collections::HashSet;
use std::time::Instant;

use rand::RngExt;
use rayon::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::{Features, Game, GameExt, GameRng, MatchRules, ParseError, Role, Start, Status};
use crate::player::{Agent, PlayerSpec, SearchBudget};
use crate::record::{GameLog, Recorder};
use crate::stats::{Pentanomial, Wdl};
use crate::tunables::OPENING_ATTEMPTS;

/// How the games of a match start and end.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MatchSettings {
    /// Start names (or positions), used in turn by opening index.
    pub starts: Vec<String>,
    /// Random legal plies played from the start before the players take over.
    pub opening_plies: u32,
    /// Plies after which an unfinished game ends (draw or adjudication).
    pub ply_cap: u32,
    /// Overrides both players' search depth.
    pub depth: Option<u32>,
    /// Overrides both players' node budget per move; they deepen until it is spent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Both players search this many milliseconds per move, deepening until it is spent
    /// (not deterministic).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub move_time_ms: Option<u64>,
    /// Whether a game reaching the ply cap is adjudicated by the game's rule (Abalone:
    /// fewer marbles lost wins) instead of drawn.
    #[serde(default)]
    pub adjudicate: bool,
}

impl MatchSettings {
    /// The game's default start, `opening_plies` random plies and its default cap.
    pub fn defaults<G: Features>(opening_plies: u32) -> Self {
        MatchSettings {
            starts: vec![G::start_names()[0].to_string()],
            opening_plies,
            ply_cap: G::DEFAULT_PLY_CAP,
            depth: None,
            nodes: None,
            move_time_ms: None,
            adjudicate: false,
        }
    }

    /// The search budget both players get: the settings' depth, nodes and move time.
    pub fn budget(&self) -> SearchBudget {
        SearchBudget {
            depth: self.depth,
            nodes: self.nodes,
            move_time_ms: self.move_time_ms,
        }
    }

    /// The ply cap and adjudication the games are played under.
    pub fn rules(&self) -> MatchRules {
        MatchRules {
            ply_cap: self.ply_cap,
            adjudicate: self.adjudicate,
        }
    }

    /// Reads the starts once for game `G` (map files are read and parsed here, not for
    /// every game).
    pub fn openings<G: Features>(&self) -> Result<Openings<G>, ArenaError> {
        if self.starts.is_empty() {
            return Err(ArenaError::Settings("no start given".into()));
        }
        let starts = self
            .starts
            .iter()
            .map(|name| {
                let start = G::resolve_start(name).map_err(|source| ArenaError::Start {
                    start: name.clone(),
                    source,
                })?;
                Ok((name.clone(), start))
            })
            .collect::<Result<_, ArenaError>>()?;
        Ok(Openings {
            starts,
            plies: self.opening_plies,
            rules: self.rules(),
        })
    }
}

/// The openings of a match for game `G`: its starts read once (each with its name),
/// the random plies played from them, and the rules the games are played under.
#[derive(Clone, Debug)]
pub struct Openings<G> {
    starts: Vec<(String, Start<G>)>,
    plies: u32,
    rules: MatchRules,
}

impl<G> Openings<G> {
    /// The ply cap and adjudication the games are played under.
    pub fn rules(&self) -> MatchRules {
        self.rules
    }
}

/// A match that cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum ArenaError {
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

/// Plays a random opening: the start for `index`, then the openings' random legal plies
/// drawn from `rng`. Openings that end the game, or whose position is in `exclude`
/// (openings kept for another purpose), are drawn again.
pub fn opening<G: Features>(
    openings: &Openings<G>,
    index: u64,
    rng: &mut GameRng,
    exclude: Option<&HashSet<u64>>,
) -> Result<G, ArenaError> {
    let (name, start) = &openings.starts[(index % openings.starts.len() as u64) as usize];
    let rules = openings.rules;
    let mut moves = Vec::new();
    for _ in 0..OPENING_ATTEMPTS {
        let mut pos = start.draw(rng);
        for _ in 0..openings.plies {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv, rng);
        }
        if rules.status(&pos) == Status::Ongoing
            && !exclude.is_some_and(|e| e.contains(&pos.hash()))
        {
            return Ok(pos);
        }
    }
    Err(ArenaError::NoOpening {
        start: name.clone(),
        plies: openings.plies,
        attempts: OPENING_ATTEMPTS,
    })
}

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

/// Sees every ply of a game as it is played (game records, logs). The default methods
/// do nothing, so [`NoObserver`] costs nothing.
pub trait Observer<G: Game> {
    /// `mv` is about to be played in `before`.
    fn before_ply(&mut self, _before: &G, _mv: G::Move) {}
    /// The ply has been played (chance resolved); `after` is the new position.
    fn after_ply(&mut self, _after: &G) {}
}

/// An observer that looks at nothing.
pub struct NoObserver;

impl<G: Game> Observer<G> for NoObserver {}

/// Plays one game from `start` under `rules`: `agents[r]` plays role `r`; `observer`
/// sees every ply.
pub fn play_game<G: Features>(
    start: &G,
    agents: &mut [Agent<G>; 2],
    rules: &MatchRules,
    rng: &mut GameRng,
    observer: &mut dyn Observer<G>,
) -> GameEnd {
    let mut pos = start.clone();
    let first_ply = pos.ply();
    agents.iter_mut().for_each(Agent::new_game);
    loop {
        let status = rules.status(&pos);
        let plies = pos.ply() - first_ply;
        if status != Status::Ongoing {
            let reason = if pos.status() == Status::Ongoing {
                EndReason::PlyCap
            } else {
                EndReason::Rules
            };
            return GameEnd {
                status,
                plies,
                reason,
            };
        }
        let side = pos.side_to_move();
        match agents[side].choose(&pos, rng) {
            Ok(Some(mv)) => {
                observer.before_ply(&pos, mv);
                pos.play(mv, rng);
                observer.after_ply(&pos);
            }
            // No move while the game goes on: a game may allow it in principle; the
            // side that cannot move has nothing to play, which we score as a draw.
            Ok(None) => {
                return GameEnd {
                    status: Status::Draw,
                    plies,
                    reason: EndReason::NoMove,
                }
            }
            Err(fault) => {
                return GameEnd {
                    status: Status::Win(crate::game::other(side)),
                    plies,
                    reason: EndReason::Fault {
                        role: side,
                        kind: fault.kind,
                    },
                }
            }
        }
    }
}

/// Plays the pair of games from `start` under `rules`: A in role 0 then A in role 1.
/// `seed_parts` identify the pair; each game's RNG is derived from them and the game
/// index.
pub fn play_pair<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    start: &G,
    budget: SearchBudget,
    rules: MatchRules,
    seed_parts: &[u64],
) -> [GameRecord; 2] {
    play_pair_observed(
        a,
        b,
        start,
        budget,
        rules,
        seed_parts,
        [&mut NoObserver, &mut NoObserver],
    )
}

/// [`play_pair`], also writing both games down when `log` is set.
pub fn play_pair_logged<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    start: &G,
    budget: SearchBudget,
    rules: MatchRules,
    seed_parts: &[u64],
    log: bool,
) -> LoggedPair {
    if !log {
        return (play_pair(a, b, start, budget, rules, seed_parts), None);
    }
    let mut recorders = [Recorder::default(), Recorder::default()];
    let [r0, r1] = &mut recorders;
    let records = play_pair_observed(a, b, start, budget, rules, seed_parts, [r0, r1]);
    let [r0, r1] = recorders;
    let logs = [(0, r0), (1, r1)].map(|(j, recorder)| {
        let specs = if records[j].a_role == 0 {
            [a, b]
        } else {
            [b, a]
        };
        let mut parts = seed_parts.to_vec();
        parts.push(j as u64);
        recorder.finish(specs.map(PlayerSpec::name), parts, start, &records[j].end())
    });
    (records, Some(logs))
}

/// [`play_pair`], with `observers[j]` seeing every ply of game `j` (A in role `j`).
pub fn play_pair_observed<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    start: &G,
    budget: SearchBudget,
    rules: MatchRules,
    seed_parts: &[u64],
    observers: [&mut dyn Observer<G>; 2],
) -> [GameRecord; 2] {
    let mut records = [GameRecord::UNPLAYED; 2];
    for (j, (record, observer)) in records.iter_mut().zip(observers).enumerate() {
        let a_role: Role = j;
        let specs = if a_role == 0 { [a, b] } else { [b, a] };
        let mut agents = [
            Agent::with_budget(specs[0], 0, budget, rules),
            Agent::with_budget(specs[1], 1, budget, rules),
        ];
        let mut parts = seed_parts.to_vec();
        parts.push(j as u64);
        let mut rng = crate::seeds::rng(crate::seeds::Stream::Game, &parts);
        let t0 = Instant::now();
        let end = play_game(start, &mut agents, &rules, &mut rng, observer);
        *record = GameRecord {
            a_role,
            a_score: end.status.score_for(a_role).unwrap_or(0.5),
            plies: end.plies,
            seconds: t0.elapsed().as_secs_f64(),
            reason: end.reason,
        };
    }
    records
}

/// The totals of a match from A's point of view.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MatchResult {
    /// A's wins, draws and losses.
    pub wdl: Wdl,
    /// A's record in each role.
    pub by_role: [Wdl; 2],
    /// Pair scores.
    pub ptnml: Pentanomial,
    /// Plies played in all games.
    pub plies: u64,
    /// Seconds spent in games (summed over threads).
    pub seconds: f64,
    /// Games lost off the board, by player (A, B) and kind.
    #[serde(default)]
    pub faults: [FaultCounts; 2],
}

impl MatchResult {
    /// Adds a pair's games.
    pub fn add_pair(&mut self, pair: &[GameRecord; 2]) {
        self.ptnml.add_pair(pair[0].a_score, pair[1].a_score);
        for g in pair {
            self.wdl.add(g.a_score);
            self.by_role[g.a_role].add(g.a_score);
            self.plies += g.plies as u64;
            self.seconds += g.seconds;
            if let EndReason::Fault { role, kind } = g.reason {
                self.faults[usize::from(role != g.a_role)].add(kind);
            }
        }
    }

    /// Games played.
    pub fn games(&self) -> u64 {
        self.wdl.games()
    }
}

/// Plays `pairs` pairs of A against B in parallel on rayon's pool. Opening `i` is seeded
/// from (`seed`, i) and its games from (`seed`, i, game). `on_game` is called after every
/// game (for a progress bar).
pub fn run_match<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    settings: &MatchSettings,
    seed: u64,
    pairs: u64,
    on_game: &(dyn Fn() + Sync),
) -> Result<MatchResult, ArenaError> {
    let openings = settings.openings::<G>()?;
    let played = play_pairs(a, b, settings, &openings, seed, 0..pairs, false, on_game)?;
    let mut result = MatchResult::default();
    for (pair, _) in &played {
        result.add_pair(pair);
    }
    Ok(result)
}

/// A pair's games and, when asked for, their records.
pub type LoggedPair = ([GameRecord; 2], Option<[GameLog; 2]>);

/// The pairs numbered `range` of a match (in order), played in parallel; each with its
/// game records when `log` is set. Pair `i` is the same whatever range it is played in.
#[allow(clippy::too_many_arguments)]
pub fn play_pairs<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    settings: &MatchSettings,
    openings: &Openings<G>,
    seed: u64,
    range: std::ops::Range<u64>,
    log: bool,
    on_game: &(dyn Fn() + Sync),
) -> Result<Vec<LoggedPair>, ArenaError> {
    range
        .into_par_iter()
        .map(|i| {
            let pair = play_numbered_pair(a, b, settings, openings, seed, i, log)?;
            on_game();
            on_game();
            Ok(pair)
        })
        .collect()
}

/// Pair `i` of a match: its opening seeded from (`seed`, i), its games from (`seed`, i,
/// game), with their records when `log` is set.
pub fn play_numbered_pair<G: Features>(
    a: &PlayerSpec,
    b: &PlayerSpec,
    settings: &MatchSettings,
    openings: &Openings<G>,
    seed: u64,
    i: u64,
    log: bool,
) -> Result<LoggedPair, ArenaError> {
    let mut rng = crate::seeds::rng(crate::seeds::Stream::Opening, &[seed, i]);
    let start = opening(openings, i, &mut rng, None)?;
    Ok(play_pair_logged(
        a,
        b,
        &start,
        settings.budget(),
        openings.rules,
        &[seed, i],
        log,
    ))
}
