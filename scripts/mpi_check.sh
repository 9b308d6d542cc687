#!/usr/bin/env bash
# The MPI check of CI: a binary built with `--features mpi` must give, under
# `mpirun -n 3`, the same genome as on threads (and the same after a run stopped under
# 3 ranks is resumed under 2), the same match records, the same datagen file, and the
# same positions file and genome from an evolve run's datagen stage, and the same
# tables and genome from a run with `tables:`.
# Fails if any file differs.
# Usage: scripts/mpi_check.sh path/to/weightforge
set -euo pipefail
bin=$(realpath "$1")
exp=$(realpath "$(dirname "$0")/../tests/data/mpi/tiny.ron")
mpirun=(mpirun --allow-run-as-root --oversubscribe)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work"
genome=genomes/wolves_sheep/mpi_tiny-best.ron
passed=0

same() {
    if ! cmp "$1" "$2"; then
        echo "mpi check FAILED: $3 ($1 and $2 differ)"
        exit 1
    fi
    echo "ok: $3"
    passed=$((passed + 1))
}

timeout 300 "$bin" --threads 2 evolve "$exp" --quiet >threads.log
cp "$genome" threads.ron
rm -rf reports genomes
timeout 300 "${mpirun[@]}" -n 3 "$bin" --threads 1 evolve "$exp" --quiet >mpi.log
same threads.ron "$genome" "mpirun -n 3 gives the threaded run's genome"

rm -rf reports genomes
timeout 300 "${mpirun[@]}" -n 3 "$bin" evolve "$exp" --quiet --stop-after 3 >stop.log
timeout 300 "${mpirun[@]}" -n 2 "$bin" evolve --resume reports/mpi_tiny --quiet >resume.log
same threads.ron "$genome" "stopped under -n 3, resumed under -n 2: the same genome"

match=(match --game wolves_sheep luo2023 random --depth 2 --games 40 --quiet)
timeout 300 "$bin" "${match[@]}" --record threads.jsonl >/dev/null
timeout 300 "${mpirun[@]}" -n 3 "$bin" "${match[@]}" --record mpi.jsonl >/dev/null 2>&1
same threads.jsonl mpi.jsonl "match under mpirun -n 3 writes the same games"
dg=(datagen "$exp" --games 6 --nodes 2000 --quiet)
timeout 300 "$bin" --threads 2 "${dg[@]}" --out dg_threads.positions >/dev/null
timeout 300 "${mpirun[@]}" -n 3 "$bin" --threads 1 "${dg[@]}" --out dg_mpi.positions >/dev/null 2>&1
same dg_threads.positions dg_mpi.positions "datagen under mpirun -n 3 writes the threaded file"

tdg=$(realpath "$(dirname "$exp")/texel_datagen.ron")
staged=reports/mpi_texel_datagen/datagen.positions
tgenome=genomes/wolves_sheep/mpi_texel_datagen-best.ron
rm -rf reports genomes
timeout 300 "$bin" --threads 2 evolve "$tdg" --quiet >tdg_threads.log
cp "$staged" tdg_threads.positions
cp "$tgenome" tdg_threads.ron
rm -rf reports genomes
timeout 300 "${mpirun[@]}" -n 3 "$bin" --threads 1 evolve "$tdg" --quiet >tdg_mpi.log
same tdg_threads.positions "$staged" "evolve's datagen stage under mpirun -n 3 writes the threaded file"
same tdg_threads.ron "$tgenome" "evolve with a datagen stage under mpirun -n 3 gives the threaded genome"
tab=$(realpath "$(dirname "$exp")/tables.ron")
fitted=reports/mpi_tables/tables.ron
tabgenome=genomes/wolves_sheep/mpi_tables-best.ron
rm -rf reports genomes
timeout 300 "$bin" --threads 2 evolve "$tab" --quiet >tab_threads.log
cp "$fitted" tab_threads.tables.ron
cp "$tabgenome" tab_threads.ron
rm -rf reports genomes
timeout 300 "${mpirun[@]}" -n 3 "$bin" --threads 1 evolve "$tab" --quiet >tab_mpi.log
same tab_threads.tables.ron "$fitted" "evolve's tables stage under mpirun -n 3 fits the threaded tables"
same tab_threads.ron "$tabgenome" "a table run under mpirun -n 3 gives the threaded genome"
echo "mpi: $passed passed, 0 failed"
