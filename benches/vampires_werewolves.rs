//! Speed of the Vampires vs Werewolves hot paths: move generation, make/unmake with an
//! outcome, chance outcomes, features, and a small perft, on the kit's testmap2 (15 × 29)
//! after a few plies of play.

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion};
use rand::SeedableRng;
use weightforge::game::{perft, Features, Game, GameExt, GameRng};
use weightforge::games::vampires_werewolves::{Map, VvwPosition};

fn midgame() -> VvwPosition {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/vampires_werewolves/maps/official_kit/testmap2.xml"
    );
    let mut pos = VvwPosition::from_map(&Map::load(path).expect("map")).expect("position");
    let mut rng = GameRng::seed_from_u64(3);
    let mut moves = Vec::new();
    for i in 0..12 {
        pos.legal_moves(&mut moves);
        // A fixed, varied choice: splits appear late in the list.
        let mv = moves[(i * 7) % moves.len()];
        pos.play(mv, &mut rng);
    }
    pos
}

fn bench(c: &mut Criterion) {
    let pos = midgame();
    let mut moves = Vec::with_capacity(128);
    pos.legal_moves(&mut moves);
    eprintln!("midgame: {} ({} plies)", pos.to_text(), moves.len());
    c.bench_function("vvw legal_moves", |b| {
        b.iter(|| {
            black_box(&pos).legal_moves(&mut moves);
            moves.len()
        })
    });
    pos.legal_moves(&mut moves);
    let mut outs = Vec::with_capacity(8);
    c.bench_function("vvw make+unmake (all plies, first outcome)", |b| {
        let mut p = pos;
        b.iter(|| {
            for &mv in &moves {
                p.outcomes(mv, &mut outs);
                let undo = p.make(mv, outs[0].0);
                black_box(p.hash());
                p.unmake(mv, undo);
            }
        })
    });
    let mut f = vec![0.0f32; VvwPosition::feature_info().len()];
    c.bench_function("vvw features", |b| {
        b.iter(|| black_box(&pos).features(0, &mut f))
    });
    c.bench_function("vvw perft 3", |b| {
        let mut p = pos;
        b.iter(|| perft(&mut p, 3))
    });
}

criterion_group!(benches, bench);
criterion_main!(benches);
