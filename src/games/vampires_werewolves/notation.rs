//! A board as one line of text, for logs and command output: the search position's
//! notation without the side to move.

use super::{Cells, Grid};

/// The board as text: `<rows>x<cols>` and every occupied cell `x,y:<h|v|w><count>`, row
/// by row (the search position's notation without the side to move).
pub fn grid_text(grid: &Grid) -> String {
    let mut s = format!("{}x{}", grid.rows(), grid.cols());
    for (at, c) in grid.occupied() {
        s += &format!(" {at}:{}{}", c.kind().letter(), c.count());
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::vampires_werewolves::{Content, Coord, Kind};

    #[test]
    fn grid_text_lists_cells_row_by_row() {
        let mut g = Grid::new(2, 3);
        g.set(Coord::new(2, 0), Content::new(Kind::Humans, 4));
        g.set(Coord::new(0, 1), Content::new(Kind::Vampires, 7));
        assert_eq!(grid_text(&g), "2x3 2,0:h4 0,1:v7");
    }
}
