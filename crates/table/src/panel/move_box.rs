//! The move box (`/` or Enter on the board): a move typed in any notation the game
//! reads, the legal moves its beginning fits listed as it grows, Enter plays, Esc
//! leaves. The same box for every game; what fits and what a text names is the game's.

use bevy_egui::egui;

use crate::i18n::{Lang, Word};

/// What the box remembers between frames.
#[derive(Default)]
pub struct MoveBoxUi {
    /// The text typed so far.
    pub text: String,
    /// Why the last Enter played nothing (cleared as the text changes).
    pub said: Option<String>,
    /// Whether it was open last frame: opening gives it the keyboard.
    was_open: bool,
    /// The candidates last logged, so that a change is logged once.
    logged: Option<(String, usize)>,
}

/// What the player did in the box.
pub enum Typed {
    /// Enter: play what the text names.
    Enter,
    /// A click on the `n`-th candidate listed.
    Pick(usize),
    /// Esc, or the box's ×.
    Close,
}

/// How many candidates the box lists (the rest are counted).
const LISTED: usize = 12;

/// Some of `names` for a message: the first six, then how many in all.
pub fn some_of(names: &[String]) -> String {
    if names.len() > 6 {
        format!("{} … ({})", names[..6].join(" / "), names.len())
    } else {
        names.join(" / ")
    }
}

/// The box over the board's lower part while `open`; `fits` are the candidates for the
/// text typed, as the game writes them. Logs `move box: TEXT fits N` as they change.
pub fn show(
    ctx: &egui::Context,
    open: bool,
    state: &mut MoveBoxUi,
    (lang, hint): (Lang, &str),
    fits: &[String],
) -> Option<Typed> {
    if !open {
        state.was_open = false;
        return None;
    }
    let opening = !state.was_open;
    state.was_open = true;
    if opening {
        // A box opened again starts empty.
        state.text.clear();
        state.said = None;
    }
    // `fits` are for the text as it was before this frame's typing.
    let now = (state.text.clone(), fits.len());
    if state.logged.as_ref() != Some(&now) {
        bevy::log::info!("move box: {:?} fits {}", now.0, now.1);
        state.logged = Some(now);
    }
    let mut out = None;
    let centre = crate::panel::parts::board_centre(ctx);
    egui::Area::new("move box".into())
        .anchor(egui::Align2::CENTER_BOTTOM, centre + egui::vec2(0.0, -24.0))
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.set_max_width(360.0);
                ui.label(egui::RichText::new(Word::MoveBoxTitle.get(lang)).strong());
                let before = state.text.clone();
                let edit = ui.add(
                    egui::TextEdit::singleline(&mut state.text)
                        .desired_width(340.0)
                        .hint_text(hint),
                );
                if opening {
                    edit.request_focus();
                }
                if state.text != before {
                    state.said = None;
                }
                let (enter, escape) = ui.input(|i| {
                    (
                        i.key_pressed(egui::Key::Enter),
                        i.key_pressed(egui::Key::Escape),
                    )
                });
                if edit.lost_focus() && enter {
                    out = Some(Typed::Enter);
                    edit.request_focus();
                } else if escape {
                    out = Some(Typed::Close);
                }
                if let Some(said) = &state.said {
                    ui.label(egui::RichText::new(said).color(crate::panel::parts::warning(ui)));
                }
                ui.horizontal_wrapped(|ui| {
                    for (i, fit) in fits.iter().take(LISTED).enumerate() {
                        if ui.button(fit).clicked() {
                            out = Some(Typed::Pick(i));
                        }
                    }
                    if fits.len() > LISTED {
                        ui.label(Word::MoveBoxMore.fill(lang, &[&(fits.len() - LISTED)]));
                    }
                });
            });
        });
    out
}
