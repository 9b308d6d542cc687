//! What every command checks the same way: a flag's value against its limit, and a
//! game's name.

use anyhow::Result;
use weightforge::limits;

/// Checks the value of `flag` against its limit: the error names the flag, the value, the
/// bound and why.
pub fn check_flag(flag: &str, v: u64, limit: &limits::Count) -> Result<()> {
    limit.check(v).map_err(|e| anyhow::anyhow!("{flag}: {e}"))
}

/// The error for a game name nobody knows.
pub fn unknown_game(name: &str) -> anyhow::Error {
    weightforge::registry::UnknownGame {
        name: name.to_string(),
    }
    .into()
}
