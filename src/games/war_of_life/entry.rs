//! War of Life in the game registry: built-in genomes (the coursework's strategies) and
//! bench positions.

use super::position::WarOfLife;
use crate::game::BenchSet;
use crate::game::GameEntry;

/// Fixed positions: two full 12-against-12 boards, two thinned ones.
const POSITIONS: [&str; 4] = [
    "[[[2,4],[2,5],[3,4],[4,3],[5,6],[6,6],[6,7],[7,1],[7,7],[8,1],[8,5],[8,6]],\
     [[2,6],[2,8],[3,1],[3,7],[4,8],[5,2],[5,3],[5,8],[6,1],[6,8],[7,8],[8,4]]] b",
    "[[[1,5],[2,6],[4,6],[5,2],[6,3],[6,5],[6,6],[6,7],[7,1],[7,2],[7,8],[8,5]],\
     [[1,4],[1,8],[2,1],[2,2],[3,7],[4,3],[5,3],[6,1],[6,2],[6,8],[7,6],[8,2]]] r",
    "[[[2,5],[3,5],[3,6],[3,7],[4,1],[4,3],[4,4],[6,2],[7,3]],\
     [[1,3],[2,6],[2,7],[5,5],[6,8],[7,5],[7,8],[8,2]]] b",
    "[[[1,2],[3,1],[4,5],[5,1],[7,1],[7,7],[7,8]],\
     [[1,8],[3,5],[3,6],[4,3],[5,5],[5,8],[6,2],[6,6],[7,2],[7,4]]] r",
];

impl GameEntry for WarOfLife {
    const EXPERIMENT: &'static str = include_str!("../../../experiments/war_of_life.ron");

    const BUILTIN_GENOMES: &'static [(&'static str, &'static str)] = &[
        (
            "bloodlust",
            include_str!("../../../genomes/war_of_life/bloodlust.ron"),
        ),
        (
            "self_preservation",
            include_str!("../../../genomes/war_of_life/self_preservation.ron"),
        ),
        (
            "land_grab",
            include_str!("../../../genomes/war_of_life/land_grab.ron"),
        ),
        (
            "minimax",
            include_str!("../../../genomes/war_of_life/minimax.ron"),
        ),
        (
            "minimax_prolog",
            include_str!("../../../genomes/war_of_life/minimax_prolog.ron"),
        ),
    ];

    const PYTHON_FEATURES: Option<&'static str> = Some(include_str!("features.py"));

    const BENCH: BenchSet = BenchSet {
        perft: &[(POSITIONS[0], 5)],
        search: &POSITIONS,
        genome: "minimax",
        depth: 6,
    };
}
