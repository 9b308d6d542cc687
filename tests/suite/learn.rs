//! Self-play learning (`weightforge learn`, `src/learn/`): a planted value function is
//! learned on a toy game; one thread and two give the same weights; a run stopped and
//! resumed ends where an uninterrupted one does; a damaged checkpoint is refused by
//! name; the command writes a genome that plays, its curve and a gate.

use std::path::Path;
use std::sync::Arc;

use weightforge::game::{Game, GameRng};
use weightforge::games::connect_four::ConnectFour;
use weightforge::genome::Genome;
use weightforge::learn::run::Stop;
use weightforge::learn::{
    learn, LearnObserver, LearnOutcome, LearnPlan, LearnSettings, LearnedValues, StepSize,
};
use weightforge::tables::TableLayout;

use super::common::{fails, ok, weightforge};
use super::learn_toy::TakeAway;

struct Silent;

impl LearnObserver for Silent {
    fn batch(&self, _: u64, _: &weightforge::learn::batch::BatchStats) {}
    fn point(&self, _: &weightforge::learn::curve::CurvePoint) {}
}

fn settings<G: Game>(families: &[&str], games: u64) -> LearnSettings {
    LearnSettings {
        game: G::NAME.into(),
        families: families.iter().map(|f| f.to_string()).collect(),
        seed: 7,
        games,
        alpha: [1.0, 0.2],
        epsilon: [0.1, 0.0],
        lambda: 0.5,
        step_size: StepSize::Coherent,
        batch: 64,
        start: 0,
    }
}

fn plan<G: weightforge::game::Features>(
    families: &[&str],
    games: u64,
    checkpoint: &Path,
    stop_at: Option<u64>,
) -> LearnPlan<G> {
    let layout = Arc::new(TableLayout::new::<G>(families).expect("families"));
    let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
    LearnPlan {
        settings: settings::<G>(families, games),
        start: G::start("start", &mut rng)
            .unwrap_or_else(|_| G::start(G::start_names()[0], &mut rng).expect("a start")),
        values: LearnedValues::zeros(layout, StepSize::Coherent),
        template: Arc::new(
            Genome::parse::<ConnectFour>(
                weightforge::builtin_genomes::genome_text("connect_four", "tuned").expect("tuned"),
                "tuned",
            )
            .expect("genome"),
        ),
        checkpoint: checkpoint.to_path_buf(),
        resume: true,
        deadline: None,
        stop_at,
        plateau: None,
        curve: None,
    }
}

fn run<G: weightforge::game::Features>(p: LearnPlan<G>, threads: usize) -> LearnOutcome {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .expect("pool");
    pool.install(|| learn(p, &Silent)).expect("learns")
}

/// The first role's learned value of a take-away position.
fn toy_value(v: &LearnedValues, pile: u8, side: u8) -> f32 {
    let l = &v.layout;
    let raw = l.tuple_offset[0] + l.tuple_index(0, &[pile, side]);
    v.raw(raw).tanh()
}

#[test]
fn a_planted_value_function_is_learned() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = run(
        plan::<TakeAway>(&["pile_turn"], 3000, &dir.path().join("toy.learn"), None),
        1,
    );
    // The side to move loses exactly on a multiple of three: the first role's value is
    // negative there when it is to move, positive when the second role is.
    for pile in 1..=9u8 {
        for side in 0..2u8 {
            let v = toy_value(&out.values, pile, side);
            let mover_loses = pile % 3 == 0;
            let first_wins = mover_loses == (side == 1);
            assert_eq!(
                v > 0.0,
                first_wins,
                "pile {pile}, side {side} to move: value {v}"
            );
        }
    }
}

#[test]
fn one_thread_and_two_learn_the_same_weights() {
    let dir = tempfile::tempdir().expect("temp dir");
    let a = run(
        plan::<ConnectFour>(&["lines"], 1500, &dir.path().join("a.learn"), None),
        1,
    );
    let b = run(
        plan::<ConnectFour>(&["lines"], 1500, &dir.path().join("b.learn"), None),
        2,
    );
    assert!(a.values.nonzero() > 100, "it learned something");
    assert!(a.values == b.values, "the weights differ");
    assert_eq!(a.progress.moves, b.progress.moves);
}

#[test]
fn a_stopped_run_resumes_to_the_uninterrupted_weights() {
    let dir = tempfile::tempdir().expect("temp dir");
    let whole = run(
        plan::<ConnectFour>(&["lines"], 1000, &dir.path().join("whole.learn"), None),
        2,
    );
    let staged = dir.path().join("staged.learn");
    let first = run(plan::<ConnectFour>(&["lines"], 1000, &staged, Some(300)), 2);
    assert_eq!(
        (first.stop, first.progress.games),
        (Stop::StopAt, 320),
        "at a batch's end"
    );
    let rest = run(plan::<ConnectFour>(&["lines"], 1000, &staged, None), 1);
    assert_eq!(rest.resumed_at, 320);
    assert!(rest.values == whole.values, "the weights differ");
    assert_eq!(rest.progress.moves, whole.progress.moves);
}

#[test]
fn a_damaged_or_foreign_checkpoint_is_refused_by_name() {
    let dir = tempfile::tempdir().expect("temp dir");
    let path = dir.path().join("c.learn");
    run(plan::<ConnectFour>(&["lines"], 200, &path, None), 1);
    let mut bytes = std::fs::read(&path).expect("checkpoint");
    let last = bytes.len() - 20;
    bytes[last] ^= 0x40;
    std::fs::write(&path, &bytes).expect("write");
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(1)
        .build()
        .expect("pool");
    let err = pool
        .install(|| learn(plan::<ConnectFour>(&["lines"], 200, &path, None), &Silent))
        .err()
        .expect("refused");
    assert!(err.to_string().contains("checksum"), "{err}");
    let err = pool
        .install(|| learn(plan::<ConnectFour>(&["lines"], 400, &path, None), &Silent))
        .err()
        .expect("refused");
    assert!(err.to_string().contains("settings"), "{err}");
    std::fs::write(&path, b"WFLEARN1").expect("write");
    let err = pool
        .install(|| learn(plan::<ConnectFour>(&["lines"], 200, &path, None), &Silent))
        .err()
        .expect("refused");
    assert!(err.to_string().contains("header"), "{err}");
}

#[test]
fn learn_writes_a_genome_that_plays_its_curve_and_a_gate() {
    let dir = tempfile::tempdir().expect("temp dir");
    let out = dir.path().join("c4.ron");
    let o = out.to_str().expect("utf-8");
    let text = ok(&weightforge(&[
        "learn",
        "--game",
        "connect_four",
        "--families",
        "lines",
        "--games",
        "2000",
        "--curve-pairs",
        "4",
        "--no-accuracy",
        "--gate-pairs",
        "4",
        "--quiet",
        "--out",
        o,
    ]));
    assert!(text.contains("learned 2000 games"), "{text}");
    assert!(
        text.contains("gate: ") && text.contains("advice: "),
        "{text}"
    );
    let csv = std::fs::read_to_string(dir.path().join("c4.curve.csv")).expect("curve");
    assert_eq!(
        csv.lines().count(),
        3,
        "a header, 1000 and 2000 games: {csv}"
    );
    assert!(dir.path().join("c4.curve.png").exists());
    let played = ok(&weightforge(&[
        "match",
        "--game",
        "connect_four",
        o,
        "course",
        "--depth",
        "1",
        "--games",
        "4",
    ]));
    assert!(played.contains("A as red"), "{played}");
    let refused = fails(&[
        "learn",
        "--game",
        "connect_four",
        "--games",
        "10",
        "--lambda",
        "2",
        "--out",
        o,
    ]);
    assert!(refused.contains("--lambda"), "{refused}");
}
