//! What a piece on each cell is worth by a genome's tables, for the heat maps a fit draws:
//! per cell and kind of piece, summed over every tuple through the cell, the mean weight of
//! the tuple's entries that hold that piece there minus the mean of those that leave the
//! cell empty (every other cell of the tuple taken over all its contents alike). For a
//! piece-square table that is exactly the table's difference; for a pattern it is the
//! piece's average effect, whatever the pattern's other cells hold.

use super::layout::TableLayout;

/// `values[k - 1][cell]`: what contents `k` (1, 2, ...) on `cell` adds, in evaluation
/// units (a weight's units), for one role's stored weights `stored`.
pub fn piece_values(layout: &TableLayout, stored: &[f64]) -> Vec<Vec<f64>> {
    let base = layout.base as usize;
    let mut values = vec![vec![0.0; layout.cells]; base - 1];
    for (t, tuple) in layout.tuples.iter().enumerate() {
        let offset = layout.tuple_offset[t] as usize;
        let entries = base.pow(tuple.len() as u32);
        for (place, &cell) in tuple.iter().enumerate() {
            let step = base.pow(place as u32);
            let mut sums = vec![0.0; base];
            for config in 0..entries {
                let w = stored[layout.raw_to_stored[offset + config] as usize];
                sums[(config / step) % base] += w;
            }
            // Each contents holds the cell in the same number of entries.
            let per = (entries / base) as f64;
            for k in 1..base {
                values[k - 1][cell as usize] += (sums[k] - sums[0]) / per;
            }
        }
    }
    values
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wolves_sheep::WolvesSheep;

    #[test]
    fn a_piece_square_table_is_its_own_heat_map() {
        let layout = TableLayout::new::<WolvesSheep>(&["psqt"]).unwrap();
        let mut stored = vec![0.0; layout.len()];
        let wolf_22 = layout.entry(0, "22=W").unwrap();
        let sheep_00 = layout.entry(0, "00=S").unwrap();
        let empty_00 = layout.entry(0, "00=.").unwrap();
        stored[wolf_22] = 1.5;
        stored[sheep_00] = -2.0;
        stored[empty_00] = 0.5;
        let v = piece_values(&layout, &stored);
        assert_eq!(v[0][12], 1.5); // a wolf on 22
        assert_eq!(v[1][0], -2.5); // a sheep on 00, against the empty 00
        assert_eq!(v[1][4], -2.5); // 04, the mirror image of 00, shares its weights
        assert_eq!(v[0][0], -0.5); // a wolf on 00 loses the empty cell's weight
        assert_eq!(v[1][12], 0.0);
    }

    #[test]
    fn a_pattern_weight_counts_by_the_share_of_its_entries() {
        let layout = TableLayout::new::<WolvesSheep>(&["blocks2x2"]).unwrap();
        let mut stored = vec![0.0; layout.len()];
        // One entry of 81 in each block it ties to: its pieces get 1/27 of it each.
        stored[layout.entry(0, "00,01,10,11=W...").unwrap()] = 27.0;
        let v = piece_values(&layout, &stored);
        assert!((v[0][0] - 1.0).abs() < 1e-12, "{}", v[0][0]);
        assert!((v[0][4] - 1.0).abs() < 1e-12, "the mirror block's 04");
        // The entry's empty cells weigh on the side of an empty cell: any piece there -1.
        assert!((v[0][1] + 1.0).abs() < 1e-12 && (v[1][6] + 1.0).abs() < 1e-12); // cells 01 and 11
        assert_eq!(v[1][0], 0.0); // a sheep on 00 is in no entry that has a weight
        assert_eq!(v[0][22], 0.0); // 42: in no block of the entry
    }
}
