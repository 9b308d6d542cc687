//! `weightforge bench`: perft and search speed on fixed positions, one thread.
//! Compare figures measured in one run; the machine may be shared.

use std::time::Instant;

use anyhow::Result;
use rand::SeedableRng;
use weightforge::eval::Evaluator;
use weightforge::game::{perft, Game, GameRng};
use weightforge::player::PlayerSpec;
use weightforge::search::{SearchLimits, SearchOptions, Searcher};
use weightforge::with_game;

use super::args::BenchArgs;
use super::unknown_game;

/// Fixed positions and settings per game: (perft positions and depth, search positions,
/// genome, depth).
pub(super) struct BenchSet {
    perft: &'static [(&'static str, u32)],
    search: &'static [&'static str],
    pub(super) genome: &'static str,
    depth: u32,
}

/// Fixed War of Life positions: two full 12-against-12 boards, two thinned ones (the
/// criterion bench benches/war_of_life.rs searches the same ones).
const WOL_POSITIONS: [&str; 4] = [
    "[[[2,4],[2,5],[3,4],[4,3],[5,6],[6,6],[6,7],[7,1],[7,7],[8,1],[8,5],[8,6]],\
     [[2,6],[2,8],[3,1],[3,7],[4,8],[5,2],[5,3],[5,8],[6,1],[6,8],[7,8],[8,4]]] b",
    "[[[1,5],[2,6],[4,6],[5,2],[6,3],[6,5],[6,6],[6,7],[7,1],[7,2],[7,8],[8,5]],\
     [[1,4],[1,8],[2,1],[2,2],[3,7],[4,3],[5,3],[6,1],[6,2],[6,8],[7,6],[8,2]]] r",
    "[[[2,5],[3,5],[3,6],[3,7],[4,1],[4,3],[4,4],[6,2],[7,3]],\
     [[1,3],[2,6],[2,7],[5,5],[6,8],[7,5],[7,8],[8,2]]] b",
    "[[[1,2],[3,1],[4,5],[5,1],[7,1],[7,7],[7,8]],\
     [[1,8],[3,5],[3,6],[4,3],[5,5],[5,8],[6,2],[6,6],[7,2],[7,4]]] r",
];

/// Abalone's standard start, black to move (perft 4 = 5,045,110).
const ABALONE_STANDARD: &str = "b A1b,A2b,A3b,A4b,A5b,B1b,B2b,B3b,B4b,B5b,B6b,C3b,C4b,C5b,\
                                G5w,G6w,G7w,H4w,H5w,H6w,H7w,H8w,H9w,I5w,I6w,I7w,I8w,I9w";

pub(super) fn bench_set(game: &str) -> Option<BenchSet> {
    match game {
        "wolves_sheep" => Some(BenchSet {
            perft: &[("SSSSS/SSSSS/...../...../.W.W. w", 8)],
            search: &[
                "SSSSS/SSSSS/...../...../.W.W. w",
                "SSSSS/S.S.S/.S.../....W/..W.. s",
                "S.S../SS.S./..SSS/....W/W.... w",
                "SSS.S/S.SS./.SS../W.S../..W.. s",
            ],
            genome: "li2023",
            depth: 11,
        }),
        "war_of_life" => Some(BenchSet {
            perft: &[(WOL_POSITIONS[0], 5)],
            search: &WOL_POSITIONS,
            genome: "minimax",
            depth: 6,
        }),
        "abalone" => Some(BenchSet {
            perft: &[(ABALONE_STANDARD, 4)],
            search: &[
                ABALONE_STANDARD,
                "b B1b,B2b,C1b,C2b,C3b,D2b,D3b,F7b,F8b,G7b,G8b,G9b,H8b,H9b,\
                 B5w,B6w,C5w,C6w,C7w,D6w,D7w,F3w,F4w,G3w,G4w,G5w,H4w,H5w",
                "b A1b,A2b,B1b,B2b,B3b,C2b,C3b,G7b,G8b,H7b,H8b,H9b,I8b,I9b,\
                 A4w,A5w,B4w,B5w,B6w,C5w,C6w,G4w,G5w,H4w,H5w,H6w,I5w,I6w",
                "w A2b,A3b,A4b,B1b,B2b,B3b,B4b,C1b,C3b,C4b,C7b,D6b,D8b,E6b,\
                 E4w,E5w,F5w,G5w,G6w,G7w,H4w,H5w,H6w,H8w,H9w,I7w,I8w,I9w",
                "b A2b,A3b,A5b,B1b,B2b,B4b,B5b,B6b,C1b,C3b,D4b,E2b,F4b,F6b,\
                 D7w,E3w,E7w,F5w,F8w,F9w,G5w,G7w,G8w,H8w,H9w,I5w,I7w,I8w",
            ],
            genome: "guara",
            depth: 5,
        }),
        // The kit's thetrap and testmap2 at the start, and two middle games.
        "vampires_werewolves" => Some(BenchSet {
            perft: &[
                ("5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2", 3),
                (
                    "15x29 v 0,0:w10 28,0:h2 10,3:h4 14,7:h20 18,11:h4 0,14:h2 28,14:v10",
                    3,
                ),
            ],
            search: &[
                "5x10 v 9,0:h2 4,1:w4 2,2:h4 9,2:h1 4,3:v4 9,4:h2",
                "15x29 v 0,0:w10 28,0:h2 10,3:h4 14,7:h20 18,11:h4 0,14:h2 28,14:v10",
                "15x29 w 3,3:w6 6,4:w4 10,3:h4 14,7:h20 18,11:h4 0,14:h2 24,10:v8 22,12:v4",
                "8x8 v 0,0:h5 1,0:h14 2,0:w33 3,0:h7 4,0:h6 6,0:h3 4,4:v35 7,7:h9 1,6:h12",
            ],
            genome: "deepblue2021",
            depth: 4,
        }),
        _ => None,
    }
}

pub fn bench(a: BenchArgs) -> Result<()> {
    if a.tuner {
        return bench_tuner();
    }
    if a.depth_table {
        return super::depth_table::run(&a);
    }
    let names: Vec<&str> = match &a.game {
        Some(g) => vec![g.as_str()],
        None => weightforge::GAME_NAMES.to_vec(),
    };
    for name in names {
        with_game!(name, G => bench_game::<G>()?, return Err(unknown_game(name)));
    }
    Ok(())
}

fn bench_game<G: Game>() -> Result<()> {
    let Some(set) = bench_set(G::NAME) else {
        println!("{}: no bench positions", G::NAME);
        return Ok(());
    };
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
    let mut nodes = 0u64;
    let mut secs = 0.0;
    let mut searcher = Searcher::<G>::new(SearchOptions::default(), 18);
    for text in set.search {
        let pos = G::parse(text)?;
        let role = pos.side_to_move();
        let mut eval = Evaluator::new::<G>(role, &genome.weights[role]);
        let mut rng = GameRng::seed_from_u64(1);
        searcher.new_game();
        let t0 = Instant::now();
        let r = searcher.search(&pos, &mut eval, &SearchLimits::depth(set.depth), &mut rng);
        secs += t0.elapsed().as_secs_f64();
        nodes += r.nodes;
    }
    println!(
        "{} search ({}, depth {}): {nodes} nodes in {secs:.3} s = {:.2} M nodes/s",
        G::NAME,
        set.genome,
        set.depth,
        nodes as f64 / secs / 1e6
    );
    Ok(())
}

/// Games per second of the evolve loop on 1 and 2 threads: the first generations of
/// experiments/compare/es.ron (Wolves & Sheep), each measured on both thread counts.
fn bench_tuner() -> Result<()> {
    use weightforge::games::wolves_sheep::WolvesSheep;
    use weightforge::tune::algorithm::Algorithm;
    use weightforge::tune::experiment::Experiment;
    use weightforge::tune::fitness;
    use weightforge::tune::run::training_job;
    use weightforge::tune::space::Space;

    let origin = "experiments/compare/es.ron";
    let exp = Experiment::parse(include_str!("../../experiments/compare/es.ron"), origin)?;
    let r = exp.resolve::<WolvesSheep>(origin)?;
    let space = Space::new::<WolvesSheep>(&r);
    let algorithm = Algorithm::new(&r.exp.algorithm, space.encode(&r.start), 1);
    let mut totals = [(0u64, 0.0f64); 2];
    for g in 1..=3 {
        let (_, job) = training_job(&r, &space, &algorithm, &[], g);
        let mut results = Vec::new();
        for (k, threads) in [1usize, 2].into_iter().enumerate() {
            let pool = rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()?;
            let t0 = Instant::now();
            let result =
                pool.install(|| fitness::evaluate::<WolvesSheep>(&r, &job, None, &|| {}))?;
            totals[k].1 += t0.elapsed().as_secs_f64();
            totals[k].0 += result.game_count();
            results.push(result);
        }
        // Everything but the wall-clock seconds of each game must agree.
        let outcome = |r: &fitness::JobResult| -> Vec<(usize, u64, u32)> {
            r.games
                .iter()
                .flatten()
                .flatten()
                .map(|g| (g.a_role, (g.a_score * 2.0) as u64, g.plies))
                .collect()
        };
        anyhow::ensure!(
            outcome(&results[0]) == outcome(&results[1])
                && results[0].openings == results[1].openings,
            "generation {g}: 1 and 2 threads disagree"
        );
    }
    let rate = |(games, secs): (u64, f64)| games as f64 / secs;
    println!(
        "evolve loop ({origin}, generations 1-3, {} games each way): 1 thread {:.0} games/s, 2 threads {:.0} games/s, speed-up {:.2}x (same results)",
        totals[0].0,
        rate(totals[0]),
        rate(totals[1]),
        rate(totals[1]) / rate(totals[0])
    );
    Ok(())
}
