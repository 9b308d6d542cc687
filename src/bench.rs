//! Fixed positions for speed measurements, shared by `weightforge bench` and the
//! criterion benches under benches/, so that both measure the same work.

use std::sync::Arc;

use rand::{RngExt, SeedableRng};

use crate::eval::Evaluator;
use crate::game::{Features, GameRng};
use crate::search::{SearchLimits, Searcher};
use crate::tables::{GenomeTables, TableLayout};

/// The largest default table genome of `G` for speed measurements: every family a fit
/// takes when none are named, each weight drawn uniformly in ±1 from seed 1 (the speed
/// does not depend on the values, only on the families); `None` if the game has no
/// table families.
pub fn largest_tables<G: Features>() -> Option<Arc<GenomeTables>> {
    let mut t = GenomeTables::zeros(Arc::new(TableLayout::default_set::<G>()?));
    let mut rng = GameRng::seed_from_u64(1);
    for w in t.weights.iter_mut().flatten() {
        *w = rng.random_range(-1.0..1.0);
    }
    Some(Arc::new(t))
}

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
    search_nodes_with_tables(searcher, positions, weights, None, depth)
}

/// [`search_nodes`] for a genome that may carry table families.
pub fn search_nodes_with_tables<G: Features>(
    searcher: &mut Searcher<G>,
    positions: &[G],
    weights: &[Vec<f64>; 2],
    tables: Option<&Arc<GenomeTables>>,
    depth: u32,
) -> u64 {
    let mut nodes = 0;
    for pos in positions {
        let role = pos.side_to_move();
        let mut eval = Evaluator::with_tables::<G>(role, &weights[role], tables);
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
