//! `weightforge learn`: a table genome learned by self-play (TD(λ), `src/learn/`),
//! its learning curve beside it, then a gate against the reference genome.

use std::sync::Arc;
use std::time::{Duration, Instant};

use anyhow::{bail, Context, Result};
use indicatif::ProgressBar;
use weightforge::game::{GameEntry, GameRng};
use weightforge::genome::Genome;
use weightforge::learn::curve::{CurvePlan, CurvePoint, Judge};
use weightforge::learn::{batch, LearnObserver, LearnPlan, LearnSettings, LearnedValues, StepSize};
use weightforge::player::PlayerSpec;
use weightforge::tables::TableLayout;
use weightforge::tunables::{LEARN_BATCH_GAMES, LEARN_CURVE_OPENING_PLIES, LEARN_HORIZON_GAMES};
use weightforge::with_game;

use super::args::LearnArgs;
use super::learn_report;

/// Share of a `--time` budget left for the curve and the gate when the games are chosen.
const TIME_RESERVE: f64 = 0.3;

/// `weightforge learn`
pub fn learn(a: LearnArgs) -> Result<()> {
    with_game!(a.game, G => learn_for::<G>(&a))
}

fn learn_for<G: GameEntry>(a: &LearnArgs) -> Result<()> {
    let began = Instant::now();
    if G::HAS_CHANCE {
        bail!(
            "--game {}: learning by self-play is built for games without chance moves",
            G::NAME
        );
    }
    let layout = Arc::new(layout::<G>(a)?);
    let step = step_size(&a.step_size)?;
    let values = start_values(a, &layout, step)?;
    let reference = genome_named::<G>(&reference_name::<G>(a), "--reference")?;
    let start = G::start(
        G::start_names()[0],
        &mut <GameRng as rand::SeedableRng>::seed_from_u64(0),
    )?;
    let mut settings = settings::<G>(a, &layout, step, &values)?;
    let deadline = a.time.as_deref().map(parse_time).transpose()?;
    if a.games.is_none() {
        if let Some(secs) = deadline {
            settings.games = games_that_fit::<G>(&settings, &values, &start, secs);
            println!(
                "--time {}: {} games planned from the first batch's speed (`--games {}` re-makes this run)",
                a.time.as_deref().unwrap_or_default(),
                settings.games,
                settings.games
            );
        }
    }
    let curve = curve_plan::<G>(a, &reference)?;
    let plan = LearnPlan {
        settings,
        start,
        values,
        template: Arc::clone(&reference),
        checkpoint: a.out.with_extension("learn"),
        resume: a.resume,
        deadline: deadline.map(|s| began + Duration::from_secs_f64(s)),
        stop_at: a.stop_at,
        plateau: a.plateau,
        curve,
    };
    learn_report::check_outputs(&a.out)?;
    let settings = plan.settings.clone();
    let observer = Bar::new(settings.games, a.quiet);
    let outcome = weightforge::learn::learn(plan, &observer)?;
    observer.bar.finish_and_clear();
    learn_report::finish::<G>(a, &settings, &reference, &outcome, began)
}

/// The families learned: `--families`, or the game's default for learning.
fn layout<G: GameEntry>(a: &LearnArgs) -> Result<TableLayout> {
    let layout = if a.families.is_empty() {
        TableLayout::learned_set::<G>()
    } else {
        let names: Vec<&str> = a.families.iter().map(String::as_str).collect();
        Some(TableLayout::new::<G>(&names).with_context(|| "--families")?)
    };
    match layout {
        Some(l) if !l.is_empty() => Ok(l),
        _ => bail!(
            "--game {}: this game has no table families to learn",
            G::NAME
        ),
    }
}

fn step_size(text: &str) -> Result<StepSize> {
    match text {
        "tcl" => Ok(StepSize::Coherent),
        "plain" => Ok(StepSize::Plain),
        _ => bail!("--step-size {text:?}: expected tcl or plain"),
    }
}

/// `--reference`, or the game's built-in `tuned`, or its bench genome.
fn reference_name<G: GameEntry>(a: &LearnArgs) -> String {
    if let Some(name) = &a.reference {
        return name.clone();
    }
    let tuned = G::BUILTIN_GENOMES.iter().any(|(n, _)| *n == "tuned");
    if tuned { "tuned" } else { G::BENCH.genome }.to_string()
}

/// A genome by file or built-in name.
fn genome_named<G: GameEntry>(name: &str, flag: &str) -> Result<Arc<Genome>> {
    match PlayerSpec::resolve::<G>(name).with_context(|| format!("{flag} {name}"))? {
        PlayerSpec::Genome(g) => Ok(g),
        _ => bail!("{flag} {name}: a genome is needed"),
    }
}

/// Zero weights, or `--start`'s tables (a table genome without hand weights).
fn start_values(a: &LearnArgs, layout: &Arc<TableLayout>, step: StepSize) -> Result<LearnedValues> {
    let Some(name) = &a.start else {
        return Ok(LearnedValues::zeros(Arc::clone(layout), step));
    };
    with_game!(a.game, G => start_from::<G>(name, layout, step))
}

fn start_from<G: GameEntry>(
    name: &str,
    layout: &Arc<TableLayout>,
    step: StepSize,
) -> Result<LearnedValues> {
    let g = genome_named::<G>(name, "--start")?;
    if g.weights.iter().flatten().any(|&w| w != 0.0) {
        bail!("--start {name}: it has hand weights, and learn trains tables alone; start from zero or from a genome learn wrote");
    }
    let Some(tables) = g.tables.as_deref() else {
        bail!("--start {name}: it carries no tables");
    };
    if tables.layout.family_names() != layout.family_names() {
        bail!(
            "--start {name}: it carries the families {}, the run learns {} (--families)",
            tables.layout.family_names().join(","),
            layout.family_names().join(",")
        );
    }
    Ok(LearnedValues::from_tables(tables, step))
}

/// The run's settings from the flags.
fn settings<G: GameEntry>(
    a: &LearnArgs,
    l: &TableLayout,
    step: StepSize,
    v: &LearnedValues,
) -> Result<LearnSettings> {
    let pair = |flag: &str, xs: &[f64]| -> Result<[f64; 2]> {
        match xs {
            [x] => Ok([*x, *x]),
            [x, y] => Ok([*x, *y]),
            _ => bail!("{flag}: one number, or two (start,end)"),
        }
    };
    let start = if a.start.is_some() {
        let bytes: Vec<u8> = v.weights.iter().flat_map(|w| w.to_le_bytes()).collect();
        weightforge::hash::fnv1a(&bytes)
    } else {
        0
    };
    let s = LearnSettings {
        game: G::NAME.into(),
        families: l.family_names().iter().map(|f| f.to_string()).collect(),
        seed: a.seed,
        games: a.games.unwrap_or(LEARN_HORIZON_GAMES),
        alpha: pair("--alpha", &a.alpha)?,
        epsilon: pair("--epsilon", &a.epsilon)?,
        lambda: a.lambda,
        step_size: step,
        batch: LEARN_BATCH_GAMES,
        start,
    };
    s.check().map_err(|e| anyhow::anyhow!(e))?;
    Ok(s)
}

fn parse_time(text: &str) -> Result<f64> {
    let secs = weightforge::tune::time_budget::parse_duration(text)
        .map_err(|e| anyhow::anyhow!("--time {text:?}: {e}"))?;
    if !(secs.is_finite() && secs > 0.0 && secs <= 30.0 * 86400.0) {
        bail!("--time {text:?}: expected more than 0 and at most 30 days");
    }
    Ok(secs)
}

/// The games that fit in `secs` at the speed of one batch played on a copy of the start
/// weights (thrown away) with the schedule's last exploration (greedy games last longer
/// than exploring ones), less a share for the curve and the gate; whole batches. An
/// estimate: the deadline stops the run in any case.
fn games_that_fit<G: GameEntry>(s: &LearnSettings, v: &LearnedValues, start: &G, secs: f64) -> u64 {
    let mut scratch = v.clone();
    let probe_settings = LearnSettings {
        epsilon: [s.epsilon[1]; 2],
        ..s.clone()
    };
    let began = Instant::now();
    let probe = batch::learn_batch(&mut scratch, &probe_settings, start, 0, s.batch);
    let per_game = began.elapsed().as_secs_f64() / probe.games.max(1) as f64;
    let games = (secs * (1.0 - TIME_RESERVE) / per_game.max(1e-9)) as u64;
    (games / s.batch).max(1) * s.batch
}

/// How the curve is measured: against `--reference`, with accuracy where the game is
/// solved; none with `--curve-pairs 0`.
fn curve_plan<G: GameEntry>(
    a: &LearnArgs,
    reference: &Arc<Genome>,
) -> Result<Option<CurvePlan<G>>> {
    if a.curve_pairs == 0 {
        return Ok(None);
    }
    let judge = match weightforge::registry::solvable::<G>() {
        Some(solvable) if !a.no_accuracy => judge_of(&solvable)?,
        _ => None,
    };
    Ok(Some(CurvePlan {
        reference: Arc::clone(reference),
        pairs: a.curve_pairs,
        nodes: a.curve_nodes,
        opening_plies: LEARN_CURVE_OPENING_PLIES,
        seed: weightforge::seeds::learn_curve(a.seed),
        judge,
    }))
}

/// The solved game's judge, or none (said) when its file cannot be opened: the curve
/// then measures Elo only.
fn judge_of<G: GameEntry>(solvable: &weightforge::solved::Solvable<G>) -> Result<Option<Judge<G>>> {
    let settings = weightforge::solved::open::settings_from_env::<G>();
    let oracle = match weightforge::solved::open::oracle::<G>(&settings) {
        Ok(o) => o,
        Err(e) => {
            println!("accuracy left out of the curve: {e}");
            return Ok(None);
        }
    };
    let sample = weightforge::solved::accuracy::built_in_sample(solvable)?;
    Ok(Some(Judge {
        oracle,
        phases: solvable.phases,
        sample,
    }))
}

/// The progress bar and the curve's lines.
struct Bar {
    bar: ProgressBar,
    quiet: bool,
}

impl Bar {
    fn new(games: u64, quiet: bool) -> Self {
        Bar {
            bar: super::progress::games_bar(games, quiet),
            quiet,
        }
    }
}

impl LearnObserver for Bar {
    fn batch(&self, games: u64, _stats: &batch::BatchStats) {
        self.bar.set_position(games);
    }

    fn point(&self, p: &CurvePoint) {
        if !self.quiet {
            self.bar
                .suspend(|| println!("{}", learn_report::point_line(p)));
        }
    }
}
