//! Abalone speed: perft from the standard start (moves per second, with and without
//! bulk counting at the last ply), move generation, move counting and features per
//! position over the 200 oracle positions, and alpha-beta search (nodes per second)
//! with the GuaraAI genome on the positions `weightforge bench` searches.
//!
//! `cargo bench --bench abalone -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use weightforge::bench::{positions, search_nodes};
use weightforge::game::{perft, Features, Game, GameEntry};
use weightforge::games::abalone::features::FEATURES;
use weightforge::games::abalone::Abalone;
use weightforge::player::PlayerSpec;
use weightforge::search::{SearchOptions, Searcher};

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

fn bench_search(c: &mut Criterion) {
    let PlayerSpec::Genome(genome) = PlayerSpec::resolve::<Abalone>("guara").expect("built in")
    else {
        unreachable!("guara is a genome");
    };
    let mut group = c.benchmark_group("abalone_search_guara");
    group.sample_size(10);
    // The positions `weightforge bench` searches (src/bench.rs).
    let set = Abalone::BENCH;
    let positions = positions::<Abalone>(set.search).expect("bench positions");
    for depth in [4, 5] {
        let mut searcher = Searcher::<Abalone>::new(SearchOptions::default(), 18);
        // The node count is a pure function of the positions and the depth.
        let nodes = search_nodes(&mut searcher, &positions, &genome.weights, depth);
        group.throughput(Throughput::Elements(nodes));
        group.bench_function(format!("depth{depth}_nodes"), |b| {
            b.iter(|| {
                assert_eq!(
                    search_nodes(&mut searcher, &positions, &genome.weights, depth),
                    nodes
                )
            });
        });
    }
    group.finish();
}

criterion_group!(benches, bench_perft, bench_per_position, bench_search);
criterion_main!(benches);
