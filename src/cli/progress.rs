//! Progress bars on standard error (hidden when it is not a terminal or when asked).

use indicatif::{ProgressBar, ProgressStyle};

/// A bar counting games, with games per second and time left.
pub fn games_bar(total: u64, quiet: bool) -> ProgressBar {
    if quiet {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(total);
    bar.set_style(
        ProgressStyle::with_template(
            "{prefix}[{elapsed_precise}] {wide_bar} {pos}/{len} games, {per_sec}, {eta} left {msg}",
        )
        .expect("the template is valid"),
    );
    bar
}
