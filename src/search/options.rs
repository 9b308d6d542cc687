//! Which search techniques are on.

/// Which search techniques are on. All on by default; switching them off measures what
/// each one is worth (the search value never changes, only its cost).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchOptions {
    /// Probe and store the transposition table.
    pub tt: bool,
    /// Search the transposition table's best move first.
    pub tt_move: bool,
    /// Search tactical moves (captures, pushes) before quiet ones.
    pub tactical_first: bool,
    /// Killer moves (two per ply) before other quiet moves.
    pub killers: bool,
    /// Order quiet moves by the history heuristic.
    pub history: bool,
    /// Search depths 1, 2, …, d instead of d alone.
    pub iterative_deepening: bool,
    /// Choose at random among root moves of equal best score (the course players do).
    pub random_ties: bool,
    /// Never choose a root move after which the opponent has no legal reply, and choose
    /// no move when every move is such. This imitates the War of Life coursework's
    /// published Prolog minimax: its minimum over the opponent's replies fails on an empty
    /// list, so a move that wipes the opponent out is dropped, and when none is left the
    /// strategy fails and the referee scores the game a stalemate (a draw).
    pub no_reply_fails: bool,
    /// Plies of tactical moves ([`crate::game::Features::is_tactical`]) searched beyond the
    /// depth, the side to move free to stand on the evaluation instead (0: none). It
    /// changes the search value; plain minimax has the same extension.
    pub quiescence: u32,
}

impl Default for SearchOptions {
    fn default() -> Self {
        SearchOptions {
            tt: true,
            tt_move: true,
            tactical_first: true,
            killers: true,
            history: true,
            iterative_deepening: true,
            random_ties: false,
            no_reply_fails: false,
            quiescence: 0,
        }
    }
}

impl SearchOptions {
    /// Every technique off: plain alpha-beta in generation order.
    pub fn plain() -> Self {
        SearchOptions {
            tt: false,
            tt_move: false,
            tactical_first: false,
            killers: false,
            history: false,
            iterative_deepening: false,
            random_ties: false,
            no_reply_fails: false,
            quiescence: 0,
        }
    }
}
