//! The end of a run on its page: the verdict at the top (Elo against each reference),
//! then in detail the finalists and selection, the validation table and games, and the
//! best genome with its provenance.

use super::data::{Finished, PageData};
use super::html::{concepts_link, escape, table};
use crate::sprt::Decision;
use crate::tune::report::selection;
use crate::tune::report::standing::Standing;
use crate::tune::report::validation::VALIDATION_GAMES;

/// The gate's verdict for the top of the page: whether the run's result is proven
/// better than its start where it will play (empty when the run has no gate).
pub fn gate_banner(f: &Finished, concepts: Option<&str>) -> String {
    let Some(g) = f.gate else {
        return String::new();
    };
    let class = match g.decision {
        Decision::H1 => "good",
        Decision::H0 => "bad",
        Decision::Continue => "muted",
    };
    format!(
        "<h2 id=\"gate\">Gate</h2><p class=\"{class}\"><b>{}</b>: {}.</p><p>The best \
         genome against the start genome, both at {}, on openings no other round used, \
         until a sequential test decides whether it is at least {:.1} Elo better than the \
         start (or at most {:.1}): {:+.1} ± {:.1} Elo over the start, {} games, W / D / L \
         {} / {} / {} ({}).</p>",
        escape(&g.headline()),
        escape(&g.how()),
        escape(&g.budget),
        g.sprt.elo1,
        g.sprt.elo0,
        g.elo.elo,
        g.elo.error(),
        g.result.games(),
        g.result.wdl.wins,
        g.result.wdl.draws,
        g.result.wdl.losses,
        concepts_link(concepts, "gate", "how the gate decides"),
    )
}

/// Whether the result is better than the start, in words, with what to do with it.
fn standing_banner(f: &Finished, concepts: Option<&str>) -> String {
    let (class, text) = match f.standing {
        Standing::Better(why) => ("good", format!("Better than the start ({why}).")),
        Standing::NotBetter(why) => (
            "bad",
            format!("Not better than the start ({why}): keep the start's values; do not paste this result."),
        ),
        Standing::Unmeasured(why) => (
            "muted",
            format!("Not compared with the start ({why})."),
        ),
    };
    format!(
        "<p class=\"{class}\" id=\"standing\"><b>{}</b> {}</p>",
        escape(&text),
        concepts_link(
            concepts,
            "is-the-result-better-than-the-start",
            "what this means"
        )
    )
}

/// The answer, at the top of the page: the chosen genome's Elo ± 95 % interval against
/// each reference on fresh openings, or when it will be known.
pub fn summary(d: &PageData) -> String {
    let Some(f) = &d.finished else {
        return "<h2>Verdict</h2><p class=\"muted\" id=\"verdict\">The Elo of the tuned \
                genome against each reference comes after the last generation, from games \
                on openings training never used.</p>"
            .to_string();
    };
    let rows: Vec<Vec<String>> = f
        .validation
        .iter()
        .map(|v| {
            let e = &v.elo;
            vec![
                format!("vs {}", escape(&v.opponent)),
                format!("<b>{:+.1} ± {:.1}</b> Elo", e.elo, e.error()),
                format!("{:.1} %", 100.0 * e.los),
                format!("{} games", v.result.games()),
            ]
        })
        .collect();
    let concepts = d.concepts.as_deref();
    format!(
        "<h2>Verdict</h2>{}<p>The tuned genome ({}) against each reference, at {}, on \
         openings training never used (95 % interval; {}):</p><div class=\"verdict\">{}</div>",
        standing_banner(f, concepts),
        escape(&f.genome_path),
        escape(&f.budget),
        concepts_link(concepts, "reading-a-matchs-output", "how to read it"),
        table(
            "verdict",
            &["opponent", "Elo", "likelihood better", "games"],
            &rows
        )
    )
}

/// The gate's verdict, under the Elo table (nothing when the run has no gate).
pub fn gate(d: &PageData) -> String {
    d.finished
        .as_ref()
        .map_or_else(String::new, |f| gate_banner(f, d.concepts.as_deref()))
}

/// The end of the run in detail, once there: selection, validation, its games, the
/// best genome.
pub fn details(d: &PageData) -> String {
    d.finished.as_ref().map_or_else(String::new, sections)
}

/// The verdict sections: selection, validation, validation games, best genome.
fn sections(f: &Finished) -> String {
    let budget = escape(&f.budget);
    let (finalists, validation) = (finalist_rows(f), validation_rows(f));
    let labels: Vec<&str> = f.finalists.iter().map(|(l, _)| l.as_str()).collect();
    let scores: Vec<f64> = f.finalists.iter().map(|(_, s)| *s).collect();
    let tie = selection::tie(&labels, &scores, f.chosen).map_or(String::new(), |t| {
        format!("<p id=\"tie\">{}.</p>", escape(&t))
    });
    let mut s = format!(
        "<h2>Selection</h2><p>The finalists re-measured at {budget} on openings training \
         never used; the best is validated.</p>{}{tie}<h2>Validation</h2><p>The chosen \
         genome against each reference, both at {budget}, on fresh openings (Elo from the \
         pairs' results, 95 % interval).</p>{}",
        table(
            "finalists",
            &["finalist", "selection score", "kept"],
            &finalists
        ),
        table(
            "validation",
            &[
                "opponent",
                "games",
                "W / D / L",
                "pairs scoring 0, ½, 1, 1½, 2 points",
                "score",
                "Elo",
                "likelihood better"
            ],
            &validation
        )
    );
    s.push_str(&games(f));
    s.push_str(&best_genome(f));
    s
}

/// The best genome: where it went, its provenance field by field (plain text, not the
/// file's quoting), and the file as written, folded.
fn best_genome(f: &Finished) -> String {
    let p = f.provenance;
    let mut fields: Vec<(&str, String)> =
        vec![("made by", p.source.clone()), ("notes", p.notes.clone())];
    if let Some(w) = &p.warning {
        fields.push(("warning", w.clone()));
    }
    if let (Some(seed), Some(alg)) = (p.seed, &p.algorithm) {
        fields.push(("seed, algorithm", format!("{seed}, {alg}")));
    }
    if let (Some(g), Some(n)) = (p.generation, p.games) {
        fields.push(("generation, training games", format!("{g}, {n}")));
    }
    let rows: Vec<Vec<String>> = fields
        .into_iter()
        .filter(|(_, v)| !v.is_empty())
        .map(|(k, v)| vec![k.to_string(), escape(&v)])
        .collect();
    format!(
        "<h2>Best genome</h2><p>Written to {}; its provenance:</p>{}<details><summary>the \
         file as written</summary><pre id=\"genome\">{}</pre></details>",
        escape(&f.genome_path),
        table("provenance", &["field", "value"], &rows),
        escape(&f.genome_text)
    )
}

/// The selection table's rows: each finalist, its score and whether it was kept.
fn finalist_rows(f: &Finished) -> Vec<Vec<String>> {
    f.finalists
        .iter()
        .enumerate()
        .map(|(i, (label, score))| {
            vec![
                escape(label),
                format!("{:.1} %", 100.0 * score),
                if i == f.chosen {
                    "kept".into()
                } else {
                    String::new()
                },
            ]
        })
        .collect()
}

/// The validation table's rows: one per reference.
fn validation_rows(f: &Finished) -> Vec<Vec<String>> {
    f.validation
        .iter()
        .map(|v| {
            let w = &v.result.wdl;
            let e = &v.elo;
            vec![
                escape(&v.opponent),
                v.result.games().to_string(),
                format!("{} / {} / {}", w.wins, w.draws, w.losses),
                format!("{:?}", v.result.ptnml.0),
                format!("{:.1} %", 100.0 * e.score),
                format!("{:.1} ± {:.1}", e.elo, e.error()),
                format!("{:.1} %", 100.0 * e.los),
            ]
        })
        .collect()
}

/// The validation games, one row each, folded.
fn games(f: &Finished) -> String {
    let rows: Vec<Vec<String>> = f
        .games
        .iter()
        .enumerate()
        .map(|(i, g)| {
            vec![
                (i + 1).to_string(),
                escape(&format!("{} ({})", g.players[0], g.roles[0])),
                escape(&format!("{} ({})", g.players[1], g.roles[1])),
                g.result.clone(),
                g.moves.len().to_string(),
                escape(&g.reason_text),
            ]
        })
        .collect();
    format!(
        "<details id=\"validation-games\"><summary>{} validation games (replay one with \
         <code>weightforge replay {} --game N</code>)</summary>{}</details>",
        f.games.len(),
        VALIDATION_GAMES,
        table(
            "games",
            &[
                "game",
                "first role",
                "second role",
                "result",
                "plies",
                "end"
            ],
            &rows
        )
    )
}
