//! Checking an experiment against its game and loading what it names
//! ([`Experiment::resolve`], which makes a [`Resolved`]): one function per section of
//! the file, each failing with the file and the field at fault. The experiment's
//! numbers are bounded first ([`super::bounds`]), its budgets checked with
//! [`super::search_budget`].

use std::sync::Arc;

use super::algorithm::AlgorithmSpec;
use super::experiment::{Experiment, ExperimentError, OpponentSpec};
use super::resolved::{Opponent, Resolved, Target};
use super::search_budget;
use crate::engine::EngineSpec;
use crate::game::Features;
use crate::genome::Genome;
use crate::limits;
use crate::player::PlayerSpec;
use crate::ronfile::FileError;

impl Experiment {
    /// Checks the experiment against game `G` and loads what it names.
    pub fn resolve<G: Features>(&self, origin: &str) -> Result<Resolved, ExperimentError> {
        super::bounds::check(self, origin)?;
        let c = Checker { exp: self, origin };
        c.run_settings::<G>()?;
        c.algorithm()?;
        search_budget::check::<G>(self, origin)?;
        c.position_source::<G>()?;
        let (start, engine) = c.start::<G>()?;
        let (tuned_roles, tuned) = match &engine {
            Some(e) => (vec![0], c.tuned_constants(e)?),
            None => {
                let roles = c.tune_roles::<G>()?;
                let tuned = c.tuned_features::<G>(&roles)?;
                (roles, tuned)
            }
        };
        let opponents = (0..self.opponents.len())
            .map(|i| c.opponent::<G>(i, &start))
            .collect::<Result<Vec<_>, _>>()?;
        let starts = c.starts::<G>()?;
        let target = c.target::<G>(&start)?;
        c.gate()?;
        c.tables::<G>(&start, engine.is_some())?;
        let ply_cap = self.ply_cap.unwrap_or(G::DEFAULT_PLY_CAP);
        if ply_cap == 0 {
            return Err(c.err("ply_cap", "must be at least 1"));
        }
        let resolved = Resolved {
            exp: self.clone(),
            start,
            tuned_roles,
            tuned,
            opponents,
            ply_cap,
            starts,
            engine,
            target,
            tables_fit: None,
        };
        super::bounds::check_phases(&resolved, origin)?;
        Ok(resolved)
    }
}

/// An experiment being checked, and the file it came from.
struct Checker<'a> {
    exp: &'a Experiment,
    origin: &'a str,
}

impl Checker<'_> {
    fn err(&self, field: &str, message: impl Into<String>) -> ExperimentError {
        FileError::field(self.origin, field, message).into()
    }

    fn player<G: Features>(
        &self,
        field: String,
        name: &str,
    ) -> Result<PlayerSpec, ExperimentError> {
        PlayerSpec::resolve::<G>(name).map_err(|source| ExperimentError::Player {
            path: self.origin.to_string(),
            field,
            source,
        })
    }

    /// The game, the run's name and sizes, and the validation section.
    fn run_settings<G: Features>(&self) -> Result<(), ExperimentError> {
        let e = self.exp;
        if e.game != G::NAME {
            return Err(self.err("game", format!("expected {:?}", G::NAME)));
        }
        let name_ok = |c: char| c.is_ascii_alphanumeric() || c == '_' || c == '-';
        if e.name.is_empty() || !e.name.chars().all(name_ok) {
            return Err(self.err(
                "name",
                format!("{:?} must be non-empty letters, digits, '_' or '-'", e.name),
            ));
        }
        if e.generations == 0 {
            return Err(self.err("generations", "must be at least 1"));
        }
        if e.max_games == Some(0) {
            return Err(self.err("max_games", "must be at least 1"));
        }
        if e.pairs_per_opponent == 0 {
            return Err(self.err(
                "pairs_per_opponent",
                "must be at least 1 (zero games measure nothing)",
            ));
        }
        if e.opponents.is_empty() {
            return Err(self.err("opponents", "at least one opponent is needed"));
        }
        if e.validation.pairs == 0 || e.validation.selection_pairs == 0 {
            return Err(self.err("validation", "pairs and selection_pairs must be at least 1"));
        }
        if e.validation.finalists == 0 {
            return Err(self.err("validation.finalists", "must be at least 1"));
        }
        Ok(())
    }

    /// The algorithm's parameters, checked by the algorithm, and what it needs of the
    /// rest of the file: a Texel run without games needs positions from files,
    /// `positions` or `datagen`.
    fn algorithm(&self) -> Result<(), ExperimentError> {
        self.exp
            .algorithm
            .check()
            .map_err(|bad| self.err(&format!("algorithm.{}", bad.field), bad.message))?;
        let made = self.exp.datagen.is_some() || self.exp.positions.is_some();
        match &self.exp.algorithm {
            AlgorithmSpec::Texel(t) if !t.games && t.files.is_empty() && !made => Err(self.err(
                "algorithm.games",
                "without games a generation fits positions alone: name a position file \
                     in `files`, an experiment that makes them in `positions:`, or add \
                     `datagen:`",
            )),
            _ => Ok(()),
        }
    }

    /// What the algorithm's positions need of the rest of the file: result labels for
    /// an engine's positions, and a role of the game to filter by.
    fn position_source<G: Features>(&self) -> Result<(), ExperimentError> {
        if EngineSpec::is_engine(&self.exp.start)
            && self
                .exp
                .algorithm
                .position_source()
                .is_some_and(|s| s.label != crate::fit::label::Label::Result)
        {
            // Checked before the engine is started: search labels need built-in weights.
            return Err(self.err(
                "algorithm.label",
                "an engine's positions are labelled by their games' results: use \
                 `label: Result` (the engine's terms come from its `eval`)",
            ));
        }
        if let Some(name) = self
            .exp
            .algorithm
            .position_source()
            .and_then(|s| s.filter.to_move)
        {
            if !G::ROLES.contains(&name.as_str()) {
                let roles = G::ROLES.join(", ");
                let msg = format!("{name:?} is not a role of {}: one of {roles}", G::NAME);
                return Err(self.err("algorithm.filter.to_move", msg));
            }
        }
        Ok(())
    }

    /// The `tables:` section: a hand genome to start from, families of the game, fit
    /// settings in range, and positions to fit (the `datagen:` stage's or files).
    fn tables<G: Features>(&self, start: &Genome, engine: bool) -> Result<(), ExperimentError> {
        use crate::fit::table_fit::TableFitPlan;
        use crate::tables::TableLayout;
        let Some(t) = &self.exp.tables else {
            return Ok(());
        };
        if matches!(self.exp.algorithm, AlgorithmSpec::Texel(_)) {
            let m = "Texel fits the hand weights as if there were no tables: with `tables:` use \
                     Es, CmaEs or Spsa (the tables stage is the fit; they train on top of it)";
            return Err(self.err("tables", m));
        }
        if engine || start.tables.is_some() {
            let m = "a table fit starts from a hand genome (it keeps the hand weights and adds                      tables): the start is an engine or already has tables";
            return Err(self.err("tables", m));
        }
        let families: Vec<&str> = t.families.iter().map(String::as_str).collect();
        if families.is_empty() && G::cell_board().is_none() {
            let m = format!("{} has no table families (its board is not fixed)", G::NAME);
            return Err(self.err("tables", m));
        }
        if !families.is_empty() {
            TableLayout::new::<G>(&families)
                .map_err(|e| self.err("tables.families", e.to_string()))?;
        }
        let settings = crate::fit::sparse::SparseSettings {
            steps: t.steps,
            rate: t.rate,
            loss: t.loss,
        };
        TableFitPlan::checked(&t.l2, t.held_out, (t.score_weight, t.score_scale), settings)
            .map_err(|e| self.err(&format!("tables.{}", e.field), e.to_string()))?;
        if self.exp.datagen.is_none() && t.files.is_empty() {
            let m = "no positions to fit: add `datagen: (games: N, ..)` or `files` here";
            return Err(self.err("tables", m));
        }
        Ok(())
    }

    /// The start genome, or the start engine and its values as a genome's role 0.
    fn start<G: Features>(&self) -> Result<(Genome, Option<Arc<EngineSpec>>), ExperimentError> {
        match self.player::<G>("start".into(), &self.exp.start)? {
            PlayerSpec::Genome(start) => Ok(((*start).clone(), None)),
            PlayerSpec::Engine(e) if e.weights.is_empty() => {
                Err(self.err("start", "the engine declares no `weight`: nothing to tune"))
            }
            PlayerSpec::Engine(e) => {
                let start = Genome {
                    game: G::NAME.to_string(),
                    name: e.name.clone(),
                    weights: [e.values.clone(), e.values.clone()],
                    tables: None,
                    depth: [1, 1],
                    nodes: None,
                    random_ties: false,
                    tt_bits: None,
                    no_reply_fails: false,
                    quiescence: 0,
                    provenance: Default::default(),
                };
                Ok((start, Some(e)))
            }
            PlayerSpec::Random | PlayerSpec::Perfect(_) => Err(self.err(
                "start",
                "the start must be a genome or an engine, not a built-in player",
            )),
        }
    }

    /// An engine's tuned constants: all it declares but `frozen_features`.
    fn tuned_constants(&self, e: &EngineSpec) -> Result<[Vec<bool>; 2], ExperimentError> {
        let frozen = &self.exp.frozen_features;
        for f in frozen {
            e.weight_index(f)
                .map_err(|err| self.err("frozen_features", err.to_string()))?;
        }
        let tuned: Vec<bool> = e
            .weights
            .iter()
            .map(|w| !frozen.contains(&w.name))
            .collect();
        if !tuned.contains(&true) {
            return Err(self.err(
                "frozen_features",
                "every constant is frozen: nothing to tune",
            ));
        }
        Ok([tuned, vec![false; e.weights.len()]])
    }

    /// The tuned roles, by index, and whether they may share weights.
    fn tune_roles<G: Features>(&self) -> Result<Vec<usize>, ExperimentError> {
        let mut tuned_roles = Vec::new();
        for r in &self.exp.tune_roles {
            let Some(i) = G::ROLES.iter().position(|x| x == r) else {
                return Err(self.err(
                    "tune_roles",
                    format!(
                        "{} has no role {r:?}; its roles are {:?}",
                        G::NAME,
                        G::ROLES
                    ),
                ));
            };
            if !tuned_roles.contains(&i) {
                tuned_roles.push(i);
            }
        }
        if tuned_roles.is_empty() {
            return Err(self.err("tune_roles", "name at least one role to tune"));
        }
        if self.exp.shared_weights && tuned_roles.len() != 2 {
            return Err(self.err(
                "shared_weights",
                "shared weights need both roles in tune_roles",
            ));
        }
        Ok(tuned_roles)
    }

    /// Per role, per feature: is the weight tuned (its role is, and it is not frozen)?
    fn tuned_features<G: Features>(
        &self,
        tuned_roles: &[usize],
    ) -> Result<[Vec<bool>; 2], ExperimentError> {
        let frozen = &self.exp.frozen_features;
        let features = G::feature_info();
        for f in frozen {
            if !features.iter().any(|x| x.name == f) {
                return Err(self.err(
                    "frozen_features",
                    format!("{} has no feature {f:?}", G::NAME),
                ));
            }
        }
        let mut tuned: [Vec<bool>; 2] = Default::default();
        for (r, t) in tuned.iter_mut().enumerate() {
            *t = features
                .iter()
                .map(|f| tuned_roles.contains(&r) && !frozen.iter().any(|x| x == f.name))
                .collect();
        }
        if tuned.iter().all(|t| t.iter().all(|x| !x)) {
            return Err(self.err(
                "frozen_features",
                "every feature is frozen: nothing to tune",
            ));
        }
        Ok(tuned)
    }

    /// Opponent `i`, loaded, with its training and validation search settings.
    fn opponent<G: Features>(&self, i: usize, start: &Genome) -> Result<Opponent, ExperimentError> {
        let o: &OpponentSpec = &self.exp.opponents[i];
        let mut spec = self.player::<G>(format!("opponents[{i}].player"), &o.player)?;
        let (own_depth, own_nodes) = match &spec {
            PlayerSpec::Genome(g) => (g.depth, g.nodes),
            PlayerSpec::Perfect(p) => match &p.tie_break {
                Some(g) => (g.depth, g.nodes),
                None => (start.depth, start.nodes),
            },
            PlayerSpec::Random | PlayerSpec::Engine(_) => (start.depth, start.nodes),
        };
        let mut depth = own_depth;
        for (role, d) in o.depth.iter().flatten() {
            let field = format!("opponents[{i}].depth.{role}");
            let Some(r) = G::ROLES.iter().position(|x| x == role) else {
                return Err(self.err(&field, format!("{} has no role {role:?}", G::NAME)));
            };
            limits::DEPTH
                .check((*d).into())
                .map_err(|e| self.err(&field, e.to_string()))?;
            depth[r] = *d;
        }
        if o.nodes == Some(0) {
            return Err(self.err(&format!("opponents[{i}].nodes"), "must be at least 1"));
        }
        let engine_depth = o.depth.as_ref().map(|_| depth);
        if let PlayerSpec::Engine(e) = &mut spec {
            let e = Arc::make_mut(e);
            e.go_depth = engine_depth;
            e.go_nodes = o.nodes;
        }
        Ok(Opponent {
            engine_depth,
            name: spec.name(),
            spec,
            depth,
            nodes: o.nodes.or(own_nodes),
            own_depth,
            own_nodes,
            pairs: o.pairs.unwrap_or(self.exp.pairs_per_opponent),
            weight: o.weight.unwrap_or(1.0),
        })
    }

    /// The target budget, checked like every budget of the experiment
    /// ([`search_budget::check_one`]); roles `depth` leaves out keep the start's depth.
    fn target<G: Features>(&self, start: &Genome) -> Result<Option<Target>, ExperimentError> {
        let Some(b) = &self.exp.target else {
            return Ok(None);
        };
        search_budget::check_one::<G>(b).map_err(|(f, m)| self.err(&format!("target{f}"), m))?;
        Ok(Some(match b.nodes {
            Some(n) => Target {
                depth: start.depth,
                nodes: Some(n),
            },
            None => Target {
                depth: search_budget::setting(b, G::ROLES, start.depth).depth,
                nodes: None,
            },
        }))
    }

    /// The gate's test and size.
    fn gate(&self) -> Result<(), ExperimentError> {
        let Some(g) = &self.exp.gate else {
            return Ok(());
        };
        g.sprt().check().map_err(|m| self.err("gate", m))?;
        limits::GATE_PAIRS
            .check(g.max_pairs.into())
            .map_err(|e| self.err("gate.max_pairs", e.to_string()))
    }

    /// The opening starts, each checked by resolving it once.
    fn starts<G: Features>(&self) -> Result<Vec<String>, ExperimentError> {
        let starts = if self.exp.openings.starts.is_empty() {
            vec![G::start_names()[0].to_string()]
        } else {
            self.exp.openings.starts.clone()
        };
        for (i, s) in starts.iter().enumerate() {
            G::resolve_start(s)
                .map_err(|e| self.err(&format!("openings.starts[{i}]"), e.to_string()))?;
        }
        Ok(starts)
    }
}
