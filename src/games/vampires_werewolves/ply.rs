//! A ply (a list of moves), its legality (facts spec §6) and its resolution (§7).
//!
//! This is the one place the rules live: the search position, the referee server and a
//! client's board all call [`check_ply`] and [`apply_ply`] through the [`Cells`] trait.
//!
//! ```text
//!  . v6 .       ply `1,1>2,1:4;1,1>1,2:2` (4 vampires east, 2 south):
//!  . v6 h3  →   the humans at 2,1 are converted (4 ≥ 3: 7 vampires there),
//!  . .  .       the 2 arriving at the empty 1,2 just settle.
//! ```

use std::fmt;

use super::battle::{Battle, BattleResult};
use super::board::{Cells, Content, Coord, Kind};
use crate::game::Role;

/// One move of a ply: `count` creatures from `from` to the neighbour `to`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Step {
    /// The source cell.
    pub from: Coord,
    /// How many creatures move (at least 1).
    pub count: u8,
    /// The target cell (one of the 8 neighbours of `from`).
    pub to: Coord,
}

impl Step {
    /// `count` creatures from `from` to `to`.
    pub const fn new(from: Coord, count: u8, to: Coord) -> Self {
        Step { from, count, to }
    }
}

impl fmt::Display for Step {
    /// `x,y>x,y:count`, e.g. `4,3>5,3:4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}>{}:{}", self.from, self.to, self.count)
    }
}

/// Why a ply is illegal (the mover then loses the game, §8). Move numbers are 1-based.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum IllegalPly {
    /// No move at all (`n = 0`).
    #[error("empty ply: at least one move is required")]
    Empty,
    /// A source or target outside the grid.
    #[error("move {index}: cell {cell} is outside the {rows}x{cols} grid")]
    OutOfGrid {
        /// Move number.
        index: usize,
        /// The offending cell.
        cell: Coord,
        /// Grid rows.
        rows: u8,
        /// Grid columns.
        cols: u8,
    },
    /// The source does not hold the mover's creatures.
    #[error("move {index}: source {cell} holds {found}, not the mover's {mover}")]
    NotOwn {
        /// Move number.
        index: usize,
        /// The source cell.
        cell: Coord,
        /// What the source holds.
        found: String,
        /// The mover's species.
        mover: String,
    },
    /// A move of zero creatures.
    #[error("move {index}: the count must be at least 1")]
    ZeroCount {
        /// Move number.
        index: usize,
    },
    /// A move of more creatures than its source holds.
    #[error("move {index}: moves {count} from {cell}, which holds {available}")]
    TooFew {
        /// Move number.
        index: usize,
        /// The source cell.
        cell: Coord,
        /// The move's count.
        count: u8,
        /// Creatures on the source.
        available: u8,
    },
    /// The target is not one of the source's 8 neighbours.
    #[error("move {index}: {to} is not next to {from}")]
    TooFar {
        /// Move number.
        index: usize,
        /// The source.
        from: Coord,
        /// The target.
        to: Coord,
    },
    /// A cell is both a source and a target in this ply.
    #[error("cell {cell} is both a source and a target in this ply")]
    SourceIsTarget {
        /// The cell.
        cell: Coord,
    },
    /// More creatures leave a source than it holds.
    #[error("{leaving} creatures leave {cell}, which holds {available}")]
    Overdrawn {
        /// The source.
        cell: Coord,
        /// Sum of counts leaving it.
        leaving: u32,
        /// Creatures on it.
        available: u8,
    },
    /// More than 255 creatures arrive at one target.
    #[error("{arriving} creatures arrive at {cell}; at most 255 can")]
    TargetOverflow {
        /// The target.
        cell: Coord,
        /// Sum of counts arriving.
        arriving: u32,
    },
}

fn species_name(kind: Kind) -> String {
    match kind {
        Kind::Empty => "nothing".into(),
        Kind::Humans => "humans".into(),
        Kind::Vampires => "vampires".into(),
        Kind::Werewolves => "werewolves".into(),
    }
}

/// Checks a ply by §6: a legal ply has at least one move, every move takes at least one of
/// the mover's creatures from an in-grid cell to one of its in-grid neighbours, no cell is
/// both a source and a target, no source gives more than it holds, and at most 255
/// creatures arrive at any target.
pub fn check_ply<C: Cells + ?Sized>(
    cells: &C,
    mover: Role,
    steps: &[Step],
) -> Result<(), IllegalPly> {
    if steps.is_empty() {
        return Err(IllegalPly::Empty);
    }
    let kind = Kind::monster(mover);
    for (i, s) in steps.iter().enumerate() {
        check_step(cells, kind, i + 1, s)?;
    }
    for s in steps {
        if steps.iter().any(|t| t.to == s.from) {
            return Err(IllegalPly::SourceIsTarget { cell: s.from });
        }
    }
    for (i, s) in steps.iter().enumerate() {
        if steps[..i].iter().any(|t| t.from == s.from) {
            continue; // this source was summed already
        }
        let leaving: u32 = steps
            .iter()
            .filter(|t| t.from == s.from)
            .map(|t| t.count as u32)
            .sum();
        let available = cells.get(s.from).count();
        if leaving > available as u32 {
            return Err(IllegalPly::Overdrawn {
                cell: s.from,
                leaving,
                available,
            });
        }
    }
    for (i, s) in steps.iter().enumerate() {
        if steps[..i].iter().any(|t| t.to == s.to) {
            continue;
        }
        let arriving = arriving_at(steps, i);
        if arriving > 255 {
            return Err(IllegalPly::TargetOverflow {
                cell: s.to,
                arriving,
            });
        }
    }
    Ok(())
}

/// Checks the `index`-th (from 1) move of a ply on its own: in-grid cells, one of
/// `kind`'s groups as the source, a count from 1 to what it holds, a neighbouring target.
fn check_step<C: Cells + ?Sized>(
    cells: &C,
    kind: Kind,
    index: usize,
    s: &Step,
) -> Result<(), IllegalPly> {
    for cell in [s.from, s.to] {
        if !cells.contains(cell) {
            return Err(IllegalPly::OutOfGrid {
                index,
                cell,
                rows: cells.rows(),
                cols: cells.cols(),
            });
        }
    }
    let source = cells.get(s.from);
    if source.kind() != kind {
        return Err(IllegalPly::NotOwn {
            index,
            cell: s.from,
            found: species_name(source.kind()),
            mover: species_name(kind),
        });
    }
    if s.count == 0 {
        return Err(IllegalPly::ZeroCount { index });
    }
    if source.count() < s.count {
        return Err(IllegalPly::TooFew {
            index,
            cell: s.from,
            count: s.count,
            available: source.count(),
        });
    }
    if s.from.distance(s.to) > 1 {
        return Err(IllegalPly::TooFar {
            index,
            from: s.from,
            to: s.to,
        });
    }
    Ok(())
}

/// Sum of the counts of the moves from `first` on that share `steps[first]`'s target.
#[inline]
fn arriving_at(steps: &[Step], first: usize) -> u32 {
    let to = steps[first].to;
    steps[first..]
        .iter()
        .filter(|t| t.to == to)
        .map(|t| t.count as u32)
        .sum()
}

/// The moves into one target cell, as the official code groups them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TargetGroup {
    /// The target cell.
    pub target: Coord,
    /// Index of the first move into it (groups come in order of first appearance).
    pub first: usize,
    /// A: the summed counts arriving.
    pub arriving: u32,
}

/// The ply's target groups in the official order (each target's first appearance).
pub fn target_groups(steps: &[Step]) -> impl Iterator<Item = TargetGroup> + '_ {
    steps
        .iter()
        .enumerate()
        .filter(move |&(i, s)| !steps[..i].iter().any(|t| t.to == s.to))
        .map(move |(i, s)| TargetGroup {
            target: s.to,
            first: i,
            arriving: arriving_at(steps, i),
        })
}

/// What happens on a target cell (§7.2), before any random draw.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Clash {
    /// Nothing to fight: the cell simply becomes this.
    Settled(Content),
    /// A random battle.
    Battle(Battle),
}

/// How `arriving` creatures of `mover` meet the cell's contents `before`.
/// Byte counts wrap at 256 as in the official code (§7.4).
#[inline]
pub fn clash(before: Content, mover: Kind, arriving: u32) -> Clash {
    let a = arriving;
    let e = before.count() as u32;
    match before.kind() {
        Kind::Empty => Clash::Settled(Content::new(mover, a as u8)),
        k if k == mover => Clash::Settled(Content::new(mover, (e + a) as u8)),
        Kind::Humans if a >= e => Clash::Settled(Content::new(mover, (e + a) as u8)),
        Kind::Humans => Clash::Battle(Battle {
            attackers: a,
            defenders: e,
            humans: true,
        }),
        _ if a as f64 >= 1.5 * e as f64 => Clash::Settled(Content::new(mover, a as u8)),
        _ => Clash::Battle(Battle {
            attackers: a,
            defenders: e,
            humans: false,
        }),
    }
}

/// The cell after a battle: the mover's on a win, the defenders' on a loss.
#[inline]
pub fn after_battle(before: Content, mover: Kind, result: BattleResult) -> Content {
    let kind = if result.attacker_won {
        mover
    } else {
        before.kind()
    };
    Content::new(kind, result.survivors)
}

/// Applies a ply already checked by [`check_ply`], group by group (§7). `decide(g, b)`
/// settles the random battle `b` on the `g`-th target group: real play samples it, the
/// search reads it from the move's outcome.
pub fn apply_ply<C: Cells + ?Sized>(
    cells: &mut C,
    mover: Role,
    steps: &[Step],
    mut decide: impl FnMut(usize, &Battle) -> BattleResult,
) {
    let kind = Kind::monster(mover);
    for (g, group) in target_groups(steps).enumerate() {
        for s in steps[group.first..].iter().filter(|s| s.to == group.target) {
            let src = cells.get(s.from);
            cells.set(
                s.from,
                Content::new(src.kind(), src.count().wrapping_sub(s.count)),
            );
        }
        let before = cells.get(group.target);
        let after = match clash(before, kind, group.arriving) {
            Clash::Settled(c) => c,
            Clash::Battle(b) => after_battle(before, kind, decide(g, &b)),
        };
        cells.set(group.target, after);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::vampires_werewolves::board::Grid;

    fn grid() -> Grid {
        // 3x3: v6 at 1,1; h3 at 2,1; w4 at 0,0.
        let mut g = Grid::new(3, 3);
        g.set(Coord::new(1, 1), Content::new(Kind::Vampires, 6));
        g.set(Coord::new(2, 1), Content::new(Kind::Humans, 3));
        g.set(Coord::new(0, 0), Content::new(Kind::Werewolves, 4));
        g
    }

    fn st(fx: u8, fy: u8, n: u8, tx: u8, ty: u8) -> Step {
        Step::new(Coord::new(fx, fy), n, Coord::new(tx, ty))
    }

    #[test]
    fn split_converts_and_settles() {
        let mut g = grid();
        let ply = [st(1, 1, 4, 2, 1), st(1, 1, 2, 1, 2)];
        check_ply(&g, 0, &ply).unwrap();
        apply_ply(&mut g, 0, &ply, |_, _| unreachable!("no battle"));
        assert_eq!(g.get(Coord::new(2, 1)), Content::new(Kind::Vampires, 7));
        assert_eq!(g.get(Coord::new(1, 2)), Content::new(Kind::Vampires, 2));
        assert!(g.get(Coord::new(1, 1)).is_empty());
    }

    #[test]
    fn every_illegal_shape_is_rejected() {
        let g = grid();
        let cases: Vec<(Vec<Step>, &str)> = vec![
            (vec![], "empty"),
            (vec![st(0, 0, 1, 1, 0)], "not own"),
            (vec![st(1, 1, 0, 1, 0)], "zero"),
            (vec![st(1, 1, 7, 1, 0)], "too few"),
            (vec![st(1, 1, 1, 1, 1)], "own cell"),
            (vec![st(1, 1, 3, 1, 0), st(1, 1, 4, 1, 2)], "overdrawn"),
            (vec![st(1, 1, 1, 3, 1)], "outside"),
        ];
        for (ply, why) in cases {
            assert!(check_ply(&g, 0, &ply).is_err(), "{why}");
        }
        let mut g2 = grid();
        g2.set(Coord::new(1, 0), Content::new(Kind::Vampires, 2));
        // Chaining 1,0 -> 1,1 -> 1,2 is illegal.
        let chain = [st(1, 0, 2, 1, 1), st(1, 1, 6, 1, 2)];
        assert!(matches!(
            check_ply(&g2, 0, &chain),
            Err(IllegalPly::SourceIsTarget { .. })
        ));
        let far = Grid::new(5, 5);
        let mut far = far;
        far.set(Coord::new(0, 0), Content::new(Kind::Vampires, 2));
        assert!(matches!(
            check_ply(&far, 0, &[st(0, 0, 1, 2, 0)]),
            Err(IllegalPly::TooFar { .. })
        ));
    }

    #[test]
    fn arrivals_are_summed_and_overflow_is_illegal() {
        let mut g = Grid::new(3, 3);
        g.set(Coord::new(0, 0), Content::new(Kind::Vampires, 200));
        g.set(Coord::new(2, 0), Content::new(Kind::Vampires, 100));
        let ply = [st(0, 0, 200, 1, 0), st(2, 0, 100, 1, 0)];
        assert!(matches!(
            check_ply(&g, 0, &ply),
            Err(IllegalPly::TargetOverflow { arriving: 300, .. })
        ));
        let ply = [st(0, 0, 100, 1, 0), st(2, 0, 100, 1, 0), st(0, 0, 50, 1, 0)];
        check_ply(&g, 0, &ply).unwrap();
        apply_ply(&mut g, 0, &ply, |_, _| unreachable!());
        assert_eq!(g.get(Coord::new(1, 0)), Content::new(Kind::Vampires, 250));
        assert_eq!(g.get(Coord::new(0, 0)), Content::new(Kind::Vampires, 50));
    }

    #[test]
    fn conversion_wraps_like_a_byte() {
        // 200 vampires into 100 humans → 300 mod 256 = 44 (§7.4, run on the server).
        let c = clash(Content::new(Kind::Humans, 100), Kind::Vampires, 200);
        assert_eq!(c, Clash::Settled(Content::new(Kind::Vampires, 44)));
    }

    #[test]
    fn the_one_and_a_half_rule() {
        let e = Content::new(Kind::Werewolves, 10);
        assert_eq!(
            clash(e, Kind::Vampires, 15),
            Clash::Settled(Content::new(Kind::Vampires, 15))
        );
        assert!(matches!(clash(e, Kind::Vampires, 14), Clash::Battle(_)));
        let odd = Content::new(Kind::Werewolves, 3); // 1.5·3 = 4.5: 5 needed
        assert!(matches!(clash(odd, Kind::Vampires, 4), Clash::Battle(_)));
        assert!(matches!(clash(odd, Kind::Vampires, 5), Clash::Settled(_)));
        let h = Content::new(Kind::Humans, 5);
        assert!(matches!(clash(h, Kind::Vampires, 5), Clash::Settled(_)));
        assert!(matches!(clash(h, Kind::Vampires, 4), Clash::Battle(_)));
    }

    #[test]
    fn groups_follow_first_appearance() {
        let ply = [st(0, 0, 1, 1, 1), st(2, 2, 1, 2, 1), st(0, 1, 2, 1, 1)];
        let groups: Vec<TargetGroup> = target_groups(&ply).collect();
        assert_eq!(groups.len(), 2);
        assert_eq!(
            (groups[0].target, groups[0].arriving),
            (Coord::new(1, 1), 3)
        );
        assert_eq!((groups[1].target, groups[1].first), (Coord::new(2, 1), 1));
    }
}
