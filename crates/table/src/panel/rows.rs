//! A list of games as rows of cells, for the libraries' windows: only the rows in view
//! are laid out, a click picks a row, a second click on it soon after opens it, and
//! the first rows' places are logged for the window tests.

use bevy_egui::egui;

/// Two clicks on a row within this time open it. Timed here, not by egui: its
/// double-click is timed by frames and misses clicks 160 ms apart when frames are slow.
const DOUBLE_CLICK: std::time::Duration = std::time::Duration::from_millis(500);
/// ...or taken within this many frames of the first: on a slow machine a frame can take
/// longer than the whole double-click, and a hand's two quick clicks are then taken in
/// frames one after the other, far apart by the clock.
const DOUBLE_CLICK_FRAMES: u64 = 2;
/// The frames rule holds only this long: an idle window runs no frames, so a second
/// click after a pause could otherwise be "the next frame".
const DOUBLE_CLICK_SLOW: std::time::Duration = std::time::Duration::from_secs(2);

/// The rows' memory: the row picked, the last click.
#[derive(Default)]
pub struct Rows {
    /// The id of the row picked.
    pub picked: Option<i64>,
    /// The row, when, and in which frame.
    last_click: Option<(i64, std::time::Instant, u64)>,
}

/// Shows `rows` (an id and its cells, one cell a width of `widths`); `place` hears
/// where each of the first three rows is. The id of a row opened (clicked twice).
pub fn show(
    ui: &mut egui::Ui,
    rows: &[(i64, Vec<String>)],
    widths: &[f32],
    state: &mut Rows,
    mut place: impl FnMut(usize, egui::Rect),
) -> Option<i64> {
    let row_height = ui.text_style_height(&egui::TextStyle::Body) + 4.0;
    let mut opened = None;
    egui::ScrollArea::vertical()
        .auto_shrink([false, false])
        .show_rows(ui, row_height, rows.len(), |ui, range| {
            for (i, (id, cells)) in rows.iter().enumerate().skip(range.start).take(range.len()) {
                let picked = state.picked == Some(*id);
                let row = ui.horizontal(|ui| {
                    let mut hit: Option<egui::Response> = None;
                    for (w, text) in widths.iter().zip(cells) {
                        let r = ui.add_sized(
                            [*w, row_height - 2.0],
                            egui::Button::selectable(picked, text.as_str()).truncate(),
                        );
                        hit = Some(match hit {
                            Some(h) => h | r,
                            None => r,
                        });
                    }
                    hit
                });
                let Some(hit) = row.inner else { continue };
                if i < 3 {
                    place(i, hit.rect);
                }
                if hit.clicked() {
                    let now = std::time::Instant::now();
                    let frame = ui.ctx().cumulative_frame_nr();
                    let again = state.last_click.is_some_and(|(last, at, in_frame)| {
                        let since = now.duration_since(at);
                        last == *id
                            && (since < DOUBLE_CLICK
                                || (frame <= in_frame + DOUBLE_CLICK_FRAMES
                                    && since < DOUBLE_CLICK_SLOW))
                    });
                    state.picked = Some(*id);
                    state.last_click = (!again).then_some((*id, now, frame));
                    if again {
                        opened = Some(*id);
                    }
                }
            }
        });
    opened
}

#[cfg(test)]
mod tests {
    use super::*;
    use egui::{Event, PointerButton, Pos2, RawInput};

    /// One frame of the list of three rows with `events`; the row opened, if any.
    fn frame(ctx: &egui::Context, state: &mut Rows, events: Vec<Event>) -> Option<i64> {
        let rows: Vec<(i64, Vec<String>)> =
            (1..=3).map(|i| (i, vec![format!("game {i}")])).collect();
        let input = RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                Pos2::ZERO,
                egui::vec2(400.0, 300.0),
            )),
            events,
            ..RawInput::default()
        };
        let mut opened = None;
        let mut output = ctx.run_ui(input, |ui| {
            opened = show(ui, &rows, &[200.0], state, |_, _| {});
        });
        // Nothing is drawn here: the font atlas's upload is let go.
        output.textures_delta.clear();
        opened
    }

    fn button(at: Pos2, pressed: bool) -> Event {
        Event::PointerButton {
            pos: at,
            button: PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        }
    }

    /// A click on the first row: pressed in one frame, let go in the next.
    fn click(ctx: &egui::Context, state: &mut Rows) -> Option<i64> {
        let at = Pos2::new(50.0, 15.0);
        frame(ctx, state, vec![Event::PointerMoved(at), button(at, true)]);
        frame(ctx, state, vec![button(at, false)])
    }

    #[test]
    fn two_quick_clicks_open_a_row_even_when_the_frames_between_them_are_slow() {
        let ctx = egui::Context::default();
        let mut state = Rows::default();
        frame(&ctx, &mut state, vec![]);
        assert_eq!(click(&ctx, &mut state), None, "one click picks");
        assert_eq!(state.picked, Some(1));
        assert_eq!(click(&ctx, &mut state), Some(1), "a quick second opens");

        // A slow machine: the second click is taken in the frames right after the
        // first, but those frames took longer than the double-click's time.
        assert_eq!(click(&ctx, &mut state), None);
        std::thread::sleep(DOUBLE_CLICK + std::time::Duration::from_millis(100));
        assert_eq!(click(&ctx, &mut state), Some(1), "next frames open too");

        // A pause with frames in it (the pointer moved about): a new first click.
        assert_eq!(click(&ctx, &mut state), None);
        std::thread::sleep(DOUBLE_CLICK + std::time::Duration::from_millis(100));
        for _ in 0..3 {
            frame(
                &ctx,
                &mut state,
                vec![Event::PointerMoved(Pos2::new(60.0, 15.0))],
            );
        }
        assert_eq!(click(&ctx, &mut state), None, "a click after a pause picks");
    }
}
