//! Evaluation features of Abalone, seen by one colour ("own") against the other.
//!
//! Marbles lost are two features (own and opponent) so that a genome can weigh defence
//! and attack differently; danger likewise. The other features are own minus opponent,
//! so they change sign with the point of view. The COMP 3981 "GuaraAI" heuristic is
//! `25 * (opp_lost - own_lost) + 4 * ring_score + 1 * coherence`; the rest come from the
//! literature named in `specs/abalone.md`. Everything is a few set operations and
//! popcounts, except the reference-point distance (one pass over the marbles).
//!
//! ```text
//!   rings around E5 (ring_score gives 4 - ring per marble, centre_distance the ring):
//!       4 4 4 4 4
//!      4 3 3 3 3 4
//!     4 3 2 2 2 3 4
//!    4 3 2 1 1 2 3 4
//!   4 3 2 1 0 1 2 3 4
//!    4 3 2 1 1 2 3 4
//!     4 3 2 2 2 3 4
//!      4 3 3 3 3 4
//!       4 4 4 4 4
//! ```

use super::board::{
    back, hex_distance, neighbours, row_col, Bits, E, NE, NUMBERS, NW, RINGS, ROWS,
};
use super::movegen;
use super::movegen::AbMove;
use super::position::Abalone;
use crate::game::{CellBoard, CellChanges, FeatureInfo, FeatureSet, Features, Game, Role};

/// The features, in the order [`compute`] writes them.
pub const FEATURES: [FeatureInfo; 14] = [
    FeatureInfo {
        name: "own_lost",
        meaning: "own marbles pushed off so far (14 minus own marbles on the board)",
    },
    FeatureInfo {
        name: "opp_lost",
        meaning: "opponent marbles pushed off so far",
    },
    FeatureInfo {
        name: "ring_score",
        meaning:
            "GuaraAI rings: sum of (4 - ring) over own marbles minus opponent's (E5 is ring 0)",
    },
    FeatureInfo {
        name: "coherence",
        meaning: "GuaraAI coherence: adjacent own-marble pairs minus adjacent opponent pairs",
    },
    FeatureInfo {
        name: "centre_distance",
        meaning: "summed hex distance of own marbles to E5 minus the opponent's (Lemmens)",
    },
    FeatureInfo {
        name: "isolated",
        meaning: "own marbles with no own neighbour minus such opponent marbles",
    },
    FeatureInfo {
        name: "formation_break",
        meaning: "opponent marbles wedged between two own marbles on a line, minus the converse",
    },
    FeatureInfo {
        name: "own_in_danger",
        meaning: "own marbles the opponent could push off with one move",
    },
    FeatureInfo {
        name: "opp_in_danger",
        meaning: "opponent marbles own side could push off with one move",
    },
    FeatureInfo {
        name: "attacking_power",
        meaning: "sumito pushes available to own side minus those available to the opponent",
    },
    FeatureInfo {
        name: "reference_distance",
        meaning: "AbaPro: opponent's summed distance to the reference point minus own's",
    },
    FeatureInfo {
        name: "mobility",
        meaning: "own legal moves minus the opponent's (each counted as if to move)",
    },
    FeatureInfo {
        name: "triples",
        meaning: "own lines of three marbles (pushing power) minus the opponent's",
    },
    FeatureInfo {
        name: "to_move",
        meaning: "1 when own side is to move, 0 otherwise (tempo)",
    },
];

/// Adjacent pairs of `x`, each counted once (along the three axes that go up).
#[inline]
fn pairs(x: Bits) -> u32 {
    (x & back::<NE>(x, 1)).count_ones()
        + (x & back::<E>(x, 1)).count_ones()
        + (x & back::<NW>(x, 1)).count_ones()
}

/// Lines of three of `x`, each counted once.
#[inline]
fn triples(x: Bits) -> u32 {
    (x & back::<NE>(x, 1) & back::<NE>(x, 2)).count_ones()
        + (x & back::<E>(x, 1) & back::<E>(x, 2)).count_ones()
        + (x & back::<NW>(x, 1) & back::<NW>(x, 2)).count_ones()
}

/// (Marble, line) pairs where a marble of `them` has marbles of `us` on both sides.
#[inline]
fn wedged(us: Bits, them: Bits) -> u32 {
    let both = |a: Bits, b: Bits| (them & a & b).count_ones();
    both(back::<NE>(us, 1), back::<NE>(us, -1))
        + both(back::<E>(us, 1), back::<E>(us, -1))
        + both(back::<NW>(us, 1), back::<NW>(us, -1))
}

/// Marbles of `x` without a neighbour in `x`.
#[inline]
fn isolated(x: Bits) -> u32 {
    (x & !neighbours(x)).count_ones()
}

/// `DISKS[k]`: the cells at most `k` steps from the centre, k = 0..3.
const DISKS: [Bits; 4] = [
    RINGS[0],
    RINGS[0] | RINGS[1],
    RINGS[0] | RINGS[1] | RINGS[2],
    RINGS[0] | RINGS[1] | RINGS[2] | RINGS[3],
];

/// `[sum over marbles of (4 - ring), sum of ring]`: a marble on ring `r` lies in the
/// `4 - r` disks `DISKS[r..4]`.
#[inline]
fn rings(x: Bits) -> [i32; 2] {
    let score = DISKS
        .iter()
        .map(|&d| (x & d).count_ones() as i32)
        .sum::<i32>();
    [score, 4 * x.count_ones() as i32 - score]
}

const fn build_diagonals() -> [Bits; 9] {
    let mut lines = [0; 9];
    let mut row = 0;
    while row < 9 {
        let mut col = 0;
        while col < 9 {
            if super::board::on_board(row as i32, col as i32) {
                lines[row + 4 - col] |= 1 << super::board::bit_index(row, col);
            }
            col += 1;
        }
        row += 1;
    }
    lines
}

/// `DIAGONALS[k]`: the cells whose row minus column is `k - 4` (the third axis).
const DIAGONALS: [Bits; 9] = build_diagonals();

/// How many marbles of a set lie on each row, each diagonal number and each line of the
/// third axis: enough for the centre of mass and for summed distances to any point.
struct Profile {
    n: u32,
    rows: [u32; 9],
    numbers: [u32; 9],
    diagonals: [u32; 9],
}

impl Profile {
    #[inline]
    fn of(x: Bits) -> Self {
        let mut p = Profile {
            n: x.count_ones(),
            rows: [0; 9],
            numbers: [0; 9],
            diagonals: [0; 9],
        };
        for k in 0..9 {
            p.rows[k] = (x & ROWS[k]).count_ones();
            p.numbers[k] = (x & NUMBERS[k]).count_ones();
            p.diagonals[k] = (x & DIAGONALS[k]).count_ones();
        }
        p
    }

    /// Centre of mass (row, column); the board centre for an empty set.
    #[inline]
    fn centre(&self) -> (f32, f32) {
        if self.n == 0 {
            return (4.0, 4.0);
        }
        let (mut r, mut c) = (0u32, 0u32);
        for k in 1..9 {
            r += k as u32 * self.rows[k];
            c += k as u32 * self.numbers[k];
        }
        (r as f32 / self.n as f32, c as f32 / self.n as f32)
    }

    /// Summed hex distance of the marbles to the point (row, column). The hex distance
    /// of (dr, dc) is max(|dr|, |dc|, |dr - dc|), which equals
    /// (|dr| + |dc| + |dr - dc|) / 2 (the three cube coordinates sum to zero), so the
    /// sum splits into one sum per axis over the line counts.
    #[inline]
    fn distance_to(&self, (pr, pc): (f32, f32)) -> f32 {
        let pd = pr - pc;
        let mut sum = 0.0;
        for k in 0..9 {
            let kf = k as f32;
            sum += self.rows[k] as f32 * (kf - pr).abs()
                + self.numbers[k] as f32 * (kf - pc).abs()
                + self.diagonals[k] as f32 * (kf - 4.0 - pd).abs();
        }
        0.5 * sum
    }
}

/// AbaPro's reference point: the mean of both centres of mass and the board centre,
/// equally weighted.
#[inline]
fn reference_point(own: &Profile, opp: &Profile) -> (f32, f32) {
    let (a, b) = (own.centre(), opp.centre());
    ((a.0 + b.0 + 4.0) / 3.0, (a.1 + b.1 + 4.0) / 3.0)
}

/// Writes the feature values of `pos` seen by `role` into `out`, in [`FEATURES`] order.
#[inline]
pub fn compute(pos: &Abalone, role: Role, out: &mut [f32]) {
    compute_needed(pos, role, FeatureSet::ALL, out);
}

/// [`compute`] for the features `needed` only (the others are 0): each group of
/// features that share work is computed only when one of them is needed.
#[inline]
fn compute_needed(pos: &Abalone, role: Role, needed: FeatureSet, out: &mut [f32]) {
    let own = pos.marbles(role);
    let opp = pos.marbles(1 - role);
    out.fill(0.0);
    out[0] = pos.lost(role) as f32;
    out[1] = pos.lost(1 - role) as f32;
    if needed.has(2) || needed.has(4) {
        let [own_ring, own_dist] = rings(own);
        let [opp_ring, opp_dist] = rings(opp);
        out[2] = (own_ring - opp_ring) as f32;
        out[4] = (own_dist - opp_dist) as f32;
    }
    if needed.has(3) {
        out[3] = pairs(own) as f32 - pairs(opp) as f32;
    }
    if needed.has(5) {
        out[5] = isolated(own) as f32 - isolated(opp) as f32;
    }
    if needed.has(6) {
        out[6] = wedged(own, opp) as f32 - wedged(opp, own) as f32;
    }
    if needed.has(7) || needed.has(8) {
        out[7] = movegen::endangered(own, opp).count_ones() as f32;
        out[8] = movegen::endangered(opp, own).count_ones() as f32;
    }
    if needed.has(9) || needed.has(11) {
        let (own_moves, own_pushes) = movegen::count_with_pushes(own, opp);
        let (opp_moves, opp_pushes) = movegen::count_with_pushes(opp, own);
        out[9] = own_pushes as f32 - opp_pushes as f32;
        out[11] = own_moves as f32 - opp_moves as f32;
    }
    if needed.has(10) {
        let (own_profile, opp_profile) = (Profile::of(own), Profile::of(opp));
        let refp = reference_point(&own_profile, &opp_profile);
        out[10] = opp_profile.distance_to(refp) - own_profile.distance_to(refp);
    }
    if needed.has(12) {
        out[12] = triples(own) as f32 - triples(opp) as f32;
    }
    out[13] = u8::from(pos.side_to_move() == role) as f32;
}

/// The hex distance of a cell to the centre `E5` (its ring).
pub fn ring_of(index: usize) -> u32 {
    let (r, c) = row_col(index);
    hex_distance(r as i32, c as i32, 4, 4) as u32
}

impl Features for Abalone {
    fn feature_info() -> &'static [FeatureInfo] {
        &FEATURES
    }

    /// Pushes that capture (push a marble off the board). Other pushes are ordered as
    /// quiet moves (killers, history): searching every sumito first cost 8-10 % more
    /// nodes at depths 4-5 on the oracle positions (`bench --game abalone` positions and
    /// every fifth oracle position, guara and chorus2009 evaluations).
    #[inline]
    fn is_tactical(&self, mv: AbMove) -> bool {
        mv.pushes_off()
    }

    /// Inline moves: `cell * 6 + dir` (0..366); broadside moves:
    /// `366 + ((cell * 3 + axis) * 2 + marbles - 2) * 6 + dir` (below 2,928), where
    /// `cell` is the compact cell number 0..60 in token order.
    #[inline]
    fn move_key(&self, mv: AbMove) -> u32 {
        let cell = (super::board::BOARD & ((1u128 << mv.from()) - 1)).count_ones();
        let dir = mv.dir() as u32;
        if mv.is_inline() {
            cell * 6 + dir
        } else {
            let axis = match mv.line() {
                super::board::NE => 0,
                super::board::E => 1,
                _ => 2,
            };
            366 + ((cell * 3 + axis) * 2 + mv.marbles() as u32 - 2) * 6 + dir
        }
    }

    fn features(&self, role: Role, out: &mut [f32]) {
        compute(self, role, out);
    }

    fn needed_features(&self, role: Role, needed: FeatureSet, out: &mut [f32]) {
        compute_needed(self, role, needed, out);
    }

    fn cell_board() -> Option<&'static CellBoard> {
        Some(&super::tables::BOARD_CELLS)
    }

    #[inline]
    fn cell_contents(&self, out: &mut [u8]) {
        super::tables::contents(self, out);
    }

    #[inline]
    fn cell_changes(&self, mv: AbMove, _outcome: (), out: &mut CellChanges) {
        super::tables::changes(self, mv, out);
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::cells;
    use super::*;
    use crate::game::Game;
    use crate::games::abalone::position::{BLACK, WHITE};

    fn features_of(text: &str, role: Role) -> Vec<f32> {
        let pos = Abalone::parse(text).unwrap();
        let mut out = vec![f32::NAN; FEATURES.len()];
        compute(&pos, role, &mut out);
        assert!(out.iter().all(|v| v.is_finite()));
        out
    }

    #[test]
    fn the_standard_start_is_balanced() {
        let text = Abalone::new().to_text();
        let b = features_of(&text, BLACK);
        let w = features_of(&text, WHITE);
        for i in 0..13 {
            assert!(
                b[i].abs() < 1e-4 || i == 7 || i == 8,
                "{} = {}",
                FEATURES[i].name,
                b[i]
            );
            assert!((b[i] + w[i]).abs() < 1e-4 || i <= 1 || i == 7 || i == 8);
        }
        assert_eq!(b[13], 1.0);
        assert_eq!(w[13], 0.0);
    }

    #[test]
    fn lone_marbles_and_danger() {
        // Black: a block on rows A-B, E5 alone, and G7-G8 behind white G9.
        // White: A1 (pushable west by A2-A3), G9 (pushable east by G7-G8), a block at
        // the top.
        let text = "b A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,E5b,G7b,G8b,\
                    A1w,G9w,H4w,H5w,H6w,H7w,I5w,I6w,I7w,I8w,I9w";
        let f = features_of(text, BLACK);
        assert_eq!(f[0], 2.0); // black has 12
        assert_eq!(f[1], 3.0); // white has 11
        assert_eq!(f[7], 0.0);
        assert_eq!(f[8], 2.0); // A1 and G9
        assert_eq!(f[5], 1.0 - 2.0); // E5 against A1 and G9
        assert!(f[9] >= 2.0); // at least the two push-offs
        let w = features_of(text, WHITE);
        assert_eq!(w[7], 2.0);
        assert_eq!(w[8], 0.0);
        assert_eq!(w[9], -f[9]);
        assert_eq!(w[5], -f[5]);
    }

    /// The straightforward definitions the fast ones must agree with.
    fn rings_by_loop(x: Bits) -> [i32; 2] {
        let mut score = 0;
        let mut dist = 0;
        for i in cells(x) {
            let ring = ring_of(i) as i32;
            score += 4 - ring;
            dist += ring;
        }
        [score, dist]
    }

    fn centre_of_mass_by_loop(x: Bits) -> (f32, f32) {
        let n = x.count_ones();
        if n == 0 {
            return (4.0, 4.0);
        }
        let (mut r, mut c) = (0u32, 0u32);
        for i in cells(x) {
            let (ri, ci) = row_col(i);
            r += ri as u32;
            c += ci as u32;
        }
        (r as f32 / n as f32, c as f32 / n as f32)
    }

    fn distance_by_loop(x: Bits, (pr, pc): (f32, f32)) -> f32 {
        cells(x)
            .map(|i| {
                let (r, c) = row_col(i);
                let (dr, dc) = (pr - r as f32, pc - c as f32);
                dr.abs().max(dc.abs()).max((dr - dc).abs())
            })
            .sum()
    }

    #[test]
    fn fast_parts_agree_with_plain_definitions_on_the_oracle_positions() {
        let path = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/abalone/positions.txt"
        );
        let text = std::fs::read_to_string(path).unwrap();
        let mut seen = 0;
        for line in text.lines().filter_map(|l| l.strip_prefix("position ")) {
            let pos = Abalone::parse(line).unwrap();
            for colour in [BLACK, WHITE] {
                let (own, opp) = (pos.marbles(colour), pos.marbles(1 - colour));
                assert_eq!(rings(own), rings_by_loop(own), "{line}");
                let (po, pp) = (Profile::of(own), Profile::of(opp));
                assert_eq!(po.centre(), centre_of_mass_by_loop(own), "{line}");
                let refp = reference_point(&po, &pp);
                let (a, b) = (centre_of_mass_by_loop(own), centre_of_mass_by_loop(opp));
                assert_eq!(refp, ((a.0 + b.0 + 4.0) / 3.0, (a.1 + b.1 + 4.0) / 3.0));
                for p in [refp, (4.0, 4.0), (0.3, 7.9), (8.0, 0.0)] {
                    let (fast, slow) = (po.distance_to(p), distance_by_loop(own, p));
                    assert!((fast - slow).abs() < 1e-3, "{line}: {fast} vs {slow}");
                }
                let mut moves = Vec::new();
                movegen::generate(own, opp, &mut moves);
                let pushes = moves.iter().filter(|m| m.pushed() > 0).count() as u32;
                assert_eq!(
                    movegen::count_with_pushes(own, opp),
                    (moves.len() as u32, pushes),
                    "{line}"
                );
            }
            seen += 1;
        }
        assert_eq!(seen, 200);
        assert_eq!(Profile::of(0).centre(), (4.0, 4.0));
    }

    #[test]
    fn rings_match_distances() {
        for i in cells(super::super::board::BOARD) {
            let ring = ring_of(i) as usize;
            assert!(RINGS[ring] & (1 << i) != 0);
        }
        assert_eq!(rings(super::super::board::BOARD), [64, 180]);
    }

    #[test]
    fn wedges_pairs_and_triples() {
        let set = |names: &[&str]| {
            names
                .iter()
                .map(|n| 1u128 << super::super::board::parse_cell(n).unwrap())
                .fold(0, |a, b| a | b)
        };
        assert_eq!(wedged(set(&["E4", "E6"]), set(&["E5"])), 1);
        assert_eq!(wedged(set(&["E4", "E6", "D5", "F5"]), set(&["E5"])), 2);
        assert_eq!(pairs(set(&["E4", "E5", "E6"])), 2);
        assert_eq!(triples(set(&["E4", "E5", "E6", "F6", "G7"])), 1 + 1);
        assert_eq!(isolated(set(&["E4", "E6"])), 2);
    }
}
