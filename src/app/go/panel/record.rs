//! The Go record in the panel, as the Xiangqi table shows its moves: a row a pair of
//! moves (its first move's number, black's, then white's), the whole line remembered
//! (the moves ahead of the one shown too), a mark after a commented move, the move
//! shown highlighted and kept in sight, the variations beside a move under its row,
//! indented and smaller; a click shows that move (on a variation: its line).

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::{GoCommand, GoTable};
use crate::go::Color;
use crate::i18n::{GoText as G, Lang};

/// The rows the list shows before it scrolls.
const ROWS: f32 = 8.0;

/// The text size of variations: smaller than the line's, as at the Xiangqi table.
const VARIATION_SIZE: f32 = 12.0;

/// A variation's first move with its number (`4.C3`), a mark if commented.
fn variation_name(table: &GoTable, node: usize, number: usize, size: u8) -> String {
    let n = &table.record().nodes[node];
    let mv = n.mv.map_or_else(|| "—".to_owned(), |(_, m)| m.gtp(size));
    let mark = if n.comment.is_empty() { "" } else { " *" };
    format!("{number}.{mv}{mark}")
}

/// The width of a row's number.
const NUMBER: f32 = 40.0;

/// The list's own state.
#[derive(Default)]
pub(crate) struct RecordUi {
    /// The node shown last frame: the list scrolls to a new one.
    shown: Option<usize>,
    /// The height of a row, as measured last frame (0: not yet).
    pitch: f32,
}

/// Draws the record; a click says which move to show.
pub(crate) fn show(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut RecordUi,
    send: &mut impl FnMut(Action),
) {
    let size = table.size();
    let line = table.whole_line();
    let forks: std::collections::HashMap<usize, Vec<usize>> =
        table.line_forks().into_iter().collect();
    let shown = table.node();
    let scroll = state.shown != Some(shown);
    state.shown = Some(shown);
    ui.label(egui::RichText::new(G::Record.get(lang)).strong());
    let row = ui.spacing().interact_size.y;
    let pitch = if state.pitch > 0.0 {
        state.pitch
    } else {
        row + ui.spacing().item_spacing.y
    };
    let list = egui::ScrollArea::vertical()
        .id_salt("go-record")
        .max_height(ROWS * pitch)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // The number, then two moves, with the spaces between them, in the width.
            let gap = ui.spacing().item_spacing.x;
            // Numbers and moves of one height: the number in line with its moves.
            let cell = (pitch - ui.spacing().item_spacing.y).max(row);
            let column = ((ui.available_width() - NUMBER - 2.0 * gap) / 2.0 - 1.0).max(40.0);
            // A row starts at each black move, or at a white one with none before it.
            let mut rows: Vec<Vec<&(usize, usize, Color, crate::go::Move)>> = Vec::new();
            for entry in &line {
                match rows.last_mut() {
                    Some(r)
                        if r.len() == 1 && r[0].2 == Color::Black && entry.2 == Color::White =>
                    {
                        r.push(entry);
                    }
                    _ => rows.push(vec![entry]),
                }
            }
            // Rows drawn, the variations' lines too.
            let mut count = rows.len();
            for r in rows {
                ui.horizontal(|ui| {
                    ui.add_sized([NUMBER, cell], egui::Label::new(format!("{}.", r[0].1)));
                    if r[0].2 == Color::White {
                        ui.add_sized([column, cell], egui::Label::new("…"));
                    }
                    for &&(node, _, _, mv) in &r {
                        let commented = !table.record().nodes[node].comment.is_empty();
                        let text = format!("{}{}", mv.gtp(size), if commented { " *" } else { "" });
                        let b = ui.add_sized(
                            [column, cell],
                            egui::Button::selectable(node == shown, text),
                        );
                        if node == shown && scroll {
                            b.scroll_to_me(Some(egui::Align::Center));
                        }
                        if b.clicked() && node != shown {
                            send(Action::own(GoCommand::GoTo(node)));
                        }
                    }
                });
                // The variations beside this row's moves.
                for &&(node, number, _, _) in &r {
                    let Some(others) = forks.get(&node) else {
                        continue;
                    };
                    count += 1;
                    ui.indent(("go-variations", node), |ui| {
                        ui.horizontal_wrapped(|ui| {
                            ui.spacing_mut().item_spacing.x = 2.0;
                            for &other in others {
                                let text = variation_name(table, other, number, size);
                                let b = ui.add(egui::Button::selectable(
                                    false,
                                    egui::RichText::new(text).size(VARIATION_SIZE),
                                ));
                                if b.clicked() {
                                    send(Action::own(GoCommand::GoTo(other)));
                                }
                            }
                        });
                    });
                }
            }
            count
        });
    if list.inner > 0 {
        state.pitch = (list.content_size.y / list.inner as f32).clamp(row, 3.0 * row);
    }
}
