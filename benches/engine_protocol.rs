//! Engine protocol speed: one move's round trip through the pipe (`position` + `go`
//! out, `move` back, checked by the referee) against `weightforge engine` searching one
//! ply, next to the same one-ply move in process. The difference is the protocol's cost.
//!
//! `cargo bench --bench engine_protocol -- --warm-up-time 1 --measurement-time 3`

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use weightforge::game::{Game, GameRng, MatchRules};
use weightforge::games::wolves_sheep::WolvesSheep;
use weightforge::player::{Agent, PlayerSpec};

fn bench_round_trip(c: &mut Criterion) {
    let pos = WolvesSheep::parse("SSSSS/SSSSS/...../...../.W.W. w").expect("fixed position");
    let rules = MatchRules::capped(WolvesSheep::DEFAULT_PLY_CAP);
    let engine = format!(
        "engine:\"{} engine --game wolves_sheep --genome luo2023\"",
        env!("CARGO_BIN_EXE_weightforge")
    );
    let players = [
        (
            "in_process",
            PlayerSpec::resolve::<WolvesSheep>("luo2023").expect("built-in"),
        ),
        (
            "through_pipe",
            PlayerSpec::resolve::<WolvesSheep>(&engine).expect("engine starts"),
        ),
    ];
    let mut group = c.benchmark_group("engine_move_depth1");
    for (name, spec) in &players {
        let mut agent = Agent::<WolvesSheep>::new(spec, 0, Some(1), rules);
        let mut rng = GameRng::seed_from_u64(1);
        group.bench_function(*name, |b| {
            b.iter(|| black_box(agent.choose(black_box(&pos), &mut rng).expect("no fault")))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_round_trip);
criterion_main!(benches);
