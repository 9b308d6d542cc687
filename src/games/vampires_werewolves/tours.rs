//! The `human_tours` feature: how many humans each side can collect in a row, growing as
//! it goes, before the other side gets there.
//!
//! The races of `features.rs` give each human cell to the side whose nearest group big
//! enough arrives first, as things stand; but a group that converts 5 humans is 5 larger
//! and can then take a cell it could not take before. Lost games against the DeepBlue
//! heuristic are mostly lost in this race (the loser converts on average 29 humans
//! fewer), and often by that chain: the winner takes a small cell, then the big one next
//! to it. A tour follows one group (the [`TOUR_GROUPS`] largest, largest first): from
//! where it stands it goes to the human cell it can convert that it reaches soonest,
//! converts it (its count grows by the humans), and goes on from there, for at most
//! [`TOUR_STOPS`] cells. A cell counts only if the group gets there before any group
//! of the other side able to convert it does (ties: the side to move), and each cell
//! goes to one tour. A tour's cell is worth its humans × `VVW_RACE_DISCOUNT^t`, t the
//! plies walked so far.
//!
//! ```text
//!   v5 . h3 . . h7       v5 takes h3 at t = 2 (now 8), then h7 at t = 5:
//!                        3·0.9² + 7·0.9⁵ (v5 alone could never take h7)
//! ```

use super::movegen::Group;

/// Groups of a side that get a tour (the largest).
pub const TOUR_GROUPS: usize = 4;
/// Most human cells on one tour.
pub const TOUR_STOPS: usize = 8;

/// Human cells tracked in a bitset (more are ignored).
const MAX_HUMAN_CELLS: usize = 128;

/// For each human cell, the plies the earliest group of `side` able to convert it needs
/// to get there (`u32::MAX` if none can), written into `out`.
fn arrivals(side: &[Group], humans: &[Group], out: &mut [u32]) {
    for (slot, h) in out.iter_mut().zip(humans) {
        *slot = side
            .iter()
            .filter(|g| g.count >= h.count)
            .map(|g| g.at.distance(h.at))
            .min()
            .unwrap_or(u32::MAX);
    }
}

/// The humans the groups of `own` collect on their tours, discounted by the plies they
/// walk, given the plies `rival` needs to reach each human cell; `first` says whether
/// `own` wins ties (moves first).
fn collect(own: &[Group], humans: &[Group], rival: &[u32], first: bool, discount: f64) -> f64 {
    let mut taken: u128 = 0;
    let mut total = 0.0;
    for g in own.iter().take(TOUR_GROUPS) {
        let (mut at, mut count, mut t) = (g.at, u32::from(g.count), 0u32);
        for _ in 0..TOUR_STOPS {
            let next = humans
                .iter()
                .enumerate()
                .take(MAX_HUMAN_CELLS)
                .filter(|&(i, h)| taken & (1 << i) == 0 && u32::from(h.count) <= count)
                .map(|(i, h)| (i, t + at.distance(h.at)))
                .filter(|&(i, arrive)| arrive < rival[i] || (arrive == rival[i] && first))
                .min_by_key(|&(i, arrive)| (arrive, std::cmp::Reverse(humans[i].count)));
            let Some((i, arrive)) = next else {
                break;
            };
            taken |= 1 << i;
            let h = humans[i];
            total += f64::from(h.count) * discount.powi(arrive.min(255) as i32);
            (at, count, t) = (h.at, count + u32::from(h.count), arrive);
        }
    }
    total
}

/// `human_tours` for the side owning `own`: its tours' humans minus the opponent's
/// (`own_moves`: whether `own` is to move and so wins ties).
pub(super) fn human_tours(own: &[Group], opp: &[Group], humans: &[Group], own_moves: bool) -> f64 {
    let n = humans.len().min(MAX_HUMAN_CELLS);
    let humans = &humans[..n];
    let mut own_at = [u32::MAX; MAX_HUMAN_CELLS];
    let mut opp_at = [u32::MAX; MAX_HUMAN_CELLS];
    arrivals(own, humans, &mut own_at[..n]);
    arrivals(opp, humans, &mut opp_at[..n]);
    let d = crate::tunables::VVW_RACE_DISCOUNT;
    collect(own, humans, &opp_at[..n], own_moves, d) - collect(opp, humans, &own_at[..n], !own_moves, d)
}
