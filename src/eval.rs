//! Evaluation: a weighted sum of a game's named features, plus the genome's tables.
//!
//! A player's genome holds one weight vector per role; when the player searches as role
//! `r`, the value of a position for `r` is `Σ wᵣ[i] · f[i]` where `f` are the game's
//! features seen by `r`, plus, when the genome carries table families, the weights of
//! the entries the board activates (`src/tables/`). The search is negamax, so the value
//! is negated when the other side is to move.
//!
//! The search keeps the tables' sum incrementally: [`Evaluator::start`] at its root,
//! [`Evaluator::push`] before each move and [`Evaluator::pop`] after it is taken back,
//! and [`Evaluator::evaluate_searched`] at its leaves. Every other caller uses
//! [`Evaluator::evaluate`], which computes everything from the position.

use std::sync::Arc;

use crate::game::{CellChanges, FeatureSet, Features, Role};
use crate::tables::{GenomeTables, TableAccumulator};
use crate::tunables::{Score, EVAL_LIMIT, EVAL_SCALE, TABLE_QUANTUM};

/// The evaluation a searching player uses: its role and that role's weights.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluator {
    role: Role,
    weights: Vec<f32>,
    /// The features with a non-zero weight: the only ones computed (the others add
    /// exactly nothing to the sum).
    needed: FeatureSet,
    features: Vec<f32>,
    tables: Option<Box<TableScratch>>,
}

/// The tables' accumulator and the scratch space its updates use.
#[derive(Clone, Debug, PartialEq)]
struct TableScratch {
    acc: TableAccumulator,
    contents: Vec<u8>,
    changes: CellChanges,
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
            tables: None,
        }
    }

    /// An evaluator for `role` with its hand weights and, if given, its tables.
    pub fn with_tables<G: Features>(
        role: Role,
        weights: &[f64],
        tables: Option<&Arc<GenomeTables>>,
    ) -> Self {
        let mut eval = Self::new::<G>(role, weights);
        eval.tables = tables.map(|t| {
            Box::new(TableScratch {
                acc: TableAccumulator::new(Arc::clone(&t.layout), &t.weights[role]),
                contents: vec![0; t.layout.cells],
                changes: CellChanges::default(),
            })
        });
        eval
    }

    /// The role this evaluator scores for.
    pub fn role(&self) -> Role {
        self.role
    }

    /// The hand features' value of `pos` for the evaluator's role.
    fn hand_value<G: Features>(&mut self, pos: &G) -> f64 {
        pos.needed_features(self.role, self.needed, &mut self.features);
        self.weights
            .iter()
            .zip(&self.features)
            .map(|(&w, &f)| w as f64 * f as f64)
            .sum()
    }

    /// The tables' sum for `pos` from scratch, in `1 / TABLE_QUANTUM` points.
    fn table_sum<G: Features>(&mut self, pos: &G) -> i64 {
        match &mut self.tables {
            Some(t) => {
                pos.cell_contents(&mut t.contents);
                t.acc.sum_of(&t.contents)
            }
            None => 0,
        }
    }

    /// The value of `pos` for the evaluator's role, in evaluation units (unclamped).
    pub fn value<G: Features>(&mut self, pos: &G) -> f64 {
        let tables = self.table_sum(pos) as f64 / (TABLE_QUANTUM * EVAL_SCALE);
        self.hand_value(pos) + tables
    }

    /// The score for the side to move of a position whose hand value is `hand` and
    /// tables' sum is `table_sum`.
    #[inline]
    fn score<G: Features>(&self, pos: &G, hand: f64, table_sum: i64) -> Score {
        let v = (hand * EVAL_SCALE + table_sum as f64 / TABLE_QUANTUM)
            .round()
            .clamp(-(EVAL_LIMIT as f64), EVAL_LIMIT as f64) as Score;
        if pos.side_to_move() == self.role {
            v
        } else {
            -v
        }
    }

    /// The score of `pos` for the side to move, computed from the position.
    #[inline]
    pub fn evaluate<G: Features>(&mut self, pos: &G) -> Score {
        let table_sum = self.table_sum(pos);
        let hand = self.hand_value(pos);
        self.score(pos, hand, table_sum)
    }

    /// Starts a search at `root`: the tables' accumulator is computed from it.
    #[inline]
    pub fn start<G: Features>(&mut self, root: &G) {
        if let Some(t) = &mut self.tables {
            root.cell_contents(&mut t.contents);
            t.acc.refresh(&t.contents);
        }
    }

    /// Follows the search into `mv` (called before `pos.make(mv, outcome)`).
    #[inline]
    pub fn push<G: Features>(&mut self, pos: &G, mv: G::Move, outcome: G::Outcome) {
        if let Some(t) = &mut self.tables {
            pos.cell_changes(mv, outcome, &mut t.changes);
            t.acc.push(&t.changes);
        }
    }

    /// Follows the search back out of the last move pushed (after it is unmade).
    #[inline]
    pub fn pop(&mut self) {
        if let Some(t) = &mut self.tables {
            t.acc.pop();
        }
    }

    /// The score of `pos` for the side to move inside a search: the tables' part from the
    /// accumulator, which must be at `pos` ([`Evaluator::start`], `push`, `pop`).
    #[inline]
    pub fn evaluate_searched<G: Features>(&mut self, pos: &G) -> Score {
        let table_sum = self.tables.as_ref().map_or(0, |t| t.acc.sum());
        let hand = self.hand_value(pos);
        self.score(pos, hand, table_sum)
    }
}
