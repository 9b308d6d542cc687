#!/usr/bin/env python3
"""weightforge's engine protocol (docs/engine-protocol.md) around student_abalone.py,
which is left as its authors wrote it: the constants are its module-level names, set
here by `setattr`, so the heuristic picks them up without an edit.

    weightforge match --game abalone \
      'engine:"python3 adapter.py",dir=examples/engines/abalone_course' guara

`--evaluation MODULE.py` plays the same player with its heuristic replaced by a module
that `weightforge export --format python` wrote, as the one-line edit of
docs/guide/front-end.md does (`return wf.evaluate(board, ROLE[self.colour])` in
`AIPlayer.evaluate`); its search and depth stay its own:

    weightforge export genomes/abalone/tuned.ron --format python --output wf_tuned.py
    weightforge match --game abalone \
      'engine:"python3 adapter.py --evaluation wf_tuned.py",dir=examples/engines/abalone_course' \
      'engine:"python3 adapter.py",dir=examples/engines/abalone_course'
"""
import importlib.util
import os
import random
import sys

import student_abalone as ai

# The constants weightforge may tune: name -> (min, max). Defaults are the file's own.
TUNED = {"OFF_GRID": (0, 100), "POSITION": (-20, 20), "COHERENCE": (-10, 10)}
LETTERS = "ABCDEFGHI"
ROLE = {"b": "black", "w": "white"}       # the team's colours -> weightforge's roles


def board_of(text):
    """`b A1b,A2b,...,I9w` -> the team's board {(letter, number): "b" | "w"} and the side
    to move ("b" or "w")."""
    side, tokens = text.split()
    board = {}
    for token in tokens.split(","):
        board[(LETTERS.index(token[0]) + 1, int(token[1:-1]))] = token[-1]
    return board, side


def cell_name(cell):
    """(3, 4) -> `C4`."""
    return f"{LETTERS[cell[0] - 1]}{cell[1]}"


def move_text(move):
    """Inline `i-<trailing marble>-<clock>`, side-step `s-<lowest>-<highest>-<clock>`."""
    group, direction, _ = move
    if len(group) == 1 or ai.step(group[0], direction) == group[1]:
        return f"i-{cell_name(group[0])}-{direction}"
    return f"s-{cell_name(group[0])}-{cell_name(group[-1])}-{direction}"


def use_evaluation(path):
    """Replaces the player's heuristic by the exported module at `path`; returns it."""
    spec = importlib.util.spec_from_file_location("exported_evaluation", path)
    wf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wf)
    ai.AIPlayer.evaluate = lambda self, board: wf.evaluate(board, ROLE[self.colour])
    return wf


def main():
    name, wf = "student_abalone", None
    if sys.argv[1:2] == ["--evaluation"]:
        wf = use_evaluation(sys.argv[2])
        name += "+" + os.path.splitext(os.path.basename(sys.argv[2]))[0]
    colour, board, side = "b", None, "b"
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "weightforge":
            print(f"id name {name}")
            for constant, (lo, hi) in TUNED.items():
                print(f"weight {constant} {getattr(ai, constant)} {lo} {hi}")
            print("ready")
        elif words[0] == "newgame":
            colour = "b" if words[2] == "black" else "w"
            random.seed(int(words[3]))
        elif words[0] == "set":
            setattr(ai, words[1], float(words[2]))
        elif words[0] == "position":
            board, side = board_of(line[len("position"):])
        elif words[0] == "go":
            opts = dict(zip(words[1::2], words[2::2]))
            depth = int(opts["depth"]) if "depth" in opts else None
            print("move " + move_text(ai.AIPlayer(colour).get_move(board, depth)))
        elif words[0] == "eval" and wf is not None:
            # The module's exact value, with the side to move the team's board leaves out.
            print(f"score {wf.evaluate(board, ROLE[colour], ROLE[side])!r}")
        elif words[0] == "eval":
            print(f"score {ai.AIPlayer(colour).evaluate(board)}")
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
