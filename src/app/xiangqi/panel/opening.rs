//! The opening of the line shown: its ECCO code and name above the moves, following
//! the moves played or walked to.

use bevy_egui::egui;

use crate::app::xiangqi::model::Model;
use crate::i18n::{Lang, LibText};
use crate::rules::opening::Ecco;

/// The code and name (Chinese; the family's English name in English), wrapped to the
/// panel; on hover the Chinese name, the family's and where the opening was decided.
/// A change is logged (`opening C00 中炮对屏风马`).
pub(crate) fn show(ui: &mut egui::Ui, model: &Model, lang: Lang, logged: &mut Option<Ecco>) {
    let opening = model.opening();
    let ecco = opening.map(|o| o.ecco);
    if ecco != *logged {
        if let Some(e) = ecco {
            bevy::log::info!("opening {e} {}", e.name());
        }
        *logged = ecco;
    }
    let Some(o) = opening else { return };
    let e = o.ecco;
    let name = match lang {
        Lang::Zh => e.name(),
        Lang::Hant => e.name_hant(),
        Lang::En => e.family_english(),
        Lang::Vi => e.family_vietnamese(),
    };
    let label = egui::Label::new(egui::RichText::new(format!("{e}  {name}")).strong()).wrap();
    let hover = format!(
        "{e} {}\n{} · {}\n{}",
        e.name(),
        e.family_name(),
        if lang == Lang::Vi {
            e.family_vietnamese()
        } else {
            e.family_english()
        },
        LibText::OpeningDecided.fill(lang, &[&o.decided.div_ceil(2)])
    );
    ui.add(label).on_hover_text(hover);
}
