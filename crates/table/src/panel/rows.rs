//! A list of games as rows of cells, for the libraries' windows: only the rows in view
//! are laid out, a click picks a row, a second click on it soon after opens it, and
//! the first rows' places are logged for the window tests.

use bevy_egui::egui;

/// Two clicks on a row within this time open it. Timed here, not by egui: its
/// double-click is timed by frames and misses clicks 160 ms apart when frames are slow.
const DOUBLE_CLICK: std::time::Duration = std::time::Duration::from_millis(500);

/// The rows' memory: the row picked, the last click.
#[derive(Default)]
pub struct Rows {
    /// The id of the row picked.
    pub picked: Option<i64>,
    last_click: Option<(i64, std::time::Instant)>,
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
                    let again = state.last_click.is_some_and(|(last, at)| {
                        last == *id && now.duration_since(at) < DOUBLE_CLICK
                    });
                    state.picked = Some(*id);
                    state.last_click = (!again).then_some((*id, now));
                    if again {
                        opened = Some(*id);
                    }
                }
            }
        });
    opened
}
