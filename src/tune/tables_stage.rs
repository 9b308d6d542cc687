//! The tables stage of a run: when the experiment has `tables:`, before training, the
//! table families are fitted on the `datagen:` stage's positions and `tables.files`,
//! from the start genome's hand weights, as `weightforge fit` fits them. The fitted
//! genome goes to `<dir>/tables.ron`, its heat maps and held-out loss chart beside it
//! (`tables.heat.png`, `tables.l2.png`, `tables.l2.csv`), and the run continues with it
//! as its start: every player of the run carries the tables, the algorithm trains the
//! hand weights on top of them, and the gate's rival is the start without them.
//!
//! The file's provenance begins with a stamp of the fit's settings and of every position
//! file's length and hash: a resumed run reads the genome back when the stamp is the
//! same (the fit is deterministic, so this only saves its time), and fits again when
//! anything changed.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::datagen_stage::DATAGEN_FILE;
use super::error::TuneError;
use super::experiment::TablesSpec;
use super::report::table_fit_files::{self, TABLES_CSV, TABLES_FILE, TABLES_STEM};
use super::resolved::{Resolved, TablesFit};
use super::run_observer::RunObserver;
use crate::fit::positions_file::{fit_rows, read_rows, PositionFile};
use crate::fit::sparse::SparseSettings;
use crate::fit::table_fit::{self, fit_tables, RoleFit, TableFitPlan, TableScoreScale};
use crate::game::Features;
use crate::genome::{Genome, Provenance};
use crate::tables::TableLayout;

/// Before a run with `tables:`: fits (or reads back) the tables and returns the run with
/// the table genome as its start (`None`: the experiment has no tables).
pub fn prepare<G: Features>(
    r: &Resolved,
    dir: &Path,
    obs: &dyn RunObserver,
) -> Result<Option<Resolved>, TuneError> {
    let Some(spec) = &r.exp.tables else {
        return Ok(None);
    };
    let files = positions(r, spec, dir);
    let families = family_names::<G>(spec);
    let stamp = stamp(spec, &families, &files)?;
    let out = dir.join(TABLES_FILE);
    let genome = match read_back::<G>(&out, &stamp)? {
        Some(g) => {
            obs.message(&format!(
                "tables: {} read back (fitted earlier in this run, same positions and settings)",
                out.display()
            ));
            g
        }
        None => fit::<G>(r, spec, (&families, &files), &stamp, dir, obs)?,
    };
    Ok(Some(with_tables(r, genome, families)))
}

/// The run `r` with `genome` (the start with its fitted tables) as its start.
fn with_tables(r: &Resolved, genome: Genome, families: Vec<String>) -> Resolved {
    let report = genome.provenance.notes.lines().skip(1).collect::<Vec<_>>();
    let fit = TablesFit {
        hand: r.start.clone(),
        families,
        report: report.join("\n"),
    };
    Resolved {
        start: genome,
        tables_fit: Some(Arc::new(fit)),
        ..r.clone()
    }
}

/// What rank 0 sends the other ranks of an `mpirun` once the tables are fitted: the
/// table genome as its file's text.
pub fn shared<G: Features>(fitted: &Resolved) -> String {
    fitted.start.to_ron::<G>()
}

/// On another rank of an `mpirun`: the run `r` (the experiment as resolved there) with
/// the table genome rank 0 sent ([`shared`]), the same run rank 0 plays.
pub fn adopt<G: Features>(r: &Resolved, text: &str) -> Result<Resolved, TuneError> {
    let Some(spec) = &r.exp.tables else {
        let m = "rank 0 sent fitted tables for an experiment without `tables:`";
        return Err(TuneError::TableFit(m.into()));
    };
    let genome = Genome::parse::<G>(text, "the tables rank 0 sent")?;
    if genome.tables.is_none() {
        let m = "rank 0 sent a genome without tables as the fitted tables";
        return Err(TuneError::TableFit(m.into()));
    }
    Ok(with_tables(r, genome, family_names::<G>(spec)))
}

/// The position files fitted: the datagen stage's, then `tables.files`.
fn positions(r: &Resolved, spec: &TablesSpec, dir: &Path) -> Vec<PathBuf> {
    let made = r.exp.datagen.as_ref().map(|_| dir.join(DATAGEN_FILE));
    made.into_iter().chain(spec.files.iter().cloned()).collect()
}

/// The families named, or every family of the game but its opt-in ones.
fn family_names<G: Features>(spec: &TablesSpec) -> Vec<String> {
    if spec.families.is_empty() {
        let all = TableLayout::default_set::<G>().map(|l| l.family_names());
        all.unwrap_or_default()
            .iter()
            .map(|s| s.to_string())
            .collect()
    } else {
        spec.families.clone()
    }
}

/// The score scale in the stamp: nothing for the default (so that a run stamped before
/// the setting existed resumes), else `, score_scale <word>`.
fn scale_stamp(scale: TableScoreScale) -> String {
    if scale == TableScoreScale::Fitted {
        String::new()
    } else {
        format!(", score_scale {}", scale.word())
    }
}

/// One line naming what the fit depends on: its settings and each file's length and
/// FNV-1a hash.
fn stamp(spec: &TablesSpec, families: &[String], files: &[PathBuf]) -> Result<String, TuneError> {
    let mut line = format!(
        "tables stage: families {}, l2 {:?}, held_out {}, score_weight {}{}, rows {:?}, steps {}, rate {}, loss {:?}; positions",
        families.join(","),
        spec.l2,
        spec.held_out,
        spec.score_weight,
        scale_stamp(spec.score_scale),
        spec.rows,
        spec.steps,
        spec.rate,
        spec.loss
    );
    for f in files {
        let (len, hash) = digest(f).map_err(|source| TuneError::Io {
            path: f.display().to_string(),
            source,
        })?;
        line.push_str(&format!(" {} ({len} bytes, {hash:016x})", f.display()));
    }
    Ok(line)
}

/// A file's length and FNV-1a hash, read in blocks.
fn digest(path: &Path) -> std::io::Result<(u64, u64)> {
    let mut f = crate::fsutil::open_input(path)?;
    let (mut len, mut hash) = (0u64, 0xcbf2_9ce4_8422_2325u64);
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = f.read(&mut buf)?;
        if n == 0 {
            return Ok((len, hash));
        }
        len += n as u64;
        for &b in &buf[..n] {
            hash = (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
}

/// The genome at `out` when it was fitted by this stamp (None: absent or another fit).
/// What stands there must be a regular file: weightforge wrote it.
fn read_back<G: Features>(out: &Path, stamp: &str) -> Result<Option<Genome>, TuneError> {
    let io = |source| TuneError::Io {
        path: out.display().to_string(),
        source,
    };
    match std::fs::symlink_metadata(out) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(io(e)),
        Ok(m) if !m.file_type().is_file() => {
            let m = format!(
                "{} is not a regular file; the run writes its fitted tables there (remove it)",
                out.display()
            );
            return Err(io(std::io::Error::new(std::io::ErrorKind::InvalidInput, m)));
        }
        Ok(_) => {}
    }
    let genome = Genome::load::<G>(out)?;
    let same = genome.provenance.notes.lines().next() == Some(stamp);
    Ok((same && genome.tables.is_some()).then_some(genome))
}

/// Fits the tables, writes the genome, its heat maps and its L2 chart into `dir`.
fn fit<G: Features>(
    r: &Resolved,
    spec: &TablesSpec,
    (families, files): (&[String], &[PathBuf]),
    stamp: &str,
    dir: &Path,
    obs: &dyn RunObserver,
) -> Result<Genome, TuneError> {
    obs.message(&format!(
        "tables: fitting {} on {} position file(s)",
        families.join(","),
        files.len()
    ));
    let read: Vec<PositionFile<G>> = files
        .iter()
        .map(|p| read_rows::<G>(p))
        .collect::<Result<_, _>>()?;
    let rows = || read.iter().flat_map(|f| fit_rows(f, Some(spec.rows)));
    let names: Vec<&str> = families.iter().map(String::as_str).collect();
    let settings = SparseSettings {
        steps: spec.steps,
        rate: spec.rate,
        loss: spec.loss,
    };
    let plan = TableFitPlan::checked(
        &spec.l2,
        spec.held_out,
        (spec.score_weight, spec.score_scale),
        settings,
    )
    .map_err(|e| TuneError::TableFit(e.to_string()))?;
    let (tables, fits) = fit_tables::<G, _>(rows, &names, &r.start.weights, &plan)
        .map_err(|e| TuneError::TableFit(e.to_string()))?;
    drop(read);
    obs.message(&summary::<G>(&fits));
    table_fit_files::write::<G>(
        &dir.join(TABLES_STEM),
        &dir.join(TABLES_CSV),
        &tables,
        &fits,
    )?;
    let genome = Genome {
        name: format!("{}_tables", r.start.name),
        tables: Some(Arc::new(tables)),
        provenance: Provenance {
            source: format!("the tables stage of the experiment {:?}", r.exp.name),
            notes: format!("{stamp}\n{}", table_fit::report::<G>(&fits, false)),
            ..Default::default()
        },
        ..r.start.clone()
    };
    let out = dir.join(TABLES_FILE);
    let text = genome.to_ron::<G>() + "\n";
    crate::fsutil::write_derived(&out, text.as_bytes()).map_err(|source| TuneError::Io {
        path: out.display().to_string(),
        source,
    })?;
    Ok(genome)
}

/// The fit in one line: per role, the held-out loss of the hand genome and of the tables.
fn summary<G: Features>(fits: &[RoleFit; 2]) -> String {
    let roles: Vec<String> = fits
        .iter()
        .enumerate()
        .map(|(r, f)| {
            let kept = f.points.get(f.chosen);
            format!(
                "{} {:.5} -> {:.5} (l2 {:e}, {} + {} positions)",
                G::ROLES[r],
                f.held_hand,
                kept.map_or(f64::NAN, |p| p.held),
                kept.map_or(f64::NAN, |p| p.l2),
                f.rows.0,
                f.rows.1
            )
        })
        .collect();
    let flat = fits
        .iter()
        .any(|f| f.ks_spread < crate::tunables::SCORE_SCALE_FLAT);
    let advice = if flat {
        " (the results barely follow the scores, every label is about 1/2: set `score_scale: Spread`)"
    } else {
        ""
    };
    format!(
        "tables: held-out loss, hand genome -> tables: {}{advice}",
        roles.join("; ")
    )
}

/// Removes the stage's files from report folder `dir`: a run started afresh (`--force`)
/// never reuses the tables of the run it replaces.
pub(super) fn clear(dir: &Path) -> Result<(), TuneError> {
    let stem = dir.join(TABLES_STEM);
    let charts = ["heat.svg", "heat.png", "l2.svg", "l2.png"].map(|e| stem.with_extension(e));
    let files = [dir.join(TABLES_FILE), dir.join(TABLES_CSV)];
    super::session::remove_files(files.into_iter().chain(charts))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::wolves_sheep::WolvesSheep;

    fn fit(ks_spread: f64) -> RoleFit {
        RoleFit {
            rows: (9, 1),
            bytes: 0,
            k: 1.0,
            ks: ks_spread,
            ks_spread,
            held_hand: 0.2,
            points: Vec::new(),
            chosen: 0,
            gradients: (0.0, 0.0),
        }
    }

    #[test]
    fn the_summary_advises_the_spread_scale_only_when_the_labels_are_flat() {
        let advice = "score_scale: Spread";
        let flat = summary::<WolvesSheep>(&[fit(0.01), fit(1.0)]);
        assert!(flat.contains(advice), "{flat}");
        let fine = summary::<WolvesSheep>(&[fit(1.0), fit(0.5)]);
        assert!(!fine.contains(advice), "{fine}");
        let results_only = summary::<WolvesSheep>(&[fit(f64::NAN), fit(f64::NAN)]);
        assert!(!results_only.contains(advice), "{results_only}");
    }
}
