//! Random maps shaped like the official kit's, for training on many maps.
//!
//! The kit ships three playable maps, and each is a family here: `testmap2` (15 × 29,
//! ten of each species in opposite corners, a few small human cells and a big one in the
//! centre), `thetrap` (5 × 10, four of each two plies apart in the middle, four small
//! human cells) and `testmap` (5 × 6, three of each, two single humans). A kit map draws
//! its family, then its size, species and humans within that family's ranges. Every map
//! is symmetric under a half-turn about the grid centre (the werewolves' cell is the
//! vampires' turned, each human cell has its turned twin with as many humans), so
//! neither species is favoured but by the vampires' first move; the same generator
//! state gives the same map.
//!
//! ```text
//! corners (testmap2-like)   close (thetrap-like)   small (testmap-like)
//!   w . . . . . h .           . . . . h . . .        . . h .
//!   . . h . . . . .           h . . w . . . .        . w . .
//!   . . . . H . . .           . . . . v . . h        . . v .
//!   . h . . . . h .           . . . h . . . .        . h . .
//!   . . . . . . . v
//! ```

use rand::RngExt;

use super::board::{Cells, Content, Coord, Grid, Kind};
use super::map::Map;
use crate::game::GameRng;

/// The ranges of one family of kit maps (inclusive).
struct Family {
    rows: (u8, u8),
    cols: (u8, u8),
    monsters: (u8, u8),
    /// Plies between the two species' cells.
    apart: (u32, u32),
    /// Symmetric pairs of human cells.
    pairs: (usize, usize),
    /// Humans on one cell.
    humans: (u8, u8),
    /// The centre cell (odd sizes only) holds this many times the monsters of a side,
    /// or nothing when 0.
    centre: f64,
}

/// `testmap2`, `thetrap` and `testmap` (see the module docs).
const FAMILIES: [Family; 3] = [
    Family {
        rows: (9, 16),
        cols: (15, 30),
        monsters: (8, 12),
        apart: (12, 40),
        pairs: (2, 4),
        humans: (2, 6),
        centre: 2.0,
    },
    Family {
        rows: (5, 7),
        cols: (8, 12),
        monsters: (3, 6),
        apart: (2, 3),
        pairs: (2, 3),
        humans: (1, 4),
        centre: 0.0,
    },
    Family {
        rows: (4, 6),
        cols: (5, 7),
        monsters: (2, 4),
        apart: (2, 5),
        pairs: (1, 2),
        humans: (1, 2),
        centre: 0.0,
    },
];

/// Most draws of a cell before a map is drawn with fewer human cells.
const PLACEMENT_TRIES: usize = 200;

/// A random map of one of the kit's families (see the module docs).
pub fn kit_map(rng: &mut GameRng) -> Map {
    let f = &FAMILIES[rng.random_range(0..FAMILIES.len())];
    let rows = rng.random_range(f.rows.0..=f.rows.1);
    let cols = rng.random_range(f.cols.0..=f.cols.1);
    let mirror = |c: Coord| Coord::new(cols - 1 - c.x, rows - 1 - c.y);
    let random_cell =
        |rng: &mut GameRng| Coord::new(rng.random_range(0..cols), rng.random_range(0..rows));
    let monsters = rng.random_range(f.monsters.0..=f.monsters.1);
    // The largest distance a cell and its twin can have is the grid's long side less
    // one; clamp the family's range so that a cell is always found.
    let longest = u32::from(rows.max(cols)) - 1;
    let apart = (f.apart.0.min(longest), f.apart.1.min(longest));
    let v = (0..PLACEMENT_TRIES)
        .map(|_| random_cell(rng))
        .find(|&c| (apart.0..=apart.1).contains(&c.distance(mirror(c))))
        .unwrap_or(Coord::new(0, 0));
    let w = mirror(v);
    let mut grid = Grid::new(rows, cols);
    grid.set(v, Content::new(Kind::Vampires, monsters));
    grid.set(w, Content::new(Kind::Werewolves, monsters));
    let mut homes = Vec::new();
    let centre = Coord::new(cols / 2, rows / 2);
    if f.centre > 0.0 && rows % 2 == 1 && cols % 2 == 1 && grid.get(centre).is_empty() {
        let n = (f.centre * f64::from(monsters)).round().min(255.0) as u8;
        grid.set(centre, Content::new(Kind::Humans, n));
        homes.push(centre);
    }
    let pairs = rng.random_range(f.pairs.0..=f.pairs.1);
    place_human_pairs(&mut grid, &mut homes, rng, pairs, f.humans);
    Map {
        grid,
        human_homes: homes,
        vampires: Some(v),
        werewolves: Some(w),
    }
}

/// Puts up to `pairs` pairs of human cells (each `humans` strong, inclusive, the two
/// cells of a pair half-turn twins holding as many) on empty cells of `grid`, drawing
/// at most [`PLACEMENT_TRIES`] cells; their cells are added to `homes`.
pub(super) fn place_human_pairs(
    grid: &mut Grid,
    homes: &mut Vec<Coord>,
    rng: &mut GameRng,
    pairs: usize,
    humans: (u8, u8),
) {
    let (rows, cols) = (grid.rows(), grid.cols());
    let mut placed = 0;
    for _ in 0..PLACEMENT_TRIES {
        if placed == pairs {
            break;
        }
        let a = Coord::new(rng.random_range(0..cols), rng.random_range(0..rows));
        let b = Coord::new(cols - 1 - a.x, rows - 1 - a.y);
        if a == b || !grid.get(a).is_empty() || !grid.get(b).is_empty() {
            continue;
        }
        let n = rng.random_range(humans.0..=humans.1);
        grid.set(a, Content::new(Kind::Humans, n));
        grid.set(b, Content::new(Kind::Humans, n));
        homes.extend([a, b]);
        placed += 1;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn kit_maps_are_valid_symmetric_and_deterministic() {
        let mut rng = GameRng::seed_from_u64(11);
        let mut again = GameRng::seed_from_u64(11);
        let mut sizes = std::collections::HashSet::new();
        for _ in 0..300 {
            let m = kit_map(&mut rng);
            assert_eq!(kit_map(&mut again), m, "the same seed gives the same map");
            let back = Map::parse(&m.to_xml()).expect("a kit map reparses");
            assert_eq!(back, m);
            m.check_playable().expect("a kit map is playable");
            let (rows, cols) = (m.rows(), m.cols());
            for (at, c) in m.grid.occupied() {
                let twin = m.grid.get(Coord::new(cols - 1 - at.x, rows - 1 - at.y));
                assert_eq!(twin.count(), c.count(), "{at:?} and its twin");
                let twin_kind = match c.kind() {
                    Kind::Vampires => Kind::Werewolves,
                    Kind::Werewolves => Kind::Vampires,
                    k => k,
                };
                assert_eq!(twin.kind(), twin_kind, "{at:?} and its twin");
            }
            assert_eq!(m.grid.total(Kind::Vampires), m.grid.total(Kind::Werewolves));
            assert!(m.grid.total(Kind::Humans) > 0);
            sizes.insert((rows, cols));
        }
        assert!(sizes.len() > 30, "sizes vary: {}", sizes.len());
    }
}
