//! `weightforge fit --choices`: tables fitted on move choices, each position's moves
//! judged by a solved game's oracle (`weightforge::fit::choice_fit`).

use anyhow::{bail, Context, Result};
use weightforge::fit::choice_fit::{self, fit_choices as fit_on_choices, ChoicePlan};
use weightforge::fit::positions_file::fit_rows;
use weightforge::fit::samples::Rows;
use weightforge::game::{GameEntry, Role};
use weightforge::solved::SolveError;

use super::args::{FitArgs, FitRowsArg};
use super::fit::{families, plan, provenance_source, read_files, start_genome, write_genome};

/// `weightforge fit --choices`
pub fn fit_choices(a: &FitArgs) -> Result<()> {
    weightforge::with_game!(a.game, G => fit_choices_of::<G>(a))
}

fn fit_choices_of<G: GameEntry>(a: &FitArgs) -> Result<()> {
    if weightforge::registry::solvable::<G>().is_none() {
        bail!(
            "--choices --game {}: the moves are judged by a solved game, and this one cannot be solved (the games that can: {})",
            G::NAME,
            weightforge::registry::solvable_names().join(", ")
        );
    }
    if a.score_weight != 0.0 || a.loss != "mse" {
        bail!("--choices: --score-weight and --loss do not apply (each position's moves are judged by the solved game, by the cross-entropy of their order and their values' squared error)");
    }
    let which = match a.rows {
        FitRowsArg::PerRole => Rows::PerRole,
        FitRowsArg::Both => Rows::Both,
    };
    let how = role_half_lives(&a.half_life, &G::ROLES)?
        .map(|h| super::solve::exact_kind(Some(h)))
        .into_iter()
        .collect::<Result<Vec<_>>>()?;
    let settings =
        weightforge::solved::open::settings_from_env::<G>().with_file(a.solution.as_deref());
    let sol =
        weightforge::solved::open::oracle::<G>(&settings).context("--solution: the solved game")?;
    if !(0.0..=1.0).contains(&a.choice_weight) {
        bail!("--choice-weight {}: expected 0 to 1", a.choice_weight);
    }
    let plan = ChoicePlan {
        table: plan(a)?,
        weight: a.choice_weight,
        rows: which,
    };
    let start = start_genome::<G>(a)?;
    let families = families::<G>(a);
    let files = read_files::<G>(a)?;
    let rows = || files.iter().flat_map(|f| fit_rows(f, None));
    let judge = |child: &G, role: Role| -> Result<f32, SolveError> {
        Ok(how[role].label(sol.value(child)?, child, role))
    };
    let (tables, fits) = fit_on_choices::<G, _, _>(rows, &families, &start.weights, &plan, judge)?;
    print!("{}", choice_fit::report::<G>(&fits, true));
    let notes = choice_fit::report::<G>(&fits, false);
    let source = provenance_source(a, &families, which);
    let role_fits = [fits[0].fit.clone(), fits[1].fit.clone()];
    write_genome::<G>(a, &start, tables, &role_fits, source, notes)
}

/// `--half-life`: one number of plies for both roles (`16`), or one a role
/// (`wolves=16,sheep=8`, each role named once); the numbers are checked by
/// `solve::exact_kind`.
fn role_half_lives(text: &str, roles: &[&str; 2]) -> Result<[f64; 2]> {
    let number = |t: &str| -> Result<f64> {
        t.trim()
            .parse::<f64>()
            .with_context(|| format!("--half-life {text}: {t:?} is not a number of plies"))
    };
    if !text.contains('=') {
        let h = number(text)?;
        return Ok([h, h]);
    }
    let mut out = [None, None];
    for part in text.split(',') {
        let (name, value) = part.split_once('=').unwrap_or((part, ""));
        let Some(role) = roles.iter().position(|r| *r == name.trim()) else {
            bail!(
                "--half-life {text}: {:?} is not a role (expected {} and {})",
                name.trim(),
                roles[0],
                roles[1]
            );
        };
        if out[role].replace(number(value)?).is_some() {
            bail!("--half-life {text}: {} is named twice", roles[role]);
        }
    }
    match out {
        [Some(a), Some(b)] => Ok([a, b]),
        _ => bail!(
            "--half-life {text}: name both roles ({}=H,{}=H) or give one number",
            roles[0],
            roles[1]
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::role_half_lives;

    #[test]
    fn one_number_or_one_a_role() {
        let roles = ["wolves", "sheep"];
        assert_eq!(role_half_lives("16", &roles).unwrap(), [16.0, 16.0]);
        assert_eq!(
            role_half_lives("sheep=8,wolves=16", &roles).unwrap(),
            [16.0, 8.0]
        );
        for bad in [
            "sheep=8",
            "goats=8,sheep=8",
            "wolves=1,wolves=2",
            "wolves=x,sheep=8",
            "x",
        ] {
            let e = role_half_lives(bad, &roles).unwrap_err().to_string();
            assert!(e.contains("--half-life"), "{bad}: {e}");
        }
    }
}
