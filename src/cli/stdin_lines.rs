//! Positions read from standard input, one a line, each line bounded: a stream without
//! a newline (`< /dev/zero`) is an error at the bound, never a line grown until memory
//! runs out.

use std::io::BufRead;

use anyhow::{bail, Context, Result};

/// Calls `each` with every line of standard input that is not blank (its number from 1
/// and its text, trimmed); a line longer than `max` bytes is an error naming it.
pub fn each_line(max: usize, mut each: impl FnMut(usize, &str) -> Result<()>) -> Result<()> {
    let mut stdin = std::io::stdin().lock();
    let mut line = String::new();
    for n in 1.. {
        line.clear();
        let read = std::io::Read::take(&mut stdin, max as u64 + 1)
            .read_line(&mut line)
            .context("reading standard input")?;
        if read == 0 {
            return Ok(());
        }
        if line.len() > max {
            bail!("standard input, line {n}: longer than {max} bytes");
        }
        if !line.trim().is_empty() {
            each(n, line.trim())?;
        }
    }
    Ok(())
}
