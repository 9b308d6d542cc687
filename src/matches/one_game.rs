//! Playing one game: two players seated by role ([`Seating`]) play from a start under
//! the match rules, each ply shown to an [`Observer`], until the rules, the ply cap, a
//! missing move or a player's fault ends it. Every game of a match, a tournament, a
//! tuning run or datagen is played here ([`play_seated`] for players seated by the
//! caller).

use std::time::Instant;

use crate::game::{Features, GameExt, GameRng, MatchRules, Role, Status};
use crate::played_game::{EndReason, GameEnd, Observer};
use crate::player::{Agent, PlayerSpec, SearchBudget};
use crate::seeds::GameSeed;

/// Who plays and under what: the players by role (or A and B of a pair), the search
/// budget they get and the rules of the match.
#[derive(Clone, Copy, Debug)]
pub struct Seating<'a> {
    /// The players, first role first (for a pair: A, then B).
    pub players: [&'a PlayerSpec; 2],
    /// The match's overrides of the players' search settings.
    pub budget: SearchBudget,
    /// The ply cap and adjudication.
    pub rules: MatchRules,
}

impl Seating<'_> {
    /// The seating of a pair's game with A (the first player) in `a_role`.
    pub fn with_a_in(&self, a_role: Role) -> Self {
        let [a, b] = self.players;
        Seating {
            players: if a_role == 0 { [a, b] } else { [b, a] },
            ..*self
        }
    }
}

/// A game played: how it ended and the wall-clock seconds it took.
#[derive(Clone, Copy, Debug)]
pub struct PlayedGame {
    /// The end.
    pub end: GameEnd,
    /// Wall-clock seconds (for tables only).
    pub seconds: f64,
}

/// Seats the players as `seating` says and plays one game from `start`, its randomness
/// drawn from `seed`'s generator; `observer` sees every ply.
pub fn play_one<G: Features>(
    seating: &Seating,
    start: &G,
    seed: &GameSeed,
    observer: &mut dyn Observer<G>,
) -> PlayedGame {
    let [p0, p1] = seating.players;
    let mut agents = [
        Agent::with_budget(p0, 0, seating.budget, seating.rules),
        Agent::with_budget(p1, 1, seating.budget, seating.rules),
    ];
    let mut rng = seed.rng();
    let t0 = Instant::now();
    let end = play_seated(start, &mut agents, &seating.rules, &mut rng, observer);
    PlayedGame {
        end,
        seconds: t0.elapsed().as_secs_f64(),
    }
}

/// Plays one game from `start` under `rules`: `agents[r]` plays role `r` (told of a new
/// game first); `observer` sees every choice and every ply.
pub fn play_seated<G: Features>(
    start: &G,
    agents: &mut [Agent<G>; 2],
    rules: &MatchRules,
    rng: &mut GameRng,
    observer: &mut dyn Observer<G>,
) -> GameEnd {
    let mut pos = start.clone();
    let first_ply = pos.ply();
    agents.iter_mut().for_each(Agent::new_game);
    loop {
        let status = rules.status(&pos);
        let plies = pos.ply() - first_ply;
        if status != Status::Ongoing {
            let reason = if pos.status() == Status::Ongoing {
                EndReason::PlyCap
            } else {
                EndReason::Rules
            };
            return GameEnd {
                status,
                plies,
                reason,
            };
        }
        let side = pos.side_to_move();
        let chosen = agents[side].choose(&pos, rng);
        if let Ok(mv) = chosen {
            observer.chose(&pos, mv, &agents[side]);
        }
        match chosen {
            Ok(Some(mv)) => {
                observer.before_ply(&pos, mv);
                pos.play(mv, rng);
                observer.after_ply(&pos);
            }
            // No move while the game goes on: a game may allow it in principle; the
            // side that cannot move has nothing to play, which we score as a draw.
            Ok(None) => {
                return GameEnd {
                    status: Status::Draw,
                    plies,
                    reason: EndReason::NoMove,
                }
            }
            Err(fault) => {
                return GameEnd {
                    status: Status::Win(crate::game::other(side)),
                    plies,
                    reason: EndReason::Fault {
                        role: side,
                        kind: fault.kind,
                    },
                }
            }
        }
    }
}
