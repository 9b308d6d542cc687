//! An engine seated at a board: before its first move of a game it gets `newgame` and a
//! `set` for every declared weight (so a reused process carries nothing over), then a
//! `position` and a `go` per move. The referee side: the answer must come in time, be a
//! `move` line, parse in the game's notation and be legal under the match rules.

use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::RngExt;

use super::process::EngineProcess;
use super::protocol::{Message, Reply};
use super::spec::EngineSpec;
use super::{log, pool};
use crate::game::{Features, GameRng, MatchRules, Role};
use crate::played_game::{FaultKind, PlayerFault};
use crate::tunables::ENGINE_TIME_MARGIN_MS;

/// The engine side of a seated player (`Agent` in src/player.rs, which sits above).
pub struct EngineAgent<G: Features> {
    spec: Arc<EngineSpec>,
    role: Role,
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    rules: MatchRules,
    process: Option<EngineProcess>,
    fresh_game: bool,
    moves: Vec<G::Move>,
}

impl<G: Features> EngineAgent<G> {
    /// Seats the engine in `role`; `depth` and `nodes` (default: the spec's own search
    /// settings, from the experiment) are sent with every `go`, and so is `movetime_ms`
    /// (default: the spec's `movetime`).
    pub fn new(
        spec: Arc<EngineSpec>,
        role: Role,
        (depth, nodes): (Option<u32>, Option<u64>),
        movetime_ms: Option<u64>,
        rules: MatchRules,
    ) -> Self {
        EngineAgent {
            depth: depth.or(spec.go_depth.map(|d| d[role])),
            nodes: nodes.or(spec.go_nodes),
            spec,
            role,
            movetime_ms,
            rules,
            process: None,
            fresh_game: true,
            moves: Vec::new(),
        }
    }

    /// The next `choose` starts a new game.
    pub fn new_game(&mut self) {
        self.fresh_game = true;
    }

    /// Changes the match rules the referee checks moves against.
    pub fn set_rules(&mut self, rules: MatchRules) {
        self.rules = rules;
    }

    /// Asks the engine for its move in `pos`. The game's seed is drawn from a copy of
    /// `rng`, so the game's own random stream is the same as with a built-in player.
    /// A fault kills the process; the next game starts a fresh one.
    pub fn choose(&mut self, pos: &G, rng: &GameRng) -> Result<Option<G::Move>, PlayerFault> {
        self.rules.legal_moves(pos, &mut self.moves);
        if self.moves.is_empty() {
            return Ok(None);
        }
        let result = self.ask(pos, rng);
        if let Err(f) = &result {
            log::info(&self.spec.name, &format!("fault: {f}"));
            self.process = None;
            self.fresh_game = true;
        }
        result.map(Some)
    }

    fn ask(&mut self, pos: &G, rng: &GameRng) -> Result<G::Move, PlayerFault> {
        if self.process.is_none() {
            let p = pool::take(&self.spec)
                .map_err(|e| PlayerFault::new(FaultKind::Disconnect, e.to_string()))?;
            self.process = Some(p);
        }
        let spec = Arc::clone(&self.spec);
        let p = self.process.as_mut().expect("just taken");
        if self.fresh_game {
            let seed = rng.clone().random::<u64>();
            let role = G::ROLES[self.role];
            p.queue(&Message::NewGame {
                game: G::NAME,
                role,
                seed,
            });
            for (w, &value) in spec.weights.iter().zip(&spec.values) {
                p.queue(&Message::Set {
                    name: &w.name,
                    value,
                });
            }
            self.fresh_game = false;
        }
        p.queue(&Message::Position(&pos.to_text()));
        let movetime = self.movetime_ms.unwrap_or(spec.movetime_ms);
        p.send(&Message::Go {
            depth: self.depth,
            nodes: self.nodes,
            movetime_ms: Some(movetime),
        })?;
        let deadline = Instant::now() + Duration::from_millis(movetime + ENGINE_TIME_MARGIN_MS);
        let text = loop {
            match p.read(deadline)? {
                Reply::Move(m) => break m,
                Reply::Info(i) => log::info(&spec.name, &i),
                other => {
                    let why = format!("expected `move`, got {other:?}");
                    return Err(PlayerFault::new(FaultKind::Garbage, why));
                }
            }
        };
        let mv = pos
            .parse_move(&text)
            .map_err(|e| PlayerFault::new(FaultKind::IllegalMove, format!("move {text:?}: {e}")))?;
        if !self.moves.contains(&mv) {
            let why = format!("move {text:?} is not legal in {}", pos.to_text());
            return Err(PlayerFault::new(FaultKind::IllegalMove, why));
        }
        Ok(mv)
    }
}

impl<G: Features> Drop for EngineAgent<G> {
    fn drop(&mut self) {
        if let Some(p) = self.process.take() {
            pool::give_back(&self.spec, p);
        }
    }
}
