//! `weightforge accuracy`: a player's share of moves that keep the solved value of
//! Wolves & Sheep, by role, on the fixed sample; or `--make-sample`, which plays the
//! sample's games again and writes it.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use weightforge::accuracy::{self, Accuracy, Mistake, RoleAccuracy};
use weightforge::game::Game;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::player::{PlayerSpec, SearchBudget};
use weightforge::solve::perfect::{shared_solution, solution_path};
use weightforge::solve::{Solution, Value};

use super::args::AccuracyArgs;
use super::checks::check_flag;

/// What `accuracy` does, its flags resolved.
struct Resolved {
    solution: PathBuf,
    player: String,
    budget: SearchBudget,
    sample: Option<PathBuf>,
    worst: usize,
    threads: usize,
}

/// `weightforge accuracy`
pub fn accuracy(a: AccuracyArgs) -> Result<()> {
    if a.game.name() != WolvesSheep::NAME {
        bail!("--game {}: only wolves_sheep is solved", a.game.name());
    }
    let solution = a.solution.clone().unwrap_or_else(solution_path);
    let threads = rayon::current_num_threads();
    if let Some(out) = &a.make_sample {
        return make_sample(&solution, out, threads);
    }
    if let Some(d) = a.depth {
        check_flag("--depth", d.into(), &weightforge::limits::DEPTH)?;
    }
    if let Some(n) = a.nodes {
        check_flag("--nodes", n, &weightforge::limits::NODES)?;
    }
    let r = Resolved {
        solution,
        player: a.player.clone().context("name the player to judge")?,
        budget: SearchBudget {
            depth: a.depth,
            nodes: a.nodes,
            move_time_ms: None,
        },
        sample: a.sample.clone(),
        worst: a.worst,
        threads,
    };
    run(&r)
}

fn make_sample(solution: &std::path::Path, out: &std::path::Path, threads: usize) -> Result<()> {
    let sol = shared_solution(solution)?;
    let clock = Instant::now();
    let positions = accuracy::make_sample(&sol, threads)?;
    accuracy::write_sample(&sol, &positions, out)?;
    println!(
        "{} positions written to {} in {:.1} s",
        positions.len(),
        out.display(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run(r: &Resolved) -> Result<()> {
    let spec = PlayerSpec::resolve::<WolvesSheep>(&r.player)
        .with_context(|| format!("player {}", r.player))?;
    let sol = shared_solution(&r.solution)?;
    let (positions, origin) = match &r.sample {
        Some(p) => (accuracy::read_sample(p)?, p.display().to_string()),
        None => (
            accuracy::built_in_sample()?,
            "the built-in sample".to_string(),
        ),
    };
    let clock = Instant::now();
    let acc = accuracy::judge(&sol, &spec, r.budget, &positions, r.threads)?;
    println!(
        "accuracy of {} {} on {origin}: {} positions where a move changes the solved value",
        weightforge::escape::escape_control(&r.player),
        budget_words(r.budget),
        acc.total().positions
    );
    if acc.left_out > 0 {
        println!(
            "({} positions of the sample left out: no move there changes the value)",
            acc.left_out
        );
    }
    print_table(&acc);
    print_mistakes(&sol, &acc.mistakes, r.worst);
    eprintln!("judged in {:.1} s", clock.elapsed().as_secs_f64());
    Ok(())
}

fn budget_words(b: SearchBudget) -> String {
    match (b.depth, b.nodes) {
        (Some(d), Some(n)) => format!("at {n} nodes a move, depth at most {d}"),
        (Some(d), None) => format!("at depth {d}"),
        (None, Some(n)) => format!("at {n} nodes a move"),
        (None, None) => "at its own depth".to_string(),
    }
}

fn print_table(acc: &Accuracy) {
    println!("role      positions    kept  accuracy   won kept     drawn kept");
    let line = |name: &str, r: &RoleAccuracy| {
        println!(
            "{name:<8} {:>10} {:>7} {:>8.1} %  {:>5}/{:<5}  {:>5}/{:<5}",
            r.positions,
            r.kept,
            100.0 * r.share(),
            r.wins[1],
            r.wins[0],
            r.draws[1],
            r.draws[0]
        );
    };
    for (role, r) in acc.roles.iter().enumerate() {
        line(WolvesSheep::ROLES[role], r);
    }
    line("both", &acc.total());
}

fn value_words(v: Value) -> String {
    match v {
        Value::Win(d) => format!("win in {d}"),
        Value::Loss(d) => format!("loss in {d}"),
        Value::Draw => "draw".to_string(),
    }
}

fn print_mistakes(sol: &Solution, mistakes: &[Mistake], worst: usize) {
    if mistakes.is_empty() {
        println!("no mistakes");
        return;
    }
    let shown = mistakes.len().min(worst);
    println!(
        "the {shown} worst of {} mistakes (the value for the side to move → what the move played left):",
        mistakes.len()
    );
    for m in &mistakes[..shown] {
        let p = &m.position;
        let best_after = sol
            .move_values(p)
            .ok()
            .and_then(|v| v.into_iter().find(|(mv, _)| *mv == m.best))
            .map_or(String::new(), |(_, v)| format!(" ({})", value_words(v)));
        println!(
            "  {:<6} {} → {}: played {}, best {}{best_after}   {}",
            WolvesSheep::ROLES[p.side_to_move()],
            value_words(m.value),
            value_words(m.after),
            p.move_text(m.played),
            p.move_text(m.best),
            p.to_text()
        );
    }
}
