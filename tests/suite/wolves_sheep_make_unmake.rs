//! Property tests: make/unmake restores the position and its hash exactly, and the
//! incremental hash always equals a hash computed from scratch.

use proptest::prelude::*;
use weightforge::game::Game;
use weightforge::games::wolves_sheep::{zobrist, WolvesSheep, SHEEP};

fn scratch_hash(pos: &WolvesSheep) -> u64 {
    zobrist::hash_of(pos.wolves(), pos.sheep(), pos.side_to_move() == SHEEP)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn make_unmake_round_trips(choices in proptest::collection::vec(any::<u32>(), 0..120)) {
        let mut pos = WolvesSheep::new();
        let mut moves = Vec::new();
        for c in choices {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            // Every legal move from here makes and unmakes back to the same position.
            for &mv in &moves {
                let before = pos;
                let undo = pos.make(mv, ());
                prop_assert_eq!(pos.hash(), scratch_hash(&pos));
                prop_assert_ne!(pos.hash(), before.hash());
                pos.unmake(mv, undo);
                prop_assert_eq!(pos, before);
                prop_assert_eq!(pos.hash(), before.hash());
            }
            let mv = moves[c as usize % moves.len()];
            pos.make(mv, ());
            prop_assert_eq!(pos.hash(), scratch_hash(&pos));
            // The text form round-trips too (ply count aside).
            let again = WolvesSheep::parse(&pos.to_text()).unwrap();
            prop_assert_eq!(again.hash(), pos.hash());
            prop_assert_eq!(again.to_text(), pos.to_text());
        }
    }
}
