//! `weightforge rescore`: every row of a position file scored again by a search of a
//! genome (tables included), from the row's role's view. Checked against a one-ply
//! minimax computed here from the legal moves and the evaluator; the file must not
//! depend on the thread count, and a scoring search needs a budget.

use weightforge::eval::Evaluator;
use weightforge::fit::positions_file::read_rows;
use weightforge::game::{Game, MatchRules, Status};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::player::PlayerSpec;

use crate::common::{fails, ok, weightforge};

const GENOME: &str = "genomes/wolves_sheep/tables_li2023.ron";

/// A few Wolves & Sheep datagen games at 300 nodes, written to `dir/ws.positions`.
fn small_datagen(dir: &std::path::Path) -> String {
    let positions = dir.join("ws.positions");
    let p = positions.to_str().unwrap().to_string();
    ok(&weightforge(&[
        "datagen",
        "experiments/wolves_sheep_target.ron",
        "--out",
        &p,
        "--games",
        "2",
        "--nodes",
        "300",
        "--quiet",
    ]));
    p
}

fn rescore(input: &str, out: &str, threads: &str) -> String {
    ok(&weightforge(&[
        "--threads",
        threads,
        "rescore",
        "--game",
        "wolves_sheep",
        "--genome",
        GENOME,
        "--depth",
        "1",
        input,
        "--out",
        out,
    ]))
}

/// The one-ply value of `pos` for `role` by `eval`: the best child for the side to move
/// (the role's best when it moves, its worst when the other side does); `None` when a
/// child ends the game (the search's score is then a forced result).
fn one_ply(pos: &WolvesSheep, eval: &mut Evaluator, role: usize) -> Option<f64> {
    let rules = MatchRules::UNCAPPED;
    let mut moves = Vec::new();
    rules.legal_moves(pos, &mut moves);
    let mut values = Vec::new();
    for &mv in &moves {
        let mut child = *pos;
        child.make(mv, ());
        if child.status() != Status::Ongoing {
            return None;
        }
        values.push(eval.value(&child));
    }
    let pick = |a: f64, b: f64| {
        if pos.side_to_move() == role {
            a.max(b)
        } else {
            a.min(b)
        }
    };
    values.into_iter().reduce(pick)
}

#[test]
fn rescored_rows_hold_a_one_ply_search_of_the_genome() {
    let dir = tempfile::tempdir().unwrap();
    let input = small_datagen(dir.path());
    let out = dir.path().join("one.positions");
    let out2 = dir.path().join("two.positions");
    let said = rescore(&input, out.to_str().unwrap(), "1");
    rescore(&input, out2.to_str().unwrap(), "2");
    assert!(
        said.contains("rows scored by tables_li2023 at 1 plies"),
        "{said}"
    );
    let one = std::fs::read(&out).unwrap();
    assert_eq!(
        one,
        std::fs::read(&out2).unwrap(),
        "thread count changed it"
    );
    let before = read_rows::<WolvesSheep>(input.as_ref()).unwrap();
    let after = read_rows::<WolvesSheep>(&out).unwrap();
    assert_eq!(before.rows.len(), after.rows.len());
    assert!(after.comments.last().unwrap().contains("rescored by"));
    let PlayerSpec::Genome(g) = PlayerSpec::resolve::<WolvesSheep>(GENOME).unwrap() else {
        panic!("a genome");
    };
    let mut evals =
        [0, 1].map(|r| Evaluator::with_tables::<WolvesSheep>(r, &g.weights[r], g.tables.as_ref()));
    let mut checked = 0;
    for ((pos, old), (_, new)) in before.rows.iter().zip(&after.rows) {
        assert_eq!(
            (old.role, old.result, &old.text),
            (new.role, new.result, &new.text)
        );
        let Some(want) = one_ply(pos, &mut evals[new.role], new.role) else {
            continue;
        };
        let got = f64::from(new.score);
        assert!(
            (got - want).abs() <= 0.011,
            "{}: {got} against {want}",
            new.text
        );
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} rows checked");
}

#[test]
fn rescore_needs_a_budget_in_range() {
    let dir = tempfile::tempdir().unwrap();
    let input = crate::common::temp_file(
        dir.path(),
        "in.positions",
        "# weightforge positions v2 wolves_sheep <role> <result> <score> <position>\n",
    );
    let input = input.to_str().unwrap();
    let base = [
        "rescore",
        "--game",
        "wolves_sheep",
        "--genome",
        "li2023",
        input,
        "--out",
        "o",
    ];
    let err = fails(&base);
    assert!(err.contains("give --depth, --nodes or both"), "{err}");
    let err = fails(&[&base[..], &["--depth", "0"]].concat());
    assert!(err.contains("--depth"), "{err}");
    let err = fails(&[&base[..], &["--nodes", "0"]].concat());
    assert!(err.contains("--nodes"), "{err}");
}
