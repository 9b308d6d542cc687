//! `vvw arena`: a series of games between two TCP clients given as commands (ours or
//! any team's), refereed by our server: pair `i` is played on map `i` (cycling through
//! the list) twice, client A as the vampires and then as the werewolves, and the games
//! add up in the match runner's types ([`GameRecord`], [`MatchResult`]) to the same
//! W/D/L, pentanomial and fault counts as an in-process match.
//!
//! A built-in `random` map of pair `i` is drawn exactly as `match --start random
//! --opening-plies 0` draws opening `i`, so the in-process match of the same players
//! meets the same maps.

use std::path::Path;
use std::time::Instant;

use rand::RngExt;

use super::launch::{self, ClientTemplate, LaunchConfig, LaunchError, RefereedGame};
use crate::game::{Game, Role};
use crate::games::vampires_werewolves::map::MapLoadError;
use crate::games::vampires_werewolves::{starts, Map, VvwPosition};
use crate::matches::result::MatchResult;
use crate::played_game::{EndReason, GameRecord};
use crate::seeds;

/// Where the maps of the pairs come from.
#[derive(Clone, Debug)]
pub enum MapSource {
    /// A map read once (a file or the built-in `duel`), with its name.
    Fixed(String, Map),
    /// A random point-symmetric map drawn for each pair (the built-in `random`).
    Random,
}

/// A map list entry that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum MapListError {
    /// A map file is unreadable, malformed or unplayable.
    #[error("map {name}: {why}")]
    Map {
        /// The file.
        name: String,
        /// Why.
        why: String,
    },
    /// A folder holds no `.xml` file, or the list is empty.
    #[error("{0}")]
    Empty(String),
}

impl MapSource {
    /// Reads a list entry: `duel`, `random`, a `.xml` map file or a folder of them
    /// (every `.xml` file in it, by name).
    pub fn resolve(entry: &str) -> Result<Vec<MapSource>, MapListError> {
        match entry {
            "duel" => return Ok(vec![MapSource::Fixed("duel".into(), starts::duel())]),
            "random" => return Ok(vec![MapSource::Random]),
            _ => {}
        }
        let path = Path::new(entry);
        if !path.is_dir() {
            return Ok(vec![MapSource::Fixed(entry.into(), load(path)?)]);
        }
        let listing = std::fs::read_dir(path).map_err(|e| MapListError::Map {
            name: entry.into(),
            why: e.to_string(),
        })?;
        let mut files: Vec<_> = listing
            .filter_map(|e| e.ok().map(|e| e.path()))
            .filter(|p| p.extension().is_some_and(|x| x == "xml"))
            .collect();
        files.sort();
        if files.is_empty() {
            return Err(MapListError::Empty(format!(
                "folder {entry} holds no .xml map"
            )));
        }
        files
            .iter()
            .map(|f| Ok(MapSource::Fixed(f.display().to_string(), load(f)?)))
            .collect()
    }

    /// The map of pair `pair` of a series seeded with `seed`.
    pub fn draw(&self, seed: u64, pair: u64) -> Map {
        match self {
            MapSource::Fixed(_, map) => map.clone(),
            MapSource::Random => starts::random_map(&mut seeds::opening(seed, pair)),
        }
    }
}

fn load(path: &Path) -> Result<Map, MapListError> {
    let bad = |why: String| MapListError::Map {
        name: path.display().to_string(),
        why,
    };
    let map = Map::load(path).map_err(|e: MapLoadError| bad(e.to_string()))?;
    map.check_playable().map_err(bad)?;
    Ok(map)
}

/// What a series gave: the totals from A's point of view, the late answers (plies
/// skipped, not lost) of A and B, and a line for every fault.
#[derive(Clone, Debug, Default)]
pub struct SeriesResult {
    /// W/D/L, by role, pentanomial, plies, game-losing faults of A and B.
    pub result: MatchResult,
    /// Late answers of A and B.
    pub late: [u64; 2],
    /// `game 3: B (werewolves) protocol error: sent "XYZ" instead of MOV`.
    pub fault_log: Vec<String>,
}

/// Plays `pairs` pairs between A and B, pair `i` on `maps[i % len]`; `on_game` is
/// called after every game. The server's battle draws are seeded from (`seed`, pair,
/// game).
pub fn run_series(
    clients: [&ClientTemplate; 2],
    maps: &[MapSource],
    config: &LaunchConfig,
    seed: u64,
    pairs: u64,
    on_game: &dyn Fn(),
) -> Result<SeriesResult, LaunchError> {
    if maps.is_empty() {
        return Err(LaunchError::Template {
            template: String::new(),
            why: "no map to play on".into(),
        });
    }
    let mut out = SeriesResult::default();
    for i in 0..pairs {
        let map = maps[(i % maps.len() as u64) as usize].draw(seed, i);
        let mut pair = [GameRecord::UNPLAYED; 2];
        for (j, record) in pair.iter_mut().enumerate() {
            let a_role: Role = j;
            let seated = if a_role == 0 {
                clients
            } else {
                [clients[1], clients[0]]
            };
            let mut server = config.server.clone();
            server.seed = seeds::match_pair(seed, i).game(j).rng().random();
            let config = LaunchConfig {
                server,
                ..config.clone()
            };
            let t0 = Instant::now();
            let game = launch::play_game(&map, seated, &config)?;
            *record = GameRecord::of(&game.end, a_role, t0.elapsed().as_secs_f64());
            note(&mut out, &game, a_role, 2 * i + j as u64 + 1);
            on_game();
        }
        out.result.add_pair(&pair);
    }
    Ok(out)
}

/// Adds a game's late answers and its fault line.
fn note(out: &mut SeriesResult, game: &RefereedGame, a_role: Role, number: u64) {
    for (role, &n) in game.late.iter().enumerate() {
        out.late[usize::from(role != a_role)] += n;
    }
    if let (EndReason::Fault { role, kind }, Some(detail)) = (game.end.reason, &game.detail) {
        let who = if role == a_role { "A" } else { "B" };
        let species = <VvwPosition as Game>::ROLES[role];
        out.fault_log.push(format!(
            "game {number}: {who} ({species}) {}: {detail}",
            kind.words()
        ));
    }
}
