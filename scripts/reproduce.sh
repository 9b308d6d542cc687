#!/usr/bin/env bash
# Re-runs the command behind every published figure that is a pure function of its inputs
# (fixed-depth and node-budget matches, SPRT runs, evolve runs, perft and node counts) and
# fails when a result differs from the figure. Speeds and clock-budget results vary from
# run to run and are not checked here (docs/results/README.md says why).
#
#   scripts/reproduce.sh quick     # the CI subset: seconds to a few minutes
#   scripts/reproduce.sh full      # every figure below (hours on 2 cores; the list says each one's cost)
#   scripts/reproduce.sh list      # the figures, their pages and modes, nothing run
#   scripts/reproduce.sh full texel  # only the figure "texel" (a glob: 'compare_*' for several)
#
# WEIGHTFORGE names the binary (default: target/release/weightforge, built if missing).
# Runs happen in a scratch folder holding copies of experiments/, genomes/, examples/ and
# tests/data/, so that evolve's outputs (reports/, genomes/<game>/<run>-best.ron) never
# touch the repository. Each line printed: `ok`, or `MOVED` with the figure and what the
# command printed instead, and the seconds it took. Exit status 1 when any figure moved.
#
# A figure is one line of the catalogue at the end of this file:
#   figure MODE NAME PAGE EXPECTED... -- ARGS...
# MODE quick, full, or solved (a full figure that needs the solved Wolves & Sheep: run
# when WEIGHTFORGE_SOLUTION names the solution file, else listed as skipped); NAME a word
# to select it by; PAGE where the figure is published;
# EXPECTED the strings the output must contain, each exactly (the figure as printed);
# ARGS the weightforge command line.
set -euo pipefail
repo="$(cd "$(dirname "$0")/.." && pwd)"
mode="${1:-quick}"
only="${2:-}"
case "$mode" in quick | full | list) ;; *)
    echo "usage: scripts/reproduce.sh quick|full|list [NAME-GLOB]" >&2
    exit 2
    ;;
esac

bin="${WEIGHTFORGE:-$repo/target/release/weightforge}"
if [[ "$mode" != list && ! -x "$bin" ]]; then
    (cd "$repo" && cargo build --release)
fi
if [[ "$mode" != list ]]; then
    scratch="$(mktemp -d)"
    trap 'rm -rf "$scratch"' EXIT
    cp -r "$repo/experiments" "$repo/genomes" "$repo/examples" "$scratch/"
    mkdir -p "$scratch/tests" && cp -r "$repo/tests/data" "$scratch/tests/"
fi

moved=0
ran=0
started=$SECONDS

# figure MODE NAME PAGE EXPECTED... -- ARGS...
figure() {
    local fmode="$1" name="$2" page="$3"
    shift 3
    local expected=()
    while [[ "$1" != "--" ]]; do
        expected+=("$1")
        shift
    done
    shift
    # shellcheck disable=SC2053 # $only is a glob on purpose
    if [[ -n "$only" && "$name" != $only ]]; then return; fi
    if [[ "$mode" == list ]]; then
        printf '%-5s %-28s %-40s weightforge %s\n' "$fmode" "$name" "$page" "$*"
        return
    fi
    if [[ "$mode" == quick && "$fmode" != quick ]]; then return; fi
    if [[ "$fmode" == solved && ! -f "${WEIGHTFORGE_SOLUTION:-}" ]]; then
        printf 'skip          %-28s %s (needs WEIGHTFORGE_SOLUTION: docs/guide/solve.md)\n' "$name" "$page"
        return
    fi
    local t0=$SECONDS out missing=()
    out="$(cd "$scratch" && "$bin" "$@" 2>&1)" || true
    for e in "${expected[@]}"; do
        [[ "$out" == *"$e"* ]] || missing+=("$e")
    done
    ran=$((ran + 1))
    if ((${#missing[@]} == 0)); then
        printf 'ok     %5ds  %-28s %s\n' $((SECONDS - t0)) "$name" "$page"
    else
        moved=$((moved + 1))
        printf 'MOVED  %5ds  %-28s %s\n' $((SECONDS - t0)) "$name" "$page"
        printf '         command: weightforge %s\n' "$*"
        printf '         expected: %s\n' "${missing[@]}"
        printf '%s\n' "$out" | grep -E 'Elo difference|SPRT|^[0-9]+$|nodes|validation' | head -8 | sed 's/^/         got: /'
    fi
}

# ---- the catalogue ------------------------------------------------------------------
R=README.md
WS=docs/results/wolves_sheep.md

# Rules and engine counts.
figure quick perft_ws "$R, $WS" "7432822" -- perft --game wolves_sheep --depth 8
figure quick perft_c4 docs/results/connect_four.md "5673234" -- perft --game connect_four --depth 8
figure quick ws_luo_li "$WS" "Elo difference: -391.6 +/- 60.8" \
    -- match --game wolves_sheep genomes/wolves_sheep/luo2023.ron genomes/wolves_sheep/li2023.ron --games 200
figure quick sprt_h1 docs/results/sprt.md "Elo difference: 309.0 +/- 31.3" "llr 3.05" "H1 was accepted" \
    -- match --game wolves_sheep genomes/wolves_sheep/tuned.ron luo2023 --games 2000 --sprt elo0=0,elo1=5
figure quick c4_match docs/results/connect_four.md "Elo difference: 178.3 +/- 34.2" \
    -- match --game connect_four tuned course --games 400 --seed 9041 --opening-plies 2
figure quick wol_tuned docs/results/war_of_life.md "Elo difference: 494.0 +/- 32.3" \
    -- match --game war_of_life genomes/war_of_life/tuned.ron minimax --games 2000 --seed 2025 --opening-plies 0
TB=docs/results/tables.md
figure quick tables_li_2k "$R, $TB" "Elo difference: 135.0 +/- 21.4" \
    -- match --game wolves_sheep genomes/wolves_sheep/tables_li2023.ron li2023 --games 200 --nodes 2000 --seed 3941
figure full tables_li_20k "$R, $TB" "Elo difference: 181.7 +/- 8.7" \
    -- match --game wolves_sheep genomes/wolves_sheep/tables_li2023.ron li2023 --games 200 --nodes 20000 --seed 3941
figure full tables_datagen "$R, $TB" "1020709 positions (duplicates removed)" "65.2 % decisive" \
    -- datagen experiments/wolves_sheep_tables.ron --out ws_volume.positions --quiet
figure full tables_elo_budget "$R, $TB" "Elo difference: 105.6 +/- 23.1" "Elo difference: 132.9 +/- 18.3" \
    "Elo difference: 184.0 +/- 7.6" \
    -- match --game wolves_sheep genomes/wolves_sheep/tables_li2023.ron li2023 --games 200 --seed 3941 \
    --budgets 1000,2000,5000,20000,100000 --quiet
figure full tables_run "$TB" "1020709 positions written" "Elo difference: 155.5 +/- 24.5" \
    "Elo difference: 172.8 +/- 16.6" "+170.2 ± 11.3 Elo over the start" \
    -- evolve experiments/wolves_sheep_tables_run.ron --quiet
# Abalone and War of Life: positions, the fit, the match it loses (each needs the one before).
figure full tables_ab_datagen "$R, $TB" "154893 positions (duplicates removed)" "80.6 % decisive" \
    -- datagen experiments/abalone_tables.ron --out ab.positions --quiet
figure full tables_ab_fit "$TB" "held-out loss 0.07267" "held-out loss 0.07322" \
    -- fit --game abalone --genome genomes/abalone/tuned.ron --positions ab.positions --steps 100 --out ab_tables.ron
figure full tables_ab_match "$R, $TB" "Elo difference: -759.1 +/- 122.9" \
    -- match --game abalone ab_tables.ron genomes/abalone/tuned.ron --nodes 2000 --games 400 --seed 4243 \
    --opening-plies 4 --start standard --start german_daisy --start belgian_daisy --quiet
figure full tables_wol_datagen "$TB" "695783 positions (duplicates removed)" "6.8 % decisive" \
    -- datagen experiments/war_of_life_tables.ron --out wol.positions --quiet
figure full tables_wol_fit "$TB" "held-out loss 0.00435" "held-out loss 0.00434" \
    -- fit --game war_of_life --genome genomes/war_of_life/tuned.ron --positions wol.positions --steps 100 \
    --rows both --out wol_tables.ron
figure full tables_wol_match "$R, $TB" "Elo difference: -238.1 +/- 51.7" \
    -- match --game war_of_life wol_tables.ron genomes/war_of_life/tuned.ron --depth 2 --games 200 --seed 4244 --quiet
# War of Life tables_rescored.ron: the committed genome against tuned at 2,000 nodes (quick:
# seconds), its budget chart, then its making: the first 1,000 datagen games scored again at
# 40,000 nodes (about 17 minutes), the fit at the scores' own scale, and the same labels at
# the results' scale (the default, which loses).
TW=genomes/war_of_life/tables_rescored.ron
WT=genomes/war_of_life/tuned.ron
figure quick tables_wol_rescored_match "$R, $TB" "Elo difference: 83.2 +/- 21.9" \
    -- match --game war_of_life $TW $WT --nodes 2000 --games 200 --seed 4244 --quiet
figure quick tables_wol_rescored_sprt "$R, $TB" "Elo difference: 70.4 +/- 24.0" "H1 was accepted" \
    -- match --game war_of_life $TW $WT --nodes 2000 --games 2000 --seed 4246 --sprt elo0=50,elo1=100 --quiet
figure full tables_wol_rescored_budget "$R, $TB" "Elo difference: 168.4 +/- 40.1" "Elo difference: 143.1 +/- 34.0" \
    -- match --game war_of_life $TW $WT --budgets 500,1000,2000,5000,10000 --games 200 --seed 4245 --chart wol_budget
figure full tables_wol1k_datagen "$TB" "233119 positions (duplicates removed)" \
    -- datagen experiments/war_of_life_tables.ron --games 1000 --out wol1k.positions --quiet
figure full tables_wol_rescore "$TB" "233119 rows scored by tuned at 40000 nodes (1764 a forced result)" \
    -- rescore --game war_of_life --genome $WT --nodes 40000 wol1k.positions --out wol1k_40k.positions
figure full tables_wol_rescored_fit "$TB" "held-out loss 0.00425" "held-out loss 0.00507" \
    -- fit --game war_of_life --genome $WT --positions wol1k_40k.positions --score-weight 1 --score-scale spread \
    --steps 300 --rate 0.002 --l2 1e-5,1e-4,1e-3 --out tables_rescored.ron
figure full tables_wol_fitted_scale "$TB" "the results barely follow the scores" \
    -- fit --game war_of_life --genome $WT --positions wol1k_40k.positions --score-weight 1 \
    --steps 300 --rate 0.002 --l2 1e-5,1e-4,1e-3 --out wol_fitted_scale.ron
figure full tables_wol_fitted_scale_match "$TB" "Elo difference: -181.7 +/- 39.8" \
    -- match --game war_of_life wol_fitted_scale.ron $WT --nodes 2000 --games 200 --seed 4244 --quiet
# Connect Four: tables fitted to a 50,000-node search's scores still lose to tuned.
figure full tables_c4_datagen "$TB" "45941 positions (duplicates removed)" \
    -- --threads 1 datagen experiments/connect_four.ron --out c4.positions --games 4000 --nodes 5000 --quiet
figure full tables_c4_rescore "$TB" "45941 rows scored by tuned at 50000 nodes (33412 a forced result)" \
    -- --threads 1 rescore --game connect_four --genome tuned --nodes 50000 c4.positions --out c4_50k.positions
figure full tables_c4_rescored_fit "$TB" "held-out loss 0.07682" "held-out loss 0.08276" \
    -- --threads 1 fit --game connect_four --genome tuned --positions c4_50k.positions --score-weight 1 \
    --steps 300 --rate 0.002 --l2 1e-5,1e-4,1e-3 --out c4_rescored.ron
figure full tables_c4_rescored_match "$TB" "Elo difference: -244.9 +/- 41.5" \
    -- match --game connect_four c4_rescored.ron tuned --same-search --games 400 --seed 9041 --opening-plies 2 --quiet
# Abalone tables_rescored.ron: tables_ab_datagen's positions scored again at 20,000 nodes
# (about 20 minutes), the fit, then the committed genome against tuned at 2,000 nodes.
TR=genomes/abalone/tables_rescored.ron
AB_STARTS=(--opening-plies 4 --start standard --start german_daisy --start belgian_daisy)
figure full tables_ab_rescore "$TB" "154893 rows scored by tuned at 20000 nodes (2410 a forced result)" \
    -- rescore --game abalone --genome genomes/abalone/tuned.ron --nodes 20000 ab.positions --out ab_20k.positions
figure full tables_ab_rescored_fit "$TB" "held-out loss 0.00085" "held-out loss 0.00096" \
    -- fit --game abalone --genome genomes/abalone/tuned.ron --positions ab_20k.positions --score-weight 1 \
    --steps 300 --rate 0.002 --l2 1e-6,1e-5,1e-4 --out tables_rescored.ron
figure full tables_ab_rescored_match "$R, $TB" "Elo difference: 176.1 +/- 22.7" \
    -- match --game abalone $TR genomes/abalone/tuned.ron --nodes 2000 --games 400 --seed 4243 "${AB_STARTS[@]}" --quiet
figure full tables_ab_rescored_sprt "$TB" "Elo difference: 152.4 +/- 43.6" "H1 was accepted" \
    -- match --game abalone $TR genomes/abalone/tuned.ron --nodes 2000 --games 2000 --seed 4244 "${AB_STARTS[@]}" \
    --sprt elo0=50,elo1=100 --quiet
figure full tables_ab_rescored_budget "$TB" "Elo difference: 130.9 +/- 28.3" "Elo difference: 275.5 +/- 52.7" \
    -- match --game abalone $TR genomes/abalone/tuned.ron --budgets 1000,2000,5000,10000,20000 --games 200 \
    --seed 4245 "${AB_STARTS[@]}" --chart ab_budget
# tables_solved.ron: the committed genome at 100,000 nodes (about 10 minutes each), then
# its making from tables_datagen's positions and the solution (solved mode).
TS=genomes/wolves_sheep/tables_solved.ron
D6=genomes/wolves_sheep/target100k_d6.ron
figure full tables_solved_sprt "$R, $TB" "Elo difference: 108.9 +/- 15.5" "H1 was accepted" \
    -- match --game wolves_sheep $TS $D6 --nodes 100000 --games 1000 --seed 3941 --opening-plies 4 --sprt elo0=0,elo1=10
figure full tables_solved_li "$R, $TB" "Elo difference: 179.5 +/- 9.6" \
    -- match --game wolves_sheep $TS li2023 --nodes 100000 --games 200 --seed 3941 --opening-plies 4
figure full tables_solved_luo "$R, $TB" "Elo difference: 170.6 +/- 12.3" \
    -- match --game wolves_sheep $TS luo2023 --nodes 100000 --games 200 --seed 3941 --opening-plies 4
figure full tables_solved_budget "$TB" "Elo difference: 96.2 +/- 21.1" "Elo difference: 161.9 +/- 22.0" \
    "Elo difference: 113.3 +/- 18.3" \
    -- match --game wolves_sheep $TS $D6 --games 200 --seed 3941 --opening-plies 4 \
    --budgets 1000,2000,5000,20000,100000 --quiet
figure solved tables_solved_label "$TB" "1020709 rows written" "253112 wins, 507947 draws, 259650 losses" \
    -- solve --game wolves_sheep --file "${WEIGHTFORGE_SOLUTION:-}" --label ws_volume.positions --labelled ws_volume_dtm16.positions --half-life 16
figure solved tables_solved_fit "$TB" "held-out loss 0.00446" "held-out loss 0.00411" \
    -- fit --game wolves_sheep --genome $D6 --positions ws_volume_dtm16.positions --rows both --out tables_solved.ron
figure solved tables_solved_20k "$TB" "Elo difference: 139.0 +/- 17.0" \
    -- match --game wolves_sheep tables_solved.ron $D6 --nodes 20000 --games 200 --seed 3941 --opening-plies 4
# tables_choices.ron: the moves of the same positions judged by the solution (about 20
# minutes on one core, 3.8 GB), then the committed genome's accuracy at 3 plies.
PM=docs/results/python_module.md
figure solved tables_choices_fit "$PM" "best move first in 81.6 %" "best move first in 75.4 %" \
    -- fit --game wolves_sheep --genome $D6 --positions ws_volume.positions --choices --choice-weight 0.1 \
    --half-life 16 --solution "${WEIGHTFORGE_SOLUTION:-}" --threads 1 --out tables_choices.ron
figure solved tables_choices_accuracy "$PM" "5423    5053     93.2 %" \
    -- accuracy --game wolves_sheep genomes/wolves_sheep/tables_choices.ron --depth 3
# Rounds of the course player's own positions (python3; about 80 minutes in all): each
# round's module plays the course player with a record, the record's positions and
# those two plies around them join the fit, and round 2 plays the measuring seed 40.
# The export steps print nothing; a failed one shows in the match after it.
CP=examples/engines/course
course_vs() { printf '%s' "engine:\"python3 adapter.py --evaluation ../../../$1\",dir=$CP,movetime=10000"; }
HOME_CP="engine:\"python3 adapter.py\",dir=$CP,movetime=10000"
# The course player with tables_choices' module and a search that does not repeat the
# sheep's boards (python3; about 10 minutes).
figure full norepeat_export "$PM" -- export genomes/wolves_sheep/tables_choices.ron --format python --output wf_choices.py
figure full norepeat_sheep "$PM" "Elo difference: 166.2 +/- 16.9" \
    -- match --game wolves_sheep "engine:\"python3 adapter.py --no-repeat sheep --evaluation ../../../wf_choices.py\",dir=$CP,movetime=10000" \
    "$HOME_CP" --games 200 --seed 40 --opening-plies 8 --ply-cap 200
figure solved rounds_export0 "$PM" -- export genomes/wolves_sheep/tables_choices.ron --format python --output wf_round0.py
figure solved rounds_record1 "$PM" "Elo difference: 105.6 +/- 19.1" \
    -- match --game wolves_sheep "$(course_vs wf_round0.py)" "$HOME_CP" --games 200 --seed 4100 \
    --opening-plies 8 --ply-cap 200 --record rec4100.jsonl
figure solved rounds_positions1 "$PM" "331052 positions" -- replay rec4100.jsonl --positions rec4100_a2.positions --around 2
figure solved rounds_fit1 "$PM" "best move first in 82.6 %" "best move first in 74.5 %" \
    -- fit --game wolves_sheep --genome $D6 --positions ws_volume.positions rec4100_a2.positions --choices \
    --choice-weight 0.1 --half-life 16 --solution "${WEIGHTFORGE_SOLUTION:-}" --out round1.ron
figure solved rounds_export1 "$PM" -- export round1.ron --format python --output wf_round1.py
figure solved rounds_record2 "$PM" "Elo difference: 115.2 +/- 19.0" \
    -- match --game wolves_sheep "$(course_vs wf_round1.py)" "$HOME_CP" --games 200 --seed 4101 \
    --opening-plies 8 --ply-cap 200 --record rec4101.jsonl
figure solved rounds_positions2 "$PM" "355990 positions" -- replay rec4101.jsonl --positions rec4101_a2.positions --around 2
figure solved rounds_fit2 "$PM" "best move first in 83.3 %" "best move first in 74.3 %" \
    -- fit --game wolves_sheep --genome $D6 --positions ws_volume.positions rec4100_a2.positions \
    rec4101_a2.positions --choices --choice-weight 0.1 --half-life 16 --solution "${WEIGHTFORGE_SOLUTION:-}" --out round2.ron
figure solved rounds_export2 "$PM" -- export round2.ron --format python --output wf_round2.py
figure solved rounds_match2 "$PM" "Elo difference: 141.0 +/- 18.7" \
    -- match --game wolves_sheep "$(course_vs wf_round2.py)" "$HOME_CP" --games 200 --seed 40 \
    --opening-plies 8 --ply-cap 200
# Both sides' positions (--rows both): tables_choices' even-depth accuracy, then
# tables_course.ron, fitted on the million and round 1's positions with the two opt-in
# families (about 22 minutes, 5.5 GB), and its module in the course player at three
# seeds (python3; about 10 minutes each).
figure solved both_even_depth "$PM" "972     826     85.0 %" "4451    4168     93.6 %" \
    -- accuracy --game wolves_sheep genomes/wolves_sheep/tables_choices.ron --depth 4
figure solved course_fit "$PM" "best move first in 77.7 %" "best move first in 76.5 %" \
    -- fit --game wolves_sheep --genome $D6 --positions ws_volume.positions rec4100_a2.positions --choices \
    --choice-weight 0.1 --half-life 16 --solution "${WEIGHTFORGE_SOLUTION:-}" --rows both --l2 1e-5,1e-4,1e-3 \
    --families psqt,rows,columns,blocks2x2,blocks2x3,blocks3x3,row_pairs --out tables_course.ron
figure solved course_accuracy "$PM" "972     881     90.6 %" "4451    4268     95.9 %" \
    -- accuracy --game wolves_sheep genomes/wolves_sheep/tables_course.ron --depth 3
figure solved course_export "$PM" -- export genomes/wolves_sheep/tables_course.ron --format python --output wf_course.py
figure solved course_match "$PM" "Elo difference: 153.4 +/- 15.5" \
    -- match --game wolves_sheep "$(course_vs wf_course.py)" "$HOME_CP" --games 200 --seed 40 \
    --opening-plies 8 --ply-cap 200
figure solved course_match4101 "$PM" "Elo difference: 147.2 +/- 16.2" \
    -- match --game wolves_sheep "$(course_vs wf_course.py)" "$HOME_CP" --games 200 --seed 4101 \
    --opening-plies 8 --ply-cap 200
figure solved course_match4200 "$PM" "Elo difference: 164.1 +/- 13.7" \
    -- match --game wolves_sheep "$(course_vs wf_course.py)" "$HOME_CP" --games 200 --seed 4200 \
    --opening-plies 8 --ply-cap 200

# Evolve runs: the validation lines of the run's end (minutes each).
figure full quick_evolve "$R, $WS" "Elo difference: 96.2 +/- 36.5" "Elo difference: 177.2 +/- 14.7" \
    -- evolve --quiet
figure full texel "$R, docs/results/texel.md" "Elo difference: 41.0 +/- 20.4" "Elo difference: 101.8 +/- 14.2" \
    -- evolve --quiet experiments/wolves_sheep_texel.ron
figure full ws_tuned "$R, $WS" "Elo difference: 171.1 +/- 15.8" "Elo difference: 151.9 +/- 8.1" \
    -- evolve --quiet experiments/wolves_sheep.ron
figure full compare_es "$WS" "Elo difference: 103.7 +/- 34.3" "Elo difference: 119.1 +/- 21.1" \
    -- evolve --quiet experiments/compare/es.ron
figure full compare_cmaes "$WS" "Elo difference: 121.1 +/- 35.3" "Elo difference: 166.2 +/- 13.3" \
    -- evolve --quiet experiments/compare/cmaes.ron
figure full compare_spsa "$WS" "Elo difference: 41.9 +/- 21.4" "Elo difference: -47.2 +/- 17.6" \
    -- evolve --quiet experiments/compare/spsa.ron
figure full abalone_tuned "$R, docs/results/abalone.md" "Elo difference: 207.5 +/- 38.2" "Elo difference: 197.9 +/- 34.9" \
    -- evolve --quiet experiments/abalone.ron
figure full c4_tuned "$R, docs/results/connect_four.md" "Elo difference: 120.1 +/- 29.8" \
    -- evolve --quiet experiments/connect_four.ron

# Matches of committed genomes (minutes each).
figure full ws_tuned_li_roles "$WS" "A as wolves: 0 wins, 94 draws, 6 losses" "A as sheep: 86 wins, 14 draws, 0 losses" \
    -- match --game wolves_sheep genomes/wolves_sheep/tuned.ron li2023 --same-search --games 200 --seed 99
figure full abalone_guara docs/results/abalone.md "Elo difference: 193.2 +/- 31.3" \
    -- match --game abalone genomes/abalone/tuned.ron guara --same-search --games 400 --seed 4242 --opening-plies 4 --start standard --start german_daisy --start belgian_daisy
figure full abalone_chorus docs/results/abalone.md "Elo difference: 171.7 +/- 31.3" \
    -- match --game abalone genomes/abalone/tuned.ron chorus2009 --same-search --games 400 --seed 4242 --opening-plies 4 --start standard --start german_daisy --start belgian_daisy
figure full sprt_h0 docs/results/sprt.md "Elo difference: 0.1 +/- 2.4" "llr -2.99" "H0 was accepted" \
    -- match --game wolves_sheep luo2023 luo2023 --games 40000 --sprt elo0=0,elo1=5

# Vampires vs Werewolves on the README's eight starts.
VVW_STARTS=(--opening-plies 3 --ply-cap 200
    --start tests/data/vampires_werewolves/maps/official_kit/testmap2.xml
    --start tests/data/vampires_werewolves/maps/official_kit/thetrap.xml
    --start tests/data/vampires_werewolves/maps/succo_twilight/map8.xml
    --start tests/data/vampires_werewolves/maps/succo_twilight/testmap.xml
    --start duel --start random --start random --start random)
VS=docs/results/vampires_werewolves_search.md
figure quick vvw_depth2 "$VS" "Elo difference: 149.3 +/- 30.6" \
    -- match --game vampires_werewolves genomes/vampires_werewolves/tuned.ron deepblue2021 --games 400 --depth 2 --seed 2027 "${VVW_STARTS[@]}"
figure full vvw_2000 "$R, docs/results/vampires_werewolves.md" "Elo difference: 118.9 +/- 14.0" \
    -- match --game vampires_werewolves genomes/vampires_werewolves/tuned.ron deepblue2021 --games 2000 --depth 2 --seed 16 "${VVW_STARTS[@]}"
figure full vvw_depth4 "$R, $VS" "Elo difference: 65.0 +/- 29.3" \
    -- match --game vampires_werewolves genomes/vampires_werewolves/tuned.ron deepblue2021 --games 400 --depth 4 --seed 2027 "${VVW_STARTS[@]}"

# The solved game (needs WEIGHTFORGE_SOLUTION: the file of `weightforge solve --game
# wolves_sheep --out FILE`, 12-14 CPU minutes to make).
SW=docs/results/solved_wolves_sheep.md
figure solved perfect_luo "$R, $SW" "Elo difference: 257.6 +/- 24.9" \
    -- match --game wolves_sheep perfect luo2023 --games 200
figure solved perfect_li_own "$SW" "A as wolves: 0 wins, 100 draws, 0 losses" "Elo difference: 190.8 +/- 0.0" \
    -- match --game wolves_sheep perfect li2023 --games 200 --seed 3939 --opening-plies 6 --ply-cap 300
figure solved accuracy_tuned "$R, $SW" "5423    5234     96.5 %" \
    -- accuracy --game wolves_sheep genomes/wolves_sheep/tuned.ron
figure solved accuracy_luo "$R, $SW" "5423    4833     89.1 %" \
    -- accuracy --game wolves_sheep luo2023
figure solved accuracy_li "$R, $SW" "5423    5076     93.6 %" \
    -- accuracy --game wolves_sheep li2023

# Connect Four solved by search (docs/results/solved_connect_four.md): the start and its
# moves (about 4 CPU minutes), the perfect player against tuned, accuracy.
SC=docs/results/solved_connect_four.md
C4START='......./......./......./......./......./....... r'
figure full c4_start_moves "$R, $SC" "win 41  score 1" "4 win 41  score 1" "3 draw  score 0" \
    "2 loss 42  score -1" "1 loss 40  score -2" \
    -- solve --game connect_four --no-book --tt-bits 22 --moves "$C4START"
figure full c4_perfect_tuned "$R, $SC" "A as yellow: 59 wins, 7 draws, 34 losses" "Elo difference: 254.7 +/- 52.9" \
    -- match --game connect_four perfect tuned --nodes 100000 --games 200 --opening-plies 0 --seed 1
figure full c4_accuracy "$R, $SC" "818     767     93.8 %" "818     756     92.4 %" \
    -- accuracy --game connect_four tuned course --nodes 100000

# Connect Four tables learned by self-play (docs/results/learned_connect_four.md): the
# run (about 9 minutes on 2 cores; it writes c4_learned.ron, which the next three read),
# its gate, then the learned genome against tuned, perfect and the solved sample.
LC=docs/results/learned_connect_four.md
figure full c4_learn "$R, $LC" "240 games (138 W 23 D 79 L): +87.2 ± 39.8 Elo" "SPRT (elo0 0, elo1 20): H1: better" \
    -- learn --game connect_four --games 8000000 --out c4_learned.ron --quiet
figure full c4_learned_tuned "$R, $LC" "Elo difference: 102.8 +/- 29.8" \
    -- match --game connect_four c4_learned.ron tuned --nodes 100000 --games 400 --seed 2
figure full c4_learned_perfect "$R, $LC" "A as red: 0 wins, 0 draws, 200 losses" \
    -- match --game connect_four c4_learned.ron perfect --depth 1 --games 400 --opening-plies 0 --seed 1
figure full c4_learned_accuracy "$R, $LC" "818     785     96.0 %" \
    -- accuracy --game connect_four c4_learned.ron --nodes 100000

# ---- the summary --------------------------------------------------------------------
if [[ "$mode" != list ]]; then
    echo "$ran figures re-run in $((SECONDS - started)) s; $moved moved"
    ((moved == 0))
fi
