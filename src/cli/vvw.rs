//! `weightforge vvw client|server|arena`: play Vampires vs Werewolves over the course's TCP
//! protocol.

use std::io::Write;
use std::net::TcpListener;

use anyhow::{Context, Result};
use weightforge::game::{Game, Status};
use weightforge::games::vampires_werewolves::notation::grid_text;
use weightforge::games::vampires_werewolves::{Grid, Kind, VvwPosition};
use weightforge::vvw_tcp::client::{self as vvw_client, Answer};
use weightforge::vvw_tcp::server::{self as vvw_server, EndReason, Forfeit, PlyRecord};

use super::args::{ClientArgs, ServerArgs, VvwArgs, VvwCommand};
use super::resolve;

/// `weightforge vvw`
pub fn run(a: VvwArgs) -> Result<()> {
    match a.command {
        VvwCommand::Client(c) => client(c),
        VvwCommand::Server(s) => server(s),
        VvwCommand::Arena(a) => super::vvw_arena::arena(a),
    }
}

fn client(a: ClientArgs) -> Result<()> {
    let resolve::Client {
        player,
        addr,
        mut config,
    } = resolve::client_flags(&a)?;
    config.on_answer = (!a.quiet).then_some(print_answer as fn(&Answer));
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
            config.move_time.as_secs_f64()
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
    let (map, mut config) = resolve::server_flags(&a)?;
    config.on_ply = (!a.quiet).then_some(print_ply as fn(u32, &PlyRecord, &Grid));
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
