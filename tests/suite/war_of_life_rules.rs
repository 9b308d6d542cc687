//! War of Life starts, the move limit and the strategies as feature sums.

use rand::{RngExt, SeedableRng};
use weightforge::game::{Features, Game, GameExt, GameRng, Status};
use weightforge::games::war_of_life::bitboard::CELLS;
use weightforge::games::war_of_life::{WarOfLife, BLUE, MOVE_LIMIT, RED};

fn random_start(seed: u64) -> WarOfLife {
    WarOfLife::start("random", &mut GameRng::seed_from_u64(seed)).unwrap()
}

#[test]
fn random_start_is_a_pure_function_of_the_seed() {
    for seed in 0..200 {
        let a = random_start(seed);
        assert_eq!(a, random_start(seed), "seed {seed}");
        assert_eq!(a.blue().count_ones(), 12, "seed {seed}");
        assert_eq!(a.red().count_ones(), 12, "seed {seed}");
        assert_eq!(a.blue() & a.red(), 0, "seed {seed}");
        assert_eq!(a.side_to_move(), BLUE);
        assert_eq!(a.ply(), 0);
    }
    assert_ne!(random_start(1), random_start(2));
    // The same rng continues to a different start.
    let mut rng = GameRng::seed_from_u64(7);
    let first = WarOfLife::start("random", &mut rng).unwrap();
    let second = WarOfLife::start("random", &mut rng).unwrap();
    assert_ne!(first, second);
}

#[test]
fn random_starts_spread_evenly_over_the_cells() {
    // Every cell is blue with probability 12/64 and red with 12/64: over 6400 starts
    // that is 1200 each, standard deviation about 31; allow six of them.
    let (mut blue, mut red) = ([0u32; CELLS], [0u32; CELLS]);
    let mut rng = GameRng::seed_from_u64(2024);
    for _ in 0..6400 {
        let p = WarOfLife::start("random", &mut rng).unwrap();
        for sq in 0..CELLS {
            blue[sq] += (p.blue() >> sq & 1) as u32;
            red[sq] += (p.red() >> sq & 1) as u32;
        }
    }
    for sq in 0..CELLS {
        assert!(
            (1014..=1386).contains(&blue[sq]),
            "cell {sq}: blue {}",
            blue[sq]
        );
        assert!(
            (1014..=1386).contains(&red[sq]),
            "cell {sq}: red {}",
            red[sq]
        );
    }
}

#[test]
fn a_position_text_is_a_start() {
    let mut rng = GameRng::seed_from_u64(0);
    let p = WarOfLife::start("[[[1,1],[1,2],[2,1]],[[8,8]]] r", &mut rng).unwrap();
    assert_eq!(p.side_to_move(), RED);
    assert_eq!(p.to_text(), "[[[1,1],[1,2],[2,1]],[[8,8]]] r");
    let e = WarOfLife::start("randomly", &mut rng).unwrap_err();
    assert!(
        e.message.contains("not a start name (random)"),
        "{}",
        e.message
    );
    assert_eq!(WarOfLife::start_names(), ["random"]);
}

#[test]
fn the_move_limit_ends_the_game_as_exhausted() {
    // Random games 4 plies before the limit: those still going at the limit are
    // exhausted.
    let mut rng = GameRng::seed_from_u64(3);
    let mut exhausted = 0;
    for seed in 0..50 {
        let mut pos = random_start(seed);
        pos.set_ply(MOVE_LIMIT - 4);
        let mut moves = Vec::new();
        loop {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv, &mut rng);
        }
        let word = pos.status_word(pos.status());
        if pos.ply() == MOVE_LIMIT {
            assert_eq!(word, "exhausted", "seed {seed}");
            assert_eq!(pos.status(), Status::Draw);
            exhausted += 1;
        } else {
            assert!(pos.ply() < MOVE_LIMIT);
            assert_ne!(word, "exhausted", "seed {seed}");
        }
    }
    assert!(exhausted > 0);
}

#[test]
fn feature_sums_give_the_course_strategies() {
    // land_grab's choice by features equals its choice by counting the cranked board.
    let pos = random_start(11);
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let own = WarOfLife::feature_index("own_pieces").unwrap();
    let opp = WarOfLife::feature_index("opponent_pieces").unwrap();
    let mut f = vec![0.0; WarOfLife::feature_info().len()];
    for &mv in &moves {
        let mut after = pos;
        after.make(mv, ());
        after.features(BLUE, &mut f);
        let (b, r) = pos.board_after(mv);
        assert_eq!(
            f[own] - f[opp],
            b.count_ones() as f32 - r.count_ones() as f32
        );
        assert_eq!(-f[opp], -(r.count_ones() as f32)); // bloodlust
        assert_eq!(f[own], b.count_ones() as f32); // self_preservation
    }
    for info in WarOfLife::feature_info() {
        assert!(!info.meaning.is_empty(), "{}", info.name);
    }
}

#[test]
fn random_play_looks_like_the_referees() {
    // The README's random-vs-random run: 184 blue, 194 red, 22 draws of 400 games,
    // 11.35 plies on average. 4000 games here; the bounds are several standard errors.
    let mut rng = GameRng::seed_from_u64(99);
    let (mut wins, mut draws, mut plies) = ([0u32; 2], 0u32, 0u32);
    let mut moves = Vec::new();
    let games = 4000;
    for _ in 0..games {
        let mut pos = WarOfLife::start("random", &mut rng).unwrap();
        loop {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.play(mv, &mut rng);
        }
        plies += pos.ply();
        match pos.status() {
            Status::Win(r) => wins[r] += 1,
            Status::Draw => draws += 1,
            Status::Ongoing => panic!("a game without moves must be over"),
        }
    }
    let mean = plies as f64 / games as f64;
    eprintln!("random vs random: wins {wins:?}, draws {draws}, mean plies {mean:.2}");
    assert!((10.5..12.5).contains(&mean), "mean length {mean}");
    assert!((100..=400).contains(&draws), "draws {draws}");
    for w in wins {
        assert!((1650..=2150).contains(&w), "wins {wins:?}");
    }
}

/// The number of leaves of the move tree counted the slow way: moves by scanning the
/// 8 directions of every cell with bounds checks, the crank cell by cell, and the end
/// of the game by the referee's order written out again.
fn naive_perft(blue: u64, red: u64, side: usize, ply: u32, cap: u32, depth: u32) -> u64 {
    use weightforge::games::war_of_life::crank::crank_reference;
    if depth == 0 {
        return 1;
    }
    if blue | red == 0 || ply >= cap || blue == 0 || red == 0 {
        return 0;
    }
    let own = if side == BLUE { blue } else { red };
    let mut total = 0;
    for sq in 0..64i32 {
        if own >> sq & 1 == 0 {
            continue;
        }
        for dr in -1..=1i32 {
            for dc in -1..=1i32 {
                let (r, c) = (sq / 8 + dr, sq % 8 + dc);
                if (dr, dc) == (0, 0) || !(0..8).contains(&r) || !(0..8).contains(&c) {
                    continue;
                }
                let to = r * 8 + c;
                if (blue | red) >> to & 1 == 1 {
                    continue;
                }
                let step = (1u64 << sq) | (1u64 << to);
                let (b, rd) = if side == BLUE {
                    crank_reference(blue ^ step, red)
                } else {
                    crank_reference(blue, red ^ step)
                };
                total += if depth == 1 {
                    1
                } else {
                    naive_perft(b, rd, 1 - side, ply + 1, cap, depth - 1)
                };
            }
        }
    }
    total
}

#[test]
fn perft_matches_a_naive_tree_walk() {
    use weightforge::game::perft;
    for seed in 0..6 {
        let mut pos = random_start(seed);
        pos.set_ply(MOVE_LIMIT - (2 + seed as u32 % 3)); // some trees hit the move limit
        for depth in 1..=3 {
            let want = naive_perft(pos.blue(), pos.red(), BLUE, pos.ply(), MOVE_LIMIT, depth);
            assert_eq!(perft(&mut pos, depth), want, "seed {seed} depth {depth}");
        }
    }
    let mut pos = random_start(42);
    eprintln!(
        "perft from seed 42: {:?}",
        (1..=3).map(|d| perft(&mut pos, d)).collect::<Vec<_>>()
    );
}
