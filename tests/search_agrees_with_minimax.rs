//! Every search variant returns the value plain minimax returns (minimax-rs's test):
//! on random Wolves & Sheep positions, at depths 1 to 4, with random weights.

use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{Features, Game, GameExt, GameRng, MatchRules};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::search::{minimax, SearchLimits, SearchOptions, Searcher};

fn random_position(rng: &mut GameRng) -> WolvesSheep {
    loop {
        let mut pos = WolvesSheep::new();
        let plies = rng.random_range(0..80);
        let mut moves = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv, rng);
        }
        pos.legal_moves(&mut moves);
        if !moves.is_empty() {
            return pos;
        }
    }
}

fn variants() -> Vec<(&'static str, SearchOptions)> {
    let all = SearchOptions::default();
    vec![
        ("all", all),
        ("plain", SearchOptions::plain()),
        (
            "tt only",
            SearchOptions {
                iterative_deepening: false,
                ..SearchOptions::plain()
            }
            .with_tt(),
        ),
        (
            "no id",
            SearchOptions {
                iterative_deepening: false,
                ..all
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
        (
            "random ties",
            SearchOptions {
                random_ties: true,
                ..all
            },
        ),
    ]
}

trait WithTt {
    fn with_tt(self) -> Self;
}

impl WithTt for SearchOptions {
    fn with_tt(self) -> Self {
        SearchOptions {
            tt: true,
            tt_move: true,
            ..self
        }
    }
}

#[test]
fn every_variant_returns_the_minimax_value() {
    let mut rng = GameRng::seed_from_u64(2026);
    let n = WolvesSheep::feature_info().len();
    for case in 0..60 {
        let pos = random_position(&mut rng);
        // Small integer weights make equal scores (and so ties and cut-offs at the
        // window edges) common, which is where a wrong bound would show.
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-5..=5) as f64).collect();
        let role = rng.random_range(0..2);
        let mut rules = MatchRules::UNCAPPED;
        if case % 3 == 0 {
            rules = MatchRules::capped(pos.ply() + rng.random_range(1..5)); // inside the horizon
        }
        for depth in 1..=4 {
            let mut eval = Evaluator::new::<WolvesSheep>(role, &weights);
            let want = minimax(&mut { pos }, depth, &rules, &mut eval);
            for (name, opts) in variants() {
                let mut searcher = Searcher::<WolvesSheep>::new(opts, 12);
                let limits = SearchLimits::depth(depth).with_rules(rules);
                let got = searcher.search(&pos, &mut eval, &limits, &mut rng);
                assert_eq!(
                    got.score,
                    want,
                    "case {case}, {name}, depth {depth}, position {}",
                    pos.to_text()
                );
                let best = got.best.expect("a move");
                // The chosen move really has that value.
                let mut child = pos;
                child.make(best, ());
                let v = -minimax(&mut child, depth - 1, &rules, &mut eval);
                let v = if v.abs() > weightforge::tunables::WIN_THRESHOLD {
                    // win distances count from the root
                    v - v.signum()
                } else {
                    v
                };
                assert_eq!(
                    v, want,
                    "case {case}, {name}, depth {depth}: chosen move {best}"
                );
            }
        }
    }
}

#[test]
fn a_searcher_reused_across_positions_still_agrees() {
    let mut rng = GameRng::seed_from_u64(7);
    let n = WolvesSheep::feature_info().len();
    let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-20..=20) as f64).collect();
    let mut searcher = Searcher::<WolvesSheep>::new(SearchOptions::default(), 10);
    for _ in 0..100 {
        let pos = random_position(&mut rng);
        let mut eval = Evaluator::new::<WolvesSheep>(0, &weights);
        let want = minimax(&mut { pos }, 3, &MatchRules::UNCAPPED, &mut eval);
        let got = searcher.search(&pos, &mut eval, &SearchLimits::depth(3), &mut rng);
        assert_eq!(got.score, want, "{}", pos.to_text());
    }
}
