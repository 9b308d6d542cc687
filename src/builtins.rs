//! Reference genomes compiled into the binary, so `luo2023` or `land_grab` name a player
//! anywhere a genome file would do. The files themselves live under genomes/.

/// (game, name, RON text) of every built-in genome.
const BUILTIN_GENOMES: &[(&str, &str, &str)] = &[
    (
        "wolves_sheep",
        "luo2023",
        include_str!("../genomes/wolves_sheep/luo2023.ron"),
    ),
    (
        "wolves_sheep",
        "li2023",
        include_str!("../genomes/wolves_sheep/li2023.ron"),
    ),
    (
        "war_of_life",
        "bloodlust",
        include_str!("../genomes/war_of_life/bloodlust.ron"),
    ),
    (
        "war_of_life",
        "self_preservation",
        include_str!("../genomes/war_of_life/self_preservation.ron"),
    ),
    (
        "war_of_life",
        "land_grab",
        include_str!("../genomes/war_of_life/land_grab.ron"),
    ),
    (
        "war_of_life",
        "minimax",
        include_str!("../genomes/war_of_life/minimax.ron"),
    ),
    (
        "war_of_life",
        "minimax_prolog",
        include_str!("../genomes/war_of_life/minimax_prolog.ron"),
    ),
    (
        "abalone",
        "guara",
        include_str!("../genomes/abalone/guara.ron"),
    ),
    (
        "abalone",
        "chorus2009",
        include_str!("../genomes/abalone/chorus2009.ron"),
    ),
    (
        "vampires_werewolves",
        "deepblue2021",
        include_str!("../genomes/vampires_werewolves/deepblue2021.ron"),
    ),
];

/// The RON text of a built-in genome.
pub fn genome_text(game: &str, name: &str) -> Option<&'static str> {
    BUILTIN_GENOMES
        .iter()
        .find(|(g, n, _)| *g == game && *n == name)
        .map(|(_, _, text)| *text)
}

/// The names of a game's built-in genomes.
pub fn genome_names(game: &str) -> impl Iterator<Item = &'static str> + '_ {
    BUILTIN_GENOMES
        .iter()
        .filter(move |(g, _, _)| *g == game)
        .map(|(_, n, _)| *n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::genome::Genome;

    #[test]
    fn every_builtin_genome_is_valid_for_its_game() {
        for (game, name, text) in BUILTIN_GENOMES {
            let origin = format!("built-in genome {name}");
            let g = crate::with_game!(*game, G => Genome::parse::<G>(text, &origin), panic!("unknown game {game}"))
                .unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(g.name, *name);
            assert_eq!(genome_text(game, name), Some(*text));
            assert!(genome_names(game).any(|n| n == *name));
        }
    }
}
