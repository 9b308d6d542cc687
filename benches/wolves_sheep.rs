//! Wolves & Sheep speed on one core: perft leaves per second and search nodes per
//! second. Run with `cargo bench --bench wolves_sheep`; throughput is reported in
//! elements (leaves or nodes) per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use rand::SeedableRng;
use weightforge::eval::Evaluator;
use weightforge::game::{perft, Game, GameRng};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;
use weightforge::search::{SearchLimits, SearchOptions, Searcher};

const SEARCH_POSITIONS: [&str; 4] = [
    "SSSSS/SSSSS/...../...../.W.W. w",
    "SSSSS/S.S.S/.S.../....W/..W.. s",
    "S.S../SS.S./..SSS/....W/W.... w",
    "SSS.S/S.SS./.SS../W.S../..W.. s",
];

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
    let positions: Vec<WolvesSheep> = SEARCH_POSITIONS
        .iter()
        .map(|t| WolvesSheep::parse(t).expect("bench positions are valid"))
        .collect();
    let depth = 9;
    let mut searcher = Searcher::<WolvesSheep>::new(SearchOptions::default(), 18);
    let run = |searcher: &mut Searcher<WolvesSheep>| -> u64 {
        positions
            .iter()
            .map(|pos| {
                let role = pos.side_to_move();
                let mut eval = Evaluator::new::<WolvesSheep>(role, &genome.weights[role]);
                let mut rng = GameRng::seed_from_u64(1);
                searcher.new_game();
                searcher
                    .search(pos, &mut eval, &SearchLimits::depth(depth), &mut rng)
                    .nodes
            })
            .sum()
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
