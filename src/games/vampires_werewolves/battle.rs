//! Random battles: the official win probability and survivor draws (facts spec §7.3).
//!
//! A battle happens when attackers arrive on humans they do not outnumber (A < H) or on
//! enemies they do not outnumber 1.5 to 1 (A < 1.5·E). The attacker wins with probability
//! P; winners survive one by one with probability P (and, against humans, each human is
//! converted with probability P); on a loss each defender survives with probability 1 − P.
//!
//! ```text
//!   A vs E monsters:  P = A/(2E) if A < E,  ½ if A = E,  A/E − ½ if E < A < 1.5E
//!   A vs H humans:    P = A/(2H)   (A ≥ H converts without a battle)
//! ```

use rand::RngExt;

use crate::game::GameRng;

/// A random battle about to be fought.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Battle {
    /// Attackers arriving (the summed counts of the moves into the cell).
    pub attackers: u32,
    /// Defenders on the cell.
    pub defenders: u32,
    /// Whether the defenders are humans.
    pub humans: bool,
}

/// How a battle ended: who holds the cell, and how many are left.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct BattleResult {
    /// Whether the attackers won the cell.
    pub attacker_won: bool,
    /// Creatures left on the cell (the winner's species; 0 leaves it empty).
    pub survivors: u8,
}

/// The official `Board::GetProba(A, E, humans)`, evaluated in the same floating-point
/// order so that results match bit for bit (12 vs 10 monsters gives 0.7000000000000002).
pub fn get_proba(attackers: u32, defenders: u32, humans: bool) -> f64 {
    if attackers == defenders {
        return 0.5;
    }
    let (a, e) = (attackers as f64, defenders as f64);
    let c = if humans { 1.0 } else { 1.5 };
    if a >= c * e {
        return 1.0;
    }
    if attackers < defenders {
        return ((0.0 - 0.5) / (0.0 - e)) * a;
    }
    let ce = c * e;
    let slope = (1.0 - 0.5) / (ce - e);
    let intercept = 1.0 - slope * ce;
    slope * a + intercept
}

impl Battle {
    /// The attackers' probability of winning.
    #[inline]
    pub fn p(&self) -> f64 {
        get_proba(self.attackers, self.defenders, self.humans)
    }

    /// Draws the battle exactly as the official server does: one draw for the winner
    /// (`u < P`), then on a win one draw per human (converted if `< P`) and then one per
    /// attacker (alive if `< P`); on a loss one draw per defender (alive if `< 1 − P`).
    /// Counts are bytes: more than 255 survivors wrap as in the official code.
    pub fn sample(&self, rng: &mut GameRng) -> BattleResult {
        fn count(rng: &mut GameRng, n: u32, limit: f64) -> u32 {
            (0..n).filter(|_| rng.random::<f64>() < limit).count() as u32
        }
        let p = self.p();
        let won = rng.random::<f64>() < p;
        let survivors = if won {
            let converted = if self.humans {
                count(rng, self.defenders, p)
            } else {
                0
            };
            converted + count(rng, self.attackers, p)
        } else {
            count(rng, self.defenders, 1.0 - p)
        };
        BattleResult {
            attacker_won: won,
            survivors: survivors as u8,
        }
    }

    /// Expected survivors after a win: P·(A + H) against humans, P·A against monsters.
    pub fn expected_if_won(&self) -> f64 {
        let fighters = if self.humans {
            self.attackers + self.defenders
        } else {
            self.attackers
        };
        self.p() * fighters as f64
    }

    /// Expected defender survivors after a loss: (1 − P)·E.
    pub fn expected_if_lost(&self) -> f64 {
        (1.0 - self.p()) * self.defenders as f64
    }

    /// The two results the search weighs: a win with the expected winners (rounded),
    /// probability P, and a loss with the expected defenders (rounded), probability 1 − P.
    pub fn expected_results(&self) -> [(BattleResult, f64); 2] {
        let p = self.p();
        let round = |v: f64| v.round().clamp(0.0, 255.0) as u8;
        [
            (
                BattleResult {
                    attacker_won: true,
                    survivors: round(self.expected_if_won()),
                },
                p,
            ),
            (
                BattleResult {
                    attacker_won: false,
                    survivors: round(self.expected_if_lost()),
                },
                1.0 - p,
            ),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn probabilities_match_the_official_formula() {
        assert_eq!(get_proba(12, 10, false), 0.700_000_000_000_000_2);
        assert_eq!(get_proba(5, 10, true), 0.25);
        assert_eq!(get_proba(5, 5, false), 0.5);
        assert_eq!(get_proba(4, 10, false), 0.2);
        assert_eq!(get_proba(15, 10, false), 1.0);
        assert_eq!(get_proba(10, 10, true), 0.5); // never reached: A ≥ H converts
    }

    #[test]
    fn expected_results_round() {
        let b = Battle {
            attackers: 5,
            defenders: 10,
            humans: true,
        };
        let [(win, pw), (loss, pl)] = b.expected_results();
        assert_eq!((win.attacker_won, win.survivors, pw), (true, 4, 0.25)); // 3.75
        assert_eq!((loss.attacker_won, loss.survivors, pl), (false, 8, 0.75)); // 7.5
    }
}
