//! War of Life against the referee's own output (tests/data/war_of_life/, see its
//! README): every crank of next_generation.txt and every ply of games.txt.

use crate::common::oracle;
use weightforge::game::{Game, Status};
use weightforge::games::war_of_life::crank::{crank, crank_reference};
use weightforge::games::war_of_life::notation::{board_text, parse_board};
use weightforge::games::war_of_life::WarOfLife;

fn read(name: &str) -> String {
    oracle::read("war_of_life", name)
}

/// The referee's result word as ours.
fn our_word(referee: &str) -> &'static str {
    match referee {
        "b" => "blue_win",
        "r" => "red_win",
        "draw" => "draw",
        "stalemate" => "stalemate",
        "exhaust" => "exhausted",
        other => panic!("unknown referee result {other:?}"),
    }
}

#[test]
fn every_crank_matches_the_referee() {
    let text = read("next_generation.txt");
    let mut checked = 0;
    for line in oracle::lines(&text) {
        let n = line.number - 1;
        let (left, right) = line
            .text
            .split_once(" => ")
            .unwrap_or_else(|| panic!("line {}: no ' => '", n + 1));
        let (blue, red) = parse_board(left).unwrap_or_else(|e| panic!("line {}: {e}", n + 1));
        assert_eq!(board_text(blue, red), left, "line {}: round trip", n + 1);
        let (nb, nr) = crank(blue, red);
        assert_eq!(board_text(nb, nr), right, "line {}", n + 1);
        assert_eq!(crank_reference(blue, red), (nb, nr), "line {}", n + 1);
        checked += 1;
    }
    assert_eq!(checked, 1001);
}

#[test]
fn every_game_replays_to_the_referee_result() {
    let text = read("games.txt");
    let mut games = 0;
    let mut plies_checked = 0;
    let mut moves = Vec::new();
    for block in oracle::blocks(&text) {
        let (last, plies) = block.split_last().expect("a game has lines");
        let first = &plies[0].fields;
        let mut pos = WarOfLife::parse(&format!("{} {}", first[0], first[1])).unwrap();
        assert_eq!(WarOfLife::PLY_LIMIT, 250);
        for line in plies {
            let (f, line) = (&line.fields, line.text);
            assert_eq!(f.len(), 4, "{line}");
            assert_eq!(pos.to_text(), format!("{} {}", f[0], f[1]), "{line}");
            assert_eq!(pos.status(), Status::Ongoing, "{line}");
            let mv = pos
                .parse_move(f[2])
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            pos.legal_moves(&mut moves);
            assert!(moves.contains(&mv), "{line}: not generated");
            assert_eq!(pos.move_text(mv), f[2]);
            pos.make(mv, ());
            assert_eq!(pos.board_text(), f[3], "{line}");
            plies_checked += 1;
        }
        let (f, last) = (&last.fields, last.text);
        assert_eq!((f.len(), f[0], f[2]), (4, "result", "moves"), "{last}");
        let want_plies: u32 = f[3].parse().unwrap();
        assert_eq!(pos.ply(), want_plies, "{last}");
        assert_eq!(pos.status_word(pos.status()), our_word(f[1]), "{last}");
        pos.legal_moves(&mut moves);
        assert!(moves.is_empty(), "{last}: moves after the end");
        games += 1;
    }
    assert_eq!(games, 30);
    assert_eq!(plies_checked, 320);
}
