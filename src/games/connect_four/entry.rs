//! Connect Four in the game registry: built-in genomes, bench positions and the
//! committed experiment.

use super::position::ConnectFour;
use crate::game::{BenchSet, GameEntry};

impl GameEntry for ConnectFour {
    const BUILTIN_GENOMES: &'static [(&'static str, &'static str)] = &[
        (
            "course",
            include_str!("../../../genomes/connect_four/course.ron"),
        ),
        (
            "tuned",
            include_str!("../../../genomes/connect_four/tuned.ron"),
        ),
    ];

    const EXPERIMENT: &'static str = include_str!("../../../experiments/connect_four.ron");

    const BENCH: BenchSet = BenchSet {
        perft: &[
            ("......./......./......./......./......./....... r", 7),
            ("......./......./......./...y.../..yr.../..rry.. r", 6),
        ],
        search: &[
            "......./......./......./......./......./....... r",
            "......./......./......./...y.../..yr.../..rry.. r",
            "......./......./...r.../..yy.../..rr.../..ryy.r y",
            "......./...y.../..yr.../..ry.../.yrr.../ryyr.r. y",
        ],
        genome: "course",
        depth: 9,
    };

    fn solvable() -> Option<crate::solved::Solvable<Self>> {
        Some(super::solver::solvable::solvable())
    }
}
