//! Players: what plays a move in a match. A genome searched with alpha-beta, or a
//! built-in player (uniformly random moves; `perfect`, from a solved game's oracle, in
//! every game that can be solved). Players are named on the command line by a built-in name (`random`,
//! `perfect`, or a reference genome shipped with weightforge such as `luo2023`) or by a
//! genome file path.

use std::any::Any;
use std::path::Path;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;

use crate::engine::agent::EngineAgent;
use crate::engine::{EngineError, EngineSpec};
use crate::eval::Evaluator;
use crate::game::{Features, GameRng, MatchRules, Role};
use crate::genome::{Genome, GenomeError};
use crate::played_game::{ChoiceReport, PlayerFault};
use crate::search::{SearchLimits, SearchOptions, SearchResult, Searcher};
use crate::solved::{Oracle, OracleSettings, SolveError};
use crate::tunables::{DEFAULT_TT_BITS, MAX_DEPTH};

/// A match's overrides of the players' own search settings. Precedence: a command-line
/// flag, then the experiment, then the genome. A node budget or a move time makes the
/// search deepen until it is spent (up to `depth` when that is given too); a node budget
/// is deterministic, a move time is not.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchBudget {
    /// The deepest iteration (overrides the genome's depth).
    pub depth: Option<u32>,
    /// Nodes per move (overrides the genome's `search.nodes`).
    pub nodes: Option<u64>,
    /// Milliseconds per move: each search stops this long after it starts. Engines get
    /// it as their `go movetime`.
    pub move_time_ms: Option<u64>,
}

impl SearchBudget {
    /// Only a depth (or nothing: the players' own settings).
    pub fn depth(depth: Option<u32>) -> Self {
        SearchBudget {
            depth,
            ..SearchBudget::default()
        }
    }

    /// The deepest iteration for a genome whose own depth is `own`: the budget's depth,
    /// else every depth when nodes or time bound the search, else the genome's.
    fn max_depth(&self, own: u32) -> u32 {
        match self.depth {
            Some(d) => d,
            None if self.nodes.is_some() || self.move_time_ms.is_some() => MAX_DEPTH,
            None => own,
        }
    }
}

/// A player, before it is seated at a board.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// Uniformly random legal moves.
    Random,
    /// Alpha-beta search over a genome's weighted features.
    Genome(Arc<Genome>),
    /// An outside program speaking the engine protocol (`engine:"<command>"`).
    Engine(Arc<EngineSpec>),
    /// A solved game played perfectly (`perfect`, `perfect:<genome>`).
    Perfect(Arc<PerfectSpec>),
}

/// The perfect player: the game's oracle, and the genome whose search picks among the
/// moves of equal value (the game's default, [`Solvable::perfect_tie_break`](crate::solved::Solvable::perfect_tie_break), unless named; with
/// none, a random one of them from the game's seed).
#[derive(Clone)]
pub struct PerfectSpec {
    /// Its name in tables.
    pub name: String,
    /// The oracle: an `Arc<dyn Oracle<G>>` of the game it was resolved for.
    pub oracle: Arc<dyn Any + Send + Sync>,
    /// The genome breaking ties, if any.
    pub tie_break: Option<Arc<Genome>>,
}

impl std::fmt::Debug for PerfectSpec {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let ties = self
            .tie_break
            .as_ref()
            .map_or("random", |g| g.name.as_str());
        write!(f, "PerfectSpec({}, ties: {ties})", self.name)
    }
}

impl PartialEq for PerfectSpec {
    fn eq(&self, other: &Self) -> bool {
        self.name == other.name
            && self.tie_break == other.tie_break
            && Arc::ptr_eq(&self.oracle, &other.oracle)
    }
}

/// A player name that does not resolve.
#[derive(Debug, thiserror::Error)]
pub enum PlayerError {
    /// The genome file is unusable.
    #[error(transparent)]
    Genome(#[from] GenomeError),
    /// The engine cannot be started or its spelling is wrong (boxed: errors stay small).
    #[error(transparent)]
    Engine(Box<EngineError>),
    /// `perfect` without a usable oracle: a game that cannot be solved, a missing or
    /// damaged solution file (the error names the solve command).
    #[error("player perfect: {0}")]
    Solve(Box<SolveError>),
    /// `perfect:<name>` where the name is not a genome.
    #[error("player {0}: the tie-break must be a genome (built-in name or file)")]
    TieBreak(String),
    /// Neither a built-in name nor an existing file.
    #[error("{name:?} is neither a built-in player of {game} ({builtins}) nor a genome file")]
    Unknown {
        /// What was asked for.
        name: String,
        /// The game.
        game: &'static str,
        /// The built-in names.
        builtins: String,
    },
}

impl From<EngineError> for PlayerError {
    fn from(e: EngineError) -> Self {
        PlayerError::Engine(Box::new(e))
    }
}

impl PlayerSpec {
    /// Resolves a player name for game `G`: `random`, a built-in genome name, a path,
    /// or an engine (`engine:"<command>"[,dir=<path>][,movetime=<ms>]`, started once
    /// here to read its handshake).
    pub fn resolve<G: Features>(name: &str) -> Result<Self, PlayerError> {
        Self::resolve_with::<G>(name, &crate::solved::open::settings_from_env::<G>())
    }

    /// Resolves a player name like [`PlayerSpec::resolve`], `perfect` reading the
    /// oracle of `oracle` (a command's `--solution`) instead of the environment's.
    pub fn resolve_with<G: Features>(
        name: &str,
        oracle: &OracleSettings,
    ) -> Result<Self, PlayerError> {
        if name == "random" {
            return Ok(PlayerSpec::Random);
        }
        if name == "perfect" || name.starts_with("perfect:") {
            return Self::perfect::<G>(name, oracle);
        }
        if EngineSpec::is_engine(name) {
            return Ok(PlayerSpec::Engine(Arc::new(EngineSpec::resolve(
                name,
                G::NAME,
            )?)));
        }
        let path = Path::new(name);
        if path.exists() {
            return Ok(PlayerSpec::Genome(Arc::new(Genome::load::<G>(path)?)));
        }
        if let Some(text) = crate::builtin_genomes::genome_text(G::NAME, name) {
            let origin = format!("built-in genome {name}");
            return Ok(PlayerSpec::Genome(Arc::new(Genome::parse::<G>(
                text, &origin,
            )?)));
        }
        let mut builtins = vec!["random".to_string()];
        if crate::registry::solvable::<G>().is_some() {
            builtins.push("perfect".to_string());
        }
        builtins.extend(crate::builtin_genomes::genome_names(G::NAME).map(String::from));
        Err(PlayerError::Unknown {
            name: name.to_string(),
            game: G::NAME,
            builtins: builtins.join(", "),
        })
    }

    /// `perfect` or `perfect:<genome>`: the game's oracle under `settings`, opened
    /// once per process.
    fn perfect<G: Features>(name: &str, settings: &OracleSettings) -> Result<Self, PlayerError> {
        let solve_error = |e| PlayerError::Solve(Box::new(e));
        let oracle = crate::solved::open::oracle::<G>(settings).map_err(solve_error)?;
        let default = crate::registry::solvable::<G>().and_then(|s| s.perfect_tie_break);
        let tie_break = match name.strip_prefix("perfect:").or(default) {
            None => None,
            // a genome only: `perfect:perfect:…` would nest without end
            Some(tie) if tie == "perfect" || tie.starts_with("perfect:") || tie == "random" => {
                return Err(PlayerError::TieBreak(name.to_string()))
            }
            Some(tie) => match Self::resolve_with::<G>(tie, settings)? {
                PlayerSpec::Genome(g) => Some(g),
                _ => return Err(PlayerError::TieBreak(name.to_string())),
            },
        };
        Ok(PlayerSpec::Perfect(Arc::new(PerfectSpec {
            name: name.to_string(),
            oracle: Arc::new(oracle),
            tie_break,
        })))
    }

    /// A short name for tables.
    pub fn name(&self) -> String {
        match self {
            PlayerSpec::Random => "random".into(),
            PlayerSpec::Genome(g) if !g.name.is_empty() => g.name.clone(),
            PlayerSpec::Genome(_) => "genome".into(),
            PlayerSpec::Engine(e) => e.name.clone(),
            PlayerSpec::Perfect(p) => p.name.clone(),
        }
    }

    /// Tells apart players with the same name (two engines answering the same `id
    /// name`, a genome against its copy): the second is named `name#2`, the third
    /// `name#3`, in tables and game records alike.
    pub fn distinct_names(players: &mut [PlayerSpec]) {
        let mut seen: Vec<String> = Vec::new();
        for p in players.iter_mut() {
            let name = p.name();
            let count = seen.iter().filter(|n| **n == name).count();
            seen.push(name.clone());
            if count == 0 {
                continue;
            }
            let renamed = format!("{name}#{}", count + 1);
            match p {
                PlayerSpec::Random => {}
                PlayerSpec::Genome(g) => Arc::make_mut(g).name = renamed,
                PlayerSpec::Engine(e) => Arc::make_mut(e).name = renamed,
                PlayerSpec::Perfect(p) => Arc::make_mut(p).name = renamed,
            }
        }
    }
}

/// A player seated at a board in one role, with its own search tables.
pub struct Agent<G: Features> {
    kind: AgentKind<G>,
    /// The figures of the last search (score, depth, nodes).
    last: (i32, u32, u64),
}

enum AgentKind<G: Features> {
    Random(Vec<G::Move>, MatchRules),
    Search {
        searcher: Box<Searcher<G>>,
        eval: Evaluator,
        limits: SearchLimits,
        move_time: Option<Duration>,
    },
    Engine(EngineAgent<G>),
    /// A solved game's oracle, with a genome's search (or a random choice) among the
    /// best moves.
    Perfect {
        oracle: Arc<dyn Oracle<G>>,
        search: Box<AgentKind<G>>,
    },
}

impl<G: Features> Agent<G> {
    /// Seats `spec` in `role` of a match played under `rules`; `depth` overrides the
    /// genome's search depth.
    pub fn new(spec: &PlayerSpec, role: Role, depth: Option<u32>, rules: MatchRules) -> Self {
        Self::with_table(spec, role, SearchBudget::depth(depth), None, rules)
    }

    /// Seats `spec` like [`Agent::new`], searching within `budget`.
    pub fn with_budget(
        spec: &PlayerSpec,
        role: Role,
        budget: SearchBudget,
        rules: MatchRules,
    ) -> Self {
        Self::with_table(spec, role, budget, None, rules)
    }

    /// Seats `spec` like [`Agent::with_budget`]; `tt_bits` overrides the genome's
    /// transposition table size (a small table for a quick one-ply answer).
    pub fn with_table(
        spec: &PlayerSpec,
        role: Role,
        budget: SearchBudget,
        tt_bits: Option<u8>,
        rules: MatchRules,
    ) -> Self {
        let kind = match spec {
            PlayerSpec::Random => AgentKind::Random(Vec::new(), rules),
            PlayerSpec::Engine(e) => AgentKind::Engine(EngineAgent::new(
                Arc::clone(e),
                role,
                (budget.depth, budget.nodes),
                budget.move_time_ms,
                rules,
            )),
            PlayerSpec::Genome(g) => search_kind(g, role, budget, tt_bits, rules),
            PlayerSpec::Perfect(p) => AgentKind::Perfect {
                oracle: Arc::clone(
                    p.oracle
                        .downcast_ref::<Arc<dyn Oracle<G>>>()
                        .expect("a perfect player is seated in the game it was resolved for"),
                ),
                search: Box::new(match &p.tie_break {
                    Some(g) => search_kind(g, role, budget, tt_bits, rules),
                    None => AgentKind::Random(Vec::new(), rules),
                }),
            },
        };
        Agent {
            kind,
            last: (0, 0, 0),
        }
    }

    /// Forgets what earlier games taught the search tables.
    pub fn new_game(&mut self) {
        match self.kind.searching() {
            AgentKind::Search { searcher, .. } => searcher.new_game(),
            AgentKind::Engine(e) => e.new_game(),
            AgentKind::Random(..) | AgentKind::Perfect { .. } => {}
        }
    }

    /// Sets a deadline for the next searches (play against a clock).
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        if let AgentKind::Search { limits, .. } = self.kind.searching() {
            limits.deadline = deadline;
        }
    }

    /// Makes the next searches stop after the first whole iteration that reaches `soft`
    /// nodes (the node budget, if any, stays the hard cap).
    pub fn set_soft_nodes(&mut self, soft: Option<u64>) {
        if let AgentKind::Search { limits, .. } = self.kind.searching() {
            limits.soft_nodes = soft;
        }
    }

    /// Changes the match rules the next searches see (a client that learns the game's
    /// length as it goes).
    pub fn set_rules(&mut self, rules: MatchRules) {
        match self.kind.searching() {
            AgentKind::Random(_, r) => *r = rules,
            AgentKind::Search { limits, .. } => limits.rules = rules,
            AgentKind::Engine(e) => e.set_rules(rules),
            AgentKind::Perfect { .. } => {}
        }
    }

    /// The move to play, `None` when there is none, or the fault of a player that
    /// broke the rules or the protocol (built-in players never do).
    pub fn choose(&mut self, pos: &G, rng: &mut GameRng) -> Result<Option<G::Move>, PlayerFault> {
        match &mut self.kind {
            AgentKind::Engine(e) => {
                let chosen = e.choose(pos, rng);
                self.last = (0, 0, 0);
                chosen
            }
            _ => Ok(self.decide(pos, rng).best),
        }
    }

    /// The move to play with the search's figures (depth and nodes); a random player
    /// reports depth 0, no nodes and a score of 0, and so does an engine (no move when
    /// it faults; [`Agent::choose`] says why).
    pub fn decide(&mut self, pos: &G, rng: &mut GameRng) -> SearchResult<G::Move> {
        let found = self.search(pos, rng);
        self.last = (found.score, found.depth, found.nodes);
        found
    }

    fn search(&mut self, pos: &G, rng: &mut GameRng) -> SearchResult<G::Move> {
        self.kind.search(pos, rng)
    }
}

/// A genome seated in `role`: its searcher, evaluator and limits.
fn search_kind<G: Features>(
    g: &Genome,
    role: Role,
    budget: SearchBudget,
    tt_bits: Option<u8>,
    rules: MatchRules,
) -> AgentKind<G> {
    let opts = SearchOptions {
        random_ties: g.random_ties,
        no_reply_fails: g.no_reply_fails,
        quiescence: g.quiescence,
        ..SearchOptions::default()
    };
    let bits = tt_bits.or(g.tt_bits).unwrap_or(DEFAULT_TT_BITS);
    AgentKind::Search {
        searcher: Box::new(Searcher::new(opts, bits)),
        eval: Evaluator::with_tables::<G>(role, &g.weights[role], g.tables.as_ref()),
        limits: SearchLimits {
            depth: budget.max_depth(g.depth[role]),
            nodes: budget.nodes.or(g.nodes),
            soft_nodes: None,
            deadline: None,
            rules,
        },
        move_time: budget.move_time_ms.map(Duration::from_millis),
    }
}

/// The perfect player's move: one of the moves of the best solved value (the fastest
/// win, else a draw, else the slowest loss), the tie-break genome's search (or a random
/// draw) choosing among several. A position the oracle cannot answer (beyond a
/// solution's layers) is searched by the tie-break alone.
fn perfect_search<G: Features>(
    oracle: &dyn Oracle<G>,
    inner: &mut AgentKind<G>,
    pos: &G,
    rng: &mut GameRng,
) -> SearchResult<G::Move> {
    let Ok((candidates, _)) = oracle.best_moves(pos) else {
        return inner.search(pos, rng);
    };
    if let AgentKind::Random(..) = inner {
        let best =
            (!candidates.is_empty()).then(|| candidates[rng.random_range(0..candidates.len())]);
        return SearchResult {
            best,
            score: 0,
            depth: 0,
            nodes: 0,
            ties: candidates.len(),
        };
    }
    if candidates.len() <= 1 {
        return SearchResult {
            best: candidates.first().copied(),
            score: 0,
            depth: 0,
            nodes: 0,
            ties: 1,
        };
    }
    inner.restrict_root(&candidates);
    let mut found = inner.search(pos, rng);
    inner.restrict_root(&[]);
    if found.best.is_none_or(|b| !candidates.contains(&b)) {
        found.best = candidates.first().copied();
    }
    found
}

impl<G: Features> AgentKind<G> {
    /// The searching part (the tie-break genome of the perfect player).
    fn searching(&mut self) -> &mut AgentKind<G> {
        match self {
            AgentKind::Perfect { search, .. } => search,
            other => other,
        }
    }

    fn restrict_root(&mut self, moves: &[G::Move]) {
        if let AgentKind::Search { searcher, .. } = self.searching() {
            searcher.restrict_root(moves);
        }
    }

    fn search(&mut self, pos: &G, rng: &mut GameRng) -> SearchResult<G::Move> {
        match self {
            AgentKind::Random(moves, rules) => {
                rules.legal_moves(pos, moves);
                let best = if moves.is_empty() {
                    None
                } else {
                    Some(moves[rng.random_range(0..moves.len())])
                };
                SearchResult {
                    best,
                    score: 0,
                    depth: 0,
                    nodes: 0,
                    ties: moves.len(),
                }
            }
            AgentKind::Search {
                searcher,
                eval,
                limits,
                move_time,
            } => {
                if let Some(t) = move_time {
                    limits.deadline = Some(Instant::now() + *t);
                }
                searcher.search(pos, eval, limits, rng)
            }
            AgentKind::Engine(e) => SearchResult {
                best: e.choose(pos, rng).ok().flatten(),
                score: 0,
                depth: 0,
                nodes: 0,
                ties: 1,
            },
            AgentKind::Perfect { oracle, search } => {
                perfect_search(oracle.as_ref(), search, pos, rng)
            }
        }
    }
}

impl<G: Features> ChoiceReport<G> for Agent<G> {
    fn score(&self) -> i32 {
        self.last.0
    }

    fn depth(&self) -> u32 {
        self.last.1
    }

    fn nodes(&self) -> u64 {
        self.last.2
    }

    fn line(&self, root: &G, chosen: G::Move, rules: &MatchRules) -> Vec<G> {
        match &self.kind {
            AgentKind::Search { searcher, .. } => {
                searcher.principal_variation(root, chosen, self.last.1.max(1), rules)
            }
            _ => Vec::new(),
        }
    }
}
