//! Evaluation features of War of Life, seen by one role: own pieces against the
//! opponent's.
//!
//! The coursework's strategies score the board after their move's crank, which is the
//! position after [`crate::game::Game::make`]; as weighted sums of these features:
//!
//! ```text
//!   bloodlust          -1 · opponent_pieces
//!   self_preservation  +1 · own_pieces
//!   land_grab          +1 · own_pieces  -1 · opponent_pieces
//!   minimax            land_grab, searched two plies deep
//! ```
//!
//! The rest look one generation ahead (who survives, who dies, who is born if nothing
//! moves) and at the shape of the board, for the tuner to weigh. All of them are
//! popcounts over the crank's bit-sliced neighbour counters and a few shifts.

use super::bitboard::{direction, shifts, CORNERS, EDGE};
use super::crank::neighbourhood;
use super::position::{WarOfLife, WolMove, BLUE};
use crate::game::{CellBoard, CellChanges, FeatureInfo, Features, Game, Role};

/// The features, in the order [`compute`] writes them.
pub const FEATURES: [FeatureInfo; 15] = [
    FeatureInfo {
        name: "own_pieces",
        meaning: "own pieces on the board",
    },
    FeatureInfo {
        name: "opponent_pieces",
        meaning: "opponent pieces on the board",
    },
    FeatureInfo {
        name: "own_survivors",
        meaning: "own pieces with 2 or 3 neighbours (alive after the next crank if nothing moves)",
    },
    FeatureInfo {
        name: "opponent_survivors",
        meaning:
            "opponent pieces with 2 or 3 neighbours (alive after the next crank if nothing moves)",
    },
    FeatureInfo {
        name: "own_dying",
        meaning: "own pieces with 0-1 or 4+ neighbours (die in the next crank if nothing moves)",
    },
    FeatureInfo {
        name: "opponent_dying",
        meaning:
            "opponent pieces with 0-1 or 4+ neighbours (die in the next crank if nothing moves)",
    },
    FeatureInfo {
        name: "own_births",
        meaning:
            "empty cells with exactly 3 neighbours, 2+ of them own (born own in the next crank)",
    },
    FeatureInfo {
        name: "opponent_births",
        meaning: "empty cells with exactly 3 neighbours, 2+ of them the opponent's (born theirs)",
    },
    FeatureInfo {
        name: "own_mobility",
        meaning: "legal moves of the own side: (piece, empty neighbouring cell) pairs",
    },
    FeatureInfo {
        name: "opponent_mobility",
        meaning: "legal moves of the opponent: (piece, empty neighbouring cell) pairs",
    },
    FeatureInfo {
        name: "own_edge",
        meaning: "own pieces on the 28 border cells (fewer neighbours, harder to keep alive)",
    },
    FeatureInfo {
        name: "opponent_edge",
        meaning: "opponent pieces on the 28 border cells",
    },
    FeatureInfo {
        name: "own_corners",
        meaning: "own pieces on the 4 corner cells (3 neighbours at most)",
    },
    FeatureInfo {
        name: "opponent_corners",
        meaning: "opponent pieces on the 4 corner cells",
    },
    FeatureInfo {
        name: "own_to_move",
        meaning: "1 when the own side is to move, 0 otherwise (tempo)",
    },
];

/// Index of `own_pieces` in [`FEATURES`].
pub const OWN_PIECES: usize = 0;
/// Index of `opponent_pieces` in [`FEATURES`].
pub const OPPONENT_PIECES: usize = 1;

/// Legal moves of the side owning `pieces`: over the eight directions, the pieces whose
/// step lands on an empty cell.
#[inline]
fn mobility(pieces: u64, empty: u64) -> u32 {
    shifts(pieces)
        .iter()
        .map(|s| (s & empty).count_ones())
        .sum()
}

/// Writes the feature values of `pos` seen by `role` into `out`, in [`FEATURES`] order.
#[inline]
pub fn compute(pos: &WarOfLife, role: Role, out: &mut [f32]) {
    let (own, opp) = if role == BLUE {
        (pos.blue(), pos.red())
    } else {
        (pos.red(), pos.blue())
    };
    let empty = pos.empty();
    let n = neighbourhood(pos.blue(), pos.red());
    let born = n.three & empty;
    let (born_blue, born_red) = (born & n.blue_majority, born & !n.blue_majority);
    let (own_born, opp_born) = if role == BLUE {
        (born_blue, born_red)
    } else {
        (born_red, born_blue)
    };
    let own_survive = (own & n.two_or_three).count_ones();
    let opp_survive = (opp & n.two_or_three).count_ones();
    let (own_n, opp_n) = (own.count_ones(), opp.count_ones());

    out[0] = own_n as f32;
    out[1] = opp_n as f32;
    out[2] = own_survive as f32;
    out[3] = opp_survive as f32;
    out[4] = (own_n - own_survive) as f32;
    out[5] = (opp_n - opp_survive) as f32;
    out[6] = own_born.count_ones() as f32;
    out[7] = opp_born.count_ones() as f32;
    out[8] = mobility(own, empty) as f32;
    out[9] = mobility(opp, empty) as f32;
    out[10] = (own & EDGE).count_ones() as f32;
    out[11] = (opp & EDGE).count_ones() as f32;
    out[12] = (own & CORNERS).count_ones() as f32;
    out[13] = (opp & CORNERS).count_ones() as f32;
    out[14] = u8::from(pos.side_to_move() == role) as f32;
}

impl Features for WarOfLife {
    fn feature_info() -> &'static [FeatureInfo] {
        &FEATURES
    }

    /// A move is tactical when it wipes out the opponent (a win, or a draw when it
    /// wipes out both colours): that is the only "capture" War of Life has, since every
    /// move changes material through the crank. Costs one crank.
    #[inline]
    fn is_tactical(&self, mv: WolMove) -> bool {
        let (blue, red) = self.board_after(mv);
        if self.side_to_move() == BLUE {
            red == 0
        } else {
            blue == 0
        }
    }

    /// `from * 8 + direction` (0..512).
    #[inline]
    fn move_key(&self, mv: WolMove) -> u32 {
        let d = direction(mv.from as usize, mv.to as usize).unwrap_or(0);
        mv.from as u32 * 8 + d as u32
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
    fn cell_changes(&self, mv: WolMove, _outcome: (), out: &mut CellChanges) {
        super::tables::changes(self, mv, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Game;
    use crate::games::war_of_life::crank::crank;
    use crate::games::war_of_life::position::RED;

    fn features_of(text: &str, role: Role) -> Vec<f32> {
        let pos = WarOfLife::parse(text).unwrap();
        let mut out = vec![0.0; FEATURES.len()];
        compute(&pos, role, &mut out);
        out
    }

    #[test]
    fn hand_counted_position() {
        // Blue: a vertical blinker [1,2],[2,2],[3,2]; red [2,3] and a lone corner [8,8].
        let text = "[[[1,2],[2,2],[3,2]],[[2,3],[8,8]]] r";
        let f = features_of(text, BLUE);
        assert_eq!(&f[0..2], &[3.0, 2.0]);
        assert_eq!(&f[2..4], &[3.0, 1.0]); // all blue survive; red [2,3] (3) survives
        assert_eq!(&f[4..6], &[0.0, 1.0]); // the lone red corner dies
        assert_eq!(&f[6..8], &[3.0, 0.0]); // [1,3], [2,1], [3,3] born blue
                                           // Blue's empty neighbouring cells, piece by piece:
                                           // [1,2]: [1,1],[1,3],[2,1] = 3; [2,2]: [1,1],[1,3],[2,1],[3,1],[3,3] = 5;
                                           // [3,2]: [2,1],[3,1],[3,3],[4,1],[4,2],[4,3] = 6.
        assert_eq!(f[8], 14.0);
        // Red: [2,3]: 8 neighbours minus [1,2],[2,2],[3,2] = 5; [8,8]: 3.
        assert_eq!(f[9], 8.0);
        assert_eq!(&f[10..12], &[1.0, 1.0]); // [1,2] and [8,8]
        assert_eq!(&f[12..14], &[0.0, 1.0]);
        assert_eq!(f[14], 0.0);
        // Red's view swaps own and opponent.
        let g = features_of(text, RED);
        for pair in [0, 2, 4, 6, 8, 10, 12] {
            assert_eq!((g[pair], g[pair + 1]), (f[pair + 1], f[pair]));
        }
        assert_eq!(g[14], 1.0);
    }

    #[test]
    fn survivors_plus_births_is_the_next_generation() {
        let text = "[[[1,1],[1,2],[3,3],[4,4],[4,5],[5,3]],[[2,2],[6,6],[6,7],[7,6],[8,8]]] b";
        let pos = WarOfLife::parse(text).unwrap();
        let (nb, nr) = crank(pos.blue(), pos.red());
        for role in [BLUE, RED] {
            let f = features_of(text, role);
            let next = if role == BLUE { nb } else { nr };
            assert_eq!(f[2] + f[6], next.count_ones() as f32, "role {role}");
        }
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        assert_eq!(features_of(text, BLUE)[8], moves.len() as f32);
    }
}
