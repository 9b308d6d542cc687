//! A starting point for a new experiment (`weightforge init --game G`): the game's
//! committed experiment with a short budget, every field written out with a comment
//! saying what it does, so a first run needs no reading beyond the file itself.

use std::fmt::Write;

use super::experiment::{Experiment, OpponentSpec};
use crate::game::GameEntry;
use crate::{ronfile, with_game};

/// Generations of the template: a first run of minutes, not hours.
const SHORT_GENERATIONS: u32 = 10;
/// Validation pairs per opponent of the template.
const SHORT_VALIDATION_PAIRS: u32 = 50;

/// The commented experiment file for `game` (from its committed experiment, which the
/// registry's entry of the game carries), or None for a game weightforge does not play.
pub fn experiment_template(game: &str) -> Option<String> {
    let text = with_game!(game, G => <G as GameEntry>::EXPERIMENT, return None);
    let base = Experiment::parse(text, &format!("experiments/{game}.ron"))
        .expect("the committed experiments parse (tests/suite/init.rs)");
    let mut out = String::new();
    header(&mut out, &base);
    run_fields(&mut out, &base);
    player_fields(&mut out, &base);
    game_fields(&mut out, &base);
    out.push_str(")\n");
    Some(out)
}

/// Appends `// note` and `name: value,` indented one level.
fn field(out: &mut String, note: &str, name: &str, value: &str) {
    for line in note.lines() {
        let _ = writeln!(out, "    // {line}");
    }
    let _ = writeln!(out, "    {name}: {value},");
}

fn header(out: &mut String, base: &Experiment) {
    let game = &base.game;
    let _ = writeln!(
        out,
        "// A new {game} experiment, written by `weightforge init --game {game}`: the values of\n\
         // experiments/{game}.ron with a short budget ({SHORT_GENERATIONS} generations instead of {}).\n\
         // Run it with `weightforge evolve <this file>`; every field: docs/reference/experiment.md.\n\
         // Paths are relative to the folder weightforge runs in (the repository root).\n(",
        base.generations
    );
}

fn run_fields(out: &mut String, b: &Experiment) {
    let name = format!("\"my_{}\"", b.game);
    field(out, "Run name: the report goes to reports/<name>/, the best genome to\ngenomes/<game>/<name>-best.ron.", "name", &name);
    field(
        out,
        "The game (`weightforge games` lists the games, roles and features).",
        "game",
        &format!("\"{}\"", b.game),
    );
    field(
        out,
        "Every random choice derives from it: the run is a pure function of this file.",
        "seed",
        &b.seed.to_string(),
    );
    field(
        out,
        "Es(lambda, sigma), CmaEs(...), Spsa(...) or Texel(...): see docs/guide/tuning.md.",
        "algorithm",
        &ronfile::to_line(&b.algorithm),
    );
    field(
        out,
        "Generations to run (the committed experiment's budget is in the header).",
        "generations",
        &SHORT_GENERATIONS.min(b.generations).to_string(),
    );
}

fn player_fields(out: &mut String, b: &Experiment) {
    field(
        out,
        "The genome to start from: a file or a built-in name.",
        "start",
        &format!("{:?}", b.start),
    );
    field(
        out,
        "The roles whose weights are tuned (the others keep the start's).",
        "tune_roles",
        &ronfile::to_line(&b.tune_roles),
    );
    field(
        out,
        "Both roles share one weight vector (for games whose roles play alike).",
        "shared_weights",
        &b.shared_weights.to_string(),
    );
    field(
        out,
        "Features left at their start weight.",
        "frozen_features",
        &ronfile::to_line(&b.frozen_features),
    );
    let opponents: Vec<String> = b.opponents.iter().map(opponent).collect();
    let list = format!("[\n        {},\n    ]", opponents.join(",\n        "));
    field(out, "The reference players every candidate plays: `player` (a genome file, a built-in\nname, `random` or an engine), and optionally `depth` per role, `nodes`, `pairs`, `weight`.", "opponents", &list);
    field(
        out,
        "Game pairs per candidate and opponent per generation (roles swapped in a pair).",
        "pairs_per_opponent",
        &b.pairs_per_opponent.to_string(),
    );
}

fn game_fields(out: &mut String, b: &Experiment) {
    field(
        out,
        "Random plies from the start, and the starts used in turn.",
        "openings",
        &ronfile::to_line(&b.openings),
    );
    if let Some(cap) = b.ply_cap {
        field(
            out,
            "Plies after which an unfinished game ends.",
            "ply_cap",
            &cap.to_string(),
        );
    }
    field(
        out,
        "At the ply cap: false scores a draw, true the game's rule (Abalone: marbles lost).",
        "adjudicate",
        &b.adjudicate.to_string(),
    );
    let validation = super::experiment::ValidationSpec {
        pairs: SHORT_VALIDATION_PAIRS.min(b.validation.pairs),
        ..b.validation.clone()
    };
    field(out, "The end: re-measure `finalists` genomes on `selection_pairs` fresh pairs, then\nvalidate the best on `pairs` other fresh pairs per opponent.", "validation", &ronfile::to_line(&validation));
}

/// One opponent on one line, with only the fields it sets.
fn opponent(o: &OpponentSpec) -> String {
    let mut parts = vec![format!("player: {:?}", o.player)];
    if let Some(d) = &o.depth {
        parts.push(format!("depth: {}", ronfile::to_line(d)));
    }
    if let Some(n) = o.nodes {
        parts.push(format!("nodes: {n}"));
    }
    if let Some(p) = o.pairs {
        parts.push(format!("pairs: {p}"));
    }
    if let Some(w) = o.weight {
        parts.push(format!("weight: {w:?}"));
    }
    format!("({})", parts.join(", "))
}
