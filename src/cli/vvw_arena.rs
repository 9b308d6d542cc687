//! `weightforge vvw arena`: our server referees a series of games between two client
//! programs (any team's), and prints the score as `match` does.

use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use clap::Args;
use weightforge::game::Game;
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::played_game::FaultCounts;
use weightforge::stats;
use weightforge::tunables::{
    VVW_ARENA_EXIT_GRACE_SECS, VVW_ARENA_WELCOME_PAUSE_SECS, VVW_CONNECT_TIMEOUT_SECS,
    VVW_MOVE_TIME_SECS,
};
use weightforge::vvw_tcp::launch::{ClientTemplate, LaunchConfig};
use weightforge::vvw_tcp::series::{self, MapSource, SeriesResult};
use weightforge::vvw_tcp::server::ServerConfig;

use super::progress;
use super::vvw::seconds;

#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Client A's command line; `{host}` and `{port}` are filled in (and `{move_time}`,
    /// in seconds), e.g. "weightforge vvw client --genome tuned.ron --move-time
    /// {move_time} {host} {port}".
    #[arg(long = "a", value_name = "COMMAND")]
    pub a: String,
    /// Client B's command line, e.g. "python3 client.py {host} {port}".
    #[arg(long = "b", value_name = "COMMAND")]
    pub b: String,
    /// Games to play (an even number: each map is played twice, species swapped).
    #[arg(long, default_value_t = 20)]
    pub games: u64,
    /// Maps, comma-separated, used in turn by pair: `.xml` map files, folders of them,
    /// `duel` or `random` (a point-symmetric map drawn per pair, the same as
    /// `match --start random --opening-plies 0` draws with the same seed).
    #[arg(long, value_delimiter = ',', default_value = "duel,random")]
    pub maps: Vec<String>,
    /// Seconds a client has to answer an UPD (the tournament's 2 s); a late answer
    /// skips the ply and is counted.
    #[arg(long, default_value_t = VVW_MOVE_TIME_SECS)]
    pub move_time: f64,
    /// Plies of both players together.
    #[arg(long, default_value_t = 200)]
    pub max_plays: u32,
    /// The game clock in whole seconds (0: none).
    #[arg(long, default_value_t = 300)]
    pub game_time: u64,
    /// Seconds a started client has to connect and to send NME.
    #[arg(long, default_value_t = VVW_CONNECT_TIMEOUT_SECS)]
    pub connect_timeout: f64,
    /// Seconds between setup and the first UPD.
    #[arg(long, default_value_t = VVW_ARENA_WELCOME_PAUSE_SECS)]
    pub welcome_pause: f64,
    /// Seed of the random maps and the battles' draws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

/// `weightforge vvw arena`
pub fn arena(a: ArenaArgs) -> Result<()> {
    if a.games == 0 || a.games % 2 != 0 {
        bail!("--games must be even and at least 2: each map is played twice, species swapped");
    }
    super::check_flag("--games", a.games, &weightforge::limits::GAMES)?;
    if a.max_plays < 2 {
        bail!("--max-plays must be at least 2");
    }
    let move_time = seconds("move-time", a.move_time)?;
    if move_time.is_zero() {
        bail!("--move-time must be positive");
    }
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
            max_plays: a.max_plays,
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
    let bar = progress::games_bar(a.games, a.quiet);
    bar.set_prefix("vvw arena ");
    let t0 = Instant::now();
    let [ca, cb] = &clients;
    let out = series::run_series([ca, cb], &maps, &config, a.seed, a.games / 2, &|| {
        bar.inc(1)
    })?;
    bar.finish_and_clear();
    print_series(&a, &maps, &out, t0.elapsed().as_secs_f64());
    Ok(())
}

/// The settings, the fault log, then the lines `match` prints.
fn print_series(a: &ArenaArgs, maps: &[MapSource], out: &SeriesResult, secs: f64) {
    let names: Vec<String> = maps
        .iter()
        .map(|m| match m {
            MapSource::Fixed(name, _) => name.clone(),
            MapSource::Random => "random".into(),
        })
        .collect();
    let r = &out.result;
    println!(
        "{} games ({} pairs) of vampires_werewolves over TCP on {} map(s) ({}), move time {} s, \
         max plays {}, seed {}",
        r.games(),
        r.ptnml.pairs(),
        maps.len(),
        names.join(", "),
        a.move_time,
        a.max_plays,
        a.seed
    );
    println!("A: {}\nB: {}", a.a, a.b);
    for line in &out.fault_log {
        println!("{line}");
    }
    super::play::print_score(&VvwPosition::ROLES, ("A", "B"), r, secs);
    println!("{}", faults_line(&r.faults, out.late));
    let lines = stats::paired_lines(&r.wdl, &r.ptnml);
    println!("{}", lines.ptnml);
    println!("{}", lines.elo);
}

/// `faults: A 3 late answers (plies skipped); B 1 protocol error`, or `faults: none`.
fn faults_line(lost: &[FaultCounts; 2], late: [u64; 2]) -> String {
    let parts: Vec<String> = (0..2)
        .filter_map(|i| {
            let mut kinds = Vec::new();
            if late[i] > 0 {
                kinds.push(format!("{} late answers (plies skipped)", late[i]));
            }
            if lost[i].total() > 0 {
                kinds.push(format!("games lost by {}", lost[i].describe()));
            }
            (!kinds.is_empty()).then(|| format!("{} {}", ["A", "B"][i], kinds.join(", ")))
        })
        .collect();
    if parts.is_empty() {
        "faults: none".into()
    } else {
        format!("faults: {}", parts.join("; "))
    }
}
