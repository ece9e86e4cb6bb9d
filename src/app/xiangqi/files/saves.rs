//! Xiangqi's save slots: PGN files (`slots/slot-N.pgn`) any Xiangqi program opens, read
//! and written by [`crate::slots`]; the table's slots service does the rest (the dialog,
//! Ctrl+S and Ctrl+L, damaged files, the slot in use, the export).

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::panel::parts;
use crate::app::store::slots::{SlotFormat, SlotGame};
use crate::app::xiangqi::model::Model;
use crate::i18n::{self, Lang, T};
use crate::rules::{Color as Side, Position};
use crate::slots::{SlotInfo, SlotState};
use crate::storage::Stamp;
use crate::theme;

/// How Xiangqi keeps its games in the slots.
pub(crate) const FORMAT: SlotFormat = SlotFormat {
    file,
    ext: "pgn",
    write,
    read,
    rename: crate::slots::renamed,
};

fn file(slot: usize) -> String {
    format!("slot-{slot}.pgn")
}

fn write(world: &World, name: Option<&str>, stamp: &Stamp) -> String {
    crate::slots::game_pgn(&world.resource::<Model>().record(), name, stamp)
}

fn read(bytes: &[u8]) -> Result<SlotGame, String> {
    match crate::slots::read_slot(bytes) {
        SlotState::Saved(info) => {
            let SlotInfo {
                name,
                saved,
                position,
                record,
                ..
            } = (*info).clone();
            Ok(SlotGame {
                name,
                saved,
                said: Arc::new(move |lang| summary(&info, lang)),
                preview: Arc::new(move |ui| preview(ui, &position)),
                record: Arc::new(record),
            })
        }
        SlotState::Damaged(why) => Err(why),
        SlotState::Empty => Err(String::new()),
    }
}

/// A small board: the theme's board and pieces ([`theme::board`], [`theme::piece`]), as
/// the window and the pictures draw them, painted by egui at nine pixels a line.
fn preview(ui: &mut egui::Ui, position: &Position) {
    let cell = 9.0;
    let size = egui::vec2(
        cell * theme::geometry::WIDTH,
        cell * theme::geometry::HEIGHT,
    );
    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let look = parts::look(ui.ctx());
    let palette = look.theme.palette();
    let mut shapes = theme::board(false, theme::Coordinates::None, palette);
    for (sq, piece) in position.board().pieces() {
        shapes.extend(theme::piece(
            piece,
            theme::point(sq, false),
            look.pieces,
            palette,
        ));
    }
    parts::paint_shapes(&painter, &shapes, rect.center(), cell);
}

fn summary(info: &SlotInfo, lang: Lang) -> String {
    let plies = T::SlotPlies.fill(lang, &[&info.plies]);
    let state = match (info.outcome, &info.result) {
        (Some(outcome), _) => i18n::outcome(outcome, lang),
        (None, Some(result)) => result.clone(),
        (None, None) => match (info.turn, lang) {
            (Side::Red, _) => T::RedToMove.get(lang).to_owned(),
            (Side::Black, _) => T::BlackToMove.get(lang).to_owned(),
        },
    };
    format!("{plies} · {state}")
}
