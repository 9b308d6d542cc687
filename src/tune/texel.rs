//! Texel tuning as a tuning algorithm: each generation the current weights play the
//! opponent pool, the hall of fame and themselves ([`Plan::Positions`]); the quiet
//! positions of those games, labelled with the results, are what the algorithm is told,
//! and it refits the weights to them (K per role, then Adam with an L2 pull toward the
//! start). No games are played while fitting. This file is the algorithm's adapter;
//! the fit itself (samples, labels, design, solver) is the library in `crate::fit`.

use serde::{Deserialize, Serialize};

use super::method::{positive, within, BadParam, Method, PositionSource};
use super::plan::Plan;
use crate::fit::design::{Design, Loss};
use crate::fit::label::Label;
use crate::fit::samples::{Filter, Rows};
use crate::fit::solver::{fit_at, FitSettings, ScoreScale};
use crate::game::GameRng;

/// The experiment's `Texel(steps: .., rate: .., l2: .., ..)`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TexelSpec {
    /// Adam steps per fit.
    #[serde(default = "default_steps")]
    pub steps: u32,
    /// Adam's learning rate in normalised weight units.
    #[serde(default = "default_rate")]
    pub rate: f64,
    /// L2 strength toward the start weights.
    #[serde(default = "default_l2")]
    pub l2: f64,
    /// `Mse` (Texel's original) or `LogLoss`.
    #[serde(default)]
    pub loss: Loss,
    /// Which positions are kept.
    #[serde(default)]
    pub filter: Filter,
    /// What they are labelled with: `Result` (the default) or `Search(depth: D,
    /// weight: W)`.
    #[serde(default)]
    pub label: Label,
    /// Position files (docs/positions.md) added to every generation's positions.
    #[serde(default)]
    pub files: Vec<std::path::PathBuf>,
    /// Which roles each position trains: `Both` (every position trains both roles'
    /// weights as one zero-sum evaluation) or `PerRole` (only the role whose search
    /// meets it: a game's side to move, a version 2 file row's own role). Unset: as the
    /// sources give them (games: both; files: as their version says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rows: Option<Rows>,
    /// The search score's share of each label, w in (1 − w)·result + w·sigmoid(Ks·score)
    /// (Ks fitted per role on the rows' own scores and results). Unset: `label`'s
    /// weight. Rows without a score keep their result; rows without a result (detours,
    /// `-` in a file) use the score alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_weight: Option<f64>,
    /// Whether each generation plays games for its positions. `false`: the generations
    /// fit `files` alone, with no games until selection and validation (a fit of
    /// positions made elsewhere, e.g. by `weightforge datagen` at the target budget).
    #[serde(default = "yes", skip_serializing_if = "is_yes")]
    pub games: bool,
    /// How far each generation moves toward its fit: θ ← θ + blend · (fit − θ). 1 takes
    /// the fit; less averages the fits of successive generations (each fits only one
    /// generation's positions, so its noise shrinks as 1/blend generations are pooled).
    #[serde(default = "default_blend")]
    pub blend: f64,
}

fn default_steps() -> u32 {
    200
}
fn default_rate() -> f64 {
    0.05
}
fn default_l2() -> f64 {
    1e-4
}
fn default_blend() -> f64 {
    1.0
}
fn yes() -> bool {
    true
}
fn is_yes(v: &bool) -> bool {
    *v
}

/// The Texel state (all a checkpoint needs: every generation fits fresh positions).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Texel {
    /// The current weights θ.
    pub mean: Vec<f64>,
    /// The start weights θ₀ the L2 term pulls toward.
    pub theta0: Vec<f64>,
    /// The fit's settings.
    pub settings: FitSettings,
    /// The last fit's scale per role.
    pub k: [f64; 2],
    /// The size of the last fit's change of θ (logged as sigma).
    pub step: f64,
    /// See [`TexelSpec::blend`].
    #[serde(default = "default_blend")]
    pub blend: f64,
    /// How search scores become win chances: the model's K for the run's own
    /// labelling search (`label: Search`, scores in the fitted evaluation's units), a
    /// scale fitted on the rows otherwise (file and datagen scores, an engine's).
    #[serde(default)]
    pub score_scale: ScoreScale,
}

impl Method for Texel {
    type Spec = TexelSpec;
    const NAME: &'static str = "texel";
    const PLAN: Plan = Plan::Positions;

    fn check(spec: &TexelSpec) -> Result<(), BadParam> {
        crate::limits::TEXEL_STEPS
            .check(spec.steps.into())
            .map_err(|e| BadParam {
                field: "steps",
                message: e.to_string(),
            })?;
        positive("rate", spec.rate)?;
        within("l2", spec.l2, &crate::limits::TEXEL_L2)?;
        within("blend", spec.blend, &crate::limits::TEXEL_BLEND)?;
        if let Label::Search {
            depth,
            weight,
            detours,
        } = spec.label
        {
            let count = |field, limit: &crate::limits::Count, v: u32| {
                limit.check(v.into()).map_err(|e| BadParam {
                    field,
                    message: e.to_string(),
                })
            };
            count("label.depth", &crate::limits::TEXEL_LABEL_DEPTH, depth)?;
            count("label.detours", &crate::limits::TEXEL_DETOURS, detours)?;
            within("label.weight", weight, &crate::limits::TEXEL_LABEL_WEIGHT)?;
        }
        if let Some(w) = spec.score_weight {
            within("score_weight", w, &crate::limits::TEXEL_LABEL_WEIGHT)?;
        }
        if spec.files.len() as u64 > crate::limits::LIST_LEN.max {
            return Err(BadParam {
                field: "files",
                message: format!(
                    "{} files: at most {}",
                    spec.files.len(),
                    crate::limits::LIST_LEN.max
                ),
            });
        }
        Ok(())
    }

    fn candidates(_spec: &TexelSpec) -> u64 {
        1
    }

    fn start(spec: &TexelSpec, theta0: Vec<f64>, _generations: u32) -> Self {
        Texel {
            mean: theta0.clone(),
            theta0,
            settings: FitSettings {
                loss: spec.loss,
                steps: spec.steps,
                rate: spec.rate,
                l2: spec.l2,
                search_weight: spec
                    .score_weight
                    .unwrap_or_else(|| spec.label.search_weight()),
            },
            k: [1.0; 2],
            step: 0.0,
            blend: spec.blend,
            score_scale: match spec.label {
                Label::Search { .. } => ScoreScale::Model,
                Label::Result => ScoreScale::Fitted,
            },
        }
    }

    fn ask(&self, _rng: &mut GameRng) -> (Vec<Vec<f64>>, Vec<Vec<f64>>) {
        (vec![self.mean.clone()], vec![Vec::new()])
    }

    fn tell(&mut self, _steps: &[Vec<f64>], _results: &[f64]) {}

    fn mean(&self) -> &[f64] {
        &self.mean
    }

    fn set_mean(&mut self, theta: &[f64]) {
        self.mean = theta.to_vec();
    }

    fn sigma(&self) -> f64 {
        self.step
    }

    fn position_source(spec: &TexelSpec) -> Option<PositionSource> {
        Some(PositionSource {
            filter: spec.filter.clone(),
            label: spec.label,
            files: spec.files.clone(),
            rows: spec.rows,
            games: spec.games,
        })
    }

    fn tell_positions(&mut self, design: &Design) {
        if design.rows() == 0 {
            return;
        }
        // Coordinates past θ are the fit's own (an engine fit's intercepts): they start
        // at 0 in each fit and are not kept.
        let widen = |v: &[f64]| {
            let mut v = v.to_vec();
            v.resize(design.dims.max(v.len()), 0.0);
            v
        };
        let f = fit_at(
            design,
            &widen(&self.mean),
            &widen(&self.theta0),
            &self.settings,
            self.score_scale,
        );
        let mut step = 0.0;
        for (m, t) in self.mean.iter_mut().zip(&f.theta) {
            let d = self.blend * (t - *m);
            *m += d;
            step += d * d;
        }
        self.step = step.sqrt();
        self.k = f.k;
    }
}
