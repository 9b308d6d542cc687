//! A learning run's checkpoint (`<out>.learn`): the weights, their coherence, the games
//! played and the curve so far, written atomically between batches (every
//! [`LEARN_CHECKPOINT_SECONDS`](crate::tunables::LEARN_CHECKPOINT_SECONDS)) and read by
//! `--resume`. A run resumed from it plays the games it would have played and ends with
//! the same genome.
//!
//! Layout (little-endian): `WFLEARN1`, the settings' fingerprint, games, moves, wall
//! seconds, stored weights, 1 if it holds coherence sums, the curve's length; the curve
//! (JSON); the weights (f32 each), then per weight its two coherence sums; an FNV-1a
//! checksum of everything before it. Every field is checked before anything is
//! allocated from it, and the error names it.

use std::io::Read;
use std::path::Path;

use super::curve::CurvePoint;
use super::error::LearnError;
use super::values::LearnedValues;
use crate::fsutil;
use crate::hash::fnv1a;

const MAGIC: &[u8; 8] = b"WFLEARN1";
const HEADER: usize = 64;
/// The curve's JSON at most (a point is about 200 bytes).
const MAX_CURVE: u64 = 16 << 20;

/// What a checkpoint holds besides the weights.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Progress {
    /// Games played.
    pub games: u64,
    /// Moves played.
    pub moves: u64,
    /// Wall seconds of learning so far.
    pub seconds: f64,
    /// The curve's points so far.
    pub curve: Vec<CurvePoint>,
}

/// Writes the checkpoint of `v` and `p` for the run whose settings' fingerprint is
/// `fingerprint`.
pub fn save(
    path: &Path,
    fingerprint: u64,
    v: &LearnedValues,
    p: &Progress,
) -> Result<(), LearnError> {
    // Plain data always serialises.
    let curve = serde_json::to_vec(&p.curve).expect("plain data");
    let mut b = Vec::with_capacity(HEADER + curve.len() + v.weights.len() * 12 + 8);
    b.extend_from_slice(MAGIC);
    for x in [
        fingerprint,
        p.games,
        p.moves,
        p.seconds.to_bits(),
        v.weights.len() as u64,
    ] {
        b.extend_from_slice(&x.to_le_bytes());
    }
    b.extend_from_slice(&u64::from(!v.coherence.is_empty()).to_le_bytes());
    b.extend_from_slice(&(curve.len() as u64).to_le_bytes());
    b.extend_from_slice(&curve);
    b.extend(v.weights.iter().flat_map(|w| w.to_le_bytes()));
    b.extend(v.coherence.iter().flatten().flat_map(|w| w.to_le_bytes()));
    let sum = fnv1a(&b);
    b.extend_from_slice(&sum.to_le_bytes());
    fsutil::write_derived(path, &b).map_err(|source| LearnError::Io {
        path: path.to_path_buf(),
        source,
    })
}

fn bad(path: &Path, message: String) -> LearnError {
    LearnError::BadCheckpoint {
        path: path.to_path_buf(),
        message,
    }
}

fn word(b: &[u8], k: usize) -> u64 {
    let at = 8 + 8 * k;
    u64::from_le_bytes(b[at..at + 8].try_into().expect("eight bytes"))
}

/// Reads the checkpoint at `path` into `v` (whose layout and step rule the run's
/// settings fix) and returns its progress.
pub fn load(path: &Path, fingerprint: u64, v: &mut LearnedValues) -> Result<Progress, LearnError> {
    let io = |source| LearnError::Io {
        path: path.to_path_buf(),
        source,
    };
    let mut file = fsutil::open_input(path).map_err(io)?;
    let mut head = [0u8; HEADER];
    file.read_exact(&mut head)
        .map_err(|_| bad(path, format!("shorter than its {HEADER}-byte header")))?;
    check_header(path, &head, fingerprint, v)?;
    let (curve_len, n) = (word(&head, 6), v.weights.len());
    let per = 1 + 2 * usize::from(!v.coherence.is_empty());
    let rest = curve_len as usize + n * 4 * per + 8;
    let mut b = head.to_vec();
    file.take(rest as u64 + 1).read_to_end(&mut b).map_err(io)?;
    if b.len() != HEADER + rest {
        return Err(bad(
            path,
            format!("{} bytes, its header says {}", b.len(), HEADER + rest),
        ));
    }
    let body = b.len() - 8;
    let sum = u64::from_le_bytes(b[body..].try_into().expect("eight bytes"));
    if fnv1a(&b[..body]) != sum {
        return Err(bad(path, "checksum: the file was changed or cut".into()));
    }
    let curve_end = HEADER + curve_len as usize;
    let curve: Vec<CurvePoint> = serde_json::from_slice(&b[HEADER..curve_end])
        .map_err(|e| bad(path, format!("curve: {e}")))?;
    read_floats(path, &b[curve_end..body], v)?;
    Ok(Progress {
        games: word(&head, 1),
        moves: word(&head, 2),
        seconds: f64::from_bits(word(&head, 3)),
        curve,
    })
}

fn check_header(
    path: &Path,
    head: &[u8],
    fingerprint: u64,
    v: &LearnedValues,
) -> Result<(), LearnError> {
    if &head[..8] != MAGIC {
        return Err(bad(
            path,
            "not a weightforge learning checkpoint (magic)".into(),
        ));
    }
    if word(head, 0) != fingerprint {
        return Err(bad(path, "settings: made by a run with other settings (game, families, seed, games or schedule); start afresh without --resume or give the same flags".into()));
    }
    if word(head, 4) != v.weights.len() as u64 {
        return Err(bad(
            path,
            format!(
                "weights: {}, the families have {}",
                word(head, 4),
                v.weights.len()
            ),
        ));
    }
    if word(head, 5) != u64::from(!v.coherence.is_empty()) {
        return Err(bad(path, "coherence: the step-size rule differs".into()));
    }
    if word(head, 6) > MAX_CURVE {
        return Err(bad(
            path,
            format!("curve: {} bytes, at most {MAX_CURVE}", word(head, 6)),
        ));
    }
    let seconds = f64::from_bits(word(head, 3));
    if !(seconds.is_finite() && seconds >= 0.0) {
        return Err(bad(path, format!("seconds: {seconds}")));
    }
    Ok(())
}

/// The weights, then the coherence sums; every one finite.
fn read_floats(path: &Path, b: &[u8], v: &mut LearnedValues) -> Result<(), LearnError> {
    let mut floats = b
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("four bytes")));
    for (i, w) in v.weights.iter_mut().enumerate() {
        *w = finite(path, "weight", i, floats.next())?;
    }
    for (i, pair) in v.coherence.iter_mut().enumerate() {
        for x in pair.iter_mut() {
            *x = finite(path, "coherence", i, floats.next())?;
        }
    }
    Ok(())
}

fn finite(path: &Path, what: &str, i: usize, x: Option<f32>) -> Result<f32, LearnError> {
    match x {
        Some(x) if x.is_finite() => Ok(x),
        _ => Err(bad(path, format!("{what} {i}: not a finite number"))),
    }
}
