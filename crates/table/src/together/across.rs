//! Face to face (对坐): what the player across the table reads, drawn turned by 180° —
//! their card (name, clock, 读秒), what is asked of them or told them (a draw offered,
//! check, the result) with answers they can tap, and the result over the board. egui
//! turns no widget, so these are painted: each text laid out as the far player reads
//! it, then put where that turned layout falls on the screen.

use std::f32::consts::PI;
use std::sync::Arc;
use std::time::Duration;

use bevy_egui::egui;

use crate::panel::parts;
use crate::theme::paint::egui_color;

/// The far card's sizes, in points: the name, the note under it ("to move"), what is
/// said and the answers.
const NAME: f32 = 20.0;
const NOTE: f32 = 16.0;
const SAID: f32 = 17.0;

/// The far player's card and what is for them now.
#[derive(Default)]
pub struct Across<'a> {
    /// Their name on the card (the side's, and the player's).
    pub name: &'a str,
    /// Under the name, small ("to move", stones taken).
    pub note: &'a str,
    /// It is their move: the card is filled and framed as the near one.
    pub to_move: bool,
    /// Their clock, and the words beside it while they are in 读秒.
    pub clock: Option<(Duration, Option<&'a str>)>,
    /// A line for them (check, a draw offered, the result); `true`: a warning's colour.
    pub said: Option<(&'a str, bool)>,
    /// Answers they can tap under it (accept, decline), left to right as they read.
    pub answers: &'a [&'a str],
}

/// Padding inside the card and between its parts.
const PAD: f32 = 8.0;

/// Where a turned card was drawn, and what was tapped on it.
pub struct Drawn {
    /// The card's place on the screen.
    pub place: egui::Rect,
    /// Each answer's place, in the order of `answers`.
    pub answers: Vec<egui::Rect>,
    /// The answer tapped, if one was (its index in `answers`).
    pub tapped: Option<usize>,
}

/// Draws `card` turned, the width of the panel.
pub fn card(ui: &mut egui::Ui, card: &Across<'_>) -> Drawn {
    let width = ui.available_width();
    let colors = parts::colors(ui.ctx());
    let text = ui.visuals().text_color();
    let painter = ui.painter().clone();
    // Everything laid out in the far player's frame: x from their left, y from their top.
    let mut put: Vec<(egui::Rect, Arc<egui::Galley>)> = Vec::new();
    // Read upside down from across a table: larger than the near card's (issue 91: the
    // name was ~12 px, its 走棋 ~9).
    let name = painter.layout(
        card.name.to_owned(),
        egui::FontId::proportional(NAME),
        text,
        width - 120.0,
    );
    let note = painter.layout_no_wrap(card.note.to_owned(), egui::FontId::proportional(NOTE), text);
    let mut y = PAD;
    let name_at = egui::pos2(PAD, y);
    y += name.size().y + 2.0;
    let note_at = egui::pos2(PAD, y);
    y += note.size().y;
    if let Some((left, byoyomi)) = card.clock {
        let color = if left < crate::clock::LOW {
            egui_color(colors.clock_low)
        } else {
            text
        };
        let digits = painter.layout_no_wrap(
            crate::clock::format_left(left),
            egui::FontId::monospace(28.0),
            color,
        );
        let size = digits.size();
        let at = egui::pos2(width - PAD - size.x, PAD);
        y = y.max(PAD + size.y);
        if let Some(words) = byoyomi {
            let words =
                painter.layout_no_wrap(words.to_owned(), egui::FontId::proportional(NOTE), text);
            let w = words.size();
            let at = egui::pos2(at.x - 4.0 - w.x, PAD + (size.y - w.y) / 2.0);
            put.push((egui::Rect::from_min_size(at, w), words));
        }
        put.push((egui::Rect::from_min_size(at, size), digits));
    }
    put.push((egui::Rect::from_min_size(name_at, name.size()), name));
    put.push((egui::Rect::from_min_size(note_at, note.size()), note));
    if let Some((said, warning)) = card.said {
        let color = if warning { parts::warning(ui) } else { text };
        let said = painter.layout(
            said.to_owned(),
            egui::FontId::proportional(SAID),
            color,
            width - 2.0 * PAD,
        );
        y += 6.0;
        put.push((
            egui::Rect::from_min_size(egui::pos2(PAD, y), said.size()),
            said,
        ));
        y += put.last().map_or(0.0, |(r, _)| r.height());
    }
    let mut buttons = Vec::new();
    if !card.answers.is_empty() {
        y += 6.0;
        let mut x = PAD;
        let mut height: f32 = 0.0;
        for answer in card.answers {
            let words = painter.layout_no_wrap(
                (*answer).to_owned(),
                egui::FontId::proportional(SAID),
                text,
            );
            let size = words.size() + egui::vec2(16.0, 10.0);
            buttons.push((egui::Rect::from_min_size(egui::pos2(x, y), size), words));
            x += size.x + 6.0;
            height = height.max(size.y);
        }
        y += height;
    }
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, y + PAD), egui::Sense::hover());
    // The far player's frame turned: their top-left is the card's bottom-right.
    let turn = |r: egui::Rect| {
        egui::Rect::from_min_max(rect.max - r.max.to_vec2(), rect.max - r.min.to_vec2())
    };
    let frame = parts::card_frame(ui, card.to_move);
    painter.rect(
        rect,
        6.0,
        frame.fill,
        frame.stroke,
        egui::StrokeKind::Inside,
    );
    for (r, galley) in put {
        turned_text(&painter, turn(r), galley, text);
    }
    let mut tapped = None;
    let mut answers = Vec::new();
    for (i, (r, words)) in buttons.into_iter().enumerate() {
        let place = turn(r);
        answers.push(place);
        let response = ui.interact(
            place,
            ui.id().with(("across-answer", i)),
            egui::Sense::click(),
        );
        let look = ui.style().interact(&response);
        painter.rect(
            place,
            look.corner_radius,
            look.bg_fill,
            look.bg_stroke,
            egui::StrokeKind::Inside,
        );
        let inner = egui::Rect::from_center_size(place.center(), words.size());
        turned_text(&painter, inner, words, look.text_color());
        if response.clicked() {
            tapped = Some(i);
        }
    }
    Drawn {
        place: rect,
        answers,
        tapped,
    }
}

/// The result, for both players: the near player's upright under the board's centre, the
/// far player's turned above it. Returns the place of both: its centre is the point one
/// is the other turned about.
pub fn banner(ctx: &egui::Context, text: &str) -> egui::Rect {
    let colors = parts::colors(ctx);
    let words = egui_color(colors.banner_text);
    let galley = ctx
        .fonts_mut(|f| f.layout_no_wrap(text.to_owned(), egui::FontId::proportional(34.0), words));
    let size = galley.size() + egui::vec2(56.0, 32.0);
    let centre = ctx.content_rect().center() + parts::board_centre(ctx);
    let painter = ctx.layer_painter(egui::LayerId::new(
        egui::Order::Foreground,
        "across banner".into(),
    ));
    for (turned, dy) in [(false, 1.0), (true, -1.0)] {
        let place =
            egui::Rect::from_center_size(centre + egui::vec2(0.0, dy * (size.y / 2.0 + 8.0)), size);
        painter.rect_filled(place, 8.0, egui_color(colors.banner));
        let inner = egui::Rect::from_center_size(place.center(), galley.size());
        if turned {
            turned_text(&painter, inner, galley.clone(), words);
        } else {
            painter.galley(inner.min, galley.clone(), words);
        }
    }
    egui::Rect::from_center_size(centre, egui::vec2(size.x, 2.0 * size.y + 16.0))
}

/// `galley` turned by 180° over `place` (its size).
fn turned_text(
    painter: &egui::Painter,
    place: egui::Rect,
    galley: Arc<egui::Galley>,
    color: egui::Color32,
) {
    painter.add(
        egui::epaint::TextShape::new(place.min, galley, color)
            .with_angle_and_anchor(PI, egui::Align2::CENTER_CENTER),
    );
}
