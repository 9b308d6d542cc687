//! War of Life speed: the crank alone, features, perft from a seeded random start, and
//! search nodes per second (the coursework's minimax evaluation, searched deeper).
//!
//! `cargo bench --bench war_of_life -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use weightforge::bench::{positions, search_nodes};
use weightforge::game::{perft, Features, Game, GameEntry, GameRng};
use weightforge::games::war_of_life::crank::crank;
use weightforge::games::war_of_life::notation::parse_board;
use weightforge::games::war_of_life::{WarOfLife, BLUE};
use weightforge::player::PlayerSpec;
use weightforge::search::{SearchOptions, Searcher};

/// Fixed boards: the referee's diagonal cross, a sparse one, a dense one, a start.
fn boards() -> Vec<(&'static str, u64, u64)> {
    let cross = parse_board(
        "[[[1,1],[2,2],[3,3],[4,4],[5,5],[6,6],[7,7],[8,8]],[[1,8],[2,7],[3,6],[4,5],[5,4],[6,3],[7,2],[8,1]]]",
    )
    .expect("fixed board");
    let sparse =
        parse_board("[[[2,1],[4,4],[4,5]],[[2,8],[5,1],[8,2],[8,8]]]").expect("fixed board");
    let dense = (0x9E37_79B9_7F4A_7C15_u64, 0x6A09_E667_F3BC_C908_u64);
    let dense = (dense.0 & !dense.1, dense.1 & !dense.0);
    let start = WarOfLife::start("random", &mut GameRng::seed_from_u64(42)).expect("start");
    vec![
        ("cross", cross.0, cross.1),
        ("sparse", sparse.0, sparse.1),
        ("dense", dense.0, dense.1),
        ("start42", start.blue(), start.red()),
    ]
}

fn bench_crank(c: &mut Criterion) {
    let mut group = c.benchmark_group("war_of_life_crank");
    for (name, blue, red) in boards() {
        group.bench_function(name, |b| b.iter(|| crank(black_box(blue), black_box(red))));
    }
    // 64 generations in a row: each crank waits for the previous one (latency).
    let (_, blue, red) = boards()[2];
    group.bench_function("chain_of_64", |b| {
        b.iter(|| {
            let (mut nb, mut nr) = (black_box(blue), black_box(red));
            for _ in 0..64 {
                (nb, nr) = crank(nb, nr);
                // Reseed so the chain never settles into an empty board.
                nb |= blue & !nr;
            }
            (nb, nr)
        })
    });
    group.finish();
}

fn bench_position(c: &mut Criterion) {
    let start = WarOfLife::start("random", &mut GameRng::seed_from_u64(42)).expect("start");
    let mut group = c.benchmark_group("war_of_life");
    let mut f = vec![0.0f32; WarOfLife::feature_info().len()];
    group.bench_function("features", |b| {
        b.iter(|| {
            black_box(&start).features(BLUE, &mut f);
            f[0]
        })
    });
    let mut moves = Vec::new();
    group.bench_function("legal_moves", |b| {
        b.iter(|| {
            black_box(&start).legal_moves(&mut moves);
            moves.len()
        })
    });
    for depth in [2, 3] {
        let mut pos = start;
        group.bench_function(format!("perft{depth}"), |b| {
            b.iter(|| perft(black_box(&mut pos), depth))
        });
    }
    group.finish();
}

/// Alpha-beta with every technique on, on the coursework's land-grab measure (the
/// `minimax` genome's weights) at depths 4 and 5 over the four positions; throughput is
/// search nodes (every position entered), so criterion reports nodes per second.
fn bench_search(c: &mut Criterion) {
    let PlayerSpec::Genome(genome) = PlayerSpec::resolve::<WarOfLife>("minimax").expect("built in")
    else {
        panic!("minimax is a genome");
    };
    // The positions `weightforge bench` searches (src/bench.rs).
    let set = WarOfLife::BENCH;
    let positions = positions::<WarOfLife>(set.search).expect("fixed positions");
    let mut searcher = Searcher::<WarOfLife>::new(SearchOptions::default(), 16);
    let mut search_all =
        |depth: u32| -> u64 { search_nodes(&mut searcher, &positions, &genome.weights, depth) };
    let mut group = c.benchmark_group("war_of_life_search");
    for depth in [4, 5] {
        let nodes = search_all(depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("minimax_eval_depth{depth}"), |b| {
            b.iter(|| search_all(black_box(depth)))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_crank, bench_position, bench_search);
criterion_main!(benches);
