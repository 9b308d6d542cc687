//! Wolves & Sheep in the game registry: built-in genomes, bench positions, and the
//! course's 5×5 state file, which does not say who moves.

use super::position::WolvesSheep;
use super::state_file;
use crate::game::BenchSet;
use crate::game::{Game, Role};
use crate::game::{GameEntry, StateError};

impl GameEntry for WolvesSheep {
    const EXPERIMENT: &'static str = include_str!("../../../experiments/wolves_sheep.ron");

    const BUILTIN_GENOMES: &'static [(&'static str, &'static str)] = &[
        (
            "luo2023",
            include_str!("../../../genomes/wolves_sheep/luo2023.ron"),
        ),
        (
            "li2023",
            include_str!("../../../genomes/wolves_sheep/li2023.ron"),
        ),
    ];

    const PYTHON_FEATURES: Option<&'static str> = Some(include_str!("features.py"));

    const BENCH: BenchSet = BenchSet {
        perft: &[("SSSSS/SSSSS/...../...../.W.W. w", 8)],
        search: &[
            "SSSSS/SSSSS/...../...../.W.W. w",
            "SSSSS/S.S.S/.S.../....W/..W.. s",
            "S.S../SS.S./..SSS/....W/W.... w",
            "SSS.S/S.SS./.SS../W.S../..W.. s",
        ],
        genome: "li2023",
        depth: 11,
    };

    /// The course's 5×5 state file; `role` (required) is the side to move.
    fn solvable() -> Option<crate::solved::Solvable<Self>> {
        Some(super::solve::oracle::solvable())
    }

    fn parse_state(text: &str, role: Option<Role>) -> Result<Self, StateError> {
        let Some(role) = role else {
            return Err(StateError::NeedsRole { roles: Self::ROLES });
        };
        state_file::parse_state(text, role).map_err(|e| StateError::Course(Box::new(e)))
    }
}
