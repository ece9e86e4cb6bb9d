//! The household's dialogs: a new game's (who plays which side, the last pair already
//! chosen, a guest always possible; then the game's own choices: Xiangqi's handicaps),
//! and the players' pages (each player's games, wins, draws and losses per game and
//! per opponent, a rating, the last games to open). A player is added in either. The
//! seats chosen are the settings' (`seats`): the game on the table puts them into its
//! record when it starts.

use bevy::ecs::system::SystemState;
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use crate::actions::Action;
use crate::i18n::{Lang, Word};
use crate::learn::Help;
use crate::panel::parts::log_place;
use crate::schedule::{GameKind, PanelSet};
use crate::settings::Settings;
use crate::shell::model::Overlay;
use crate::shell::table::Tables;
use crate::store::household::{Household, HouseholdCommand, seat_name};

pub(crate) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        (new_game, players).chain().in_set(PanelSet::Household),
    );
}

/// What the dialogs keep between frames: the name being typed, where things were.
#[derive(Default)]
struct Typed {
    name: String,
    logged: Vec<(String, (i32, i32))>,
    /// A name being mended, a removal asked about (the players' pages).
    edit: super::player_edit::Edit,
}

/// The new-game dialog while it is open.
fn new_game(
    world: &mut World,
    contexts: &mut SystemState<EguiContexts>,
    mut typed: Local<Typed>,
) -> Result {
    if !world.resource::<Overlay>().new_game {
        typed.name.clear();
        return Ok(());
    }
    let ctx = contexts.get_mut(world)?.ctx_mut()?.clone();
    let mut settings = world.resource::<Settings>().clone();
    let household = world.resource::<Household>().clone();
    let tables = world.resource::<Tables>().clone();
    let kind = *world.resource::<State<GameKind>>().get();
    let lang = settings.lang;
    let sides = tables.sides(kind, lang);
    let mut sent = Vec::new();
    let mut open = true;
    let typed = &mut *typed;
    let screen = ctx.content_rect();
    // Anchored at its top and of one width: the rows stay where they are when the
    // dialog lays itself out again (a level list shown, a line added), so a click
    // aimed at a row lands on it.
    let centre = crate::panel::parts::board_centre(&ctx);
    // 谁执红，谁执黑: the sides by their colours alone (红方 → 红).
    let colour = |side: &str| side.trim_end_matches('方').to_owned();
    let title = Word::NewGameTitle.fill(lang, &[&colour(sides[0]), &colour(sides[1])]);
    let shown = crate::panel::parts::dialog(&ctx, &title, &mut open)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(centre.x, 24.0))
        .min_width(380.0)
        .max_width(380.0)
        .max_height((screen.height() - 60.0).max(120.0))
        .show(&ctx, |ui| {
            // A short window scrolls the choices; Start stays in sight below them.
            egui::ScrollArea::vertical()
                .max_height((screen.height() - 160.0).max(80.0))
                .show(ui, |ui| {
                    egui::Grid::new("seats").num_columns(3).show(ui, |ui| {
                        ui.label("");
                        ui.label("");
                        ui.label(Word::HelpColumn.get(lang))
                            .on_hover_text(Word::HelpTip.get(lang));
                        ui.end_row();
                        for (seat, side) in sides.iter().enumerate() {
                            ui.label(*side);
                            let mut chosen = settings.seats[seat].clone();
                            let combo = egui::ComboBox::from_id_salt(("seat", seat))
                                .width(180.0)
                                .selected_text(seat_name(&chosen, lang).to_owned())
                                .show_ui(ui, |ui| {
                                    ui.selectable_value(
                                        &mut chosen,
                                        String::new(),
                                        Word::Guest.get(lang),
                                    );
                                    for name in household.names() {
                                        ui.selectable_value(&mut chosen, name.to_owned(), name);
                                    }
                                });
                            // One person, one side: the one seated elsewhere changes
                            // sides; the help follows each person.
                            if chosen != settings.seats[seat] {
                                settings.seat(seat, &chosen);
                            }
                            log_place(
                                &mut typed.logged,
                                format!("seat-{seat}"),
                                combo.response.rect,
                            );
                            let mut help = settings.help[seat];
                            let combo = egui::ComboBox::from_id_salt(("help", seat))
                                .width(120.0)
                                .selected_text(help.word().get(lang))
                                .show_ui(ui, |ui| {
                                    for h in Help::ALL {
                                        let item =
                                            ui.selectable_value(&mut help, h, h.word().get(lang));
                                        log_place(
                                            &mut typed.logged,
                                            format!("help-{seat}-{h}"),
                                            item.rect,
                                        );
                                    }
                                });
                            log_place(
                                &mut typed.logged,
                                format!("help-{seat}"),
                                combo.response.rect,
                            );
                            if help != settings.help[seat] {
                                settings.set_help(seat, help);
                            }
                            ui.end_row();
                        }
                    });
                    let swap = ui.button(Word::SwapSeats.get(lang));
                    log_place(&mut typed.logged, "swap-seats".to_owned(), swap.rect);
                    if swap.clicked() {
                        // The help follows the person.
                        settings.swap_seats();
                    }
                    if let Some(name) = add_player(ui, lang, typed) {
                        // The new player sits at the first seat a guest has.
                        if let Some(seat) = settings.seats.iter().position(String::is_empty) {
                            settings.seat(seat, &name);
                        }
                        sent.push(Sent::Add(name));
                    }
                    // The pair chosen is kept at once (the game reads it when it starts, the next
                    // new game offers it again), before the game's choices, which may swap it.
                    if world.resource::<Settings>().seats != settings.seats {
                        info!("seats {:?}", settings.seats);
                        world.resource_mut::<Settings>().seats = settings.seats.clone();
                    }
                    let kept = world.resource::<Settings>();
                    if (&kept.help, &kept.help_of, &kept.guest_help)
                        != (&settings.help, &settings.help_of, &settings.guest_help)
                    {
                        info!("help {:?}", settings.help);
                        let mut kept = world.resource_mut::<Settings>();
                        kept.help = settings.help;
                        kept.help_of.clone_from(&settings.help_of);
                        kept.guest_help = settings.guest_help;
                    }
                    ui.separator();
                    tables.new_game_choices(kind, world, ui);
                });
            ui.separator();
            ui.horizontal(|ui| {
                let start = ui.button(format!("{} (Enter)", Word::Start.get(lang)));
                log_place(&mut typed.logged, "start-game".to_owned(), start.rect);
                if start.clicked() {
                    sent.push(Sent::Act(Action::StartGame));
                }
                if ui.button(Word::Cancel.get(lang)).clicked() {
                    sent.push(Sent::Act(Action::NewGameChoices(false)));
                }
            });
        });
    if let Some(rect) = shown.map(|s| s.response.rect) {
        log_place(&mut typed.logged, "new-game-dialog".to_owned(), rect);
    }
    if !open {
        sent.push(Sent::Act(Action::NewGameChoices(false)));
    }
    send(world, sent);
    Ok(())
}

/// What a dialog asked this frame.
enum Sent {
    Act(Action),
    Add(String),
    Open(i64),
    Me(String),
    Colour(i64, Option<[u8; 3]>),
    House(HouseholdCommand),
}

fn send(world: &mut World, sent: Vec<Sent>) {
    if sent.is_empty() {
        return;
    }
    // The next frame must come to act on them.
    world.write_message(RequestRedraw);
    for s in sent {
        match s {
            Sent::Act(action) => _ = world.write_message(action),
            Sent::Add(name) => _ = world.write_message(HouseholdCommand::Add(name)),
            Sent::Open(id) => _ = world.write_message(HouseholdCommand::Open(id)),
            Sent::Me(name) => _ = world.write_message(HouseholdCommand::Me(name)),
            Sent::House(command) => _ = world.write_message(command),
            Sent::Colour(id, colour) => {
                _ = world.write_message(HouseholdCommand::SetColour(id, colour));
            }
        }
    }
}

/// A name field and its Add button; the name to add once asked (Enter or the button).
fn add_player(ui: &mut egui::Ui, lang: Lang, typed: &mut Typed) -> Option<String> {
    let mut asked = false;
    ui.horizontal(|ui| {
        let field = ui.add(
            egui::TextEdit::singleline(&mut typed.name)
                .hint_text(Word::PlayerName.get(lang))
                .desired_width(160.0),
        );
        log_place(&mut typed.logged, "player-name".to_owned(), field.rect);
        asked = field.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        asked |= ui.button(Word::AddPlayer.get(lang)).clicked();
    });
    let name = typed.name.trim().to_owned();
    (asked && !name.is_empty()).then(|| {
        typed.name.clear();
        name
    })
}

/// The players' pages while they are open.
fn players(
    mut contexts: EguiContexts,
    overlay: Res<Overlay>,
    settings: Res<Settings>,
    household: Res<Household>,
    mut typed: Local<Typed>,
    mut commands: Commands,
    mut shown_pages: Local<Option<Household>>,
    lessons: (
        Res<crate::learn::shell::Learning>,
        Res<crate::learn::shell::Courses>,
        Res<Tables>,
    ),
    (guesses, shelves): (
        Res<crate::learn::guess::Guesses>,
        Res<crate::learn::problems::Shelves>,
    ),
) -> Result {
    if !overlay.players {
        *shown_pages = None;
        return Ok(());
    }
    // What the pages say, in the log as they change: the window tests read it.
    if shown_pages.as_ref() != Some(&*household) {
        for p in &household.players {
            let games: Vec<String> = p
                .games
                .iter()
                .map(|g| format!("{} {:?} {:?}", g.title, g.score, g.opponents))
                .collect();
            let games = if games.is_empty() {
                "no games".to_owned()
            } else {
                games.join("; ")
            };
            let colour = p.colour.map(crate::store::household::colour_text);
            let colour = colour.map(|c| format!(", colour {c}")).unwrap_or_default();
            info!("players page {}: {games}{colour}", p.name);
        }
        *shown_pages = Some(household.clone());
    }
    let ctx = contexts.ctx_mut()?.clone();
    let lang = settings.lang;
    let mut sent = Vec::new();
    let mut open = true;
    let typed = &mut *typed;
    let screen = ctx.content_rect();
    // Anchored at its top: a player added does not move the rows under the mouse.
    let centre = crate::panel::parts::board_centre(&ctx);
    let shown = crate::panel::parts::dialog(&ctx, Word::Players.get(lang), &mut open)
        .anchor(egui::Align2::CENTER_TOP, egui::vec2(centre.x, 24.0))
        .default_width(380.0)
        .max_height((screen.height() - 60.0).max(120.0))
        .show(&ctx, |ui| {
            egui::ScrollArea::vertical()
                .max_height((screen.height() - 180.0).max(100.0))
                .show(ui, |ui| {
                    if household.players.is_empty() {
                        ui.label(Word::NoPlayers.get(lang));
                    }
                    for profile in &household.players {
                        let me = settings.me == profile.name;
                        page(ui, profile, (lang, me), &mut sent, typed);
                        learned(
                            ui,
                            &profile.name,
                            (&lessons.0, &lessons.1, &lessons.2),
                            lang,
                        );
                        // The games whose moves they guessed, on average; their problems.
                        for kind in lessons.2.kinds() {
                            let slug = lessons.2.slug(kind);
                            if let Some(shelf) = shelves.0.get(slug) {
                                solved(
                                    ui,
                                    &profile.name,
                                    (&lessons.0, shelf),
                                    lessons.2.title(kind, lang),
                                    lang,
                                );
                            }
                            if let Some((n, avg)) = guesses.average(&profile.name, slug) {
                                let title = lessons.2.title(kind, lang);
                                ui.label(Word::GuessAverage.fill(lang, &[&title, &n, &avg]));
                            }
                        }
                        ui.separator();
                    }
                });
            ui.separator();
            if let Some(name) = add_player(ui, lang, typed) {
                sent.push(Sent::Add(name));
            }
        });
    if let Some(rect) = shown.map(|s| s.response.rect) {
        log_place(&mut typed.logged, "players-dialog".to_owned(), rect);
    }
    if !open {
        sent.push(Sent::Act(Action::TogglePlayers));
    }
    commands.queue(move |world: &mut World| send(world, sent));
    Ok(())
}

/// One player's page; `me`: they are the player chosen as "me".
fn page(
    ui: &mut egui::Ui,
    profile: &crate::store::household::Profile,
    (lang, me): (Lang, bool),
    sent: &mut Vec<Sent>,
    typed: &mut Typed,
) {
    let logged = &mut typed.logged;
    ui.horizontal(|ui| {
        if let Some(c) = profile.colour {
            crate::panel::parts::dot(ui, c);
        }
        ui.heading(&profile.name);
        let this = ui
            .selectable_label(me, Word::ThisIsMe.get(lang))
            .on_hover_text(Word::ThisIsMeTip.get(lang));
        log_place(logged, format!("me-{}", profile.name), this.rect);
        if this.clicked() {
            sent.push(Sent::Me(profile.name.clone()));
        }
    });
    // A typo mended, or the player forgotten.
    if let Some(command) = super::player_edit::row(ui, profile, lang, &mut typed.edit, logged) {
        sent.push(Sent::House(command));
    }
    // Their colour: one of a few, the chosen one again for none.
    ui.horizontal(|ui| {
        for (i, &c) in crate::store::household::COLOURS.iter().enumerate() {
            let chosen = profile.colour == Some(c);
            let (rect, swatch) =
                ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::click());
            let fill = egui::Color32::from_rgb(c[0], c[1], c[2]);
            ui.painter().circle_filled(rect.center(), 7.0, fill);
            if chosen {
                let ring = ui.visuals().strong_text_color();
                ui.painter()
                    .circle_stroke(rect.center(), 8.5, egui::Stroke::new(2.0, ring));
            }
            log_place(logged, format!("colour-{}-{i}", profile.name), rect);
            if swatch.on_hover_text(Word::PlayerColour.get(lang)).clicked() {
                let colour = (!chosen).then_some(c);
                sent.push(Sent::Colour(profile.id, colour));
            }
        }
    });
    for game in &profile.games {
        let [w, d, l] = game.score;
        let games = (w + d + l).to_string();
        let line = Word::PlayerGames.fill(
            lang,
            &[
                &game.title,
                &games,
                &w.to_string(),
                &d.to_string(),
                &l.to_string(),
            ],
        );
        ui.label(egui::RichText::new(line).strong());
        if let Some((rating, deviation)) = game.rating {
            let (r, rd) = (format!("{rating:.0}"), format!("{:.0}", 2.0 * deviation));
            ui.label(Word::PlayerRating.fill(lang, &[&r, &rd]));
        }
        if let Some(l) = game.ladder {
            ui.label(Word::PlayerLadder.fill(lang, &[&l.level, &l.wins, &l.losses]));
        }
        for (name, [w, d, l]) in &game.opponents {
            let line = Word::PlayerAgainst.fill(
                lang,
                &[name, &w.to_string(), &d.to_string(), &l.to_string()],
            );
            ui.label(line);
        }
        if !game.last.is_empty() {
            ui.label(egui::RichText::new(Word::PlayerLast.get(lang)).small());
            for (row, id) in &game.last {
                if ui.link(row).clicked() {
                    sent.push(Sent::Open(*id));
                }
            }
        }
        if !game.duels.is_empty() {
            ui.label(egui::RichText::new(Word::PlayerDuels.get(lang)).small());
            for row in &game.duels {
                ui.label(row);
            }
        }
    }
}

/// The player's problems at a game (`shelf`): solved, their stars, due again.
fn solved(
    ui: &mut egui::Ui,
    name: &str,
    (learning, shelf): (&crate::learn::shell::Learning, &str),
    title: &str,
    lang: Lang,
) {
    let (done, stars) = learning.progress.totals(name, shelf);
    let (_, due, _) = learning
        .mistakes
        .counts(name, shelf, crate::learn::mistakes::today());
    if done + due > 0 {
        ui.label(Word::PlayerProblems.fill(lang, &[&title, &done, &stars, &due]));
    }
}

/// The player's stars in each game's lessons (a line a game begun).
fn learned(
    ui: &mut egui::Ui,
    name: &str,
    (learning, courses, tables): (
        &crate::learn::shell::Learning,
        &crate::learn::shell::Courses,
        &Tables,
    ),
    lang: Lang,
) {
    for kind in tables.kinds() {
        let Some(course) = courses.0.get(tables.slug(kind)) else {
            continue;
        };
        let (done, stars) = learning.progress.totals(name, &course.slug);
        let title = tables.title(kind, lang);
        if done > 0 {
            ui.label(Word::PlayerLessons.fill(lang, &[&title, &done, &course.len(), &stars]));
        }
        // The mistakes reviews found, kept to be practised.
        let (all, due, found) =
            learning
                .mistakes
                .counts(name, &course.slug, crate::learn::mistakes::today());
        if all > 0 {
            ui.label(Word::PlayerMistakes.fill(lang, &[&title, &all, &due, &found]));
        }
    }
}
