#!/usr/bin/env python3
"""Independent Connect Four rules oracle (standard library only).

A plain 6x7 list-of-lists board, written apart from weightforge's Rust bitboard, used to
generate the oracle data in this folder:

    python3 oracle.py perft      > perft.txt
    python3 oracle.py positions  > positions.txt
    python3 oracle.py check      # perft against a plain full-scan perft, depths 1-4

Notation (the same as weightforge's): six rows of seven cells, top row first, joined by
'/', each '.', 'r' (red) or 'y' (yellow); a space; the side to move, 'r' or 'y'. Red
moves first. A move is the column number 1-7. Statuses: ongoing, red_win, yellow_win,
draw (full board, no four).
"""

import random
import sys

ROWS, COLS = 6, 7
SEED = 20260437


def empty_board():
    # board[row][col], row 0 at the bottom
    return [["." for _ in range(COLS)] for _ in range(ROWS)]


def to_move(board):
    red = sum(row.count("r") for row in board)
    yellow = sum(row.count("y") for row in board)
    return "r" if red == yellow else "y"


def text(board):
    rows = ["".join(board[r]) for r in range(ROWS - 1, -1, -1)]
    return "/".join(rows) + " " + to_move(board)


def four_of(board, colour):
    """Whether colour has four in a line, by scanning every cell and direction."""
    for r in range(ROWS):
        for c in range(COLS):
            for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLS and board[rr][cc] == colour
                       for rr, cc in cells):
                    return True
    return False


def four_directions(board, colour):
    """The directions ('horizontal', 'vertical', 'diagonal', 'antidiagonal') of colour's fours."""
    names = {(0, 1): "horizontal", (1, 0): "vertical", (1, 1): "diagonal", (1, -1): "antidiagonal"}
    found = set()
    for r in range(ROWS):
        for c in range(COLS):
            for (dr, dc), name in names.items():
                cells = [(r + k * dr, c + k * dc) for k in range(4)]
                if all(0 <= rr < ROWS and 0 <= cc < COLS and board[rr][cc] == colour
                       for rr, cc in cells):
                    found.add(name)
    return found


def status(board):
    if four_of(board, "r"):
        return "red_win"
    if four_of(board, "y"):
        return "yellow_win"
    if all(board[ROWS - 1][c] != "." for c in range(COLS)):
        return "draw"
    return "ongoing"


def legal_moves(board):
    """Columns (0-based) whose top cell is empty, when the game goes on."""
    if status(board) != "ongoing":
        return []
    return [c for c in range(COLS) if board[ROWS - 1][c] == "."]


def play(board, col):
    """Drops the side to move's disc into col; returns the row it landed on."""
    colour = to_move(board)
    for r in range(ROWS):
        if board[r][col] == ".":
            board[r][col] = colour
            return r
    raise ValueError("column full")


def take_back(board, col, row):
    board[row][col] = "."


def four_through(board, row, col):
    """Whether the disc at (row, col) is part of a four: counted outwards along each line."""
    colour = board[row][col]
    for dr, dc in ((0, 1), (1, 0), (1, 1), (1, -1)):
        n = 1
        for sign in (1, -1):
            r, c = row + sign * dr, col + sign * dc
            while 0 <= r < ROWS and 0 <= c < COLS and board[r][c] == colour:
                n += 1
                r, c = r + sign * dr, c + sign * dc
        if n >= 4:
            return True
    return False


def perft(board, depth):
    """Leaves of the move tree to depth; a finished position has no children. The status
    is checked in full at the root, then only around each disc dropped (a four can only
    appear through the last disc)."""
    if depth == 0:
        return 1
    if status(board) != "ongoing":
        return 0
    heights = [sum(1 for r in range(ROWS) if board[r][c] != ".") for c in range(COLS)]
    colours = ["r", "y"] if to_move(board) == "r" else ["y", "r"]
    return perft_from(board, heights, colours, 0, depth, sum(heights))


def perft_from(board, heights, colours, turn, depth, discs):
    if depth == 0:
        return 1
    total = 0
    for col in range(COLS):
        row = heights[col]
        if row == ROWS:
            continue
        if depth == 1:
            total += 1
            continue
        board[row][col] = colours[turn]
        heights[col] += 1
        if not four_through(board, row, col) and discs + 1 < ROWS * COLS:
            total += perft_from(board, heights, colours, 1 - turn, depth - 1, discs + 1)
        heights[col] -= 1
        board[row][col] = "."
    return total


def board_after(moves):
    board = empty_board()
    for m in moves:
        play(board, int(m) - 1)
    return board


# Positions of the perft file: move sequences from the empty board and the depth of the
# deepest line; late-game positions are added by late_positions().
PERFT_LINES = [
    ("", 8),
    ("4453", 7),
    ("44444433", 6),
    ("334455", 6),  # red threatens two cells: lines that end early are cut off
    ("3452617", 6),
]


def late_positions():
    """Two late-game positions (plies 26 and 32) of seeded cautious random games that are
    still going on there, each with the depth to search it."""
    rng = random.Random(SEED + 1)
    out = []
    for ply, depth in ((26, 8), (32, 8)):
        while True:
            boards = random_game(rng, True)
            if len(boards) > ply + 1:
                out.append((boards[ply], depth))
                break
    return out


def perft_file(out):
    out.write("# Connect Four perft from tests/data/connect_four/oracle.py (python3 oracle.py perft)\n")
    out.write("# <position> <depth> <nodes>; finished positions have no children\n")
    lines = [(board_after(m), d) for m, d in PERFT_LINES] + late_positions()
    for board, max_depth in lines:
        for depth in range(1, max_depth + 1):
            out.write(f"{text(board)} {depth} {perft(board, depth)}\n")


def makes_four(board, col):
    """Whether dropping the side to move's disc into col completes a four."""
    colour = to_move(board)
    row = play(board, col)
    won = four_of(board, colour)
    take_back(board, col, row)
    return won


def random_game(rng, cautious):
    """Every position of one random game, the last included. A cautious player picks at
    random among the moves that do not complete a four while there are some (so that games
    run long and full-board draws occur); the other picks among all legal moves."""
    board = empty_board()
    boards = [[row[:] for row in board]]
    while legal_moves(board):
        moves = legal_moves(board)
        if cautious:
            moves = [c for c in moves if not makes_four(board, c)] or moves
        play(board, rng.choice(moves))
        boards.append([row[:] for row in board])
    return boards


def line(board):
    moves = " ".join(str(c + 1) for c in legal_moves(board))
    return f"{text(board)} {status(board)}" + (f" {moves}" if moves else "")


def positions_file(out):
    """Positions from seeded random games (every other one between cautious players) with
    quotas: every status, every direction of four, full-board draws, early and late plies."""
    rng = random.Random(SEED)
    chosen, keys = [], set()

    def take(board):
        t = text(board)
        if t not in keys:
            keys.add(t)
            chosen.append(board)

    quota = {"red_win": 60, "yellow_win": 60, "draw": 30}
    directions = {"horizontal": 0, "vertical": 0, "diagonal": 0, "antidiagonal": 0}
    ongoing_by_ply = [0] * 42
    games = 0
    while (any(v > 0 for v in quota.values()) or min(directions.values()) < 15
           or min(ongoing_by_ply) < 6) and games < 20000:
        games += 1
        boards = random_game(rng, games % 2 == 0)
        last = boards[-1]
        s = status(last)
        dirs = four_directions(last, "r") | four_directions(last, "y")
        wanted_dir = any(directions[d] < 15 for d in dirs)
        if quota[s] > 0 or wanted_dir:
            quota[s] = max(0, quota[s] - 1)
            for d in dirs:
                directions[d] += 1
            take(last)
        # one unfinished position of the game, at the ply with the fewest so far
        ply = min(range(len(boards) - 1), key=lambda p: (ongoing_by_ply[p], rng.random()))
        if ongoing_by_ply[ply] < 6:
            ongoing_by_ply[ply] += 1
            take(boards[ply])
    out.write("# Connect Four positions from tests/data/connect_four/oracle.py "
              f"(python3 oracle.py positions, seed {SEED}, {games} random games)\n")
    out.write("# <position> <status> <legal moves, columns 1-7>\n")
    for board in chosen:
        out.write(line(board) + "\n")
    summary = {s: sum(1 for b in chosen if status(b) == s)
               for s in ("ongoing", "red_win", "yellow_win", "draw")}
    sys.stderr.write(f"{len(chosen)} positions from {games} games: {summary}; fours by direction {directions}\n")


def perft_plain(board, depth):
    """The same count by the plainest rules: full status and move list at every node."""
    if depth == 0:
        return 1
    total = 0
    for col in legal_moves(board):
        row = play(board, col)
        total += perft_plain(board, depth - 1)
        take_back(board, col, row)
    return total


def check():
    """Cross-checks perft against perft_plain on every perft position to depth 4."""
    for board, _ in [(board_after(m), d) for m, d in PERFT_LINES] + late_positions():
        for depth in range(1, 5):
            a, b = perft(board, depth), perft_plain(board, depth)
            assert a == b, (moves, depth, a, b)
    print("perft agrees with perft_plain to depth 4 on every perft position")


def main():
    what = sys.argv[1] if len(sys.argv) > 1 else ""
    if what == "perft":
        perft_file(sys.stdout)
    elif what == "check":
        check()
    elif what == "positions":
        positions_file(sys.stdout)
    else:
        sys.exit("usage: oracle.py perft|positions|check")


if __name__ == "__main__":
    main()
