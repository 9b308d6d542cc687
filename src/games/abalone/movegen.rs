//! Move generation, set-wise: for each direction a handful of shifts and ANDs give the
//! set of every marble that starts a legal move of each kind, so counting the moves is a
//! few popcounts and listing them is one loop over set bits.
//!
//! Inline moves in direction `d`, with `t` the trailing marble (`t+kd` is the cell `k`
//! steps ahead of it):
//!
//! ```text
//!   kind      t    t+d  t+2d  t+3d  t+4d  t+5d
//!   1 step    own  empty
//!   2 step    own  own  empty
//!   3 step    own  own  own   empty
//!   2 push 1  own  own  opp   free                 free = empty or off the board
//!   3 push 1  own  own  own   opp   free
//!   3 push 2  own  own  own   opp   opp   free
//! ```
//!
//! Four own marbles in a row match no line from the tail (the fourth cell is neither
//! empty nor an opponent), which is the rule that at most three marbles move. A push
//! whose free cell is off the board pushes the front opponent marble off.
//!
//! Broadside moves of a line of 2 or 3 marbles named by its lowest cell (the other
//! marbles lie north-east, east or north-west of it): every marble steps in one of the
//! four directions across the line, and every destination must be an empty cell.

use super::board::{back, cells, offset, toward, Bits, BOARD, CLOCK, E, NE, NW, OFF};

/// A move, small and `Copy`.
///
/// * inline: `from` is the trailing marble, `dir` the direction; the group is `from`
///   and the `marbles - 1` own marbles ahead of it, pushing `pushed` opponent marbles;
/// * broadside: `from` is the group's first cell in token order, `line` the direction
///   (north-east, east or north-west) in which the other marbles follow, `dir` the
///   direction every marble steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct AbMove {
    from: u8,
    dir: u8,
    line: u8,
    marbles: u8,
    pushed: u8,
}

impl AbMove {
    /// An inline move of `marbles` marbles trailing at bit `from` in direction `dir`,
    /// pushing `pushed` opponent marbles.
    #[inline(always)]
    pub const fn inline(from: usize, dir: usize, marbles: u8, pushed: u8) -> Self {
        AbMove {
            from: from as u8,
            dir: dir as u8,
            line: dir as u8,
            marbles,
            pushed,
        }
    }

    /// A broadside move of the `marbles` marbles starting at bit `from` and following
    /// direction `line`, each stepping in direction `dir`.
    #[inline(always)]
    pub const fn broadside(from: usize, line: usize, marbles: u8, dir: usize) -> Self {
        AbMove {
            from: from as u8,
            dir: dir as u8,
            line: line as u8,
            marbles,
            pushed: 0,
        }
    }

    /// The trailing marble (inline) or the first marble in token order (broadside).
    #[inline(always)]
    pub const fn from(self) -> usize {
        self.from as usize
    }

    /// The direction the marbles step in (0 north-east ... 5 north-west).
    #[inline(always)]
    pub const fn dir(self) -> usize {
        self.dir as usize
    }

    /// The direction in which the group's other marbles follow `from`.
    #[inline(always)]
    pub const fn line(self) -> usize {
        self.line as usize
    }

    /// The course's clock position of the direction (1, 3, 5, 7, 9 or 11).
    #[inline]
    pub const fn clock(self) -> u8 {
        CLOCK[self.dir as usize]
    }

    /// Whether the marbles move along their line (single marbles always do).
    #[inline(always)]
    pub const fn is_inline(self) -> bool {
        self.line == self.dir
    }

    /// How many own marbles move (1 to 3).
    #[inline(always)]
    pub const fn marbles(self) -> u8 {
        self.marbles
    }

    /// How many opponent marbles are pushed (0 to 2).
    #[inline(always)]
    pub const fn pushed(self) -> u8 {
        self.pushed
    }

    /// The bit of the last marble of the group (`from` for a single marble).
    #[inline(always)]
    pub const fn last(self) -> usize {
        offset(
            self.from as usize,
            self.line as usize,
            self.marbles as usize - 1,
        )
    }

    /// The bit of the cell the front opponent marble is pushed to (off the board when
    /// the push captures); meaningless without a push.
    #[inline(always)]
    pub const fn push_target(self) -> usize {
        offset(
            self.from as usize,
            self.dir as usize,
            self.marbles as usize + self.pushed as usize,
        )
    }

    /// Whether the move pushes an opponent marble off the board.
    #[inline]
    pub const fn pushes_off(self) -> bool {
        self.pushed > 0 && (BOARD >> self.push_target()) & 1 == 0
    }

    /// The cells of the moving group.
    #[inline]
    pub const fn group(self) -> Bits {
        let mut g = 0;
        let mut k = 0;
        while k < self.marbles as usize {
            g |= 1 << offset(self.from as usize, self.line as usize, k);
            k += 1;
        }
        g
    }
}

/// The trailing marbles of each kind of inline move in direction `D`: steps of 1, 2, 3
/// marbles, then 2-push-1, 3-push-1, 3-push-2. The six sets are disjoint.
#[inline(always)]
fn inline_sets<const D: usize>(own: Bits, opp: Bits, empty: Bits, free: Bits) -> [Bits; 6] {
    let o2 = own & back::<D>(own, 1);
    let o3 = o2 & back::<D>(own, 2);
    let o3p = o3 & back::<D>(opp, 3);
    [
        own & back::<D>(empty, 1),
        o2 & back::<D>(empty, 2),
        o3 & back::<D>(empty, 3),
        o2 & back::<D>(opp, 2) & back::<D>(free, 3),
        o3p & back::<D>(free, 4),
        o3p & back::<D>(opp, 4) & back::<D>(free, 5),
    ]
}

/// The trailing marbles of the sumito pushes in direction `D` (all three kinds).
#[inline(always)]
fn push_set<const D: usize>(own: Bits, opp: Bits, free: Bits) -> Bits {
    let o2 = own & back::<D>(own, 1);
    let o3p = o2 & back::<D>(own, 2) & back::<D>(opp, 3);
    (o2 & back::<D>(opp, 2) & back::<D>(free, 3))
        | (o3p & back::<D>(free, 4))
        | (o3p & back::<D>(opp, 4) & back::<D>(free, 5))
}

/// Own lines of 2 and 3 along `A`, and empty lines of 2 and 3 along `A`, named by their
/// lowest cell.
#[inline(always)]
fn lines<const A: usize>(own: Bits, empty: Bits) -> [Bits; 4] {
    let o2 = own & back::<A>(own, 1);
    let e2 = empty & back::<A>(empty, 1);
    [o2, o2 & back::<A>(own, 2), e2, e2 & back::<A>(empty, 2)]
}

/// The first cells of the legal broadside pairs and triples along `A` stepping in `D`.
#[inline(always)]
fn broadside_sets<const D: usize>(l: &[Bits; 4]) -> [Bits; 2] {
    [l[0] & back::<D>(l[2], 1), l[1] & back::<D>(l[3], 1)]
}

#[inline(always)]
fn push_inline<const D: usize>(
    own: Bits,
    opp: Bits,
    empty: Bits,
    free: Bits,
    out: &mut Vec<AbMove>,
) {
    const KINDS: [(u8, u8); 6] = [(1, 0), (2, 0), (3, 0), (2, 1), (3, 1), (3, 2)];
    let sets = inline_sets::<D>(own, opp, empty, free);
    // Pushes first: searches that do not order moves still see them early.
    for k in [3, 4, 5, 0, 1, 2] {
        let (marbles, pushed) = KINDS[k];
        for i in cells(sets[k]) {
            out.push(AbMove::inline(i, D, marbles, pushed));
        }
    }
}

#[inline(always)]
fn push_broadside<const A: usize, const D: usize>(l: &[Bits; 4], out: &mut Vec<AbMove>) {
    let [pairs, triples] = broadside_sets::<D>(l);
    for i in cells(pairs) {
        out.push(AbMove::broadside(i, A, 2, D));
    }
    for i in cells(triples) {
        out.push(AbMove::broadside(i, A, 3, D));
    }
}

/// Appends every legal move of the side owning `own` against `opp` to `out` (which is
/// not cleared). The game-over check is the caller's.
pub fn generate(own: Bits, opp: Bits, out: &mut Vec<AbMove>) {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    push_inline::<0>(own, opp, empty, free, out);
    push_inline::<1>(own, opp, empty, free, out);
    push_inline::<2>(own, opp, empty, free, out);
    push_inline::<3>(own, opp, empty, free, out);
    push_inline::<4>(own, opp, empty, free, out);
    push_inline::<5>(own, opp, empty, free, out);
    let ne = lines::<NE>(own, empty);
    push_broadside::<NE, 1>(&ne, out);
    push_broadside::<NE, 2>(&ne, out);
    push_broadside::<NE, 4>(&ne, out);
    push_broadside::<NE, 5>(&ne, out);
    let e = lines::<E>(own, empty);
    push_broadside::<E, 0>(&e, out);
    push_broadside::<E, 2>(&e, out);
    push_broadside::<E, 3>(&e, out);
    push_broadside::<E, 5>(&e, out);
    let nw = lines::<NW>(own, empty);
    push_broadside::<NW, 0>(&nw, out);
    push_broadside::<NW, 1>(&nw, out);
    push_broadside::<NW, 3>(&nw, out);
    push_broadside::<NW, 4>(&nw, out);
}

#[inline(always)]
fn count_inline<const D: usize>(own: Bits, opp: Bits, empty: Bits, free: Bits) -> u32 {
    let s = inline_sets::<D>(own, opp, empty, free);
    (s[0] | s[1] | s[2] | s[3] | s[4] | s[5]).count_ones()
}

/// Broadside moves of every line direction, each moved sideways in the four directions
/// that are not along it.
#[inline(always)]
fn count_all_broadside(own: Bits, empty: Bits) -> u32 {
    let ne = lines::<NE>(own, empty);
    let e = lines::<E>(own, empty);
    let nw = lines::<NW>(own, empty);
    count_broadside::<1>(&ne)
        + count_broadside::<2>(&ne)
        + count_broadside::<4>(&ne)
        + count_broadside::<5>(&ne)
        + count_broadside::<0>(&e)
        + count_broadside::<2>(&e)
        + count_broadside::<3>(&e)
        + count_broadside::<5>(&e)
        + count_broadside::<0>(&nw)
        + count_broadside::<1>(&nw)
        + count_broadside::<3>(&nw)
        + count_broadside::<4>(&nw)
}

#[inline(always)]
fn count_broadside<const D: usize>(l: &[Bits; 4]) -> u32 {
    let [pairs, triples] = broadside_sets::<D>(l);
    pairs.count_ones() + triples.count_ones()
}

/// The number of legal moves of the side owning `own` (what [`generate`] would list).
#[inline]
pub fn count(own: Bits, opp: Bits) -> u32 {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    count_inline::<0>(own, opp, empty, free)
        + count_inline::<1>(own, opp, empty, free)
        + count_inline::<2>(own, opp, empty, free)
        + count_inline::<3>(own, opp, empty, free)
        + count_inline::<4>(own, opp, empty, free)
        + count_inline::<5>(own, opp, empty, free)
        + count_all_broadside(own, empty)
}

#[inline(always)]
fn count_inline_and_pushes<const D: usize>(
    own: Bits,
    opp: Bits,
    empty: Bits,
    free: Bits,
) -> (u32, u32) {
    let s = inline_sets::<D>(own, opp, empty, free);
    let pushes = s[3] | s[4] | s[5];
    (
        (s[0] | s[1] | s[2] | pushes).count_ones(),
        pushes.count_ones(),
    )
}

/// The number of legal moves of the side owning `own` and how many of them are sumito
/// pushes: `(count(own, opp), count_pushes(own, opp))` in one pass (the evaluation
/// wants both).
#[inline]
pub fn count_with_pushes(own: Bits, opp: Bits) -> (u32, u32) {
    let empty = BOARD & !(own | opp);
    let free = !(own | opp);
    let i = [
        count_inline_and_pushes::<0>(own, opp, empty, free),
        count_inline_and_pushes::<1>(own, opp, empty, free),
        count_inline_and_pushes::<2>(own, opp, empty, free),
        count_inline_and_pushes::<3>(own, opp, empty, free),
        count_inline_and_pushes::<4>(own, opp, empty, free),
        count_inline_and_pushes::<5>(own, opp, empty, free),
    ];
    let broadside = count_all_broadside(own, empty);
    let moves = i.iter().map(|x| x.0).sum::<u32>() + broadside;
    let pushes = i.iter().map(|x| x.1).sum::<u32>();
    (moves, pushes)
}

/// The number of sumito pushes (2v1, 3v1, 3v2) the side owning `own` has.
#[inline]
pub fn count_pushes(own: Bits, opp: Bits) -> u32 {
    let free = !(own | opp);
    push_set::<0>(own, opp, free).count_ones()
        + push_set::<1>(own, opp, free).count_ones()
        + push_set::<2>(own, opp, free).count_ones()
        + push_set::<3>(own, opp, free).count_ones()
        + push_set::<4>(own, opp, free).count_ones()
        + push_set::<5>(own, opp, free).count_ones()
}

/// The marbles of `own` that the side owning `opp` could push off the board in
/// direction `D` with one move: `x` with `x+d` off the board and either two attackers
/// right behind it (2 or 3 push 1) or an own marble and then three attackers (3 push 2).
#[inline(always)]
fn endangered_dir<const D: usize>(own: Bits, opp: Bits) -> Bits {
    let behind2 = toward::<D>(opp, 1) & toward::<D>(opp, 2);
    let behind32 =
        toward::<D>(own, 1) & toward::<D>(opp, 2) & toward::<D>(opp, 3) & toward::<D>(opp, 4);
    own & back::<D>(OFF, 1) & (behind2 | behind32)
}

/// The marbles of `own` that the side owning `opp` could push off with its next move.
#[inline]
pub fn endangered(own: Bits, opp: Bits) -> Bits {
    endangered_dir::<0>(own, opp)
        | endangered_dir::<1>(own, opp)
        | endangered_dir::<2>(own, opp)
        | endangered_dir::<3>(own, opp)
        | endangered_dir::<4>(own, opp)
        | endangered_dir::<5>(own, opp)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::abalone::board::parse_cell;

    fn set(names: &[&str]) -> Bits {
        names
            .iter()
            .map(|n| 1u128 << parse_cell(n).unwrap())
            .fold(0, |a, b| a | b)
    }

    fn moves(own: Bits, opp: Bits) -> Vec<AbMove> {
        let mut v = Vec::new();
        generate(own, opp, &mut v);
        assert_eq!(v.len() as u32, count(own, opp));
        let pushes = v.iter().filter(|m| m.pushed() > 0).count() as u32;
        assert_eq!(count_pushes(own, opp), pushes);
        assert_eq!(count_with_pushes(own, opp), (v.len() as u32, pushes));
        v
    }

    #[test]
    fn a_lone_marble_in_the_centre_has_six_moves() {
        let v = moves(set(&["E5"]), set(&["A1"]));
        assert_eq!(v.len(), 6);
        assert!(v.iter().all(|m| m.is_inline() && m.marbles() == 1));
    }

    #[test]
    fn a_corner_marble_never_steps_off() {
        // A1's neighbours on the board: A2 (east), B1 (north-west), B2 (north-east).
        assert_eq!(moves(set(&["A1"]), set(&["I9"])).len(), 3);
    }

    #[test]
    fn four_in_a_row_moves_from_the_second_marble() {
        // E3..E6 east: only the front three (trailing E4) can step east.
        let v = moves(set(&["E3", "E4", "E5", "E6"]), set(&["A1"]));
        let east: Vec<_> = v.iter().filter(|m| m.is_inline() && m.dir() == E).collect();
        let mut got: Vec<(usize, u8)> = east.iter().map(|m| (m.from(), m.marbles())).collect();
        got.sort();
        let cell = |n| parse_cell(n).unwrap();
        assert_eq!(got, [(cell("E4"), 3), (cell("E5"), 2), (cell("E6"), 1)]);
    }

    #[test]
    fn sumito_needs_more_marbles_and_a_free_cell() {
        let east = |own: &[&str], opp: &[&str]| -> Vec<AbMove> {
            moves(set(own), set(opp))
                .into_iter()
                .filter(|m| m.is_inline() && m.dir() == E && m.pushed() > 0)
                .collect()
        };
        assert_eq!(east(&["E3", "E4"], &["E5"]).len(), 1); // 2v1
        assert_eq!(east(&["E3", "E4"], &["E5", "E6"]).len(), 0); // 2v2
        assert_eq!(east(&["E3", "E4", "E5"], &["E6", "E7"]).len(), 1); // 3v2
        assert_eq!(east(&["E3", "E4", "E5"], &["E6", "E7", "E8"]).len(), 0); // 3v3
        assert_eq!(east(&["E3", "E4", "E6"], &["E5"]).len(), 0); // sandwich
        assert_eq!(east(&["E2", "E3", "E4", "E7"], &["E5", "E6"]).len(), 0); // sandwich
        assert_eq!(east(&["E1", "E2"], &["E4"]).len(), 0); // gap: no push
                                                           // 3v2 at the edge: the front marble leaves, the other moves onto E9.
        let off = east(&["E4", "E5", "E6"], &["E7", "E8"]);
        assert!(!off[0].pushes_off());
        let off = east(&["E5", "E6", "E7"], &["E8", "E9"]);
        assert_eq!(off.len(), 1);
        assert!(off[0].pushes_off());
        assert_eq!(off[0].pushed(), 2);
    }

    #[test]
    fn broadside_needs_every_destination_empty() {
        // C3-C4 with D4 white: north-east and north-west blocked for the pair.
        let v = moves(set(&["C3", "C4"]), set(&["D4"]));
        let side: Vec<_> = v.iter().filter(|m| !m.is_inline()).collect();
        assert_eq!(side.len(), 2); // south-east and south-west
        assert!(side.iter().all(|m| m.from() == parse_cell("C3").unwrap()));
    }

    #[test]
    fn endangered_marbles() {
        // White E9 with black E7, E8 behind it: black can push it off east.
        assert_eq!(endangered(set(&["E9"]), set(&["E7", "E8"])), set(&["E9"]));
        // With a white marble between: 3v2 needs three black marbles.
        assert_eq!(endangered(set(&["E8", "E9"]), set(&["E6", "E7"])), 0);
        assert_eq!(
            endangered(set(&["E8", "E9"]), set(&["E5", "E6", "E7"])),
            set(&["E9"])
        );
        assert_eq!(endangered(set(&["E5"]), set(&["E3", "E4"])), 0);
    }
}
