//! Perft over every game in the registry (as shakmaty's tests/perft.rs does for chess):
//! each game's `tests/data/<game>/perft.txt`, copied with its provenance from the shared
//! oracles, must give the same leaf counts with [`perft`]. The games come from
//! [`GameId::ALL`], so a game added to the registry is checked here at once: it fails
//! until it has oracle data, or until [`NO_PERFT`] says why it has no perft counts.

use std::path::PathBuf;

use crate::common::oracle;
use weightforge::game::{perft, Game, Start};
use weightforge::registry::GameId;

/// The games whose oracle data has no perft counts, and why. Every other game must have
/// `tests/data/<game>/perft.txt`.
const NO_PERFT: &[(GameId, &str)] = &[
    (
        GameId::WarOfLife,
        "the referee's data (tests/data/war_of_life/) holds cranks and complete games, \
         no perft counts; war_of_life_oracles.rs checks every move of those games",
    ),
    (
        GameId::VampiresWerewolves,
        "the oracle data (tests/data/vampires_werewolves/) holds only the course's maps; \
         no independent implementation has counted move trees",
    ),
];

/// The folder of a game's oracle data.
fn data_dir(id: GameId) -> PathBuf {
    PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data")).join(id.name())
}

/// Checks every line `<position or start name> <depth> <nodes>` of a perft file (the
/// position may hold spaces) and returns how many lines there were.
fn check_perft<G: Game>(text: &str) -> usize {
    let mut checked = 0;
    for line in oracle::lines(text) {
        let (f, l) = (&line.fields, line.number);
        assert!(f.len() >= 3, "{} line {l}: {}", G::NAME, line.text);
        let (position, numbers) = f.split_at(f.len() - 2);
        let start = G::resolve_start(&position.join(" "))
            .unwrap_or_else(|e| panic!("{} line {l}: {e}", G::NAME));
        let Start::Fixed(mut pos) = start else {
            panic!("{} line {l}: a random start has no perft", G::NAME);
        };
        let depth: u32 = numbers[0].parse().expect("a depth");
        let nodes: u64 = numbers[1].parse().expect("a node count");
        let before = (pos.to_text(), pos.hash());
        assert_eq!(perft(&mut pos, depth), nodes, "{} line {l}", G::NAME);
        assert_eq!((pos.to_text(), pos.hash()), before, "{} line {l}", G::NAME);
        checked += 1;
    }
    checked
}

#[test]
fn every_game_has_oracle_data_with_its_provenance() {
    for &id in GameId::ALL {
        let readme = data_dir(id).join("README.md");
        assert!(
            readme.is_file(),
            "{id}: no {} saying where its oracle data comes from",
            readme.display()
        );
    }
}

#[test]
fn every_game_matches_its_perft_oracle() {
    for &id in GameId::ALL {
        let file = data_dir(id).join("perft.txt");
        let exempt = NO_PERFT.iter().find(|(g, _)| *g == id);
        match (file.is_file(), exempt) {
            (true, None) => {
                let text = oracle::read(id.name(), "perft.txt");
                let lines = weightforge::with_game!(id, G => check_perft::<G>(&text));
                assert!(lines > 0, "{id}: {} has no lines", file.display());
                eprintln!("{id}: {lines} perft lines agree");
            }
            (false, Some((_, why))) => eprintln!("{id}: no perft file: {why}"),
            (false, None) => panic!(
                "{id}: no {}; copy it from the shared oracles with its provenance, \
                 or add {id} to NO_PERFT with the reason",
                file.display()
            ),
            (true, Some((_, why))) => panic!(
                "{id} has {} now: take it off NO_PERFT ({why})",
                file.display()
            ),
        }
    }
}
