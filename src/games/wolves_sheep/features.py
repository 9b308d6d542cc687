# --- Wolves & Sheep: the features (src/games/wolves_sheep/features.py) --------------
# The same twelve numbers as src/games/wolves_sheep/features.rs, in the same order.
# Every feature is a whole number below 2**24, so the value is exact in Python floats.
# Squares are row * 5 + col, row 0 at the top (the sheep's home row); a board is two
# 25-bit masks and whether the wolves are to move.

ROLES = ("wolves", "sheep")
FEATURE_NAMES = (
    "sheep_eaten", "wolf_sheep_distance", "capturable_sheep", "blocked_wolf_sides",
    "trapped_wolves", "empty_next_to_wolves", "wolf_mobility", "sheep_mobility",
    "sheep_advance", "sheep_pairs", "wolves_one_exit", "side_to_move_wolves",
)

_SIZE = 5
_FULL = (1 << 25) - 1
_NOT_COL0 = _FULL & ~0b0000100001000010000100001
_NOT_COL4 = _FULL & ~0b1000010000100001000010000
_STEPS = ((-1, 0), (1, 0), (0, -1), (0, 1))


def _on_board(r, c):
    return 0 <= r < _SIZE and 0 <= c < _SIZE


def _adjacent(sq):
    r, c = divmod(sq, _SIZE)
    return sum(1 << ((r + dr) * _SIZE + c + dc) for dr, dc in _STEPS if _on_board(r + dr, c + dc))


def _jumps(sq):
    r, c = divmod(sq, _SIZE)
    return tuple((1 << ((r + dr) * _SIZE + c + dc), 1 << ((r + 2 * dr) * _SIZE + c + 2 * dc))
                 for dr, dc in _STEPS if _on_board(r + 2 * dr, c + 2 * dc))


_ADJACENT = tuple(_adjacent(sq) for sq in range(25))
_JUMPS = tuple(_jumps(sq) for sq in range(25))
_DISTANCE = tuple(tuple(abs(a // 5 - b // 5) + abs(a % 5 - b % 5) for b in range(25))
                  for a in range(25))
_ROW = tuple(sq // 5 for sq in range(25))
# Bits set in each 5-bit group value, to count a 25-bit set in five lookups.
_BITS = tuple(bin(i).count("1") for i in range(32))


def _count(x):
    return (_BITS[x & 31] + _BITS[(x >> 5) & 31] + _BITS[(x >> 10) & 31]
            + _BITS[(x >> 15) & 31] + _BITS[x >> 20])


try:
    _count = int.bit_count  # noqa: F811  (Python 3.10+: faster)
except AttributeError:
    pass


class Position:
    """A Wolves & Sheep position: the squares of the wolves and the sheep, who moves."""
    __slots__ = ("wolf_squares", "sheep_squares", "wolves", "sheep", "wolves_to_move")

    def __init__(self, wolf_squares, sheep_squares, wolves_to_move):
        if len(wolf_squares) != 2:
            raise ValueError(f"there must be exactly 2 wolves, found {len(wolf_squares)}")
        if len(sheep_squares) > 10:
            raise ValueError(f"there can be at most 10 sheep, found {len(sheep_squares)}")
        self.wolf_squares = wolf_squares
        self.sheep_squares = sheep_squares
        self.wolves = sum(1 << s for s in wolf_squares)
        self.sheep = sum(1 << s for s in sheep_squares)
        self.wolves_to_move = wolves_to_move


def parse_text(text):
    """weightforge's notation: `SSSSS/SSSSS/...../...../.W.W. w` (rows top to bottom,
    then `w` or `s` for the side to move)."""
    fields = text.split()
    if len(fields) != 2 or fields[1] not in ("w", "s"):
        raise ValueError(f"{text!r}: expected '<board> <w|s>'")
    rows = fields[0].split("/")
    if len(rows) != 5 or any(len(row) != 5 for row in rows):
        raise ValueError(f"{text!r}: expected 5 rows of 5 cells separated by '/'")
    wolves, sheep = [], []
    for sq, cell in enumerate("".join(rows)):
        if cell == "W":
            wolves.append(sq)
        elif cell == "S":
            sheep.append(sq)
        elif cell != ".":
            raise ValueError(f"{text!r}: {cell!r} is not 'W', 'S' or '.'")
    return Position(wolves, sheep, fields[1] == "w")


# A cell: the course's numbers (also as the text a state file holds), or letters.
_CELLS = {0: 0, 1: 1, 2: 2, "0": 0, "1": 1, "2": 2, ".": 0, " ": 0, None: 0,
          "S": 1, "W": 2, "s": 1, "w": 2}


def from_board(board, to_move):
    """The course's board: 5 rows of 5 cells, row 0 the sheep's home row; 0 empty, 1 a
    sheep, 2 a wolf (as numbers or as the text "0", "1", "2"), or '.' (or ' ', None),
    'S', 'W'; a list of lists, a list of 5-letter strings or a numpy array. `to_move` is
    "wolves" or "sheep"."""
    if hasattr(board, "tolist"):
        board = board.tolist()
    if len(board) != 5:
        raise ValueError(f"the board must have 5 rows, found {len(board)}")
    wolves, sheep = [], []
    sq = 0
    for row in board:
        if len(row) != 5:
            raise ValueError(f"each row must have 5 cells, found {len(row)}")
        for cell in row:
            kind = _CELLS.get(cell)
            if kind == 2:
                wolves.append(sq)
            elif kind == 1:
                sheep.append(sq)
            elif kind is None:
                raise ValueError(f"cell {cell!r} is not 0, 1, 2 (or '.', 'S', 'W')")
            sq += 1
    if to_move not in ROLES:
        raise ValueError(f"to_move must be one of {ROLES}, not {to_move!r}")
    return Position(wolves, sheep, to_move == "wolves")


def cell_contents(pos):
    """The 25 cells in weightforge's table order (row-major from the sheep's home row):
    0 empty, 1 a wolf, 2 a sheep (the table families' contents `.`, `W`, `S`)."""
    out = [0] * 25
    for sq in pos.wolf_squares:
        out[sq] = 1
    for sq in pos.sheep_squares:
        out[sq] = 2
    return out

def features(pos, role):
    """The twelve feature values of `pos`, in FEATURE_NAMES order (the same for both
    roles: the weights give them their sign)."""
    sheep = pos.sheep
    empty = _FULL & ~(pos.wolves | sheep)
    distance = capturable = blocked = trapped = one_exit = next_to_wolves = wolf_moves = 0
    for w in pos.wolf_squares:
        d = _DISTANCE[w]
        for s in pos.sheep_squares:
            distance += d[s]
        free = _ADJACENT[w] & empty
        free_sides = _count(free)
        blocked += 4 - free_sides
        if free_sides == 0:
            trapped += 1
        elif free_sides == 1:
            one_exit += 1
        next_to_wolves |= free
        wolf_moves += free_sides
        for over, to in _JUMPS[w]:
            if empty & over and sheep & to:
                capturable |= to
                wolf_moves += 1
    down = (sheep << 5) & _FULL
    right = (sheep & _NOT_COL4) << 1
    sheep_moves = (_count((sheep >> 5) & empty) + _count(down & empty)
                   + _count(((sheep & _NOT_COL0) >> 1) & empty) + _count(right & empty))
    advance = 0
    for s in pos.sheep_squares:
        advance += _ROW[s]
    return (
        10 - len(pos.sheep_squares), distance, _count(capturable), blocked, trapped,
        _count(next_to_wolves), wolf_moves, sheep_moves, advance,
        _count(sheep & down) + _count(sheep & right), one_exit,
        1 if pos.wolves_to_move else 0,
    )
