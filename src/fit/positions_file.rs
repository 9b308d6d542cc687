//! Position files (docs/positions.md): labelled positions as text, so that positions
//! generated once (by `weightforge datagen` at a target budget, by a run's games, or by
//! a user's own games) can be fitted many times, by built-in evaluations and by outside
//! engines alike.
//!
//! Version 2 (what is written) has one row per line, `<role> <result> <score>
//! <position>`: the role whose evaluation the row trains (the side whose search chose
//! it), the game's result and a search's score, both from that role's view. Version 1
//! (`<label> <position>`, no header version) is still read: each of its positions gives a
//! row for both roles, labelled by the result alone.

use std::io::{BufRead, BufReader, Read, Write};
use std::path::{Path, PathBuf};

use super::samples::{Rows, Samples};
use crate::game::{Features, Role};
use crate::limits::POSITION_LINE;

/// The first words of a version 2 file's first line.
pub const HEADER_V2: &str = "# weightforge positions v2";

/// A position file that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum PositionFileError {
    /// The file system failed.
    #[error("{path}: {source}")]
    Io {
        /// The file.
        path: PathBuf,
        /// What the system said.
        source: std::io::Error,
    },
    /// A line is not a row.
    #[error("{path}:{line}: {message}")]
    Line {
        /// The file.
        path: PathBuf,
        /// The line number, from 1.
        line: usize,
        /// What is wrong.
        message: String,
    },
}

/// One labelled position as version 1 wrote it: its text and the score of the side to
/// move (what a run's own games keep for `weightforge positions`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Labelled {
    /// The position in the game's notation.
    pub text: String,
    /// The side to move's score, 0 to 1.
    pub label: f64,
}

/// One row of a version 2 file.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct PositionRow {
    /// The role whose evaluation this row trains (whose search chose the position).
    pub role: Role,
    /// The game's result from `role`'s view: 1, ½ or 0 (NaN: unknown, `-` in the file).
    pub result: f32,
    /// A search's score from `role`'s view, in the labelling evaluation's units (for
    /// built-in players Σ weight × feature; NaN: none, `-` in the file).
    pub score: f32,
    /// The position in the game's notation (`Game::to_text`).
    pub text: String,
}

fn number(v: f32) -> String {
    if v.is_nan() {
        "-".into()
    } else {
        format!("{v}")
    }
}

/// Writes version 2 `rows` to `path`: the header naming the game, then `comments` (one
/// `# ` line each: how the rows were made), then the rows.
pub fn write_rows<G: Features>(
    path: &Path,
    comments: &[String],
    rows: &[PositionRow],
) -> Result<(), PositionFileError> {
    let io = |source| PositionFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut out = Vec::with_capacity(rows.len() * 48 + 256);
    writeln!(
        out,
        "{HEADER_V2} {} <role> <result> <score> <position>",
        G::NAME
    )
    .map_err(io)?;
    for c in comments {
        // One comment line each, whatever the text holds.
        let c: String = c
            .chars()
            .map(|ch| if ch.is_control() { ' ' } else { ch })
            .collect();
        writeln!(out, "# {c}").map_err(io)?;
    }
    for r in rows {
        let (res, sc) = (number(r.result), number(r.score));
        writeln!(out, "{} {res} {sc} {}", G::ROLES[r.role], r.text).map_err(io)?;
    }
    crate::fsutil::write_atomic(path, &out).map_err(io)
}

/// Writes version 1 `positions` (label from the side to move's view) to `path`.
pub fn write<G: Features>(path: &Path, positions: &[Labelled]) -> Result<(), PositionFileError> {
    let io = |source| PositionFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut out = Vec::with_capacity(positions.len() * 40);
    writeln!(
        out,
        "# weightforge positions: {} <label> <position>",
        G::NAME
    )
    .map_err(io)?;
    for p in positions {
        writeln!(out, "{} {}", p.label, p.text).map_err(io)?;
    }
    crate::fsutil::write_atomic(path, &out).map_err(io)
}

/// The lines of `path` with their numbers (from 1), each at most [`POSITION_LINE`]
/// bytes, valid UTF-8 and trimmed; empty lines dropped, `#` lines kept.
fn lines(path: &Path) -> Result<Vec<(usize, String)>, PositionFileError> {
    let io = |source| PositionFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let file = crate::fsutil::open_input(path).map_err(io)?;
    lines_of(file, path)
}

/// [`lines`] of a reader; `path` names it in errors.
fn lines_of(source: impl Read, path: &Path) -> Result<Vec<(usize, String)>, PositionFileError> {
    let io = |source| PositionFileError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut reader = BufReader::new(source);
    let (mut out, mut buf) = (Vec::new(), Vec::new());
    for n in 1.. {
        buf.clear();
        let max = POSITION_LINE.max + 1;
        let got = (&mut reader)
            .take(max)
            .read_until(b'\n', &mut buf)
            .map_err(io)?;
        if got == 0 {
            break;
        }
        let bad = |message: String| PositionFileError::Line {
            path: path.to_path_buf(),
            line: n,
            message,
        };
        if got as u64 == max && buf.last() != Some(&b'\n') {
            return Err(bad(format!("longer than {} bytes", POSITION_LINE.max)));
        }
        let text = std::str::from_utf8(&buf).map_err(|_| bad("not UTF-8".into()))?;
        let text = text.trim();
        if !text.is_empty() {
            out.push((n, text.to_string()));
        }
    }
    Ok(out)
}

fn field(v: &str, what: &str, range: std::ops::RangeInclusive<f64>) -> Result<f32, String> {
    if v == "-" {
        return Ok(f32::NAN);
    }
    v.parse::<f64>()
        .ok()
        .filter(|x| range.contains(x))
        .map(|x| x as f32)
        .ok_or_else(|| format!("{what} {v:?}: expected `-` or a number in {range:?}"))
}

/// Parses one version 2 row.
fn parse_v2<G: Features>(line: &str) -> Result<(G, PositionRow), String> {
    let mut it = line.splitn(4, char::is_whitespace);
    let (Some(role), Some(result), Some(score), Some(text)) =
        (it.next(), it.next(), it.next(), it.next())
    else {
        return Err("expected `<role> <result> <score> <position>`".into());
    };
    let role = G::ROLES
        .iter()
        .position(|r| *r == role)
        .ok_or_else(|| format!("role {role:?}: expected one of {}", G::ROLES.join(", ")))?;
    let result = field(result, "result", 0.0..=1.0)?;
    let score = field(score, "score", -1e12..=1e12)?;
    let row = PositionRow {
        role,
        result,
        score,
        text: text.trim().to_string(),
    };
    Ok((check_row::<G>(&row)?, row))
}

/// Checks a row from outside (a file's line, a datagen checkpoint's row) and returns
/// its position: a role of `G`, a result from 0 to 1 (or unknown), a score within
/// ±10^12 (or none), and a one-line position text of `G` that play can reach. Every
/// reader of rows goes through here, so a row that would panic, inject a line or
/// teach a position no game meets is refused where it enters.
pub fn check_row<G: Features>(row: &PositionRow) -> Result<G, String> {
    if row.role >= G::ROLES.len() {
        let roles = G::ROLES.join(", ");
        return Err(format!(
            "role {}: {} has the roles {roles}",
            row.role,
            G::NAME
        ));
    }
    if !(row.result.is_nan() || (0.0..=1.0).contains(&row.result)) {
        let r = row.result;
        return Err(format!(
            "result {r}: expected a number from 0 to 1, or `-` (unknown)"
        ));
    }
    if !(row.score.is_nan() || f64::from(row.score).abs() <= 1e12) {
        return Err(format!(
            "score {}: expected `-` or a number within ±1e12",
            row.score
        ));
    }
    let text = &row.text;
    if text.len() > POSITION_LINE.max as usize || text.contains(|c: char| c.is_control()) {
        let m = format!(
            "a position is one line of at most {} bytes",
            POSITION_LINE.max
        );
        return Err(m);
    }
    let pos = G::parse(text).map_err(|e| e.to_string())?;
    match pos.unreachable() {
        Some(why) => Err(format!("position {text:?}: {why}")),
        None => Ok(pos),
    }
}

/// Parses one version 1 line into the rows of both roles.
fn parse_v1<G: Features>(line: &str) -> Result<(G, [PositionRow; 2]), String> {
    let (label, text) = line
        .split_once(char::is_whitespace)
        .ok_or("expected `<label> <position>`")?;
    let label = field(label, "label", 0.0..=1.0)?;
    if label.is_nan() {
        return Err("label `-`: a version 1 file needs a number from 0 to 1".into());
    }
    let text = text.trim();
    let pos = G::parse(text).map_err(|e| e.to_string())?;
    if let Some(why) = pos.unreachable() {
        return Err(format!("position {text:?}: {why}"));
    }
    let mover = pos.side_to_move();
    let row = |role: Role| PositionRow {
        role,
        result: if role == mover { label } else { 1.0 - label },
        score: f32::NAN,
        text: text.to_string(),
    };
    Ok((pos, [row(0), row(1)]))
}

/// A position file as read: its rows with their positions, and its comments.
#[derive(Clone, Debug)]
pub struct PositionFile<G> {
    /// The rows, each with its parsed position, in file order.
    pub rows: Vec<(G, PositionRow)>,
    /// The `#` comment lines after the header, without the `#`.
    pub comments: Vec<String>,
    /// The file's version: 1 (a row for both roles per position) or 2.
    pub version: u32,
}

/// Reads a position file of either version for game `G`.
pub fn read_rows<G: Features>(path: &Path) -> Result<PositionFile<G>, PositionFileError> {
    rows_of(lines(path)?, path)
}

/// Reads a position file's `text` (one built into the tool); `origin` names it in
/// errors.
pub fn parse_rows<G: Features>(
    text: &str,
    origin: &Path,
) -> Result<PositionFile<G>, PositionFileError> {
    rows_of(lines_of(text.as_bytes(), origin)?, origin)
}

fn rows_of<G: Features>(
    all: Vec<(usize, String)>,
    path: &Path,
) -> Result<PositionFile<G>, PositionFileError> {
    let v2 = all.first().is_some_and(|(_, l)| l.starts_with(HEADER_V2));
    if let Some((n, l)) = all.first().filter(|_| v2) {
        let game = l[HEADER_V2.len()..].split_whitespace().next().unwrap_or("");
        if game != G::NAME {
            return Err(PositionFileError::Line {
                path: path.to_path_buf(),
                line: *n,
                message: format!("positions of {game:?}, expected {}", G::NAME),
            });
        }
    }
    let (mut rows, mut comments) = (Vec::new(), Vec::new());
    for (n, line) in all.iter().skip(usize::from(v2)) {
        if let Some(c) = line.strip_prefix('#') {
            comments.push(c.trim().to_string());
            continue;
        }
        let bad = |message: String| PositionFileError::Line {
            path: path.to_path_buf(),
            line: *n,
            message,
        };
        if v2 {
            rows.push(parse_v2::<G>(line).map_err(bad)?);
        } else {
            let (pos, both) = parse_v1::<G>(line).map_err(bad)?;
            rows.extend(both.map(|r| (pos.clone(), r)));
        }
    }
    Ok(PositionFile {
        rows,
        comments,
        version: if v2 { 2 } else { 1 },
    })
}

/// One row of a position file as a fit takes it ([`fit_rows`]): a row of the file, or
/// a version 2 row seen from the other role.
#[derive(Clone, Copy, Debug)]
pub struct FitRow<'a, G> {
    /// The row's position.
    pub pos: &'a G,
    /// The role whose evaluation the row trains.
    pub role: Role,
    /// The game's result from `role`'s view (NaN: unknown).
    pub result: f32,
    /// A search's score from `role`'s view (NaN: none).
    pub score: f32,
    /// The position in the game's notation.
    pub text: &'a str,
}

impl<G> FitRow<'_, G> {
    /// The row as a file would write it.
    pub fn to_row(&self) -> PositionRow {
        PositionRow {
            role: self.role,
            result: self.result,
            score: self.score,
            text: self.text.to_string(),
        }
    }
}

/// The rows of `file` as `rows` says, in file order: `None` as the file gives them;
/// [`Rows::PerRole`] a version 2 row under its own role and a version 1 position under
/// its side to move only; [`Rows::Both`] every position under both roles (a version 2
/// row also trains the other role, with the result from its view and the score negated:
/// the zero-sum fit; that row comes first).
pub fn fit_rows<G: Features>(
    file: &PositionFile<G>,
    rows: Option<Rows>,
) -> impl Iterator<Item = FitRow<'_, G>> {
    file.rows.iter().flat_map(move |(pos, row)| {
        let other = (rows == Some(Rows::Both) && file.version == 2).then(|| FitRow {
            pos,
            role: 1 - row.role,
            result: 1.0 - row.result,
            score: -row.score,
            text: &row.text,
        });
        let own =
            (rows != Some(Rows::PerRole) || file.version != 1 || row.role == pos.side_to_move())
                .then(|| FitRow {
                    pos,
                    role: row.role,
                    result: row.result,
                    score: row.score,
                    text: &row.text,
                });
        other.into_iter().chain(own)
    })
}

/// Reads a position file for game `G` into feature rows, each row under its own role
/// (a version 1 position gives one row per role).
pub fn read<G: Features>(path: &Path) -> Result<Samples, PositionFileError> {
    read_as::<G>(path, None)
}

/// Reads a position file for game `G` into feature rows as `rows` says ([`fit_rows`]).
pub fn read_as<G: Features>(path: &Path, rows: Option<Rows>) -> Result<Samples, PositionFileError> {
    let file = read_rows::<G>(path)?;
    let mut samples = Samples::new(G::feature_info().len());
    let mut buf = vec![0.0; samples.width];
    for r in fit_rows(&file, rows) {
        r.pos.features(r.role, &mut buf);
        samples.push_row(r.role, &buf, r.result, r.score);
    }
    Ok(samples)
}
