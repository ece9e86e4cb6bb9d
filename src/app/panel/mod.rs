//! The side panel (egui): whose turn, the status line, the move list (click to review),
//! captured pieces, a button for every action, settings; plus the game-end banner and
//! the key help. Buttons only write the same [`Action`]s the keys do.

pub mod cards;
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

use crate::app::schedule::PanelSet;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{
    EguiContexts, EguiInput, EguiInputSet, EguiPreUpdateSet, EguiPrimaryContextPass, egui,
};

use crate::app::actions::Action;
use crate::app::shell::assets::FONT;
use crate::app::xiangqi::model::{Model, Overlay, PointerOverPanel, Settings, TypingInPanel};
use crate::app::xiangqi::view::board::PanelWidth;
use crate::app::{EditCommand, RecordEdit, SettingsEdited};
use crate::i18n::{self, Lang, T};
use crate::rules::Color as Side;
use status::{Status, status_line, warning_text};

use crate::app::egui_color;

/// Logical width of the panel.
const WIDTH: f32 = 300.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(status::plugin)
        .add_systems(
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

fn side_text(side: Side, lang: Lang) -> &'static str {
    match side {
        Side::Red => T::RedToMove.get(lang),
        Side::Black => T::BlackToMove.get(lang),
    }
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
    status: Res<Status>,
    mut width: ResMut<PanelWidth>,
    mut over_panel: ResMut<PointerOverPanel>,
    mut typing: ResMut<TypingInPanel>,
    mut out: PanelOut,
    mut ui_state: Local<PanelUi>,
    editing: Res<crate::app::xiangqi::edit::Editing>,
    engines: crate::app::panel::review::EngineShown,
    table: Res<State<crate::app::schedule::GameKind>>,
    mut go_shown: crate::app::panel::go::GoShown,
) -> Result {
    let PanelUi {
        clock: clock_ui,
        edit: edit_ui,
        engine: engine_ui,
        moves: moves_ui,
        info: info_ui,
        go: go_ui,
        settings_dialog: settings_logged,
    } = &mut *ui_state;
    let ctx = contexts.ctx_mut()?;
    let lang = settings.lang;
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
    let response = egui::Panel::right("panel")
        .exact_size(WIDTH)
        .resizable(false)
        .show(&mut root, |ui| {
            let viewport = ui.available_height();
            // A short window scrolls the panel rather than cutting it off.
            egui::ScrollArea::vertical()
                .auto_shrink([false, false])
                .show(ui, |ui| match &editing.0 {
                    Some(state) => {
                        crate::app::panel::edit::show(
                            ui, state, lang, edit_ui, &mut edit, &mut send,
                        );
                        // Why a piece was refused.
                        status_line(ui, &status);
                    }
                    None => {
                        use crate::app::schedule::GameKind;
                        let kind = *table.get();
                        // Every command, with its shortcut.
                        crate::app::panel::menu::bar(ui, &settings, kind, &mut send);
                        ui.separator();
                        // The table's game: 象棋 or 围棋.
                        ui.horizontal(|ui| {
                            for (t, k, name) in [
                                (T::GameXiangqi, GameKind::Xiangqi, "table-xiangqi"),
                                (T::GameGo, GameKind::Go, "table-go"),
                            ] {
                                let button = ui.selectable_label(kind == k, t.get(lang));
                                crate::app::panel::go::log_place(
                                    &mut go_ui.logged,
                                    name,
                                    button.rect,
                                );
                                if button.clicked() && kind != k {
                                    send(Action::SwitchGame(k));
                                }
                            }
                        });
                        if kind == GameKind::Go {
                            crate::app::panel::go::show(ui, &mut go_shown, lang, go_ui, &mut send);
                            // Copies, files opened, pictures written.
                            status_line(ui, &status);
                            return;
                        }
                        edits = Some(contents(
                            ui,
                            &Shown {
                                model: &model,
                                settings: &settings,
                                status: &status,
                                engine: &engines.view,
                                waits: &engines.waits,
                                reviewed: &engines.reviewed,
                            },
                            clock_ui,
                            moves_ui,
                            viewport,
                            &mut send,
                            &mut record,
                        ));
                    }
                });
        });
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
            let edits = edits.get_or_insert(Edits {
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
            .anchor(egui::Align2::CENTER_CENTER, [-WIDTH / 2.0, 0.0])
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
    let physical = response.response.rect.width() * ctx.pixels_per_point();
    if (width.0 - physical).abs() > 0.5 {
        width.0 = physical;
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
}

/// What the panel shows.
struct Shown<'a> {
    model: &'a Model,
    settings: &'a Settings,
    status: &'a Status,
    engine: &'a crate::app::xiangqi::engine_link::EngineView,
    waits: &'a crate::app::xiangqi::model::ComputerWaits,
    reviewed: &'a crate::app::xiangqi::review::Reviewed,
}

/// What the panel holds, top to bottom: whose turn or the result, the referee's warning,
/// the status line, the clocks, the buttons, the opponent and the analysis, captured
/// pieces, the moves, the settings.
fn contents(
    ui: &mut egui::Ui,
    shown: &Shown,
    clock_ui: &mut clock::ClockUi,
    moves_ui: &mut moves::MovesUi,
    viewport: f32,
    send: &mut impl FnMut(Action),
    record: &mut impl FnMut(RecordEdit),
) -> Edits {
    let Shown {
        model,
        settings,
        status,
        engine,
        waits,
        ..
    } = *shown;
    let lang = settings.lang;
    let width = ui.max_rect().width();
    ui.add_space(4.0);
    for (name, rect) in cards::toolbar(ui, lang, engine.analysing, send) {
        clock_ui.log_place(name, rect);
    }
    ui.add_space(4.0);
    // The cards in the board's order: the side at its top first.
    let (top, bottom) = if settings.flipped {
        (Side::Red, Side::Black)
    } else {
        (Side::Black, Side::Red)
    };
    cards::card(ui, model, settings, top);
    let pos = model.shown_position();
    let heading = match model.outcome().filter(|_| !model.is_reviewing()) {
        Some(outcome) => i18n::outcome_told(outcome, model.game().offence(), lang),
        None => side_text(pos.turn(), lang).to_owned(),
    };
    ui.add_space(2.0);
    ui.label(egui::RichText::new(heading).strong().size(17.0));
    if let Some(text) = warning_text(model, lang) {
        ui.label(egui::RichText::new(text).strong().color(parts::warning(ui)));
    }
    status_line(ui, status);
    if model.is_reviewing() {
        ui.horizontal(|ui| {
            ui.label(T::Reviewing.get(lang));
            if ui.button(T::BackToGame.get(lang)).clicked() {
                send(Action::ReviewEnd);
            }
        });
    }
    ui.horizontal(|ui| {
        ui.label(egui::RichText::new(T::Moves.get(lang)).strong());
        if ui.button(T::GameInfo.get(lang)).clicked() {
            send(Action::ToggleGameInfo);
        }
    });
    moves::show(ui, model, settings.notation, lang, moves_ui, send, record);
    crate::app::panel::review::show(
        ui,
        model,
        shown.reviewed,
        lang,
        &mut moves_ui.review_logged,
        send,
    );
    ui.separator();
    let strength = crate::app::panel::engine::show(ui, model, settings, engine, waits, send);
    ui.add_space(4.0);
    cards::card(ui, model, settings, bottom);
    let clock = clock::show(ui, model, settings, clock_ui, send);
    ui.separator();
    // The settings open in a dialog of their own.
    let button = ui.button(format!("⚙ {}", T::SettingsTitle.get(lang)));
    clock_ui.log_place("settings", button.rect);
    if button.on_hover_text("Ctrl+,").clicked() {
        send(Action::ToggleSettings);
    }
    // Anything wider than the panel is cut off at its edge (and egui then draws its
    // separator line inside the panel): worth a line in the log, which the window
    // tests read.
    let used = ui.min_rect().width();
    if used > width + 0.5 {
        warn!("panel content overflows: {used:.0} px wide in {width:.0}");
    }
    // The move list takes what the rest leaves of the panel's height (measured this
    // frame, used the next; a few lines at least, the panel scrolls below that).
    let rest = ui.min_rect().height() - moves_ui.list_height;
    let room = (viewport - rest - 2.0).max(110.0);
    if (room - moves_ui.room).abs() > 1.0 {
        moves_ui.room = room;
        ui.ctx().request_repaint();
    }
    Edits {
        clock,
        settings: None,
        strength,
    }
}

/// What the player changed in the panel this frame.
struct Edits {
    /// A time control chosen for the next game.
    clock: Option<Option<crate::rules::TimeControl>>,
    /// The settings as edited, if they were.
    settings: Option<Settings>,
    /// The computer's strength, if changed.
    strength: Option<crate::engine::Limit>,
}
