//! `weightforge bench --game G --depth-table`: what each search technique is worth.
//!
//! From the game's first start, the search completes each depth with every technique
//! on, with each one switched off, with all off, and with each one alone; the table gives
//! nodes and seconds. Every variant must find the same score (alpha-beta with exact-depth
//! table cut-offs returns the minimax value whatever the order), which is checked.

use std::io::Write;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use rand::SeedableRng;
use weightforge::eval::Evaluator;
use weightforge::game::GameEntry;
use weightforge::game::{Features, GameRng};
use weightforge::limits;
use weightforge::player::PlayerSpec;
use weightforge::search::{SearchLimits, SearchOptions, Searcher};
use weightforge::tunables::DEFAULT_TT_BITS;
use weightforge::with_game;

use super::args::BenchArgs;
use super::checks::check_flag;

/// The rows of the table: a name and the techniques on.
fn variants() -> Vec<(&'static str, SearchOptions)> {
    let all = SearchOptions::default();
    let plain = SearchOptions::plain();
    // `base` with the techniques `set` switches.
    let with = |base: SearchOptions, set: fn(&mut SearchOptions)| {
        let mut opts = base;
        set(&mut opts);
        opts
    };
    vec![
        ("all on", all),
        ("TT cut-offs off", with(all, |o| o.tt = false)),
        ("TT move off", with(all, |o| o.tt_move = false)),
        (
            "TT off (cut-offs and move)",
            with(all, |o| (o.tt, o.tt_move) = (false, false)),
        ),
        ("pushes first off", with(all, |o| o.tactical_first = false)),
        ("killers off", with(all, |o| o.killers = false)),
        ("history off", with(all, |o| o.history = false)),
        (
            "ordering off (TT move, pushes, killers, history)",
            with(all, |o| {
                (o.tt_move, o.tactical_first) = (false, false);
                (o.killers, o.history) = (false, false);
            }),
        ),
        (
            "iterative deepening off",
            with(all, |o| o.iterative_deepening = false),
        ),
        ("all off (plain alpha-beta)", plain),
        (
            "TT alone (cut-offs and move)",
            with(plain, |o| (o.tt, o.tt_move) = (true, true)),
        ),
        (
            "ordering alone (pushes, killers, history)",
            with(plain, |o| {
                (o.tactical_first, o.killers, o.history) = (true, true, true);
            }),
        ),
        (
            "iterative deepening alone",
            with(plain, |o| o.iterative_deepening = true),
        ),
    ]
}

/// One measured search.
struct Cell {
    /// Nodes visited.
    nodes: u64,
    /// Wall-clock seconds.
    seconds: f64,
    /// The score found.
    score: i32,
}

/// Searches `root` to `depth` with `opts` from empty tables.
fn measure<G: Features>(
    root: &G,
    weights: &[f64],
    opts: SearchOptions,
    tt_bits: u8,
    depth: u32,
) -> Cell {
    let mut searcher = Searcher::<G>::new(opts, tt_bits);
    let mut eval = Evaluator::new::<G>(root.side_to_move(), weights);
    let mut rng = GameRng::seed_from_u64(0);
    let t0 = Instant::now();
    let r = searcher.search(root, &mut eval, &SearchLimits::depth(depth), &mut rng);
    Cell {
        nodes: r.nodes,
        seconds: t0.elapsed().as_secs_f64(),
        score: r.score,
    }
}

/// `weightforge bench --depth-table`
pub fn run(a: &BenchArgs) -> Result<()> {
    let Some(game) = a.game else {
        bail!("--depth-table needs --game (e.g. --game abalone)");
    };
    with_game!(game, G => table::<G>(a))
}

fn table<G: GameEntry>(a: &BenchArgs) -> Result<()> {
    if a.depths.is_empty() {
        bail!(
            "--depths: give depths from 1 to {}, e.g. --depths 4,5",
            limits::DEPTH.max
        );
    }
    for &d in &a.depths {
        check_flag("--depths", d.into(), &limits::DEPTH)?;
    }
    let genome_name = match &a.genome {
        Some(g) => g.clone(),
        None => G::BENCH.genome.to_string(),
    };
    let PlayerSpec::Genome(genome) = PlayerSpec::resolve::<G>(&genome_name)
        .with_context(|| format!("--genome {genome_name}"))?
    else {
        bail!("--genome must be a genome, not the random player");
    };
    let start = G::start_names()[0];
    let root = G::start(start, &mut GameRng::seed_from_u64(0))?;
    let role = root.side_to_move();
    let tt_bits = genome.tt_bits.unwrap_or(DEFAULT_TT_BITS);
    println!(
        "{} from the {start} start, {} to move, evaluation {genome_name}, TT 2^{tt_bits} entries, one thread",
        G::NAME,
        G::ROLES[role]
    );
    let rows = variants();
    let mut cells: Vec<Vec<Cell>> = Vec::new();
    for &depth in &a.depths {
        cells.push(column(&root, &genome.weights[role], tt_bits, depth, &rows)?);
    }
    print_table(&a.depths, &rows, &cells);
    for (d, column) in a.depths.iter().zip(&cells) {
        println!(
            "depth {d}: every variant found score {} (points x 100 for {})",
            column[0].score,
            G::ROLES[role]
        );
    }
    Ok(())
}

/// The cells of one depth, a row each; every variant must find the same score.
fn column<G: Features>(
    root: &G,
    weights: &[f64],
    tt_bits: u8,
    depth: u32,
    rows: &[(&str, SearchOptions)],
) -> Result<Vec<Cell>> {
    let mut column = Vec::new();
    for (name, opts) in rows {
        let cell = measure(root, weights, *opts, tt_bits, depth);
        eprintln!(
            "depth {depth} {name}: {} nodes, {:.3} s, score {}",
            cell.nodes, cell.seconds, cell.score
        );
        std::io::stderr().flush().ok();
        column.push(cell);
    }
    let score = column[0].score;
    if let Some((i, c)) = column.iter().enumerate().find(|(_, c)| c.score != score) {
        bail!(
            "depth {depth}: {:?} found score {} but {:?} found {score}; the variants must agree",
            rows[i].0,
            c.score,
            rows[0].0
        );
    }
    Ok(column)
}

/// The table in Markdown: a row per variant, nodes and seconds per depth.
fn print_table(depths: &[u32], rows: &[(&str, SearchOptions)], cells: &[Vec<Cell>]) {
    let mut header = "| techniques |".to_string();
    let mut rule = "|---|".to_string();
    for d in depths {
        header += &format!(" d{d} nodes | d{d} s |");
        rule += "---:|---:|";
    }
    println!("{header}\n{rule}");
    for (i, (name, _)) in rows.iter().enumerate() {
        let mut line = format!("| {name} |");
        for column in cells {
            line += &format!(" {} | {:.3} |", column[i].nodes, column[i].seconds);
        }
        println!("{line}");
    }
}
