//! The run page's tables section (a run with `tables:`): what was fitted and from what,
//! the held-out loss of each L2 strength, and the heat maps and loss chart the tables
//! stage drew beside the page.

use super::data::PageData;
use super::html::escape;
use crate::tune::report::table_fit_files::{TABLES_CSV, TABLES_FILE, TABLES_STEM};

/// The section, or nothing for a run without tables.
pub fn section(d: &PageData) -> String {
    let Some(t) = d.tables else {
        return String::new();
    };
    let hand = escape(&t.hand.name);
    format!(
        "<h2>Tables</h2><p>Before training, the run fitted the table families <b>{families}</b> \
         on its positions, from the hand genome {hand}, whose weights stay as they are (the \
         tables add what they miss). Every player of the run carries the tables; the gate \
         plays {hand} without them. Held-out loss of the hand genome and of each L2 strength \
         tried (lower is better; the one kept is marked):</p><pre id=\"tables-fit\">{report}</pre>\
         <p>What a piece on each cell is worth by the tables, per role and kind of piece \
         (red: good for the role; <a href=\"{TABLES_STEM}.heat.svg\">SVG</a>):</p>\
         <p><img id=\"tables-heat\" src=\"{TABLES_STEM}.heat.png\" alt=\"the tables as heat maps\" \
         style=\"max-width:100%\"></p><p>Held-out loss against the L2 strength \
         (<a href=\"{TABLES_CSV}\">CSV</a>):</p><p><img id=\"tables-l2\" src=\"{TABLES_STEM}.l2.png\" \
         alt=\"held-out loss against the L2 strength\" style=\"max-width:100%\"></p>\
         <p>The fitted genome: <a href=\"{TABLES_FILE}\">{TABLES_FILE}</a>.</p>",
        families = escape(&t.families.join(", ")),
        report = escape(&t.report),
    )
}
