//! The solution file: a 256-byte header, then the layers' codes (two bytes per entry,
//! little-endian, [`super::value`]) from the fewest sheep to the most, each in its
//! entry order ([`super::index`]).
//!
//! ```text
//! bytes    field
//! 0..8     magic "WFSOLVED"
//! 8..12    format version (1), little-endian u32
//! 12..16   rules version (RULES_VERSION), u32
//! 16..48   rules name, UTF-8, zero-padded
//! 48..52   fewest sheep (3; a layer file kept for resuming holds one layer), u32
//! 52..56   most sheep (3..10), u32
//! 56..184  per layer from the fewest sheep: entries (u64), checksum of its codes (u64)
//! 248..256 checksum of bytes 0..248
//! ```
//!
//! A file whose magic, versions, rules, sizes or checksums do not match is refused
//! with an error naming the file and the field.

use std::io::{Read, Write};
use std::path::Path;

use rayon::prelude::*;

use super::index::{layer_len, MAX_SHEEP, MIN_SHEEP};
use crate::solved::SolveError;
use crate::fsutil;

/// Size of the header.
pub const HEADER_LEN: usize = 256;
const MAGIC: &[u8; 8] = b"WFSOLVED";
const FORMAT_VERSION: u32 = 2;

/// The version of the rules the file was solved under; raised whenever the rules the
/// solver applies change (docs/games/wolves_sheep.md).
pub const RULES_VERSION: u32 = 1;
/// The rules in words, stored beside the version.
pub const RULES_NAME: &str = "wolves_sheep 2023-04 referee";

/// The layers of a file: `layers[i]` holds the codes of `min_sheep + i` sheep.
pub struct Layers {
    /// The fewest sheep.
    pub min_sheep: u32,
    /// One code per entry, per layer.
    pub layers: Vec<Vec<u16>>,
}

impl Layers {
    /// The most sheep.
    pub fn max_sheep(&self) -> u32 {
        self.min_sheep + self.layers.len() as u32 - 1
    }
}

/// A checksum of a layer's codes: chunks of 2^20 codes hashed in parallel (a
/// multiply-rotate hash over four codes at a time), then combined in order.
pub fn checksum(codes: &[u16]) -> u64 {
    codes
        .par_chunks(1 << 20)
        .map(chunk_hash)
        .collect::<Vec<u64>>()
        .into_iter()
        .fold(codes.len() as u64, mix)
}

/// The header's checksum: its bytes as codes of two bytes.
fn header_checksum(h: &[u8]) -> u64 {
    let codes: Vec<u16> = h
        .chunks(2)
        .map(|c| u16::from_le_bytes([c[0], c[1]]))
        .collect();
    checksum(&codes)
}

fn mix(h: u64, w: u64) -> u64 {
    (h ^ w).wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(29)
}

fn chunk_hash(chunk: &[u16]) -> u64 {
    let mut h = 0x243F_6A88_85A3_08D3;
    let mut words = chunk.chunks_exact(4);
    for w in &mut words {
        let word =
            u64::from(w[0]) | u64::from(w[1]) << 16 | u64::from(w[2]) << 32 | u64::from(w[3]) << 48;
        h = mix(h, word);
    }
    for &c in words.remainder() {
        h = mix(h, u64::from(c));
    }
    h
}

/// Codes converted to bytes at a time when a layer is written or read.
const CODES_PER_BUFFER: usize = 1 << 20;

fn write_codes(out: &mut dyn Write, codes: &[u16]) -> std::io::Result<()> {
    let mut buf = Vec::with_capacity(CODES_PER_BUFFER * 2);
    for chunk in codes.chunks(CODES_PER_BUFFER) {
        buf.clear();
        buf.extend(chunk.iter().flat_map(|c| c.to_le_bytes()));
        out.write_all(&buf)?;
    }
    Ok(())
}

fn read_codes(f: &mut impl Read, len: usize) -> std::io::Result<Vec<u16>> {
    let mut codes = Vec::with_capacity(len);
    let mut buf = vec![0u8; CODES_PER_BUFFER * 2];
    while codes.len() < len {
        let n = (len - codes.len()).min(CODES_PER_BUFFER);
        f.read_exact(&mut buf[..n * 2])?;
        codes.extend(
            buf[..n * 2]
                .chunks_exact(2)
                .map(|c| u16::from_le_bytes([c[0], c[1]])),
        );
    }
    Ok(codes)
}

fn header(l: &Layers) -> [u8; HEADER_LEN] {
    let mut h = [0u8; HEADER_LEN];
    h[0..8].copy_from_slice(MAGIC);
    h[8..12].copy_from_slice(&FORMAT_VERSION.to_le_bytes());
    h[12..16].copy_from_slice(&RULES_VERSION.to_le_bytes());
    h[16..16 + RULES_NAME.len()].copy_from_slice(RULES_NAME.as_bytes());
    h[48..52].copy_from_slice(&l.min_sheep.to_le_bytes());
    h[52..56].copy_from_slice(&l.max_sheep().to_le_bytes());
    for (i, layer) in l.layers.iter().enumerate() {
        let at = 56 + 16 * i;
        h[at..at + 8].copy_from_slice(&(layer.len() as u64).to_le_bytes());
        h[at + 8..at + 16].copy_from_slice(&checksum(layer).to_le_bytes());
    }
    let sum = header_checksum(&h[..248]);
    h[248..].copy_from_slice(&sum.to_le_bytes());
    h
}

/// Writes the layers to `path` atomically.
pub fn write(path: &Path, l: &Layers) -> Result<(), SolveError> {
    let h = header(l);
    fsutil::write_atomic_streamed(path, |out: &mut dyn Write| {
        out.write_all(&h)?;
        l.layers
            .iter()
            .try_for_each(|layer| write_codes(out, layer))
    })
    .map_err(|source| SolveError::Io {
        path: path.to_path_buf(),
        source,
    })
}

/// Reads and checks a solution file.
pub fn read(path: &Path) -> Result<Layers, SolveError> {
    let io = |source| SolveError::Io {
        path: path.to_path_buf(),
        source,
    };
    let meta = match std::fs::metadata(path) {
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
            return Err(SolveError::Missing {
                path: path.to_path_buf(),
                command: format!(
                    "weightforge solve --game wolves_sheep --out {}",
                    path.display()
                ),
            })
        }
        other => other.map_err(io)?,
    };
    let bad = |what: String| SolveError::BadFile {
        path: path.to_path_buf(),
        what,
    };
    if !meta.is_file() {
        return Err(bad("not a regular file".into()));
    }
    let mut f = std::io::BufReader::with_capacity(1 << 20, std::fs::File::open(path).map_err(io)?);
    let mut h = [0u8; HEADER_LEN];
    f.read_exact(&mut h)
        .map_err(|_| bad(format!("shorter than the {HEADER_LEN}-byte header")))?;
    let (min_sheep, lens) = check_header(&h).map_err(bad)?;
    let expected = HEADER_LEN as u64 + 2 * lens.iter().sum::<u64>();
    if meta.len() != expected {
        return Err(bad(format!(
            "{} bytes, but the header describes {expected}",
            meta.len()
        )));
    }
    let mut layers = Vec::with_capacity(lens.len());
    for (i, &len) in lens.iter().enumerate() {
        let layer = read_codes(&mut f, len as usize).map_err(io)?;
        let at = 56 + 16 * i + 8;
        let stored = u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"));
        if checksum(&layer) != stored {
            let k = min_sheep + i as u32;
            return Err(bad(format!(
                "layer of {k} sheep: checksum does not match (damaged file)"
            )));
        }
        layers.push(layer);
    }
    Ok(Layers { min_sheep, layers })
}

fn u32_at(h: &[u8], at: usize) -> u32 {
    u32::from_le_bytes(h[at..at + 4].try_into().expect("4 bytes"))
}

/// Checks the header; returns the fewest sheep and each layer's entries.
fn check_header(h: &[u8; HEADER_LEN]) -> Result<(u32, Vec<u64>), String> {
    if &h[0..8] != MAGIC {
        return Err("not a weightforge solution file (magic bytes differ)".into());
    }
    if header_checksum(&h[..248]).to_le_bytes() != h[248..] {
        return Err("header checksum does not match (damaged file)".into());
    }
    let (format, rules) = (u32_at(h, 8), u32_at(h, 12));
    if format != FORMAT_VERSION {
        return Err(format!(
            "format version {format}, this build reads version {FORMAT_VERSION}"
        ));
    }
    if rules != RULES_VERSION || &h[16..16 + RULES_NAME.len()] != RULES_NAME.as_bytes() {
        return Err(format!(
            "solved under rules version {rules}, this build plays version {RULES_VERSION} \
             ({RULES_NAME}); solve again"
        ));
    }
    let (min, max) = (u32_at(h, 48), u32_at(h, 52));
    if !(MIN_SHEEP..=MAX_SHEEP).contains(&min) || !(min..=MAX_SHEEP).contains(&max) {
        return Err(format!("sheep {min}..{max} out of range"));
    }
    let mut lens = Vec::new();
    for k in min..=max {
        let at = 56 + 16 * (k - min) as usize;
        let len = u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"));
        if len != layer_len(k) {
            return Err(format!(
                "layer of {k} sheep: {len} entries, expected {}",
                layer_len(k)
            ));
        }
        lens.push(len);
    }
    Ok((min, lens))
}
