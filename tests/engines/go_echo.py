#!/usr/bin/env python3
"""Plays like examples/engines/wolves_sheep.py at depth 1 and appends every `go` line
it gets to the file named by its first argument (so a test can see what weightforge
sends)."""
import os
import random
import sys

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "engines"))
import wolves_sheep as ws  # noqa: E402

OUT = sys.argv[1]
k = {name: getattr(ws, name) for name in ws.BOUNDS}
rng, board, side = random.Random(0), None, None
for line in sys.stdin:
    words = line.split()
    if words[0] == "weightforge":
        print("id name go_echo")
        print("weight THREAT 30 -100 100")
        print("ready")
    elif words[0] == "newgame":
        rng = random.Random(int(words[3]))
    elif words[0] == "set":
        k[words[1]] = float(words[2])
    elif words[0] == "position":
        board, side = ws.parse(line[len("position"):])
    elif words[0] == "go":
        with open(OUT, "a") as f:
            f.write(line)
        print("move " + ws.choose(board, side, 1, k, rng))
    elif words[0] == "quit":
        break
    sys.stdout.flush()
