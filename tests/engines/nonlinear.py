#!/usr/bin/env python3
"""A Wolves & Sheep engine whose `eval` is linear in LINEAR but not in SQUARED
(it uses SQUARED * SQUARED): probing must refuse it and name SQUARED.
Usage: nonlinear.py [interact] -- with `interact`, each constant alone is linear but
the evaluation holds LINEAR * SQUARED, so the two together are named."""
import sys

INTERACT = len(sys.argv) > 1 and sys.argv[1] == "interact"
k = {"LINEAR": 1.0, "SQUARED": 1.0}
board = ""
for line in sys.stdin:
    words = line.split()
    if not words:
        continue
    if words[0] == "weightforge":
        print("id name nonlinear")
        print("weight LINEAR 1 -10 10")
        print("weight SQUARED 1 -10 10")
        print("ready")
    elif words[0] == "set":
        k[words[1]] = float(words[2])
    elif words[0] == "position":
        board = words[1]
    elif words[0] == "eval":
        sheep = board.count("S")
        second = k["LINEAR"] * k["SQUARED"] if INTERACT else k["SQUARED"] * k["SQUARED"]
        print(f"score {k['LINEAR'] * sheep + second * 3 + 1.5}")
    elif words[0] == "quit":
        break
    sys.stdout.flush()
