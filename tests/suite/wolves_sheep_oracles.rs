//! Wolves & Sheep against the shared oracle data (tests/data/wolves_sheep/, see its
//! README): per-position move lists and statuses, and complete games (its perft counts
//! are checked in tests/suite/perft.rs with every game's).

use crate::common::oracle;
use weightforge::game::{Game, MatchRules, Status};
use weightforge::games::wolves_sheep::WolvesSheep;

fn read(name: &str) -> String {
    oracle::read("wolves_sheep", name)
}

fn status_word(pos: &WolvesSheep) -> String {
    pos.status_word(pos.status())
}

#[test]
fn positions_have_the_oracle_status_and_moves() {
    let text = read("positions.txt");
    let mut checked = 0;
    let mut moves = Vec::new();
    for l in oracle::lines(&text) {
        let (n, line, f) = (l.number - 1, l.text, &l.fields);
        let pos = WolvesSheep::parse(&format!("{} {}", f[0], f[1])).unwrap();
        assert_eq!(pos.to_text(), format!("{} {}", f[0], f[1]), "round trip");
        assert_eq!(status_word(&pos), f[2], "line {}: {line}", n + 1);
        pos.legal_moves(&mut moves);
        let mut got: Vec<String> = moves.iter().map(|&m| pos.move_text(m)).collect();
        got.sort();
        let want: Vec<String> = f[3..].iter().map(|s| s.to_string()).collect();
        assert_eq!(got, want, "line {}: {line}", n + 1);
        checked += 1;
    }
    assert_eq!(checked, 1488);
}

#[test]
fn games_replay_to_the_oracle_result() {
    let text = read("games.txt");
    let mut games = 0;
    for block in oracle::blocks(&text) {
        let mut pos = WolvesSheep::new();
        let rules = MatchRules::capped(300);
        let (last, plies) = block.split_last().unwrap();
        for line in plies {
            let (f, line) = (&line.fields, line.text);
            assert_eq!(pos.to_text(), format!("{} {}", f[0], f[1]), "{line}");
            assert_eq!(rules.status(&pos), Status::Ongoing, "{line}");
            let mv = pos
                .parse_move(f[2])
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            pos.make(mv, ());
        }
        let (f, last) = (&last.fields, last.text);
        assert_eq!(f[0], "result");
        let want_plies: u32 = f[3].parse().unwrap();
        assert_eq!(pos.ply(), want_plies, "{last}");
        assert_eq!(pos.status_word(rules.status(&pos)), f[1], "{last}");
        games += 1;
    }
    assert_eq!(games, 20);
}
