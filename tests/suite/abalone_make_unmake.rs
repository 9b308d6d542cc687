//! Abalone properties over random legal move sequences: make/unmake restores the
//! position and its hash, the incremental hash equals a from-scratch hash, move counting
//! agrees with move listing, move texts round-trip, and the board's symmetries (half
//! turn, reflection, colour swap) preserve the move count and the features.

use std::collections::HashSet;

use proptest::prelude::*;
use weightforge::game::{Features, Game, GameRng, Status};
use weightforge::games::abalone::board::{rotate_half, transpose, Bits};
use weightforge::games::abalone::features::FEATURES;
use weightforge::games::abalone::{Abalone, BLACK, WHITE};

fn start(index: usize) -> Abalone {
    let name = Abalone::start_names()[index % 3];
    let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
    Abalone::start(name, &mut rng).expect("built-in start")
}

/// The same position with every cell mapped by `f`, and optionally colours swapped.
fn transformed(pos: &Abalone, f: fn(Bits) -> Bits, swap: bool) -> Abalone {
    let (b, w) = (f(pos.marbles(BLACK)), f(pos.marbles(WHITE)));
    let (black, white, side) = if swap {
        (w, b, 1 - pos.side_to_move())
    } else {
        (b, w, pos.side_to_move())
    };
    Abalone::from_parts(black, white, side).expect("a symmetric image is a legal board")
}

fn features(pos: &Abalone, role: usize) -> Vec<f32> {
    let mut out = vec![0.0; FEATURES.len()];
    pos.features(role, &mut out);
    out
}

fn identity(x: Bits) -> Bits {
    x
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn make_unmake_and_hash(start_index in 0usize..3, choices in prop::collection::vec(any::<u32>(), 0..160)) {
        let mut pos = start(start_index);
        let mut moves = Vec::new();
        for c in choices {
            pos.legal_moves(&mut moves);
            prop_assert_eq!(moves.len() as u32, pos.count_moves());
            if moves.is_empty() {
                prop_assert_ne!(pos.status(), Status::Ongoing);
                break;
            }
            // Every move is named by its text and leads to its own board.
            let mut boards = HashSet::new();
            for &m in &moves {
                prop_assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m));
                let before = pos;
                let undo = pos.make(m, ());
                prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
                prop_assert_ne!(pos.hash(), before.hash());
                prop_assert!(boards.insert(pos.board_text()));
                pos.unmake(m, undo);
                prop_assert_eq!(pos, before);
                prop_assert_eq!(pos.hash(), before.hash());
            }
            let m = moves[c as usize % moves.len()];
            pos.make(m, ());
            prop_assert_eq!(pos.hash(), pos.hash_from_scratch());
            prop_assert_eq!(Abalone::parse(&pos.to_text()).map(|p| p.hash()), Ok(pos.hash()));
        }
    }

    #[test]
    fn symmetries_preserve_counts_and_features(start_index in 0usize..3, choices in prop::collection::vec(any::<u32>(), 0..120)) {
        let mut pos = start(start_index);
        let mut moves = Vec::new();
        for c in choices {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[c as usize % moves.len()], ());
        }
        let n = pos.count_moves();
        let role = pos.side_to_move();
        let f = features(&pos, role);
        for (map, swap) in [(rotate_half as fn(Bits) -> Bits, false), (transpose, false), (identity, true), (rotate_half, true)] {
            let image = transformed(&pos, map, swap);
            prop_assert_eq!(image.count_moves(), n);
            let seen_by = if swap { 1 - role } else { role };
            let g = features(&image, seen_by);
            for (i, (a, b)) in f.iter().zip(&g).enumerate() {
                prop_assert!((a - b).abs() < 1e-3, "{} {} vs {}", FEATURES[i].name, a, b);
            }
        }
        // Features seen by the other side: the own-minus-opponent ones change sign.
        let other = features(&pos, 1 - role);
        prop_assert_eq!((f[0], f[1]), (other[1], other[0]));
        prop_assert_eq!((f[7], f[8]), (other[8], other[7]));
        for i in 2..=12 {
            if i != 7 && i != 8 {
                prop_assert!((f[i] + other[i]).abs() < 1e-3, "{}", FEATURES[i].name);
            }
        }
    }
}
