//! Position files, version 2 (docs/positions.md): rows keep their role, result and
//! score through a write and a read; a version 1 file still reads as rows for both
//! roles; a bad row, a file of another game, an overlong line and bytes that are not
//! UTF-8 are errors naming the file and the line.

use weightforge::fit::positions_file::{self, PositionFileError, PositionRow};
use weightforge::game::{Features, Game};
use weightforge::games::abalone::Abalone;
use weightforge::games::wolves_sheep::WolvesSheep;

fn rows(text: &str) -> Vec<PositionRow> {
    vec![
        PositionRow {
            role: 0,
            result: 0.0,
            score: -0.84,
            text: text.into(),
        },
        PositionRow {
            role: 1,
            result: 1.0,
            score: 0.84,
            text: text.into(),
        },
        PositionRow {
            role: 1,
            result: 0.5,
            score: f32::NAN,
            text: text.into(),
        },
        PositionRow {
            role: 0,
            result: f32::NAN,
            score: 2.5,
            text: text.into(),
        },
    ]
}

#[test]
fn version_2_rows_round_trip_with_their_roles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("p.txt");
    let start = WolvesSheep::new();
    let written = rows(&start.to_text());
    let comments = vec!["made by: a test\nwith a newline".to_string()];
    positions_file::write_rows::<WolvesSheep>(&path, &comments, &written).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    assert!(
        text.starts_with("# weightforge positions v2 wolves_sheep"),
        "{text}"
    );
    assert_eq!(
        text.lines().count(),
        2 + written.len(),
        "one comment line: {text}"
    );

    let back = positions_file::read_rows::<WolvesSheep>(&path).unwrap();
    assert_eq!(
        back.comments,
        vec!["made by: a test with a newline".to_string()]
    );
    assert_eq!(back.rows.len(), written.len());
    for ((pos, got), want) in back.rows.iter().zip(&written) {
        assert_eq!(pos.to_text(), want.text);
        assert_eq!((got.role, &got.text), (want.role, &want.text));
        for (a, b) in [(got.result, want.result), (got.score, want.score)] {
            assert!(a == b || (a.is_nan() && b.is_nan()), "{a} vs {b}");
        }
    }

    // Each row trains its own role only: two wolves rows, two sheep rows.
    let s = positions_file::read::<WolvesSheep>(&path).unwrap();
    assert_eq!((s.rows(0), s.rows(1)), (2, 2));
    assert_eq!(s.labels[1][..2], [1.0, 0.5]);
    assert!(s.labels[0][1].is_nan() && s.scores[0][1] == 2.5);
    let mut f = vec![0.0; s.width];
    start.features(1, &mut f);
    assert_eq!(&s.features[1][..s.width], &f[..]);
}

#[test]
fn version_1_files_still_give_rows_for_both_roles() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("v1.txt");
    let start = WolvesSheep::new();
    std::fs::write(
        &path,
        format!("# old\n1 {t}\n\n0.5 {t}\n", t = start.to_text()),
    )
    .unwrap();
    let s = positions_file::read::<WolvesSheep>(&path).unwrap();
    // The side to move in the start is wolves (role 0): its label is the file's.
    assert_eq!(s.labels[0], vec![1.0, 0.5]);
    assert_eq!(s.labels[1], vec![0.0, 0.5]);
    assert!(s.scores[0].iter().all(|x| x.is_nan()));
}

fn line_error<G: Features>(path: &std::path::Path) -> (usize, String) {
    match positions_file::read_rows::<G>(path) {
        Err(PositionFileError::Line { line, message, .. }) => (line, message),
        other => panic!(
            "expected a line error, got {:?}",
            other.map(|f| f.rows.len())
        ),
    }
}

#[test]
fn bad_rows_name_their_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("bad.txt");
    let t = WolvesSheep::new().to_text();
    let head = "# weightforge positions v2 wolves_sheep <role> <result> <score> <position>\n";
    let cases = [
        (
            format!("{head}wolves 1 0.2 {t}\nfoxes 1 0.2 {t}\n"),
            3,
            "role",
        ),
        (format!("{head}wolves 2 0.2 {t}\n"), 2, "result"),
        (format!("{head}wolves 1 nan {t}\n"), 2, "score"),
        (format!("{head}wolves 1 0.2\n"), 2, "expected"),
        (format!("{head}wolves 1 0.2 not-a-board\n"), 2, ""),
        (
            format!("{head}wolves 1 0.2 {}\n", "S".repeat(5000)),
            2,
            "longer than",
        ),
        (format!("1 {t}\n- {t}\n"), 2, "label"),
    ];
    for (text, line, word) in cases {
        std::fs::write(&path, &text).unwrap();
        let (got, message) = line_error::<WolvesSheep>(&path);
        assert_eq!(got, line, "{message}");
        assert!(message.contains(word), "{word:?} in {message:?}");
    }
    let mut bytes = head.as_bytes().to_vec();
    bytes.extend_from_slice(b"wolves 1 0.2 \xff\xfe\n");
    std::fs::write(&path, bytes).unwrap();
    assert_eq!(
        line_error::<WolvesSheep>(&path),
        (2, "not UTF-8".to_string())
    );

    // A file of another game is refused at its header.
    positions_file::write_rows::<WolvesSheep>(&path, &[], &rows(&t)).unwrap();
    let (line, message) = line_error::<Abalone>(&path);
    assert_eq!(line, 1);
    assert!(message.contains("wolves_sheep"), "{message}");
    let e = positions_file::read::<Abalone>(&path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("bad.txt:1:"), "{e}");
}
