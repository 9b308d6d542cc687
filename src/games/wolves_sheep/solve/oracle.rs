//! Wolves & Sheep as a solvable game: the solution file is its oracle, `solve --out`
//! solves the layers, `--verify` and `--stats` read them.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use super::driver::{self, LayerDone};
use super::index::MAX_SHEEP;
use super::stats::{layer_stats, LayerStats};
use super::{verify, Solution};
use crate::game::Game;
use crate::games::wolves_sheep::{WolvesSheep, WsMove};
use crate::solved::{BuildSettings, Oracle, OracleSettings, Solvable, SolveError, Value};

/// The solution file read when none is named.
pub const DEFAULT_SOLUTION: &str = "wolves_sheep.solved";

impl Oracle<WolvesSheep> for Solution {
    fn value(&self, pos: &WolvesSheep) -> Result<Value, SolveError> {
        Solution::value(self, pos)
    }

    fn move_values(&self, pos: &WolvesSheep) -> Result<Vec<(WsMove, Value)>, SolveError> {
        Solution::move_values(self, pos)
    }
}

/// Wolves & Sheep's entry as a solvable game.
pub fn solvable() -> Solvable<WolvesSheep> {
    Solvable {
        default_file: DEFAULT_SOLUTION,
        file_kind: "the solution",
        file_env: "WEIGHTFORGE_SOLUTION",
        file_needed: true,
        open: |s| {
            if s.no_book {
                return Err(SolveError::Setting(
                    "--no-book: Wolves & Sheep answers from its solution, with no book".into(),
                ));
            }
            Ok(shared_solution(&path_of(s))? as Arc<dyn Oracle<WolvesSheep>>)
        },
        build,
        verify: check,
        stats,
        sample: include_str!("../../../../assets/accuracy/wolves_sheep.pos"),
        sample_name: "assets/accuracy/wolves_sheep.pos",
        sample_players: &crate::tunables::ACCURACY_SAMPLE_PLAYERS,
        sample_games: crate::tunables::ACCURACY_SAMPLE_GAMES,
        sample_opening_plies: crate::tunables::ACCURACY_OPENING_PLIES,
        phases: &[],
        perfect_tie_break: Some(crate::tunables::PERFECT_TIE_BREAK),
    }
}

fn path_of(s: &OracleSettings) -> PathBuf {
    s.file
        .clone()
        .unwrap_or_else(|| PathBuf::from(DEFAULT_SOLUTION))
}

/// The solution at `path`, read and checked the first time it is asked for (a full
/// solution is 2.6 GB: read once per process).
pub fn shared_solution(path: &Path) -> Result<Arc<Solution>, SolveError> {
    static OPENED: OnceLock<Mutex<HashMap<PathBuf, Arc<Solution>>>> = OnceLock::new();
    let opened = OPENED.get_or_init(|| Mutex::new(HashMap::new()));
    let mut map = opened.lock().unwrap_or_else(|e| e.into_inner());
    if let Some(s) = map.get(path) {
        return Ok(Arc::clone(s));
    }
    let s = Arc::new(Solution::open(path)?);
    map.insert(path.to_path_buf(), Arc::clone(&s));
    Ok(s)
}

fn build(b: &BuildSettings, say: &mut (dyn FnMut(&str) + Send)) -> Result<(), SolveError> {
    if b.root.is_some() {
        return Err(SolveError::Setting(
            "a position: Wolves & Sheep's solution holds every position, from no root".into(),
        ));
    }
    if b.tt_bits.is_some() {
        return Err(SolveError::Setting(
            "--tt-bits: Wolves & Sheep is solved by retrograde analysis, without a table".into(),
        ));
    }
    let clock = Instant::now();
    say(&stats_heading());
    let mut report = |d: &LayerDone| {
        let how = match &d.resumed_from {
            Some(p) => format!("read from {}", p.display()),
            None => format!("solved in {:.1} s", d.seconds),
        };
        say(&format!("{}  ({how})", stats_line(&d.stats)));
    };
    driver::solve(&b.out, b.extent.unwrap_or(MAX_SHEEP), &mut report)?;
    say(&format!(
        "written to {} in {:.1} s",
        b.out.display(),
        clock.elapsed().as_secs_f64()
    ));
    Ok(())
}

fn stats_heading() -> String {
    "sheep  positions  wolves win  sheep win  draw  | wolves to move: win draw loss | sheep to move: win draw loss | longest win".to_string()
}

fn stats_line(s: &LayerStats) -> String {
    let [w, sh, d] = s.by_winner();
    let [tw, ts] = &s.counts;
    format!(
        "{:>5}  {}  {w}  {sh}  {d}  | {} {} {} | {} {} {} | {} plies",
        s.sheep,
        s.positions(),
        tw[0],
        tw[1],
        tw[2],
        ts[0],
        ts[1],
        ts[2],
        s.longest_win.0
    )
}

fn stats(s: &OracleSettings, say: &mut (dyn FnMut(&str) + Send)) -> Result<(), SolveError> {
    let sol = shared_solution(&path_of(s))?;
    say(&stats_heading());
    for k in 3..=sol.max_sheep() {
        let st = layer_stats(k, sol.layer(k));
        say(&stats_line(&st));
        let (w, sh, side) = super::index::position(st.longest_win.1, k);
        let pos = WolvesSheep::from_parts(w, sh, side).expect("an index position is legal");
        say(&format!(
            "       longest win: {} {}",
            pos.to_text(),
            sol.value(&pos)?
        ));
    }
    Ok(())
}

fn check(s: &OracleSettings, say: &mut (dyn FnMut(&str) + Send)) -> Result<u64, SolveError> {
    let sol = shared_solution(&path_of(s))?;
    let clock = Instant::now();
    let v = verify::verify(&sol, MAX_SHEEP)?;
    for e in &v.examples {
        say(&format!("wrong: {e}"));
    }
    say(&format!(
        "verify: {} positions checked, {} wrong ({:.1} s)",
        v.checked,
        v.wrong,
        clock.elapsed().as_secs_f64()
    ));
    Ok(v.wrong)
}
