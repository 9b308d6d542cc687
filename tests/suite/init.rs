//! `weightforge init`: the experiment it writes for every game loads, passes the checks
//! `evolve` makes before a run, and keeps every value of the game's committed
//! experiment except the name and the short budget.

use crate::common::{fails, ok, weightforge};
use weightforge::registry::GameId;
use weightforge::tune::experiment::Experiment;
use weightforge::with_game;

#[test]
fn init_writes_an_experiment_that_loads_for_every_game() {
    let dir = tempfile::tempdir().unwrap();
    for game in GameId::ALL {
        let name = game.name();
        let out = dir.path().join(format!("{name}.ron"));
        let printed = ok(&weightforge(&[
            "init",
            "--game",
            name,
            "--out",
            out.to_str().unwrap(),
        ]));
        assert!(printed.contains("weightforge evolve"), "{printed}");
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(
            text.lines()
                .filter(|l| l.trim_start().starts_with("//"))
                .count()
                > 15
        );
        let exp = Experiment::load(&out).unwrap_or_else(|e| panic!("{name}: {e}"));
        with_game!(name, G => { exp.resolve::<G>(&out.display().to_string()).unwrap(); }, panic!());
        let committed = Experiment::load(format!("experiments/{name}.ron").as_ref()).unwrap();
        assert_eq!(exp.name, format!("my_{name}"));
        assert_eq!(exp.generations, committed.generations.min(10));
        assert_eq!(exp.validation.pairs, committed.validation.pairs.min(50));
        let same = Experiment {
            name: committed.name.clone(),
            generations: committed.generations,
            validation: committed.validation.clone(),
            ..exp.clone()
        };
        assert_eq!(
            same, committed,
            "{name}: a value of the committed experiment was lost"
        );
    }
}

#[test]
fn init_prints_without_out_and_never_overwrites() {
    let printed = ok(&weightforge(&["init", "--game", "wolves_sheep"]));
    assert!(printed.contains("name: \"my_wolves_sheep\""), "{printed}");
    let dir = tempfile::tempdir().unwrap();
    let out = dir.path().join("taken.ron");
    std::fs::write(&out, "mine").unwrap();
    let err = fails(&["init", "--game", "abalone", "--out", out.to_str().unwrap()]);
    assert!(err.contains("already exists"), "{err}");
    assert_eq!(std::fs::read_to_string(&out).unwrap(), "mine");
    let err = fails(&["init", "--game", "chess"]);
    assert!(err.contains("wolves_sheep"), "{err}");
}
