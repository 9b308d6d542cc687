//! What a search label says that a game result cannot: on random Wolves & Sheep
//! positions with the wolves to move, the mean gap between a 4-ply search of LI's sheep
//! evaluation and its static value, by the number of sheep a wolf could take. The
//! README's Texel section quotes it. Run: `cargo run --release --example capturable_gap`.

use rand::{RngExt, SeedableRng};
use weightforge::fit::label::Labeler;
use weightforge::game::{Features, Game, GameRng, MatchRules, Status};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;

const POSITIONS: usize = 3000;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let path = std::path::Path::new("genomes/wolves_sheep/li2023.ron");
    let g = Genome::load::<WolvesSheep>(path)?;
    let weights = [g.weights[0].clone(), g.weights[1].clone()];
    let capturable = WolvesSheep::feature_index("capturable_sheep").ok_or("no capturable_sheep")?;
    let rules = MatchRules::UNCAPPED;
    let mut labeler =
        Labeler::<WolvesSheep>::new(&weights, (4, 0), rules, GameRng::seed_from_u64(0));
    let mut rng = GameRng::seed_from_u64(1);
    let (mut moves, mut f) = (Vec::new(), vec![0.0f32; weights[1].len()]);
    // Per capturable count (0, 1, 2, 3+): positions, summed gap, forced results.
    let mut rows = [(0u32, 0.0f64, 0u32); 4];
    for _ in 0..POSITIONS {
        let mut pos = WolvesSheep::new();
        for _ in 0..rng.random_range(4..40) {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.random_range(0..moves.len())], ());
        }
        if rules.status(&pos) != Status::Ongoing || pos.side_to_move() != 0 {
            continue;
        }
        pos.features(1, &mut f);
        let stat: f64 = weights[1].iter().zip(&f).map(|(w, &x)| w * x as f64).sum();
        let searched = labeler.score(&pos, 1) as f64;
        let row = &mut rows[(f[capturable] as usize).min(3)];
        if (searched - stat).abs() > 1e4 {
            row.2 += 1; // a forced result, not an evaluation
        } else {
            row.0 += 1;
            row.1 += searched - stat;
        }
    }
    println!("capturable sheep | positions | mean (4-ply search - static), sheep's view | forced results");
    for (c, (n, gap, forced)) in rows.iter().enumerate() {
        println!(
            "{c}{} | {n} | {:.2} | {forced}",
            if c == 3 { "+" } else { "" },
            gap / (*n).max(1) as f64
        );
    }
    Ok(())
}
