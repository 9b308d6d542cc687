//! Round-robin tournaments, as the War of Life coursework tabulates them: every ordered
//! pair of players (P1, P2), a player against itself included, plays `games` games with
//! P1 in the first role and P2 in the second. Each row of the table holds the games, P1's
//! wins, P2's wins, the draws, the average game length in plies (the coursework's
//! "moves") and the average wall-clock time of a game.
//!
//! Game `k` of every pairing starts from the same opening: the start drawn from the
//! tournament seed and `k` (exactly the opening `k` of a `weightforge match` with the
//! same seed and settings), then the settings' random opening plies. War of Life's
//! random start is its opening, so it plays none; games with fixed starts get a few
//! random plies as matches do ([`TournamentSettings::defaults`]). The moves
//! of game `k` between players `i` and `j` are seeded from (seed, k, i, j), so every
//! row except the timing is a pure function of the seed and the players, whatever the
//! number of threads.

use std::fmt::Write as _;

use rayon::prelude::*;

use crate::game::{Features, Start, Status};
use crate::matches::one_game::{play_one, PlayedGame, Seating};
use crate::matches::settings::MatchSettings;
use crate::played_game::{EndReason, FaultCounts, NoObserver, SetupError};
use crate::player::{PlayerError, PlayerSpec};
use crate::record::{GameLog, Recorder};
use crate::seeds::{self, GameSeed};
use crate::tunables::DEFAULT_OPENING_PLIES;

/// The CSV header of a tournament table.
pub const CSV_HEADER: &str = "p1,p2,games,p1_wins,p2_wins,draws,avg_length,avg_time_s";

/// A player of a tournament: its name in the table and what it is.
#[derive(Clone, Debug, PartialEq)]
pub struct Entrant {
    /// The name as given: a built-in player's strategy name or a genome file path.
    pub name: String,
    /// The player.
    pub spec: PlayerSpec,
}

/// How the games of a tournament start and end.
#[derive(Clone, Debug, PartialEq)]
pub struct TournamentSettings {
    /// Games per ordered pair.
    pub games: u64,
    /// The tournament seed: openings and in-game randomness derive from it.
    pub seed: u64,
    /// Starts, random opening plies, ply cap (the search depth override is not used:
    /// every player searches at its own depth).
    pub openings: MatchSettings,
}

impl TournamentSettings {
    /// `games` games per ordered pair from the game's default start and ply cap. A game
    /// whose default start is drawn at random (War of Life's `random`) plays no random
    /// opening plies: the start is the opening, as in the coursework's referee. Other
    /// games get [`DEFAULT_OPENING_PLIES`] random plies, as matches do.
    pub fn defaults<G: Features>(games: u64, seed: u64) -> Self {
        let default_start = G::named_start(G::start_names()[0]);
        let plies = if matches!(default_start, Some(Start::Random(_))) {
            0
        } else {
            DEFAULT_OPENING_PLIES
        };
        TournamentSettings {
            games,
            seed,
            openings: MatchSettings::defaults::<G>(plies),
        }
    }
}

/// One row of the table: P1 (first role) against P2 (second role).
#[derive(Clone, Debug, PartialEq)]
pub struct Row {
    /// The player in the first role.
    pub p1: String,
    /// The player in the second role.
    pub p2: String,
    /// Games played.
    pub games: u64,
    /// Games P1 won.
    pub p1_wins: u64,
    /// Games P2 won.
    pub p2_wins: u64,
    /// Drawn games (of any kind: no pieces, stalemate, move limit).
    pub draws: u64,
    /// Mean plies per game played by the two players (after the random opening plies,
    /// if any).
    pub avg_length: f64,
    /// Mean wall-clock seconds per game (the only field that is not a function of the
    /// seed).
    pub avg_time_s: f64,
    /// Games P1 and P2 lost off the board (outside engines), by kind.
    pub faults: [FaultCounts; 2],
}

impl Row {
    /// The row as a CSV line (no newline), fields in [`CSV_HEADER`] order.
    pub fn csv_line(&self) -> String {
        format!(
            "{},{},{},{},{},{},{:.3},{:.6}",
            csv_field(&self.p1),
            csv_field(&self.p2),
            self.games,
            self.p1_wins,
            self.p2_wins,
            self.draws,
            self.avg_length,
            self.avg_time_s
        )
    }
}

/// A CSV field, quoted when it holds a comma, a quote or a line break.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

/// The whole table as CSV text: the header, then one line per row.
pub fn to_csv(rows: &[Row]) -> String {
    let mut s = String::with_capacity(64 * (rows.len() + 1));
    s.push_str(CSV_HEADER);
    s.push('\n');
    for r in rows {
        s.push_str(&r.csv_line());
        s.push('\n');
    }
    s
}

/// The table as the coursework prints it: P1 strategy, P2 strategy, games played, P1
/// wins, P2 wins, draws, average game length (moves), average game time (seconds).
pub fn to_table(rows: &[Row]) -> String {
    let w1 = rows
        .iter()
        .map(|r| r.p1.len())
        .chain([11])
        .max()
        .unwrap_or(11);
    let w2 = rows
        .iter()
        .map(|r| r.p2.len())
        .chain([11])
        .max()
        .unwrap_or(11);
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{:<w1$}  {:<w2$}  {:>6}  {:>7}  {:>7}  {:>6}  {:>13}  {:>12}",
        "P1 strategy",
        "P2 strategy",
        "games",
        "P1 wins",
        "P2 wins",
        "draws",
        "avg length",
        "avg time (s)"
    );
    for r in rows {
        let _ = writeln!(
            s,
            "{:<w1$}  {:<w2$}  {:>6}  {:>7}  {:>7}  {:>6}  {:>13.2}  {:>12.6}",
            r.p1, r.p2, r.games, r.p1_wins, r.p2_wins, r.draws, r.avg_length, r.avg_time_s
        );
    }
    s
}

/// A tournament that cannot be played.
#[derive(Debug, thiserror::Error)]
pub enum TournamentError {
    /// No players were named.
    #[error("a tournament needs at least one player")]
    NoPlayers,
    /// Zero games per pairing.
    #[error("games per pairing must be at least 1")]
    NoGames,
    /// A player name does not resolve.
    #[error("player {position} ({name:?}): {source}")]
    Player {
        /// 1-based position among the players named.
        position: usize,
        /// The name given.
        name: String,
        /// Why it does not resolve.
        source: PlayerError,
    },
    /// The openings cannot be drawn.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// Resolves player names for game `G` (see [`PlayerSpec::resolve`]); each keeps the
/// name it was given for the table.
pub fn resolve_players<G: Features>(names: &[String]) -> Result<Vec<Entrant>, TournamentError> {
    if names.is_empty() {
        return Err(TournamentError::NoPlayers);
    }
    names
        .iter()
        .enumerate()
        .map(|(i, name)| {
            let spec =
                PlayerSpec::resolve::<G>(name).map_err(|source| TournamentError::Player {
                    position: i + 1,
                    name: name.clone(),
                    source,
                })?;
            Ok(Entrant {
                name: name.clone(),
                spec,
            })
        })
        .collect()
}

/// Faults of P1 and P2 in a pairing's games.
fn count_faults(games: &[Played]) -> [FaultCounts; 2] {
    let mut counts = [FaultCounts::default(); 2];
    for g in games {
        if let EndReason::Fault { role, kind } = g.0.end.reason {
            counts[role].add(kind);
        }
    }
    counts
}

/// The fault lines of a table: `<p1> vs <p2> faults: P1 2 loses on time` for each
/// pairing with faults.
pub fn fault_lines(rows: &[Row]) -> Vec<String> {
    rows.iter()
        .filter_map(|r| {
            let line = crate::played_game::faults_line(["P1", "P2"], &r.faults)?;
            Some(format!("{} vs {} {line}", r.p1, r.p2))
        })
        .collect()
}

/// Plays the round robin in parallel on rayon's pool and returns one row per ordered
/// pair, P1 in the outer order of `players` and P2 in the inner, with every game written
/// down (in the rows' order) when `log` is set. `on_game` is called after every game
/// (for a progress bar).
pub fn run<G: Features>(
    players: &[Entrant],
    settings: &TournamentSettings,
    log: bool,
    on_game: &(dyn Fn() + Sync),
) -> Result<(Vec<Row>, Vec<GameLog>), TournamentError> {
    if players.is_empty() {
        return Err(TournamentError::NoPlayers);
    }
    if settings.games == 0 {
        return Err(TournamentError::NoGames);
    }
    let (n, games) = (players.len() as u64, settings.games);
    // The openings, shared by every pairing (common random numbers).
    let openings = settings.openings.openings::<G>()?;
    let starts: Vec<G> = (0..games)
        .into_par_iter()
        .map(|k| openings.draw(k, &mut seeds::opening(settings.seed, k), None))
        .collect::<Result<_, SetupError>>()?;
    let budget = settings.openings.budget();
    let played: Vec<Played> = (0..n * n * games)
        .into_par_iter()
        .map(|t| {
            let (pair, k) = (t / games, t % games);
            let (i, j) = ((pair / n) as usize, (pair % n) as usize);
            let seating = Seating {
                players: [&players[i].spec, &players[j].spec],
                budget,
                rules: openings.rules(),
            };
            let seed = seeds::tournament_game(settings.seed, k, i, j);
            let names = [players[i].name.clone(), players[j].name.clone()];
            let game = play_logged(&seating, &starts[k as usize], seed, log.then_some(names));
            on_game();
            game
        })
        .collect();
    let logs = played.iter().filter_map(|p| p.1.clone()).collect();
    let rows = played
        .chunks(games as usize)
        .enumerate()
        .map(|(pair, chunk)| row(players, pair, chunk))
        .collect();
    Ok((rows, logs))
}

/// A game of the round robin, and its record when it was written down.
type Played = (PlayedGame, Option<GameLog>);

/// One game from `start` seeded by `seed`, written down under `names` when given.
fn play_logged<G: Features>(
    seating: &Seating,
    start: &G,
    seed: GameSeed,
    names: Option<[String; 2]>,
) -> Played {
    let Some(names) = names else {
        return (play_one(seating, start, &seed, &mut NoObserver), None);
    };
    let mut recorder = Recorder::default();
    let game = play_one(seating, start, &seed, &mut recorder);
    let log = recorder.finish(names, seed.into_parts(), start, &game.end);
    (game, Some(log))
}

/// The row of ordered pair number `pair` (P1 `pair / n`, P2 `pair % n`) from its games.
fn row(players: &[Entrant], pair: usize, chunk: &[Played]) -> Row {
    let n = players.len();
    let (i, j) = (pair / n, pair % n);
    let count = |s: Status| chunk.iter().filter(|g| g.0.end.status == s).count() as u64;
    let g = chunk.len() as f64;
    Row {
        p1: players[i].name.clone(),
        p2: players[j].name.clone(),
        games: chunk.len() as u64,
        p1_wins: count(Status::Win(0)),
        p2_wins: count(Status::Win(1)),
        draws: count(Status::Draw),
        avg_length: chunk.iter().map(|g| g.0.end.plies as f64).sum::<f64>() / g,
        avg_time_s: chunk.iter().map(|g| g.0.seconds).sum::<f64>() / g,
        faults: count_faults(chunk),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(p1: &str) -> Row {
        Row {
            p1: p1.into(),
            p2: "random".into(),
            games: 10,
            p1_wins: 6,
            p2_wins: 3,
            draws: 1,
            avg_length: 11.5,
            avg_time_s: 0.25,
            faults: Default::default(),
        }
    }

    #[test]
    fn csv_has_the_header_and_quotes_odd_names() {
        let csv = to_csv(&[row("land_grab"), row("my,genome.ron")]);
        let lines: Vec<&str> = csv.lines().collect();
        assert_eq!(lines[0], CSV_HEADER);
        assert_eq!(lines[1], "land_grab,random,10,6,3,1,11.500,0.250000");
        assert_eq!(
            lines[2],
            "\"my,genome.ron\",random,10,6,3,1,11.500,0.250000"
        );
        assert_eq!(csv_field("a\"b"), "\"a\"\"b\"");
    }

    #[test]
    fn table_lists_every_row_under_the_coursework_columns() {
        let t = to_table(&[row("land_grab"), row("minimax")]);
        let lines: Vec<&str> = t.lines().collect();
        assert_eq!(lines.len(), 3);
        for col in ["P1 strategy", "P2 strategy", "games", "P1 wins", "draws"] {
            assert!(lines[0].contains(col), "{col}");
        }
        assert!(lines[2].starts_with("minimax"));
        assert!(lines[2].contains("11.50"));
    }
}
