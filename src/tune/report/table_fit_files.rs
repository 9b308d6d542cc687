//! A table fit's pictures and numbers, written beside its genome: `<stem>.heat.svg` and
//! `.png` (per role and kind of piece, what a piece on each cell is worth by the tables,
//! [`super::heat_map`]), `<stem>.l2.svg` and `.png` (the held-out loss against the L2
//! strength, [`super::l2_chart`]) and the CSV behind that chart. `weightforge fit` and a
//! run's tables stage write them.

use std::path::Path;

use super::error::ReportError;
use super::heat_map::{self, HeatPanel};
use super::l2_chart;
use crate::fit::table_fit::{l2_csv, RoleFit};
use crate::game::Features;
use crate::tables::heat::piece_values;
use crate::tables::GenomeTables;

/// A run's fitted table genome in its report folder (the tables stage writes it).
pub const TABLES_FILE: &str = "tables.ron";

/// The stem of a run's heat maps and L2 chart (`tables.heat.png`, `tables.l2.png`).
pub const TABLES_STEM: &str = "tables";

/// A run's held-out loss per L2 strength and role.
pub const TABLES_CSV: &str = "tables.l2.csv";

/// Writes the heat maps and the L2 chart at `stem` and the CSV at `csv`.
pub fn write<G: Features>(
    stem: &Path,
    csv: &Path,
    tables: &GenomeTables,
    fits: &[RoleFit; 2],
) -> Result<(), ReportError> {
    crate::fsutil::write_atomic(csv, l2_csv::<G>(fits).as_bytes()).map_err(|source| {
        ReportError::Io {
            path: csv.display().to_string(),
            source,
        }
    })?;
    let roles = [(G::ROLES[0], &fits[0]), (G::ROLES[1], &fits[1])];
    l2_chart::write(stem, &roles)?;
    heat_maps::<G>(stem, tables)
}

/// `<stem>.heat.svg` and `.png`: one board per role and kind of piece.
fn heat_maps<G: Features>(stem: &Path, tables: &GenomeTables) -> Result<(), ReportError> {
    let layout = &*tables.layout;
    let board = layout.board();
    let mut panels = Vec::new();
    for (r, role) in G::ROLES.iter().enumerate() {
        let values = piece_values(layout, &tables.weights[r]);
        for (k, v) in values.into_iter().enumerate() {
            panels.push(HeatPanel {
                title: format!("{role}: a {} on each cell", board.contents[k + 1]),
                values: v,
            });
        }
    }
    let title = format!(
        "{}: a piece's worth on each cell by the tables, in score points (red: good for the role)",
        G::NAME
    );
    heat_map::write(stem, &title, board, &panels, board.contents.len() - 1)
}
