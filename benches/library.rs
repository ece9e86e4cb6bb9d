//! Speed figures for the game library, each beside its anchor in the same run: the
//! import of a folder's games into a new library against reading the same files
//! without the database; a position search and an explorer answer against a scan of
//! the same games in memory; the master book's answers beside the library's; an import
//! asked again (every file skipped).
//!
//! `cargo bench --bench library` reads `tests/data`; `XIANGQI_LIBRARY_DIR=DIR` another
//! folder (the shared CCPD subset, unpacked: its 21,635 files).

use std::hint::black_box;
use std::path::{Path, PathBuf};

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use xiangqi::library::{Book, Filter, Library};
use xiangqi::rules::Position;
use xiangqi::rules::read::read_games_bytes;

fn folder() -> PathBuf {
    std::env::var_os("XIANGQI_LIBRARY_DIR").map_or_else(
        || Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data"),
        PathBuf::from,
    )
}

fn files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            files(&path, out);
        } else if path
            .extension()
            .is_some_and(|e| e.eq_ignore_ascii_case("pgn") || e.eq_ignore_ascii_case("xqf"))
        {
            out.push(path);
        }
    }
}

fn bench(c: &mut Criterion) {
    let dir = folder();
    let mut paths = Vec::new();
    files(&dir, &mut paths);
    let games: usize = paths
        .iter()
        .filter_map(|p| read_games_bytes(&std::fs::read(p).ok()?).ok())
        .map(|g| g.iter().filter(|r| r.is_ok()).count())
        .sum();
    eprintln!(
        "{} files, {games} games, from {}",
        paths.len(),
        dir.display()
    );

    let mut group = c.benchmark_group("library import");
    group.sample_size(10);
    group.throughput(Throughput::Elements(games as u64));
    // The anchor: the same files read, no database.
    group.bench_function("read only (anchor)", |b| {
        b.iter(|| {
            let mut n = 0;
            for p in &paths {
                if let Ok(g) = read_games_bytes(&std::fs::read(p).unwrap()) {
                    n += g.len();
                }
            }
            black_box(n)
        });
    });
    group.bench_function("import into a new library", |b| {
        b.iter(|| {
            let mut lib = Library::in_memory().unwrap();
            black_box(lib.import(std::slice::from_ref(&dir), |_| true).unwrap())
        });
    });
    group.finish();

    // A library and the same games in memory, for the searches.
    let mut lib = Library::in_memory().unwrap();
    lib.import(std::slice::from_ref(&dir), |_| true).unwrap();
    let lines: Vec<Vec<Position>> = paths
        .iter()
        .filter_map(|p| read_games_bytes(&std::fs::read(p).ok()?).ok())
        .flatten()
        .flatten()
        .map(|i| {
            let g = i.record.game;
            (0..=g.ply_count())
                .map(|p| g.position_at(p).clone())
                .collect()
        })
        .collect();
    let after = |moves: &str| {
        let mut pos = Position::new();
        for m in moves.split_whitespace() {
            pos = pos.play(m.parse().unwrap()).unwrap();
        }
        pos
    };
    let wanted = after("h2e2 h9g7 h0g2");
    let mut group = c.benchmark_group("library search");
    group.bench_function("scan of the games in memory (anchor)", |b| {
        b.iter(|| {
            black_box(
                lines
                    .iter()
                    .filter(|l| {
                        l.iter()
                            .any(|p| p.board() == wanted.board() && p.turn() == wanted.turn())
                    })
                    .count(),
            )
        });
    });
    group.bench_function("position search", |b| {
        let filter = Filter {
            position: Some(wanted.clone()),
            ..Filter::default()
        };
        b.iter(|| black_box(lib.find(&filter).unwrap().len()));
    });
    group.bench_function("explorer at the start", |b| {
        b.iter(|| black_box(lib.explore(&Position::new()).unwrap().len()));
    });
    // The master book compiled in, at the same positions (what a fresh install answers).
    group.bench_function("master book at the start", |b| {
        b.iter(|| black_box(Book::masters().explore(&Position::new()).len()));
    });
    group.bench_function(
        "master book after 炮二平五 马８进７ 马二进三",
        |b| {
            b.iter(|| black_box(Book::masters().explore(&wanted).len()));
        },
    );
    group.finish();

    // An import asked again: every file read before is skipped (a resumed import).
    let mut group = c.benchmark_group("library import again");
    group.sample_size(10);
    group.bench_function("every file skipped", |b| {
        b.iter(|| black_box(lib.import(std::slice::from_ref(&dir), |_| true).unwrap()));
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
