//! Solves the layers from 3 sheep up, each from the one below, resuming from the
//! layers already solved: a layer is kept beside the output as `<out>.layer<k>` (a
//! one-layer solution file, written atomically) as soon as it is solved, and a later
//! run reads it (or the layer from an earlier output file) instead of solving it again.
//! When every layer is there, the output is written and the layer files removed.

use std::path::{Path, PathBuf};
use std::time::Instant;

use super::file::{self, Layers};
use super::index::{MAX_SHEEP, MIN_SHEEP};
use super::retrograde::solve_layer;
use super::solution::Solution;
use super::stats::{layer_stats, LayerStats};
use crate::solved::SolveError;

/// What happened to one layer.
#[derive(Clone, Debug)]
pub struct LayerDone {
    /// Its counts.
    pub stats: LayerStats,
    /// `None` if solved now, or the file it was read from.
    pub resumed_from: Option<PathBuf>,
    /// Wall-clock seconds spent solving it (0 when read).
    pub seconds: f64,
}

/// The file a layer is kept in until the output is written.
pub fn layer_path(out: &Path, k: u32) -> PathBuf {
    let mut name = out.as_os_str().to_os_string();
    name.push(format!(".layer{k}"));
    PathBuf::from(name)
}

/// Solves (or reads back) the layers of 3 to `max_sheep` sheep, writes them to `out`
/// and returns the solution; `report` hears about each layer as it is done.
pub fn solve(
    out: &Path,
    max_sheep: u32,
    report: &mut dyn FnMut(&LayerDone),
) -> Result<Solution, SolveError> {
    if !(MIN_SHEEP..=MAX_SHEEP).contains(&max_sheep) {
        return Err(SolveError::Setting(format!(
            "--max-sheep {max_sheep}: expected {MIN_SHEEP} to {MAX_SHEEP}"
        )));
    }
    let earlier = file::read(out).ok();
    let mut layers: Vec<Vec<u16>> = Vec::new();
    for k in MIN_SHEEP..=max_sheep {
        let (codes, resumed_from, seconds) = match resumed(out, earlier.as_ref(), k) {
            Some((codes, from)) => (codes, Some(from), 0.0),
            None => {
                let clock = Instant::now();
                let codes = solve_layer(k, layers.last().map(Vec::as_slice))?;
                let seconds = clock.elapsed().as_secs_f64();
                let part = Layers {
                    min_sheep: k,
                    layers: vec![codes],
                };
                file::write(&layer_path(out, k), &part)?;
                (
                    part.layers.into_iter().next().expect("one layer"),
                    None,
                    seconds,
                )
            }
        };
        let stats = layer_stats(k, &codes);
        report(&LayerDone {
            stats,
            resumed_from,
            seconds,
        });
        layers.push(codes);
    }
    let all = Layers {
        min_sheep: MIN_SHEEP,
        layers,
    };
    file::write(out, &all)?;
    for k in MIN_SHEEP..=max_sheep {
        let _ = std::fs::remove_file(layer_path(out, k));
    }
    Ok(Solution::new(all))
}

/// The layer of `k` sheep from its layer file or the earlier output, if either holds
/// it intact.
fn resumed(out: &Path, earlier: Option<&Layers>, k: u32) -> Option<(Vec<u16>, PathBuf)> {
    let part = layer_path(out, k);
    if let Ok(mut l) = file::read(&part) {
        if l.min_sheep == k && l.layers.len() == 1 {
            return Some((l.layers.remove(0), part));
        }
    }
    let e = earlier?;
    (e.min_sheep..=e.max_sheep()).contains(&k).then(|| {
        (
            e.layers[(k - e.min_sheep) as usize].clone(),
            out.to_path_buf(),
        )
    })
}
