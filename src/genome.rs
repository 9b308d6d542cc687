//! Genomes: a player's evaluation weights per role, its search settings and where it
//! came from, stored as RON.
//!
//! ```ron
//! (
//!     game: "wolves_sheep",
//!     name: "li2023",
//!     weights: {
//!         "wolves": {"sheep_eaten": 10.0, "trapped_wolves": -50.0, ...},
//!         "sheep": {...},
//!     },
//!     search: (depth: {"wolves": 8, "sheep": 8}, random_ties: true),
//!     provenance: (source: "LI Xiao Yang, CS4386 report (2023)"),
//! )
//! ```
//!
//! On disk a genome names its features ([`GenomeFile`]); once checked against its game it
//! is a [`Genome`] with one weight vector per role in the game's feature order. Every
//! feature of every role must be given, and nothing else: a file written for an older
//! feature set fails loudly instead of playing with silent zeros.

use std::collections::BTreeMap;
use std::path::Path;
use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::game::{Features, Role};
use crate::limits::{self, Count};
use crate::ronfile::{self, FileError};
use crate::tables::{GenomeTables, TablesFile};

/// A genome as written in a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenomeFile {
    /// The game these weights are for.
    pub game: String,
    /// A short name for tables and reports.
    #[serde(default)]
    pub name: String,
    /// Role name → feature name → weight.
    pub weights: BTreeMap<String, BTreeMap<String, f64>>,
    /// Role name → table family → entry → weight (`src/tables/`): the families the
    /// genome carries and their non-zero weights.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub tables: TablesFile,
    /// How the player searches.
    pub search: SearchFile,
    /// Where the genome came from.
    #[serde(default)]
    pub provenance: Provenance,
}

/// Search settings as written in a file.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchFile {
    /// Role name → search depth in plies when playing that role.
    pub depth: BTreeMap<String, u32>,
    /// A node budget per move (the search stops at whichever limit comes first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Choose at random among equally scored best moves.
    #[serde(default = "default_true")]
    pub random_ties: bool,
    /// Transposition table size, `2^tt_bits` entries.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tt_bits: Option<u8>,
    /// Imitate the War of Life coursework's Prolog minimax: never choose a move that
    /// leaves the opponent no reply, and have no move when every move does (see
    /// `SearchOptions::no_reply_fails`).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub no_reply_fails: bool,
    /// Plies of tactical moves searched beyond the depth (see
    /// `SearchOptions::quiescence`).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub quiescence: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// The playing part of a genome file, without its provenance: what `weightforge export`
/// writes for other front ends.
#[derive(Debug, Serialize)]
pub struct PlayingFile<'a> {
    /// The game.
    pub game: &'a str,
    /// The genome's name.
    pub name: &'a str,
    /// Role name → feature name → weight.
    pub weights: &'a BTreeMap<String, BTreeMap<String, f64>>,
    /// Role name → table family → entry (`cells=contents`) → weight; entries not listed
    /// weigh 0.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub tables: &'a TablesFile,
    /// How the player searches.
    pub search: &'a SearchFile,
}

impl GenomeFile {
    /// The file without its provenance.
    pub fn playing(&self) -> PlayingFile<'_> {
        PlayingFile {
            game: &self.game,
            name: &self.name,
            weights: &self.weights,
            tables: &self.tables,
            search: &self.search,
        }
    }
}

fn default_true() -> bool {
    true
}

/// Where a genome came from, and what it was measured to be worth.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Provenance {
    /// Who or what made it (a report, a tuning run).
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub source: String,
    /// Free text.
    #[serde(default, skip_serializing_if = "String::is_empty")]
    pub notes: String,
    /// The experiment file of the run that produced it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub experiment: Option<String>,
    /// The run seed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The tuning algorithm.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub algorithm: Option<String>,
    /// The generation it was taken from.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub generation: Option<u32>,
    /// Training games played by the whole run.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub games: Option<u64>,
    /// Validation matches on openings not used in training.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub validation: Vec<Validation>,
    /// Set by a tuning run whose result is not better than its start: why, for
    /// `weightforge export` to warn before anyone pastes it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub warning: Option<String>,
}

/// One validation match result.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Validation {
    /// The opponent.
    pub opponent: String,
    /// Games played.
    pub games: u64,
    /// Wins, draws and losses of this genome.
    pub wins: u64,
    /// Draws.
    pub draws: u64,
    /// Losses.
    pub losses: u64,
    /// Elo difference (positive: this genome is stronger).
    pub elo: f64,
    /// Half-width of the 95 % interval.
    pub elo_95: f64,
    /// Likelihood of superiority, percent.
    pub los: f64,
}

/// A genome checked against its game.
#[derive(Clone, Debug, PartialEq)]
pub struct Genome {
    /// The game's name.
    pub game: String,
    /// Short name.
    pub name: String,
    /// One weight per feature, per role.
    pub weights: [Vec<f64>; 2],
    /// The table families it carries and their weights, if any.
    pub tables: Option<Arc<GenomeTables>>,
    /// Search depth per role.
    pub depth: [u32; 2],
    /// Node budget per move.
    pub nodes: Option<u64>,
    /// Random choice among equal best moves.
    pub random_ties: bool,
    /// Transposition table bits.
    pub tt_bits: Option<u8>,
    /// Never choose a move that leaves the opponent no reply (the coursework's Prolog
    /// minimax).
    pub no_reply_fails: bool,
    /// Plies of tactical moves searched beyond the depth.
    pub quiescence: u32,
    /// Where it came from.
    pub provenance: Provenance,
}

/// A genome file that cannot be used.
pub type GenomeError = FileError;

impl Genome {
    /// Reads and checks a genome file for game `G`.
    pub fn load<G: Features>(path: &Path) -> Result<Self, GenomeError> {
        Self::parse::<G>(&ronfile::read_genome(path)?, &path.display().to_string())
    }

    /// Parses and checks genome text; `origin` names it in errors.
    pub fn parse<G: Features>(text: &str, origin: &str) -> Result<Self, GenomeError> {
        Self::from_file::<G>(ronfile::parse(text, origin)?, origin)
    }

    /// Checks a parsed genome file against game `G`.
    pub fn from_file<G: Features>(file: GenomeFile, origin: &str) -> Result<Self, GenomeError> {
        let field_err = |field: String, message: String| FileError::field(origin, field, message);
        if file.game != G::NAME {
            return Err(field_err(
                "game".into(),
                format!("this genome is for {:?}, expected {:?}", file.game, G::NAME),
            ));
        }
        let roles = G::ROLES;
        for role in file.weights.keys() {
            if !roles.contains(&role.as_str()) {
                return Err(field_err(
                    format!("weights.{role}"),
                    format!("{} has no role {role:?}; its roles are {roles:?}", G::NAME),
                ));
            }
        }
        let weights = check_weights::<G>(&file.weights, &field_err)?;
        let tables = GenomeTables::from_file::<G>(&file.tables)
            .map_err(|e| field_err(e.field, e.message))?
            .map(Arc::new);
        let depth = check_search::<G>(&file.search, &field_err)?;
        let search = &file.search;
        Ok(Genome {
            game: file.game,
            name: file.name,
            weights,
            tables,
            depth,
            nodes: search.nodes,
            random_ties: search.random_ties,
            tt_bits: search.tt_bits,
            no_reply_fails: search.no_reply_fails,
            quiescence: search.quiescence,
            provenance: file.provenance,
        })
    }

    /// The file form of this genome, for game `G`.
    pub fn to_file<G: Features>(&self) -> GenomeFile {
        let features = G::feature_info();
        let mut weights = BTreeMap::new();
        let mut depth = BTreeMap::new();
        for (r, role) in G::ROLES.iter().enumerate() {
            let map: BTreeMap<String, f64> = features
                .iter()
                .zip(&self.weights[r])
                .map(|(f, &w)| (f.name.to_string(), w))
                .collect();
            weights.insert(role.to_string(), map);
            depth.insert(role.to_string(), self.depth[r]);
        }
        GenomeFile {
            game: self.game.clone(),
            name: self.name.clone(),
            weights,
            tables: self
                .tables
                .as_ref()
                .map(|t| t.to_file::<G>())
                .unwrap_or_default(),
            search: SearchFile {
                depth,
                nodes: self.nodes,
                random_ties: self.random_ties,
                tt_bits: self.tt_bits,
                no_reply_fails: self.no_reply_fails,
                quiescence: self.quiescence,
            },
            provenance: self.provenance.clone(),
        }
    }

    /// The genome as RON text.
    pub fn to_ron<G: Features>(&self) -> String {
        ronfile::to_string(&self.to_file::<G>())
    }

    /// Writes the genome atomically (temporary file, flush, rename).
    pub fn save<G: Features>(&self, path: &Path) -> Result<(), GenomeError> {
        let mut text = self.to_ron::<G>();
        text.push('\n');
        crate::fsutil::write_atomic(path, text.as_bytes())
            .map_err(|source| FileError::io(path, source))
    }

    /// The search depth when playing `role`.
    pub fn depth_for(&self, role: Role) -> u32 {
        self.depth[role]
    }
}

/// Turns a field name and a message into the genome file's error.
type FieldErr<'a> = dyn Fn(String, String) -> GenomeError + 'a;

/// Each role's weights in the game's feature order: every feature given, nothing else,
/// all finite and within [`crate::limits::GENOME_WEIGHT`].
fn check_weights<G: Features>(
    given_weights: &BTreeMap<String, BTreeMap<String, f64>>,
    field_err: &FieldErr,
) -> Result<[Vec<f64>; 2], GenomeError> {
    let roles = G::ROLES;
    let features = G::feature_info();
    let mut weights: [Vec<f64>; 2] = Default::default();
    for (r, role) in roles.iter().enumerate() {
        let given = given_weights.get(*role).ok_or_else(|| {
            field_err(
                "weights".into(),
                format!("missing weights for role {role:?}"),
            )
        })?;
        for name in given.keys() {
            if !features.iter().any(|f| f.name == name) {
                let known: Vec<&str> = features.iter().map(|f| f.name).collect();
                return Err(field_err(
                    format!("weights.{role}.{name}"),
                    format!(
                        "{} has no feature {name:?}; known: {}",
                        G::NAME,
                        known.join(", ")
                    ),
                ));
            }
        }
        let missing: Vec<&str> = features
            .iter()
            .map(|f| f.name)
            .filter(|n| !given.contains_key(*n))
            .collect();
        if !missing.is_empty() {
            return Err(field_err(
                format!("weights.{role}"),
                format!(
                    "missing weights for: {} (write 0.0 for an unused feature)",
                    missing.join(", ")
                ),
            ));
        }
        for f in features {
            let w = given[f.name];
            crate::limits::GENOME_WEIGHT
                .check(w)
                .map_err(|e| field_err(format!("weights.{role}.{}", f.name), e.to_string()))?;
            weights[r].push(w);
        }
    }

    Ok(weights)
}

/// Each role's search depth, and the other search settings within their
/// [`limits`].
fn check_search<G: Features>(
    search: &SearchFile,
    field_err: &FieldErr,
) -> Result<[u32; 2], GenomeError> {
    let within = |field: &str, v: u64, limit: &Count| {
        limit
            .check(v)
            .map_err(|e| field_err(field.to_string(), e.to_string()))
    };
    let roles = G::ROLES;
    let mut depth = [0u32; 2];
    for role in search.depth.keys() {
        if !roles.contains(&role.as_str()) {
            return Err(field_err(
                format!("search.depth.{role}"),
                format!("{} has no role {role:?}; its roles are {roles:?}", G::NAME),
            ));
        }
    }
    for (r, role) in roles.iter().enumerate() {
        let d = *search.depth.get(*role).ok_or_else(|| {
            field_err(
                "search.depth".into(),
                format!("missing the search depth for role {role:?}"),
            )
        })?;
        within(&format!("search.depth.{role}"), d.into(), &limits::DEPTH)?;
        depth[r] = d;
    }
    within(
        "search.quiescence",
        search.quiescence.into(),
        &limits::QUIESCENCE,
    )?;
    if let Some(n) = search.nodes {
        within("search.nodes", n, &limits::NODES)?;
    }
    if let Some(bits) = search.tt_bits {
        within("search.tt_bits", bits.into(), &limits::TT_BITS)?;
        // Every thread's players allocate a table this size (the pool is sized before
        // any genome is read).
        let threads = rayon::current_num_threads() as u64;
        limits::check_search_tables(threads, bits)
            .map_err(|e| field_err("search.tt_bits".into(), e.to_string()))?;
    }
    Ok(depth)
}
