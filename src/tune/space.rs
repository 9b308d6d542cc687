//! The search space of a run: which weights are tuned and in what units.
//!
//! Features have very different ranges (a sum of distances runs to 100, a count of
//! trapped wolves to 2), so raw weights are a poor space for Gaussian steps. Each tuned
//! weight is expressed as θ = w · sd(f) / U, where sd(f) is the feature's standard
//! deviation over positions sampled from seeded random games, and U is the largest
//! |w · sd(f)| of the start genome in that role. A unit step in any θ then moves the
//! evaluation by about the same amount, and the start's dominant term has |θ| = 1.

use serde::{Deserialize, Serialize};

use super::resolved::Resolved;
use crate::engine::EngineSpec;
use crate::fit::design::Column;
use crate::game::{Features, GameExt, MatchRules, Start};
use crate::genome::Genome;
use crate::seeds;
use crate::tunables::ENGINE_RANGE_UNITS;

/// Positions sampled to measure feature spreads.
const SAMPLE_GAMES: u64 = 200;

/// One tuned weight.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Dim {
    /// Role index.
    pub role: usize,
    /// Feature index.
    pub feature: usize,
    /// `role:feature`, for tables and charts.
    pub label: String,
    /// Raw weight per unit of θ.
    pub unit: f64,
    /// The other role, when both roles share this weight (`shared_weights`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mirror: Option<usize>,
    /// Bounds the raw weight is kept within (an engine's declared `min max`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bounds: Option<(f64, f64)>,
}

/// The tuned coordinates and their units.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Space {
    /// The tuned weights, in order.
    pub dims: Vec<Dim>,
}

impl Space {
    /// Builds the space of a resolved experiment (deterministic: sampled with the run
    /// seed).
    pub fn new<G: Features>(r: &Resolved) -> Self {
        if let Some(e) = &r.engine {
            return Self::of_engine(r, e);
        }
        let nf = G::feature_info().len();
        let sd = feature_spreads::<G>(r, nf);
        let mut dims = Vec::new();
        // Shared weights: the first tuned role's coordinates, mirrored into the other.
        let (roles, mirror) = if r.exp.shared_weights {
            (&r.tuned_roles[..1], r.tuned_roles.get(1).copied())
        } else {
            (&r.tuned_roles[..], None)
        };
        for &role in roles {
            let tuned: Vec<usize> = (0..nf).filter(|&f| r.tuned[role][f]).collect();
            let u = tuned
                .iter()
                .map(|&f| (r.start.weights[role][f] * sd[role][f]).abs())
                .fold(0.0, f64::max);
            let u = if u > 0.0 { u } else { 1.0 };
            for f in tuned {
                let who = match mirror {
                    Some(_) => "both",
                    None => G::ROLES[role],
                };
                dims.push(Dim {
                    role,
                    feature: f,
                    label: format!("{who}:{}", G::feature_info()[f].name),
                    unit: u / sd[role][f],
                    mirror,
                    bounds: None,
                });
            }
        }
        Space { dims }
    }

    /// The space of an engine's declared constants: a unit of θ is a quarter of the
    /// declared range, or the default's size when no bounds are declared.
    fn of_engine(r: &Resolved, e: &EngineSpec) -> Self {
        let dims = e
            .weights
            .iter()
            .enumerate()
            .filter(|&(i, _)| r.tuned[0][i])
            .map(|(i, w)| Dim {
                role: 0,
                feature: i,
                label: w.name.clone(),
                unit: match w.bounds {
                    Some((lo, hi)) => (hi - lo) / ENGINE_RANGE_UNITS,
                    None if w.default != 0.0 => w.default.abs(),
                    None => 1.0,
                },
                mirror: None,
                bounds: w.bounds,
            })
            .collect();
        Space { dims }
    }

    /// Number of tuned weights.
    pub fn len(&self) -> usize {
        self.dims.len()
    }

    /// Whether nothing is tuned.
    pub fn is_empty(&self) -> bool {
        self.dims.is_empty()
    }

    /// The tuned coordinates as the positions fit needs them.
    pub fn columns(&self) -> Vec<Column> {
        self.dims
            .iter()
            .map(|d| Column {
                role: d.role,
                mirror: d.mirror,
                feature: d.feature,
                unit: d.unit,
                bounds: d.bounds.map(|(lo, hi)| (lo / d.unit, hi / d.unit)),
            })
            .collect()
    }

    /// θ of a genome.
    pub fn encode(&self, g: &Genome) -> Vec<f64> {
        self.dims
            .iter()
            .map(|d| g.weights[d.role][d.feature] / d.unit)
            .collect()
    }

    /// The weights of `base` with the tuned ones taken from θ.
    pub fn decode(&self, theta: &[f64], base: &[Vec<f64>; 2]) -> [Vec<f64>; 2] {
        let mut w = base.clone();
        for (d, &t) in self.dims.iter().zip(theta) {
            let v = match d.bounds {
                Some((lo, hi)) => (t * d.unit).clamp(lo, hi),
                None => t * d.unit,
            };
            w[d.role][d.feature] = v;
            if let Some(m) = d.mirror {
                w[m][d.feature] = v;
            }
        }
        w
    }
}

/// Standard deviation of every feature for each role over sampled positions (1 where a
/// feature never varies).
fn feature_spreads<G: Features>(r: &Resolved, nf: usize) -> [Vec<f64>; 2] {
    let mut sum = [vec![0.0; nf], vec![0.0; nf]];
    let mut sq = [vec![0.0; nf], vec![0.0; nf]];
    let mut n = 0.0;
    let mut f = vec![0.0f32; nf];
    let mut moves = Vec::new();
    let starts: Vec<Option<Start<G>>> = r.starts.iter().map(|s| G::resolve_start(s).ok()).collect();
    let rules = MatchRules::capped(r.ply_cap);
    for i in 0..SAMPLE_GAMES {
        let mut rng = seeds::feature_sample(r.exp.seed, i);
        let Some(start) = &starts[(i % starts.len() as u64) as usize] else {
            continue;
        };
        let mut pos = start.draw(&mut rng);
        loop {
            for role in 0..2 {
                pos.features(role, &mut f);
                for k in 0..nf {
                    sum[role][k] += f[k] as f64;
                    sq[role][k] += (f[k] as f64).powi(2);
                }
            }
            n += 1.0;
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
            pos.play(mv, &mut rng);
        }
    }
    let mut sd = [vec![1.0; nf], vec![1.0; nf]];
    if n > 1.0 {
        for role in 0..2 {
            for k in 0..nf {
                let mean = sum[role][k] / n;
                let var = (sq[role][k] / n - mean * mean).max(0.0);
                if var > 1e-12 {
                    sd[role][k] = var.sqrt();
                }
            }
        }
    }
    sd
}
