//! Evaluation: a weighted sum of a game's named features.
//!
//! A player's genome holds one weight vector per role; when the player searches as role
//! `r`, the value of a position for `r` is `Σ wᵣ[i] · f[i]` where `f` are the game's
//! features seen by `r`. The search is negamax, so the value is negated when the other
//! side is to move.

use crate::game::{FeatureSet, Features, Role};
use crate::tunables::{Score, EVAL_LIMIT, EVAL_SCALE};

/// The evaluation a searching player uses: its role and that role's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluator {
    role: Role,
    weights: Vec<f32>,
    /// The features with a non-zero weight: the only ones computed (the others add
    /// exactly nothing to the sum).
    needed: FeatureSet,
    features: Vec<f32>,
}

impl Evaluator {
    /// An evaluator for `role` with one weight per feature of `G`.
    ///
    /// # Panics
    /// If the number of weights differs from the number of features (a programming
    /// error: genomes are validated when loaded).
    pub fn new<G: Features>(role: Role, weights: &[f64]) -> Self {
        assert_eq!(
            weights.len(),
            G::feature_info().len(),
            "one weight per feature of {}",
            G::NAME
        );
        let weights: Vec<f32> = weights.iter().map(|&w| w as f32).collect();
        Evaluator {
            role,
            needed: FeatureSet::nonzero(&weights),
            features: vec![0.0; weights.len()],
            weights,
        }
    }

    /// The role this evaluator scores for.
    pub fn role(&self) -> Role {
        self.role
    }

    /// The value of `pos` for the evaluator's role, in score points (unclamped float).
    pub fn value<G: Features>(&mut self, pos: &G) -> f64 {
        pos.needed_features(self.role, self.needed, &mut self.features);
        self.weights
            .iter()
            .zip(&self.features)
            .map(|(&w, &f)| w as f64 * f as f64)
            .sum()
    }

    /// The score of `pos` for the side to move.
    #[inline]
    pub fn evaluate<G: Features>(&mut self, pos: &G) -> Score {
        let v = (self.value(pos) * EVAL_SCALE)
            .round()
            .clamp(-(EVAL_LIMIT as f64), EVAL_LIMIT as f64) as Score;
        if pos.side_to_move() == self.role {
            v
        } else {
            -v
        }
    }
}
