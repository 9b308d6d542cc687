//! Property tests for every parser: experiment files, genomes and position and move
//! notations (every game of the registry, [`GameId::ALL`]), the course's state files
//! (Wolves & Sheep, Abalone), VvW maps and VvW protocol messages. The generators are
//! structure-aware: they start from a valid input and put boundary values (0, 1, 2^31,
//! 2^32−1, 2^64−1, ±inf, NaN, 1e308, empty, very long) into its numbers and strings, or
//! cut, splice and flip its bytes. Every input must give a value or an error, never a
//! panic, an abort or a hang; a value must satisfy the documented limits and print back to
//! itself.
//!
//! Cases per property: `WEIGHTFORGE_FUZZ_CASES` (default 64, for CI). A long run:
//! `WEIGHTFORGE_FUZZ_CASES=850000 cargo test --release --test suite fuzz_parsers::` (six
//! property runs plus two per game: with four games, 11.9 million inputs).

use proptest::prelude::*;
use proptest::test_runner::{Config, TestRunner};
use weightforge::game::{Features, GameEntry, GameRng, Start};
use weightforge::games::vampires_werewolves::{Map, VvwPosition};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::genome::Genome;
use weightforge::limits;
use weightforge::registry::GameId;
use weightforge::tune::experiment::Experiment;
use weightforge::vvw_tcp::protocol::{ClientMessage, Decoder, Message, ServerMessage};

/// Numbers at the edges of every integer and float type a file may hold.
const NUMBERS: &[&str] = &[
    "0",
    "1",
    "2",
    "-1",
    "2147483648",
    "4294967295",
    "4294967296",
    "18446744073709551615",
    "18446744073709551616",
    "-9223372036854775809",
    "inf",
    "-inf",
    "NaN",
    "1e308",
    "-1e308",
    "1e309",
    "5e-324",
    "0.0",
    "-0.0",
    "1.5",
    "",
    "0x10",
    "1_000",
];

fn cases() -> u32 {
    std::env::var("WEIGHTFORGE_FUZZ_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(64)
}

fn runner() -> TestRunner {
    TestRunner::new(Config {
        cases: cases(),
        failure_persistence: None,
        ..Config::default()
    })
}

/// A string at a boundary: empty, one character, long, odd characters.
fn boundary_string() -> impl Strategy<Value = String> {
    prop_oneof![
        Just(String::new()),
        Just("x".to_string()),
        Just("é\u{0}\u{feff}\"\\".to_string()),
        (0usize..3).prop_map(|k| "a".repeat([300, 70_000, 1 << 20][k])),
        "[ -~]{0,40}",
    ]
}

/// Byte ranges of the numbers in `text` (a digit run not inside a name).
fn number_spans(text: &str) -> Vec<(usize, usize)> {
    let b = text.as_bytes();
    let mut spans = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let starts = b[i].is_ascii_digit()
            && (i == 0 || !(b[i - 1].is_ascii_alphanumeric() || b[i - 1] == b'_'));
        if !starts {
            i += 1;
            continue;
        }
        let s = if i > 0 && b[i - 1] == b'-' { i - 1 } else { i };
        let mut e = i;
        while e < b.len() && (b[e].is_ascii_alphanumeric() || b"._+-".contains(&b[e])) {
            e += 1;
        }
        spans.push((s, e));
        i = e;
    }
    spans
}

/// Byte ranges of the quoted strings in `text`.
fn string_spans(text: &str) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut open = None;
    for (i, c) in text.char_indices() {
        if c == '"' {
            match open.take() {
                None => open = Some(i + 1),
                Some(s) => spans.push((s, i)),
            }
        }
    }
    spans
}

/// How a valid text is changed.
#[derive(Clone, Debug)]
enum Edit {
    /// Number `which` (mod count) becomes a boundary number.
    Number(usize, &'static str),
    /// Quoted string `which` becomes a boundary string.
    Text(usize, String),
    /// Bytes `at..at+len` replaced by `with`.
    Splice(usize, usize, Vec<u8>),
    /// Cut at `at`.
    Truncate(usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    prop_oneof![
        4 => (any::<usize>(), proptest::sample::select(NUMBERS)).prop_map(|(w, n)| Edit::Number(w, n)),
        2 => (any::<usize>(), boundary_string()).prop_map(|(w, s)| Edit::Text(w, s)),
        2 => (any::<usize>(), 0usize..8, proptest::collection::vec(any::<u8>(), 0..8))
            .prop_map(|(a, l, w)| Edit::Splice(a, l, w)),
        1 => any::<usize>().prop_map(Edit::Truncate),
    ]
}

/// `text` with one to three edits applied (lossy where bytes split a character).
fn apply(text: &str, edits: &[Edit]) -> String {
    let mut t = text.to_string();
    for e in edits {
        let replace =
            |t: &str, (s, e): (usize, usize), with: &str| format!("{}{with}{}", &t[..s], &t[e..]);
        t = match e {
            Edit::Number(w, n) => match number_spans(&t) {
                v if v.is_empty() => t,
                v => replace(&t, v[w % v.len()], n),
            },
            Edit::Text(w, s) => match string_spans(&t) {
                v if v.is_empty() => t,
                v => replace(&t, v[w % v.len()], &s.replace('"', "'")),
            },
            Edit::Splice(at, len, with) => {
                let mut b = t.into_bytes();
                let at = at % (b.len() + 1);
                let end = (at + len).min(b.len());
                b.splice(at..end, with.iter().copied());
                String::from_utf8_lossy(&b).into_owned()
            }
            Edit::Truncate(at) => {
                let mut b = t.into_bytes();
                b.truncate(at % (b.len() + 1));
                String::from_utf8_lossy(&b).into_owned()
            }
        };
    }
    t
}

fn edited(base: &'static str) -> impl Strategy<Value = String> {
    proptest::collection::vec(edit(), 1..4).prop_map(move |e| apply(base, &e))
}

const EXPERIMENT: &str = include_str!("../../experiments/wolves_sheep_quick.ron");

#[test]
fn experiments_resolve_or_fail_cleanly() {
    runner()
        .run(&edited(EXPERIMENT), |text| {
            let Ok(exp) = Experiment::parse(&text, "fuzz.ron") else {
                return Ok(());
            };
            if let Ok(r) = exp.resolve::<WolvesSheep>("fuzz.ron") {
                let e = &r.exp;
                prop_assert!(limits::GENERATIONS.check(e.generations.into()).is_ok());
                prop_assert!(limits::CANDIDATES.check(e.algorithm.candidates()).is_ok());
                prop_assert!(limits::PLY_CAP.check(r.ply_cap.into()).is_ok());
                for o in &r.opponents {
                    prop_assert!(o.pairs >= 1 && o.weight.is_finite());
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Genomes of `G`, edited from each of its built-in genomes, parse or fail; a parsed one
/// has finite weights and prints to a text that parses again.
fn genome_prop<G: GameEntry>() {
    let bases: Vec<&'static str> = G::BUILTIN_GENOMES.iter().map(|(_, text)| *text).collect();
    assert!(!bases.is_empty(), "{}: no built-in genome to edit", G::NAME);
    let input = proptest::sample::select(bases).prop_flat_map(edited);
    runner()
        .run(&input, |text| {
            if let Ok(g) = Genome::parse::<G>(&text, "fuzz.ron") {
                prop_assert!(g.weights.iter().flatten().all(|w| w.is_finite()));
                let again = Genome::parse::<G>(&g.to_ron::<G>(), "again.ron");
                prop_assert!(again.is_ok(), "{:?}", again.err().map(|e| e.to_string()));
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn genomes_of_every_game_parse_or_fail_cleanly() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => genome_prop::<G>());
    }
}

/// The text of `G`'s first start.
fn start_text<G: Features>() -> &'static str {
    let mut rng = <GameRng as rand::SeedableRng>::seed_from_u64(1);
    let pos = match G::resolve_start(G::start_names()[0]).expect("the first start resolves") {
        Start::Fixed(p) => p,
        Start::Random(f) => f(&mut rng),
    };
    Box::leak(pos.to_text().into_boxed_str())
}

/// Positions parse or fail; a parsed position prints to a text that parses to the same
/// text, and its legal moves' texts parse back to the same moves; any move text is a
/// move or an error.
fn position_prop<G: Features>() {
    let base = start_text::<G>();
    let input = (edited(base), edit(), "[ -~]{0,12}");
    runner()
        .run(&input, |(text, move_edit, junk)| {
            let Ok(pos) = G::parse(&text) else {
                return Ok(());
            };
            let printed = pos.to_text();
            let again = G::parse(&printed);
            prop_assert!(again.is_ok(), "{printed:?} does not parse back");
            prop_assert_eq!(again.unwrap().to_text(), printed.clone());
            let mut moves = Vec::new();
            pos.legal_moves(&mut moves);
            for mv in moves.iter().take(8) {
                let t = pos.move_text(*mv);
                prop_assert!(pos.parse_move(&t).is_ok(), "{printed}: move {t:?}");
                let _ = pos.parse_move(&apply(&t, std::slice::from_ref(&move_edit)));
            }
            let _ = pos.parse_move(&junk);
            Ok(())
        })
        .unwrap();
}

#[test]
fn positions_and_moves_of_every_game_parse_or_fail_cleanly() {
    for &id in GameId::ALL {
        weightforge::with_game!(id, G => position_prop::<G>());
    }
}

const WS_STATE: &str = "1,1,1,1,1\n1,1,1,1,1\n0,0,0,0,0\n0,0,0,0,0\n0,2,0,2,0\n";

#[test]
fn course_state_files_parse_or_fail_cleanly() {
    use weightforge::games::abalone::bcit::parse_input;
    use weightforge::games::wolves_sheep::state_file::parse_state;
    let abalone = include_str!("../data/abalone/bcit/Test1.input");
    runner()
        .run(&(edited(WS_STATE), edited(abalone)), |(ws, ab)| {
            let _ = parse_state(&ws, 0);
            let _ = parse_state(&ws, 1);
            let _ = parse_input(&ab);
            Ok(())
        })
        .unwrap();
}

/// A map file built from parts, each possibly a boundary value.
fn map_xml() -> impl Strategy<Value = String> {
    let num = || {
        prop_oneof![
            (0u32..20).prop_map(|n| n.to_string()),
            proptest::sample::select(NUMBERS).prop_map(str::to_string),
        ]
    };
    let element = (
        proptest::sample::select(&["Humans", "Vampires", "Werewolves", "Ghosts"][..]),
        num(),
        num(),
        num(),
    )
        .prop_map(|(e, x, y, c)| format!("  <{e} X=\"{x}\" Y=\"{y}\" Count=\"{c}\"/>\n"));
    (num(), num(), proptest::collection::vec(element, 0..12), any::<bool>()).prop_map(
        |(rows, cols, elements, bom)| {
            format!(
                "{}<?xml version=\"1.0\" encoding=\"utf-8\" ?>\n<Map Rows=\"{rows}\" Columns=\"{cols}\">\n{}</Map>\n",
                if bom { "\u{feff}" } else { "" },
                elements.concat()
            )
        },
    )
}

#[test]
fn vvw_maps_parse_or_fail_cleanly() {
    let input = (map_xml(), proptest::collection::vec(edit(), 0..2));
    runner()
        .run(&input, |(xml, edits)| {
            let text = apply(&xml, &edits);
            if let Ok(map) = Map::parse_bytes(text.as_bytes()) {
                if map.check_playable().is_ok() {
                    prop_assert!(VvwPosition::from_map(&map).is_ok());
                }
            }
            Ok(())
        })
        .unwrap();
}

/// Protocol bytes: a known or unknown tag, a count at a boundary, then some payload.
fn message_bytes() -> impl Strategy<Value = Vec<u8>> {
    let tag = proptest::sample::select(
        &[
            b"SET", b"HUM", b"HME", b"MAP", b"UPD", b"END", b"BYE", b"NME", b"MOV", b"XYZ",
        ][..],
    );
    let count = proptest::sample::select(&[0u8, 1, 2, 3, 127, 128, 255][..]);
    let payload = proptest::collection::vec(any::<u8>(), 0..64);
    proptest::collection::vec((tag, count, payload), 1..4).prop_map(|parts| {
        let mut b = Vec::new();
        for (t, c, p) in parts {
            b.extend_from_slice(t);
            b.push(c);
            b.extend_from_slice(&p);
        }
        b
    })
}

/// Feeds `bytes` in chunks of `chunk`; every decoded message re-encodes to bytes that
/// decode to the same message.
fn decode_all<M: Message + PartialEq + std::fmt::Debug>(bytes: &[u8], chunk: usize) {
    let mut d = Decoder::<M>::new();
    for part in bytes.chunks(chunk.max(1)) {
        d.feed(part);
        loop {
            match d.next_message() {
                Ok(Some(m)) => {
                    let mut again = Decoder::<M>::new();
                    again.feed(&m.to_bytes());
                    assert_eq!(again.next_message().ok().flatten(), Some(m));
                }
                Ok(None) => break,
                Err(_) => return,
            }
        }
    }
}

#[test]
fn vvw_protocol_messages_decode_or_fail_cleanly() {
    runner()
        .run(&(message_bytes(), 1usize..70), |(bytes, chunk)| {
            decode_all::<ServerMessage>(&bytes, chunk);
            decode_all::<ClientMessage>(&bytes, chunk);
            Ok(())
        })
        .unwrap();
}

/// Engine protocol lines, both ways, from a valid session's lines with boundary edits.
const ENGINE_LINES: &[&str] = &[
    "id name my engine 2",
    "weight WOLF_ROOM -12 -40 40",
    "weight THREAT 3.5",
    "ready",
    "move 12-23",
    "info depth 3 score 120",
    "weightforge 1",
    "newgame wolves_sheep wolves 18446744073709551615",
    "set WOLF_ROOM 10.5",
    "position SSSSS/SSSSS/...../...../.W.W. w",
    "go depth 3 movetime 100",
    "quit",
];

#[test]
fn engine_protocol_lines_parse_or_fail_cleanly() {
    use weightforge::engine::protocol::{Message, Reply};
    let lines = proptest::sample::select(ENGINE_LINES)
        .prop_flat_map(|l| proptest::collection::vec(edit(), 0..4).prop_map(move |e| apply(l, &e)));
    runner()
        .run(&lines, |line| {
            let quotes = |e: &dyn std::fmt::Display| e.to_string().contains(&format!("{line:?}"));
            match Reply::parse(&line) {
                Ok(Reply::Weight(w)) => {
                    prop_assert!(w.default.is_finite());
                    if let Some((lo, hi)) = w.bounds {
                        prop_assert!(lo < hi && (lo..=hi).contains(&w.default));
                    }
                }
                Ok(Reply::Move(m)) => {
                    prop_assert!(!m.is_empty() && !m.contains(char::is_whitespace))
                }
                Ok(_) => {}
                Err(e) => prop_assert!(quotes(&e), "{e} does not quote the line"),
            }
            match Message::parse(&line) {
                Ok(Message::Set { value, .. }) => prop_assert!(value.is_finite()),
                Ok(Message::Go { depth: Some(d), .. }) => {
                    prop_assert!(limits::DEPTH.check(d.into()).is_ok())
                }
                Ok(_) => {}
                Err(e) => prop_assert!(quotes(&e), "{e} does not quote the line"),
            }
            Ok(())
        })
        .unwrap();
}

#[test]
fn engine_spellings_parse_or_fail_cleanly() {
    use weightforge::engine::EngineSpec;
    let base = r#"engine:"python3 my_ai.py --level 3",dir=examples/engines,movetime=100"#;
    runner()
        .run(&edited(base), |text| {
            if let Ok(spec) = EngineSpec::parse(&text) {
                prop_assert!(!spec.command.is_empty());
            }
            Ok(())
        })
        .unwrap();
}
