#!/usr/bin/env python3
"""What a budget-true run costs on P cores: a model built from measured parts.

The measured parts are datagen games of one game at one or more node budgets (the
`<out>.partial` checkpoints `weightforge datagen --stop-after-games` leaves, one JSON
line per chunk with each game's plies and nodes) and the CPU seconds their processes
took (`/usr/bin/time`). From them: the budget's nodes per CPU second, and a game's CPU
seconds = its nodes / that rate. The run is then replayed on P workers the way
weightforge's executor runs it (src/dist/threads.rs, src/dist/order.rs): each batch's
units are handed out in order (longest expected cost first; every unit here has the same
expected cost, so unit order) to the next free worker, and a batch ends when its last
unit does (the next batch waits). The run's batches:

  datagen      `games` games, one unit each, in chunks of DATAGEN_CHUNK_GAMES (16)
  fit          serial, `fit_s` seconds (measured on the 100,000-node Wolves & Sheep file)
  selection    1 pair (finalists 1, selection_pairs 1, one opponent)
  validation   `val_pairs` pairs, one batch, a pair (two games in turn) per unit
  gate         SPRT batches of SPRT_BATCH_PAIRS (20) pairs, up to `gate_pairs`
               (the model plays them all: the worst case)
  budget chart 3 budgets x `chart_pairs` pairs (default BUDGET_CHART_PAIRS, 20), here all
               at the target (the lower budgets cost less: an upper bound)

A budget with no measured games can be priced with `--price-from NODES`: its plies spend
the whole budget at that measured budget's nodes per CPU second.

A match game (validation, gate) costs `match_scale` times a datagen game of the same
budget (both sides search the same nodes a move in both, but the games differ in
length: the tuned genome against an opponent plays longer games than the start genome
against itself; the ratio comes from measured match games). Game lengths (plies) are drawn
(with replacement, seeded) from all measured games of every budget, a ply costing the
budget's measured CPU seconds a ply; each figure is the mean of `draws` replays, with
the 5th and 95th percentiles.

Usage: scripts/cost_model.py --game-label L --measured NODES:CPU_S:CHECKPOINT [...]
           --budget NODES [...] --cores 2 16 64 [--games 200 --val-pairs 200 ...]
           [--price-from NODES]
Prints a Markdown table: budget, cores, wall hours per phase and in all, idle share.
"""

import argparse
import csv
import json
import random
import statistics

DATAGEN_CHUNK_GAMES = 16  # src/tunables.rs
SPRT_BATCH_PAIRS = 20  # src/tunables.rs
BUDGET_CHART_PAIRS = 20  # src/tunables.rs


def read_checkpoint(path):
    """Each game's (plies, nodes) from a datagen checkpoint (JSON lines), or from a CSV
    with `plies` and `nodes` columns (docs/results/cost_model/*.csv, taken from them)."""
    games = []
    if path.endswith(".csv"):
        with open(path) as f:
            for row in csv.DictReader(f):
                games.append((int(row["plies"]), int(row["nodes"])))
        return games
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            value = json.loads(line)
            chunk = value.get("games") if isinstance(value, dict) else None
            if not isinstance(chunk, (dict, list)):
                continue
            items = chunk.values() if isinstance(chunk, dict) else [g for _, g in chunk]
            for g in items:
                games.append((g["plies"], g["nodes"]))
    return games


def batch_wall(durations, workers):
    """Wall seconds of one batch: units in order to the next free worker."""
    free = [0.0] * workers
    for d in durations:
        i = min(range(workers), key=free.__getitem__)
        free[i] += d
    return max(free)


def replay(cost_of_game, args, workers, rng):
    """Wall seconds per phase of one replay of the run, and the CPU seconds in all."""
    game = lambda: cost_of_game(rng)
    pair = lambda: args.match_scale * (game() + game())
    phases = {}
    cpu = 0.0
    wall = 0.0
    for k in range(0, args.games, args.chunk):
        units = [game() for _ in range(min(args.chunk, args.games - k))]
        cpu += sum(units)
        wall += batch_wall(units, workers)
    phases["datagen"] = wall
    phases["fit"] = args.fit_s
    cpu += args.fit_s
    batches = {
        "selection": [1],
        "validation": [args.val_pairs],
        "gate": [SPRT_BATCH_PAIRS] * (args.gate_pairs // SPRT_BATCH_PAIRS),
        "budget chart": [args.chart_pairs] * 3,
    }
    for name, sizes in batches.items():
        wall = 0.0
        for n in sizes:
            units = [pair() for _ in range(n)]
            cpu += sum(units)
            wall += batch_wall(units, workers)
        phases[name] = wall
    return phases, cpu


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--game-label", required=True)
    p.add_argument("--measured", nargs="+", required=True, help="NODES:CPU_S:CHECKPOINT")
    p.add_argument("--budget", nargs="+", type=int, required=True)
    p.add_argument("--cores", nargs="+", type=int, default=[2, 16, 64])
    p.add_argument("--games", type=int, default=200, help="datagen games")
    p.add_argument("--chunk", type=int, default=DATAGEN_CHUNK_GAMES)
    p.add_argument("--fit-s", type=float, default=10.0)
    p.add_argument("--val-pairs", type=int, default=200)
    p.add_argument("--gate-pairs", type=int, default=200)
    p.add_argument("--match-scale", type=float, default=1.0,
                   help="a match game's CPU over a datagen game's at the same budget")
    p.add_argument("--chart-pairs", type=int, default=BUDGET_CHART_PAIRS,
                   help="pairs per reference and budget of the chart (budget_pairs)")
    p.add_argument("--price-from", type=int, default=None,
                   help="price a budget that was not measured at this measured budget's CPU "
                        "seconds a node (its plies cost the budget's nodes at that rate)")
    p.add_argument("--draws", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    args = p.parse_args()

    rate = {}
    per_ply = {}
    lengths = []
    for m in args.measured:
        nodes, cpu_s, path = m.split(":", 2)
        games = read_checkpoint(path)
        if not games:
            raise SystemExit(f"{path}: no games")
        rate[int(nodes)] = sum(n for _, n in games) / float(cpu_s)
        nodes_per_ply = sum(n for _, n in games) / sum(pl for pl, _ in games)
        per_ply[int(nodes)] = nodes_per_ply / rate[int(nodes)]
        lengths += [pl for pl, _ in games]
        print(f"measured {args.game_label} at {int(nodes):,} nodes: {len(games)} games, "
              f"{statistics.mean(pl for pl, _ in games):.0f} plies a game, "
              f"{nodes_per_ply:,.0f} nodes a ply, {rate[int(nodes)] / 1e6:.2f} M nodes "
              f"per CPU second, {float(cpu_s) / len(games):.1f} CPU s a game")
    for budget in args.budget:
        if budget not in per_ply:
            if args.price_from not in rate:
                raise SystemExit(f"no measured games at {budget} nodes (see --price-from)")
            # A ply spends the whole budget (measured: 99 % of it at 100,000 and
            # 1,000,000 nodes), at the named measured budget's nodes per CPU second.
            per_ply[budget] = budget / rate[args.price_from]
            print(f"{budget:,} nodes priced at {rate[args.price_from] / 1e6:.2f} M nodes per "
                  f"CPU second (measured at {args.price_from:,}): {per_ply[budget]:.3f} CPU s a ply")
    print()
    print("| budget | cores | datagen h | validation + gate + chart h | whole run h "
          "(5–95 %) | CPU h | idle share |")
    print("|---|---|---|---|---|---|---|")
    for budget in args.budget:
        # A game: a length drawn from every measured game, at the budget's measured
        # CPU seconds a ply.
        cost = lambda rng: rng.choice(lengths) * per_ply[budget]
        for workers in args.cores:
            rng = random.Random(args.seed)
            runs = [replay(cost, args, workers, rng) for _ in range(args.draws)]
            walls = sorted(sum(ph.values()) for ph, _ in runs)
            mean = statistics.mean(walls)
            lo = walls[int(0.05 * (len(walls) - 1))]
            hi = walls[int(0.95 * (len(walls) - 1))]
            dg = statistics.mean(ph["datagen"] for ph, _ in runs)
            games = statistics.mean(
                ph["selection"] + ph["validation"] + ph["gate"] + ph["budget chart"]
                for ph, _ in runs)
            cpu = statistics.mean(c for _, c in runs)
            idle = 1 - cpu / (workers * mean)
            print(f"| {budget:,} | {workers} | {dg / 3600:.2f} | {games / 3600:.2f} | "
                  f"{mean / 3600:.2f} ({lo / 3600:.2f}–{hi / 3600:.2f}) | {cpu / 3600:.1f} | "
                  f"{100 * idle:.0f} % |")


if __name__ == "__main__":
    main()
