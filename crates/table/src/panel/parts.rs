//! The panel's shared parts (dialogs, cards, clocks, shapes, the score graph) and its
//! settings section, each drawn from what it is given and answering with
//! actions or edited settings.

use bevy_egui::egui;

use crate::actions::Action;
use crate::i18n::{Lang, Word};
use crate::settings::Settings;
use crate::theme::Coordinates;
use crate::theme::paint::egui_color;
use crate::theme::{PanelColors, PieceStyle, Shape, Theme};

/// The theme and piece style the panel draws with, kept in egui's memory by the
/// panel's style system.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Default)]
pub struct TableLook {
    pub theme: Theme,
    pub pieces: PieceStyle,
}

/// The household's players' colours, kept in egui's memory by the panel's style system.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct PlayerColours(pub Vec<(String, [u8; 3])>);

/// A player's name on a card (`full`: with the side, as the card says it), cut to the
/// card's width, the whole on hover; the player's colour, if they have one, a dot
/// before it.
pub fn card_name(ui: &mut egui::Ui, full: &str, player: Option<&str>) {
    let colours: PlayerColours = ui
        .ctx()
        .data(|d| d.get_temp(egui::Id::new("player colours")))
        .unwrap_or_default();
    let colour = player.and_then(|p| colours.0.iter().find(|(n, _)| n == p).map(|(_, c)| *c));
    ui.horizontal(|ui| {
        if let Some(c) = colour {
            dot(ui, c);
        }
        let name = egui::RichText::new(full).strong();
        ui.add(egui::Label::new(name).truncate())
            .on_hover_text(full);
    });
}

/// Where the panel is.
#[derive(Copy, Clone, Debug, PartialEq)]
pub enum PanelPlace {
    /// At the right, its width the panel's own.
    Right,
    /// Below the board, this many points high.
    Below(f32),
}

/// Where the panel goes in a window of `size` points: below the board when that makes
/// the board at least a tenth larger (a tall window), else at the right, `width` wide.
pub fn place_for(size: egui::Vec2, width: f32) -> PanelPlace {
    use crate::theme::stage::{HEIGHT, WIDTH};
    // The least room the panel needs below the board.
    const LOW: f32 = 300.0;
    let beside = ((size.x - width) / WIDTH).min(size.y / HEIGHT);
    let below = (size.x / WIDTH).min((size.y - LOW) / HEIGHT);
    if below > beside * 1.1 {
        PanelPlace::Below((size.y - below * HEIGHT).max(LOW))
    } else {
        PanelPlace::Right
    }
}

/// The offset from the window's centre to the board's: where dialogs and the banner go.
pub fn board_centre(ctx: &egui::Context) -> egui::Vec2 {
    let place = ctx.data(|d| d.get_temp(egui::Id::new("panel place")));
    match place.unwrap_or(PanelPlace::Right) {
        PanelPlace::Right => egui::vec2(-150.0, 0.0),
        PanelPlace::Below(height) => egui::vec2(0.0, -height / 2.0),
    }
}

/// A dialog over the board: fixed in size, not collapsible, centred on the board
/// whichever side the panel is on, closed by its × (which clears `open`).
pub fn dialog<'o>(ctx: &egui::Context, title: &str, open: &'o mut bool) -> egui::Window<'o> {
    egui::Window::new(title)
        .collapsible(false)
        .resizable(false)
        .open(open)
        .anchor(egui::Align2::CENTER_CENTER, board_centre(ctx))
}

/// The look the panel draws with now.
pub fn look(ctx: &egui::Context) -> TableLook {
    ctx.data(|d| d.get_temp(egui::Id::NULL)).unwrap_or_default()
}

/// The panel's colours now.
pub fn colors(ctx: &egui::Context) -> PanelColors {
    look(ctx).theme.palette().panel
}

/// A player's card's frame, as both tables draw it: the side to move filled and framed.
pub fn card_frame(ui: &egui::Ui, to_move: bool) -> egui::Frame {
    let frame = egui::Frame::new()
        .inner_margin(egui::Margin::symmetric(8, 6))
        .corner_radius(6.0)
        .stroke(egui::Stroke::new(
            1.0,
            ui.visuals().widgets.noninteractive.bg_stroke.color,
        ));
    if !to_move {
        return frame;
    }
    let palette = colors(ui.ctx());
    frame
        .fill(egui_color(palette.clock_running))
        .stroke(egui::Stroke::new(2.0, egui_color(palette.clock_frame)))
}

/// A card's clock: the time left, red when low, and `byoyomi` (读秒) beside it when the
/// side is in it.
pub fn clock_text(ui: &mut egui::Ui, left: std::time::Duration, byoyomi: Option<&str>) {
    let mut text = egui::RichText::new(crate::clock::format_left(left))
        .size(28.0)
        .monospace();
    if left < crate::clock::LOW {
        text = text.color(egui_color(colors(ui.ctx()).clock_low));
    }
    ui.label(text);
    if let Some(words) = byoyomi {
        ui.label(egui::RichText::new(words).small());
    }
}

/// The colour of warnings and refusals.
pub fn warning(ui: &egui::Ui) -> egui::Color32 {
    egui_color(colors(ui.ctx()).warning)
}

/// Paints theme shapes with egui, `cell` points a line, centred on `centre`. Small, lines
/// get at least a pixel (a hairline would vanish) and characters too small to read are
/// left out: the ring's colour tells the side.
pub fn paint_shapes(painter: &egui::Painter, shapes: &[Shape], centre: egui::Pos2, cell: f32) {
    let p = |(x, y): (f32, f32)| centre + egui::vec2(x * cell, -y * cell);
    let stroke = |width: f32, color| egui::Stroke::new((width * cell).max(1.0), egui_color(color));
    for shape in shapes {
        match *shape {
            Shape::Rect {
                center,
                size,
                color,
            } => {
                let size = egui::vec2(size.0 * cell, size.1 * cell);
                let rect = egui::Rect::from_center_size(p(center), size);
                painter.rect_filled(rect, 0.0, egui_color(color));
            }
            Shape::Segment { a, b, width, color } => {
                // Square ends, as the board draws them.
                let (a, b) = (p(a), p(b));
                let d = (b - a).normalized() * width * cell / 2.0;
                painter.line_segment([a - d, b + d], stroke(width, color));
            }
            Shape::Disc {
                center,
                radius,
                color,
            } => {
                painter.circle_filled(p(center), radius * cell, egui_color(color));
            }
            Shape::Ring {
                center,
                inner,
                outer,
                color,
            } => {
                let radius = (inner + outer) / 2.0 * cell;
                painter.circle_stroke(p(center), radius, stroke(outer - inner, color));
            }
            Shape::Polygon { ref points, color } => {
                let points = points.iter().map(|&c| p(c)).collect();
                painter.add(egui::Shape::convex_polygon(
                    points,
                    egui_color(color),
                    egui::Stroke::NONE,
                ));
            }
            Shape::Label {
                ref text,
                at,
                size,
                color,
            } => {
                if size * cell >= 8.0 {
                    painter.text(
                        p(at),
                        egui::Align2::CENTER_CENTER,
                        text,
                        egui::FontId::proportional(size * cell),
                        egui_color(color),
                    );
                }
            }
        }
    }
}

/// The settings' rows (in their dialog), then the games' (`games`); returns the settings
/// as the shell's rows edited them, when they did.
pub fn settings_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    lang: Lang,
    send: &mut impl FnMut(Action),
    games: impl FnOnce(&mut egui::Ui),
) -> Option<Settings> {
    let mut s = settings.clone();
    ui.scope(|ui| {
        ui.checkbox(&mut s.sound, Word::Sound.get(lang));
        ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).text(Word::Volume.get(lang)));
        ui.checkbox(&mut s.animation, Word::Animation.get(lang));
        ui.add(
            egui::Slider::new(&mut s.animation_ms, 80..=600)
                .suffix(" ms")
                .text(Word::AnimationSpeed.get(lang)),
        );
        ui.checkbox(&mut s.speak, Word::SpeakMoves.get(lang));
        // Said, not shown as an error: a machine without a voice plays as well.
        let voice = match crate::speech::Speaker::installed() {
            Some(speaker) => Word::SpeakThrough.fill(lang, &[&speaker.name()]),
            None => Word::SpeakMissing.get(lang).to_owned(),
        };
        ui.label(egui::RichText::new(voice).small());
        ui.horizontal_wrapped(|ui| {
            ui.label(Word::Coordinates.get(lang));
            ui.radio_value(
                &mut s.coordinates,
                Coordinates::None,
                Word::CoordinatesNone.get(lang),
            );
            ui.radio_value(&mut s.coordinates, Coordinates::Iccs, "ICCS");
            ui.radio_value(
                &mut s.coordinates,
                Coordinates::Chinese,
                Word::CoordinatesChinese.get(lang),
            );
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(
                Word::MenuTheme
                    .fill(lang, &[&""])
                    .trim_end_matches([':', '：', ' ']),
            );
            for theme in Theme::ALL {
                ui.radio_value(&mut s.theme, theme, crate::i18n::theme_name(theme, lang));
            }
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(
                Word::MenuPieces
                    .fill(lang, &[&""])
                    .trim_end_matches([':', '：', ' ']),
            );
            for style in PieceStyle::ALL {
                ui.radio_value(&mut s.pieces, style, crate::i18n::pieces_name(style, lang));
            }
        });
        ui.checkbox(&mut s.flipped, Word::Flip.get(lang));
        ui.checkbox(&mut s.turn_board, Word::TurnBoard.get(lang));
        ui.checkbox(&mut s.face_to_face, Word::FaceToFace.get(lang));
        ui.horizontal_wrapped(|ui| {
            ui.label(Word::TutorTries.get(lang));
            ui.add(egui::Slider::new(&mut s.tutor_tries, 1..=5));
        });
        ui.horizontal_wrapped(|ui| {
            ui.label(Word::Language.get(lang));
            // Every language, each by its own name, as the View menu lists them.
            for l in Lang::ALL {
                ui.radio_value(&mut s.lang, l, l.own_name());
            }
        });
        // The games' own rows: each says its own edits.
        ui.separator();
        games(ui);
    });
    // Flip and sound have one path each, the action their key sends (F, M).
    if s.flipped != settings.flipped {
        s.flipped = settings.flipped;
        send(Action::Flip);
    }
    if s.sound != settings.sound {
        s.sound = settings.sound;
        send(Action::ToggleMute);
    }
    (s != *settings).then_some(s)
}

/// Logs where a button is when that changes (`panel go-9 at 900,120`): the window tests
/// press them.
pub fn log_place<K: PartialEq + std::fmt::Display>(
    logged: &mut Vec<(K, (i32, i32))>,
    what: K,
    rect: egui::Rect,
) {
    let at = crate::panel::screen_at(rect);
    if !logged.iter().any(|(w, a)| *w == what && *a == at) {
        bevy::log::info!("panel {what} at {},{}", at.0, at.1);
        logged.retain(|(w, _)| *w != what);
        logged.push((what, at));
    }
}

/// A review's score graph, one painter for every game: a bar a position from the
/// middle line (the first side's lead above, the second's below), the marked moves
/// dotted, the position shown as a line.
pub struct ScoreGraph<'a> {
    /// Each position's lead, -1 to 1 (`None`: not known yet).
    pub leads: &'a [Option<f32>],
    /// Dots: the position's index and the mark's colour.
    pub marks: Vec<(usize, egui::Color32)>,
    /// The position shown.
    pub shown: usize,
    /// The background, the first side's bars, the second side's, the shown line.
    pub colors: [egui::Color32; 4],
}

impl ScoreGraph<'_> {
    /// Draws the graph `height` high across the panel; the index of the position
    /// clicked, if one was. Its place is logged as `name` (the window tests click it).
    pub fn show<K: PartialEq + std::fmt::Display>(
        &self,
        ui: &mut egui::Ui,
        height: f32,
        (logged, name): (&mut Vec<(K, (i32, i32))>, K),
    ) -> Option<usize> {
        let [background, first, second, shown] = self.colors;
        let width = ui.available_width();
        let (rect, response) =
            ui.allocate_exact_size(egui::vec2(width, height), egui::Sense::click());
        log_place(logged, name, rect);
        let painter = ui.painter_at(rect);
        let n = self.leads.len().max(2);
        let x = |i: usize| rect.left() + rect.width() * i as f32 / (n - 1) as f32;
        let mid = rect.center().y;
        let y = |lead: f32| mid - (rect.height() / 2.0 - 1.0) * lead.clamp(-1.0, 1.0);
        painter.rect_filled(rect, 2.0, background);
        let half = (rect.width() / n as f32 / 2.0).max(0.5);
        for (i, lead) in self.leads.iter().enumerate() {
            let Some(lead) = *lead else { continue };
            let (top, bottom, color) = if lead >= 0.0 {
                (y(lead), mid, first)
            } else {
                (mid, y(lead), second)
            };
            painter.rect_filled(
                egui::Rect::from_min_max(
                    egui::pos2(x(i) - half, top),
                    egui::pos2(x(i) + half, bottom),
                ),
                0.0,
                color,
            );
        }
        painter.line_segment(
            [egui::pos2(rect.left(), mid), egui::pos2(rect.right(), mid)],
            egui::Stroke::new(1.0, egui::Color32::GRAY),
        );
        for &(i, color) in &self.marks {
            if let Some(Some(lead)) = self.leads.get(i) {
                painter.circle_filled(egui::pos2(x(i), y(*lead)), 3.0, color);
            }
        }
        painter.line_segment(
            [
                egui::pos2(x(self.shown), rect.top()),
                egui::pos2(x(self.shown), rect.bottom()),
            ],
            egui::Stroke::new(1.5, shown),
        );
        let at = response
            .clicked()
            .then(|| response.interact_pointer_pos())
            .flatten()?;
        Some((((at.x - rect.left()) / rect.width()) * (n - 1) as f32).round() as usize)
    }
}

/// A player's colour as a dot before their name, in the middle of a line of text.
pub fn dot(ui: &mut egui::Ui, c: [u8; 3]) {
    let height = ui.text_style_height(&egui::TextStyle::Heading);
    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, height), egui::Sense::hover());
    let fill = egui::Color32::from_rgb(c[0], c[1], c[2]);
    ui.painter().circle_filled(rect.center(), 5.0, fill);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_goes_below_the_board_only_in_a_tall_window() {
        assert_eq!(
            place_for(egui::vec2(1120.0, 800.0), 300.0),
            PanelPlace::Right
        );
        assert_eq!(
            place_for(egui::vec2(800.0, 600.0), 300.0),
            PanelPlace::Right
        );
        assert_eq!(
            place_for(egui::vec2(900.0, 900.0), 300.0),
            PanelPlace::Right
        );
        let PanelPlace::Below(height) = place_for(egui::vec2(700.0, 1100.0), 300.0) else {
            panic!("a tall window keeps the panel beside the board");
        };
        // The board, 700 points wide, takes its height; the panel the rest.
        let board = 700.0 / crate::theme::stage::WIDTH * crate::theme::stage::HEIGHT;
        assert!((height - (1100.0 - board)).abs() < 1.0, "{height}");
    }
}
