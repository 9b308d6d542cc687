//! Property tests of War of Life: make/unmake, the incremental hash, the crank against
//! its cell-by-cell definition, and the notation round trip.

use proptest::prelude::*;
use rand::SeedableRng;
use weightforge::game::{Features, Game, GameRng, Status};
use weightforge::games::war_of_life::crank::{crank, crank_reference};
use weightforge::games::war_of_life::features::{FEATURES, OPPONENT_PIECES, OWN_PIECES};
use weightforge::games::war_of_life::zobrist::hash_reference;
use weightforge::games::war_of_life::{WarOfLife, BLUE, RED};

/// Two disjoint random sets, of a density chosen by `mask`.
fn board() -> impl Strategy<Value = (u64, u64)> {
    (any::<u64>(), any::<u64>(), any::<u64>()).prop_map(|(a, b, m)| (a & m & !b, b & m & !a))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn crank_matches_its_definition((blue, red) in board()) {
        prop_assert_eq!(crank(blue, red), crank_reference(blue, red));
    }

    #[test]
    fn text_round_trips((blue, red) in board(), side in 0usize..2) {
        let pos = WarOfLife::from_parts(blue, red, side).unwrap();
        let back = WarOfLife::parse(&pos.to_text()).unwrap();
        prop_assert_eq!(back, pos);
        prop_assert_eq!(pos.hash(), hash_reference(blue, red, side));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn make_unmake_restores_and_hash_stays_exact(
        seed in any::<u64>(),
        picks in proptest::collection::vec(any::<usize>(), 1..40),
    ) {
        let mut rng = GameRng::seed_from_u64(seed);
        let mut pos = WarOfLife::start("random", &mut rng).unwrap();
        let mut moves = Vec::new();
        let mut f = vec![0.0; FEATURES.len()];
        for pick in picks {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                prop_assert_ne!(pos.status(), Status::Ongoing);
                break;
            }
            prop_assert_eq!(pos.status(), Status::Ongoing);
            let before = pos;
            for &mv in &moves {
                let undo = pos.make(mv, ());
                prop_assert_eq!(pos.hash(), hash_reference(pos.blue(), pos.red(), pos.side_to_move()));
                prop_assert_eq!(pos.ply(), before.ply() + 1);
                // The mover's feature view is the coursework's measure after the crank.
                let mover = before.side_to_move();
                pos.features(mover, &mut f);
                prop_assert_eq!(f[OWN_PIECES] as u32, pos.pieces(mover).count_ones());
                prop_assert_eq!(f[OPPONENT_PIECES] as u32, pos.pieces(1 - mover).count_ones());
                pos.unmake(mv, undo);
                prop_assert_eq!(pos, before);
                prop_assert_eq!(pos.hash(), before.hash());
            }
            let mv = moves[pick % moves.len()];
            let step = (1u64 << mv.from) | (1u64 << mv.to);
            let want = if pos.side_to_move() == BLUE {
                crank_reference(pos.blue() ^ step, pos.red())
            } else {
                crank_reference(pos.blue(), pos.red() ^ step)
            };
            pos.make(mv, ());
            prop_assert_eq!((pos.blue(), pos.red()), want);
            prop_assert_eq!(pos.side_to_move(), if before.side_to_move() == BLUE { RED } else { BLUE });
        }
    }
}
