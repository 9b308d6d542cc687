//! Cells, species and the dense grid.
//!
//! The official game stores a `Rows × Columns` array of cells, each holding at most one
//! species and a byte count (count 0 ⇒ empty). [`Grid`] is that array, used where every
//! legal ply must be accepted whatever its shape: the map file, the server's referee board
//! and a client's picture of the game. The search uses the compact
//! [`super::position::VvwPosition`] instead.
//!
//! Coordinates follow the protocol: **x = column, y = row**, 0-based from the top-left.
//!
//! ```text
//!        x=0 x=1 x=2
//!  y=0    .   .   .      (x, y) = (2, 1) is the last cell of the middle row;
//!  y=1    .   .   V      its 8 neighbours are the king moves around it.
//!  y=2    .   .   .
//! ```

use std::fmt;

use crate::game::Role;

/// A cell address: x = column, y = row.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    /// Column index, 0-based.
    pub x: u8,
    /// Row index, 0-based.
    pub y: u8,
}

impl Coord {
    /// The cell at column `x`, row `y`.
    #[inline]
    pub const fn new(x: u8, y: u8) -> Self {
        Coord { x, y }
    }

    /// A key that sorts cells row by row (y, then x): `y << 8 | x`.
    #[inline]
    pub const fn key(self) -> u16 {
        (self.y as u16) << 8 | self.x as u16
    }

    /// The cell of a [`Coord::key`].
    #[inline]
    pub const fn from_key(key: u16) -> Self {
        Coord {
            x: (key & 0xff) as u8,
            y: (key >> 8) as u8,
        }
    }

    /// Number of plies a group needs to go from `self` to `other` (king moves):
    /// the Chebyshev distance.
    #[inline]
    pub fn distance(self, other: Coord) -> u32 {
        let dx = (self.x as i32 - other.x as i32).unsigned_abs();
        let dy = (self.y as i32 - other.y as i32).unsigned_abs();
        dx.max(dy)
    }

    /// The neighbour one king step from `self` toward `target` (`self` when equal).
    #[inline]
    pub fn step_toward(self, target: Coord) -> Coord {
        let step = |a: u8, b: u8| match a.cmp(&b) {
            std::cmp::Ordering::Less => a + 1,
            std::cmp::Ordering::Greater => a - 1,
            std::cmp::Ordering::Equal => a,
        };
        Coord::new(step(self.x, target.x), step(self.y, target.y))
    }

    /// The cell shifted by `(dx, dy)` if it lies in a `rows × cols` grid.
    #[inline]
    pub fn offset(self, dx: i8, dy: i8, rows: u8, cols: u8) -> Option<Coord> {
        let x = self.x as i16 + dx as i16;
        let y = self.y as i16 + dy as i16;
        (x >= 0 && y >= 0 && x < cols as i16 && y < rows as i16)
            .then(|| Coord::new(x as u8, y as u8))
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.x, self.y)
    }
}

/// The 8 king steps `(dx, dy)`, in a fixed order (a move's direction index).
pub const DIRECTIONS: [(i8, i8); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The index in [`DIRECTIONS`] of the step from `from` to its neighbour `to`.
#[inline]
pub fn direction_index(from: Coord, to: Coord) -> Option<usize> {
    /// [`DIRECTIONS`] indexed by `(dy + 1) * 3 + dx + 1` (the centre is no step).
    const BY_OFFSET: [Option<usize>; 9] = [
        Some(0),
        Some(1),
        Some(2),
        Some(3),
        None,
        Some(4),
        Some(5),
        Some(6),
        Some(7),
    ];
    let dx = to.x as i16 - from.x as i16;
    let dy = to.y as i16 - from.y as i16;
    if dx.abs() > 1 || dy.abs() > 1 {
        return None;
    }
    BY_OFFSET[((dy + 1) * 3 + dx + 1) as usize]
}

/// What lives on a cell. `Empty` exactly when the count is 0.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[repr(u8)]
pub enum Kind {
    /// Nobody.
    #[default]
    Empty = 0,
    /// Humans (they never move).
    Humans = 1,
    /// Vampires: player 0, moves first.
    Vampires = 2,
    /// Werewolves: player 1.
    Werewolves = 3,
}

impl Kind {
    /// The monsters a role plays: 0 → vampires, 1 → werewolves.
    #[inline]
    pub const fn monster(role: Role) -> Kind {
        if role == 0 {
            Kind::Vampires
        } else {
            Kind::Werewolves
        }
    }

    /// The role playing these monsters, `None` for humans and empty cells.
    #[inline]
    pub const fn role(self) -> Option<Role> {
        match self {
            Kind::Vampires => Some(0),
            Kind::Werewolves => Some(1),
            _ => None,
        }
    }

    /// The letter of the position notation: `h`, `v`, `w` (`.` for empty).
    pub const fn letter(self) -> char {
        match self {
            Kind::Empty => '.',
            Kind::Humans => 'h',
            Kind::Vampires => 'v',
            Kind::Werewolves => 'w',
        }
    }

    /// The kind of a notation letter (`h`, `v`, `w`).
    pub fn from_letter(c: char) -> Option<Kind> {
        match c {
            'h' => Some(Kind::Humans),
            'v' => Some(Kind::Vampires),
            'w' => Some(Kind::Werewolves),
            _ => None,
        }
    }

    /// Index 0..3 (empty, humans, vampires, werewolves).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }
}

/// A cell's contents: one species and its count, normalised so that a count of 0 is
/// always [`Kind::Empty`] (as the official `CellContent` resets the species).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Content {
    kind: Kind,
    count: u8,
}

impl Content {
    /// An empty cell.
    pub const EMPTY: Content = Content {
        kind: Kind::Empty,
        count: 0,
    };

    /// `count` creatures of `kind` (empty when `count == 0` or `kind` is `Empty`).
    #[inline]
    pub const fn new(kind: Kind, count: u8) -> Self {
        if count == 0 || matches!(kind, Kind::Empty) {
            Content::EMPTY
        } else {
            Content { kind, count }
        }
    }

    /// The species (or `Empty`).
    #[inline]
    pub const fn kind(self) -> Kind {
        self.kind
    }

    /// The number of creatures (0 when empty).
    #[inline]
    pub const fn count(self) -> u8 {
        self.count
    }

    /// Whether nobody is here.
    #[inline]
    pub const fn is_empty(self) -> bool {
        self.count == 0
    }

    /// The protocol's triple `(humans, vampires, werewolves)`.
    pub const fn triple(self) -> (u8, u8, u8) {
        match self.kind {
            Kind::Empty => (0, 0, 0),
            Kind::Humans => (self.count, 0, 0),
            Kind::Vampires => (0, self.count, 0),
            Kind::Werewolves => (0, 0, self.count),
        }
    }

    /// The cell of a protocol triple, `None` when more than one count is non-zero.
    pub const fn from_triple(humans: u8, vampires: u8, werewolves: u8) -> Option<Content> {
        match (humans, vampires, werewolves) {
            (0, 0, 0) => Some(Content::EMPTY),
            (h, 0, 0) => Some(Content::new(Kind::Humans, h)),
            (0, v, 0) => Some(Content::new(Kind::Vampires, v)),
            (0, 0, w) => Some(Content::new(Kind::Werewolves, w)),
            _ => None,
        }
    }
}

/// Read and write access to cells: what the rule engine (`ply.rs`) needs from a board.
pub trait Cells {
    /// Number of rows (the y range).
    fn rows(&self) -> u8;
    /// Number of columns (the x range).
    fn cols(&self) -> u8;
    /// The contents of an in-grid cell.
    fn get(&self, at: Coord) -> Content;
    /// Overwrites an in-grid cell.
    fn set(&mut self, at: Coord, content: Content);

    /// Whether `at` lies in the grid.
    #[inline]
    fn contains(&self, at: Coord) -> bool {
        at.x < self.cols() && at.y < self.rows()
    }
}

/// A dense `rows × cols` board (row-major), as the official server keeps it.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    rows: u8,
    cols: u8,
    cells: Vec<Content>,
}

impl Grid {
    /// An empty grid. Rows and columns are 1..=255 (0 is clamped to 1).
    pub fn new(rows: u8, cols: u8) -> Self {
        let (rows, cols) = (rows.max(1), cols.max(1));
        Grid {
            rows,
            cols,
            cells: vec![Content::EMPTY; rows as usize * cols as usize],
        }
    }

    #[inline]
    fn index(&self, at: Coord) -> usize {
        at.y as usize * self.cols as usize + at.x as usize
    }

    /// The non-empty cells, row by row (y ascending, then x): the `MAP` order.
    pub fn occupied(&self) -> impl Iterator<Item = (Coord, Content)> + '_ {
        let cols = self.cols as usize;
        self.cells
            .iter()
            .enumerate()
            .filter(|(_, c)| !c.is_empty())
            .map(move |(i, &c)| (Coord::new((i % cols) as u8, (i / cols) as u8), c))
    }

    /// Total creatures of `kind` on the board.
    pub fn total(&self, kind: Kind) -> u32 {
        self.cells
            .iter()
            .filter(|c| c.kind() == kind)
            .map(|c| c.count() as u32)
            .sum()
    }

    /// The contents of `at`, `None` outside the grid.
    pub fn try_get(&self, at: Coord) -> Option<Content> {
        self.contains(at).then(|| self.cells[self.index(at)])
    }
}

impl Cells for Grid {
    #[inline]
    fn rows(&self) -> u8 {
        self.rows
    }
    #[inline]
    fn cols(&self) -> u8 {
        self.cols
    }
    #[inline]
    fn get(&self, at: Coord) -> Content {
        self.cells[self.index(at)]
    }
    #[inline]
    fn set(&mut self, at: Coord, content: Content) {
        let i = self.index(at);
        self.cells[i] = content;
    }
}

impl fmt::Debug for Grid {
    /// One line per row: `.` empty, `h12`, `v4`, `w4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "Grid {}x{}", self.rows, self.cols)?;
        for y in 0..self.rows {
            for x in 0..self.cols {
                let c = self.get(Coord::new(x, y));
                if c.is_empty() {
                    write!(f, "{:>5}", ".")?;
                } else {
                    write!(f, "{:>5}", format!("{}{}", c.kind().letter(), c.count()))?;
                }
            }
            writeln!(f)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_is_normalised() {
        assert_eq!(Content::new(Kind::Humans, 0), Content::EMPTY);
        assert_eq!(Content::new(Kind::Empty, 7), Content::EMPTY);
        assert_eq!(
            Content::from_triple(0, 3, 0).unwrap().kind(),
            Kind::Vampires
        );
        assert!(Content::from_triple(1, 3, 0).is_none());
        assert_eq!(Content::new(Kind::Werewolves, 9).triple(), (0, 0, 9));
    }

    #[test]
    fn coords_step_and_distance() {
        let a = Coord::new(1, 1);
        assert_eq!(a.distance(Coord::new(4, 3)), 3);
        assert_eq!(a.step_toward(Coord::new(4, 0)), Coord::new(2, 0));
        assert_eq!(a.step_toward(a), a);
        assert_eq!(Coord::new(0, 0).offset(-1, 0, 3, 3), None);
        assert_eq!(Coord::new(2, 2).offset(0, 1, 3, 3), None);
        assert_eq!(direction_index(a, Coord::new(2, 2)), Some(7));
        for (i, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            let to = a.offset(dx, dy, 3, 3).unwrap();
            assert_eq!(direction_index(a, to), Some(i));
        }
        assert_eq!(direction_index(a, a), None);
        assert_eq!(direction_index(a, Coord::new(3, 1)), None);
        assert_eq!(Coord::from_key(Coord::new(7, 9).key()), Coord::new(7, 9));
    }

    #[test]
    fn grid_lists_cells_row_by_row() {
        let mut g = Grid::new(3, 4);
        g.set(Coord::new(3, 0), Content::new(Kind::Humans, 2));
        g.set(Coord::new(0, 2), Content::new(Kind::Vampires, 5));
        g.set(Coord::new(1, 0), Content::new(Kind::Werewolves, 1));
        let cells: Vec<Coord> = g.occupied().map(|(c, _)| c).collect();
        assert_eq!(
            cells,
            vec![Coord::new(1, 0), Coord::new(3, 0), Coord::new(0, 2)]
        );
        assert_eq!(g.total(Kind::Vampires), 5);
        assert_eq!(g.try_get(Coord::new(4, 0)), None);
    }
}
