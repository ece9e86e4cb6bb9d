//! The moves as a tree: the main line in two columns, each variation after the move it
//! replaces, smaller and indented, nested ones in brackets; the move shown highlighted;
//! glyphs beside moves. A click shows a move; a right click offers promote, delete,
//! glyphs and a comment. Below, the comment box: the shown move's comment, editable.

use bevy_egui::egui;

use crate::app::RecordEdit;
use crate::app::actions::Action;
use crate::app::xiangqi::model::Model;
use crate::i18n::{Lang, T};
use crate::rules::record::MAX_NESTING;
use crate::rules::tree::{GameTree, Nag, NodeId};
use crate::rules::{Color as Side, Notation, Position};

/// What the list and the comment box remember between frames.
#[derive(Default)]
pub(crate) struct MovesUi {
    /// The node the comment box was filled from, and its text as typed.
    comment_node: Option<NodeId>,
    comment: String,
    /// "Comment…" was chosen: the box takes the keyboard next frame.
    focus_comment: bool,
    /// The node shown last frame: the list scrolls to a new one.
    last_cursor: Option<NodeId>,
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
            let at = crate::app::panel::screen_at(rect);
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
    notation: Notation,
    lang: Lang,
    scroll: bool,
    send: &'a mut A,
    edit: &'a mut E,
    focus_comment: &'a mut bool,
    /// Where this frame drew each move and menu item.
    places: Vec<(String, egui::Rect)>,
}

impl<A: FnMut(Action), E: FnMut(RecordEdit)> List<'_, A, E> {
    /// A move's button: its text with its glyphs; click shows it, right click edits.
    fn button(
        &mut self,
        ui: &mut egui::Ui,
        node: NodeId,
        before: &Position,
        prefix: &str,
        small: bool,
        width: f32,
    ) {
        let n = self.tree.node(node);
        let Some(mv) = n.mv() else {
            return;
        };
        let mut text = format!("{prefix}{}", self.notation.display(before, mv));
        for nag in &n.nags {
            match nag.glyph() {
                Some(g) => text.push_str(g),
                None => text.push_str(&format!(" ${}", nag.0)),
            }
        }
        if !n.comment_after.is_empty() {
            // A comment is there to read in the box below.
            text.push_str(" *");
        }
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
        if current && self.scroll {
            response.scroll_to_me(Some(egui::Align::Center));
        }
        if response.clicked() {
            (self.send)(Action::GoTo(node));
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
                (self.send)(Action::GoTo(node));
                *self.focus_comment = true;
                ui.close();
            }
        });
    }

    /// A variation inline: `(` its moves, each with the lines that replace it, `)`.
    fn variation(&mut self, ui: &mut egui::Ui, start: NodeId, before: &Position, nesting: usize) {
        ui.label(egui::RichText::new("(").size(VARIATION_SIZE));
        let mut node = start;
        let mut pos = before.clone();
        let mut numbered = false;
        while let Some(mv) = self.tree.node(node).mv() {
            let prefix = match pos.turn() {
                Side::Red => format!("{}.", pos.fullmoves()),
                Side::Black if !numbered => format!("{}…", pos.fullmoves()),
                Side::Black => String::new(),
            };
            self.button(ui, node, &pos, &prefix, true, 0.0);
            numbered = pos.turn() == Side::Red;
            if node != start && nesting < MAX_NESTING {
                numbered &= !self.alternatives(ui, node, &pos, nesting + 1);
            }
            let Ok(after) = pos.play(mv) else {
                break;
            };
            let Some(&next) = self.tree.node(node).children().first() else {
                break;
            };
            pos = after;
            node = next;
        }
        ui.label(egui::RichText::new(")").size(VARIATION_SIZE));
    }

    /// The lines that replace `node` (its later siblings), inline. Returns whether
    /// there were any.
    fn alternatives(
        &mut self,
        ui: &mut egui::Ui,
        node: NodeId,
        before: &Position,
        nesting: usize,
    ) -> bool {
        let Some(parent) = self.tree.node(node).parent() else {
            return false;
        };
        let siblings = self.tree.node(parent).children();
        if siblings.first() != Some(&node) || siblings.len() < 2 {
            return false;
        }
        for &alt in &siblings[1..] {
            self.variation(ui, alt, before, nesting);
        }
        true
    }
}

/// The list, then the comment box.
pub(crate) fn show(
    ui: &mut egui::Ui,
    model: &Model,
    notation: Notation,
    lang: Lang,
    state: &mut MovesUi,
    send: &mut impl FnMut(Action),
    edit: &mut impl FnMut(RecordEdit),
) {
    let cursor = model.cursor();
    let scroll = state.last_cursor != Some(cursor);
    state.last_cursor = Some(cursor);
    let mut list = List {
        tree: model.tree(),
        cursor,
        notation,
        lang,
        scroll,
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
        .show(ui, |ui| main_line(ui, &mut list));
    state.list_height = shown.inner_rect.height();
    if shown.inner > 0 {
        state.pitch = (shown.content_size.y / shown.inner as f32).clamp(ROW, 3.0 * ROW);
    }
    let mut places = list.places;
    places.push(("comment".into(), comment_box(ui, model, lang, state, edit)));
    state.log_places(places);
}

/// The height of a row of the move list.
const ROW: f32 = 18.0;

/// The least height of the move list: eight rows (the panel scrolls below that).
pub(crate) fn least_room(state: &MovesUi) -> f32 {
    let pitch = if state.pitch > 0.0 { state.pitch } else { 28.0 };
    8.0 * pitch + 4.0
}

/// The main line, a move pair a row; a move with variations ends its row and they
/// follow it, indented.
/// Returns how many rows the main line took.
fn main_line<A: FnMut(Action), E: FnMut(RecordEdit)>(
    ui: &mut egui::Ui,
    list: &mut List<'_, A, E>,
) -> usize {
    let mut rows = 0;
    let tree = list.tree;
    let column = ((ui.available_width() - 40.0) / 2.0 - 4.0).max(60.0);
    let mut pos = tree.start().clone();
    let mut at = tree.root();
    let mut row: Vec<(NodeId, Position)> = Vec::new();
    while let Some(&node) = tree.node(at).children().first() {
        let Some(mv) = tree.node(node).mv() else {
            break;
        };
        let red = pos.turn() == Side::Red;
        let branches = tree.node(at).children().len() > 1;
        let after = pos.play(mv).ok();
        row.push((node, pos.clone()));
        let last = after.is_none() || tree.node(node).children().is_empty();
        if !red || branches || last {
            ui.horizontal(|ui| {
                let (_, first) = &row[0];
                ui.add_sized(
                    [32.0, ROW],
                    egui::Label::new(format!("{}.", first.fullmoves())),
                );
                if first.turn() == Side::Black {
                    ui.add_sized([column, ROW], egui::Label::new("…"));
                }
                for (n, before) in &row {
                    list.button(ui, *n, before, "", false, column);
                }
            });
            row.clear();
            rows += 1;
            if branches {
                ui.indent(("variations", node.index()), |ui| {
                    ui.horizontal_wrapped(|ui| {
                        ui.spacing_mut().item_spacing.x = 2.0;
                        list.alternatives(ui, node, &pos, 1);
                    });
                });
            }
        }
        let Some(after) = after else {
            break;
        };
        pos = after;
        at = node;
    }
    rows
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
    let stored = &model.note(node).after;
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
        edit(RecordEdit::Comment(node, state.comment.clone()));
    }
    if response.lost_focus() {
        edit(RecordEdit::DoneTyping);
    }
    response.rect
}
