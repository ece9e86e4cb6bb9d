//! The computer's levels in the panel, for either game: a list by number, name and
//! measured rating, and under it the seated player's level on the ladder (three wins in
//! a row up, three losses down: `table::household::Ladder`) with a button to play it.

use bevy_egui::egui;
use table::household::{Household, Ladder};

use crate::i18n::{Lang, T};

/// One level as the list shows it.
pub(crate) struct Row {
    /// Its number (1 the easiest).
    pub number: u8,
    /// Its name in the window's language.
    pub name: &'static str,
    /// Its measured rating, if measured.
    pub rating: Option<i32>,
}

/// The level list: `chosen` (or `none`, the game's own strength), its entries logged
/// for the window tests as `PREFIX-N` and the list as `PREFIX`; under it, `player`'s
/// ladder. A new choice, if one was made.
pub(crate) fn level_ui(
    ui: &mut egui::Ui,
    (prefix, rows, none): (&str, &[Row], &str),
    chosen: Option<u8>,
    player: Option<(&str, Ladder)>,
    lang: Lang,
    log: &mut impl FnMut(String, egui::Rect),
) -> Option<Option<u8>> {
    let name = |n: Option<u8>| match n.and_then(|n| rows.iter().find(|r| r.number == n)) {
        Some(r) => format!("{} · {}", r.number, r.name),
        None => none.to_owned(),
    };
    let mut picked = chosen;
    ui.horizontal(|ui| {
        ui.label(T::Level.get(lang));
        // As wide as the panel leaves, the name cut short rather than the panel pushed.
        let width = (ui.available_width() - ui.spacing().icon_width - 8.0).max(60.0);
        let combo = egui::ComboBox::from_id_salt(prefix)
            .width(width)
            .truncate()
            .selected_text(name(chosen))
            .show_ui(ui, |ui| {
                let item = ui.selectable_value(&mut picked, None, none);
                log(format!("{prefix}-none"), item.rect);
                for r in rows {
                    let text = match r.rating {
                        Some(rating) => format!(
                            "{} · {}   ({})",
                            r.number,
                            r.name,
                            T::LevelRating.fill(lang, &[&rating])
                        ),
                        None => format!("{} · {}", r.number, r.name),
                    };
                    let item = ui.selectable_value(&mut picked, Some(r.number), text);
                    log(format!("{prefix}-{}", r.number), item.rect);
                }
            });
        log(prefix.to_owned(), combo.response.rect);
    });
    if let Some((who, ladder)) = player {
        ui.horizontal_wrapped(|ui| {
            ui.label(T::YourLevel.fill(lang, &[&who, &name(Some(ladder.level))]));
            if chosen != Some(ladder.level) {
                let play = ui.button(T::PlayYourLevel.get(lang));
                log(format!("{prefix}-yours"), play.rect);
                if play.clicked() {
                    picked = Some(ladder.level);
                }
            }
        });
        let run = if ladder.wins > 0 {
            T::LadderWins.fill(lang, &[&ladder.wins])
        } else if ladder.losses > 0 {
            T::LadderLosses.fill(lang, &[&ladder.losses])
        } else {
            T::LadderNew.get(lang).to_owned()
        };
        ui.label(egui::RichText::new(run).weak());
    }
    (picked != chosen).then_some(picked)
}

/// The level the computer comes to the table at when it takes `computer_seat` (0 or 1)
/// at the game of `slug`: the ladder's of the household player it meets (level 1 for a
/// new player); `None` when no household player sits there.
pub(crate) fn starting_level(
    household: &Household,
    seats: &[String; 2],
    computer_seat: usize,
    slug: &str,
) -> Option<u8> {
    opponent(household, seats, computer_seat, slug).map(|(_, ladder)| ladder.level)
}

/// The player the computer plays against: the other seat than the computer's
/// (`computer_seat`, 0 or 1 of `seats`) when the household knows them, with their ladder
/// at the game of `slug` (level 1 before their first game against a level).
pub(crate) fn opponent<'a>(
    household: &'a Household,
    seats: &[String; 2],
    computer_seat: usize,
    slug: &str,
) -> Option<(&'a str, Ladder)> {
    let name = &seats[1 - computer_seat.min(1)];
    let known = household.players.iter().find(|p| &p.name == name)?;
    Some((
        known.name.as_str(),
        household.ladder(name, slug).unwrap_or_default(),
    ))
}
