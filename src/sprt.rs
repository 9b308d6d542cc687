//! The sequential probability ratio test that stops a match once it has decided, as
//! fishtest, OpenBench and fastchess run it: the generalised SPRT on pentanomial pair
//! counts with its bounds in normalised Elo (M. Van den Bergh, "Normalized Elo:
//! practical considerations", section 4.1; fishtest's `LLR_normalized`). The test data
//! in `tests/data/sprt/` come from an independent Python implementation of the same
//! formulas.

use serde::{Deserialize, Serialize};

use crate::stats::Pentanomial;
use crate::tunables::{SPRT_SECULAR_STEPS, SPRT_ZERO_COUNT};

/// Normalised Elo per unit of t-value: 800 / ln 10.
const NELO_PER_T: f64 = 800.0 / std::f64::consts::LN_10;

/// The hypotheses and error rates of a test: H0 Elo = `elo0` against H1 Elo = `elo1`
/// (normalised Elo), false positive rate `alpha`, false negative rate `beta`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SprtSpec {
    /// Normalised Elo under H0.
    pub elo0: f64,
    /// Normalised Elo under H1.
    pub elo1: f64,
    /// False positive rate.
    #[serde(default = "default_error")]
    pub alpha: f64,
    /// False negative rate.
    #[serde(default = "default_error")]
    pub beta: f64,
}

fn default_error() -> f64 {
    0.05
}

/// An SPRT specification that does not make sense.
#[derive(Debug, thiserror::Error, PartialEq)]
#[error("SPRT {text:?}: {message}")]
pub struct SprtError {
    /// What was given.
    pub text: String,
    /// What is wrong.
    pub message: String,
}

/// Where a test stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Decision {
    /// The log-likelihood ratio is still between the bounds.
    Continue,
    /// It fell below the lower bound.
    H0,
    /// It rose above the upper bound.
    H1,
}

impl SprtSpec {
    /// Reads `elo0=0,elo1=5[,alpha=0.05,beta=0.05]`.
    pub fn parse(text: &str) -> Result<Self, SprtError> {
        let bad = |message: String| SprtError {
            text: text.to_string(),
            message,
        };
        let (mut elo0, mut elo1) = (None, None);
        let (mut alpha, mut beta) = (default_error(), default_error());
        for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
            let (key, value) = part
                .split_once('=')
                .ok_or_else(|| bad(format!("{part:?} is not key=value")))?;
            let v: f64 = value
                .trim()
                .parse()
                .map_err(|_| bad(format!("{key}: {value:?} is not a number")))?;
            match key.trim() {
                "elo0" => elo0 = Some(v),
                "elo1" => elo1 = Some(v),
                "alpha" => alpha = v,
                "beta" => beta = v,
                other => {
                    return Err(bad(format!(
                        "unknown key {other:?} (elo0, elo1, alpha, beta)"
                    )))
                }
            }
        }
        let spec = SprtSpec {
            elo0: elo0.ok_or_else(|| bad("elo0 is missing".into()))?,
            elo1: elo1.ok_or_else(|| bad("elo1 is missing".into()))?,
            alpha,
            beta,
        };
        spec.check().map_err(bad)?;
        Ok(spec)
    }

    /// Checks the numbers: finite Elo with elo0 < elo1, error rates in (0, ½).
    pub fn check(&self) -> Result<(), String> {
        if !(self.elo0.is_finite() && self.elo1.is_finite() && self.elo0 < self.elo1) {
            return Err("elo0 must be below elo1".into());
        }
        for (name, v) in [("alpha", self.alpha), ("beta", self.beta)] {
            if !(v > 0.0 && v < 0.5) {
                return Err(format!("{name} must be between 0 and 0.5"));
            }
        }
        Ok(())
    }

    /// The bounds on the log-likelihood ratio: (lower, upper).
    pub fn bounds(&self) -> (f64, f64) {
        (
            (self.beta / (1.0 - self.alpha)).ln(),
            ((1.0 - self.beta) / self.alpha).ln(),
        )
    }

    /// The log-likelihood ratio of these pair counts.
    pub fn llr(&self, ptnml: &Pentanomial) -> f64 {
        llr(ptnml, self.elo0, self.elo1)
    }

    /// Where the test stands after these pair counts.
    pub fn decide(&self, ptnml: &Pentanomial) -> Decision {
        let llr = self.llr(ptnml);
        let (lo, hi) = self.bounds();
        if llr >= hi {
            Decision::H1
        } else if llr <= lo {
            Decision::H0
        } else {
            Decision::Continue
        }
    }

    /// The cutechess/fastchess line: `SPRT: llr 2.95 (100.2%), lbound -2.94, ubound
    /// 2.94 - H1 was accepted`.
    pub fn line(&self, ptnml: &Pentanomial) -> String {
        let llr = self.llr(ptnml);
        let (lo, hi) = self.bounds();
        let share = if llr >= 0.0 { llr / hi } else { llr / lo };
        let verdict = match self.decide(ptnml) {
            Decision::H1 => " - H1 was accepted",
            Decision::H0 => " - H0 was accepted",
            Decision::Continue => "",
        };
        format!(
            "SPRT: llr {llr:.2} ({:.1}%), lbound {lo:.2}, ubound {hi:.2}{verdict}",
            100.0 * share
        )
    }
}

/// The generalised log-likelihood ratio of H1: normalised Elo `elo1` against H0:
/// `elo0` for pair counts `ptnml` (0 without pairs). Zero counts are replaced by a small
/// count, as fishtest does, so that the maximum-likelihood distributions exist.
pub fn llr(ptnml: &Pentanomial, elo0: f64, elo1: f64) -> f64 {
    if ptnml.pairs() == 0 {
        return 0.0;
    }
    let counts = ptnml
        .0
        .map(|c| if c == 0 { SPRT_ZERO_COUNT } else { c as f64 });
    let total: f64 = counts.iter().sum();
    let p = counts.map(|c| c / total);
    // Pair scores per game; the t-value of a pair is √2 times a game's.
    let t0 = elo0 / NELO_PER_T * std::f64::consts::SQRT_2;
    let t1 = elo1 / NELO_PER_T * std::f64::consts::SQRT_2;
    let q0 = mle_with_t(&p, 0.5, t0);
    let q1 = mle_with_t(&p, 0.5, t1);
    total
        * (0..5)
            .map(|i| p[i] * (q1[i].ln() - q0[i].ln()))
            .sum::<f64>()
}

/// The pair scores per game: 0, ¼, ½, ¾, 1.
const SCORES: [f64; 5] = [0.0, 0.25, 0.5, 0.75, 1.0];

fn mean_var(q: &[f64; 5]) -> (f64, f64) {
    let mu: f64 = (0..5).map(|i| q[i] * SCORES[i]).sum();
    let var = (0..5).map(|i| q[i] * (SCORES[i] - mu).powi(2)).sum();
    (mu, var)
}

/// The distribution on the five pair scores that is most likely to have produced the
/// empirical `p` among those whose t-value (μ − `reference`) / σ is `t` (fixed-point
/// iteration on the secular equation, as in the paper's section 4.1).
fn mle_with_t(p: &[f64; 5], reference: f64, t: f64) -> [f64; 5] {
    let mut q = [0.2; 5];
    for _ in 0..10 {
        let (mu, var) = mean_var(&q);
        let sigma = var.sqrt();
        let a: [f64; 5] = std::array::from_fn(|i| {
            SCORES[i] - reference - t * sigma * (1.0 + ((mu - SCORES[i]) / sigma).powi(2)) / 2.0
        });
        let Some(x) = secular(p, &a) else {
            return q;
        };
        let next: [f64; 5] = std::array::from_fn(|i| p[i] / (1.0 + x * a[i]));
        let change = (0..5).map(|i| (next[i] - q[i]).abs()).fold(0.0, f64::max);
        q = next;
        if change < 1e-9 {
            break;
        }
    }
    q
}

/// The root x of Σ pᵢ aᵢ / (1 + x aᵢ) = 0 between −1/max a and −1/min a, by bisection
/// (the sum decreases there). None when the a's do not change sign.
fn secular(p: &[f64; 5], a: &[f64; 5]) -> Option<f64> {
    let (amin, amax) = a
        .iter()
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(l, h), &v| {
            (l.min(v), h.max(v))
        });
    if !(amin < 0.0 && amax > 0.0) {
        return None;
    }
    let f = |x: f64| (0..5).map(|i| p[i] * a[i] / (1.0 + x * a[i])).sum::<f64>();
    let (mut lo, mut hi) = (-1.0 / amax + 1e-9, -1.0 / amin - 1e-9);
    for _ in 0..SPRT_SECULAR_STEPS {
        let mid = 0.5 * (lo + hi);
        if f(mid) > 0.0 {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    Some(0.5 * (lo + hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_checks() {
        let s = SprtSpec::parse("elo0=0,elo1=5").unwrap();
        assert_eq!((s.elo0, s.elo1, s.alpha, s.beta), (0.0, 5.0, 0.05, 0.05));
        let (lo, hi) = s.bounds();
        assert!((hi - 2.944).abs() < 1e-3 && (lo + 2.944).abs() < 1e-3);
        let s = SprtSpec::parse("elo0=-1, elo1=3, alpha=0.1,beta=0.2").unwrap();
        assert_eq!((s.alpha, s.beta), (0.1, 0.2));
        for bad in [
            "elo0=5,elo1=0",
            "elo1=5",
            "elo0=0,elo1=5,gamma=1",
            "elo0=x,elo1=5",
            "elo0=0,elo1=5,alpha=0.7",
        ] {
            assert!(SprtSpec::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn line_reads_like_fastchess() {
        let s = SprtSpec::parse("elo0=0,elo1=5").unwrap();
        let p = Pentanomial([0, 0, 0, 0, 300]);
        let line = s.line(&p);
        assert!(line.starts_with("SPRT: llr "), "{line}");
        assert!(
            line.ends_with("lbound -2.94, ubound 2.94 - H1 was accepted"),
            "{line}"
        );
        assert_eq!(s.decide(&Pentanomial::default()), Decision::Continue);
    }
}
