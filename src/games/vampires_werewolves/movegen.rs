//! The plies of a position: every one-move ply for `legal_moves` (random play, perft),
//! and a bounded, searchable set for `search_moves`.
//!
//! The full ply set is astronomical (every group can send any number of creatures to any
//! subset of its 8 neighbours, and all groups move at once), so the search gets a chosen
//! few, at most [`MAX_PLIES`], all legal by §6 and never empty:
//!
//! 1. **Coordinated plies** (two or more groups at once, the [`MAX_MOVERS`] largest):
//!    *goals* — each group steps toward its goal (a human cell it can convert, else an
//!    enemy cell it can kill outright, else a larger own group to merge with);
//!    *gather* — every group steps toward the largest one.
//! 2. **Whole steps**: each group (the [`MAX_WHOLE_GROUPS`] largest) moves entirely to
//!    one of its in-grid neighbours — up to 8 plies per group. This alone makes every
//!    position playable.
//! 3. **Splits**, only while the side has fewer than [`MAX_OWN_GROUPS`] groups, for its
//!    two largest groups: exactly enough creatures to convert one of the two nearest human
//!    cells it outnumbers step toward it (the rest stay); exactly enough to kill the
//!    nearest enemy cell it can (A ≥ 1.5·E) step toward it; and the group halves toward
//!    its two nearest targets when they lie in different directions.
//!
//! ```text
//!   . h3 .      v7 at 1,1 with humans 1,0 (3) and 2,2 (2):
//!   . v7 .      whole steps 1,1>x,y:7 (8 of them), splits 1,1>1,0:3 and
//!   . .  h2     1,1>2,2:2, and the halves 1,1>1,0:4;1,1>2,2:3.
//! ```

use super::board::{direction_index, Cells, Coord, Kind, DIRECTIONS};
use super::features::lands_on_prey;
use super::ply::Step;
use super::position::{Hint, VvwMove, VvwPosition, MAX_CELLS};
use crate::game::{Game, Role};

/// Most plies generated in one position.
pub const MAX_PLIES: usize = 80;
/// Splits are generated only while the mover has fewer groups than this.
pub const MAX_OWN_GROUPS: usize = 4;
/// Most groups moving in one coordinated ply.
pub const MAX_MOVERS: usize = 4;
/// Most groups (the largest) whose whole steps are listed.
pub const MAX_WHOLE_GROUPS: usize = 8;
/// Groups (the largest) that get split plies.
const SPLIT_GROUPS: usize = 2;

/// A group of creatures on one cell.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Group {
    pub(super) at: Coord,
    pub(super) count: u8,
}

/// The groups of the three species seen by one role, in one buffer on the stack: own
/// monsters, opponent monsters, humans, each the largest first (ties: row by row).
pub(super) struct Groups {
    /// Where each species' groups end in `items`.
    ends: [usize; 3],
    items: [Group; MAX_CELLS],
}

impl Groups {
    /// No groups yet: [`Self::fill`] lists them. Built where it is used and filled
    /// there, so the 384-byte buffer is never copied.
    #[inline(always)]
    pub(super) fn empty() -> Groups {
        Groups {
            ends: [0; 3],
            items: [Group::default(); MAX_CELLS],
        }
    }

    /// Lists the groups of `role`'s monsters, of the opponent's and of the humans, in
    /// place from two passes over the cell list: one to count, one to place each group
    /// by insertion, largest first. The cells come row by row, so among equal counts
    /// the insertion keeps row order.
    pub(super) fn fill(&mut self, pos: &VvwPosition, role: Role) {
        // The list of each kind of cell (by `Kind as usize`); 3: none (empty cells).
        let mut list = [3usize; 4];
        list[Kind::monster(role) as usize] = 0;
        list[Kind::monster(1 - role) as usize] = 1;
        list[Kind::Humans as usize] = 2;
        let side = |k: Kind| Some(list[k as usize]).filter(|&s| s < 3);
        let mut counts = [0usize; 4];
        for (_, c) in pos.occupied() {
            counts[list[c.kind() as usize]] += 1;
        }
        self.ends = [
            counts[0],
            counts[0] + counts[1],
            counts[0] + counts[1] + counts[2],
        ];
        let starts = [0, self.ends[0], self.ends[1]];
        let mut next = starts;
        for (at, c) in pos.occupied() {
            let Some(s) = side(c.kind()) else {
                continue;
            };
            let mut j = next[s];
            while j > starts[s] && self.items[j - 1].count < c.count() {
                self.items[j] = self.items[j - 1];
                j -= 1;
            }
            self.items[j] = Group {
                at,
                count: c.count(),
            };
            next[s] += 1;
        }
    }

    fn range(&self, s: usize) -> std::ops::Range<usize> {
        let start = if s == 0 { 0 } else { self.ends[s - 1] };
        start..self.ends[s]
    }

    /// `[own, opponent, humans]`.
    pub(super) fn slices(&self) -> [&[Group]; 3] {
        [0, 1, 2].map(|s| &self.items[self.range(s)])
    }
}

/// The nearest group of `among` satisfying `ok`, ties to the larger count.
fn nearest(from: Coord, among: &[Group], ok: impl Fn(&Group) -> bool) -> Option<Group> {
    among
        .iter()
        .filter(|g| g.at != from && ok(g))
        .min_by_key(|g| near_key(from, g))
        .copied()
}

/// The order "nearer first, then larger" as one number (one comparison instead of a
/// tuple's two).
#[inline]
fn near_key(from: Coord, g: &Group) -> u32 {
    from.distance(g.at) << 8 | u32::from(255 - g.count)
}

/// Where a group wants to go: a convertible human cell, else an enemy cell it kills
/// outright, else a larger own group.
fn goal(g: Group, own: &[Group], humans: &[Group], enemies: &[Group]) -> Option<Coord> {
    nearest(g.at, humans, |h| h.count <= g.count)
        .or_else(|| nearest(g.at, enemies, |e| g.count as f64 >= 1.5 * e.count as f64))
        .or_else(|| nearest(g.at, own, |o| o.count > g.count))
        .map(|t| t.at)
}

/// Builds a ply of whole-group steps, skipping any step that would make a cell both a
/// source and a target or send more than 255 creatures to one cell.
fn coordinated(moves: impl Iterator<Item = (Group, Coord)>) -> Option<VvwMove> {
    let mut steps = [Step::default(); MAX_MOVERS];
    let mut n = 0;
    for (g, to) in moves {
        let used = &steps[..n];
        let clash = used.iter().any(|s| s.from == to || s.to == g.at);
        let arriving: u32 = used
            .iter()
            .filter(|s| s.to == to)
            .map(|s| s.count as u32)
            .sum();
        if to == g.at || clash || arriving + g.count as u32 > 255 || n == MAX_MOVERS {
            continue;
        }
        steps[n] = Step::new(g.at, g.count, to);
        n += 1;
    }
    if n >= 2 {
        VvwMove::new(&steps[..n])
    } else {
        None
    }
}

/// The mover's groups that get whole steps and, for each, the directions in which its
/// neighbour holds prey (see [`prey_mask`]): every generated step starts from one of
/// them, so a move is tactical when one of its steps points at a set bit.
struct Prey<'a> {
    groups: &'a [Group],
    masks: [u8; MAX_WHOLE_GROUPS],
}

impl<'a> Prey<'a> {
    fn new(groups: &'a [Group], enemies: &[Group], humans: &[Group]) -> Self {
        let mut masks = [0; MAX_WHOLE_GROUPS];
        for (m, g) in masks.iter_mut().zip(groups) {
            *m = prey_mask(g.at, enemies, humans);
        }
        Prey { groups, masks }
    }

    /// `mv` with the word on whether it is tactical in `pos` (looked up in `pos` for a
    /// step from elsewhere, which the generator does not make).
    #[inline]
    fn hinted(&self, pos: &VvwPosition, mv: VvwMove) -> VvwMove {
        let mut tactical = false;
        for s in mv.steps() {
            let i = self.groups.iter().position(|g| g.at == s.from);
            match (i, direction_index(s.from, s.to)) {
                (Some(i), Some(d)) => tactical |= self.masks[i] & (1 << d) != 0,
                _ => return mv.with_hint(lands_on_prey(pos, &mv)),
            }
        }
        mv.with_hint(tactical)
    }
}

struct Out<'a> {
    out: &'a mut Vec<VvwMove>,
}

impl Out<'_> {
    /// Adds a ply unless the cap is reached; `false` once full.
    fn push(&mut self, mv: VvwMove) -> bool {
        if self.out.len() >= MAX_PLIES {
            return false;
        }
        self.out.push(mv);
        true
    }
}

/// Fills `out` with the mover's plies (see the module docs). `out` is not cleared.
pub fn generate(pos: &VvwPosition, out: &mut Vec<VvwMove>) {
    let me = pos.side_to_move();
    let mut groups = Groups::empty();
    groups.fill(pos, me);
    let [own, enemies, humans] = groups.slices();
    let (rows, cols) = (pos.rows(), pos.cols());
    let start = out.len();
    let mut out = Out { out };
    let prey = Prey::new(&own[..own.len().min(MAX_WHOLE_GROUPS)], enemies, humans);

    // 1. Coordinated plies.
    if own.len() >= 2 {
        let movers = &own[..own.len().min(MAX_MOVERS)];
        let goals = coordinated(
            movers
                .iter()
                .filter_map(|&g| goal(g, own, humans, enemies).map(|t| (g, g.at.step_toward(t)))),
        );
        let largest = own[0].at;
        let gather = coordinated(movers[1..].iter().map(|&g| (g, g.at.step_toward(largest))));
        if let Some(mv) = goals {
            out.push(prey.hinted(pos, mv));
        }
        if let Some(mv) = gather.filter(|&m| Some(m) != goals) {
            out.push(prey.hinted(pos, mv));
        }
    }

    // 2. Whole steps.
    for (&g, &mask) in prey.groups.iter().zip(&prey.masks) {
        for (d, &(dx, dy)) in DIRECTIONS.iter().enumerate() {
            if let Some(to) = g.at.offset(dx, dy, rows, cols) {
                let mv = VvwMove::single(Step::new(g.at, g.count, to));
                if !out.push(mv.with_hint(mask & (1 << d) != 0)) {
                    return;
                }
            }
        }
    }

    // 3. Splits.
    if own.len() >= MAX_OWN_GROUPS || pos.occupied_count() + 2 > MAX_CELLS {
        return;
    }
    for &g in own.iter().take(SPLIT_GROUPS).filter(|g| g.count >= 2) {
        if !splits(pos, g, (humans, enemies), (&prey, &mut out)) {
            return;
        }
    }
    debug_assert!(out.out[start..]
        .iter()
        .all(|m| pos.check(m.steps()).is_ok()
            && (m.hint() == Hint::Tactical) == lands_on_prey(pos, m)));
}

/// Adds the split plies of group `g` (see the module docs, 3.); `false` once `out` is
/// full.
fn splits(
    pos: &VvwPosition,
    g: Group,
    (humans, enemies): (&[Group], &[Group]),
    (prey, out): (&Prey<'_>, &mut Out<'_>),
) -> bool {
    let first_split = out.out.len();
    let mut parts: [(u8, Coord); 3] = [(0, g.at); 3];
    // Two nearest human cells it outnumbers: exactly enough to convert them.
    let mut near = [None; 2];
    near[0] = nearest(g.at, humans, |h| h.count < g.count);
    near[1] = near[0].and_then(|n0| nearest(g.at, humans, |h| h.count < g.count && h.at != n0.at));
    for (i, h) in near.iter().flatten().enumerate() {
        parts[i] = (h.count, g.at.step_toward(h.at));
    }
    // The nearest enemy cell it can kill with part of the group.
    if let Some(e) = nearest(g.at, enemies, |e| need_to_kill(e.count) < g.count as u32) {
        parts[2] = (need_to_kill(e.count) as u8, g.at.step_toward(e.at));
    }
    for &(n, to) in &parts {
        if n == 0 || to == g.at {
            continue;
        }
        let mv = VvwMove::single(Step::new(g.at, n, to));
        if out.out[first_split..].contains(&mv) {
            continue;
        }
        if !out.push(prey.hinted(pos, mv)) {
            return false;
        }
    }
    // Halves toward the two nearest targets, if their directions differ.
    let targets = two_directions(g.at, humans, enemies);
    if let Some((a, b)) = targets {
        let big = g.count.div_ceil(2);
        let small = g.count / 2;
        let mut mv = VvwMove::single(Step::new(g.at, big, a));
        mv.push(Step::new(g.at, small, b));
        if !out.push(prey.hinted(pos, mv)) {
            return false;
        }
    }
    true
}

/// Fills `out` with every one-move ply of the side to move (the rules' plies that
/// [`VvwMove`] lists: each group sends 1 to all its creatures to one in-grid
/// neighbour), group by group in cell order, then by direction, then by count. `out` is
/// not cleared.
pub fn single_moves(pos: &VvwPosition, out: &mut Vec<VvwMove>) {
    if pos.occupied_count() + 1 > MAX_CELLS {
        return; // a new cell could not be held (`parse_move` refuses such plies too)
    }
    let kind = Kind::monster(pos.side_to_move());
    let (rows, cols) = (pos.rows(), pos.cols());
    for (at, c) in pos.occupied().filter(|(_, c)| c.kind() == kind) {
        for &(dx, dy) in &DIRECTIONS {
            let Some(to) = at.offset(dx, dy, rows, cols) else {
                continue;
            };
            for count in 1..=c.count() {
                let mv = VvwMove::single(Step::new(at, count, to));
                if pos.check(mv.steps()).is_ok() {
                    out.push(mv);
                }
            }
        }
    }
}

/// The directions (bit `d`: [`DIRECTIONS`]`[d]`) in which the neighbour of `at` holds
/// enemies or humans: where a step is tactical. One pass over those groups instead of a
/// look-up per step.
#[inline]
fn prey_mask(at: Coord, enemies: &[Group], humans: &[Group]) -> u8 {
    let mut mask = 0;
    for p in enemies.iter().chain(humans) {
        if let Some(d) = direction_index(at, p.at) {
            mask |= 1 << d;
        }
    }
    mask
}

/// The smallest A with A ≥ 1.5·E (floating point, as the server compares).
fn need_to_kill(e: u8) -> u32 {
    (e as u32 * 3).div_ceil(2)
}

/// The step directions toward the nearest target and toward the nearest target lying
/// in another direction (humans and enemies alike).
fn two_directions(from: Coord, humans: &[Group], enemies: &[Group]) -> Option<(Coord, Coord)> {
    let all = || humans.iter().chain(enemies.iter());
    let first = all().min_by_key(|t| near_key(from, t))?;
    let a = from.step_toward(first.at);
    let second = all()
        .filter(|t| from.step_toward(t.at) != a)
        .min_by_key(|t| near_key(from, t))?;
    Some((a, from.step_toward(second.at)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Features;

    fn texts(pos: &str) -> Vec<String> {
        let p = VvwPosition::parse(pos).unwrap();
        let mut out = Vec::new();
        p.search_moves(&mut out);
        out.iter().map(|&m| p.move_text(m)).collect()
    }

    #[test]
    fn the_doc_example() {
        let t = texts("3x3 v 1,0:h3 1,1:v7 2,2:h2 0,2:w1");
        assert!(t.contains(&"1,1>1,0:3".to_string()), "{t:?}");
        assert!(t.contains(&"1,1>2,2:2".to_string()), "{t:?}");
        assert!(t.contains(&"1,1>1,0:4;1,1>2,2:3".to_string()), "{t:?}");
        assert!(
            t.contains(&"1,1>0,2:2".to_string()),
            "kill the lone werewolf: {t:?}"
        );
        assert_eq!(
            t.iter()
                .filter(|m| m.ends_with(":7") && !m.contains(';'))
                .count(),
            8
        );
    }

    #[test]
    fn coordinated_plies_move_several_groups() {
        // Two vampire groups, each next to humans it can convert.
        let t = texts("4x6 v 0,0:v3 1,1:h2 5,3:v4 4,2:h4 2,3:w9");
        assert!(t.contains(&"5,3>4,2:4;0,0>1,1:3".to_string()), "{t:?}");
        assert!(t.contains(&"0,0>1,1:3".to_string()), "{t:?}");
    }

    #[test]
    fn corner_group_has_three_whole_steps() {
        let t = texts("5x5 w 0,0:w2 4,4:v9");
        let whole: Vec<&String> = t
            .iter()
            .filter(|m| m.starts_with("0,0>") && m.ends_with(":2"))
            .collect();
        assert_eq!(whole.len(), 3, "{t:?}");
    }
}
