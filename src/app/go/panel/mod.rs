//! The panel at the Go table: whose turn or the result, what a refused point or a pass
//! said, the prisoners; pass, resign, undo, redo; what the board shows; the count after
//! two passes (area and territory side by side, live; accept, or play on); a new game of
//! any size, rules preset, komi and handicap. Over the board, why the point under the
//! pointer may not be played.

mod cards;
mod count;
mod insight;
mod library;
mod record;
pub(crate) mod setup;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::game::Go;
use crate::app::go::gnugo::hint::Hinted;
use crate::app::go::gnugo::review::GoReviewed;
use crate::app::go::gnugo::territory::Territory;
use crate::app::go::library::LibraryView;
use crate::app::go::table::{GoNext, Said};
use crate::app::go::view::Hover;
use crate::app::go::{GoCommand, GoComment, GoTable};
use crate::app::levels;
use crate::app::levels::Row;
use crate::app::panel::move_box::MoveBoxUi;
use crate::app::panel::status::{StatusLines, status_line};
use crate::app::panel::{move_box, parts};
use crate::app::shell::model::{Overlay, Settings};
use crate::app::shell::table::TableGame;
use crate::go::Color;
use crate::i18n::{GoText as G, Lang, go_illegal, go_result, go_side};

/// What the Go panel reads.
#[derive(SystemParam)]
pub(crate) struct GoShown<'w> {
    table: Res<'w, GoTable>,
    hover: Res<'w, Hover>,
    comment: MessageWriter<'w, GoComment>,
    library: Res<'w, LibraryView>,
    territory: Res<'w, Territory>,
    hinted: Res<'w, Hinted>,
    reviewed: Res<'w, GoReviewed>,
    next: ResMut<'w, GoNext>,
    household: Res<'w, ::table::household::Household>,
}

/// The Go panel's own state: where its buttons were logged, the new game being chosen.
#[derive(Default)]
pub(crate) struct GoUi {
    pub(super) logged: Vec<(&'static str, (i32, i32))>,
    /// The level list's entries, logged by name (`go-level-3`).
    levels: Vec<(String, (i32, i32))>,
    pub(super) count: String,
    /// The comment box: for which node, what it holds.
    comment: (usize, String),
    /// The record's list.
    record: record::RecordUi,
    /// The library's window.
    library: library::GoLibraryUi,
    /// The move box.
    typed: MoveBoxUi,
    /// The next game's clock being chosen.
    clock: setup::ClockUi,
}

/// The Go table's part of the panel (see `TableGame::panel`), its status line last.
pub(crate) fn section(
    InMut(ui): InMut<egui::Ui>,
    mut shown: GoShown,
    settings: Res<Settings>,
    overlay: Res<Overlay>,
    status: Res<StatusLines>,
    mut state: Local<GoUi>,
    mut actions: MessageWriter<Action>,
    mut redraw: MessageWriter<RequestRedraw>,
    (lesson, problem): (
        Res<::table::learn::lessons::Lessoning<Go>>,
        Res<::table::learn::problems::Solving<Go>>,
    ),
) {
    // A lesson or a problem on the board: the table's lines for it are the panel's,
    // with why a stone was refused (no game's buttons: resigning, GNU Go's hint).
    if lesson.attempt().is_some() || problem.attempt().is_some() {
        status_line(ui, status.of(Go::KIND));
        return;
    }
    let mut sent = Vec::new();
    show(
        ui,
        &mut shown,
        (settings.lang, &settings.seats, settings.face_to_face),
        &mut state,
        &mut |a| sent.push(a),
    );
    typed_move(
        ui.ctx(),
        (overlay.move_box, &shown.table, settings.lang),
        &mut state.typed,
        &mut |a| sent.push(a),
    );
    if shown.library.open {
        let ctx = ui.ctx().clone();
        library::show(
            &ctx,
            &shown.library,
            settings.lang,
            &mut state.library,
            &mut |a| sent.push(a),
        );
    }
    // Copies, files opened, pictures written.
    status_line(ui, status.of(Go::KIND));
    if !sent.is_empty() {
        // The next frame must come to act on them.
        redraw.write(RequestRedraw);
        actions.write_batch(sent);
    }
}

/// The Go levels as the lists show them.
fn level_rows(lang: Lang) -> Vec<Row> {
    crate::matches::go_levels::GO_LEVELS
        .iter()
        .map(|l| Row {
            number: l.number,
            name: l.name[lang.column()],
            rating: l.rating,
        })
        .collect()
}

/// GNU Go's level, by number, name and rating, and the seated player's on the ladder.
fn level_ui(
    ui: &mut egui::Ui,
    (level, computer): (Option<u8>, Color),
    (household, seats): (&::table::household::Household, &[String; 2]),
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    let rows = level_rows(lang);
    let seat = usize::from(computer == Color::White);
    let player = levels::opponent(household, seats, seat, "go");
    let none = crate::i18n::T::GoNoLevel.get(lang);
    let mut log = |what: String, rect: egui::Rect| {
        parts::log_place(&mut state.levels, what, rect);
    };
    let list = ("go-level", &rows[..], none);
    if let Some(chosen) = levels::level_ui(ui, list, level, player, lang, &mut log) {
        send(Action::own(GoCommand::Level(chosen)));
    }
}

/// A button whose place is logged under `name`.
pub(super) fn button(ui: &mut egui::Ui, state: &mut GoUi, text: &str, name: &'static str) -> bool {
    let b = ui.button(text);
    parts::log_place(&mut state.logged, name, b.rect);
    b.clicked()
}

fn show(
    ui: &mut egui::Ui,
    shown: &mut GoShown,
    (lang, seats, face_to_face): (Lang, &[String; 2], bool),
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    let table = &*shown.table;
    let go = |c: GoCommand| Action::own(c);
    let pos = table.game().position();
    ui.add_space(4.0);
    for (name, rect) in cards::toolbar(ui, lang, send) {
        parts::log_place(&mut state.logged, name, rect);
    }
    ui.add_space(4.0);
    if face_to_face {
        // White sits across: their card at the panel's top, turned to them.
        for (name, rect) in cards::across(ui, table, lang, send) {
            parts::log_place(&mut state.logged, name, rect);
        }
        cards::card(ui, table, lang, Color::Black);
    } else {
        for color in [Color::Black, Color::White] {
            cards::card(ui, table, lang, color);
        }
    }
    let heading = match table.result() {
        Some(result) => G::ResultIs.fill(lang, &[&go_result(result, lang)]),
        None => match pos.to_move() {
            Color::Black => G::BlackToMove.get(lang).to_owned(),
            Color::White => G::WhiteToMove.get(lang).to_owned(),
        },
    };
    ui.label(egui::RichText::new(heading).strong().size(17.0));
    if let Some(said) = table.said() {
        ui.label(match said {
            Said::Refused(e) => go_illegal(e, lang),
            Said::Passed(c) => G::Passes.fill(lang, &[&go_side(*c, lang)]),
            Said::Over(r) => G::Over.fill(lang, &[&go_result(r, lang)]),
            Said::Accepted => G::Accepted.get(lang).to_owned(),
        });
    }
    // Face to face this is black's own button (white's is on its card), whoever is to
    // move (issue 91).
    let near = face_to_face && table.setup.computer != Some(Color::Black);
    let mine = !face_to_face || near;
    if table.result().is_none() && mine && button(ui, state, G::Resign.get(lang), "go-resign") {
        send(if near {
            go(GoCommand::ResignAs(Color::Black))
        } else {
            Action::Resign
        });
    }
    ui.separator();
    // Wrapped: "GNU Go plays white" and its neighbours are wider than the panel.
    ui.horizontal_wrapped(|ui| {
        ui.label(G::GnuGoPlays.get(lang));
        for (side, text, name) in [
            (None, G::Nobody.get(lang), "go-computer-none"),
            (
                Some(Color::Black),
                G::GnuGoBlack.get(lang),
                "go-computer-black",
            ),
            (
                Some(Color::White),
                G::GnuGoWhite.get(lang),
                "go-computer-white",
            ),
        ] {
            let b = ui.selectable_label(table.setup.computer == side, text);
            parts::log_place(&mut state.logged, name, b.rect);
            if b.clicked() && table.setup.computer != side {
                send(go(GoCommand::Computer(side)));
            }
        }
    });
    if let Some(side) = table.setup.computer {
        level_ui(
            ui,
            (table.setup.level, side),
            (&shown.household, seats),
            lang,
            state,
            send,
        );
    }
    let mut look = table.look;
    ui.checkbox(&mut look.liberties, G::Liberties.get(lang));
    ui.checkbox(&mut look.atari, G::Atari.get(lang));
    if look != table.look {
        send(go(GoCommand::Look(look)));
    }
    ui.separator();
    let gnugo = (&*shown.territory, &*shown.hinted, &*shown.reviewed);
    insight::show(ui, table, gnugo, lang, state, send);
    if table.counting().is_some() {
        ui.separator();
        count::show(ui, table, lang, state, send);
    }
    ui.separator();
    if let Some(text) = moves(ui, table, lang, state, send) {
        shown.comment.write(GoComment(text));
    }
    ui.separator();
    setup::new_game(ui, table, &mut shown.next.0, lang, state, send);
    // The table's slots dialog, as at every table (Ctrl+Shift+S).
    let button = ui.button(crate::i18n::Word::SlotsButton.get(lang));
    parts::log_place(&mut state.logged, "go-slots", button.rect);
    if button.on_hover_text("Ctrl+Shift+S").clicked() {
        send(Action::ToggleSlots);
    }
    // Over the board: why the point under the pointer may not be played.
    if let Some(reason) = &shown.hover.reason
        && let Some(at) = ui.ctx().pointer_latest_pos()
    {
        egui::Area::new(egui::Id::new("go-forbidden"))
            .order(egui::Order::Tooltip)
            .fixed_pos(at + egui::vec2(14.0, 18.0))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(go_illegal(reason, lang));
                });
            });
    }
}

/// The record (its variations under their moves) and the comment box; the comment
/// typed, if it changed.
fn moves(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) -> Option<String> {
    record::show(ui, table, lang, &mut state.record, send);
    ui.label(egui::RichText::new(G::Comment.get(lang)).strong());
    if state.comment.0 != table.node()
        || (state.comment.1 != table.comment() && !ui.ctx().egui_wants_keyboard_input())
    {
        state.comment = (table.node(), table.comment().to_owned());
    }
    let response = ui.add(
        egui::TextEdit::multiline(&mut state.comment.1)
            .id(egui::Id::new("go-comment"))
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    );
    parts::log_place(&mut state.logged, "go-comment", response.rect);
    response.changed().then(|| state.comment.1.clone())
}

/// The move box at the Go table: the points (GTP names, `D4`) and `pass` the text
/// fits; Enter or a click plays, refused as a click would be.
fn typed_move(
    ctx: &egui::Context,
    (open, table, lang): (bool, &GoTable, Lang),
    state: &mut MoveBoxUi,
    send: &mut impl FnMut(Action),
) {
    use crate::app::panel::move_box::{Typed, show};
    use crate::go::Move;
    use crate::i18n::T;
    let size = table.size();
    let typed = state.text.trim().to_ascii_uppercase();
    let fits: Vec<Move> = if open {
        table
            .game()
            .legal_points()
            .into_iter()
            .map(Move::Play)
            .chain([Move::Pass])
            .filter(|m| m.gtp(size).to_ascii_uppercase().starts_with(&typed))
            .collect()
    } else {
        Vec::new()
    };
    let written: Vec<String> = fits.iter().map(|m| m.gtp(size)).collect();
    match show(
        ctx,
        open,
        state,
        (lang, T::MoveBoxGoHint.get(lang)),
        &written,
    ) {
        Some(Typed::Enter) => {
            let text = state.text.trim().to_owned();
            let named = Move::from_gtp(&text, size).ok().or(match fits.as_slice() {
                [one] if !text.is_empty() => Some(*one),
                _ => None,
            });
            match named {
                Some(mv) => {
                    send(Action::own(GoCommand::Play(mv)));
                    state.text.clear();
                }
                None => {
                    let said = match fits.len() {
                        0 => T::TypedNoMove.fill(lang, &[&text]),
                        _ if text.is_empty() => T::TypedUnreadable.fill(lang, &[&text]),
                        _ => {
                            let some = move_box::some_of(&written);
                            T::TypedAmbiguous.fill(lang, &[&text, &some])
                        }
                    };
                    bevy::log::info!("typed move refused: {said}");
                    state.said = Some(said);
                }
            }
        }
        Some(Typed::Pick(i)) => {
            if let Some(&mv) = fits.get(i) {
                send(Action::own(GoCommand::Play(mv)));
                state.text.clear();
            }
        }
        Some(Typed::Close) => send(Action::TypeMove(false)),
        None => {}
    }
}
