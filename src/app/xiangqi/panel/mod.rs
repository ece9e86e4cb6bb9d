//! Xiangqi's part of the panel (see `TableGame::panel`): the players' cards, the clocks
//! and the game's buttons, the moves and their comment, the review and the engine
//! (`table.rs`), or the whole panel for the board editor (`edit.rs`) and a puzzle
//! (`train.rs`); over the board, its own windows: the game's information (`info.rs`),
//! the puzzle list and the result's banner.

pub mod cards;
pub mod clock;
pub mod edit;
pub mod engine;
pub mod game_list;
pub mod info;
pub mod moves;
pub mod opening;
pub mod piece_art;
pub mod review;
pub mod table;
pub mod train;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::egui_color;
use crate::app::panel::move_box;
use crate::app::panel::move_box::MoveBoxUi;
use crate::app::panel::parts::{self, PanelPlace};
use crate::app::panel::status::{StatusLines, status_line};
use crate::app::shell::model::{Overlay, Settings};
use crate::app::shell::table::TableGame;
use crate::app::xiangqi::edit::Editing;
use crate::app::xiangqi::game::Xiangqi;
use crate::app::xiangqi::library::window::WindowUi;
use crate::app::xiangqi::library::{LibraryView, window};
use crate::app::xiangqi::messages::{EditCommand, RecordEdit};
use crate::app::xiangqi::model::{Mode, Model, XiangqiSettingsEdited};
use crate::app::xiangqi::train::Training;
use crate::i18n::{self, Lang};
use crate::settings::XiangqiSettings;

/// What Xiangqi's part of the panel remembers between frames.
#[derive(Default)]
pub(crate) struct XiangqiUi {
    clock: clock::ClockUi,
    edit: edit::EditUi,
    moves: moves::MovesUi,
    info: info::InfoUi,
    library: WindowUi,
    /// The training's places logged, and its list's filters.
    train: (Vec<(&'static str, (i32, i32))>, train::ListUi),
    /// The move box's text and what it said.
    typed: MoveBoxUi,
    /// A puzzle duel's choices and places.
    duel: crate::app::xiangqi::duel::panel::DuelUi,
}

/// What Xiangqi's part of the panel reads.
#[derive(SystemParam)]
pub(crate) struct Shown<'w> {
    model: Res<'w, Model>,
    settings: Res<'w, Settings>,
    xq: Res<'w, XiangqiSettings>,
    overlay: Res<'w, Overlay>,
    status: Res<'w, StatusLines>,
    editing: Res<'w, Editing>,
    training: Res<'w, Training>,
    duel: Res<'w, crate::app::xiangqi::duel::PuzzleDuel>,
    engines: review::EngineShown<'w>,
    library: Res<'w, LibraryView>,
    household: Res<'w, ::table::household::Household>,
    mode: Res<'w, State<Mode>>,
}

/// What it says: the player's actions, edits and settings, and a request for the next
/// frame to act on them.
#[derive(SystemParam)]
pub(crate) struct Said<'w> {
    actions: MessageWriter<'w, Action>,
    edits: MessageWriter<'w, EditCommand>,
    record: MessageWriter<'w, RecordEdit>,
    settings: MessageWriter<'w, XiangqiSettingsEdited>,
    redraw: MessageWriter<'w, RequestRedraw>,
}

/// Whether the editor or a puzzle has the whole panel.
pub(crate) fn whole(world: &World) -> bool {
    world.resource::<Editing>().0.is_some() || world.resource::<Training>().attempt.is_some()
}

/// Xiangqi's part of the panel, and its windows over the board.
pub(crate) fn section(
    InMut(ui): InMut<egui::Ui>,
    shown: Shown,
    mut memory: Local<XiangqiUi>,
    mut said: Said,
) {
    let Shown {
        model,
        settings,
        xq,
        overlay,
        status,
        editing,
        training,
        duel,
        engines,
        library,
        household,
        mode,
    } = shown;
    // A lesson on the board: the table's lines for it are the panel's (the game's own
    // controls would act on the game put aside), with why a move was refused.
    if *mode.get() == Mode::Lesson {
        status_line(ui, status.of(Xiangqi::KIND));
        return;
    }
    let XiangqiUi {
        clock: clock_ui,
        edit: edit_ui,
        moves: moves_ui,
        info: info_ui,
        train: train_ui,
        library: library_ui,
        typed: typed_ui,
        duel: duel_ui,
    } = &mut *memory;
    let lang = settings.lang;
    let status = status.of(Xiangqi::KIND);
    let ctx = ui.ctx().clone();
    let mut sent = Vec::new();
    let mut send = |c: Action| sent.push(c);
    let mut edit_sent = Vec::new();
    let mut edit = |c: EditCommand| edit_sent.push(c);
    let mut record_sent = Vec::new();
    let mut record = |c: RecordEdit| record_sent.push(c);
    if editing.0.is_none() {
        edit_ui.reset();
    }
    let mut edits = None;
    match &editing.0 {
        Some(state) => {
            edit::show(ui, state, lang, edit_ui, &mut edit, &mut send);
            // Why a piece was refused.
            status_line(ui, status);
        }
        None if training.attempt.is_some() && duel.on() => {
            let shown = (&*duel, &*training, lang);
            crate::app::xiangqi::duel::panel::show(ui, shown, duel_ui, &mut send);
        }
        None if training.attempt.is_some() => {
            train::show(ui, &training, lang, &mut train_ui.0, &mut send);
            // Why a move was refused, what the last did.
            status_line(ui, status);
        }
        None => {
            let place = ctx.data(|d| d.get_temp::<PanelPlace>(egui::Id::new("panel place")));
            let viewport = ctx
                .data(|d| d.get_temp::<f32>(egui::Id::new("panel viewport")))
                .unwrap_or_else(|| ui.available_height());
            let top = ui.min_rect().top();
            edits = Some(table::contents(
                ui,
                &table::Shown {
                    model: &model,
                    settings: &settings,
                    xq: &xq,
                    status,
                    engine: &engines.view,
                    waits: &engines.waits,
                    reviewed: &engines.reviewed,
                    library: &library,
                    household: &household,
                },
                table::Memory {
                    clock: clock_ui,
                    moves: moves_ui,
                    viewport,
                    top,
                    places: &mut library_ui.places,
                },
                matches!(place, Some(PanelPlace::Below(_))),
                &mut send,
                &mut record,
            ));
        }
    }
    {
        use crate::app::xiangqi::duel::{panel as duel_panel, players};
        // The seats' names only while the dialog that shows them is open.
        let names = if duel.dialog {
            players(&settings)
        } else {
            Default::default()
        };
        let seats = [names[0].as_str(), names[1].as_str()];
        duel_panel::dialog(&ctx, (&duel, seats, lang), duel_ui, &mut send);
        duel_panel::cover(&ctx, ui.clip_rect(), (&duel, lang), duel_ui, &mut send);
    }
    if training.list {
        let (logged, list) = &mut *train_ui;
        train::list(&ctx, &training, lang, list, logged, &mut send);
    }
    if library.open {
        window::show(
            &ctx,
            &library,
            model.shown_position(),
            lang,
            library_ui,
            &mut send,
        );
    }
    typed_move(
        &ctx,
        (
            overlay.move_box && editing.0.is_none(),
            &model,
            &xq,
            settings.lang,
        ),
        typed_ui,
        &mut send,
    );
    if overlay.info {
        info::show(&ctx, &model, lang, info_ui, &mut send, &mut record);
    } else {
        info_ui.close();
    }
    // In a duel the duel's panel says what came of a puzzle: no banner over its cover.
    let banner_shown = !model.is_reviewing() && !duel.on();
    if let Some(outcome) = model.outcome().filter(|_| banner_shown) {
        let told = i18n::outcome_told(outcome, model.game().offence(), lang);
        if settings.face_to_face {
            let both = ::table::together::across::banner(&ctx, &told);
            clock_ui.log_place("across-banner", both);
            let corner = egui::Rect::from_center_size(both.max, egui::Vec2::ZERO);
            clock_ui.log_place("across-banner-corner", corner);
        } else {
            banner(&ctx, &told);
        }
    }
    // The logic applies an edit (shell/toggles.rs); the panel only says what it was.
    let edited = edits.and_then(|e: table::Edits| {
        (e.clock.is_some() || e.strength.is_some()).then(|| {
            let mut edited = (*xq).clone();
            if let Some(control) = e.clock {
                edited.clock = control;
            }
            if let Some(strength) = e.strength {
                edited.strength = strength;
            }
            XiangqiSettingsEdited(Box::new(edited))
        })
    });
    if !sent.is_empty() || !edit_sent.is_empty() || !record_sent.is_empty() || edited.is_some() {
        // The next frame must come to act on them.
        said.redraw.write(RequestRedraw);
    }
    said.actions.write_batch(sent);
    said.edits.write_batch(edit_sent);
    said.record.write_batch(record_sent);
    if let Some(edited) = edited {
        said.settings.write(edited);
    }
}

/// The game's result over the board's centre.
fn banner(ctx: &egui::Context, text: &str) {
    egui::Area::new("banner".into())
        .anchor(egui::Align2::CENTER_CENTER, parts::board_centre(ctx))
        .interactable(false)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style())
                .fill(egui_color(parts::colors(ctx).banner))
                .inner_margin(egui::Margin::symmetric(28, 16))
                .show(ui, |ui| {
                    ui.label(
                        egui::RichText::new(text)
                            .size(34.0)
                            .color(egui_color(parts::colors(ctx).banner_text)),
                    );
                });
        });
}

/// The move box at the Xiangqi table: the legal moves the text fits, written in the
/// chosen notation; Enter or a click plays one as a click would (refused the same way).
fn typed_move(
    ctx: &egui::Context,
    (open, model, settings, lang): (bool, &Model, &XiangqiSettings, Lang),
    state: &mut MoveBoxUi,
    send: &mut impl FnMut(Action),
) {
    use crate::app::panel::move_box::{Typed, show};
    use crate::app::xiangqi::messages::MoveAsked;
    use crate::rules::NotationErrorKind;
    use crate::rules::notation::{completions, typed_move};
    let pos = model.shown_position();
    let fits = if open {
        completions(pos, &state.text)
    } else {
        Vec::new()
    };
    let written: Vec<String> = fits
        .iter()
        .map(|&m| settings.notation.write(pos, m))
        .collect();
    let hint = i18n::T::MoveBoxXiangqiHint.get(lang);
    match show(ctx, open, state, (lang, hint), &written) {
        Some(Typed::Enter) => match typed_move(pos, &state.text) {
            Ok(mv) => {
                send(Action::own(MoveAsked(mv)));
                state.text.clear();
            }
            Err(e) => {
                let text = state.text.trim().to_owned();
                let said = match e.kind {
                    NotationErrorKind::Ambiguous(moves) => {
                        let named: Vec<String> = moves
                            .iter()
                            .map(|&m| settings.notation.write(pos, m))
                            .collect();
                        let some = move_box::some_of(&named);
                        i18n::T::TypedAmbiguous.fill(lang, &[&text, &some])
                    }
                    NotationErrorKind::NoSuchMove(_) => i18n::T::TypedNoMove.fill(lang, &[&text]),
                    _ => i18n::T::TypedUnreadable.fill(lang, &[&text]),
                };
                bevy::log::info!("typed move refused: {said}");
                state.said = Some(said);
            }
        },
        Some(Typed::Pick(i)) => {
            if let Some(&mv) = fits.get(i) {
                send(Action::own(MoveAsked(mv)));
                state.text.clear();
            }
        }
        Some(Typed::Close) => send(Action::TypeMove(false)),
        None => {}
    }
}
