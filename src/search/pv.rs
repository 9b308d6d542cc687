//! The principal variation of a finished search, read back from the transposition
//! table: the line both sides are expected to play, whose last position is the one the
//! search's score is the evaluation of. Datagen keeps that position (or the last quiet
//! one on the line) so that a fitted evaluation learns the score where it was given.

use super::alphabeta::Searcher;
use crate::game::{search_moves, Features, MatchRules, Status};

impl<G: Features> Searcher<G> {
    /// The positions along the principal variation of the last search of `root` under
    /// `rules`, which chose `first`: the position after `first`, then after the table's
    /// best move at each following position (a random move's likeliest outcome, the
    /// first of equals), at most `max` positions. The line ends where the table has no
    /// move for a position (the table keeps a move as its index in the position's move
    /// list; `first` must be one of the root's moves), or the game is over. Reads the table only (it allocates the returned line).
    pub fn principal_variation(
        &self,
        root: &G,
        first: G::Move,
        max: u32,
        rules: &MatchRules,
    ) -> Vec<G> {
        let mut line = Vec::new();
        let (mut moves, mut outcomes) = (Vec::new(), Vec::new());
        let mut pos = root.clone();
        search_moves(rules, &pos, &mut moves);
        let mut next = moves.iter().position(|&m| m == first);
        while let Some(i) = next {
            if line.len() as u32 >= max {
                break;
            }
            let mv = moves[i];
            pos.outcomes(mv, &mut outcomes);
            let likeliest = outcomes
                .iter()
                .fold(None::<(G::Outcome, f64)>, |best, &(o, p)| match best {
                    Some((_, bp)) if bp >= p => best,
                    _ => Some((o, p)),
                });
            let outcome = likeliest.map_or_else(G::Outcome::default, |(o, _)| o);
            pos.make(mv, outcome);
            line.push(pos.clone());
            if rules.status(&pos) != Status::Ongoing {
                break;
            }
            search_moves(rules, &pos, &mut moves);
            next = self
                .tt
                .probe(pos.hash(), 0)
                .and_then(|e| e.best)
                .map(usize::from)
                .filter(|&i| i < moves.len());
        }
        line
    }
}
