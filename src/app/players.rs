//! The household from the library: the players it remembers and what its games say of
//! each, made into the table's pages ([`Household`]) in the player's language; asked
//! again when the library opens and after each game it keeps. A player added in a
//! dialog is added to the library; a game clicked on a page is opened at its table.

use bevy::prelude::*;

use crate::app::actions::Action;
use crate::app::library::{LibraryAnswer, LibraryLink, Openers};
use crate::app::schedule::Logic;
use crate::app::shell::model::Settings;
use crate::app::shell::table::Tables;
use crate::i18n::Lang;
use crate::library::{Answer, Job, Player, PlayerRecord};
use table::household::{Household, HouseholdCommand, Profile, ProfileGame};

/// The library's last word on the players, kept to say it again in another language.
#[derive(Resource, Default)]
struct Known(Vec<(Player, PlayerRecord)>);

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Known>()
        .add_systems(Update, (listen, commands).chain().in_set(Logic::Library));
}

/// The library's answers about players; the pages made again when the language changes.
fn listen(
    mut answers: MessageReader<LibraryAnswer>,
    link: Res<LibraryLink>,
    mut known: ResMut<Known>,
    mut household: ResMut<Household>,
    settings: Res<Settings>,
    tables: Res<Tables>,
    mut said_in: Local<Option<Lang>>,
) {
    let mut made = false;
    for LibraryAnswer(answer) in answers.read() {
        match answer {
            // Opened, or a game kept: the records may have changed.
            Answer::Opened(..)
            | Answer::Added(true, _)
            | Answer::Imported(..)
            | Answer::Forgotten(_) => {
                if let Some(w) = &link.0 {
                    w.ask(Job::Players);
                }
            }
            Answer::Players(players) => {
                info!("household: {} players", players.len());
                known.0.clone_from(players);
                made = true;
            }
            _ => {}
        }
    }
    // Made again in another language (a page's words are said in it).
    if made || *said_in != Some(settings.lang) {
        *said_in = Some(settings.lang);
        if made || !known.0.is_empty() {
            household.set_if_neq(pages(&known.0, &settings, &tables));
        }
    }
}

/// The players' pages in `lang`.
fn pages(known: &[(Player, PlayerRecord)], settings: &Settings, tables: &Tables) -> Household {
    let lang = settings.lang;
    let title = |kind: &str| {
        tables
            .named(kind)
            .map_or_else(|| kind.to_owned(), |k| tables.title(k, lang).to_owned())
    };
    let score = |s: &crate::library::Score| [s.wins, s.draws, s.losses];
    let players = known
        .iter()
        .map(|(player, record)| Profile {
            id: player.id,
            name: player.name.clone(),
            look: table::household::PlayerLook::from_text(&player.look, settings),
            colour: table::household::colour_of(&player.colour),
            games: kinds(record)
                .into_iter()
                .map(|kind| (kind, record.per_game.get(kind).copied().unwrap_or_default()))
                .map(|(kind, s)| ProfileGame {
                    slug: kind.clone(),
                    title: title(kind),
                    score: score(&s),
                    rating: record.ratings.get(kind).map(|r| (r.rating, r.deviation)),
                    opponents: record
                        .per_opponent
                        .iter()
                        .filter(|((k, _), _)| k == kind)
                        .map(|((_, name), s)| (name.clone(), score(s)))
                        .collect(),
                    last: record
                        .last
                        .iter()
                        .filter(|p| &p.kind == kind)
                        .take(5)
                        .map(|p| (last_row(p, lang), p.id))
                        .collect(),
                    ladder: record.ladders.get(kind).copied(),
                    duels: record
                        .duels
                        .iter()
                        .filter(|(_, d)| &d.kind == kind)
                        .map(|(me, d)| duel_row(*me, d, lang))
                        .collect(),
                })
                .collect(),
        })
        .collect();
    Household { players }
}

/// The games a page has a part for: those the player finished games or duels of.
fn kinds(record: &PlayerRecord) -> Vec<&String> {
    let mut kinds: Vec<&String> = record.per_game.keys().collect();
    for (_, duel) in &record.duels {
        if !kinds.contains(&&duel.kind) {
            kinds.push(&duel.kind);
        }
    }
    kinds
}

/// A duel's row: its date, the opponent, each one's solved of how many, and how it went
/// (`2026-11-29 against Dad: 4 to 3 of 5, won`).
fn duel_row(me: usize, duel: &crate::library::DuelKept, lang: Lang) -> String {
    let them = 1 - me;
    let how = match (duel.winner(), lang) {
        (Some(w), Lang::Zh) if w == me => "胜",
        (Some(_), Lang::Zh) => "负",
        (None, Lang::Zh) => "平",
        (Some(w), Lang::En) if w == me => "won",
        (Some(_), Lang::En) => "lost",
        (None, Lang::En) => "even",
        (Some(w), Lang::Hant) if w == me => "勝",
        (Some(_), Lang::Hant) => "負",
        (None, Lang::Hant) => "平",
        (Some(w), Lang::Vi) if w == me => "thắng",
        (Some(_), Lang::Vi) => "thua",
        (None, Lang::Vi) => "hòa",
    };
    let (mine, theirs, of) = (duel.solved[me], duel.solved[them], duel.puzzles);
    let opponent = &duel.players[them];
    match lang {
        Lang::Zh => format!(
            "{} 对{opponent}：{of}题解出{mine}对{theirs}，{how}",
            duel.date
        ),
        Lang::En => format!(
            "{} against {opponent}: {mine} to {theirs} of {of}, {how}",
            duel.date
        ),
        Lang::Hant => format!(
            "{} 對{opponent}：{of}題解出{mine}對{theirs}，{how}",
            duel.date
        ),
        Lang::Vi => format!(
            "{} với {opponent}: {mine} với {theirs} trên {of}, {how}",
            duel.date
        ),
    }
}

/// A last game's row: its date, the opponent and how it went.
fn last_row(played: &crate::library::Played, lang: Lang) -> String {
    let how = match (played.points, lang) {
        (p, Lang::Zh) if p > 0.75 => "胜",
        (p, Lang::Zh) if p < 0.25 => "负",
        (_, Lang::Zh) => "和",
        (p, Lang::En) if p > 0.75 => "won",
        (p, Lang::En) if p < 0.25 => "lost",
        (_, Lang::En) => "drawn",
        (p, Lang::Hant) if p > 0.75 => "勝",
        (p, Lang::Hant) if p < 0.25 => "負",
        (_, Lang::Hant) => "和",
        (p, Lang::Vi) if p > 0.75 => "thắng",
        (p, Lang::Vi) if p < 0.25 => "thua",
        (_, Lang::Vi) => "hòa",
    };
    match lang {
        Lang::Zh => format!("{} 对{}：{how}", played.date, played.opponent),
        Lang::Hant => format!("{} 對{}：{how}", played.date, played.opponent),
        Lang::En => format!("{} against {}: {how}", played.date, played.opponent),
        Lang::Vi => format!("{} với {}: {how}", played.date, played.opponent),
    }
    .trim()
    .to_owned()
}

/// A player to add; a game of a page to open at its table.
fn commands(
    mut asked: MessageReader<HouseholdCommand>,
    link: Res<LibraryLink>,
    known: Res<Known>,
    (tables, openers): (Res<Tables>, Res<Openers>),
    mut actions: MessageWriter<Action>,
    mut orders: Commands,
) {
    for command in asked.read() {
        match command {
            HouseholdCommand::Add(name) => {
                info!("household: add {name}");
                if let Some(w) = &link.0 {
                    w.ask(Job::AddPlayer(name.clone()));
                }
            }
            HouseholdCommand::SetLook(id, look) => {
                info!(
                    "household: {}'s look {}",
                    name_of(&known, *id),
                    look.to_text()
                );
                if let Some(w) = &link.0 {
                    w.ask(Job::SetLook(*id, look.to_text()));
                }
            }
            HouseholdCommand::SetColour(id, colour) => {
                let text = colour
                    .map(table::household::colour_text)
                    .unwrap_or_default();
                info!("household: {}'s colour {text:?}", name_of(&known, *id));
                if let Some(w) = &link.0 {
                    w.ask(Job::SetColour(*id, text));
                }
            }
            HouseholdCommand::Rename(id, new) => {
                info!("household: rename {} to {new}", name_of(&known, *id));
                if let Some(w) = &link.0 {
                    w.ask(Job::RenamePlayer(*id, new.clone()));
                }
            }
            HouseholdCommand::Remove(id) => {
                info!("household: remove {}", name_of(&known, *id));
                if let Some(w) = &link.0 {
                    w.ask(Job::RemovePlayer(*id));
                }
            }
            // The table's own (household.rs).
            HouseholdCommand::Me(_) => {}
            HouseholdCommand::Open(id) => {
                let kind = known
                    .0
                    .iter()
                    .flat_map(|(_, r)| &r.last)
                    .find(|p| p.id == *id)
                    .map(|p| p.kind.clone());
                let Some(kind) = kind.and_then(|k| tables.named(&k)) else {
                    continue;
                };
                info!("household: open game {id}");
                actions.write(Action::SwitchGame(kind));
                actions.write(Action::TogglePlayers);
                // Straight to the game, not through the router: it is not on the table
                // yet, and its systems read the command once it is.
                if let Some(open) = openers.0.get(kind.0) {
                    open(&mut orders, *id);
                }
            }
        }
    }
}

/// Player `id`'s name as the library last said it (for the log).
fn name_of(known: &Known, id: i64) -> &str {
    known
        .0
        .iter()
        .find(|(p, _)| p.id == id)
        .map_or("?", |(p, _)| p.name.as_str())
}
