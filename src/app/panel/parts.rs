//! The panel's captured pieces and its settings section, each drawn from what it is given and answering with
//! actions or edited settings.

use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::egui_color;
use crate::app::xiangqi::model::{Coordinates, Model, Settings};
use crate::i18n::{Lang, T};
use crate::rules::{Notation, Piece};

fn piece_color(piece: Piece) -> egui::Color32 {
    egui_color(crate::theme::side_color(piece.color))
}

pub(crate) fn captured(ui: &mut egui::Ui, model: &Model, lang: Lang) {
    ui.label(egui::RichText::new(T::Captured.get(lang)).strong());
    for pieces in model.captured() {
        ui.horizontal_wrapped(|ui| {
            for p in pieces {
                ui.label(
                    egui::RichText::new(p.chinese().to_string())
                        .size(20.0)
                        .color(piece_color(p)),
                );
            }
        });
    }
}

/// The settings section; returns the edited settings when something changed.
pub(crate) fn settings_ui(
    ui: &mut egui::Ui,
    settings: &Settings,
    engine: &crate::app::xiangqi::engine_link::EngineView,
    engine_ui: &mut crate::app::panel::engine::EngineUi,
    lang: Lang,
    send: &mut impl FnMut(Action),
) -> Option<Settings> {
    let mut s = settings.clone();
    egui::CollapsingHeader::new(T::Settings.get(lang))
        .default_open(false)
        .show(ui, |ui| {
            ui.checkbox(&mut s.sound, T::Sound.get(lang));
            ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).text(T::Volume.get(lang)));
            ui.checkbox(&mut s.animation, T::Animation.get(lang));
            ui.add(
                egui::Slider::new(&mut s.animation_ms, 80..=600)
                    .suffix(" ms")
                    .text(T::AnimationSpeed.get(lang)),
            );
            ui.horizontal_wrapped(|ui| {
                ui.label(T::Notation.get(lang));
                ui.radio_value(
                    &mut s.notation,
                    Notation::Chinese,
                    T::NotationChinese.get(lang),
                );
                ui.radio_value(&mut s.notation, Notation::Wxf, "WXF");
                ui.radio_value(&mut s.notation, Notation::Iccs, "ICCS");
            });
            ui.horizontal_wrapped(|ui| {
                ui.label(T::Coordinates.get(lang));
                ui.radio_value(
                    &mut s.coordinates,
                    Coordinates::None,
                    T::CoordinatesNone.get(lang),
                );
                ui.radio_value(&mut s.coordinates, Coordinates::Iccs, "ICCS");
                ui.radio_value(
                    &mut s.coordinates,
                    Coordinates::Chinese,
                    T::CoordinatesChinese.get(lang),
                );
            });
            ui.checkbox(&mut s.flipped, T::Flip.get(lang));
            ui.horizontal_wrapped(|ui| {
                ui.label(T::Language.get(lang));
                ui.radio_value(&mut s.lang, Lang::Zh, "中文");
                ui.radio_value(&mut s.lang, Lang::En, "English");
            });
            ui.separator();
            crate::app::panel::engine::settings_rows(ui, &mut s, engine, engine_ui, lang);
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
