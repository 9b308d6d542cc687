//! Every registered game's `tests/data/<game>/positions.txt`, in the common format, is
//! checked against the game's rules: each line is
//!
//! ```text
//! <position in the game's notation> <status word> <legal moves in the game's notation...>
//! ```
//!
//! where the status word is the game's [`Game::status_word`] (`ongoing`, `draw`,
//! `<role>_win`), the first field that is one; the moves are listed in any order and
//! none follows a finished game's status. The files come from oracles written
//! independently of weightforge (each folder's README says which). A game added to the
//! registry is checked here as soon as its folder holds such a file; games without one
//! are named, and games whose `positions.txt` has a format of its own are listed in
//! [`OWN_FORMAT`] with the test that reads it.

use std::path::PathBuf;

use crate::common::oracle;
use weightforge::game::{Game, GameRng, Status};
use weightforge::registry::GameId;

/// Games whose `positions.txt` is in a format of their own, and the test that reads it.
const OWN_FORMAT: &[(GameId, &str)] = &[(
    GameId::Abalone,
    "blocks of `position`/`moves`/`result` lines, checked by tests/suite/abalone_oracles.rs",
)];

/// The status words of `G`, with the status each one means.
fn status_words<G: Game>(pos: &G) -> [(String, Status); 4] {
    [
        Status::Ongoing,
        Status::Draw,
        Status::Win(0),
        Status::Win(1),
    ]
    .map(|s| (pos.status_word(s), s))
}

/// Checks one line of a positions file (`words`: the status words); `l` is its
/// number, for messages.
fn check_line<G: Game>(words: &[(String, Status)], fields: &[&str], l: usize) {
    let at = fields
        .iter()
        .position(|f| words.iter().any(|(w, _)| w == f))
        .unwrap_or_else(|| panic!("{} line {l}: no status word", G::NAME));
    let text = fields[..at].join(" ");
    let pos = G::parse(&text).unwrap_or_else(|e| panic!("{} line {l}: {e}", G::NAME));
    assert_eq!(pos.to_text(), text, "{} line {l}: notation", G::NAME);
    let want = words.iter().find(|(w, _)| w == fields[at]).unwrap().1;
    assert_eq!(pos.status(), want, "{} line {l}: status of {text}", G::NAME);
    let mut want_moves: Vec<String> = fields[at + 1..].iter().map(|m| m.to_string()).collect();
    want_moves.sort();
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut got: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
    got.sort();
    assert_eq!(
        got,
        want_moves,
        "{} line {l}: legal moves of {text}",
        G::NAME
    );
    for (m, t) in moves.iter().zip(&got) {
        let again = pos.parse_move(&pos.move_text(*m));
        assert_eq!(again, Ok(*m), "{} line {l}: move {t} read back", G::NAME);
    }
    assert_eq!(
        pos.count_moves(&mut Vec::new()),
        moves.len(),
        "{} line {l}",
        G::NAME
    );
}

/// Checks every line of `G`'s positions file and returns how many there were.
fn check_file<G: Game>(text: &str) -> usize {
    let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(0);
    let probe = G::start(G::start_names()[0], &mut rng).expect("the first start resolves");
    let words = status_words(&probe);
    let mut n = 0;
    for line in oracle::lines(text) {
        check_line::<G>(&words, &line.fields, line.number);
        n += 1;
    }
    n
}

#[test]
fn every_game_with_a_positions_file_agrees_with_it() {
    let mut checked = Vec::new();
    for &id in GameId::ALL {
        let file = PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data"))
            .join(id.name())
            .join("positions.txt");
        let own = OWN_FORMAT.iter().find(|(g, _)| *g == id);
        match (file.is_file(), own) {
            (true, None) => {
                let text = oracle::read(id.name(), "positions.txt");
                let n = weightforge::with_game!(id, G => check_file::<G>(&text));
                assert!(n > 0, "{id}: {} has no lines", file.display());
                eprintln!("{id}: {n} positions agree");
                checked.push(id);
            }
            (true, Some((_, why))) => eprintln!("{id}: positions.txt of its own format: {why}"),
            (false, None) => eprintln!("{id}: no positions.txt"),
            (false, Some(_)) => panic!("{id} has no {}: take it off OWN_FORMAT", file.display()),
        }
    }
    eprintln!("checked: {checked:?}");
    assert!(
        !checked.is_empty(),
        "no game has a positions file in the common format"
    );
}
