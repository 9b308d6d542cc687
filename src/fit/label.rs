//! What a kept position is labelled with. The game's result says who won from here,
//! averaged over everything both sides did afterwards; a deeper search of the position
//! with the weights being fitted says what the evaluation should have seen from here.
//! A fit to search labels teaches a short search what a longer one finds (a sheep that
//! can be taken is as good as eaten when the wolves are to move), which the result
//! alone cannot teach when the same features come with both sides' results.

use rand::RngExt;
use serde::{Deserialize, Serialize};

use crate::eval::Evaluator;
use crate::game::{Features, GameExt, GameRng, MatchRules, Role, Status};
use crate::genome::Genome;
use crate::search::{SearchLimits, SearchOptions, Searcher};
use crate::tunables::{EVAL_SCALE, TEXEL_DETOUR_PLIES, TEXEL_LABEL_TT_BITS};

/// How kept positions are labelled (the experiment's `label:`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Label {
    /// The game's result: 1, ½ or 0 from the row's role's view.
    #[default]
    Result,
    /// Each row's label is `(1 − weight) · result + weight · sigmoid(K · score)`, where
    /// `score` is a `depth`-ply search of the position by the weights that played the
    /// game, with the row's role's evaluation, from that role's view, and `K` the role's
    /// fitted scale.
    Search {
        /// Plies of the labelling search.
        depth: u32,
        /// The search's share of the label (1: the search alone).
        weight: f64,
        /// Extra rows per kept position: the position after
        /// [`TEXEL_DETOUR_PLIES`] random legal plies, labelled by the search alone
        /// (their game was never played). Games hold the positions good players allow;
        /// a search's leaves are mostly positions they avoid (a sheep left to be taken),
        /// and the evaluation is used there.
        #[serde(default)]
        detours: u32,
    },
}

impl Label {
    /// The search's share of the label (0 for results alone).
    pub fn search_weight(&self) -> f64 {
        match self {
            Label::Result => 0.0,
            Label::Search { weight, .. } => *weight,
        }
    }
}

/// The detour rows' result: unknown, so their label is the search's alone.
pub const NO_RESULT: f32 = f32::NAN;

/// Searches kept positions with one genome's weights: one evaluation per role, each
/// with its own searcher (a table filled with one role's values is wrong for the
/// other's).
pub struct Labeler<G: Features> {
    searchers: [Searcher<G>; 2],
    evals: [Evaluator; 2],
    limits: SearchLimits,
    rng: GameRng,
    detours: u32,
    detour_rng: GameRng,
    moves: Vec<G::Move>,
}

impl<G: Features> Labeler<G> {
    /// A labeler searching `depth` plies under `rules` with `weights` (one vector per
    /// role), adding `detours` random detours per position drawn from `detour_rng`.
    pub fn new(
        weights: &[Vec<f64>; 2],
        (depth, detours): (u32, u32),
        rules: MatchRules,
        detour_rng: GameRng,
    ) -> Self {
        let evals = [0, 1].map(|r| Evaluator::new::<G>(r, &weights[r]));
        let limits = SearchLimits::depth(depth).with_rules(rules);
        Self::searching(
            SearchOptions::default(),
            evals,
            limits,
            (detours, detour_rng),
        )
    }

    /// A labeler with these searches (`opts`, ties never broken at random), evaluators
    /// and limits, adding `detours` random detours per position drawn from `detour_rng`.
    fn searching(
        opts: SearchOptions,
        evals: [Evaluator; 2],
        limits: SearchLimits,
        (detours, detour_rng): (u32, GameRng),
    ) -> Self {
        let opts = SearchOptions {
            random_ties: false,
            ..opts
        };
        Labeler {
            searchers: [0, 1].map(|_| Searcher::new(opts, TEXEL_LABEL_TT_BITS)),
            evals,
            limits,
            // Ties are not broken at random, so the search never draws from it.
            rng: rand::SeedableRng::seed_from_u64(0),
            detours,
            detour_rng,
            moves: Vec::new(),
        }
    }

    /// A labeler searching within `limits` with a whole genome (its hand weights, its
    /// tables and its search settings; ties not broken at random), without detours: the
    /// scorer of `weightforge rescore`.
    pub fn for_genome(g: &Genome, limits: SearchLimits) -> Self {
        let opts = SearchOptions {
            no_reply_fails: g.no_reply_fails,
            quiescence: g.quiescence,
            ..SearchOptions::default()
        };
        let evals =
            [0, 1].map(|r| Evaluator::with_tables::<G>(r, &g.weights[r], g.tables.as_ref()));
        Self::searching(
            opts,
            evals,
            limits,
            (0, rand::SeedableRng::seed_from_u64(0)),
        )
    }

    /// Empties the searchers' tables, so that the next score does not depend on the
    /// positions searched before it (whichever thread searched them).
    pub fn forget(&mut self) {
        for s in &mut self.searchers {
            s.new_game();
        }
    }

    /// The detours of `pos`: each the position after [`TEXEL_DETOUR_PLIES`] random
    /// legal plies (random outcomes too), when the game is still on there.
    pub fn detours(&mut self, pos: &G) -> Vec<G> {
        let rules = self.limits.rules;
        let mut out = Vec::with_capacity(self.detours as usize);
        for _ in 0..self.detours {
            let mut p = pos.clone();
            let on = (0..TEXEL_DETOUR_PLIES).all(|_| {
                rules.legal_moves(&p, &mut self.moves);
                if self.moves.is_empty() || rules.status(&p) != Status::Ongoing {
                    return false;
                }
                let mv = self.moves[self.detour_rng.random_range(0..self.moves.len())];
                p.play(mv, &mut self.detour_rng);
                true
            });
            if on && rules.status(&p) == Status::Ongoing {
                out.push(p);
            }
        }
        out
    }

    /// The search score of `pos` for role `r`, in evaluation units (Σ weight ×
    /// feature; a forced win is far beyond any evaluation).
    pub fn score(&mut self, pos: &G, r: Role) -> f32 {
        let s = self.searchers[r]
            .search(pos, &mut self.evals[r], &self.limits, &mut self.rng)
            .score;
        let own = if pos.side_to_move() == r { s } else { -s };
        (own as f64 / EVAL_SCALE) as f32
    }
}

/// The least score (in evaluation units, as position files hold them) that is a forced
/// result the search found, not an evaluation.
pub fn forced_score() -> f32 {
    (crate::tunables::WIN_THRESHOLD as f64 / EVAL_SCALE) as f32
}

/// The label of a row: its result blended with the logistic of its search score (the
/// logistic alone for a detour, whose result is [`NO_RESULT`]).
#[inline]
pub fn blend(result: f32, score: f32, k: f64, weight: f64) -> f32 {
    if score.is_nan() || weight == 0.0 {
        return result;
    }
    let p = 1.0 / (1.0 + (-k * score as f64).exp());
    if result.is_nan() {
        return p as f32;
    }
    ((1.0 - weight) * result as f64 + weight * p) as f32
}
