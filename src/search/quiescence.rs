//! Quiescence: beyond the depth, the side to move may stop on the evaluation or go on
//! with a sure tactical move (onto enemies or humans, with one certain result), for a
//! few plies more. A fixed depth otherwise scores a position whatever is about to be
//! taken there. Moves with random results stay out: Star1 cuts a battle only on its
//! last outcomes, so its expectation costs many times a sure move, for a rarely
//! decisive line.

use super::alphabeta::Searcher;
use super::tactical::sure_tactical;
use crate::eval::Evaluator;
use crate::game::Features;
use crate::tunables::Score;

impl<G: Features> Searcher<G> {
    /// The quiescence value of `pos` with `left` tactical plies still allowed
    /// (fail-soft: the evaluation is a lower bound for the side to move).
    pub(super) fn quiesce(
        &mut self,
        pos: &mut G,
        left: u32,
        ply: usize,
        mut alpha: Score,
        beta: Score,
        eval: &mut Evaluator,
    ) -> Score {
        let stand = self.evaluate(pos, eval);
        if left == 0 || stand >= beta {
            return stand;
        }
        alpha = alpha.max(stand);
        let mut best = stand;
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut outs = std::mem::take(&mut self.outcomes[ply]);
        pos.search_moves(&mut moves);
        for &mv in &moves {
            let Some(outcome) = sure_tactical(pos, mv, &mut outs) else {
                continue;
            };
            eval.push(pos, mv, outcome);
            let undo = pos.make(mv, outcome);
            let v = -self.quiet_node(pos, left - 1, ply + 1, (-beta, -alpha), eval);
            pos.unmake(mv, undo);
            eval.pop();
            if self.aborted {
                break;
            }
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                break;
            }
        }
        self.moves[ply] = moves;
        self.outcomes[ply] = outs;
        best
    }

    /// A node inside the quiescence search: counted, and scored if the game is over.
    fn quiet_node(
        &mut self,
        pos: &mut G,
        left: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        eval: &mut Evaluator,
    ) -> Score {
        if let Some(score) = self.settled(pos, ply) {
            return score;
        }
        self.quiesce(pos, left, ply, alpha, beta, eval)
    }
}
