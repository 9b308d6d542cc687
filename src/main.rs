//! The `weightforge` command line: parses flags, resolves them into the library's
//! settings and prints results. All the work is done by the library.

mod cli;

fn main() {
    if let Err(err) = cli::run() {
        eprintln!("error: {err:#}");
        std::process::exit(2);
    }
}
