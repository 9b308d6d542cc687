#!/usr/bin/env python3
"""A Wolves & Sheep player for weightforge's engine protocol (docs/engine-protocol.md).

Its own features and hand-set constants (not weightforge's feature list), a small
negamax alpha-beta, and ties broken by a random generator seeded from `newgame`, so
it is deterministic given the seed. Standard library only.

The constants below are what weightforge tunes: each is declared by a `weight` line
(name, default, bounds) and can be changed by `set` between games. Paste tuned values
back here (`weightforge export --format lines` prints `NAME value` lines).
"""
import random
import sys

# --- Tunable constants (declared to weightforge as `weight NAME default min max`) ---
SHEEP_TAKEN = 100.0  # per sheep the wolves have eaten
WOLF_ROOM = -12.0    # per empty square next to a wolf (deliberately wrong sign)
THREAT = 30.0        # per capture the wolves could make now
SHEEP_DEPTH = 3.0    # per row the sheep have advanced (summed), good for the sheep
SHEEP_WALL = 2.0     # per sheep with a sheep beside it, good for the sheep
BOUNDS = {
    "SHEEP_TAKEN": (0.0, 400.0),
    "WOLF_ROOM": (-40.0, 40.0),
    "THREAT": (-100.0, 100.0),
    "SHEEP_DEPTH": (-20.0, 20.0),
    "SHEEP_WALL": (-20.0, 20.0),
}
DEPTH = 3            # search depth when `go` gives none (not tuned)
WIN = 1_000_000.0

DIRS = ((-1, 0), (1, 0), (0, -1), (0, 1))
NEIGHBOURS = [
    [(r + dr) * 5 + c + dc for dr, dc in DIRS if 0 <= r + dr < 5 and 0 <= c + dc < 5]
    for r in range(5) for c in range(5)
]
# JUMPS[sq] = (middle, landing) pairs for a wolf's capture.
JUMPS = [
    [((r + dr) * 5 + c + dc, (r + 2 * dr) * 5 + c + 2 * dc)
     for dr, dc in DIRS if 0 <= r + 2 * dr < 5 and 0 <= c + 2 * dc < 5]
    for r in range(5) for c in range(5)
]


def parse(text):
    """`SSSSS/SSSSS/...../...../.W.W. w` -> (board list of 25 chars, side 'w'|'s')."""
    rows, side = text.split()
    return list(rows.replace("/", "")), side


def sq_text(sq):
    return f"{sq // 5}{sq % 5}"


def moves(board, side):
    out = []
    if side == "w":
        for sq, p in enumerate(board):
            if p != "W":
                continue
            out += [(sq, t, None) for t in NEIGHBOURS[sq] if board[t] == "."]
            out += [(sq, land, land) for mid, land in JUMPS[sq]
                    if board[mid] == "." and board[land] == "S"]
    else:
        for sq, p in enumerate(board):
            if p == "S":
                out += [(sq, t, None) for t in NEIGHBOURS[sq] if board[t] == "."]
    return out


def status(board):
    """'s' if the sheep won, 'w' if the wolves won, None while the game goes on."""
    wolves = [sq for sq, p in enumerate(board) if p == "W"]
    if all(board[t] != "." for w in wolves for t in NEIGHBOURS[w]):
        return "s"
    if board.count("S") <= 2:
        return "w"
    return None


def evaluate(board, k):
    """The position's value for the wolves."""
    sheep = [sq for sq, p in enumerate(board) if p == "S"]
    wolves = [sq for sq, p in enumerate(board) if p == "W"]
    room = sum(1 for w in wolves for t in NEIGHBOURS[w] if board[t] == ".")
    threats = sum(1 for w in wolves for mid, land in JUMPS[w]
                  if board[mid] == "." and board[land] == "S")
    depth = sum(sq // 5 for sq in sheep)
    wall = sum(1 for s in sheep if any(board[t] == "S" for t in NEIGHBOURS[s]))
    return (k["SHEEP_TAKEN"] * (10 - len(sheep)) + k["WOLF_ROOM"] * room
            + k["THREAT"] * threats - k["SHEEP_DEPTH"] * depth - k["SHEEP_WALL"] * wall)


def play(board, mv):
    b = board[:]
    frm, to, _ = mv
    b[to] = b[frm]
    b[frm] = "."
    return b


def negamax(board, side, depth, alpha, beta, k):
    won = status(board)
    if won is not None:
        return WIN + depth if won == side else -WIN - depth
    if depth == 0:
        v = evaluate(board, k)
        return v if side == "w" else -v
    other = "s" if side == "w" else "w"
    best = -2 * WIN
    for mv in moves(board, side):
        v = -negamax(play(board, mv), other, depth - 1, -beta, -alpha, k)
        best = max(best, v)
        alpha = max(alpha, v)
        if alpha >= beta:
            break
    return best


def choose(board, side, depth, k, rng):
    other = "s" if side == "w" else "w"
    scored = [(-negamax(play(board, mv), other, depth - 1, -2 * WIN, 2 * WIN, k), mv)
              for mv in moves(board, side)]
    best = max(v for v, _ in scored)
    frm, to, _ = rng.choice([mv for v, mv in scored if v == best])
    return f"{sq_text(frm)}-{sq_text(to)}"


def main():
    k = {name: globals()[name] for name in BOUNDS}
    defaults = dict(k)
    rng = random.Random(0)
    board = side = None
    role = "wolves"
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd = words[0]
        if cmd == "weightforge":
            print("id name wolves_sheep.py")
            for name, (lo, hi) in BOUNDS.items():
                print(f"weight {name} {defaults[name]} {lo} {hi}")
            print("ready")
        elif cmd == "newgame":
            role = words[2]
            rng = random.Random(int(words[3]))
        elif cmd == "set":
            k[words[1]] = float(words[2])
        elif cmd == "position":
            board, side = parse(line[len("position"):])
        elif cmd == "go":
            opts = dict(zip(words[1::2], words[2::2]))
            print("move " + choose(board, side, int(opts.get("depth", DEPTH)), k, rng))
        elif cmd == "eval":
            # The leaf evaluation for our role (negamax's value at depth 0).
            v = evaluate(board, k)
            print(f"score {v if role == 'wolves' else -v}")
        elif cmd == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
