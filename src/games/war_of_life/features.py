# --- War of Life: the features (src/games/war_of_life/features.py) -----------------
# The same fifteen numbers as src/games/war_of_life/features.rs, in the same order, seen
# by one role (own against opponent). Every feature is a whole number below 2**24, so
# the value is exact in Python floats. Cells are (row - 1) * 8 + (col - 1), rows and
# columns 1 to 8 as the coursework writes them; a board is two 64-bit masks.

import json

ROLES = ("blue", "red")
FEATURE_NAMES = (
    "own_pieces", "opponent_pieces", "own_survivors", "opponent_survivors", "own_dying",
    "opponent_dying", "own_births", "opponent_births", "own_mobility", "opponent_mobility",
    "own_edge", "opponent_edge", "own_corners", "opponent_corners", "own_to_move",
)

_EDGE = (0x0101010101010101 | 0x8080808080808080 | 0xFF | (0xFF << 56))
_CORNERS = 1 | (1 << 7) | (1 << 56) | (1 << 63)
_FULL = (1 << 64) - 1


def _neighbours(sq):
    r, c = divmod(sq, 8)
    return sum(1 << ((r + dr) * 8 + c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
               if (dr or dc) and 0 <= r + dr < 8 and 0 <= c + dc < 8)


_NEIGHBOURS = tuple(_neighbours(sq) for sq in range(64))


def _count(x):
    return bin(x).count("1")


try:
    _count = int.bit_count  # noqa: F811  (Python 3.10+: faster)
except AttributeError:
    pass


class Position:
    """A War of Life position: the blue and the red cells, who moves."""
    __slots__ = ("blue", "red", "blue_to_move")

    def __init__(self, blue, red, blue_to_move):
        if blue & red:
            raise ValueError("a cell holds a blue and a red piece")
        self.blue, self.red, self.blue_to_move = blue, red, blue_to_move


def _cells(cells):
    mask = 0
    for cell in cells:
        r, c = cell
        if not (1 <= r <= 8 and 1 <= c <= 8):
            raise ValueError(f"cell {cell!r} is off the 8x8 board (rows and columns 1 to 8)")
        mask |= 1 << ((r - 1) * 8 + c - 1)
    return mask


def from_board(board, to_move):
    """The coursework's board: `[blue cells, red cells]`, each cell `[row, col]` (1 to 8),
    as Python lists; `to_move` is "blue" or "red"."""
    if len(board) != 2:
        raise ValueError("the board must be [blue cells, red cells]")
    if to_move not in ROLES:
        raise ValueError(f"to_move must be one of {ROLES}, not {to_move!r}")
    return Position(_cells(board[0]), _cells(board[1]), to_move == "blue")


def parse_text(text):
    """weightforge's notation: `[[[1,5],[1,6]],[[2,6]]] b` (blue cells, red cells, then
    `b` or `r` for the side to move)."""
    board, _, side = text.strip().rpartition(" ")
    if side not in ("b", "r"):
        raise ValueError(f"{text!r}: expected '<board> <b|r>'")
    return from_board(json.loads(board), "blue" if side == "b" else "red")


def cell_contents(pos):
    """The 64 cells in weightforge's table order (bit order: row 1 first, column 1 first
    in each row): 0 empty, 1 blue, 2 red (the table families' contents `.`, `b`, `r`)."""
    blue, red = pos.blue, pos.red
    return [((blue >> s) & 1) | (((red >> s) & 1) << 1) for s in range(64)]

def features(pos, role):
    """The fifteen feature values of `pos` seen by `role`, in FEATURE_NAMES order."""
    blue, red = pos.blue, pos.red
    occupied = blue | red
    survive = born_blue = born_red = 0
    blue_moves = red_moves = 0
    for sq in range(64):
        around = _NEIGHBOURS[sq]
        bit = 1 << sq
        if occupied & bit:
            n = _count(around & occupied)
            if n == 2 or n == 3:
                survive |= bit
            free = _count(around & ~occupied)
            if blue & bit:
                blue_moves += free
            else:
                red_moves += free
        elif _count(around & occupied) == 3:
            if _count(around & blue) >= 2:
                born_blue += 1
            else:
                born_red += 1
    own, opp = (blue, red) if role == "blue" else (red, blue)
    own_moves, opp_moves = (blue_moves, red_moves) if role == "blue" else (red_moves, blue_moves)
    own_born, opp_born = (born_blue, born_red) if role == "blue" else (born_red, born_blue)
    own_n, opp_n = _count(own), _count(opp)
    own_s, opp_s = _count(own & survive), _count(opp & survive)
    return (
        own_n, opp_n, own_s, opp_s, own_n - own_s, opp_n - opp_s, own_born, opp_born,
        own_moves, opp_moves, _count(own & _EDGE), _count(opp & _EDGE),
        _count(own & _CORNERS), _count(opp & _CORNERS),
        1 if pos.blue_to_move == (role == "blue") else 0,
    )
