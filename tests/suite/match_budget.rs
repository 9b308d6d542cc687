//! Matches at a node budget or a move time (`match --nodes`, `--move-time`): both
//! players deepen until the budget is spent; a node budget gives the same games every
//! time, on any number of threads, and is not the same as the genomes' fixed depth.

use crate::common::matches::play_match;
use crate::common::{ok, weightforge};
use rand::SeedableRng;
use weightforge::game::{Game, GameRng, MatchRules};
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::matches::settings::MatchSettings;
use weightforge::player::{Agent, PlayerSpec, SearchBudget};

/// A match's result as printed: the score line, the plies per game and the pair counts
/// (not the wall clock).
fn outcome(out: &str) -> Vec<String> {
    out.lines()
        .filter_map(|l| {
            if let Some(rest) = l.strip_prefix("Average game length: ") {
                return rest.split(';').next().map(String::from);
            }
            (l.starts_with("Score of") || l.starts_with("Ptnml") || l.contains(" as "))
                .then(|| l.to_string())
        })
        .collect()
}

fn vvw_match(extra: &[&str]) -> String {
    let mut args = vec![
        "match",
        "--game",
        "vampires_werewolves",
        "genomes/vampires_werewolves/tuned.ron",
        "deepblue2021",
        "--games",
        "4",
        "--quiet",
    ];
    args.extend_from_slice(extra);
    ok(&weightforge(&args))
}

#[test]
fn node_budget_matches_repeat_exactly() {
    let dir = tempfile::tempdir().unwrap();
    let rec = |name: &str| dir.path().join(name).display().to_string();
    let (r1, r2, r3) = (rec("one.jsonl"), rec("two.jsonl"), rec("depth.jsonl"));
    let one = vvw_match(&["--nodes", "3000", "--threads", "1", "--record", &r1]);
    let two = vvw_match(&["--nodes", "3000", "--threads", "2", "--record", &r2]);
    assert!(one.contains("Search: 3000 nodes per move"), "{one}");
    assert_eq!(outcome(&one), outcome(&two));
    assert_eq!(outcome(&one).len(), 5, "{one}");
    let read = |p: &str| std::fs::read_to_string(p).unwrap();
    assert_eq!(read(&r1), read(&r2), "the same games, move for move");
    vvw_match(&["--record", &r3]);
    assert_ne!(
        read(&r1),
        read(&r3),
        "a node budget plays other moves than the genomes' depth 2"
    );
}

/// A genome of depth 2 seated with a node budget searches deeper, and stops within
/// one iteration's worth of nodes past it; the same budget gives the same move.
#[test]
fn a_node_budget_deepens_past_the_genome_depth() {
    let spec = PlayerSpec::resolve::<VvwPosition>("deepblue2021").unwrap();
    let PlayerSpec::Genome(g) = &spec else {
        panic!("deepblue2021 is a genome")
    };
    assert_eq!(g.depth, [2, 2]);
    let start = VvwPosition::resolve_start(VvwPosition::start_names()[0]).unwrap();
    let mut rng = GameRng::seed_from_u64(1);
    let pos = start.draw(&mut rng);
    let rules = MatchRules::capped(200);
    let budget = SearchBudget {
        nodes: Some(20_000),
        ..SearchBudget::default()
    };
    let mut results = Vec::new();
    for _ in 0..2 {
        let mut agent = Agent::<VvwPosition>::with_budget(&spec, 0, budget, rules);
        let mut rng = GameRng::seed_from_u64(2);
        results.push(agent.decide(&pos, &mut rng));
    }
    assert_eq!(results[0], results[1]);
    assert!(results[0].depth > 2, "{:?}", results[0]);
    assert!(results[0].nodes <= 20_000, "{:?}", results[0]);
    let mut fixed = Agent::<VvwPosition>::with_budget(&spec, 0, SearchBudget::default(), rules);
    assert_eq!(fixed.decide(&pos, &mut rng).depth, 2);
}

/// A move time bounds every search, and the match plays all its games.
#[test]
fn a_move_time_match_plays_every_game() {
    let settings = MatchSettings {
        move_time_ms: Some(20),
        ..MatchSettings::defaults::<VvwPosition>(4)
    };
    let spec = PlayerSpec::resolve::<VvwPosition>("deepblue2021").unwrap();
    let r = play_match::<VvwPosition>(&spec, &spec, &settings, 1, 1);
    assert_eq!(r.games(), 2);
    assert_eq!(r.faults[0].total() + r.faults[1].total(), 0);
}

/// Without a budget the header says how each side searches, so a reader can tell a
/// deeper search from a better evaluation; `--same-search` shows A at B's depths.
#[test]
fn match_header_names_each_players_search() {
    let run = |extra: &[&str]| {
        let mut args = vec![
            "match",
            "--game",
            "wolves_sheep",
            "genomes/wolves_sheep/tuned.ron",
            "luo2023",
            "--games",
            "2",
            "--quiet",
        ];
        args.extend_from_slice(extra);
        ok(&weightforge(&args))
    };
    let own = run(&[]);
    assert!(
        own.contains("Search: each player's own settings: A depth wolves 8, sheep 8; B depth wolves 4, sheep 3"),
        "{own}"
    );
    let same = run(&["--same-search"]);
    assert!(
        same.contains("A depth wolves 4, sheep 3; B depth wolves 4, sheep 3"),
        "{same}"
    );
    let fixed = run(&["--depth", "2"]);
    assert!(fixed.contains("Search: both players at depth 2"), "{fixed}");
}
