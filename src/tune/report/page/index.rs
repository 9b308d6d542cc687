//! `weightforge report reports/`: an index page listing every run of a reports folder
//! (status, best Elo, date), read from the `summary.json` each run page writes beside
//! itself, or, for a run folder without one, from its files (`from_files`).

use std::path::Path;

use super::data::RunState;
use super::from_files;
use super::html::{escape, table, url_segment, STYLE};
use super::summary::{Summary, SUMMARY};
use super::write::{PageError, PAGE};

/// Writes `<reports>/index.html`; returns the runs listed. A folder without a summary is
/// read from its run files, and skipped when it holds none (not a run); a file that
/// cannot be read is an error naming it.
pub fn write_index(reports: &Path) -> Result<usize, PageError> {
    let io = |path: &Path, source: std::io::Error| PageError {
        path: path.display().to_string(),
        source,
    };
    let mut runs: Vec<(String, Summary)> = Vec::new();
    let mut dirs: Vec<std::path::PathBuf> = Vec::new();
    for entry in std::fs::read_dir(reports).map_err(|e| io(reports, e))? {
        dirs.push(entry.map_err(|e| io(reports, e))?.path());
    }
    dirs.sort();
    for dir in dirs.iter().filter(|d| d.is_dir()) {
        let Some(summary) = read_summary(dir)? else {
            continue;
        };
        let folder = dir
            .file_name()
            .map_or(String::new(), |n| n.to_string_lossy().to_string());
        runs.push((link(dir, &folder), summary));
    }
    runs.sort_by_key(|r| std::cmp::Reverse(r.1.updated));
    let rows: Vec<Vec<String>> = runs.iter().map(|(href, s)| row(href, s)).collect();
    let page = format!(
        "<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>weightforge runs</title>\
         <style>{STYLE}</style></head><body><h1>Runs in {}</h1>{}</body></html>\n",
        escape(&reports.display().to_string()),
        table(
            "runs",
            &["run", "game", "algorithm", "status", "generation", "games", "validation Elo", "updated (UTC)"],
            &rows
        )
    );
    let path = reports.join(PAGE);
    crate::fsutil::write_atomic(&path, page.as_bytes()).map_err(|e| io(&path, e))?;
    Ok(runs.len())
}

/// The run's summary: its `summary.json`, else read from its run files; `None` for a
/// folder that is not a run.
fn read_summary(dir: &Path) -> Result<Option<Summary>, PageError> {
    let file = dir.join(SUMMARY);
    if !file.is_file() {
        return from_files::summary(dir);
    }
    let bad = |source: std::io::Error| PageError {
        path: file.display().to_string(),
        source,
    };
    let text = std::fs::read_to_string(&file).map_err(bad)?;
    serde_json::from_str(&text)
        .map(Some)
        .map_err(|e| bad(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

/// Where a run's name links: its run page, else its fitness chart (a run written
/// before run pages), else its folder; `./` and percent-encoding keep the link relative
/// whatever the folder's name.
fn link(dir: &Path, folder: &str) -> String {
    let target = [PAGE, "fitness.svg"]
        .into_iter()
        .find(|f| dir.join(f).is_file())
        .unwrap_or("");
    format!("./{}/{target}", url_segment(folder))
}

fn row(href: &str, s: &Summary) -> Vec<String> {
    let state = match s.state {
        RunState::Running => "running",
        RunState::Stopped => "stopped",
        RunState::Finished => "finished",
    };
    let elo: Vec<String> = s.elo.iter().map(|line| escape(line)).collect();
    vec![
        format!("<a href=\"{href}\">{}</a>", escape(&s.name)),
        escape(&s.game),
        escape(&s.algorithm),
        state.into(),
        format!("{} of {}", s.generation.0, s.generation.1),
        s.games.to_string(),
        elo.join("<br>"),
        utc(s.updated),
    ]
}

/// Seconds since the epoch as `YYYY-MM-DD HH:MM` (UTC; civil-from-days, H. Hinnant).
fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i64;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02} {:02}:{:02}",
        rem / 3600,
        (rem % 3600) / 60
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn links_stay_relative() {
        use super::super::html::url_segment;
        assert_eq!(url_segment("run-1_a.b~"), "run-1_a.b~");
        assert_eq!(
            url_segment("javascript:alert(1)"),
            "javascript%3Aalert%281%29"
        );
        assert_eq!(url_segment("a/b?c\"d é"), "a%2Fb%3Fc%22d%20%C3%A9");
    }

    #[test]
    fn utc_dates() {
        assert_eq!(super::utc(0), "1970-01-01 00:00");
        assert_eq!(super::utc(1_700_000_000), "2023-11-14 22:13");
    }
}
