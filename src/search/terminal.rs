//! The score of a finished game, shared by every search variant.

use crate::game::{Features, Status};
use crate::tunables::{Score, WIN_SCORE};

/// The terminal score of a finished position for the side to move, `ply` plies below the
/// root: quicker wins and slower losses score better.
#[inline]
pub(super) fn terminal_score<G: Features>(pos: &G, status: Status, ply: u32) -> Option<Score> {
    match status {
        Status::Ongoing => None,
        Status::Draw => Some(0),
        Status::Win(r) if r == pos.side_to_move() => Some(WIN_SCORE - ply as Score),
        Status::Win(_) => Some(-(WIN_SCORE - ply as Score)),
    }
}
