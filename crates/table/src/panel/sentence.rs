//! Chinese sentences broken into lines as Chinese books break them (避头尾, kinsoku): no
//! line starts with a closing mark (，。；：、）」！？) and none ends with an opening one
//! (「（). egui breaks after any ideograph unless the next character is on its own short
//! list, which lacks the full-width ，；：）！？, and it breaks after an opening mark
//! before an ideograph: so the panel's sentences are laid out here first and each bad
//! break moved back a character, with a new line of our own.

use bevy_egui::egui;

/// Marks no line may start with.
const NO_START: &str = "，。；：、）」』》〉！？…,.;:!?)]";
/// Marks no line may end with.
const NO_END: &str = "「『（《〈([";

/// Where a new line of our own goes (a character index of the text) so that the first
/// bad break of `rows` moves back: `rows` are the characters of each laid-out row, and
/// whether it ended at a new line of the text. `None`: every break is good (or the
/// rows do not add up to the text, and nothing is moved).
///
/// ```
/// use table::panel::sentence::new_line_at;
/// let rows = |t: &[&str]| t.iter().map(|r| (r.chars().collect(), false)).collect::<Vec<_>>();
/// // 「……炮」 then 「，你的」: the 炮 goes down with its comma.
/// assert_eq!(new_line_at(&rows(&["走了这步炮", "，你的"])), Some(4));
/// // A line that ends with 「: the 「 goes down.
/// assert_eq!(new_line_at(&rows(&["他说「", "好」"])), Some(2));
/// assert_eq!(new_line_at(&rows(&["走了这步，", "你的炮"])), None);
/// // A row broken at a space: the word before the space goes down whole.
/// assert_eq!(new_line_at(&rows(&["攻击 H7 ", "；再走"])), Some(3));
/// ```
#[must_use]
pub fn new_line_at(rows: &[(Vec<char>, bool)]) -> Option<usize> {
    let mut at = 0;
    for pair in rows.windows(2) {
        let [(before, ended), (after, _)] = pair else {
            break;
        };
        at += before.len() + usize::from(*ended);
        // The space a row was broken at stays at its end: the row's last character is
        // before it.
        let spaces = before
            .iter()
            .rev()
            .take_while(|c| c.is_whitespace())
            .count();
        if *ended || before.len() < spaces + 2 {
            continue;
        }
        let last = before.len() - spaces - 1;
        let starts_bad = after.first().is_some_and(|c| NO_START.contains(*c));
        if starts_bad || NO_END.contains(before[last]) {
            // The last character of the row goes down with the mark; a Latin word or a
            // number (H7) goes down whole, and something stays on the row.
            let word = before[..=last]
                .iter()
                .rev()
                .take_while(|c| c.is_ascii_alphanumeric())
                .count()
                .clamp(1, last);
            return Some(at - spaces - word);
        }
    }
    None
}

/// `text` with the new lines that keep every break good at `width` in `ui`'s body font
/// as `look` styles it.
fn broken(
    ui: &egui::Ui,
    text: &str,
    width: f32,
    look: &impl Fn(egui::RichText) -> egui::RichText,
) -> String {
    let mut text = text.to_owned();
    // Each round fixes one break; a sentence of the panel has a few.
    for _ in 0..12 {
        let galley = egui::WidgetText::from(look(egui::RichText::new(text.as_str()))).into_galley(
            ui,
            Some(egui::TextWrapMode::Wrap),
            width,
            egui::TextStyle::Body,
        );
        let rows: Vec<(Vec<char>, bool)> = galley
            .rows
            .iter()
            .map(|r| {
                (
                    r.row.glyphs.iter().map(|g| g.chr).collect(),
                    r.ends_with_newline,
                )
            })
            .collect();
        let laid: usize = rows.iter().map(|(c, n)| c.len() + usize::from(*n)).sum();
        if laid != text.chars().count() {
            break;
        }
        let Some(at) = new_line_at(&rows) else {
            break;
        };
        let byte = text.char_indices().nth(at).map_or(text.len(), |(i, _)| i);
        text.insert(byte, '\n');
    }
    text
}

/// A sentence as a label, its lines broken as Chinese books break them; `look` gives it
/// its style (strong, a colour).
pub fn sentence(
    ui: &mut egui::Ui,
    text: &str,
    look: impl Fn(egui::RichText) -> egui::RichText,
) -> egui::Response {
    let width = ui.available_width();
    let text = broken(ui, text, width, &look);
    ui.label(look(egui::RichText::new(text)))
}
