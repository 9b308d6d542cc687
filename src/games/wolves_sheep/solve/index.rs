//! The perfect index of a layer (every position with the same number of sheep):
//! `(wolf class × C(23, k) + rank of the sheep set) × 2 + side to move`.
//!
//! * **Wolf class**: the 300 pairs of wolf squares fall into 160 classes under the
//!   left-right mirror (140 pairs of mirror images, 20 pairs that are their own
//!   mirror: both wolves in the middle column, or on one row at mirrored columns). A
//!   position whose wolf pair is the second of a mirror pair is stored as its mirror
//!   image, so each such position and its mirror share one entry; with the 20
//!   self-mirrored pairs both images of the sheep are kept (6 % of the entries).
//! * **Sheep rank**: the sheep set, with the two wolf squares taken out of the board
//!   (23 squares left), ranked in the combinatorial number system (colex order:
//!   `Σ C(square_i, i + 1)` over the sheep's squares in increasing order), so the ranks
//!   of one wolf class are exactly `0..C(23, k)`.

use std::sync::LazyLock;

use crate::games::wolves_sheep::bitboard::{Bitboard, FULL, SIZE, SQUARES};

/// Wolf classes under the left-right mirror.
pub const WOLF_CLASSES: usize = 160;

/// Fewest sheep of a layer (two or fewer is a wolves' win).
pub const MIN_SHEEP: u32 = 3;

/// Most sheep of a layer (the start).
pub const MAX_SHEEP: u32 = 10;

/// Squares left for the sheep beside the two wolves.
const FREE: usize = SQUARES - 2;

/// The tables behind the index, built once.
struct Tables {
    /// The two squares of each wolf class, lower first.
    class_squares: [(u8, u8); WOLF_CLASSES],
    /// `class_of[a][b]`: the class of the pair and whether a position with wolves on
    /// `a` and `b` is stored as its mirror image.
    class_of: [[(u8, bool); SQUARES]; SQUARES],
    /// Whether each class is its own mirror.
    self_mirrored: [bool; WOLF_CLASSES],
}

static TABLES: LazyLock<Tables> = LazyLock::new(build_tables);

fn build_tables() -> Tables {
    let mut class_squares = [(0u8, 0u8); WOLF_CLASSES];
    let mut class_of = [[(0u8, false); SQUARES]; SQUARES];
    let mut self_mirrored = [false; WOLF_CLASSES];
    let mut next = 0;
    for a in 0..SQUARES {
        for b in a + 1..SQUARES {
            let (ma, mb) = sorted(mirror_square(a), mirror_square(b));
            if (ma, mb) < (a, b) {
                continue;
            }
            class_squares[next] = (a as u8, b as u8);
            self_mirrored[next] = (ma, mb) == (a, b);
            for (x, y, mirrored) in [(a, b, false), (ma, mb, (ma, mb) != (a, b))] {
                class_of[x][y] = (next as u8, mirrored);
                class_of[y][x] = (next as u8, mirrored);
            }
            next += 1;
        }
    }
    assert_eq!(next, WOLF_CLASSES);
    Tables {
        class_squares,
        class_of,
        self_mirrored,
    }
}

/// C(n, k) for n ≤ 25, k ≤ 11, computed at compile time.
const BINOMIAL: [[u64; 12]; SQUARES + 1] = {
    let mut t = [[0u64; 12]; SQUARES + 1];
    let mut n = 0;
    while n <= SQUARES {
        t[n][0] = 1;
        let mut k = 1;
        while k < 12 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

fn sorted(a: usize, b: usize) -> (usize, usize) {
    (a.min(b), a.max(b))
}

/// The square's left-right mirror image.
pub fn mirror_square(sq: usize) -> usize {
    (sq / SIZE) * SIZE + (SIZE - 1 - sq % SIZE)
}

/// The 5-bit row patterns reversed.
const REVERSED_ROW: [u32; 32] = {
    let mut t = [0u32; 32];
    let mut i = 0;
    while i < 32 {
        let mut b = 0;
        while b < 5 {
            if i & (1 << b) != 0 {
                t[i] |= 1 << (4 - b);
            }
            b += 1;
        }
        i += 1;
    }
    t
};

/// The set's left-right mirror image.
#[inline]
pub fn mirror(set: Bitboard) -> Bitboard {
    let mut out = 0;
    for r in 0..SIZE {
        out |= REVERSED_ROW[((set >> (r * SIZE)) & 31) as usize] << (r * SIZE);
    }
    out
}

/// C(n, k).
#[inline]
pub fn binomial(n: usize, k: usize) -> u64 {
    BINOMIAL[n][k]
}

/// Sheep sets of `k` sheep beside one wolf pair: C(23, k).
pub fn sheep_sets(k: u32) -> u64 {
    binomial(FREE, k as usize)
}

/// Entries of the layer of `k` sheep.
pub fn layer_len(k: u32) -> u64 {
    WOLF_CLASSES as u64 * sheep_sets(k) * 2
}

/// The two wolf squares of a class, lower first.
#[inline]
pub fn class_squares(class: usize) -> (usize, usize) {
    let (a, b) = TABLES.class_squares[class];
    (a as usize, b as usize)
}

/// Whether the class is its own mirror image (both images of the sheep are stored).
#[inline]
pub fn self_mirrored(class: usize) -> bool {
    TABLES.self_mirrored[class]
}

/// The wolves of a class as a set.
#[inline]
pub fn class_wolves(class: usize) -> Bitboard {
    let (a, b) = class_squares(class);
    (1 << a) | (1 << b)
}

/// The sheep set with the wolf squares `a < b` taken out (23 squares left).
#[inline]
pub fn squeeze(sheep: Bitboard, a: usize, b: usize) -> u32 {
    let below_a = (1u32 << a) - 1;
    let below_b1 = (1u32 << (b - 1)) - 1;
    (sheep & below_a) | ((sheep >> 1) & below_b1 & !below_a) | ((sheep >> 2) & !below_b1)
}

/// The inverse of [`squeeze`]: a set of the 23 free squares back on the board.
#[inline]
pub fn spread(free: u32, a: usize, b: usize) -> Bitboard {
    let below_a = (1u32 << a) - 1;
    let below_b1 = (1u32 << (b - 1)) - 1;
    ((free & below_a) | ((free & below_b1 & !below_a) << 1) | ((free & !below_b1) << 2)) & FULL
}

/// The colex rank of a set among the sets of as many elements.
#[inline]
pub fn rank(mut set: u32) -> u64 {
    let mut r = 0;
    let mut i = 1;
    while set != 0 {
        let sq = set.trailing_zeros() as usize;
        r += BINOMIAL[sq][i];
        i += 1;
        set &= set - 1;
    }
    r
}

/// The set of `k` elements with colex rank `r` (the inverse of [`rank`]).
pub fn unrank(mut r: u64, k: u32) -> u32 {
    let mut set = 0;
    for i in (1..=k as usize).rev() {
        let mut n = i - 1;
        while BINOMIAL[n + 1][i] <= r {
            n += 1;
        }
        r -= BINOMIAL[n][i];
        set |= 1 << n;
    }
    set
}

/// The next set of as many elements in colex order (Gosper's hack).
#[inline]
pub fn next_set(set: u32) -> u32 {
    let low = set & set.wrapping_neg();
    let ripple = set + low;
    ripple | (((set ^ ripple) >> 2) / low)
}

/// Where a position is stored: its wolf class, the sheep as stored (mirrored when the
/// class says so) and its entry in the layer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slot {
    /// Entry within the layer of its sheep count.
    pub entry: u64,
    /// Whether the position is stored as its mirror image.
    pub mirrored: bool,
}

/// The entry of a position (wolves, sheep, side to move 0 = wolves, 1 = sheep).
#[inline]
pub fn slot(wolves: Bitboard, sheep: Bitboard, side: usize) -> Slot {
    let a = wolves.trailing_zeros() as usize;
    let b = 31 - wolves.leading_zeros() as usize;
    let (class, mirrored) = TABLES.class_of[a][b];
    let (ca, cb) = class_squares(class as usize);
    let stored = if mirrored { mirror(sheep) } else { sheep };
    let k = sheep.count_ones();
    let r = rank(squeeze(stored, ca, cb));
    Slot {
        entry: ((class as u64) * sheep_sets(k) + r) * 2 + side as u64,
        mirrored,
    }
}

/// Whether a position is stored as itself (not as its mirror image).
#[inline]
pub fn stored_as_itself(wolves: Bitboard) -> bool {
    let a = wolves.trailing_zeros() as usize;
    let b = 31 - wolves.leading_zeros() as usize;
    !TABLES.class_of[a][b].1
}

/// The position of an entry of the layer of `k` sheep: (wolves, sheep, side).
pub fn position(entry: u64, k: u32) -> (Bitboard, Bitboard, usize) {
    let side = (entry % 2) as usize;
    let sets = sheep_sets(k);
    let class = (entry / 2 / sets) as usize;
    let (a, b) = class_squares(class);
    let sheep = spread(unrank(entry / 2 % sets, k), a, b);
    ((1 << a) | (1 << b), sheep, side)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn layer_sizes_match_the_issue() {
        let total: u64 = (MIN_SHEEP..=MAX_SHEEP).map(sheep_sets).sum();
        assert_eq!(total, 2_841_949);
        assert_eq!(sheep_sets(10), 1_144_066);
    }

    #[test]
    fn squeeze_and_spread_are_inverse() {
        for (a, b) in [(0, 1), (3, 17), (23, 24), (0, 24)] {
            let free = FULL & !((1 << a) | (1 << b));
            assert_eq!(squeeze(free, a, b), (1 << FREE) - 1);
            let s = free & 0x0155_5555;
            assert_eq!(spread(squeeze(s, a, b), a, b), s);
        }
    }

    #[test]
    fn ranks_count_up_in_gosper_order() {
        let mut set = 0b111;
        for r in 0..sheep_sets(3) {
            assert_eq!(rank(set), r);
            assert_eq!(unrank(r, 3), set);
            set = next_set(set);
        }
    }

    #[test]
    fn mirror_images_share_an_entry() {
        let wolves = (1 << 21) | (1 << 8);
        let sheep = (1 << 0) | (1 << 6) | (1 << 12) | (1 << 14);
        let s = slot(wolves, sheep, 1);
        let m = slot(mirror(wolves), mirror(sheep), 1);
        assert_eq!(s.entry, m.entry);
        assert_ne!(s.mirrored, m.mirrored);
        let (w, sh, side) = position(s.entry, 4);
        assert_eq!(side, 1);
        assert!((w, sh) == (wolves, sheep) || (w, sh) == (mirror(wolves), mirror(sheep)));
    }
}
