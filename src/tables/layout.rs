//! The layout of a genome's tables: the tuples of the families it carries, where each
//! tuple's entries start, which stored weight each entry uses once the board's
//! symmetries tie equal entries together, and the entries' readable names.
//!
//! An entry of a tuple `(c₁ … cₖ)` is one way of filling its cells; its raw index is the
//! tuple's offset plus `Σ contentsᵢ · baseⁱ⁻¹` (`base`: the number of cell contents).
//! Two entries are tied when a symmetry of the board maps one's (cell, contents) pairs
//! onto the other's: each orbit is stored once, named after its first entry in family,
//! tuple and filling order (`00,01,02=SS.`, inside its family).

use std::collections::HashMap;
use std::ops::Range;

use crate::game::{CellBoard, Features};

/// One family as a genome carries it.
#[derive(Clone, Debug, PartialEq)]
pub struct FamilyLayout {
    /// The family's name.
    pub name: &'static str,
    /// Its meaning.
    pub meaning: &'static str,
    /// Its stored weights (indices into a role's table weights).
    pub stored: Range<usize>,
    /// Its tuples (indices into [`TableLayout::tuples`]).
    pub tuples: Range<usize>,
    /// Its entries before tying.
    pub raw: usize,
}

/// A family a genome names that its game does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{game} has no table family {name:?}; its families: {known}")]
pub struct UnknownFamily {
    /// The game.
    pub game: &'static str,
    /// The name given.
    pub name: String,
    /// The game's families, comma-separated.
    pub known: String,
}

/// The tables of some of a game's families, laid out for evaluation and fitting. Two
/// layouts are equal when they are of the same game and carry the same families.
#[derive(Clone, Debug)]
pub struct TableLayout {
    /// The game.
    pub game: &'static str,
    board: &'static CellBoard,
    /// Cell contents per cell (the base of a tuple's index).
    pub base: u32,
    /// Number of cells of the board.
    pub cells: usize,
    /// The families carried, in the game's order.
    pub families: Vec<FamilyLayout>,
    /// Every tuple's cells.
    pub tuples: Vec<Vec<u8>>,
    /// Per tuple: the raw index of its first entry.
    pub tuple_offset: Vec<u32>,
    /// Per raw entry: its stored weight.
    pub raw_to_stored: Vec<u32>,
    /// Per stored weight: its name inside its family.
    pub names: Vec<String>,
    /// Per cell: the range of [`TableLayout::incidence`] listing the tuples it is in.
    pub incidence_start: Vec<u32>,
    /// (tuple, place value of the cell in the tuple's index), grouped by cell.
    pub incidence: Vec<(u32, u32)>,
    /// (family, entry name) → stored weight, built on first use (only reading a genome
    /// file looks entries up by name).
    by_name: std::sync::OnceLock<HashMap<(usize, String), u32>>,
}

impl PartialEq for TableLayout {
    fn eq(&self, other: &Self) -> bool {
        self.game == other.game && self.family_names() == other.family_names()
    }
}

impl TableLayout {
    /// The layout of `G`'s families named in `names` (in the game's order whatever the
    /// order given; duplicates count once).
    pub fn new<G: Features>(names: &[&str]) -> Result<Self, UnknownFamily> {
        let board = G::cell_board().ok_or_else(|| UnknownFamily {
            game: G::NAME,
            name: names.first().map_or(String::new(), |n| n.to_string()),
            known: "none (this game has no table families)".into(),
        })?;
        for name in names {
            if !board.families.iter().any(|f| f.name == *name) {
                let known: Vec<&str> = board.families.iter().map(|f| f.name).collect();
                return Err(UnknownFamily {
                    game: G::NAME,
                    name: name.to_string(),
                    known: known.join(", "),
                });
            }
        }
        Ok(Self::build(G::NAME, board, names))
    }

    /// The layout of every family of `G`, the opt-in ones too (none if it has no cell
    /// board).
    pub fn all<G: Features>() -> Option<Self> {
        let board = G::cell_board()?;
        let names: Vec<&str> = board.families.iter().map(|f| f.name).collect();
        Some(Self::build(G::NAME, board, &names))
    }

    /// The layout of the families a fit takes when none are named: every family of `G`
    /// but its opt-in ones ([`CellBoard::opt_in`]); none if it has no cell board.
    pub fn default_set<G: Features>() -> Option<Self> {
        let board = G::cell_board()?;
        let names: Vec<&str> = (board.families.iter())
            .map(|f| f.name)
            .filter(|n| !board.opt_in.contains(n))
            .collect();
        Some(Self::build(G::NAME, board, &names))
    }

    /// The layout of the families `weightforge learn` takes when none are named: the
    /// game's [`CellBoard::learned`], or the fit's default set when it names none.
    pub fn learned_set<G: Features>() -> Option<Self> {
        let board = G::cell_board()?;
        if board.learned.is_empty() {
            return Self::default_set::<G>();
        }
        Some(Self::build(G::NAME, board, board.learned))
    }

    fn build(game: &'static str, board: &'static CellBoard, names: &[&str]) -> Self {
        let base = board.contents.len() as u32;
        let mut layout = TableLayout {
            game,
            board,
            base,
            cells: board.cells.len(),
            families: Vec::new(),
            tuples: Vec::new(),
            tuple_offset: Vec::new(),
            raw_to_stored: Vec::new(),
            names: Vec::new(),
            incidence_start: Vec::new(),
            incidence: Vec::new(),
            by_name: std::sync::OnceLock::new(),
        };
        let mut orbits: HashMap<(usize, Vec<(u8, u8)>), u32> = HashMap::new();
        let chosen = board.families.iter().filter(|f| names.contains(&f.name));
        for (fi, family) in chosen.enumerate() {
            let (first_stored, first_tuple) = (layout.names.len(), layout.tuples.len());
            let first_raw = layout.raw_to_stored.len();
            for tuple in &family.tuples {
                layout.tuple_offset.push(layout.raw_to_stored.len() as u32);
                layout.tuples.push(tuple.clone());
                let entries = base.pow(tuple.len() as u32);
                for config in 0..entries {
                    let filled = filling(tuple, config, base);
                    let key = (fi, orbit_key(&filled, &board.symmetries));
                    let next = layout.names.len() as u32;
                    let stored = *orbits.entry(key).or_insert_with(|| {
                        layout.names.push(entry_name(board, &filled));
                        next
                    });
                    layout.raw_to_stored.push(stored);
                }
            }
            layout.families.push(FamilyLayout {
                name: family.name,
                meaning: family.meaning,
                stored: first_stored..layout.names.len(),
                tuples: first_tuple..layout.tuples.len(),
                raw: layout.raw_to_stored.len() - first_raw,
            });
        }
        layout.index_cells();
        layout
    }

    /// Fills the cell → tuples incidence.
    fn index_cells(&mut self) {
        let mut per_cell: Vec<Vec<(u32, u32)>> = vec![Vec::new(); self.cells];
        for (t, tuple) in self.tuples.iter().enumerate() {
            for (i, &cell) in tuple.iter().enumerate() {
                per_cell[cell as usize].push((t as u32, self.base.pow(i as u32)));
            }
        }
        for list in per_cell {
            self.incidence_start.push(self.incidence.len() as u32);
            self.incidence.extend(list);
        }
        self.incidence_start.push(self.incidence.len() as u32);
    }

    /// Number of stored weights (per role).
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the layout carries no weight.
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// Number of tuples: the active entries of any position.
    pub fn active_count(&self) -> usize {
        self.tuples.len()
    }

    /// The families' names.
    pub fn family_names(&self) -> Vec<&'static str> {
        self.families.iter().map(|f| f.name).collect()
    }

    /// The index of a tuple's entry for the board `contents`.
    #[inline]
    pub fn tuple_index(&self, t: usize, contents: &[u8]) -> u32 {
        self.tuples[t].iter().rev().fold(0, |acc, &c| {
            acc * self.base + u32::from(contents[c as usize])
        })
    }

    /// Clears `out` and writes the stored weight of every tuple's active entry for the
    /// board `contents` (one per tuple; a weight may appear more than once).
    pub fn active_stored(&self, contents: &[u8], out: &mut Vec<u32>) {
        out.clear();
        for t in 0..self.tuples.len() {
            let raw = self.tuple_offset[t] + self.tuple_index(t, contents);
            out.push(self.raw_to_stored[raw as usize]);
        }
    }

    /// The stored weight named `entry` in the family `family` (its index in this
    /// layout's families).
    pub fn entry(&self, family: usize, entry: &str) -> Option<usize> {
        self.by_name
            .get_or_init(|| self.name_index())
            .get(&(family, entry.to_string()))
            .map(|&s| s as usize)
    }

    /// (family, entry name) → stored weight, for every stored weight.
    fn name_index(&self) -> HashMap<(usize, String), u32> {
        let mut index = HashMap::with_capacity(self.names.len());
        for (fi, family) in self.families.iter().enumerate() {
            for s in family.stored.clone() {
                index.insert((fi, self.names[s].clone()), s as u32);
            }
        }
        index
    }

    /// The name of the stored weight an entry named `entry` (any entry, tied or not) is
    /// stored under, for error messages.
    pub fn stored_name_of(&self, family: usize, entry: &str) -> Option<&str> {
        let f = &self.families[family];
        for t in f.tuples.clone() {
            for config in 0..self.base.pow(self.tuples[t].len() as u32) {
                let raw = (self.tuple_offset[t] + config) as usize;
                if self.raw_name(t, config) == entry {
                    return Some(&self.names[self.raw_to_stored[raw] as usize]);
                }
            }
        }
        None
    }

    fn raw_name(&self, t: usize, config: u32) -> String {
        entry_name(self.board, &filling(&self.tuples[t], config, self.base))
    }

    /// The board the layout is drawn on.
    pub fn board(&self) -> &'static CellBoard {
        self.board
    }
}

/// The (cell, contents) pairs of a tuple filled by `config`.
fn filling(tuple: &[u8], mut config: u32, base: u32) -> Vec<(u8, u8)> {
    tuple
        .iter()
        .map(|&cell| {
            let contents = (config % base) as u8;
            config /= base;
            (cell, contents)
        })
        .collect()
}

/// The smallest image of a filling under the board's symmetries (and the identity),
/// as a sorted list: equal for the entries the symmetries tie together.
fn orbit_key(filled: &[(u8, u8)], symmetries: &[Vec<u8>]) -> Vec<(u8, u8)> {
    let mut best: Vec<(u8, u8)> = filled.to_vec();
    best.sort_unstable();
    for sym in symmetries {
        let mut image: Vec<(u8, u8)> = filled.iter().map(|&(c, v)| (sym[c as usize], v)).collect();
        image.sort_unstable();
        best = best.min(image);
    }
    best
}

/// An entry's name: its cells, then its contents (`00,01,02=SS.`).
pub fn entry_name(board: &CellBoard, filled: &[(u8, u8)]) -> String {
    let cells: Vec<&str> = filled
        .iter()
        .map(|&(c, _)| board.cells[c as usize].as_str())
        .collect();
    let contents: String = filled
        .iter()
        .map(|&(_, v)| board.contents[v as usize])
        .collect();
    format!("{}={contents}", cells.join(","))
}
