//! Every integration test lives in this one binary: each file of tests/suite/ is a
//! module of it, so `cargo test` compiles and links the tests (and the generic search
//! code they instantiate) once, instead of once per file. `cargo test --test suite
//! <module>::` runs one file's tests; a new test file is one file here plus one `mod`
//! line below.

mod common;

mod abalone_cli;
mod abalone_make_unmake;
mod abalone_oracles;
mod abalone_play;
mod accuracy;
mod bad_inputs;
mod choice_fit;
mod cli;
mod cli_reference;
mod cli_tournament;
mod datagen;
mod engine_c;
mod engine_fit;
mod engine_frictions;
mod engine_hostile;
mod engine_protocol;
mod engine_tune;
mod files_written;
mod fit_per_role;
mod fuzz_parsers;
mod gate;
mod guide_commands;
mod hostile_inputs;
mod house_rules;
mod init;
mod line_search;
mod make_unmake;
mod match_budget;
mod needed_features;
mod oracle_positions;
mod perft;
mod positions_file;
mod progress_log;
mod python_export;
mod quiescence;
mod records;
mod registry;
mod replay_checks;
mod report_index;
mod reproduce_quick;
mod rescore;
mod role_select;
mod run_page;
mod search_agrees_with_minimax;
mod search_chance;
mod soak;
mod solve_brute_force;
mod solve_file;
mod sprt;
mod staged;
mod tables;
mod tables_fit;
mod tables_run;
mod texel;
mod tournament;
mod tune;
mod unit_checkpoint;
mod vampires_werewolves_arena;
mod vampires_werewolves_client;
mod vampires_werewolves_map;
mod vampires_werewolves_protocol;
mod vampires_werewolves_rules;
mod vampires_werewolves_server;
mod verdicts;
mod war_of_life_oracles;
mod war_of_life_props;
mod war_of_life_rules;
mod war_of_life_strategies;
mod wolves_sheep_make_unmake;
mod wolves_sheep_oracles;
