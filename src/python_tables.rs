//! A genome's table families as Python code, for its module ([`crate::python_module`]):
//! per role, every raw entry's weight as the integer the search adds (`1 / TABLE_QUANTUM`
//! of a score point, [`quantise`]), the tuples one after another, and a function that
//! sums each tuple's active entry for the cells `cell_contents(pos)` returns (the game's
//! `features.py`). The sum is an integer, as in the accumulator, so the module's value
//! `hand + sum / (TABLE_QUANTUM × EVAL_SCALE)` is the search's own
//! ([`crate::eval::Evaluator::value`]). Tuples whose entries are all 0 add nothing and
//! are left out of the function.

use crate::tables::accumulator::quantise;
use crate::tables::{GenomeTables, TableLayout};
use crate::tunables::{EVAL_SCALE, TABLE_QUANTUM};

/// The integers per raw entry written on one line of the module.
const PER_LINE: usize = 16;

/// The Python code of `tables` for the roles `roles` (the genome's weight sets, in
/// order): `_TABLE_UNITS`, and per role `_T_<role>` and `_tables_<role>(x)`.
pub fn table_code(tables: &GenomeTables, roles: &[&str]) -> String {
    let layout = &*tables.layout;
    let mut out = format!(
        "\n# --- The table families ({}) -------------------------------------------\n\
         # Per role, each raw entry's weight in 1/{units} of an evaluation unit (the integers\n\
         # the search adds), tuple after tuple; a tuple's entry is indexed by its cells'\n\
         # contents (cell_contents), the first cell the lowest digit in base {base}.\n\n\
         _TABLE_UNITS = {units:?}\n",
        layout.family_names().join(", "),
        units = TABLE_QUANTUM * EVAL_SCALE,
        base = layout.base,
    );
    for (r, role) in roles.iter().enumerate() {
        let raw: Vec<i32> = layout
            .raw_to_stored
            .iter()
            .map(|&s| quantise(tables.weights[r][s as usize]))
            .collect();
        out.push_str(&raw_list(role, &raw));
        out.push_str(&sum_function(role, layout, &raw));
    }
    out
}

/// `_T_<role> = [ ... ]`, `PER_LINE` integers a line.
fn raw_list(role: &str, raw: &[i32]) -> String {
    let mut out = format!("\n_T_{role} = [\n");
    for line in raw.chunks(PER_LINE) {
        let items: Vec<String> = line.iter().map(i32::to_string).collect();
        out.push_str(&format!("    {},\n", items.join(", ")));
    }
    out.push_str("]\n");
    out
}

/// `def _tables_<role>(x, T=_T_<role>)`: the sum of every tuple's active entry, one
/// term a tuple (unrolled: CPython runs it faster than a loop over the tuples).
fn sum_function(role: &str, layout: &TableLayout, raw: &[i32]) -> String {
    let mut terms = Vec::new();
    for (t, tuple) in layout.tuples.iter().enumerate() {
        let start = layout.tuple_offset[t] as usize;
        let len = (layout.base as usize).pow(tuple.len() as u32);
        if raw[start..start + len].iter().all(|&w| w == 0) {
            continue;
        }
        let mut index = vec![start.to_string()];
        let mut place = 1u32;
        for &cell in tuple {
            index.push(match place {
                1 => format!("x[{cell}]"),
                p => format!("{p} * x[{cell}]"),
            });
            place *= layout.base;
        }
        terms.push(format!("T[{}]", index.join(" + ")));
    }
    let body = if terms.is_empty() {
        "0".to_string()
    } else {
        terms.join("\n            + ")
    };
    format!("\n\ndef _tables_{role}(x, T=_T_{role}):\n    return ({body})\n\n")
}
