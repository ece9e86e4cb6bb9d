//! The panel (egui), beside the board or below it in a tall window: the menu bar, the
//! table's switch, then the part of the game on the table (each game's `panel`, through
//! the seam); its colours and type scale; the shell's dialogs. Buttons only write the
//! same [`Action`]s the keys do.

pub mod access;
pub mod dialogs;
pub mod fits;
pub mod menu;
pub mod move_box;
pub mod parts;
pub mod rows;
pub mod sentence;
pub mod status;
pub mod toolbar;

use crate::schedule::PanelSet;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{
    EguiContexts, EguiInput, EguiInputSet, EguiPreUpdateSet, EguiPrimaryContextPass, egui,
};

use bevy::ecs::message::Messages;
use bevy::ecs::system::SystemState;
use bevy::input::keyboard::KeyboardInput;

use crate::actions::Action;
use crate::schedule::GameKind;
use crate::settings::Settings;
use crate::shell::assets::FONT;
use crate::shell::model::{Overlay, PointerOverPanel, TypingInPanel};
use crate::shell::stage::PanelArea;
use crate::shell::table::Tables;

use crate::theme::paint::egui_color;

/// Logical width of the panel.
const WIDTH: f32 = 300.0;

pub(crate) fn plugin(app: &mut App) {
    app.add_plugins(access::plugin);
    app.add_systems(
        EguiPrimaryContextPass,
        (fonts, style, panel).chain().in_set(PanelSet::Frame),
    )
    .add_systems(EguiPrimaryContextPass, typing.in_set(PanelSet::Keyboard))
    .add_systems(
        PreUpdate,
        (
            drop_unchanged_modifiers,
            drop_chorded_text.run_if(resource_exists::<Messages<KeyboardInput>>),
            access::forward_actions,
        )
            .chain()
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

/// bevy_egui tells egui the modifiers as they are at the frame's end: a quick Ctrl+V
/// (Ctrl pressed and let go within one slow frame, as on a first start) reached egui as
/// a plain "v", typed after the paste. The letters pressed with Ctrl held (followed
/// through the key messages in order) are not text.
fn drop_chorded_text(
    mut keys: MessageReader<KeyboardInput>,
    mut held: Local<crate::shell::input::Modifiers>,
    mut inputs: Query<&mut EguiInput>,
) {
    for key in keys.read() {
        let down = key.state.is_pressed();
        if held.follow(key.key_code, down) || !down || !held.ctrl() {
            continue;
        }
        let bevy::input::keyboard::Key::Character(letter) = &key.logical_key else {
            continue;
        };
        for mut input in &mut inputs {
            let events = &mut input.0.events;
            if let Some(at) = events
                .iter()
                .position(|e| matches!(e, egui::Event::Text(t) if t == letter.as_str()))
            {
                events.remove(at);
                info!("dropped {letter:?} typed with Ctrl");
            }
        }
    }
}

/// Adds the embedded CJK font behind egui's own and a light, warm look, once.
fn fonts(mut contexts: EguiContexts, mut done: Local<bool>) -> Result {
    if *done {
        return Ok(());
    }
    install_fonts(contexts.ctx_mut()?);
    *done = true;
    Ok(())
}

/// The embedded CJK font behind egui's own, and the panel's type scale and spacing
/// (public for the panel's benchmark, which draws with them).
pub fn install_fonts(ctx: &egui::Context) {
    let mut defs = egui::FontDefinitions::default();
    defs.font_data.insert(
        "xiangqi-kai".into(),
        egui::FontData::from_static(FONT).into(),
    );
    // Right after egui's Latin face, before its emoji fonts: Chinese punctuation (the
    // full-width brackets and colon) was drawn from an emoji font, heavy and in
    // another face than the characters beside it.
    for family in [egui::FontFamily::Proportional, egui::FontFamily::Monospace] {
        let fonts = defs.families.entry(family).or_default();
        let at = fonts.len().min(1);
        fonts.insert(at, "xiangqi-kai".into());
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
}

/// The panel's colours and the pieces it draws follow the theme: set when it changes
/// (and at the first frame), kept in egui's memory for every part of the panel.
fn style(
    mut contexts: EguiContexts,
    settings: Res<Settings>,
    mut done: Local<Option<parts::TableLook>>,
    household: Res<crate::store::household::Household>,
) -> Result {
    // The players' colours, for the cards.
    if household.is_changed() {
        let colours = parts::PlayerColours(
            household
                .players
                .iter()
                .filter_map(|p| Some((p.name.clone(), p.colour?)))
                .collect(),
        );
        let ctx = contexts.ctx_mut()?;
        ctx.data_mut(|d| d.insert_temp(egui::Id::new("player colours"), colours));
    }
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
    // A steady text cursor: a blinking one asks egui for a pass every half second, and
    // bevy_egui turns any such request into a frame at once: a whole core drawing for
    // as long as a text field has the keyboard.
    visuals.text_cursor.blink = false;
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
pub fn screen_at(rect: egui::Rect) -> (i32, i32) {
    screen_pos(rect.center())
}

/// Where the point `at` is on the screen, in pixels.
pub fn screen_pos(at: egui::Pos2) -> (i32, i32) {
    let scale = f32::from_bits(PIXELS_PER_POINT.load(std::sync::atomic::Ordering::Relaxed));
    let at = at * scale;
    (at.x.round() as i32, at.y.round() as i32)
}

/// The panel's frame: the menu bar and the table switch (unless the game's part takes the
/// whole panel), then the game on the table's part (`TableGame::panel`), the help; what
/// it takes of the window and whether it has the pointer or the keyboard.
pub fn panel(
    world: &mut World,
    contexts: &mut SystemState<EguiContexts>,
    mut memory: Local<FrameUi>,
) -> Result {
    let ctx = contexts.get_mut(world)?.ctx_mut()?.clone();
    let settings = world.resource::<Settings>().clone();
    let help = world.resource::<Overlay>().help;
    let kind = *world.resource::<State<GameKind>>().get();
    let tables = world.resource::<Tables>().clone();
    let lang = settings.lang;
    zoom(&ctx, &settings);
    let mut said = Said::default();
    let mut send = |c: Action| said.sent.push(c);

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
        ctx.data_mut(|d| d.insert_temp(egui::Id::new("panel viewport"), viewport));
        // A short window scrolls the panel rather than cutting it off, and shows that it
        // does: a solid bar beside the content. egui's own floating bars stay hidden
        // until the pointer comes near, and a panel cut at its bottom said nothing
        // (issue 76). The content keeps egui's style for its own lists.
        let within = ui.spacing().scroll;
        let solid = egui::style::ScrollStyle::solid();
        ui.spacing_mut().scroll = solid;
        let shown = egui::ScrollArea::vertical()
            .auto_shrink([false, false])
            .show(ui, |ui| {
                ui.spacing_mut().scroll = within;
                if !tables.whole_panel(kind, world) {
                    // Every command, with its shortcut.
                    menu::bar(ui, &settings, kind, &tables, &mut send);
                    ui.separator();
                    // The table's game: 象棋 or 围棋 (and, on a first start, the lessons'
                    // button and the language, wrapped where the row is full).
                    ui.horizontal_wrapped(|ui| {
                        for k in tables.kinds() {
                            let button = ui.selectable_label(kind == k, tables.title(k, lang));
                            let name = format!("table-{}", tables.slug(k));
                            parts::log_place(&mut memory.switch, name, button.rect);
                            if button.clicked() && kind != k {
                                send(Action::SwitchGame(k));
                            }
                        }
                        dialogs::learn::hint(ui, world, kind, &mut memory.lesson, &mut send);
                    });
                }
                dialogs::problems::part(ui, world, kind, &mut memory.lesson, &mut send);
                said.practising =
                    dialogs::learn::practice_part(ui, world, kind, &mut memory.lesson);
                said.guessing = dialogs::learn::guess_part(ui, world, kind, &mut memory.lesson);
                said.answer = dialogs::learn::question_part(ui, world, kind, &mut memory.lesson);
                let learned =
                    dialogs::learn::lesson_part(ui, world, kind, &mut memory.lesson, &mut send);
                said.learning.extend(learned);
                tables.panel(kind, world, ui);
            });
        fits::scroll_bar(&shown, &solid)
    });
    fits::say_scrolls(response.inner, &mut memory.scrolls);
    fits::say_overflows(
        &ctx,
        egui::LayerId::background(),
        meant(place, ctx.viewport_rect()),
        &mut memory.overflowed,
    );
    if help {
        dialogs::help::show(&ctx, lang, &tables.help(kind, lang), &mut send);
    }
    access::tree(
        &mut root,
        world,
        &tables,
        kind,
        lang,
        &mut send,
        &mut memory.board_cursor,
    );

    // While a replay runs the board leaves a strip under it for the replay's bar.
    let strip = if world
        .resource::<crate::shell::model::Replaying>()
        .0
        .is_some()
    {
        crate::shell::stage::BAR_STRIP
    } else {
        0.0
    };
    keep_area(
        world,
        place,
        response.response.rect,
        strip,
        ctx.pixels_per_point(),
    );
    let over = ctx.egui_wants_pointer_input() || ctx.is_pointer_over_egui();
    if world.resource::<PointerOverPanel>().0 != over {
        world.resource_mut::<PointerOverPanel>().0 = over;
    }
    keep_board_focus(world, &ctx, &mut memory);
    said.write(world);
    Ok(())
}

/// The zoom is the settings' (Ctrl+= / Ctrl+- / Ctrl+0 go through the actions and are
/// saved), not egui's own keys.
fn zoom(ctx: &egui::Context, settings: &Settings) {
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
}

/// Where the panel should be in `window`: content too wide pushes egui's rectangle past
/// it.
fn meant(place: parts::PanelPlace, window: egui::Rect) -> egui::Rect {
    match place {
        parts::PanelPlace::Right => {
            egui::Rect::from_min_max(egui::pos2(window.right() - WIDTH, window.top()), window.max)
        }
        parts::PanelPlace::Below(height) => egui::Rect::from_min_max(
            egui::pos2(window.left(), window.bottom() - height),
            window.max,
        ),
    }
}

/// The window's part the panel takes, in pixels (egui's points are the screen's scale
/// factor `ppp` times the zoom), kept for the board.
fn keep_area(world: &mut World, place: parts::PanelPlace, rect: egui::Rect, strip: f32, ppp: f32) {
    let taken = match place {
        parts::PanelPlace::Right => PanelArea {
            right: rect.width() * ppp,
            bottom: strip * ppp,
            strip: strip * ppp,
        },
        parts::PanelPlace::Below(_) => PanelArea {
            right: 0.0,
            bottom: (rect.height() + strip) * ppp,
            strip: strip * ppp,
        },
    };
    let area = *world.resource::<PanelArea>();
    if area.strip != taken.strip {
        info!("board strip {:.0} px", taken.strip);
    }
    if (area.right - taken.right).abs() > 0.5 || (area.bottom - taken.bottom).abs() > 0.5 {
        let below = |a: &PanelArea| a.bottom - a.strip > 0.0;
        if below(&area) != below(&taken) || area.right == 0.0 && area.bottom == 0.0 {
            info!(
                "panel {} ({:.0}x{:.0} px)",
                if below(&taken) {
                    "below the board"
                } else {
                    "beside the board"
                },
                rect.width() * ppp,
                rect.height() * ppp
            );
        }
        *world.resource_mut::<PanelArea>() = taken;
    }
}

/// The board taking the keyboard (F6) takes it from the panel's widget too.
fn keep_board_focus(world: &World, ctx: &egui::Context, memory: &mut FrameUi) {
    let board = world.resource::<crate::shell::model::BoardFocus>().0;
    if board && !memory.board_focus && !access::board_has_focus(ctx) {
        ctx.memory_mut(|m| {
            if let Some(f) = m.focused() {
                m.surrender_focus(f);
            }
        });
    }
    memory.board_focus = board;
}

/// What the panel's parts said this frame, written out after it is drawn.
#[derive(Default)]
struct Said {
    sent: Vec<Action>,
    learning: Vec<crate::learn::shell::LearnCommand>,
    answer: Option<crate::learn::shell::TutorAnswer>,
    practising: Vec<crate::learn::practice::PracticeCommand>,
    guessing: Vec<crate::learn::guess::GuessCommand>,
}

impl Said {
    fn write(self, world: &mut World) {
        let Said {
            sent,
            learning,
            answer,
            practising,
            guessing,
        } = self;
        if !sent.is_empty()
            || !learning.is_empty()
            || answer.is_some()
            || !practising.is_empty()
            || !guessing.is_empty()
        {
            // The next frame must come to act on them.
            world.write_message(RequestRedraw);
        }
        world.write_message_batch(sent);
        world.write_message_batch(learning);
        if let Some(a) = answer {
            world.write_message(a);
        }
        world.write_message_batch(practising);
        world.write_message_batch(guessing);
    }
}

/// What the frame remembers between frames.
#[derive(Default)]
pub struct FrameUi {
    /// Where the table switch's buttons were logged (`table-go`).
    switch: Vec<(String, (i32, i32))>,
    /// What was said to reach past the panel's sides.
    overflowed: std::collections::HashSet<String>,
    /// Whether the panel scrolled, and its bar, as last said.
    scrolls: Option<String>,
    /// The point the board cursor was on (the reader's focus follows it).
    board_cursor: Option<usize>,
    /// The board had the keyboard last frame.
    board_focus: bool,
    /// Where the lesson's buttons were logged (`lesson-retry`).
    lesson: Vec<(String, (i32, i32))>,
}

/// Whether a text field has the keyboard (then single-letter keys type, not act), read
/// after every window of the pass: the panel's own fields and the dialogs' alike.
fn typing(
    mut contexts: EguiContexts,
    mut typing: ResMut<TypingInPanel>,
    mut overlay: ResMut<Overlay>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    // A menu open takes Esc (egui closes it): the next frame's keys must know.
    let menu = egui::Popup::is_any_open(ctx);
    if overlay.menu != menu {
        overlay.menu = menu;
    }
    // A point of the board with the reader's focus leaves the keys to the game.
    let keyboard = ctx.egui_wants_keyboard_input() && !access::board_has_focus(ctx);
    if typing.0 != keyboard {
        typing.0 = keyboard;
    }
    Ok(())
}
