//! Every fixed number of the search, the matches and the tuner in one place, with a
//! glossary.
//!
//! Numbers a user may want to change per run live in experiment and genome files; the
//! ones here are the defaults and the search's internal scales. "Engine" always means an
//! outside program playing through the engine protocol (src/engine/).
//!
//! Glossary:
//! * **ply**: one move of one side.
//! * **score**: a search value in integer points, from the side to move's view.
//! * **EVAL_SCALE**: evaluation points per unit of `weight × feature`.
//! * **TT**: the transposition table, `2^tt_bits` entries.
//! * **opening**: the start of a game played by random legal moves, shared by both games
//!   of a pair.
//! * **pair**: two games from one opening with the roles swapped.
//! * **target budget**: the search budget (nodes or depth per move) a run's weights will
//!   play at; selection, validation and the gate are measured there.
//! * **gate**: the SPRT of a run's best genome against its start at the target budget.
//! * **score scale**: the logistic scale that turns a row's search score into a win
//!   chance, fitted per role on the rows' own (score, result) pairs, or one over the
//!   scores' spread (`--score-scale spread`).

/// Search score type.
pub type Score = i32;

/// A win at the root; a win `n` plies away scores `WIN_SCORE - n`.
pub const WIN_SCORE: Score = 1_000_000_000;

/// Scores beyond this are wins or losses, not evaluations.
pub const WIN_THRESHOLD: Score = WIN_SCORE - 10_000;

/// Evaluations are clamped to ±EVAL_LIMIT, far below any win.
pub const EVAL_LIMIT: Score = 500_000_000;

/// `Σ weight × feature` is multiplied by this and rounded to an integer score, so that
/// fractional weights keep their resolution.
pub const EVAL_SCALE: f64 = 100.0;

/// A table weight is held as an integer number of `1 / TABLE_QUANTUM` score points, so
/// that the search's incremental sum of table entries equals the from-scratch sum
/// exactly, whatever the order of the updates.
pub const TABLE_QUANTUM: f64 = 256.0;

/// A table fit warns when its score scale times the scores' spread is below this: the
/// labels of scores a spread apart then differ by under a fortieth (every label about
/// ½), as when a mostly drawn game's results set the scale.
pub const SCORE_SCALE_FLAT: f64 = 0.1;

/// The largest table weight a genome may hold, in absolute value (its quantised value
/// stays far inside an `i32`).
pub const MAX_TABLE_WEIGHT: f64 = 10_000.0;

/// A table fit (`weightforge fit`, an experiment's `tables:`): the L2 strengths tried
/// (the one with the lowest held-out loss is kept).
pub const TABLE_FIT_L2: [f64; 4] = [1e-6, 1e-5, 1e-4, 1e-3];

/// A table fit: the share of the positions held out to choose the L2 strength.
pub const TABLE_FIT_HELD_OUT: f64 = 0.1;

/// A table fit: Adam steps per L2 strength.
pub const TABLE_FIT_STEPS: u32 = 200;

/// A table fit: Adam's step size, in logit units.
pub const TABLE_FIT_RATE: f64 = 0.02;

/// A move-choice fit (`weightforge fit --choices`): the temperature, in label units, of
/// the target share of each move: a move whose label is `d` below the best move's gets
/// `exp(−d / CHOICE_TEMPERATURE)` of the best's share (a win two plies slower than the
/// best, at half-life 16 and 20 plies from the end, about a fifth; a draw beside a win,
/// none).
pub const CHOICE_TEMPERATURE: f64 = 0.01;

/// A move-choice fit: positions whose moves' labels differ by less than this (every
/// move as good as the best) teach nothing and are left out.
pub const CHOICE_MIN_SPREAD: f64 = 1e-6;

/// A move-choice fit: the half-life, in plies, of a move's label (a win in n plies
/// ½ + ½·2^(−n/h)), so a nearer win ranks above a farther one.
pub const CHOICE_HALF_LIFE: f64 = 16.0;

/// A move-choice fit: the weight of the moves' order (their cross-entropy) in the loss;
/// the rest is the moves' values (their squared error), which keep the evaluation's
/// level from one position to the next, as a search that compares leaves of different
/// positions needs.
pub const CHOICE_WEIGHT: f64 = 0.5;

/// The deepest search weightforge allows (also the size of its per-ply stacks).
pub const MAX_DEPTH: u32 = 64;

/// The most plies of tactical moves a quiescence search adds beyond the depth (also part
/// of the size of the search's per-ply stacks).
pub const MAX_QUIESCENCE: u32 = 8;

/// Default transposition table size in bits (`2^bits` entries).
pub const DEFAULT_TT_BITS: u8 = 16;

/// Largest transposition table a genome may ask for.
pub const MAX_TT_BITS: u8 = 26;

/// Log2 of the evaluation cache's entries (16 bytes each; one cache per searcher).
pub const EVAL_CACHE_BITS: u32 = 14;

/// Entries in the history table per role (move keys are taken modulo this).
pub const HISTORY_SIZE: usize = 1 << 14;

/// CPU seconds `weightforge bench` repeats a game's search positions for (at least one
/// round), so that a short tree still gives a steady nodes-per-second figure.
pub const BENCH_SEARCH_SECONDS: f64 = 1.0;

/// Nodes between two checks of the clock when a deadline is set.
pub const CLOCK_CHECK_NODES: u64 = 1024;

/// Default number of random plies that open a game of a match.
pub const DEFAULT_OPENING_PLIES: u32 = 4;

/// Attempts to find an opening that does not end the game before giving up.
pub const OPENING_ATTEMPTS: u32 = 100;

/// z for a two-sided 95 % interval.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Vampires vs Werewolves client: the server's default time to answer an `UPD` (the
/// course's tournament rule; the kit's server is configured with 5 s).
pub const VVW_MOVE_TIME_SECS: f64 = 2.0;

/// Vampires vs Werewolves client: share of the move time given to the search. The rest
/// covers the clock checks' granularity, the network and a loaded machine.
pub const VVW_SEARCH_SHARE: f64 = 0.5;

/// Vampires vs Werewolves client: share of the move time after which a search that has
/// not answered is given up and a one-ply search decides instead.
pub const VVW_WAIT_SHARE: f64 = 0.7;

/// Vampires vs Werewolves client: deadline of that one-ply search, as a share of the
/// move time.
pub const VVW_QUICK_SHARE: f64 = 0.85;

/// Vampires vs Werewolves client: table size of the one-ply searcher (bits).
pub const VVW_QUICK_TT_BITS: u8 = 8;

/// Vampires vs Werewolves client: seconds to wait for the TCP connection.
pub const VVW_CONNECT_TIMEOUT_SECS: f64 = 10.0;

/// `vvw arena`: how often (milliseconds) the arena looks for a client's connection and
/// for its exit.
pub const VVW_ARENA_POLL_MS: u64 = 5;

/// `vvw arena`: seconds a client has to exit after `BYE` before it is killed.
pub const VVW_ARENA_EXIT_GRACE_SECS: f64 = 1.0;

/// `vvw arena`: default seconds between setup and the first `UPD` (the official server
/// waits 5 s; a client needs only the time to read the map).
pub const VVW_ARENA_WELCOME_PAUSE_SECS: f64 = 0.5;

/// Vampires vs Werewolves features `humans_race` and `hunt_diff`: a prize `d` plies away
/// counts `VVW_RACE_DISCOUNT^d` of its size.
pub const VVW_RACE_DISCOUNT: f64 = 0.9;

/// Vampires vs Werewolves feature `count_lead`: its slope at an even count, per unit of
/// the lead's share of all monsters (`tanh(VVW_LEAD_SLOPE × lead / total)`).
pub const VVW_LEAD_SLOPE: f32 = 4.0;

// ---- SPRT, game records and the run page (issue 16) ----

/// SPRT: a pair count of zero is replaced by this, as fishtest does, so the
/// maximum-likelihood distributions exist.
pub const SPRT_ZERO_COUNT: f64 = 1e-3;

/// SPRT: bisection steps solving the secular equation (each halves the interval).
pub const SPRT_SECULAR_STEPS: u32 = 200;

/// SPRT: pairs played between two looks at the test. The test is decided only at these
/// boundaries, so a run stops at the same pair whatever the thread count.
pub const SPRT_BATCH_PAIRS: u64 = 20;

/// Gate (experiment `gate:`): normalised Elo of the best genome over the start under H0.
pub const GATE_ELO0: f64 = 0.0;

/// Gate: normalised Elo under H1 (a real gain at the target budget, found in a few
/// hundred pairs when it is there).
pub const GATE_ELO1: f64 = 10.0;

/// Gate: false positive rate.
pub const GATE_ALPHA: f64 = 0.05;

/// Gate: false negative rate.
pub const GATE_BETA: f64 = 0.05;

/// Gate: pairs played at most before the gate says "not proven".
pub const GATE_MAX_PAIRS: u32 = 200;

/// Run page: seconds between reloads while the run goes on.
pub const PAGE_REFRESH_SECS: u32 = 15;

// ---- Processes under mpirun (src/dist/mpi, feature `mpi`) ----

/// MPI: microseconds a process's message thread sleeps when no message is waiting (it
/// polls, so that every wait has a time limit).
pub const MPI_POLL_MICROS: u64 = 200;

/// MPI: a worker tells rank 0 it is alive this often (milliseconds).
pub const MPI_HEARTBEAT_MS: u64 = 1_000;

/// MPI: rank 0 stops the run when a worker has sent nothing (not even a heartbeat) for
/// this long during a batch (seconds): it died or hangs.
pub const MPI_SILENCE_SECS: u64 = 60;

/// MPI: a worker gives up when rank 0 has sent nothing for this long (seconds). Rank 0
/// is silent between batches while it writes reports; an hour is far beyond that.
pub const MPI_WAIT_SECS: u64 = 3_600;

/// MPI: units a worker asks for beyond one per thread, so that a thread finishing a
/// unit finds the next one waiting instead of waiting for a message round trip.
pub const MPI_PREFETCH_UNITS: usize = 1;

// ---- Staged tuning and the Elo-against-budget chart (src/tune/promote.rs, budgets.rs) ----

/// Staged tuning: generations between promotions (`stages.every`).
pub const STAGE_EVERY: u32 = 5;

/// Staged tuning: the means of this many recent generations enter a promotion
/// (`stages.keep`).
pub const STAGE_KEEP: u32 = 4;

/// Staged tuning: halving rounds of a promotion (`stages.rounds`); 4 candidates need 2.
pub const STAGE_ROUNDS: u32 = 2;

/// Staged tuning: pairs per candidate and opponent in a promotion's first round
/// (`stages.pairs`); each later round doubles them.
pub const STAGE_PAIRS: u32 = 4;

/// Elo-against-budget chart: pairs per reference and budget (`validation.budget_pairs`).
pub const BUDGET_CHART_PAIRS: u32 = 20;

/// Elo-against-budget chart: when training searches to a depth and the target is a node
/// budget, the budget between them is the target's nodes divided by this.
pub const BUDGET_CHART_NODE_DIVISOR: u64 = 10;

// ---- Texel tuning (src/fit, src/tune/texel.rs) ----

/// Texel: plies after the opening whose positions are not kept (the first moves of the
/// players still carry the random opening's imbalance).
pub const TEXEL_SKIP_PLIES: u32 = 2;

/// Texel: the range of K × (spread of the evaluation) searched for the logistic scale.
pub const TEXEL_K_RANGE: (f64, f64) = (0.01, 20.0);

/// Texel: golden-section iterations of the K search (each shrinks the range by 0.618).
pub const TEXEL_K_ITERATIONS: u32 = 40;

/// Texel: transposition-table size (log2 entries) of the labelling search, one table
/// per role and played pair, reused across its positions.
pub const TEXEL_LABEL_TT_BITS: u8 = 16;

/// Texel: random legal plies of a detour (`label: Search(.., detours: N)`): two keep
/// the side to move, so a detour is what a two-ply search looks at.
pub const TEXEL_DETOUR_PLIES: u32 = 2;

/// Texel: Adam's first-moment decay.
pub const TEXEL_ADAM_BETA1: f64 = 0.9;

/// Texel: Adam's second-moment decay.
pub const TEXEL_ADAM_BETA2: f64 = 0.999;

/// Texel: fits per generation while the fit ends with a weight at one of its bounds
/// (an engine's declared ranges): each halves the weights, doubles K and refits the
/// weights (5 doublings: K up to 32 times the first fit's).
pub const TEXEL_BOUND_ROUNDS: u32 = 6;

/// Texel: Adam's denominator guard.
pub const TEXEL_ADAM_EPS: f64 = 1e-8;
// --- Engine protocol (outside players) ---

/// Engine protocol: time per move sent with `go movetime` when the player's spelling
/// names none (milliseconds).
pub const ENGINE_MOVE_TIME_MS: u64 = 2_000;

/// Engine protocol: a move may arrive this long after its `movetime` (pipe, process
/// scheduling, an interpreter's start) before it loses on time (milliseconds).
pub const ENGINE_TIME_MARGIN_MS: u64 = 500;

/// Engine protocol: time for the handshake (`weightforge 1` to `ready`), which includes
/// the process's start (milliseconds).
pub const ENGINE_START_MS: u64 = 10_000;

/// Engine protocol: time a write to an engine may take (an engine that does not read
/// its input would block it forever once the pipe is full) (milliseconds).
pub const ENGINE_WRITE_MS: u64 = 5_000;

/// Training: a generation in which more than this share of the games were lost by a
/// fault (crash, time, protocol) stops the run with an error.
pub const FAULT_SHARE_STOP: f64 = 0.25;

/// Engine protocol: time an engine has to exit by itself after `quit` before its
/// process group is killed (milliseconds).
pub const ENGINE_QUIT_GRACE_MS: u64 = 200;

/// Engine protocol: after a failed handshake, time to wait for the rest of the engine's
/// standard error (an engine that exited may still have bytes in the pipe)
/// (milliseconds).
pub const ENGINE_STDERR_WAIT_MS: u64 = 200;

/// Tuning an engine's constants: a declared range `min..max` spans this many units of
/// the search space (so a step of σ = 0.3 moves a constant by 7.5 % of its range).
pub const ENGINE_RANGE_UNITS: f64 = 4.0;

/// Datagen: games per checkpoint (`<out>.partial` is rewritten after each such chunk of
/// finished games; a chunk's games are handed out longest first like any batch).
pub const DATAGEN_CHUNK_GAMES: usize = 16;

/// Datagen: at most this many seconds between two progress lines when standard error is
/// not a terminal.
pub const DATAGEN_PROGRESS_SECS: u64 = 30;

/// Calibrate: searches per thread, from the game's bench positions in turn.
pub const CALIBRATE_SEARCHES: usize = 12;

/// Datagen: plies of each game (after the opening's random plies) not kept, by default.
pub const DATAGEN_SKIP_PLIES: u32 = 2;

/// Datagen with a soft node limit (`datagen.soft`, `datagen --soft`): the hard cap of a
/// search is this many times the soft limit (an iteration that reaches it stops, and
/// the last whole iteration counts).
pub const DATAGEN_SOFT_HARD_FACTOR: u64 = 4;
/// Progress without a terminal (a run writing to a log): seconds between the progress
/// lines `evolve` prints on standard error while games are played.
pub const LOG_PROGRESS_SECS: u64 = 30;
/// Writing to a named pipe in place (`--record pipe`): how long weightforge waits for a
/// program to open it for reading before it says that none does (milliseconds).
pub const FIFO_READER_WAIT_MS: u64 = 5_000;

/// Engine `eval` probing: time per `score` answer (milliseconds); the answers to the
/// `eval`s sent at once share one deadline, this many times their number, counted in
/// wall time from the moment they are sent (`info` lines do not extend it).
pub const ENGINE_EVAL_MS: u64 = 2_000;

/// Engine `eval` probing: random constant vectors per position on which the evaluation
/// must equal base + Σ constant × term (the linearity check).
pub const ENGINE_PROBE_CHECKS: usize = 1;

/// Engine `eval` probing: the linearity check's tolerance, relative to the size of the
/// part of the evaluation the constants move (Σ |constant × term|, at least 1; the base
/// is left out, so a constant offset does not widen it): engines print scores with a
/// few significant digits.
pub const ENGINE_PROBE_TOLERANCE: f64 = 1e-3;

/// Accuracy (`weightforge accuracy`): games played to make Wolves & Sheep's fixed
/// sample of positions (`weightforge accuracy --make-sample`), each seat of each pairing of
/// [`ACCURACY_SAMPLE_PLAYERS`] in turn.
pub const ACCURACY_SAMPLE_GAMES: u64 = 400;

/// Accuracy: the players whose games make the sample (built-in genomes, at their own
/// course depths).
pub const ACCURACY_SAMPLE_PLAYERS: [&str; 2] = ["luo2023", "li2023"];

/// Accuracy: random plies that open each sample game, so that the games differ.
pub const ACCURACY_OPENING_PLIES: u32 = 6;

/// Accuracy: the mistakes listed, worst first.
pub const ACCURACY_WORST: usize = 10;

/// Connect Four's solver (src/games/connect_four/solver/): log2 of the table slots of
/// each solver an oracle keeps (`--tt-bits`; 8 bytes a slot and 1 a bucket of two:
/// 2^24 is 136 MB): `perfect`, `accuracy`, `solve --probe` and exact labels.
pub const C4_ORACLE_TT_BITS: u8 = 24;

/// Connect Four's solver: log2 of the table slots of each thread of a book build.
pub const C4_BUILD_TT_BITS: u8 = 24;

/// Connect Four's solver: the book's plies when `--book` gives none.
pub const C4_BOOK_PLIES: u32 = 8;

/// Connect Four's solver: the largest `--tt-bits` (2^30 slots: 9 GB).
pub const C4_MAX_TT_BITS: u8 = 30;

/// The genome the Wolves & Sheep perfect player asks among moves of equal value when
/// none is named (`perfect:<genome>` names one).
pub const PERFECT_TIE_BREAK: &str = "luo2023";

/// Connect Four's solver: the exact scores an oracle keeps of the positions it searched
/// (16 bytes each with the map's overhead: 64 MB at most), so that a match's perfect
/// player solves each early position once.
pub const C4_ORACLE_REMEMBERED: usize = 4_000_000;

/// Connect Four's accuracy sample: games of `course` against `tuned`, each seating in
/// turn. Fewer than Wolves & Sheep's: each position's seven moves are solved by search.
pub const C4_ACCURACY_SAMPLE_GAMES: u64 = 100;

/// Connect Four's accuracy sample: random plies that open each game. Eight, so that the
/// games differ (both players search deterministically) and the positions solve in
/// seconds without a deep book: the sample starts at move 9.
pub const C4_ACCURACY_OPENING_PLIES: u32 = 8;

/// Connect Four's `ntuples` family: the random walks drawn (each also taken mirrored,
/// so the family has twice as many tuples, tied in pairs).
pub const C4_NTUPLE_WALKS: usize = 35;

/// Connect Four's `ntuples` family: the cells of each walk (four contents a cell: a
/// tuple's table has 4^cells entries).
pub const C4_NTUPLE_CELLS: usize = 7;

/// Connect Four's `ntuples` family: the seed its walks are drawn from (fixed: a genome's
/// entries name the walks' cells, so every build must draw the same ones).
pub const C4_NTUPLE_SEED: u64 = 0x4e54_7570_6c65;

/// Self-play learning (`weightforge learn`): the step size at the start, per active
/// tuple (each weight moves by `LEARN_ALPHA / tuples × error`).
pub const LEARN_ALPHA: f64 = 1.0;

/// Self-play learning: the step size at the schedule's horizon (linear between).
pub const LEARN_ALPHA_FINAL: f64 = 0.2;

/// Self-play learning: λ of TD(λ), how far back a value's error reaches.
pub const LEARN_LAMBDA: f64 = 0.5;

/// Self-play learning: the share of random moves at the start (ε-greedy exploration).
pub const LEARN_EPSILON: f64 = 0.1;

/// Self-play learning: the share of random moves at the schedule's horizon. Falling to
/// 0 over 8 M Connect Four games beat a constant 0.1 (+259.3 against +194.6 against
/// `course` at one ply), though a constant 0.1 led at 2 M games
/// (docs/results/learned_connect_four.md).
pub const LEARN_EPSILON_FINAL: f64 = 0.0;

/// Self-play learning: the games over which step size and exploration fall, when the
/// run is stopped by time only (with `--games`, its games).
pub const LEARN_HORIZON_GAMES: u64 = 2_000_000;

/// Self-play learning: games played against frozen weights before their updates are
/// merged (in game order, so the result does not depend on the thread count). It
/// divides the curve's points (1,000, 2,000, 5,000, …), which fall on batch ends.
pub const LEARN_BATCH_GAMES: u64 = 250;

/// Self-play learning: seconds between checkpoints (saved between batches: where they
/// fall does not change the result).
pub const LEARN_CHECKPOINT_SECONDS: u64 = 30;

/// Self-play learning: the learning curve's first point, in games; the next ones at
/// 2×, 5×, 10×, … (even steps on a log scale).
pub const LEARN_CURVE_FIRST: u64 = 1_000;

/// Self-play learning: pairs the curve plays against the reference at each point.
pub const LEARN_CURVE_PAIRS: u64 = 50;

/// Self-play learning: the node budget of the curve's and the gate's games (both sides).
pub const LEARN_CURVE_NODES: u64 = 2_000;

/// Self-play learning: random plies opening the curve's games (openings no training
/// game is seeded from: the curve's seeds are its own).
pub const LEARN_CURVE_OPENING_PLIES: u32 = 4;

/// Self-play learning: the most pairs of the gate against the reference at the end.
pub const LEARN_GATE_PAIRS: u64 = 200;

/// Self-play learning: the gate's SPRT, H1 (H0 is 0 Elo).
pub const LEARN_GATE_ELO1: f64 = 20.0;
