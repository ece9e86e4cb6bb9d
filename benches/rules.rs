//! Speed figures for the rules: perft from the start position (nodes per second),
//! game-end detection on a full middlegame board (time per call), and what a move played
//! in a game costs with the referee's work (check, chase, repetition) included.
//!
//! `cargo bench --bench rules`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::rules::{Game, Move, Position, perft};

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

/// The longest repetition cycle of the AXF cases (8 plies, twice over): both sides'
/// chariots and cannons shuttling with checks (tests/data/axf-cases.txt).
const LONG_CYCLE: &str = "4k4/9/r1r6/9/PPPP5/9/9/9/1C7/5K3 w - - 0 1";
const LONG_CYCLE_MOVES: &str = "b1a1 a7b7 a1c1 c7d7 c1b1 b7a7 b1d1 d7c7 d1a1 a7b7 a1c1 c7d7 \
    c1b1 b7a7 b1d1 d7c7 d1a1";

fn bench_referee(c: &mut Criterion) {
    let mut group = c.benchmark_group("referee");
    // A move in a full middlegame: the legality check, the judgement of the new position
    // as the game asks for it after each move (mate, the repetition scan: nothing
    // repeats), and taking it back.
    let mut game = Game::from_position(MIDDLEGAME.parse().expect("valid FEN"));
    let m: Move = "h2h6".parse().expect("a move");
    group.bench_function("play and undo a middlegame move", |b| {
        b.iter(|| {
            game.play(black_box(m)).expect("legal");
            black_box(game.outcome());
            game.undo()
        })
    });
    // The move that completes a three-fold repetition of a long cycle: the whole cycle
    // judged for perpetual check and chase.
    let moves: Vec<Move> = LONG_CYCLE_MOVES
        .split_whitespace()
        .map(|m| m.parse().expect("a move"))
        .collect();
    let (last, before) = moves.split_last().expect("moves");
    let mut game = Game::from_position(LONG_CYCLE.parse().expect("valid FEN"));
    for &m in before {
        game.play(m).expect("legal");
    }
    game.play(*last).expect("legal");
    assert!(game.outcome().is_some(), "the cycle ends the game");
    game.undo();
    group.bench_function(
        "play the move completing a 16-ply repetition, and undo",
        |b| {
            b.iter(|| {
                game.play(black_box(*last)).expect("legal");
                black_box(game.outcome());
                game.undo()
            })
        },
    );
    group.finish();
}

criterion_group!(benches, bench_perft, bench_game_end, bench_referee);
criterion_main!(benches);
