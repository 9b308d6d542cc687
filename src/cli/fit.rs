//! `weightforge fit`: table families fitted on position files from a hand genome
//! (`weightforge::fit::table_fit`), written as a table genome with the held-out loss of
//! every L2 strength tried.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{bail, Context, Result};
use weightforge::fit::positions_file::{fit_rows, read_rows, PositionFile};
use weightforge::fit::samples::Rows;
use weightforge::fit::sparse::SparseSettings;
use weightforge::fit::table_fit::{fit_tables, loss_named, RoleFit, TableFitPlan};
use weightforge::game::GameEntry;
use weightforge::player::PlayerSpec;
use weightforge::tables::heat::piece_values;
use weightforge::tables::{GenomeTables, TableLayout};
use weightforge::tune::report::heat_map::{self, HeatPanel};
use weightforge::with_game;

use super::args::{FitArgs, FitRowsArg};

/// `weightforge fit`
pub fn fit(a: FitArgs) -> Result<()> {
    with_game!(a.game, G => fit_for::<G>(&a))
}

fn plan(a: &FitArgs) -> Result<TableFitPlan> {
    let Some(loss) = loss_named(&a.loss) else {
        bail!("--loss {:?}: expected mse or logloss", a.loss);
    };
    if !(0.0..1.0).contains(&a.held_out) {
        bail!(
            "--held-out {}: expected a share from 0 to below 1",
            a.held_out
        );
    }
    if !(0.0..=1.0).contains(&a.score_weight) {
        bail!("--score-weight {}: expected 0 to 1", a.score_weight);
    }
    if a.l2.iter().any(|l| !l.is_finite() || *l < 0.0) || a.l2.is_empty() {
        bail!("--l2: expected finite strengths ≥ 0");
    }
    if !(1..=100_000).contains(&a.steps) {
        bail!("--steps {}: expected 1 to 100000", a.steps);
    }
    if !(a.rate.is_finite() && a.rate > 0.0 && a.rate <= 1.0) {
        bail!("--rate {}: expected a step size in (0, 1]", a.rate);
    }
    Ok(TableFitPlan {
        l2: a.l2.clone(),
        held_out: a.held_out,
        score_weight: a.score_weight,
        settings: SparseSettings {
            steps: a.steps,
            rate: a.rate,
            loss,
        },
    })
}

fn fit_for<G: GameEntry>(a: &FitArgs) -> Result<()> {
    let plan = plan(a)?;
    let PlayerSpec::Genome(start) = PlayerSpec::resolve::<G>(&a.genome)? else {
        bail!(
            "--genome {}: a genome is needed (its hand weights are kept)",
            a.genome
        );
    };
    let families: Vec<&str> = if a.families.is_empty() {
        TableLayout::all::<G>()
            .map(|l| l.family_names())
            .unwrap_or_default()
    } else {
        a.families.iter().map(String::as_str).collect()
    };
    let files: Vec<PositionFile<G>> = a
        .positions
        .iter()
        .map(|p| read_rows::<G>(p).with_context(|| format!("reading {}", p.display())))
        .collect::<Result<_>>()?;
    let which = if a.rows == FitRowsArg::Both {
        Rows::Both
    } else {
        Rows::PerRole
    };
    let rows = || files.iter().flat_map(|f| fit_rows(f, Some(which)));
    let (tables, fits) = fit_tables::<G, _>(rows, &families, &start.weights, &plan)?;
    let report = report::<G>(&fits);
    print!("{report}");
    let csv = write_l2_files::<G>(a, &fits)?;
    write_heat_maps::<G>(&a.out, &tables)?;
    let mut genome = (*start).clone();
    genome.name = a.name.clone().unwrap_or_else(|| {
        a.out
            .file_stem()
            .map_or("tables".into(), |s| s.to_string_lossy().into_owned())
    });
    genome.tables = Some(Arc::new(tables));
    genome.provenance.source = format!(
        "weightforge fit --genome {} --families {}{} on {}",
        a.genome,
        families.join(","),
        if which == Rows::Both {
            " --rows both"
        } else {
            ""
        },
        a.positions
            .iter()
            .map(|p| p.display().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    );
    genome.provenance.notes = report;
    genome.save::<G>(&a.out)?;
    println!("wrote {} and {}", a.out.display(), csv.display());
    Ok(())
}

/// Per role: rows, memory, K, the hand genome's held-out loss, each strength's losses,
/// the strength kept and the gradient throughput.
fn report<G: GameEntry>(fits: &[RoleFit; 2]) -> String {
    let mut out = String::new();
    for (r, f) in fits.iter().enumerate() {
        let (grads, secs) = f.gradients;
        let scale = if f.ks.is_finite() {
            format!("score scale {:.3e}", f.ks)
        } else {
            "labels without search scores".to_string()
        };
        let _ = writeln!(
            out,
            "{}: {} training + {} held-out positions ({:.0} MB), {scale}, K {:.3e}, hand genome held-out loss {:.5}; {:.1} M active-entry gradients/s",
            G::ROLES[r],
            f.rows.0,
            f.rows.1,
            f.bytes as f64 / 1e6,
            f.k,
            f.held_hand,
            grads / secs.max(1e-9) / 1e6
        );
        for (i, p) in f.points.iter().enumerate() {
            let mark = if i == f.chosen { "  <- kept" } else { "" };
            let _ = writeln!(
                out,
                "  l2 {:e}: training loss {:.5}, held-out loss {:.5}, {} non-zero weights{mark}",
                p.l2, p.train, p.held, p.nonzero
            );
        }
    }
    out
}

/// `<out>.heat.svg` and `.png`: per role and kind of piece, what a piece on each cell is
/// worth by the fitted tables.
fn write_heat_maps<G: GameEntry>(out: &Path, tables: &GenomeTables) -> Result<()> {
    let layout = &*tables.layout;
    let board = layout.board();
    let mut panels = Vec::new();
    for (r, role) in G::ROLES.iter().enumerate() {
        let values = piece_values(layout, &tables.weights[r]);
        for (k, v) in values.into_iter().enumerate() {
            panels.push(HeatPanel {
                title: format!("{role}: a {} on each cell", board.contents[k + 1]),
                values: v,
            });
        }
    }
    let title = format!(
        "{}: a piece's worth on each cell by the tables, in score points (red: good for the role)",
        G::NAME
    );
    heat_map::write(out, &title, board, &panels, board.contents.len() - 1)
        .with_context(|| format!("drawing {}", out.with_extension("heat.png").display()))
}

/// The held-out loss by L2 strength: `<out>.l2.csv` (or `--csv`), and its chart
/// `<out>.l2.svg` and `.png`; returns the CSV's path.
fn write_l2_files<G: GameEntry>(a: &FitArgs, fits: &[RoleFit; 2]) -> Result<PathBuf> {
    let csv = a
        .csv
        .clone()
        .unwrap_or_else(|| a.out.with_extension("l2.csv"));
    weightforge::fsutil::write_atomic(&csv, csv_text::<G>(fits).as_bytes())
        .with_context(|| format!("writing {}", csv.display()))?;
    let roles = [(G::ROLES[0], &fits[0]), (G::ROLES[1], &fits[1])];
    weightforge::tune::report::l2_chart::write(&a.out, &roles)
        .with_context(|| format!("drawing {}", a.out.with_extension("l2.png").display()))?;
    Ok(csv)
}

fn csv_text<G: GameEntry>(fits: &[RoleFit; 2]) -> String {
    let mut out =
        String::from("role,l2,train_loss,held_out_loss,hand_held_out_loss,nonzero,kept\n");
    for (r, f) in fits.iter().enumerate() {
        for (i, p) in f.points.iter().enumerate() {
            let _ = writeln!(
                out,
                "{},{:e},{},{},{},{},{}",
                G::ROLES[r],
                p.l2,
                p.train,
                p.held,
                f.held_hand,
                p.nonzero,
                i == f.chosen
            );
        }
    }
    out
}
