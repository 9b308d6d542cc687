//! `weightforge solve`: solves Wolves & Sheep, or reads a solution file.

use std::io::{BufRead, Write};
use std::path::Path;
use std::time::Instant;

use anyhow::{bail, Context, Result};
use weightforge::game::Game;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::solve::driver::{self, LayerDone};
use weightforge::solve::stats::{layer_stats, LayerStats};
use weightforge::solve::{labels, verify, Solution};

use super::args::SolveArgs;

/// Longest line read from standard input (a position is about 32 characters).
const MAX_LINE: usize = 256;

/// `weightforge solve`
pub fn solve(a: SolveArgs) -> Result<()> {
    if let (Some(game), Some(out)) = (a.game, &a.out) {
        if game.name() != WolvesSheep::NAME {
            bail!("--game {}: only wolves_sheep can be solved", game.name());
        }
        return write_solution(out, a.max_sheep);
    }
    let Some(file) = &a.file else {
        bail!("give --game wolves_sheep --out FILE to solve, or --file FILE with --probe, --moves, --verify, --stats or --label");
    };
    let clock = Instant::now();
    let sol = Solution::open(file)?;
    eprintln!(
        "{}: layers of 3 to {} sheep read in {:.1} s",
        file.display(),
        sol.max_sheep(),
        clock.elapsed().as_secs_f64()
    );
    if a.verify {
        return check(&sol, a.max_sheep);
    }
    if a.stats {
        return print_stats(&sol);
    }
    if let (Some(input), Some(output)) = (&a.label, &a.labelled) {
        return label(&sol, input, output, exact_kind(a.half_life)?);
    }
    if a.probe || a.moves {
        return probe(&sol, a.position.as_deref(), a.moves);
    }
    bail!("--file needs --probe, --moves, --verify, --stats or --label")
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
fn label(sol: &Solution, input: &Path, output: &Path, how: labels::Exact) -> Result<()> {
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

fn write_solution(out: &Path, max_sheep: u32) -> Result<()> {
    let clock = Instant::now();
    println!("{}", stats_heading());
    let mut report = |d: &LayerDone| {
        let how = match &d.resumed_from {
            Some(p) => format!("read from {}", p.display()),
            None => format!("solved in {:.1} s", d.seconds),
        };
        println!("{}  ({how})", stats_line(&d.stats));
    };
    driver::solve(out, max_sheep, &mut report)?;
    println!(
        "written to {} in {:.1} s",
        out.display(),
        clock.elapsed().as_secs_f64()
    );
    Ok(())
}

fn stats_heading() -> String {
    "sheep  positions  wolves win  sheep win  draw  | wolves to move: win draw loss | sheep to move: win draw loss | longest win".to_string()
}

fn stats_line(s: &LayerStats) -> String {
    let [w, sh, d] = s.by_winner();
    let [tw, ts] = &s.counts;
    format!(
        "{:>5}  {}  {w}  {sh}  {d}  | {} {} {} | {} {} {} | {} plies",
        s.sheep,
        s.positions(),
        tw[0],
        tw[1],
        tw[2],
        ts[0],
        ts[1],
        ts[2],
        s.longest_win.0
    )
}

fn print_stats(sol: &Solution) -> Result<()> {
    println!("{}", stats_heading());
    for k in 3..=sol.max_sheep() {
        let s = layer_stats(k, sol.layer(k));
        println!("{}", stats_line(&s));
        let (w, sh, side) = weightforge::solve::index::position(s.longest_win.1, k);
        let pos = WolvesSheep::from_parts(w, sh, side).expect("an index position is legal");
        println!("       longest win: {} {}", pos.to_text(), sol.value(&pos)?);
    }
    Ok(())
}

fn check(sol: &Solution, max_sheep: u32) -> Result<()> {
    let clock = Instant::now();
    let v = verify::verify(sol, max_sheep)?;
    for e in &v.examples {
        println!("wrong: {e}");
    }
    println!(
        "verify: {} positions checked, {} wrong ({:.1} s)",
        v.checked,
        v.wrong,
        clock.elapsed().as_secs_f64()
    );
    if v.wrong > 0 {
        bail!("{} positions are inconsistent", v.wrong);
    }
    Ok(())
}

fn probe(sol: &Solution, position: Option<&str>, moves: bool) -> Result<()> {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(text) = position {
        return probe_one(sol, text, moves, &mut out).context("bad wolves_sheep position");
    }
    let mut stdin = std::io::stdin().lock();
    let mut line = String::new();
    for n in 1.. {
        line.clear();
        let read = std::io::Read::take(&mut stdin, MAX_LINE as u64 + 1)
            .read_line(&mut line)
            .context("reading standard input")?;
        if read == 0 {
            break;
        }
        if line.len() > MAX_LINE {
            bail!("standard input, line {n}: longer than {MAX_LINE} characters");
        }
        if line.trim().is_empty() {
            continue;
        }
        probe_one(sol, line.trim(), moves, &mut out)
            .with_context(|| format!("standard input, line {n}: bad wolves_sheep position"))?;
    }
    Ok(())
}

fn probe_one(sol: &Solution, text: &str, moves: bool, out: &mut impl Write) -> Result<()> {
    let pos = WolvesSheep::parse(text)?;
    writeln!(out, "{}", sol.value(&pos)?)?;
    if moves {
        let mut values = sol.move_values(&pos)?;
        values.sort_by_key(|(m, v)| (-v.rank(), m.to_string()));
        for (m, v) in values {
            writeln!(out, "{m} {v}")?;
        }
    }
    Ok(())
}
