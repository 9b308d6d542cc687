//! Scores and values. A score (Pascal Pons' convention) is for the side to move: 0 a
//! draw, `22 − k` when it wins by placing its `k`-th disc, `−(22 − k)` when the other
//! side wins with its `k`-th; the start's seven moves score `-2 -1 0 1 0 -1 -2`. A
//! [`Value`] says the same in plies to the end, as every solved game does.

use crate::solved::Value;

/// The discs the side to move has when `plies` discs are on the board.
fn mover_discs(plies: u32) -> i32 {
    (plies / 2) as i32
}

/// The value of a score in a position with `plies` discs.
pub fn value_of(score: i32, plies: u32) -> Value {
    let mine = mover_discs(plies);
    let theirs = plies as i32 - mine;
    match score {
        0 => Value::Draw,
        s if s > 0 => Value::Win((2 * (22 - s - mine) - 1) as u32),
        s => Value::Loss((2 * (22 + s - theirs)) as u32),
    }
}

/// The score of a value in a position with `plies` discs (the inverse of [`value_of`]).
pub fn score_of(value: Value, plies: u32) -> i32 {
    let mine = mover_discs(plies);
    let theirs = plies as i32 - mine;
    match value {
        Value::Draw => 0,
        Value::Win(d) => 22 - ((d as i32 + 1) / 2 + mine),
        Value::Loss(d) => -(22 - (d as i32 / 2 + theirs)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn scores_and_values_agree() {
        // red to move after 6 plies wins with its 4th disc at once
        assert_eq!(value_of(18, 6), Value::Win(1));
        // yellow to move after 7 plies, red wins with its 5th disc next
        assert_eq!(value_of(-17, 7), Value::Loss(2));
        for plies in 0..42 {
            for s in -21..=21 {
                let v = value_of(s, plies);
                assert_eq!(score_of(v, plies), s, "{s} at {plies}");
            }
        }
    }
}
