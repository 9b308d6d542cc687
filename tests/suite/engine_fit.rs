//! Fitting an outside engine's constants through its `eval`: probing recovers known
//! terms (the built-in player served by `weightforge engine`, whose evaluation is
//! Σ weight × feature), a nonlinear evaluation is refused with the constant named, and
//! a Texel run whose start is the Python example engine fits its constants on a
//! position file and writes them within their bounds. The Python tests are skipped
//! with a message without python3, and fail in CI (`CI=true`).

use std::path::Path;
use std::sync::Arc;

use crate::common::experiment::{constants_of, finished_text};
use crate::common::positions::random_position;
use crate::common::tool;
use rand::SeedableRng;
use weightforge::engine::constants::ConstantsFile;
use weightforge::engine::probe::{ProbeError, Prober};
use weightforge::engine::EngineSpec;
use weightforge::fit::positions_file::{write_rows, PositionRow};
use weightforge::game::{Features, Game, GameRng};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::experiment::Experiment;

const BIN: &str = env!("CARGO_BIN_EXE_weightforge");

fn positions(n: usize, seed: u64) -> Vec<WolvesSheep> {
    let mut rng = GameRng::seed_from_u64(seed);
    let start = WolvesSheep::start_names()[0];
    (0..n)
        .map(|_| random_position::<WolvesSheep>(start, 30, &mut rng))
        .collect()
}

#[test]
fn probing_recovers_the_built_in_features() {
    let spelling = format!("engine:\"{BIN} engine --game wolves_sheep --genome li2023\"");
    let spec = Arc::new(EngineSpec::resolve(&spelling, "wolves_sheep").expect("the engine starts"));
    let nf = WolvesSheep::feature_info().len();
    assert_eq!(spec.weights.len(), 2 * nf, "role:feature for both roles");
    let mut prober = Prober::<WolvesSheep>::new(spec);
    let mut f = vec![0.0f32; nf];
    for pos in positions(20, 5) {
        for role in 0..2 {
            let p = prober.probe(role, &pos.to_text()).expect("linear");
            pos.features(role, &mut f);
            assert_eq!(p.base, 0.0);
            for (i, t) in p.terms.iter().enumerate() {
                // Constants `role:feature`: this role's are its features, the other's 0.
                let want = if i / nf == role {
                    f[i % nf] as f64
                } else {
                    0.0
                };
                assert!(
                    (t - want).abs() < 1e-6,
                    "role {role} term {i}: {t} vs {want}"
                );
            }
        }
    }
    let before = prober.stats;
    assert_eq!((before.probed, before.round_trips), (40, 40));
    let again = positions(1, 5)[0].to_text();
    prober.probe(0, &again).unwrap();
    assert_eq!(
        prober.stats.cached,
        before.cached + 1,
        "cached per position"
    );
    assert_eq!(prober.stats.probed, before.probed);
}

fn nonlinear(arg: &str) -> String {
    let spelling = format!("engine:\"python3 tests/engines/nonlinear.py {arg}\"");
    let spec = Arc::new(EngineSpec::resolve(&spelling, "wolves_sheep").expect("starts"));
    let mut prober = Prober::<WolvesSheep>::new(spec);
    let text = positions(1, 9)[0].to_text();
    match prober.probe(0, &text) {
        Err(e @ ProbeError::Nonlinear { .. }) => e.to_string(),
        other => panic!("expected a nonlinear error, got {other:?}"),
    }
}

#[test]
fn a_nonlinear_evaluation_is_refused_with_the_constant_named() {
    if !tool::require_python3("a_nonlinear_evaluation_is_refused_with_the_constant_named") {
        return;
    }
    let e = nonlinear("square");
    assert!(e.contains("not linear in SQUARED ("), "{e}");
    let e = nonlinear("interact");
    assert!(e.contains("they interact: LINEAR, SQUARED"), "{e}");
}

/// A version 2 file of positions from random games, labelled by a fixed rule (the
/// wolves win when few sheep are left) so the fit has something to find.
fn write_positions(path: &Path) {
    let rows: Vec<PositionRow> = positions(300, 11)
        .iter()
        .flat_map(|pos| {
            let text = pos.to_text();
            let sheep = text.chars().filter(|&c| c == 'S').count();
            let wolves_win = if sheep < 9 { 1.0 } else { 0.0 };
            [0, 1].map(|role| PositionRow {
                role,
                result: if role == 0 {
                    wolves_win
                } else {
                    1.0 - wolves_win
                },
                score: f32::NAN,
                text: text.clone(),
            })
        })
        .collect();
    write_rows::<WolvesSheep>(path, &["test rows".into()], &rows).unwrap();
}

/// A one-generation Texel run named `name` whose start is `engine`, fitting the rows of
/// [`write_positions`] (`texel` adds fields to the algorithm), with games cut at
/// `ply_cap` plies: the constants file it wrote.
fn fit_engine(name: &str, engine: &str, texel: &str, ply_cap: u32) -> ConstantsFile {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("rows.pos");
    write_positions(&file);
    let text = format!(
        r#"(
            name: "{name}",
            game: "wolves_sheep",
            seed: 3,
            algorithm: Texel(steps: 200, files: ["{file}"], filter: (skip_plies: 2, quiet: false){texel}),
            generations: 1,
            start: "{engine}",
            tune_roles: [],
            opponents: [(player: "{engine}", depth: {{"wolves": 1, "sheep": 1}})],
            pairs_per_opponent: 1,
            openings: (plies: 6),
            ply_cap: {ply_cap},
            validation: (finalists: 1, selection_pairs: 1, pairs: 1),
            output: (reports: "{dir}/reports", genomes: "{dir}/genomes"),
        )"#,
        file = file.display(),
        dir = dir.path().display()
    );
    let summary = finished_text(&text, &format!("{name}.ron"));
    assert_page_shows_the_constants_file(&summary.report_dir.join("index.html"));
    constants_of(&summary)
}

/// The run page's "Best genome" block is the constants file the run wrote (the engine's
/// names, in its order), not the built-in genome the constants were tuned through.
fn assert_page_shows_the_constants_file(page: &Path) {
    let html = std::fs::read_to_string(page).unwrap();
    let block = crate::common::between(&html, "<pre id=\"genome\">", "</pre>")
        .expect("the page has a best-genome block");
    assert!(
        block.contains("constants:") && block.contains("order:") && !block.contains("weights:"),
        "{block}"
    );
}

#[test]
fn texel_fits_the_python_engine_through_eval() {
    if !tool::require_python3("texel_fits_the_python_engine_through_eval") {
        return;
    }
    let engine = r#"engine:\"python3 wolves_sheep.py\",dir=examples/engines"#;
    let file = fit_engine("engine_fit_tiny", engine, "", 30);
    // The rule rewards eaten sheep: the fit raises SHEEP_TAKEN's share of the
    // constants (what the search sees: their ratios) above its default 100 / 147.
    let c = &file.constants;
    let taken = c["SHEEP_TAKEN"];
    assert!(
        share(c, "SHEEP_TAKEN", &[]) > 100.0 / 147.0 && taken <= 400.0,
        "{c:?}"
    );
    for (name, lo, hi) in [("WOLF_ROOM", -40.0, 40.0), ("THREAT", -100.0, 100.0)] {
        let v = file.constants[name];
        assert!((lo..=hi).contains(&v), "{name} = {v} within its bounds");
    }
}

#[test]
fn search_labels_are_refused_for_an_engine() {
    let exp = Experiment::parse(
        r#"(name: "x", game: "wolves_sheep", seed: 1,
            algorithm: Texel(label: Search(depth: 2, weight: 0.5)), generations: 1, tune_roles: [], pairs_per_opponent: 1,
            start: "engine:\"./no-such-engine\"", opponents: [(player: "random")])"#,
        "x.ron",
    )
    .expect("parses");
    let e = exp.resolve::<WolvesSheep>("x.ron").unwrap_err().to_string();
    assert!(
        e.contains("algorithm.label") && e.contains("label: Result"),
        "{e}"
    );
}

#[test]
fn texel_fits_the_course_player_through_its_adapter() {
    if !tool::require_python3("texel_fits_the_course_player_through_its_adapter") {
        return;
    }
    let engine = r#"engine:\"python3 adapter.py\",dir=examples/engines/course"#;
    let file = fit_engine("course_fit_tiny", engine, ", games: false", 20);
    assert_eq!(file.constants.len(), 9, "{:?}", file.constants);
    // The rows' rule (wolves win once two sheep are eaten) is read by the wolves through
    // EAT_BONUS and by the sheep through SHEEP_ALIVE: the fit raises both one's share
    // of its side's constants (defaults 60 / 96 and 50 / 86).
    let c = &file.constants;
    let wolves = [
        "WOLF_MOBILITY",
        "CAPTURE_CHANCE",
        "EDGE_PENALTY",
        "WOLF_GAP",
    ];
    let sheep = ["BLOCKING", "SHEEP_IN_DANGER", "TOGETHER"];
    assert!(share(c, "EAT_BONUS", &wolves) > 60.0 / 96.0, "{c:?}");
    assert!(share(c, "SHEEP_ALIVE", &sheep) > 50.0 / 86.0, "{c:?}");
}

/// `name`'s share of |name| + Σ |others| (all constants when `others` is empty).
fn share(c: &std::collections::BTreeMap<String, f64>, name: &str, others: &[&str]) -> f64 {
    let rest: f64 = if others.is_empty() {
        c.iter()
            .filter(|(k, _)| *k != name)
            .map(|(_, v)| v.abs())
            .sum()
    } else {
        others.iter().map(|k| c[*k].abs()).sum()
    };
    c[name].abs() / (c[name].abs() + rest)
}

#[test]
fn a_zero_sum_evaluation_is_told_from_one_heuristic_per_side() {
    if !tool::require_python3("a_zero_sum_evaluation_is_told_from_one_heuristic_per_side") {
        return;
    }
    let zero_sum = |spelling: &str| {
        let spec =
            Arc::new(EngineSpec::resolve(spelling, "wolves_sheep").expect("the engine starts"));
        let mut prober = Prober::<WolvesSheep>::new(spec);
        assert!(!prober.zero_sum(), "nothing probed yet");
        for pos in positions(10, 7) {
            for role in 0..2 {
                prober.probe(role, &pos.to_text()).expect("linear");
            }
        }
        prober.zero_sum()
    };
    // The Python example's sheep evaluation is the wolves' negated; the course player
    // has a heuristic per side (fitted with an intercept per role).
    assert!(zero_sum(
        r#"engine:"python3 wolves_sheep.py",dir=examples/engines"#
    ));
    assert!(!zero_sum(
        r#"engine:"python3 adapter.py",dir=examples/engines/course"#
    ));
}

#[test]
fn probing_tells_which_role_each_course_constant_serves() {
    if !tool::require_python3("probing_tells_which_role_each_course_constant_serves") {
        return;
    }
    let spelling = r#"engine:"python3 adapter.py",dir=examples/engines/course"#;
    let spec = Arc::new(EngineSpec::resolve(spelling, "wolves_sheep").expect("the engine starts"));
    let mut prober = Prober::<WolvesSheep>::new(spec);
    for pos in positions(40, 13) {
        for role in 0..2 {
            prober.probe(role, &pos.to_text()).expect("linear");
        }
    }
    // EAT_BONUS .. WOLF_GAP weigh the wolves' heuristic, SHEEP_ALIVE .. TOGETHER the
    // sheep's (the declaration order of adapter.py).
    let mut want = vec![Some(0); 5];
    want.extend([Some(1); 4]);
    assert_eq!(prober.constant_roles(), want);
}
