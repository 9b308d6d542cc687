//! The search position: a sorted list of occupied cells, small enough to copy freely.
//!
//! A dense 15 × 29 grid would be 870 bytes and a 255 × 255 one 130 kB; the board is mostly
//! empty, so the position keeps only its occupied cells (4 bytes each, at most
//! [`MAX_CELLS`]), sorted row by row. Any grid size from 1 × 1 to 255 × 255 works; a board
//! with more than [`MAX_CELLS`] occupied cells is refused with a clear error (the official
//! maps have at most 42). The whole position is 536 bytes and `Copy`; `make` keeps only
//! the cells a ply touches to take it back ([`VvwUndo`]); a [`VvwMove`] is 44 bytes.
//!
//! Text notation (see [`VvwPosition::parse`]):
//!
//! ```text
//! 5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2
//! ^    ^ ^
//! |    | cells `x,y:<h|v|w><count>`, any order (written row by row)
//! |    side to move: v (vampires) or w (werewolves)
//! rows x columns
//! ```

use std::fmt;

use super::battle::BattleResult;
use super::board::{Cells, Content, Coord, Grid, Kind};
use super::map::Map;
use super::ply::{self, Clash, IllegalPly, Step};
use super::{movegen, starts, zobrist};
use crate::game::{start_or_position, Game, GameRng, ParseError, Role, Start, Status};

/// Role index of the vampires (they move first).
pub const VAMPIRES: Role = 0;
/// Role index of the werewolves.
pub const WEREWOLVES: Role = 1;

/// Most occupied cells a [`VvwPosition`] holds.
pub const MAX_CELLS: usize = 128;

/// Most distinct `(from, to)` moves in one [`VvwMove`]. The official server accepts up to
/// 255 moves per ply; [`VvwPosition::parse_move`] merges repeated `(from, to)` pairs
/// (the server sums them too) and refuses a ply that still has more than this.
pub const MAX_STEPS: usize = 8;

/// What [`Game::make`] keeps to take a ply back: the hash and totals before the ply,
/// and each cell the ply overwrote with what it held and its index in the cell list, in
/// the order written (at most two writes per move). Writing them back in reverse order
/// restores the sorted cell list: each write is undone in the list it left, so its index
/// still holds and no search is needed. 104 bytes instead of a copy of the 536-byte
/// position.
#[derive(Clone, Copy, Debug)]
pub struct VvwUndo {
    hash: u64,
    totals: [u16; 4],
    len: u8,
    cells: [(Coord, Content, u8); 2 * MAX_STEPS],
}

/// The position seen by the rule engine during [`Game::make`]: every write is recorded
/// in the undo. The rules read each cell just before they write it, so the last read's
/// place in the cell list is kept for the write (one binary search per cell, not two);
/// a write forgets it, as it may shift the list.
struct Recorder<'a> {
    pos: &'a mut VvwPosition,
    undo: &'a mut VvwUndo,
    last: std::cell::Cell<Option<(Coord, Result<usize, usize>)>>,
}

impl Cells for Recorder<'_> {
    fn rows(&self) -> u8 {
        self.pos.rows
    }

    fn cols(&self) -> u8 {
        self.pos.cols
    }

    #[inline]
    fn get(&self, at: Coord) -> Content {
        let found = self.pos.find(at);
        self.last.set(Some((at, found)));
        self.pos.content(found)
    }

    #[inline]
    fn set(&mut self, at: Coord, content: Content) {
        let found = match self.last.take() {
            Some((read, found)) if read == at => found,
            _ => self.pos.find(at),
        };
        if let Some((old, i)) = self.pos.write_found(found, at, content) {
            let n = self.undo.len as usize;
            if n < self.undo.cells.len() {
                self.undo.cells[n] = (at, old, i as u8);
                self.undo.len += 1;
            } else {
                debug_assert!(false, "more writes than a ply of {MAX_STEPS} moves makes");
            }
        }
    }
}

/// Most random battles [`VvwPosition::outcomes`] branches on (2^3 = 8 outcomes); later
/// battles of the same ply take their more likely result.
pub const MAX_CHANCE_BATTLES: usize = 3;

/// One ply: up to [`MAX_STEPS`] moves `(from, count, to)`, in the order they are sent.
///
/// Written `x,y>x,y:count` per move, moves joined by `;`: `4,3>5,3:4;4,3>4,4:2` sends 4
/// creatures from column 4, row 3 east to 5,3 and 2 south to 4,4.
///
/// Steps past `len` are always the default step, so equality compares the used steps
/// only (the search compares moves for every move of every node). Beside the steps a
/// move carries what the search asks of it at every node: its history key (a function
/// of the steps, kept up to date by every constructor) and, for a move made by the
/// search's generator, whether it is tactical in the position it was generated for
/// (the generator knows the neighbours of each group; other moves look it up). Neither
/// takes part in equality or hashing.
#[derive(Clone, Copy, Eq)]
pub struct VvwMove {
    len: u8,
    hint: Hint,
    key: u16,
    steps: [Step; MAX_STEPS],
}

/// Whether a move is tactical, when its generator said so.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Hint {
    /// Not known: look at the position.
    Unknown,
    /// Lands on humans or on the enemy in the position that generated it.
    Tactical,
    /// Lands on empty or own cells only there.
    Quiet,
}

impl Default for VvwMove {
    fn default() -> Self {
        VvwMove {
            len: 0,
            hint: Hint::Unknown,
            key: move_key(&[]),
            steps: [Step::default(); MAX_STEPS],
        }
    }
}

impl PartialEq for VvwMove {
    /// The keys first: equal steps have equal keys, so most unequal moves differ there.
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key && self.len == other.len && self.steps() == other.steps()
    }
}

impl std::hash::Hash for VvwMove {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.steps().hash(state);
    }
}

/// A 12-bit key (0..4096) mixing every move's source, direction and count: the killer
/// and history tables' key (see [`VvwMove::key`]).
#[inline]
fn move_key(steps: &[Step]) -> u16 {
    let mut h: u32 = 0x9E37;
    for s in steps {
        let dir = super::board::direction_index(s.from, s.to).unwrap_or(0) as u32;
        let v = (s.from.key() as u32) << 11 ^ dir << 8 ^ s.count as u32;
        h = (h ^ v).wrapping_mul(0x0100_0193);
    }
    ((h ^ (h >> 15) ^ (h >> 27)) & 0xfff) as u16
}

impl VvwMove {
    /// A ply of the given moves, `None` when there are none or more than [`MAX_STEPS`].
    pub fn new(steps: &[Step]) -> Option<Self> {
        if steps.is_empty() || steps.len() > MAX_STEPS {
            return None;
        }
        let mut mv = VvwMove::default();
        mv.steps[..steps.len()].copy_from_slice(steps);
        mv.len = steps.len() as u8;
        mv.key = move_key(steps);
        Some(mv)
    }

    /// A ply of one move.
    #[inline]
    pub fn single(step: Step) -> Self {
        let mut steps = [Step::default(); MAX_STEPS];
        steps[0] = step;
        VvwMove {
            len: 1,
            hint: Hint::Unknown,
            key: move_key(&[step]),
            steps,
        }
    }

    /// Appends a move; `false` (and no change) when the ply is full.
    pub fn push(&mut self, step: Step) -> bool {
        if self.len as usize >= MAX_STEPS {
            return false;
        }
        self.steps[self.len as usize] = step;
        self.len += 1;
        self.key = move_key(self.steps());
        self.hint = Hint::Unknown;
        true
    }

    /// The moves.
    #[inline]
    pub fn steps(&self) -> &[Step] {
        &self.steps[..self.len as usize]
    }

    /// The killer and history tables' key, 0..4096.
    #[inline]
    pub fn key(&self) -> u32 {
        u32::from(self.key)
    }

    /// Whether the move is tactical, if its generator said so.
    #[inline]
    pub(super) fn hint(&self) -> Hint {
        self.hint
    }

    /// The move with the generator's word on whether it is tactical in the position
    /// it is generated for.
    #[inline]
    pub(super) fn with_hint(mut self, tactical: bool) -> Self {
        self.hint = if tactical {
            Hint::Tactical
        } else {
            Hint::Quiet
        };
        self
    }
}

impl fmt::Display for VvwMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, s) in self.steps().iter().enumerate() {
            if i > 0 {
                f.write_str(";")?;
            }
            write!(f, "{s}")?;
        }
        Ok(())
    }
}

impl fmt::Debug for VvwMove {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VvwMove({self})")
    }
}

/// The random part of a ply: for each target group (in the ply's group order) that holds a
/// random battle, whether the attackers won and how many creatures are left on the cell.
/// Groups without a battle ignore their entry, so `VvwOutcome::default()` is the outcome of
/// every deterministic ply, and `make(mv, outcome)` is a pure function of both.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct VvwOutcome {
    won: u8,
    survivors: [u8; MAX_STEPS],
}

impl VvwOutcome {
    /// The result recorded for target group `g`.
    #[inline]
    pub fn result(&self, g: usize) -> BattleResult {
        BattleResult {
            attacker_won: self.won & (1 << g) != 0,
            survivors: self.survivors[g],
        }
    }

    /// Records the result of target group `g` (`g < MAX_STEPS`).
    #[inline]
    pub fn set(&mut self, g: usize, r: BattleResult) {
        if g < MAX_STEPS {
            self.won = (self.won & !(1 << g)) | ((r.attacker_won as u8) << g);
            self.survivors[g] = r.survivors;
        }
    }
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    key: u16,
    kind: Kind,
    count: u8,
}

/// A Vampires vs Werewolves position for the search.
///
/// ```text
///    x: 0 1 2 3 4 5 6 7 8 9        the kit's `thetrap.xml`, vampires to move:
/// y=0   . . . . . . . . . h2       `5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2`
/// y=1   . . . . w4. . . . .
/// y=2   . . h4. . . . . . h1
/// y=3   . . . . v4. . . . .
/// y=4   . . . . . . . . . h2
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct VvwPosition {
    rows: u8,
    cols: u8,
    len: u8,
    side: u8,
    totals: [u16; 4],
    ply: u32,
    hash: u64,
    cells: [Entry; MAX_CELLS],
}

/// Why cells cannot make a position.
fn position_error(text: &str, msg: String) -> ParseError {
    ParseError::new(text, msg)
}

impl VvwPosition {
    /// A position from its occupied cells (empty contents are skipped).
    pub fn from_cells(
        rows: u8,
        cols: u8,
        side: Role,
        cells: impl IntoIterator<Item = (Coord, Content)>,
    ) -> Result<Self, String> {
        if rows == 0 || cols == 0 {
            return Err(format!("the grid must be at least 1x1, got {rows}x{cols}"));
        }
        if side > 1 {
            return Err(format!("no role {side}"));
        }
        let mut pos = VvwPosition {
            rows,
            cols,
            len: 0,
            side: side as u8,
            totals: [0; 4],
            ply: 0,
            hash: if side == WEREWOLVES {
                zobrist::WEREWOLVES_TO_MOVE
            } else {
                0
            },
            cells: [Entry::default(); MAX_CELLS],
        };
        for (at, content) in cells {
            if !pos.contains(at) {
                return Err(format!("cell {at} is outside the {rows}x{cols} grid"));
            }
            if content.is_empty() {
                continue;
            }
            if pos.find(at).is_ok() {
                return Err(format!("cell {at} is given twice"));
            }
            if pos.len as usize >= MAX_CELLS {
                return Err(format!(
                    "more than {MAX_CELLS} occupied cells: the search position supports at most {MAX_CELLS}"
                ));
            }
            pos.set(at, content);
        }
        Ok(pos)
    }

    /// The start of a map, vampires to move.
    pub fn from_map(map: &Map) -> Result<Self, String> {
        Self::from_grid(&map.grid, VAMPIRES)
    }

    /// The position of a dense board with `side` to move.
    pub fn from_grid(grid: &Grid, side: Role) -> Result<Self, String> {
        Self::from_cells(grid.rows(), grid.cols(), side, grid.occupied())
    }

    /// The dense board of this position.
    pub fn to_grid(&self) -> Grid {
        let mut g = Grid::new(self.rows, self.cols);
        for (at, c) in self.occupied() {
            g.set(at, c);
        }
        g
    }

    /// The occupied cells, row by row.
    #[inline]
    pub fn occupied(&self) -> impl Iterator<Item = (Coord, Content)> + '_ {
        self.cells[..self.len as usize]
            .iter()
            .map(|e| (Coord::from_key(e.key), Content::new(e.kind, e.count)))
    }

    /// Number of occupied cells.
    #[inline]
    pub fn occupied_count(&self) -> usize {
        self.len as usize
    }

    /// Total creatures of `kind`.
    #[inline]
    pub fn total(&self, kind: Kind) -> u32 {
        self.totals[kind.index()] as u32
    }

    /// Sets the number of plies played (a client resuming from the server's board).
    pub fn set_ply(&mut self, ply: u32) {
        self.ply = ply;
    }

    /// Sets the side to move (keeping the hash right).
    pub fn set_side_to_move(&mut self, side: Role) {
        if side as u8 != self.side {
            self.side = side as u8 & 1;
            self.hash ^= zobrist::WEREWOLVES_TO_MOVE;
        }
    }

    /// A skipped ply (the mover timed out on the server): the board stays, play passes on.
    pub fn pass(&mut self) {
        self.side ^= 1;
        self.ply += 1;
        self.hash ^= zobrist::WEREWOLVES_TO_MOVE;
    }

    /// The hash computed from scratch (the incremental one must equal it).
    pub fn hash_from_scratch(&self) -> u64 {
        let side = if self.side as usize == WEREWOLVES {
            zobrist::WEREWOLVES_TO_MOVE
        } else {
            0
        };
        self.occupied()
            .fold(side, |h, (at, c)| h ^ zobrist::key(at, c))
    }

    /// The result on the board alone (§8), before the play limit: no vampires left →
    /// werewolves win (checked first), no werewolves left → vampires win.
    #[inline]
    pub fn board_status(&self) -> Status {
        if self.total(Kind::Vampires) == 0 {
            Status::Win(WEREWOLVES)
        } else if self.total(Kind::Werewolves) == 0 {
            Status::Win(VAMPIRES)
        } else {
            Status::Ongoing
        }
    }

    /// The result at the play limit: the larger species wins, equal is a draw.
    pub fn status_by_count(&self) -> Status {
        let (v, w) = (self.total(Kind::Vampires), self.total(Kind::Werewolves));
        match v.cmp(&w) {
            std::cmp::Ordering::Greater => Status::Win(VAMPIRES),
            std::cmp::Ordering::Less => Status::Win(WEREWOLVES),
            std::cmp::Ordering::Equal => Status::Draw,
        }
    }

    /// Checks a ply by §6 for the side to move.
    pub fn check(&self, steps: &[Step]) -> Result<(), IllegalPly> {
        ply::check_ply(self, self.side as Role, steps)
    }

    /// What a cell holds, given where [`Self::find`] finds it.
    #[inline]
    fn content(&self, found: Result<usize, usize>) -> Content {
        match found {
            Ok(i) => Content::new(self.cells[i].kind, self.cells[i].count),
            Err(_) => Content::EMPTY,
        }
    }

    #[inline]
    fn find(&self, at: Coord) -> Result<usize, usize> {
        let key = at.key();
        self.cells[..self.len as usize].binary_search_by_key(&key, |e| e.key)
    }

    /// The random battles of `mv` in group order: `(group index, battle)`.
    fn battles(&self, mv: &VvwMove) -> impl Iterator<Item = (usize, super::battle::Battle)> + '_ {
        let kind = Kind::monster(self.side as Role);
        let (steps, len) = (mv.steps, mv.len as usize);
        (0..len)
            .filter(move |&i| !steps[..i].iter().any(|t| t.to == steps[i].to))
            .enumerate()
            .filter_map(move |(g, i)| {
                let arriving: u32 = steps[i..len]
                    .iter()
                    .filter(|t| t.to == steps[i].to)
                    .map(|t| t.count as u32)
                    .sum();
                match ply::clash(self.get(steps[i].to), kind, arriving) {
                    Clash::Battle(b) => Some((g, b)),
                    Clash::Settled(_) => None,
                }
            })
    }

    /// Reads a ply in the move notation and checks it by §6 (see [`VvwMove`]).
    fn read_move(&self, text: &str) -> Result<VvwMove, ParseError> {
        let mut steps: Vec<Step> = Vec::new();
        for (i, part) in text.split(';').enumerate() {
            let part = part.trim();
            if part.is_empty() {
                if text.trim().is_empty() {
                    break;
                }
                return Err(ParseError::new(text, format!("move {} is empty", i + 1)));
            }
            steps.push(parse_step(part).map_err(|m| {
                ParseError::new(
                    text,
                    format!("move {} ({part:?}): {m}; expected x,y>x,y:count", i + 1),
                )
            })?);
        }
        self.check(&steps)
            .map_err(|e| ParseError::new(text, format!("illegal ply: {e}")))?;
        let mut merged: Vec<Step> = Vec::with_capacity(steps.len());
        for s in steps {
            match merged.iter_mut().find(|m| m.from == s.from && m.to == s.to) {
                Some(m) => m.count += s.count, // ≤ the source's count: checked above
                None => merged.push(s),
            }
        }
        let mv = VvwMove::new(&merged).ok_or_else(|| {
            ParseError::new(
                text,
                format!(
                    "{} distinct moves: this implementation supports at most {MAX_STEPS} per ply",
                    merged.len()
                ),
            )
        })?;
        let targets = ply::target_groups(mv.steps()).count();
        if self.len as usize + targets > MAX_CELLS {
            return Err(ParseError::new(
                text,
                format!("the ply could leave more than {MAX_CELLS} occupied cells, the most a search position holds"),
            ));
        }
        Ok(mv)
    }
}

fn parse_coord(text: &str) -> Result<Coord, String> {
    let (x, y) = text
        .split_once(',')
        .ok_or_else(|| format!("{text:?} is not a cell x,y"))?;
    let num = |t: &str, what: &str| {
        t.trim()
            .parse::<u8>()
            .map_err(|_| format!("{what} {t:?} is not a number from 0 to 255"))
    };
    Ok(Coord::new(num(x, "x")?, num(y, "y")?))
}

fn parse_step(text: &str) -> Result<Step, String> {
    let (from, rest) = text.split_once('>').ok_or("missing '>'")?;
    let (to, count) = rest.split_once(':').ok_or("missing ':count'")?;
    let count = count
        .trim()
        .parse::<u8>()
        .map_err(|_| format!("count {count:?} is not a number from 0 to 255"))?;
    Ok(Step::new(parse_coord(from)?, count, parse_coord(to)?))
}

impl Cells for VvwPosition {
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
        self.content(self.find(at))
    }

    /// Overwrites a cell, keeping the list sorted and the hash and totals up to date.
    /// A new cell beyond [`MAX_CELLS`] is dropped: moves from `legal_moves`,
    /// `search_moves` and `parse_move` never need one.
    #[inline]
    fn set(&mut self, at: Coord, content: Content) {
        self.write(at, content);
    }
}

impl VvwPosition {
    /// [`Cells::set`]: returns what the cell held and its index in the list, `None`
    /// when nothing changed (a new cell beyond [`MAX_CELLS`]).
    #[inline]
    fn write(&mut self, at: Coord, content: Content) -> Option<(Content, usize)> {
        self.write_found(self.find(at), at, content)
    }

    /// [`Self::write`] given where [`Self::find`] finds the cell.
    #[inline]
    fn write_found(
        &mut self,
        found: Result<usize, usize>,
        at: Coord,
        content: Content,
    ) -> Option<(Content, usize)> {
        let (old, i) = self.put(found, at, content)?;
        self.totals[old.kind().index()] -= old.count() as u16;
        self.hash ^= zobrist::key(at, old);
        self.totals[content.kind().index()] += content.count() as u16;
        self.hash ^= zobrist::key(at, content);
        Some((old, i))
    }

    /// Overwrites a cell in the sorted list alone (not the hash, not the totals), given
    /// where [`Self::find`] finds it, and returns what it held and its index; `None`
    /// (and no change) for a new cell beyond [`MAX_CELLS`].
    #[inline]
    fn put(
        &mut self,
        found: Result<usize, usize>,
        at: Coord,
        content: Content,
    ) -> Option<(Content, usize)> {
        let len = self.len as usize;
        match found {
            Ok(i) => {
                let old = self.cells[i];
                if content.is_empty() {
                    self.cells.copy_within(i + 1..len, i);
                    self.cells[len - 1] = Entry::default();
                    self.len -= 1;
                } else {
                    self.cells[i].kind = content.kind();
                    self.cells[i].count = content.count();
                }
                Some((Content::new(old.kind, old.count), i))
            }
            Err(i) if content.is_empty() => Some((Content::EMPTY, i)),
            Err(_) if len >= MAX_CELLS => {
                debug_assert!(false, "more than {MAX_CELLS} occupied cells");
                None
            }
            Err(i) => {
                self.cells.copy_within(i..len, i + 1);
                self.cells[i] = Entry {
                    key: at.key(),
                    kind: content.kind(),
                    count: content.count(),
                };
                self.len += 1;
                Some((Content::EMPTY, i))
            }
        }
    }
}

impl fmt::Debug for VvwPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "VvwPosition({} ply {})", self.to_text(), self.ply)
    }
}

impl fmt::Display for VvwPosition {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.to_text())
    }
}

impl Game for VvwPosition {
    type Move = VvwMove;
    type Outcome = VvwOutcome;
    type Undo = VvwUndo;

    const NAME: &'static str = "vampires_werewolves";
    const ROLES: [&'static str; 2] = ["vampires", "werewolves"];
    const HAS_CHANCE: bool = true;
    /// The kit's `MaxPlays`: 200 plies in all, 100 per player.
    const DEFAULT_PLY_CAP: u32 = 200;

    fn start_names() -> &'static [&'static str] {
        &starts::START_NAMES
    }

    fn named_start(name: &str) -> Option<Start<Self>> {
        match name {
            "duel" => Some(Start::Fixed(
                Self::from_map(&starts::duel()).expect("the duel map is a position"),
            )),
            "random" => Some(Start::Random(|rng| {
                Self::from_map(&starts::random_map(rng)).expect("random maps are positions")
            })),
            "kit" => Some(Start::Random(|rng| {
                Self::from_map(&super::mapgen::kit_map(rng)).expect("kit maps are positions")
            })),
            _ => None,
        }
    }

    /// `duel` (a fixed map), `random` or `kit` (a random point-symmetric map drawn for
    /// each game; `kit` shaped like the official kit's maps), map file text (starting `<?xml`), a path to a `.xml` map file (read and
    /// parsed once here), or a position text.
    fn resolve_start(name: &str) -> Result<Start<Self>, ParseError> {
        let map = match name.trim() {
            t if t.starts_with("<?xml") || t.starts_with('\u{feff}') => {
                Map::parse(t).map_err(|e| ParseError::new(name, e.to_string()))?
            }
            t if t.ends_with(".xml") => {
                Map::load(t).map_err(|e| ParseError::new(name, e.to_string()))?
            }
            t if !starts::START_NAMES.contains(&t) && std::path::Path::new(t).is_file() => {
                return Err(ParseError::new(
                    name,
                    "is a file, but not a map: map files end in .xml (the course's format); \
                     a position is given as text (see `weightforge games`)",
                ));
            }
            _ => return start_or_position(name),
        };
        map.check_playable().map_err(|m| ParseError::new(name, m))?;
        Self::from_map(&map)
            .map(Start::Fixed)
            .map_err(|m| ParseError::new(name, m))
    }

    #[inline]
    fn side_to_move(&self) -> Role {
        self.side as Role
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    #[inline]
    fn status(&self) -> Status {
        self.board_status()
    }

    /// The server's play limit (`MaxPlays`) always ends the game by count (§8): the
    /// larger species wins, adjudicated or not.
    fn capped_status(&self, _adjudicate: bool) -> Status {
        match self.board_status() {
            Status::Ongoing => self.status_by_count(),
            s => s,
        }
    }

    /// Every one-move ply (a group sends 1 to all its creatures to one neighbour). Plies
    /// of several moves are legal too and [`Game::parse_move`] accepts them, but there
    /// are astronomically many, so none is listed.
    fn legal_moves(&self, out: &mut Vec<VvwMove>) {
        out.clear();
        if self.status() == Status::Ongoing {
            movegen::single_moves(self, out);
        }
    }

    /// One outcome per combination of the first [`MAX_CHANCE_BATTLES`] random battles
    /// (a move the generator found quiet has none):
    /// each battle is won (expected winners, rounded) with probability P or lost (expected
    /// defenders, rounded) with 1 − P; later battles take their likelier result.
    fn outcomes(&self, mv: VvwMove, out: &mut Vec<(VvwOutcome, f64)>) {
        out.clear();
        out.push((VvwOutcome::default(), 1.0));
        if mv.hint == Hint::Quiet {
            return; // the generator saw no prey on any target: no battle
        }
        for (n, (g, battle)) in self.battles(&mv).enumerate() {
            let results = battle.expected_results();
            if n >= MAX_CHANCE_BATTLES {
                let likely = if results[0].1 >= 0.5 {
                    results[0].0
                } else {
                    results[1].0
                };
                for (o, _) in out.iter_mut() {
                    o.set(g, likely);
                }
                continue;
            }
            let before = out.len();
            for i in 0..before {
                let (o, p) = out[i];
                let mut lost = o;
                lost.set(g, results[1].0);
                out.push((lost, p * results[1].1));
                out[i].0.set(g, results[0].0);
                out[i].1 = p * results[0].1;
            }
        }
    }

    /// Draws every random battle of the ply in group order, exactly as §7.3.
    fn sample_outcome(&self, mv: VvwMove, rng: &mut GameRng) -> VvwOutcome {
        let mut outcome = VvwOutcome::default();
        for (g, battle) in self.battles(&mv) {
            outcome.set(g, battle.sample(rng));
        }
        outcome
    }

    #[inline]
    fn make(&mut self, mv: VvwMove, outcome: VvwOutcome) -> VvwUndo {
        let mut undo = VvwUndo {
            hash: self.hash,
            totals: self.totals,
            len: 0,
            cells: [(Coord::default(), Content::EMPTY, 0); 2 * MAX_STEPS],
        };
        let side = self.side as Role;
        let mut rec = Recorder {
            pos: self,
            undo: &mut undo,
            last: std::cell::Cell::new(None),
        };
        ply::apply_ply(&mut rec, side, mv.steps(), |g, _| outcome.result(g));
        self.side ^= 1;
        self.ply += 1;
        self.hash ^= zobrist::WEREWOLVES_TO_MOVE;
        undo
    }

    #[inline]
    fn unmake(&mut self, _mv: VvwMove, undo: VvwUndo) {
        for &(at, content, i) in undo.cells[..undo.len as usize].iter().rev() {
            let i = i as usize;
            let here = i < self.len as usize && self.cells[i].key == at.key();
            self.put(if here { Ok(i) } else { Err(i) }, at, content);
        }
        self.hash = undo.hash;
        self.totals = undo.totals;
        self.side ^= 1;
        self.ply -= 1;
    }

    #[inline]
    fn hash(&self) -> u64 {
        self.hash
    }

    /// Reads `<rows>x<cols> <v|w> <x>,<y>:<h|v|w><count> …` (see the module docs).
    fn parse(text: &str) -> Result<Self, ParseError> {
        let mut fields = text.split_whitespace();
        let size = fields.next().ok_or_else(|| {
            ParseError::new(
                text,
                "empty position; expected '<rows>x<cols> <v|w> <cells…>'",
            )
        })?;
        let (r, c) = size.split_once('x').ok_or_else(|| {
            ParseError::new(
                text,
                format!("grid size {size:?} must be <rows>x<cols>, e.g. 5x10"),
            )
        })?;
        let dim = |t: &str, what: &str| -> Result<u8, ParseError> {
            match t.parse::<u8>() {
                Ok(v) if v > 0 => Ok(v),
                _ => Err(ParseError::new(
                    text,
                    format!("{what} {t:?} must be a number from 1 to 255"),
                )),
            }
        };
        let (rows, cols) = (dim(r, "rows")?, dim(c, "columns")?);
        let side = match fields.next() {
            Some("v") => VAMPIRES,
            Some("w") => WEREWOLVES,
            Some(other) => {
                return Err(ParseError::new(
                    text,
                    format!("side to move {other:?} must be 'v' (vampires) or 'w' (werewolves)"),
                ))
            }
            None => return Err(ParseError::new(text, "missing the side to move 'v' or 'w'")),
        };
        let cells = fields
            .enumerate()
            .map(|(i, field)| parse_cell(text, i, field))
            .collect::<Result<Vec<_>, _>>()?;
        Self::from_cells(rows, cols, side, cells).map_err(|m| position_error(text, m))
    }

    fn to_text(&self) -> String {
        let mut s = format!(
            "{}x{} {}",
            self.rows,
            self.cols,
            if self.side as Role == VAMPIRES {
                'v'
            } else {
                'w'
            }
        );
        for (at, c) in self.occupied() {
            s += &format!(" {at}:{}{}", c.kind().letter(), c.count());
        }
        s
    }

    fn move_text(&self, mv: VvwMove) -> String {
        mv.to_string()
    }

    /// Reads any ply legal by §6 in this position (not only generated ones), written as
    /// in [`VvwMove`]; repeated `(from, to)` pairs are merged, as the server sums them.
    fn parse_move(&self, text: &str) -> Result<VvwMove, ParseError> {
        self.read_move(text)
    }
}

/// Cell `i` of position `text`: `x,y:<h|v|w><count>`.
fn parse_cell(text: &str, i: usize, field: &str) -> Result<(Coord, Content), ParseError> {
    let bad = |m: String| {
        ParseError::new(
            text,
            format!(
                "cell {} ({field:?}): {m}; expected x,y:<h|v|w><count>",
                i + 1
            ),
        )
    };
    let (at, content) = field
        .split_once(':')
        .ok_or_else(|| bad("missing ':'".into()))?;
    let at = parse_coord(at).map_err(bad)?;
    let mut chars = content.chars();
    let kind = chars
        .next()
        .and_then(Kind::from_letter)
        .ok_or_else(|| bad("the species must be h, v or w".into()))?;
    let count = chars.as_str();
    match count.parse::<u8>() {
        Ok(n) if n > 0 => Ok((at, Content::new(kind, n))),
        _ => Err(bad(format!(
            "count {count:?} must be a number from 1 to 255"
        ))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TRAP: &str = "5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2";

    #[test]
    fn sizes_stay_small() {
        assert_eq!(std::mem::size_of::<VvwPosition>(), 536);
        assert_eq!(std::mem::size_of::<VvwMove>(), 44);
        assert_eq!(std::mem::size_of::<VvwOutcome>(), 9);
        assert_eq!(std::mem::size_of::<VvwUndo>(), 104);
    }

    #[test]
    fn text_round_trips_and_sorts() {
        let p = VvwPosition::parse("5x10 v 4,3:v4 9,2:h1 2,2:h4 9,4:h2 4,1:w4 9,0:h2").unwrap();
        assert_eq!(p.to_text(), TRAP);
        assert_eq!(p.total(Kind::Humans), 9);
        assert_eq!(p.hash(), p.hash_from_scratch());
    }

    #[test]
    fn bad_texts_say_why() {
        for (bad, says) in [
            ("", "empty"),
            ("5x10", "side"),
            ("5y10 v", "rows"),
            ("0x10 v", "rows"),
            ("5x10 x", "side to move"),
            ("5x10 v 1,1:q3", "species"),
            ("5x10 v 1,1:v0", "count"),
            ("5x10 v 1,1v3", "':'"),
            ("5x10 v 10,1:v3", "outside"),
            ("5x10 v 1,1:v3 1,1:h2", "twice"),
        ] {
            let e = VvwPosition::parse(bad).unwrap_err();
            assert!(e.message.contains(says), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn parse_move_accepts_any_legal_ply() {
        let p = VvwPosition::parse("5x10 v 4,1:w4 4,3:v9 3,3:v2").unwrap();
        let mv = p
            .parse_move("4,3>5,4:1;4,3>5,3:1;4,3>5,2:1;4,3>4,4:1;4,3>3,4:1;3,3>2,3:2;4,3>4,2:1;4,3>3,2:1;4,3>5,3:2")
            .unwrap();
        assert_eq!(mv.steps().len(), 8);
        assert_eq!(mv.steps()[1].count, 3); // 4,3>5,3 merged
                                            // Taking back the largest ply (16 writes) restores the position exactly.
        let mut q = p;
        let undo = q.make(mv, VvwOutcome::default());
        assert_eq!(q.hash(), q.hash_from_scratch());
        q.unmake(mv, undo);
        assert_eq!(q, p);
        for (bad, says) in [
            ("", "empty ply"),
            ("4,3>4,3:1", "source and a target"),
            ("4,1>4,2:1", "holds werewolves"),
            ("4,3>5,3:10", "holds 9"),
            ("4,3>5,3", "count"),
            ("4,3>6,3:1", "not next"),
            ("3,3>4,3:1;4,3>5,3:1", "source and a target"),
        ] {
            let e = p.parse_move(bad).unwrap_err();
            assert!(e.message.contains(says), "{bad}: {}", e.message);
        }
    }

    #[test]
    fn outcomes_cover_each_battle() {
        // 5 vampires attack 10 humans: P = 0.25.
        let p = VvwPosition::parse("3x3 v 0,0:v5 1,1:h10 2,2:w1").unwrap();
        let mv = p.parse_move("0,0>1,1:5").unwrap();
        let mut outs = Vec::new();
        p.outcomes(mv, &mut outs);
        assert_eq!(outs.len(), 2);
        assert_eq!(outs[0].1, 0.25);
        let mut won = p;
        won.make(mv, outs[0].0);
        assert_eq!(won.get(Coord::new(1, 1)), Content::new(Kind::Vampires, 4));
        let mut lost = p;
        lost.make(mv, outs[1].0);
        assert_eq!(lost.get(Coord::new(1, 1)), Content::new(Kind::Humans, 8));
        assert_eq!(lost.status(), Status::Win(WEREWOLVES));
    }
}
