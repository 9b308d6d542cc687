//! A genome as a self-contained Python module (`weightforge export --format python`): the
//! game's feature code (its `features.py`, [`GameEntry::PYTHON_FEATURES`]), the weights
//! per role named by feature, and `evaluate(board, role, to_move=None)` /
//! `evaluate_text(text, role)`, which return exactly the value weightforge's search
//! computes for the genome ([`crate::eval::Evaluator::value`]).
//!
//! Exactness: the search multiplies `f32` weights by `f32` features and sums the products
//! in `f64`, in feature order. The module holds the weights already rounded to `f32`
//! (written as the `f64` that `f32` is), each game's `features.py` returns the same
//! `f32` values as its `features.rs`, a product of two `f32` is exact in a Python float,
//! and the sum is written out left to right in feature order (not `sum()`, which Python
//! 3.12 compensates): the same additions in the same order, so the same `f64`.
//!
//! A game's `features.py` defines `ROLES`, `FEATURE_NAMES`, `parse_text(text)` (the
//! position notation), `from_board(board, to_move)` (the course's board) and
//! `features(pos, role)`, and for table genomes `cell_contents(pos)` (the cells in the
//! order of the game's cell board); see `docs/adding-a-game.md`. A genome's tables are
//! written by [`crate::python_tables`]: integers summed exactly, divided once, added to
//! the hand value as the search adds them.

use crate::game::GameEntry;
use crate::genome::Genome;
use crate::python_tables::table_code;
use crate::source_text::{finite, python_float, python_identifier, python_string, SourceError};

/// A genome that cannot be written as a Python module.
#[derive(Debug, thiserror::Error)]
pub enum PythonExportError {
    /// The game has no Python feature code yet.
    #[error("{game}: no Python version of its features yet (src/games/{game}/features.py); export it as json, toml, ron or lines")]
    NoFeatureCode {
        /// The game.
        game: &'static str,
    },
    /// The genome carries table families and the game's Python code cannot read a
    /// position's cells: its value would differ from weightforge's, so it is refused
    /// rather than written wrong.
    #[error("{genome}: a table genome (families {families}), and {game}'s Python code has no cell_contents yet, so the module could not compute its tables. Export it as json (cells and contents of every table weight) or ron")]
    Tables {
        /// The genome's name.
        genome: String,
        /// The game.
        game: &'static str,
        /// Its families, comma-separated.
        families: String,
    },
    /// A name or weight cannot be written.
    #[error(transparent)]
    Source(#[from] SourceError),
}

/// The Python module of `genome`, a genome of game `G`.
pub fn python_module<G: GameEntry>(genome: &Genome) -> Result<String, PythonExportError> {
    let code = G::PYTHON_FEATURES.ok_or(PythonExportError::NoFeatureCode { game: G::NAME })?;
    if let Some(t) = &genome.tables {
        if !code.contains("\ndef cell_contents(") {
            return Err(PythonExportError::Tables {
                genome: genome.name.clone(),
                game: G::NAME,
                families: t.layout.family_names().join(","),
            });
        }
    }
    let names: Vec<&str> = G::feature_info().iter().map(|f| f.name).collect();
    for name in names.iter().chain(G::ROLES.iter()) {
        python_identifier(name)?;
    }
    let mut out = header::<G>(genome);
    out.push_str(code.trim_end());
    out.push_str("\n\n\n# --- The genome's weights and the evaluation -----------------------------------\n\n");
    out.push_str(&format!(
        "_EXPECTED_FEATURES = ({})\nif FEATURE_NAMES != _EXPECTED_FEATURES or ROLES != ({}):\n    \
         raise ImportError(\"the feature code does not match the features of the weights\")\n\n",
        tuple_items(&names),
        tuple_items(&G::ROLES),
    ));
    out.push_str(&weights_dict::<G>(genome, &names)?);
    for (r, role) in G::ROLES.iter().enumerate() {
        out.push_str(&hand_function(role, &genome.weights[r], &names)?);
    }
    if let Some(t) = &genome.tables {
        out.push_str(&table_code(t, &G::ROLES));
    }
    for role in G::ROLES {
        out.push_str(&value_function(role, genome.tables.is_some()));
    }
    out.push_str(&format!(
        "_VALUES = {{{}}}\n",
        G::ROLES
            .iter()
            .map(|r| format!("{}: _value_{r}", python_string(r)))
            .collect::<Vec<_>>()
            .join(", ")
    ));
    out.push_str(ENTRY_POINTS);
    Ok(out)
}

/// The module's docstring and the genome's identity, as quoted strings.
fn header<G: GameEntry>(genome: &Genome) -> String {
    format!(
        "\"\"\"weightforge's evaluation of one genome for {game}, as plain Python.\n\n\
         Written by `weightforge export --format python` (weightforge {version}); standard\n\
         library only. Use:\n\n    \
         evaluate(board, role)        # board: the course's board; role: one of ROLES\n    \
         evaluate(board, role, to_move=other_role)\n    \
         evaluate_text(text, role)    # text: a position in weightforge's notation\n\n\
         Both return the genome's value of the position for `role` (higher is better for\n\
         `role`): exactly the value weightforge's search gives it before its x100 scale.\n\
         \"\"\"\n\n\
         GAME = {game_q}\nGENOME_NAME = {name}\nGENOME_SOURCE = {source}\n\n",
        game = G::NAME,
        version = env!("CARGO_PKG_VERSION"),
        game_q = python_string(G::NAME),
        name = python_string(&genome.name),
        source = python_string(&genome.provenance.source),
    )
}

/// `"a", "b", ` as the items of a Python tuple (a trailing comma keeps one item a tuple).
fn tuple_items(names: &[&str]) -> String {
    names
        .iter()
        .map(|n| format!("{}, ", python_string(n)))
        .collect::<String>()
        .trim_end()
        .to_string()
}

/// `WEIGHTS = {role: {feature: weight}}`, each weight the `f32` the search uses.
fn weights_dict<G: GameEntry>(genome: &Genome, names: &[&str]) -> Result<String, SourceError> {
    let mut out = String::from("# The weights the search multiplies (each rounded to a 32-bit float, as it does).\nWEIGHTS = {\n");
    for (r, role) in G::ROLES.iter().enumerate() {
        out.push_str(&format!("    {}: {{\n", python_string(role)));
        for (name, &w) in names.iter().zip(&genome.weights[r]) {
            let w = finite(&format!("{role}:{name}"), w)?;
            out.push_str(&format!(
                "        {}: {},\n",
                python_string(name),
                python_float(f64::from(w as f32))
            ));
        }
        out.push_str("    },\n");
    }
    out.push_str("}\n\n");
    Ok(out)
}

/// `def _hand_<role>(f): return w0 * f[0] + w1 * f[1] + ...`: the products summed left
/// to right in feature order, as the search sums them.
fn hand_function(role: &str, weights: &[f64], names: &[&str]) -> Result<String, SourceError> {
    let mut terms = Vec::with_capacity(weights.len());
    for (i, (&w, name)) in weights.iter().zip(names).enumerate() {
        let w = finite(&format!("{role}:{name}"), w)?;
        terms.push(format!("{} * f[{i}]", python_float(f64::from(w as f32))));
    }
    let body = if terms.is_empty() {
        "0.0".to_string()
    } else {
        terms.join("\n            + ")
    };
    Ok(format!("\ndef _hand_{role}(f):\n    return ({body})\n\n"))
}

/// `def _value_<role>(pos)`: the hand features' value, plus the tables' integer sum in
/// evaluation units when the genome has tables (the search's own order of additions).
fn value_function(role: &str, tables: bool) -> String {
    let q = python_string(role);
    let tables = if tables {
        format!(" + _tables_{role}(cell_contents(pos)) / _TABLE_UNITS")
    } else {
        String::new()
    };
    format!("\ndef _value_{role}(pos):\n    return _hand_{role}(features(pos, {q})){tables}\n\n")
}

/// `evaluate` and `evaluate_text`, the same for every game.
const ENTRY_POINTS: &str = r#"

def _value_of(role):
    try:
        return _VALUES[role]
    except (KeyError, TypeError):
        raise ValueError(f"role must be one of {ROLES}, not {role!r}") from None


def evaluate(board, role, to_move=None):
    """The genome's value of the course's `board` for `role` (higher is better for
    `role`). `to_move`: the side to move on `board` (default: `role`); at a fixed search
    depth every leaf has the same side to move, so the default changes no move."""
    value = _value_of(role)
    return value(from_board(board, role if to_move is None else to_move))


def evaluate_text(text, role):
    """The genome's value for `role` of a position in weightforge's notation (the text
    `weightforge engine` reads after `position`)."""
    return _value_of(role)(parse_text(text))
"#;
