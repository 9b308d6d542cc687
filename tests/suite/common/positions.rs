//! Random positions for the search tests: a start, then random legal plies, kept only
//! when the game goes on and the search has a move to consider.

use rand::RngExt;
use weightforge::game::{Features, GameExt, GameRng, Status};

/// A position `0..plies` random plies after `start` (drawn from `rng`), with a move to
/// search.
pub fn random_position<G: Features>(start: &str, plies: u32, rng: &mut GameRng) -> G {
    loop {
        let mut pos = G::start(start, rng).expect("a start");
        let mut moves = Vec::new();
        for _ in 0..rng.random_range(0..plies) {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv, rng);
        }
        pos.search_moves(&mut moves);
        if !moves.is_empty() && pos.status() == Status::Ongoing {
            return pos;
        }
    }
}
