//! The players' cards and the toolbar. A card per side, in the board's order (the side
//! at the top of the board above the moves, the other below them): the side's general
//! as the board draws it, the player's name, the clock, and the pieces this side has
//! taken drawn small; the side to move framed. The toolbar holds the frequent commands
//! (the shared `panel/toolbar.rs` draws it).

use crate::app::xiangqi::messages::EngineCommand;
use crate::i18n::{self, Lang, Said, T, Word};
use crate::settings::XiangqiSettings;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::panel::parts;
use crate::app::panel::parts::{card_frame, clock_text};
use crate::app::panel::toolbar::{self, Icon, Tool};
use crate::app::shell::model::Settings;
use crate::app::xiangqi::model::{Model, NextHandicap, NextOpponent};
use crate::app::xiangqi::panel::piece_art::piece_icon;
use crate::app::{household, levels};
use crate::rules::{Color as Side, Piece, Role};

/// The name on a side's card: the game's player (its `Red`/`Black` tag), else the
/// engine when the computer plays that side, else the side.
fn player_name(model: &Model, (settings, xq): (&Settings, &XiangqiSettings), side: Side) -> String {
    let lang = settings.lang;
    let side_name = crate::i18n::side(side, lang);
    // The computer is 电脑 at the table (its program's name is the settings').
    let engine = crate::games::xiangqi::kept::COMPUTER.0;
    let said = |name: &str| ::table::i18n::player_said_as(name, lang, Some(engine));
    match named(model, side) {
        Some(name) => format!("{side_name} · {}", said(&name)),
        None if xq.computer == Some(side) => format!("{side_name} · {}", said(engine)),
        None => side_name.to_owned(),
    }
}

/// The player the record names at `side`, if any.
fn named(model: &Model, side: Side) -> Option<String> {
    let tag = match side {
        Side::Red => "Red",
        Side::Black => "Black",
    };
    model
        .tags()
        .iter()
        .find(|(k, v)| k == tag && !v.trim().is_empty() && v.trim() != "?")
        .map(|(_, v)| v.trim().to_owned())
}

/// One side's card.
pub(crate) fn card(
    ui: &mut egui::Ui,
    model: &Model,
    (settings, xq): (&Settings, &XiangqiSettings),
    side: Side,
) {
    let pos = model.shown_position();
    let over = model.outcome().is_some() && !model.is_reviewing();
    let to_move = pos.turn() == side && !over;
    let frame = card_frame(ui, to_move);
    frame.show(ui, |ui| {
        ui.set_min_width(ui.available_width());
        ui.horizontal(|ui| {
            piece_icon(ui, Piece::new(side, Role::General), 28.0);
            ui.vertical(|ui| {
                ui.spacing_mut().item_spacing.y = 2.0;
                let full = player_name(model, (settings, xq), side);
                let player = named(model, side);
                parts::card_name(
                    ui,
                    &::table::i18n::player_said(&full, settings.lang),
                    player.as_deref(),
                );
                let lang = settings.lang;
                let what = if to_move { T::ToMove.get(lang) } else { "" };
                ui.label(egui::RichText::new(what).small());
            });
            if let Some(clock) = model.clock() {
                ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                    let byoyomi = clock.byoyomi_words(side, T::Byoyomi.get(settings.lang));
                    clock_text(ui, clock.left(side), byoyomi.as_deref());
                });
            }
        });
        // What this side has taken: the other side's pieces.
        let taken = &model.captured()[side.other().index()];
        ui.horizontal_wrapped(|ui| {
            ui.spacing_mut().item_spacing = egui::vec2(1.0, 1.0);
            ui.set_min_height(22.0);
            for &p in taken {
                piece_icon(ui, p, 22.0);
            }
        });
    });
}

/// The far side's card face to face (对坐), turned to the player across: their name and
/// clock, and what is for them: a draw the near side offers, the referee's warning, the
/// result; their own resign (asked once) and draw offer, whoever is to move: each card's
/// buttons act for that card's player.
pub(crate) fn across(
    ui: &mut egui::Ui,
    model: &Model,
    (settings, xq): (&Settings, &XiangqiSettings),
    side: Side,
    clock_ui: &mut super::clock::ClockUi,
    send: &mut impl FnMut(Action),
) {
    use crate::app::xiangqi::messages::DrawCommand;
    use ::table::together::across;
    let lang = settings.lang;
    let over = model.outcome().is_some() && !model.is_reviewing();
    let to_move = model.shown_position().turn() == side && !over;
    let name = player_name(model, (settings, xq), side);
    let byoyomi = model
        .clock()
        .and_then(|c| c.byoyomi_words(side, T::Byoyomi.get(lang)));
    let clock = model.clock().map(|c| (c.left(side), byoyomi.as_deref()));
    let offered = model.draw_offer().filter(|&s| s != side && !over);
    let warning = super::super::play::warning_text(model, lang);
    let result = model
        .outcome()
        .filter(|_| over)
        .map(|o| i18n::outcome_told(o, model.game().offence(), lang));
    let theirs = !over && !model.is_reviewing() && xq.computer != Some(side);
    let asking = &mut clock_ui.across_resign;
    *asking &= theirs && offered.is_none();
    let side_name = i18n::side(side, lang);
    let confirm = T::ConfirmResign.fill(lang, &[&side_name]);
    let offer_text = offered.map(|s| T::DrawOffered.fill(lang, &[&i18n::side(s, lang)]));
    let (said, answers): (Option<(&str, bool)>, Vec<&str>) = if let Some(text) = &offer_text {
        (
            Some((text.as_str(), false)),
            vec![T::AcceptDraw.get(lang), T::DeclineDraw.get(lang)],
        )
    } else if *asking {
        (
            Some((confirm.as_str(), true)),
            vec![T::Resign.get(lang), Word::Cancel.get(lang)],
        )
    } else if let Some(text) = &result {
        (Some((text.as_str(), false)), Vec::new())
    } else {
        let said = warning.as_deref().map(|w| (w, true));
        let answers = if theirs {
            vec![T::Resign.get(lang), T::OfferDraw.get(lang)]
        } else {
            Vec::new()
        };
        (said, answers)
    };
    let card = across::Across {
        name: &name,
        note: if to_move { T::ToMove.get(lang) } else { "" },
        to_move,
        clock,
        said,
        answers: &answers,
    };
    let drawn = across::card(ui, &card);
    clock_ui.log_place("across-card", drawn.place);
    for (name, &rect) in ["across-answer-0", "across-answer-1"]
        .into_iter()
        .zip(&drawn.answers)
    {
        clock_ui.log_place(name, rect);
    }
    let Some(i) = drawn.tapped else { return };
    bevy::log::info!("across answer {}", answers[i]);
    let asking = &mut clock_ui.across_resign;
    match (offer_text.is_some(), *asking, i) {
        (true, _, 0) => send(Action::own(DrawCommand::Accept)),
        (true, _, _) => send(Action::own(DrawCommand::Decline)),
        (false, true, 0) => {
            *asking = false;
            send(Action::own(DrawCommand::ResignAs(side)));
        }
        (false, true, _) => *asking = false,
        (false, false, 0) => *asking = true,
        (false, false, _) => send(Action::own(DrawCommand::OfferFrom(side))),
    }
}

/// The toolbar: new, undo, redo, flip, save, analysis, hint. Returns each tool's place
/// for the log.
pub(crate) fn toolbar(
    ui: &mut egui::Ui,
    lang: Lang,
    analysing: bool,
    send: &mut impl FnMut(Action),
) -> Vec<(&'static str, egui::Rect)> {
    let tool = |icon, name, t: &dyn Said, keys: &str, action| Tool {
        icon,
        name,
        tip: format!("{} ({keys})", t.said(lang)),
        // The analysis button stays lit while the engine analyses.
        on: icon == Icon::Analysis && analysing,
        action,
    };
    let tools = vec![
        tool(
            Icon::New,
            "tool-new",
            &Word::NewGame,
            "Ctrl+R",
            Action::NewGame,
        ),
        tool(Icon::Undo, "tool-undo", &Word::Undo, "Ctrl+Z", Action::Undo),
        tool(Icon::Redo, "tool-redo", &Word::Redo, "Ctrl+Y", Action::Redo),
        tool(Icon::Flip, "tool-flip", &Word::Flip, "F", Action::Flip),
        tool(Icon::Save, "tool-save", &Word::Save, "Ctrl+S", Action::Save),
        tool(
            Icon::Analysis,
            "tool-analysis",
            &T::Analysis,
            "A",
            Action::own(EngineCommand::ToggleAnalysis),
        ),
        tool(Icon::Hint, "tool-hint", &T::HintButton, "H", Action::Hint),
    ];
    toolbar::row(ui, tools, send)
}

/// The new-game dialog's Xiangqi part: the 让子 of the next game, and who gives it (the
/// player at the side that gives, named); who the computer plays and at what level.
pub(crate) fn handicap_section(
    InMut(ui): InMut<egui::Ui>,
    (mut next, mut opponent): (ResMut<NextHandicap>, ResMut<NextOpponent>),
    (settings, xq, household): (
        Res<Settings>,
        Res<crate::settings::XiangqiSettings>,
        Res<::table::household::Household>,
    ),
    (mut logged, mut clock): (
        Local<Vec<(String, (i32, i32))>>,
        Local<super::clock::ClockUi>,
    ),
    mut edited: MessageWriter<crate::app::xiangqi::model::XiangqiSettingsEdited>,
) {
    let mut chose = *opponent;
    opponent_section(
        &mut *ui,
        (&settings, &xq, &household),
        &mut logged,
        &mut chose,
    );
    if chose != *opponent {
        info!("next opponent {chose:?}");
        *opponent = chose;
    }
    use crate::games::xiangqi::handicap::Handicap;
    let lang = settings.lang;
    let mut chosen = next.0;
    // Every choice in sight: one click, and a reader hears each.
    ui.label(T::Handicap.get(lang));
    ui.horizontal_wrapped(|ui| {
        for h in Handicap::ALL {
            let choice = ui.selectable_value(&mut chosen, h, h.name(lang));
            let name = format!("handicap-{}", h.slug());
            parts::log_place(&mut logged, name, choice.rect);
        }
    });
    if let Some(giver) = chosen.giver() {
        let seat = &settings.seats[giver.index()];
        let who = household::seat_name(seat, lang);
        let side = crate::i18n::side(giver, lang);
        let line = T::HandicapGiven.fill(lang, &[&who, &side, &chosen.name(lang)]);
        ui.label(egui::RichText::new(line).small());
    }
    if chosen != next.0 {
        info!("handicap {chosen:?}");
        next.0 = chosen;
    }
    ui.separator();
    if let Some(control) =
        super::clock::dialog_clock(&mut *ui, (&settings, &xq, &household), &mut clock)
    {
        let named = control.map_or_else(|| "none".to_owned(), |c| c.to_string());
        info!("clock for new games {named}");
        let mut settings = (*xq).clone();
        settings.clock = control;
        edited.write(crate::app::xiangqi::model::XiangqiSettingsEdited(Box::new(
            settings,
        )));
    }
}

/// Who the computer plays in the next game, one click each, and at what level.
fn opponent_section(
    ui: &mut egui::Ui,
    (settings, xq, household): (
        &Settings,
        &crate::settings::XiangqiSettings,
        &::table::household::Household,
    ),
    logged: &mut Vec<(String, (i32, i32))>,
    next: &mut NextOpponent,
) {
    use crate::app::xiangqi::panel::engine::{level_ui, opponent_text};
    let lang = settings.lang;
    let now = next.computer.unwrap_or(xq.computer);
    let mut computer = now;
    ui.label(T::Opponent.get(lang));
    ui.horizontal_wrapped(|ui| {
        for (choice, name) in [
            (None, "new-opponent-none"),
            (Some(Side::Red), "new-opponent-red"),
            (Some(Side::Black), "new-opponent-black"),
        ] {
            let b = ui.selectable_value(&mut computer, choice, opponent_text(choice, lang));
            parts::log_place(logged, name.to_owned(), b.rect);
        }
    });
    // Nothing changes in the game in progress: the choice waits for Start.
    if computer != now {
        next.computer = Some(computer);
        // The computer comes at the level of the player it meets, as it will at Start.
        if let Some(side) = computer.filter(|_| xq.computer.is_none()) {
            let seat = usize::from(side == Side::Black);
            if let Some(level) = levels::starting_level(household, &settings.seats, seat, "xiangqi")
            {
                next.level = Some(Some(level));
            }
        }
    }
    if let Some(side) = computer {
        let level = next.level.unwrap_or(xq.level);
        level_ui(
            ui,
            ("new-level", level, side),
            (settings, household),
            &mut |a: Action| {
                if let Action::Own(own) = &a
                    && let Some(EngineCommand::SetLevel(l)) = own.get::<EngineCommand>()
                {
                    next.level = Some(*l);
                }
            },
        );
    }
    ui.separator();
}
