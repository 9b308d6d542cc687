#!/usr/bin/env bash
# Elo per CPU-second, side by side: runs ES, CMA-ES, SPSA and Texel on one game's
# comparison experiments (experiments/compare/<game>/<algorithm>.ron: the files differ
# only in name and algorithm), each with the same training-game budget, and validates
# each against the game's course players at their own depths (the experiment's
# validation). Appends one row per validation to reports/compare/<game>.csv and draws
# reports/compare/<game>.png (Elo against CPU seconds, one line per algorithm).
#
# Usage: scripts/compare_algorithms.sh <game> <budget-games> [algorithm ...]
#        (algorithms default: es cmaes spsa texel; run again with another budget to
#        add a point to every line)
# CPU seconds (scripts/lib/evolve_cpu.sh): `train_cpu_s` is the process's CPU time (all
# threads, /proc/<pid>/stat) when its last training generation was logged, sampled every
# 0.2 s; `cpu_s` the whole run's (training, selection and validation). The chart's x axis is `train_cpu_s`.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: $0 <game> <budget-games> [algorithm ...]" >&2; exit 2; }
game=$1 budget=$2
shift 2
algorithms=("$@")
[ ${#algorithms[@]} -gt 0 ] || algorithms=(es cmaes spsa texel)
bin=target/release/weightforge
[ -x "$bin" ] || cargo build --release
out=reports/compare
mkdir -p "$out"
csv="$out/$game.csv"
[ -s "$csv" ] || echo "algorithm,budget_games,games,train_cpu_s,cpu_s,wall_s,load,opponent,validation_games,elo,elo95" >"$csv"
# shellcheck source=lib/evolve_cpu.sh
. scripts/lib/evolve_cpu.sh

for a in "${algorithms[@]}"; do
    src="experiments/compare/$game/$a.ron"
    [ -f "$src" ] || { echo "$src: no such experiment" >&2; exit 2; }
    name="compare_${game}_${a}_$budget"
    exp="$out/$name.ron"
    sed -e "s/^\(    name: \)\"[^\"]*\"/\1\"$name\"/" -e "s/^\(    max_games: \)[0-9_]*/\1$budget/" "$src" >"$exp"
    grep -q "max_games: $budget," "$exp" || { echo "$src: no 'max_games:' line to set" >&2; exit 2; }
    log="$out/$name.log"
    run_evolve "$bin" "$exp" "$log"
    load=$(cut -d' ' -f1 /proc/loadavg)
    v="reports/$name/validation.txt"
    echo "== $a: $games training games, training ${train_cpu} CPU s, whole run ${cpu}+ CPU s, ${wall%.*} s wall, load $load"
    cat "$v"
    # "<genome> vs <opponent>: <n> games, ..." then "Elo difference: <elo> +/- <ci>, ..."
    awk -v a="$a" -v b="$budget" -v g="$games" -v tc="$train_cpu" -v c="$cpu" -v w="${wall%.*}" -v l="$load" '
        / vs [^:]+: [0-9]+ games/ { sub(/:$/, "", $3); opp = $3; n = $4 }
        /^Elo difference:/ { sub(/,$/, "", $5); printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", a, b, g, tc, c, w, l, opp, n, $3, $5 }
    ' "$v" >>"$csv"
done
"$bin" compare-chart "$csv" --title "$game: Elo at each training budget, and its CPU cost (2 cores; each run's load average in the CSV)"
