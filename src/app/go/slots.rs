//! Go's save slots: eight SGF files (`slots/go-N.sgf`) beside the Xiangqi slots, each
//! with the whole tree, its name in `GN`. The table's slots service does the rest, as
//! for every game: the dialog (Ctrl+Shift+S, the panel's Slots… button), Ctrl+S and
//! Ctrl+L, damaged files left as they are, the slot in use remembered, the export. A
//! load opens like a paste: Ctrl+Z takes it back. A game saved is kept in the library.

use std::sync::Arc;

use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::egui_color;
use crate::app::go::game::Go;
use crate::app::go::{GoTable, library};
use crate::app::library::LibraryLink;
use crate::app::panel::parts;
use crate::app::schedule::Logic;
use crate::app::shell::table::TableGame;
use crate::app::store::slots::{SlotFormat, SlotGame, SlotSaved};
use crate::games::go::Session;
use crate::go::{Color, Game, Point, sgf};
use crate::i18n::GoText as G;
use crate::i18n::Lang;
use crate::storage::Stamp;

/// How Go keeps its games in the slots.
pub(crate) const FORMAT: SlotFormat = SlotFormat {
    file,
    ext: "sgf",
    write,
    read,
    rename,
};

fn file(slot: usize) -> String {
    format!("go-{slot}.sgf")
}

fn write(world: &World, name: Option<&str>, stamp: &Stamp) -> String {
    let mut file = with_date(world.resource::<GoTable>(), stamp);
    if let Some(name) = name {
        file.set_tag("GN", Some(name));
    }
    sgf::write(&file)
}

/// The first game of an SGF slot file, and its main line played out.
fn first(bytes: &[u8]) -> Result<(sgf::SgfGame, Game), String> {
    let mut games = sgf::read(&sgf::decode(bytes)).map_err(|e| e.to_string())?;
    if games.is_empty() {
        return Err(G::NoGameInFile.get(Lang::En).to_owned());
    }
    let file = games.swap_remove(0);
    let game = file.replay(&file.main_line()).map_err(|e| e.to_string())?;
    Ok((file, game))
}

fn read(bytes: &[u8]) -> Result<SlotGame, String> {
    let (file, game) = first(bytes)?;
    let name = file.tag("GN").map(str::trim).filter(|n| !n.is_empty());
    let size = file.size;
    let moves = game.moves().len();
    let result = file.tag("RE").map(str::to_owned).filter(|r| !r.is_empty());
    let to_move = game.position().to_move();
    let stones: Vec<(Point, Color)> = game
        .position()
        .board()
        .points()
        .filter_map(|p| Some((p, game.position().board().get(p)?)))
        .collect();
    Ok(SlotGame {
        name: name.map(str::to_owned),
        saved: file.tag("DT").unwrap_or_default().to_owned(),
        said: Arc::new(move |lang| {
            let state = match &result {
                Some(result) => result.clone(),
                None => crate::i18n::go_side(to_move, lang).to_owned(),
            };
            let moves = G::SlotMoves.fill(lang, &[&moves]);
            format!("{size}×{size} · {moves} · {state}")
        }),
        preview: Arc::new(move |ui| preview(ui, size, &stones)),
        record: Arc::new(Session::from_file(game, &file)),
    })
}

fn rename(bytes: &[u8], name: &str) -> Result<String, String> {
    let mut games = sgf::read(&sgf::decode(bytes)).map_err(|e| e.to_string())?;
    let Some(file) = games.first_mut() else {
        return Err(G::NoGameInFile.get(Lang::En).to_owned());
    };
    file.set_tag("GN", Some(name).filter(|n| !n.is_empty()));
    // The slot holds one game; any after it (a file copied in) stay.
    Ok(games.iter().map(sgf::write).collect::<Vec<_>>().join("\n"))
}

/// A small goban: the wood, the lines and the stones, as the board shows them, in the
/// middle of the dialog's picture box.
fn preview(ui: &mut egui::Ui, size: u8, stones: &[(Point, Color)]) {
    let side = 90.0;
    let (area, _) = ui.allocate_exact_size(ui.available_size(), egui::Sense::hover());
    let rect = egui::Rect::from_center_size(area.center(), egui::vec2(side, side));
    let painter = ui.painter_at(rect);
    let look = parts::look(ui.ctx());
    let palette = look.theme.palette();
    painter.rect_filled(rect, 2.0, egui_color(palette.goban));
    let cell = side / f32::from(size);
    let at = |p: Point| {
        rect.min + egui::vec2((f32::from(p.x) + 0.5) * cell, (f32::from(p.y) + 0.5) * cell)
    };
    let line = egui::Stroke::new(0.5, egui_color(palette.line));
    for i in 0..size {
        let (a, b) = (Point::new(i, 0), Point::new(i, size - 1));
        painter.line_segment([at(a), at(b)], line);
        let (a, b) = (Point::new(0, i), Point::new(size - 1, i));
        painter.line_segment([at(a), at(b)], line);
    }
    for &(p, color) in stones {
        let fill = match color {
            Color::Black => crate::theme::go::BLACK,
            Color::White => crate::theme::go::WHITE,
        };
        painter.circle_filled(at(p), cell * 0.47, egui_color(fill));
    }
}

/// A game saved is kept in the library too (once).
pub(crate) fn keep_saved(
    mut saved: MessageReader<SlotSaved>,
    table: Res<GoTable>,
    link: Res<LibraryLink>,
) {
    for _ in saved.read() {
        if !table.game().moves().is_empty() {
            library::keep(&link, table.to_file(), "saved");
        }
    }
}

/// The game as a file, its date (`DT`) the day it is saved unless it has one.
fn with_date(table: &GoTable, stamp: &Stamp) -> sgf::SgfGame {
    let mut file = table.to_file();
    if file.tag("DT").is_none_or(str::is_empty) {
        file.set_tag("DT", Some(&stamp.date.replace('.', "-")));
    }
    file
}

/// Go's part of the files: a saved game kept in the library, and what is opened.
pub(crate) fn plugin(app: &mut App) {
    app.add_message::<SlotSaved>().add_systems(
        Update,
        (
            keep_saved.in_set(<Go as TableGame>::SYSTEMS),
            super::files::import,
        )
            .chain()
            .in_set(<Go as TableGame>::step(Logic::Import)),
    );
}
