//! docs/reference/cli.md is what `weightforge cli-reference` generates from the clap
//! definitions: a flag added, renamed or reworded without regenerating the page fails
//! here. Every command's help also ends with examples.

use crate::common::{ok, weightforge};

#[test]
fn committed_cli_reference_is_the_generated_one() {
    let generated = ok(&weightforge(&["cli-reference"]));
    let committed = std::fs::read_to_string("docs/reference/cli.md").unwrap();
    assert!(
        generated == committed,
        "docs/reference/cli.md is stale: run `cargo run --release -- cli-reference --out docs/reference/cli.md` and commit it"
    );
}

#[test]
fn every_command_has_examples_and_its_own_threads_text() {
    let reference = ok(&weightforge(&["cli-reference"]));
    let sections: Vec<&str> = reference.split("\n## `weightforge ").skip(1).collect();
    assert!(sections.len() >= 20, "{}", sections.len());
    for section in sections {
        let name = section.lines().next().unwrap();
        assert!(
            section.contains("```sh\nweightforge "),
            "{name} has no examples"
        );
        assert!(!section.contains("bench --tuner` takes"), "{name}");
    }
    let top = ok(&weightforge(&["vvw", "--help"]));
    assert!(top.contains("`arena`"), "{top}");
    for (cmd, text) in [
        ("match", "playing the games"),
        ("evolve", "each generation"),
        ("bench", "With --tuner a list"),
    ] {
        let help = ok(&weightforge(&[cmd, "--help"]));
        assert!(help.contains(text), "{cmd}: {help}");
    }
    let games = ok(&weightforge(&["games", "--help"]));
    assert!(!games.contains("--threads"), "{games}");
}
