//! Search budgets as the games of a run play them. An experiment names budgets in two
//! places besides training: the target its weights will play at (`target`), where
//! staged tuning promotes candidates ([`super::promote`]), and the budgets of the
//! Elo-against-budget chart (`validation.budgets`, `elo_by_budget`). This module
//! turns a [`Budget`] into both sides' search settings, names it for tables, derives
//! the chart's default budgets and checks the experiment's budgets against the game.

use std::collections::BTreeMap;

use super::experiment::{Budget, Experiment, ExperimentError};
use super::plan::Plan;
use super::resolved::Resolved;
use crate::game::Features;
use crate::limits;
use crate::ronfile::FileError;
use crate::tunables::{BUDGET_CHART_NODE_DIVISOR, MAX_DEPTH};

/// Both sides' search in a game played at a budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Setting {
    /// The deepest iteration per role.
    pub depth: [u32; 2],
    /// Nodes per move, when the budget is a node budget.
    pub nodes: Option<u64>,
}

/// The budget training plays at: the run's node budget, else the first opponent's
/// training nodes or depths (`roles` names the game's roles).
pub fn training(r: &Resolved, roles: [&str; 2]) -> Budget {
    let first = &r.opponents[0];
    match r.exp.nodes.or(first.nodes) {
        Some(n) => nodes(n),
        None => depth(roles, first.depth),
    }
}

/// The budget promotions are measured at: the target, else the training budget.
pub fn promotion(r: &Resolved, roles: [&str; 2]) -> Budget {
    r.exp.target.clone().unwrap_or_else(|| training(r, roles))
}

/// Both sides' search at `b`; roles a depth budget leaves out keep `fallback`.
pub fn setting(b: &Budget, roles: [&str; 2], fallback: [u32; 2]) -> Setting {
    if let Some(n) = b.nodes {
        return Setting {
            depth: [MAX_DEPTH; 2],
            nodes: Some(n),
        };
    }
    let mut depth = fallback;
    for (r, d) in depth.iter_mut().enumerate() {
        if let Some(v) = b.depth.as_ref().and_then(|m| m.get(roles[r])) {
            *d = *v;
        }
    }
    Setting { depth, nodes: None }
}

/// The budget in words: `100000 nodes` or `depth wolves 3, sheep 4`.
pub fn label(b: &Budget) -> String {
    match (b.nodes, &b.depth) {
        (Some(n), _) => format!("{n} nodes"),
        (None, Some(m)) => {
            let parts: Vec<String> = m.iter().map(|(r, d)| format!("{r} {d}")).collect();
            format!("depth {}", parts.join(", "))
        }
        (None, None) => "own settings".into(),
    }
}

/// The budgets of the Elo-against-budget chart: `validation.budgets`, else the training
/// budget, one between it and the target, and the target (none without a target).
/// Repeated budgets are left out.
pub fn chart(r: &Resolved, roles: [&str; 2]) -> Vec<Budget> {
    let mut out: Vec<Budget> = Vec::new();
    let listed = &r.exp.validation.budgets;
    let derived = match (&r.exp.target, listed.is_empty()) {
        (_, false) => listed.clone(),
        (None, true) => Vec::new(),
        (Some(target), true) => {
            let train = training(r, roles);
            let middle = between(&train, target, roles, r.opponents[0].depth);
            vec![train, middle, target.clone()]
        }
    };
    for b in derived {
        if !out.contains(&b) {
            out.push(b);
        }
    }
    out
}

/// A budget between `low` and `high`: the geometric mean of two node budgets (to two
/// significant figures), the middle of two depths, else a tenth of the target's nodes
/// or one ply less than its depth.
fn between(low: &Budget, high: &Budget, roles: [&str; 2], fallback: [u32; 2]) -> Budget {
    match (low.nodes, high.nodes) {
        (Some(a), Some(b)) => nodes(two_figures(((a as f64) * (b as f64)).sqrt())),
        (None, Some(b)) => nodes((b / BUDGET_CHART_NODE_DIVISOR).max(1)),
        (Some(_), None) => {
            let d = setting(high, roles, fallback).depth;
            depth(roles, d.map(|x| x.saturating_sub(1).max(1)))
        }
        (None, None) => {
            let (a, b) = (
                setting(low, roles, fallback).depth,
                setting(high, roles, fallback).depth,
            );
            depth(roles, [0, 1].map(|r| (a[r] + b[r]).div_ceil(2)))
        }
    }
}

/// `x` rounded to two significant figures (4472 → 4500), at least 1.
fn two_figures(x: f64) -> u64 {
    let step = 10f64.powi((x.max(1.0).log10().floor() as i32 - 1).max(0));
    ((x / step).round() * step).max(1.0) as u64
}

fn nodes(n: u64) -> Budget {
    Budget {
        nodes: Some(n),
        depth: None,
    }
}

fn depth(roles: [&str; 2], d: [u32; 2]) -> Budget {
    let map: BTreeMap<String, u32> = (0..2).map(|r| (roles[r].to_string(), d[r])).collect();
    Budget {
        nodes: None,
        depth: Some(map),
    }
}

/// Checks the experiment's chart budgets (`validation.budgets`; `target` is checked by
/// the resolver with the same [`check_one`]) and its `stages` against the game `G`
/// (`origin` names the file in errors).
pub fn check<G: Features>(exp: &Experiment, origin: &str) -> Result<(), ExperimentError> {
    let err = |field: &str, m: String| ExperimentError::from(FileError::field(origin, field, m));
    let v = &exp.validation;
    if !v.budgets.is_empty() {
        limits::BUDGETS
            .check(v.budgets.len() as u64)
            .map_err(|e| err("validation.budgets", e.to_string()))?;
    }
    for (i, b) in v.budgets.iter().enumerate() {
        check_one::<G>(b).map_err(|(f, m)| err(&format!("validation.budgets[{i}]{f}"), m))?;
    }
    if let Some(p) = v.budget_pairs {
        limits::STAGE_PAIRS
            .check(p.into())
            .map_err(|e| err("validation.budget_pairs", e.to_string()))?;
    }
    let Some(s) = &exp.stages else {
        return Ok(());
    };
    if exp.algorithm.plan() == Plan::Positions {
        let m = "staged tuning promotes candidates measured by games: use ES, CMA-ES or SPSA";
        return Err(err("stages", m.into()));
    }
    for (field, v, limit) in [
        ("stages.every", s.every, &limits::STAGE_EVERY),
        ("stages.keep", s.keep, &limits::STAGE_KEEP),
        ("stages.rounds", s.rounds, &limits::STAGE_ROUNDS),
        ("stages.pairs", s.pairs, &limits::STAGE_PAIRS),
    ] {
        limit
            .check(v.into())
            .map_err(|e| err(field, e.to_string()))?;
    }
    // The largest halving round: every candidate at the first round's pairs, or the
    // last round's doubled pairs.
    let per = 2 * exp.opponents.len() as u64;
    let first = u64::from(s.keep) * u64::from(s.pairs) * per;
    let last = (u64::from(s.pairs) << (s.rounds - 1)) * 2 * per;
    for games in [first, last] {
        limits::PHASE_GAMES
            .check(games)
            .map_err(|e| err("stages", format!("{games} games in one round: {e}")))?;
    }
    Ok(())
}

/// Checks the shape of one budget (`target` or an entry of `validation.budgets`) against
/// the game `G`: exactly one of nodes and depth, each in range, depths naming roles. The
/// error is (the field under the budget, from `""` or `.nodes` to `.depth.ROLE`, and
/// its message), so every budget field of an experiment reads alike.
pub fn check_one<G: Features>(b: &Budget) -> Result<(), (String, String)> {
    match (b.nodes, &b.depth) {
        (Some(n), None) => limits::NODES
            .check(n)
            .map_err(|e| (".nodes".into(), e.to_string())),
        (None, Some(m)) if !m.is_empty() => {
            for (role, d) in m {
                let field = format!(".depth.{role}");
                if !G::ROLES.contains(&role.as_str()) {
                    let roles = G::ROLES;
                    let msg = format!("{} has no role {role:?}; its roles are {roles:?}", G::NAME);
                    return Err((field, msg));
                }
                limits::DEPTH
                    .check((*d).into())
                    .map_err(|e| (field, e.to_string()))?;
            }
            Ok(())
        }
        _ => Err((
            String::new(),
            "name exactly one budget: `(nodes: N)` or `(depth: {\"role\": D, ..})`".into(),
        )),
    }
}
