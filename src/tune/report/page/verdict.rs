//! The end of a run on its page: the verdict at the top (Elo against each reference),
//! then in detail the finalists and selection, the validation table and games, and the
//! best genome with its provenance.

use super::data::{Finished, PageData};
use super::html::{escape, table};
use crate::sprt::Decision;
use crate::tune::report::validation::VALIDATION_GAMES;

/// The gate's verdict for the top of the page: whether the run's result is proven
/// better than its start where it will play (empty when the run has no gate).
pub fn gate_banner(f: &Finished) -> String {
    let Some(g) = f.gate else {
        return String::new();
    };
    let class = match g.decision {
        Decision::H1 => "good",
        Decision::H0 => "bad",
        Decision::Continue => "muted",
    };
    format!(
        "<h2 id=\"gate\">Gate</h2><p class=\"{class}\"><b>{}</b></p><p>The best genome \
         against the start genome, both at {}, on openings no other round used, until an \
         SPRT (H0 {:.1} against H1 {:.1} normalised Elo, α {}, β {}) decides: LLR {:.2}, \
         {:+.1} ± {:.1} Elo, {} games, W / D / L {} / {} / {}.</p>",
        escape(&g.headline()),
        escape(&g.budget),
        g.sprt.elo0,
        g.sprt.elo1,
        g.sprt.alpha,
        g.sprt.beta,
        g.llr(),
        g.elo.elo,
        g.elo.error(),
        g.result.games(),
        g.result.wdl.wins,
        g.result.wdl.draws,
        g.result.wdl.losses,
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
                format!("LOS {:.1} %", 100.0 * e.los),
                format!("{} games", v.result.games()),
            ]
        })
        .collect();
    format!(
        "<h2>Verdict</h2><p>The tuned genome ({}) against each reference, at {}, on \
         openings training never used (95 % interval):</p><div class=\"verdict\">{}</div>",
        escape(&f.genome_path),
        escape(&f.budget),
        table("verdict", &["", "", "", ""], &rows)
    )
}

/// The gate's verdict, under the Elo table (nothing when the run has no gate).
pub fn gate(d: &PageData) -> String {
    d.finished.as_ref().map_or_else(String::new, gate_banner)
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
    let mut s = format!(
        "<h2>Selection</h2><p>The finalists re-measured at {budget} on openings training \
         never used; the best is validated.</p>{}<h2>Validation</h2><p>The chosen genome \
         against each reference, both at {budget}, on fresh openings (pentanomial Elo, 95 % \
         interval).</p>{}",
        table(
            "finalists",
            &["finalist", "selection score", ""],
            &finalists
        ),
        table(
            "validation",
            &[
                "opponent",
                "games",
                "W / D / L",
                "Ptnml(0-2)",
                "score",
                "Elo",
                "LOS"
            ],
            &validation
        )
    );
    s.push_str(&games(f));
    s.push_str(&format!(
        "<h2>Best genome</h2><p>Written to {}; its provenance:</p><pre id=\"genome\">{}</pre>",
        escape(&f.genome_path),
        escape(&f.genome_text)
    ));
    s
}

/// The selection table's rows: each finalist, its score and whether it was chosen.
fn finalist_rows(f: &Finished) -> Vec<Vec<String>> {
    f.finalists
        .iter()
        .enumerate()
        .map(|(i, (label, score))| {
            vec![
                escape(label),
                format!("{:.1} %", 100.0 * score),
                if i == f.chosen {
                    "chosen".into()
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
