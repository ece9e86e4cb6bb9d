//! The next game's clock, for either game: none, a preset or typed; the same for both
//! sides, or each side its own (让时, time odds); and the odds two household ratings
//! suggest, taken with a click, never forced.

use std::time::Duration;

use bevy_egui::egui;
use table::household::Household;

use crate::i18n::{Lang, T};
use crate::rules::{Controls, TimeControl};

/// How many rating points halve the stronger player's time: a rule of thumb (doubling
/// the time to think is worth about that much between club players).
pub const POINTS_A_HALVING: f64 = 150.0;

/// The most the stronger player's time is cut: to a fifth.
const MOST_CUT: f64 = 5.0;

/// What the clock choice remembers between frames: a control being typed (for both
/// sides, or for one), and whether the sides are set apart.
#[derive(Default)]
pub(crate) struct ClockChoice {
    /// Typed text: `[0]` both sides' (or the first side's), `[1]` the second side's.
    typed: [Option<String>; 2],
    /// The sides are set apart although their controls are still the same.
    apart: bool,
}

impl ClockChoice {
    /// Whether a control is being typed (the choice stays open for it).
    pub(crate) fn typing(&self) -> bool {
        self.typed.iter().any(Option::is_some)
    }
}

/// What the widget offers: its id, the game's presets and its two sides' names (the
/// first side's, then the second's: red and black, or black and white).
pub(crate) struct Offer<'a> {
    pub id: &'a str,
    pub presets: &'a [TimeControl],
    pub sides: [&'a str; 2],
}

/// The next game's clock as a row (a control for both sides) and a "time odds" box;
/// with the box ticked, a row for each side. Returns a new choice, if one was made.
/// Each choice is logged as `ID-…` for the window tests.
pub(crate) fn choose(
    ui: &mut egui::Ui,
    offer: &Offer<'_>,
    current: Option<Controls>,
    lang: Lang,
    state: &mut ClockChoice,
    log: &mut impl FnMut(String, egui::Rect),
) -> Option<Option<Controls>> {
    let mut chosen = None;
    let apart = state.apart || current.is_some_and(|c| c.is_odds());
    ui.horizontal_wrapped(|ui| {
        ui.label(T::ClockForNewGames.get(lang));
        if !apart {
            let id = offer.id.to_owned();
            let mut options = vec![None];
            options.extend(offer.presets.iter().map(|&p| Some(Controls::from(p))));
            // A clock typed stays among the choices (issue 91: it was offered no more).
            if current.is_some() && !options.contains(&current) {
                options.push(current);
            }
            if let Some(pick) = combo(ui, &id, current, &options, lang, &mut state.typed[0], log) {
                chosen = Some(pick);
            }
        }
        let mut odds = apart;
        let boxed = ui.checkbox(&mut odds, T::TimeOdds.get(lang));
        log(format!("{}-odds", offer.id), boxed.rect);
        if odds != apart {
            state.apart = odds;
            state.typed = [None, None];
            match current {
                // Setting apart needs a clock to set apart: the first preset's.
                None if odds => chosen = offer.presets.first().map(|&p| Some(p.into())),
                // Back together: the first side's control for both.
                Some(c) if !odds => chosen = Some(Some(c.0[0].into())),
                _ => {}
            }
        }
    });
    if apart && let Some(both) = chosen.flatten().or(current) {
        for side in 0..2 {
            ui.horizontal(|ui| {
                ui.label(offer.sides[side]);
                let id = format!("{}-{side}", offer.id);
                let mut options: Vec<_> = offer.presets.iter().map(|&p| Some(p.into())).collect();
                let now = Some(Controls::from(both.0[side]));
                if !options.contains(&now) {
                    options.push(now);
                }
                let typed = &mut state.typed[side];
                if let Some(Some(pick)) = combo(ui, &id, now, &options, lang, typed, log) {
                    let mut controls = both;
                    controls.0[side] = pick.0[0];
                    chosen = Some(Some(controls));
                }
            });
        }
    }
    for (side, typed) in state.typed.iter_mut().enumerate() {
        if let Some(text) = typed {
            let field =
                ui.add(egui::TextEdit::singleline(text).hint_text(T::CustomClockHint.get(lang)));
            if !text.is_empty() && text.parse::<Controls>().is_err() {
                let red = table::egui_color(table::panel::parts::colors(ui.ctx()).clock_low);
                ui.label(egui::RichText::new(T::CustomClockHint.get(lang)).color(red));
            }
            if field.lost_focus() {
                let now = chosen.flatten().or(current);
                if let Some(control) = typed_control(text, apart.then_some(side), now) {
                    chosen = Some(Some(control));
                }
                *typed = None;
            }
        }
    }
    chosen.filter(|c| *c != current)
}

/// What a typed control sets: both sides' clocks when typed in the one row, or only
/// `side`'s when typed in that side's row of time odds (the other side keeps its own).
fn typed_control(text: &str, side: Option<usize>, current: Option<Controls>) -> Option<Controls> {
    let typed = text.trim().parse::<Controls>().ok()?;
    match (side, current) {
        (Some(side), Some(mut controls)) => {
            controls.0[side] = typed.0[0];
            Some(controls)
        }
        _ => Some(typed),
    }
}

/// One combo box of controls, with "Custom…" opening a text field.
fn combo(
    ui: &mut egui::Ui,
    id: &str,
    current: Option<Controls>,
    options: &[Option<Controls>],
    lang: Lang,
    typed: &mut Option<String>,
    log: &mut impl FnMut(String, egui::Rect),
) -> Option<Option<Controls>> {
    let mut chosen = None;
    let combo = egui::ComboBox::from_id_salt(id)
        .selected_text(name(current, lang))
        .show_ui(ui, |ui| {
            for (i, &option) in options.iter().enumerate() {
                let b = ui.add(egui::Button::selectable(
                    option == current,
                    name(option, lang),
                ));
                log(format!("{id}-{i}"), b.rect);
                if b.clicked() {
                    chosen = Some(option);
                    *typed = None;
                }
            }
            let custom = ui.add(egui::Button::selectable(false, T::CustomClock.get(lang)));
            log(format!("{id}-custom"), custom.rect);
            if custom.clicked() {
                *typed = Some(current.map(|c| c.to_string()).unwrap_or_default());
            }
        });
    log(id.to_owned(), combo.response.rect);
    chosen
}

/// A control as the choice names it: "No clock", or as typed (`10+5`).
fn name(control: Option<Controls>, lang: Lang) -> String {
    control.map_or_else(|| T::NoClock.get(lang).to_owned(), |c| c.to_string())
}

/// Time odds the two seated players' ratings at a game suggest.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Odds {
    /// The stronger player's name, then the weaker's.
    pub stronger: String,
    pub weaker: String,
    /// Each side's control: the weaker keeps `base`, the stronger's base is cut.
    pub controls: Controls,
}

/// The odds `seats`' ratings at the game `slug` suggest on `base`: the stronger
/// player's base halved for every [`POINTS_A_HALVING`] points between them (to a fifth
/// at most, whole minutes, at least half a minute). `None` without two ratings, for
/// players within half of that, or a control with no base to cut.
#[must_use]
pub fn suggested(
    household: &Household,
    seats: &[String; 2],
    slug: &str,
    base: TimeControl,
) -> Option<Odds> {
    let rating = |seat: usize| household.rating(&seats[seat], slug);
    let (first, second) = (rating(0)?, rating(1)?);
    let cut = 2f64
        .powf((first - second).abs() / POINTS_A_HALVING)
        .min(MOST_CUT);
    let secs = base.base.as_secs_f64() / cut;
    let secs = if secs >= 60.0 {
        (secs / 60.0).round() * 60.0
    } else {
        (secs / 10.0).round().max(3.0) * 10.0
    };
    let short = TimeControl {
        base: Duration::from_secs_f64(secs),
        ..base
    };
    if (first - second).abs() < POINTS_A_HALVING / 2.0 || short.base >= base.base {
        return None;
    }
    let (stronger, controls) = if first > second {
        (0, [short, base])
    } else {
        (1, [base, short])
    };
    Some(Odds {
        stronger: seats[stronger].clone(),
        weaker: seats[1 - stronger].clone(),
        controls: Controls(controls),
    })
}

/// The odds the seated players' ratings at `slug` suggest on `current` (its longer
/// side's control; `fallback` without a clock), with a button that takes them, unless
/// they are what is chosen already. The odds taken, if the button was pressed.
pub(crate) fn suggestion(
    ui: &mut egui::Ui,
    (household, seats, slug): (&Household, &[String; 2], &str),
    (current, fallback): (Option<Controls>, TimeControl),
    (id, lang): (&str, Lang),
    log: &mut impl FnMut(String, egui::Rect),
) -> Option<Controls> {
    let base = current.map_or(
        fallback,
        |Controls([a, b])| if a.base >= b.base { a } else { b },
    );
    let odds = suggested(household, seats, slug, base).filter(|o| Some(o.controls) != current)?;
    let mut taken = None;
    ui.horizontal_wrapped(|ui| {
        let [a, b] = odds.controls.0;
        let (strong, weak) = if a.base < b.base { (a, b) } else { (b, a) };
        let line = T::OddsSuggested.fill(
            lang,
            &[
                &odds.weaker,
                &weak.to_string(),
                &odds.stronger,
                &strong.to_string(),
            ],
        );
        ui.label(egui::RichText::new(line).small());
        let take = ui.small_button(T::TakeOdds.get(lang));
        log(format!("{id}-take-odds"), take.rect);
        if take.clicked() {
            taken = Some(odds.controls);
        }
    });
    taken
}

#[cfg(test)]
mod tests {
    use super::*;
    use table::household::{Profile, ProfileGame};

    fn rated(name: &str, rating: f64) -> Profile {
        Profile {
            id: 1,
            name: name.to_owned(),
            look: None,
            colour: None,
            games: vec![ProfileGame {
                slug: "xiangqi".to_owned(),
                rating: Some((rating, 60.0)),
                ..ProfileGame::default()
            }],
        }
    }

    #[test]
    fn the_stronger_player_has_half_the_time_for_every_150_points() {
        let household = Household {
            players: vec![
                rated("Dad", 1800.0),
                rated("Mei", 1500.0),
                rated("Li", 1540.0),
                rated("Grandpa", 2600.0),
            ],
        };
        let seats = |a: &str, b: &str| [a.to_owned(), b.to_owned()];
        let ten = TimeControl::minutes(10, 5);
        let odds = suggested(&household, &seats("Dad", "Mei"), "xiangqi", ten).unwrap();
        assert_eq!(odds.stronger, "Dad");
        assert_eq!(odds.weaker, "Mei");
        assert_eq!(
            odds.controls.to_string(),
            "3+5,10+5",
            "300 points: a quarter, in whole minutes"
        );
        let odds = suggested(&household, &seats("Mei", "Dad"), "xiangqi", ten).unwrap();
        assert_eq!(
            odds.controls.to_string(),
            "10+5,3+5",
            "Dad at the second side"
        );
        assert_eq!(
            suggested(&household, &seats("Mei", "Li"), "xiangqi", ten),
            None,
            "40 points apart: no odds"
        );
        let far = suggested(&household, &seats("Grandpa", "Mei"), "xiangqi", ten).unwrap();
        assert_eq!(
            far.controls.0[0].base,
            Duration::from_secs(120),
            "a fifth at most"
        );
        assert_eq!(
            suggested(&household, &seats("Mei", ""), "xiangqi", ten),
            None
        );
        assert_eq!(
            suggested(&household, &seats("Dad", "Mei"), "go", ten),
            None,
            "no ratings at Go"
        );
        let blitz = TimeControl::minutes(1, 0);
        let short = suggested(&household, &seats("Dad", "Mei"), "xiangqi", blitz).unwrap();
        assert_eq!(
            short.controls.0[0].base,
            Duration::from_secs(30),
            "half a minute at least"
        );
    }

    #[test]
    fn a_control_typed_in_one_sides_row_sets_only_that_side() {
        let odds: Controls = "5+3,10+5".parse().unwrap();
        let second = typed_control("20+10", Some(1), Some(odds)).unwrap();
        assert_eq!(
            second.to_string(),
            "5+3,20+10",
            "the first side keeps its 5+3"
        );
        let first = typed_control(" 1+0 ", Some(0), Some(odds)).unwrap();
        assert_eq!(first.to_string(), "1+0,10+5");
        let both = typed_control("15+10", None, Some(odds)).unwrap();
        assert_eq!(both.to_string(), "15+10", "the one row sets both sides");
        assert_eq!(typed_control("ten minutes", Some(1), Some(odds)), None);
    }
}
