//! A player's name mended or the player forgotten, on their page: "Rename…" opens a
//! field with the name to change (Enter or Save keeps it), "Remove…" asks before it
//! forgets them (their games stay in the library).

use bevy_egui::egui;

use crate::i18n::{Lang, Word};
use crate::panel::parts::log_place;
use crate::store::household::{HouseholdCommand, Profile};

/// What is open on the pages: a name being mended, a removal asked about.
#[derive(Default)]
pub(super) struct Edit {
    /// The player renamed and the name typed so far.
    renaming: Option<(String, String)>,
    /// The player whose removal is asked about.
    removing: Option<String>,
}

/// The row under a player's name; the command once the player confirmed one.
pub(super) fn row(
    ui: &mut egui::Ui,
    profile: &Profile,
    lang: Lang,
    edit: &mut Edit,
    logged: &mut Vec<(String, (i32, i32))>,
) -> Option<HouseholdCommand> {
    let (id, name) = (profile.id, profile.name.as_str());
    let mut out = None;
    if let Some((who, typed)) = edit.renaming.as_mut().filter(|(who, _)| who == name) {
        let mut close = false;
        ui.horizontal(|ui| {
            let field = ui.add(egui::TextEdit::singleline(typed).desired_width(140.0));
            log_place(logged, format!("rename-field-{who}"), field.rect);
            let entered = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
            let save = ui.button(Word::RenameSave.get(lang));
            log_place(logged, format!("rename-save-{who}"), save.rect);
            if (entered || save.clicked()) && !typed.trim().is_empty() {
                out = Some(HouseholdCommand::Rename(id, typed.trim().to_owned()));
            }
            close = ui.button(Word::Cancel.get(lang)).clicked() || out.is_some();
        });
        if close {
            edit.renaming = None;
        }
        return out;
    }
    if edit.removing.as_deref() == Some(name) {
        ui.horizontal_wrapped(|ui| {
            ui.label(Word::RemoveAsk.fill(lang, &[&name]));
            let yes = ui.button(Word::RemoveYes.get(lang));
            log_place(logged, format!("remove-yes-{name}"), yes.rect);
            if yes.clicked() {
                out = Some(HouseholdCommand::Remove(id));
            }
            if ui.button(Word::Cancel.get(lang)).clicked() || out.is_some() {
                edit.removing = None;
            }
        });
        return out;
    }
    ui.horizontal(|ui| {
        let rename = ui.small_button(Word::RenamePlayer.get(lang));
        log_place(logged, format!("rename-{name}"), rename.rect);
        if rename.clicked() {
            edit.renaming = Some((name.to_owned(), name.to_owned()));
            edit.removing = None;
        }
        let remove = ui.small_button(Word::RemovePlayer.get(lang));
        log_place(logged, format!("remove-{name}"), remove.rect);
        if remove.clicked() {
            edit.removing = Some(name.to_owned());
            edit.renaming = None;
        }
    });
    out
}
