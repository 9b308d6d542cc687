//! Built-in starts: a fixed map of our own and random point-symmetric maps (`random`
//! here; `kit`, shaped like the official kit's maps, in [`super::mapgen`]).
//!
//! The official maps carry no license (they are only test data here), so the built-in
//! starts are original. Random maps are symmetric under a half-turn about the grid centre,
//! so neither species has the better position (only the vampires' first move).
//!
//! ```text
//! duel (7 x 11), vampires to move:
//!     h3 .  .  .  .  h4 .  .  .  .  .
//!     .  .  .  .  .  .  .  .  w6 .  .
//!     .  h5 .  .  .  .  .  .  .  .  .
//!     .  .  .  h2 .  h9 .  h2 .  .  .
//!     .  .  .  .  .  .  .  .  .  h5 .
//!     .  .  v6 .  .  .  .  .  .  .  .
//!     .  .  .  .  .  h4 .  .  .  .  h3
//! ```

use rand::RngExt;

use super::board::{Cells, Content, Coord, Grid, Kind};
use super::map::Map;
use crate::game::GameRng;

/// The names [`crate::game::Game::start`] knows, the default first.
pub const START_NAMES: [&str; 3] = ["duel", "random", "kit"];

fn build(
    rows: u8,
    cols: u8,
    humans: &[(u8, u8, u8)],
    vampires: (u8, u8, u8),
    werewolves: (u8, u8, u8),
) -> Map {
    let mut grid = Grid::new(rows, cols);
    let mut homes = Vec::new();
    for &(x, y, n) in humans {
        let at = Coord::new(x, y);
        grid.set(at, Content::new(Kind::Humans, n));
        homes.push(at);
    }
    let v = Coord::new(vampires.0, vampires.1);
    let w = Coord::new(werewolves.0, werewolves.1);
    grid.set(v, Content::new(Kind::Vampires, vampires.2));
    grid.set(w, Content::new(Kind::Werewolves, werewolves.2));
    Map {
        grid,
        human_homes: homes,
        vampires: Some(v),
        werewolves: Some(w),
    }
}

/// The fixed default start (see the module diagram).
pub fn duel() -> Map {
    build(
        7,
        11,
        &[
            (0, 0, 3),
            (5, 0, 4),
            (1, 2, 5),
            (3, 3, 2),
            (5, 3, 9),
            (7, 3, 2),
            (9, 4, 5),
            (5, 6, 4),
            (10, 6, 3),
        ],
        (2, 5, 6),
        (8, 1, 6),
    )
}

/// A random map: 5–12 rows, 6–16 columns, 4–12 monsters each on half-turn-symmetric
/// cells at least 3 plies apart, 2–8 symmetric pairs of human cells of 1–12 humans (plus
/// sometimes the centre cell when the grid has one).
pub fn random_map(rng: &mut GameRng) -> Map {
    let rows: u8 = rng.random_range(5..=12);
    let cols: u8 = rng.random_range(6..=16);
    let mirror = |c: Coord| Coord::new(cols - 1 - c.x, rows - 1 - c.y);
    let mut grid = Grid::new(rows, cols);
    let monsters: u8 = rng.random_range(4..=12);
    let (v, w) = loop {
        let v = Coord::new(rng.random_range(0..cols), rng.random_range(0..rows));
        let w = mirror(v);
        if v.distance(w) >= 3 {
            break (v, w);
        }
    };
    grid.set(v, Content::new(Kind::Vampires, monsters));
    grid.set(w, Content::new(Kind::Werewolves, monsters));
    let mut homes = Vec::new();
    let pairs = rng.random_range(2..=8);
    super::mapgen::place_human_pairs(&mut grid, &mut homes, rng, pairs, (1, 12));
    if rows % 2 == 1 && cols % 2 == 1 && rng.random_bool(0.5) {
        let centre = Coord::new(cols / 2, rows / 2);
        if grid.get(centre).is_empty() {
            grid.set(centre, Content::new(Kind::Humans, rng.random_range(1..=12)));
            homes.push(centre);
        }
    }
    Map {
        grid,
        human_homes: homes,
        vampires: Some(v),
        werewolves: Some(w),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::SeedableRng;

    #[test]
    fn duel_is_symmetric_and_reparses() {
        let m = duel();
        let back = Map::parse(&m.to_xml()).unwrap();
        assert_eq!(back, m);
        assert_eq!(m.grid.total(Kind::Humans), 37);
    }

    #[test]
    fn random_maps_are_symmetric() {
        let mut rng = GameRng::seed_from_u64(7);
        for _ in 0..50 {
            let m = random_map(&mut rng);
            let (rows, cols) = (m.rows(), m.cols());
            for (at, c) in m.grid.occupied() {
                let other = m.grid.get(Coord::new(cols - 1 - at.x, rows - 1 - at.y));
                assert_eq!(other.count(), c.count());
            }
            assert_eq!(Map::parse(&m.to_xml()).unwrap(), m);
        }
    }
}
