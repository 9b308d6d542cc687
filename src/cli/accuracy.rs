//! `weightforge accuracy`: a player's share of moves that keep the solved value of a
//! solvable game, by role and phase, on the game's fixed sample; or `--make-sample`,
//! which plays the sample's games again and writes it.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use weightforge::game::{Features, Game};
use weightforge::player::{PlayerSpec, SearchBudget};
use weightforge::solved::accuracy::{self, Accuracy, Mistake, RoleAccuracy};
use weightforge::solved::{Oracle, OracleSettings, Solvable, Value};

use super::args::AccuracyArgs;
use super::checks::check_flag;

/// What `accuracy` does, its flags resolved.
struct Resolved<G: Game> {
    solvable: Solvable<G>,
    oracle: Arc<dyn Oracle<G>>,
    settings: OracleSettings,
    players: Vec<String>,
    budgets: Vec<SearchBudget>,
    sample: Option<PathBuf>,
    worst: usize,
    threads: usize,
}

/// `weightforge accuracy`
pub fn accuracy(a: AccuracyArgs) -> Result<()> {
    weightforge::with_game!(a.game, G => accuracy_of::<G>(&a))
}

fn accuracy_of<G: Features>(a: &AccuracyArgs) -> Result<()> {
    let (solvable, settings) =
        super::solve::solvable_with::<G>(a.solution.as_deref(), a.tt_bits, false)?;
    let oracle = weightforge::solved::open::oracle::<G>(&settings)?;
    let threads = rayon::current_num_threads();
    if let Some(out) = &a.make_sample {
        return make_sample(&solvable, oracle.as_ref(), out, threads);
    }
    let r = Resolved {
        solvable,
        oracle,
        settings,
        players: a.players.clone(),
        budgets: budgets(a)?,
        sample: a.sample.clone(),
        worst: a.worst,
        threads,
    };
    run(&r)
}

/// The budgets to judge at: each depth, then each node count; the players' own depths
/// when none is given.
fn budgets(a: &AccuracyArgs) -> Result<Vec<SearchBudget>> {
    let mut out = Vec::new();
    for &d in &a.depth {
        check_flag("--depth", d.into(), &weightforge::limits::DEPTH)?;
        out.push(SearchBudget::depth(Some(d)));
    }
    for &n in &a.nodes {
        check_flag("--nodes", n, &weightforge::limits::NODES)?;
        out.push(SearchBudget {
            nodes: Some(n),
            ..SearchBudget::default()
        });
    }
    if out.is_empty() {
        out.push(SearchBudget::default());
    }
    Ok(out)
}

fn make_sample<G: Features>(
    solvable: &Solvable<G>,
    oracle: &dyn Oracle<G>,
    out: &Path,
    threads: usize,
) -> Result<()> {
    let clock = Instant::now();
    let positions = accuracy::make_sample(solvable, oracle, threads)?;
    accuracy::write_sample(solvable, oracle, &positions, out)?;
    println!(
        "{} positions written to {} in {:.1} s",
        positions.len(),
        out.display(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

fn run<G: Features>(r: &Resolved<G>) -> Result<()> {
    let (positions, origin) = match &r.sample {
        Some(p) => (accuracy::read_sample::<G>(p)?, p.display().to_string()),
        None => (
            accuracy::built_in_sample(&r.solvable)?,
            "the built-in sample".to_string(),
        ),
    };
    if positions.is_empty() {
        bail!("{origin}: no positions to judge");
    }
    let mut summary = Vec::new();
    for name in &r.players {
        let spec = PlayerSpec::resolve_with::<G>(name, &r.settings)
            .with_context(|| format!("player {name}"))?;
        for &budget in &r.budgets {
            let acc = judge_one(r, &spec, name, budget, &positions, &origin)?;
            summary.push((name.as_str(), budget, acc.roles, acc.total()));
        }
    }
    if summary.len() > 1 {
        print_summary::<G>(&summary);
    }
    Ok(())
}

/// Judges one player at one budget and prints its tables and mistakes.
fn judge_one<G: Features>(
    r: &Resolved<G>,
    spec: &PlayerSpec,
    name: &str,
    budget: SearchBudget,
    positions: &[G],
    origin: &str,
) -> Result<Accuracy<G>> {
    let clock = Instant::now();
    let oracle = r.oracle.as_ref();
    let phases = r.solvable.phases;
    let acc = accuracy::judge(oracle, phases, spec, budget, positions, r.threads)?;
    println!(
        "accuracy of {} {} on {origin}: {} positions where a move changes the solved value",
        weightforge::escape::escape_control(name),
        budget_words(budget),
        acc.total().positions
    );
    if acc.left_out > 0 {
        println!(
            "({} positions of the sample left out: no move there changes the value)",
            acc.left_out
        );
    }
    print_table::<G>(&acc, phases);
    print_mistakes(oracle, &acc.mistakes, r.worst);
    println!();
    eprintln!("judged in {:.1} s", clock.elapsed().as_secs_f64());
    Ok(acc)
}

/// Every (player, budget) judged, one line each.
type Judged<'a> = (&'a str, SearchBudget, [RoleAccuracy; 2], RoleAccuracy);

fn print_summary<G: Game>(rows: &[Judged<'_>]) {
    println!(
        "{:<32} {:<22} {:>10} {:>10} {:>10}",
        "player",
        "budget",
        G::ROLES[0],
        G::ROLES[1],
        "both"
    );
    let share = |r: &RoleAccuracy| format!("{:.1} %", 100.0 * r.share());
    for (name, budget, [a, b], both) in rows {
        println!(
            "{:<32} {:<22} {:>10} {:>10} {:>10}",
            weightforge::escape::escape_control(name),
            budget_words(*budget),
            share(a),
            share(b),
            share(both)
        );
    }
}

fn budget_words(b: SearchBudget) -> String {
    match (b.depth, b.nodes) {
        (Some(d), Some(n)) => format!("at {n} nodes a move, depth at most {d}"),
        (Some(d), None) => format!("at depth {d}"),
        (None, Some(n)) => format!("at {n} nodes a move"),
        (None, None) => "at its own depth".to_string(),
    }
}

fn print_table<G: Game>(acc: &Accuracy<G>, phases: &[(&str, u32, u32)]) {
    println!("role         positions    kept  accuracy   won kept     drawn kept");
    let line = |name: &str, r: &RoleAccuracy| {
        println!(
            "{name:<11} {:>10} {:>7} {:>8.1} %  {:>5}/{:<5}  {:>5}/{:<5}",
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
        line(G::ROLES[role], r);
    }
    line("both", &acc.total());
    if phases.is_empty() {
        return;
    }
    println!("phase        {:>20} {:>20}", G::ROLES[0], G::ROLES[1]);
    for ((name, ..), [a, b]) in phases.iter().zip(&acc.phases) {
        let cell = |r: &RoleAccuracy| match r.positions {
            0 => "-".to_string(),
            n => format!("{:.1} % of {n}", 100.0 * r.share()),
        };
        println!("{name:<12} {:>20} {:>20}", cell(a), cell(b));
    }
}

fn value_words(v: Value) -> String {
    match v {
        Value::Win(d) => format!("win in {d}"),
        Value::Loss(d) => format!("loss in {d}"),
        Value::Draw => "draw".to_string(),
    }
}

fn print_mistakes<G: Game>(sol: &dyn Oracle<G>, mistakes: &[Mistake<G>], worst: usize) {
    if mistakes.is_empty() {
        println!("no mistakes");
        return;
    }
    let shown = mistakes.len().min(worst);
    if shown == 0 {
        println!("{} mistakes (--worst 0: none listed)", mistakes.len());
        return;
    }
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
            G::ROLES[p.side_to_move()],
            value_words(m.value),
            value_words(m.after),
            p.move_text(m.played),
            p.move_text(m.best),
            p.to_text()
        );
    }
}
