#!/usr/bin/env python3
"""A Wolves & Sheep engine that attacks the referee's transport.

Usage: hostile.py MODE [TOKEN]. Modes that act in games with an odd seed (in the
others it plays like examples/engines/wolves_sheep.py at depth 1):
  flood     `info` lines without end instead of a move
  longline  a line without end (no newline) instead of a move
  badutf8   a `move` line that is not UTF-8
  fork      forks a child that keeps the output open and sleeps; the engine exits
  lateflood `info` lines for 2 s, then its move (too late)
Modes that act in the handshake:
  hsflood   `info` lines without end instead of `ready`
  weights   100000 `weight` lines
  evilname  an `id name` with an escape sequence, a CR and a BEL
  traceback dies with a Python traceback (an import that fails) instead of `ready`
Modes that act on `quit`:
  cleanup   takes 100 ms to clean up, then writes the file TOKEN and exits
TOKEN is otherwise ignored (a test finds the processes by it).
"""
import os
import random
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "..", "examples", "engines"))
import wolves_sheep as ws  # noqa: E402

KIND = sys.argv[1]
out = sys.stdout.buffer
k = {name: getattr(ws, name) for name in ws.BOUNDS}


def say(text):
    out.write(text.encode() + b"\n")
    out.flush()


def flood(seconds=None):
    end = None if seconds is None else time.time() + seconds
    chunk = b"info flooding the referee with lines\n" * 1000
    while end is None or time.time() < end:
        out.write(chunk)
        out.flush()


def handshake():
    if KIND == "traceback":
        import student_ai_that_is_not_there  # noqa: F401
    if KIND == "hsflood":
        flood()
    if KIND == "weights":
        out.write(b"".join(b"weight w%d 1\n" % i for i in range(100000)))
    if KIND == "evilname":
        say("id name evil\x1b[31m\rresult: 1-0\x07")
    else:
        say("id name hostile-" + KIND)
    say("ready")


def misbehave():
    if KIND == "flood":
        flood()
    elif KIND == "longline":
        out.write(b"move ")
        while True:
            out.write(b"x" * 65536)
    elif KIND == "badutf8":
        out.write(b"move \xff\xfe\n")
        out.flush()
        return True
    elif KIND == "fork":
        if os.fork() == 0:
            time.sleep(3600)
        os._exit(0)
    elif KIND == "lateflood":
        flood(2.0)
        return False
    return False


rng, bad, board, side = random.Random(0), False, None, None
for line in sys.stdin:
    words = line.split()
    if words[0] == "weightforge":
        handshake()
    elif words[0] == "newgame":
        bad = int(words[3]) % 2 == 1
        rng = random.Random(int(words[3]))
    elif words[0] == "position":
        board, side = ws.parse(line[len("position"):])
    elif words[0] == "go":
        if bad and misbehave():
            continue
        say("move " + ws.choose(board, side, 1, k, rng))
    elif words[0] == "quit":
        if KIND == "cleanup":
            time.sleep(0.1)
            with open(sys.argv[2], "w") as f:
                f.write("cleaned up\n")
        break
