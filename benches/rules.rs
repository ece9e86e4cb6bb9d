//! Speed figures for the rules: perft from the start position (nodes per second), and
//! game-end detection on a full middlegame board (time per call).
//!
//! `cargo bench --bench rules`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::rules::{Position, perft};

/// A middlegame with all 32 pieces still on the board.
const MIDDLEGAME: &str = "r1bakab1r/9/1cn4c1/p1p1p1p1p/9/2P6/P3P1P1P/1CN3NC1/9/R1BAKAB1R w - - 0 4";
/// Checkmate with 31 pieces on the board: the worst case, every move must be tried.
const MATED: &str = "rnb1kaCnr/4a4/1c5c1/p1p1p3p/6p2/9/P1P1P1P1P/1C7/9/RNBAKABNR b - - 0 3";

fn bench_perft(c: &mut Criterion) {
    let start = Position::new();
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.throughput(Throughput::Elements(3_290_240));
    group.bench_function("start depth 4", |b| b.iter(|| perft(black_box(&start), 4)));
    group.finish();
}

fn bench_game_end(c: &mut Criterion) {
    let pos: Position = MIDDLEGAME.parse().expect("valid FEN");
    let mut group = c.benchmark_group("game end");
    group.bench_function("is_checkmate || is_stalemate", |b| {
        b.iter(|| {
            let p = black_box(&pos);
            p.is_checkmate() || p.is_stalemate()
        })
    });
    group.bench_function("legal_moves", |b| b.iter(|| black_box(&pos).legal_moves()));
    let mated: Position = MATED.parse().expect("valid FEN");
    assert!(mated.is_checkmate());
    group.bench_function("is_checkmate on a mated full board", |b| {
        b.iter(|| black_box(&mated).is_checkmate())
    });
    group.finish();
}

criterion_group!(benches, bench_perft, bench_game_end);
criterion_main!(benches);
