//! `weightforge bench`: perft and search speed on fixed positions, one thread.
//! Compare figures measured in one run; the machine may be shared. The search part
//! searches the game's fixed positions to a fixed depth (the same tree every round,
//! checked by its node count) for about a CPU second and reports nodes per CPU second,
//! which other jobs on the machine disturb less than wall-clock time.

use std::time::Instant;

use anyhow::Result;
use rand::{RngExt, SeedableRng};
use weightforge::fit::design::{Design, Loss};
use weightforge::fit::samples::Samples;
use weightforge::game::{perft, Features, GameEntry};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::player::PlayerSpec;
use weightforge::registry::GameId;
use weightforge::search::{SearchOptions, Searcher};
use weightforge::tunables::BENCH_SEARCH_SECONDS;
use weightforge::tune::space::{Dim, Space};
use weightforge::with_game;

use super::args::BenchArgs;
use super::cpu::cpu_seconds;

/// `weightforge bench`; `threads` is the `--threads` list (only `--tuner` takes more
/// than one count).
pub fn bench(a: BenchArgs, threads: &[usize]) -> Result<()> {
    if a.tuner {
        return super::bench_tuner::run(&a, threads);
    }
    if a.texel {
        return bench_texel();
    }
    if a.depth_table {
        return super::depth_table::run(&a);
    }
    let games = match a.game {
        Some(g) => vec![g],
        None => GameId::ALL.to_vec(),
    };
    for id in games {
        with_game!(id, G => bench_game::<G>()?);
    }
    Ok(())
}

fn bench_game<G: GameEntry>() -> Result<()> {
    let set = G::BENCH;
    let mut leaves = 0u64;
    let t0 = Instant::now();
    for (text, depth) in set.perft {
        let mut pos = G::parse(text)?;
        leaves += perft(&mut pos, *depth);
    }
    let secs = t0.elapsed().as_secs_f64();
    println!(
        "{} perft: {leaves} leaves in {secs:.3} s = {:.1} M leaves/s",
        G::NAME,
        leaves as f64 / secs / 1e6
    );

    let PlayerSpec::Genome(genome) = PlayerSpec::resolve::<G>(set.genome)? else {
        anyhow::bail!("bench genome must be a genome");
    };
    let positions = weightforge::bench::positions::<G>(set.search)?;
    let hand = search_speed::<G>(&positions, &genome.weights, None)?;
    print_speed::<G>(set.genome, hand);
    if let Some(tables) = weightforge::bench::largest_tables::<G>() {
        let label = format!(
            "{} + every table family, {} weights",
            set.genome,
            tables.layout.len()
        );
        let with = search_speed::<G>(&positions, &genome.weights, Some(&tables))?;
        print_speed::<G>(&label, with);
        println!(
            "{} table genome: {:.0} % of the hand genome's nodes per CPU second",
            G::NAME,
            100.0 * (with.2 / with.3) / (hand.2 / hand.3)
        );
    }
    Ok(())
}

/// Searches the bench positions to the bench depth for about a CPU second: (nodes of
/// one round, rounds, total nodes, CPU seconds, wall seconds).
fn search_speed<G: GameEntry>(
    positions: &[G],
    weights: &[Vec<f64>; 2],
    tables: Option<&std::sync::Arc<weightforge::tables::GenomeTables>>,
) -> Result<(u64, u32, f64, f64, f64)> {
    let depth = G::BENCH.depth;
    let mut searcher = Searcher::<G>::new(SearchOptions::default(), 18);
    let search = |s: &mut Searcher<G>| {
        weightforge::bench::search_nodes_with_tables(s, positions, weights, tables, depth)
    };
    let nodes = search(&mut searcher); // warm-up; every round searches the same tree
    let (t0, cpu0) = (Instant::now(), cpu_seconds());
    let mut rounds = 0u32;
    while rounds == 0 || cpu_seconds() - cpu0 < BENCH_SEARCH_SECONDS {
        anyhow::ensure!(
            search(&mut searcher) == nodes,
            "a round searched another tree"
        );
        rounds += 1;
    }
    let (secs, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds() - cpu0);
    Ok((nodes, rounds, nodes as f64 * f64::from(rounds), cpu, secs))
}

fn print_speed<G: GameEntry>(
    genome: &str,
    (nodes, rounds, total, cpu, secs): (u64, u32, f64, f64, f64),
) {
    println!(
        "{} search ({genome}, depth {}): {nodes} nodes x {rounds} rounds in {cpu:.3} CPU s ({secs:.3} s) = {:.2} M nodes per CPU second",
        G::NAME,
        G::BENCH.depth,
        total / cpu / 1e6
    );
}

/// Texel fit speed: loss-and-gradient passes over 2 × 2^20 packed rows of Wolves & Sheep
/// width (12 features, every weight tuned), on one thread and on all; the two must give
/// the same figures to the bit.
fn bench_texel() -> Result<()> {
    let (design, params) = random_design();
    let theta: Vec<f64> = (0..params).map(|i| 0.01 * i as f64).collect();
    let all = rayon::current_num_threads();
    let passes = 20;
    let mut seen = Vec::new();
    for threads in [1, all] {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()?;
        let mut grad = vec![0.0; params];
        let (t0, cpu0) = (Instant::now(), cpu_seconds());
        let mut loss = 0.0;
        for _ in 0..passes {
            loss =
                pool.install(|| design.loss_grad(&theta, [0.5, 0.5], Loss::Mse, Some(&mut grad)));
        }
        let (secs, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds() - cpu0);
        let n = (passes * design.rows()) as f64;
        println!(
            "texel fit ({} rows of {} features, {passes} passes): {threads} thread(s) {:.1} M position-gradients/s ({:.1} M/s per thread; {:.1} M per CPU-second)",
            design.rows(),
            WolvesSheep::feature_info().len(),
            n / secs / 1e6,
            n / secs / 1e6 / threads as f64,
            n / cpu / 1e6
        );
        seen.push((loss, grad));
    }
    anyhow::ensure!(seen[0] == seen[1], "1 and {all} threads disagree");
    Ok(())
}

/// A fit's design over 2^20 random Wolves & Sheep rows a role (features in ±4, labels
/// 0, ½ or 1; seed 1), every feature of both roles free; and its number of parameters.
fn random_design() -> (Design, usize) {
    let nf = WolvesSheep::feature_info().len();
    let rows = 1usize << 20;
    let mut rng = weightforge::game::GameRng::seed_from_u64(1);
    let mut s = Samples::new(nf);
    for r in 0..2 {
        s.features[r] = (0..rows * nf)
            .map(|_| rng.random_range(-4.0..4.0))
            .collect();
        s.labels[r] = (0..rows)
            .map(|_| rng.random_range(0..3) as f32 / 2.0)
            .collect();
    }
    let dims = (0..2)
        .flat_map(|role| (0..nf).map(move |feature| (role, feature)))
        .map(|(role, feature)| Dim {
            role,
            feature,
            label: String::new(),
            unit: 1.0,
            mirror: None,
            bounds: None,
        })
        .collect();
    let space = Space { dims };
    let design = Design::new(&s, &space.columns(), &[vec![0.0; nf], vec![0.0; nf]]);
    (design, space.len())
}
