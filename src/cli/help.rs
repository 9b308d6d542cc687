//! What `--help` shows besides the flags: each command's examples (clap's `after_help`)
//! and the `--threads` text of the commands that use threads. Kept apart from args.rs so
//! the flag definitions stay readable; the generated CLI reference
//! (docs/reference/cli.md) shows the same text.

use clap::{Arg, ArgAction};

/// `--threads` as the top level shows it.
pub const THREADS: &str = "Worker threads (default: one per core). Results do not depend on \
it. Each command's --help says what it does with them";

/// `--threads` of `match` and `tournament`.
pub const THREADS_GAMES: &str = "Worker threads playing the games (default: one per core). \
The games and the result are the same whatever the count";

/// `--threads` of `evolve`.
pub const THREADS_EVOLVE: &str = "Worker threads playing each generation's games (default: \
one per core). The run is the same whatever the count; under MPI, threads per rank";

/// `--threads` of `positions`.
pub const THREADS_POSITIONS: &str = "Worker threads playing the games the positions come \
from (default: one per core). The file is the same whatever the count";

/// `--threads` of `datagen`.
pub const THREADS_DATAGEN: &str = "Worker threads playing the games (default: one per core). \
The file is the same whatever the count; under MPI, threads per rank";

/// `--threads` of `rescore`.
pub const THREADS_RESCORE: &str = "Worker threads searching the rows (default: one per \
core). The file is the same whatever the count";

/// `--threads` of `calibrate`.
pub const THREADS_CALIBRATE: &str = "Threads searching at once (default: one per core): \
calibrate with as many as the front end will have busy while it plays";

/// `--threads` of `bench`.
pub const THREADS_BENCH: &str = "Threads (default: one per core). With --tuner a list \
(`--threads 1,2,4`; default 1,2): each count is measured; --texel measures one thread \
and this many";

/// `--threads` of the commands that run on one thread: accepted, not listed.
pub const THREADS_UNUSED: &str = "Not used by this command (it runs on one thread)";

/// The `--threads` flag with a command's own text: clap gives a subcommand's own copy of a
/// global flag precedence over the top level's, and the value still reaches `Cli::threads`.
pub fn threads(help: &'static str) -> Arg {
    Arg::new("threads")
        .long("threads")
        .value_name("THREADS")
        .global(true)
        .action(ArgAction::Append)
        .value_delimiter(',')
        .value_parser(clap::value_parser!(usize))
        .help(help)
        .hide(help == THREADS_UNUSED)
}

pub const GAMES: &str = "Example:
  weightforge games                  # every game: roles, starts, features and their meaning";

pub const PERFT: &str = "Examples:
  weightforge perft --game wolves_sheep --depth 8            # prints 7432822
  weightforge perft --game abalone --depth 3 --divide        # with the count below each move";

pub const MOVES: &str = "Examples:
  weightforge moves --game wolves_sheep \"SSSSS/SSSSS/...../...../.W.W. w\"
  weightforge moves --game abalone --format bcit game.input   # the course's .board file";

pub const MATCH: &str = "Examples:
  weightforge match --game wolves_sheep genomes/wolves_sheep/tuned.ron luo2023 --games 200
  weightforge match --game wolves_sheep genomes/wolves_sheep/tuned.ron luo2023 \\
      --games 2000 --sprt elo0=0,elo1=5           # stop once the SPRT decides
  weightforge match --game abalone genomes/abalone/tuned.ron chorus2009 --games 20 \\
      --nodes 20000 --record games.jsonl          # node budget per move; keep the games
  weightforge match --game wolves_sheep genomes/wolves_sheep/tables_li2023.ron li2023 \\
      --budgets 1000,2000,5000 --chart budgets    # the same match at each budget; the chart
See docs/guide/testing-genomes.md.";

pub const MOVE: &str = "Examples:
  weightforge move --game wolves_sheep --genome genomes/wolves_sheep/tuned.ron \\
      --state state.txt --role wolves
  weightforge move --game abalone --genome genomes/abalone/tuned.ron \\
      --state game.input --output answer       # writes answer.move and answer.board
See docs/guide/front-end.md.";

pub const TOURNAMENT: &str = "Examples:
  weightforge tournament --game war_of_life random bloodlust land_grab minimax --games 100
  weightforge tournament --game wolves_sheep luo2023 li2023 genomes/wolves_sheep/tuned.ron \\
      --games 40 --csv table.csv";

pub const BENCH: &str = "Examples:
  weightforge bench                                  # perft and search speed, every game
  weightforge bench --tuner --threads 1,2            # evolve's games per second and speed-up
  weightforge bench --game abalone --depth-table --depths 3,4,5
See docs/results/speed.md.";

pub const EVOLVE: &str = "Examples:
  weightforge evolve                                 # the built-in quick Wolves & Sheep run
  weightforge evolve experiments/abalone.ron         # writes reports/abalone/index.html
  weightforge evolve --resume reports/abalone        # continue an interrupted run
  weightforge init --game abalone --out my.ron       # a commented experiment to start from
See docs/guide/tuning.md and docs/reference/experiment.md.";

pub const EXPORT: &str = "Examples:
  weightforge export genomes/wolves_sheep/tuned.ron                 # JSON on standard output
  weightforge export genomes/abalone/tuned.ron --format toml --output weights.toml
See docs/guide/front-end.md.";

pub const PLOT: &str = "Example:
  weightforge plot reports/wolves_sheep_quick      # fitness.png/svg, weights.png/svg";

pub const COMPARE_CHART: &str = "Example:
  weightforge compare-chart reports/compare/wolves_sheep.csv --out compare.png";

pub const VVW: &str = "Examples:
  weightforge vvw server --map MAP.xml --port 0
  weightforge vvw client 127.0.0.1 5555 --genome genomes/vampires_werewolves/tuned.ron
  weightforge vvw arena --a \"weightforge vvw client --genome genomes/vampires_werewolves/tuned.ron {host} {port}\" \\
      --b \"python3 client.py {host} {port}\" --games 10
See docs/guide/vampires-werewolves.md.";

pub const VVW_CLIENT: &str = "Example:
  weightforge vvw client 127.0.0.1 5555 --genome genomes/vampires_werewolves/tuned.ron --move-time 2";

pub const VVW_SERVER: &str = "Example:
  weightforge vvw server --map MAP.xml --port 0     # the first line names the port";

pub const VVW_ARENA: &str = "Example:
  weightforge vvw arena --games 10 \\
      --a \"weightforge vvw client --genome genomes/vampires_werewolves/tuned.ron --move-time {move_time} {host} {port}\" \\
      --b \"weightforge vvw client --genome deepblue2021 --move-time {move_time} {host} {port}\"";

pub const REPLAY: &str = "Examples:
  weightforge replay reports/wolves_sheep_quick/validation-games.jsonl          # the list
  weightforge replay reports/wolves_sheep_quick/validation-games.jsonl --game 1 # one game
  weightforge replay games.jsonl --positions games.positions --around 2  # positions for `fit`
See docs/game-records.md and docs/positions.md.";

pub const REPORT: &str = "Example:
  weightforge report reports/                      # writes reports/index.html";

pub const POSITIONS: &str = "Example:
  weightforge positions experiments/wolves_sheep_texel.ron --out positions.txt
See docs/guide/texel.md and docs/positions.md.";

pub const DATAGEN: &str = "Examples:
  weightforge datagen experiments/wolves_sheep_target.ron --out ws.positions
  weightforge datagen experiments/wolves_sheep_target.ron --out ws.positions --resume
See docs/guide/budget.md and docs/positions.md.";

pub const FIT: &str = "Example:
  weightforge datagen experiments/wolves_sheep_target.ron --out ws.positions
  weightforge fit --game wolves_sheep --genome li2023 --positions ws.positions \\
      --families psqt,blocks2x2 --out ws_tables.ron
  weightforge fit --game wolves_sheep --genome genomes/wolves_sheep/target100k_d6.ron \\
      --positions ws.positions --choices --choice-weight 0.1 --half-life 16 \\
      --solution ws.solved --out tables_choices.ron      # for a shallow search
See docs/guide/tables.md.";

pub const LEARN: &str = "Example:
  weightforge learn --game connect_four --time 20m --out c4_learned.ron
  weightforge learn --game wolves_sheep --games 200000 --out ws_learned.ron
  weightforge learn --game connect_four --games 2000000 --out c4_learned.ron --resume
See docs/guide/learn.md.";

pub const RESCORE: &str = "Example:
  weightforge datagen experiments/abalone_tables.ron --out ab.positions
  weightforge rescore --game abalone --genome genomes/abalone/tuned.ron --nodes 20000 \\
      ab.positions --out ab_20k.positions
  weightforge fit --game abalone --genome genomes/abalone/tuned.ron \\
      --positions ab_20k.positions --score-weight 1 --steps 300 --rate 0.002 \\
      --l2 1e-6,1e-5,1e-4 --out tables_rescored.ron
Give --depth, --nodes or both: a budget well above the one the games were played at
(datagen's rows were searched at 2,000 nodes here). A mostly drawn game (War of Life):
fit with --score-scale spread, or every label comes out about 1/2. See
docs/guide/tables.md.";

pub const CALIBRATE: &str = "Example:
  weightforge calibrate --game vampires_werewolves --genome deepblue2021 --move-time 2000
Prints this machine's nodes per second for the player and the node budget that matches
the move time; use it as `target: (nodes: N)`. See docs/guide/budget.md.";

pub const ENGINE: &str = "Example:
  weightforge engine --game wolves_sheep --genome luo2023    # then type `weightforge 1`
See docs/engine-protocol.md.";

pub const INIT: &str = "Examples:
  weightforge init --game abalone                   # prints the experiment
  weightforge init --game abalone --out my.ron && weightforge evolve my.ron
See docs/reference/experiment.md.";

/// `--threads` of `solve`.
pub const THREADS_SOLVE: &str = "Threads solving or checking a layer, or solving a book's \
deepest positions (default: one per core). The file is the same whatever the count";

/// `--threads` of `accuracy`.
pub const THREADS_ACCURACY: &str = "Threads judging the sample's positions (default: one per \
core). The result is the same whatever the count";

pub const ACCURACY: &str = "Examples:
  weightforge accuracy --game wolves_sheep luo2023                  # at its own depth
  weightforge accuracy --game connect_four course tuned --depth 4,8 --nodes 100000  # several
  weightforge accuracy --game wolves_sheep genomes/wolves_sheep/tuned.ron --nodes 100000
  weightforge accuracy --game wolves_sheep li2023 --depth 4 --solution /data/ws.solved
  weightforge accuracy --game wolves_sheep --make-sample my_sample.pos

Wolves & Sheep needs its solution (`weightforge solve --game wolves_sheep --out
wolves_sheep.solved`); Connect Four searches, faster with its book in the folder
(`weightforge solve --game connect_four --book 8 --out connect_four.book`).
A move keeps the value when a won position stays won (however slowly) and a drawn one
drawn; only positions where some move changes the value are judged (docs/guide/solve.md).";

pub const SOLVE: &str = "Examples:
  weightforge solve --game wolves_sheep --out /data/ws.solved            # every layer, 3..10 sheep
  weightforge solve --game wolves_sheep --out small.solved --max-sheep 5
  weightforge solve --game connect_four --moves '......./......./......./......./......./....... r'
  weightforge solve --game connect_four --book 8 --out connect_four.book  # resumable
  weightforge solve --game connect_four --file connect_four.book --verify
  weightforge solve --game wolves_sheep --file small.solved --probe '.W.WS/...../S..../.S.../..... w'
  weightforge solve --game wolves_sheep --file small.solved --moves 'WW..S/SS.../....S/.S.../..... s'
  weightforge solve --game wolves_sheep --file small.solved --verify
  weightforge solve --game wolves_sheep --file small.solved --stats
  weightforge solve --game wolves_sheep --file ws.solved --label games.pos --labelled exact.pos
  weightforge solve --game wolves_sheep --file ws.solved --label games.pos --labelled near.pos --half-life 16

--probe prints `win N`, `loss N` or `draw` for the side to move (N plies to the end with
best play, no move limit), and Connect Four's score beside it (Pascal Pons' convention:
22 minus the winner's discs at the win, from the side to move). An interrupted solve or
book build resumes from what it finished (docs/guide/solve.md).";
