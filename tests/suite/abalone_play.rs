//! Abalone with the engine: every search variant returns the minimax value (with
//! pushes, wins inside the horizon, the ply cap and its adjudication), the reference
//! genomes score as their sources say, matches adjudicate at the cap when asked, and the
//! tuning experiment is valid.

use crate::common::matches::play_match;
use crate::common::search::variants;
use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{Features, Game, GameExt, GameRng, MatchRules, Status};
use weightforge::games::abalone::features::ring_of;
use weightforge::games::abalone::{Abalone, BLACK, WHITE};
use weightforge::matches::settings::MatchSettings;
use weightforge::player::PlayerSpec;
use weightforge::search::{minimax, SearchLimits, Searcher};
use weightforge::tune::experiment::Experiment;

/// A position after up to 90 random plies from a random start; pushes that capture are
/// preferred so that marbles get lost and wins come within reach.
fn random_position(rng: &mut GameRng) -> Abalone {
    loop {
        let start = Abalone::start_names()[rng.random_range(0..3)];
        let mut pos = Abalone::start(start, rng).unwrap();
        let plies = rng.random_range(0..90);
        let mut moves = Vec::new();
        for _ in 0..plies {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let captures: Vec<_> = moves.iter().copied().filter(|m| m.pushes_off()).collect();
            let mv = if !captures.is_empty() && rng.random_bool(0.7) {
                captures[rng.random_range(0..captures.len())]
            } else {
                moves[rng.random_range(0..moves.len())]
            };
            pos.play(mv, rng);
        }
        if pos.status() != Status::Ongoing {
            continue;
        }
        // Every other position: one colour (or both) down to 9 marbles, so that the next
        // push-off wins and wins come inside the search horizon.
        if rng.random_bool(0.5) {
            let mut m = [pos.marbles(BLACK), pos.marbles(WHITE)];
            let colours: &[usize] = if rng.random_bool(0.5) { &[0, 1] } else { &[0] };
            let first = rng.random_range(0..2);
            for &c in colours {
                let c = (c + first) % 2;
                while m[c].count_ones() > 9 {
                    let k = rng.random_range(0..m[c].count_ones());
                    let bit = (0..128)
                        .filter(|&i| m[c] >> i & 1 == 1)
                        .nth(k as usize)
                        .unwrap();
                    m[c] &= !(1u128 << bit);
                }
            }
            pos = Abalone::from_parts(m[0], m[1], pos.side_to_move()).unwrap();
        }
        return pos;
    }
}

#[test]
fn every_variant_returns_the_minimax_value() {
    let mut rng = GameRng::seed_from_u64(2027);
    let n = Abalone::feature_info().len();
    let (mut wins_seen, mut capped) = (0, 0);
    for case in 0..24 {
        let pos = random_position(&mut rng);
        // Small integer weights make equal scores common: ties and cut-offs at the
        // window edges are where a wrong bound would show.
        let weights: Vec<f64> = (0..n).map(|_| rng.random_range(-3..=3) as f64).collect();
        let role = rng.random_range(0..2);
        let mut rules = MatchRules::UNCAPPED;
        if case % 4 == 0 {
            rules = MatchRules {
                ply_cap: pos.ply() + rng.random_range(1..3),
                adjudicate: case % 8 == 0,
            };
            capped += 1;
        }
        let max_depth = if case % 6 == 0 { 3 } else { 2 };
        for depth in 1..=max_depth {
            let mut eval = Evaluator::new::<Abalone>(role, &weights);
            let want = minimax(&mut { pos }, depth, &rules, &mut eval);
            if want.abs() > weightforge::tunables::WIN_THRESHOLD {
                wins_seen += 1;
            }
            for (name, opts) in variants() {
                let mut searcher = Searcher::<Abalone>::new(opts, 12);
                let limits = SearchLimits::depth(depth).with_rules(rules);
                let got = searcher.search(&pos, &mut eval, &limits, &mut rng);
                assert_eq!(
                    got.score,
                    want,
                    "case {case}, {name}, depth {depth}, position {}",
                    pos.to_text()
                );
            }
        }
    }
    assert!(capped > 0);
    assert!(wins_seen > 0, "no win inside the horizon was searched");
}

/// GuaraAI as the COMP 3981 report defines it, computed cell by cell: 25 per marble
/// pushed off, 4 per concentric-ring step towards the centre, 1 per adjacent own pair.
fn guara_by_hand(pos: &Abalone, role: usize) -> f64 {
    let ring_score = |colour: usize| -> f64 {
        (0..128)
            .filter(|&i| pos.marbles(colour) >> i & 1 == 1)
            .map(|i| 4.0 - ring_of(i) as f64)
            .sum()
    };
    let pairs = |colour: usize| -> f64 {
        let m = pos.marbles(colour);
        let mut n = 0;
        for i in (0..128).filter(|&i| m >> i & 1 == 1) {
            for step in [11i32, 1, -10, -11, -1, 10] {
                let j = i + step;
                if (0..128).contains(&j) && m >> j & 1 == 1 {
                    n += 1;
                }
            }
        }
        n as f64 / 2.0
    };
    let opp = 1 - role;
    25.0 * (pos.lost(opp) as f64 - pos.lost(role) as f64)
        + 4.0 * (ring_score(role) - ring_score(opp))
        + (pairs(role) - pairs(opp))
}

#[test]
fn the_guara_genome_is_the_course_heuristic() {
    let PlayerSpec::Genome(g) = PlayerSpec::resolve::<Abalone>("guara").unwrap() else {
        panic!("guara is a genome");
    };
    assert_eq!(g.depth, [3, 3]);
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abalone/positions.txt"
    ))
    .unwrap();
    let mut checked = 0;
    for line in text.lines().filter_map(|l| l.strip_prefix("position ")) {
        let pos = Abalone::parse(line).unwrap();
        for role in [BLACK, WHITE] {
            let mut eval = Evaluator::new::<Abalone>(role, &g.weights[role]);
            let want = guara_by_hand(&pos, role);
            assert!((eval.value(&pos) - want).abs() < 1e-6, "{line}");
            checked += 1;
        }
    }
    assert_eq!(checked, 400);
}

#[test]
fn the_chorus_genome_values_a_marble_at_1000() {
    let PlayerSpec::Genome(g) = PlayerSpec::resolve::<Abalone>("chorus2009").unwrap() else {
        panic!("chorus2009 is a genome");
    };
    assert_eq!(g.depth, [3, 3]);
    for role in [BLACK, WHITE] {
        let w = &g.weights[role];
        assert_eq!((w[0], w[1]), (-1000.0, 1000.0));
        // The positional terms together stay below one marble in the standard start
        // (all zero there) and after any first move.
        let mut eval = Evaluator::new::<Abalone>(role, w);
        let start = Abalone::new();
        let mut moves = Vec::new();
        start.legal_moves(&mut moves);
        for m in moves {
            let mut p = start;
            p.make(m, ());
            assert!(eval.value(&p).abs() < 500.0);
        }
    }
}

/// Black has lost 1 marble, white 2, and no push is possible for a while.
const AHEAD: &str = "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,\
                     G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w";

#[test]
fn matches_adjudicate_at_the_cap_only_when_asked() {
    let settings = |adjudicate| MatchSettings {
        starts: vec![AHEAD.to_string()],
        opening_plies: 0,
        ply_cap: 4,
        depth: None,
        nodes: None,
        move_time_ms: None,
        adjudicate,
    };
    let (a, b) = (PlayerSpec::Random, PlayerSpec::Random);
    let drawn = play_match::<Abalone>(&a, &b, &settings(false), 3, 4);
    assert_eq!(drawn.wdl.draws, 8);
    let decided = play_match::<Abalone>(&a, &b, &settings(true), 3, 4);
    // Black (fewer marbles lost) wins every game: A wins as black, loses as white.
    assert_eq!(decided.by_role[0].wins, 4);
    assert_eq!(decided.by_role[1].losses, 4);
    assert_eq!(decided.wdl.draws, 0);

    let mut rng = GameRng::seed_from_u64(1);
    let openings = settings(true).openings::<Abalone>().unwrap();
    assert!(openings.rules().adjudicate);
    let _: Abalone = openings.draw(0, &mut rng, None).unwrap();
    let openings = settings(false).openings::<Abalone>().unwrap();
    assert!(!openings.rules().adjudicate);
    let _: Abalone = openings.draw(0, &mut rng, None).unwrap();
}

#[test]
fn the_tuning_experiment_is_valid() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/experiments/abalone.ron");
    let exp = Experiment::load(path.as_ref()).unwrap();
    let r = exp.resolve::<Abalone>(path).unwrap();
    assert_eq!(r.starts, ["standard", "german_daisy", "belgian_daisy"]);
    assert!(exp.openings.plies > 0, "openings are randomised");
    let names: Vec<&str> = r.opponents.iter().map(|o| o.name.as_str()).collect();
    assert_eq!(names, ["guara", "chorus2009"]);

    // `adjudicate` is optional and off by default.
    let text = std::fs::read_to_string(path).unwrap();
    let without: String = text
        .lines()
        .filter(|l| !l.trim_start().starts_with("adjudicate:"))
        .collect::<Vec<_>>()
        .join("\n");
    assert!(!Experiment::parse(&without, "x").unwrap().adjudicate);
}
