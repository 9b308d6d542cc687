//! Abalone in the game registry: built-in genomes, bench positions, and the BCIT
//! course's files (the `.input` board an agent is handed, the `.board`/`.move` listings
//! of the state space, the `.move`/`.board` answer).

use super::bcit;
use super::movegen::AbMove;
use super::position::Abalone;
use crate::game::BenchSet;
use crate::game::{CourseFiles, CourseFrontEnd, CourseListing, GameEntry, StateError};
use crate::game::{Game, Role};

/// The standard start, black to move (perft 4 = 5,045,110).
const STANDARD: &str = "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b,\
                        G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w";

impl GameEntry for Abalone {
    const EXPERIMENT: &'static str = include_str!("../../../experiments/abalone.ron");

    const BUILTIN_GENOMES: &'static [(&'static str, &'static str)] = &[
        ("guara", include_str!("../../../genomes/abalone/guara.ron")),
        (
            "chorus2009",
            include_str!("../../../genomes/abalone/chorus2009.ron"),
        ),
    ];

    const PYTHON_FEATURES: Option<&'static str> = Some(include_str!("features.py"));

    const BENCH: BenchSet = BenchSet {
        perft: &[(STANDARD, 4)],
        search: &[
            STANDARD,
            "b B1b,B2b,C1b,C2b,C3b,D2b,D3b,F7b,F8b,G7b,G8b,G9b,H8b,H9b,\
             B5w,B6w,C5w,C6w,C7w,D6w,D7w,F3w,F4w,G3w,G4w,G5w,H4w,H5w",
            "b A1b,A2b,B1b,B2b,B3b,C2b,C3b,G7b,G8b,H7b,H8b,H9b,I8b,I9b,\
             A4w,A5w,B4w,B5w,B6w,C5w,C6w,G4w,G5w,H4w,H5w,H6w,I5w,I6w",
            "w A2b,A3b,A4b,B1b,B2b,B3b,B4b,C1b,C3b,C4b,C7b,D6b,D8b,E6b,\
             E4w,E5w,F5w,G5w,G6w,G7w,H4w,H5w,H6w,H8w,H9w,I7w,I8w,I9w",
            "b A2b,A3b,A5b,B1b,B2b,B4b,B5b,B6b,C1b,C3b,D4b,E2b,F4b,F6b,\
             D7w,E3w,E7w,F5w,F8w,F9w,G5w,G7w,G8w,H8w,H9w,I5w,I7w,I8w",
        ],
        genome: "guara",
        depth: 5,
    };

    const COURSE: Option<CourseFrontEnd<Self>> = Some(CourseFrontEnd {
        parse_input,
        listing,
        answer,
    });

    /// The course's `.input` file (side on line 1, board on line 2) or, when the first
    /// line holds a space, one position in the game's notation.
    fn parse_state(text: &str, _role: Option<Role>) -> Result<Self, StateError> {
        if is_input(text) {
            parse_input(text)
        } else {
            Ok(Self::parse(text.trim())?)
        }
    }
}

/// Whether a state text is a course `.input` file rather than one position in the
/// notation `<b|w> <board>`: its first line has no space.
fn is_input(text: &str) -> bool {
    !text
        .lines()
        .next()
        .unwrap_or("")
        .trim()
        .contains(char::is_whitespace)
}

fn parse_input(text: &str) -> Result<Abalone, StateError> {
    bcit::parse_input(text).map_err(|e| StateError::Course(Box::new(e)))
}

fn listing(pos: &Abalone, listing: CourseListing) -> String {
    match listing {
        CourseListing::Boards => bcit::board_file(pos),
        CourseListing::Moves => bcit::move_file(pos),
    }
}

/// The `.move` line and the `.board` line after it.
fn answer(pos: &Abalone, mv: AbMove) -> CourseFiles {
    let (move_line, board_line) = bcit::move_and_board(pos, mv);
    vec![("move", move_line), ("board", board_line)]
}
