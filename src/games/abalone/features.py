# --- Abalone: the features (src/games/abalone/features.py) ---------------------------
# The same fourteen numbers as src/games/abalone/features.rs, in the same order, seen by
# one colour (own against opponent). Thirteen are whole numbers; reference_distance is
# computed in 32-bit floats there, so here every one of its operations is rounded to a
# 32-bit float (_f32) in the same order: the same value to the bit. A board is two sets
# of cells as bits of an int, laid out as the Rust code lays them out: cell Rn (row
# letter A..I as row 0..8, number n as column n - 1) is bit 11 + 10 * row + column, so a
# step in any of the six directions is a shift.

import struct
from array import array

ROLES = ("black", "white")
FEATURE_NAMES = (
    "own_lost", "opp_lost", "ring_score", "coherence", "centre_distance", "isolated",
    "formation_break", "own_in_danger", "opp_in_danger", "attacking_power",
    "reference_distance", "mobility", "triples", "to_move",
)

_LETTERS = "ABCDEFGHI"
_MASK = (1 << 128) - 1
# Bit-index change of one step: north-east, east, south-east, south-west, west,
# north-west (the course's clock 1, 3, 5, 7, 9, 11).
_STEP = (11, 1, -10, -11, -1, 10)
_NE, _E, _SE, _SW, _W, _NW = range(6)


def _on_board(row, col):
    return 0 <= row < 9 and 0 <= col < 9 and abs(col - row) <= 4


def _bit(row, col):
    return 11 + 10 * row + col


_CELL_BITS = tuple(_bit(r, c) for r in range(9) for c in range(9) if _on_board(r, c))
_BOARD = sum(1 << b for b in _CELL_BITS)
_OFF = _MASK & ~_BOARD
_ROW_COL = {_bit(r, c): (r, c) for r in range(9) for c in range(9) if _on_board(r, c)}


def _ring(bit):
    r, c = _ROW_COL[bit]
    dr, dc = r - 4, c - 4
    return max(abs(dr), abs(dc), abs(dr - dc))


def _line_sets(key):
    out = [0] * 9
    for b in _CELL_BITS:
        out[key(*_ROW_COL[b])] |= 1 << b
    return tuple(out)


_ROWS = _line_sets(lambda r, c: r)
_NUMBERS = _line_sets(lambda r, c: c)
_DIAGONALS = _line_sets(lambda r, c: r + 4 - c)
_DISKS = tuple(sum(1 << b for b in _CELL_BITS if _ring(b) <= k) for k in range(4))


def _count(x):
    return bin(x).count("1")


try:
    _count = int.bit_count  # noqa: F811  (Python 3.10+: faster)
except AttributeError:
    pass

_F32 = struct.Struct("<f")


def _f32(x):
    """`x` rounded to the nearest 32-bit float (every operation of the Rust code's f32
    arithmetic: one double operation on f32 operands, then this, is that operation)."""
    return _F32.unpack(_F32.pack(x))[0]


def _toward(x, d, k):
    """Every cell of `x` moved `k` steps in direction `d` (bits may land off the board)."""
    s = _STEP[d] * k
    return (x << s) & _MASK if s >= 0 else x >> -s


def _back(x, d, k):
    """The cells whose neighbour `k` steps away in direction `d` is in `x`."""
    s = _STEP[d] * k
    return x >> s if s >= 0 else (x << -s) & _MASK


class Position:
    """An Abalone position: the black and white marbles as bit sets, who moves."""
    __slots__ = ("black", "white", "black_to_move")

    def __init__(self, black, white, black_to_move):
        for name, x in (("black", black), ("white", white)):
            if _count(x) > 14:
                raise ValueError(f"{name} has {_count(x)} marbles, at most 14")
        if black & white:
            raise ValueError("a cell holds two marbles")
        self.black, self.white, self.black_to_move = black, white, black_to_move


def _cell_bit(row, number, where):
    """The bit of the cell in row `row` (1..9 for A..I) and diagonal number `number`."""
    if not (isinstance(row, int) and isinstance(number, int) and _on_board(row - 1, number - 1)):
        raise ValueError(f"{where}: not a cell of the board")
    return 1 << _bit(row - 1, number - 1)


def _name_bit(name, where):
    """The bit of a cell named like `C5` (row letter, diagonal number)."""
    letter, digits = name[:1].upper(), name[1:]
    if letter not in _LETTERS or not digits.isdigit():
        raise ValueError(f"{where}: {name!r} is not a cell like 'C5'")
    return _cell_bit(_LETTERS.index(letter) + 1, int(digits), where)


def _tokens(board_text, where):
    """`A1b,A2b,...`: the black and white sets of a board in the course's notation."""
    sets = {"b": 0, "w": 0}
    for token in filter(None, board_text.split(",")):
        colour = token[-1:]
        if colour not in sets:
            raise ValueError(f"{where}: token {token!r} must end in 'b' or 'w'")
        bit = _name_bit(token[:-1], f"{where}: token {token!r}")
        if (sets["b"] | sets["w"]) & bit:
            raise ValueError(f"{where}: cell {token[:-1]} is given twice")
        sets[colour] |= bit
    return sets["b"], sets["w"]


def parse_text(text):
    """weightforge's notation: `b A1b,A2b,...,I9w` (the side to move, then the marbles)."""
    fields = text.split()
    if len(fields) != 2 or fields[0] not in ("b", "w"):
        raise ValueError(f"{text!r}: expected '<b|w> <board>'")
    black, white = _tokens(fields[1], repr(text))
    return Position(black, white, fields[0] == "b")


# A cell's contents: the team's "b"/"w", or the colours spelt out; empty cells may be
# absent or hold None, "" or ".".
_COLOURS = {"b": 1, "w": 2, "black": 1, "white": 2, None: 0, "": 0, ".": 0}


# Every spelling of every cell's key, to its bit: (letter, number), "(1,1)", "A1", "a1".
_KEY_BITS = {}
for _b in _CELL_BITS:
    _r, _c = _ROW_COL[_b]
    for _key in ((_r + 1, _c + 1), f"({_r + 1},{_c + 1})", f"{_LETTERS[_r]}{_c + 1}",
                 f"{_LETTERS[_r].lower()}{_c + 1}"):
        _KEY_BITS[_key] = 1 << _b


def _key_bit(key):
    """A dictionary key: (letter, number) as ints (A = 1), its text "(1,1)", or "A1"."""
    try:
        bit = _KEY_BITS.get(key)
    except TypeError:   # an unhashable key: refused below
        bit = None
    if bit is not None:
        return bit
    if isinstance(key, tuple) and len(key) == 2:
        return _cell_bit(key[0], key[1], f"key {key!r}")
    if isinstance(key, str) and key.startswith("("):
        parts = key.strip("()").split(",")
        if len(parts) == 2 and all(p.strip().isdigit() for p in parts):
            return _cell_bit(int(parts[0]), int(parts[1]), f"key {key!r}")
    if isinstance(key, str):
        return _name_bit(key, f"key {key!r}")
    raise ValueError(f"key {key!r} is not (letter, number), '(letter,number)' or 'A1'")


def from_board(board, to_move):
    """The COMP 3981 team's board: a dictionary keyed by (letter, number) as ints (A = 1,
    number 1..9) -- or by their text, "(1,1)" or "A1" -- whose values are "b" or "w"
    (empty cells absent, or None); or a board in the course's token notation,
    "A1b,A2b,...". `to_move` is "black" or "white"."""
    if to_move not in ROLES:
        raise ValueError(f"to_move must be one of {ROLES}, not {to_move!r}")
    if isinstance(board, str):
        black, white = _tokens(board, "board")
        return Position(black, white, to_move == "black")
    black = white = 0
    for key, value in board.items():
        kind = _COLOURS.get(value)
        if kind is None:
            raise ValueError(f"cell {key!r}: {value!r} is not 'b', 'w' or empty")
        if kind:
            bit = _key_bit(key)
            if (black | white) & bit:
                raise ValueError(f"cell {key!r} is given twice")
            if kind == 1:
                black |= bit
            else:
                white |= bit
    return Position(black, white, to_move == "black")


def cell_contents(pos):
    """The 61 cells in weightforge's table order (A1, A2, ..., I9): 0 empty, 1 black,
    2 white (the table families' contents `.`, `b`, `w`)."""
    black, white = pos.black, pos.white
    return [((black >> b) & 1) | (((white >> b) & 1) << 1) for b in _CELL_BITS]


def _pairs(x):
    return (_count(x & _back(x, _NE, 1)) + _count(x & _back(x, _E, 1))
            + _count(x & _back(x, _NW, 1)))


def _triples(x):
    return sum(_count(x & _back(x, d, 1) & _back(x, d, 2)) for d in (_NE, _E, _NW))


def _wedged(us, them):
    return sum(_count(them & _back(us, d, 1) & _back(us, d, -1)) for d in (_NE, _E, _NW))


def _neighbours(x):
    out = 0
    for d in range(6):
        out |= _toward(x, d, 1)
    return out & _BOARD


def _rings(x):
    score = (_count(x & _DISKS[0]) + _count(x & _DISKS[1]) + _count(x & _DISKS[2])
             + _count(x & _DISKS[3]))
    return score, 4 * _count(x) - score


def _endangered(own, opp):
    """The marbles of `own` that the side owning `opp` could push off with one move."""
    out = 0
    for s in _STEP:
        # toward(x, d, k) is x shifted by s * k; high bits past the board vanish in the
        # AND with `own`, as they do in the u128.
        if s > 0:
            behind2 = (opp << s) & (opp << 2 * s)
            behind32 = (own << s) & (opp << 2 * s) & (opp << 3 * s) & (opp << 4 * s)
            out |= own & (_OFF >> s) & (behind2 | behind32)
        else:
            s = -s
            behind2 = (opp >> s) & (opp >> 2 * s)
            behind32 = (own >> s) & (opp >> 2 * s) & (opp >> 3 * s) & (opp >> 4 * s)
            out |= own & (_OFF << s) & (behind2 | behind32)
    return out


def _inline_counts(own, opp, empty, free):
    """Inline moves and sumito pushes of the side owning `own`, every direction:
    back(x, d, k) is x >> (s * k) for a step s > 0 and x << (-s * k) otherwise (each
    result is ANDed with a set on the board, so nothing past 128 bits counts)."""
    moves = pushes = 0
    for s in _STEP:
        if s > 0:
            o2 = own & (own >> s)
            o3 = o2 & (own >> 2 * s)
            o3p = o3 & (opp >> 3 * s)
            push = ((o2 & (opp >> 2 * s) & (free >> 3 * s)) | (o3p & (free >> 4 * s))
                    | (o3p & (opp >> 4 * s) & (free >> 5 * s)))
            steps = (own & (empty >> s)) | (o2 & (empty >> 2 * s)) | (o3 & (empty >> 3 * s))
        else:
            s = -s
            o2 = own & (own << s)
            o3 = o2 & (own << 2 * s)
            o3p = o3 & (opp << 3 * s)
            push = ((o2 & (opp << 2 * s) & (free << 3 * s)) | (o3p & (free << 4 * s))
                    | (o3p & (opp << 4 * s) & (free << 5 * s)))
            steps = (own & (empty << s)) | (o2 & (empty << 2 * s)) | (o3 & (empty << 3 * s))
        moves += _count(steps | push)
        pushes += _count(push)
    return moves, pushes


# Each line axis (its step, always up: north-east, east, north-west) and the steps of
# the four directions across it that a broadside move takes.
_BROADSIDE = ((11, (1, -10, -1, 10)), (1, (11, -10, -11, 10)), (10, (11, 1, -11, -1)))


def _broadside_count(own, empty):
    moves = 0
    for a, steps in _BROADSIDE:
        o2 = own & (own >> a)
        o3 = o2 & (own >> 2 * a)
        e2 = empty & (empty >> a)
        e3 = e2 & (empty >> 2 * a)
        for s in steps:
            if s > 0:
                moves += _count(o2 & (e2 >> s)) + _count(o3 & (e3 >> s))
            else:
                moves += _count(o2 & (e2 << -s)) + _count(o3 & (e3 << -s))
    return moves


def _moves_and_pushes(own, opp):
    """(legal moves, sumito pushes) of the side owning `own`, as if it were to move."""
    empty = _BOARD & ~(own | opp)
    free = _MASK & ~(own | opp)
    moves, pushes = _inline_counts(own, opp, empty, free)
    return moves + _broadside_count(own, empty), pushes


def _profile(x):
    """(marbles, per row, per number, per third-axis line): the counts the centre of
    mass and summed distances are made of."""
    return (_count(x), [_count(x & r) for r in _ROWS], [_count(x & n) for n in _NUMBERS],
            [_count(x & g) for g in _DIAGONALS])


def _centre(profile):
    n, rows, numbers, _ = profile
    if n == 0:
        return 4.0, 4.0
    r = sum(k * rows[k] for k in range(9))
    c = sum(k * numbers[k] for k in range(9))
    return _f32(r / n), _f32(c / n)


def _f32s(xs):
    """Each of `xs` rounded to a 32-bit float (one array conversion for many values)."""
    return array("f", xs).tolist()


_NINE = range(9)


def _distance_to(profile, pr, pc):
    """Summed hex distance of the marbles to (pr, pc), in the Rust code's f32 steps:
    per line k, rows[k] * |k - pr| + numbers[k] * |k - pc| + diagonals[k] * |k - 4 - pd|
    (each operation rounded), added to the running sum line after line."""
    _, rows, numbers, diagonals = profile
    pd = _f32(pr - pc)
    dr = _f32s([abs(k - pr) for k in _NINE])
    dc = _f32s([abs(k - pc) for k in _NINE])
    dd = _f32s([abs((k - 4) - pd) for k in _NINE])
    a = _f32s([rows[k] * dr[k] for k in _NINE])
    b = _f32s([numbers[k] * dc[k] for k in _NINE])
    c = _f32s([diagonals[k] * dd[k] for k in _NINE])
    ab = _f32s([a[k] + b[k] for k in _NINE])
    terms = _f32s([ab[k] + c[k] for k in _NINE])
    total = 0.0
    for t in terms:
        if t:
            total = _f32(total + t)
    return 0.5 * total


def _reference_distance(own, opp):
    """AbaPro: the opponent's summed distance to the reference point minus own's."""
    po, pp = _profile(own), _profile(opp)
    (a0, a1), (b0, b1) = _centre(po), _centre(pp)
    pr = _f32(_f32(_f32(a0 + b0) + 4.0) / 3.0)
    pc = _f32(_f32(_f32(a1 + b1) + 4.0) / 3.0)
    return _f32(_distance_to(pp, pr, pc) - _distance_to(po, pr, pc))


def features(pos, role):
    """The fourteen feature values of `pos` seen by `role`, in FEATURE_NAMES order."""
    own, opp = (pos.black, pos.white) if role == "black" else (pos.white, pos.black)
    own_ring, own_dist = _rings(own)
    opp_ring, opp_dist = _rings(opp)
    own_moves, own_pushes = _moves_and_pushes(own, opp)
    opp_moves, opp_pushes = _moves_and_pushes(opp, own)
    return (
        14 - _count(own), 14 - _count(opp), own_ring - opp_ring, _pairs(own) - _pairs(opp),
        own_dist - opp_dist,
        _count(own & ~_neighbours(own)) - _count(opp & ~_neighbours(opp)),
        _wedged(own, opp) - _wedged(opp, own),
        _count(_endangered(own, opp)), _count(_endangered(opp, own)),
        own_pushes - opp_pushes, _reference_distance(own, opp), own_moves - opp_moves,
        _triples(own) - _triples(opp),
        1 if pos.black_to_move == (role == "black") else 0,
    )
