//! Wolves & Sheep speed on one core: perft leaves per second and search nodes per
//! second. Run with `cargo bench --bench wolves_sheep`; throughput is reported in
//! elements (leaves or nodes) per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use weightforge::bench::{positions, search_nodes};
use weightforge::game::{perft, GameEntry};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;
use weightforge::search::{SearchOptions, Searcher};

fn perft_bench(c: &mut Criterion) {
    let start = WolvesSheep::new();
    let leaves = perft(&mut start.clone(), 7);
    let mut group = c.benchmark_group("wolves_sheep_perft");
    group.throughput(Throughput::Elements(leaves));
    group.bench_function("start_depth_7", |b| b.iter(|| perft(&mut start.clone(), 7)));
    group.finish();
}

fn search_bench(c: &mut Criterion) {
    let genome = Genome::parse::<WolvesSheep>(
        include_str!("../genomes/wolves_sheep/li2023.ron"),
        "li2023.ron",
    )
    .expect("the reference genome is valid");
    // The positions `weightforge bench` searches (src/bench.rs), at depth 9.
    let set = WolvesSheep::BENCH;
    let positions = positions::<WolvesSheep>(set.search).expect("bench positions are valid");
    let depth = 9;
    let mut searcher = Searcher::<WolvesSheep>::new(SearchOptions::default(), 18);
    let run = |searcher: &mut Searcher<WolvesSheep>| -> u64 {
        search_nodes(searcher, &positions, &genome.weights, depth)
    };
    let nodes = run(&mut searcher);
    let mut group = c.benchmark_group("wolves_sheep_search");
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(20);
    group.bench_function("li2023_depth_9", |b| b.iter(|| run(&mut searcher)));
    group.finish();
}

criterion_group!(benches, perft_bench, search_bench);
criterion_main!(benches);
