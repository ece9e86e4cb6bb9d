//! The game's information: players, event, date, site, round and result, as the
//! record's tags. Every other tag the file had stays as it was, in its place.

use crate::i18n::{Lang, T, Word};
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel::parts;
use crate::app::xiangqi::messages::RecordEdit;
use crate::app::xiangqi::model::Model;

/// The fields the dialog edits: the tag and its label.
const FIELDS: [(&str, T); 6] = [
    ("Red", T::InfoRed),
    ("Black", T::InfoBlack),
    ("Event", T::InfoEvent),
    ("Date", T::InfoDate),
    ("Site", T::InfoSite),
    ("Round", T::InfoRound),
];

/// The results a game can have, as PGN writes them.
const RESULTS: [(&str, T); 4] = [
    ("*", T::ResultNone),
    ("1-0", T::ResultRed),
    ("0-1", T::ResultBlack),
    ("1/2-1/2", T::ResultDraw),
];

/// What is being typed, from the tags when the dialog opened.
#[derive(Default)]
pub(crate) struct InfoUi {
    fields: Option<[String; 6]>,
    result: String,
}

impl InfoUi {
    /// The dialog closed: it reads the tags afresh when it opens.
    pub(crate) fn close(&mut self) {
        self.fields = None;
    }
}

/// A tag's value, "?" (PGN's unknown) read as empty.
fn tag<'a>(tags: &'a [(String, String)], name: &str) -> &'a str {
    tags.iter()
        .find(|(k, _)| k.eq_ignore_ascii_case(name))
        .map_or("", |(_, v)| v.as_str())
        .trim_matches('?')
}

/// The tags with the dialog's fields in: each replaced where it was, new ones added at
/// the end, emptied ones taken out.
fn edited(tags: &[(String, String)], fields: &[String; 6], result: &str) -> Vec<(String, String)> {
    let mut out = tags.to_vec();
    let values = FIELDS
        .iter()
        .zip(fields)
        .map(|((name, _), v)| (*name, v.trim()))
        .chain([("Result", result)]);
    for (name, value) in values {
        let at = out.iter().position(|(k, _)| k.eq_ignore_ascii_case(name));
        match (at, value.is_empty()) {
            (Some(i), false) => out[i].1 = value.to_owned(),
            (Some(i), true) => _ = out.remove(i),
            (None, false) => out.push((name.to_owned(), value.to_owned())),
            (None, true) => {}
        }
    }
    out
}

pub(crate) fn show(
    ctx: &egui::Context,
    model: &Model,
    lang: Lang,
    state: &mut InfoUi,
    send: &mut impl FnMut(Action),
    record: &mut impl FnMut(RecordEdit),
) {
    let tags = model.tags();
    if state.fields.is_none() {
        state.fields = Some(FIELDS.map(|(name, _)| tag(tags, name).to_owned()));
        state.result = match model
            .outcome()
            .filter(|_| model.game().declared().is_none())
        {
            // A result the moves decided is the record's, whatever was typed.
            Some(o) => match o.winner {
                Some(crate::rules::Color::Red) => "1-0",
                Some(crate::rules::Color::Black) => "0-1",
                None => "1/2-1/2",
            }
            .to_owned(),
            None => RESULTS
                .iter()
                .map(|(r, _)| *r)
                .find(|r| *r == tag(tags, "Result"))
                .unwrap_or("*")
                .to_owned(),
        };
    }
    let Some(fields) = state.fields.as_mut() else {
        return;
    };
    let mut open = true;
    let mut done = None;
    parts::dialog(ctx, Word::GameInfo.get(lang), &mut open).show(ctx, |ui| {
        egui::Grid::new("game info").num_columns(2).show(ui, |ui| {
            for ((_, label), value) in FIELDS.iter().zip(fields.iter_mut()) {
                ui.label(label.get(lang));
                ui.add(egui::TextEdit::singleline(value).desired_width(200.0));
                ui.end_row();
            }
            ui.label(T::InfoResult.get(lang));
            egui::ComboBox::from_id_salt("result")
                .selected_text(
                    RESULTS
                        .iter()
                        .find(|(r, _)| *r == state.result)
                        .map_or("*", |(_, t)| t.get(lang)),
                )
                .show_ui(ui, |ui| {
                    for (r, t) in RESULTS {
                        ui.selectable_value(&mut state.result, r.to_owned(), t.get(lang));
                    }
                });
            ui.end_row();
        });
        ui.horizontal(|ui| {
            if ui.button(Word::Ok.get(lang)).clicked() {
                done = Some(true);
            }
            if ui.button(Word::Cancel.get(lang)).clicked() {
                done = Some(false);
            }
        });
    });
    if done == Some(true) {
        let new = edited(tags, fields, &state.result);
        if new != tags {
            record(RecordEdit::Tags(new));
        }
    }
    if done.is_some() || !open {
        send(Action::ToggleGameInfo);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fields_replace_in_place_add_at_the_end_and_empty_ones_go() {
        let tags: Vec<(String, String)> = [
            ("Event", "全国赛"),
            ("Red", "胡荣华"),
            ("Opening", "中炮"),
            ("Result", "1-0"),
        ]
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
        let fields = [
            "吕钦".to_owned(),
            "许银川".to_owned(),
            String::new(),
            "2024.01.02".to_owned(),
            String::new(),
            String::new(),
        ];
        let out = edited(&tags, &fields, "1/2-1/2");
        let names: Vec<&str> = out.iter().map(|(k, _)| k.as_str()).collect();
        assert_eq!(names, ["Red", "Opening", "Result", "Black", "Date"]);
        assert_eq!(out[0].1, "吕钦");
        assert_eq!(out[2].1, "1/2-1/2");
        assert_eq!(tag(&[("Site".into(), "?".into())], "site"), "");
    }
}
