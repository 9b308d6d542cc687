//! Speed of every game of the registry on one core, from the game's own fixed positions
//! ([`GameEntry::BENCH`], the ones `weightforge bench` measures): perft leaves per second
//! and search nodes per second with the bench genome at the bench depth. A game added to
//! the registry gets its rows here without an edit. Run with `cargo bench --bench games`
//! (one game: `cargo bench --bench games -- connect_four`); throughput is reported in
//! elements (leaves or nodes) per second.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use weightforge::bench::{positions, search_nodes};
use weightforge::game::{perft, GameEntry};
use weightforge::genome::Genome;
use weightforge::registry::GameId;
use weightforge::search::{SearchOptions, Searcher};

/// Perft over the game's bench positions at their depths.
fn perft_bench<G: GameEntry>(c: &mut Criterion) {
    let set = G::BENCH;
    let starts = positions::<G>(&set.perft.iter().map(|(t, _)| *t).collect::<Vec<_>>())
        .expect("bench positions are valid");
    let run = || -> u64 {
        let depths = set.perft.iter().map(|(_, d)| *d);
        starts
            .iter()
            .zip(depths)
            .map(|(p, d)| perft(&mut p.clone(), d))
            .sum()
    };
    let mut group = c.benchmark_group(format!("{}_perft", G::NAME));
    group.throughput(Throughput::Elements(run()));
    group.sample_size(10);
    group.bench_function("bench_positions", |b| b.iter(run));
    group.finish();
}

/// The search over the game's bench positions, with its bench genome and depth.
fn search_bench<G: GameEntry>(c: &mut Criterion) {
    let set = G::BENCH;
    let (name, text) = G::BUILTIN_GENOMES
        .iter()
        .find(|(n, _)| *n == set.genome)
        .expect("the bench genome is built in");
    let genome = Genome::parse::<G>(text, name).expect("the bench genome is valid");
    let positions = positions::<G>(set.search).expect("bench positions are valid");
    let mut searcher = Searcher::<G>::new(SearchOptions::default(), 18);
    let run = |s: &mut Searcher<G>| search_nodes(s, &positions, &genome.weights, set.depth);
    let nodes = run(&mut searcher);
    let mut group = c.benchmark_group(format!("{}_search", G::NAME));
    group.throughput(Throughput::Elements(nodes));
    group.sample_size(10);
    group.bench_function(format!("{}_depth_{}", set.genome, set.depth), |b| {
        b.iter(|| run(&mut searcher))
    });
    group.finish();
}

fn every_game(c: &mut Criterion) {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => {
            perft_bench::<G>(c);
            search_bench::<G>(c);
        });
    }
}

criterion_group!(benches, every_game);
criterion_main!(benches);
