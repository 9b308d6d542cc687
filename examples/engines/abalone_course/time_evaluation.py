#!/usr/bin/env python3
"""Microseconds per call of the Abalone player's own heuristic (GuaraAI) and of an
exported module's `evaluate`, on the same positions, in this CPython.

    weightforge export genomes/abalone/tuned.ron --format python --output wf_tuned.py
    python3 examples/engines/abalone_course/time_evaluation.py wf_tuned.py

The positions: 2,000 boards of random games from the standard start (seed 1), the same
for both, each the team's dictionary keyed by (letter, number).
"""
import importlib.util
import os
import random
import sys
import timeit

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import student_abalone as ai  # noqa: E402

START = ({(1, n): "b" for n in range(1, 6)} | {(2, n): "b" for n in range(1, 7)}
         | {(3, n): "b" for n in range(3, 6)} | {(9, n): "w" for n in range(5, 10)}
         | {(8, n): "w" for n in range(4, 10)} | {(7, n): "w" for n in range(5, 8)})


def positions(count, seed):
    """Boards of random games: up to 60 random plies from the start."""
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        board, side = dict(START), "b"
        for _ in range(rng.randrange(60)):
            if ai.winner(board):
                break
            board = ai.apply_move(board, rng.choice(ai.generate_moves(board, side)))
            side = ai.other(side)
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
    print(f"{sys.implementation.name} {sys.version.split()[0]}, {len(boards)} positions, "
          f"genome {wf.GENOME_NAME!r}")
    for colour, role in (("b", "black"), ("w", "white")):
        own = ai.AIPlayer(colour).evaluate
        print(f"{role}: GuaraAI heuristic {per_call(own, boards):.1f} us, "
              f"module evaluate {per_call(lambda b: wf.evaluate(b, role), boards):.1f} us")


if __name__ == "__main__":
    main()
