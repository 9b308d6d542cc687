#!/usr/bin/env bash
# Budget-true tuning compared at equal CPU seconds on Wolves & Sheep (issue #27,
# docs/results/budget_true.md): the per-role fit, the zero-sum fit and ES, each
# validated with both sides at the 20,000-node target against luo2023 and li2023 on
# openings of the validation stream.
#
# For each datagen size N given:
#   1. `weightforge datagen experiments/budget_true/perrole.ron --games N`: the start
#      genome against itself at the target; its CPU seconds are timed;
#   2. the per-role fit and the zero-sum fit of those positions (perrole.ron, zerosum.ron
#      with `files:` pointing at them); a fit's CPU seconds are the datagen's plus the
#      fit's process up to its `gen 1` line;
#   3. ES (es.ron) trained by games at 4,000 nodes with `max_games` set so its training
#      takes about the per-role fit's CPU seconds (games per CPU second measured once by
#      a 24-game match at 4,000 nodes).
# Then the start genome against li2023 at the target (the lines' common start; against
# luo2023, itself, it scores exactly 0: paired games of one player mirror each other).
# Appends to reports/budget_true/budget_true.csv and draws reports/budget_true/budget_true.png
# (Elo at the target against CPU seconds, one panel per opponent, one line per method).
#
# Usage: scripts/budget_true.sh <datagen-games> [<datagen-games> ...]   e.g. 100 400
# CPU seconds are user + system of the process and its threads (all cores); run it
# under `nice -n 5` on a shared machine: CPU seconds do not depend on the load, wall
# seconds do.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 1 ] || { echo "usage: $0 <datagen-games> [...]" >&2; exit 2; }
bin=${WEIGHTFORGE:-target/release/weightforge}
[ -x "$bin" ] || cargo build --release
out=reports/budget_true
exps=experiments/budget_true
mkdir -p "$out"
csv="$out/budget_true.csv"
[ -s "$csv" ] || echo "algorithm,datagen_games,train_games,train_cpu_s,cpu_s,wall_s,load,opponent,validation_games,elo,elo95,budget_games" >"$csv"
nodes=20000
# shellcheck source=lib/evolve_cpu.sh
. scripts/lib/evolve_cpu.sh

# CPU seconds (user + system) of command "$@", printed on stdout; its output to $log.
timed() {
    /usr/bin/time -f "%U %S" -o "$out/time.txt" "$@" >>"$log" 2>&1
    awk '{ printf "%.2f", $1 + $2 }' "$out/time.txt"
}


# Appends the validation of run $2 as method $1 (datagen size $3, training CPU $4). The
# chart's x axis is `budget_games`: the games that bought the training (datagen games for
# a fit, training games for ES; 0 for the start); its CPU panel gives their CPU seconds.
record() {
    local method=$1 name=$2 n=$3 tc=$4 v="reports/$2/validation.txt" load
    load=$(cut -d' ' -f1 /proc/loadavg)
    echo "== $method, $n datagen games: training ${tc} CPU s, whole run ${cpu} CPU s, ${wall%.*} s wall, load $load"
    cat "$v"
    awk -v a="$method" -v d="$n" -v g="$games" -v tc="$tc" -v c="$cpu" -v w="${wall%.*}" -v l="$load" '
        / vs [^:]+: [0-9]+ games/ { sub(/:$/, "", $3); opp = $3; k = $4 }
        /^Elo difference:/ { sub(/,$/, "", $5); printf "%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s\n", a, d, g, tc, c, w, l, opp, k, $3, $5, (g > 0 ? g : d) }
    ' "$v" >>"$csv"
}

# ES games per CPU second at its training budget (4,000 nodes, both sides).
log="$out/calibrate.log"
: >"$log"
es_cpu=$(timed "$bin" match --game wolves_sheep luo2023 li2023 --nodes 4000 --games 24 --seed 5 --quiet)
es_rate=$(echo "24 / $es_cpu" | bc -l)
echo "== ES calibration: 24 games at 4000 nodes in $es_cpu CPU s"

for n in "$@"; do
    pos="$out/positions_$n.positions"
    log="$out/datagen_$n.log"
    rm -f "$pos" "$pos".*
    : >"$log"
    dg_cpu=$(timed "$bin" datagen "$exps/perrole.ron" --games "$n" --out "$pos" --quiet)
    echo "== datagen: $n games at $nodes nodes in $dg_cpu CPU s"
    for fit in perrole zerosum; do
        name="budget_true_${fit}_$n"
        exp="$out/$name.ron"
        sed -e "s/^\(    name: \)\"[^\"]*\"/\1\"$name\"/" \
            -e "s|reports/budget_true/positions.positions|$pos|" "$exps/$fit.ron" >"$exp"
        grep -q "$pos" "$exp" || { echo "$exps/$fit.ron: no files line to set" >&2; exit 2; }
        log="$out/$name.log"
        run_evolve "$bin" "$exp" "$log"
        tc=$(echo "$dg_cpu + $train_cpu" | bc)
        [ "$fit" = perrole ] && perrole_cpu=$tc
        label="per-role fit"
        [ "$fit" = zerosum ] && label="zero-sum fit"
        record "$label" "$name" "$n" "$tc"
    done
    # ES: as many training games as the per-role fit's CPU seconds buy, in whole
    # generations rounded up (lambda 8 x 2 opponents x 2 pairs x 2 games = 64 games).
    max_games=$(echo "g = $perrole_cpu * $es_rate / 64; scale=0; g = (g + 0.999999) / 1; if (g < 1) g = 1; g * 64" | bc -l)
    name="budget_true_es_$n"
    exp="$out/$name.ron"
    sed -e "s/^\(    name: \)\"[^\"]*\"/\1\"$name\"/" -e "s/^\(    max_games: \)[0-9_]*/\1$max_games/" \
        "$exps/es.ron" >"$exp"
    grep -q "max_games: $max_games," "$exp" || { echo "$exps/es.ron: no max_games line to set" >&2; exit 2; }
    log="$out/$name.log"
    run_evolve "$bin" "$exp" "$log"
    record "ES (4000 nodes)" "$name" "$n" "$train_cpu"
done

# The lines' common start: the start genome at the target.
log="$out/start.log"
: >"$log"
start_cpu=$(timed "$bin" match --game wolves_sheep luo2023 li2023 --nodes "$nodes" --games 200 --seed 2028 --ply-cap 300 --opening-plies 6 --quiet)
echo "== start genome: luo2023 vs li2023 at $nodes nodes, 200 games, $start_cpu CPU s"
grep -E "games|Elo" "$log"
awk -v c="$start_cpu" -v l="$(cut -d' ' -f1 /proc/loadavg)" '
    /^Elo difference:/ { sub(/,$/, "", $5); elo = $3; ci = $5 }
    END {
        for (m = 1; m <= 3; m++) {
            a = m == 1 ? "per-role fit" : m == 2 ? "zero-sum fit" : "ES (4000 nodes)"
            printf "%s,0,0,0,%s,0,%s,luo2023,0,0,0,0\n", a, c, l
            printf "%s,0,0,0,%s,0,%s,li2023,200,%s,%s,0\n", a, c, l, elo, ci
        }
    }' "$log" >>"$csv"
"$bin" compare-chart "$csv" --out "$out/budget_true.png" \
    --title "Wolves & Sheep: Elo at 20,000 nodes by training games (datagen games for a fit, games for ES) and their CPU seconds"
