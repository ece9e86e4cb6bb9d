//! The map of lessons (F4): the game on the table's stages and levels, each level's
//! stars, finished/total, who is learning, start again; and the lesson's lines at the
//! top of the panel while one is open (the goal, the moves against par, how it stands,
//! Retry, Next, the map, Leave), or the first-run hint while the learner has no star.

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::actions::Action;
use crate::i18n::Word;
use crate::learn::shell::{Asked, Courses, LearnCommand, Learning, LessonState, TutorAnswer};
use crate::panel::parts::log_place;
use crate::schedule::{GameKind, PanelSet};
use crate::settings::Settings;
use crate::shell::model::Overlay;
use crate::shell::table::Tables;
use crate::store::household::{Household, seat_name};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(EguiPrimaryContextPass, map.in_set(PanelSet::Learn));
}

/// What the map sends.
enum Sent {
    Act(Action),
    Learn(LearnCommand),
}

/// Stars as text: ★ earned, ☆ not.
#[must_use]
pub fn stars_text(stars: u8) -> String {
    (0..3).map(|i| if i < stars { '★' } else { '☆' }).collect()
}

/// The map while it is open.
fn map(
    world: &mut World,
    contexts: &mut SystemState<EguiContexts>,
    mut logged: Local<Vec<(String, (i32, i32))>>,
    mut asking: Local<bool>,
) -> Result {
    if !world.resource::<Overlay>().learn {
        *asking = false;
        return Ok(());
    }
    let ctx = contexts.get_mut(world)?.ctx_mut()?.clone();
    let settings = world.resource::<Settings>().clone();
    let tables = world.resource::<Tables>().clone();
    let kind = *world.resource::<State<GameKind>>().get();
    let slug = tables.slug(kind);
    let lang = settings.lang;
    let Some(course) = world.resource::<Courses>().0.get(slug).cloned() else {
        return Ok(());
    };
    let names: Vec<String> = world
        .resource::<Household>()
        .names()
        .map(str::to_owned)
        .collect();
    let learning = world.resource::<Learning>();
    let who = learning.who(&settings);
    let (done, stars) = learning.progress.totals(&who, slug);
    let earned: Vec<u8> = course
        .levels()
        .map(|(_, _, c)| learning.progress.stars(&who, slug, &c.id))
        .collect();
    let mut sent = Vec::new();
    let mut open = true;
    let screen = ctx.content_rect();
    let title = Word::LearnTitle.fill(lang, &[&tables.title(kind, lang)]);
    // Anchored at its top: the levels keep their places while the list's height settles
    // (a click aimed at one lands on it).
    let centre = crate::panel::parts::board_centre(&ctx);
    crate::panel::parts::dialog(&ctx, &title, &mut open)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(centre.x, 24.0))
        .default_width(420.0)
        .max_height((screen.height() - 48.0).max(160.0))
        .show(&ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label(Word::LearnLearner.get(lang));
                egui::ComboBox::from_id_salt("learner")
                    .selected_text(seat_name(&who, lang))
                    .show_ui(ui, |ui| {
                        for name in std::iter::once(String::new()).chain(names) {
                            let label = seat_name(&name, lang).to_owned();
                            if ui.selectable_label(name == who, label).clicked() {
                                sent.push(Sent::Learn(LearnCommand::Learner(name)));
                            }
                        }
                    });
            });
            let finished = Word::LearnFinished.fill(lang, &[&done, &course.len(), &stars]);
            ui.label(finished);
            ui.separator();
            // The level to play next: the first without a star.
            let next = earned.iter().position(|&got| got == 0);
            // As tall as the window allows: the map is the dialog's whole point.
            let tall = (screen.height() - 230.0).max(100.0);
            egui::ScrollArea::vertical()
                .max_height(tall)
                .min_scrolled_height(tall)
                .show(ui, |ui| {
                    let mut k = 0;
                    for (s, stage) in course.stages.iter().enumerate() {
                        ui.label(egui::RichText::new(stage.title.get(lang)).strong());
                        ui.horizontal_wrapped(|ui| {
                            for (l, card) in stage.levels.iter().enumerate() {
                                let got = earned[k];
                                let here = next == Some(k);
                                k += 1;
                                let text = format!("{} {}", l + 1, stars_text(got));
                                let button = if here {
                                    // The next level to play stands out: a child starts there.
                                    let strong = egui::RichText::new(format!("▶ {text}")).strong();
                                    ui.add(
                                        egui::Button::new(strong)
                                            .fill(ui.visuals().selection.bg_fill)
                                            .stroke(ui.visuals().selection.stroke),
                                    )
                                    .on_hover_text(format!(
                                        "{} · {}",
                                        card.goal.get(lang),
                                        Word::LearnNextHere.get(lang)
                                    ))
                                } else {
                                    ui.button(text).on_hover_text(card.goal.get(lang))
                                };
                                if here {
                                    log_place(
                                        &mut logged,
                                        "lesson-next-to-play".to_owned(),
                                        button.rect,
                                    );
                                }
                                // Read as words, not as a row of star signs.
                                let said = Word::LessonCard.fill(
                                    lang,
                                    &[&stage.title.get(lang), &(l + 1), &card.goal.get(lang), &got],
                                );
                                button.widget_info(|| {
                                    egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &said)
                                });
                                log_place(&mut logged, format!("lesson-{}", card.id), button.rect);
                                if button.clicked() {
                                    sent.push(Sent::Learn(LearnCommand::Open(slug, s, l)));
                                    sent.push(Sent::Act(Action::Learn));
                                }
                            }
                        });
                    }
                });
            ui.separator();
            // Last, and asked first: a child presses the first button there is.
            ui.horizontal_wrapped(|ui| {
                if ui.button(Word::LearnClose.get(lang)).clicked() {
                    sent.push(Sent::Act(Action::Learn));
                }
                if *asking {
                    let whose = seat_name(&who, lang).to_owned();
                    ui.label(Word::LearnStartAgainAsk.fill(lang, &[&whose]));
                    let yes = ui.button(Word::LearnStartAgainYes.get(lang));
                    log_place(&mut logged, "lessons-reset-yes".to_owned(), yes.rect);
                    if yes.clicked() {
                        sent.push(Sent::Learn(LearnCommand::Reset));
                        *asking = false;
                    }
                    if ui.button(Word::Cancel.get(lang)).clicked() {
                        *asking = false;
                    }
                } else {
                    let again = ui.button(Word::LearnStartAgain.get(lang));
                    log_place(&mut logged, "lessons-reset".to_owned(), again.rect);
                    if again.clicked() {
                        *asking = true;
                    }
                }
            });
        });
    if !open {
        sent.push(Sent::Act(Action::Learn));
    }
    if !sent.is_empty() {
        world.write_message(RequestRedraw);
    }
    for s in sent {
        match s {
            Sent::Act(a) => _ = world.write_message(a),
            Sent::Learn(c) => _ = world.write_message(c),
        }
    }
    Ok(())
}

/// The first-run hint, beside the table's switch (it takes no row of its own, so
/// nothing below it moves): shown while the learner has no star at the game on the
/// table and no lesson is open.
pub fn hint(
    ui: &mut egui::Ui,
    world: &World,
    kind: GameKind,
    logged: &mut Vec<(String, (i32, i32))>,
    send: &mut impl FnMut(Action),
) {
    let settings = world.resource::<Settings>();
    let lang = settings.lang;
    let tables = world.resource::<Tables>();
    let slug = tables.slug(kind);
    let learning = world.resource::<Learning>();
    let who = learning.who(settings);
    if learning.lesson(slug).is_some()
        || !world.resource::<Courses>().0.contains_key(slug)
        || learning.progress.totals(&who, slug).0 > 0
    {
        return;
    }
    let whole = Word::LearnHint.fill(lang, &[&tables.title(kind, lang)]);
    let learn = ui
        .button(Word::LearnHintButton.get(lang))
        .on_hover_text(&whole);
    learn.widget_info(|| egui::WidgetInfo::labeled(egui::WidgetType::Button, true, &whole));
    log_place(logged, "learn-hint".to_owned(), learn.rect);
    if learn.clicked() {
        send(Action::Learn);
    }
    // The language beside it, on a first start (the Settings dialog is not where a
    // family on an English desktop looks for 中文).
    for other in crate::i18n::Lang::ALL.into_iter().filter(|l| *l != lang) {
        let b = ui.small_button(other.own_name());
        log_place(logged, format!("language-{}", other.code()), b.rect);
        if b.clicked() {
            send(Action::Language(other));
        }
    }
}

/// The lesson's lines at the top of the panel while one is open. Returns the commands
/// its buttons sent.
/// The mistake practised at the game on the table: whose, what to find, how the try
/// stands, Next and Back to the game.
pub fn practice_part(
    ui: &mut egui::Ui,
    world: &World,
    kind: GameKind,
    logged: &mut Vec<(String, (i32, i32))>,
) -> Vec<crate::learn::practice::PracticeCommand> {
    use crate::learn::practice::{DrillState, Practice, PracticeCommand};
    let mut out = Vec::new();
    let lang = world.resource::<Settings>().lang;
    let slug = world.resource::<Tables>().slug(kind);
    let Some(drill) = world.resource::<Practice>().drill(slug) else {
        return out;
    };
    let who = seat_name(&drill.player, lang);
    ui.label(egui::RichText::new(Word::PracticeTitle.fill(lang, &[&who, &drill.left])).strong());
    ui.label(
        egui::RichText::new(Word::PracticeGoal.fill(lang, &[&drill.played, &drill.mistake.mark]))
            .heading(),
    );
    ui.label(egui::RichText::new(Word::PracticeFrom.fill(lang, &[&drill.mistake.source])).small());
    match &drill.state {
        DrillState::Going => {}
        DrillState::Judging => _ = ui.label(Word::PracticeJudging.get(lang)),
        DrillState::Found(words) => {
            ui.label(
                egui::RichText::new(words.get(lang))
                    .strong()
                    .color(egui::Color32::from_rgb(0x1E, 0x7A, 0x30)),
            );
        }
        DrillState::Missed(words) => {
            ui.colored_label(egui::Color32::from_rgb(0xB0, 0x30, 0x20), words.get(lang));
        }
    }
    ui.horizontal_wrapped(|ui| {
        if matches!(drill.state, DrillState::Found(_) | DrillState::Missed(_)) {
            let next = ui.button(format!("{} (N)", Word::PracticeNext.get(lang)));
            log_place(logged, "practice-next".to_owned(), next.rect);
            if next.clicked() {
                out.push(PracticeCommand::Next);
            }
        }
        let leave = ui.button(format!("{} (Esc)", Word::PracticeLeave.get(lang)));
        log_place(logged, "practice-leave".to_owned(), leave.rect);
        if leave.clicked() {
            out.push(PracticeCommand::Leave);
        }
    });
    ui.separator();
    out
}

/// The game whose moves are guessed at the game on the table: how far, the percentage,
/// the last guess's words, Back to the game.
pub fn guess_part(
    ui: &mut egui::Ui,
    world: &World,
    kind: GameKind,
    logged: &mut Vec<(String, (i32, i32))>,
) -> Vec<crate::learn::guess::GuessCommand> {
    use crate::learn::guess::{GuessCommand, GuessState, Guesses};
    let mut out = Vec::new();
    let lang = world.resource::<Settings>().lang;
    let slug = world.resource::<Tables>().slug(kind);
    let Some(g) = world.resource::<Guesses>().open.get(slug) else {
        return out;
    };
    let who = seat_name(&g.player, lang);
    let at = (g.guessed + 1).min(g.moves);
    ui.label(
        egui::RichText::new(Word::GuessTitle.fill(lang, &[&who, &at, &g.moves, &g.percent()]))
            .strong(),
    );
    if let Some(said) = &g.said {
        crate::panel::sentence::sentence(ui, said.get(lang), |t| t);
    }
    match g.state {
        GuessState::Going => _ = ui.label(egui::RichText::new(Word::GuessAsk.get(lang)).heading()),
        GuessState::Judging => _ = ui.label(Word::PracticeJudging.get(lang)),
        GuessState::Done => {
            ui.label(
                egui::RichText::new(Word::GuessDone.fill(lang, &[&g.percent()]))
                    .heading()
                    .color(egui::Color32::from_rgb(0xC0, 0x8A, 0x00)),
            );
        }
    }
    let leave = ui.button(format!("{} (Esc)", Word::PracticeLeave.get(lang)));
    log_place(logged, "guess-leave".to_owned(), leave.rect);
    if leave.clicked() {
        out.push(GuessCommand::Leave);
    }
    ui.separator();
    out
}

/// The help's question before a move at the game on the table, with its two answers.
pub fn question_part(
    ui: &mut egui::Ui,
    world: &World,
    kind: GameKind,
    logged: &mut Vec<(String, (i32, i32))>,
) -> Option<TutorAnswer> {
    let lang = world.resource::<Settings>().lang;
    let slug = world.resource::<Tables>().slug(kind);
    let text = world.resource::<Asked>().0.get(slug)?;
    let mut answer = None;
    egui::Frame::group(ui.style())
        .stroke(egui::Stroke::new(
            2.0,
            egui::Color32::from_rgb(0xC0, 0x8A, 0x00),
        ))
        .show(ui, |ui| {
            crate::panel::sentence::sentence(ui, text.get(lang), egui::RichText::strong);
            ui.horizontal_wrapped(|ui| {
                let play = ui.button(Word::AskPlay.get(lang));
                log_place(logged, "tutor-play".to_owned(), play.rect);
                let other = ui.button(format!("{} (Esc)", Word::AskOther.get(lang)));
                log_place(logged, "tutor-other".to_owned(), other.rect);
                if play.clicked() {
                    answer = Some(true);
                }
                if other.clicked() {
                    answer = Some(false);
                }
            });
            ui.label(egui::RichText::new(Word::AskAgain.get(lang)).small());
        });
    answer.map(|play| TutorAnswer { slug, play })
}

pub fn lesson_part(
    ui: &mut egui::Ui,
    world: &World,
    kind: GameKind,
    logged: &mut Vec<(String, (i32, i32))>,
    send: &mut impl FnMut(Action),
) -> Vec<LearnCommand> {
    let mut out = Vec::new();
    let settings = world.resource::<Settings>();
    let lang = settings.lang;
    let tables = world.resource::<Tables>();
    let slug = tables.slug(kind);
    let learning = world.resource::<Learning>();
    let Some(lesson) = learning.lesson(slug) else {
        return out;
    };
    ui.label(
        egui::RichText::new(Word::LessonLevel.fill(
            lang,
            &[&lesson.stage.get(lang), &(lesson.at.1 + 1), &lesson.levels],
        ))
        .strong(),
    );
    // What the stage teaches, before its first level's goal.
    if lesson.at.1 == 0 {
        ui.label(lesson.intro.get(lang));
    }
    ui.label(egui::RichText::new(lesson.goal.get(lang)).heading());
    if let Some(say) = &lesson.say {
        ui.label(say.get(lang));
    }
    // A game has no par: its moves alone.
    if lesson.par == 1 {
        ui.label(Word::LessonMovesOne.fill(lang, &[&lesson.moves]));
    } else if lesson.par > 0 {
        ui.label(Word::LessonMoves.fill(lang, &[&lesson.moves, &lesson.par]));
    }
    match &lesson.state {
        LessonState::Going => {
            if let Some(note) = &lesson.note {
                ui.colored_label(egui::Color32::from_rgb(0xB0, 0x30, 0x20), note.get(lang));
            }
        }
        LessonState::Passed(stars) => {
            ui.label(
                egui::RichText::new(Word::LessonPassed.fill(lang, &[&stars_text(*stars)]))
                    .heading()
                    .color(egui::Color32::from_rgb(0xC0, 0x8A, 0x00)),
            );
            if let Some(after) = &lesson.after {
                ui.label(after.get(lang));
            }
        }
        LessonState::Failed(why) => {
            ui.colored_label(egui::Color32::from_rgb(0xB0, 0x30, 0x20), why.get(lang));
        }
    }
    if lesson.asks_number && lesson.state == LessonState::Going {
        let id = egui::Id::new("lesson answer");
        let mut n: i32 = ui.ctx().data(|d| d.get_temp(id).unwrap_or(0));
        ui.horizontal(|ui| {
            ui.add(egui::DragValue::new(&mut n).range(-99..=99));
            let ok = ui.button(Word::LessonAnswer.get(lang));
            log_place(logged, "lesson-answer".to_owned(), ok.rect);
            if ok.clicked() {
                out.push(LearnCommand::Answer(n));
            }
        });
        ui.ctx().data_mut(|d| d.insert_temp(id, n));
    }
    let passed = matches!(lesson.state, LessonState::Passed(_));
    if passed {
        // After a pass the next level is the thing to press: big, first and in colour.
        let next = egui::RichText::new(format!("{}  ▶ (N)", Word::LessonNext.get(lang)))
            .heading()
            .strong()
            .color(egui::Color32::WHITE);
        let b = ui.add(
            egui::Button::new(next)
                .fill(egui::Color32::from_rgb(0x2E, 0x8B, 0x3E))
                .min_size(egui::vec2(ui.available_width().min(260.0), 36.0)),
        );
        log_place(logged, "lesson-next".to_owned(), b.rect);
        if b.clicked() {
            out.push(LearnCommand::Next);
        }
    }
    ui.horizontal_wrapped(|ui| {
        let buttons = [
            (Word::LessonRetry, "lesson-retry", LearnCommand::Retry),
            (Word::LessonNext, "lesson-next", LearnCommand::Next),
            (Word::LessonLeave, "lesson-leave", LearnCommand::Leave),
        ];
        for (word, name, command) in buttons
            .into_iter()
            .filter(|(_, name, _)| !(passed && *name == "lesson-next"))
        {
            let b = ui.button(word.get(lang));
            log_place(logged, name.to_owned(), b.rect);
            if b.clicked() {
                out.push(command);
            }
        }
        if lesson.asks_pass && lesson.state == LessonState::Going {
            let b = ui.button(Word::LessonPass.get(lang));
            log_place(logged, "lesson-pass".to_owned(), b.rect);
            if b.clicked() {
                out.push(LearnCommand::Pass);
            }
        }
        let b = ui.button(Word::LessonMap.get(lang));
        log_place(logged, "lesson-map".to_owned(), b.rect);
        if b.clicked() {
            send(Action::Learn);
        }
    });
    ui.separator();
    out
}
