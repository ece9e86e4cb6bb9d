//! What an autosave costs the game's main thread as the undo history grows: the
//! session's snapshot text is made on the main thread after every change, and the
//! atomic write (two fsyncs) happens on the writer thread. Measured with one game in the
//! history and with 50 finished games of 100 plies before it (a long evening's play:
//! every new game is undoable, so all of them stay in the history).
//!
//! `cargo bench --bench autosave`

use std::hint::black_box;

use criterion::{BenchmarkId, Criterion, criterion_group, criterion_main};
use xiangqi::games::xiangqi::session::Session;
use xiangqi::rules::Position;
use xiangqi::storage::{BackgroundWriter, atomic_write};

/// A session whose history holds `games` games of up to `plies` plies each (a
/// deterministic walk through the legal moves), the last one being played.
fn session(games: usize, plies: usize) -> Session {
    let mut s = Session::new();
    let mut seed = 7u64;
    for g in 0..games {
        if g > 0 {
            s.new_game();
        }
        for _ in 0..plies {
            let pos: Position = s.game().position().clone();
            let moves = pos.legal_moves();
            if moves.is_empty() || s.outcome().is_some() {
                break;
            }
            seed = seed
                .wrapping_mul(6364136223846793005)
                .wrapping_add(1442695040888963407);
            let _ = s.play(moves[(seed >> 33) as usize % moves.len()]);
        }
    }
    s
}

fn bench_autosave(c: &mut Criterion) {
    let dir = std::env::temp_dir().join(format!("xiangqi-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("autosave.txt");
    let mut group = c.benchmark_group("autosave");
    for games in [1, 50] {
        let mut s = session(games, 100);
        group.bench_with_input(BenchmarkId::new("snapshot", games), &games, |b, _| {
            b.iter(|| black_box(&s).to_snapshot())
        });
        // What the main thread pays per move: the snapshot and a hand-off.
        let writer = BackgroundWriter::new();
        group.bench_with_input(
            BenchmarkId::new("main thread (snapshot + hand-off)", games),
            &games,
            |b, _| b.iter(|| writer.write(path.clone(), black_box(&s).to_snapshot().into_bytes())),
        );
        drop(writer);
        // The anchor: the same write done on the main thread, as before.
        group.bench_with_input(
            BenchmarkId::new("anchor: snapshot + atomic write inline", games),
            &games,
            |b, _| b.iter(|| atomic_write(&path, black_box(&s).to_snapshot().as_bytes())),
        );
        s.undo();
    }
    group.finish();
    let _ = std::fs::remove_dir_all(&dir);
}

criterion_group!(benches, bench_autosave);
criterion_main!(benches);
