//! The move list's frame: the panel's egui pass (layout and tessellation, no GPU) with
//! a 10,000-node tree — a 300-move game with a 30-move line at every move — beside the
//! anchor, the same list with a 40-move game, in the same run; still, with the shown move
//! walking the main line (the list scrolls), and the frame after the tree changed (its
//! rows made again).
//!
//! `cargo bench --bench move_list`

use std::hint::black_box;

use bevy_egui::egui;
use criterion::{Criterion, criterion_group, criterion_main};
use xiangqi::app::panel::install_fonts;
use xiangqi::app::xiangqi::model::Model;
use xiangqi::app::xiangqi::panel::moves::{self, MovesUi};
use xiangqi::games::xiangqi::session::Session;
use xiangqi::i18n::Lang;
use xiangqi::rules::Notation;

/// A game of `main` moves (random legal moves, seeded) with a `line`-move variation at
/// each of them.
fn game(main: usize, line: usize) -> Session {
    let mut session = Session::new();
    let mut state = 7u64;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as usize) % n
    };
    let mut random_moves = |session: &mut Session, count: usize| {
        for _ in 0..count {
            let mut moves = session.shown_position().legal_moves().to_vec();
            let mut played = false;
            while !moves.is_empty() {
                let m = moves.swap_remove(next(moves.len()));
                if session.play(m).is_ok() {
                    played = true;
                    break;
                }
            }
            if !played {
                return;
            }
        }
    };
    random_moves(&mut session, main);
    let main_line = session.tree().main_line();
    // Random lines end early (a mate, a repetition refused): more lines until the tree
    // holds its share.
    let wanted = if line == 0 { 0 } else { 10_000 };
    for &node in main_line[..main_line.len().saturating_sub(1)]
        .iter()
        .cycle()
    {
        if line == 0 || session.tree().capacity() > wanted {
            break;
        }
        session.goto(node);
        random_moves(&mut session, line);
    }
    session.goto(*main_line.last().expect("moves"));
    session
}

fn frame(ctx: &egui::Context, model: &Model, state: &mut MovesUi) {
    let input = egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(360.0, 720.0),
        )),
        ..Default::default()
    };
    let out = ctx.run_ui(input, |ui| {
        moves::show(
            ui,
            model,
            Notation::Chinese,
            Lang::Zh,
            state,
            &mut |_| {},
            &mut |_| {},
        );
    });
    black_box(ctx.tessellate(out.shapes, out.pixels_per_point));
}

fn bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("move list frame");
    for (name, main, line) in [
        ("40-move game (anchor)", 40, 0),
        ("10,000-node tree", 300, 30),
    ] {
        let mut model = Model(game(main, line));
        let nodes = model.tree().capacity() - 1;
        let ctx = egui::Context::default();
        install_fonts(&ctx);
        let mut state = MovesUi::default();
        // The first frames: fonts loaded, rows made and measured.
        for _ in 0..3 {
            frame(&ctx, &model, &mut state);
        }
        group.bench_function(format!("{name}, {nodes} nodes, still"), |b| {
            b.iter(|| frame(&ctx, &model, &mut state))
        });
        let main_line = model.tree().main_line();
        let mut at = 0;
        group.bench_function(format!("{name}, the shown move walking"), |b| {
            b.iter(|| {
                at = (at + 1) % main_line.len();
                model.0.goto(main_line[at]);
                frame(&ctx, &model, &mut state);
            })
        });
        let node = main_line[main_line.len() / 2];
        let mut on = false;
        group.bench_function(format!("{name}, after a change (rows made again)"), |b| {
            b.iter(|| {
                on = !on;
                model.0.set_comment(node, if on { "!" } else { "" });
                frame(&ctx, &model, &mut state);
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
