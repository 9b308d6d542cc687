//! Round-robin tournaments: one row per ordered pair with consistent counts, the same
//! games whatever the thread count, the same starts for every pairing, every game
//! supported, and clear errors.

use weightforge::game::Features;
use weightforge::games::abalone::Abalone;
use weightforge::games::vampires_werewolves::VvwPosition;
use weightforge::games::war_of_life::WarOfLife;
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::tournament::{
    self, resolve_players, Row, TournamentError, TournamentSettings, CSV_HEADER,
};

fn names(list: &[&str]) -> Vec<String> {
    list.iter().map(|s| s.to_string()).collect()
}

fn play<G: Features>(players: &[&str], games: u64, seed: u64, threads: usize) -> Vec<Row> {
    let entrants = resolve_players::<G>(&names(players)).expect("players resolve");
    let settings = TournamentSettings::defaults::<G>(games, seed);
    rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .unwrap()
        .install(|| tournament::run::<G>(&entrants, &settings, false, &|| ()))
        .expect("the tournament runs")
        .0
}

/// Everything but the wall-clock time.
fn results(rows: &[Row]) -> Vec<(String, String, u64, u64, u64, u64, u64)> {
    rows.iter()
        .map(|r| {
            (
                r.p1.clone(),
                r.p2.clone(),
                r.games,
                r.p1_wins,
                r.p2_wins,
                r.draws,
                r.avg_length.to_bits(),
            )
        })
        .collect()
}

#[test]
fn every_ordered_pair_gets_a_consistent_row() {
    let players = ["random", "land_grab", "minimax"];
    let rows = play::<WarOfLife>(&players, 10, 3, 2);
    assert_eq!(rows.len(), 9);
    for (k, r) in rows.iter().enumerate() {
        assert_eq!(r.p1, players[k / 3]);
        assert_eq!(r.p2, players[k % 3]);
        assert_eq!(r.games, 10);
        assert_eq!(r.p1_wins + r.p2_wins + r.draws, 10, "{r:?}");
        assert!(r.avg_length >= 1.0 && r.avg_length <= 250.0, "{r:?}");
        assert!(r.avg_time_s >= 0.0);
    }
    // The coursework's ranking shows even in ten games: minimax beats random as P1.
    assert!(rows[6].p1_wins >= 8, "{:?}", rows[6]);
    let csv = tournament::to_csv(&rows);
    let lines: Vec<&str> = csv.lines().collect();
    assert_eq!(lines.len(), 10);
    assert_eq!(lines[0], CSV_HEADER);
    assert!(
        lines[5].starts_with("land_grab,land_grab,10,"),
        "{}",
        lines[5]
    );
}

#[test]
fn thread_count_does_not_change_the_games() {
    let players = ["random", "bloodlust", "land_grab", "minimax"];
    let one = play::<WarOfLife>(&players, 6, 11, 1);
    let three = play::<WarOfLife>(&players, 6, 11, 3);
    assert_eq!(results(&one), results(&three));
    // Another seed gives other games.
    let other = play::<WarOfLife>(&players, 6, 12, 2);
    assert_ne!(results(&one), results(&other));
}

#[test]
fn starts_do_not_depend_on_the_other_players() {
    // Game k of every pairing starts from opening k of the seed, and the moves of
    // players (i, j) are seeded from (seed, k, i, j): adding a player leaves the games
    // of the first pairing unchanged.
    let alone = play::<WarOfLife>(&["land_grab"], 30, 8, 2);
    let more = play::<WarOfLife>(&["land_grab", "random"], 30, 8, 2);
    assert_eq!(results(&alone)[0], results(&more)[0]);
}

#[test]
fn every_game_plays_a_tournament() {
    fn small<G: Features>() {
        let rows = play::<G>(&["random"], 2, 1, 2);
        assert_eq!(rows.len(), 1, "{}", G::NAME);
        assert_eq!(rows[0].p1_wins + rows[0].p2_wins + rows[0].draws, 2);
    }
    small::<WolvesSheep>();
    small::<WarOfLife>();
    small::<Abalone>();
    small::<VvwPosition>();
    let rows = play::<WolvesSheep>(&["luo2023", "random"], 2, 1, 2);
    assert_eq!(rows.len(), 4);
}

#[test]
fn random_starts_are_the_opening_and_fixed_starts_get_random_plies() {
    assert_eq!(
        TournamentSettings::defaults::<WarOfLife>(1, 1)
            .openings
            .opening_plies,
        0
    );
    assert!(
        TournamentSettings::defaults::<WolvesSheep>(1, 1)
            .openings
            .opening_plies
            > 0
    );
}

#[test]
fn bad_tournaments_get_clear_errors() {
    let e = resolve_players::<WarOfLife>(&names(&["random", "nobody"])).unwrap_err();
    let msg = e.to_string();
    assert!(
        matches!(e, TournamentError::Player { position: 2, .. }),
        "{msg}"
    );
    assert!(msg.contains("\"nobody\""), "{msg}");
    assert!(
        msg.contains("land_grab") && msg.contains("minimax"),
        "{msg}"
    );

    let e = resolve_players::<WarOfLife>(&[]).unwrap_err();
    assert!(matches!(e, TournamentError::NoPlayers));

    let entrants = resolve_players::<WarOfLife>(&names(&["random"])).unwrap();
    let settings = TournamentSettings::defaults::<WarOfLife>(0, 1);
    let e = tournament::run::<WarOfLife>(&entrants, &settings, false, &|| ()).unwrap_err();
    assert!(matches!(e, TournamentError::NoGames), "{e}");
    assert!(tournament::run::<WarOfLife>(&[], &settings, false, &|| ()).is_err());

    // A genome of another game is refused with the file named.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("ws.ron");
    std::fs::write(
        &path,
        include_str!("../../genomes/wolves_sheep/luo2023.ron"),
    )
    .unwrap();
    let e = resolve_players::<WarOfLife>(&[path.display().to_string()]).unwrap_err();
    assert!(e.to_string().contains("ws.ron"), "{e}");
}
