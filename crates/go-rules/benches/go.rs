//! Speed figures for the Go rules: random legal games on 19×19 (moves a second) under
//! simple ko, the anchor, and under positional superko (each move also looked up among
//! every earlier position) in the same run; and the legality test of one point in a
//! middle game.
//!
//! `cargo bench --bench go`

use std::hint::black_box;

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use go_rules::{Color, Game, KoRule, Move, Point, Rules};

/// Moves of one random game.
const MOVES: u64 = 300;

/// A random game of up to [`MOVES`] moves: each a random empty point that is legal
/// (tried in random order), or a pass when none is. The player keeps its list of empty
/// points and reads the board again only after a capture, as a playout does.
fn random_game(rules: Rules, seed: u64) -> Game {
    let mut game = Game::new(19, rules).expect("19×19");
    let mut state = seed;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    let mut empty: Vec<Point> = game.position().board().empty_points().collect();
    let mut taken = 0;
    for _ in 0..MOVES {
        // The points tried and refused go to the end of the list, out of the draw.
        let mut left = empty.len();
        let mut played = false;
        while left > 0 {
            let k = next(left);
            if game.play(Move::Play(empty[k])).is_ok() {
                empty.swap_remove(k);
                played = true;
                break;
            }
            left -= 1;
            empty.swap(k, left);
        }
        if !played {
            let _ = game.play(Move::Pass);
        }
        let pos = game.position();
        let now = pos.captures(Color::Black) + pos.captures(Color::White);
        if now != taken {
            taken = now;
            empty = pos.board().empty_points().collect();
        }
    }
    game
}

fn bench_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("go 19×19 random game");
    group.sample_size(20);
    group.throughput(Throughput::Elements(MOVES));
    // The same games under each rule: only the ko rule differs between the first two.
    let superko = Rules {
        ko: KoRule::Positional,
        ..Rules::CHINESE
    };
    for (name, rules) in [
        ("simple ko (anchor)", Rules::CHINESE),
        ("positional superko", superko),
        ("Tromp-Taylor (superko, suicide)", Rules::TROMP_TAYLOR),
    ] {
        let mut seed = 0;
        group.bench_function(name, |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(rules, seed))
            })
        });
    }
    group.finish();
}

fn bench_legality(c: &mut Criterion) {
    let game = random_game(Rules::TROMP_TAYLOR, 7);
    let board = *game.position().board();
    let empty: Vec<Point> = board.empty_points().collect();
    let mut group = c.benchmark_group("go legality");
    group.throughput(Throughput::Elements(empty.len() as u64));
    group.bench_function("every empty point of a 300-move game, superko", |b| {
        b.iter(|| {
            empty
                .iter()
                .filter(|&&p| black_box(&game).is_legal(Move::Play(p)))
                .count()
        })
    });
    group.finish();
}

/// The dead-stone suggestion on the end of a 19×19 game (the window must not wait for
/// it: under 200 ms, or on a thread).
fn bench_dead(c: &mut Criterion) {
    let game = random_game(Rules::CHINESE, 11);
    let mut group = c.benchmark_group("go dead stones");
    group.sample_size(10);
    group.bench_function("64 playouts on a 300-move 19×19 game", |b| {
        b.iter(|| go_rules::suggest_dead(black_box(game.position()), 64, 1))
    });
    group.finish();
}

criterion_group!(benches, bench_games, bench_legality, bench_dead);
criterion_main!(benches);
