//! An engine's evaluation read as a sum of terms, one per declared constant, so that a
//! position fit (Texel) can tune a program weightforge cannot look into. For each
//! position and role the engine is asked `eval` with every constant at 0 (the base),
//! then with one constant at 1 and the others at 0 (its term = eval − base), then at
//! random constants, where the answer must equal base + Σ constant × term (else the
//! evaluation is not linear and the constants at fault are named). Everything for one
//! position is sent before anything is read: a position costs one round trip. Terms
//! are cached per (role, position text).

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;

use super::error::EngineError;
use super::process::EngineProcess;
use super::protocol::{Message, Reply, WeightDecl};
use super::spec::EngineSpec;
use super::{log, pool};
use crate::fit::positions_file::PositionRow;
use crate::fit::samples::Samples;
use crate::game::{Features, Role};
use crate::played_game::{FaultKind, PlayerFault};
use crate::tunables::{ENGINE_EVAL_MS, ENGINE_PROBE_CHECKS, ENGINE_PROBE_TOLERANCE};

/// One position's evaluation for one role, split into parts.
#[derive(Clone, Debug, PartialEq)]
pub struct Probe {
    /// The evaluation with every constant at 0.
    pub base: f64,
    /// Per declared constant (declaration order): what one unit of it adds.
    pub terms: Vec<f64>,
}

/// Why probing stopped.
#[derive(Debug, thiserror::Error)]
pub enum ProbeError {
    /// The engine could not be started.
    #[error(transparent)]
    Engine(#[from] EngineError),
    /// The engine failed while answering `eval`.
    #[error("engine {engine:?}, `eval` in {position:?}: {fault}")]
    Fault {
        /// The engine's name.
        engine: String,
        /// The position.
        position: String,
        /// What went wrong.
        fault: PlayerFault,
    },
    /// The evaluation is not base + Σ constant × term.
    #[error(
        "engine {engine:?}: its evaluation of {position:?} for {role} is not linear in \
         {constants} (at random constants expected {expected}, got {got}); a position fit \
         needs an evaluation that is a sum of constant × term"
    )]
    Nonlinear {
        /// The engine's name.
        engine: String,
        /// The position.
        position: String,
        /// The role.
        role: String,
        /// The constants at fault, or a description of them.
        constants: String,
        /// base + Σ constant × term.
        expected: f64,
        /// What the engine said.
        got: f64,
    },
}

/// What probing has cost so far.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ProbeStats {
    /// Positions (per role) probed, not counting cache hits.
    pub probed: u64,
    /// Positions answered from the cache.
    pub cached: u64,
    /// `eval` lines answered.
    pub evals: u64,
    /// Round trips (one per probed position, one more for a diagnosis).
    pub round_trips: u64,
    /// Seconds spent waiting for the engine.
    pub seconds: f64,
}

/// Probes one engine's evaluation, with its own process and cache.
pub struct Prober<G: Features> {
    spec: Arc<EngineSpec>,
    process: Option<EngineProcess>,
    cache: HashMap<(Role, String), Arc<Probe>>,
    /// The cost so far.
    pub stats: ProbeStats,
    _game: std::marker::PhantomData<G>,
}

impl<G: Features> Prober<G> {
    /// A prober of `spec`'s engine (started on the first probe).
    pub fn new(spec: Arc<EngineSpec>) -> Self {
        Prober {
            spec,
            process: None,
            cache: HashMap::new(),
            stats: ProbeStats::default(),
            _game: std::marker::PhantomData,
        }
    }

    /// Declared constants.
    pub fn width(&self) -> usize {
        self.spec.weights.len()
    }

    /// The terms of `text` (a position in the game's notation) for `role`.
    pub fn probe(&mut self, role: Role, text: &str) -> Result<Arc<Probe>, ProbeError> {
        let key = (role, text.to_string());
        if let Some(p) = self.cache.get(&key) {
            self.stats.cached += 1;
            return Ok(Arc::clone(p));
        }
        let p = Arc::new(self.probe_fresh(role, text)?);
        self.cache.insert(key, Arc::clone(&p));
        Ok(p)
    }

    /// Whether the evaluation is zero-sum on the positions probed for both roles (the
    /// sheep's terms and base are the wolves' negated, to the check's tolerance);
    /// `false` when no position was probed for both.
    pub fn zero_sum(&self) -> bool {
        let mut pairs = 0;
        for ((role, text), p) in &self.cache {
            if *role != 0 {
                continue;
            }
            let Some(q) = self.cache.get(&(1, text.clone())) else {
                continue;
            };
            let ones = vec![1.0; p.terms.len()];
            let (_, scale) = predict(p, &ones);
            let near = |a: f64, b: f64| (a + b).abs() <= ENGINE_PROBE_TOLERANCE * scale;
            let negated = p.terms.iter().zip(&q.terms).all(|(&a, &b)| near(a, b));
            if !negated || !near(p.base, q.base) {
                return false;
            }
            pairs += 1;
        }
        pairs > 0
    }

    /// Per declared constant, the one role whose evaluation it moves on the positions
    /// probed (its term is non-zero in some of that role's probes and in none of the
    /// other's); `None` when it moves both roles' or neither's. A course player's
    /// constants each serve one side's heuristic, so its games as one role depend on
    /// that role's constants only (what the tuner's per-role selection relies on).
    pub fn constant_roles(&self) -> Vec<Option<Role>> {
        let mut moves = vec![[false; 2]; self.width()];
        for ((role, _), p) in &self.cache {
            for (m, t) in moves.iter_mut().zip(&p.terms) {
                m[*role] |= *t != 0.0;
            }
        }
        moves
            .iter()
            .map(|m| match m {
                [true, false] => Some(0),
                [false, true] => Some(1),
                _ => None,
            })
            .collect()
    }

    /// The rows' terms as fit rows: one column per declared constant, then one for the
    /// base (its weight is 1 and never tuned). A row's search score (a version 2 file's,
    /// in its labelling player's units) is kept: a score blend reads it through a scale
    /// fitted on the rows' own scores and results, so its units do not matter.
    pub fn samples(&mut self, rows: &[PositionRow]) -> Result<Samples, ProbeError> {
        let n = self.width();
        let mut s = Samples::new(n + 1);
        let mut buf = vec![0.0f32; n + 1];
        for row in rows {
            let p = self.probe(row.role, &row.text)?;
            for (b, t) in buf.iter_mut().zip(&p.terms) {
                *b = *t as f32;
            }
            buf[n] = p.base as f32;
            s.push_row(row.role, &buf, row.result, row.score);
        }
        Ok(s)
    }

    fn probe_fresh(&mut self, role: Role, text: &str) -> Result<Probe, ProbeError> {
        let n = self.width();
        let mut vectors = vec![vec![0.0; n]];
        for i in 0..n {
            let mut v = vec![0.0; n];
            v[i] = 1.0;
            vectors.push(v);
        }
        let mut rng = crate::seeds::probe_check(role, stable_hash(text));
        for _ in 0..ENGINE_PROBE_CHECKS {
            vectors.push(
                self.spec
                    .weights
                    .iter()
                    .map(|w| draw(w, &mut rng))
                    .collect(),
            );
        }
        let scores = self.evals(role, text, &vectors)?;
        self.stats.probed += 1;
        let base = scores[0];
        let probe = Probe {
            base,
            terms: scores[1..=n].iter().map(|s| s - base).collect(),
        };
        for (v, &got) in vectors[n + 1..].iter().zip(&scores[n + 1..]) {
            let (expected, scale) = predict(&probe, v);
            if (got - expected).abs() > ENGINE_PROBE_TOLERANCE * scale {
                return Err(self.diagnose(role, text, &probe, (v, expected, got)));
            }
        }
        Ok(probe)
    }

    /// Which constants break linearity: each alone at 2 must add twice its term (a
    /// constant that fails is named); when each alone is linear, they interact.
    fn diagnose(
        &mut self,
        role: Role,
        text: &str,
        probe: &Probe,
        (v, expected, got): (&[f64], f64, f64),
    ) -> ProbeError {
        let n = self.width();
        let doubled: Vec<Vec<f64>> = (0..n)
            .map(|i| (0..n).map(|j| if i == j { 2.0 } else { 0.0 }).collect())
            .collect();
        let spec = Arc::clone(&self.spec);
        let names = |keep: &dyn Fn(usize) -> bool| {
            (0..n)
                .filter(|&i| keep(i))
                .map(|i| spec.weights[i].name.clone())
                .collect::<Vec<_>>()
                .join(", ")
        };
        let constants = match self.evals(role, text, &doubled) {
            Ok(s) => {
                let bad = |i: usize| {
                    let (e, scale) = predict(probe, &doubled[i]);
                    (s[i] - e).abs() > ENGINE_PROBE_TOLERANCE * scale
                };
                let named = names(&bad);
                if named.is_empty() {
                    let together = names(&|i| v[i] != 0.0);
                    format!("the constants together (they interact: {together})")
                } else {
                    named
                }
            }
            Err(e) => return e,
        };
        ProbeError::Nonlinear {
            engine: self.spec.name.clone(),
            position: text.to_string(),
            role: G::ROLES[role].to_string(),
            constants,
            expected,
            got,
        }
    }

    /// The engine's `eval` of `text` for `role` at each constant vector, all sent before
    /// any answer is read.
    fn evals(
        &mut self,
        role: Role,
        text: &str,
        vectors: &[Vec<f64>],
    ) -> Result<Vec<f64>, ProbeError> {
        let fault = |spec: &EngineSpec, fault: PlayerFault| ProbeError::Fault {
            engine: spec.name.clone(),
            position: text.to_string(),
            fault,
        };
        if self.process.is_none() {
            self.process = Some(pool::take(&self.spec)?);
        }
        let started = Instant::now();
        let result = self.exchange(role, text, vectors);
        self.stats.seconds += started.elapsed().as_secs_f64();
        self.stats.round_trips += 1;
        self.stats.evals += vectors.len() as u64;
        result.map_err(|f| {
            log::info(&self.spec.name, &format!("fault while probing: {f}"));
            self.process = None;
            fault(&self.spec, f)
        })
    }

    fn exchange(
        &mut self,
        role: Role,
        text: &str,
        vectors: &[Vec<f64>],
    ) -> Result<Vec<f64>, PlayerFault> {
        let spec = Arc::clone(&self.spec);
        let p = self.process.as_mut().expect("started above");
        p.queue(&Message::NewGame {
            game: G::NAME,
            role: G::ROLES[role],
            seed: 0,
        });
        p.queue(&Message::Position(text));
        let mut last: Option<&Vec<f64>> = None;
        for v in vectors {
            for (i, w) in spec.weights.iter().enumerate() {
                if last.is_none_or(|l| l[i] != v[i]) {
                    p.queue(&Message::Set {
                        name: &w.name,
                        value: v[i],
                    });
                }
            }
            p.queue(&Message::Eval);
            last = Some(v);
        }
        p.flush()?;
        // One deadline for the whole answer: `info` lines do not extend it.
        let deadline = Instant::now() + eval_time(vectors.len());
        let mut scores = Vec::with_capacity(vectors.len());
        while scores.len() < vectors.len() {
            match p.read(deadline)? {
                Reply::Score(s) => scores.push(s),
                Reply::Info(i) => log::info(&spec.name, &i),
                other => {
                    let why = format!("expected `score` after `eval`, got {other:?}");
                    return Err(PlayerFault::new(FaultKind::Garbage, why));
                }
            }
        }
        Ok(scores)
    }
}

impl<G: Features> Drop for Prober<G> {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            pool::give_back(&self.spec, p);
        }
    }
}

/// The time an engine has to answer `evals` evaluations sent at once, counted from the
/// moment they are sent (not per line).
fn eval_time(evals: usize) -> Duration {
    Duration::from_millis(ENGINE_EVAL_MS.saturating_mul(evals as u64))
}

/// base + Σ constant × term at `v`, and the size of the part that depends on the
/// constants, Σ |constant × term| (at least 1). The base is left out of the size: a
/// tolerance that grew with it would let a large constant offset hide a nonlinear
/// term (1e9 + Σ k² would pass); the check compares differences from the base.
fn predict(p: &Probe, v: &[f64]) -> (f64, f64) {
    let parts: Vec<f64> = p.terms.iter().zip(v).map(|(t, c)| t * c).collect();
    let scale = parts.iter().map(|x| x.abs()).sum::<f64>();
    (p.base + parts.iter().sum::<f64>(), scale.max(1.0))
}

/// A random value for a constant: within its bounds, else within ±2 × its default (±1
/// when the default is 0).
fn draw(w: &WeightDecl, rng: &mut crate::game::GameRng) -> f64 {
    let (lo, hi) = w.bounds.unwrap_or_else(|| {
        let r = if w.default == 0.0 {
            1.0
        } else {
            2.0 * w.default.abs()
        };
        (w.default - r, w.default + r)
    });
    rng.random_range(lo..=hi)
}

/// FNV-1a of the text: a hash that is the same on every machine and run.
fn stable_hash(text: &str) -> u64 {
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}
