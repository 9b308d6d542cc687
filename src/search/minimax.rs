//! Plain minimax (negamax form, no pruning, no tables): the reference every other search
//! variant must agree with.

use super::tactical::sure_tactical;
use super::terminal::terminal_score;
use crate::eval::Evaluator;
use crate::game::{Features, MatchRules};
use crate::tunables::Score;

/// The minimax value of `pos` to `depth` plies for the side to move, with the search's
/// terminal scores and expectations over random outcomes, under a match's `rules`.
pub fn minimax<G: Features>(
    pos: &mut G,
    depth: u32,
    rules: &MatchRules,
    eval: &mut Evaluator,
) -> Score {
    minimax_quiescent(pos, depth, 0, rules, eval)
}

/// [`minimax`] with `quiescence` plies of sure tactical moves beyond the depth (see
/// [`super::SearchOptions::quiescence`]), each node free to stand on the evaluation.
pub fn minimax_quiescent<G: Features>(
    pos: &mut G,
    depth: u32,
    quiescence: u32,
    rules: &MatchRules,
    eval: &mut Evaluator,
) -> Score {
    let mut tree = Tree {
        quiescence,
        rules,
        eval,
    };
    tree.value(pos, depth, 0)
}

struct Tree<'a> {
    quiescence: u32,
    rules: &'a MatchRules,
    eval: &'a mut Evaluator,
}

impl Tree<'_> {
    fn value<G: Features>(&mut self, pos: &mut G, depth: u32, ply: u32) -> Score {
        if let Some(score) = terminal_score(pos, self.rules.status(pos), ply) {
            return score;
        }
        if depth == 0 {
            return self.quiet(pos, self.quiescence, ply);
        }
        let mut moves = Vec::new();
        pos.search_moves(&mut moves);
        if moves.is_empty() {
            return self.eval.evaluate(pos);
        }
        let mut outs = Vec::new();
        let mut best = Score::MIN;
        for mv in moves {
            pos.outcomes(mv, &mut outs);
            let mut sum = 0.0;
            for &(outcome, p) in &outs {
                let undo = pos.make(mv, outcome);
                sum += p * -self.value(pos, depth - 1, ply + 1) as f64;
                pos.unmake(mv, undo);
            }
            best = best.max(sum.round() as Score);
        }
        best
    }

    /// The evaluation, or a sure tactical move's value if better, `left` plies deep.
    fn quiet<G: Features>(&mut self, pos: &mut G, left: u32, ply: u32) -> Score {
        let mut best = self.eval.evaluate(pos);
        if left == 0 {
            return best;
        }
        let mut moves = Vec::new();
        pos.search_moves(&mut moves);
        let mut outs = Vec::new();
        for mv in moves {
            let Some(outcome) = sure_tactical(pos, mv, &mut outs) else {
                continue;
            };
            let undo = pos.make(mv, outcome);
            let v = match terminal_score(pos, self.rules.status(pos), ply + 1) {
                Some(score) => score,
                None => self.quiet(pos, left - 1, ply + 1),
            };
            pos.unmake(mv, undo);
            best = best.max(-v);
        }
        best
    }
}
