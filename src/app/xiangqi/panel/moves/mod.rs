//! The moves as a tree: the main line in two columns, each variation after the move it
//! replaces, smaller and indented, nested ones in brackets; the move shown highlighted;
//! glyphs beside moves. A click shows a move; a right click offers promote, delete,
//! glyphs and a comment. Below, the comment box: the shown move's comment, editable.
//! The rows are made once for each state of the tree ([`rows`]) and only those in view
//! are drawn.

mod rows;

use crate::app::xiangqi::messages::{GoToMove, RecordEdit};
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel;
use crate::app::xiangqi::model::Model;
use crate::i18n::{Lang, T};
use crate::rules::Notation;
use crate::rules::tree::{GameTree, Nag, NodeId};
use rows::{Item, Row, Rows};

/// What the list and the comment box remember between frames.
#[derive(Default)]
pub struct MovesUi {
    /// The rows of the tree as last made.
    rows: Option<Rows>,
    /// The node the comment box was filled from, and its text as typed.
    comment_node: Option<NodeId>,
    comment: String,
    /// "Comment…" was chosen: the box takes the keyboard next frame.
    focus_comment: bool,
    /// The node shown last frame: the list scrolls to a new one.
    last_cursor: Option<NodeId>,
    /// Frames left to bring the shown move into view: the rows between are measured
    /// only as they are drawn, so the first scroll may fall short.
    scrolling: u8,
    /// Where each move and menu item was last logged.
    logged: std::collections::HashMap<String, (i32, i32)>,
    /// Where the review's button and graph were last logged.
    pub(crate) review_logged: Vec<(&'static str, (i32, i32))>,
    /// The height the list may take: what the panel leaves it (0: not known yet).
    pub(crate) room: f32,
    /// The height the list took last frame.
    pub(crate) list_height: f32,
    /// The opening last logged: a change is logged once.
    pub(crate) opening_logged: Option<crate::rules::opening::Ecco>,
    /// The height of a row of the list, as measured last frame (0: not yet).
    pub(crate) pitch: f32,
}

impl MovesUi {
    /// Logs where a move, a menu item or the comment box is when that changes: the
    /// window tests click them (`panel move 17 at 900,395`).
    fn log_places(&mut self, places: Vec<(String, egui::Rect)>) {
        for (what, rect) in places {
            let at = panel::screen_at(rect);
            if self.logged.get(&what) != Some(&at) {
                bevy::log::info!("panel {what} at {},{}", at.0, at.1);
                self.logged.insert(what, at);
            }
        }
    }
}

/// The text size of variations: smaller than the main line's, still easy to read.
const VARIATION_SIZE: f32 = 12.0;

/// The glyphs the menu offers: the six a move has one of.
const GLYPHS: [Nag; 6] = [
    Nag::GOOD,
    Nag::MISTAKE,
    Nag::BRILLIANT,
    Nag::BLUNDER,
    Nag::INTERESTING,
    Nag::DUBIOUS,
];

/// What drawing one move needs.
struct List<'a, A, E> {
    tree: &'a GameTree,
    cursor: NodeId,
    lang: Lang,
    send: &'a mut A,
    edit: &'a mut E,
    focus_comment: &'a mut bool,
    /// Where this frame drew each move and menu item.
    places: Vec<(String, egui::Rect)>,
}

impl<A: FnMut(Action), E: FnMut(RecordEdit)> List<'_, A, E> {
    /// A move's button: its text with its glyphs; click shows it, right click edits.
    fn button(&mut self, ui: &mut egui::Ui, node: NodeId, text: &str, small: bool, width: f32) {
        let n = self.tree.node(node);
        let rich = if small {
            egui::RichText::new(text).size(VARIATION_SIZE)
        } else {
            egui::RichText::new(text)
        };
        let current = node == self.cursor;
        let response =
            ui.add(egui::Button::selectable(current, rich).min_size(egui::vec2(width, 0.0)));
        self.places
            .push((format!("move {}", node.index()), response.rect));
        if response.clicked() {
            (self.send)(Action::own(GoToMove(node)));
        }
        let lang = self.lang;
        response.context_menu(|ui| {
            let first = n
                .parent()
                .and_then(|p| self.tree.node(p).children().first().copied());
            if first != Some(node) {
                let promote = ui.button(T::Promote.get(lang));
                self.places.push(("promote".into(), promote.rect));
                if promote.clicked() {
                    (self.edit)(RecordEdit::Promote(node));
                    ui.close();
                }
            }
            let delete = ui.button(T::DeleteFromHere.get(lang));
            self.places.push(("delete".into(), delete.rect));
            if delete.clicked() {
                (self.edit)(RecordEdit::DeleteFrom(node));
                ui.close();
            }
            ui.separator();
            ui.horizontal(|ui| {
                for nag in GLYPHS {
                    let on = n.nags.contains(&nag);
                    if ui.selectable_label(on, nag.glyph().unwrap_or("")).clicked() {
                        (self.edit)(RecordEdit::Nag(node, nag));
                        ui.close();
                    }
                }
            });
            ui.separator();
            if ui.button(T::CommentThis.get(lang)).clicked() {
                (self.send)(Action::own(GoToMove(node)));
                *self.focus_comment = true;
                ui.close();
            }
        });
    }
}

/// The list, then the comment box.
pub fn show(
    ui: &mut egui::Ui,
    model: &Model,
    notation: Notation,
    lang: Lang,
    state: &mut MovesUi,
    send: &mut impl FnMut(Action),
    edit: &mut impl FnMut(RecordEdit),
) {
    let cursor = model.cursor();
    if state.last_cursor != Some(cursor) {
        state.scrolling = 8;
    }
    state.last_cursor = Some(cursor);
    let tree = model.tree();
    let pitch = if state.pitch > 0.0 {
        state.pitch
    } else {
        ROW + 5.0
    };
    let width = ui.available_width();
    let mut rows = match state.rows.take() {
        Some(rows) if rows.key == (tree.stamp(), notation) => rows,
        _ => Rows::new(tree, notation, pitch, width),
    };
    if (rows.width - width).abs() > 0.5 {
        rows.guess(pitch, width);
    }
    let mut list = List {
        tree,
        cursor,
        lang,
        send,
        edit: &mut *edit,
        focus_comment: &mut state.focus_comment,
        places: Vec::new(),
    };
    let room = if state.room > 0.0 { state.room } else { 280.0 };
    let shown = egui::ScrollArea::vertical()
        .id_salt("moves")
        .max_height(room)
        .auto_shrink([false, true])
        .show_viewport(ui, |ui, viewport| {
            let scroll_to = (state.scrolling > 0).then_some(cursor);
            in_view(ui, viewport, &mut rows, &mut list, scroll_to)
        });
    state.list_height = shown.inner_rect.height();
    let (measured, seen) = shown.inner;
    if let Some(measured) = measured {
        state.pitch = measured.clamp(ROW, 3.0 * ROW);
    }
    if state.scrolling > 0 {
        state.scrolling = if seen { 0 } else { state.scrolling - 1 };
        if state.scrolling > 0 {
            ui.ctx().request_repaint();
        }
    }
    state.rows = Some(rows);
    let mut places = list.places;
    places.push(("comment".into(), comment_box(ui, model, lang, state, edit)));
    state.log_places(places);
}

/// The height of a row of the list's main line.
const ROW: f32 = 18.0;

/// The least height of the move list: four rows (the panel scrolls below that). Eight
/// were too many: at the default size a tutor's question above pushed the Settings
/// button below the window's edge; the list scrolls to the move shown anyway.
pub(crate) fn least_room(state: &MovesUi) -> f32 {
    let pitch = if state.pitch > 0.0 { state.pitch } else { 28.0 };
    4.0 * pitch + 4.0
}

/// Draws the rows that meet `viewport` (in the list's own coordinates), each at the
/// height the rows above it took, and keeps the height each took; the list is as tall
/// as all its rows. With `scroll_to`, the row of that node is brought into view.
/// Returns the height of a main-line row drawn, if one was, and whether the row of
/// `scroll_to` was drawn whole in view (no node: true).
fn in_view<A: FnMut(Action), E: FnMut(RecordEdit)>(
    ui: &mut egui::Ui,
    viewport: egui::Rect,
    rows: &mut Rows,
    list: &mut List<'_, A, E>,
    scroll_to: Option<NodeId>,
) -> (Option<f32>, bool) {
    let top = ui.max_rect().min;
    let width = ui.available_width();
    let column = ((width - 40.0) / 2.0 - 4.0).max(60.0);
    let wanted = scroll_to
        .and_then(|n| rows.row_of.get(n.index()).copied().flatten())
        .map(|r| r as usize);
    let mut pitch = None;
    let mut seen = wanted.is_none();
    let mut y = 0.0;
    for (i, row) in rows.rows.iter().enumerate() {
        let guessed = rows.heights[i];
        if Some(i) == wanted {
            let rect =
                egui::Rect::from_min_size(top + egui::vec2(0.0, y), egui::vec2(width, guessed));
            ui.scroll_to_rect(rect, Some(egui::Align::Center));
        }
        if y + guessed < viewport.min.y || y > viewport.max.y {
            y += guessed;
            continue;
        }
        let rect =
            egui::Rect::from_min_size(top + egui::vec2(0.0, y), egui::vec2(width, f32::INFINITY));
        let drawn = ui
            .scope_builder(egui::UiBuilder::new().max_rect(rect), |ui| {
                draw_row(ui, row, list, column)
            })
            .response
            .rect
            .height()
            + ui.spacing().item_spacing.y;
        if matches!(row, Row::Moves { .. }) {
            pitch = Some(drawn);
        }
        rows.heights[i] = drawn;
        if Some(i) == wanted {
            seen = y >= viewport.min.y - 1.0 && y + drawn <= viewport.max.y + 1.0;
        }
        y += drawn;
    }
    // The list's full height, so that the scroll bar knows it.
    ui.allocate_rect(
        egui::Rect::from_min_size(top, egui::vec2(width, y)),
        egui::Sense::hover(),
    );
    (pitch, seen)
}

/// One row: a move pair of the main line, or the variations after a move.
fn draw_row<A: FnMut(Action), E: FnMut(RecordEdit)>(
    ui: &mut egui::Ui,
    row: &Row,
    list: &mut List<'_, A, E>,
    column: f32,
) {
    match row {
        Row::Moves {
            number,
            black_first,
            moves,
        } => {
            ui.horizontal(|ui| {
                ui.add_sized([32.0, ROW], egui::Label::new(format!("{number}.")));
                if *black_first {
                    ui.add_sized([column, ROW], egui::Label::new("…"));
                }
                for (node, text) in moves {
                    list.button(ui, *node, text, false, column);
                }
            });
        }
        Row::Variations { after, items } => {
            ui.indent(("variations", after.index()), |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.spacing_mut().item_spacing.x = 2.0;
                    for item in items {
                        match item {
                            Item::Open => {
                                ui.label(egui::RichText::new("(").size(VARIATION_SIZE));
                            }
                            Item::Close => {
                                ui.label(egui::RichText::new(")").size(VARIATION_SIZE));
                            }
                            Item::Move(node, text) => list.button(ui, *node, text, true, 0.0),
                        }
                    }
                });
            });
        }
    }
}

/// The shown move's comment (at the start: the game's opening comment), editable; the
/// text goes to the record as it is typed, one change for undo until the box is left.
fn comment_box(
    ui: &mut egui::Ui,
    model: &Model,
    lang: Lang,
    state: &mut MovesUi,
    edit: &mut impl FnMut(RecordEdit),
) -> egui::Rect {
    let node = model.cursor();
    // The box shows the words; the marks drawn on the board stay in the record with
    // them ([%csl …] [%cal …]) and are not the player's to type.
    let (marks, stored) = crate::rules::tree::marks::Marks::read(&model.note(node).after);
    let stored = &stored;
    let id = egui::Id::new("comment box");
    let focused = ui.memory(|m| m.has_focus(id));
    // Another move shown, or the comment changed by undo: the box follows, unless the
    // player is typing into it.
    if state.comment_node != Some(node) || (!focused && state.comment != *stored) {
        state.comment_node = Some(node);
        state.comment.clone_from(stored);
    }
    ui.label(egui::RichText::new(T::Comment.get(lang)).strong());
    let response = ui.add(
        egui::TextEdit::multiline(&mut state.comment)
            .id(id)
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    );
    if std::mem::take(&mut state.focus_comment) {
        response.request_focus();
    }
    if response.changed() {
        let commands = marks.write();
        let text = if commands.is_empty() {
            state.comment.clone()
        } else if state.comment.is_empty() {
            commands
        } else {
            format!("{commands} {}", state.comment)
        };
        edit(RecordEdit::Comment(node, text));
    }
    if response.lost_focus() {
        edit(RecordEdit::DoneTyping);
    }
    response.rect
}
