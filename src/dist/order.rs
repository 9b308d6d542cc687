//! The order a batch's units are handed out in. A generation waits for its last game:
//! started last, a long game (a deep opponent) leaves every other thread idle until it
//! ends, so units are handed out longest first (their expected cost, ties in unit
//! order), and the short ones fill the gaps at the end. The order changes only who plays
//! what when, never a result.

use super::Work;

/// How units are handed out.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Schedule {
    /// Longest expected cost first (the default).
    #[default]
    LongestFirst,
    /// In unit order (to measure what longest-first gains).
    InOrder,
}

/// The units of `work` in the order `schedule` hands them out.
pub fn order(work: &dyn Work, schedule: Schedule) -> Vec<usize> {
    let mut order: Vec<usize> = (0..work.count()).collect();
    if schedule == Schedule::LongestFirst {
        // Stable: equal costs stay in unit order.
        order.sort_by_key(|&i| std::cmp::Reverse(work.cost(i)));
    }
    order
}
