//! What `weightforge learn` writes and prints at the end: the genome, its curve (CSV and
//! chart), a summary with its cost, and the gate against the reference genome with
//! plain advice.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context, Result};
use weightforge::dist::Threads;
use weightforge::game::GameEntry;
use weightforge::genome::Genome;
use weightforge::learn::curve::{self, CurvePoint};
use weightforge::learn::genome::learned_genome;
use weightforge::learn::run::Stop;
use weightforge::learn::{LearnOutcome, LearnSettings};
use weightforge::matches::batches::{play_match, MatchPlan};
use weightforge::matches::pairs_batch::MatchContext;
use weightforge::matches::settings::MatchSettings;
use weightforge::player::PlayerSpec;
use weightforge::sprt::{Decision, SprtSpec};
use weightforge::stats;
use weightforge::tunables::{LEARN_CURVE_OPENING_PLIES, LEARN_GATE_ELO1};
use weightforge::tune::report::learning_curve::{self, CurveTitles};

use super::args::LearnArgs;

/// Refuses outputs that are not regular files to be, before any work.
pub fn check_outputs(out: &Path) -> Result<()> {
    for p in [
        out.to_path_buf(),
        beside(out, "curve.csv"),
        beside(out, "learn"),
    ] {
        weightforge::fsutil::check_writable(&p).with_context(|| format!("{}", p.display()))?;
    }
    Ok(())
}

/// One curve point in a line.
pub fn point_line(p: &CurvePoint) -> String {
    let acc: Vec<String> = p
        .accuracy
        .iter()
        .map(|a| format!("{:.1} %", a * 100.0))
        .collect();
    let acc = if acc.is_empty() {
        String::new()
    } else {
        format!(", accuracy at one ply {}", acc.join(" / "))
    };
    format!(
        "{:>10} games: {:+.1} Elo [{:.1}, {:.1}] ({} W {} D {} L){acc}",
        p.games, p.elo[0], p.elo[1], p.elo[2], p.wdl[0], p.wdl[1], p.wdl[2]
    )
}

/// Writes the genome and the curve, prints the summary, plays the gate.
pub fn finish<G: GameEntry>(
    a: &LearnArgs,
    s: &LearnSettings,
    reference: &Arc<Genome>,
    outcome: &LearnOutcome,
    began: Instant,
) -> Result<()> {
    let p = &outcome.progress;
    let genome = learned_genome(&outcome.values, reference, s, p.games);
    genome.save::<G>(&a.out)?;
    let csv = curve::csv_text(&p.curve, G::ROLES);
    weightforge::fsutil::write_derived(&beside(&a.out, "curve.csv"), csv.as_bytes())
        .with_context(|| beside(&a.out, "curve.csv").display().to_string())?;
    let budget = format!("{} at {} nodes", reference.name, a.curve_nodes);
    if !p.curve.is_empty() {
        let titles = CurveTitles {
            game: G::NAME,
            reference: &budget,
            roles: G::ROLES,
        };
        learning_curve::write(&a.out, &titles, &curve::chart_rows(&p.curve))?;
    }
    print_summary(a, outcome, began);
    if a.gate_pairs > 0 {
        gate::<G>(a, Arc::new(genome), reference)?;
    }
    Ok(())
}

fn print_summary(a: &LearnArgs, o: &LearnOutcome, began: Instant) {
    let p = &o.progress;
    let resumed = if o.resumed_at > 0 {
        format!(" (resumed at {} games)", o.resumed_at)
    } else {
        String::new()
    };
    println!(
        "learned {} games{resumed}, {} moves in {:.1} s of self-play ({:.0} moves/s); stopped: {}",
        p.games,
        p.moves,
        p.seconds,
        p.moves as f64 / p.seconds.max(1e-9),
        stop_words(o.stop)
    );
    println!(
        "this process: {:.1} s wall, {:.1} CPU s (curve and gate included); {} of {} weights not zero",
        began.elapsed().as_secs_f64(),
        super::cpu::cpu_seconds(),
        o.values.nonzero(),
        o.values.weights.len()
    );
    let curve = if p.curve.is_empty() {
        String::new()
    } else {
        format!(
            ", {} (one row a point), {} and {}",
            beside(&a.out, "curve.csv").display(),
            beside(&a.out, "curve.png").display(),
            beside(&a.out, "curve.svg").display()
        )
    };
    println!(
        "wrote {}{curve}; checkpoint {}",
        a.out.display(),
        beside(&a.out, "learn").display()
    );
}

/// The learned genome against the reference at the curve's budget, on openings of the
/// gate's own seed, until the SPRT decides or the pairs run out.
fn gate<G: GameEntry>(a: &LearnArgs, learned: Arc<Genome>, reference: &Arc<Genome>) -> Result<()> {
    let settings = MatchSettings {
        nodes: Some(a.curve_nodes),
        ..MatchSettings::defaults::<G>(LEARN_CURVE_OPENING_PLIES)
    };
    let a_spec = PlayerSpec::Genome(learned);
    let b_spec = PlayerSpec::Genome(Arc::clone(reference));
    let ctx = MatchContext::<G>::new(a_spec, b_spec, settings)?;
    let sprt = SprtSpec {
        elo0: 0.0,
        elo1: LEARN_GATE_ELO1,
        alpha: 0.05,
        beta: 0.05,
    };
    let plan = MatchPlan {
        pairs: a.gate_pairs,
        sprt: Some(sprt),
        record: false,
    };
    let out = play_match(
        &Threads::default(),
        &ctx,
        weightforge::seeds::learn_gate(a.seed),
        &plan,
        &|| {},
    )?;
    let r = &out.result;
    let e = stats::pentanomial(&r.ptnml, &r.wdl);
    let word = match out.decision {
        Some(Decision::H1) => "H1: better",
        Some(Decision::H0) => "H0: not better",
        _ => "undecided",
    };
    println!(
        "gate: {} against {} at {} nodes, {} games ({} W {} D {} L): {:+.1} ± {:.1} Elo; SPRT (elo0 0, elo1 {LEARN_GATE_ELO1}): {word}",
        a.out.display(),
        reference.name,
        a.curve_nodes,
        r.games(),
        r.wdl.wins,
        r.wdl.draws,
        r.wdl.losses,
        e.elo,
        e.error()
    );
    println!("{}", advice(out.decision, &reference.name));
    Ok(())
}

fn advice(decision: Option<Decision>, reference: &str) -> String {
    match decision {
        Some(Decision::H1) => format!("advice: the learned genome beats {reference} here; play it (match, move, engine, export)."),
        Some(Decision::H0) => format!("advice: keep {reference}: the learned genome is not better than it; learn longer (--games, --time) or with other families."),
        _ => format!("advice: keep {reference} for now: the gate could not tell the learned genome better; learn longer or raise --gate-pairs."),
    }
}

/// Why the run stopped, in words.
fn stop_words(stop: Stop) -> &'static str {
    match stop {
        Stop::Games => "its games were played",
        Stop::Time => "--time ran out",
        Stop::Plateau => "the curve stopped rising (--plateau)",
        Stop::StopAt => "--stop-at (continue with the same flags and --resume)",
    }
}

/// The file beside `out` with `ext` in place of its extension.
fn beside(out: &Path, ext: &str) -> PathBuf {
    out.with_extension(ext)
}

#[cfg(test)]
mod tests {
    #[test]
    fn advice_never_recommends_an_unproven_genome() {
        use weightforge::sprt::Decision;
        for d in [None, Some(Decision::H0), Some(Decision::Continue)] {
            assert!(super::advice(d, "tuned").starts_with("advice: keep tuned"));
        }
        assert!(super::advice(Some(Decision::H1), "tuned").contains("beats tuned"));
    }
}
