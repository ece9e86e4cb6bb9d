//! The board and what was just said, in the window's accessibility tree (AccessKit; on
//! Linux, AT-SPI for Orca). egui builds the tree of the panel's widgets; this adds the
//! board of the game on the table as a grid of named points over where it is drawn
//! (widgets that take no pointer: the board keeps its clicks), the point the board
//! cursor is on as the focus, and a live region that says each move, refusal and result.
//! Nothing is built unless a screen reader asked for the tree.

use bevy::a11y::AccessibilityRequested;
use bevy::prelude::*;
use bevy_egui::egui::{self, accesskit};

use crate::actions::Action;
use crate::i18n::{Lang, Word};
use crate::schedule::GameKind;
use crate::shell::access::LastSpoken;
use crate::shell::input::BoardCamera;
use crate::shell::stage::CELL;
use crate::shell::table::{CursorKey, Tables};

/// The egui id of the board's point `i` (row by row from the top).
fn point_id(i: usize) -> egui::Id {
    egui::Id::new(("board point", i))
}

/// Whether the widget with the keyboard is a point of the board: the game's keys (its
/// cursor's arrows) then still reach the game.
pub fn board_has_focus(ctx: &egui::Context) -> bool {
    let board = ctx.data(|d| d.get_temp::<Vec<egui::Id>>(egui::Id::new("board points")));
    ctx.memory(|m| m.focused())
        .is_some_and(|f| board.is_some_and(|ids| ids.contains(&f)))
}

/// Adds the board's points and the live region to the tree (see the module), and asks
/// the game for what a reader's click on a point means.
pub fn tree(
    root: &mut egui::Ui,
    world: &mut World,
    tables: &Tables,
    kind: GameKind,
    lang: Lang,
    send: &mut impl FnMut(Action),
    last_cursor: &mut Option<usize>,
) {
    if !world
        .get_resource::<AccessibilityRequested>()
        .is_some_and(AccessibilityRequested::get)
    {
        return;
    }
    let ctx = root.ctx().clone();
    let said = world.resource::<LastSpoken>().clone();
    // The live region: the last thing said, announced as it changes.
    let news = egui::Id::new("spoken news");
    ctx.accesskit_node_builder(news, |node| {
        node.set_role(accesskit::Role::Status);
        node.set_live(accesskit::Live::Polite);
        // The words are its name: what AT-SPI readers read of a status.
        node.set_label(said.text.clone());
        node.set_description(Word::SpokenNews.get(lang));
    });
    let Some(board) = Tables::spoken_board(world, lang) else {
        return;
    };
    let mut camera = world.query_filtered::<(&Camera, &GlobalTransform), With<BoardCamera>>();
    let Ok((camera, at)) = camera.single(world) else {
        return;
    };
    let to_screen = |p: Vec2| camera.world_to_viewport(at, p.extend(0.0)).ok();
    let zoom = ctx.zoom_factor();
    let ui = root.new_child(egui::UiBuilder::new().id_salt("board tree"));
    let grid = ui.unique_id();
    ctx.accesskit_node_builder(grid, |node| {
        node.set_role(accesskit::Role::Grid);
        node.set_label(board.label.clone());
        node.set_row_count(usize::from(board.rows));
        node.set_column_count(usize::from(board.columns));
    });
    let mut ids = Vec::with_capacity(board.points.len());
    let mut cursor = None;
    for (i, point) in board.points.iter().enumerate() {
        let id = point_id(i);
        ids.push(id);
        let (Some(centre), Some(corner)) = (
            to_screen(point.at),
            to_screen(point.at + Vec2::splat(CELL / 2.0)),
        ) else {
            continue;
        };
        // Viewport pixels are the window's logical pixels; egui's points are those
        // over the zoom.
        let half = (corner - centre).abs() / zoom;
        let centre = egui::pos2(centre.x / zoom, centre.y / zoom);
        let rect = egui::Rect::from_center_size(centre, egui::vec2(half.x, half.y) * 2.0);
        let response = ui.interact(rect, id, egui::Sense::focusable_noninteractive());
        let row = i / usize::from(board.columns);
        let column = i % usize::from(board.columns);
        ctx.accesskit_node_builder(id, |node| {
            node.set_role(accesskit::Role::GridCell);
            node.set_label(point.name.clone());
            node.set_row_index(row);
            node.set_column_index(column);
            node.add_action(accesskit::Action::Click);
        });
        if point.cursor {
            cursor = Some(i);
        }
        if response
            .ctx
            .input(|input| input.has_accesskit_action_request(id, accesskit::Action::Click))
            && let Some(action) =
                tables.cursor(kind, CursorKey::PickAt(point.point.0, point.point.1))
        {
            send(action);
        }
    }
    // The reader follows the cursor: focus moves with it (only when it moves, so Tab
    // can still leave the board).
    if cursor != *last_cursor {
        match cursor {
            Some(i) => ctx.memory_mut(|m| m.request_focus(point_id(i))),
            None => {
                if let Some(i) = *last_cursor {
                    ctx.memory_mut(|m| m.surrender_focus(point_id(i)));
                }
            }
        }
        *last_cursor = cursor;
    }
    if let Some(i) = cursor {
        // The arrows and Esc are the cursor's, not egui's focus moves.
        ctx.memory_mut(|m| {
            m.set_focus_lock_filter(
                point_id(i),
                egui::EventFilter {
                    horizontal_arrows: true,
                    vertical_arrows: true,
                    escape: true,
                    ..Default::default()
                },
            );
        });
    }
    ctx.data_mut(|d| d.insert_temp(egui::Id::new("board points"), ids));
}

pub(crate) fn plugin(app: &mut App) {
    // `forward_actions` runs with the panel's other edits of egui's input (panel/mod.rs).
    app.add_systems(
        PostUpdate,
        answer_actions.after(bevy::a11y::AccessibilitySystems::Update),
    )
    .add_systems(Last, watch_actions);
}

/// A reader's actions (a click, a focus) reach egui's widgets and the board's points:
/// bevy_egui 0.42 builds the tree but hands no action back.
pub fn forward_actions(
    mut requests: MessageReader<bevy::a11y::ActionRequest>,
    mut inputs: Query<&mut bevy_egui::EguiInput, With<bevy_egui::PrimaryEguiContext>>,
) {
    for request in requests.read() {
        debug!(
            "reader asks {:?} of {:?}",
            request.action, request.target_node
        );
        for mut input in &mut inputs {
            input
                .0
                .events
                .push(egui::Event::AccessKitActionRequest(request.0.clone()));
        }
    }
}

/// Bevy reads the reader's actions after the frame's egui pass: another frame hands
/// them to egui.
fn answer_actions(
    mut requests: MessageReader<bevy::a11y::ActionRequest>,
    mut redraw: MessageWriter<bevy::window::RequestRedraw>,
) {
    if requests.read().count() > 0 {
        redraw.write(bevy::window::RequestRedraw);
    }
}

/// The reader's actions wait in a queue the event loop is not woken for (AccessKit's
/// direct handlers): while a reader is on, a thread looks at the queue and wakes the
/// window when something waits. Started once, when the reader first asks for the tree.
fn watch_actions(
    requested: Option<Res<AccessibilityRequested>>,
    handlers: Option<Res<bevy::winit::accessibility::WinitActionRequestHandlers>>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut started: Local<bool>,
) {
    let (Some(requested), Some(handlers), Some(proxy)) = (requested, handlers, proxy) else {
        return;
    };
    if *started || !requested.get() || handlers.is_empty() {
        return;
    }
    *started = true;
    let queues: Vec<_> = handlers.values().cloned().collect();
    let proxy = (**proxy).clone();
    let requested = requested.clone();
    let spawned = std::thread::Builder::new()
        .name("reader actions".into())
        .spawn(move || {
            loop {
                // A reader switched off: look seldom.
                let pause = if requested.get() { 50 } else { 1000 };
                std::thread::sleep(std::time::Duration::from_millis(pause));
                let waiting = queues.iter().any(|q| q.lock().is_ok_and(|q| !q.is_empty()));
                if waiting
                    && proxy
                        .send_event(bevy::winit::WinitUserEvent::WakeUp)
                        .is_err()
                {
                    return;
                }
            }
        });
    if let Err(e) = spawned {
        warn!("the reader's actions will wait for input: {e}");
    }
}
