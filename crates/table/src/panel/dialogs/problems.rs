//! The problem's lines at the top of the panel while one is open: whose, which and how
//! many solved, what to do, what the last move came to, and the buttons (the hint, the
//! answer move by move, again, the next, back to the game) with their keys.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::actions::Action;
use crate::i18n::Word;
use crate::learn::problems::{ProblemCommand, ProblemState, Problems};
use crate::panel::parts::log_place;
use crate::panel::sentence::sentence;
use crate::schedule::GameKind;
use crate::settings::Settings;
use crate::shell::table::Tables;
use crate::store::household::seat_name;

/// The problem at the game on the table, if one is open.
pub fn part(
    ui: &mut egui::Ui,
    world: &World,
    kind: GameKind,
    logged: &mut Vec<(String, (i32, i32))>,
    send: &mut impl FnMut(Action),
) {
    let lang = world.resource::<Settings>().lang;
    let slug = world.resource::<Tables>().slug(kind);
    let Some(p) = world.resource::<Problems>().at(slug) else {
        return;
    };
    let who = seat_name(&p.player, lang);
    let (solved, all) = p.solved;
    ui.label(
        egui::RichText::new(Word::ProblemTitle.fill(lang, &[&who, &p.level, &solved, &all]))
            .strong(),
    );
    if p.review {
        ui.label(egui::RichText::new(Word::ProblemReview.get(lang)).small());
    }
    ui.label(egui::RichText::new(p.title.get(lang)).heading());
    let green = egui::Color32::from_rgb(0x1E, 0x7A, 0x30);
    let red = egui::Color32::from_rgb(0xB0, 0x30, 0x20);
    match (p.state, &p.said) {
        (ProblemState::Judging, _) => _ = ui.label(Word::ProblemJudging.get(lang)),
        (ProblemState::Solved(_), Some(said)) => {
            sentence(ui, said.get(lang), |t| t.strong().color(green));
        }
        (ProblemState::Failed, Some(said)) => _ = sentence(ui, said.get(lang), |t| t.color(red)),
        (_, Some(said)) => _ = sentence(ui, said.get(lang), |t| t),
        (_, None) => {}
    }
    ui.horizontal_wrapped(|ui| {
        let mut button = |ui: &mut egui::Ui, word: Word, key: &str, name: &str, c| {
            let b = ui.button(format!("{} ({key})", word.get(lang)));
            log_place(logged, format!("problem-{name}"), b.rect);
            if b.clicked() {
                send(Action::own(c));
            }
        };
        if p.state == ProblemState::Going {
            button(ui, Word::ProblemHint, "H", "hint", ProblemCommand::Hint);
        }
        button(ui, Word::ProblemShow, "A", "show", ProblemCommand::Show);
        button(
            ui,
            Word::ProblemRetry,
            "Ctrl+Z",
            "retry",
            ProblemCommand::Retry,
        );
        button(ui, Word::PracticeNext, "N", "next", ProblemCommand::Next);
        button(
            ui,
            Word::PracticeLeave,
            "Esc",
            "leave",
            ProblemCommand::Leave,
        );
    });
    ui.separator();
}
