#!/usr/bin/env python3
"""weightforge's engine protocol (docs/engine-protocol.md) around student_ai.py, which
is left as its author wrote it: the constants are its module-level names, set here by
`setattr`, so the heuristics pick them up without an edit.

    weightforge match --game wolves_sheep \
      'engine:"python3 adapter.py",dir=examples/engines/course' luo2023

`--evaluation MODULE.py` plays the same player with its heuristic replaced by a module
that `weightforge export --format python` wrote, as the one-line edit of
docs/guide/front-end.md does (`return wf.evaluate(board, self.role)` in
`AIPlayer.evaluate`); its search and depths stay its own:

    weightforge export genomes/wolves_sheep/tuned.ron --format python --output wf_tuned.py
    weightforge match --game wolves_sheep \
      'engine:"python3 adapter.py --evaluation wf_tuned.py",dir=examples/engines/course' \
      'engine:"python3 adapter.py",dir=examples/engines/course'

`--no-repeat sheep` (before `--evaluation`) changes the player's search: its sheep never
make the same board twice in a game while another move remains (docs/guide/tables.md,
"look for cycles").
"""
import importlib.util
import os
import random
import sys

import student_ai as ai

# The constants weightforge may tune: name -> (min, max). Defaults are the file's own.
TUNED = {
    "EAT_BONUS": (0, 300), "WOLF_MOBILITY": (-30, 30), "CAPTURE_CHANCE": (-100, 100),
    "EDGE_PENALTY": (-40, 40), "WOLF_GAP": (-20, 20), "SHEEP_ALIVE": (0, 250),
    "BLOCKING": (-40, 40), "SHEEP_IN_DANGER": (-100, 100), "TOGETHER": (-20, 20),
}


def board_of(text):
    """`SSSSS/SSSSS/...../...../.W.W. w` (rows top to bottom) -> the student's board."""
    rows = text.split()[0].split("/")
    return [list(row) for row in rows]


def move_text(move):
    """((4, 1), (3, 1)) -> `41-31` (row and column of each square)."""
    (r1, c1), (r2, c2) = move
    return f"{r1}{c1}-{r2}{c2}"


def use_evaluation(path):
    """Replaces the player's heuristic by the exported module at `path`; returns the
    module."""
    spec = importlib.util.spec_from_file_location("exported_evaluation", path)
    wf = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(wf)
    ai.AIPlayer.evaluate = lambda self, board: wf.evaluate(board, self.role)
    return wf


def no_repeat(role):
    """`--no-repeat ROLE`: a change to the player's search, not its evaluation. At the
    root, that role's player drops the moves to a board it has made before in this game
    while others remain, so it cannot go round a cycle of positions it judges alike (an
    evaluation sees the board, not the game's history). Returns the set of boards made,
    cleared at each new game."""
    made, get_move = set(), ai.AIPlayer.get_move

    def get_move_no_repeat(self, board, depth=None):
        if self.role != role:
            return get_move(self, board, depth)
        all_moves = self.moves_for

        def root_moves(b, side):
            self.moves_for = all_moves  # the root's list only; the search sees every move
            moves = all_moves(b, side)
            fresh = [m for m in moves if str(ai.do_move(b, m)) not in made]
            return fresh or moves

        self.moves_for = root_moves
        move = get_move(self, board, depth)
        made.add(str(ai.do_move(board, move)))
        return move

    ai.AIPlayer.get_move = get_move_no_repeat
    return made


def main():
    name, wf, made = "student_ai", None, set()
    if sys.argv[1:2] == ["--no-repeat"] and sys.argv[2:3] in (["wolves"], ["sheep"]):
        made = no_repeat(sys.argv[2])
        name += "+norepeat_" + sys.argv[2]
        del sys.argv[1:3]
    if sys.argv[1:2] == ["--evaluation"]:
        wf = use_evaluation(sys.argv[2])
        name += "+" + os.path.splitext(os.path.basename(sys.argv[2]))[0]
    role, board, side = "wolves", None, "wolves"
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        if words[0] == "weightforge":
            print(f"id name {name}")
            for name, (lo, hi) in TUNED.items():
                print(f"weight {name} {getattr(ai, name)} {lo} {hi}")
            print("ready")
        elif words[0] == "newgame":
            role = words[2]
            made.clear()
            random.seed(int(words[3]))
        elif words[0] == "set":
            setattr(ai, words[1], float(words[2]))
        elif words[0] == "position":
            board = board_of(line[len("position"):])
            side = "wolves" if words[-1] == "w" else "sheep"
        elif words[0] == "go":
            opts = dict(zip(words[1::2], words[2::2]))
            depth = int(opts["depth"]) if "depth" in opts else None
            print("move " + move_text(ai.AIPlayer(role).get_move(board, depth)))
        elif words[0] == "eval" and wf is not None:
            # The module's exact value: the side to move, which the player's board does
            # not hold, is known here (scripts/check_eval.py compares it to weightforge's).
            print(f"score {wf.evaluate(board, role, side)!r}")
        elif words[0] == "eval":
            print(f"score {ai.AIPlayer(role).evaluate(board)}")
        elif words[0] == "quit":
            break
        sys.stdout.flush()


if __name__ == "__main__":
    main()
