//! The move-choice fit (`src/fit/choices.rs`, `src/fit/choice_fit.rs`, `weightforge fit
//! --choices`): on positions of random Wolves & Sheep games whose moves are judged by a
//! planted evaluation (a hand evaluation plus planted piece-square and 2×2 block weights),
//! the fit, started from the hand genome with empty tables, must rank the planted best
//! move first on positions it held out far more often than the hand genome does; the
//! command fits on a small solved game and refuses what does not apply.

use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::fit::choice_fit::{fit_choices, ChoicePlan};
use weightforge::fit::design::Loss;
use weightforge::fit::positions_file::FitRow;
use weightforge::fit::samples::Rows;
use weightforge::fit::sparse::SparseSettings;
use weightforge::fit::table_fit::{TableFitPlan, TableScoreScale};
use weightforge::game::{Game, GameRng, Role};
use weightforge::games::wolves_sheep::WolvesSheep;

use crate::common::{fails, ok, weightforge};
use crate::tables_fit::planted_tables;

/// `n` distinct positions 0 to 40 random plies after the start, with their texts.
fn positions(n: usize, rng: &mut GameRng) -> Vec<(WolvesSheep, String)> {
    let mut seen = std::collections::HashSet::new();
    let mut out = Vec::new();
    while out.len() < n {
        let pos: WolvesSheep = crate::common::positions::random_position("standard", 40, rng);
        if seen.insert(pos.to_text()) {
            out.push((pos, pos.to_text()));
        }
    }
    out
}

fn plan(weight: f64, rows: Rows) -> ChoicePlan {
    ChoicePlan {
        table: TableFitPlan {
            l2: vec![0.0, 1e-4],
            held_out: 0.2,
            score_weight: 0.0,
            score_scale: TableScoreScale::Fitted,
            settings: SparseSettings {
                steps: 300,
                rate: 0.05,
                loss: Loss::Mse,
            },
        },
        weight,
        rows,
    }
}

#[test]
fn the_choice_fit_ranks_a_planted_evaluations_best_moves_first() {
    let mut rng = GameRng::seed_from_u64(7);
    let families = ["psqt", "blocks2x2"];
    let (planted, hand) = planted_tables(&mut rng, &families);
    let truth = |r: Role| Evaluator::with_tables::<WolvesSheep>(r, &hand[r], Some(&planted));
    let mut truths = [truth(0), truth(1)];
    let mut judge = |child: &WolvesSheep, r: Role| -> Result<f32, std::convert::Infallible> {
        Ok((1.0 / (1.0 + (-0.5 * truths[r].value(child)).exp())) as f32)
    };
    let pos = positions(6_000, &mut rng);
    let rows = || {
        pos.iter().map(|(p, text)| FitRow {
            pos: p,
            role: p.side_to_move(),
            result: f32::NAN,
            score: f32::NAN,
            text,
        })
    };
    for (weight, which) in [
        (1.0, Rows::PerRole),
        (0.1, Rows::PerRole),
        (0.1, Rows::Both),
    ] {
        let plan = plan(weight, which);
        let (_, fits) =
            fit_choices::<WolvesSheep, _, _>(rows, &families, &hand, &plan, &mut judge).unwrap();
        for (role, f) in fits.iter().enumerate() {
            let (hand_share, shares) = &f.agreement;
            let fitted = shares[f.fit.chosen];
            assert!(f.fit.rows.1 > 200, "role {role}: {f:?}");
            // With both sides' positions a role also learns those the other side moves
            // from (about half of them); its best move is then the role's worst.
            let share = f.theirs as f64 / (f.fit.rows.0 + f.fit.rows.1) as f64;
            let expected = if which == Rows::Both {
                0.3..0.7
            } else {
                0.0..1e-9
            };
            assert!(expected.contains(&share), "{which:?}, role {role}: {share}");
            assert!(
                fitted > 0.8 && fitted > hand_share + 0.3,
                "weight {weight}, {which:?}, role {role}: best move first {fitted} (hand {hand_share})"
            );
            assert!(f.fit.points[f.fit.chosen].held < f.fit.held_hand, "{f:?}");
        }
    }
}

/// `weightforge fit --choices` on positions of four sheep, judged by a solution of up to
/// four sheep: a table genome whose provenance names the choice settings, the best-move
/// shares printed; with `--rows both` each role also learns the other side's positions
/// (named in the report and the provenance); other games, a score weight and a weight
/// beyond 0 to 1 refused.
#[test]
fn the_choices_command_fits_on_a_small_solution_and_refuses_what_does_not_apply() {
    let dir = tempfile::tempdir().unwrap();
    let solution = dir.path().join("s.solved");
    weightforge::games::wolves_sheep::solve::driver::solve(&solution, 4, &mut |_| {}).unwrap();
    let mut rng = rand::rngs::StdRng::seed_from_u64(40);
    let header = "# weightforge positions v2 wolves_sheep <role> <result> <score> <position>";
    let mut text = format!("{header}\n");
    let n = weightforge::games::wolves_sheep::solve::index::layer_len(4);
    for _ in 0..3_000 {
        let (w, s, side) =
            weightforge::games::wolves_sheep::solve::index::position(rng.random_range(0..n), 4);
        let pos = WolvesSheep::from_parts(w, s, side).unwrap();
        let role = WolvesSheep::ROLES[pos.side_to_move()];
        text.push_str(&format!("{role} - - {}\n", pos.to_text()));
    }
    let positions = dir.path().join("four.pos");
    std::fs::write(&positions, text).unwrap();
    let out = dir.path().join("choices.ron");
    let p = |path: &std::path::Path| path.to_str().unwrap().to_string();
    let (sol, pos, genome) = (p(&solution), p(&positions), p(&out));
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "fit",
            "--game",
            "wolves_sheep",
            "--genome",
            "li2023",
            "--positions",
            &pos,
        ];
        a.extend_from_slice(&["--families", "psqt", "--steps", "30", "--choices"]);
        a.extend_from_slice(&["--solution", &sol, "--out", &genome]);
        a.extend_from_slice(extra);
        a
    };
    let printed = ok(&weightforge(&args(&[
        "--choice-weight",
        "0.3",
        "--half-life",
        "wolves=16,sheep=8",
    ])));
    assert!(printed.contains("best move first in"), "{printed}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(
        written.contains("--choices --half-life wolves=16,sheep=8 --choice-weight 0.3"),
        "{written}"
    );
    assert!(written.contains("psqt"), "{written}");
    let printed = ok(&weightforge(&args(&["--rows", "both"])));
    assert!(printed.contains("with the other side to move"), "{printed}");
    let written = std::fs::read_to_string(&out).unwrap();
    assert!(written.contains("--rows both"), "{written}");
    for (extra, says) in [
        (&["--choice-weight", "2"][..], "--choice-weight"),
        (&["--score-weight", "0.5"][..], "--score-weight"),
        (&["--half-life", "0"][..], "--half-life"),
        (&["--half-life", "sheep=8"][..], "--half-life"),
    ] {
        let err = fails(&args(extra));
        assert!(err.contains(says), "{extra:?}: {err}");
    }
    let mut other = args(&[]);
    other[2] = "abalone";
    let err = fails(&other);
    assert!(
        err.contains("this one cannot be solved (the games that can: wolves_sheep, connect_four)"),
        "{err}"
    );
}
