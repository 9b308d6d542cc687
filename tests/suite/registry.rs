//! The game registry holds together: the name list, the `--game` values and the
//! `with_game!` dispatch agree, in the registry's order; and docs/adding-a-game.md names
//! only trait items that exist.

use clap::ValueEnum;
use weightforge::game::Game;
use weightforge::game::GameEntry;
use weightforge::registry::GameId;
use weightforge::{with_game, GAME_NAMES};

#[test]
fn the_registry_lists_agree() {
    let ids: Vec<&str> = GameId::ALL.iter().map(|id| id.name()).collect();
    assert_eq!(ids, GAME_NAMES);
    let values: Vec<String> = GameId::value_variants()
        .iter()
        .map(|id| id.to_possible_value().unwrap().get_name().to_string())
        .collect();
    assert_eq!(values, GAME_NAMES);
    for (i, &name) in GAME_NAMES.iter().enumerate() {
        assert_eq!(with_game!(name, G => G::NAME, panic!("{name}")), name);
        let id = GameId::parse(name).unwrap();
        assert_eq!(id, GameId::ALL[i]);
        assert_eq!(with_game!(id, G => G::NAME), name);
        assert_eq!(GameId::from_str(name, false), Ok(id));
    }
    let mut unique = GAME_NAMES.to_vec();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), GAME_NAMES.len(), "game names must differ");
}

#[test]
fn unknown_games_are_refused_with_the_list() {
    assert!(with_game!("chess", G => Some(G::NAME), None).is_none());
    let err = GameId::parse("chess").unwrap_err().to_string();
    assert!(err.contains("unknown game \"chess\""), "{err}");
    for name in GAME_NAMES {
        assert!(err.contains(name), "{err}");
    }
}

fn bench_set_is_valid<G: GameEntry>() {
    let set = G::BENCH;
    assert!(
        !set.perft.is_empty() && !set.search.is_empty(),
        "{}",
        G::NAME
    );
    for (text, _) in set.perft {
        G::parse(text).unwrap_or_else(|e| panic!("{}: {e}", G::NAME));
    }
    weightforge::bench::positions::<G>(set.search).unwrap();
    assert!(G::BUILTIN_GENOMES.iter().any(|(n, _)| *n == set.genome));
}

#[test]
fn every_game_has_valid_bench_positions() {
    for &id in GameId::ALL {
        with_game!(id, G => bench_set_is_valid::<G>());
    }
}

/// The items `fn name`, `const NAME` and `type Name` written in backticks in `doc`.
fn named_items(doc: &str) -> Vec<String> {
    doc.split('`')
        .skip(1)
        .step_by(2)
        .filter(|s| {
            let mut words = s.split(' ');
            let kind = words.next().unwrap_or("");
            let name = words.next().unwrap_or("");
            ["fn", "const", "type"].contains(&kind)
                && words.next().is_none()
                && !name.is_empty()
                && name.chars().all(|c| c.is_alphanumeric() || c == '_')
        })
        .map(String::from)
        .collect()
}

/// Whether `src` declares `item` (`fn name(`, `const NAME:`, `type Name:` ...).
fn declares(src: &str, item: &str) -> bool {
    src.match_indices(item).any(|(i, _)| {
        src[i + item.len()..]
            .chars()
            .next()
            .is_some_and(|c| matches!(c, '(' | ':' | '<' | ';' | ' ' | '='))
    })
}

#[test]
fn the_adding_a_game_guide_names_only_items_that_exist() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |p: &str| std::fs::read_to_string(format!("{root}/{p}")).unwrap();
    let doc = read("docs/adding-a-game.md");
    let sources = [
        read("src/game/rules.rs"),
        read("src/game/features.rs"),
        read("src/game/entry.rs"),
    ];
    let items = named_items(&doc);
    assert!(
        items.len() > 30,
        "the guide names the trait items: {items:?}"
    );
    for item in &items {
        assert!(
            sources.iter().any(|src| declares(src, item)),
            "docs/adding-a-game.md names `{item}`, which no file of src/game/ declares"
        );
    }
}

/// The items (`fn name`, `const NAME`, `type Name`) declared in `trait_name`'s body in `src`.
fn trait_items(src: &str, trait_name: &str) -> Vec<String> {
    let start = src
        .find(&format!("pub trait {trait_name}"))
        .unwrap_or_else(|| panic!("trait {trait_name} is declared"));
    let body = &src[start..];
    let body = &body[..body.find("\n}\n").expect("the trait's body ends")];
    body.lines()
        .filter_map(|line| {
            let mut words = line.strip_prefix("    ")?.split([' ', '(', ':', '<', ';']);
            let kind = words.next()?;
            let name = words.next()?;
            ["fn", "const", "type"]
                .contains(&kind)
                .then(|| format!("{kind} {name}"))
        })
        .collect()
}

#[test]
fn the_adding_a_game_guide_names_every_trait_item() {
    let root = env!("CARGO_MANIFEST_DIR");
    let read = |p: &str| std::fs::read_to_string(format!("{root}/{p}")).unwrap();
    let doc = read("docs/adding-a-game.md");
    let named = named_items(&doc);
    for (file, trait_name) in [
        ("src/game/rules.rs", "Game"),
        ("src/game/features.rs", "Features"),
        ("src/game/entry.rs", "GameEntry"),
    ] {
        let items = trait_items(&read(file), trait_name);
        assert!(items.len() >= 4, "{trait_name}: {items:?}");
        for item in items {
            assert!(
                named.contains(&item),
                "docs/adding-a-game.md does not name `{item}` of {trait_name} ({file})"
            );
        }
    }
}
