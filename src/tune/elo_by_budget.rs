//! The Elo-against-budget stage at a run's end: after validation, the best genome plays
//! each reference at each budget of the chart ([`super::search_budget::chart`]: the training
//! budget up to the target), both sides at that budget, on openings neither training
//! nor selection used; the report draws the result
//! ([`super::report::budget_chart`]).

use std::collections::HashSet;

use super::error::TuneError;
use super::fitness;
use super::job::{Job, Pairing, Rival, Round, Weights};
use super::report::budget_chart::BudgetPoint;
use super::run_observer::RunObserver;
use super::search_budget;
use super::session::Session;
use crate::game::Features;
use crate::stats;
use crate::tunables::BUDGET_CHART_PAIRS;

/// Plays `best` against every reference at every budget of the chart (none when the
/// run has no chart); returns one point per reference and budget, and the games played.
pub(super) fn measure<G: Features>(
    run: &Session,
    best: &Weights,
    excluded: &HashSet<u64>,
    obs: &dyn RunObserver,
) -> Result<(Vec<BudgetPoint>, u64), TuneError> {
    let r = run.r;
    let budgets = search_budget::chart(r, G::ROLES);
    let pairs = r.exp.validation.budget_pairs.unwrap_or(BUDGET_CHART_PAIRS);
    let mut points = Vec::new();
    let mut games = 0;
    for (k, b) in budgets.iter().enumerate() {
        let job = Job {
            round: Round::Budget(k as u32),
            candidates: vec![best.clone()],
            hall_of_fame: Vec::new(),
            pairings: r
                .opponents
                .iter()
                .enumerate()
                .map(|(i, o)| {
                    let s = search_budget::setting(b, G::ROLES, o.depth);
                    Pairing {
                        candidate: 0,
                        rival: Rival::Pool(i),
                        pairs,
                        depth: s.depth,
                        nodes: s.nodes,
                        weight: 1.0,
                    }
                })
                .collect(),
        };
        let label = search_budget::label(b);
        obs.phase(&format!("Elo at {label}"), job.game_count());
        let result = fitness::evaluate_on::<G>(run.exec, r, &job, Some(excluded), &|| obs.game())?;
        games += result.game_count();
        for (i, name) in run.names.iter().enumerate() {
            let t = result.totals(i);
            let elo = stats::pentanomial(&t.ptnml, &t.wdl);
            obs.message(&format!(
                "at {label}: {:.1} ± {:.1} Elo vs {name} ({} games)",
                elo.elo,
                elo.error(),
                t.games()
            ));
            points.push(BudgetPoint {
                index: k,
                budget: label.clone(),
                opponent: name.clone(),
                result: t,
                elo,
            });
        }
    }
    Ok((points, games))
}
