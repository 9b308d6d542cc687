#!/usr/bin/env python3
"""Checks your own evaluation against weightforge's, position by position, through the
engine protocol's `eval` (docs/engine-protocol.md).

You re-implemented a genome's features in your player (or pasted an exported module into
it) and want to know it computes the same thing. Run your player as an engine that
answers `eval` (examples/engines/course/adapter.py does), and this script asks it and
`weightforge engine --game G --genome X` for the same positions and roles:

    weightforge match --game wolves_sheep li2023 luo2023 --games 20 --record games.jsonl
    python3 scripts/check_eval.py --game wolves_sheep --genome genomes/wolves_sheep/tuned.ron \
        --positions games.jsonl --engine "python3 adapter.py --evaluation wf_tuned.py" \
        --dir examples/engines/course

Positions: every position of a game record (`weightforge match --record games.jsonl`,
docs/game-records.md), a position file (docs/positions.md, version 1 or 2: what
`weightforge positions` and `weightforge datagen` write from played games), or a text
file with one position per line in the game's notation. Each is asked for every role.

A value matches when it is within `--tolerance` (relative, default 1e-6) of
weightforge's. When your engine declares weights named as weightforge's
(`<role>:<feature>`, what `weightforge engine` declares), a mismatch is narrowed down
to the features that differ: both engines are `set` to weight one feature at a time.
Exit status 0 when everything matches, 1 otherwise, 2 on a usage or protocol error.
"""
import argparse
import json
import shlex
import subprocess
import sys


class Engine:
    """An engine process spoken to line by line."""

    def __init__(self, command, cwd=None):
        self.command = command
        self.proc = subprocess.Popen(command, cwd=cwd, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send("weightforge 1")
        self.weights = {}
        while True:
            words = self.read().split()
            if words[:1] == ["ready"]:
                break
            if words[:1] == ["weight"] and len(words) >= 3:
                self.weights[words[1]] = float(words[2])

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def read(self):
        line = self.proc.stdout.readline()
        if not line:
            sys.exit(f"check_eval: {self.command!r} closed its output")
        return line.strip()

    def eval(self, game, role, position, values=None):
        """The engine's `eval` of `position` for `role`, after `set`ting `values`."""
        self.send(f"newgame {game} {role} 1")
        for name, value in (values or self.weights).items():
            self.send(f"set {name} {value!r}")
        self.send(f"position {position}")
        self.send("eval")
        while True:
            words = self.read().split()
            if words[:1] == ["score"] and len(words) == 2:
                return float(words[1])
            if words[:1] != ["info"]:
                sys.exit(f"check_eval: {self.command!r} answered {' '.join(words)!r} to eval")

    def quit(self):
        self.send("quit")
        self.proc.wait(timeout=10)


def read_positions(path, count):
    """Up to `count` distinct positions of a game record (`weightforge match --record`,
    JSON lines), a position file (version 1 or 2) or a plain list, in file order."""
    with open(path, encoding="utf-8") as f:
        lines = f.read().splitlines()
    if lines and lines[0].startswith("{"):
        found = []
        for line in lines:
            game = json.loads(line)
            found.append(game["start"])
            found.extend(m["after"] for m in game["moves"])
    else:
        v2 = bool(lines) and lines[0].startswith("# weightforge positions v2")
        v1 = not v2 and len(lines) > 1 and _is_label(lines[0].split(None, 1)[0])
        rows = [line for line in lines if line.strip() and not line.startswith("#")]
        found = [row.split(None, 3)[3] if v2 else row.split(None, 1)[1] if v1 else row
                 for row in rows]
    return list(dict.fromkeys(p.strip() for p in found))[:count]


def _is_label(word):
    try:
        return 0.0 <= float(word) <= 1.0
    except ValueError:
        return False


def close(a, b, tolerance):
    return abs(a - b) <= tolerance * max(1.0, abs(b))


def features_that_differ(yours, ours, game, role, position, tolerance):
    """The weights both engines declare whose term differs: each alone at 1, the rest 0."""
    shared = [n for n in ours.weights if n in yours.weights and n.startswith(role + ":")]
    zero = {n: 0.0 for n in shared}
    differ = []
    for name in shared:
        values = dict(zero, **{name: 1.0})
        a = yours.eval(game, role, position, {**yours.weights, **values})
        b = ours.eval(game, role, position, {**ours.weights, **values})
        if not close(a, b, tolerance):
            differ.append(f"{name.split(':', 1)[1]} (yours {a!r}, weightforge {b!r})")
    return differ


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", required=True)
    p.add_argument("--genome", required=True, help="the genome weightforge evaluates with")
    p.add_argument("--positions", required=True, help="a position file or one position a line")
    p.add_argument("--engine", required=True, help="your engine's command line")
    p.add_argument("--dir", help="your engine's working directory")
    p.add_argument("--count", type=int, default=1000, help="positions to check (default 1000)")
    p.add_argument("--tolerance", type=float, default=1e-6, help="relative (default 1e-6)")
    p.add_argument("--weightforge", default="weightforge", help="the weightforge binary")
    p.add_argument("--show", type=int, default=5, help="mismatches to print (default 5)")
    a = p.parse_args()
    positions = read_positions(a.positions, a.count)
    if not positions:
        sys.exit(f"check_eval: no positions in {a.positions}")
    ours = Engine([a.weightforge, "engine", "--game", a.game, "--genome", a.genome])
    yours = Engine(shlex.split(a.engine), cwd=a.dir)
    # weightforge's engine declares `<role>:<feature>` for each role, in role order.
    role_names = list(dict.fromkeys(n.split(":", 1)[0] for n in ours.weights))
    checked, wrong = 0, []
    for position in positions:
        for role in role_names:
            mine, theirs = yours.eval(a.game, role, position), ours.eval(a.game, role, position)
            checked += 1
            if not close(mine, theirs, a.tolerance):
                wrong.append((role, position, mine, theirs))
    print(f"{checked} evaluations ({len(positions)} positions x {len(role_names)} roles): "
          f"{checked - len(wrong)} match, {len(wrong)} differ (tolerance {a.tolerance:g} relative)")
    for role, position, mine, theirs in wrong[:a.show]:
        print(f"  {role} {position}: yours {mine!r}, weightforge {theirs!r}")
        if not any(n.startswith(role + ":") and n in yours.weights for n in ours.weights):
            continue
        differ = features_that_differ(yours, ours, a.game, role, position, a.tolerance)
        if differ:
            print("    features that differ: " + "; ".join(differ))
        else:
            print("    every feature agrees (each weighted 1 alone): the weights differ")
    yours.quit()
    ours.quit()
    sys.exit(1 if wrong else 0)


if __name__ == "__main__":
    main()
