//! The fallback ply: a whole-group step that is always legal, for a player that must
//! answer (the course's client, exactly one ply per update) when its search has no move
//! or proposes an illegal one.

use super::ply::check_ply;
use super::{Cells, Grid, Kind, Step};
use crate::game::Role;

/// A whole-group step that is always legal while we have creatures and the grid has
/// more than one cell: our largest group moves entirely toward the nearest human cell it
/// can convert, else the nearest enemy group, else any neighbour in the grid.
pub fn fallback_move(grid: &Grid, role: Role) -> Option<Vec<Step>> {
    let own = Kind::monster(role);
    let enemy = Kind::monster(1 - role);
    let (from, n) = grid
        .occupied()
        .filter(|(_, c)| c.kind() == own)
        .map(|(at, c)| (at, c.count()))
        .max_by_key(|&(at, n)| (n, std::cmp::Reverse(at.key())))?;
    let target = grid
        .occupied()
        .filter(|(_, c)| c.kind() == Kind::Humans && c.count() <= n)
        .map(|(at, _)| at)
        .min_by_key(|at| (from.distance(*at), at.key()))
        .or_else(|| {
            grid.occupied()
                .filter(|(_, c)| c.kind() == enemy)
                .map(|(at, _)| at)
                .min_by_key(|at| (from.distance(*at), at.key()))
        });
    let to = target
        .map(|t| from.step_toward(t))
        .filter(|&to| to != from)
        .or_else(|| {
            (-1i8..=1)
                .flat_map(|dy| (-1i8..=1).map(move |dx| (dx, dy)))
                .filter(|&d| d != (0, 0))
                .find_map(|(dx, dy)| from.offset(dx, dy, grid.rows(), grid.cols()))
        })?;
    let steps = vec![Step::new(from, n, to)];
    check_ply(grid, role, &steps).ok().map(|_| steps)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::vampires_werewolves::{Content, Coord};

    #[test]
    fn fallback_is_legal_or_none() {
        let mut g = Grid::new(3, 3);
        g.set(Coord::new(0, 0), Content::new(Kind::Vampires, 5));
        g.set(Coord::new(2, 2), Content::new(Kind::Werewolves, 3));
        let steps = fallback_move(&g, 0).unwrap();
        assert_eq!(
            steps,
            vec![Step::new(Coord::new(0, 0), 5, Coord::new(1, 1))]
        );
        // Werewolves head for the vampires.
        let steps = fallback_move(&g, 1).unwrap();
        assert_eq!(steps[0].to, Coord::new(1, 1));
        // Nothing of ours on the board: no move.
        let mut only_v = Grid::new(2, 2);
        only_v.set(Coord::new(0, 0), Content::new(Kind::Vampires, 1));
        assert_eq!(fallback_move(&only_v, 1), None);
        // A 1x1 grid: nowhere to go.
        let mut tiny = Grid::new(1, 1);
        tiny.set(Coord::new(0, 0), Content::new(Kind::Vampires, 1));
        assert_eq!(fallback_move(&tiny, 0), None);
        // A 1x2 grid: the only neighbour.
        let mut strip = Grid::new(1, 2);
        strip.set(Coord::new(1, 0), Content::new(Kind::Werewolves, 2));
        assert_eq!(
            fallback_move(&strip, 1).unwrap(),
            vec![Step::new(Coord::new(1, 0), 2, Coord::new(0, 0))]
        );
    }
}
