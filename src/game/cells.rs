//! The board as table families see it: cells, their contents, the board's symmetries and
//! the fixed sets of cells (tuples) whose contents index a table of weights.
//!
//! A game with a fixed board describes it once in a [`CellBoard`] (in its own folder)
//! and returns it from [`Features::cell_board`](super::Features::cell_board), with two
//! readers of its position: every cell's contents (for a from-scratch evaluation and the
//! fit's rows) and the cells a move changes (for the search's incremental update).
//! Everything else (tying, names, the accumulator, the fit) is generic, in
//! `src/tables/`.

/// A game's board as cells for table families.
#[derive(Clone, Debug)]
pub struct CellBoard {
    /// Cell names, in cell index order (`"00"` … `"44"`): they name table entries.
    pub cells: Vec<String>,
    /// What a cell can hold, one character each; contents 0 is an empty cell.
    pub contents: &'static [char],
    /// Symmetries of the board besides the identity, each a permutation of the cells
    /// (`symmetry[cell]` = its image). Together with the identity they must form a
    /// group; entries one symmetry maps onto each other share one weight.
    pub symmetries: Vec<Vec<u8>>,
    /// The families a genome may carry, by name.
    pub families: Vec<TupleFamily>,
    /// Families a fit takes only when they are named (`fit --families`, an experiment's
    /// `tables.families`): each has more weights than the default data can fill, so
    /// "every family" leaves them out.
    pub opt_in: &'static [&'static str],
    /// The families `weightforge learn` takes when none are named (self-play learning
    /// fills far more weights than a fit's data can); empty: the fit's default set.
    pub learned: &'static [&'static str],
    /// Where each cell is drawn (heat maps): its centre in cell widths, x to the right,
    /// y downward, as the game's own diagrams show the board.
    pub drawn_at: Vec<(f32, f32)>,
    /// The cells' shape when drawn.
    pub shape: CellShape,
}

/// How a board's cells are drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CellShape {
    /// Squares of side 1.
    Square,
    /// Pointy-top hexagons 1 wide (rows 0.866 apart, each shifted half a cell).
    Hexagon,
}

/// A family of tuples: each tuple is a fixed list of cells, and each way of filling
/// them (contents¹ … contentsᵏ) is one weight of the table.
#[derive(Clone, Debug)]
pub struct TupleFamily {
    /// The name used in genome files and on the command line (`psqt`, `blocks2x3`).
    pub name: &'static str,
    /// A one-line meaning, printed by `weightforge games`.
    pub meaning: &'static str,
    /// The tuples, each a list of distinct cells.
    pub tuples: Vec<Vec<u8>>,
}

/// The cells of every `rows × cols` block of a square board of side `size` whose cells
/// are numbered row by row (cell `row * size + col`), each block's cells in row-major
/// order: `square_blocks(5, 1, 1)` is every cell alone, `(5, 1, 5)` every row.
pub fn square_blocks(size: usize, rows: usize, cols: usize) -> Vec<Vec<u8>> {
    let mut out = Vec::new();
    for r0 in 0..=size - rows {
        for c0 in 0..=size - cols {
            let cells = (0..rows).flat_map(|r| (0..cols).map(move |c| (r0 + r) * size + c0 + c));
            out.push(cells.map(|c| c as u8).collect());
        }
    }
    out
}

/// Every `a × b` and `b × a` block of a square board of side `size` ([`square_blocks`]).
pub fn square_blocks_both_ways(size: usize, a: usize, b: usize) -> Vec<Vec<u8>> {
    let mut out = square_blocks(size, a, b);
    out.extend(square_blocks(size, b, a));
    out
}

/// The most cells one move may change: every cell of a 64-cell board (War of Life's
/// crank may rewrite any of them).
pub const MAX_CELL_CHANGES: usize = 64;

/// The cells one move changes, with their contents before and after (what
/// [`Features::cell_changes`](super::Features::cell_changes) writes).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellChanges {
    len: u8,
    changes: [CellChange; MAX_CELL_CHANGES],
}

/// One cell a move changes.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CellChange {
    /// The cell.
    pub cell: u8,
    /// Its contents before the move.
    pub old: u8,
    /// Its contents after the move.
    pub new: u8,
}

impl Default for CellChanges {
    fn default() -> Self {
        CellChanges {
            len: 0,
            changes: [CellChange::default(); MAX_CELL_CHANGES],
        }
    }
}

impl CellChanges {
    /// No change.
    pub fn clear(&mut self) {
        self.len = 0;
    }

    /// Records that `cell`, holding `old`, will hold `new`.
    ///
    /// # Panics
    /// If more than [`MAX_CELL_CHANGES`] cells change (a programming error of the game).
    #[inline]
    pub fn push(&mut self, cell: u8, old: u8, new: u8) {
        self.changes[self.len as usize] = CellChange { cell, old, new };
        self.len += 1;
    }

    /// The changes, in the order recorded.
    #[inline]
    pub fn as_slice(&self) -> &[CellChange] {
        &self.changes[..self.len as usize]
    }
}
