#!/usr/bin/env python3
"""A War of Life player for weightforge's engine protocol (docs/engine-protocol.md).

One ply: every legal move is followed by Conway's crank, and the board after it is
scored with the constants below (a weighted land grab that also likes room to grow).
Ties are broken by a generator seeded from `newgame`. Standard library only.
"""
import random
import sys

OWN = 1.0        # per own piece after the crank
OPPONENT = 1.0   # per opponent piece after the crank (subtracted)
CROWD = 0.0      # per own piece with 4 or more neighbours (it dies next crank)
BOUNDS = {"OWN": (0.0, 10.0), "OPPONENT": (0.0, 10.0), "CROWD": (-10.0, 10.0)}

CELLS = [(r, c) for r in range(1, 9) for c in range(1, 9)]
AROUND = {(r, c): [(r + dr, c + dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1)
                   if (dr or dc) and 1 <= r + dr <= 8 and 1 <= c + dc <= 8]
          for r, c in CELLS}


def parse(text):
    """`[[[A,B],...],[[A,B],...]] b` -> ({cell: 'b'|'r'}, side)."""
    board_text, side = text.split()
    blue, red = board_text[1:-1].split("],[[")  # the two lists
    board = {}
    for colour, part in (("b", blue), ("r", red)):
        nums = [int(x) for x in part.replace("[", " ").replace("]", " ").replace(",", " ").split()]
        for i in range(0, len(nums), 2):
            board[(nums[i], nums[i + 1])] = colour
    return board, side


def crank(board):
    new = {}
    for cell in CELLS:
        near = [board[n] for n in AROUND[cell] if n in board]
        if cell in board:
            if len(near) in (2, 3):
                new[cell] = board[cell]
        elif len(near) == 3:
            new[cell] = "b" if near.count("b") >= 2 else "r"
    return new


def score(board, side, k):
    own = sum(1 for v in board.values() if v == side)
    opp = len(board) - own
    crowd = sum(1 for cell, v in board.items() if v == side
                and sum(1 for n in AROUND[cell] if n in board) >= 4)
    return k["OWN"] * own - k["OPPONENT"] * opp - k["CROWD"] * crowd


def choose(board, side, k, rng):
    scored = []
    for cell, v in board.items():
        if v != side:
            continue
        for to in AROUND[cell]:
            if to in board:
                continue
            b = dict(board)
            del b[cell]
            b[to] = side
            scored.append((score(crank(b), side, k), cell, to))
    best = max(s for s, _, _ in scored)
    _, (a1, b1), (a2, b2) = rng.choice([m for m in scored if m[0] == best])
    return f"[{a1},{b1},{a2},{b2}]"


def main():
    k = {name: globals()[name] for name in BOUNDS}
    defaults = dict(k)
    rng = random.Random(0)
    board = side = None
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "weightforge":
            print("id name war_of_life.py")
            for name, (lo, hi) in BOUNDS.items():
                print(f"weight {name} {defaults[name]} {lo} {hi}")
            print("ready")
        elif words[0] == "newgame":
            rng = random.Random(int(words[3]))
        elif words[0] == "set":
            k[words[1]] = float(words[2])
        elif words[0] == "position":
            board, side = parse(line[len("position"):])
        elif words[0] == "go":
            print("move " + choose(board, side, k, rng))
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
