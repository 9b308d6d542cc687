//! `weightforge solve`: builds a solvable game's file (the Wolves & Sheep solution, the
//! Connect Four book), or asks its oracle: probe positions, check or count the file,
//! label a position file.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use weightforge::game::{Features, Game};
use weightforge::solved::{labels, BuildSettings, Oracle, OracleSettings, Solvable};

use super::args::SolveArgs;

/// Longest line read from standard input (a position is about 50 characters).
const MAX_LINE: usize = 256;

/// `weightforge solve`
pub fn solve(a: SolveArgs) -> Result<()> {
    weightforge::with_game!(a.game, G => solve_game::<G>(&a))
}

/// The game's solvable capability (an error naming the games that have one) and the
/// oracle's settings: the environment's, then the flags.
pub(super) fn solvable_with<G: Game>(
    file: Option<&Path>,
    tt_bits: Option<u8>,
    no_book: bool,
) -> Result<(Solvable<G>, OracleSettings)> {
    let Some(solvable) = weightforge::registry::solvable::<G>() else {
        bail!(
            "--game {}: this game cannot be solved; the games that can: {}",
            G::NAME,
            weightforge::registry::solvable_names().join(", ")
        );
    };
    let settings = OracleSettings {
        tt_bits,
        no_book,
        ..weightforge::solved::open::settings_from_env::<G>()
    }
    .with_file(file);
    Ok((solvable, settings))
}

fn solve_game<G: Features>(a: &SolveArgs) -> Result<()> {
    let (solvable, settings) = solvable_with::<G>(a.file.as_deref(), a.tt_bits, a.no_book)?;
    let mut say = |line: &str| println!("{line}");
    if let Some(out) = &a.out {
        let build = BuildSettings {
            out: out.clone(),
            extent: extent(a, &solvable)?,
            tt_bits: a.tt_bits,
            threads: rayon::current_num_threads(),
            root: a.position.clone(),
        };
        return Ok((solvable.build)(&build, &mut say)?);
    }
    if a.max_sheep.is_some() || a.book.is_some() {
        bail!("--max-sheep and --book say what --out builds: give --out FILE");
    }
    if a.verify {
        let wrong = (solvable.verify)(&settings, &mut say)?;
        if wrong > 0 {
            bail!("{wrong} entries are inconsistent");
        }
        return Ok(());
    }
    if a.stats {
        return Ok((solvable.stats)(&settings, &mut say)?);
    }
    ask::<G>(a, &solvable, &settings)
}

/// How much to build: `--max-sheep` for Wolves & Sheep, `--book` for Connect Four; the
/// flag of the other game is refused.
fn extent<G: Game>(a: &SolveArgs, solvable: &Solvable<G>) -> Result<Option<u32>> {
    let (flag, given, other) = match solvable.file_needed {
        true => ("--max-sheep", a.max_sheep, a.book.map(|_| "--book")),
        false => ("--book", a.book, a.max_sheep.map(|_| "--max-sheep")),
    };
    if let Some(wrong) = other {
        bail!(
            "{wrong} does not apply to {}: its build takes {flag}",
            G::NAME
        );
    }
    Ok(given)
}

/// The questions put to the oracle: labels, probes and moves.
fn ask<G: Features>(a: &SolveArgs, solvable: &Solvable<G>, s: &OracleSettings) -> Result<()> {
    if !(a.label.is_some() || a.probe || a.moves) {
        bail!("give --out FILE to build, or --probe, --moves, --verify, --stats or --label");
    }
    let clock = Instant::now();
    let oracle = weightforge::solved::open::oracle::<G>(s)?;
    if solvable.file_needed {
        eprintln!(
            "{} read in {:.1} s",
            solvable.file_kind,
            clock.elapsed().as_secs_f64()
        );
    }
    if let (Some(input), Some(output)) = (&a.label, &a.labelled) {
        return label(oracle.as_ref(), input, output, exact_kind(a.half_life)?);
    }
    probe(oracle.as_ref(), a.position.as_deref(), a.moves)
}

/// `--half-life`: a finite number of plies above 0, or none (outcomes alone).
pub(super) fn exact_kind(half_life: Option<f64>) -> Result<labels::Exact> {
    match half_life {
        None => Ok(labels::Exact::Outcome),
        Some(h) if h.is_finite() && h > 0.0 && h <= 1.0e6 => Ok(labels::Exact::Distance(h)),
        Some(h) => bail!("--half-life {h}: expected a number of plies above 0 (up to 1e6)"),
    }
}

/// `--label IN --labelled OUT`: exact labels.
fn label<G: Features>(
    sol: &dyn Oracle<G>,
    input: &Path,
    output: &Path,
    how: labels::Exact,
) -> Result<()> {
    let s = labels::label_file(sol, input, output, how)?;
    let [win, draw, loss] = s.by_value;
    println!(
        "{} rows written to {}: {win} wins, {draw} draws, {loss} losses for their role; \
         {} rows' game result differed from the solved value",
        s.rows,
        output.display(),
        s.changed
    );
    Ok(())
}

fn probe<G: Features>(sol: &dyn Oracle<G>, position: Option<&str>, moves: bool) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(text) = position {
        return probe_one(sol, text, moves, &mut out)
            .with_context(|| format!("bad {} position", G::NAME));
    }
    super::stdin_lines::each_line(MAX_LINE, |n, text| {
        probe_one(sol, text, moves, &mut out)
            .with_context(|| format!("standard input, line {n}: bad {} position", G::NAME))?;
        Ok(out.flush()?)
    })
}

fn probe_one<G: Game>(
    sol: &dyn Oracle<G>,
    text: &str,
    moves: bool,
    out: &mut impl Write,
) -> Result<()> {
    let pos = G::parse(text)?;
    // the moves first: an oracle that searches knows the position's value from them
    let values = if moves {
        Some(sol.move_values(&pos)?)
    } else {
        None
    };
    let value = sol.value(&pos)?;
    writeln!(out, "{}", with_score(sol, &pos, value))?;
    if let Some(mut values) = values {
        values.sort_by_key(|(m, v)| (-v.rank(), pos.move_text(*m)));
        for (m, v) in values {
            // a move's value is the mover's, counted from `pos`: so is its score
            writeln!(out, "{} {}", pos.move_text(m), with_score(sol, &pos, v))?;
        }
    }
    Ok(())
}

/// The value, and the game's own score beside it where it has one.
fn with_score<G: Game>(sol: &dyn Oracle<G>, pos: &G, value: weightforge::solved::Value) -> String {
    match sol.score_words(pos, value) {
        Some(w) => format!("{value}  {w}"),
        None => value.to_string(),
    }
}
