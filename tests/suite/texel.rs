//! Texel tuning: the fit recovers known weights from synthetic positions, the kernel's
//! loss and gradient match a plain f64 computation and do not depend on the thread count,
//! position files round-trip and name the bad line, a tiny Texel run finishes and resumes
//! after an interruption to the same genome, and the algorithm comparison's CSV is read
//! by its header and drawn.

use std::path::Path;

use crate::common::experiment::{finished, run_in_pool, Tiny};
use rand::{RngExt, SeedableRng};
use weightforge::fit::design::{Design, Loss};
use weightforge::fit::positions_file::{self, Labelled, PositionFileError};
use weightforge::fit::samples::Samples;
use weightforge::fit::solver::{fit, FitSettings};
use weightforge::game::{Features, Game, GameRng};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tune::checkpoint::Checkpoint;
use weightforge::tune::experiment::Experiment;
use weightforge::tune::options::RunOptions;
use weightforge::tune::outcome::RunEnd;
use weightforge::tune::space::{Dim, Space};

fn unit_space(nf: usize) -> Space {
    let dims = (0..2)
        .flat_map(|role| (0..nf).map(move |feature| (role, feature)))
        .map(|(role, feature)| Dim {
            role,
            feature,
            label: format!("{role}:{feature}"),
            unit: 1.0,
            mirror: None,
            bounds: None,
        })
        .collect();
    Space { dims }
}

#[test]
fn fit_recovers_known_weights() {
    // Labels are sigmoid(θ*·x) exactly; the fit finds K and then θ with K·θ = θ*.
    let nf = 4;
    let truth = [[0.8, -0.5, 0.3, 0.0], [-0.2, 0.6, 0.0, 0.9]];
    let mut rng = GameRng::seed_from_u64(9);
    let mut s = Samples::new(nf);
    for (r, t) in truth.iter().enumerate() {
        for _ in 0..20_000 {
            let x: Vec<f32> = (0..nf).map(|_| rng.random_range(-3.0..3.0)).collect();
            let e: f64 = x.iter().zip(t).map(|(&a, &b)| a as f64 * b).sum();
            s.features[r].extend_from_slice(&x);
            s.labels[r].push((1.0 / (1.0 + (-e).exp())) as f32);
        }
    }
    let space = unit_space(nf);
    let design = Design::new(&s, &space.columns(), &[vec![0.0; nf], vec![0.0; nf]]);
    let start = vec![0.1; 2 * nf];
    let settings = FitSettings {
        loss: Loss::Mse,
        steps: 1500,
        rate: 0.02,
        l2: 0.0,
        search_weight: 0.0,
    };
    let f = fit(&design, &start, &start, &settings);
    assert!(f.loss_after < 1e-5, "{} -> {}", f.loss_before, f.loss_after);
    let recovered = |f: &weightforge::fit::solver::Fitted, what: &str| {
        for (r, t) in truth.iter().enumerate() {
            for (k, want) in t.iter().enumerate() {
                let got = f.k[r] * f.theta[r * nf + k];
                assert!(
                    (got - want).abs() < 0.02,
                    "{what}: role {r} feature {k}: {got}"
                );
            }
        }
    };
    recovered(&f, "mse");
    // Log-loss has the same minimum.
    let log = fit(
        &design,
        &start,
        &start,
        &FitSettings {
            loss: Loss::LogLoss,
            ..settings
        },
    );
    recovered(&log, "log-loss");
}

#[test]
fn search_labels_replace_noisy_results() {
    // Results are coin flips with the true win chance; the search scores are the true
    // evaluations. Fitted to the search alone, the fitted evaluation is the truth
    // (K·θ·x = Ks·score, with the score scale Ks fitted to 1 on the rows); fitted to the
    // results, it is only near it.
    let nf = 3;
    let truth = [0.7, -0.4, 0.25];
    let mut rng = GameRng::seed_from_u64(21);
    let mut s = Samples::new(nf);
    for r in 0..2 {
        for _ in 0..4_000 {
            let x: Vec<f32> = (0..nf).map(|_| rng.random_range(-3.0..3.0)).collect();
            let e: f64 = x.iter().zip(&truth).map(|(&a, &b)| a as f64 * b).sum();
            let win = rng.random_range(0.0..1.0) < 1.0 / (1.0 + (-e).exp());
            s.features[r].extend_from_slice(&x);
            s.labels[r].push(if win { 1.0 } else { 0.0 });
            s.scores[r].push(e as f32);
        }
    }
    let design = Design::new(
        &s,
        &unit_space(nf).columns(),
        &[vec![0.0; nf], vec![0.0; nf]],
    );
    let start = [truth.map(|t| t * 0.5), truth.map(|t| t * 0.5)].concat();
    let settings = |search_weight| FitSettings {
        loss: Loss::Mse,
        steps: 1500,
        rate: 0.02,
        l2: 0.0,
        search_weight,
    };
    let worst = |f: &weightforge::fit::solver::Fitted| {
        (0..2 * nf)
            .map(|i| (f.k[i / nf] * f.theta[i] - truth[i % nf]).abs())
            .fold(0.0, f64::max)
    };
    let searched = fit(&design, &start, &start, &settings(1.0));
    for r in 0..2 {
        assert!(
            (searched.score_scale[r] - 1.0).abs() < 0.1,
            "{:?}",
            searched.score_scale
        );
    }
    assert!(worst(&searched) < 0.1, "{:?}", searched.theta);
    // The scale Ks is fitted on the noisy results; the evaluation's shape (θ per role
    // over its length) is the truth's exactly with search labels, only near it without.
    let shape = |f: &weightforge::fit::solver::Fitted| {
        let norm = |v: &[f64]| v.iter().map(|x| x * x).sum::<f64>().sqrt();
        let t = norm(&truth);
        (0..2)
            .flat_map(|r| {
                let th = &f.theta[r * nf..(r + 1) * nf];
                let n = norm(th);
                (0..nf).map(move |i| (th[i] / n - truth[i] / t).abs())
            })
            .fold(0.0, f64::max)
    };
    let results = fit(&design, &start, &start, &settings(0.0));
    assert!(shape(&searched) < 0.01, "{:?}", searched.theta);
    assert!(
        shape(&results) > 2.0 * shape(&searched),
        "{:?}",
        results.theta
    );
}

#[test]
fn own_search_labels_blend_at_the_models_k_despite_forced_scores() {
    // Issue #41: the scores of Texel's own labelling search are in the units of the
    // evaluation that played, the units K is fitted in, and a few of them are forced
    // results (±10⁷). A scale fitted on the scores takes its range from their spread,
    // which the forced ones make some 10⁶, and puts every other score's win chance at
    // ½; at the model's K (ScoreScale::Model, what `label: Search` uses) the labels
    // teach the truth. The scores here are the start's evaluation (θ = truth / 2).
    use weightforge::fit::solver::{fit_at, ScoreScale};
    use weightforge::tune::method::Method;
    use weightforge::tune::texel::{Texel, TexelSpec};
    let nf = 3;
    let truth = [0.9, -0.6, 0.4];
    let mut rng = GameRng::seed_from_u64(41);
    let mut s = Samples::new(nf);
    let mut forced = 0;
    for r in 0..2 {
        for _ in 0..4_000 {
            let x: Vec<f32> = (0..nf).map(|_| rng.random_range(-3.0..3.0)).collect();
            let e: f64 = x.iter().zip(&truth).map(|(&a, &b)| a as f64 * b).sum();
            let win = rng.random_range(0.0..1.0) < 1.0 / (1.0 + (-e).exp());
            let score = if e.abs() > 4.0 {
                forced += 1;
                1e7 * e.signum()
            } else {
                0.5 * e
            };
            s.features[r].extend_from_slice(&x);
            s.labels[r].push(if win { 1.0 } else { 0.0 });
            s.scores[r].push(score as f32);
        }
    }
    assert!(forced > 0 && forced < 400, "{forced} forced scores");
    let design = Design::new(
        &s,
        &unit_space(nf).columns(),
        &[vec![0.0; nf], vec![0.0; nf]],
    );
    let start = [truth.map(|t| t * 0.5), truth.map(|t| t * 0.5)].concat();
    let settings = FitSettings {
        loss: Loss::Mse,
        steps: 1500,
        rate: 0.02,
        l2: 0.0,
        search_weight: 1.0,
    };
    let worst = |f: &weightforge::fit::solver::Fitted| {
        (0..2 * nf)
            .map(|i| (f.k[i / nf] * f.theta[i] - truth[i % nf]).abs())
            .fold(0.0, f64::max)
    };
    let model = fit_at(&design, &start, &start, &settings, ScoreScale::Model);
    let fitted = fit_at(&design, &start, &start, &settings, ScoreScale::Fitted);
    assert!(worst(&model) < 0.15, "model K: {:?}", model.theta);
    assert!(
        worst(&fitted) > 2.0 * worst(&model),
        "fitted Ks {:?}: {:?}",
        fitted.score_scale,
        fitted.theta
    );
    // The algorithm takes the model's K for its own search labels only.
    let scale = |spec: &str| {
        let spec: TexelSpec = weightforge::ronfile::parse(spec, "spec").unwrap();
        Texel::start(&spec, vec![0.0; 2], 1).score_scale
    };
    assert_eq!(
        scale("(label: Search(depth: 4, weight: 0.5))"),
        ScoreScale::Model
    );
    assert_eq!(scale("(score_weight: 0.5)"), ScoreScale::Fitted);
}

#[test]
fn labeling_search_scores_are_minimax_values_from_the_roles_view() {
    use weightforge::eval::Evaluator;
    use weightforge::fit::label::Labeler;
    use weightforge::game::MatchRules;
    use weightforge::search::minimax;
    use weightforge::tunables::EVAL_SCALE;
    let nf = WolvesSheep::feature_info().len();
    let mut rng = GameRng::seed_from_u64(3);
    let weights = [0, 1].map(|_| {
        (0..nf)
            .map(|_| rng.random_range(-2.0..2.0))
            .collect::<Vec<f64>>()
    });
    let rules = MatchRules::UNCAPPED;
    let mut labeler =
        Labeler::<WolvesSheep>::new(&weights, (3, 0), rules, GameRng::seed_from_u64(1));
    let mut moves = Vec::new();
    for game in 0..20 {
        let mut pos = WolvesSheep::new();
        for _ in 0..(2 + game % 12) {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos.make(mv, ());
        }
        for (r, w) in weights.iter().enumerate() {
            let mut eval = Evaluator::new::<WolvesSheep>(r, w);
            let side = minimax(&mut pos.clone(), 3, &rules, &mut eval);
            let own = if pos.side_to_move() == r { side } else { -side };
            let want = (own as f64 / EVAL_SCALE) as f32;
            assert_eq!(labeler.score(&pos, r), want, "game {game} role {r}");
        }
    }
}

#[test]
fn detour_rows_count_only_once_labelled_by_their_search() {
    use weightforge::fit::label::{Labeler, NO_RESULT};
    // Row 0: a game position (result 1 for role 0, no search); row 1: a detour.
    let mut s = Samples::new(1);
    s.features = [vec![1.0, 2.0], vec![1.0, 2.0]];
    s.labels = [vec![1.0, NO_RESULT], vec![0.0, NO_RESULT]];
    s.scores = [vec![f32::NAN, 3.0], vec![f32::NAN, -3.0]];
    let mut d = Design::new(&s, &unit_space(1).columns(), &[vec![0.0], vec![0.0]]);
    assert_eq!(d.roles[0].mask[..2], [1.0, 0.0]);
    assert_eq!(d.roles[1].result[0], 0.0);
    assert!(d.has_scores());
    d.relabel([0.5, 0.25], 0.3);
    let sig = |v: f64| (1.0 / (1.0 + (-v).exp())) as f32;
    assert_eq!(d.roles[0].label[..2], [1.0, sig(1.5)]);
    assert_eq!(d.roles[1].label[..2], [0.0, sig(-0.75)]);
    assert_eq!(d.roles[1].mask[..2], [1.0, 1.0]);

    // Detours: two random plies on, the same side to move, the same for the same seed.
    let pos = WolvesSheep::new();
    let rules = weightforge::game::MatchRules::UNCAPPED;
    let weights = [vec![0.0; 12], vec![0.0; 12]];
    let detours = |seed| {
        Labeler::<WolvesSheep>::new(&weights, (1, 5), rules, GameRng::seed_from_u64(seed))
            .detours(&pos)
    };
    let a = detours(7);
    assert_eq!(a.len(), 5);
    for p in &a {
        assert_eq!(
            (p.ply(), p.side_to_move()),
            (pos.ply() + 2, pos.side_to_move())
        );
    }
    assert_eq!(a, detours(7));
    assert_ne!(a, detours(8));
}

#[test]
fn gradient_does_not_depend_on_thread_count() {
    let nf = 3;
    let mut rng = GameRng::seed_from_u64(4);
    let mut s = Samples::new(nf);
    for r in 0..2 {
        s.features[r] = (0..300_000 * nf)
            .map(|_| rng.random_range(-2.0..2.0))
            .collect();
        s.labels[r] = (0..300_000)
            .map(|_| rng.random_range(0..3) as f32 / 2.0)
            .collect();
    }
    let design = Design::new(
        &s,
        &unit_space(nf).columns(),
        &[vec![0.0; nf], vec![0.0; nf]],
    );
    let theta = vec![0.3, -0.2, 0.1, 0.5, 0.0, -0.4];
    let run = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        let mut g = vec![0.0; 6];
        let l = pool.install(|| design.loss_grad(&theta, [0.7, 1.1], Loss::Mse, Some(&mut g)));
        (l, g)
    };
    assert_eq!(run(1), run(3));
}

#[test]
fn position_files_round_trip_and_name_bad_lines() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    let start = WolvesSheep::new();
    let positions = vec![
        Labelled {
            text: start.to_text(),
            label: 1.0,
        },
        Labelled {
            text: start.to_text(),
            label: 0.5,
        },
    ];
    positions_file::write::<WolvesSheep>(&path, &positions).unwrap();
    let s = positions_file::read::<WolvesSheep>(&path).unwrap();
    assert_eq!(s.rows(0), 2);
    // The side to move in the start is wolves (role 0): its label is the file's.
    assert_eq!(s.labels[0], vec![1.0, 0.5]);
    assert_eq!(s.labels[1], vec![0.0, 0.5]);
    let mut f = vec![0.0; s.width];
    start.features(1, &mut f);
    assert_eq!(&s.features[1][..s.width], &f[..]);

    std::fs::write(
        &path,
        "# comment\n1 SSSSS/SSSSS/...../...../.W.W. w\n2 SSSSS/SSSSS/...../...../.W.W. w\n",
    )
    .unwrap();
    match positions_file::read::<WolvesSheep>(&path) {
        Err(PositionFileError::Line { line, message, .. }) => {
            assert_eq!(line, 3);
            assert!(message.contains("label"), "{message}");
        }
        other => panic!("expected a line error, got {other:?}"),
    }
    std::fs::write(&path, "1 not-a-board\n").unwrap();
    let e = positions_file::read::<WolvesSheep>(&path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("p.txt:1:"), "{e}");
}

/// The tiny run with a Texel fit labelled by searches.
fn tiny(dir: &Path) -> Experiment {
    let tiny = Tiny {
        name: "tiny_texel",
        seed: 5,
        algorithm: "Texel(steps: 50, rate: 0.05, l2: 0.001, label: Search(depth: 2, weight: 0.5, detours: 1))",
        hall_of_fame: 1,
    };
    tiny.experiment(dir)
}

#[test]
fn texel_run_finishes_and_resumes_to_the_same_genome() {
    let whole_dir = tempfile::tempdir().unwrap();
    let whole = finished(run_in_pool(
        &tiny(whole_dir.path()),
        2,
        &RunOptions::default(),
        None,
    ));
    assert_ne!(
        whole.best.weights,
        tiny(whole_dir.path())
            .resolve::<WolvesSheep>("t")
            .unwrap()
            .start
            .weights
    );
    for f in [
        "generations.csv",
        "fitness.png",
        "weights.png",
        "validation.txt",
        "best.ron",
    ] {
        assert!(
            whole_dir.path().join("reports/tiny_texel").join(f).exists(),
            "{f}"
        );
    }

    let split_dir = tempfile::tempdir().unwrap();
    let exp = tiny(split_dir.path());
    let stop = RunOptions {
        stop_after: Some(1),
        ..RunOptions::default()
    };
    match run_in_pool(&exp, 2, &stop, None) {
        RunEnd::Interrupted { completed } => assert_eq!(completed, 1),
        RunEnd::Finished(_) => panic!("should stop after generation 1"),
    }
    let cp = Checkpoint::load(&split_dir.path().join("reports/tiny_texel")).unwrap();
    let resumed = finished(run_in_pool(
        &cp.experiment.clone(),
        1,
        &RunOptions::default(),
        Some(cp),
    ));
    assert_eq!(resumed.best, whole.best);
    assert_eq!(resumed.training_games, whole.training_games);
}

#[test]
fn comparison_csv_reads_by_header_and_draws() {
    use weightforge::tune::report::compare;
    let dir = tempfile::tempdir().unwrap();
    let csv = dir.path().join("c.csv");
    std::fs::write(
        &csv,
        "algorithm,budget_games,train_cpu_s,opponent,elo,elo95\n\
         es,3000,60.5,luo2023,40.0,30.1\n\
         texel,3000,20.0,luo2023,-12.5,25\n\
         es,3000,60.5,li2023,55,20\n",
    )
    .unwrap();
    let rows = compare::read_csv(&csv).unwrap();
    assert_eq!(rows.len(), 3);
    assert_eq!(
        rows[1],
        compare::CompareRow {
            algorithm: "texel".into(),
            budget: 3000,
            cpu_s: 20.0,
            opponent: "luo2023".into(),
            elo: -12.5,
            elo95: 25.0,
        }
    );
    let png = dir.path().join("c.png");
    compare::draw(&png, "test", &rows).unwrap();
    assert!(std::fs::metadata(&png).unwrap().len() > 1000);
}

#[test]
fn loss_and_gradient_match_a_plain_f64_computation() {
    // The kernel (f32 lanes, its own exp) against the textbook formulas in f64.
    let nf = 5;
    let mut rng = GameRng::seed_from_u64(11);
    let mut s = Samples::new(nf);
    for r in 0..2 {
        for _ in 0..10_000 {
            s.features[r].extend((0..nf).map(|_| rng.random_range(-6.0f32..6.0)));
            s.labels[r].push(rng.random_range(0..3) as f32 / 2.0);
        }
    }
    let space = unit_space(nf);
    let design = Design::new(&s, &space.columns(), &[vec![0.0; nf], vec![0.0; nf]]);
    let theta: Vec<f64> = (0..2 * nf).map(|i| 0.4 - 0.09 * i as f64).collect();
    let k = [1.3, 0.6];
    for loss in [Loss::Mse, Loss::LogLoss] {
        let mut g = vec![0.0; 2 * nf];
        let l = design.loss_grad(&theta, k, loss, Some(&mut g));
        let (mut want_l, mut want_g) = (0.0f64, vec![0.0f64; 2 * nf]);
        for r in 0..2 {
            for (x, &y) in s.features[r].chunks_exact(nf).zip(&s.labels[r]) {
                let t = &theta[r * nf..(r + 1) * nf];
                let e: f64 = x.iter().zip(t).map(|(&a, b)| a as f64 * b).sum();
                let p = 1.0 / (1.0 + (-k[r] * e).exp());
                let y = y as f64;
                let (li, dl) = match loss {
                    Loss::Mse => ((p - y).powi(2), 2.0 * (p - y) * p * (1.0 - p) * k[r]),
                    Loss::LogLoss => {
                        let c = p.clamp(1e-6, 1.0 - 1e-6);
                        (-(y * c.ln() + (1.0 - y) * (1.0 - c).ln()), (p - y) * k[r])
                    }
                };
                want_l += li;
                for (j, &xj) in x.iter().enumerate() {
                    want_g[r * nf + j] += dl * xj as f64;
                }
            }
        }
        let n = 20_000.0;
        assert!(
            (l - want_l / n).abs() < 1e-4 * (want_l / n),
            "{loss:?}: {l} vs {}",
            want_l / n
        );
        for (a, b) in g.iter().zip(&want_g) {
            assert!(
                (a - b / n).abs() < 1e-4,
                "{loss:?}: gradient {a} vs {}",
                b / n
            );
        }
    }
}

#[test]
fn a_bounded_fit_keeps_the_bounds_and_the_ratio_of_the_weights() {
    // Labels are sigmoid(0.8·x0 + 0.4·x1); weight 0 may not exceed 0.05. The fit holds
    // it at its bound at every step and refits K, so that weight 1 ends at half of it
    // (the ratio the labels ask for), not stretched to make up for the bound.
    let mut rng = GameRng::seed_from_u64(5);
    let mut s = Samples::new(2);
    for _ in 0..20_000 {
        let x: [f32; 2] = [rng.random_range(-3.0..3.0), rng.random_range(-3.0..3.0)];
        let e = 0.8 * x[0] as f64 + 0.4 * x[1] as f64;
        s.features[0].extend_from_slice(&x);
        s.labels[0].push((1.0 / (1.0 + (-e).exp())) as f32);
    }
    let dim = |feature: usize, bounds| Dim {
        role: 0,
        feature,
        label: format!("w{feature}"),
        unit: 1.0,
        mirror: None,
        bounds,
    };
    let space = Space {
        dims: vec![dim(0, Some((-0.05, 0.05))), dim(1, None)],
    };
    let design = Design::new(&s, &space.columns(), &[vec![0.0; 2], vec![0.0; 2]]);
    let start = vec![0.01, 0.5];
    let settings = FitSettings {
        loss: Loss::Mse,
        steps: 1500,
        rate: 0.002,
        l2: 0.0,
        search_weight: 0.0,
    };
    let f = fit(&design, &start, &start, &settings);
    assert!(f.theta[0] <= 0.05 + 1e-12, "{:?}", f.theta);
    let ratio = f.theta[1] / f.theta[0];
    assert!((ratio - 0.5).abs() < 0.05, "ratio {ratio}: {:?}", f.theta);
}
