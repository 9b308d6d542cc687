//! The SPRT's log-likelihood ratio against an independent implementation of fishtest's
//! published formulas (tests/data/sprt/gsprt.py, whose output is llr.csv), including the
//! edge cases: no pairs, all draws, all wins, all losses.

use weightforge::sprt;
use weightforge::stats::Pentanomial;

#[test]
fn llr_matches_the_python_reference() {
    let text = include_str!("../data/sprt/llr.csv");
    let mut n = 0;
    for (i, line) in text.lines().enumerate().skip(1) {
        let v: Vec<f64> = line.split(',').map(|c| c.parse().unwrap()).collect();
        let counts = Pentanomial(std::array::from_fn(|k| v[k] as u64));
        let got = sprt::llr(&counts, v[5], v[6]);
        let want = v[7];
        assert!(
            (got - want).abs() < 1e-6 * want.abs().max(1.0),
            "llr.csv line {}: {:?} elo0 {} elo1 {}: got {got}, want {want}",
            i + 1,
            counts.0,
            v[5],
            v[6]
        );
        n += 1;
    }
    assert!(n >= 10, "llr.csv holds {n} cases");
}

#[test]
fn llr_grows_with_evidence_for_h1() {
    let a = sprt::llr(&Pentanomial([1, 3, 10, 30, 56]), 0.0, 5.0);
    let b = sprt::llr(&Pentanomial([2, 6, 20, 60, 112]), 0.0, 5.0);
    assert!(a > 0.0 && b > a);
}
