//! `weightforge report reports/` lists every run of the folder: the runs that wrote a
//! run page (summary.json) and the committed reference run, which predates run pages
//! and is read from its experiment, generations and validation files.

use std::path::Path;

use weightforge::tune::report::page::index::write_index;

/// Copies the committed run's files into `to`.
fn copy_committed_run(to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for entry in std::fs::read_dir("reports/wolves_sheep").unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, to.join(path.file_name().unwrap())).unwrap();
    }
}

#[test]
fn the_index_lists_the_committed_run() {
    let dir = tempfile::tempdir().unwrap();
    copy_committed_run(&dir.path().join("wolves_sheep"));
    // A folder that is not a run is left out.
    std::fs::create_dir(dir.path().join("notes")).unwrap();
    std::fs::write(dir.path().join("notes/a.txt"), "x").unwrap();
    assert_eq!(write_index(dir.path()).unwrap(), 1);
    let html = std::fs::read_to_string(dir.path().join("index.html")).unwrap();
    for needed in [
        "<a href=\"./wolves_sheep/fitness.svg\">wolves_sheep</a>",
        "finished",
        "160 of 160",
        "171.1 ± 15.8 vs luo2023",
        "151.9 ± 8.1 vs li2023",
    ] {
        assert!(html.contains(needed), "{needed:?} missing from {html}");
    }
}

#[test]
fn a_run_folder_with_a_broken_experiment_is_an_error_naming_it() {
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("broken");
    copy_committed_run(&run);
    std::fs::write(run.join("experiment.ron"), "(name: ").unwrap();
    let err = write_index(dir.path()).unwrap_err().to_string();
    assert!(err.contains("experiment.ron"), "{err}");
}
