//! Fixed positions for speed measurements, shared by `weightforge bench` and the
//! criterion benches under benches/, so that both measure the same work.

use rand::SeedableRng;

use crate::eval::Evaluator;
use crate::game::{Features, GameRng};
use crate::search::{SearchLimits, Searcher};

/// Parses positions of game `G` written in its oracle notation.
pub fn positions<G: Features>(texts: &[&str]) -> Result<Vec<G>, crate::game::ParseError> {
    texts.iter().map(|t| G::parse(t)).collect()
}

/// Searches every position to `depth` from fresh tables, with the side to move's
/// weights; returns the nodes visited (a pure function of the positions and depth).
pub fn search_nodes<G: Features>(
    searcher: &mut Searcher<G>,
    positions: &[G],
    weights: &[Vec<f64>; 2],
    depth: u32,
) -> u64 {
    let mut nodes = 0;
    for pos in positions {
        let role = pos.side_to_move();
        let mut eval = Evaluator::new::<G>(role, &weights[role]);
        searcher.new_game();
        let r = searcher.search(
            pos,
            &mut eval,
            &SearchLimits::depth(depth),
            &mut GameRng::seed_from_u64(1),
        );
        nodes += r.nodes;
    }
    nodes
}
