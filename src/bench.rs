//! Fixed positions for speed measurements, shared by `weightforge bench` and the
//! criterion benches under benches/, so that both measure the same work.

use rand::SeedableRng;

use crate::eval::Evaluator;
use crate::game::{Game, GameRng};
use crate::search::{SearchLimits, Searcher};

/// Fixed positions and settings per game: (perft positions and depth, search positions,
/// genome, depth).
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

/// Fixed War of Life positions: two full 12-against-12 boards, two thinned ones.
const WOL_POSITIONS: [&str; 4] = [
    "[[[2,4],[2,5],[3,4],[4,3],[5,6],[6,6],[6,7],[7,1],[7,7],[8,1],[8,5],[8,6]],\
     [[2,6],[2,8],[3,1],[3,7],[4,8],[5,2],[5,3],[5,8],[6,1],[6,8],[7,8],[8,4]]] b",
    "[[[1,5],[2,6],[4,6],[5,2],[6,3],[6,5],[6,6],[6,7],[7,1],[7,2],[7,8],[8,5]],\
     [[1,4],[1,8],[2,1],[2,2],[3,7],[4,3],[5,3],[6,1],[6,2],[6,8],[7,6],[8,2]]] r",
    "[[[2,5],[3,5],[3,6],[3,7],[4,1],[4,3],[4,4],[6,2],[7,3]],\
     [[1,3],[2,6],[2,7],[5,5],[6,8],[7,5],[7,8],[8,2]]] b",
    "[[[1,2],[3,1],[4,5],[5,1],[7,1],[7,7],[7,8]],\
     [[1,8],[3,5],[3,6],[4,3],[5,5],[5,8],[6,2],[6,6],[7,2],[7,4]]] r",
];

/// Abalone's standard start, black to move (perft 4 = 5,045,110).
const ABALONE_STANDARD: &str = "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b,\
                                G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w";

/// The fixed positions and settings of `game`, if it has any.
pub fn bench_set(game: &str) -> Option<BenchSet> {
    match game {
        "wolves_sheep" => Some(BenchSet {
            perft: &[("SSSSS/SSSSS/...../...../.W.W. w", 8)],
            search: &[
                "SSSSS/SSSSS/...../...../.W.W. w",
                "SSSSS/S.S.S/.S.../....W/..W.. s",
                "S.S../SS.S./..SSS/....W/W.... w",
                "SSS.S/S.SS./.SS../W.S../..W.. s",
            ],
            genome: "li2023",
            depth: 11,
        }),
        "war_of_life" => Some(BenchSet {
            perft: &[(WOL_POSITIONS[0], 5)],
            search: &WOL_POSITIONS,
            genome: "minimax",
            depth: 6,
        }),
        "abalone" => Some(BenchSet {
            perft: &[(ABALONE_STANDARD, 4)],
            search: &[
                ABALONE_STANDARD,
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
        }),
        // The kit's thetrap and testmap2 at the start, and two middle games.
        "vampires_werewolves" => Some(BenchSet {
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
            depth: 4,
        }),
        _ => None,
    }
}

/// Parses positions of game `G` written in its oracle notation.
pub fn positions<G: Game>(texts: &[&str]) -> Result<Vec<G>, crate::game::ParseError> {
    texts.iter().map(|t| G::parse(t)).collect()
}

/// Searches every position to `depth` from fresh tables, with the side to move's
/// weights; returns the nodes visited (a pure function of the positions and depth).
pub fn search_nodes<G: Game>(
    searcher: &mut Searcher<G>,
    positions: &[G],
    weights: &[Vec<f64>; 2],
    depth: u32,
) -> u64 {
    let mut nodes = 0;
    for pos in positions {
        let role = pos.side_to_move();
        let mut eval = Evaluator::new::<G>(role, &weights[role]);
        searcher.new_game();
        let r = searcher.search(
            pos,
            &mut eval,
            &SearchLimits::depth(depth),
            &mut GameRng::seed_from_u64(1),
        );
        nodes += r.nodes;
    }
    nodes
}
