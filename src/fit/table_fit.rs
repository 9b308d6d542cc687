//! A table genome fitted on position files: the rows of each role made sparse
//! ([`super::sparse`]), a held-out share set aside by a hash of the position text, the
//! scale K fitted on the hand evaluation, then one fit per L2 strength; the strength with
//! the lowest held-out loss is kept. `weightforge fit` runs it.

use std::collections::HashSet;
use std::sync::Arc;
use std::time::Instant;

use super::design::Loss;
use super::positions_file::FitRow;
use super::sparse::{self, SparseRows, SparseSettings};
use crate::eval::Evaluator;
use crate::game::Features;
use crate::tables::{GenomeTables, TableLayout};
use crate::tunables::MAX_TABLE_WEIGHT;

/// What a table fit is asked to do.
#[derive(Clone, Debug, PartialEq)]
pub struct TableFitPlan {
    /// The L2 strengths tried (logit units).
    pub l2: Vec<f64>,
    /// Share of the positions held out to choose the L2 strength, 0 to 1.
    pub held_out: f64,
    /// Weight of the search score in the labels, 0 to 1: a row's label is
    /// `(1 − w) · result + w · sigmoid(Ks · score)`, Ks fitted per role on the rows'
    /// (score, result) pairs; rows without a score keep their result.
    pub score_weight: f64,
    /// How Ks, the scale turning search scores into win chances, is set.
    pub score_scale: TableScoreScale,
    /// Adam steps and rate, and the loss.
    pub settings: SparseSettings,
}

/// How a table fit sets Ks, the scale of `sigmoid(Ks · score)` that turns the rows'
/// search scores into win chances.
#[derive(Clone, Copy, Debug, Default, PartialEq, serde::Serialize, serde::Deserialize)]
pub enum TableScoreScale {
    /// Fitted on the training rows' (score, result) pairs: the scores as the games'
    /// results bear them out (Texel's way).
    #[default]
    Fitted,
    /// One over the spread (standard deviation) of the training rows' scores: the
    /// scores alone decide the labels, a spread's difference about a quarter of the
    /// win chance. For a game whose results barely follow its scores (mostly drawn),
    /// where a fitted scale comes out so low that every label is about ½.
    Spread,
    /// This many per score unit (finite, above 0).
    Fixed(f64),
}

impl TableScoreScale {
    /// `fit`, `spread` or a number (a command line's words).
    pub fn parse(text: &str) -> Option<Self> {
        match text {
            "fit" => Some(TableScoreScale::Fitted),
            "spread" => Some(TableScoreScale::Spread),
            _ => text.parse().ok().map(TableScoreScale::Fixed),
        }
    }

    /// The command line's word for it.
    pub fn word(&self) -> String {
        match self {
            TableScoreScale::Fitted => "fit".into(),
            TableScoreScale::Spread => "spread".into(),
            TableScoreScale::Fixed(k) => k.to_string(),
        }
    }
}

/// A table fit setting out of range.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{field} {value}: expected {expected}")]
pub struct BadFitSetting {
    /// The setting (`l2`, `held_out`, `score_weight`, `steps`, `rate`).
    pub field: &'static str,
    /// The value given.
    pub value: String,
    /// What was expected.
    pub expected: &'static str,
}

impl TableFitPlan {
    /// The plan, each setting checked: strengths finite and ≥ 0 (at least one), the
    /// held-out share in [0, 1), the score weight in [0, 1], a given score scale finite
    /// and above 0 (and only with a score weight), 1 to 100,000 steps and a step size in
    /// (0, 1].
    pub fn checked(
        l2: &[f64],
        held_out: f64,
        (score_weight, score_scale): (f64, TableScoreScale),
        settings: SparseSettings,
    ) -> Result<Self, BadFitSetting> {
        let bad = |field, value: String, expected| BadFitSetting {
            field,
            value,
            expected,
        };
        if l2.is_empty() || l2.iter().any(|l| !l.is_finite() || *l < 0.0) {
            return Err(bad("l2", format!("{l2:?}"), "finite strengths ≥ 0"));
        }
        if !(0.0..1.0).contains(&held_out) {
            return Err(bad(
                "held_out",
                held_out.to_string(),
                "a share from 0 to below 1",
            ));
        }
        if !(0.0..=1.0).contains(&score_weight) {
            return Err(bad("score_weight", score_weight.to_string(), "0 to 1"));
        }
        if let TableScoreScale::Fixed(k) = score_scale {
            if !(k.is_finite() && k > 0.0) {
                return Err(bad("score_scale", k.to_string(), "a scale above 0"));
            }
        }
        if score_scale != TableScoreScale::Fitted && score_weight <= 0.0 {
            let expected = "no scale without a score weight above 0";
            return Err(bad("score_scale", score_scale.word(), expected));
        }
        if !(1..=100_000).contains(&settings.steps) {
            return Err(bad("steps", settings.steps.to_string(), "1 to 100000"));
        }
        let rate = settings.rate;
        if !(rate.is_finite() && rate > 0.0 && rate <= 1.0) {
            return Err(bad("rate", rate.to_string(), "a step size in (0, 1]"));
        }
        Ok(TableFitPlan {
            l2: l2.to_vec(),
            held_out,
            score_weight,
            score_scale,
            settings,
        })
    }
}

/// One L2 strength tried for one role.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct L2Point {
    /// The strength.
    pub l2: f64,
    /// The mean training loss after the fit.
    pub train: f64,
    /// The mean held-out loss after the fit.
    pub held: f64,
    /// Non-zero weights after the fit (|t| ≥ 1e-6).
    pub nonzero: usize,
}

/// A role's fit.
#[derive(Clone, Debug, PartialEq)]
pub struct RoleFit {
    /// Training and held-out rows (positions seen twice count once).
    pub rows: (usize, usize),
    /// Bytes the rows hold.
    pub bytes: usize,
    /// The scale K fitted on the hand evaluation.
    pub k: f64,
    /// The score scale Ks (NaN when the labels are results only).
    pub ks: f64,
    /// Ks times the spread of the scores it scaled (NaN without scores): how far from ½
    /// the labels of scores a spread apart lie; near 0, every label is about ½.
    pub ks_spread: f64,
    /// Held-out loss of the hand genome alone.
    pub held_hand: f64,
    /// Each strength tried, in the order given.
    pub points: Vec<L2Point>,
    /// The index of the strength kept.
    pub chosen: usize,
    /// Active-entry gradients computed, and the CPU-independent wall seconds they took.
    pub gradients: (f64, f64),
}

/// The rows of one role: each distinct position once, split into training and held-out
/// rows by a hash of its text.
fn role_rows<'a, G: Features>(
    rows: impl Iterator<Item = FitRow<'a, G>>,
    layout: &TableLayout,
    eval: &mut Evaluator,
    held_out: f64,
) -> ([SparseRows; 2], [Vec<f32>; 2]) {
    let (mut train, mut held) = (
        SparseRows::new(layout.active_count()),
        SparseRows::new(layout.active_count()),
    );
    let mut seen = HashSet::new();
    let mut scores: [Vec<f32>; 2] = Default::default();
    let (mut contents, mut active) = (vec![0u8; layout.cells], Vec::new());
    for row in rows.filter(|r| !r.result.is_nan()) {
        if !seen.insert(row.text) {
            continue;
        }
        row.pos.cell_contents(&mut contents);
        layout.active_stored(&contents, &mut active);
        let bias = eval.value(row.pos) as f32;
        let hash = row.text.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
            (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
        });
        let side = usize::from((hash % 10_000) as f64 / 10_000.0 < held_out);
        let out = if side == 1 { &mut held } else { &mut train };
        out.push(&active, bias, row.result);
        scores[side].push(row.score);
    }
    ([train, held], scores)
}

/// Blends each row's result with its score at the scale `scale` sets on the training
/// rows (`weight` 0: labels stay results); returns the scale and the scale times the
/// scores' spread (both NaN when not blended). Forced results (a score beyond any
/// evaluation) take no part in setting the scale: a few of them would set its range a
/// thousand times too low and every other row's win chance would come out ½; their own
/// labels saturate.
fn blend_scores(
    rows: &mut [SparseRows; 2],
    scores: &[Vec<f32>; 2],
    (weight, scale): (f64, TableScoreScale),
    loss: Loss,
) -> (f64, f64) {
    let pairs: Vec<(f32, f32)> = scores[0]
        .iter()
        .zip(&rows[0].label)
        .filter(|(s, _)| s.abs() < super::label::forced_score())
        .map(|(&s, &y)| (s, y))
        .collect();
    if weight <= 0.0 || pairs.is_empty() {
        return (f64::NAN, f64::NAN);
    }
    let spread = sparse::score_spread(&pairs);
    let ks = match scale {
        TableScoreScale::Fitted => sparse::fit_scale_of(&pairs, loss),
        TableScoreScale::Spread if spread > 0.0 => 1.0 / spread,
        TableScoreScale::Spread => 1.0,
        TableScoreScale::Fixed(k) => k,
    };
    for (rows, scores) in rows.iter_mut().zip(scores) {
        for (y, &score) in rows.label.iter_mut().zip(scores) {
            if !score.is_nan() {
                let p = 1.0 / (1.0 + (-ks * f64::from(score)).exp());
                *y = ((1.0 - weight) * f64::from(*y) + weight * p) as f32;
            }
        }
    }
    (ks, ks * spread)
}

/// One fit per L2 strength of the plan on the training rows at scale `k`, from `zeros`
/// (empty tables): the weights (logit units) and the losses, training and held-out.
fn fit_each_l2(
    [train, held]: &[&SparseRows; 2],
    k: f64,
    zeros: &[f64],
    plan: &TableFitPlan,
) -> Vec<(Vec<f64>, L2Point)> {
    let loss = plan.settings.loss;
    plan.l2
        .iter()
        .map(|&l2| {
            let u = sparse::fit(train, k, zeros, l2, &plan.settings);
            let point = L2Point {
                l2,
                train: sparse::mean_loss(train, k, &u, loss),
                held: sparse::mean_loss(held, k, &u, loss),
                nonzero: u.iter().filter(|x| (*x / k).abs() >= 1e-6).count(),
            };
            (u, point)
        })
        .collect()
}

/// Fits role `role`'s tables on `rows`, from the hand weights `hand`.
pub fn fit_role<'a, G: Features>(
    rows: impl Iterator<Item = FitRow<'a, G>>,
    layout: &TableLayout,
    role: usize,
    hand: &[f64],
    plan: &TableFitPlan,
) -> (Vec<f64>, RoleFit) {
    let mut eval = Evaluator::new::<G>(role, hand);
    let (mut both, scores) = role_rows(
        rows.filter(|r| r.role == role),
        layout,
        &mut eval,
        plan.held_out,
    );
    let loss = plan.settings.loss;
    let (ks, ks_spread) = blend_scores(
        &mut both,
        &scores,
        (plan.score_weight, plan.score_scale),
        loss,
    );
    let [train, held] = both;
    let k = sparse::fit_scale(&train, loss);
    let zeros = vec![0.0; layout.len()];
    let held_hand = sparse::mean_loss(&held, k, &zeros, loss);
    let t0 = Instant::now();
    let fits = fit_each_l2(&[&train, &held], k, &zeros, plan);
    let secs = t0.elapsed().as_secs_f64();
    let passes = plan.l2.len() as f64 * f64::from(plan.settings.steps);
    let gradients = passes * train.active.len() as f64;
    let chosen = (0..fits.len())
        .min_by(|&a, &b| fits[a].1.held.total_cmp(&fits[b].1.held))
        .unwrap_or(0);
    let weights = fits.get(chosen).map_or(zeros.clone(), |(u, _)| {
        u.iter()
            .map(|x| (x / k).clamp(-MAX_TABLE_WEIGHT, MAX_TABLE_WEIGHT))
            .collect()
    });
    let fit = RoleFit {
        rows: (train.len(), held.len()),
        bytes: train.bytes() + held.bytes(),
        k,
        ks,
        ks_spread,
        held_hand,
        points: fits.into_iter().map(|(_, p)| p).collect(),
        chosen,
        gradients: (gradients, secs),
    };
    (weights, fit)
}

/// Fits both roles' tables of `families` on the rows `rows` gives (called once per role),
/// from the hand weights `hand`: the tables and each role's figures.
pub fn fit_tables<'a, G: Features, I: Iterator<Item = FitRow<'a, G>>>(
    rows: impl Fn() -> I,
    families: &[&str],
    hand: &[Vec<f64>; 2],
    plan: &TableFitPlan,
) -> Result<(GenomeTables, [RoleFit; 2]), crate::tables::UnknownFamily> {
    let layout = Arc::new(TableLayout::new::<G>(families)?);
    let mut tables = GenomeTables::zeros(Arc::clone(&layout));
    let fits = [0, 1].map(|role| {
        let (w, fit) = fit_role::<G>(rows(), &layout, role, &hand[role], plan);
        tables.weights[role] = w;
        fit
    });
    Ok((tables, fits))
}

/// Per role: rows, memory, K, the hand genome's held-out loss, each strength's losses,
/// the strength kept and, with `speed`, the gradient throughput (what `weightforge fit`
/// prints). A table genome's provenance keeps it without the speed, so that the same fit
/// writes the same file.
pub fn report<G: Features>(fits: &[RoleFit; 2], speed: bool) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    for (r, f) in fits.iter().enumerate() {
        let scale = if f.ks.is_finite() {
            format!("score scale {:.3e}", f.ks)
        } else {
            "labels without search scores".to_string()
        };
        let rate = speed_text(f, speed);
        let _ = writeln!(
            out,
            "{}: {} training + {} held-out positions ({:.0} MB), {scale}, K {:.3e}, hand genome held-out loss {:.5}{rate}",
            G::ROLES[r],
            f.rows.0,
            f.rows.1,
            f.bytes as f64 / 1e6,
            f.k,
            f.held_hand,
        );
        if f.ks_spread < crate::tunables::SCORE_SCALE_FLAT {
            let _ = writeln!(
                out,
                "  the labels of scores a spread apart differ by {:.3}: the results barely follow the scores; --score-scale spread sets the scale from the scores alone",
                f.ks_spread / 4.0
            );
        }
        for (i, p) in f.points.iter().enumerate() {
            let mark = if i == f.chosen { "  <- kept" } else { "" };
            let _ = writeln!(
                out,
                "  l2 {:e}: training loss {:.5}, held-out loss {:.5}, {} non-zero weights{mark}",
                p.l2, p.train, p.held, p.nonzero
            );
        }
    }
    out
}

/// `; N M active-entry gradients/s` for a role's fit when `speed` (else nothing): what
/// `weightforge fit` prints and a genome file leaves out.
pub fn speed_text(f: &RoleFit, speed: bool) -> String {
    let (grads, secs) = f.gradients;
    if speed {
        format!(
            "; {:.1} M active-entry gradients/s",
            grads / secs.max(1e-9) / 1e6
        )
    } else {
        String::new()
    }
}

/// The held-out loss per L2 strength and role, as CSV.
pub fn l2_csv<G: Features>(fits: &[RoleFit; 2]) -> String {
    use std::fmt::Write as _;
    let mut out =
        String::from("role,l2,train_loss,held_out_loss,hand_held_out_loss,nonzero,kept\n");
    for (r, f) in fits.iter().enumerate() {
        for (i, p) in f.points.iter().enumerate() {
            let _ = writeln!(
                out,
                "{},{:e},{},{},{},{},{}",
                G::ROLES[r],
                p.l2,
                p.train,
                p.held,
                f.held_hand,
                p.nonzero,
                i == f.chosen
            );
        }
    }
    out
}

/// The loss named on the command line.
pub fn loss_named(name: &str) -> Option<Loss> {
    match name {
        "mse" => Some(Loss::Mse),
        "logloss" => Some(Loss::LogLoss),
        _ => None,
    }
}
