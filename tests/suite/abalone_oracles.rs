//! Abalone against the shared oracle data (tests/data/abalone/, see its README): the
//! starts, the resulting boards of every legal move in 200 positions, and the BCIT
//! course's sample state-space files (its perft counts are checked in tests/suite/perft.rs with
//! every game's); and the bulk-counting perft against the plain one.

use std::collections::BTreeSet;

use crate::common::oracle;
use weightforge::game::{perft, Features, Game, GameRng};
use weightforge::games::abalone::bcit;
use weightforge::games::abalone::Abalone;

const DATA: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/abalone/");

fn read(name: &str) -> String {
    oracle::read("abalone", name)
}

fn rng() -> GameRng {
    <GameRng as rand::SeedableRng>::seed_from_u64(7)
}

#[test]
fn starts_match_the_oracle() {
    let text = read("starts.txt");
    let mut names = Vec::new();
    for line in oracle::lines(&text) {
        let (name, position) = line.text.split_once(' ').expect("<name> <position>");
        let pos = Abalone::start(name, &mut rng()).unwrap();
        assert_eq!(pos.to_text(), position, "{name}");
        assert_eq!(Abalone::parse(position).unwrap(), pos, "{name}");
        names.push(name.to_string());
    }
    assert_eq!(names, Abalone::start_names());
}

#[test]
fn bulk_perft_counts_what_perft_counts() {
    // The oracle's counts themselves are checked in tests/suite/perft.rs.
    for &start in Abalone::start_names() {
        let mut pos = Abalone::start(start, &mut rng()).unwrap();
        let before = pos;
        for depth in 0..=3 {
            assert_eq!(
                pos.perft_bulk(depth),
                perft(&mut pos, depth),
                "{start} {depth}"
            );
        }
        assert_eq!(pos, before);
    }
}

/// One block of positions.txt: the position, the move count, the result boards.
struct Block {
    line: usize,
    position: String,
    moves: usize,
    results: Vec<String>,
}

fn blocks() -> Vec<Block> {
    let text = read("positions.txt");
    let mut out: Vec<Block> = Vec::new();
    for l in oracle::lines(&text) {
        let (n, line) = (l.number - 1, l.text);
        if let Some(p) = line.strip_prefix("position ") {
            out.push(Block {
                line: n + 1,
                position: p.to_string(),
                moves: usize::MAX,
                results: Vec::new(),
            });
        } else if let Some(m) = line.strip_prefix("moves ") {
            out.last_mut().expect("moves after a position").moves = m.parse().unwrap();
        } else if let Some(r) = line.strip_prefix("result ") {
            out.last_mut()
                .expect("result after a position")
                .results
                .push(r.to_string());
        } else {
            panic!("line {}: {line}", n + 1);
        }
    }
    out
}

#[test]
fn positions_have_exactly_the_oracle_results() {
    let mut moves = Vec::new();
    let mut lines = 0;
    let blocks = blocks();
    for b in &blocks {
        let pos = Abalone::parse(&b.position).unwrap_or_else(|e| panic!("line {}: {e}", b.line));
        assert_eq!(pos.to_text(), b.position, "line {}: round trip", b.line);
        pos.legal_moves(&mut moves);
        assert_eq!(moves.len(), b.moves, "line {}: {}", b.line, b.position);
        assert_eq!(
            pos.count_moves() as usize,
            b.moves,
            "line {}: count",
            b.line
        );
        let mut got: Vec<String> = moves
            .iter()
            .map(|&m| {
                let mut next = pos;
                next.make(m, ());
                assert_eq!(next.hash(), next.hash_from_scratch(), "line {}", b.line);
                assert_eq!(pos.parse_move(&pos.move_text(m)), Ok(m), "line {}", b.line);
                next.board_text()
            })
            .collect();
        got.sort();
        assert_eq!(got, b.results, "line {}: {}", b.line, b.position);
        lines += got.len();
    }
    assert_eq!(blocks.len(), 200);
    assert_eq!(lines, 12_325);
}

#[test]
fn pushes_off_in_the_oracle_positions_are_flagged() {
    // README: 98 result lines push a marble off, 23 of them win.
    let mut moves = Vec::new();
    let (mut off, mut wins) = (0, 0);
    for b in blocks() {
        let pos = Abalone::parse(&b.position).unwrap();
        pos.legal_moves(&mut moves);
        for &m in &moves {
            let mut next = pos;
            next.make(m, ());
            let lost = next.lost(1 - pos.side_to_move()) - pos.lost(1 - pos.side_to_move());
            assert_eq!(
                lost == 1,
                m.pushes_off(),
                "{} {}",
                b.position,
                pos.move_text(m)
            );
            assert!(lost <= 1);
            // Captures are what the search orders first.
            assert_eq!(pos.is_tactical(m), lost == 1);
            off += lost;
            if next.status() != weightforge::game::Status::Ongoing {
                assert_eq!(
                    next.status(),
                    weightforge::game::Status::Win(pos.side_to_move())
                );
                wins += 1;
            }
        }
    }
    assert_eq!((off, wins), (98, 23));
}

#[test]
fn bcit_state_spaces_match_the_course_files() {
    for test in ["Test1", "Test2"] {
        let pos = bcit::read_input(format!("{DATA}bcit/{test}.input").as_ref()).unwrap();
        let want = read(&format!("bcit/{test}.board"));
        let got = bcit::board_file(&pos);
        let as_set = |s: &str| s.lines().map(str::to_string).collect::<BTreeSet<_>>();
        assert_eq!(as_set(&got), as_set(&want), "{test} as sets");
        assert_eq!(got.lines().count(), want.lines().count(), "{test}");
        // The instructor's order is reproduced too.
        assert_eq!(got, want, "{test} in order");
        assert_eq!(bcit::move_file(&pos).lines().count(), want.lines().count());
    }
}
