#!/usr/bin/env python3
"""A proxy in front of an engine that now and then breaks the protocol: the soak test's
faulty engine (tests/suite/soak.rs).

Usage: flaky.py PER_MILLE LOG ENGINE_COMMAND...

It starts ENGINE_COMMAND, passes every line both ways, and at each `go` injects a fault
with probability PER_MILLE / 1000: it dies (crash), answers garbage, plays an illegal
move, or stalls past any time limit. Whether and how it faults is a pure function of the
game's seed and the move number, so a run is reproducible; every injected fault is
appended to LOG (one word a line, flushed at once) so the test can count them.
"""
import hashlib
import subprocess
import sys
import time

PER_MILLE = int(sys.argv[1])
LOG = sys.argv[2]
KINDS = ["crash", "garbage", "illegal", "stall"]

child = subprocess.Popen(sys.argv[3:], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                         text=True, bufsize=1)


def fault_for(seed, go):
    """The fault to inject at this `go`, or None."""
    digest = hashlib.sha256(f"{seed}:{go}".encode()).digest()
    if int.from_bytes(digest[:4], "little") % 1000 >= PER_MILLE:
        return None
    return KINDS[digest[4] % len(KINDS)]


def note(kind):
    with open(LOG, "a") as log:
        log.write(kind + "\n")
        log.flush()


def relay(line):
    """Sends one line to the engine and passes its answers on until it is done."""
    child.stdin.write(line)
    child.stdin.flush()
    word = line.split()[0] if line.split() else ""
    expect = {"weightforge": "ready", "go": "move"}.get(word)
    while expect:
        answer = child.stdout.readline()
        if not answer:
            sys.exit(4)
        sys.stdout.write(answer)
        if answer.split()[:1] == [expect]:
            break
    sys.stdout.flush()


seed, go = 0, 0
for line in sys.stdin:
    words = line.split()
    if words[:1] == ["newgame"]:
        seed, go = words[3], 0
    if words[:1] == ["go"]:
        go += 1
        kind = fault_for(seed, go)
        if kind:
            note(kind)
            if kind == "crash":
                child.kill()
                sys.exit(3)
            if kind == "garbage":
                print("bestmove e2e4", flush=True)
                continue
            if kind == "illegal":
                print("move 00-44", flush=True)
                continue
            time.sleep(3600)
    relay(line)
    if words[:1] == ["quit"]:
        break
