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
        _ => None,
    }
}

pub fn bench(a: BenchArgs) -> Result<()> {
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
