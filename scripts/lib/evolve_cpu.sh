# Sourced by scripts/budget_true.sh and scripts/compare_algorithms.sh: runs an evolve
# and samples its CPU time, so that both scripts measure CPU seconds the same way.
#
# CPU seconds are user + system of the process and all its threads (/proc/<pid>/stat),
# sampled every 0.2 s; the training's are those at the run's last `gen` line.

tick=$(getconf CLK_TCK)

# CPU seconds used so far by process $1 (user + system, all threads).
cpu_of() { awk -v t="$tick" '{ printf "%.2f", ($14 + $15) / t }' "/proc/$1/stat" 2>/dev/null; }

# Runs `$1 evolve --quiet --force $2` with its output to $3, sampling its CPU time; sets
# train_cpu (at its last `gen` line), cpu (whole run, sampled), wall (seconds) and games
# (training games). Exits with the log's tail when the run fails.
run_evolve() {
    local bin=$1 exp=$2 log=$3 start pid n now gens=0
    start=$(date +%s.%N)
    "$bin" evolve --quiet --force "$exp" >"$log" 2>&1 &
    pid=$!
    train_cpu=0 cpu=0
    while kill -0 "$pid" 2>/dev/null; do
        now=$(cpu_of "$pid") || true
        [ -n "$now" ] && cpu=$now
        n=$(grep -c '^gen ' "$log" || true)
        if [ "$n" -gt "$gens" ]; then gens=$n train_cpu=$cpu; fi
        sleep 0.2
    done
    wait "$pid" || { echo "== $exp failed; see $log" >&2; tail -5 "$log" >&2; exit 1; }
    wall=$(echo "$(date +%s.%N) - $start" | bc)
    games=$(grep '^gen ' "$log" | tail -1 | awk '{ print $4 }')
}
