//! Exact labels: a position file's results replaced by the solved values, so that a fit
//! learns what each position is worth with perfect play instead of what one game
//! happened to end in (`weightforge solve --file F --label IN --labelled OUT`).

use std::path::Path;

use super::{Oracle, SolveError, Value};
use crate::fit::positions_file::{read_rows, write_rows, PositionFileError, PositionRow};
use crate::game::{Features, Game, Role};

/// Labelling a position file failed: the file, or a position beyond the solution.
#[derive(Debug, thiserror::Error)]
pub enum LabelError {
    /// The position file cannot be read or written.
    #[error(transparent)]
    File(#[from] PositionFileError),
    /// A row's position is not in the solution (the error names it).
    #[error("{path}: row {row}: {source}")]
    Solve {
        /// The input file.
        path: std::path::PathBuf,
        /// The row, from 1 (comments and the header not counted).
        row: usize,
        /// Why.
        source: SolveError,
    },
}

/// What labelling a file did: its rows, and how many of them changed result.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LabelSummary {
    /// Rows written.
    pub rows: usize,
    /// Rows whose game result (when the file had one) differs from the solved value.
    pub changed: usize,
    /// Rows labelled a win, a draw and a loss for their role.
    pub by_value: [usize; 3],
}

/// The solved result of `pos` from `role`'s view: 1 a win, ½ a draw, 0 a loss.
pub fn exact_result<G: Game>(sol: &dyn Oracle<G>, pos: &G, role: Role) -> Result<f32, SolveError> {
    Ok(Exact::Outcome.label(sol.value(pos)?, pos, role))
}

/// How [`label_file`] labels a row: by who wins, or by who wins and how soon.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Exact {
    /// Win 1, draw ½, loss 0 ([`exact_result`]).
    Outcome,
    /// With the distance: a win in `n` plies `½ + ½·2^(−n/h)`, a loss `½ − ½·2^(−n/h)`, a
    /// draw ½, for this half-life `h` in plies (finite, above 0). A near win is worth more
    /// than a far one, so a search that reads the label makes progress toward the end
    /// instead of wandering among positions that are all "won".
    Distance(f64),
}

impl Exact {
    /// The label of `pos`, whose solved value is `value`, from `role`'s view.
    pub fn label<G: Game>(self, value: Value, pos: &G, role: Role) -> f32 {
        let near = |n: u32| match self {
            Exact::Outcome => 0.5,
            Exact::Distance(h) => 0.5 * (-f64::from(n) / h).exp2(),
        };
        let mover = match value {
            Value::Win(n) => 0.5 + near(n),
            Value::Draw => 0.5,
            Value::Loss(n) => 0.5 - near(n),
        } as f32;
        if role == pos.side_to_move() {
            mover
        } else {
            1.0 - mover
        }
    }

    fn described(self) -> String {
        match self {
            Exact::Outcome => {
                "the solved value for the row's role (win 1, draw 0.5, loss 0)".into()
            }
            Exact::Distance(h) => format!(
                "the solved value and distance for the row's role (a win in n plies \
                 0.5 + 0.5*2^(-n/{h}), a draw 0.5, a loss in n 0.5 - 0.5*2^(-n/{h}))"
            ),
        }
    }
}

/// Reads the position file `input`, replaces every row's result by its solved value
/// (`how`; the search scores are kept) and writes the rows to `output` as a version 2
/// file whose comments say so.
pub fn label_file<G: Features>(
    sol: &dyn Oracle<G>,
    input: &Path,
    output: &Path,
    how: Exact,
) -> Result<LabelSummary, LabelError> {
    let file = read_rows::<G>(input)?;
    let mut summary = LabelSummary::default();
    let mut rows = Vec::with_capacity(file.rows.len());
    for (i, (pos, row)) in file.rows.iter().enumerate() {
        let value = sol.value(pos).map_err(|source| LabelError::Solve {
            path: input.to_path_buf(),
            row: i + 1,
            source,
        })?;
        let outcome = Exact::Outcome.label(value, pos, row.role);
        let result = how.label(value, pos, row.role);
        summary.changed += usize::from(!row.result.is_nan() && row.result != outcome);
        summary.by_value[if outcome == 1.0 {
            0
        } else if outcome == 0.5 {
            1
        } else {
            2
        }] += 1;
        rows.push(PositionRow {
            result,
            ..row.clone()
        });
    }
    summary.rows = rows.len();
    let mut comments = file.comments.clone();
    comments.push(format!(
        "results: {}, by `weightforge solve --label` from {}; scores as the input had them",
        how.described(),
        input.display()
    ));
    write_rows::<G>(output, &comments, &rows)?;
    Ok(summary)
}
