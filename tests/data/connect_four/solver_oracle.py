#!/usr/bin/env python3
"""Independent Connect Four exact-score oracle (standard library only).

A plain board of seven column lists (each the discs of one column, bottom first), written
apart from weightforge's Rust solver and bitboard, used to generate scores.txt:

    python3 solver_oracle.py scores > scores.txt
    python3 solver_oracle.py check     # solver against a plain negamax, plies >= 33
    python3 solver_oracle.py check 28  # the same from ply 28 (some minutes)

Notation (the same as weightforge's): six rows of seven cells, top row first, joined by
'/', each '.', 'r' (red) or 'y' (yellow); a space; the side to move, 'r' or 'y'. Red
moves first. A move is the column number 1-7.

Score (Pascal Pons' convention), for the side to move: 0 for a draw; if it can force a
win, 22 - k where k is the number of its discs on the board once its winning disc is
placed (k counts that disc: a win with the 4th disc scores 18, with the 21st scores 1),
the best (fastest) over its moves; if it loses, minus the opponent's such score. So:
a move that completes a four with disc k scores 22 - k; any other move scores minus the
child's score; a full board without a four scores 0; score(pos) = max over the moves.
(With it the seven moves from the empty board score -2 -1 0 1 0 -1 -2, a well-known
result that is far out of this program's reach.)
"""

import random
import sys
import time

ROWS, COLS = 6, 7
SEED = 20261203
ORDER = (3, 2, 4, 1, 5, 0, 6)  # centre columns first: only speeds up the pruning
INF = 100
# The memo key of a board is the sum over its discs of 1 (red) or 2 (yellow) times
# KEY[col][row]; MIRROR gives the key of the board reflected left to right.
KEY = [[3 ** (c * ROWS + r) for r in range(ROWS)] for c in range(COLS)]
MIRROR = [[3 ** ((COLS - 1 - c) * ROWS + r) for r in range(ROWS)] for c in range(COLS)]


# ---------------------------------------------------------------------------------------
# Board: cols[c] is the list of discs in column c (0-based), bottom first.

def empty_board():
    return [[] for _ in range(COLS)]


def plies(cols):
    return sum(len(col) for col in cols)


def to_move(cols):
    return "r" if plies(cols) % 2 == 0 else "y"


def cell(cols, row, col):
    """The disc at (row, col), row 0 at the bottom, or '.'."""
    return cols[col][row] if row < len(cols[col]) else "."


def text(cols):
    rows = ["".join(cell(cols, r, c) for c in range(COLS)) for r in range(ROWS - 1, -1, -1)]
    return "/".join(rows) + " " + to_move(cols)


def from_text(position):
    grid, side = position.split()
    rows = grid.split("/")
    assert len(rows) == ROWS and all(len(r) == COLS for r in rows)
    cols = empty_board()
    for r in range(ROWS):  # r = 0 is the bottom row, the last in the text
        for c in range(COLS):
            ch = rows[ROWS - 1 - r][c]
            if ch != ".":
                assert len(cols[c]) == r, "floating disc"
                cols[c].append(ch)
    assert side == to_move(cols)
    return cols


def four_through(cols, row, col):
    """Whether the disc at (row, col) is part of a four: counted outwards along each line."""
    colour = cols[col][row]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLS and r < len(cols[c]) and cols[c][r] == colour:
                n += 1
                r, c = r + sign * dr, c + sign * dc
        if n >= 4:
            return True
    return False


def wins_now(cols, col):
    """Whether the side to move completes a four by playing col (which must not be full)."""
    cols[col].append(to_move(cols))
    won = four_through(cols, len(cols[col]) - 1, col)
    cols[col].pop()
    return won


def has_four(cols):
    """Whether anybody has four, by trying every disc on the board."""
    return any(four_through(cols, r, c) for c in range(COLS) for r in range(len(cols[c])))


def ongoing(cols):
    return not has_four(cols) and plies(cols) < ROWS * COLS


# ---------------------------------------------------------------------------------------
# Solver: negamax with alpha-beta and a memo of score bounds.

class Solver:
    """Exact scores by negamax with fail-soft alpha-beta. The memo maps a board (a base-3
    number of its cells, the smaller of it and its mirror image, which has the same score)
    to the bounds (lo, hi) known for its score; both are only ever tightened."""

    def __init__(self):
        self.memo = {}
        self.nodes = 0

    def reset_if_large(self, limit=4_000_000):
        if len(self.memo) > limit:
            self.memo.clear()

    def solve(self, cols):
        """The exact score of an ongoing position."""
        self.cols = cols
        self.n = plies(cols)
        self.key = self.mkey = 0
        for c in range(COLS):
            for r, d in enumerate(cols[c]):
                v = 1 if d == "r" else 2
                self.key += v * KEY[c][r]
                self.mkey += v * MIRROR[c][r]
        v = self.search(-INF, INF)
        return v

    def search(self, alpha, beta):
        """Fail-soft negamax: returns v with v <= alpha => score <= v, v >= beta =>
        score >= v, otherwise v = score."""
        self.nodes += 1
        cols, n = self.cols, self.n
        if n == ROWS * COLS:
            return 0                      # full board, no four (we stop at every four)
        k = n // 2 + 1                    # the number of the disc the mover places now
        colour = "r" if n % 2 == 0 else "y"
        for c in ORDER:
            if len(cols[c]) < ROWS:
                cols[c].append(colour)
                won = four_through(cols, len(cols[c]) - 1, c)
                cols[c].pop()
                if won:
                    return 22 - k
        # No win with disc k: the mover wins with disc k + 1 at best, and the opponent
        # (whose next disc is number (n + 1) // 2 + 1) cannot win before that.
        hi = 22 - (k + 1)
        lo = -(22 - ((n + 1) // 2 + 1))
        key = self.key if self.key < self.mkey else self.mkey
        known = self.memo.get(key)
        if known is not None:
            lo, hi = max(lo, known[0]), min(hi, known[1])
        if lo >= beta or lo == hi:
            return lo
        if hi <= alpha:
            return hi
        if alpha < lo:
            alpha = lo
        if beta > hi:
            beta = hi
        alpha0 = alpha
        best = -INF
        step = 1 if colour == "r" else 2
        for c in ORDER:
            r = len(cols[c])
            if r == ROWS:
                continue
            dk, dm = step * KEY[c][r], step * MIRROR[c][r]
            cols[c].append(colour)
            self.n += 1
            self.key += dk
            self.mkey += dm
            v = -self.search(-beta, -alpha)
            self.key -= dk
            self.mkey -= dm
            self.n -= 1
            cols[c].pop()
            if v > best:
                best = v
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
        if best <= alpha0:
            hi = min(hi, best)            # every move failed low: an upper bound
        elif best >= beta:
            lo = max(lo, best)            # a cut: a lower bound
        else:
            lo = hi = best                # inside the window: exact
        self.memo[key] = (lo, hi)
        return best

    def column_scores(self, cols):
        """The score of each column 1-7 for the side to move, None for a full column."""
        n = plies(cols)
        k = n // 2 + 1
        out = []
        for c in range(COLS):
            if len(cols[c]) == ROWS:
                out.append(None)
            elif wins_now(cols, c):
                out.append(22 - k)
            else:
                cols[c].append(to_move(cols))
                out.append(-self.solve(cols))
                cols[c].pop()
        return out


# ---------------------------------------------------------------------------------------
# Plain negamax for the check: no memo, no pruning, every move of every node searched,
# and a different four test (the windows of four cells through the disc just placed).

WINDOWS = {}  # (row, col) -> the windows of four cells that hold it
for _r in range(ROWS):
    for _c in range(COLS):
        for _dr, _dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
            _cells = [(_r + i * _dr, _c + i * _dc) for i in range(4)]
            if all(0 <= rr < ROWS and 0 <= cc < COLS for rr, cc in _cells):
                for rr, cc in _cells:
                    WINDOWS.setdefault((rr, cc), []).append(_cells)


def completes_window(cols, row, col):
    colour = cols[col][row]
    return any(all(cell(cols, rr, cc) == colour for rr, cc in w) for w in WINDOWS[(row, col)])


def plain_column_scores(cols):
    n = plies(cols)
    k = n // 2 + 1
    mover = to_move(cols)
    out = []
    for c in range(COLS):
        if len(cols[c]) == ROWS:
            out.append(None)
            continue
        cols[c].append(mover)
        if completes_window(cols, len(cols[c]) - 1, c):
            out.append(22 - k)
        elif n + 1 == ROWS * COLS:
            out.append(0)
        else:
            out.append(-max(s for s in plain_column_scores(cols) if s is not None))
        cols[c].pop()
    return out


# ---------------------------------------------------------------------------------------
# Positions: seeded random games.

def immediate_wins(cols):
    return [c for c in range(COLS) if len(cols[c]) < ROWS and wins_now(cols, c)]


def opponent_wins(cols):
    """Columns where the opponent of the side to move would complete a four if it moved."""
    other = "y" if to_move(cols) == "r" else "r"
    out = []
    for c in range(COLS):
        if len(cols[c]) < ROWS:
            cols[c].append(other)
            if four_through(cols, len(cols[c]) - 1, c):
                out.append(c)
            cols[c].pop()
    return out


def choose(cols, rng, cautious):
    """A uniform random player picks any legal move. A cautious one takes an immediate win,
    else blocks a cell where the opponent would win next, else picks among the moves that
    do not put a disc under such a cell (random among all when there is none)."""
    moves = [c for c in range(COLS) if len(cols[c]) < ROWS]
    if not cautious:
        return rng.choice(moves)
    wins = immediate_wins(cols)
    if wins:
        return rng.choice(wins)
    blocks = opponent_wins(cols)
    if blocks:
        return rng.choice(blocks)
    safe = []
    for c in moves:
        cols[c].append(to_move(cols))
        if not opponent_wins(cols):
            safe.append(c)
        cols[c].pop()
    return rng.choice(safe or moves)


def random_game(rng, cautious):
    """Every ongoing position of one random game, as move strings from the empty board."""
    cols = empty_board()
    moves = ""
    out = [moves]
    while True:
        c = choose(cols, rng, cautious)
        cols[c].append(to_move(cols))
        moves += str(c + 1)
        if four_through(cols, len(cols[c]) - 1, c) or plies(cols) == ROWS * COLS:
            return out
        out.append(moves)


def board_after(moves):
    cols = empty_board()
    for m in moves:
        c = int(m) - 1
        assert len(cols[c]) < ROWS and ongoing(cols)
        cols[c].append(to_move(cols))
    return cols


FIRST_PLY, LAST_PLY = 20, 40
# Per ply of FIRST_PLY..LAST_PLY: how many positions of each kind, for the side to move: a
# win at once, a win later, a draw, a loss. After QUOTA_GAMES games any kind fills a place.
QUOTA = {"win now": 1, "win": 5, "draw": 4, "loss": 5}
QUOTA_GAMES = 3000
EDGE_PLIES, EDGE_WIN, EDGE_BLOCK = range(30, 37), 1, 2  # per ply of EDGE_PLIES


def kind_of(cols, solver):
    if immediate_wins(cols):
        return "win now"
    v = solver.solve(cols)
    return "win" if v > 0 else "draw" if v == 0 else "loss"


def choose_positions(solver):
    """Move strings of the positions: at each ply FIRST_PLY..LAST_PLY sum(QUOTA.values())
    positions, at most one per game, by the QUOTA of kinds (the first games' plies with the
    fewest so far are tried, up to 3 per game); and per ply of EDGE_PLIES EDGE_WIN positions
    where the side to move can win at once and EDGE_BLOCK where it cannot but the opponent
    threatens to (one per game). Games alternate between uniform random and cautious
    players."""
    rng = random.Random(SEED)
    chosen, seen = [], set()
    per_ply = sum(QUOTA.values())
    taken = {(p, k): 0 for p in range(FIRST_PLY, LAST_PLY + 1) for k in QUOTA}
    edge = {(p, kind): 0 for p in EDGE_PLIES for kind in ("win", "block")}
    need = {"win": EDGE_WIN, "block": EDGE_BLOCK}

    def count(p):
        return sum(taken[(p, k)] for k in QUOTA)

    games = 0
    while (min(count(p) for p in range(FIRST_PLY, LAST_PLY + 1)) < per_ply
           or min(edge[e] - need[e[1]] for e in edge) < 0):
        games += 1
        assert games < 100000
        game = random_game(rng, games % 2 == 0)
        # one position of the game, at a ply with few so far and a kind still wanted
        plies_here = [p for p in range(FIRST_PLY, min(LAST_PLY + 1, len(game))) if count(p) < per_ply]
        plies_here.sort(key=lambda q: (count(q), rng.random()))
        for p in plies_here[:3]:
            cols = board_after(game[p])
            t = text(cols)
            if t in seen:
                continue
            k = kind_of(cols, solver)
            if taken[(p, k)] < QUOTA[k] or games > QUOTA_GAMES:
                seen.add(t)
                taken[(p, k)] += 1
                chosen.append(game[p])
                break
        # edge cases: an immediate win for the side to move, or a threat it must block
        for p in EDGE_PLIES:
            if p >= len(game):
                break
            cols = board_after(game[p])
            kind = "win" if immediate_wins(cols) else "block" if opponent_wins(cols) else None
            if kind and edge[(p, kind)] < need[kind]:
                t = text(cols)
                if t not in seen:
                    seen.add(t)
                    edge[(p, kind)] += 1
                    chosen.append(game[p])
                    break
        solver.reset_if_large()
    return chosen, games


def fmt(s):
    return "-" if s is None else str(s)


def scores_file(out):
    start = time.time()
    solver = Solver()
    chosen, games = choose_positions(solver)
    chosen.sort(key=lambda m: (len(m), m))
    sys.stderr.write(f"{len(chosen)} positions chosen from {games} games, {time.time() - start:.0f}s\n")
    lines = []
    for i, moves in enumerate(chosen):
        cols = board_after(moves)
        col_scores = solver.column_scores(cols)
        score = max(s for s in col_scores if s is not None)
        assert solver.solve(cols) == score
        lines.append(f"{text(cols)} {score} " + " ".join(fmt(s) for s in col_scores))
        solver.reset_if_large()
        sys.stderr.write(f"\r{i + 1}/{len(chosen)} ply {len(moves)} {time.time() - start:.0f}s   ")
    elapsed = time.time() - start
    wins = sum(1 for l in lines if int(l.split()[2]) > 0)
    draws = sum(1 for l in lines if int(l.split()[2]) == 0)
    losses = len(lines) - wins - draws
    out.write("# Connect Four exact scores from tests/data/connect_four/solver_oracle.py "
              f"(python3 solver_oracle.py scores, seed {SEED}, {games} random games)\n")
    out.write("# <position> <score> <score of each column 1-7, - when full>; Pons' convention: "
              "22 - k for a win with the mover's k-th disc, 0 draw, negative a loss\n")
    for l in lines:
        out.write(l + "\n")
    sys.stderr.write(f"\n{len(lines)} positions, plies {len(chosen[0])}-{len(chosen[-1])}: "
                     f"{wins} wins, {draws} draws, {losses} losses for the side to move; "
                     f"{solver.nodes} nodes, {elapsed:.0f}s\n")


# The convention checked on published data: 21 lines (move sequence from the empty board,
# score) of Pascal Pons' end-game benchmark set Test_L3_R1 (blog.gamesolver.org), its first
# line "2252576253462244111563365343671351441 -1", as quoted in public code.
PONS_L3_R1 = """
2252576253462244111563365343671351441 -1
7422341735647741166133573473242566 1
23163416124767223154467471272416755633 0
71255763773133525731261364622167124446454 0
65214673556155731566316327373221417 -1
52677675164321472411331752454 0
3135151421347443544172316522225776773566 0
562154564361751726662253737734213275114 0
233377345754465174223731671122611552 1
6763525635134453444361412671365712 -1
211376455663355325112113664364524722 0
3146762114467714356347741621375222 -1
67152117737262713366376314254 6
2762751722231276466633475674533 5
3642756176227637211322113551637574556 2
22647455554314246733661634615122372377511 0
427566236745127177115664464254 2
7172212567451542223676134464437761515 0
641154574541323641152467137655232232366 0
5775265212657176476365522624313714333 2
3575316255751336464276636772271112 -3
""".split("\n")[1:-1]


def check(min_ply=33, path="scores.txt"):
    """Every line with >= min_ply plies (33 by default: <= 9 empty cells) against
    plain_column_scores and a fresh Solver; every line parsed, reachable-looking (no
    floating disc, the right side to move), ongoing, and its score the best of its column
    scores."""
    n = 0
    for line in open(path):
        if line.startswith("#"):
            continue
        f = line.split()
        position, score, col_scores = f[0] + " " + f[1], int(f[2]), f[3:]
        cols = from_text(position)
        assert ongoing(cols) and text(cols) == position
        assert len(col_scores) == COLS
        assert score == max(int(s) for s in col_scores if s != "-")
        if plies(cols) >= min_ply:
            plain = [fmt(s) for s in plain_column_scores(cols)]
            assert plain == col_scores, (position, plain, col_scores)
            fresh = Solver()
            assert [fmt(s) for s in fresh.column_scores(cols)] == col_scores
            n += 1
    print(f"{n} positions agree")
    solver = Solver()
    for line in PONS_L3_R1:
        moves, score = line.split()
        assert solver.solve(board_after(moves)) == int(score), line
    print(f"{len(PONS_L3_R1)} positions of Pons' Test_L3_R1 agree")


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "scores":
        scores_file(sys.stdout)
    elif what == "check":
        check(int(sys.argv[2]) if len(sys.argv) > 2 else 33)
    else:
        sys.exit("usage: solver_oracle.py scores | check [min_ply]")


if __name__ == "__main__":
    main()
