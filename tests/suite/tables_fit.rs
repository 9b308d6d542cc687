//! The sparse table fit (`src/fit/sparse.rs`, `src/fit/table_fit.rs`) recovers a planted
//! table: positions of random Wolves & Sheep games are labelled with the win chance a
//! hand evaluation plus planted piece-square and 2×2 block weights give them; the fit,
//! started from the hand genome with empty tables, must predict the planted win chances
//! (logits K·eval, at the scale it fitted) on positions it never saw, far better than
//! the hand genome alone.

use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::fit::design::Loss;
use weightforge::fit::positions_file::FitRow;
use weightforge::fit::sparse::SparseSettings;
use weightforge::fit::table_fit::{fit_tables, TableFitPlan, TableScoreScale};
use weightforge::game::{Features, Game, GameRng, MatchRules};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tables::{GenomeTables, TableLayout};
use weightforge::tunables::SCORE_SCALE_FLAT;

/// Distinct positions of random games, with their texts.
fn random_positions(n: usize, rng: &mut GameRng) -> Vec<(WolvesSheep, String)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    let rules = MatchRules::capped(60);
    let mut moves = Vec::new();
    while out.len() < n {
        let mut pos = WolvesSheep::new();
        loop {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.random_range(0..moves.len())], ());
            if seen.insert(pos.to_text()) {
                out.push((pos, pos.to_text()));
            }
        }
    }
    out.truncate(n);
    out
}

/// The planted evaluation of the fit tests: every table entry of `families` drawn from
/// −1..1, and small hand weights (0.02 a feature for role 0, −0.02 for role 1).
pub(crate) fn planted_tables(
    rng: &mut GameRng,
    families: &[&str],
) -> (Arc<GenomeTables>, [Vec<f64>; 2]) {
    let layout = Arc::new(TableLayout::new::<WolvesSheep>(families).unwrap());
    let mut planted = GenomeTables::zeros(layout);
    for w in planted.weights.iter_mut().flatten() {
        *w = rng.random_range(-1.0..1.0);
    }
    let nf = WolvesSheep::feature_info().len();
    (Arc::new(planted), [vec![0.02; nf], vec![-0.02; nf]])
}

#[test]
fn the_fit_recovers_a_planted_table() {
    let mut rng = GameRng::seed_from_u64(5);
    let families = ["psqt", "blocks2x2"];
    let (planted, hand) = planted_tables(&mut rng, &families);
    let k = 0.5;
    let positions = random_positions(20_000, &mut rng);
    let mut rows = Vec::new();
    for (role, weights) in hand.iter().enumerate() {
        let mut truth = Evaluator::with_tables::<WolvesSheep>(role, weights, Some(&planted));
        for (pos, text) in &positions {
            let p = 1.0 / (1.0 + (-k * truth.value(pos)).exp());
            rows.push((pos, text.as_str(), role, p as f32));
        }
    }
    let fit_rows = || {
        rows.iter().map(|&(pos, text, role, result)| FitRow {
            pos,
            role,
            result,
            score: f32::NAN,
            text,
        })
    };
    let plan = TableFitPlan {
        l2: vec![0.0, 1e-3],
        held_out: 0.1,
        score_weight: 0.0,
        score_scale: TableScoreScale::Fitted,
        settings: SparseSettings {
            steps: 300,
            rate: 0.05,
            loss: Loss::Mse,
        },
    };
    let (fitted, fits) = fit_tables::<WolvesSheep, _>(fit_rows, &families, &hand, &plan).unwrap();
    let fitted = Arc::new(fitted);
    let unseen = random_positions(2_000, &mut GameRng::seed_from_u64(99));
    for role in 0..2 {
        let f = &fits[role];
        assert!(f.points[f.chosen].held < f.held_hand / 5.0, "{f:?}");
        let mut truth = Evaluator::with_tables::<WolvesSheep>(role, &hand[role], Some(&planted));
        let mut learnt = Evaluator::with_tables::<WolvesSheep>(role, &hand[role], Some(&fitted));
        let mut bare = Evaluator::new::<WolvesSheep>(role, &hand[role]);
        let (mut err, mut err_bare) = (0.0, 0.0);
        for (pos, _) in &unseen {
            let t = k * truth.value(pos);
            err += (f.k * learnt.value(pos) - t).abs();
            err_bare += (f.k * bare.value(pos) - t).abs();
        }
        let (err, err_bare) = (err / 2_000.0, err_bare / 2_000.0);
        assert!(
            err < 0.25 * err_bare,
            "role {role}: fit {err}, hand alone {err_bare}"
        );
    }
}

/// A few Wolves & Sheep datagen games at 300 nodes, written to `dir/ws.positions`.
fn small_datagen(dir: &std::path::Path) -> std::path::PathBuf {
    let positions = dir.join("ws.positions");
    crate::common::ok(&crate::common::weightforge(&[
        "datagen",
        "experiments/wolves_sheep_target.ron",
        "--out",
        positions.to_str().unwrap(),
        "--games",
        "4",
        "--nodes",
        "300",
        "--quiet",
    ]));
    positions
}

/// `weightforge fit` writes the held-out loss by L2 strength as CSV and as a chart (SVG
/// and PNG): one line per role, a point per strength, the hand genome's loss dashed.
#[test]
fn the_fit_command_charts_its_held_out_loss() {
    let dir = tempfile::tempdir().unwrap();
    let positions = small_datagen(dir.path());
    let out = dir.path().join("ws_tables.ron");
    let p = |path: &std::path::Path| path.to_str().unwrap().to_string();
    crate::common::ok(&crate::common::weightforge(&[
        "fit",
        "--game",
        "wolves_sheep",
        "--genome",
        "li2023",
        "--positions",
        &p(&positions),
        "--families",
        "psqt",
        "--steps",
        "5",
        "--l2",
        "1e-5,1e-3",
        "--out",
        &p(&out),
    ]));
    let csv = std::fs::read_to_string(dir.path().join("ws_tables.l2.csv")).unwrap();
    assert_eq!(csv.lines().count(), 1 + 2 * 2, "{csv}");
    let svg = std::fs::read_to_string(dir.path().join("ws_tables.l2.svg")).unwrap();
    assert!(
        svg.contains("Held-out loss against the L2 strength"),
        "{svg}"
    );
    assert_eq!(
        svg.matches("<circle").count(),
        4,
        "a point per strength and role"
    );
    assert!(svg.contains("wolves (kept") && svg.contains("sheep (kept"));
    let png = std::fs::read(dir.path().join("ws_tables.l2.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
    // The heat maps: a board per role and piece, 25 cells each, a value in every cell.
    let heat = std::fs::read_to_string(dir.path().join("ws_tables.heat.svg")).unwrap();
    for panel in [
        "wolves: a W on",
        "wolves: a S on",
        "sheep: a W on",
        "sheep: a S on",
    ] {
        assert!(heat.contains(panel), "no {panel:?} board");
    }
    assert_eq!(heat.matches("<polygon").count(), 4 * 25, "a cell per board");
    let png = std::fs::read(dir.path().join("ws_tables.heat.png")).unwrap();
    assert!(png.starts_with(b"\x89PNG"), "not a PNG");
}

/// `fit --rows both`: every position trains both roles, so a role sees more rows than
/// with `--rows per-role` on a datagen file (whose rows each belong to the side to move),
/// and the genome's provenance says how it was fitted.
#[test]
fn the_fit_can_train_both_roles_on_every_position() {
    let dir = tempfile::tempdir().unwrap();
    let positions = small_datagen(dir.path());
    let p = |path: &std::path::Path| path.to_str().unwrap().to_string();
    let rows_of = |which: &str| {
        let out = dir.path().join(format!("{which}.ron"));
        let text = crate::common::ok(&crate::common::weightforge(&[
            "fit",
            "--game",
            "wolves_sheep",
            "--genome",
            "li2023",
            "--positions",
            &p(&positions),
            "--families",
            "psqt",
            "--steps",
            "2",
            "--l2",
            "1e-5",
            "--rows",
            which,
            "--out",
            &p(&out),
        ]));
        // "wolves: 8422 training + 917 held-out positions ..."
        let line = text.lines().find(|l| l.starts_with("wolves: ")).unwrap();
        let words: Vec<&str> = line.split_whitespace().collect();
        let n = |i: usize| words[i].parse::<usize>().unwrap();
        (n(1) + n(4), std::fs::read_to_string(out).unwrap())
    };
    let (per_role, _) = rows_of("per-role");
    let (both, genome) = rows_of("both");
    assert!(
        both > per_role,
        "{per_role} wolves rows per role, {both} with both"
    );
    assert!(
        genome.contains("--rows both"),
        "the provenance says how the tables were fitted"
    );
}

/// `fit --score-scale spread`: the scale comes from the scores (the genome's provenance
/// says so); a scale without a score weight, or one that is not a scale, is refused
/// naming the flag.
#[test]
fn the_fit_command_takes_a_score_scale() {
    let dir = tempfile::tempdir().unwrap();
    let positions = small_datagen(dir.path());
    let out = dir.path().join("spread.ron");
    let p = |path: &std::path::Path| path.to_str().unwrap().to_string();
    let args = |extra: &[&str]| {
        let mut a = vec![
            "fit".to_string(),
            "--game".into(),
            "wolves_sheep".into(),
            "--genome".into(),
            "li2023".into(),
            "--positions".into(),
            p(&positions),
            "--families".into(),
            "psqt".into(),
            "--steps".into(),
            "2".into(),
            "--out".into(),
            p(&out),
        ];
        a.extend(extra.iter().map(|s| s.to_string()));
        a
    };
    let run = |extra: &[&str]| {
        let a = args(extra);
        crate::common::weightforge(&a.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let text = crate::common::ok(&run(&["--score-weight", "1", "--score-scale", "spread"]));
    assert!(text.contains("score scale"), "{text}");
    let genome = std::fs::read_to_string(&out).unwrap();
    assert!(
        genome.contains("--score-weight 1 --score-scale spread"),
        "{genome}"
    );
    for (extra, says) in [
        (&["--score-scale", "spread"][..], "--score-scale spread"),
        (
            &["--score-weight", "1", "--score-scale", "0"],
            "--score-scale 0",
        ),
        (
            &["--score-weight", "1", "--score-scale", "wide"],
            "--score-scale \"wide\"",
        ),
    ] {
        let a = args(extra);
        let err = crate::common::fails(&a.iter().map(String::as_str).collect::<Vec<_>>());
        assert!(err.contains(says), "{extra:?}: {err}");
    }
}

/// A test's rows (position, text, role, result, score).
type ScoredRow<'a> = (&'a WolvesSheep, &'a str, usize, f32, f32);

/// The fit's rows of `rows`.
fn scored_rows<'a>(rows: &'a [ScoredRow<'a>]) -> impl Iterator<Item = FitRow<'a, WolvesSheep>> {
    rows.iter().map(|&(pos, text, role, result, score)| FitRow {
        pos,
        role,
        result,
        score,
        text,
    })
}

/// A few forced results among the scores (a search that found a win: 10⁷ and beyond)
/// must not set the score scale: fitted on the other rows, it finds the scale the results
/// were drawn at (before, their spread put the scale's range a thousand times too low
/// and every label came out ½).
#[test]
fn forced_results_do_not_set_the_score_scale() {
    let mut rng = GameRng::seed_from_u64(8);
    let nf = WolvesSheep::feature_info().len();
    let hand: [Vec<f64>; 2] = [vec![0.02; nf], vec![-0.02; nf]];
    let k = 0.5;
    let positions = random_positions(4_000, &mut rng);
    let mut rows = Vec::new();
    for (role, weights) in hand.iter().enumerate() {
        let mut eval = Evaluator::new::<WolvesSheep>(role, weights);
        for (i, (pos, text)) in positions.iter().enumerate() {
            let score = eval.value(pos) as f32 + rng.random_range(-4.0..4.0);
            let p = 1.0 / (1.0 + (-k * f64::from(score)).exp());
            let won = rng.random_range(0.0..1.0) < p;
            let (score, result) = if i % 50 == 0 {
                (1.0e7, 1.0)
            } else {
                (score, if won { 1.0 } else { 0.0 })
            };
            rows.push((pos, text.as_str(), role, result, score));
        }
    }
    let fit_rows = || scored_rows(&rows);
    let plan = TableFitPlan {
        l2: vec![1e-3],
        held_out: 0.1,
        score_weight: 1.0,
        score_scale: TableScoreScale::Fitted,
        settings: SparseSettings {
            steps: 1,
            rate: 0.01,
            loss: Loss::Mse,
        },
    };
    let (_, fits) = fit_tables::<WolvesSheep, _>(fit_rows, &["psqt"], &hand, &plan).unwrap();
    for f in &fits {
        assert!(f.ks > 0.25 && f.ks < 1.0, "score scale {} for {k}", f.ks);
    }
}

/// A mostly drawn game: the results barely follow the scores, so a scale fitted on them
/// makes every label about ½ (and the fit says so); `TableScoreScale::Spread` sets the
/// scale from the scores alone and the fit recovers the planted tables the scores came
/// from.
#[test]
fn a_drawn_games_scores_teach_at_the_spread_scale() {
    let mut rng = GameRng::seed_from_u64(11);
    let (planted, hand) = planted_tables(&mut rng, &["psqt", "blocks2x2"]);
    let positions = random_positions(12_000, &mut rng);
    let mut rows = Vec::new();
    for (role, weights) in hand.iter().enumerate() {
        let mut truth = Evaluator::with_tables::<WolvesSheep>(role, weights, Some(&planted));
        for (i, (pos, text)) in positions.iter().enumerate() {
            let score = truth.value(pos) as f32;
            let result = match i % 100 {
                0 => 1.0,
                1 => 0.0,
                _ => 0.5,
            };
            rows.push((pos, text.as_str(), role, result, score));
        }
    }
    let fit_rows = || scored_rows(&rows);
    let plan = |score_scale| TableFitPlan {
        l2: vec![0.0],
        held_out: 0.1,
        score_weight: 1.0,
        score_scale,
        settings: SparseSettings {
            steps: 300,
            rate: 0.05,
            loss: Loss::Mse,
        },
    };
    let families = ["psqt", "blocks2x2"];
    let fitted_plan = plan(TableScoreScale::Fitted);
    let (_, flat) = fit_tables::<WolvesSheep, _>(fit_rows, &families, &hand, &fitted_plan).unwrap();
    assert!(
        flat.iter().all(|f| f.ks_spread < SCORE_SCALE_FLAT),
        "{flat:?}"
    );
    let report = weightforge::fit::table_fit::report::<WolvesSheep>(&flat, false);
    assert!(report.contains("--score-scale spread"), "{report}");
    let spread_plan = plan(TableScoreScale::Spread);
    let (fitted, fits) =
        fit_tables::<WolvesSheep, _>(fit_rows, &families, &hand, &spread_plan).unwrap();
    let report = weightforge::fit::table_fit::report::<WolvesSheep>(&fits, false);
    assert!(!report.contains("--score-scale spread"), "{report}");
    let fitted = Arc::new(fitted);
    for (role, f) in fits.iter().enumerate() {
        assert!((f.ks_spread - 1.0).abs() < 1e-9, "{f:?}");
        let mut truth = Evaluator::with_tables::<WolvesSheep>(role, &hand[role], Some(&planted));
        let mut learnt = Evaluator::with_tables::<WolvesSheep>(role, &hand[role], Some(&fitted));
        let mut bare = Evaluator::new::<WolvesSheep>(role, &hand[role]);
        let (mut err, mut err_bare) = (0.0, 0.0);
        for (pos, _) in positions.iter().take(2_000) {
            let t = f.ks * truth.value(pos);
            err += (f.k * learnt.value(pos) - t).abs();
            err_bare += (f.k * bare.value(pos) - t).abs();
        }
        assert!(
            err < 0.25 * err_bare,
            "role {role}: fit {err}, hand alone {err_bare}"
        );
    }
}

/// A given score scale must be above 0, and no scale is set without a score weight.
#[test]
fn a_score_scale_is_checked() {
    let settings = SparseSettings {
        steps: 1,
        rate: 0.01,
        loss: Loss::Mse,
    };
    let check = |weight, scale| TableFitPlan::checked(&[0.0], 0.1, (weight, scale), settings);
    assert!(check(1.0, TableScoreScale::Fixed(0.02)).is_ok());
    for bad in [0.0, -1.0, f64::NAN, f64::INFINITY] {
        let e = check(1.0, TableScoreScale::Fixed(bad)).unwrap_err();
        assert_eq!(e.field, "score_scale");
    }
    let e = check(0.0, TableScoreScale::Spread).unwrap_err();
    assert_eq!((e.field, e.value.as_str()), ("score_scale", "spread"));
    assert_eq!(
        TableScoreScale::parse("spread"),
        Some(TableScoreScale::Spread)
    );
    assert_eq!(
        TableScoreScale::parse("0.5"),
        Some(TableScoreScale::Fixed(0.5))
    );
    assert_eq!(TableScoreScale::parse("wide"), None);
}
