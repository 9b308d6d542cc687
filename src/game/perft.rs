//! Perft: the leaf count of the legal-move tree, the standard check of a move generator
//! against other implementations' numbers (`weightforge perft`, tests/suite/perft.rs).

use super::Game;

/// Counts the leaves of the legal-move tree to `depth` plies (finished positions have
/// no children). Games with chance count each move once, with its first outcome.
pub fn perft<G: Game>(pos: &mut G, depth: u32) -> u64 {
    let mut bufs: Vec<Vec<G::Move>> = (0..=depth).map(|_| Vec::new()).collect();
    let mut outs = Vec::new();
    perft_inner(pos, depth, &mut bufs, &mut outs)
}

fn perft_inner<G: Game>(
    pos: &mut G,
    depth: u32,
    bufs: &mut [Vec<G::Move>],
    outs: &mut Vec<(G::Outcome, f64)>,
) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (buf, rest) = bufs.split_first_mut().expect("one buffer per ply");
    if depth == 1 {
        return pos.count_moves(buf) as u64;
    }
    pos.legal_moves(buf);
    let mut total = 0;
    for &mv in buf.iter() {
        let outcome = if G::HAS_CHANCE {
            pos.outcomes(mv, outs);
            outs.first().map(|o| o.0).unwrap_or_default()
        } else {
            G::Outcome::default()
        };
        let undo = pos.make(mv, outcome);
        total += perft_inner(pos, depth - 1, rest, outs);
        pos.unmake(mv, undo);
    }
    total
}
