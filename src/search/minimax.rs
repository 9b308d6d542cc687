//! Plain minimax (negamax form, no pruning, no tables): the reference every other search
//! variant must agree with.

use super::alphabeta::terminal_score;
use crate::eval::Evaluator;
use crate::game::{Game, MatchRules};
use crate::tunables::Score;

/// The minimax value of `pos` to `depth` plies for the side to move, with the engine's
/// terminal scores and expectations over random outcomes, under a match's `rules`.
pub fn minimax<G: Game>(
    pos: &mut G,
    depth: u32,
    rules: &MatchRules,
    eval: &mut Evaluator,
) -> Score {
    value(pos, depth, 0, rules, eval)
}

fn value<G: Game>(
    pos: &mut G,
    depth: u32,
    ply: u32,
    rules: &MatchRules,
    eval: &mut Evaluator,
) -> Score {
    if let Some(score) = terminal_score(pos, rules.status(pos), ply) {
        return score;
    }
    if depth == 0 {
        return eval.evaluate(pos);
    }
    let mut moves = Vec::new();
    pos.search_moves(&mut moves);
    if moves.is_empty() {
        return eval.evaluate(pos);
    }
    let mut outs = Vec::new();
    let mut best = Score::MIN;
    for mv in moves {
        pos.outcomes(mv, &mut outs);
        let mut sum = 0.0;
        for &(outcome, p) in &outs {
            let undo = pos.make(mv, outcome);
            sum += p * -value(pos, depth - 1, ply + 1, rules, eval) as f64;
            pos.unmake(mv, undo);
        }
        best = best.max(sum.round() as Score);
    }
    best
}
