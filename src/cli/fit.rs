//! `weightforge fit`: table families fitted on position files from a hand genome
//! (`weightforge::fit::table_fit`), written as a table genome with the held-out loss of
//! every L2 strength tried.

use std::sync::Arc;

use anyhow::{bail, Context, Result};
use weightforge::fit::positions_file::{fit_rows, read_rows, PositionFile};
use weightforge::fit::samples::Rows;
use weightforge::fit::sparse::SparseSettings;
use weightforge::fit::table_fit::{
    self, fit_tables, loss_named, RoleFit, TableFitPlan, TableScoreScale,
};
use weightforge::game::GameEntry;
use weightforge::genome::Genome;
use weightforge::player::PlayerSpec;
use weightforge::tables::{GenomeTables, TableLayout};
use weightforge::tune::report::table_fit_files;
use weightforge::with_game;

use super::args::{FitArgs, FitRowsArg};

/// `weightforge fit`
pub fn fit(a: FitArgs) -> Result<()> {
    with_game!(a.game, G => fit_for::<G>(&a))
}

/// The fit's settings, checked.
pub(super) fn plan(a: &FitArgs) -> Result<TableFitPlan> {
    let Some(loss) = loss_named(&a.loss) else {
        bail!("--loss {:?}: expected mse or logloss", a.loss);
    };
    let settings = SparseSettings {
        steps: a.steps,
        rate: a.rate,
        loss,
    };
    let Some(scale) = TableScoreScale::parse(&a.score_scale) else {
        bail!(
            "--score-scale {:?}: expected fit, spread or a number",
            a.score_scale
        );
    };
    TableFitPlan::checked(&a.l2, a.held_out, (a.score_weight, scale), settings)
        .map_err(|e| anyhow::anyhow!("--{}", e.to_string().replace('_', "-")))
}

/// The `--genome` the tables start from.
pub(super) fn start_genome<G: GameEntry>(a: &FitArgs) -> Result<Arc<Genome>> {
    let PlayerSpec::Genome(start) = PlayerSpec::resolve::<G>(&a.genome)? else {
        bail!(
            "--genome {}: a genome is needed (its hand weights are kept)",
            a.genome
        );
    };
    Ok(start)
}

/// The `--families`, or every family of the game.
pub(super) fn families<G: GameEntry>(a: &FitArgs) -> Vec<&str> {
    if a.families.is_empty() {
        TableLayout::default_set::<G>()
            .map(|l| l.family_names())
            .unwrap_or_default()
    } else {
        a.families.iter().map(String::as_str).collect()
    }
}

fn fit_for<G: GameEntry>(a: &FitArgs) -> Result<()> {
    let plan = plan(a)?;
    let start = start_genome::<G>(a)?;
    let families = families::<G>(a);
    let which = if a.rows == FitRowsArg::Both {
        Rows::Both
    } else {
        Rows::PerRole
    };
    let files = read_files::<G>(a)?;
    let rows = || files.iter().flat_map(|f| fit_rows(f, Some(which)));
    let (tables, fits) = fit_tables::<G, _>(rows, &families, &start.weights, &plan)?;
    print!("{}", table_fit::report::<G>(&fits, true));
    let notes = table_fit::report::<G>(&fits, false);
    let source = provenance_source(a, &families, which);
    write_genome::<G>(a, &start, tables, &fits, source, notes)
}

/// Writes the table genome (the start's hand weights and `tables`), its L2 CSV, chart
/// and heat maps.
pub(super) fn write_genome<G: GameEntry>(
    a: &FitArgs,
    start: &Genome,
    tables: GenomeTables,
    fits: &[RoleFit; 2],
    source: String,
    notes: String,
) -> Result<()> {
    let csv = a
        .csv
        .clone()
        .unwrap_or_else(|| a.out.with_extension("l2.csv"));
    table_fit_files::write::<G>(&a.out, &csv, &tables, fits)?;
    let mut genome = start.clone();
    genome.name = a.name.clone().unwrap_or_else(|| {
        a.out
            .file_stem()
            .map_or("tables".into(), |s| s.to_string_lossy().into_owned())
    });
    genome.tables = Some(Arc::new(tables));
    genome.provenance.source = source;
    genome.provenance.notes = notes;
    genome.save::<G>(&a.out)?;
    println!("wrote {} and {}", a.out.display(), csv.display());
    Ok(())
}

/// How the genome was fitted, as a command line: the settings that differ from the
/// defaults are named, so that the fit can be made again from its file.
pub(super) fn provenance_source(a: &FitArgs, families: &[&str], which: Rows) -> String {
    use weightforge::tunables::{TABLE_FIT_RATE, TABLE_FIT_STEPS};
    let mut words = vec![
        format!("weightforge fit --genome {}", a.genome),
        format!("--families {}", families.join(",")),
    ];
    if a.choices {
        words.push(format!(
            "--choices --half-life {} --choice-weight {}",
            a.half_life, a.choice_weight
        ));
    }
    if which == Rows::Both {
        words.push("--rows both".into());
    }
    if a.score_weight > 0.0 {
        words.push(format!("--score-weight {}", a.score_weight));
    }
    if a.score_scale != "fit" {
        words.push(format!("--score-scale {}", a.score_scale));
    }
    if a.steps != TABLE_FIT_STEPS || a.rate != TABLE_FIT_RATE {
        words.push(format!("--steps {} --rate {}", a.steps, a.rate));
    }
    if a.loss != "mse" {
        words.push(format!("--loss {}", a.loss));
    }
    let files: Vec<String> = a
        .positions
        .iter()
        .map(|p| p.display().to_string())
        .collect();
    format!("{} on {}", words.join(" "), files.join(" "))
}

/// The `--positions` files, read.
pub(super) fn read_files<G: GameEntry>(a: &FitArgs) -> Result<Vec<PositionFile<G>>> {
    a.positions
        .iter()
        .map(|p| read_rows::<G>(p).with_context(|| format!("reading {}", p.display())))
        .collect()
}
