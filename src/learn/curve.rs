//! The learning curve: at 1,000, 2,000, 5,000, 10,000, … games (even steps on a log
//! scale) and at the end, the genome's Elo against a reference genome in paired games
//! at a node budget on random openings (the curve's own seeds: no training game starts
//! there), and, where the game is solved, its accuracy against perfect play at one ply
//! by role on the game's sample. Written as `<out>.curve.csv` and drawn as
//! `<out>.curve.png`/`.svg` ([`crate::tune::report::learning_curve`]).

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use super::error::LearnError;
use crate::dist::Threads;
use crate::game::Features;
use crate::genome::Genome;
use crate::matches::batches::{play_match, MatchPlan};
use crate::matches::pairs_batch::MatchContext;
use crate::matches::settings::MatchSettings;
use crate::player::{PlayerSpec, SearchBudget};
use crate::solved::accuracy;
use crate::solved::Oracle;
use crate::stats;
use crate::tune::report::learning_curve::CurveRow;

/// One point of the curve.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CurvePoint {
    /// Training games played.
    pub games: u64,
    /// Training moves played.
    pub moves: u64,
    /// Wall seconds of learning so far (the curve's own games not counted).
    pub seconds: f64,
    /// The games against the reference: wins, draws, losses of the learned genome.
    pub wdl: [u64; 3],
    /// Its Elo with the 95 % interval: estimate, low, high.
    pub elo: [f64; 3],
    /// Per role: the share of sample moves at one ply that keep the solved value
    /// (empty when the game is not solved).
    pub accuracy: Vec<f64>,
}

/// How the curve is measured.
pub struct CurvePlan<G: Features> {
    /// The reference genome.
    pub reference: Arc<Genome>,
    /// Pairs against it per point.
    pub pairs: u64,
    /// Both sides' node budget per move.
    pub nodes: u64,
    /// Random plies opening each pair.
    pub opening_plies: u32,
    /// The matches' seed.
    pub seed: u64,
    /// The solved game's oracle, its phases and its sample, when the game is solved.
    pub judge: Option<Judge<G>>,
}

/// What accuracy is judged with.
pub struct Judge<G: Features> {
    /// The oracle.
    pub oracle: Arc<dyn Oracle<G>>,
    /// The game's phases.
    pub phases: &'static [(&'static str, u32, u32)],
    /// The sample positions.
    pub sample: Vec<G>,
}

/// The point after `games` games: the next one on the curve (1, 2, 5 × 10^k, starting at
/// `first`).
pub fn next_point(first: u64, games: u64) -> u64 {
    let mut p = first.max(1);
    let mut k = 0;
    while p <= games {
        k += 1;
        let scale = 10u64.saturating_pow(k / 3);
        p = first
            .saturating_mul(scale)
            .saturating_mul([1, 2, 5][(k % 3) as usize]);
    }
    p
}

/// Measures `genome` as `plan` says.
pub fn measure<G: Features>(
    plan: &CurvePlan<G>,
    genome: &Arc<Genome>,
) -> Result<(MatchOutcomeRow, Vec<f64>), LearnError> {
    let settings = MatchSettings {
        opening_plies: plan.opening_plies,
        nodes: Some(plan.nodes),
        ..MatchSettings::defaults::<G>(plan.opening_plies)
    };
    let a = PlayerSpec::Genome(Arc::clone(genome));
    let b = PlayerSpec::Genome(Arc::clone(&plan.reference));
    let ctx =
        MatchContext::<G>::new(a, b, settings).map_err(|e| LearnError::Curve(e.to_string()))?;
    let match_plan = MatchPlan {
        pairs: plan.pairs,
        sprt: None,
        record: false,
    };
    let out = play_match(&Threads::default(), &ctx, plan.seed, &match_plan, &|| {})
        .map_err(|e| LearnError::Curve(e.to_string()))?;
    let r = &out.result;
    let e = stats::pentanomial(&r.ptnml, &r.wdl);
    let row = MatchOutcomeRow {
        wdl: [r.wdl.wins, r.wdl.draws, r.wdl.losses],
        elo: [e.elo, e.elo_low, e.elo_high],
    };
    Ok((row, accuracy_of(plan, genome)?))
}

/// A match's totals as the curve keeps them.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MatchOutcomeRow {
    /// Wins, draws, losses.
    pub wdl: [u64; 3],
    /// Elo, low, high.
    pub elo: [f64; 3],
}

/// Per role, the share of the sample's moves at one ply that keep the solved value.
fn accuracy_of<G: Features>(
    plan: &CurvePlan<G>,
    genome: &Arc<Genome>,
) -> Result<Vec<f64>, LearnError> {
    let Some(j) = &plan.judge else {
        return Ok(Vec::new());
    };
    let spec = PlayerSpec::Genome(Arc::clone(genome));
    let threads = rayon::current_num_threads();
    let one_ply = SearchBudget::depth(Some(1));
    let acc = accuracy::judge(
        j.oracle.as_ref(),
        j.phases,
        &spec,
        one_ply,
        &j.sample,
        threads,
    )
    .map_err(|e| LearnError::Curve(e.to_string()))?;
    Ok(acc.roles.iter().map(|r| r.share()).collect())
}

/// The curve as CSV, one row per point (`roles`: the game's role names).
pub fn csv_text(points: &[CurvePoint], roles: [&str; 2]) -> String {
    let mut w = csv::Writer::from_writer(Vec::new());
    let mut header: Vec<String> = [
        "games", "moves", "seconds", "wins", "draws", "losses", "elo", "elo_low", "elo_high",
    ]
    .map(String::from)
    .to_vec();
    header.extend(roles.iter().map(|r| format!("accuracy_{r}")));
    // Writing to memory cannot fail.
    w.write_record(&header).expect("in memory");
    for p in points {
        let mut row = vec![
            p.games.to_string(),
            p.moves.to_string(),
            format!("{:.1}", p.seconds),
        ];
        row.extend(p.wdl.iter().map(u64::to_string));
        row.extend(p.elo.iter().map(|e| format!("{e:.1}")));
        row.extend((0..2).map(|r| {
            p.accuracy
                .get(r)
                .map_or(String::new(), |a| format!("{:.4}", a))
        }));
        w.write_record(&row).expect("in memory");
    }
    String::from_utf8(w.into_inner().expect("in memory")).expect("the fields are UTF-8")
}

/// The points as the chart draws them.
pub fn chart_rows(points: &[CurvePoint]) -> Vec<CurveRow> {
    points
        .iter()
        .map(|p| CurveRow {
            games: p.games,
            elo: p.elo,
            accuracy: p.accuracy.clone(),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    #[test]
    fn points_step_one_two_five() {
        let mut at = 0;
        let mut seen = Vec::new();
        for _ in 0..7 {
            at = super::next_point(1000, at);
            seen.push(at);
        }
        assert_eq!(seen, [1000, 2000, 5000, 10000, 20000, 50000, 100000]);
    }
}
