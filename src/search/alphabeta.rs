//! Negamax alpha-beta with iterative deepening, a transposition table, move ordering,
//! node and time limits, random choice among equal best moves, and expectimax over the
//! outcomes of random moves, pruned by Star1 (a move with one certain outcome is an
//! ordinary alpha-beta child).

use std::time::Instant;

use rand::RngExt;

use super::eval_cache::EvalCache;
use super::limits::SearchLimits;
use super::options::SearchOptions;
use super::ordering::{pick_next, Ordering};
use super::result::SearchResult;
use super::tactical::certain_outcome;
use super::terminal::terminal_score;
use super::tt::{Bound, Entry, TransTable};
use crate::eval::Evaluator;
use crate::game::{search_moves, Features, GameRng, MatchRules};
use crate::tunables::{Score, CLOCK_CHECK_NODES, MAX_DEPTH, MAX_QUIESCENCE, WIN_SCORE};

const INF: Score = WIN_SCORE + 1;

/// `x` as a window edge: within `[-INF, INF]`.
#[inline]
fn clamp_window(x: f64) -> Score {
    x.clamp(-INF as f64, INF as f64) as Score
}

/// A reusable searcher: its tables and per-ply buffers are allocated once, so the search
/// itself allocates nothing.
pub struct Searcher<G: Features> {
    pub(super) opts: SearchOptions,
    pub(super) tt: TransTable,
    ordering: Ordering<G::Move>,
    evals: EvalCache,
    pub(super) moves: Vec<Vec<G::Move>>,
    /// Per ply: each move's ordering key and its index in generation order.
    scores: Vec<Vec<(i32, u16)>>,
    pub(super) outcomes: Vec<Vec<(G::Outcome, f64)>>,
    root_values: Vec<Score>,
    nodes: u64,
    node_limit: u64,
    deadline: Option<Instant>,
    pub(super) rules: MatchRules,
    horizon: u32,
    pub(super) aborted: bool,
    /// The root moves the search may choose among (empty: every legal move).
    root_only: Vec<G::Move>,
}

impl<G: Features> Searcher<G> {
    /// A searcher with the given techniques and a table of `2^tt_bits` entries.
    pub fn new(opts: SearchOptions, tt_bits: u8) -> Self {
        let stack = (MAX_DEPTH + MAX_QUIESCENCE) as usize + 2;
        Searcher {
            opts,
            tt: TransTable::new(if opts.tt || opts.tt_move { tt_bits } else { 0 }),
            ordering: Ordering::new(),
            evals: EvalCache::new(),
            moves: (0..stack).map(|_| Vec::with_capacity(64)).collect(),
            scores: (0..stack).map(|_| Vec::with_capacity(64)).collect(),
            outcomes: (0..stack).map(|_| Vec::with_capacity(8)).collect(),
            root_values: Vec::with_capacity(64),
            nodes: 0,
            node_limit: u64::MAX,
            deadline: None,
            rules: MatchRules::UNCAPPED,
            horizon: u32::MAX,
            aborted: false,
            root_only: Vec::new(),
        }
    }

    /// Makes the next searches choose among `moves` only (empty: every legal move);
    /// the perfect player lets a genome pick among the moves of equal solved value.
    pub fn restrict_root(&mut self, moves: &[G::Move]) {
        self.root_only.clear();
        self.root_only.extend_from_slice(moves);
    }

    /// The techniques this searcher uses.
    pub fn options(&self) -> &SearchOptions {
        &self.opts
    }

    /// Forgets everything learnt (call at the start of a game so that a game's moves do
    /// not depend on the games played before it).
    pub fn new_game(&mut self) {
        self.tt.clear();
        self.ordering.clear();
    }

    /// Searches `root` for its side to move and returns the best move.
    pub fn search(
        &mut self,
        root: &G,
        eval: &mut Evaluator,
        limits: &SearchLimits,
        rng: &mut GameRng,
    ) -> SearchResult<G::Move> {
        let mut pos = root.clone();
        self.start(limits);
        eval.start(&pos);
        let max_depth = limits.depth.clamp(1, MAX_DEPTH);
        let mut root_moves = self.root_moves(&mut pos);
        if root_moves.is_empty() {
            let score = terminal_score(&pos, self.rules.status(&pos), 0)
                .unwrap_or_else(|| eval.evaluate(&pos));
            return SearchResult {
                best: None,
                score,
                depth: 0,
                nodes: 1,
                ties: 0,
            };
        }

        let first_depth = if self.opts.iterative_deepening {
            1
        } else {
            max_depth
        };
        let mut result = SearchResult {
            best: Some(root_moves[0]),
            score: 0,
            depth: 0,
            nodes: 0,
            ties: 1,
        };
        for depth in first_depth..=max_depth {
            let Some((best, score, ties)) = self.root(&mut pos, &mut root_moves, depth, eval, rng)
            else {
                break;
            };
            result = SearchResult {
                best: Some(best),
                score,
                depth,
                nodes: self.nodes,
                ties,
            };
            if score.abs() > crate::tunables::WIN_THRESHOLD && !self.opts.random_ties {
                break; // a forced result: deeper iterations only confirm it
            }
            if limits.soft_nodes.is_some_and(|soft| self.nodes >= soft) {
                break; // past the soft limit: no deeper iteration starts
            }
        }
        result.nodes = self.nodes;
        result
    }

    /// Resets the counters and takes the limits of a new search.
    fn start(&mut self, limits: &SearchLimits) {
        self.nodes = 0;
        self.aborted = false;
        self.evals.new_search();
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.deadline = limits.deadline;
        self.rules = limits.rules;
        self.horizon = limits.rules.horizon::<G>();
    }

    /// The root's moves under the match rules (without those leaving the opponent no
    /// reply when [`SearchOptions::no_reply_fails`] is on).
    fn root_moves(&self, pos: &mut G) -> Vec<G::Move> {
        let rules = self.rules;
        let mut root_moves = Vec::new();
        search_moves(&rules, pos, &mut root_moves);
        if !self.root_only.is_empty() {
            root_moves.retain(|mv| self.root_only.contains(mv));
        }
        if self.opts.no_reply_fails {
            let mut replies = Vec::new();
            root_moves.retain(|&mv| {
                let undo = pos.make(mv, G::Outcome::default());
                search_moves(&rules, pos, &mut replies);
                pos.unmake(mv, undo);
                !replies.is_empty()
            });
        }
        root_moves
    }

    /// One iteration at the root. Returns the chosen move, its score and the number of
    /// moves sharing that score, or `None` if a limit stopped the iteration.
    fn root(
        &mut self,
        pos: &mut G,
        moves: &mut [G::Move],
        depth: u32,
        eval: &mut Evaluator,
        rng: &mut GameRng,
    ) -> Option<(G::Move, Score, usize)> {
        self.nodes += 1;
        let mut best = -INF;
        let mut best_index = 0;
        let mut alpha = -INF;
        self.root_values.clear();
        for (i, &mv) in moves.iter().enumerate() {
            let v = self.move_value(pos, mv, depth, 0, alpha, INF, eval);
            if self.aborted {
                return None;
            }
            self.root_values.push(v);
            if v > best {
                best = v;
                best_index = i;
            }
            // With random ties a move equal to the best must get its exact score, so the
            // window stays open one point below the best.
            alpha = if self.opts.random_ties {
                best - 1
            } else {
                best
            };
        }
        let ties = self.root_values.iter().filter(|&&v| v == best).count();
        let chosen = if self.opts.random_ties && ties > 1 {
            let k = rng.random_range(0..ties);
            self.root_values
                .iter()
                .enumerate()
                .filter(|(_, &v)| v == best)
                .nth(k)
                .map_or(best_index, |(i, _)| i)
        } else {
            best_index
        };
        let mv = moves[chosen];
        // The next iteration searches the best move first.
        moves[..=best_index].rotate_right(1);
        Some((mv, best, ties))
    }

    /// The value of playing `mv` (an expectation over its outcomes in games of chance),
    /// fail-soft within `(alpha, beta)`: exact inside the window, a bound outside it.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn move_value(
        &mut self,
        pos: &mut G,
        mv: G::Move,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        eval: &mut Evaluator,
    ) -> Score {
        if !G::HAS_CHANCE {
            return self.certain_value(
                pos,
                mv,
                G::Outcome::default(),
                depth,
                ply,
                (alpha, beta),
                eval,
            );
        }
        let mut outs = std::mem::take(&mut self.outcomes[ply]);
        let v = match certain_outcome(pos, mv, &mut outs) {
            Some(outcome) => self.certain_value(pos, mv, outcome, depth, ply, (alpha, beta), eval),
            None => self.chance_value(pos, mv, &outs, depth, ply, (alpha, beta), eval),
        };
        self.outcomes[ply] = outs;
        v
    }

    /// The value of `mv` with its one certain `outcome`: an ordinary alpha-beta child.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn certain_value(
        &mut self,
        pos: &mut G,
        mv: G::Move,
        outcome: G::Outcome,
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        eval: &mut Evaluator,
    ) -> Score {
        eval.push(pos, mv, outcome);
        let undo = pos.make(mv, outcome);
        let v = -self.negamax(pos, depth - 1, ply + 1, -beta, -alpha, eval);
        pos.unmake(mv, undo);
        eval.pop();
        v
    }

    /// The expectation of `mv` over several `outs`, pruned by Ballard's Star1: every
    /// value lies in `[-WIN_SCORE, WIN_SCORE]`, so once the outcomes searched so far
    /// settle the rounded mean below `alpha` (or above `beta`) whatever the others are,
    /// the rest are skipped and `alpha` (`beta`) returned. Each outcome is searched with
    /// the window that could still settle it; the windows keep a two-point margin, so
    /// the rounding of the mean and the floating-point sums cannot change a result. The
    /// mean, when not cut, is summed exactly as [`super::minimax`] sums it.
    #[allow(clippy::too_many_arguments)]
    fn chance_value(
        &mut self,
        pos: &mut G,
        mv: G::Move,
        outs: &[(G::Outcome, f64)],
        depth: u32,
        ply: usize,
        (alpha, beta): (Score, Score),
        eval: &mut Evaluator,
    ) -> Score {
        let bound = WIN_SCORE as f64;
        let mut sum = 0.0;
        let mut rest = 1.0;
        for &(outcome, p) in outs {
            if p <= 0.0 {
                continue; // adds nothing to the mean
            }
            rest -= p;
            let others = rest.max(0.0) * bound;
            let lo = ((alpha as f64 - 2.0 - sum - others) / p).floor();
            let hi = ((beta as f64 + 2.0 - sum + others) / p).ceil();
            let (lo, hi) = (clamp_window(lo), clamp_window(hi));
            let v = self.certain_value(pos, mv, outcome, depth, ply, (lo, hi), eval);
            if self.aborted {
                return 0;
            }
            if v <= lo && lo > -INF {
                return alpha;
            }
            if v >= hi && hi < INF {
                return beta;
            }
            sum += p * v as f64;
        }
        sum.round() as Score
    }

    fn negamax(
        &mut self,
        pos: &mut G,
        depth: u32,
        ply: usize,
        alpha: Score,
        beta: Score,
        eval: &mut Evaluator,
    ) -> Score {
        if let Some(score) = self.settled(pos, ply) {
            return score;
        }
        if depth == 0 {
            return self.quiesce(pos, self.opts.quiescence, ply, alpha, beta, eval);
        }

        // Below the ply cap the value of a position does not depend on the ply it is
        // reached at, so the table may be used; near the cap it may not.
        let cacheable = pos.ply() + depth < self.horizon;
        let key = pos.hash();
        let mut tt_index = None;
        if self.opts.tt || self.opts.tt_move {
            let (best, cut) = self.probe(key, ply, depth, (alpha, beta), cacheable);
            if let Some(score) = cut {
                return score;
            }
            tt_index = best;
        }

        let found = self.children(pos, tt_index, depth, ply, (alpha, beta), eval);
        let Some((best, best_move)) = found else {
            return self.evaluate(pos, eval);
        };
        if self.aborted {
            return 0;
        }
        if (self.opts.tt && cacheable) || self.opts.tt_move {
            self.store(key, ply, depth, (best, best_move), (alpha, beta));
        }
        best
    }

    /// The best of the moves of `pos` (none: `None`) and its value, fail-soft within
    /// `(alpha, beta)`, with its index in generation order; the table's move (its index
    /// `tt_index`) first when the options order moves.
    #[inline]
    fn children(
        &mut self,
        pos: &mut G,
        tt_index: Option<u16>,
        depth: u32,
        ply: usize,
        window: (Score, Score),
        eval: &mut Evaluator,
    ) -> Option<(Score, Option<u16>)> {
        let mut moves = std::mem::take(&mut self.moves[ply]);
        let mut scores = std::mem::take(&mut self.scores[ply]);
        pos.search_moves(&mut moves);
        let tt_move = tt_index.and_then(|i| moves.get(usize::from(i)).copied());
        let found = if moves.is_empty() {
            None
        } else {
            let (moves, scores) = (&moves, &mut scores);
            Some(self.best_move(pos, (moves, scores), tt_move, depth, ply, window, eval))
        };
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        found
    }

    /// The best of `moves` (in the order the options ask for, `scores` their ordering
    /// keys) and its value, fail-soft within `(alpha, beta)`, with the best move's index
    /// in generation order; a cut rewards the move.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn best_move(
        &mut self,
        pos: &mut G,
        (moves, scores): (&[G::Move], &mut Vec<(i32, u16)>),
        tt_move: Option<G::Move>,
        depth: u32,
        ply: usize,
        (mut alpha, beta): (Score, Score),
        eval: &mut Evaluator,
    ) -> (Score, Option<u16>) {
        let ordered =
            self.opts.tt_move || self.opts.tactical_first || self.opts.killers || self.opts.history;
        if ordered {
            self.ordering
                .score(pos, moves, tt_move, ply, &self.opts, scores);
        }
        let mut best = -INF;
        let mut best_move = None;
        for i in 0..moves.len() {
            let mv = if ordered {
                moves[pick_next(scores, i)]
            } else {
                moves[i]
            };
            let v = self.move_value(pos, mv, depth, ply, alpha, beta, eval);
            if self.aborted {
                break;
            }
            if v > best {
                best = v;
                best_move = Some(if ordered { scores[i].1 } else { i as u16 });
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if !pos.is_tactical(mv) {
                            self.ordering.reward(pos, mv, depth, ply, &self.opts);
                        }
                        break;
                    }
                }
            }
        }
        (best, best_move)
    }

    /// The evaluation of `pos` for the side to move, through the search's cache.
    #[inline]
    pub(super) fn evaluate(&mut self, pos: &G, eval: &mut Evaluator) -> Score {
        self.evals.evaluate(pos, eval)
    }

    /// Counts the node entered at `ply` and gives its score when nothing below it is
    /// searched: 0 once the search is aborted, the terminal score when the game is over.
    #[inline]
    pub(super) fn settled(&mut self, pos: &G, ply: usize) -> Option<Score> {
        if self.count_node() {
            return Some(0);
        }
        terminal_score(pos, self.rules.status(pos), ply as u32)
    }

    /// Counts a node and checks the node and time limits; `true` once the search is
    /// aborted.
    #[inline]
    fn count_node(&mut self) -> bool {
        self.nodes += 1;
        if self.nodes >= self.node_limit {
            self.aborted = true;
        }
        if let Some(deadline) = self.deadline {
            if self.nodes % CLOCK_CHECK_NODES == 0 && Instant::now() >= deadline {
                self.aborted = true;
            }
        }
        self.aborted
    }

    /// Probes the table: the stored best move, and the stored score when it settles this
    /// node (same depth, a bound that cuts the `(alpha, beta)` window, and a position
    /// far enough from the ply cap).
    #[inline]
    fn probe(
        &self,
        key: u64,
        ply: usize,
        depth: u32,
        (alpha, beta): (Score, Score),
        cacheable: bool,
    ) -> (Option<u16>, Option<Score>) {
        let Some(e) = self.tt.probe(key, ply as u32) else {
            return (None, None);
        };
        if self.opts.tt && cacheable && u32::from(e.depth) == depth {
            let cut = match e.bound {
                Bound::Exact => true,
                Bound::Lower => e.score >= beta,
                Bound::Upper => e.score <= alpha,
            };
            if cut {
                return (e.best, Some(e.score));
            }
        }
        (e.best, None)
    }

    /// Stores a node's result: its best score and move, bounded by the window
    /// `(original alpha, beta)` it was searched with.
    #[inline]
    fn store(
        &mut self,
        key: u64,
        ply: usize,
        depth: u32,
        (best, best_move): (Score, Option<u16>),
        (original_alpha, beta): (Score, Score),
    ) {
        let bound = if best <= original_alpha {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.tt.store(
            key,
            ply as u32,
            Entry {
                key,
                best: best_move,
                score: best,
                depth: depth.min(u8::MAX as u32) as u8,
                bound,
            },
        );
    }
}
