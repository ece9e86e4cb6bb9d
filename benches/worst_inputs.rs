//! What each reader costs on its worst known input at the 1 MB limit (the inputs of
//! `tests/worst/inputs.rs`; the test there holds each under a generous bound in CI).
//! The target is 100 ms each; above one frame (16 ms) the game reads on a thread. The
//! anchor, in the same run: reading a real 3-game file of the test data.
//!
//! `cargo bench --bench worst_inputs`

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi::rules::read;

#[path = "../tests/worst/inputs.rs"]
mod inputs;

fn bench_worst(c: &mut Criterion) {
    let mut group = c.benchmark_group("worst");
    let real = std::fs::read("tests/data/three-games.pgn").unwrap();
    group.bench_function("anchor: a real 3-game file", |b| {
        b.iter(|| read::read_games_bytes(black_box(&real)).map(|g| g.len()))
    });
    for (name, reader, bytes) in inputs::all() {
        group.bench_function(name, |b| b.iter(|| inputs::run(reader, black_box(&bytes))));
    }
    group.finish();
}

criterion_group! {
    name = benches;
    // Each input takes up to a few hundred milliseconds: ten samples are plenty.
    config = Criterion::default().sample_size(10);
    targets = bench_worst
}
criterion_main!(benches);
