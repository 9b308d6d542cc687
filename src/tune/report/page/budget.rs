//! The Elo-against-budget section of the run page: the chart (inline SVG, drawn like
//! its PNG by [`crate::tune::report::budget_chart`]) and its table, one row per
//! reference and budget.

use super::data::PageData;
use super::html::{escape, table};
use crate::tune::report::budget_chart::{svg_text, BudgetPoint, STEM};

/// The section, or nothing when the run measured no budgets.
pub fn section(points: &[BudgetPoint]) -> String {
    if points.is_empty() {
        return String::new();
    }
    let chart = svg_text(points).unwrap_or_else(|e| {
        format!(
            "<p class=\"muted\">The chart could not be drawn: {}</p>",
            escape(&e)
        )
    });
    let rows: Vec<Vec<String>> = points
        .iter()
        .map(|p| {
            let w = &p.result.wdl;
            vec![
                escape(&p.budget),
                escape(&p.opponent),
                p.result.games().to_string(),
                format!("{} / {} / {}", w.wins, w.draws, w.losses),
                format!("{:.1} %", 100.0 * p.elo.score),
                format!("{:.1} ± {:.1}", p.elo.elo, p.elo.error()),
            ]
        })
        .collect();
    format!(
        "<h2>Elo against budget</h2><p>The best genome against each reference with both \
         sides at each search budget, from the training budget up to the target, on fresh \
         openings (pentanomial Elo, 95 % interval): do the weights hold deeper? \
         (<a href=\"{STEM}.png\">PNG</a>, <a href=\"{STEM}.csv\">CSV</a>)</p>\
         <div id=\"elo-budget-chart\">{chart}</div>{}",
        table(
            "elo-budget",
            &["budget", "opponent", "games", "W / D / L", "score", "Elo"],
            &rows
        )
    )
}

/// The section as the page lists it.
pub fn page_section(d: &PageData) -> String {
    d.finished
        .as_ref()
        .map_or_else(String::new, |f| section(f.budgets))
}
