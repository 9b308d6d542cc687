//! One datagen game, played by the match runner's game loop: the seated players search
//! every move at the plan's budget, and each kept move leaves a row: the quiet position at the end of the mover's principal
//! variation, the mover's role, the search's score from the mover's view, and (once the
//! game is over) its result from that view.

use serde::{Deserialize, Serialize};

use std::sync::Arc;

use super::{DatagenBudget, DatagenPlan, DatagenPlayer};
use crate::fit::positions_file::PositionRow;
use crate::game::{search_moves, Features, MatchRules, Role, Status};
use crate::genome::{Genome, Provenance};
use crate::matches::one_game::play_seated;
use crate::matches::openings::Openings;
use crate::played_game::{ChoiceReport, Observer, SetupError};
use crate::player::{Agent, PlayerSpec, SearchBudget};
use crate::seeds;
use crate::tables::GenomeTables;
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

/// `p` seated in `role` at the plan's budget, as the match runner seats a genome.
fn seat<G: Features>(
    p: &DatagenPlayer,
    role: Role,
    budget: DatagenBudget,
    rules: MatchRules,
) -> Agent<G> {
    let (depth, nodes, soft) = match budget {
        DatagenBudget::Nodes(n) => ([MAX_DEPTH; 2], Some(n), None),
        DatagenBudget::SoftNodes(n) => (
            [MAX_DEPTH; 2],
            Some(n.saturating_mul(DATAGEN_SOFT_HARD_FACTOR)),
            Some(n),
        ),
        DatagenBudget::Depth(d) => (d, None, None),
    };
    let genome = Genome {
        game: G::NAME.to_string(),
        name: p.name.clone(),
        weights: p.weights.clone(),
        tables: GenomeTables::from_file::<G>(&p.tables)
            .expect("a datagen player's tables come from a checked genome")
            .map(Arc::new),
        depth,
        nodes,
        random_ties: p.random_ties,
        tt_bits: Some(p.tt_bits),
        no_reply_fails: p.no_reply_fails,
        quiescence: p.quiescence,
        provenance: Provenance::default(),
    };
    let spec = PlayerSpec::Genome(Arc::new(genome));
    let mut agent = Agent::with_budget(&spec, role, SearchBudget::default(), rules);
    agent.set_soft_nodes(soft);
    agent
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

/// The rows a game leaves: at each kept choice, the last quiet position of the
/// mover's expected line (the root included), with the search's score.
struct RowKeeper<G: Features> {
    kept: [bool; 2],
    /// The first ply whose position is kept.
    from_ply: u32,
    rules: MatchRules,
    rows: Vec<PositionRow>,
    nodes: u64,
    buf: Vec<G::Move>,
}

impl<G: Features> Observer<G> for RowKeeper<G> {
    fn chose(&mut self, before: &G, chosen: Option<G::Move>, report: &dyn ChoiceReport<G>) {
        self.nodes += report.nodes();
        let role = before.side_to_move();
        let Some(mv) = chosen.filter(|_| self.kept[role] && before.ply() >= self.from_ply) else {
            return;
        };
        let line = report.line(before, mv, &self.rules);
        let leaf = line
            .into_iter()
            .rev()
            .chain(std::iter::once(before.clone()))
            .find(|p| quiet(p, &self.rules, &mut self.buf));
        if let Some(leaf) = leaf {
            self.rows.push(PositionRow {
                role,
                result: f32::NAN,
                score: (report.score() as f64 / EVAL_SCALE) as f32,
                text: leaf.to_text(),
            });
        }
    }
}

/// Plays game `i` of `plan` from `openings`, through the match runner's game loop.
pub(super) fn play_game<G: Features>(
    plan: &DatagenPlan,
    openings: &Openings<G>,
    i: u64,
) -> Result<DatagenGame, SetupError> {
    let (opening, players, kept) = seating(plan, i);
    let start = openings.draw(
        opening,
        &mut seeds::datagen_opening(plan.seed, opening),
        None,
    )?;
    let rules = openings.rules();
    let mut agents = [0, 1].map(|r| seat::<G>(players[r], r, plan.budget, rules));
    let mut keeper = RowKeeper {
        kept,
        from_ply: start.ply() + plan.skip_plies,
        rules,
        rows: Vec::new(),
        nodes: 0,
        buf: Vec::new(),
    };
    let mut rng = seeds::datagen_game(plan.seed, i);
    let end = play_seated(&start, &mut agents, &rules, &mut rng, &mut keeper);
    for row in &mut keeper.rows {
        row.result = end.status.score_for(row.role).unwrap_or(0.5) as f32;
    }
    Ok(DatagenGame {
        rows: keeper.rows,
        plies: end.plies,
        nodes: keeper.nodes,
    })
}
