//! The search in a game of chance (Vampires vs Werewolves): every search variant returns
//! the expectimax value ([`minimax`]) at depths 3 and 4, where alpha-beta windows pass
//! through moves with one certain outcome and Star1 cuts battles; node counts from fixed
//! positions stay under recorded bounds; and move ordering pays for itself.

use crate::common::positions::random_position;
use crate::common::search::{ordering_off, variants};
use std::path::Path;

use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{Features, Game, GameRng, MatchRules};
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::genome::Genome;
use weightforge::search::{minimax, SearchLimits, SearchOptions, Searcher};
use weightforge::tunables::WIN_THRESHOLD;

/// Whether some move of `pos` has several outcomes (a battle).
fn has_battle(pos: &VvwPosition) -> bool {
    let mut moves = Vec::new();
    let mut outs = Vec::new();
    pos.search_moves(&mut moves);
    moves.iter().any(|&mv| {
        pos.outcomes(mv, &mut outs);
        outs.len() > 1
    })
}

/// The expectimax value of playing `mv` at `pos`, win distances counted from `pos`.
fn move_value(
    pos: &VvwPosition,
    mv: <VvwPosition as Game>::Move,
    depth: u32,
    eval: &mut Evaluator,
) -> i32 {
    let mut outs = Vec::new();
    pos.outcomes(mv, &mut outs);
    let mut sum = 0.0;
    for &(outcome, p) in &outs {
        let mut child = *pos;
        child.make(mv, outcome);
        let v = -minimax(&mut child, depth - 1, &MatchRules::UNCAPPED, eval);
        let v = if v.abs() > WIN_THRESHOLD {
            v - v.signum()
        } else {
            v
        };
        sum += p * v as f64;
    }
    sum.round() as i32
}

#[test]
fn every_variant_returns_the_expectimax_value_at_depths_3_and_4() {
    let mut rng = GameRng::seed_from_u64(2026);
    let n = VvwPosition::feature_info().len();
    let mut battles = 0;
    for case in 0..16 {
        let pos = random_position::<VvwPosition>("random", 30, &mut rng);
        battles += usize::from(has_battle(&pos));
        // Small integer weights make equal scores (ties, cuts at the window edges) common.
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-5..=5) as f64).collect();
        let role = rng.random_range(0..2);
        for depth in [3, 4] {
            let mut eval = Evaluator::new::<VvwPosition>(role, &weights);
            let want = minimax(&mut { pos }, depth, &MatchRules::UNCAPPED, &mut eval);
            for (name, opts) in variants() {
                let mut searcher = Searcher::<VvwPosition>::new(opts, 12);
                let got = searcher.search(&pos, &mut eval, &SearchLimits::depth(depth), &mut rng);
                let text = pos.to_text();
                assert_eq!(
                    got.score, want,
                    "case {case}, {name}, depth {depth}, {text}"
                );
                let best = got.best.expect("a move");
                let v = move_value(&pos, best, depth, &mut eval);
                assert_eq!(
                    v, want,
                    "case {case}, {name}, depth {depth}: chosen {best:?}"
                );
            }
        }
    }
    assert!(
        battles >= 5,
        "only {battles} positions with a battle at the root"
    );
}

/// The fixed positions of the node counts: the duel start and the bench positions.
const POSITIONS: [&str; 3] = [
    "duel",
    "5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2",
    "8x8 v 0,0:h5 1,0:h14 2,0:w33 3,0:h7 4,0:h6 6,0:h3 4,4:v35 7,7:h9 1,6:h12",
];

/// Nodes with every technique on, per position and depth 3 to 6, as recorded when Star1
/// and the windows through certain moves landed (the expectimax search before it took
/// 19,563 and 276,758 nodes at depths 4 and 5 from the duel start). The bound allows
/// 10 % more.
const RECORDED: [[u64; 4]; 3] = [
    [371, 1_722, 4_696, 25_004],
    [335, 1_330, 7_038, 22_772],
    [289, 733, 3_889, 17_649],
];

/// Nodes of a search of `text` to `depth` with `opts`, deepblue2021's evaluation.
fn nodes(text: &str, depth: u32, opts: SearchOptions) -> (u64, i32) {
    let genome =
        Genome::load::<VvwPosition>(Path::new("genomes/vampires_werewolves/deepblue2021.ron"))
            .expect("the deepblue2021 genome");
    let mut rng = GameRng::seed_from_u64(0);
    let pos = VvwPosition::start(text, &mut rng).expect("a position");
    let role = pos.side_to_move();
    let mut eval = Evaluator::new::<VvwPosition>(role, &genome.weights[role]);
    let mut searcher = Searcher::<VvwPosition>::new(opts, 16);
    let r = searcher.search(&pos, &mut eval, &SearchLimits::depth(depth), &mut rng);
    (r.nodes, r.score)
}

#[test]
fn node_counts_stay_under_the_recorded_bounds() {
    let mut over = Vec::new();
    for (text, recorded) in POSITIONS.iter().zip(RECORDED) {
        for (depth, want) in (3..=6).zip(recorded) {
            let (got, _) = nodes(text, depth, SearchOptions::default());
            eprintln!("{text} depth {depth}: {got} nodes (recorded {want})");
            if got > want + want / 10 {
                over.push(format!("{text} depth {depth}: {got} > {want} + 10 %"));
            }
        }
    }
    assert!(over.is_empty(), "{over:#?}");
}

#[test]
fn ordering_off_costs_more_nodes_than_all_on() {
    let (mut on, mut off) = (0, 0);
    for text in POSITIONS {
        for depth in 4..=6 {
            let (a, score) = nodes(text, depth, SearchOptions::default());
            let (b, score_off) = nodes(text, depth, ordering_off());
            assert_eq!(score, score_off, "{text} depth {depth}");
            on += a;
            off += b;
        }
    }
    assert!(off > on, "ordering off {off} nodes, all on {on}");
    let (a, _) = nodes("duel", 5, SearchOptions::default());
    let (b, _) = nodes("duel", 5, ordering_off());
    assert!(b > 2 * a, "duel depth 5: ordering off {b}, all on {a}");
}
