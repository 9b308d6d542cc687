//! An evaluation computes only the features its weights use
//! ([`Features::needed_features`]): on random positions of every game, the needed
//! features equal those of [`Features::features`] to the bit, the others are 0 or that
//! same value (a game may compute a cheap feature anyway), and an
//! [`Evaluator`] whose weights are partly zero scores exactly the full weighted sum.

use crate::common::positions::random_position;
use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{FeatureSet, Features, Game, GameRng};
use weightforge::games::abalone::Abalone;
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::registry::GameId;
use weightforge::tunables::{Score, EVAL_LIMIT, EVAL_SCALE};

/// The score the evaluator must give: every feature computed, the weighted sum rounded.
fn full_score<G: Features>(pos: &G, role: usize, weights: &[f32]) -> Score {
    let mut f = vec![0.0; weights.len()];
    pos.features(role, &mut f);
    let v: f64 = weights
        .iter()
        .zip(&f)
        .map(|(&w, &x)| w as f64 * x as f64)
        .sum();
    let v = (v * EVAL_SCALE)
        .round()
        .clamp(-(EVAL_LIMIT as f64), EVAL_LIMIT as f64) as Score;
    if pos.side_to_move() == role {
        v
    } else {
        -v
    }
}

fn check<G: Features>(start: &str, plies: u32, seed: u64) {
    let mut rng = GameRng::seed_from_u64(seed);
    let n = G::feature_info().len();
    for case in 0..200 {
        let pos = random_position::<G>(start, plies, &mut rng);
        let role = rng.random_range(0..2);
        // Each feature weighted with probability 1/3, small integers or fractions.
        let weights: Vec<f32> = (0..n)
            .map(|_| match rng.random_range(0..6) {
                0 => rng.random_range(-5..=5) as f32,
                1 => rng.random_range(-1.0..1.0),
                _ => 0.0,
            })
            .collect();
        let needed = FeatureSet::nonzero(&weights);
        let (mut all, mut some) = (vec![0.0; n], vec![f32::NAN; n]);
        pos.features(role, &mut all);
        pos.needed_features(role, needed, &mut some);
        for i in 0..n {
            let ok = if needed.has(i) {
                some[i].to_bits() == all[i].to_bits()
            } else {
                some[i] == 0.0 || some[i].to_bits() == all[i].to_bits()
            };
            assert!(
                ok,
                "{} case {case}, feature {i}: {} against {}, {}",
                G::NAME,
                some[i],
                all[i],
                pos.to_text()
            );
        }
        let w64: Vec<f64> = weights.iter().map(|&w| w as f64).collect();
        let mut eval = Evaluator::new::<G>(role, &w64);
        assert_eq!(
            eval.evaluate(&pos),
            full_score(&pos, role, &weights),
            "{} case {case}, {}",
            G::NAME,
            pos.to_text()
        );
    }
}

#[test]
fn vampires_werewolves_needed_features_match_all_features() {
    check::<VvwPosition>("random", 40, 1);
    check::<VvwPosition>("duel", 40, 2);
}

#[test]
fn abalone_needed_features_match_all_features() {
    check::<Abalone>("standard", 60, 3);
    check::<Abalone>("belgian_daisy", 60, 4);
}

#[test]
fn every_game_evaluates_the_same_from_its_default_start() {
    for (seed, &id) in GameId::ALL.iter().enumerate() {
        weightforge::with_game!(id, G => check::<G>(G::start_names()[0], 30, 5 + seed as u64));
    }
}

#[test]
fn feature_sets_name_the_nonzero_weights() {
    let s = FeatureSet::nonzero(&[0.0, 1.0, -0.0, -2.5]);
    assert_eq!(
        (0..4).map(|i| s.has(i)).collect::<Vec<_>>(),
        [false, true, false, true]
    );
    assert!(s.any(2..=3) && !s.any(2..=2));
    let wide = FeatureSet::nonzero(&[0.0; 70]);
    assert!(
        wide.has(0) && wide.has(69),
        "more than 64 features: all computed"
    );
    assert!(FeatureSet::ALL.has(63) && FeatureSet::ALL.has(100));
}
