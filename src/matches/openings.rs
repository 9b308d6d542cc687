//! The openings of a match ([`Openings`]): its starts read once, and [`Openings::draw`],
//! which plays the random plies that make opening `i` from its own generator.

use std::collections::HashSet;

use rand::RngExt;

use crate::game::{Features, GameExt, GameRng, MatchRules, Start, Status};
use crate::played_game::SetupError;
use crate::tunables::OPENING_ATTEMPTS;

/// The openings of a match for game `G`: its starts read once (each with its name),
/// the random plies played from them, and the rules the games are played under.
#[derive(Clone, Debug)]
pub struct Openings<G> {
    starts: Vec<(String, Start<G>)>,
    plies: u32,
    rules: MatchRules,
}

impl<G> Openings<G> {
    /// The named starts, `plies` random plies from them, games played under `rules`.
    pub(super) fn new(starts: Vec<(String, Start<G>)>, plies: u32, rules: MatchRules) -> Self {
        Openings {
            starts,
            plies,
            rules,
        }
    }

    /// The ply cap and adjudication the games are played under.
    pub fn rules(&self) -> MatchRules {
        self.rules
    }
}

impl<G: Features> Openings<G> {
    /// Plays a random opening: the start for `index`, then the random legal plies drawn
    /// from `rng`. Openings that end the game, or whose position is in `exclude`
    /// (openings kept for another purpose), are drawn again.
    pub fn draw(
        &self,
        index: u64,
        rng: &mut GameRng,
        exclude: Option<&HashSet<u64>>,
    ) -> Result<G, SetupError> {
        let (name, start) = &self.starts[(index % self.starts.len() as u64) as usize];
        let rules = self.rules;
        let mut moves = Vec::new();
        for _ in 0..OPENING_ATTEMPTS {
            let mut pos = start.draw(rng);
            for _ in 0..self.plies {
                rules.legal_moves(&pos, &mut moves);
                if moves.is_empty() {
                    break;
                }
                let mv = moves[rng.random_range(0..moves.len())];
                pos.play(mv, rng);
            }
            if rules.status(&pos) == Status::Ongoing
                && !exclude.is_some_and(|e| e.contains(&pos.hash()))
            {
                return Ok(pos);
            }
        }
        Err(SetupError::NoOpening {
            start: name.clone(),
            plies: self.plies,
            attempts: OPENING_ATTEMPTS,
        })
    }
}
