//! The panel at the Go table: whose turn or the result, what a refused point or a pass
//! said, the prisoners; pass, resign, undo, redo; what the board shows; the count after
//! two passes (area and territory side by side, live; accept, or play on); a new game of
//! any size, rules preset, komi and handicap. Over the board, why the point under the
//! pointer may not be played.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::egui;

use crate::app::actions::Action;
use crate::app::go::game::Go;
use crate::app::go::table::Said;
use crate::app::go::view::Hover;
use crate::app::go::{GoCommand, GoComment, GoSetup, GoTable};
use crate::app::panel::status::{StatusLines, status_line};
use crate::app::shell::model::Settings;
use crate::app::shell::table::TableGame;
use crate::go::{Color, Rules, Score, handicap};
use crate::i18n::{GoText as G, Lang, T, go_illegal, go_result, go_rules, go_side};
use crate::rules::TimeControl;

/// What the Go panel reads.
#[derive(SystemParam)]
pub(crate) struct GoShown<'w> {
    table: Res<'w, GoTable>,
    slots: Res<'w, crate::app::go::slots::GoSlots>,
    slot: MessageWriter<'w, crate::app::go::slots::GoSlotCommand>,
    hover: Res<'w, Hover>,
    comment: MessageWriter<'w, GoComment>,
}

/// The Go panel's own state: where its buttons were logged, the new game being chosen.
#[derive(Default)]
pub(crate) struct GoUi {
    logged: Vec<(&'static str, (i32, i32))>,
    setup: Option<GoSetup>,
    count: String,
    /// The comment box: for which node, what it holds.
    comment: (usize, String),
    /// The record's list.
    record: crate::app::go::record::RecordUi,
}

/// The Go table's part of the panel (see `TableGame::panel`), its status line last.
pub(crate) fn section(
    InMut(ui): InMut<egui::Ui>,
    mut shown: GoShown,
    settings: Res<Settings>,
    status: Res<StatusLines>,
    mut state: Local<GoUi>,
    mut actions: MessageWriter<Action>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let mut sent = Vec::new();
    show(ui, &mut shown, settings.lang, &mut state, &mut |a| {
        sent.push(a)
    });
    // Copies, files opened, pictures written.
    status_line(ui, status.of(Go::KIND));
    if !sent.is_empty() {
        // The next frame must come to act on them.
        redraw.write(RequestRedraw);
        actions.write_batch(sent);
    }
}

/// A button whose place is logged under `name`.
fn button(ui: &mut egui::Ui, state: &mut GoUi, text: &str, name: &'static str) -> bool {
    let b = ui.button(text);
    crate::app::panel::parts::log_place(&mut state.logged, name, b.rect);
    b.clicked()
}

fn show(
    ui: &mut egui::Ui,
    shown: &mut GoShown,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    let table = &*shown.table;
    let go = |c: GoCommand| Action::own(c);
    let pos = table.game().position();
    match table.result() {
        Some(result) => ui.heading(G::ResultIs.fill(lang, &[&go_result(result, lang)])),
        None => ui.heading(match pos.to_move() {
            Color::Black => G::BlackToMove.get(lang),
            Color::White => G::WhiteToMove.get(lang),
        }),
    };
    if let Some(said) = table.said() {
        ui.label(match said {
            Said::Refused(e) => go_illegal(e, lang),
            Said::Passed(c) => G::Passes.fill(lang, &[&go_side(*c, lang)]),
            Said::Over(r) => G::Over.fill(lang, &[&go_result(r, lang)]),
            Said::Accepted => G::Accepted.get(lang).to_owned(),
        });
    }
    if let Some(clock) = table.clock() {
        ui.horizontal(|ui| {
            for ((left, running, byoyomi), color) in crate::app::go::clock::shown(clock)
                .into_iter()
                .zip([Color::Black, Color::White])
            {
                let text = format!(
                    "{} {}{}",
                    go_side(color, lang),
                    crate::clock::format_left(left),
                    if byoyomi { G::Byoyomi.get(lang) } else { "" }
                );
                let label = egui::RichText::new(text).size(18.0);
                // The running clock stands out as on the Xiangqi table.
                ui.label(if running {
                    let colors = crate::app::panel::parts::colors(ui.ctx());
                    label
                        .strong()
                        .background_color(crate::app::egui_color(colors.clock_running))
                } else {
                    label
                });
            }
        });
    }
    ui.label(G::Prisoners.fill(
        lang,
        &[&pos.captures(Color::Black), &pos.captures(Color::White)],
    ));
    ui.separator();
    ui.horizontal_wrapped(|ui| {
        for (text, action, name) in [
            (G::Pass.get(lang), go(GoCommand::Pass), "go-pass"),
            (G::Resign.get(lang), go(GoCommand::Resign), "go-resign"),
            (T::Undo.get(lang), Action::Undo, "go-undo"),
            (T::Redo.get(lang), Action::Redo, "go-redo"),
        ] {
            if button(ui, state, text, name) {
                send(action);
            }
        }
    });
    ui.horizontal(|ui| {
        ui.label(G::GnuGoPlays.get(lang));
        for (side, text, name) in [
            (None, G::Nobody.get(lang), "go-computer-none"),
            (
                Some(Color::Black),
                go_side(Color::Black, lang),
                "go-computer-black",
            ),
            (
                Some(Color::White),
                go_side(Color::White, lang),
                "go-computer-white",
            ),
        ] {
            let b = ui.selectable_label(table.setup.computer == side, text);
            crate::app::panel::parts::log_place(&mut state.logged, name, b.rect);
            if b.clicked() && table.setup.computer != side {
                send(go(GoCommand::Computer(side)));
            }
        }
    });
    let mut look = table.look;
    ui.checkbox(&mut look.liberties, G::Liberties.get(lang));
    ui.checkbox(&mut look.atari, G::Atari.get(lang));
    if look != table.look {
        send(go(GoCommand::Look(look)));
    }
    if table.counting().is_some() {
        ui.separator();
        counting(ui, table, lang, state, send);
    }
    ui.separator();
    if let Some(text) = moves(ui, table, lang, state, send) {
        shown.comment.write(GoComment(text));
    }
    ui.separator();
    new_game(ui, table, lang, state, send);
    if let Some(command) = slot_list(ui, &shown.slots, lang) {
        shown.slot.write(command);
    }
    // Over the board: why the point under the pointer may not be played.
    if let Some(reason) = &shown.hover.reason
        && let Some(at) = ui.ctx().pointer_latest_pos()
    {
        egui::Area::new(egui::Id::new("go-forbidden"))
            .order(egui::Order::Tooltip)
            .fixed_pos(at + egui::vec2(14.0, 18.0))
            .interactable(false)
            .show(ui.ctx(), |ui| {
                egui::Frame::popup(ui.style()).show(ui, |ui| {
                    ui.label(go_illegal(reason, lang));
                });
            });
    }
}

/// The last moves of the line shown, the other variations here, and the comment box;
/// the comment typed, if it changed.
fn moves(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) -> Option<String> {
    crate::app::go::record::show(ui, table, lang, &mut state.record, send);
    let size = table.size();
    let (siblings, at) = table.variations();
    if siblings.len() > 1 {
        ui.horizontal_wrapped(|ui| {
            ui.label(G::Variations.get(lang));
            for (i, &node) in siblings.iter().enumerate() {
                let name = table.record().nodes[node]
                    .mv
                    .map_or_else(|| "—".to_owned(), |(_, m)| m.gtp(size));
                let b = ui.selectable_label(i == at, name);
                if i < 4 {
                    const NAMES: [&str; 4] = ["go-var-1", "go-var-2", "go-var-3", "go-var-4"];
                    crate::app::panel::parts::log_place(&mut state.logged, NAMES[i], b.rect);
                }
                if b.clicked() && i != at {
                    send(Action::own(GoCommand::Variation(node)));
                }
            }
        });
    }
    ui.label(egui::RichText::new(G::Comment.get(lang)).strong());
    if state.comment.0 != table.node()
        || (state.comment.1 != table.comment() && !ui.ctx().egui_wants_keyboard_input())
    {
        state.comment = (table.node(), table.comment().to_owned());
    }
    let response = ui.add(
        egui::TextEdit::multiline(&mut state.comment.1)
            .id(egui::Id::new("go-comment"))
            .desired_rows(2)
            .desired_width(f32::INFINITY),
    );
    crate::app::panel::parts::log_place(&mut state.logged, "go-comment", response.rect);
    response.changed().then(|| state.comment.1.clone())
}

/// The Go slots: what each holds, save and load.
fn slot_list(
    ui: &mut egui::Ui,
    slots: &crate::app::go::slots::GoSlots,
    lang: Lang,
) -> Option<crate::app::go::slots::GoSlotCommand> {
    use crate::app::go::slots::GoSlotCommand;
    let mut asked = None;
    egui::CollapsingHeader::new(G::Slots.get(lang))
        .id_salt("go-slots")
        .show(ui, |ui| {
            egui::Grid::new("go-slot-list").show(ui, |ui| {
                for (i, listed) in slots.listed.iter().enumerate() {
                    let slot = i + 1;
                    let name = format!(
                        "{slot}{}",
                        if slots.current == Some(slot) {
                            " *"
                        } else {
                            ""
                        }
                    );
                    ui.label(name);
                    ui.label(listed.as_deref().unwrap_or(G::EmptySlot.get(lang)));
                    if ui.small_button(G::Save.get(lang)).clicked() {
                        asked = Some(GoSlotCommand::Save(slot));
                    }
                    if listed.is_some() && ui.small_button(G::Load.get(lang)).clicked() {
                        asked = Some(GoSlotCommand::Load(slot));
                    }
                    ui.end_row();
                }
            });
        });
    asked
}

/// The count: each way of counting in a column, a row a part; accept, or play on.
fn counting(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    ui.label(match table.result() {
        Some(_) => G::Accepted.get(lang),
        None => G::Counting.get(lang),
    });
    if table.counting().is_some_and(|c| !c.suggested) {
        ui.label(G::Suggesting.get(lang));
    }
    let Some((ours, other)) = table.scores() else {
        return;
    };
    let (area, territory) = match ours.scoring {
        crate::go::Scoring::Area => (&ours, &other),
        crate::go::Scoring::Territory => (&other, &ours),
    };
    // Logged when it changes: the window tests read the count.
    let line = format!("go count area {area} territory {territory}");
    if state.count != line {
        info!("{line}");
        state.count = line;
    }
    egui::Grid::new("go-count").striped(true).show(ui, |ui| {
        ui.label("");
        for s in [area, territory] {
            let name = match s.scoring {
                crate::go::Scoring::Area => G::Area.get(lang),
                crate::go::Scoring::Territory => G::Territory.get(lang),
            };
            // The game's own way of counting stands out.
            if s.scoring == ours.scoring {
                ui.strong(name);
            } else {
                ui.label(name);
            }
        }
        ui.end_row();
        let both = |v: [f32; 2]| format!("{} : {}", v[0], v[1]);
        let rows: [(G, fn(&Score) -> [f32; 2]); 4] = [
            (G::Stones, |s| s.stones.map(|v| v as f32)),
            (G::Points, |s| s.territory.map(|v| v as f32)),
            (G::Taken, |s| s.prisoners.map(|v| v as f32)),
            (G::Total, |s| s.total),
        ];
        for (name, part) in rows {
            ui.label(name.get(lang));
            for s in [area, territory] {
                ui.label(both(part(s)));
            }
            ui.end_row();
        }
        ui.label(G::KomiRow.get(lang));
        for s in [area, territory] {
            ui.label(format!("{}", s.komi));
        }
        ui.end_row();
        ui.label("");
        for s in [area, territory] {
            ui.label(s.result());
        }
        ui.end_row();
    });
    ui.strong(go_result(&ours.result(), lang));
    ui.horizontal(|ui| {
        if table.result().is_none() && button(ui, state, G::Accept.get(lang), "go-accept") {
            send(Action::own(GoCommand::Accept));
        }
        if button(ui, state, G::PlayOn.get(lang), "go-play-on") {
            send(Action::own(GoCommand::PlayOn));
        }
    });
    ui.horizontal(|ui| {
        if table.result().is_none() && button(ui, state, G::AskGnuGo.get(lang), "go-ask-gnugo") {
            send(Action::own(GoCommand::AskDead));
        }
    });
}

/// The clocks offered for a new game: base + increment, and base + 读秒 (`/30`: 30
/// seconds a move once the base is spent).
const CLOCKS: [&str; 6] = ["5+3", "10+5", "30+10", "10+0/30", "30+0/30", "60+0/60"];

/// A new game: rules, komi, handicap chosen, then a size button starts it.
fn new_game(
    ui: &mut egui::Ui,
    table: &GoTable,
    lang: Lang,
    state: &mut GoUi,
    send: &mut impl FnMut(Action),
) {
    ui.strong(G::NewGame.get(lang));
    // The choices of the next game fold away while one is played; a size starts it.
    egui::CollapsingHeader::new(G::NewGameChoices.get(lang))
        .id_salt("go-new-game")
        .show(ui, |ui| new_game_choices(ui, table, lang, state));
    let setup = state.setup.unwrap_or(table.setup);
    ui.horizontal(|ui| {
        for (size, name) in [(9u8, "go-9"), (13, "go-13"), (19, "go-19")] {
            if button(ui, state, &format!("{size}×{size}"), name) {
                let most = handicap::most_stones(size);
                send(Action::own(GoCommand::New(GoSetup {
                    size,
                    handicap: if setup.handicap < 2 {
                        0
                    } else {
                        setup.handicap.min(most)
                    },
                    ..setup
                })));
            }
        }
    });
}

/// The new game's rules, komi, handicap and clock.
fn new_game_choices(ui: &mut egui::Ui, table: &GoTable, lang: Lang, state: &mut GoUi) {
    let mut setup = state.setup.unwrap_or(table.setup);
    ui.horizontal(|ui| {
        ui.label(G::Rules.get(lang));
        let before = setup.rules;
        egui::ComboBox::from_id_salt("go-rules")
            .selected_text(go_rules(Rules::PRESETS[setup.rules].name, lang))
            .show_ui(ui, |ui| {
                for (i, r) in Rules::PRESETS.iter().enumerate() {
                    ui.selectable_value(&mut setup.rules, i, go_rules(r.name, lang));
                }
            });
        if setup.rules != before {
            setup.komi_halves = GoSetup::of(setup.size, setup.rules).komi_halves;
        }
    });
    ui.horizontal(|ui| {
        ui.label(G::Komi.get(lang));
        let mut komi = f32::from(setup.komi_halves) / 2.0;
        ui.add(
            egui::DragValue::new(&mut komi)
                .speed(0.5)
                .range(-50.0..=50.0),
        );
        setup.komi_halves = (komi * 2.0).round() as i16;
        ui.label(G::Handicap.get(lang));
        ui.add(egui::DragValue::new(&mut setup.handicap).range(0..=9));
    });
    ui.horizontal(|ui| {
        ui.label(G::Clock.get(lang));
        let name = |t: Option<TimeControl>| {
            t.map_or_else(|| G::NoClock.get(lang).to_owned(), |t| t.to_string())
        };
        egui::ComboBox::from_id_salt("go-clock")
            .selected_text(name(setup.time))
            .show_ui(ui, |ui| {
                for t in std::iter::once(None).chain(CLOCKS.iter().map(|t| t.parse().ok())) {
                    ui.selectable_value(&mut setup.time, t, name(t));
                }
            });
    });
    state.setup = Some(setup);
}
