//! Commands that play: games, perft, moves, match, move.

use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result};
use rand::SeedableRng;
use weightforge::dist::Executor;
use weightforge::game::{Features, GameEntry, GameExt, GameRng};
use weightforge::matches::batches::{self, MatchPlan};
use weightforge::matches::pairs_batch::MatchContext;
use weightforge::matches::result::MatchResult;
use weightforge::matches::settings::MatchSettings;
use weightforge::player::PlayerSpec;
use weightforge::registry::GameId;
use weightforge::with_game;
use weightforge::{record, stats};

use super::args::{MatchArgs, MovesArgs, MovesFormat, PerftArgs};
use super::{course, print, progress, resolve};

/// `weightforge games`
pub fn games() -> Result<()> {
    for &id in GameId::ALL {
        with_game!(id, G => describe::<G>());
    }
    Ok(())
}

fn describe<G: Features>() {
    println!("{}", G::NAME);
    println!("  roles: {} (moves first), {}", G::ROLES[0], G::ROLES[1]);
    println!("  starts: {}", G::start_names().join(", "));
    println!("  default ply cap: {}", G::DEFAULT_PLY_CAP);
    if let Some(s) = weightforge::registry::solvable::<G>() {
        println!(
            "  solved: `solve`, `accuracy` and the player `perfect` ({}: {}{})",
            s.file_kind,
            s.default_file,
            if s.file_needed {
                ", needed"
            } else {
                ", used when there"
            }
        );
    }
    println!("  features:");
    let width = G::feature_info()
        .iter()
        .map(|f| f.name.len())
        .max()
        .unwrap_or(0);
    for f in G::feature_info() {
        println!("    {:width$}  {}", f.name, f.meaning);
    }
    describe_tables::<G>();
    println!();
}

/// The game's table families (`tables:` in a genome file): tuples, entries, stored
/// weights after symmetric tying, and one entry's name.
fn describe_tables<G: Features>() {
    let Some(all) = weightforge::tables::TableLayout::all::<G>() else {
        println!("  table families: none");
        return;
    };
    let opt_in = all.board().opt_in;
    let unnamed: usize = (all.families.iter())
        .filter(|f| !opt_in.contains(&f.name))
        .map(|f| f.stored.len())
        .sum();
    let default = if unnamed < all.len() {
        format!(", {unnamed} with those a fit takes when none are named")
    } else {
        String::new()
    };
    println!(
        "  table families ({} stored weights per role with all of them{default}; an entry is `cells=contents`, contents {}):",
        all.len(),
        all.board().contents.iter().collect::<String>()
    );
    for f in &all.families {
        println!(
            "    {:10}  {}: {} tuples, {} entries, {} weights after tying (e.g. {:?}){}",
            f.name,
            f.meaning,
            f.tuples.len(),
            f.raw,
            f.stored.len(),
            all.names[f.stored.end - 1],
            if opt_in.contains(&f.name) {
                "; only when named (--families)"
            } else {
                ""
            }
        );
    }
}

/// The start position, or a position given as text.
fn position_or_start<G: Features>(text: Option<&str>) -> Result<G> {
    match text {
        Some(t) => G::parse(t).with_context(|| format!("bad {} position", G::NAME)),
        None => {
            let mut rng = GameRng::seed_from_u64(0);
            Ok(G::start(G::start_names()[0], &mut rng)?)
        }
    }
}

/// `weightforge perft`
pub fn perft(a: PerftArgs) -> Result<()> {
    with_game!(a.game, G => perft_for::<G>(&a))
}

fn perft_for<G: Features>(a: &PerftArgs) -> Result<()> {
    super::checks::check_flag("--depth", a.depth.into(), &weightforge::limits::PERFT_DEPTH)?;
    let mut pos: G = position_or_start(a.position.as_deref())?;
    let t0 = Instant::now();
    let total = if a.divide && a.depth > 0 {
        let mut moves = Vec::new();
        pos.legal_moves(&mut moves);
        let mut lines: Vec<(String, u64)> = Vec::new();
        for mv in moves {
            let mut child = pos.clone();
            let mut rng = GameRng::seed_from_u64(0);
            child.play(mv, &mut rng);
            lines.push((
                pos.move_text(mv),
                weightforge::game::perft(&mut child, a.depth - 1),
            ));
        }
        lines.sort();
        for (m, n) in &lines {
            println!("{m} {n}");
        }
        lines.iter().map(|(_, n)| n).sum()
    } else {
        weightforge::game::perft(&mut pos, a.depth)
    };
    let secs = t0.elapsed().as_secs_f64();
    println!("{total}");
    eprintln!(
        "perft {}: {total} leaves in {secs:.3} s ({:.1} M leaves/s)",
        a.depth,
        total as f64 / secs.max(1e-9) / 1e6
    );
    Ok(())
}

/// `weightforge moves`
pub fn moves(a: MovesArgs) -> Result<()> {
    with_game!(a.game, G => moves_for::<G>(&a))
}

/// The longest line `moves` reads from standard input (the engine protocol's bound).
const MAX_POSITION_LINE: usize = 64 * 1024;

fn moves_for<G: GameEntry>(a: &MovesArgs) -> Result<()> {
    if a.format != MovesFormat::Text {
        return course::listing::<G>(a);
    }
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if let Some(text) = &a.position {
        let pos = G::parse(text).with_context(|| format!("bad {} position", G::NAME))?;
        write_moves(&pos, &mut out)?;
        return Ok(());
    }
    let mut first = true;
    super::stdin_lines::each_line(MAX_POSITION_LINE, |n, line| {
        let pos = G::parse(line)
            .with_context(|| format!("standard input, line {n}: bad {} position", G::NAME))?;
        if !first {
            writeln!(out)?;
        }
        first = false;
        write_moves(&pos, &mut out)
    })
}

/// The `moves` block of one position: `status <word>`, then `<move> <position>` lines
/// sorted by move text.
fn write_moves<G: Features>(pos: &G, out: &mut impl Write) -> Result<()> {
    writeln!(out, "status {}", pos.status_word(pos.status()))?;
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut lines: Vec<String> = Vec::with_capacity(moves.len());
    let mut outcomes = Vec::new();
    for mv in moves {
        pos.outcomes(mv, &mut outcomes);
        let mut child = pos.clone();
        // Games of chance show the most likely outcome.
        let outcome = outcomes
            .iter()
            .max_by(|x, y| x.1.total_cmp(&y.1))
            .map(|o| o.0)
            .unwrap_or_default();
        child.make(mv, outcome);
        lines.push(format!("{} {}", pos.move_text(mv), child.to_text()));
    }
    lines.sort();
    for l in lines {
        writeln!(out, "{l}")?;
    }
    Ok(())
}

/// A worker rank of `mpirun -n K weightforge match ...`: plays the pairs rank 0 hands
/// it, with the players and settings of the same command line.
#[cfg(feature = "mpi")]
pub fn serve_match(a: MatchArgs) -> Result<()> {
    with_game!(a.game, G => {
        let m = resolve::match_flags::<G>(&a)?;
        let ctx = MatchContext::<G>::new(m.a, m.b, m.series.settings)?;
        weightforge::dist::mpi::serve::<weightforge::matches::pairs_batch::PairsBatch<G>>(&ctx)?;
        Ok(())
    })
}

/// Plays the match `a` describes and prints its result; returns the players' names and
/// the result.
pub(super) fn play_and_print<G: Features>(
    a: &MatchArgs,
    exec: &dyn Executor,
) -> Result<(String, String, MatchResult)> {
    let resolve::Match {
        a: pa,
        b: pb,
        series,
        sprt,
    } = resolve::match_flags::<G>(a)?;
    let settings = series.settings;
    let plan = MatchPlan {
        pairs: series.games / 2,
        sprt,
        record: series.record.is_some(),
    };
    let bar = progress::games_bar(series.games, series.quiet);
    bar.set_prefix(format!("{} vs {} ", pa.name(), pb.name()));
    let t0 = Instant::now();
    let ctx = MatchContext::<G>::new(pa.clone(), pb.clone(), settings.clone())?;
    let out = batches::play_match(exec, &ctx, series.seed, &plan, &|| bar.inc(1))?;
    bar.finish_and_clear();
    let secs = t0.elapsed().as_secs_f64();
    print_match::<G>(series.seed, &settings, (&pa, &pb), &out.result, secs);
    if let Some(sprt) = &plan.sprt {
        println!("{}", sprt.line(&out.result.ptnml));
    }
    if let Some(path) = &series.record {
        record::write(path, &out.logs)?;
        eprintln!("{} games written to {}", out.logs.len(), path.display());
    }
    Ok((pa.name(), pb.name(), out.result))
}

/// Prints a match's result: the settings, W/D/L by role, the score, the speed, the
/// pentanomial counts and the Elo difference.
fn print_match<G: Features>(
    seed: u64,
    settings: &MatchSettings,
    (pa, pb): (&PlayerSpec, &PlayerSpec),
    result: &MatchResult,
    secs: f64,
) {
    let (na, nb) = (&pa.name(), &pb.name());
    println!(
        "{} games ({} pairs) of {}: {na} (A) vs {nb} (B), seed {}, {} opening plies, ply cap {}{}",
        result.games(),
        result.ptnml.pairs(),
        G::NAME,
        seed,
        settings.opening_plies,
        settings.ply_cap,
        if settings.adjudicate {
            " (adjudicated)"
        } else {
            ""
        }
    );
    println!("{}", print::search_line(&G::ROLES, settings, (pa, pb)));
    print::score(&G::ROLES, (na, nb), result, secs);
    if let Some(line) = weightforge::played_game::faults_line(["A", "B"], &result.faults) {
        println!("{line}");
    }
    let lines = stats::paired_lines(&result.wdl, &result.ptnml);
    println!("{}", lines.ptnml);
    println!("{}", lines.elo);
}
