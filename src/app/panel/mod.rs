//! The panel (egui), beside the board or below it in a tall window: the menu bar, the
//! table's switch, then the table's own part (`table.rs` for Xiangqi, `go.rs` for Go);
//! its colours and type scale; the dialogs, the game-end banner. Buttons only write the
//! same [`Action`]s the keys do.

pub mod clock;
pub mod dialogs;
pub mod edit;
pub mod engine;
pub mod go;
pub mod menu;
pub mod moves;
pub mod parts;
pub mod review;
pub mod status;
pub mod table;
pub mod train;

use crate::app::schedule::PanelSet;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{
    EguiContexts, EguiInput, EguiInputSet, EguiPreUpdateSet, EguiPrimaryContextPass, egui,
};

use crate::app::actions::Action;
use crate::app::shell::assets::FONT;
use crate::app::shell::model::{Overlay, PointerOverPanel, Settings, TypingInPanel};
use crate::app::xiangqi::model::Model;
use crate::app::xiangqi::view::board::PanelArea;
use crate::app::{EditCommand, RecordEdit, SettingsEdited};
use crate::i18n;
use status::{StatusLines, status_line};

use crate::app::egui_color;

/// Logical width of the panel.
const WIDTH: f32 = 300.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (fonts, style, panel).chain().in_set(PanelSet::Frame),
    )
    .add_systems(
        PreUpdate,
        drop_unchanged_modifiers
            .after(EguiInputSet::WriteEguiEvents)
            .before(EguiPreUpdateSet::BeginPass),
    );
}

/// bevy_egui 0.42 reports the modifier keys to egui as an event every frame, changed or
/// not, and egui repaints at once after any input event: each frame asked for the next,
/// and the idle window used ~85 % of a core. The event is dropped unless they changed.
fn drop_unchanged_modifiers(
    mut inputs: Query<&mut EguiInput>,
    mut last: Local<Option<egui::Modifiers>>,
) {
    for mut input in &mut inputs {
        input.0.events.retain(|event| match event {
            egui::Event::ModifiersChanged(m) => {
                let changed = *last != Some(*m);
                *last = Some(*m);
                changed
            }
            _ => true,
        });
    }
}

/// Adds the embedded CJK font behind egui's own and a light, warm look, once.
fn fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut defs = egui::FontDefinitions::default();
    defs.font_data.insert(
        "xiangqi-kai".into(),
        egui::FontData::from_static(FONT).into(),
    );
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        defs.families
            .entry(family)
            .or_default()
            .push("xiangqi-kai".into());
    }
    ctx.set_fonts(defs);
    // A type scale readable at arm's length: 15 px body, and room around the buttons.
    ctx.all_styles_mut(|style| {
        use egui::{FontFamily, FontId, TextStyle};
        style.text_styles = [
            (
                TextStyle::Small,
                FontId::new(12.0, FontFamily::Proportional),
            ),
            (TextStyle::Body, FontId::new(15.0, FontFamily::Proportional)),
            (
                TextStyle::Button,
                FontId::new(15.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Heading,
                FontId::new(20.0, FontFamily::Proportional),
            ),
            (
                TextStyle::Monospace,
                FontId::new(14.0, FontFamily::Monospace),
            ),
        ]
        .into();
        style.spacing.button_padding = egui::vec2(7.0, 3.0);
        style.spacing.item_spacing = egui::vec2(8.0, 5.0);
    });
    *done = true;
    Ok(())
}

/// The panel's colours and the pieces it draws follow the theme: set when it changes
/// (and at the first frame), kept in egui's memory for every part of the panel.
fn style(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut done: Local<Option<parts::TableLook>>,
) -> Result {
    let look = parts::TableLook {
        theme: settings.theme,
        pieces: settings.pieces,
    };
    if *done == Some(look) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let colors = settings.theme.palette().panel;
    let mut visuals = if colors.dark {
        egui::Visuals::dark()
    } else {
        egui::Visuals::light()
    };
    visuals.panel_fill = egui_color(colors.fill);
    visuals.window_fill = egui_color(colors.window);
    visuals.extreme_bg_color = egui_color(colors.field);
    visuals.override_text_color = Some(egui_color(colors.text));
    ctx.set_visuals(visuals);
    ctx.data_mut(|d| d.insert_temp(egui::Id::NULL, look));
    *done = Some(look);
    Ok(())
}

/// egui's pixels per point last frame (the screen's scale factor times the zoom), for
/// the places the panel logs.
static PIXELS_PER_POINT: std::sync::atomic::AtomicU32 =
    std::sync::atomic::AtomicU32::new(0x3f80_0000);

/// Where `rect`'s centre is on the screen, in pixels: what the panel logs for the window
/// tests (`panel undo at 900,120`), which click there.
pub(crate) fn screen_at(rect: egui::Rect) -> (i32, i32) {
    let scale = f32::from_bits(PIXELS_PER_POINT.load(std::sync::atomic::Ordering::Relaxed));
    let at = rect.center() * scale;
    (at.x.round() as i32, at.y.round() as i32)
}

pub(crate) fn panel(
    mut contexts: EguiContexts,
    model: Res<Model>,
    settings: Res<Settings>,
    overlay: Res<Overlay>,
    status: Res<StatusLines>,
    mut area: ResMut<PanelArea>,
    mut over_panel: ResMut<PointerOverPanel>,
    mut typing: ResMut<TypingInPanel>,
    mut out: PanelOut,
    mut ui_state: Local<PanelUi>,
    editing: Res<crate::app::xiangqi::edit::Editing>,
    engines: crate::app::panel::review::EngineShown,
    table: Res<State<crate::app::schedule::GameKind>>,
    tables: Res<crate::app::shell::table::Tables>,
    mut go_shown: crate::app::panel::go::GoShown,
    training: Res<crate::app::xiangqi::train::Training>,
) -> Result {
    let PanelUi {
        clock: clock_ui,
        edit: edit_ui,
        engine: engine_ui,
        moves: moves_ui,
        info: info_ui,
        go: go_ui,
        settings_dialog: settings_logged,
        train: train_ui,
        switch: switch_logged,
    } = &mut *ui_state;
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
    let status = status.of(*table.get());
    // The zoom is the settings' (Ctrl+= / Ctrl+- / Ctrl+0 go through the actions and
    // are saved), not egui's own keys.
    if ctx.options(|o| o.zoom_with_keyboard) {
        ctx.options_mut(|o| o.zoom_with_keyboard = false);
    }
    if ctx.zoom_factor() != settings.zoom {
        ctx.set_zoom_factor(settings.zoom);
    }
    PIXELS_PER_POINT.store(
        ctx.pixels_per_point().to_bits(),
        std::sync::atomic::Ordering::Relaxed,
    );
    let mut edits = None;
    let mut sent = Vec::new();
    let mut send = |c: Action| sent.push(c);
    let mut edit_sent = Vec::new();
    let mut edit = |c: EditCommand| edit_sent.push(c);
    let mut record_sent = Vec::new();
    let mut record = |c: RecordEdit| record_sent.push(c);
    if editing.0.is_none() {
        edit_ui.reset();
    }

    // Panels are shown inside a Ui in egui 0.36: one spanning the window.
    let mut root = egui::Ui::new(
        ctx.clone(),
        "root".into(),
        egui::UiBuilder::new()
            .layer_id(egui::LayerId::background())
            .max_rect(ctx.viewport_rect()),
    );
    // In a tall window the panel goes below the board when the board is larger so.
    let place = parts::place_for(ctx.viewport_rect().size(), WIDTH);
    ctx.data_mut(|d| d.insert_temp(egui::Id::new("panel place"), place));
    let response = match place {
        parts::PanelPlace::Right => egui::Panel::right("panel").exact_size(WIDTH),
        parts::PanelPlace::Below(height) => egui::Panel::bottom("panel").exact_size(height),
    }
    .resizable(false)
    .show(&mut root, |ui| {
        let viewport = ui.available_height();
        // A short window scrolls the panel rather than cutting it off.
        egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                let top = ui.min_rect().top();
                match &editing.0 {
                    Some(state) => {
                        crate::app::panel::edit::show(
                            ui, state, lang, edit_ui, &mut edit, &mut send,
                        );
                        // Why a piece was refused.
                        status_line(ui, status);
                    }
                    None if training.attempt.is_some() => {
                        train::show(ui, &training, lang, &mut train_ui.0, &mut send);
                        // Why a move was refused, what the last did.
                        status_line(ui, status);
                    }
                    None => {
                        let kind = *table.get();
                        // Every command, with its shortcut.
                        crate::app::panel::menu::bar(ui, &settings, kind, &tables, &mut send);
                        ui.separator();
                        // The table's game: 象棋 or 围棋.
                        ui.horizontal(|ui| {
                            for k in tables.kinds() {
                                let t = tables.title(k);
                                let name = format!("table-{}", tables.slug(k));
                                let button = ui.selectable_label(kind == k, t.get(lang));
                                crate::app::panel::go::log_place(switch_logged, name, button.rect);
                                if button.clicked() && kind != k {
                                    send(Action::SwitchGame(k));
                                }
                            }
                        });
                        if kind == crate::app::schedule::GameKind::Go {
                            crate::app::panel::go::show(ui, &mut go_shown, lang, go_ui, &mut send);
                            // Copies, files opened, pictures written.
                            status_line(ui, status);
                            return;
                        }
                        edits = Some(table::contents(
                            ui,
                            &table::Shown {
                                model: &model,
                                settings: &settings,
                                status,
                                engine: &engines.view,
                                waits: &engines.waits,
                                reviewed: &engines.reviewed,
                            },
                            table::Memory {
                                clock: clock_ui,
                                moves: moves_ui,
                                viewport,
                                top,
                            },
                            matches!(place, parts::PanelPlace::Below(_)),
                            &mut send,
                            &mut record,
                        ));
                    }
                }
            });
    });
    if training.list {
        let (logged, list) = &mut *train_ui;
        train::list(ctx, &training, lang, list, logged, &mut send);
    }
    if overlay.settings {
        let edited = dialogs::settings::show(
            ctx,
            &settings,
            &engines.view,
            engine_ui,
            settings_logged,
            &mut send,
        );
        if let Some(edited) = edited {
            let edits = edits.get_or_insert(table::Edits {
                clock: None,
                settings: None,
                strength: None,
            });
            edits.settings = Some(edited);
        }
    }
    // The logic applies an edit (shell/toggles.rs); the panel only says what it was.
    let mut edited_settings = None;
    if let Some(edits) = edits
        && (edits.settings.is_some() || edits.clock.is_some() || edits.strength.is_some())
    {
        let mut edited = edits.settings.unwrap_or_else(|| settings.clone());
        if let Some(control) = edits.clock {
            edited.clock = control;
        }
        if let Some(strength) = edits.strength {
            edited.strength = strength;
        }
        edited_settings = Some(SettingsEdited(Box::new(edited)));
    }

    if overlay.help {
        dialogs::help::show(ctx, lang, &mut send);
    }

    let xiangqi = *table.get() == crate::app::schedule::GameKind::Xiangqi;
    if let Some(outcome) = model.outcome().filter(|_| xiangqi && !model.is_reviewing()) {
        egui::Area::new("banner".into())
            .anchor(egui::Align2::CENTER_CENTER, parts::board_centre(ctx))
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style())
                    .fill(egui_color(parts::colors(ctx).banner))
                    .inner_margin(egui::Margin::symmetric(28, 16))
                    .show(ui, |ui| {
                        ui.label(
                            egui::RichText::new(i18n::outcome_told(
                                outcome,
                                model.game().offence(),
                                lang,
                            ))
                            .size(34.0)
                            .color(egui_color(parts::colors(ctx).banner_text)),
                        );
                    });
            });
    }

    // egui's points are the screen's scale factor times the zoom.
    let ppp = ctx.pixels_per_point();
    let taken = match place {
        parts::PanelPlace::Right => PanelArea {
            right: response.response.rect.width() * ppp,
            bottom: 0.0,
        },
        parts::PanelPlace::Below(_) => PanelArea {
            right: 0.0,
            bottom: response.response.rect.height() * ppp,
        },
    };
    if (area.right - taken.right).abs() > 0.5 || (area.bottom - taken.bottom).abs() > 0.5 {
        if (area.bottom > 0.0) != (taken.bottom > 0.0) || area.right == 0.0 && area.bottom == 0.0 {
            info!(
                "panel {} ({:.0}x{:.0} px)",
                if taken.bottom > 0.0 {
                    "below the board"
                } else {
                    "beside the board"
                },
                response.response.rect.width() * ppp,
                response.response.rect.height() * ppp
            );
        }
        *area = taken;
    }
    let over = ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    if over_panel.0 != over {
        over_panel.0 = over;
    }
    let keyboard = ctx.egui_wants_keyboard_input();
    if typing.0 != keyboard {
        typing.0 = keyboard;
    }
    if overlay.info {
        dialogs::info::show(ctx, &model, lang, info_ui, &mut send, &mut record);
    } else {
        info_ui.close();
    }
    if !sent.is_empty()
        || !edit_sent.is_empty()
        || !record_sent.is_empty()
        || edited_settings.is_some()
    {
        // The next frame must come to act on them.
        out.redraw.write(RequestRedraw);
    }
    for c in sent {
        out.actions.write(c);
    }
    for c in edit_sent {
        out.edits.write(c);
    }
    for c in record_sent {
        out.record.write(c);
    }
    if let Some(edited) = edited_settings {
        out.settings.write(edited);
    }
    Ok(())
}

/// What the panel says: the player's actions, edits and settings, and a request for
/// the next frame to act on them.
#[derive(bevy::ecs::system::SystemParam)]
pub(crate) struct PanelOut<'w> {
    actions: MessageWriter<'w, Action>,
    edits: MessageWriter<'w, EditCommand>,
    record: MessageWriter<'w, RecordEdit>,
    settings: MessageWriter<'w, SettingsEdited>,
    redraw: MessageWriter<'w, RequestRedraw>,
}

/// What the panel's parts remember between frames (what is being typed, asked).
#[derive(Default)]
pub(crate) struct PanelUi {
    clock: clock::ClockUi,
    edit: crate::app::panel::edit::EditUi,
    engine: crate::app::panel::engine::EngineUi,
    moves: moves::MovesUi,
    info: dialogs::info::InfoUi,
    go: go::GoUi,
    /// Where the settings dialog was last logged.
    settings_dialog: Option<egui::Rect>,
    /// The training's places logged, and its list's filters.
    train: (Vec<(&'static str, (i32, i32))>, train::ListUi),
    /// Where the table switch's buttons were logged (`table-go`).
    switch: Vec<(String, (i32, i32))>,
}
