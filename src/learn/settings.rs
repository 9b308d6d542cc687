//! What a learning run depends on, resolved: the families, the seed, the games and
//! every step of the schedule. A run is a pure function of these (the thread count and
//! the clock are not among them).

use serde::{Deserialize, Serialize};

use crate::hash::fnv1a;

/// How each weight's step size is set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum StepSize {
    /// Temporal coherence: α × |Σ updates| / Σ |updates|, per weight.
    Coherent,
    /// α for every weight.
    Plain,
}

impl StepSize {
    /// Its name on the command line.
    pub fn name(self) -> &'static str {
        match self {
            StepSize::Coherent => "tcl",
            StepSize::Plain => "plain",
        }
    }
}

/// A learning run's settings.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LearnSettings {
    /// The game.
    pub game: String,
    /// The table families learned.
    pub families: Vec<String>,
    /// The run seed.
    pub seed: u64,
    /// Games to play: the schedule's horizon.
    pub games: u64,
    /// Step size per active tuple at the first game and at the last.
    pub alpha: [f64; 2],
    /// Share of random moves at the first game and at the last.
    pub epsilon: [f64; 2],
    /// λ of TD(λ).
    pub lambda: f64,
    /// How steps are set per weight.
    pub step_size: StepSize,
    /// Games per batch (played against frozen weights).
    pub batch: u64,
    /// A fingerprint of the start weights (0 from zero).
    pub start: u64,
}

impl LearnSettings {
    /// The share of the schedule game `game` is at, 0 to 1.
    fn progress(&self, game: u64) -> f64 {
        if self.games <= 1 {
            return 1.0;
        }
        (game as f64 / (self.games - 1) as f64).min(1.0)
    }

    /// The step size (per active tuple) for game `game`.
    pub fn alpha_at(&self, game: u64) -> f64 {
        let t = self.progress(game);
        self.alpha[0] + (self.alpha[1] - self.alpha[0]) * t
    }

    /// The share of random moves in game `game`.
    pub fn epsilon_at(&self, game: u64) -> f64 {
        let t = self.progress(game);
        self.epsilon[0] + (self.epsilon[1] - self.epsilon[0]) * t
    }

    /// A fingerprint of everything the weights depend on: a checkpoint carries it, and
    /// one made with other settings is refused.
    pub fn fingerprint(&self) -> u64 {
        // Serialising plain data to JSON cannot fail.
        fnv1a(&serde_json::to_vec(self).expect("plain data"))
    }

    /// Checks that every number is usable, naming the flag.
    pub fn check(&self) -> Result<(), String> {
        let unit = |name: &str, x: f64| {
            if (0.0..=1.0).contains(&x) {
                Ok(())
            } else {
                Err(format!("{name} {x}: expected a number from 0 to 1"))
            }
        };
        for a in self.alpha {
            if !(a.is_finite() && a > 0.0 && a <= 10.0) {
                return Err(format!(
                    "--alpha {a}: expected a number above 0, at most 10"
                ));
            }
        }
        unit("--epsilon", self.epsilon[0])?;
        unit("--epsilon", self.epsilon[1])?;
        unit("--lambda", self.lambda)?;
        if self.games == 0 || self.batch == 0 {
            return Err("a run plays at least one game".into());
        }
        Ok(())
    }
}
