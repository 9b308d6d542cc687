//! Every search variant returns the value plain minimax returns (minimax-rs's test), for
//! every game of the registry ([`GameId::ALL`]): on random positions after the game's
//! first start, at depths 1 to 4 (as deep as a small tree allows), with random weights,
//! with and without a ply cap inside the horizon.

use crate::common::positions::random_position;
use crate::common::search::variants;
use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{Features, GameRng, MatchRules, Status};
use weightforge::registry::GameId;
use weightforge::search::{minimax, SearchLimits, SearchOptions, Searcher};
use weightforge::tunables::{Score, WIN_THRESHOLD};

/// The most nodes (chance outcomes included) a minimax tree of the test may have: the
/// depth stops growing at it, so that games with many moves stay quick.
const TREE_BUDGET: u64 = 20_000;

/// The nodes of the minimax tree of `pos` to `depth` under `rules`, counted up to just
/// past `budget`.
fn tree_size<G: Features>(pos: &mut G, depth: u32, rules: &MatchRules, budget: u64) -> u64 {
    if depth == 0 || rules.status(pos) != Status::Ongoing {
        return 1;
    }
    let (mut moves, mut outs) = (Vec::new(), Vec::new());
    pos.search_moves(&mut moves);
    let mut total = 1;
    for mv in moves {
        pos.outcomes(mv, &mut outs);
        for &(outcome, _) in &outs {
            let undo = pos.make(mv, outcome);
            total += tree_size(pos, depth - 1, rules, budget.saturating_sub(total));
            pos.unmake(mv, undo);
            if total > budget {
                return total;
            }
        }
    }
    total
}

/// The deepest depth up to `max` whose tree fits [`TREE_BUDGET`] (at least 1).
fn deepest<G: Features>(pos: &G, rules: &MatchRules, max: u32) -> u32 {
    (2..=max)
        .take_while(|&d| tree_size(&mut pos.clone(), d, rules, TREE_BUDGET) <= TREE_BUDGET)
        .last()
        .unwrap_or(1)
}

/// The value of playing `mv` in `pos` from the root's view, rebuilt from a minimax of the
/// child (deterministic games only: with chance the expectation mixes win distances).
fn move_value<G: Features>(
    pos: &G,
    mv: G::Move,
    depth: u32,
    rules: &MatchRules,
    eval: &mut Evaluator,
) -> Score {
    let mut child = pos.clone();
    child.make(mv, G::Outcome::default());
    let v = -minimax(&mut child, depth - 1, rules, eval);
    if v.abs() > WIN_THRESHOLD {
        // win distances count from the root
        v - v.signum()
    } else {
        v
    }
}

/// Checks every variant against minimax on random positions of `G`.
fn every_variant_agrees<G: Features>() {
    let mut rng = GameRng::seed_from_u64(2026);
    let n = G::feature_info().len();
    for case in 0..60 {
        let pos: G = random_position(G::start_names()[0], 80, &mut rng);
        // Small integer weights make equal scores (and so ties and cut-offs at the
        // window edges) common, which is where a wrong bound would show.
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-5..=5) as f64).collect();
        let role = rng.random_range(0..2);
        let mut rules = MatchRules::UNCAPPED;
        if case % 3 == 0 {
            // inside the horizon; adjudicated in every other capped case
            rules = MatchRules {
                adjudicate: case % 6 == 0,
                ..MatchRules::capped(pos.ply() + rng.random_range(1..5))
            };
        }
        for depth in 1..=deepest(&pos, &rules, 4) {
            let mut eval = Evaluator::new::<G>(role, &weights);
            let want = minimax(&mut pos.clone(), depth, &rules, &mut eval);
            let at = format!("{} case {case}, depth {depth}, {}", G::NAME, pos.to_text());
            for (name, opts) in variants() {
                let mut searcher = Searcher::<G>::new(opts, 12);
                let limits = SearchLimits::depth(depth).with_rules(rules);
                let got = searcher.search(&pos, &mut eval, &limits, &mut rng);
                assert_eq!(got.score, want, "{at}, {name}");
                let best = got.best.expect("a move");
                if !G::HAS_CHANCE {
                    // The chosen move really has that value.
                    let v = move_value(&pos, best, depth, &rules, &mut eval);
                    let best = pos.move_text(best);
                    assert_eq!(v, want, "{at}, {name}: chosen move {best}");
                }
            }
        }
    }
}

#[test]
fn every_variant_returns_the_minimax_value_in_every_game() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => every_variant_agrees::<G>());
    }
}

/// One searcher, its tables kept, searches 100 positions of `G` in turn.
fn reused_searcher_agrees<G: Features>() {
    let mut rng = GameRng::seed_from_u64(7);
    let n = G::feature_info().len();
    let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-20..=20) as f64).collect();
    let mut searcher = Searcher::<G>::new(SearchOptions::default(), 10);
    let rules = MatchRules::UNCAPPED;
    for _ in 0..100 {
        let pos: G = random_position(G::start_names()[0], 80, &mut rng);
        let depth = deepest(&pos, &rules, 3);
        let mut eval = Evaluator::new::<G>(0, &weights);
        let want = minimax(&mut pos.clone(), depth, &rules, &mut eval);
        let got = searcher.search(&pos, &mut eval, &SearchLimits::depth(depth), &mut rng);
        assert_eq!(got.score, want, "{} {}", G::NAME, pos.to_text());
    }
}

#[test]
fn a_searcher_reused_across_positions_still_agrees_in_every_game() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => reused_searcher_agrees::<G>());
    }
}
