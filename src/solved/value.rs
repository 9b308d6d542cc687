//! The value of a solved position for the side to move, and its two-byte code.
//!
//! Code `0` is a draw, `1` a win at once (the side to move has already won: only
//! reachable as a board set up by hand), `2` a loss at once (the game is over and the
//! side to move lost), and `d + 2` for `d` ≥ 1 plies to the end with best play: a win
//! when `d` is odd (the side to move makes the last move), a loss when `d` is even.
//! `65535` marks a position not solved yet while a layer is being solved; it never
//! appears in a finished file. (One byte would not do: a layer of 6 sheep already has
//! a forced win of 173 plies.)

use std::fmt;

/// The code of a position not solved yet (only while a layer is being solved).
pub const UNSOLVED: u16 = u16::MAX;

/// The longest distance a code can hold.
pub const MAX_DISTANCE: u32 = u16::MAX as u32 - 3;

/// A solved position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// The side to move wins in this many plies (the last one its own).
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// The code (see the module documentation); `None` beyond [`MAX_DISTANCE`] or
    /// for a distance of the wrong parity (a win in 2 plies cannot exist).
    pub fn code(self) -> Option<u16> {
        match self {
            Value::Draw => Some(0),
            Value::Win(0) => Some(1),
            Value::Loss(0) => Some(2),
            Value::Win(d) if d % 2 == 1 && d <= MAX_DISTANCE => Some(d as u16 + 2),
            Value::Loss(d) if d % 2 == 0 && d <= MAX_DISTANCE => Some(d as u16 + 2),
            _ => None,
        }
    }

    /// The value of a code; `None` for [`UNSOLVED`] or a code the parity rules out
    /// (every other code is some value).
    pub fn from_code(code: u16) -> Option<Value> {
        match code {
            0 => Some(Value::Draw),
            1 => Some(Value::Win(0)),
            2 => Some(Value::Loss(0)),
            UNSOLVED => None,
            c => {
                let d = u32::from(c) - 2;
                Some(if d % 2 == 1 {
                    Value::Win(d)
                } else {
                    Value::Loss(d)
                })
            }
        }
    }

    /// The value of the position before a move that led here (one ply further from
    /// the end, seen by the other side).
    pub fn parent(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d + 1),
            Value::Loss(d) => Value::Win(d + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// How good the value is for the side to move: higher is better (faster wins,
    /// slower losses, draws between).
    pub fn rank(self) -> i64 {
        match self {
            Value::Win(d) => 1_000_000 - i64::from(d),
            Value::Draw => 0,
            Value::Loss(d) => -1_000_000 + i64::from(d),
        }
    }
}

impl fmt::Display for Value {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Value::Win(d) => write!(f, "win {d}"),
            Value::Loss(d) => write!(f, "loss {d}"),
            Value::Draw => f.write_str("draw"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_code_round_trips() {
        for c in (0..UNSOLVED).step_by(7).chain([1, 2, 3, 4, UNSOLVED - 1]) {
            let v = Value::from_code(c).unwrap();
            assert_eq!(v.code(), Some(c), "{v}");
        }
        assert_eq!(Value::from_code(UNSOLVED), None);
        assert_eq!(Value::Loss(MAX_DISTANCE + 2).code(), None);
        assert_eq!(Value::Win(2).code(), None);
    }

    #[test]
    fn parent_flips_side_and_adds_a_ply() {
        assert_eq!(Value::Loss(0).parent(), Value::Win(1));
        assert_eq!(Value::Win(3).parent(), Value::Loss(4));
        assert!(Value::Win(1).rank() > Value::Win(3).rank());
        assert!(Value::Loss(4).rank() > Value::Loss(2).rank());
        assert!(Value::Draw.rank() > Value::Loss(200).rank());
    }
}
