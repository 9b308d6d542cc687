#!/usr/bin/env python3
"""A Wolves & Sheep engine that breaks the protocol in games with an odd seed.

Usage: faulty.py crash|garbage|illegal|stall. In games with an even seed it plays
like examples/engines/wolves_sheep.py at depth 1, so those games show that the
referee restarted the engine after a fault and the run went on.
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "engines"))
import wolves_sheep as ws  # noqa: E402

KIND = sys.argv[1]
k = {name: getattr(ws, name) for name in ws.BOUNDS}
rng, bad, board, side = random.Random(0), False, None, None
for line in sys.stdin:
    words = line.split()
    if words[0] == "weightforge":
        print("id name faulty-" + KIND)
        print("ready")
    elif words[0] == "newgame":
        bad = int(words[3]) % 2 == 1
        rng = random.Random(int(words[3]))
    elif words[0] == "position":
        board, side = ws.parse(line[len("position"):])
    elif words[0] == "go" and bad:
        if KIND == "crash":
            sys.exit(3)
        elif KIND == "garbage":
            print("bestmove e2e4")
        elif KIND == "illegal":
            print("move 00-44")
        elif KIND == "stall":
            sys.stdout.flush()
            time.sleep(3600)
    elif words[0] == "go":
        print("move " + ws.choose(board, side, 1, k, rng))
    elif words[0] == "quit":
        break
    sys.stdout.flush()
