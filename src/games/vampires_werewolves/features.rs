//! Evaluation features of Vampires vs Werewolves, seen by one role ("own" vs "opponent").
//!
//! The first six are the components of the DeepBlue heuristic (seed 003, "Heuristic
//! function"), computed for the role; [`DEEPBLUE_WEIGHTS`] is that heuristic:
//!
//! ```text
//! 1·humans_eval + 1·monsters_to_humans + 1.5·count_diff
//!   + 0.1·split_closeness + 0.01·future_fight + 0.2·enemy_eval
//! ```
//!
//! The same components seen by the opponent follow (so a tuned evaluation can be made
//! antisymmetric), then a few plain facts. Distances are in plies (king moves: the
//! Chebyshev distance). "Expected fight" below means the expected creatures after one
//! attack, using the official probability P (see `battle.rs`):
//!
//! ```text
//!   m monsters attack h humans:  m ≥ h → m + h;           else P²·(m + h)
//!   m monsters attack e enemies: m ≥ 1.5e → (m, 0);       else (P²·m, (1−P)²·e)
//! ```
//! (P for the win, times P per survivor: the mean over the battle's random results.)

use super::board::{Cells, Coord, Kind};
use super::movegen::{self, Group, Groups};
use super::position::{Hint, VvwMove, VvwPosition};
use crate::game::{FeatureInfo, FeatureSet, Features, Game, Role, Status};
use crate::tunables::{VVW_LEAD_SLOPE as LEAD_SLOPE, VVW_RACE_DISCOUNT as RACE_DISCOUNT};

/// The features, in the order [`compute`] writes them.
pub const FEATURES: [FeatureInfo; 20] = [
    FeatureInfo {
        name: "count_diff",
        meaning: "own creatures minus opponent creatures (DeepBlue weight 1.5)",
    },
    FeatureInfo {
        name: "humans_eval",
        meaning: "DeepBlue 'all humans': per human cell, expected gain of own nearest group attacking it, x0.75 if own is nearer than the opponent, x0.2 if as near, else 0",
    },
    FeatureInfo {
        name: "monsters_to_humans",
        meaning: "DeepBlue 'monster to humans': each own group takes a distinct human cell (nearest among those own reaches first, else nearest), expected gain x(0.22 - 0.02*distance)",
    },
    FeatureInfo {
        name: "split_closeness",
        meaning: "DeepBlue 'splits': sum over pairs of own groups of (0.22 - 0.02*distance); 0 with one group",
    },
    FeatureInfo {
        name: "future_fight",
        meaning: "DeepBlue 'future monster enemy': own groups (largest first) fight the whole opponent in turn; expected own left minus opponent left",
    },
    FeatureInfo {
        name: "enemy_eval",
        meaning: "DeepBlue 'enemy': per own group whose nearest opponent group is adjacent, 0.9 x expected change of (own - opponent) if it attacks",
    },
    FeatureInfo {
        name: "opp_humans_eval",
        meaning: "humans_eval seen by the opponent",
    },
    FeatureInfo {
        name: "opp_monsters_to_humans",
        meaning: "monsters_to_humans seen by the opponent",
    },
    FeatureInfo {
        name: "opp_split_closeness",
        meaning: "split_closeness seen by the opponent",
    },
    FeatureInfo {
        name: "opp_future_fight",
        meaning: "future_fight seen by the opponent",
    },
    FeatureInfo {
        name: "opp_enemy_eval",
        meaning: "enemy_eval seen by the opponent",
    },
    FeatureInfo {
        name: "own_groups",
        meaning: "number of own groups (cells)",
    },
    FeatureInfo {
        name: "opp_groups",
        meaning: "number of opponent groups",
    },
    FeatureInfo {
        name: "humans_first",
        meaning: "humans own reaches first with a group big enough to convert them, minus those the opponent reaches first (ties go to the side to move)",
    },
    FeatureInfo {
        name: "largest_group_diff",
        meaning: "own largest group minus opponent largest group",
    },
    FeatureInfo {
        name: "threatened_diff",
        meaning: "own creatures next to an opponent group 1.5 times larger, minus the opponent's creatures next to an own group 1.5 times larger",
    },
    FeatureInfo {
        name: "to_move",
        meaning: "1 when this role is to move, 0 otherwise (tempo)",
    },
    FeatureInfo {
        name: "humans_race",
        meaning: "per human cell, the side whose nearest group able to convert it arrives first (ties: the side to move) gets humans x 0.9^plies to get there: own minus opponent",
    },
    FeatureInfo {
        name: "hunt_diff",
        meaning: "per opponent group, its creatures x 0.9^distance to the nearest own group 1.5 times larger (a sure kill), minus the same for own groups hunted by the opponent",
    },
    FeatureInfo {
        name: "count_lead",
        meaning: "tanh(4 x (own - opponent) / (own + opponent)): the lead as a chance to win, flat when far ahead or behind, so a battle's spread costs the leader and helps the trailer",
    },
];

/// The DeepBlue heuristic as weights over [`FEATURES`].
pub const DEEPBLUE_WEIGHTS: [f32; 20] = [
    1.5, 1.0, 1.0, 0.1, 0.01, 0.2, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0, 0.0,
    0.0,
];

/// The official win probability in plain floating point (for expectations).
#[inline]
fn proba(a: f64, e: f64, humans: bool) -> f64 {
    let c = if humans { 1.0 } else { 1.5 };
    if a >= c * e {
        1.0
    } else if a == e {
        0.5
    } else if a < e {
        a / (2.0 * e)
    } else {
        a / e - 0.5
    }
}

/// Expected monsters after `m` attack `h` humans.
#[inline]
pub fn fight_humans(m: f64, h: f64) -> f64 {
    if m >= h {
        m + h
    } else {
        let p = proba(m, h, true);
        p * p * (m + h)
    }
}

/// Expected (attackers, defenders) left after `m` attack `e` enemy monsters.
#[inline]
pub fn fight_monsters(m: f64, e: f64) -> (f64, f64) {
    if m >= 1.5 * e {
        (m, 0.0)
    } else {
        let p = proba(m, e, false);
        (p * p * m, (1.0 - p) * (1.0 - p) * e)
    }
}

/// The order "nearer first, then larger" as one number: `(d, Reverse(count))` packed.
#[inline]
fn near_key(d: u32, count: u8) -> u32 {
    d << 8 | u32::from(255 - count)
}

/// Distance from `at` to the nearest group, and that group (ties to the larger count;
/// among equals the first).
#[inline]
fn nearest(at: Coord, groups: &[Group]) -> Option<(u32, Group)> {
    groups
        .iter()
        .map(|g| (at.distance(g.at), *g))
        .min_by_key(|&(d, g)| near_key(d, g.count))
}

/// The human cell group `g` takes in DeepBlue's "monster to humans": the nearest (ties
/// to the larger, then the first) among the cells not `taken` that `g`'s side is
/// `closer` to, else among the other cells not taken. One pass for both lists.
#[inline]
fn pick_human(g: &Group, humans: &[Group], taken: u128, closer: u128) -> Option<usize> {
    let n = humans.len().min(128);
    let all: u128 = if n == 128 { u128::MAX } else { (1 << n) - 1 };
    let free = all & !taken;
    // The nearest in `cells` (bit `i`: human cell `i`), by one pass over its set bits.
    let nearest_of = |mut cells: u128| {
        let mut best = (u32::MAX, usize::MAX);
        while cells != 0 {
            let i = cells.trailing_zeros() as usize;
            cells &= cells - 1;
            let key = near_key(g.at.distance(humans[i].at), humans[i].count);
            if key < best.0 {
                best = (key, i);
            }
        }
        (best.1 != usize::MAX).then_some(best.1)
    };
    nearest_of(free & closer).or_else(|| nearest_of(free & !closer))
}

/// A human cell seen by one side: its nearest group (ties to the larger count, then the
/// first), and (with `REACH`; else `None`) the distance of its nearest group able to
/// convert it. One pass over the side's groups serves "all humans" and the race.
#[inline]
fn sight<const REACH: bool>(h: &Group, side: &[Group]) -> (Option<(u32, Group)>, Option<u32>) {
    let (mut best, mut near) = (u32::MAX, usize::MAX);
    let mut reach = u32::MAX; // distances are below 256
    for (i, g) in side.iter().enumerate() {
        let d = h.at.distance(g.at);
        let key = near_key(d, g.count);
        if key < best {
            (best, near) = (key, i);
        }
        if REACH && g.count >= h.count {
            reach = reach.min(d);
        }
    }
    let near = side.get(near).map(|g| (best >> 8, *g));
    (near, (reach != u32::MAX).then_some(reach))
}

/// What the human cells give each side, from one pass over them: DeepBlue's "all humans"
/// for each side (`[own, opp]`: the sum over human cells, and the cells (bit `i`: human
/// cell `i`) the side is strictly nearer to than the other), and the race for humans
/// ([`human_race`]).
/// `wanted` says which of the three (own side's, opponent's, the race) a caller reads;
/// the others are left at 0.
fn human_cells(
    own: &[Group],
    opp: &[Group],
    humans: &[Group],
    own_moves: bool,
    wanted: [bool; 3],
) -> ([(f64, u128); 2], (f64, f64)) {
    let mut out = [(0.0, 0); 2];
    let (mut first, mut race) = (0.0, 0.0);
    for (i, h) in humans.iter().enumerate() {
        let ((own_near, own_reach), (opp_near, opp_reach)) = if wanted[2] {
            (sight::<true>(h, own), sight::<true>(h, opp))
        } else {
            (sight::<false>(h, own), sight::<false>(h, opp))
        };
        let near = [own_near, opp_near];
        for (side, (sum, closer)) in out.iter_mut().enumerate() {
            if !wanted[side] {
                continue;
            }
            let Some((d1, g)) = near[side] else {
                continue;
            };
            let d2 = near[1 - side].map_or(u32::MAX, |(d, _)| d);
            let weight = match d1.cmp(&d2) {
                std::cmp::Ordering::Less => 0.75,
                std::cmp::Ordering::Equal => 0.2,
                std::cmp::Ordering::Greater => 0.0,
            };
            if d1 < d2 && i < 128 {
                *closer |= 1 << i;
            }
            let m = g.count as f64;
            *sum += weight * (fight_humans(m, h.count as f64) - m);
        }
        if !wanted[2] {
            continue;
        }
        if let Some((sign, d)) = human_race(own_reach, opp_reach, own_moves) {
            let n = h.count as f64;
            first += sign * n;
            race += sign * n * discount(d);
        }
    }
    (out, (first, race))
}

/// The five DeepBlue components seen by the side owning `own`:
/// `[humans_eval, monsters_to_humans, split_closeness, future_fight, enemy_eval]`, given
/// its [`human_cells`] (`humans_eval` and the human cells it is nearer to). Only the
/// components `needed` (indices into that list) are computed; the others are 0.
pub(super) fn deepblue(
    own: &[Group],
    opp: &[Group],
    humans: &[Group],
    (humans_eval, closer): (f64, u128),
    needed: [bool; 5],
) -> [f32; 5] {
    let m2h = if needed[1] {
        monsters_to_humans(own, humans, closer)
    } else {
        0.0
    };
    let splits = if needed[2] { splits(own) } else { 0.0 };
    let future = if needed[3] {
        future_fight(own, opp)
    } else {
        0.0
    };
    let enemy_eval = if needed[4] { enemy(own, opp) } else { 0.0 };
    [
        humans_eval as f32,
        m2h as f32,
        splits as f32,
        future as f32,
        enemy_eval as f32,
    ]
}

/// DeepBlue's "monster to humans": each own group takes a distinct human cell.
fn monsters_to_humans(own: &[Group], humans: &[Group], closer: u128) -> f64 {
    let mut m2h = 0.0;
    let mut taken: u128 = 0;
    for g in own {
        let Some(i) = pick_human(g, humans, taken, closer) else {
            break;
        };
        let h = humans[i];
        taken |= 1 << i;
        let m = g.count as f64;
        let weight = 0.22 - 0.02 * g.at.distance(h.at) as f64;
        m2h += weight * (fight_humans(m, h.count as f64) - m);
    }
    m2h
}

/// DeepBlue's "splits of monster": every pair of own groups.
fn splits(own: &[Group]) -> f64 {
    let mut splits = 0.0;
    for (i, a) in own.iter().enumerate() {
        for b in &own[i + 1..] {
            splits += 0.22 - 0.02 * a.at.distance(b.at) as f64;
        }
    }
    splits
}

/// DeepBlue's "future monster enemy": own groups fight the whole opponent in turn.
fn future_fight(own: &[Group], opp: &[Group]) -> f64 {
    let mut enemies: f64 = opp.iter().map(|g| g.count as f64).sum();
    let mut mine = 0.0;
    for g in own {
        let (left, enemy_left) = fight_monsters(g.count as f64, enemies);
        mine += left;
        enemies = enemy_left;
    }
    mine - enemies
}

/// DeepBlue's "enemy": own groups next to their nearest opponent group attack it.
fn enemy(own: &[Group], opp: &[Group]) -> f64 {
    let mut enemy_eval = 0.0;
    for g in own {
        if let Some((1, e)) = nearest(g.at, opp) {
            let (m, n) = (g.count as f64, e.count as f64);
            let (m_after, n_after) = fight_monsters(m, n);
            enemy_eval += 0.9 * ((m_after - n_after) - (m - n));
        }
    }
    enemy_eval
}

/// The race for one human group, by who reaches it first with a group able to convert
/// it (ties: `own_moves`), given each side's distance to it: the winner's sign (`+1`
/// own) and distance. `humans_first` sums `sign × humans`, `humans_race` the same
/// discounted by the distance (see [`FEATURES`]).
#[inline]
fn human_race(own: Option<u32>, opp: Option<u32>, own_moves: bool) -> Option<(f64, u32)> {
    match (own, opp) {
        (None, None) => None,
        (Some(a), None) => Some((1.0, a)),
        (None, Some(b)) => Some((-1.0, b)),
        (Some(a), Some(b)) if a < b || (a == b && own_moves) => Some((1.0, a)),
        (_, Some(b)) => Some((-1.0, b)),
    }
}

/// `RACE_DISCOUNT^d` for every distance a board can have (0..=254) and 255, each
/// computed as `powi` computes it, once per process.
static DISCOUNTS: std::sync::LazyLock<[f64; 256]> =
    std::sync::LazyLock::new(|| std::array::from_fn(|d| RACE_DISCOUNT.powi(d as i32)));

/// `RACE_DISCOUNT^d`, from the table.
#[inline]
fn discount(d: u32) -> f64 {
    DISCOUNTS[d.min(255) as usize]
}

/// The hunt of `prey` by `hunters`, from one pass over the pairs: creatures of `prey`
/// weighted by how soon a `hunters` group 1.5 times larger reaches them (`hunt_diff`),
/// and creatures of `prey` next to such a group (`threatened_diff`; cells differ, so
/// "next to" is "nearest such group at distance 1").
fn hunt(prey: &[Group], hunters: &[Group]) -> (f64, f64) {
    let (mut hunted, mut threatened) = (0.0, 0.0);
    for p in prey {
        let nearest = hunters
            .iter()
            .filter(|h| h.count as f64 >= 1.5 * p.count as f64)
            .map(|h| h.at.distance(p.at))
            .min();
        if let Some(d) = nearest {
            hunted += p.count as f64 * discount(d);
            if d == 1 {
                threatened += p.count as f64;
            }
        }
    }
    (hunted, threatened)
}

/// Writes the features of `pos` seen by `role` into `out`, in [`FEATURES`] order.
pub fn compute(pos: &VvwPosition, role: Role, out: &mut [f32]) {
    compute_needed(pos, role, FeatureSet::ALL, out);
}

/// [`compute`] for the features `needed` only (the others are 0): the parts no needed
/// feature reads (a side's DeepBlue components, the human cells, the hunts) are skipped.
fn compute_needed(pos: &VvwPosition, role: Role, needed: FeatureSet, out: &mut [f32]) {
    let mut groups = Groups::empty();
    groups.fill(pos, role);
    let [own, opp, humans] = groups.slices();
    let own_total = pos.total(Kind::monster(role)) as f32;
    let opp_total = pos.total(Kind::monster(1 - role)) as f32;
    let to_move = pos.side_to_move() == role;
    out.fill(0.0);
    let wanted = [
        needed.has(1) || needed.has(2),
        needed.has(6) || needed.has(7),
        needed.has(13) || needed.has(17),
    ];
    let ([own_humans, opp_humans], (first, race)) = if wanted.contains(&true) {
        human_cells(own, opp, humans, to_move, wanted)
    } else {
        ([(0.0, 0); 2], (0.0, 0.0))
    };
    let side = |base: usize| std::array::from_fn(|k| needed.has(base + k));
    if needed.any(1..=5) {
        out[1..6].copy_from_slice(&deepblue(own, opp, humans, own_humans, side(1)));
    }
    if needed.any(6..=10) {
        out[6..11].copy_from_slice(&deepblue(opp, own, humans, opp_humans, side(6)));
    }
    out[13] = first as f32;
    out[17] = race as f32;
    let largest = |g: &[Group]| g.first().map_or(0.0, |g| g.count as f32);
    out[0] = own_total - opp_total;
    out[11] = own.len() as f32;
    out[12] = opp.len() as f32;
    out[14] = largest(own) - largest(opp);
    if needed.has(15) || needed.has(18) {
        let ((own_hunted, own_threatened), (opp_hunted, opp_threatened)) =
            (hunt(own, opp), hunt(opp, own));
        out[15] = (own_threatened - opp_threatened) as f32;
        out[18] = (opp_hunted - own_hunted) as f32;
    }
    out[16] = f32::from(u8::from(to_move));
    if needed.has(19) {
        out[19] = (LEAD_SLOPE * out[0] / (own_total + opp_total).max(1.0)).tanh();
    }
}

/// Whether a move of `mv` lands on humans or on the enemy of the side to move.
pub(super) fn lands_on_prey(pos: &VvwPosition, mv: &VvwMove) -> bool {
    let enemy = Kind::monster(1 - pos.side_to_move());
    mv.steps().iter().any(|s| {
        let k = pos.get(s.to).kind();
        k == Kind::Humans || k == enemy
    })
}

impl Features for VvwPosition {
    fn feature_info() -> &'static [FeatureInfo] {
        &FEATURES
    }

    /// A ply is tactical when a move lands on humans or on the enemy. The generator's
    /// word is taken for its own moves (given for the position they were generated in).
    #[inline]
    fn is_tactical(&self, mv: VvwMove) -> bool {
        match mv.hint() {
            Hint::Tactical => true,
            Hint::Quiet => false,
            Hint::Unknown => lands_on_prey(self, &mv),
        }
    }

    /// A 12-bit key (0..4096) mixing every move's source, direction and count, kept in
    /// the move.
    #[inline]
    fn move_key(&self, mv: VvwMove) -> u32 {
        mv.key()
    }

    fn features(&self, role: Role, out: &mut [f32]) {
        compute(self, role, out);
    }

    fn needed_features(&self, role: Role, needed: FeatureSet, out: &mut [f32]) {
        compute_needed(self, role, needed, out);
    }

    /// The search's bounded, chosen set (see [`movegen`]).
    fn search_moves(&self, out: &mut Vec<VvwMove>) {
        out.clear();
        if self.status() == Status::Ongoing {
            movegen::generate(self, out);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn features(text: &str, role: Role) -> Vec<f32> {
        let pos = VvwPosition::parse(text).unwrap();
        let mut out = vec![0.0; FEATURES.len()];
        compute(&pos, role, &mut out);
        out
    }

    fn close(a: f32, b: f64) -> bool {
        (a as f64 - b).abs() < 1e-4
    }

    #[test]
    fn deepblue_components_by_hand() {
        // 1x8 strip: v4 at 0,0; h2 at 2,0; h6 at 4,0; w3 at 7,0.
        let f = features("1x8 v 0,0:v4 2,0:h2 4,0:h6 7,0:w3", 0);
        assert_eq!(f[0], 1.0);
        // humans_eval: h2: own d=2 < opp d=5 → 0.75·(6−4) = 1.5.
        //   h6: own d=4 > opp d=3 → 0.
        assert!(close(f[1], 1.5), "{f:?}");
        // monsters_to_humans: v4 takes h2 (nearer to own): (0.22 − 0.04)·2 = 0.36.
        assert!(close(f[2], 0.36), "{f:?}");
        assert_eq!(f[3], 0.0); // one group
                               // future_fight: 4 vs 3: P = 4/3 − 0.5 = 0.8333; own P²·4, opp (1−P)²·3.
        let p: f64 = 4.0 / 3.0 - 0.5;
        assert!(
            close(f[4], p * p * 4.0 - (1.0 - p) * (1.0 - p) * 3.0),
            "{f:?}"
        );
        assert_eq!(f[5], 0.0); // not adjacent
                               // Opponent: h6 nearer to w3 (3 < 4): 0.75·(P²·9 − 3), P = 3/12;
                               // h2 farther: 0. monsters_to_humans: w3 takes h6: (0.22 − 0.06)·(P²·9 − 3).
        let q: f64 = 0.25;
        assert!(close(f[6], 0.75 * (q * q * 9.0 - 3.0)), "{f:?}");
        assert!(close(f[7], 0.16 * (q * q * 9.0 - 3.0)), "{f:?}");
        assert_eq!((f[11], f[12]), (1.0, 1.0));
        // humans_first: h2 only v4 can convert (+2); h6 nobody.
        assert_eq!(f[13], 2.0);
        assert_eq!(f[14], 1.0);
        assert_eq!(f[15], 0.0);
        assert_eq!(f[16], 1.0);
        // humans_race: h2 only v4 can convert, 2 plies away: +2·0.9²; h6 nobody.
        assert!(close(f[17], 2.0 * 0.81), "{f:?}");
        // hunt_diff: w3 needs 4.5 to be killed outright, v4 needs 6: nobody hunts.
        assert_eq!(f[18], 0.0);
    }

    #[test]
    fn races_and_hunts() {
        // 1x9 strip: w6 at 0,0; h3 at 3,0 (w6 at 3, v2 too small); h1 at 5,0 (v2 at 1,
        // w6 at 5); v2 at 6,0; w4 at 8,0 (2 from v2, neither can kill the other).
        let f = features("1x9 v 0,0:w6 3,0:h3 5,0:h1 6,0:v2 8,0:w4", 0);
        // Vampires: h1 is theirs (+1·0.9), h3 the werewolves' (−3·0.9³).
        assert!(close(f[17], 0.9 - 3.0 * 0.729), "{f:?}");
        // w6 ≥ 1.5·2 hunts v2 from distance 6; w4 ≥ 3 too, from 2 (nearest counts).
        assert!(close(f[18], -2.0 * 0.81), "{f:?}");
        let g = features("1x9 v 0,0:w6 3,0:h3 5,0:h1 6,0:v2 8,0:w4", 1);
        assert!(close(g[17], -f[17] as f64), "{g:?}");
        assert!(close(g[18], -f[18] as f64), "{g:?}");
        // A tie in the race goes to the side to move.
        let t = features("1x5 v 0,0:v2 2,0:h2 4,0:w2", 0);
        assert!(close(t[17], 2.0 * 0.81), "{t:?}");
        let t = features("1x5 w 0,0:v2 2,0:h2 4,0:w2", 0);
        assert!(close(t[17], -2.0 * 0.81), "{t:?}");
    }

    #[test]
    fn splits_threats_and_enemy_eval() {
        // v2 at 1,1 is next to w6 at 2,1 (6 ≥ 1.5·2): threatened. v9 at 4,4.
        let f = features("6x6 w 1,1:v2 2,1:w6 4,4:v9", 0);
        // One pair at distance 3: 0.22 − 0.06.
        assert!(close(f[3], 0.16), "{f:?}");
        assert_eq!(f[15], 2.0); // from the vampires' side: own 2 threatened
        assert_eq!(f[16], 0.0);
        // enemy_eval for vampires: v2's nearest enemy w6 adjacent: 2 vs 6, P = 1/6:
        // 0.9·((P²·2 − (1−P)²·6) − (2 − 6)); v9's nearest enemy at distance 3 → 0.
        let p: f64 = 2.0 / 12.0;
        let want = 0.9 * ((p * p * 2.0 - (1.0 - p) * (1.0 - p) * 6.0) + 4.0);
        assert!(close(f[5], want), "{f:?}");
        let g = features("6x6 w 1,1:v2 2,1:w6 4,4:v9", 1);
        assert_eq!(g[15], -2.0);
        assert_eq!(g[0], -f[0]);
        assert_eq!(g[1..6], f[6..11]);
    }

    #[test]
    fn count_lead_is_a_bounded_odd_function_of_the_lead() {
        let f = features("1x8 v 0,0:v6 2,0:h2 7,0:w2", 0);
        assert!(close(f[19], (4.0f64 * 4.0 / 8.0).tanh()), "{f:?}");
        let g = features("1x8 v 0,0:v6 2,0:h2 7,0:w2", 1);
        assert_eq!(g[19], -f[19]);
        let even = features("1x8 v 0,0:v3 2,0:h2 7,0:w3", 0);
        assert_eq!(even[19], 0.0);
        let far = features("1x8 v 0,0:v200 2,0:h2 7,0:w1", 0);
        assert!(far[19] > 0.999 && far[19] <= 1.0, "{far:?}");
    }

    #[test]
    fn deepblue_weights_cover_the_features() {
        assert_eq!(DEEPBLUE_WEIGHTS.len(), FEATURES.len());
        assert_eq!(FEATURES[0].name, "count_diff");
    }
}
