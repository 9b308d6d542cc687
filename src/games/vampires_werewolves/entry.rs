//! Vampires vs Werewolves in the game registry: the built-in genome and bench positions.

use super::position::VvwPosition;
use crate::game::BenchSet;
use crate::game::GameEntry;

impl GameEntry for VvwPosition {
    const EXPERIMENT: &'static str = include_str!("../../../experiments/vampires_werewolves.ron");

    const BUILTIN_GENOMES: &'static [(&'static str, &'static str)] = &[(
        "deepblue2021",
        include_str!("../../../genomes/vampires_werewolves/deepblue2021.ron"),
    )];

    /// The kit's thetrap and testmap2 at the start, and two middle games.
    const BENCH: BenchSet = BenchSet {
        perft: &[
            ("5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2", 3),
            (
                "15x29 v 0,0:w10 28,0:h2 10,3:h4 14,7:h20 18,11:h4 0,14:h2 28,14:v10",
                3,
            ),
        ],
        search: &[
            "5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2",
            "15x29 v 0,0:w10 28,0:h2 10,3:h4 14,7:h20 18,11:h4 0,14:h2 28,14:v10",
            "15x29 w 3,3:w6 6,4:w4 10,3:h4 14,7:h20 18,11:h4 0,14:h2 24,10:v8 22,12:v4",
            "8x8 v 0,0:h5 1,0:h14 2,0:w33 3,0:h7 4,0:h6 6,0:h3 4,4:v35 7,7:h9 1,6:h12",
        ],
        genome: "deepblue2021",
        // Depth 6: with alpha-beta through sure moves depth 4 is a few thousand nodes,
        // too short a search to time.
        depth: 6,
    };
}
