//! What can go wrong writing a run's reports: a file that cannot be read or written, a
//! chart that cannot be drawn. Every report writer returns it.

/// A report that cannot be written, read or drawn.
#[derive(Debug, thiserror::Error)]
pub enum ReportError {
    /// A file cannot be read or written (or a CSV line cannot be understood).
    #[error("{path}: {source}")]
    Io {
        /// The file (and line).
        path: String,
        /// What went wrong.
        source: std::io::Error,
    },
    /// A chart cannot be drawn.
    #[error("drawing {path}: {message}")]
    Plot {
        /// The chart.
        path: String,
        /// What went wrong.
        message: String,
    },
}
