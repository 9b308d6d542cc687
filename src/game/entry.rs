//! What a game brings besides its rules: its built-in genomes, its bench positions, the
//! board format its course hands an agent, and the course's own front end. Each game
//! implements [`GameEntry`] in its folder (`src/games/<game>/entry.rs`), so that code
//! outside that folder never asks which game it is.

use super::{Features, ParseError, Role};

/// A game's entry in the registry.
pub trait GameEntry: Features {
    /// The genomes compiled into the binary, as (name, RON text): `luo2023` or
    /// `land_grab` name a player anywhere a genome file would do.
    const BUILTIN_GENOMES: &'static [(&'static str, &'static str)];

    /// The fixed positions and settings of `weightforge bench` and the criterion benches.
    const BENCH: BenchSet;

    /// The game's committed experiment (`experiments/<game>.ron`, compiled in): the
    /// base of `weightforge init --game <game>`.
    const EXPERIMENT: &'static str;

    /// The game's features in Python (its `features.py`, see
    /// [`crate::python_module`]): what `weightforge export --format python` writes
    /// into a genome's module. `None`: the game has none yet.
    const PYTHON_FEATURES: Option<&'static str> = None;

    /// The course's own file formats, for games whose course has them.
    const COURSE: Option<CourseFrontEnd<Self>> = None;

    /// The game solved, for a game that can be: its oracle, the file it builds and
    /// reads, and its accuracy sample (`solve`, `accuracy`, `perfect`, exact labels).
    fn solvable() -> Option<crate::solved::Solvable<Self>> {
        None
    }

    /// Reads the board a course runner hands an agent (`weightforge move --state`).
    /// `role` is the `--role` given, if any. Default: one position in the game's notation.
    fn parse_state(text: &str, role: Option<Role>) -> Result<Self, StateError> {
        let _ = role;
        Ok(Self::parse(text.trim())?)
    }
}

/// The listings of a course front end (`weightforge moves --format ...`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CourseListing {
    /// Every legal move's resulting board, one per line.
    Boards,
    /// Every legal move, one per line, in the same order.
    Moves,
}

/// A course's own file formats: the input file it hands an agent, the listing of every
/// legal move it checks, and the files an agent hands back.
pub struct CourseFrontEnd<G: GameEntry> {
    /// Reads the course's input file.
    pub parse_input: fn(&str) -> Result<G, StateError>,
    /// Every legal move of a position as the course lists them.
    pub listing: fn(&G, CourseListing) -> String,
    /// The files an agent hands back for a chosen move.
    pub answer: fn(&G, G::Move) -> CourseFiles,
}

/// Files an agent hands back to a course runner: (extension, text) each, in the order
/// they are printed.
pub type CourseFiles = Vec<(&'static str, String)>;

/// A board handed over by a course runner that could not be read.
#[derive(Debug, thiserror::Error)]
pub enum StateError {
    /// The format does not say who moves and no role was given.
    #[error("the state file does not say who moves: give --role {} or --role {}", roles[0], roles[1])]
    NeedsRole {
        /// The game's roles.
        roles: [&'static str; 2],
    },
    /// The role given is not the side to move of the position.
    #[error("--role {given} does not match the position's side to move ({to_move})")]
    RoleMismatch {
        /// The role given.
        given: &'static str,
        /// The side to move.
        to_move: &'static str,
    },
    /// A position in the game's notation that could not be read.
    #[error(transparent)]
    Parse(#[from] ParseError),
    /// A file in a course's own format that could not be read.
    #[error(transparent)]
    Course(Box<dyn std::error::Error + Send + Sync>),
}

/// Reads the board of a course runner with [`GameEntry::parse_state`] and checks that
/// `role`, if given, is the side to move.
pub fn read_state<G: GameEntry>(text: &str, role: Option<Role>) -> Result<G, StateError> {
    let pos = G::parse_state(text, role)?;
    match role {
        Some(r) if r != pos.side_to_move() => Err(StateError::RoleMismatch {
            given: G::ROLES[r],
            to_move: G::ROLES[pos.side_to_move()],
        }),
        _ => Ok(pos),
    }
}

/// A game's fixed positions and settings ([`GameEntry::BENCH`]):
/// perft positions and depths, search positions, genome, depth.
pub struct BenchSet {
    /// Positions (oracle notation) and perft depths.
    pub perft: &'static [(&'static str, u32)],
    /// Positions (oracle notation) the search benchmark searches.
    pub search: &'static [&'static str],
    /// The built-in genome whose evaluation the search uses.
    pub genome: &'static str,
    /// Search depth of `weightforge bench`.
    pub depth: u32,
}
