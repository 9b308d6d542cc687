//! `--threads`: each count checked, and the global thread pool sized (a list of counts
//! only for `bench --tuner`, which runs at each).

use anyhow::Result;
use weightforge::limits;
use weightforge::tunables::DEFAULT_TT_BITS;

use super::args::{Cli, Command};
use super::checks::check_flag;

/// Checks `--threads` and sizes rayon's global pool when one count is given.
pub fn size_pool(cli: &Cli) -> Result<()> {
    for &n in &cli.threads {
        check_flag("--threads", n as u64, &limits::THREADS)?;
        // Each thread's players allocate their tables: the product is bounded too (a
        // genome's larger `search.tt_bits` is checked when it is read).
        limits::check_search_tables(n as u64, DEFAULT_TT_BITS)
            .map_err(|e| anyhow::anyhow!("--threads {n}: {e}"))?;
    }
    let list_allowed = matches!(&cli.command, Command::Bench(b) if b.tuner);
    match cli.threads[..] {
        [] => {}
        [n] if !list_allowed => {
            rayon::ThreadPoolBuilder::new()
                .num_threads(n)
                .build_global()?;
        }
        _ if list_allowed => {}
        _ => anyhow::bail!("--threads takes one number (a list only with bench --tuner)"),
    }
    Ok(())
}
