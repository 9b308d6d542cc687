//! Rules of Vampires vs Werewolves against the facts spec (§6–§8): battle statistics,
//! chance outcomes, make/unmake, generated plies, notation and the end of the game.

use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use weightforge::game::{Features, Game, GameRng, MatchRules, Status};
use weightforge::games::vampires_werewolves::battle::Battle;
use weightforge::games::vampires_werewolves::ply::apply_ply;
use weightforge::games::vampires_werewolves::{
    Cells, Content, Coord, Kind, Map, VvwMove, VvwOutcome, VvwPosition, VAMPIRES, WEREWOLVES,
};

const DATA: &str = concat!(
    env!("CARGO_MANIFEST_DIR"),
    "/tests/data/vampires_werewolves/maps/"
);

/// Samples `mv` `n` times; returns (win rate, mean survivors after a win, mean after a loss).
fn battle_stats(text: &str, mv: &str, target: Coord, n: usize) -> (f64, f64, f64) {
    let pos = VvwPosition::parse(text).unwrap();
    let mv = pos.parse_move(mv).unwrap();
    let mover = Kind::monster(pos.side_to_move());
    let mut rng = GameRng::seed_from_u64(2015);
    let (mut wins, mut won_sum, mut lost_sum) = (0usize, 0u64, 0u64);
    for _ in 0..n {
        let mut p = pos;
        let outcome = p.sample_outcome(mv, &mut rng);
        let defender = p.get(target).kind();
        p.make(mv, outcome);
        let result = outcome.result(0);
        let cell = p.get(target);
        // make applies exactly the drawn result (0 survivors leave the cell empty).
        let holder = if result.attacker_won { mover } else { defender };
        assert_eq!(cell, Content::new(holder, result.survivors));
        if result.attacker_won {
            wins += 1;
            won_sum += result.survivors as u64;
        } else {
            lost_sum += result.survivors as u64;
        }
    }
    let losses = n - wins;
    (
        wins as f64 / n as f64,
        won_sum as f64 / wins as f64,
        lost_sum as f64 / losses as f64,
    )
}

#[test]
fn five_vampires_against_ten_humans() {
    // §7.3 [run]: attacker wins 25 %, mean 3.75 survivors (15 × 0.25); on a loss 7.5 humans.
    let (rate, won, lost) = battle_stats(
        "3x3 v 0,0:v5 1,1:h10 2,2:w3",
        "0,0>1,1:5",
        Coord::new(1, 1),
        40_000,
    );
    assert!((rate - 0.25).abs() < 0.01, "win rate {rate}");
    assert!((won - 3.75).abs() < 0.05, "mean survivors {won}");
    assert!((lost - 7.5).abs() < 0.05, "mean humans left {lost}");
}

#[test]
fn twelve_werewolves_against_ten_vampires() {
    // §7.3 [run]: 12 vs 10 werewolves → wins 70 %, mean 8.4; on a loss 10 × 0.3 = 3.
    let (rate, won, lost) = battle_stats(
        "3x3 w 0,0:w12 1,1:v10 2,2:v1",
        "0,0>1,1:12",
        Coord::new(1, 1),
        40_000,
    );
    assert!((rate - 0.7).abs() < 0.01, "win rate {rate}");
    assert!((won - 8.4).abs() < 0.05, "mean survivors {won}");
    assert!((lost - 3.0).abs() < 0.05, "mean defenders left {lost}");
}

#[test]
fn draws_come_in_the_official_order() {
    // One draw for the winner, then one per human, then one per attacker.
    let battle = Battle {
        attackers: 5,
        defenders: 10,
        humans: true,
    };
    for seed in 0..200 {
        let got = battle.sample(&mut GameRng::seed_from_u64(seed));
        let mut rng = GameRng::seed_from_u64(seed);
        let won = rng.random::<f64>() < 0.25;
        let want = if won {
            (0..15).filter(|_| rng.random::<f64>() < 0.25).count()
        } else {
            (0..10).filter(|_| rng.random::<f64>() < 0.75).count()
        };
        assert_eq!(
            (got.attacker_won, got.survivors as usize),
            (won, want),
            "seed {seed}"
        );
    }
}

#[test]
fn outcomes_combine_battles_and_sum_to_one() {
    // Two battles at once: 3 vampires on 4 humans (P = 3/8), 4 on 3 werewolves (P = 5/6).
    let pos = VvwPosition::parse("4x4 v 1,1:v7 0,0:h4 2,2:w3 3,3:w1").unwrap();
    let mv = pos.parse_move("1,1>0,0:3;1,1>2,2:4").unwrap();
    let mut outs = Vec::new();
    pos.outcomes(mv, &mut outs);
    assert_eq!(outs.len(), 4);
    let total: f64 = outs.iter().map(|o| o.1).sum();
    assert!((total - 1.0).abs() < 1e-12);
    assert!((outs[0].1 - 3.0 / 8.0 * (4.0 / 3.0 - 0.5)).abs() < 1e-12);
    let mut both = pos;
    both.make(mv, outs[0].0);
    // Won both: round(3/8 · 7) = 3 vampires on 0,0; round(5/6 · 4) = 3 on 2,2.
    assert_eq!(both.to_text(), "4x4 w 0,0:v3 2,2:v3 3,3:w1");
    // A plain move has one outcome of probability 1.
    let quiet = pos.parse_move("1,1>1,0:7").unwrap();
    pos.outcomes(quiet, &mut outs);
    assert_eq!(outs, vec![(VvwOutcome::default(), 1.0)]);
}

#[test]
fn the_end_of_the_game() {
    // No vampires → werewolves win, checked first even when nobody is left.
    assert_eq!(
        VvwPosition::parse("2x2 v 0,0:h1").unwrap().status(),
        Status::Win(WEREWOLVES)
    );
    assert_eq!(
        VvwPosition::parse("2x2 v 0,0:v1").unwrap().status(),
        Status::Win(VAMPIRES)
    );
    // At the play limit the larger species wins; equal is a draw; humans do not count.
    let p = VvwPosition::parse("3x3 v 0,0:v5 2,2:w5 1,1:h9").unwrap();
    assert_eq!(p.status(), Status::Ongoing);
    assert_eq!(MatchRules::capped(0).status(&p), Status::Draw);
    let mut q = VvwPosition::parse("3x3 v 0,0:v5 2,2:w4").unwrap();
    let cap = MatchRules::capped(1);
    let mv = q.parse_move("0,0>1,0:5").unwrap();
    q.make(mv, VvwOutcome::default());
    assert_eq!(cap.status(&q), Status::Win(VAMPIRES));
    assert_eq!(q.status_word(cap.status(&q)), "vampires_win");
    let mut buf = Vec::new();
    cap.legal_moves(&q, &mut buf);
    assert!(buf.is_empty());
    // The default cap is MaxPlays = 200.
    assert_eq!(VvwPosition::DEFAULT_PLY_CAP, 200);
}

fn starts() -> Vec<VvwPosition> {
    let mut v: Vec<VvwPosition> = [
        "official_kit/all_in",
        "official_kit/testmap2",
        "official_kit/thetrap",
        "succo_twilight/map8",
        "succo_twilight/testmap",
    ]
    .iter()
    .map(|m| VvwPosition::from_map(&Map::load(format!("{DATA}{m}.xml")).unwrap()).unwrap())
    .collect();
    let mut rng = GameRng::seed_from_u64(1);
    v.push(VvwPosition::start("duel", &mut rng).unwrap());
    v.push(VvwPosition::start("random", &mut rng).unwrap());
    v
}

/// Checks every ply of `moves` in `pos`: legal, listed once, its text read back, its
/// outcomes a distribution, make/unmake and the dense grid agree.
fn check_plies(pos: &mut VvwPosition, moves: &[VvwMove], outs: &mut Vec<(VvwOutcome, f64)>) {
    for (i, &mv) in moves.iter().enumerate() {
        assert!(pos.check(mv.steps()).is_ok(), "{pos:?}: {mv:?} illegal");
        assert!(!moves[..i].contains(&mv), "{pos:?}: {mv:?} twice");
        assert_eq!(pos.parse_move(&pos.move_text(mv)).unwrap(), mv);
        pos.outcomes(mv, outs);
        let total: f64 = outs.iter().map(|o| o.1).sum();
        assert!(
            (total - 1.0).abs() < 1e-9 && outs.len() <= 8,
            "{mv:?}: {outs:?}"
        );
        for &(outcome, _) in outs.iter() {
            let before = *pos;
            let undo = pos.make(mv, outcome);
            assert_eq!(pos.hash(), pos.hash_from_scratch(), "{mv:?}");
            // The same ply on a dense grid gives the same board.
            let mut grid = before.to_grid();
            apply_ply(&mut grid, before.side_to_move(), mv.steps(), |g, _| {
                outcome.result(g)
            });
            assert_eq!(grid, pos.to_grid(), "{before:?} {mv:?}");
            pos.unmake(mv, undo);
            assert_eq!(*pos, before);
            assert_eq!(pos.hash(), before.hash());
        }
    }
}

/// Plays a random game from `start`, checking every invariant at every ply, for the
/// rules' plies and the search's.
fn check_random_game(mut pos: VvwPosition, seed: u64, plies: usize) -> usize {
    let mut rng = GameRng::seed_from_u64(seed);
    let mut moves = Vec::new();
    let mut searched = Vec::new();
    let mut outs = Vec::new();
    for played in 0..plies {
        pos.legal_moves(&mut moves);
        pos.search_moves(&mut searched);
        if pos.status() != Status::Ongoing {
            assert!(moves.is_empty() && searched.is_empty());
            return played;
        }
        assert!(!moves.is_empty(), "no ply in {pos:?}");
        assert!(!searched.is_empty(), "no ply to search in {pos:?}");
        check_plies(&mut pos, &moves, &mut outs);
        check_plies(&mut pos, &searched, &mut outs);
        let mv = moves[rng.random_range(0..moves.len())];
        let outcome = pos.sample_outcome(mv, &mut rng);
        pos.make(mv, outcome);
        let total_before: u32 = [Kind::Humans, Kind::Vampires, Kind::Werewolves]
            .iter()
            .map(|&k| pos.total(k))
            .sum();
        let dense: u32 = pos.occupied().map(|(_, c)| c.count() as u32).sum();
        assert_eq!(total_before, dense);
    }
    plies
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(128))]
    #[test]
    fn random_games_keep_every_invariant(start in 0usize..7, seed in any::<u64>(), plies in 1usize..60) {
        let pos = starts()[start];
        check_random_game(pos, seed, plies);
    }
}

#[test]
fn whole_random_games_keep_every_invariant() {
    let mut checked = 0;
    for (i, start) in starts().into_iter().enumerate() {
        for seed in 0..3 {
            checked += check_random_game(start, seed * 10 + i as u64, 200);
        }
    }
    eprintln!("{checked} plies checked");
    assert!(checked > 500, "only {checked} plies checked");
}

#[test]
fn whole_games_end_within_the_cap() {
    let mut rng = GameRng::seed_from_u64(99);
    let mut moves = Vec::new();
    for (i, start) in starts().into_iter().enumerate() {
        for _ in 0..5 {
            let mut pos = start;
            let rules = MatchRules::capped(VvwPosition::DEFAULT_PLY_CAP);
            while rules.status(&pos) == Status::Ongoing {
                rules.legal_moves(&pos, &mut moves);
                let mv = moves[rng.random_range(0..moves.len())];
                let outcome = pos.sample_outcome(mv, &mut rng);
                pos.make(mv, outcome);
            }
            assert!(pos.ply() <= 200, "start {i}");
        }
    }
}

#[test]
fn random_starts_are_drawn_from_the_rng() {
    let a = VvwPosition::start("random", &mut GameRng::seed_from_u64(5)).unwrap();
    let b = VvwPosition::start("random", &mut GameRng::seed_from_u64(5)).unwrap();
    assert_eq!(a, b);
    assert_eq!(a.total(Kind::Vampires), a.total(Kind::Werewolves));
    let from_file = VvwPosition::start(
        &format!("{DATA}official_kit/thetrap.xml"),
        &mut GameRng::seed_from_u64(0),
    )
    .unwrap();
    assert_eq!(
        from_file.to_text(),
        "5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2"
    );
    let e = VvwPosition::start("nonsense", &mut GameRng::seed_from_u64(0)).unwrap_err();
    assert!(e.message.contains("not a start name"), "{e}");
    let _: VvwMove = from_file.parse_move("4,3>3,2:4").unwrap();
}

#[test]
fn grids_up_to_255_by_255_work() {
    let mut p = VvwPosition::parse("255x255 v 254,254:v3 0,0:w3").unwrap();
    let mv = p.parse_move("254,254>253,253:3").unwrap();
    p.make(mv, VvwOutcome::default());
    assert_eq!(p.get(Coord::new(253, 253)).count(), 3);
    let mut moves = Vec::new();
    p.search_moves(&mut moves);
    assert_eq!(moves.len(), 3); // the werewolves' corner: three whole steps
    p.legal_moves(&mut moves);
    assert_eq!(moves.len(), 9); // and every count of 1 to 3 by the rules
}

#[test]
fn too_many_occupied_cells_is_a_clear_error() {
    let cells: Vec<String> = (0..129)
        .map(|i| format!("{},{}:h1", i % 20, i / 20))
        .collect();
    let text = format!("20x20 v 19,19:v1 {}", cells.join(" "));
    let e = VvwPosition::parse(&text).unwrap_err();
    assert!(e.message.contains("at most 128"), "{e}");
}
