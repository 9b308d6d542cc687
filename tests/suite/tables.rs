//! Table families (`src/tables/`): for every game of the registry with a cell board and
//! every family, the search's incremental evaluation equals the from-scratch one after
//! every move of random games (and after every move is taken back); symmetric entries
//! share one weight; the searched value with tables is plain minimax's; a table genome
//! round-trips through its file.

use std::sync::Arc;

use rand::{RngExt, SeedableRng};
use weightforge::eval::Evaluator;
use weightforge::game::{Features, Game, GameRng, MatchRules, Status};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;
use weightforge::registry::GameId;
use weightforge::search::{minimax, SearchLimits, SearchOptions, Searcher};
use weightforge::tables::{GenomeTables, TableLayout};

/// Random weights for every stored entry of `layout`, both roles.
fn random_tables(layout: TableLayout, rng: &mut GameRng) -> Arc<GenomeTables> {
    let mut t = GenomeTables::zeros(Arc::new(layout));
    for w in t.weights.iter_mut().flatten() {
        *w = rng.random_range(-5.0..5.0);
    }
    Arc::new(t)
}

/// Random games of `G`: after each move (pushed as the search pushes it) and after it is
/// taken back, the accumulator's score equals the from-scratch score.
fn incremental_equals_scratch<G: Features>(families: &[&str], seed: u64) {
    let mut rng = GameRng::seed_from_u64(seed);
    let layout = TableLayout::new::<G>(families).unwrap();
    let tables = random_tables(layout, &mut rng);
    let hand = vec![0.5; G::feature_info().len()];
    let name = G::start_names()[0];
    for game in 0..20 {
        let mut pos = G::start(name, &mut rng).unwrap();
        let mut eval = Evaluator::with_tables::<G>(game % 2, &hand, Some(&tables));
        eval.start(&pos);
        let mut moves = Vec::new();
        let rules = MatchRules::capped(120);
        for _ply in 0..100 {
            rules.legal_moves(&pos, &mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            let outcome = pos.sample_outcome(mv, &mut rng);
            // A move tried and taken back leaves the accumulator where it was.
            let before = pos.clone();
            eval.push(&pos, mv, outcome);
            let undo = pos.make(mv, outcome);
            assert_eq!(eval.evaluate_searched(&pos), eval.evaluate(&pos));
            pos.unmake(mv, undo);
            eval.pop();
            assert_eq!(eval.evaluate_searched(&before), eval.evaluate(&before));
            // Then played for good: the accumulator starts again from it.
            eval.push(&pos, mv, outcome);
            pos.make(mv, outcome);
            let (inc, scratch) = (eval.evaluate_searched(&pos), eval.evaluate(&pos));
            assert_eq!(inc, scratch, "{families:?}: {}", pos.to_text());
            eval.start(&pos);
        }
    }
}

#[test]
fn incremental_evaluation_equals_from_scratch_for_every_family() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => {
            let Some(all) = TableLayout::all::<G>() else { continue };
            for (i, family) in all.family_names().iter().enumerate() {
                incremental_equals_scratch::<G>(&[family], i as u64);
            }
            incremental_equals_scratch::<G>(&all.family_names(), 99);
        });
    }
}

/// Wolves & Sheep's 3×3 blocks and row pairs are taken only when named: a fit's default
/// set is the five families of 11,007 weights a role, every family 220,230; Connect
/// Four's `lines` and `ntuples` (what `learn` takes) too; the other games have no opt-in
/// family.
#[test]
fn opt_in_families_are_left_out_of_the_default_set() {
    let default = TableLayout::default_set::<WolvesSheep>().unwrap();
    let all = TableLayout::all::<WolvesSheep>().unwrap();
    let five = ["psqt", "rows", "columns", "blocks2x2", "blocks2x3"];
    assert_eq!(default.family_names(), five);
    assert_eq!((default.len(), all.len()), (11_007, 220_230));
    assert_eq!(all.family_names()[5..], ["blocks3x3", "row_pairs"]);
    let c4 = TableLayout::default_set::<weightforge::games::connect_four::ConnectFour>().unwrap();
    assert_eq!(
        c4.family_names(),
        ["psqt", "windows", "columns", "blocks2x2"]
    );
    let learned =
        TableLayout::learned_set::<weightforge::games::connect_four::ConnectFour>().unwrap();
    assert_eq!(learned.family_names(), ["lines", "ntuples"]);
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => {
            if G::NAME != WolvesSheep::NAME && G::NAME != "connect_four" {
                let names = |l: Option<TableLayout>| l.map(|l| l.family_names());
                assert_eq!(names(TableLayout::default_set::<G>()), names(TableLayout::all::<G>()));
                assert_eq!(names(TableLayout::learned_set::<G>()), names(TableLayout::default_set::<G>()));
            }
        });
    }
}

#[test]
fn wolves_sheep_mirror_entries_share_one_weight() {
    let layout = TableLayout::all::<WolvesSheep>().unwrap();
    assert!(layout.len() >= 10_000, "{} stored weights", layout.len());
    let raw = layout.raw_to_stored.len();
    assert!(
        layout.len() < raw * 6 / 10,
        "{} of {raw} raw entries",
        layout.len()
    );
    // Any position and its mirror image score the same with any weights.
    let tables = random_tables(layout, &mut GameRng::seed_from_u64(3));
    let hand = vec![0.0; WolvesSheep::feature_info().len()];
    let mut eval = Evaluator::with_tables::<WolvesSheep>(0, &hand, Some(&tables));
    for (text, mirrored) in [
        (
            "SSSSS/SSSSS/...../...../.W.W. w",
            "SSSSS/SSSSS/...../...../.W.W. w",
        ),
        (
            "S.S../SS.S./..SSS/....W/W.... w",
            "..S.S/.S.SS/SSS../W..../....W w",
        ),
        (
            "SSS.S/S.SS./.SS../W.S../..W.. s",
            "S.SSS/.SS.S/..SS./..S.W/..W.. s",
        ),
    ] {
        let a = WolvesSheep::parse(text).unwrap();
        let b = WolvesSheep::parse(mirrored).unwrap();
        assert_eq!(eval.evaluate(&a), eval.evaluate(&b), "{text}");
    }
    // And a position that is not a mirror image scores differently.
    let c = WolvesSheep::parse("SSSSS/SSSSS/...../...../W..W. w").unwrap();
    let start = WolvesSheep::parse("SSSSS/SSSSS/...../...../.W.W. w").unwrap();
    assert_ne!(eval.evaluate(&c), eval.evaluate(&start));
}

/// For every game with a cell board: the table sum of a position's cells equals the sum
/// of their image under each of the board's symmetries (random weights, every family),
/// on the positions of random games; and a board that is no symmetric image scores
/// differently somewhere (the weights are not all tied together).
#[test]
fn every_symmetry_of_every_board_ties_its_entries() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => symmetric_images_score_alike::<G>());
    }
}

fn symmetric_images_score_alike<G: Features>() {
    use weightforge::tables::TableAccumulator;
    let Some(layout) = TableLayout::all::<G>() else {
        return;
    };
    let board = G::cell_board().unwrap();
    let mut rng = GameRng::seed_from_u64(5);
    let tables = random_tables(layout, &mut rng);
    let acc = TableAccumulator::new(tables.layout.clone(), &tables.weights[0]);
    let n = board.cells.len();
    let (mut cells, mut image) = (vec![0u8; n], vec![0u8; n]);
    let mut pos = G::start(G::start_names()[0], &mut rng).unwrap();
    let (mut moves, mut differs) = (Vec::new(), false);
    for _ply in 0..40 {
        pos.cell_contents(&mut cells);
        for sym in &board.symmetries {
            for (c, &to) in sym.iter().enumerate() {
                image[to as usize] = cells[c];
            }
            let text = pos.to_text();
            assert_eq!(
                acc.sum_of(&cells),
                acc.sum_of(&image),
                "{}: {text}",
                G::NAME
            );
        }
        image.copy_from_slice(&cells);
        image.rotate_left(1);
        differs |= acc.sum_of(&image) != acc.sum_of(&cells);
        MatchRules::capped(120).legal_moves(&pos, &mut moves);
        let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
            break;
        };
        let outcome = pos.sample_outcome(mv, &mut rng);
        pos.make(mv, outcome);
    }
    assert!(differs, "{}: every board scores the same", G::NAME);
}

#[test]
fn search_with_tables_returns_the_minimax_value() {
    let mut rng = GameRng::seed_from_u64(7);
    let tables = random_tables(TableLayout::all::<WolvesSheep>().unwrap(), &mut rng);
    let hand: Vec<f64> = (0..WolvesSheep::feature_info().len())
        .map(|_| rng.random_range(-3.0..3.0))
        .collect();
    let rules = MatchRules::capped(200);
    let pos = WolvesSheep::parse("S.S../SS.S./..SSS/....W/W.... w").unwrap();
    for depth in 1..=4 {
        let mut eval = Evaluator::with_tables::<WolvesSheep>(0, &hand, Some(&tables));
        let reference = minimax(&mut { pos }, depth, &rules, &mut eval);
        let opts = SearchOptions {
            random_ties: false,
            ..SearchOptions::default()
        };
        let mut searcher = Searcher::<WolvesSheep>::new(opts, 16);
        let limits = SearchLimits {
            rules,
            ..SearchLimits::depth(depth)
        };
        let r = searcher.search(&pos, &mut eval, &limits, &mut rng);
        assert_eq!(r.score, reference, "depth {depth}");
        assert_eq!(pos.status(), Status::Ongoing);
    }
}

#[test]
fn table_genome_round_trips_through_its_file() {
    let mut rng = GameRng::seed_from_u64(11);
    let layout = TableLayout::new::<WolvesSheep>(&["psqt", "blocks2x2"]).unwrap();
    let mut tables = GenomeTables::zeros(Arc::new(layout));
    for w in tables.weights.iter_mut().flatten() {
        if rng.random_bool(0.3) {
            *w = (rng.random_range(-400..400) as f64) / 64.0;
        }
    }
    let text = include_str!("../../genomes/wolves_sheep/li2023.ron");
    let mut genome = Genome::parse::<WolvesSheep>(text, "li2023").unwrap();
    genome.tables = Some(Arc::new(tables));
    let ron = genome.to_ron::<WolvesSheep>();
    assert!(ron.contains("\"psqt\""), "{}", &ron[..400]);
    let back = Genome::parse::<WolvesSheep>(&ron, "round trip").unwrap();
    assert_eq!(back, genome);
    assert_eq!(back.tables.unwrap().weights, genome.tables.unwrap().weights);
}

#[test]
fn table_names_are_checked() {
    let text = include_str!("../../genomes/wolves_sheep/li2023.ron");
    let base = text
        .trim_end()
        .trim_end_matches(')')
        .trim_end()
        .trim_end_matches(',');
    let with = |tables: &str| format!("{base}, tables: {tables})");
    let ok = with(r#"{"wolves": {"psqt": {"22=W": 1.5, "00=S": -1.0}}}"#);
    let g = Genome::parse::<WolvesSheep>(&ok, "ok").unwrap();
    assert_eq!(g.tables.unwrap().layout.family_names(), ["psqt"]);
    for (tables, says) in [
        (r#"{"wolves": {"nope": {}}}"#, "no table family \"nope\""),
        (
            r#"{"wolves": {"psqt": {"04=S": 1.0}}}"#,
            "ties this entry to \"00=S\"",
        ),
        (
            r#"{"wolves": {"psqt": {"99=S": 1.0}}}"#,
            "no entry \"99=S\"",
        ),
        (
            r#"{"wolves": {"psqt": {"22=W": 1e9}}}"#,
            "not a finite number within",
        ),
        (r#"{"goats": {"psqt": {}}}"#, "no role \"goats\""),
    ] {
        let err = Genome::parse::<WolvesSheep>(&with(tables), "bad").unwrap_err();
        assert!(err.to_string().contains(says), "{tables}: {err}");
    }
}

/// What the fit learns is what the search adds: for every game with a cell board and
/// random weights on every family, the fit's linear model of a position (the hand value
/// plus the stored weights of its active entries, `TableLayout::active_stored`) equals
/// the search's evaluator's value of the table genome, to the tables' quantum, on
/// positions of random games, for both roles.
#[test]
fn the_fit_models_the_value_the_search_adds() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => fit_model_is_search_value::<G>());
    }
}

fn fit_model_is_search_value<G: Features>() {
    let Some(layout) = TableLayout::all::<G>() else {
        return;
    };
    let mut rng = GameRng::seed_from_u64(11);
    let tables = random_tables(layout, &mut rng);
    let hand = vec![0.25; G::feature_info().len()];
    let n = G::cell_board().unwrap().cells.len();
    let (mut cells, mut active) = (vec![0u8; n], Vec::new());
    let mut pos = G::start(G::start_names()[0], &mut rng).unwrap();
    let mut moves = Vec::new();
    for _ply in 0..60 {
        pos.cell_contents(&mut cells);
        tables.layout.active_stored(&cells, &mut active);
        for role in 0..2 {
            let model: f64 = active
                .iter()
                .map(|&a| tables.weights[role][a as usize])
                .sum();
            let with = Evaluator::with_tables::<G>(role, &hand, Some(&tables)).value(&pos);
            let without = Evaluator::new::<G>(role, &hand).value(&pos);
            let quantum = active.len() as f64 / 25_600.0 + 1e-9;
            assert!(
                (with - without - model).abs() <= quantum,
                "{} role {role}: the search adds {}, the fit's model {model}: {}",
                G::NAME,
                with - without,
                pos.to_text()
            );
        }
        MatchRules::capped(120).legal_moves(&pos, &mut moves);
        let Some(&mv) = moves.get(rng.random_range(0..moves.len().max(1))) else {
            break;
        };
        let outcome = pos.sample_outcome(mv, &mut rng);
        pos.make(mv, outcome);
    }
}

/// `weightforge engine`'s `eval` is the search's evaluation, tables included, for every
/// committed Wolves & Sheep table genome, on positions of random games (it answered
/// from the hand weights alone).
#[test]
fn engine_eval_counts_the_tables() {
    let mut rng = GameRng::seed_from_u64(60);
    let mut differs = false;
    for name in [
        "tables_course",
        "tables_solved",
        "tables_li2023",
        "tables_choices",
    ] {
        let path = format!("genomes/wolves_sheep/{name}.ron");
        let genome = Genome::load::<WolvesSheep>(std::path::Path::new(&path)).expect("a genome");
        assert!(genome.tables.is_some(), "{name} carries tables");
        let mut pos = WolvesSheep::start(WolvesSheep::start_names()[0], &mut rng).expect("start");
        let mut moves = Vec::new();
        for _ in 0..6 {
            pos.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            pos.make(moves[rng.random_range(0..moves.len())], ());
        }
        for (r, role) in ["wolves", "sheep"].iter().enumerate() {
            let input = format!(
                "weightforge 1\nnewgame wolves_sheep {role} 1\nposition {}\neval\nquit\n",
                pos.to_text()
            );
            let o = super::common::with_stdin(
                &["engine", "--game", "wolves_sheep", "--genome", &path],
                &input,
            );
            let out = String::from_utf8_lossy(&o.stdout);
            let said: f64 = out
                .lines()
                .find_map(|l| l.strip_prefix("score "))
                .unwrap_or_else(|| panic!("{name}: no score in {out}"))
                .parse()
                .expect("a number");
            let want = Evaluator::with_tables::<WolvesSheep>(
                r,
                &genome.weights[r],
                genome.tables.as_ref(),
            )
            .value(&pos);
            let hand = Evaluator::new::<WolvesSheep>(r, &genome.weights[r]).value(&pos);
            assert!(
                (said - want).abs() <= 1e-6 * want.abs().max(1.0),
                "{name} {role}: eval {said}, search {want}"
            );
            differs |= (want - hand).abs() > 1e-9;
        }
    }
    assert!(
        differs,
        "the tables change some evaluation, or the test shows nothing"
    );
}

/// `export --format lines` writes hand weights only: a table genome is refused, naming
/// its families, instead of losing its tables with exit 0.
#[test]
fn lines_export_refuses_a_table_genome() {
    let said = super::common::fails(&[
        "export",
        "genomes/wolves_sheep/tables_course.ron",
        "--format",
        "lines",
    ]);
    assert!(
        said.contains("--format lines writes hand weights only"),
        "{said}"
    );
    assert!(said.contains("blocks2x2"), "{said}");
    let hand = super::common::ok(&super::common::weightforge(&[
        "export",
        "genomes/wolves_sheep/tuned.ron",
        "--format",
        "lines",
    ]));
    assert!(hand.contains("wolves:"), "{hand}");
}
