//! The per-role fit (#27): each role's weights learn only from the positions its own
//! search meets, so asymmetric per-role weights (role 1's not the negation of role 0's)
//! are recovered, where the zero-sum fit (every position trains both roles) cannot; the
//! score scale turns scores in any evaluation's units into win chances; version 2 files
//! keep their rows' roles.

use std::path::Path;

use rand::{RngExt, SeedableRng};
use weightforge::fit::design::{Column, Design, Loss};
use weightforge::fit::positions_file::{self, PositionRow};
use weightforge::fit::samples::{Rows, Samples};
use weightforge::fit::solver::{fit, fit_score_scale, FitSettings, Fitted};
use weightforge::game::{Features, Game, GameRng};
use weightforge::games::wolves_sheep::WolvesSheep;

const NF: usize = 4;
/// Per-role true weights: asymmetric (role 1's are not role 0's negated).
const TRUTH: [[f64; NF]; 2] = [[0.8, -0.5, 0.3, 0.0], [0.4, 0.6, 0.0, -0.9]];
/// The units of the synthetic search scores: evaluation × SCORE_UNITS.
const SCORE_UNITS: f64 = 37.0;

/// One column per role and feature, nothing shared.
fn columns() -> Vec<Column> {
    (0..2)
        .flat_map(|role| (0..NF).map(move |feature| (role, feature)))
        .map(|(role, feature)| Column {
            role,
            mirror: None,
            feature,
            unit: 1.0,
            bounds: None,
        })
        .collect()
}

/// Synthetic positions: each has a side to move and independent features for each
/// role; its result (a coin flip with the mover's true win chance) and score (the
/// mover's true evaluation in other units) are from the mover's view. `rows` says
/// which roles each position trains, as the fit's `rows:` does.
fn positions(rows: Rows, n: usize, seed: u64) -> Samples {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut s = Samples::new(NF);
    for i in 0..n {
        let mover = i % 2;
        let x: [Vec<f32>; 2] =
            [0, 1].map(|_| (0..NF).map(|_| rng.random_range(-3.0..3.0)).collect());
        let e: f64 = x[mover]
            .iter()
            .zip(&TRUTH[mover])
            .map(|(&a, &b)| a as f64 * b)
            .sum();
        let win = rng.random_range(0.0..1.0) < 1.0 / (1.0 + (-e).exp());
        let result = if win { 1.0 } else { 0.0 };
        let score = (e * SCORE_UNITS) as f32;
        s.push_row(mover, &x[mover], result, score);
        if rows == Rows::Both {
            let other = 1 - mover;
            s.push_row(other, &x[other], 1.0 - result, -score);
        }
    }
    s
}

fn fitted(s: &Samples, search_weight: f64) -> Fitted {
    let design = Design::new(s, &columns(), &[vec![0.0; NF], vec![0.0; NF]]);
    // From zero weights: K is then 1 and the fitted evaluation is θ·x.
    let start = vec![0.0; 2 * NF];
    let settings = FitSettings {
        loss: Loss::Mse,
        steps: 1500,
        rate: 0.02,
        l2: 0.0,
        search_weight,
    };
    fit(&design, &start, &start, &settings)
}

/// The largest error of the fitted evaluation's weights (K·θ) against the truth.
fn worst_error(f: &Fitted) -> f64 {
    (0..2)
        .flat_map(|r| (0..NF).map(move |k| (r, k)))
        .map(|(r, k)| (f.k[r] * f.theta[r * NF + k] - TRUTH[r][k]).abs())
        .fold(0.0, f64::max)
}

#[test]
fn per_role_fit_recovers_asymmetric_weights_that_the_zero_sum_fit_cannot() {
    let per_role = fitted(&positions(Rows::PerRole, 40_000, 5), 1.0);
    let both = fitted(&positions(Rows::Both, 40_000, 5), 1.0);
    // Labels from the scores alone: sigmoid(Ks·score) = sigmoid(e) once Ks = 1/units.
    for r in 0..2 {
        let ks = per_role.score_scale[r] * SCORE_UNITS;
        assert!((ks - 1.0).abs() < 0.1, "role {r}: Ks × units = {ks}");
    }
    let (good, bad) = (worst_error(&per_role), worst_error(&both));
    assert!(good < 0.05, "per-role: {:?} (error {good})", per_role.theta);
    assert!(bad > 0.3, "zero-sum: {:?} (error {bad})", both.theta);

    // From the results alone (coin flips) the per-role fit is near the truth too.
    let results = fitted(&positions(Rows::PerRole, 40_000, 6), 0.0);
    assert!(worst_error(&results) < 0.15, "{:?}", results.theta);
}

#[test]
fn score_scale_is_fitted_on_the_rows_own_scores_and_results() {
    let s = positions(Rows::PerRole, 20_000, 7);
    let design = Design::new(&s, &columns(), &[vec![0.0; NF], vec![0.0; NF]]);
    for r in 0..2 {
        let ks = fit_score_scale(&design, r, Loss::LogLoss) * SCORE_UNITS;
        assert!((ks - 1.0).abs() < 0.1, "role {r}: {ks}");
    }
    // No scores: no scale.
    let mut bare = Samples::new(NF);
    bare.push_row(0, &[1.0; NF], 1.0, f32::NAN);
    let design = Design::new(&bare, &columns(), &[vec![0.0; NF], vec![0.0; NF]]);
    assert!(fit_score_scale(&design, 0, Loss::Mse).is_nan());
}

/// A version 2 file of `n` positions of random Wolves & Sheep play, each row under its
/// side to move, with made-up results and scores.
fn write_file(path: &Path, n: usize) -> Vec<(WolvesSheep, PositionRow)> {
    let mut rng = GameRng::seed_from_u64(11);
    let rules = weightforge::game::MatchRules::UNCAPPED;
    let (mut out, mut moves) = (Vec::new(), Vec::new());
    let mut pos = WolvesSheep::new();
    while out.len() < n {
        rules.legal_moves(&pos, &mut moves);
        if moves.is_empty() || rules.status(&pos) != weightforge::game::Status::Ongoing {
            pos = WolvesSheep::new();
            continue;
        }
        let mv = moves[rng.random_range(0..moves.len())];
        pos.make(mv, ());
        let row = PositionRow {
            role: pos.side_to_move(),
            result: [0.0, 0.5, 1.0][out.len() % 3],
            score: out.len() as f32 - 3.0,
            text: pos.to_text(),
        };
        out.push((pos, row));
    }
    let rows: Vec<PositionRow> = out.iter().map(|(_, r)| r.clone()).collect();
    positions_file::write_rows::<WolvesSheep>(path, &["test".into()], &rows).unwrap();
    out
}

#[test]
fn version_2_rows_keep_their_role_or_train_both_roles_when_asked() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    let written = write_file(&path, 30);
    let nf = WolvesSheep::feature_info().len();
    let per_role = positions_file::read_as::<WolvesSheep>(&path, Some(Rows::PerRole)).unwrap();
    assert_eq!(
        per_role,
        positions_file::read::<WolvesSheep>(&path).unwrap()
    );
    let both = positions_file::read_as::<WolvesSheep>(&path, Some(Rows::Both)).unwrap();
    assert_eq!(per_role.rows(0) + per_role.rows(1), written.len());
    assert_eq!((both.rows(0), both.rows(1)), (written.len(), written.len()));
    // Every row of role r in the per-role read is a row of its side to move.
    let mut seen = [0usize; 2];
    let mut buf = vec![0.0; nf];
    for (pos, row) in &written {
        let r = row.role;
        let i = seen[r];
        pos.features(r, &mut buf);
        assert_eq!(per_role.features[r][i * nf..(i + 1) * nf], buf[..]);
        assert_eq!(
            (per_role.labels[r][i], per_role.scores[r][i]),
            (row.result, row.score)
        );
        seen[r] += 1;
    }
    // The zero-sum read: the other role gets the result from its view, the score negated.
    let (pos, row) = &written[0];
    let other = 1 - row.role;
    pos.features(other, &mut buf);
    assert_eq!(both.features[other][..nf], buf[..]);
    assert_eq!(
        (both.labels[other][0], both.scores[other][0]),
        (1.0 - row.result, -row.score)
    );
}
