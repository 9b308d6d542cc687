//! The raw command-line flags of every command, exactly as typed (clap's definitions).
//! Each command checks its flags before doing anything; [`super::resolve`] turns those of
//! `match`, `tournament` and `vvw` into the library's settings.

use std::path::PathBuf;

use clap::builder::{PossibleValue, TypedValueParser};
use clap::{Args, Parser, Subcommand, ValueEnum};
use weightforge::registry::GameId;
use weightforge::tunables::{
    LOG_PROGRESS_SECS, VVW_ARENA_WELCOME_PAUSE_SECS, VVW_CONNECT_TIMEOUT_SECS, VVW_MOVE_TIME_SECS,
};
use weightforge::vvw_tcp::server::DEFAULT_PORT;

use super::help;

/// Tune the evaluation weights of board-game AIs by parallel self-play.
#[derive(Parser, Debug)]
#[command(name = "weightforge", version, about)]
pub struct Cli {
    #[arg(long, global = true, value_delimiter = ',', help = help::THREADS)]
    pub threads: Vec<usize>,
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Subcommand, Debug)]
pub enum Command {
    /// List the games, their roles and their evaluation features.
    #[command(after_help = help::GAMES, arg = help::threads(help::THREADS_UNUSED))]
    Games,
    /// Count the leaves of the legal-move tree.
    #[command(after_help = help::PERFT, arg = help::threads(help::THREADS_UNUSED))]
    Perft(PerftArgs),
    /// Print the status and every legal move with its resulting position.
    #[command(after_help = help::MOVES, arg = help::threads(help::THREADS_UNUSED))]
    Moves(MovesArgs),
    /// Play two players against each other in paired games.
    #[command(after_help = help::MATCH, arg = help::threads(help::THREADS_GAMES))]
    Match(MatchArgs),
    /// Print the best move for a board in the course's state-file format.
    #[command(after_help = help::MOVE, arg = help::threads(help::THREADS_UNUSED))]
    Move(MoveArgs),
    /// Round robin: every ordered pair of players plays N games; prints the table.
    #[command(after_help = help::TOURNAMENT, arg = help::threads(help::THREADS_GAMES))]
    Tournament(TournamentArgs),
    /// Measure perft and search speed on fixed positions.
    #[command(after_help = help::BENCH, arg = help::threads(help::THREADS_BENCH))]
    Bench(BenchArgs),
    /// Tune a genome by self-play as an experiment file says (default: the built-in
    /// quick Wolves & Sheep experiment).
    #[command(after_help = help::EVOLVE, arg = help::threads(help::THREADS_EVOLVE))]
    Evolve(EvolveArgs),
    /// Write a commented experiment file to start from (the game's committed experiment
    /// with a short budget).
    #[command(after_help = help::INIT, arg = help::threads(help::THREADS_UNUSED))]
    Init(InitArgs),
    /// Write a genome's weights and search settings as plain data.
    #[command(after_help = help::EXPORT, arg = help::threads(help::THREADS_UNUSED))]
    Export(ExportArgs),
    /// Redraw a run's charts from its generations.csv.
    #[command(after_help = help::PLOT, arg = help::threads(help::THREADS_UNUSED))]
    Plot(PlotArgs),
    /// Draw the algorithm comparison's chart (Elo at each training budget, and its CPU seconds) from its CSV
    /// (scripts/compare_algorithms.sh).
    #[command(after_help = help::COMPARE_CHART, arg = help::threads(help::THREADS_UNUSED))]
    CompareChart(CompareChartArgs),
    /// Vampires vs Werewolves over the course's TCP protocol: `client`, `server`, `arena`.
    #[command(after_help = help::VVW, arg = help::threads(help::THREADS_UNUSED))]
    Vvw(VvwArgs),
    /// Print the games of a record file move by move, with the board, or write their
    /// positions to a position file (`--positions`).
    #[command(after_help = help::REPLAY, arg = help::threads(help::THREADS_UNUSED))]
    Replay(ReplayArgs),
    /// Write the index page of every run in a reports folder.
    #[command(after_help = help::REPORT, arg = help::threads(help::THREADS_UNUSED))]
    Report(ReportArgs),
    /// Write the labelled quiet positions of an experiment's games to a position file.
    #[command(after_help = help::POSITIONS, arg = help::threads(help::THREADS_POSITIONS))]
    Positions(PositionsArgs),
    /// Play self-play games at a budget and write the quiet leaves of every move's
    /// principal variation, with the result and the search's score (docs/guide/budget.md).
    #[command(after_help = help::DATAGEN, arg = help::threads(help::THREADS_DATAGEN))]
    Datagen(DatagenArgs),
    /// Fit table families (piece-square and pattern tables) on position files, from a
    /// hand genome, L2 chosen on held-out positions; writes a table genome, its held-out
    /// loss by L2 (`<out>.l2.csv`, `.l2.png`) and its heat maps (`<out>.heat.png`)
    /// (docs/guide/tables.md).
    #[command(after_help = help::FIT)]
    Fit(FitArgs),
    /// Learn a table genome by self-play (TD(λ) on n-tuple and pattern tables, no labels);
    /// writes the genome, its learning curve (`<out>.curve.csv`, `.curve.png`) and plays a
    /// gate against the reference genome (docs/guide/learn.md).
    #[command(after_help = help::LEARN)]
    Learn(LearnArgs),
    /// Score every row of a position file again with a deeper search of a genome (the
    /// results stay): labels for `fit --score-weight` that hold what the search sees
    /// beyond the evaluation (docs/guide/tables.md).
    #[command(after_help = help::RESCORE, arg = help::threads(help::THREADS_RESCORE))]
    Rescore(RescoreArgs),
    /// Measure this machine's nodes per second for a player and print the node budget
    /// that matches a move time (not deterministic: it times searches).
    #[command(after_help = help::CALIBRATE, arg = help::threads(help::THREADS_CALIBRATE))]
    Calibrate(CalibrateArgs),
    /// Write the command-line reference (docs/reference/cli.md) from these definitions.
    #[command(hide = true)]
    CliReference(CliReferenceArgs),
    /// Run a genome as an engine speaking the engine protocol on stdin/stdout
    /// (docs/engine-protocol.md).
    #[command(after_help = help::ENGINE, arg = help::threads(help::THREADS_UNUSED))]
    Engine(EngineArgs),
    /// Solve a game (Wolves & Sheep by retrograde analysis, Connect Four by search with
    /// an opening book): build its file (`--out`), the value of positions and of their
    /// moves (`--probe`, `--moves`), a check of the file (`--verify`), its counts
    /// (`--stats`), exact labels (`--label`).
    #[command(after_help = help::SOLVE, arg = help::threads(help::THREADS_SOLVE))]
    Solve(SolveArgs),
    /// A solved game: the share of a player's moves that keep the solved value, by role
    /// and phase, on a fixed sample of positions from real games, with its worst mistakes.
    #[command(after_help = help::ACCURACY, arg = help::threads(help::THREADS_ACCURACY))]
    Accuracy(AccuracyArgs),
}

#[derive(Args, Debug)]
pub struct AccuracyArgs {
    /// The game (one that can be solved: `weightforge games` marks them).
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The players to judge: genome files or built-in names, `random`, `perfect`, or
    /// engines (`engine:"<command>"`); several are judged in turn on the same positions
    /// (the game's oracle answers each position once).
    #[arg(required_unless_present = "make_sample")]
    pub players: Vec<String>,
    /// Search depths (override the genome's): each player is judged at each one; a list
    /// `2,4,6,8` judges every depth in turn.
    #[arg(long, value_delimiter = ',', conflicts_with = "make_sample")]
    pub depth: Vec<u32>,
    /// Nodes per move (the search deepens until they are spent; deterministic): each
    /// player is judged at each count given, after the depths.
    #[arg(long, value_delimiter = ',', conflicts_with = "make_sample")]
    pub nodes: Vec<u64>,
    /// The file the game's oracle reads, for the judge and for a `perfect` player alike
    /// (default: $WEIGHTFORGE_SOLUTION, else wolves_sheep.solved; $WEIGHTFORGE_C4_BOOK,
    /// else connect_four.book when there, else the built-in book).
    #[arg(long)]
    pub solution: Option<PathBuf>,
    /// Connect Four: log2 of each search table's slots (default 24).
    #[arg(long, value_name = "BITS")]
    pub tt_bits: Option<u8>,
    /// A sample of your own: a position file (docs/positions.md); positions where no
    /// move changes the value are left out. Default: the built-in sample.
    #[arg(long, conflicts_with = "make_sample")]
    pub sample: Option<PathBuf>,
    /// How many of the worst mistakes to list.
    #[arg(long, default_value_t = weightforge::tunables::ACCURACY_WORST)]
    pub worst: usize,
    /// Play the sample games again and write the sample to FILE (how the built-in
    /// samples, assets/accuracy/<game>.pos, were made).
    #[arg(long, value_name = "FILE", conflicts_with = "player")]
    pub make_sample: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    /// The game (one that can be solved: `weightforge games` marks them).
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// Build the game's file and write it here: the Wolves & Sheep solution (layers
    /// already solved beside it, `<out>.layer<k>`, or in it are read back), the Connect
    /// Four opening book (resumed from `<out>.partial`).
    #[arg(long, conflicts_with_all = ["file", "probe", "moves", "verify", "stats", "label"])]
    pub out: Option<PathBuf>,
    /// Wolves & Sheep: the layers to solve, every position with 3 up to this many sheep.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(3..=10))]
    pub max_sheep: Option<u32>,
    /// Connect Four: the book holds every reachable position with up to PLIES discs.
    #[arg(long, value_name = "PLIES")]
    pub book: Option<u32>,
    /// The file the game's oracle reads (the Wolves & Sheep solution, the Connect Four
    /// book). Default: the game's variable ($WEIGHTFORGE_SOLUTION, $WEIGHTFORGE_C4_BOOK),
    /// else its file in this folder (wolves_sheep.solved; connect_four.book when there,
    /// else the built-in 2-ply book).
    #[arg(long, visible_alias = "solution")]
    pub file: Option<PathBuf>,
    /// Connect Four: log2 of each search table's slots (8 bytes a slot; default 24).
    #[arg(long, value_name = "BITS")]
    pub tt_bits: Option<u8>,
    /// Connect Four: search every position, with no book (not the file's, not the
    /// built-in one): what the solver alone costs.
    #[arg(long, conflicts_with = "file")]
    pub no_book: bool,
    /// Print `win N`, `loss N` (for the side to move, N plies to the end with best play)
    /// or `draw` for each position, and the game's own score where it has one: the
    /// position given, or one per line of standard input.
    #[arg(long)]
    pub probe: bool,
    /// Like --probe, then every legal move with the value it keeps for the side making it.
    #[arg(long, conflicts_with = "probe")]
    pub moves: bool,
    /// Check the file: every entry against the rules and its children.
    #[arg(long)]
    pub verify: bool,
    /// Print what the file holds: wins, draws and losses by layer or plies.
    #[arg(long)]
    pub stats: bool,
    /// Exact labels: a position file whose results become the solved values (with
    /// --labelled OUT; the search scores are kept).
    #[arg(long, value_name = "IN", requires = "labelled")]
    pub label: Option<PathBuf>,
    /// Where --label writes the relabelled position file.
    #[arg(long, value_name = "OUT", requires = "label")]
    pub labelled: Option<PathBuf>,
    /// With --label: label by how soon the game ends too. A win in N plies becomes
    /// ½ + ½·2^(−N/PLIES), a loss ½ − ½·2^(−N/PLIES), a draw ½ (default: win 1, loss 0).
    #[arg(long, value_name = "PLIES", requires = "label")]
    pub half_life: Option<f64>,
    /// The position for --probe or --moves (the game's notation); without it, positions
    /// are read from standard input, one per line.
    pub position: Option<String>,
}

#[derive(Args, Debug)]
pub struct ReplayArgs {
    /// The record file (JSON Lines, one game per line).
    pub file: PathBuf,
    /// The game to print, from 1 (default: a list of the games).
    #[arg(long)]
    pub game: Option<usize>,
    /// Write every position of the games where the game goes on (the side to move as
    /// the row's role, the game's result from its view) to this position file, for
    /// `fit` (docs/positions.md).
    #[arg(long, conflicts_with = "game")]
    pub positions: Option<PathBuf>,
    /// With --positions: also every position this many plies or fewer from a recorded
    /// one (no result: `-`), and each position once: the positions a search from the
    /// recorded ones meets, for `fit --choices`.
    #[arg(long, requires = "positions", default_value_t = 0)]
    pub around: u32,
}

#[derive(Args, Debug)]
pub struct ReportArgs {
    /// The reports folder holding one folder per run.
    #[arg(default_value = "reports")]
    pub reports: PathBuf,
}

/// Reads `--game`: one of the registry's games, or the library's error listing them.
#[derive(Clone)]
struct GameArg;

impl TypedValueParser for GameArg {
    type Value = GameId;

    fn parse_ref(
        &self,
        _cmd: &clap::Command,
        _arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<GameId, clap::Error> {
        GameId::parse(&value.to_string_lossy())
            .map_err(|e| clap::Error::raw(clap::error::ErrorKind::InvalidValue, format!("{e}\n")))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(
            GameId::value_variants()
                .iter()
                .filter_map(ValueEnum::to_possible_value),
        ))
    }
}

#[derive(Args, Debug)]
pub struct EvolveArgs {
    /// The experiment file (default: experiments/wolves_sheep_quick.ron, built in).
    pub experiment: Option<PathBuf>,
    /// Continue the run whose report folder this is.
    #[arg(long, value_name = "REPORT_DIR")]
    pub resume: Option<PathBuf>,
    /// Start over even if the report folder holds a run.
    #[arg(long)]
    pub force: bool,
    /// No progress bar; generation lines on standard output.
    #[arg(long)]
    pub quiet: bool,
    /// Seconds between the progress lines on standard error when no bar is drawn
    /// (`--quiet`, or standard error is not a terminal: a run writing to a log).
    #[arg(long, value_name = "SECS", default_value_t = LOG_PROGRESS_SECS)]
    pub progress_every: u64,
    /// Stop after this generation, as an interruption would (resume later).
    #[arg(long, value_name = "GENERATION")]
    pub stop_after: Option<u32>,
    /// A time budget for the whole run (`90s`, `5m`, `1.5h`): after generation 1 the
    /// run trains as many of the experiment's generations as fit, the end of the run
    /// (selection, validation, gate) estimated at generation 1's pace; it prints and
    /// records the count it chose (reproduce the run with `--train-generations N`).
    #[arg(long, value_name = "DURATION", conflicts_with_all = ["train_generations", "resume"])]
    pub time: Option<String>,
    /// Train only the first N of the experiment's generations, then finish the run (the
    /// count a `--time` run chose: the same games, the same result).
    #[arg(long, value_name = "N", conflicts_with = "resume")]
    pub train_generations: Option<u32>,
}

#[derive(Args, Debug)]
pub struct CliReferenceArgs {
    /// Write here instead of standard output.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct InitArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// Write here instead of standard output (an existing file is left alone).
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

/// `fit --rows`: which positions train each role's tables.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum FitRowsArg {
    /// A position trains the role whose search met it.
    PerRole,
    /// Every position trains both roles.
    Both,
}

#[derive(Clone, Copy, Debug, clap::ValueEnum)]
pub enum ExportFormat {
    Ron,
    Json,
    Toml,
    /// One `name value` line per weight (an engine's constants, or a genome's weights
    /// as `role:feature value`, the names `weightforge engine` declares), in the
    /// engine's declaration order.
    Lines,
    /// A genome: a self-contained Python module computing its whole evaluation,
    /// `evaluate(board, role)` on the course's board and `evaluate_text(text, role)`,
    /// exactly as the search does (docs/guide/front-end.md). An engine's constants:
    /// `NAME = value` lines in declaration order, to paste into its source.
    Python,
}

#[derive(Args, Debug)]
pub struct ExportArgs {
    /// The genome file, the constants file an evolve run of an engine wrote, or a run's
    /// report folder (its `best.ron`). A result its run found not better than its
    /// start is exported with a warning on standard error.
    pub genome: PathBuf,
    /// Output format.
    #[arg(long, value_enum, default_value = "json")]
    pub format: ExportFormat,
    /// Write here instead of standard output.
    #[arg(long)]
    pub output: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct CompareChartArgs {
    /// The comparison CSV (header: algorithm, budget_games, train_cpu_s, opponent, elo,
    /// elo95, ...).
    pub csv: PathBuf,
    /// The PNG to write (default: the CSV's path with `.png`).
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// The chart's title.
    #[arg(long, default_value = "Elo per CPU second")]
    pub title: String,
}

#[derive(Args, Debug)]
pub struct PlotArgs {
    /// The run's report folder (reports/<run>).
    pub report: PathBuf,
}

#[derive(Args, Debug)]
pub struct PerftArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// Plies to count.
    #[arg(long)]
    pub depth: u32,
    /// A position in the game's notation (default: the game's start).
    #[arg(long)]
    pub position: Option<String>,
    /// Also print the count below each root move.
    #[arg(long)]
    pub divide: bool,
}

#[derive(Args, Debug)]
pub struct MovesArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// A position in the game's notation; without it, positions are read from standard
    /// input, one per line. With `--format bcit`: a course `.input` file (default:
    /// standard input).
    pub position: Option<String>,
    /// Output: `text` (status line, then `<move> <position>` lines), `bcit` (Abalone:
    /// every resulting board, as the course's `.board` file) or `bcit-moves` (the moves,
    /// as the course's `.move` file, in the same order).
    #[arg(long, value_enum, default_value = "text")]
    pub format: MovesFormat,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum MovesFormat {
    Text,
    Bcit,
    BcitMoves,
}

#[derive(Args, Clone, Debug)]
pub struct MatchArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// Player A: a genome file, a built-in genome name, `random`, or
    /// an engine spelled `engine:"<command>"[,dir=<path>][,movetime=<ms>][,constants=<file>]` (docs/engine-protocol.md).
    pub a: String,
    /// Player B (spelled like A).
    pub b: String,
    /// Games to play (an even number: each opening is played twice, roles swapped).
    #[arg(long, default_value_t = 200)]
    pub games: u64,
    /// Match seed: openings and in-game randomness derive from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Search depth for both players (overrides the genomes').
    #[arg(long)]
    pub depth: Option<u32>,
    /// Node budget per move for both players: each search deepens until it has visited
    /// this many nodes (up to --depth when given). Deterministic: the stand-in for a
    /// clock. Overrides the genomes' `search.nodes` (flag > experiment > genome).
    /// Engines keep their own movetime.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Milliseconds per move for both players: each search deepens until the time is
    /// spent (up to --depth when given), as the VvW TCP client does; engines get it as
    /// their `go movetime`. Not deterministic: results vary from run to run.
    #[arg(long, value_name = "MS")]
    pub move_time: Option<u64>,
    /// Random plies played from the start before the players take over.
    #[arg(long)]
    pub opening_plies: Option<u32>,
    /// Plies after which an unfinished game is a draw.
    #[arg(long)]
    pub ply_cap: Option<u32>,
    /// At the ply cap, adjudicate by the game's rule (Abalone: fewer marbles lost wins)
    /// instead of a draw.
    #[arg(long)]
    pub adjudicate: bool,
    /// Start names or positions, used in turn (default: the game's first start).
    #[arg(long = "start")]
    pub starts: Vec<String>,
    /// A searches with B's search settings (depth per role, node budget): compares
    /// evaluations at equal depth, e.g. a tuned genome at a course player's own depth.
    #[arg(long)]
    pub same_search: bool,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Stop once a sequential probability ratio test decides:
    /// `elo0=0,elo1=5[,alpha=0.05,beta=0.05]` (normalised Elo). `--games` is then the
    /// maximum.
    #[arg(long, value_name = "SPEC")]
    pub sprt: Option<String>,
    /// Write every game to this file (JSON Lines; see docs/game-records.md).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Play the match once at each of these node budgets (both players at each; the same
    /// seed and openings), print each result, and draw the Elo against the budget into
    /// `--chart`.
    #[arg(long, value_name = "N,N,...", value_delimiter = ',', conflicts_with_all = ["nodes", "move_time", "depth", "sprt", "record"])]
    pub budgets: Vec<u64>,
    /// With `--budgets`: the folder for the chart (`elo_budget.csv`, `.png`, `.svg`).
    #[arg(long, value_name = "DIR", requires = "budgets")]
    pub chart: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct TournamentArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The players: built-in names (`random`, `land_grab`, ...), genome files, or
    /// engines spelled `engine:"<command>"[,dir=<path>][,movetime=<ms>][,constants=<file>]`
    /// (docs/engine-protocol.md).
    #[arg(required = true)]
    pub players: Vec<String>,
    /// Games per ordered pair (P1 always in the first role).
    #[arg(long)]
    pub games: u64,
    /// Tournament seed: openings and in-game randomness derive from it.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Also write the table as CSV to this file.
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// Random plies played from the start before the players take over (default: 0
    /// for games with a random start such as War of Life, else the match default).
    #[arg(long)]
    pub opening_plies: Option<u32>,
    /// Plies after which an unfinished game is a draw (default: the game's).
    #[arg(long)]
    pub ply_cap: Option<u32>,
    /// Node budget per move for both players: each search deepens until it has visited
    /// this many nodes (up to --depth when given). Deterministic: the stand-in for a
    /// clock. Overrides the genomes' `search.nodes` (flag > experiment > genome).
    /// Engines keep their own movetime.
    #[arg(long, value_name = "N")]
    pub nodes: Option<u64>,
    /// Milliseconds per move for both players: each search deepens until the time is
    /// spent (up to --depth when given), as the VvW TCP client does; engines get it as
    /// their `go movetime`. Not deterministic: results vary from run to run.
    #[arg(long, value_name = "MS")]
    pub move_time: Option<u64>,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
    /// Write every game to this file (JSON Lines; see docs/game-records.md).
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
}

#[derive(Args, Debug)]
pub struct MoveArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The genome (file or built-in name) that chooses the move.
    #[arg(long)]
    pub genome: String,
    /// The board: for wolves_sheep the course's 5×5 state file; for abalone the
    /// course's `.input` file (or one position in the game's notation); for other games
    /// a file holding one position in the game's notation.
    #[arg(long)]
    pub state: PathBuf,
    /// The role to move: required for wolves_sheep (its state file does not say);
    /// elsewhere optional, and checked against the side to move of the file.
    #[arg(long)]
    pub role: Option<String>,
    /// Abalone: also write the move and the resulting board to `<STEM>.move` and
    /// `<STEM>.board`, as the course's agents hand them back.
    #[arg(long, value_name = "STEM")]
    pub output: Option<PathBuf>,
    /// Search depth (overrides the genome's).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Seed for random tie-breaks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
}

#[derive(Args, Debug)]
pub struct BenchArgs {
    /// The game (default: all).
    #[arg(long, value_parser = GameArg)]
    pub game: Option<GameId>,
    /// Measure the evolve loop instead: games per second of the first generations of
    /// an experiment on each `--threads` count (default 1,2), the speed-up and the idle
    /// share of the threads at the generation barrier.
    #[arg(long)]
    pub tuner: bool,
    /// The experiment of `--tuner` (default: the built-in quick Wolves & Sheep one).
    #[arg(requires = "tuner")]
    pub experiment: Option<PathBuf>,
    /// Generations `--tuner` plays on each thread count.
    #[arg(long, default_value_t = 3, requires = "tuner")]
    pub generations: u32,
    /// `--tuner`: hand the games out in order instead of longest first (to measure what
    /// the order gains).
    #[arg(long, requires = "tuner")]
    pub in_order: bool,
    /// Instead: Texel fit speed, position-gradient evaluations per second on one thread
    /// and on all, for Wolves & Sheep's 12 features per role.
    #[arg(long)]
    pub texel: bool,
    /// Instead: the search-technique table (nodes and seconds to complete each depth
    /// from the game's first start with each technique on and off; needs --game).
    #[arg(long)]
    pub depth_table: bool,
    /// Depths of the depth table.
    #[arg(long, value_delimiter = ',', default_value = "4,5")]
    pub depths: Vec<u32>,
    /// The genome whose evaluation the depth table searches with (default: the game's
    /// bench genome).
    #[arg(long)]
    pub genome: Option<String>,
}

#[derive(Args, Debug)]
pub struct PositionsArgs {
    /// The experiment whose start genome plays its opponents and itself.
    pub experiment: PathBuf,
    /// The position file to write (docs/positions.md).
    #[arg(long)]
    pub out: PathBuf,
    /// Plies after the opening to skip (default: the experiment's Texel filter, or 2).
    #[arg(long)]
    pub skip_plies: Option<u32>,
    /// Keep non-quiet positions too.
    #[arg(long)]
    pub all: bool,
}

#[derive(Args, Debug)]
pub struct EngineArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The genome (file or built-in name) that plays; its weights are declared as
    /// `weight <role>:<feature> <value>` and can be changed with `set`.
    #[arg(long)]
    pub genome: String,
}

#[derive(Args, Debug)]
pub struct VvwArgs {
    #[command(subcommand)]
    pub command: VvwCommand,
}

#[derive(Subcommand, Debug)]
pub enum VvwCommand {
    /// Connect to a server and play one game with a genome.
    #[command(after_help = help::VVW_CLIENT)]
    Client(ClientArgs),
    /// Serve one game between the next two connections, like the official server.
    #[command(after_help = help::VVW_SERVER)]
    Server(ServerArgs),
    /// Play a series of games between two client programs (any team's) on our server,
    /// species swapped each pair, and print the score, the Elo difference and each
    /// client's protocol faults.
    #[command(after_help = help::VVW_ARENA)]
    Arena(ArenaArgs),
}

#[derive(Args, Debug)]
pub struct ClientArgs {
    /// The server's address.
    pub host: String,
    /// The server's port.
    pub port: u16,
    /// The player: a genome file, a built-in genome name (deepblue2021), `random`, or
    /// an engine spelled `engine:"<command>"[,dir=<path>][,movetime=<ms>][,constants=<file>]` (docs/engine-protocol.md).
    #[arg(long)]
    pub genome: String,
    /// The name sent to the server.
    #[arg(long, default_value = "weightforge")]
    pub name: String,
    /// The server's time limit per move, in seconds; the search uses half of it.
    #[arg(long, default_value_t = VVW_MOVE_TIME_SECS)]
    pub move_time: f64,
    /// Deepest search iteration (default: deepen until the time is up).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Plies of the whole game (the server's MaxPlays).
    #[arg(long, default_value_t = 200)]
    pub max_plays: u32,
    /// Give up after this many seconds without a message from the server (default: wait
    /// forever).
    #[arg(long)]
    pub idle_timeout: Option<f64>,
    /// Seed of random tie-breaks.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Only the summary, not one line per move.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct ServerArgs {
    /// The map file (the official XML format).
    #[arg(long)]
    pub map: String,
    /// The port (0: any free port; the first line printed names it).
    #[arg(long, default_value_t = DEFAULT_PORT)]
    pub port: u16,
    /// The address to listen on (loopback unless told otherwise).
    #[arg(long, default_value = "127.0.0.1")]
    pub host: String,
    /// Seconds a player has to answer an UPD (a late answer skips the ply).
    #[arg(long, default_value_t = 5.0)]
    pub move_time: f64,
    /// Plies of both players together.
    #[arg(long, default_value_t = 200)]
    pub max_plays: u32,
    /// The game clock in whole seconds (0: none).
    #[arg(long, default_value_t = 300)]
    pub game_time: u64,
    /// Seconds between setup and the first UPD.
    #[arg(long, default_value_t = 5.0)]
    pub welcome_pause: f64,
    /// Seconds between the last ply and END.
    #[arg(long, default_value_t = 4.0)]
    pub end_pause: f64,
    /// Give up when a player takes longer than this to connect or send NME (default:
    /// wait forever, as the official server).
    #[arg(long)]
    pub setup_timeout: Option<f64>,
    /// Seed of the battles' random draws.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Only the first and the last line, not one line per ply.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct ArenaArgs {
    /// Client A's command line; `{host}` and `{port}` are filled in (and `{move_time}`,
    /// in seconds), e.g. "weightforge vvw client --genome tuned.ron --move-time
    /// {move_time} {host} {port}".
    #[arg(long = "a", value_name = "COMMAND")]
    pub a: String,
    /// Client B's command line, e.g. "python3 client.py {host} {port}".
    #[arg(long = "b", value_name = "COMMAND")]
    pub b: String,
    /// Games to play (an even number: each map is played twice, species swapped).
    #[arg(long, default_value_t = 20)]
    pub games: u64,
    /// Maps, comma-separated, used in turn by pair: `.xml` map files, folders of them,
    /// `duel` or `random` (a point-symmetric map drawn per pair, the same as
    /// `match --start random --opening-plies 0` draws with the same seed).
    #[arg(long, value_delimiter = ',', default_value = "duel,random")]
    pub maps: Vec<String>,
    /// Seconds a client has to answer an UPD (the tournament's 2 s); a late answer
    /// skips the ply and is counted.
    #[arg(long, default_value_t = VVW_MOVE_TIME_SECS)]
    pub move_time: f64,
    /// Plies of both players together.
    #[arg(long, default_value_t = 200)]
    pub max_plays: u32,
    /// The game clock in whole seconds (0: none).
    #[arg(long, default_value_t = 300)]
    pub game_time: u64,
    /// Seconds a started client has to connect and to send NME.
    #[arg(long, default_value_t = VVW_CONNECT_TIMEOUT_SECS)]
    pub connect_timeout: f64,
    /// Seconds between setup and the first UPD.
    #[arg(long, default_value_t = VVW_ARENA_WELCOME_PAUSE_SECS)]
    pub welcome_pause: f64,
    /// Seed of the random maps and the battles' draws.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// No progress bar.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct DatagenArgs {
    /// The experiment: its start genome plays, from its openings, at its `datagen:`
    /// budget (else its target's, else its `nodes`).
    pub experiment: PathBuf,
    /// The position file to write (default: `<experiment name>.positions`). Finished
    /// games are checkpointed in `<out>.partial` until it is written.
    #[arg(long)]
    pub out: Option<PathBuf>,
    /// Games (default: the experiment's `datagen.games`).
    #[arg(long)]
    pub games: Option<u64>,
    /// Nodes per move (default: the experiment's `datagen.nodes`, else its target's).
    #[arg(long)]
    pub nodes: Option<u64>,
    /// A soft node limit (also `datagen.soft: true`): each search deepens until an
    /// iteration ends past the budget, capped at DATAGEN_SOFT_HARD_FACTOR times it.
    #[arg(long)]
    pub soft: bool,
    /// Continue from `<out>.partial`: the file is the one an uninterrupted run writes.
    #[arg(long)]
    pub resume: bool,
    /// No progress bar or lines.
    #[arg(long)]
    pub quiet: bool,
    /// Stop after this many games of this run, checkpoint written (for tests of
    /// `--resume`).
    #[arg(long, hide = true)]
    pub stop_after_games: Option<u64>,
}

#[derive(Args, Debug)]
pub struct RescoreArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The genome (file or built-in name) whose search scores the rows, with its tables
    /// if it has any; each row is searched with its role's evaluation.
    #[arg(long)]
    pub genome: String,
    /// The position file to score (docs/positions.md).
    pub input: PathBuf,
    /// The position file to write: the same rows and results, the new scores.
    #[arg(long)]
    pub out: PathBuf,
    /// Plies of the scoring search (default: every depth when --nodes bounds it).
    #[arg(long)]
    pub depth: Option<u32>,
    /// Nodes of the scoring search (the last whole iteration counts). Deterministic.
    #[arg(long)]
    pub nodes: Option<u64>,
}

#[derive(Args, Debug)]
pub struct LearnArgs {
    /// The game: one of those `weightforge games` lists with table families.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The genome file to write; beside it `<out>.curve.csv`, `.curve.png`, `.curve.svg`
    /// and the checkpoint `<out>.learn`.
    #[arg(long)]
    pub out: PathBuf,
    /// Training games: the run's length and its schedule's horizon (default 2,000,000,
    /// or with --time the games that fit).
    #[arg(long)]
    pub games: Option<u64>,
    /// Stop after this time (`90s`, `10m`, `1.5h`); without --games, the games that fit
    /// are chosen from a first batch's speed and printed (`--games N` re-makes the run).
    #[arg(long)]
    pub time: Option<String>,
    /// Table families, comma-separated (default: the game's families for learning, see
    /// `weightforge games`).
    #[arg(long, value_delimiter = ',')]
    pub families: Vec<String>,
    /// A table genome (without hand weights, e.g. one learn wrote) to continue from.
    #[arg(long)]
    pub start: Option<String>,
    /// The genome the curve and the gate measure against, whose search settings the
    /// learned genome takes (default: the game's built-in `tuned`, else its bench genome).
    #[arg(long)]
    pub reference: Option<String>,
    /// The run seed.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Step size per active tuple: one number, or `start,end` (linear over the games).
    #[arg(long, value_delimiter = ',', default_values_t = [weightforge::tunables::LEARN_ALPHA, weightforge::tunables::LEARN_ALPHA_FINAL])]
    pub alpha: Vec<f64>,
    /// Share of random moves: one number, or `start,end` (linear over the games).
    #[arg(long, value_delimiter = ',', default_values_t = [weightforge::tunables::LEARN_EPSILON, weightforge::tunables::LEARN_EPSILON_FINAL])]
    pub epsilon: Vec<f64>,
    /// λ of TD(λ): 0 learns from the next position only, 1 from the result only.
    #[arg(long, default_value_t = weightforge::tunables::LEARN_LAMBDA)]
    pub lambda: f64,
    /// Per-weight step sizes: `tcl` (temporal coherence) or `plain`.
    #[arg(long, default_value = "tcl")]
    pub step_size: String,
    /// Pairs against the reference at each curve point (0: no curve).
    #[arg(long, default_value_t = weightforge::tunables::LEARN_CURVE_PAIRS)]
    pub curve_pairs: u64,
    /// Both sides' nodes per move in the curve's and the gate's games.
    #[arg(long, default_value_t = weightforge::tunables::LEARN_CURVE_NODES)]
    pub curve_nodes: u64,
    /// Leave accuracy against the solved game out of the curve.
    #[arg(long)]
    pub no_accuracy: bool,
    /// Stop once this many curve points in a row fall short of the best Elo before them.
    #[arg(long)]
    pub plateau: Option<usize>,
    /// Most pairs of the gate against the reference at the end (0: no gate).
    #[arg(long, default_value_t = weightforge::tunables::LEARN_GATE_PAIRS)]
    pub gate_pairs: u64,
    /// Stop at the first batch end after this many games and keep the checkpoint: the
    /// schedule still runs over --games, and `--resume` with the same flags continues
    /// to the same genome.
    #[arg(long)]
    pub stop_at: Option<u64>,
    /// Continue from the checkpoint `<out>.learn` (the same flags give the same genome).
    #[arg(long)]
    pub resume: bool,
    /// No progress bar or curve lines.
    #[arg(long)]
    pub quiet: bool,
}

#[derive(Args, Debug)]
pub struct FitArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The hand genome (file or built-in name) the tables start from: its features are
    /// kept, the tables learn what they miss.
    #[arg(long)]
    pub genome: String,
    /// Position files (docs/positions.md), e.g. written by `weightforge datagen`.
    #[arg(long, required = true, num_args = 1..)]
    pub positions: Vec<PathBuf>,
    /// Table families, comma-separated (default: every family of the game but those
    /// `weightforge games` marks "only when named").
    #[arg(long, value_delimiter = ',')]
    pub families: Vec<String>,
    /// L2 strengths to try, comma-separated (logit units); the one with the lowest
    /// held-out loss is kept.
    #[arg(long, value_delimiter = ',', default_value = "1e-6,1e-5,1e-4,1e-3")]
    pub l2: Vec<f64>,
    /// Share of the positions held out (by a hash of their text).
    #[arg(long, default_value_t = weightforge::tunables::TABLE_FIT_HELD_OUT)]
    pub held_out: f64,
    /// Weight of the rows' search scores in the labels, 0 to 1 (0: the games' results
    /// only); scores become win chances at a scale fitted on the rows.
    #[arg(long, default_value_t = 0.0)]
    pub score_weight: f64,
    /// How the scores become win chances (with --score-weight): `fit`, at the scale for
    /// which they best predict the rows' results; `spread`, at one over the scores'
    /// spread (for a game whose results barely follow its scores, such as a mostly drawn
    /// one, where a fitted scale makes every label about ½); or a number, per score unit.
    #[arg(long, default_value = "fit")]
    pub score_scale: String,
    /// Which positions train a role's tables: `per-role`, those its own search met (a
    /// datagen row's role: the side to move), or `both`, every position for both roles
    /// (the result from each role's view): a role's evaluation then also learns the
    /// positions where the other side is to move, as a search's leaves have them. With
    /// --choices, `both` also fits each role on the positions the other side moves from
    /// (the other side's best move the role's worst), so that it knows the positions
    /// where it is to move: the leaves of a search of an even number of plies.
    #[arg(long, value_enum, default_value = "per-role")]
    pub rows: FitRowsArg,
    /// Adam steps per L2 strength.
    #[arg(long, default_value_t = weightforge::tunables::TABLE_FIT_STEPS)]
    pub steps: u32,
    /// Adam step size (logit units).
    #[arg(long, default_value_t = weightforge::tunables::TABLE_FIT_RATE)]
    pub rate: f64,
    /// The loss: mse or logloss.
    #[arg(long, default_value = "mse")]
    pub loss: String,
    /// Fit on move choices instead of positions' values (Wolves & Sheep): each position's
    /// moves, judged by the solved game, and the tables learn to rank the best first
    /// (docs/guide/tables.md)
    #[arg(long)]
    pub choices: bool,
    /// With --choices: the solution file (default: $WEIGHTFORGE_SOLUTION, else
    /// wolves_sheep.solved).
    #[arg(long, requires = "choices")]
    pub solution: Option<PathBuf>,
    /// With --choices: a move's label is the solved value with its distance at this
    /// half-life in plies (as `solve --half-life`), so a nearer win ranks first; one
    /// number for both roles, or one a role: `wolves=16,sheep=8`.
    #[arg(long, requires = "choices", default_value_t = weightforge::tunables::CHOICE_HALF_LIFE.to_string())]
    pub half_life: String,
    /// With --choices: the weight of the moves' order in the loss, 0 to 1; the rest is
    /// the moves' values, which keep the evaluation's level from one position to the
    /// next (a search compares leaves of different positions).
    #[arg(long, requires = "choices", default_value_t = weightforge::tunables::CHOICE_WEIGHT)]
    pub choice_weight: f64,
    /// The table genome to write.
    #[arg(long)]
    pub out: PathBuf,
    /// The held-out loss per L2 strength and role, as CSV (default: `<out>.l2.csv`).
    #[arg(long)]
    pub csv: Option<PathBuf>,
    /// The written genome's name (default: the file name).
    #[arg(long)]
    pub name: Option<String>,
}

#[derive(Args, Debug)]
pub struct CalibrateArgs {
    /// The game: one of those `weightforge games` lists.
    #[arg(long, value_parser = GameArg)]
    pub game: GameId,
    /// The player: a genome file or a built-in genome name.
    #[arg(long)]
    pub genome: String,
    /// The move time to match, in milliseconds.
    #[arg(long)]
    pub move_time: u64,
}
