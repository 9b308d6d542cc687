//! Abalone speed: perft from the standard start (moves per second, with and without
//! bulk counting at the last ply), move generation, move counting and features per
//! position over the 200 oracle positions, and alpha-beta search (nodes per second)
//! with the GuaraAI genome on the positions `weightforge bench` searches.
//!
//! `cargo bench --bench abalone -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use weightforge::eval::Evaluator;
use weightforge::game::{perft, Game, GameRng};
use weightforge::games::abalone::features::FEATURES;
use weightforge::games::abalone::Abalone;
use weightforge::player::PlayerSpec;
use weightforge::search::{SearchLimits, SearchOptions, Searcher};

/// The starts and two positions of the oracle (as in `weightforge bench`).
const SEARCH_POSITIONS: [&str; 5] = [
    "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b,\
     G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w",
    "b B1b,B2b,C1b,C2b,C3b,D2b,D3b,F7b,F8b,G7b,G8b,G9b,H8b,H9b,\
     B5w,B6w,C5w,C6w,C7w,D6w,D7w,F3w,F4w,G3w,G4w,G5w,H4w,H5w",
    "b A1b,A2b,B1b,B2b,B3b,C2b,C3b,G7b,G8b,H7b,H8b,H9b,I8b,I9b,\
     A4w,A5w,B4w,B5w,B6w,C5w,C6w,G4w,G5w,H4w,H5w,H6w,I5w,I6w",
    "w A2b,A3b,A4b,B1b,B2b,B3b,B4b,C1b,C3b,C4b,C7b,D6b,D8b,E6b,\
     E4w,E5w,F5w,G5w,G6w,G7w,H4w,H5w,H6w,H8w,H9w,I7w,I8w,I9w",
    "b A2b,A3b,A5b,B1b,B2b,B4b,B5b,B6b,C1b,C3b,D4b,E2b,F4b,F6b,\
     D7w,E3w,E7w,F5w,F8w,F9w,G5w,G7w,G8w,H8w,H9w,I5w,I7w,I8w",
];

fn oracle_positions() -> Vec<Abalone> {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/abalone/positions.txt"
    );
    let text = std::fs::read_to_string(path).expect("oracle positions are present");
    text.lines()
        .filter_map(|l| l.strip_prefix("position "))
        .map(|p| Abalone::parse(p).expect("oracle position"))
        .collect()
}

fn bench_perft(c: &mut Criterion) {
    let mut group = c.benchmark_group("abalone_perft3_standard");
    group.throughput(Throughput::Elements(98_912));
    group.bench_function("bulk_count", |b| {
        let mut pos = Abalone::new();
        b.iter(|| assert_eq!(pos.perft_bulk(black_box(3)), 98_912));
    });
    group.bench_function("list_leaves", |b| {
        let mut pos = Abalone::new();
        b.iter(|| assert_eq!(perft(&mut pos, black_box(3)), 98_912));
    });
    group.finish();
}

fn bench_per_position(c: &mut Criterion) {
    let positions = oracle_positions();
    let mut group = c.benchmark_group("abalone_per_position");
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("legal_moves", |b| {
        let mut moves = Vec::with_capacity(128);
        b.iter(|| {
            let mut n = 0;
            for pos in &positions {
                black_box(pos).legal_moves(&mut moves);
                n += moves.len();
            }
            n
        });
    });
    group.bench_function("count_moves", |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|p| black_box(p).count_moves())
                .sum::<u32>()
        });
    });
    group.bench_function("make_unmake_all_moves", |b| {
        let mut moves = Vec::with_capacity(128);
        b.iter(|| {
            let mut h = 0u64;
            for pos in &positions {
                let mut p = *pos;
                p.legal_moves(&mut moves);
                for &m in &moves {
                    let undo = p.make(m, ());
                    h ^= p.hash();
                    p.unmake(m, undo);
                }
            }
            h
        });
    });
    group.bench_function("features", |b| {
        let mut out = vec![0.0f32; FEATURES.len()];
        b.iter(|| {
            for pos in &positions {
                black_box(pos).features(pos.side_to_move(), &mut out);
            }
            out[0]
        });
    });
    group.finish();
}

/// Searches every position to `depth` with fresh tables; returns the nodes visited.
fn search_all(searcher: &mut Searcher<Abalone>, weights: &[Vec<f64>; 2], depth: u32) -> u64 {
    let mut nodes = 0;
    for text in SEARCH_POSITIONS {
        let pos = Abalone::parse(text).expect("bench position");
        let role = pos.side_to_move();
        let mut eval = Evaluator::new::<Abalone>(role, &weights[role]);
        searcher.new_game();
        let r = searcher.search(
            &pos,
            &mut eval,
            &SearchLimits::depth(depth),
            &mut GameRng::seed_from_u64(1),
        );
        nodes += r.nodes;
    }
    nodes
}

fn bench_search(c: &mut Criterion) {
    let PlayerSpec::Genome(genome) = PlayerSpec::resolve::<Abalone>("guara").expect("built in")
    else {
        unreachable!("guara is a genome");
    };
    let mut group = c.benchmark_group("abalone_search_guara");
    group.sample_size(10);
    for depth in [4, 5] {
        let mut searcher = Searcher::<Abalone>::new(SearchOptions::default(), 18);
        // The node count is a pure function of the positions and the depth.
        let nodes = search_all(&mut searcher, &genome.weights, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth{depth}_nodes"), |b| {
            b.iter(|| assert_eq!(search_all(&mut searcher, &genome.weights, depth), nodes));
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_per_position, bench_search);
criterion_main!(benches);
