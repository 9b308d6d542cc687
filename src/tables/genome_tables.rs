//! A genome's tables: the families it carries and each role's stored weights, and their
//! form in a genome file, `tables: {role: {family: {entry: weight}}}`.
//!
//! A family listed under any role is carried by both (an empty map carries it with
//! zeros); entries not listed weigh 0. Names are checked: an entry the board's symmetry
//! ties to another must be written under the stored one's name, and the error says
//! which.

use std::collections::BTreeMap;
use std::sync::Arc;

use super::layout::TableLayout;
use crate::game::Features;
use crate::tunables::MAX_TABLE_WEIGHT;

/// Role name → family name → entry name → weight, as written in a genome file.
pub type TablesFile = BTreeMap<String, BTreeMap<String, BTreeMap<String, f64>>>;

/// A genome's tables checked against its game.
#[derive(Clone, Debug, PartialEq)]
pub struct GenomeTables {
    /// The families carried.
    pub layout: Arc<TableLayout>,
    /// Per role: one weight per stored entry, in evaluation units.
    pub weights: [Vec<f64>; 2],
}

/// A field of a genome file's `tables` that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{field}: {message}")]
pub struct TableFieldError {
    /// The field, e.g. `tables.wolves.psqt.22=W`.
    pub field: String,
    /// What is wrong.
    pub message: String,
}

fn field_error(field: String, message: String) -> TableFieldError {
    TableFieldError { field, message }
}

impl GenomeTables {
    /// Tables for `layout`, every weight 0.
    pub fn zeros(layout: Arc<TableLayout>) -> Self {
        let n = layout.len();
        GenomeTables {
            layout,
            weights: [vec![0.0; n], vec![0.0; n]],
        }
    }

    /// Reads a genome file's `tables` for game `G`; `None` when it carries none.
    pub fn from_file<G: Features>(file: &TablesFile) -> Result<Option<Self>, TableFieldError> {
        if file.values().all(|families| families.is_empty()) {
            return Ok(None);
        }
        let mut names: Vec<&str> = Vec::new();
        for (role, families) in file {
            if !G::ROLES.contains(&role.as_str()) {
                let roles = G::ROLES;
                let message = format!("{} has no role {role:?}; its roles are {roles:?}", G::NAME);
                return Err(field_error(format!("tables.{role}"), message));
            }
            names.extend(families.keys().map(String::as_str));
        }
        let layout = TableLayout::new::<G>(&names)
            .map_err(|e| field_error(format!("tables.*.{}", e.name), e.to_string()))?;
        let mut tables = GenomeTables::zeros(Arc::new(layout));
        for (r, role) in G::ROLES.iter().enumerate() {
            for (family, entries) in file.get(*role).into_iter().flatten() {
                tables.read_family(r, role, family, entries)?;
            }
        }
        Ok(Some(tables))
    }

    fn read_family(
        &mut self,
        r: usize,
        role: &str,
        family: &str,
        entries: &BTreeMap<String, f64>,
    ) -> Result<(), TableFieldError> {
        let l = &self.layout;
        let fi = l.families.iter().position(|f| f.name == family);
        let fi = fi.expect("the layout carries every family named");
        for (entry, &w) in entries {
            let field = format!("tables.{role}.{family}.{entry}");
            let Some(s) = l.entry(fi, entry) else {
                let message = match l.stored_name_of(fi, entry) {
                    Some(stored) => format!(
                        "the board's symmetry ties this entry to {stored:?}: write its weight \
                         under that name"
                    ),
                    None => format!(
                        "no entry {entry:?} in {family} (an entry is written `cells=contents`, \
                         e.g. {:?})",
                        l.names[l.families[fi].stored.start]
                    ),
                };
                return Err(field_error(field, message));
            };
            if !w.is_finite() || w.abs() > MAX_TABLE_WEIGHT {
                let message = format!("{w} is not a finite number within ±{MAX_TABLE_WEIGHT}");
                return Err(field_error(field, message));
            }
            self.weights[r][s] = w;
        }
        Ok(())
    }

    /// The file form: every family of the layout under each role, with its non-zero
    /// weights.
    pub fn to_file<G: Features>(&self) -> TablesFile {
        let mut file = TablesFile::new();
        for (r, role) in G::ROLES.iter().enumerate() {
            let mut families = BTreeMap::new();
            for f in &self.layout.families {
                let entries: BTreeMap<String, f64> = f
                    .stored
                    .clone()
                    .filter(|&s| self.weights[r][s] != 0.0)
                    .map(|s| (self.layout.names[s].clone(), self.weights[r][s]))
                    .collect();
                families.insert(f.name.to_string(), entries);
            }
            file.insert(role.to_string(), families);
        }
        file
    }
}
