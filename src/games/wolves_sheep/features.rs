//! Evaluation features of Wolves & Sheep.
//!
//! Every feature is a plain fact about the board, the same whoever looks at it: the
//! genome's weights for a role say how much that role likes it. The two course
//! heuristics are weighted sums of these features (genomes/wolves_sheep/luo2023.ron and
//! li2023.ron); the rest are there for the tuner to weigh.

use super::bitboard::{self, squares, ADJACENT, JUMPS, RINGS, ROWS};
use super::position::{WolvesSheep, WsMove, START_SHEEP, WOLVES};
use crate::game::{CellBoard, CellChanges, FeatureInfo, Features, Game, Role};

/// The features, in the order [`compute`] writes them.
pub const FEATURES: [FeatureInfo; 12] = [
    FeatureInfo {
        name: "sheep_eaten",
        meaning: "sheep captured so far (10 minus the sheep on the board)",
    },
    FeatureInfo {
        name: "wolf_sheep_distance",
        meaning: "sum over every (wolf, sheep) pair of their Manhattan distance",
    },
    FeatureInfo {
        name: "capturable_sheep",
        meaning: "sheep a wolf could capture with its next move",
    },
    FeatureInfo {
        name: "blocked_wolf_sides",
        meaning: "orthogonal neighbours of the wolves that are off the board or occupied",
    },
    FeatureInfo {
        name: "trapped_wolves",
        meaning: "wolves with all four sides blocked",
    },
    FeatureInfo {
        name: "empty_next_to_wolves",
        meaning: "distinct empty squares orthogonally next to a wolf",
    },
    FeatureInfo {
        name: "wolf_mobility",
        meaning: "legal wolf moves (steps and captures) if the wolves were to move",
    },
    FeatureInfo {
        name: "sheep_mobility",
        meaning: "legal sheep moves if the sheep were to move",
    },
    FeatureInfo {
        name: "sheep_advance",
        meaning: "sum of the sheep's row numbers (row 0 is the sheep's home row)",
    },
    FeatureInfo {
        name: "sheep_pairs",
        meaning: "orthogonally adjacent pairs of sheep (cohesion of the flock)",
    },
    FeatureInfo {
        name: "wolves_one_exit",
        meaning: "wolves with exactly one empty side (one move from being trapped)",
    },
    FeatureInfo {
        name: "side_to_move_wolves",
        meaning: "1 when the wolves are to move, 0 otherwise (tempo)",
    },
];

/// Writes the feature values of `pos` into `out`, in [`FEATURES`] order. The values do
/// not depend on `role`: the weights of each role give them their sign.
#[inline]
pub fn compute(pos: &WolvesSheep, _role: Role, out: &mut [f32]) {
    let (wolves, sheep, empty) = (pos.wolves(), pos.sheep(), pos.empty());
    let mut distance = 0u32;
    let mut capturable = 0u32;
    let mut blocked = 0u32;
    let mut trapped = 0u32;
    let mut one_exit = 0u32;
    let mut next_to_wolves = 0u32;
    let mut wolf_moves = 0u32;
    for w in squares(wolves) {
        for (d, ring) in RINGS[w].iter().enumerate().skip(1) {
            distance += d as u32 * (sheep & ring).count_ones();
        }
        let free = ADJACENT[w] & empty;
        let free_sides = free.count_ones();
        blocked += 4 - free_sides;
        trapped += (free_sides == 0) as u32;
        one_exit += (free_sides == 1) as u32;
        next_to_wolves |= free;
        wolf_moves += free_sides;
        for jump in JUMPS[w].iter().flatten() {
            if empty & (1 << jump.over) != 0 && sheep & (1 << jump.to) != 0 {
                capturable |= 1 << jump.to;
                wolf_moves += 1;
            }
        }
    }
    let sheep_moves: u32 = bitboard::shifts(sheep)
        .iter()
        .map(|s| (s & empty).count_ones())
        .sum();
    let advance: u32 = ROWS
        .iter()
        .enumerate()
        .map(|(r, row)| r as u32 * (sheep & row).count_ones())
        .sum();
    let shifted = bitboard::shifts(sheep);
    // Each adjacent pair once: the pair's lower square sees the other above or left.
    let pairs = (sheep & shifted[1]).count_ones() + (sheep & shifted[3]).count_ones();

    out[0] = (START_SHEEP - sheep.count_ones()) as f32;
    out[1] = distance as f32;
    out[2] = capturable.count_ones() as f32;
    out[3] = blocked as f32;
    out[4] = trapped as f32;
    out[5] = next_to_wolves.count_ones() as f32;
    out[6] = wolf_moves as f32;
    out[7] = sheep_moves as f32;
    out[8] = advance as f32;
    out[9] = pairs as f32;
    out[10] = one_exit as f32;
    out[11] = u8::from(pos.side_to_move() == super::WOLVES) as f32;
}

impl Features for WolvesSheep {
    fn feature_info() -> &'static [FeatureInfo] {
        &FEATURES
    }

    #[inline]
    fn is_tactical(&self, mv: WsMove) -> bool {
        self.side_to_move() == WOLVES && self.sheep() & (1 << mv.to) != 0
    }

    #[inline]
    fn move_key(&self, mv: WsMove) -> u32 {
        mv.from as u32 * 25 + mv.to as u32
    }

    fn features(&self, role: Role, out: &mut [f32]) {
        compute(self, role, out);
    }

    fn cell_board() -> Option<&'static CellBoard> {
        Some(&super::tables::BOARD)
    }

    #[inline]
    fn cell_contents(&self, out: &mut [u8]) {
        super::tables::contents(self, out);
    }

    #[inline]
    fn cell_changes(&self, mv: WsMove, _outcome: (), out: &mut CellChanges) {
        super::tables::changes(self, mv, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;

    fn features_of(text: &str) -> Vec<f32> {
        let pos = WolvesSheep::parse(text).unwrap();
        let mut out = vec![0.0; FEATURES.len()];
        compute(&pos, 0, &mut out);
        out
    }

    #[test]
    fn start_position_features() {
        let f = features_of("SSSSS/SSSSS/...../...../.W.W. w");
        assert_eq!(f[0], 0.0); // nothing eaten
                               // wolf 41 to row 0: 4 + |1-c|, to row 1: 3 + |1-c|; |1-c| sums to 1+0+1+2+3 = 7.
                               // Wolf 43: |3-c| sums to 3+2+1+0+1 = 7. Total 2 * (20 + 7 + 15 + 7) = 98.
        assert_eq!(f[1], 98.0);
        assert_eq!(f[2], 0.0);
        assert_eq!(f[3], 2.0); // each wolf has the bottom edge blocked
        assert_eq!(f[4], 0.0);
        assert_eq!(f[5], 5.0); // 40, 42, 44, 31, 33
        assert_eq!(f[6], 6.0);
        assert_eq!(f[7], 5.0); // each sheep of row 1 can step down
        assert_eq!(f[8], 5.0);
        assert_eq!(f[9], 13.0); // 4 + 4 horizontal, 5 vertical
        assert_eq!(f[10], 0.0);
        assert_eq!(f[11], 1.0);
    }

    #[test]
    fn trapped_and_capturable() {
        // Wolf 00 is trapped by sheep 01 and 10; wolf 22 can capture 42 over 32.
        let f = features_of("WS.../S..../..W../...../SSSS. s");
        assert_eq!(f[4], 1.0);
        assert_eq!(f[2], 1.0);
        assert_eq!(f[0], 4.0); // six sheep left
        assert_eq!(f[3], 4.0); // the trapped wolf's four sides, none of the other's
        assert_eq!(f[11], 0.0);
    }
}
