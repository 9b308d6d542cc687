//! Re-scoring a position file (`weightforge rescore`): every row's score becomes a search
//! of the row's position by a genome at a budget the user names, from the row's role's
//! view; the results stay. A datagen row is the quiet leaf of the game's own search, so
//! the score datagen writes is about that leaf's static evaluation, and a fit to it
//! learns nothing the start genome does not know. Scored by a deeper search, a row says
//! what the search sees beyond the evaluation — what a table should learn — and it says
//! something in every position, those of drawn games too.

use std::path::Path;

use rayon::prelude::*;

use super::label::Labeler;
use super::positions_file::{read_rows, write_rows, PositionFileError, PositionRow};
use crate::game::Features;
use crate::genome::Genome;
use crate::search::SearchLimits;

/// Rows searched by one labeler, one after another (a fixed split: the file does not
/// depend on the thread count; each row is searched with emptied tables anyway).
const CHUNK: usize = 256;

/// What re-scoring did.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RescoreSummary {
    /// Rows written.
    pub rows: usize,
    /// Rows whose new score is beyond any evaluation (a forced result the search found).
    pub forced: usize,
}

/// Reads `input`, scores every row's position with `genome` searched within `limits`
/// (each search from empty tables), and writes the rows to `output` with the input's
/// comments and `note` (how they were re-scored).
pub fn rescore_file<G: Features>(
    genome: &Genome,
    limits: SearchLimits,
    (input, output): (&Path, &Path),
    note: &str,
) -> Result<RescoreSummary, PositionFileError> {
    let file = read_rows::<G>(input)?;
    let rows: Vec<PositionRow> = file
        .rows
        .par_chunks(CHUNK)
        .flat_map_iter(|chunk| {
            let mut labeler = Labeler::<G>::for_genome(genome, limits);
            chunk
                .iter()
                .map(|(pos, row)| {
                    labeler.forget();
                    PositionRow {
                        score: labeler.score(pos, row.role),
                        ..row.clone()
                    }
                })
                .collect::<Vec<_>>()
        })
        .collect();
    let mut comments = file.comments.clone();
    comments.push(note.to_string());
    write_rows::<G>(output, &comments, &rows)?;
    let bound = super::label::forced_score();
    Ok(RescoreSummary {
        rows: rows.len(),
        forced: rows.iter().filter(|r| r.score.abs() >= bound).count(),
    })
}
