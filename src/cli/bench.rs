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
struct BenchSet {
    perft: &'static [(&'static str, u32)],
    search: &'static [&'static str],
    genome: &'static str,
    depth: u32,
}

fn bench_set(game: &str) -> Option<BenchSet> {
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
