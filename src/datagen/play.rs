//! One datagen game: the seated players search every move at the plan's budget, and
//! each kept move leaves a row: the quiet position at the end of the mover's principal
//! variation, the mover's role, the search's score from the mover's view, and (once the
//! game is over) its result from that view.

use serde::{Deserialize, Serialize};

use super::{DatagenBudget, DatagenPlan, DatagenPlayer};
use crate::eval::Evaluator;
use crate::fit::positions_file::PositionRow;
use crate::game::{search_moves, Features, GameExt, MatchRules, Role, Status};
use crate::matches::openings::Openings;
use crate::played_game::SetupError;
use crate::search::{SearchLimits, SearchOptions, Searcher};
use crate::seeds;
use crate::tunables::{DATAGEN_SOFT_HARD_FACTOR, EVAL_SCALE, MAX_DEPTH};

/// What one game gives.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DatagenGame {
    /// The kept rows, in the order of the moves.
    pub rows: Vec<PositionRow>,
    /// Plies played (after the opening).
    pub plies: u32,
    /// Nodes searched by both sides.
    pub nodes: u64,
}

/// One role's player at the board: its searcher, evaluation and limits.
struct Side<G: Features> {
    searcher: Box<Searcher<G>>,
    eval: Evaluator,
    limits: SearchLimits,
}

impl<G: Features> Side<G> {
    fn new(p: &DatagenPlayer, role: Role, budget: DatagenBudget, rules: MatchRules) -> Self {
        let opts = SearchOptions {
            random_ties: p.random_ties,
            no_reply_fails: p.no_reply_fails,
            quiescence: p.quiescence,
            ..SearchOptions::default()
        };
        let (depth, nodes, soft_nodes) = match budget {
            DatagenBudget::Nodes(n) => (MAX_DEPTH, Some(n), None),
            DatagenBudget::SoftNodes(n) => (
                MAX_DEPTH,
                Some(n.saturating_mul(DATAGEN_SOFT_HARD_FACTOR)),
                Some(n),
            ),
            DatagenBudget::Depth(d) => (d[role], None, None),
        };
        Side {
            searcher: Box::new(Searcher::new(opts, p.tt_bits)),
            eval: Evaluator::new::<G>(role, &p.weights[role]),
            limits: SearchLimits {
                depth,
                nodes,
                soft_nodes,
                deadline: None,
                rules,
            },
        }
    }
}

/// Game `i`'s opening number, its players by role and the roles whose moves are kept.
fn seating(plan: &DatagenPlan, i: u64) -> (u64, [&DatagenPlayer; 2], [bool; 2]) {
    let me = &plan.player;
    if plan.opponents.is_empty() {
        return (i, [me, me], [true, true]);
    }
    let k = i / 2;
    let them = &plan.opponents[(k % plan.opponents.len() as u64) as usize];
    if i % 2 == 0 {
        (k, [me, them], [true, false])
    } else {
        (k, [them, me], [false, true])
    }
}

/// Whether the side to move of `pos` has no tactical move (a capture, a push-off): its
/// evaluation is not about to change by force.
fn quiet<G: Features>(pos: &G, rules: &MatchRules, buf: &mut Vec<G::Move>) -> bool {
    if rules.status(pos) != Status::Ongoing {
        return false;
    }
    search_moves(rules, pos, buf);
    !buf.iter().any(|&m| pos.is_tactical(m))
}

/// The position a search of `root` that chose `best` at `depth` scored: the last quiet
/// position of its principal variation, the root included (none when none is quiet).
fn quiet_leaf<G: Features>(
    searcher: &Searcher<G>,
    root: &G,
    (best, depth): (G::Move, u32),
    rules: &MatchRules,
) -> Option<G> {
    let line = searcher.principal_variation(root, best, depth.max(1), rules);
    let mut buf = Vec::new();
    line.into_iter()
        .rev()
        .chain(std::iter::once(root.clone()))
        .find(|p| quiet(p, rules, &mut buf))
}

/// Plays game `i` of `plan` from `openings`.
pub(super) fn play_game<G: Features>(
    plan: &DatagenPlan,
    openings: &Openings<G>,
    i: u64,
) -> Result<DatagenGame, SetupError> {
    let (opening, players, kept) = seating(plan, i);
    let mut pos = openings.draw(
        opening,
        &mut seeds::datagen_opening(plan.seed, opening),
        None,
    )?;
    let rules = openings.rules();
    let mut sides = [0, 1].map(|r| Side::<G>::new(players[r], r, plan.budget, rules));
    let mut rng = seeds::datagen_game(plan.seed, i);
    let first = pos.ply();
    let (mut rows, mut nodes) = (Vec::new(), 0);
    let status = loop {
        let status = rules.status(&pos);
        if status != Status::Ongoing {
            break status;
        }
        let role = pos.side_to_move();
        let side = &mut sides[role];
        let found = side
            .searcher
            .search(&pos, &mut side.eval, &side.limits, &mut rng);
        nodes += found.nodes;
        // A side with nothing to play while the game goes on: scored as a draw, as
        // matches do.
        let Some(mv) = found.best else {
            break Status::Draw;
        };
        if kept[role] && pos.ply() - first >= plan.skip_plies {
            if let Some(leaf) = quiet_leaf(&side.searcher, &pos, (mv, found.depth), &rules) {
                rows.push(PositionRow {
                    role,
                    result: f32::NAN,
                    score: (found.score as f64 / EVAL_SCALE) as f32,
                    text: leaf.to_text(),
                });
            }
        }
        pos.play(mv, &mut rng);
    };
    for row in &mut rows {
        row.result = status.score_for(row.role).unwrap_or(0.5) as f32;
    }
    Ok(DatagenGame {
        rows,
        plies: pos.ply() - first,
        nodes,
    })
}
