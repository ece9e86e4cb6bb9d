//! The Go record in the panel, as the Xiangqi table shows its moves: a row a pair of
//! moves (its first move's number, black's, then white's), the whole line remembered
//! (the moves ahead of the one shown too), a mark after a commented move, the move
//! shown highlighted and kept in sight; a click shows that move.

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::{GoCommand, GoTable};
use crate::go::Color;
use crate::i18n::{GoText as G, Lang};

/// The rows the list shows before it scrolls.
const ROWS: f32 = 8.0;

/// The width of a row's number.
const NUMBER: f32 = 40.0;

/// The list's own state.
#[derive(Default)]
pub(crate) struct RecordUi {
    /// The node shown last frame: the list scrolls to a new one.
    shown: Option<usize>,
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
    let shown = table.node();
    let scroll = state.shown != Some(shown);
    state.shown = Some(shown);
    ui.label(egui::RichText::new(G::Record.get(lang)).strong());
    let row = ui.spacing().interact_size.y + ui.spacing().item_spacing.y;
    egui::ScrollArea::vertical()
        .id_salt("go-record")
        .max_height(ROWS * row)
        .auto_shrink([false, true])
        .show(ui, |ui| {
            // The number, then two moves, with the spaces between them, in the width.
            let gap = ui.spacing().item_spacing.x;
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
            for r in rows {
                ui.horizontal(|ui| {
                    ui.add_sized([NUMBER, row], egui::Label::new(format!("{}.", r[0].1)));
                    if r[0].2 == Color::White {
                        ui.add_sized([column, row], egui::Label::new("…"));
                    }
                    for &&(node, _, _, mv) in &r {
                        let commented = !table.record().nodes[node].comment.is_empty();
                        let text = format!("{}{}", mv.gtp(size), if commented { " *" } else { "" });
                        let b = ui.add_sized(
                            [column, row],
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
            }
        });
}
