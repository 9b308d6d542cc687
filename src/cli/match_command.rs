//! `weightforge match`: one match ([`play_and_print`]), or with `--budgets N,N,...` the
//! same match at each node budget (both players at it, the same seed and openings), each
//! result printed as a plain match prints it, then the Elo of A against B by budget
//! drawn with the run pages' chart into `--chart DIR` (`elo_budget.csv`, `.png`,
//! `.svg`).

use anyhow::{Context, Result};
use weightforge::dist::Executor;
use weightforge::game::Features;
use weightforge::stats;
use weightforge::tune::report::budget_chart::{self, BudgetPoint};

use super::args::MatchArgs;
use super::play::play_and_print;

/// `weightforge match`
pub fn run_match(a: MatchArgs, exec: &dyn Executor) -> Result<()> {
    weightforge::with_game!(a.game, G => {
        if a.budgets.is_empty() {
            play_and_print::<G>(&a, exec).map(|_| ())
        } else {
            at_each_budget::<G>(&a, exec)
        }
    })
}

/// Plays `a` at each of its `--budgets` and writes the chart to `--chart` (if given).
fn at_each_budget<G: Features>(a: &MatchArgs, exec: &dyn Executor) -> Result<()> {
    let mut points = Vec::with_capacity(a.budgets.len());
    let mut names = (String::new(), String::new());
    for (index, &nodes) in a.budgets.iter().enumerate() {
        let at = MatchArgs {
            nodes: Some(nodes),
            budgets: Vec::new(),
            chart: None,
            ..a.clone()
        };
        let (na, nb, result) = play_and_print::<G>(&at, exec)?;
        println!();
        let elo = stats::pentanomial(&result.ptnml, &result.wdl);
        points.push(BudgetPoint {
            index,
            budget: format!("{nodes} nodes"),
            opponent: nb.clone(),
            result,
            elo,
        });
        names = (na, nb);
    }
    println!("Elo of {} against {} by budget:", names.0, names.1);
    for p in &points {
        println!(
            "  {:>14}: {:+.1} ± {:.1}",
            p.budget,
            p.elo.elo,
            p.elo.error()
        );
    }
    if let Some(dir) = &a.chart {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
        let title = format!(
            "Elo of {} against {}, by search budget (95 % interval)",
            names.0, names.1
        );
        budget_chart::write_titled(dir, &title, &points)
            .with_context(|| format!("drawing the chart in {}", dir.display()))?;
        println!(
            "chart: {}",
            dir.join(format!("{}.png", budget_chart::STEM)).display()
        );
    }
    Ok(())
}
