//! Connect Four's solver: equal to plain minimax on random positions with up to 14
//! empty cells, equal to the independent oracle data (tests/data/connect_four/scores.txt,
//! written by solver_oracle.py), and its oracle's values, best moves and book.

use std::collections::HashMap;

use rand::{RngExt, SeedableRng};
use weightforge::game::{Game, GameRng, Status};
use weightforge::games::connect_four::solver::board::Board;
use weightforge::games::connect_four::solver::negamax::{Negamax, Nothing};
use weightforge::games::connect_four::solver::oracle::C4Oracle;
use weightforge::games::connect_four::solver::score::{score_of, value_of};
use weightforge::games::connect_four::ConnectFour;
use weightforge::solved::Oracle;

/// The score of an ongoing position by plain negamax over the rules (no pruning; a
/// table of the positions seen, so that a 14-cell tree stays small).
fn plain(pos: &ConnectFour, seen: &mut HashMap<String, i32>) -> i32 {
    if let Some(&s) = seen.get(&pos.to_text()) {
        return s;
    }
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let p = pos.ply() as i32;
    let best = moves
        .iter()
        .map(|&m| {
            let mut child = *pos;
            child.make(m, ());
            match child.status() {
                Status::Win(_) => (43 - p) / 2,
                Status::Draw => 0,
                Status::Ongoing => -plain(&child, seen),
            }
        })
        .max()
        .expect("an ongoing position has a move");
    seen.insert(pos.to_text(), best);
    best
}

/// A random ongoing position with `empty` empty cells: random moves that leave the
/// other side no win at once where some move does (else any move that completes no
/// four), so that the game lasts and its outcome stays open (`None` if every move of
/// some ply completes a four).
fn random_position(empty: u32, rng: &mut GameRng) -> Option<ConnectFour> {
    let mut pos = ConnectFour::new();
    while 42 - pos.ply() > empty {
        let (quiet, ongoing) = candidate_moves(&pos);
        let moves = if quiet.is_empty() { ongoing } else { quiet };
        if moves.is_empty() {
            return None;
        }
        pos.make(moves[rng.random_range(0..moves.len())], ());
    }
    Some(pos)
}

/// The moves of `pos` that leave the other side no win at once, and those that complete
/// no four.
type Moves = Vec<weightforge::games::connect_four::C4Move>;
fn candidate_moves(pos: &ConnectFour) -> (Moves, Moves) {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    let mut ongoing = Vec::new();
    let mut quiet = Vec::new();
    for m in moves {
        let mut child = *pos;
        child.make(m, ());
        if child.status() != Status::Ongoing {
            continue;
        }
        ongoing.push(m);
        if !Board::of(&child).can_win_next() {
            quiet.push(m);
        }
    }
    (quiet, ongoing)
}

#[test]
fn the_solver_equals_plain_minimax_on_random_positions() {
    let mut rng = GameRng::seed_from_u64(55);
    let mut solver = Negamax::new(16);
    let mut checked = [0; 3];
    for i in 0..400 {
        let empty = 6 + i % 9; // 6 to 14 empty cells
        let Some(pos) = random_position(empty, &mut rng) else {
            continue;
        };
        let want = plain(&pos, &mut HashMap::new());
        let got = solver.solve(&Board::of(&pos), &Nothing);
        assert_eq!(got, want, "{}", pos.to_text());
        checked[(want.signum() + 1) as usize] += 1;
    }
    // losses, draws and wins all met
    assert!(checked.iter().all(|&n| n >= 10), "{checked:?}");
}

/// The lines of the oracle data: position, score, and each column's score (`None` when
/// the column is full).
fn oracle_lines() -> Vec<(ConnectFour, i32, Vec<Option<i32>>)> {
    let text = include_str!("../data/connect_four/scores.txt");
    text.lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| {
            let f: Vec<&str> = l.split_whitespace().collect();
            let pos = ConnectFour::parse(&format!("{} {}", f[0], f[1])).expect("a position");
            let score = f[2].parse().expect("a score");
            let cols = f[3..10].iter().map(|c| c.parse().ok()).collect();
            (pos, score, cols)
        })
        .collect()
}

#[test]
fn scores_agree_with_the_independent_oracle() {
    let lines = oracle_lines();
    assert!(lines.len() >= 300, "{} lines", lines.len());
    let oracle = C4Oracle::new(None, 18);
    for (pos, score, cols) in &lines {
        let value = oracle.value(pos).unwrap();
        assert_eq!(score_of(value, pos.ply()), *score, "{}", pos.to_text());
        assert_eq!(value_of(*score, pos.ply()), value);
        let mut got = vec![None; 7];
        for (m, v) in oracle.move_values(pos).unwrap() {
            // a move's value is the mover's, counted from the position: so is its score
            got[m.0 as usize] = Some(score_of(v, pos.ply()));
        }
        assert_eq!(&got, cols, "{}", pos.to_text());
        let (best, v) = oracle.best_moves(pos).unwrap();
        assert_eq!(v, value);
        let top: Vec<usize> = (0..7).filter(|&c| cols[c] == Some(*score)).collect();
        let mut best: Vec<usize> = best.iter().map(|m| m.0 as usize).collect();
        best.sort_unstable();
        assert_eq!(best, top, "{}", pos.to_text());
    }
}

#[test]
fn finished_games_are_won_lost_or_drawn_at_once() {
    let oracle = C4Oracle::new(None, 12);
    let won = ConnectFour::parse("......./......./......./......./yyy..../rrrr... y").unwrap();
    assert_eq!(
        oracle.value(&won).unwrap(),
        weightforge::solved::Value::Loss(0)
    );
    assert!(oracle.best_moves(&won).unwrap().0.is_empty());
}
