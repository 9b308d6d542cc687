//! The genome a run writes: the learned tables (`T` for the first role, `−T` for the
//! second), no hand weights, and the reference genome's search settings, so that it
//! plays at the same depth and budget as the genome it is measured against.

use std::sync::Arc;

use super::settings::LearnSettings;
use super::values::LearnedValues;
use crate::genome::{Genome, Provenance};

/// The genome of `values` after `games` games, with the search settings of `template`.
pub fn learned_genome(
    values: &LearnedValues,
    template: &Genome,
    s: &LearnSettings,
    games: u64,
) -> Genome {
    let zeros = |w: &Vec<f64>| vec![0.0; w.len()];
    Genome {
        game: template.game.clone(),
        name: format!("learned_{}", s.game),
        weights: [zeros(&template.weights[0]), zeros(&template.weights[1])],
        tables: Some(Arc::new(values.to_tables())),
        provenance: Provenance {
            source: format!("weightforge learn --game {}", s.game),
            notes: format!(
                "TD(λ = {}) by self-play, families {}, steps {} (α {} → {}), ε {} → {}; search settings of {:?}",
                s.lambda,
                s.families.join(","),
                s.step_size.name(),
                s.alpha[0],
                s.alpha[1],
                s.epsilon[0],
                s.epsilon[1],
                template.name
            ),
            seed: Some(s.seed),
            algorithm: Some("td".into()),
            games: Some(games),
            ..Provenance::default()
        },
        ..template.clone()
    }
}
