//! Evaluation features of Connect Four, seen by a role: "own" discs are that role's,
//! "opponent" discs the other's. They are the terms a course player's heuristic adds up:
//! centre discs, the classic windows-through-a-cell table (3 4 5 7 5 4 3 on the bottom
//! row), open twos and threes (windows of four holding only one colour's discs and
//! empty cells), threats (empty cells that would complete a four) split by row parity
//! (Allis: odd rows favour red, the first player, even rows yellow), and fours that can
//! be completed at once. The course heuristic is a weighted sum of some of them
//! (genomes/connect_four/course.ron); the rest are there for the tuner to weigh.

use super::bitboard::{
    column, playable, window_count_sum, winning_cells, Bitboard, EVEN_ROWS, ODD_ROWS, WINDOWS,
};
use super::position::{C4Move, ConnectFour, RED};
use crate::game::{other, CellBoard, CellChanges, FeatureInfo, FeatureSet, Features, Game, Role};

/// The features, in the order [`compute`] writes them.
pub const FEATURES: [FeatureInfo; 15] = [
    FeatureInfo {
        name: "own_center",
        meaning: "own discs in the centre column (column 4)",
    },
    FeatureInfo {
        name: "opp_center",
        meaning: "opponent discs in the centre column",
    },
    FeatureInfo {
        name: "own_cell_windows",
        meaning: "sum over own discs of the windows of four through their cell (3-4-5-7-5-4-3 on the bottom row, 13 at the centre)",
    },
    FeatureInfo {
        name: "opp_cell_windows",
        meaning: "the same sum over the opponent's discs",
    },
    FeatureInfo {
        name: "own_twos",
        meaning: "windows of four cells holding 2 own discs and 2 empty cells",
    },
    FeatureInfo {
        name: "opp_twos",
        meaning: "windows of four cells holding 2 opponent discs and 2 empty cells",
    },
    FeatureInfo {
        name: "own_threes",
        meaning: "windows of four cells holding 3 own discs and 1 empty cell",
    },
    FeatureInfo {
        name: "opp_threes",
        meaning: "windows of four cells holding 3 opponent discs and 1 empty cell",
    },
    FeatureInfo {
        name: "own_parity_threats",
        meaning: "empty cells completing an own four on rows of own parity (odd rows 1,3,5 from the bottom for red, even rows for yellow): the threats that win zugzwang",
    },
    FeatureInfo {
        name: "own_other_threats",
        meaning: "empty cells completing an own four on rows of the other parity",
    },
    FeatureInfo {
        name: "opp_parity_threats",
        meaning: "empty cells completing an opponent four on rows of the opponent's parity",
    },
    FeatureInfo {
        name: "opp_other_threats",
        meaning: "empty cells completing an opponent four on rows of the other parity",
    },
    FeatureInfo {
        name: "own_immediate_wins",
        meaning: "columns where an own disc dropped now would complete a four",
    },
    FeatureInfo {
        name: "opp_immediate_wins",
        meaning: "columns where an opponent disc dropped now would complete a four",
    },
    FeatureInfo {
        name: "to_move",
        meaning: "1 when the role is to move, 0 otherwise (tempo)",
    },
];

/// The column features 0-1 count.
const CENTRE: Bitboard = column(3);

/// The rows of each role's parity: odd for red, even for yellow.
fn parity_rows(role: Role) -> Bitboard {
    if role == RED {
        ODD_ROWS
    } else {
        EVEN_ROWS
    }
}

/// Open twos and threes of `own` and `opp`: `[own_twos, opp_twos, own_threes, opp_threes]`.
#[inline]
fn windows(own: Bitboard, opp: Bitboard) -> [u32; 4] {
    let mut n = [0; 4];
    for &w in &WINDOWS {
        let (o, p) = ((own & w).count_ones(), (opp & w).count_ones());
        match (o, p) {
            (2, 0) => n[0] += 1,
            (0, 2) => n[1] += 1,
            (3, 0) => n[2] += 1,
            (0, 3) => n[3] += 1,
            _ => {}
        }
    }
    n
}

/// Features 8-13: threats by parity and immediate wins of `role` then of its opponent.
#[inline]
fn threats(pos: &ConnectFour, role: Role, out: &mut [f32]) {
    let occupied = pos.occupied();
    let open = playable(occupied);
    for (k, r) in [role, other(role)].into_iter().enumerate() {
        let cells = winning_cells(pos.discs(r), occupied);
        let good = parity_rows(r);
        out[8 + 2 * k] = (cells & good).count_ones() as f32;
        out[9 + 2 * k] = (cells & !good).count_ones() as f32;
        out[12 + k] = (cells & open).count_ones() as f32;
    }
}

/// Writes the features of `pos` seen by `role` that `needed` asks for (the others 0),
/// in [`FEATURES`] order.
#[inline]
pub fn compute(pos: &ConnectFour, role: Role, needed: FeatureSet, out: &mut [f32]) {
    let (own, opp) = (pos.discs(role), pos.discs(other(role)));
    out[0] = (own & CENTRE).count_ones() as f32;
    out[1] = (opp & CENTRE).count_ones() as f32;
    out[2] = window_count_sum(own) as f32;
    out[3] = window_count_sum(opp) as f32;
    if needed.any(4..=7) {
        let n = windows(own, opp);
        for (o, v) in out[4..8].iter_mut().zip(n) {
            *o = v as f32;
        }
    } else {
        out[4..8].fill(0.0);
    }
    if needed.any(8..=13) {
        threats(pos, role, out);
    } else {
        out[8..14].fill(0.0);
    }
    out[14] = f32::from(u8::from(pos.side_to_move() == role));
}

impl Features for ConnectFour {
    fn feature_info() -> &'static [FeatureInfo] {
        &FEATURES
    }

    fn features(&self, role: Role, out: &mut [f32]) {
        compute(self, role, FeatureSet::ALL, out);
    }

    #[inline]
    fn needed_features(&self, role: Role, needed: FeatureSet, out: &mut [f32]) {
        compute(self, role, needed, out);
    }

    /// A move that completes a four, or drops on the cell where the opponent would.
    #[inline]
    fn is_tactical(&self, mv: C4Move) -> bool {
        let cell = self.landing(mv);
        let side = self.side_to_move();
        cell != 0 && (self.wins_with(side, cell) || self.wins_with(other(side), cell))
    }

    /// The cell the disc lands on (its bit index, below 49).
    #[inline]
    fn move_key(&self, mv: C4Move) -> u32 {
        self.landing(mv).trailing_zeros()
    }

    fn cell_board() -> Option<&'static CellBoard> {
        Some(&super::tables::BOARD)
    }

    #[inline]
    fn cell_contents(&self, out: &mut [u8]) {
        super::tables::contents(self, out);
    }

    #[inline]
    fn cell_changes(&self, mv: C4Move, _outcome: (), out: &mut CellChanges) {
        super::tables::changes(self, mv, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features_of(text: &str, role: Role) -> Vec<f32> {
        let pos = ConnectFour::parse(text).unwrap();
        let mut out = vec![0.0; FEATURES.len()];
        pos.features(role, &mut out);
        out
    }

    #[test]
    fn the_start_has_only_tempo() {
        let f = features_of("......./......./......./......./......./....... r", RED);
        assert_eq!(f.iter().sum::<f32>(), 1.0);
        assert_eq!(f[14], 1.0);
    }

    #[test]
    fn threes_threats_and_wins() {
        // red: 2 3 4 on the bottom row; yellow: 2 3 4 on the row above; red to move
        let text = "......./......./......./......./.yyy.../.rrr... r";
        let f = features_of(text, RED);
        assert_eq!(f[0], 1.0);
        assert_eq!(f[1], 1.0);
        assert_eq!(f[2], 4.0 + 5.0 + 7.0);
        assert_eq!(f[3], 6.0 + 8.0 + 10.0);
        // red threes: 1234 and 2345 on row 1; yellow's likewise on row 2
        assert_eq!((f[6], f[7]), (2.0, 2.0));
        // red threatens cells 1 and 5 of row 1 (odd: red's parity), both playable
        assert_eq!((f[8], f[9], f[12]), (2.0, 0.0, 2.0));
        // yellow threatens cells 1 and 5 of row 2 (even: yellow's parity), not playable
        assert_eq!((f[10], f[11], f[13]), (2.0, 0.0, 0.0));
        let pos = ConnectFour::parse(text).unwrap();
        assert!(pos.is_tactical(C4Move(0)) && pos.is_tactical(C4Move(4)));
        assert!(!pos.is_tactical(C4Move(3)));
        let y = features_of(text, 1);
        assert_eq!((y[6], y[7], y[8], y[10], y[14]), (2.0, 2.0, 2.0, 2.0, 0.0));
    }
}
