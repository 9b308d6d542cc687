//! Match statistics: score, Elo difference with its 95 % interval (trinomial per game or
//! pentanomial per pair) and likelihood of superiority ([`crate::sprt`] holds the SPRT).
//! Output follows cutechess-cli and fastchess, which users already read.

use serde::{Deserialize, Serialize};

use crate::tunables::Z95;

/// Wins, draws and losses from one player's point of view.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Wdl {
    /// Games won.
    pub wins: u64,
    /// Games drawn.
    pub draws: u64,
    /// Games lost.
    pub losses: u64,
}

impl Wdl {
    /// Games played.
    pub fn games(&self) -> u64 {
        self.wins + self.draws + self.losses
    }

    /// Adds one game with score 1, ½ or 0.
    pub fn add(&mut self, score: f64) {
        if score > 0.75 {
            self.wins += 1;
        } else if score < 0.25 {
            self.losses += 1;
        } else {
            self.draws += 1;
        }
    }

    /// The mean score, or ½ with no games.
    pub fn score(&self) -> f64 {
        if self.games() == 0 {
            0.5
        } else {
            (self.wins as f64 + 0.5 * self.draws as f64) / self.games() as f64
        }
    }

    /// Sum of two records.
    pub fn merged(&self, other: &Wdl) -> Wdl {
        Wdl {
            wins: self.wins + other.wins,
            draws: self.draws + other.draws,
            losses: self.losses + other.losses,
        }
    }
}

/// Pair counts by pair score: 0, ½, 1, 1½ and 2 points out of two games.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pentanomial(pub [u64; 5]);

impl Pentanomial {
    /// Adds a pair whose two games scored `a` and `b` (each 0, ½ or 1).
    pub fn add_pair(&mut self, a: f64, b: f64) {
        let k = ((a + b) * 2.0).round().clamp(0.0, 4.0) as usize;
        self.0[k] += 1;
    }

    /// Pairs counted.
    pub fn pairs(&self) -> u64 {
        self.0.iter().sum()
    }

    /// Sum of two records.
    pub fn merged(&self, other: &Pentanomial) -> Pentanomial {
        let mut p = *self;
        for (a, b) in p.0.iter_mut().zip(other.0) {
            *a += b;
        }
        p
    }
}

/// The logistic Elo difference of a score (±∞ at 1 and 0).
pub fn elo_from_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// The expected score of an Elo difference.
pub fn score_from_elo(elo: f64) -> f64 {
    1.0 / (1.0 + 10f64.powf(-elo / 400.0))
}

/// The standard normal distribution function.
pub fn normal_cdf(x: f64) -> f64 {
    0.5 * (1.0 + erf(x / std::f64::consts::SQRT_2))
}

/// The error function (Abramowitz & Stegun 7.1.26 refined by one Newton-free series
/// switch; absolute error below 1.5e-7, ample for percentages).
fn erf(x: f64) -> f64 {
    let sign = if x < 0.0 { -1.0 } else { 1.0 };
    let x = x.abs();
    let t = 1.0 / (1.0 + 0.327_591_1 * x);
    let y = 1.0
        - (((((1.061_405_429 * t - 1.453_152_027) * t) + 1.421_413_741) * t - 0.284_496_736) * t
            + 0.254_829_592)
            * t
            * (-x * x).exp();
    sign * y
}

/// An Elo estimate with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct EloEstimate {
    /// Games played.
    pub games: u64,
    /// Mean score per game.
    pub score: f64,
    /// Elo difference.
    pub elo: f64,
    /// Lower end of the 95 % interval.
    pub elo_low: f64,
    /// Upper end of the 95 % interval.
    pub elo_high: f64,
    /// Likelihood of superiority, 0–1.
    pub los: f64,
    /// Share of drawn games, 0–1.
    pub draw_ratio: f64,
}

impl EloEstimate {
    /// Half the width of the 95 % interval (cutechess's "+/-").
    pub fn error(&self) -> f64 {
        if self.elo_high.is_finite() && self.elo_low.is_finite() {
            (self.elo_high - self.elo_low) / 2.0
        } else {
            // A clean sweep (or a whitewash) has no finite interval.
            f64::INFINITY
        }
    }

    /// The cutechess line `Elo difference: X +/- Y, LOS: Z %, DrawRatio: W %`.
    pub fn cutechess_line(&self) -> String {
        format!(
            "Elo difference: {:.1} +/- {:.1}, LOS: {:.1} %, DrawRatio: {:.1} %",
            self.elo,
            self.error(),
            self.los * 100.0,
            self.draw_ratio * 100.0
        )
    }

    fn new(wdl: &Wdl, score: f64, sigma: f64) -> Self {
        let games = wdl.games();
        let decisive = (wdl.wins + wdl.losses) as f64;
        let los = if decisive == 0.0 {
            0.5
        } else {
            normal_cdf((wdl.wins as f64 - wdl.losses as f64) / decisive.sqrt())
        };
        EloEstimate {
            games,
            score,
            elo: elo_from_score(score),
            elo_low: elo_from_score(score - Z95 * sigma),
            elo_high: elo_from_score(score + Z95 * sigma),
            los,
            draw_ratio: if games == 0 {
                0.0
            } else {
                wdl.draws as f64 / games as f64
            },
        }
    }
}

/// The estimate from per-game results (trinomial variance).
pub fn trinomial(wdl: &Wdl) -> EloEstimate {
    let n = wdl.games() as f64;
    let s = wdl.score();
    let sigma = if n == 0.0 {
        0.0
    } else {
        let var = (wdl.wins as f64 * (1.0 - s).powi(2)
            + wdl.draws as f64 * (0.5 - s).powi(2)
            + wdl.losses as f64 * s.powi(2))
            / n;
        (var / n).sqrt()
    };
    EloEstimate::new(wdl, s, sigma)
}

/// The estimate from paired games (pentanomial variance); `wdl` gives the draw ratio
/// and LOS.
pub fn pentanomial(ptnml: &Pentanomial, wdl: &Wdl) -> EloEstimate {
    let (s, var) = pair_mean_var(ptnml);
    let pairs = ptnml.pairs() as f64;
    let sigma = if pairs == 0.0 {
        0.0
    } else {
        (var / pairs).sqrt()
    };
    EloEstimate::new(wdl, s, sigma)
}

/// A paired match as cutechess prints it: the games (`+W =D -L`), the pair scores
/// (`Ptnml(0-2): [..]`) and the pentanomial Elo line. Every report of a paired match
/// prints these three, each in its own layout.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PairedLines {
    /// `+W =D -L`.
    pub wdl: String,
    /// `Ptnml(0-2): [a, b, c, d, e]`.
    pub ptnml: String,
    /// `Elo difference: X +/- Y, LOS: Z %, DrawRatio: W %` (pentanomial).
    pub elo: String,
}

/// The lines of a paired match with record `wdl` and pair scores `ptnml`.
pub fn paired_lines(wdl: &Wdl, ptnml: &Pentanomial) -> PairedLines {
    PairedLines {
        wdl: format!("+{} ={} -{}", wdl.wins, wdl.draws, wdl.losses),
        ptnml: format!("Ptnml(0-2): {:?}", ptnml.0),
        elo: pentanomial(ptnml, wdl).cutechess_line(),
    }
}

/// Mean and variance of the per-game score of a pair (pair points / 2).
fn pair_mean_var(ptnml: &Pentanomial) -> (f64, f64) {
    let n = ptnml.pairs() as f64;
    if n == 0.0 {
        return (0.5, 0.0);
    }
    let xs = [0.0, 0.25, 0.5, 0.75, 1.0];
    let s: f64 = ptnml
        .0
        .iter()
        .zip(xs)
        .map(|(&c, x)| c as f64 * x)
        .sum::<f64>()
        / n;
    let var: f64 = ptnml
        .0
        .iter()
        .zip(xs)
        .map(|(&c, x)| c as f64 * (x - s).powi(2))
        .sum::<f64>()
        / n;
    (s, var)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_known_scores() {
        assert!((elo_from_score(0.5)).abs() < 1e-12);
        assert!((elo_from_score(0.75) - 190.848).abs() < 1e-3);
        assert!((score_from_elo(elo_from_score(0.3)) - 0.3).abs() < 1e-12);
        assert_eq!(elo_from_score(1.0), f64::INFINITY);
    }

    #[test]
    fn normal_cdf_matches_tables() {
        assert!((normal_cdf(0.0) - 0.5).abs() < 1e-7);
        assert!((normal_cdf(1.959_964) - 0.975).abs() < 1e-6);
        assert!((normal_cdf(-1.0) - 0.158_655_25).abs() < 1e-6);
    }

    #[test]
    fn trinomial_interval_matches_a_hand_computation() {
        // 60 wins, 20 draws, 20 losses: s = 0.7,
        // var = (60·0.09 + 20·0.04 + 20·0.49)/100 = 0.16, σ = 0.04.
        let wdl = Wdl {
            wins: 60,
            draws: 20,
            losses: 20,
        };
        let e = trinomial(&wdl);
        assert!((e.score - 0.7).abs() < 1e-12);
        assert!((e.elo_low - elo_from_score(0.7 - Z95 * 0.04)).abs() < 1e-9);
        assert!((e.elo_high - elo_from_score(0.7 + Z95 * 0.04)).abs() < 1e-9);
        assert!(e.los > 0.999);
        assert!((e.draw_ratio - 0.2).abs() < 1e-12);
        assert!(e.cutechess_line().starts_with("Elo difference: 147.2 +/- "));
    }

    #[test]
    fn pentanomial_is_tighter_when_pairs_cancel_opening_bias() {
        // Every pair splits 1–1: the score is exactly ½ with no variance at all,
        // while per game it looks like a coin flip.
        let mut p = Pentanomial::default();
        let mut wdl = Wdl::default();
        for _ in 0..100 {
            p.add_pair(1.0, 0.0);
            wdl.add(1.0);
            wdl.add(0.0);
        }
        assert_eq!(p.0, [0, 0, 100, 0, 0]);
        assert_eq!(pentanomial(&p, &wdl).error(), 0.0);
        assert!(trinomial(&wdl).error() > 40.0);
    }
}
