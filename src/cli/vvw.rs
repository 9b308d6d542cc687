//! `weightforge vvw client|server|arena`: play Vampires vs Werewolves over the course's TCP
//! protocol.

use std::io::Write;
use std::net::TcpListener;
use std::time::Duration;

use anyhow::{bail, Context, Result};
use clap::{Args, Subcommand};
use weightforge::game::{Game, Status};
use weightforge::games::vampires_werewolves::notation::grid_text;
use weightforge::games::vampires_werewolves::{Grid, Kind, Map, VvwPosition};
use weightforge::player::PlayerSpec;
use weightforge::tunables::VVW_MOVE_TIME_SECS;
use weightforge::vvw_tcp::client::{self as vvw_client, Answer, ClientConfig};
use weightforge::vvw_tcp::server::{
    self as vvw_server, EndReason, Forfeit, PlyRecord, ServerConfig,
};

#[derive(Args, Debug)]
pub struct VvwArgs {
    #[command(subcommand)]
    pub command: VvwCommand,
}

#[derive(Subcommand, Debug)]
pub enum VvwCommand {
    /// Connect to a server and play one game with a genome.
    Client(ClientArgs),
    /// Serve one game between the next two connections, like the official server.
    Server(ServerArgs),
    /// Play a series of games between two client programs (any team's) on our server,
    /// species swapped each pair, and print the score, the Elo difference and each
    /// client's protocol faults.
    Arena(super::vvw_arena::ArenaArgs),
}

#[derive(Args, Debug)]
pub struct ClientArgs {
    /// The server's address.
    pub host: String,
    /// The server's port.
    pub port: u16,
    /// The player: a genome file, a built-in genome name (deepblue2021) or `random`.
    #[arg(long)]
    pub genome: String,
    /// The name sent to the server.
    #[arg(long, default_value = "weightforge")]
    pub name: String,
    /// The server's time limit per move, in seconds; the search uses half of it.
    #[arg(long, default_value_t = VVW_MOVE_TIME_SECS)]
    pub move_time: f64,
    /// Deepest search iteration (default: deepen until the time is up).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Plies of the whole game (the server's MaxPlays).
    #[arg(long, default_value_t = 200)]
    pub max_plays: u32,
    /// Give up after this many seconds without a message from the server (default: wait
    /// forever).
    #[arg(long)]
    pub idle_timeout: Option<f64>,
    /// Seed of random tie-breaks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only the summary, not one line per move.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct ServerArgs {
    /// The map file (the official XML format).
    #[arg(long)]
    pub map: String,
    /// The port (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = vvw_server::DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Seconds a player has to answer an UPD (a late answer skips the ply).
    #[arg(long, default_value_t = 5.0)]
    pub move_time: f64,
    /// Plies of both players together.
    #[arg(long, default_value_t = 200)]
    pub max_plays: u32,
    /// The game clock in whole seconds (0: none).
    #[arg(long, default_value_t = 300)]
    pub game_time: u64,
    /// Seconds between setup and the first UPD.
    #[arg(long, default_value_t = 5.0)]
    pub welcome_pause: f64,
    /// Seconds between the last ply and END.
    #[arg(long, default_value_t = 4.0)]
    pub end_pause: f64,
    /// Give up when a player takes longer than this to connect or send NME (default:
    /// wait forever, as the official server).
    #[arg(long)]
    pub setup_timeout: Option<f64>,
    /// Seed of the battles' random draws.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Only the first and the last line, not one line per ply.
    #[arg(long)]
    pub quiet: bool,
}

pub fn run(a: VvwArgs) -> Result<()> {
    match a.command {
        VvwCommand::Client(c) => client(c),
        VvwCommand::Server(s) => server(s),
        VvwCommand::Arena(a) => super::vvw_arena::arena(a),
    }
}

/// `--<flag>` in seconds, checked against the time limits' bounds.
pub(super) fn seconds(flag: &str, v: f64) -> Result<Duration> {
    weightforge::limits::SECONDS
        .check(v)
        .map_err(|e| anyhow::anyhow!("--{flag}: {e}"))?;
    Ok(Duration::from_secs_f64(v))
}

fn client(a: ClientArgs) -> Result<()> {
    let player = PlayerSpec::resolve::<VvwPosition>(&a.genome)
        .with_context(|| format!("--genome {}", a.genome))?;
    let move_time = seconds("move-time", a.move_time)?;
    if move_time.is_zero() {
        bail!("--move-time must be positive");
    }
    if a.depth == Some(0) {
        bail!("--depth must be at least 1");
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
        on_answer: (!a.quiet).then_some(print_answer as fn(&Answer)),
        ..ClientConfig::default()
    };
    let addr = format!("{}:{}", a.host, a.port);
    let report = vvw_client::play(&addr, &player, &config)
        .with_context(|| format!("playing {} on {addr}", player.name()))?;
    let species = VvwPosition::ROLES[report.role];
    let b = &report.last_board;
    println!(
        "{} played {species}: {} answers ({} one-ply, {} fallback), END {}, BYE {}",
        player.name(),
        report.answers.len(),
        report.answers.iter().filter(|x| x.quick).count(),
        report.answers.iter().filter(|x| x.fallback).count(),
        if report.got_end {
            "received"
        } else {
            "missing"
        },
        if report.got_bye {
            "received"
        } else {
            "missing"
        },
    );
    println!(
        "last board (UPD {}): {} (vampires {}, werewolves {})",
        report.updates,
        grid_text(b),
        b.total(Kind::Vampires),
        b.total(Kind::Werewolves)
    );
    match report.worst_answer() {
        Some(w) => println!(
            "worst answer: {:.3} s at UPD {} (limit {:.3} s)",
            w.elapsed.as_secs_f64(),
            w.update,
            move_time.as_secs_f64()
        ),
        None => println!("worst answer: none (no UPD received)"),
    }
    Ok(())
}

/// One line per answer, written (and flushed) as it is sent.
fn print_answer(ans: &Answer) {
    let steps: Vec<String> = ans.steps.iter().map(|s| s.to_string()).collect();
    println!(
        "UPD {}: MOV {} ({}, {} nodes, {:.3} s)",
        ans.update,
        steps.join(";"),
        if ans.fallback {
            "fallback".to_string()
        } else if ans.quick {
            "one-ply search: the search thread was late".to_string()
        } else {
            format!("depth {}", ans.depth)
        },
        ans.nodes,
        ans.elapsed.as_secs_f64()
    );
    let _ = std::io::stdout().flush();
}

/// One line per ply, written (and flushed) as it is played.
fn print_ply(i: u32, rec: &PlyRecord, after: &Grid) {
    let role = VvwPosition::ROLES[(i % 2) as usize];
    match rec {
        PlyRecord::Played(steps) => {
            let steps: Vec<String> = steps.iter().map(|s| s.to_string()).collect();
            println!(
                "ply {i} {role}: {} -> {}",
                steps.join(";"),
                grid_text(after)
            );
        }
        PlyRecord::TimedOut => println!("ply {i} {role}: timed out -> {}", grid_text(after)),
    }
    let _ = std::io::stdout().flush();
}

fn server(a: ServerArgs) -> Result<()> {
    let map = Map::load(&a.map).with_context(|| format!("--map {}", a.map))?;
    map.check_playable()
        .map_err(|m| anyhow::anyhow!("--map {}: {m}", a.map))?;
    let move_time = seconds("move-time", a.move_time)?;
    if move_time.is_zero() {
        bail!("--move-time must be positive");
    }
    if a.max_plays < 2 {
        bail!("--max-plays must be at least 2");
    }
    let config = ServerConfig {
        max_plays: a.max_plays,
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
        on_ply: (!a.quiet).then_some(print_ply as fn(u32, &PlyRecord, &Grid)),
    };
    let listener = TcpListener::bind((a.host.as_str(), a.port))
        .with_context(|| format!("listening on {}:{}", a.host, a.port))?;
    println!("listening on {}", listener.local_addr()?);
    if !a.quiet {
        println!("start board: {}", grid_text(&map.grid));
    }
    let report = vvw_server::run_game(&listener, &map, &config).context("running the game")?;
    let g = &report.final_grid;
    println!("final board: {}", grid_text(g));
    let outcome = match report.status {
        Status::Win(r) => format!("{} win", VvwPosition::ROLES[r]),
        Status::Draw => "draw".to_string(),
        Status::Ongoing => "unfinished".to_string(),
    };
    let reason = match &report.reason {
        EndReason::Extinction => "extinction".to_string(),
        EndReason::PlayLimit => "play limit".to_string(),
        EndReason::GameClock => "game clock".to_string(),
        EndReason::Forfeit { loser, why } => {
            let why = match why {
                Forfeit::NotMov(head) => {
                    format!(
                        "answered {:?} instead of MOV",
                        String::from_utf8_lossy(head)
                    )
                }
                Forfeit::Illegal(e) => format!("illegal ply: {e}"),
                Forfeit::Disconnected(e) => format!("disconnected: {e}"),
            };
            format!("{} forfeit: {why}", VvwPosition::ROLES[*loser])
        }
    };
    println!(
        "result: {outcome} ({reason}) after {} plies; vampires ({}) {}, werewolves ({}) {}",
        report.plies,
        report.names[0],
        g.total(Kind::Vampires),
        report.names[1],
        g.total(Kind::Werewolves)
    );
    Ok(())
}
