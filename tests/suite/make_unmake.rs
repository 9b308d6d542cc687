//! Make/unmake over every game of the registry ([`GameId::ALL`]), as a property of random
//! games from the game's first start: every legal move (and every outcome of it) made and
//! taken back restores the position's text, hash, ply and legal moves; the incremental
//! hash after a move equals the hash of the same position read from its text (computed
//! from scratch). A game added to the registry is checked here at once.

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use weightforge::game::{Game, GameRng};
use weightforge::registry::GameId;

/// Moves of one position made and taken back (the first ones, then every other is
/// skipped by a stride so that games with hundreds of moves stay quick).
const MOVES_PER_POSITION: usize = 24;

/// What make/unmake must restore: text, hash, ply, side to move, legal move texts.
type Snapshot = (String, u64, u32, usize, Vec<String>);

/// The [`Snapshot`] of `pos` (`moves`: scratch space).
fn snapshot<G: Game>(pos: &G, moves: &mut Vec<G::Move>) -> Snapshot {
    pos.legal_moves(moves);
    let texts = moves.iter().map(|&m| pos.move_text(m)).collect();
    (
        pos.to_text(),
        pos.hash(),
        pos.ply(),
        pos.side_to_move(),
        texts,
    )
}

/// The hash of `pos` computed from scratch: the position read back from its text.
fn scratch_hash<G: Game>(pos: &G) -> u64 {
    G::parse(&pos.to_text())
        .unwrap_or_else(|e| panic!("{}: {} does not read back: {e}", G::NAME, pos.to_text()))
        .hash()
}

/// Makes and unmakes every (sampled) move and outcome of `pos`.
fn round_trips<G: Game>(pos: &mut G, moves: &[G::Move]) -> Result<(), TestCaseError> {
    let mut scratch = Vec::new();
    let before = snapshot(pos, &mut scratch);
    let stride = moves.len().div_ceil(MOVES_PER_POSITION).max(1);
    let mut outcomes = Vec::new();
    for &mv in moves.iter().step_by(stride) {
        pos.outcomes(mv, &mut outcomes);
        for &(outcome, _) in &outcomes {
            let undo = pos.make(mv, outcome);
            prop_assert_eq!(pos.hash(), scratch_hash(pos), "{} after {:?}", G::NAME, mv);
            prop_assert_eq!(pos.ply(), before.2 + 1, "{}", G::NAME);
            pos.unmake(mv, undo);
            prop_assert_eq!(
                &snapshot(pos, &mut scratch),
                &before,
                "{} {:?}",
                G::NAME,
                mv
            );
        }
    }
    Ok(())
}

/// One random game of `G` from its first start, drawn from `seed` and `choices`.
fn random_game<G: Game>(seed: u64, choices: &[u32]) -> Result<(), TestCaseError> {
    let mut rng: GameRng = rand::SeedableRng::seed_from_u64(seed);
    let mut pos = G::start(G::start_names()[0], &mut rng).expect("the first start");
    prop_assert_eq!(pos.hash(), scratch_hash(&pos), "{} start", G::NAME);
    let mut moves = Vec::new();
    for &c in choices {
        pos.legal_moves(&mut moves);
        if moves.is_empty() {
            break;
        }
        round_trips(&mut pos, &moves)?;
        let mv = moves[c as usize % moves.len()];
        let outcome = pos.sample_outcome(mv, &mut rng);
        pos.make(mv, outcome);
        prop_assert_eq!(pos.hash(), scratch_hash(&pos), "{} after {:?}", G::NAME, mv);
    }
    Ok(())
}

fn property<G: Game>() {
    let mut runner = TestRunner::new(Config {
        cases: 32,
        failure_persistence: None,
        ..Config::default()
    });
    let input = (
        any::<u64>(),
        proptest::collection::vec(any::<u32>(), 0..100),
    );
    runner
        .run(&input, |(seed, choices)| random_game::<G>(seed, &choices))
        .unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
}

#[test]
fn make_unmake_restores_every_game_and_its_hash() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => property::<G>());
        eprintln!("{id}: make/unmake and hashes agree");
    }
}
