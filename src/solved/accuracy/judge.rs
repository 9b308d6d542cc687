//! Judging a player on sample positions: the move it plays in each, seen against the
//! solved values of all the moves there.

use super::sample::in_pool;
use super::sample::{mistake_possible, same_result};
use super::AccuracyError;
use crate::game::{Features, Game, MatchRules, Role};
use crate::player::{Agent, PlayerSpec, SearchBudget};
use crate::seeds::accuracy_move;
use crate::solved::{Oracle, Value};
use rayon::prelude::*;

/// One role's record on the sample.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoleAccuracy {
    /// Positions judged (this role to move).
    pub positions: u64,
    /// Moves that kept the position's value.
    pub kept: u64,
    /// Won positions judged, and the moves that kept the win.
    pub wins: [u64; 2],
    /// Drawn positions judged, and the moves that kept the draw.
    pub draws: [u64; 2],
}

impl RoleAccuracy {
    /// The share of moves that kept the value (0 when nothing was judged).
    pub fn share(&self) -> f64 {
        self.kept as f64 / self.positions.max(1) as f64
    }

    fn add(&mut self, value: Value, kept: bool) {
        let k = u64::from(kept);
        self.positions += 1;
        self.kept += k;
        let slot = match value {
            Value::Win(_) => &mut self.wins,
            _ => &mut self.draws,
        };
        slot[0] += 1;
        slot[1] += k;
    }
}

/// A move that changed the value: a win thrown into a draw or a loss, a draw into a loss.
#[derive(Clone, Debug, PartialEq)]
pub struct Mistake<G: Game> {
    /// The sample position (its index from 0).
    pub index: usize,
    /// The position.
    pub position: G,
    /// Its value for the side to move.
    pub value: Value,
    /// The move played.
    pub played: G::Move,
    /// The value it left, for the side that played it.
    pub after: Value,
    /// A move of the best value.
    pub best: G::Move,
}

impl<G: Game> Mistake<G> {
    /// How much was thrown away (a win into a quick loss is the worst).
    fn cost(&self) -> i64 {
        self.value.rank() - self.after.rank()
    }
}

/// A player's accuracy on a sample.
#[derive(Clone, Debug, PartialEq)]
pub struct Accuracy<G: Game> {
    /// By role.
    pub roles: [RoleAccuracy; 2],
    /// By phase (the game's [`Solvable::phases`](crate::solved::Solvable::phases)) and
    /// role.
    pub phases: Vec<[RoleAccuracy; 2]>,
    /// Every mistake, worst first (then in sample order).
    pub mistakes: Vec<Mistake<G>>,
    /// Sample positions left out: no move there changes the value, or the game is over.
    pub left_out: u64,
}

impl<G: Game> Accuracy<G> {
    /// Both roles together.
    pub fn total(&self) -> RoleAccuracy {
        let [a, b] = self.roles;
        RoleAccuracy {
            positions: a.positions + b.positions,
            kept: a.kept + b.kept,
            wins: [a.wins[0] + b.wins[0], a.wins[1] + b.wins[1]],
            draws: [a.draws[0] + b.draws[0], a.draws[1] + b.draws[1]],
        }
    }
}

/// What the player did in one position (`None`: not a sample position).
type Verdict<G> = Option<(Role, Value, Option<Mistake<G>>)>;

/// Asks the player seated for the side to move of sample position `index` for its
/// move (its tables cleared first, so the answer does not depend on which positions
/// came before on this thread) and judges it.
fn judge_one<G: Features>(
    sol: &dyn Oracle<G>,
    agents: &mut [Agent<G>; 2],
    index: usize,
    pos: &G,
) -> Result<Verdict<G>, AccuracyError> {
    if !mistake_possible(sol, pos)? {
        return Ok(None);
    }
    let role = pos.side_to_move();
    let agent = &mut agents[role];
    agent.new_game();
    let mut rng = accuracy_move(index as u64);
    let played = agent
        .choose(pos, &mut rng)
        .map_err(|fault| AccuracyError::Player {
            position: pos.to_text(),
            fault,
        })?
        .ok_or_else(|| AccuracyError::NoMove(pos.to_text()))?;
    let value = sol.value(pos)?;
    let moves = sol.move_values(pos)?;
    let after = moves
        .iter()
        .find(|(m, _)| *m == played)
        .map(|&(_, v)| v)
        .ok_or_else(|| AccuracyError::NoMove(pos.to_text()))?;
    let mistake = (!same_result(after, value)).then(|| Mistake {
        index,
        position: pos.clone(),
        value,
        played,
        after,
        best: best_move(&moves).unwrap_or(played),
    });
    Ok(Some((role, value, mistake)))
}

/// A move of the best value (the first in move order).
fn best_move<M: Copy>(moves: &[(M, Value)]) -> Option<M> {
    let top = moves.iter().map(|&(_, v)| v.rank()).max()?;
    moves
        .iter()
        .find(|&&(_, v)| v.rank() == top)
        .map(|&(m, _)| m)
}

/// Judges the player `spec` searching within `budget` on `positions`, on up to
/// `threads` threads (the result does not depend on how many).
pub fn judge<G: Features>(
    sol: &dyn Oracle<G>,
    phases: &[(&'static str, u32, u32)],
    spec: &PlayerSpec,
    budget: SearchBudget,
    positions: &[G],
    threads: usize,
) -> Result<Accuracy<G>, AccuracyError> {
    let rules = MatchRules::capped(G::DEFAULT_PLY_CAP);
    let seat = || {
        [
            Agent::with_budget(spec, 0, budget, rules),
            Agent::with_budget(spec, 1, budget, rules),
        ]
    };
    let verdicts: Vec<Verdict<G>> = in_pool(threads, || {
        positions
            .par_iter()
            .enumerate()
            .map_init(seat, |agents, (i, pos)| judge_one(sol, agents, i, pos))
            .collect()
    })?;
    let mut acc = Accuracy {
        roles: Default::default(),
        phases: vec![Default::default(); phases.len()],
        mistakes: Vec::new(),
        left_out: 0,
    };
    for (verdict, pos) in verdicts.into_iter().zip(positions) {
        let Some((role, value, mistake)) = verdict else {
            acc.left_out += 1;
            continue;
        };
        let kept = mistake.is_none();
        acc.roles[role].add(value, kept);
        let number = pos.ply() + 1;
        if let Some(p) = phases
            .iter()
            .position(|&(_, a, b)| (a..=b).contains(&number))
        {
            acc.phases[p][role].add(value, kept);
        }
        acc.mistakes.extend(mistake);
    }
    acc.mistakes
        .sort_by_key(|m| (std::cmp::Reverse(m.cost()), m.index));
    Ok(acc)
}
