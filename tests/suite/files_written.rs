//! Where output goes (src/fsutil.rs): a regular file is replaced atomically, a FIFO or a
//! device is written in place and stays what it is, `-` is standard output, a symbolic
//! link keeps pointing at the file it names, a link to nothing and a folder are errors;
//! temporaries of dead writers are removed; `generations.csv` quotes its names.

use std::os::unix::fs::FileTypeExt;
use std::path::Path;

use weightforge::fsutil::{remove_stale_temporaries, write_atomic};
use weightforge::matches::result::MatchResult;
use weightforge::tune::checkpoint::GenerationRow;
use weightforge::tune::report::generations::{read_generations_csv, write_generations_csv};

#[test]
fn a_fifo_is_written_in_place_and_stays_a_fifo() {
    let dir = tempfile::tempdir().unwrap();
    let fifo = dir.path().join("games.jsonl");
    let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read(fifo).unwrap())
    };
    write_atomic(&fifo, b"one line\n").unwrap();
    assert_eq!(reader.join().unwrap(), b"one line\n");
    let meta = std::fs::symlink_metadata(&fifo).unwrap();
    assert!(meta.file_type().is_fifo());
    write_atomic(Path::new("/dev/null"), b"gone\n").unwrap();
    let null = std::fs::symlink_metadata("/dev/null").unwrap();
    assert!(null.file_type().is_char_device());
}

#[test]
fn a_link_is_followed_and_stays_a_link() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("real.csv");
    let link = dir.path().join("link.csv");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    write_atomic(&link, b"new").unwrap();
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    let dangling = dir.path().join("dangling.csv");
    std::os::unix::fs::symlink(dir.path().join("missing/x.csv"), &dangling).unwrap();
    let e = write_atomic(&dangling, b"x").unwrap_err();
    assert!(
        e.to_string().contains("symbolic link to a missing file"),
        "{e}"
    );
    let e = write_atomic(dir.path(), b"x").unwrap_err();
    assert!(e.to_string().contains("is a folder"), "{e}");
}

#[test]
fn a_record_to_dash_goes_to_standard_output() {
    let out = crate::common::record_random_games("wolves_sheep", "-");
    let games = out.lines().filter(|l| l.starts_with('{')).count();
    assert_eq!(games, 2, "{out}");
    assert!(!Path::new("-").exists());
}

#[test]
fn temporaries_of_dead_writers_are_removed() {
    let dir = tempfile::tempdir().unwrap();
    let sub = dir.path().join("pages");
    std::fs::create_dir(&sub).unwrap();
    // 4194305 is above Linux's largest pid: that writer is dead. Process 1 runs.
    let dead = [
        dir.path().join(".fitness.png.4194305.tmp"),
        sub.join(".index.html.4194305.tmp"),
    ];
    let alive = dir.path().join(".weights.png.1.tmp");
    let other = dir.path().join("notes.4194305.tmp");
    for p in dead.iter().chain([&alive, &other]) {
        std::fs::write(p, "").unwrap();
    }
    let mut removed = remove_stale_temporaries(dir.path());
    removed.sort();
    let mut expected = dead.to_vec();
    expected.sort();
    assert_eq!(removed, expected);
    assert!(alive.exists() && other.exists());
}

fn row(generation: u32, weights: Vec<f64>) -> GenerationRow {
    GenerationRow {
        generation,
        games: 10,
        seconds: 1.5,
        sigma: 0.3,
        best: 0.6,
        mean: 0.5,
        opponent_scores: vec![0.55],
        theta: weights.clone(),
        weights,
        totals: MatchResult::default(),
        opponent_totals: Vec::new(),
        promotion: None,
        accuracy: None,
    }
}

#[test]
fn generations_csv_quotes_names_with_commas_and_quotes() {
    let dir = tempfile::tempdir().unwrap();
    let rows = [row(1, vec![1.0, 2.0]), row(2, vec![1.5, -2.0])];
    let opponents = ["engine \"x\", v2".to_string()];
    let labels = ["a,b,c".to_string(), "plain".to_string()];
    write_generations_csv(dir.path(), &rows, &opponents, &labels).unwrap();
    let t = read_generations_csv(&dir.path().join("generations.csv")).unwrap();
    assert!(
        t.columns.contains(&"weight:a,b,c".to_string()),
        "{:?}",
        t.columns
    );
    assert!(t.columns.contains(&"score:engine \"x\", v2".to_string()));
    assert_eq!(t.rows.len(), 2);
    assert_eq!(t.rows[1].len(), t.columns.len());
}
