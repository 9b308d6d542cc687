//! Reference genomes compiled into the binary, so `luo2023` or `land_grab` name a player
//! anywhere a genome file would do. Each game lists its own in
//! [`GameEntry::BUILTIN_GENOMES`]; the files themselves live under genomes/.

use crate::game::GameEntry;

/// The (name, RON text) of every built-in genome of the game named `game`.
fn builtin_genomes(game: &str) -> &'static [(&'static str, &'static str)] {
    crate::with_game!(game, G => <G as GameEntry>::BUILTIN_GENOMES, &[])
}

/// The RON text of a built-in genome.
pub fn genome_text(game: &str, name: &str) -> Option<&'static str> {
    builtin_genomes(game)
        .iter()
        .find(|(n, _)| *n == name)
        .map(|(_, text)| *text)
}

/// The names of a game's built-in genomes.
pub fn genome_names(game: &str) -> impl Iterator<Item = &'static str> {
    builtin_genomes(game).iter().map(|(n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genome::Genome;
    use crate::registry::GameId;

    fn check<G: GameEntry>() {
        for (name, text) in G::BUILTIN_GENOMES {
            let origin = format!("built-in genome {name}");
            let g = Genome::parse::<G>(text, &origin).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g.name, *name);
            assert_eq!(genome_text(G::NAME, name), Some(*text));
            assert!(genome_names(G::NAME).any(|n| n == *name));
        }
    }

    #[test]
    fn every_builtin_genome_is_valid_for_its_game() {
        for &id in GameId::ALL {
            crate::with_game!(id, G => check::<G>());
        }
    }
}
