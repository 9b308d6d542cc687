#!/usr/bin/env python3
"""Microseconds per call of the course player's own heuristic and of an exported module's
`evaluate`, on the same positions, in this CPython.

    weightforge export genomes/wolves_sheep/tuned.ron --format python --output wf_tuned.py
    python3 examples/engines/course/time_evaluation.py wf_tuned.py

The positions: 2,000 boards of random games from the start (seed 1), the same for both;
each is timed as the player's board (a list of lists of 'W', 'S', '.') and, for the
module, also as the course code's 0/1/2 array.
"""
import importlib.util
import os
import random
import sys
import timeit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import student_ai as ai  # noqa: E402

START = [list("SSSSS"), list("SSSSS"), list("....."), list("....."), list(".W.W.")]


def positions(count, seed):
    """Boards of random games: up to 40 random plies from the start, played on."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board, side = [row[:] for row in START], "wolves"
        for _ in range(rng.randrange(40)):
            if ai.winner(board):
                break
            moves = ai.wolf_moves(board) if side == "wolves" else ai.sheep_moves(board)
            board = ai.do_move(board, rng.choice(moves))
            side = "sheep" if side == "wolves" else "wolves"
        if not ai.winner(board):
            out.append(board)
    return out


def per_call(fn, boards, repeat=5):
    """The best of `repeat` passes over `boards`, in microseconds per call."""
    best = min(timeit.repeat(lambda: [fn(b) for b in boards], number=1, repeat=repeat))
    return best / len(boards) * 1e6


def main():
    spec = importlib.util.spec_from_file_location("wf", sys.argv[1])
    wf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wf)
    boards = positions(2000, 1)
    numeric = [[[{".": 0, "S": 1, "W": 2}[c] for c in row] for row in b] for b in boards]
    print(f"{sys.implementation.name} {sys.version.split()[0]}, {len(boards)} positions, "
          f"genome {wf.GENOME_NAME!r}")
    for role, own in (("wolves", ai.wolves_heuristic), ("sheep", ai.sheep_heuristic)):
        print(f"{role}: course heuristic {per_call(own, boards):.1f} us, "
              f"module evaluate {per_call(lambda b: wf.evaluate(b, role), boards):.1f} us "
              f"('W'/'S'/'.' board), "
              f"{per_call(lambda b: wf.evaluate(b, role), numeric):.1f} us (0/1/2 board)")


if __name__ == "__main__":
    main()
