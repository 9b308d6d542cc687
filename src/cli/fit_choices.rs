//! `weightforge fit --choices`: Wolves & Sheep tables fitted on move choices, each
//! position's moves judged by the solved game (`weightforge::fit::choice_fit`).

use anyhow::{bail, Context, Result};
use weightforge::fit::choice_fit::{self, fit_choices as fit_on_choices, ChoicePlan};
use weightforge::fit::positions_file::fit_rows;
use weightforge::fit::samples::Rows;
use weightforge::game::{Game, Role};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::solve::perfect::{shared_solution, solution_path};
use weightforge::solve::SolveError;

use super::args::{FitArgs, FitRowsArg};
use super::fit::{families, plan, provenance_source, read_files, start_genome, write_genome};

/// `weightforge fit --choices`
pub fn fit_choices(a: &FitArgs) -> Result<()> {
    if a.game.name() != WolvesSheep::NAME {
        bail!(
            "--choices --game {}: only wolves_sheep is solved, and the moves are judged by its solution",
            a.game.name()
        );
    }
    if a.score_weight != 0.0 || a.rows != FitRowsArg::PerRole || a.loss != "mse" {
        bail!("--choices: --score-weight, --rows and --loss do not apply (each position trains the side to move, by the cross-entropy of its moves)");
    }
    let how = super::solve::exact_kind(Some(a.half_life))?;
    let path = a.solution.clone().unwrap_or_else(solution_path);
    let sol = shared_solution(&path)
        .with_context(|| format!("--solution {}: the solved game", path.display()))?;
    if !(0.0..=1.0).contains(&a.choice_weight) {
        bail!("--choice-weight {}: expected 0 to 1", a.choice_weight);
    }
    let plan = ChoicePlan {
        table: plan(a)?,
        weight: a.choice_weight,
    };
    let start = start_genome::<WolvesSheep>(a)?;
    let families = families::<WolvesSheep>(a);
    let files = read_files::<WolvesSheep>(a)?;
    let rows = || files.iter().flat_map(|f| fit_rows(f, None));
    let judge = |child: &WolvesSheep, role: Role| -> Result<f32, SolveError> {
        Ok(how.label(sol.value(child)?, child, role))
    };
    let (tables, fits) =
        fit_on_choices::<WolvesSheep, _, _>(rows, &families, &start.weights, &plan, judge)?;
    print!("{}", choice_fit::report::<WolvesSheep>(&fits, true));
    let notes = choice_fit::report::<WolvesSheep>(&fits, false);
    let source = provenance_source(a, &families, Rows::PerRole);
    let role_fits = [fits[0].fit.clone(), fits[1].fit.clone()];
    write_genome::<WolvesSheep>(a, &start, tables, &role_fits, source, notes)
}
