//! Connect Four solved position by position: an exact search ([`negamax`]) with a
//! bounded transposition table ([`table`]), an opening book the tool builds itself
//! ([`book`], [`book_build`], checked by [`book_check`]), and the game's
//! [`Oracle`](crate::solved::Oracle) ([`oracle`]) through which `solve`, `accuracy`,
//! `perfect` and exact labels reach it ([`solvable`]).

pub mod board;
pub mod book;
pub mod book_build;
pub mod book_check;
pub mod negamax;
pub mod oracle;
pub mod score;
pub mod solvable;
pub mod table;

pub use crate::tunables::{
    C4_BOOK_PLIES as DEFAULT_BOOK_PLIES, C4_BUILD_TT_BITS as DEFAULT_BUILD_TT_BITS,
    C4_ORACLE_TT_BITS as DEFAULT_TT_BITS,
};
