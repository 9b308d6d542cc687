#!/usr/bin/env bash
# Repeated `kill -9` during selection and validation (the end of a run, checkpointed per
# pair of games): runs a small experiment uninterrupted, then the same run killed every
# EVERY seconds while it is in its end (its report folder holds `units/`) and resumed
# with `evolve --resume` until it finishes; compares the best genome, the validation
# lines and the validation games with `cmp`, and prints the kills survived.
# Not run by CI (it takes minutes); tests/suite/unit_checkpoint.rs is the fast check.
# A kill loses the pairs under way: EVERY must be longer than a session's start plus one
# pair of games, or no pair is ever kept (on a 2-core machine at load 15, 2 s was not).
#
#   scripts/kill_resume.sh [BINARY] [EVERY_SECONDS] [VALIDATION_PAIRS]
set -euo pipefail
BIN=$(realpath "${1:-target/release/weightforge}")
EVERY=${2:-10}
PAIRS=${3:-8}
WORK=$(mktemp -d)
cd "$WORK"
cat > exp.ron <<RON
(
    name: "k",
    game: "wolves_sheep",
    seed: 7,
    algorithm: Es(lambda: 4, sigma: 0.5),
    generations: 2,
    start: "luo2023",
    tune_roles: ["wolves", "sheep"],
    opponents: [
        (player: "luo2023", depth: {"wolves": 2, "sheep": 2}),
        (player: "li2023", depth: {"wolves": 2, "sheep": 2}),
    ],
    pairs_per_opponent: 1,
    openings: (plies: 6),
    ply_cap: 100,
    validation: (finalists: 2, selection_pairs: $((PAIRS / 2)), pairs: $PAIRS),
)
RON
t0=$(date +%s)
"$BIN" evolve --quiet exp.ron > whole.log 2>&1
t1=$(date +%s)
mv reports whole-reports && mv genomes whole-genomes
kills=0
"$BIN" evolve --quiet exp.ron > run.log 2>&1 &
pid=$!
while true; do
    sleep "$EVERY"
    if ! kill -0 "$pid" 2> /dev/null; then
        if wait "$pid"; then break; fi
        echo "the run failed:" >&2; tail -5 run.log >&2; exit 1
    fi
    if [ -d reports/k/units ]; then
        kill -9 "$pid"; wait "$pid" 2> /dev/null || true
        kills=$((kills + 1))
        echo "kill ${kills}: $(cat reports/k/units/*.units | grep -vc '^weightforge units') pairs kept" >> kills.log
        "$BIN" evolve --quiet --resume reports/k >> run.log 2>&1 &
        pid=$!
    fi
done
t2=$(date +%s)
same=identical
for f in genomes/wolves_sheep/k-best.ron reports/k/best.ron reports/k/validation.txt \
         reports/k/validation-games.jsonl; do
    cmp "whole-${f}" "$f" || same=DIFFERENT
done
reused=$(grep -c "were finished before the run stopped" run.log || true)
echo "uninterrupted: $((t1 - t0)) s; killed every ${EVERY} s in selection and validation:" \
     "$((t2 - t1)) s, ${kills} kills survived, ${reused} phases resumed from unit files;" \
     "genome, best.ron, validation.txt, validation-games.jsonl: ${same}"
tail -1 kills.log 2> /dev/null || true
echo "load: $(uptime)"
rm -rf "$WORK"
[ "$same" = identical ]
