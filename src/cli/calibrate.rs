//! `weightforge calibrate`: this machine's nodes per second for one player, and the
//! node budget that matches a move time. Experiments and datagen take node budgets
//! (deterministic); a front end plays against a clock. Each thread searches the game's
//! bench positions in turn, [`CALIBRATE_SEARCHES`] searches of the move time each, as
//! a match's games would (one game per thread), so a loaded machine gives the speed it
//! plays at. Timed, so not deterministic: run it on the machine (and under the load)
//! the player will play on.

use std::time::Instant;

use anyhow::{bail, Result};
use rand::SeedableRng;
use weightforge::game::{GameEntry, GameRng, MatchRules};
use weightforge::limits;
use weightforge::player::{Agent, PlayerSpec, SearchBudget};
use weightforge::tunables::{CALIBRATE_SEARCHES, VVW_SEARCH_SHARE};
use weightforge::with_game;

use super::args::CalibrateArgs;
use super::checks::check_flag;

/// `weightforge calibrate`
pub fn calibrate(a: CalibrateArgs) -> Result<()> {
    check_flag("--move-time", a.move_time, &limits::MOVE_TIME_MS)?;
    let total = a.move_time.saturating_mul(CALIBRATE_SEARCHES as u64);
    if total > limits::CALIBRATE_MS.max {
        bail!(
            "--move-time {}: × {CALIBRATE_SEARCHES} searches is {total} ms, more than the {} ms \
             of `{}` ({}); expected at most {} ms",
            a.move_time,
            limits::CALIBRATE_MS.max,
            limits::CALIBRATE_MS.name,
            limits::CALIBRATE_MS.why,
            limits::CALIBRATE_MS.max / CALIBRATE_SEARCHES as u64
        );
    }
    with_game!(a.game, G => calibrate_for::<G>(&a))
}

fn calibrate_for<G: GameEntry>(a: &CalibrateArgs) -> Result<()> {
    let spec = PlayerSpec::resolve::<G>(&a.genome)?;
    if !matches!(spec, PlayerSpec::Genome(_)) {
        bail!(
            "--genome {}: calibrate times a genome's search (not random or an engine)",
            a.genome
        );
    }
    let positions = G::BENCH
        .search
        .iter()
        .map(|t| G::parse(t))
        .collect::<Result<Vec<G>, _>>()?;
    let budget = SearchBudget {
        move_time_ms: Some(a.move_time),
        ..SearchBudget::default()
    };
    let per_thread = rayon::broadcast(|ctx| {
        let rules = MatchRules::capped(G::DEFAULT_PLY_CAP);
        let mut agents = [0, 1].map(|r| Agent::<G>::with_budget(&spec, r, budget, rules));
        let mut rng = GameRng::seed_from_u64(ctx.index() as u64);
        let (mut nodes, t0) = (0u64, Instant::now());
        for k in 0..CALIBRATE_SEARCHES {
            let pos = &positions[(ctx.index() + k) % positions.len()];
            let agent = &mut agents[pos.side_to_move()];
            agent.new_game();
            nodes += agent.decide(pos, &mut rng).nodes;
        }
        nodes as f64 / t0.elapsed().as_secs_f64().max(1e-9)
    });
    let threads = per_thread.len();
    let nps = per_thread.iter().sum::<f64>() / threads as f64;
    let nodes = (nps * a.move_time as f64 / 1000.0).round().max(1.0) as u64;
    println!(
        "{} on {}: {nps:.0} nodes/s per search ({threads} threads searching at once, \
         {CALIBRATE_SEARCHES} searches of {} ms each from the bench positions)",
        a.genome,
        G::NAME,
        a.move_time
    );
    println!("a move time of {} ms is about --nodes {nodes}", a.move_time);
    if G::NAME == "vampires_werewolves" {
        let share = (nodes as f64 * VVW_SEARCH_SHARE).round() as u64;
        println!(
            "the VvW client searches only {VVW_SEARCH_SHARE} of the server's move time: \
             against a server giving {} ms, it searches about {share} nodes",
            a.move_time
        );
    }
    println!("(timed on this machine under its current load: not deterministic)");
    Ok(())
}
