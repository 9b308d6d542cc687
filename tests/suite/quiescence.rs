//! The quiescence search returns the value plain minimax with the same extension
//! returns, on random Vampires vs Werewolves positions (sure conversions and kills, random
//! battles left out) and random Abalone positions (pushes), in every search variant; and
//! the extension does change values, so the comparison tests something.

use crate::common::positions::random_position;
use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{Features, GameRng, MatchRules};
use weightforge::games::abalone::Abalone;
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::search::{minimax, minimax_quiescent, SearchLimits, SearchOptions, Searcher};

fn variants(quiescence: u32) -> Vec<(&'static str, SearchOptions)> {
    let all = SearchOptions {
        quiescence,
        ..SearchOptions::default()
    };
    vec![
        ("all", all),
        (
            "plain",
            SearchOptions {
                quiescence,
                ..SearchOptions::plain()
            },
        ),
        (
            "no tt",
            SearchOptions {
                tt: false,
                tt_move: false,
                ..all
            },
        ),
    ]
}

/// Checks every variant against minimax on `cases` positions; returns how many
/// (position, depth, quiescence) values the extension changed.
fn agrees<G: Features>(start: &str, plies: u32, cases: usize, depths: &[(u32, u32)]) -> usize {
    let mut rng = GameRng::seed_from_u64(2026);
    let n = G::feature_info().len();
    let mut changed = 0;
    for case in 0..cases {
        let pos: G = random_position(start, plies, &mut rng);
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-5..=5) as f64).collect();
        let role = rng.random_range(0..2);
        let rules = MatchRules::UNCAPPED;
        for &(depth, q) in depths {
            let mut eval = Evaluator::new::<G>(role, &weights);
            let want = minimax_quiescent(&mut pos.clone(), depth, q, &rules, &mut eval);
            if want != minimax(&mut pos.clone(), depth, &rules, &mut eval) {
                changed += 1;
            }
            for (name, opts) in variants(q) {
                let mut searcher = Searcher::<G>::new(opts, 12);
                let limits = SearchLimits::depth(depth).with_rules(rules);
                let got = searcher.search(&pos, &mut eval, &limits, &mut rng);
                assert_eq!(
                    got.score,
                    want,
                    "case {case}, {name}, depth {depth}, quiescence {q}, position {}",
                    pos.to_text()
                );
            }
        }
    }
    changed
}

#[test]
fn vampires_werewolves_quiescence_equals_minimax() {
    let depths = [(1, 1), (1, 3), (2, 1), (2, 2)];
    let changed = agrees::<VvwPosition>("random", 30, 30, &depths);
    assert!(changed >= 10, "the extension changed only {changed} values");
}

#[test]
fn abalone_quiescence_equals_minimax() {
    let depths = [(1, 1), (1, 2), (2, 1)];
    let changed = agrees::<Abalone>("belgian_daisy", 40, 12, &depths);
    assert!(changed >= 3, "the extension changed only {changed} values");
}
