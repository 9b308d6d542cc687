#!/usr/bin/env bash
# Runs ES, CMA-ES, SPSA and Texel on the same Wolves & Sheep experiment and game budget
# (experiments/compare/*.ron: 12,000 training games each) and prints, per algorithm, the
# wall-clock and CPU seconds of the whole run and the validation against each course
# player at its own depth (reports/compare_<algorithm>/validation.txt).
# Usage: scripts/compare_algorithms.sh [algorithm ...]   (default: es cmaes spsa texel)
set -euo pipefail
cd "$(dirname "$0")/.."
bin=target/release/weightforge
[ -x "$bin" ] || cargo build --release
algorithms=("$@")
[ ${#algorithms[@]} -gt 0 ] || algorithms=(es cmaes spsa texel)
for a in "${algorithms[@]}"; do
    log="reports/compare_$a.time"
    mkdir -p reports
    /usr/bin/time -f "%e %U %S" -o "$log" "$bin" evolve --quiet --force "experiments/compare/$a.ron" >/dev/null
    read -r wall user sys <"$log"
    cpu=$(echo "$user + $sys" | bc)
    echo "== $a: wall ${wall} s, cpu ${cpu} s, load $(cut -d' ' -f1-3 /proc/loadavg)"
    grep -E "Elo|games" "reports/compare_$a/validation.txt" || true
done
