//! Limits: every count, size and number a user can give (experiment fields, command-line
//! flags, name lengths), with its bound and the reason for it, in one place. Each is
//! checked when the experiment or the flags are resolved, before anything is allocated
//! or played, so a typo such as `lambda: 4000000000` is an error naming the field, the
//! value, the bound and why, never an allocation failure or a run that never ends.
//! `docs/limits.md` is the table of [`ALL`]; a test keeps the two in step.

use crate::tunables::{MAX_DEPTH, MAX_QUIESCENCE, MAX_TT_BITS};

/// A bound on a whole number.
#[derive(Clone, Copy, Debug)]
pub struct Count {
    /// Where it is given (experiment field or flag), as the table names it.
    pub name: &'static str,
    /// Smallest allowed value.
    pub min: u64,
    /// Largest allowed value.
    pub max: u64,
    /// Why the bound is there.
    pub why: &'static str,
}

/// A bound on a number with a fraction: finite, and in `min..=max`.
#[derive(Clone, Copy, Debug)]
pub struct Real {
    /// Where it is given.
    pub name: &'static str,
    /// Smallest allowed value.
    pub min: f64,
    /// Largest allowed value.
    pub max: f64,
    /// Whether `min` itself is allowed.
    pub min_allowed: bool,
    /// Why the bound is there.
    pub why: &'static str,
}

/// A value out of its bounds: the field, the value, the bound and why.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[error("{value} is out of range: {bound} ({why})")]
pub struct OutOfRange {
    /// The value as given.
    pub value: String,
    /// The bound, in words.
    pub bound: String,
    /// Why the bound is there.
    pub why: &'static str,
}

impl Count {
    /// Checks `v`.
    pub fn check(&self, v: u64) -> Result<(), OutOfRange> {
        if (self.min..=self.max).contains(&v) {
            return Ok(());
        }
        Err(OutOfRange {
            value: v.to_string(),
            bound: format!("expected {} to {}", self.min, self.max),
            why: self.why,
        })
    }
}

impl Real {
    /// Checks `v`: finite and within bounds.
    pub fn check(&self, v: f64) -> Result<(), OutOfRange> {
        let low_ok = v > self.min || (self.min_allowed && v == self.min);
        if v.is_finite() && low_ok && v <= self.max {
            return Ok(());
        }
        let from = if self.min_allowed { "from" } else { "above" };
        Err(OutOfRange {
            value: short(v),
            bound: format!(
                "expected a finite number {from} {} up to {}",
                self.min, self.max
            ),
            why: self.why,
        })
    }
}

impl Real {
    /// Reads `text` as a number and checks it: the one way a number from outside (an
    /// engine's line, a file, a flag) becomes an `f64`.
    pub fn parse(&self, text: &str) -> Result<f64, OutOfRange> {
        let v = text.trim().parse::<f64>().map_err(|_| OutOfRange {
            value: format!("{text:?}"),
            bound: "expected a number".into(),
            why: self.why,
        })?;
        self.check(v).map(|()| v)
    }
}

/// `v` as a person reads it: 1e308, not 309 digits.
pub fn short(v: f64) -> String {
    let a = v.abs();
    if a.is_finite() && a != 0.0 && !(1e-6..1e9).contains(&a) {
        format!("{v:e}")
    } else {
        v.to_string()
    }
}

const BUDGET: &str = "larger runs would not finish in a useful time; the games of a phase \
                      are listed in memory before they are played";

/// Candidates per generation: ES and CMA-ES λ, SPSA 2 × perturbations.
pub const CANDIDATES: Count = Count {
    name: "algorithm.lambda, 2 × algorithm.perturbations",
    min: 1,
    max: 10_000,
    why: "each candidate holds a weight vector and plays its games every generation",
};
/// Generations of a run.
pub const GENERATIONS: Count = Count {
    name: "generations",
    min: 1,
    max: 100_000,
    why: "the log, the charts and the checkpoint keep one row per generation",
};
/// `max_games`: the training game budget.
pub const MAX_GAMES: Count = Count {
    name: "max_games",
    min: 1,
    max: 1_000_000_000_000,
    why: "a trillion games is years of computing",
};
/// Game pairs per candidate and opponent (`pairs_per_opponent`, `opponents[i].pairs`).
pub const PAIRS: Count = Count {
    name: "pairs_per_opponent, opponents[i].pairs",
    min: 1,
    max: 100_000,
    why: "zero games measure nothing; more than this per candidate is never needed",
};
/// Pairs of the final selection and validation.
pub const VALIDATION_PAIRS: Count = Count {
    name: "validation.pairs, validation.selection_pairs",
    min: 1,
    max: 1_000_000,
    why: BUDGET,
};
/// Finalists re-measured at the end.
pub const FINALISTS: Count = Count {
    name: "validation.finalists",
    min: 1,
    max: 1_000,
    why: "each finalist plays every opponent again",
};
/// Hall of fame size.
pub const HALL_OF_FAME: Count = Count {
    name: "hall_of_fame",
    min: 0,
    max: 1_000,
    why: "every candidate plays every member each generation",
};
/// Reference opponents.
pub const OPPONENTS: Count = Count {
    name: "opponents (count)",
    min: 1,
    max: 64,
    why: "every candidate plays every opponent each generation",
};
/// Games one phase (a training generation, the selection, the validation) plays.
pub const PHASE_GAMES: Count = Count {
    name: "games per generation / selection / validation",
    min: 1,
    max: 10_000_000,
    why: BUDGET,
};
/// Generations between promotions of a staged run.
pub const STAGE_EVERY: Count = Count {
    name: "stages.every",
    min: 1,
    max: 100_000,
    why: "a promotion at most once a generation; more than the run's generations is one at the end",
};
/// Candidates entering a promotion.
pub const STAGE_KEEP: Count = Count {
    name: "stages.keep",
    min: 1,
    max: 1_000,
    why: "each candidate plays every opponent at the target budget",
};
/// Halving rounds of a promotion.
pub const STAGE_ROUNDS: Count = Count {
    name: "stages.rounds",
    min: 1,
    max: 20,
    why: "each round doubles the pairs: 2^20 times the first round's games would take days",
};
/// Pairs per candidate (or budget) and opponent of a promotion's first round and of
/// the Elo-against-budget chart.
pub const STAGE_PAIRS: Count = Count {
    name: "stages.pairs, validation.budget_pairs",
    min: 1,
    max: 100_000,
    why: "zero games measure nothing; more than this per candidate is never needed",
};
/// Budgets of the Elo-against-budget chart.
pub const BUDGETS: Count = Count {
    name: "validation.budgets (count)",
    min: 1,
    max: 32,
    why: "each budget is a match against every reference",
};
/// Ply cap of a game (experiment `ply_cap`, `--ply-cap`).
pub const PLY_CAP: Count = Count {
    name: "ply_cap, --ply-cap",
    min: 1,
    max: 100_000,
    why: "no game of these rules needs more; games are kept ply by ply",
};
/// Random opening plies (experiment `openings.plies`, `--opening-plies`).
pub const OPENING_PLIES: Count = Count {
    name: "openings.plies, --opening-plies",
    min: 0,
    max: 1_000,
    why: "longer random openings end the game before the players take over",
};
/// Search depth (experiment `opponents[i].depth`, genome `search.depth`, `--depth`,
/// `bench --depths`).
pub const DEPTH: Count = Count {
    name: "opponents[i].depth, search.depth, --depth, --depths",
    min: 1,
    max: MAX_DEPTH as u64,
    why: "the search keeps per-ply tables of this size",
};
/// Quiescence plies past the depth (genome `search.quiescence`).
pub const QUIESCENCE: Count = Count {
    name: "search.quiescence",
    min: 0,
    max: MAX_QUIESCENCE as u64,
    why: "the search keeps per-ply tables for the depth and these plies",
};
/// Transposition table size, as a power of two (genome `search.tt_bits`).
pub const TT_BITS: Count = Count {
    name: "search.tt_bits",
    min: 0,
    max: MAX_TT_BITS as u64,
    why: "every player allocates its own table of 2^tt_bits entries",
};
/// Node budget per move (experiment `nodes`, `opponents[i].nodes`, genome
/// `search.nodes`, `match --nodes`).
pub const NODES: Count = Count {
    name: "nodes, opponents[i].nodes, search.nodes, --nodes",
    min: 1,
    max: 1_000_000_000_000,
    why: "a trillion nodes is hours per move",
};
/// Milliseconds per move of `match --move-time` and `tournament --move-time`.
pub const MOVE_TIME_MS: Count = Count {
    name: "match --move-time, tournament --move-time (ms)",
    min: 1,
    max: 3_600_000,
    why: "an hour per move is a typo; zero leaves no time to search one ply",
};
/// Plies of a Vampires vs Werewolves game on our server (`vvw server --max-plays`,
/// `vvw arena --max-plays`).
pub const MAX_PLAYS: Count = Count {
    name: "vvw server --max-plays, vvw arena --max-plays",
    min: 2,
    max: 100_000,
    why: "each player needs a ply; a longer game is a typo that would run for days",
};
/// `perft --depth`.
pub const PERFT_DEPTH: Count = Count {
    name: "perft --depth",
    min: 0,
    max: 16,
    why: "the tree grows exponentially: deeper counts take years",
};
/// Games of `match` and `tournament` (`--games`).
pub const GAMES: Count = Count {
    name: "--games",
    min: 1,
    max: 10_000_000,
    why: BUDGET,
};
/// Worker threads (`--threads`).
pub const THREADS: Count = Count {
    name: "--threads",
    min: 1,
    max: 1_024,
    why: "each thread has its own stack and search tables; more than the cores only slows down",
};
/// Length of a run name (it becomes a folder and a file name).
pub const NAME_LEN: Count = Count {
    name: "name (characters)",
    min: 1,
    max: 100,
    why: "it becomes a folder and file name, and file systems limit those to 255 bytes",
};
/// Length of a list in an experiment (`tune_roles`, `frozen_features`, `openings.starts`).
pub const LIST_LEN: Count = Count {
    name: "tune_roles, frozen_features, openings.starts (entries)",
    min: 0,
    max: 10_000,
    why: "more entries than any game has features or starts",
};
/// Length of one line of a position file (docs/positions.md), in bytes.
pub const POSITION_LINE: Count = Count {
    name: "position file line (bytes)",
    min: 1,
    max: 4_096,
    why: "the longest position notation is under 200 bytes; a longer line is not a position",
};
/// Plies around each recorded position (`replay --positions --around`).
pub const AROUND_PLIES: Count = Count {
    name: "replay --around",
    min: 0,
    max: 6,
    why: "the positions grow with the moves to the power of the plies: six plies of \
          Wolves & Sheep are already millions",
};
/// Positions `replay --positions --around` writes.
pub const AROUND_ROWS: Count = Count {
    name: "replay --around (positions written)",
    min: 0,
    max: 20_000_000,
    why: "every distinct position is held in memory until the file is written",
};
/// Games of a datagen run (`datagen.games`, `datagen --games`).
pub const DATAGEN_GAMES: Count = Count {
    name: "datagen.games, datagen --games",
    min: 1,
    max: 10_000_000,
    why: "the kept positions of every game are held in memory until the file is written",
};
/// Plies of each datagen game not kept (`datagen.skip_plies`).
pub const SKIP_PLIES: Count = Count {
    name: "datagen.skip_plies",
    min: 0,
    max: 100_000,
    why: "no game of these rules is longer; more skips every position",
};
/// Step sizes and learning rates (σ, c_end, r_end), in normalised units.
pub const STEP: Real = Real {
    name: "algorithm.sigma, algorithm.c_end, algorithm.r_end",
    min: 0.0,
    max: 1.0e6,
    min_allowed: false,
    why: "weights are normalised to about 1; larger steps overflow the weights",
};
/// SPSA decay exponents α and γ.
pub const EXPONENT: Real = Real {
    name: "algorithm.alpha, algorithm.gamma",
    min: 0.0,
    max: 10.0,
    min_allowed: false,
    why: "a decay exponent above 10 makes the step vanish after one iteration",
};
/// An opponent's weight in the fitness.
pub const OPPONENT_WEIGHT: Real = Real {
    name: "opponents[i].weight",
    min: 0.0,
    max: 1.0e6,
    min_allowed: true,
    why: "a weight multiplies a score in [0, 1]; NaN or infinity would make every fitness NaN",
};

/// Seconds of a time limit (`vvw` `--move-time`, `--welcome-pause`, ...).
pub const SECONDS: Real = Real {
    name: "vvw --move-time, --welcome-pause, --end-pause, --setup-timeout, --idle-timeout, \
           --connect-timeout",
    min: 0.0,
    max: 1.0e6,
    min_allowed: true,
    why: "a time limit of more than 11 days is a typo, and cannot be held as a duration",
};

/// Texel's optimiser steps per generation.
pub const TEXEL_STEPS: Count = Count {
    name: "algorithm.steps (Texel)",
    min: 1,
    max: 100_000,
    why: "each step is a pass over every kept position; a fit converges in a few hundred",
};

/// Texel's pull toward the start weights.
pub const TEXEL_L2: Real = Real {
    name: "algorithm.l2 (Texel)",
    min: 0.0,
    max: 1.0e6,
    min_allowed: true,
    why: "a larger pull keeps the start weights whatever the positions say",
};

/// How far a Texel generation moves toward its fit.
pub const TEXEL_BLEND: Real = Real {
    name: "algorithm.blend (Texel)",
    min: 0.0,
    max: 1.0,
    min_allowed: false,
    why: "0 would never move; above 1 would overshoot the fit",
};

/// A point of the line search by games, in steps of the run's direction.
pub const LINE_POINT: Real = Real {
    name: "validation.line",
    min: 0.0,
    max: 4.0,
    min_allowed: true,
    why:
        "0 is the start, 1 the run's result; further than 4 steps is past anything the run measured",
};

/// Plies of Texel's labelling search.
pub const TEXEL_LABEL_DEPTH: Count = Count {
    name: "algorithm.label.depth (Texel)",
    min: 1,
    max: MAX_DEPTH as u64,
    why: "the search keeps per-ply stacks for at most this many plies",
};

/// Texel's detours per kept position.
pub const TEXEL_DETOURS: Count = Count {
    name: "algorithm.label.detours (Texel)",
    min: 0,
    max: 100,
    why: "each detour is one more searched row per kept position; a few cover a position's neighbourhood",
};

/// The search's share of Texel's labels.
pub const TEXEL_LABEL_WEIGHT: Real = Real {
    name: "algorithm.label.weight (Texel)",
    min: 0.0,
    max: 1.0,
    min_allowed: true,
    why: "a label is a blend of the result and the search's win chance",
};

/// Every number that comes from an engine or goes to one: a `weight` line's default,
/// min and max, a `set` value, a `score`, a constants file's value. One bound for all,
/// so that whatever a fit multiplies or adds stays finite (in f32 too).
pub const ENGINE_NUMBER: Real = Real {
    name: "engine numbers: weight default, min and max, set, score, constants file values",
    min: -1.0e12,
    max: 1.0e12,
    min_allowed: true,
    why: "a product of two of them must stay finite in f32 (3.4e38), where the fit keeps \
          its rows; no evaluation needs more than 12 digits",
};

/// A genome file's hand weight (`weights.<role>.<feature>`).
pub const GENOME_WEIGHT: Real = Real {
    name: "genome weights.<role>.<feature>",
    min: -1.0e9,
    max: 1.0e9,
    min_allowed: true,
    why: "the largest committed weight is 20,000; past 1e9 a weight saturates every \
          evaluation (clamped at ±5e8 points), and 1e308 turned evaluations into inf and NaN",
};

/// The width (max − min) of a range an engine declares with `weight <name> <d> <min> <max>`.
pub const ENGINE_RANGE: Real = Real {
    name: "engine weight range (max − min)",
    min: 1.0e-6,
    max: 2.0e12,
    min_allowed: true,
    why: "the tuner steps in units of the range: a narrower one (`0 0 5e-324`) divides by \
          almost 0",
};

/// A tuned weight in the algorithm's normalised units, as a checkpoint holds it
/// (`algorithm.mean`, `rows[i].theta`, `rows[i].weights`, `hall_of_fame`).
pub const NORMALISED_WEIGHT: Real = Real {
    name: "checkpoint algorithm.mean, rows[i].theta, rows[i].weights, hall_of_fame",
    min: -1.0e9,
    max: 1.0e9,
    min_allowed: true,
    why: "weights are normalised to about 1; a value this far out is a damaged or edited \
          checkpoint, and its games would write weights no engine reads",
};

/// Pairs the gate plays at most.
pub const GATE_PAIRS: Count = Count {
    name: "gate.max_pairs",
    min: 1,
    max: 100_000,
    why: "the SPRT decides in a few hundred pairs when the difference is real",
};

/// A fixed bound on what an outside program or file sends (not a number a user gives):
/// a read past it is refused or counted as a fault, never buffered.
#[derive(Clone, Copy, Debug)]
pub struct Cap {
    /// What is bounded, as the table names it.
    pub name: &'static str,
    /// The bound.
    pub max: u64,
    /// Why the bound is there.
    pub why: &'static str,
}

/// Bytes in one line from an engine (without its newline); a longer line is a protocol
/// error ("line too long") and no more of it is read.
pub const ENGINE_LINE_BYTES: Cap = Cap {
    name: "engine line (bytes)",
    max: 64 * 1024,
    why: "the longest line an engine needs to send is an `id name` or an `info`; a \
          line without end would fill the memory",
};

/// Lines read from an engine and not yet handled; when full, the reader stops reading
/// and the engine's own writes wait (the pipe is the rest of the buffer).
pub const ENGINE_QUEUE_LINES: Cap = Cap {
    name: "engine lines queued",
    max: 1024,
    why: "an engine that floods `info` lines must not fill the memory faster than the \
          referee reads",
};

/// `weight` lines in one handshake; more is a protocol error.
pub const ENGINE_WEIGHTS: Cap = Cap {
    name: "engine weights (declared)",
    max: 256,
    why: "every weight is a column of the log and a panel of the weights chart (256 \
          panels make a chart 13,000 pixels tall), and is sent with every game",
};

/// Bytes written to the engine log (`WEIGHTFORGE_ENGINE_LOG`) by one run; later lines
/// are dropped after one line that says so.
pub const ENGINE_LOG_BYTES: Cap = Cap {
    name: "engine log (bytes per run)",
    max: 256 * 1024 * 1024,
    why: "engines' `info` lines must not fill the disk",
};

/// Bytes of an engine's standard error kept (its last ones), shown when its handshake
/// fails.
pub const ENGINE_STDERR_TAIL: Cap = Cap {
    name: "engine standard error kept (bytes)",
    max: 4096,
    why: "a failed handshake shows the end of what the engine said (a traceback); the \
          rest is read and dropped so that an engine never blocks on the pipe",
};

/// Bytes in one line of a game record file (one game); a longer line is an error.
pub const RECORD_LINE_BYTES: Cap = Cap {
    name: "record line (bytes)",
    max: 64 * 1024 * 1024,
    why: "a game of 100,000 plies (the largest ply cap) with its positions fits; a file \
          without newlines (`/dev/zero`) must not fill the memory",
};

/// Bytes in one line of a unit file (one finished pair of games at a run's end, kept
/// so a killed run resumes from it); a longer line is not reused (the pair is played
/// again).
pub const UNIT_LINE_BYTES: Cap = Cap {
    name: "unit file line (bytes)",
    max: 256 * 1024 * 1024,
    why: "a pair holds two games, each written down within the record line bound, and \
          their results; a damaged file must not fill the memory",
};

/// Bytes of a genome file read whole: a table genome learned by self-play carries every
/// weight its games reached, both roles.
pub const GENOME_FILE_BYTES: Cap = Cap {
    name: "genome file (bytes)",
    max: 64 * 1024 * 1024,
    why: "a Connect Four genome learned by self-play (`learn`, 8 M games) is about 17 MB and \
          takes about 1 GB to read; 64 MB bounds that near 4 GB",
};

/// Bytes of a RON file read whole: an experiment, a constants file, a checkpoint's
/// trusted copy.
pub const RON_FILE_BYTES: Cap = Cap {
    name: "experiment or constants file (bytes)",
    max: 16 * 1024 * 1024,
    why: "the largest experiment is a few kilobytes; a constants file holds at most 256 \
          constants; /dev/zero must not be read until the memory is full",
};

/// Bytes of a run's checkpoint (`checkpoint.json`), read whole when a run resumes.
pub const CHECKPOINT_BYTES: Cap = Cap {
    name: "checkpoint.json (bytes)",
    max: 1024 * 1024 * 1024,
    why: "it holds one row per generation (at most 100,000) with its weights; a damaged \
          or sparse file must not cost its size in memory before it is refused",
};

/// Bytes in one line of a datagen checkpoint (`<out>.partial`: a chunk of games with
/// their rows); a longer line is an error naming the file and line.
pub const DATAGEN_LINE_BYTES: Cap = Cap {
    name: "datagen checkpoint line (bytes)",
    max: 256 * 1024 * 1024,
    why: "a chunk holds a few games' kept rows, each within the position line bound; a \
          damaged file must not fill the memory",
};

/// Bytes of the transposition tables of all threads at once: `--threads` × 2 players ×
/// 2^tt_bits entries × 16 bytes (each thread seats both players of its game). Each
/// factor has its own bound; this bounds their product.
pub const SEARCH_TABLE_BYTES: Cap = Cap {
    name: "search tables: --threads × 2 players × 2^search.tt_bits × 16 (bytes)",
    max: 1024 * 1024 * 1024,
    why: "1,024 threads at the default 2^16 entries, or one thread at 2^26, ask for \
          gigabytes before any game is played, and the allocation aborts",
};

/// Milliseconds `calibrate` searches in all: `--move-time` × the searches each thread
/// makes (`CALIBRATE_SEARCHES`).
pub const CALIBRATE_MS: Cap = Cap {
    name: "calibrate: --move-time × 12 searches (ms)",
    max: 600_000,
    why: "a calibration that prints nothing for more than 10 minutes is a typo \
          (`--move-time 3600000` is 12 hours); a move time up to 50 s can be calibrated",
};

/// Bytes an engine's reader holds at most: [`ENGINE_QUEUE_LINES`] lines of
/// [`ENGINE_LINE_BYTES`] each.
pub const ENGINE_QUEUE_BYTES: Cap = Cap {
    name: "engine lines queued × engine line (bytes, per engine)",
    max: ENGINE_QUEUE_LINES.max * ENGINE_LINE_BYTES.max,
    why: "the product of the two bounds above: 64 MiB per engine at most, so \
          --threads engines stay within the memory the search tables leave",
};

/// Checks the product [`SEARCH_TABLE_BYTES`] for `threads` threads whose players have
/// tables of 2^`tt_bits` entries.
pub fn check_search_tables(threads: u64, tt_bits: u8) -> Result<(), OutOfRange> {
    let bytes = threads
        .saturating_mul(2)
        .saturating_mul(16u64 << tt_bits.min(63));
    if bytes <= SEARCH_TABLE_BYTES.max {
        return Ok(());
    }
    Err(OutOfRange {
        value: format!("{threads} threads × 2 × 2^{tt_bits} entries × 16 bytes = {bytes} bytes"),
        bound: format!(
            "expected at most {} bytes ({})",
            SEARCH_TABLE_BYTES.max, SEARCH_TABLE_BYTES.name
        ),
        why: SEARCH_TABLE_BYTES.why,
    })
}

/// Every fixed bound on outside input, in the order of docs/limits.md.
pub const ALL_CAPS: &[Cap] = &[
    ENGINE_LINE_BYTES,
    ENGINE_QUEUE_LINES,
    ENGINE_WEIGHTS,
    ENGINE_LOG_BYTES,
    ENGINE_STDERR_TAIL,
    RECORD_LINE_BYTES,
    UNIT_LINE_BYTES,
    RON_FILE_BYTES,
    GENOME_FILE_BYTES,
    CHECKPOINT_BYTES,
    DATAGEN_LINE_BYTES,
    ENGINE_QUEUE_BYTES,
    SEARCH_TABLE_BYTES,
    CALIBRATE_MS,
];

/// Every limit, in the order of docs/limits.md.
pub const ALL: &[Count] = &[
    CANDIDATES,
    GENERATIONS,
    MAX_GAMES,
    PAIRS,
    VALIDATION_PAIRS,
    FINALISTS,
    HALL_OF_FAME,
    OPPONENTS,
    PHASE_GAMES,
    STAGE_EVERY,
    STAGE_KEEP,
    STAGE_ROUNDS,
    STAGE_PAIRS,
    BUDGETS,
    PLY_CAP,
    OPENING_PLIES,
    DEPTH,
    QUIESCENCE,
    TT_BITS,
    NODES,
    MOVE_TIME_MS,
    MAX_PLAYS,
    PERFT_DEPTH,
    GAMES,
    THREADS,
    NAME_LEN,
    LIST_LEN,
    POSITION_LINE,
    TEXEL_STEPS,
    TEXEL_LABEL_DEPTH,
    TEXEL_DETOURS,
    GATE_PAIRS,
    DATAGEN_GAMES,
    SKIP_PLIES,
];

/// Every bound on a real number, in the order of docs/limits.md.
pub const ALL_REAL: &[Real] = &[
    STEP,
    EXPONENT,
    OPPONENT_WEIGHT,
    SECONDS,
    TEXEL_L2,
    TEXEL_BLEND,
    TEXEL_LABEL_WEIGHT,
    LINE_POINT,
    ENGINE_NUMBER,
    GENOME_WEIGHT,
    ENGINE_RANGE,
    NORMALISED_WEIGHT,
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bounds_reject_their_edges() {
        for c in ALL {
            assert!(
                c.check(c.min).is_ok() && c.check(c.max).is_ok(),
                "{}",
                c.name
            );
            assert!(c.check(c.max + 1).is_err(), "{}", c.name);
            assert!(c.min == 0 || c.check(c.min - 1).is_err(), "{}", c.name);
        }
        for r in ALL_REAL {
            for bad in [
                f64::NAN,
                f64::INFINITY,
                f64::NEG_INFINITY,
                r.max * 2.0,
                r.min - 1.0 - r.min.abs(),
            ] {
                assert!(r.check(bad).is_err(), "{} {bad}", r.name);
            }
            assert!(r.check(r.max).is_ok(), "{}", r.name);
        }
    }

    #[test]
    fn docs_list_every_limit() {
        let doc = include_str!("../docs/limits.md");
        for c in ALL {
            let row = format!("| `{}` | {} | {} |", c.name, c.min, c.max);
            assert!(doc.contains(&row), "docs/limits.md lacks the row {row}");
        }
        for r in ALL_REAL {
            assert!(doc.contains(&format!("| `{}` |", r.name)), "{}", r.name);
        }
        for c in ALL_CAPS {
            let row = format!("| `{}` | {} |", c.name, c.max);
            assert!(doc.contains(&row), "docs/limits.md lacks the row {row}");
        }
    }
}
