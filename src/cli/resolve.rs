//! The resolution step between the raw flags ([`super::args`]) and the library: each
//! command's flags are checked against `weightforge::limits` and laid on the game's
//! defaults here, so a command only calls the library with the resolved settings and
//! prints. `match` and `tournament` share one mapping ([`series`]), the `vvw` commands
//! one reading of their time limits ([`seconds`]). `evolve`, whose flags are read
//! with its experiment or checkpoint, is resolved in [`super::resolve_evolve`].

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use weightforge::game::Features;
use weightforge::games::vampires_werewolves::{Map, VvwPosition};
use weightforge::genome::Genome;
use weightforge::limits;
use weightforge::matches::settings::MatchSettings;
use weightforge::player::PlayerSpec;
use weightforge::sprt::SprtSpec;
use weightforge::tournament::{self, Entrant, TournamentSettings};
use weightforge::tunables::{DEFAULT_OPENING_PLIES, VVW_ARENA_EXIT_GRACE_SECS};
use weightforge::vvw_tcp::client::ClientConfig;
use weightforge::vvw_tcp::launch::{ClientTemplate, LaunchConfig};
use weightforge::vvw_tcp::series::MapSource;
use weightforge::vvw_tcp::server::ServerConfig;

use super::args::{ArenaArgs, ClientArgs, MatchArgs, ServerArgs, TournamentArgs};
use super::checks::check_flag;

/// The flags of a series of games that `match` and `tournament` share, as typed.
struct SeriesFlags<'a> {
    games: u64,
    seed: u64,
    depth: Option<u32>,
    nodes: Option<u64>,
    move_time: Option<u64>,
    opening_plies: Option<u32>,
    ply_cap: Option<u32>,
    starts: &'a [String],
    adjudicate: bool,
    record: Option<&'a PathBuf>,
    quiet: bool,
}

/// A series of games, resolved: what `match` and `tournament` play.
pub struct Series {
    /// Games to play (`match`: in pairs; `tournament`: per ordered pair of players).
    pub games: u64,
    /// The seed the openings and in-game randomness derive from.
    pub seed: u64,
    /// Starts, opening plies, ply cap, search budget and adjudication.
    pub settings: MatchSettings,
    /// Where to write every game (`--record`).
    pub record: Option<PathBuf>,
    /// No progress bar.
    pub quiet: bool,
}

/// Checks the shared flags and lays them on the game's `defaults`: the one mapping from
/// flags to the settings a series of games is played under.
fn series(flags: SeriesFlags, defaults: MatchSettings) -> Result<Series> {
    check_flag("--games", flags.games, &limits::GAMES)?;
    check_play_flags(flags.depth, flags.ply_cap, flags.opening_plies)?;
    check_budget_flags(flags.nodes, flags.move_time)?;
    let mut settings = defaults;
    if let Some(plies) = flags.opening_plies {
        settings.opening_plies = plies;
    }
    if let Some(cap) = flags.ply_cap {
        settings.ply_cap = cap;
    }
    if !flags.starts.is_empty() {
        settings.starts = flags.starts.to_vec();
    }
    settings.depth = flags.depth;
    settings.nodes = flags.nodes;
    settings.move_time_ms = flags.move_time;
    settings.adjudicate = flags.adjudicate;
    writable("--record", flags.record)?;
    Ok(Series {
        games: flags.games,
        seed: flags.seed,
        settings,
        record: flags.record.cloned(),
        quiet: flags.quiet,
    })
}

/// `match`, resolved.
pub struct Match {
    /// Player A (with `--same-search`, searching with B's settings).
    pub a: PlayerSpec,
    /// Player B.
    pub b: PlayerSpec,
    /// The games and their settings.
    pub series: Series,
    /// The sequential test that may stop the match early (`--sprt`).
    pub sprt: Option<SprtSpec>,
}

/// Resolves the flags of `match` for game `G`.
pub fn match_flags<G: Features>(a: &MatchArgs) -> Result<Match> {
    if a.games == 0 {
        bail!("--games must be at least 2 (one pair)");
    }
    if a.games % 2 != 0 {
        bail!("--games must be even: each opening is played twice with the roles swapped");
    }
    let flags = SeriesFlags {
        games: a.games,
        seed: a.seed,
        depth: a.depth,
        nodes: a.nodes,
        move_time: a.move_time,
        opening_plies: a.opening_plies,
        ply_cap: a.ply_cap,
        starts: &a.starts,
        adjudicate: a.adjudicate,
        record: a.record.as_ref(),
        quiet: a.quiet,
    };
    let series = series(flags, MatchSettings::defaults::<G>(DEFAULT_OPENING_PLIES))?;
    let sprt = a
        .sprt
        .as_deref()
        .map(SprtSpec::parse)
        .transpose()
        .map_err(|e| anyhow::anyhow!("--sprt: {e}"))?;
    let (pa, pb) = match_players::<G>(a)?;
    Ok(Match {
        a: pa,
        b: pb,
        series,
        sprt,
    })
}

/// Players A and B of a match; with `--same-search` A searches with B's depths.
fn match_players<G: Features>(a: &MatchArgs) -> Result<(PlayerSpec, PlayerSpec)> {
    let pa = PlayerSpec::resolve::<G>(&a.a).with_context(|| format!("player A ({})", a.a))?;
    let pb = PlayerSpec::resolve::<G>(&a.b).with_context(|| format!("player B ({})", a.b))?;
    let mut both = [pa, pb];
    PlayerSpec::distinct_names(&mut both);
    let [pa, pb] = both;
    if !a.same_search {
        return Ok((pa, pb));
    }
    match (&pa, &pb) {
        (PlayerSpec::Genome(ga), PlayerSpec::Genome(gb)) => {
            let same = PlayerSpec::Genome(Arc::new(Genome {
                depth: gb.depth,
                nodes: gb.nodes,
                ..(**ga).clone()
            }));
            Ok((same, pb))
        }
        _ => bail!("--same-search needs two genomes (a built-in random player does not search)"),
    }
}

/// `tournament`, resolved.
pub struct Tournament {
    /// The players, in the order given.
    pub players: Vec<Entrant>,
    /// Games per ordered pair, the seed and the games' settings.
    pub settings: TournamentSettings,
    /// Where to write every game (`--record`).
    pub record: Option<PathBuf>,
    /// Where to write the table as CSV (`--csv`).
    pub csv: Option<PathBuf>,
    /// No progress bar.
    pub quiet: bool,
}

/// Resolves the flags of `tournament` for game `G`.
pub fn tournament_flags<G: Features>(a: &TournamentArgs) -> Result<Tournament> {
    if a.games == 0 {
        bail!("--games must be at least 1 (games per ordered pair of players)");
    }
    let flags = SeriesFlags {
        games: a.games,
        seed: a.seed,
        depth: None,
        nodes: a.nodes,
        move_time: a.move_time,
        opening_plies: a.opening_plies,
        ply_cap: a.ply_cap,
        starts: &[],
        adjudicate: false,
        record: a.record.as_ref(),
        quiet: a.quiet,
    };
    let defaults = TournamentSettings::defaults::<G>(a.games, a.seed).openings;
    let series = series(flags, defaults)?;
    let players = tournament::resolve_players::<G>(&a.players)?;
    Ok(Tournament {
        players,
        settings: TournamentSettings {
            games: series.games,
            seed: series.seed,
            openings: series.settings,
        },
        record: series.record,
        csv: {
            writable("--csv", a.csv.as_ref())?;
            a.csv.clone()
        },
        quiet: series.quiet,
    })
}

/// Checks the optional flags every command that plays games shares.
pub(super) fn check_play_flags(
    depth: Option<u32>,
    ply_cap: Option<u32>,
    plies: Option<u32>,
) -> Result<()> {
    if let Some(d) = depth {
        check_flag("--depth", d.into(), &limits::DEPTH)?;
    }
    if let Some(c) = ply_cap {
        check_flag("--ply-cap", c.into(), &limits::PLY_CAP)?;
    }
    if let Some(p) = plies {
        check_flag("--opening-plies", p.into(), &limits::OPENING_PLIES)?;
    }
    Ok(())
}

/// Checks `--nodes` and `--move-time` of the commands that play matches.
fn check_budget_flags(nodes: Option<u64>, move_time: Option<u64>) -> Result<()> {
    if let Some(n) = nodes {
        check_flag("--nodes", n, &limits::NODES)?;
    }
    if let Some(t) = move_time {
        check_flag("--move-time", t, &limits::MOVE_TIME_MS)?;
    }
    if nodes.is_some() && move_time.is_some() {
        bail!("--nodes and --move-time: give one budget per move, not both");
    }
    Ok(())
}

/// `--<flag>` in seconds, checked against the time limits' bounds.
fn seconds(flag: &str, v: f64) -> Result<Duration> {
    limits::SECONDS
        .check(v)
        .map_err(|e| anyhow::anyhow!("--{flag}: {e}"))?;
    Ok(Duration::from_secs_f64(v))
}

/// `--move-time` in seconds: a time limit, and more than zero.
fn move_time(v: f64) -> Result<Duration> {
    let t = seconds("move-time", v)?;
    if t.is_zero() {
        bail!("--move-time must be positive");
    }
    Ok(t)
}

/// `--max-plays` of our server: both players' plies together.
fn max_plays(v: u32) -> Result<u32> {
    check_flag("--max-plays", v.into(), &limits::MAX_PLAYS)?;
    Ok(v)
}

/// `vvw client`, resolved.
pub struct Client {
    /// The player.
    pub player: PlayerSpec,
    /// The server's `host:port`.
    pub addr: String,
    /// How the client plays (without a printer of its answers: the command's choice).
    pub config: ClientConfig,
}

/// Resolves the flags of `vvw client`.
pub fn client_flags(a: &ClientArgs) -> Result<Client> {
    let player = PlayerSpec::resolve::<VvwPosition>(&a.genome)
        .with_context(|| format!("--genome {}", a.genome))?;
    let move_time = move_time(a.move_time)?;
    if let Some(d) = a.depth {
        check_flag("--depth", d.into(), &limits::DEPTH)?;
    }
    let config = ClientConfig {
        name: a.name.clone(),
        move_time,
        max_depth: a.depth,
        max_plays: a.max_plays,
        idle_timeout: a
            .idle_timeout
            .map(|t| seconds("idle-timeout", t))
            .transpose()?,
        seed: a.seed,
        ..ClientConfig::default()
    };
    Ok(Client {
        player,
        addr: format!("{}:{}", a.host, a.port),
        config,
    })
}

/// Resolves the flags of `vvw server`: the map and how the server runs the game
/// (without a printer of its plies: the command's choice).
pub fn server_flags(a: &ServerArgs) -> Result<(Map, ServerConfig)> {
    let map = Map::load(&a.map).with_context(|| format!("--map {}", a.map))?;
    map.check_playable()
        .map_err(|m| anyhow::anyhow!("--map {}: {m}", a.map))?;
    let move_time = move_time(a.move_time)?;
    let config = ServerConfig {
        max_plays: max_plays(a.max_plays)?,
        move_time,
        game_duration: (a.game_time > 0).then(|| Duration::from_secs(a.game_time)),
        welcome_pause: seconds("welcome-pause", a.welcome_pause)?,
        end_pause: seconds("end-pause", a.end_pause)?,
        setup_timeout: a
            .setup_timeout
            .map(|t| seconds("setup-timeout", t))
            .transpose()?,
        seed: a.seed,
        record_history: false,
        on_ply: None,
    };
    Ok((map, config))
}

/// `vvw arena`, resolved.
pub struct Arena {
    /// The command lines of clients A and B.
    pub clients: [ClientTemplate; 2],
    /// The maps, used in turn by pair.
    pub maps: Vec<MapSource>,
    /// How the server runs each game and waits for the clients.
    pub config: LaunchConfig,
}

/// Resolves the flags of `vvw arena`.
pub fn arena_flags(a: &ArenaArgs) -> Result<Arena> {
    if a.games == 0 || a.games % 2 != 0 {
        bail!("--games must be even and at least 2: each map is played twice, species swapped");
    }
    check_flag("--games", a.games, &limits::GAMES)?;
    let max_plays = max_plays(a.max_plays)?;
    let move_time = move_time(a.move_time)?;
    let clients = [
        ClientTemplate::parse(&a.a).context("--a")?,
        ClientTemplate::parse(&a.b).context("--b")?,
    ];
    let mut maps = Vec::new();
    for entry in &a.maps {
        maps.extend(MapSource::resolve(entry).context("--maps")?);
    }
    let config = LaunchConfig {
        server: ServerConfig {
            max_plays,
            move_time,
            game_duration: (a.game_time > 0).then(|| Duration::from_secs(a.game_time)),
            welcome_pause: seconds("welcome-pause", a.welcome_pause)?,
            end_pause: Duration::ZERO,
            setup_timeout: Some(seconds("connect-timeout", a.connect_timeout)?),
            ..ServerConfig::default()
        },
        connect_timeout: seconds("connect-timeout", a.connect_timeout)?,
        exit_grace: Duration::from_secs_f64(VVW_ARENA_EXIT_GRACE_SECS),
    };
    Ok(Arena {
        clients,
        maps,
        config,
    })
}

/// An output path checked before the first game, so a bad `--record` or `--csv` fails
/// at once instead of after every game is played.
fn writable(flag: &str, path: Option<&PathBuf>) -> Result<()> {
    if let Some(p) = path {
        weightforge::fsutil::check_writable(p)
            .with_context(|| format!("{flag} {}: cannot be written", p.display()))?;
    }
    Ok(())
}
