//! `weightforge rescore`: a position file's rows scored again by a deeper search of a
//! genome (`weightforge::fit::rescore`), for a fit whose labels lean on the scores.

use std::time::Instant;

use anyhow::{bail, Context, Result};
use weightforge::fit::rescore::rescore_file;
use weightforge::game::GameEntry;
use weightforge::limits;
use weightforge::player::PlayerSpec;
use weightforge::search::SearchLimits;
use weightforge::tunables::MAX_DEPTH;
use weightforge::with_game;

use super::args::RescoreArgs;

/// `weightforge rescore`
pub fn rescore(a: RescoreArgs) -> Result<()> {
    with_game!(a.game, G => rescore_for::<G>(&a))
}

/// The scoring search's limits from `--depth` and `--nodes` (one at least).
fn search_limits(a: &RescoreArgs) -> Result<SearchLimits> {
    if a.depth.is_none() && a.nodes.is_none() {
        bail!("give --depth, --nodes or both: the budget of the scoring search");
    }
    if let Some(d) = a.depth {
        limits::DEPTH
            .check(u64::from(d))
            .map_err(|e| anyhow::anyhow!("--depth {e}"))?;
    }
    if let Some(n) = a.nodes {
        limits::NODES
            .check(n)
            .map_err(|e| anyhow::anyhow!("--nodes {e}"))?;
    }
    Ok(SearchLimits {
        nodes: a.nodes,
        ..SearchLimits::depth(a.depth.unwrap_or(MAX_DEPTH))
    })
}

fn rescore_for<G: GameEntry>(a: &RescoreArgs) -> Result<()> {
    let limits = search_limits(a)?;
    let PlayerSpec::Genome(genome) = PlayerSpec::resolve::<G>(&a.genome)? else {
        bail!("--genome {}: a genome is needed", a.genome);
    };
    let budget = match (a.depth, a.nodes) {
        (Some(d), Some(n)) => format!("{d} plies, at most {n} nodes"),
        (Some(d), None) => format!("{d} plies"),
        (_, n) => format!("{} nodes", n.unwrap_or_default()),
    };
    let note = format!(
        "rescored by: weightforge rescore --genome {} ({budget}, each row from empty tables): \
         the score is that search's, from the row's role's view; results kept",
        genome.name
    );
    let clock = Instant::now();
    let s = rescore_file::<G>(&genome, limits, (&a.input, &a.out), &note)
        .with_context(|| format!("rescoring {}", a.input.display()))?;
    println!(
        "{} rows scored by {} at {budget} ({} a forced result) in {:.1} s; wrote {}",
        s.rows,
        genome.name,
        s.forced,
        clock.elapsed().as_secs_f64(),
        a.out.display()
    );
    Ok(())
}
