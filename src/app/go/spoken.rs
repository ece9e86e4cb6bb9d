//! The Go board as a screen reader reads it (each point by its name and stone, row by
//! row from the top), and what is said of each stone, pass, refusal and result.

use bevy::prelude::*;

use super::table::Said;
use super::{GoHappened, GoTable, view};
use crate::app::go::learn::marks;
use crate::app::shell::access::{Spoken, SpokenBoard, SpokenPoint};
use crate::app::shell::model::Settings;
use crate::go::{Color, Point};
use crate::i18n::{GoText as G, Lang, T, go_illegal, go_result, spoken};

/// The shown position's points, row by row from the top, each with its stone.
pub(crate) fn board(world: &World, lang: Lang) -> Option<SpokenBoard> {
    let table = world.get_resource::<GoTable>()?;
    let cursor = world.get_resource::<super::GoCursor>().and_then(|c| c.0);
    let size = table.size();
    let pos = table.game().position();
    let mut points = Vec::with_capacity(usize::from(size) * usize::from(size));
    for y in 0..size {
        for x in 0..size {
            let p = Point::new(x, y);
            let on = pos
                .board()
                .get(p)
                .map(|c| spoken::stone(c, lang).to_owned());
            points.push(SpokenPoint {
                name: spoken::point(&p.gtp(size), on),
                at: view::world_at(p, size),
                point: (x, y),
                cursor: cursor == Some(p),
            });
        }
    }
    let turn = match pos.to_move() {
        Color::Black => G::BlackToMove,
        Color::White => G::WhiteToMove,
    };
    let mut label = format!("{}, {}", T::SpokenBoard.get(lang), turn.get(lang));
    if let Some(words) = marks::words(&table.markup(), size, lang) {
        label = format!("{label}; {words}");
    }
    Some(SpokenBoard {
        label,
        columns: size,
        rows: size,
        points,
    })
}

/// Says each stone played (and what it took), each refusal and the result.
pub(crate) fn announce(
    table: Res<GoTable>,
    settings: Res<Settings>,
    mut happened: MessageReader<GoHappened>,
    mut said: MessageWriter<Spoken>,
) {
    let lang = settings.lang;
    for h in happened.read() {
        let text = match h {
            GoHappened::Played { .. } => {
                let game = table.game();
                let Some(&mv) = game.moves().last() else {
                    continue;
                };
                let ply = game.moves().len() - 1;
                let Some(before) = game.position_at(ply) else {
                    continue;
                };
                let mover = before.to_move();
                let taken = game.position().captures(mover) - before.captures(mover);
                let point = match mv {
                    crate::go::Move::Play(p) => Some(p.gtp(table.size())),
                    crate::go::Move::Pass => None,
                };
                spoken::go_move(mover, point.as_deref(), taken, lang)
            }
            GoHappened::Refused => match table.said() {
                Some(Said::Refused(e)) => go_illegal(e, lang),
                _ => continue,
            },
            GoHappened::Ended => match table.result() {
                Some(r) => G::Over.fill(lang, &[&go_result(r, lang)]),
                None => continue,
            },
            GoHappened::Undone => T::Undone.get(lang).to_owned(),
        };
        said.write(Spoken::from(text));
    }
}
