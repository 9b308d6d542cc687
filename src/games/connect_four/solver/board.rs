//! The solver's view of a position: the discs of the side to move and every disc (the
//! layout of [`bitboard`](super::super::bitboard)), and the ply. Moves are cells (one
//! bit), which is what the move ordering and the threat tests work on.

use super::super::bitboard::{self, column, playable, winning_cells, Bitboard, BOTTOM};
use super::super::bitboard::{HEIGHT, STRIDE, WIDTH};
use super::super::position::ConnectFour;
use crate::game::Game;

/// Cells on the board (42).
pub const CELLS: u32 = (WIDTH * HEIGHT) as u32;

/// A position for the solver.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// The discs of the side to move.
    pub current: Bitboard,
    /// Every disc.
    pub mask: Bitboard,
    /// Discs on the board (plies played).
    pub plies: u32,
}

impl Board {
    /// The solver's view of a game position.
    pub fn of(pos: &ConnectFour) -> Board {
        let side = pos.side_to_move();
        Board {
            current: pos.discs(side),
            mask: pos.occupied(),
            plies: pos.ply(),
        }
    }

    /// A key unique to the position: the mover's discs plus every column's lowest empty
    /// cell (under 2^49).
    #[inline]
    pub fn key(&self) -> u64 {
        self.current + self.mask + BOTTOM
    }

    /// The key of the position or of its mirror image, whichever is smaller: one key for
    /// both, so that a book or table holds one entry for the pair.
    #[inline]
    pub fn symmetric_key(&self) -> u64 {
        let k = self.key();
        k.min(mirror(k))
    }

    /// The position of a key ([`Board::key`]): each column's highest set bit marks its
    /// first empty cell, the bits below it are the mover's discs. `None` for a number
    /// that is no key (a sentinel bit set, or a column without its mark).
    pub fn from_key(key: u64) -> Option<Board> {
        let (mut current, mut mask) = (0, 0);
        for c in 0..WIDTH {
            let bits = (key >> (c * STRIDE)) & ((1 << STRIDE) - 1);
            if bits == 0 {
                return None;
            }
            let height = 63 - bits.leading_zeros() as usize;
            let col_mask = ((1u64 << height) - 1) << (c * STRIDE);
            mask |= col_mask;
            current |= (bits << (c * STRIDE)) & col_mask;
        }
        (key >> (WIDTH * STRIDE) == 0).then_some(Board {
            current,
            mask,
            plies: mask.count_ones(),
        })
    }

    /// Whether a game can have reached this board: the side to move has as many discs
    /// as the other (red to move) or one fewer, and nobody has four.
    pub fn is_playable(&self) -> bool {
        self.current.count_ones() == self.plies / 2
            && !has_four(self.current)
            && !has_four(self.current ^ self.mask)
    }

    /// Plays the cell `mv` (one bit of [`Board::possible`]) for the side to move.
    #[inline]
    pub fn play(&mut self, mv: Bitboard) {
        self.current ^= self.mask;
        self.mask |= mv;
        self.plies += 1;
    }

    /// The cells playable now.
    #[inline]
    pub fn possible(&self) -> Bitboard {
        playable(self.mask)
    }

    /// The empty cells that would complete a four for the side to move.
    #[inline]
    pub fn winning_cells(&self) -> Bitboard {
        winning_cells(self.current, self.mask)
    }

    /// The empty cells that would complete a four for the other side.
    #[inline]
    pub fn opponent_winning_cells(&self) -> Bitboard {
        winning_cells(self.current ^ self.mask, self.mask)
    }

    /// Whether the side to move wins with its next disc.
    #[inline]
    pub fn can_win_next(&self) -> bool {
        self.winning_cells() & self.possible() != 0
    }

    /// The playable cells that do not hand the other side a win at once (the side to
    /// move cannot win at once: the caller checked): none when the other side threatens
    /// two cells, only the block when it threatens one, never the cell under one of its
    /// threats.
    #[inline]
    pub fn non_losing_moves(&self) -> Bitboard {
        let mut possible = self.possible();
        let threats = self.opponent_winning_cells();
        let forced = possible & threats;
        if forced != 0 {
            if forced & (forced - 1) != 0 {
                return 0;
            }
            possible = forced;
        }
        possible & !(threats >> 1)
    }

    /// How good a move looks before it is searched: the cells it would leave the side
    /// to move able to win on.
    #[inline]
    pub fn move_score(&self, mv: Bitboard) -> u32 {
        winning_cells(self.current | mv, self.mask).count_ones()
    }

}

/// The key of the mirror image (columns 1–7 read 7–1).
#[inline]
pub fn mirror(key: u64) -> u64 {
    let mut m = 0;
    for c in 0..WIDTH {
        let col = (key >> (c * STRIDE)) & ((1 << STRIDE) - 1);
        m |= col << ((WIDTH - 1 - c) * STRIDE);
    }
    m
}

/// The cell of column `col` a disc would land on, if the column is not full.
#[inline]
pub fn landing(mask: Bitboard, col: usize) -> Bitboard {
    playable(mask) & column(col)
}

/// Whether `discs` hold four in a line.
#[inline]
pub fn has_four(discs: Bitboard) -> bool {
    bitboard::has_four(discs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_gives_its_position_back_and_mirrors_twice_to_itself() {
        let mut b = Board { current: 0, mask: 0, plies: 0 };
        for col in [3, 3, 2, 4, 6, 0, 0, 5] {
            b.play(landing(b.mask, col));
            assert_eq!(Board::from_key(b.key()), Some(b));
            assert_eq!(mirror(mirror(b.key())), b.key());
        }
        assert_eq!(Board::from_key(0), None);
        assert_eq!(Board::from_key(1 << 60 | BOTTOM), None);
    }
}
