//! `weightforge vvw arena`: our server referees a series of games between two client
//! programs (any team's), and prints the score as `match` does.

use std::time::Instant;

use anyhow::Result;
use weightforge::game::Game;
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::played_game::FaultCounts;
use weightforge::stats;
use weightforge::vvw_tcp::series::{self, MapSource, SeriesResult};

use super::args::ArenaArgs;
use super::{print, progress, resolve};

/// `weightforge vvw arena`
pub fn arena(a: ArenaArgs) -> Result<()> {
    let resolve::Arena {
        clients,
        maps,
        config,
    } = resolve::arena_flags(&a)?;
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
    print::score(&VvwPosition::ROLES, ("A", "B"), r, secs);
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
