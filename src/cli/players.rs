//! `xiangqi players`: the household's players from the command line (kept in the
//! library's database: the data folder's, or `--db`).

use std::io::Write;
use std::path::Path;

use xiangqi::library::{Player, PlayerRecord, Score};

use super::{Failure, PlayersCommand, io, library};

/// A score as a line says it: `5 W 1 D 2 L`.
fn score(s: &Score) -> String {
    format!("{} W {} D {} L", s.wins, s.draws, s.losses)
}

/// Each game's record and rating, on one line (`xiangqi 5 W 1 D 2 L 1562±88`).
fn per_game(record: &PlayerRecord) -> String {
    let games: Vec<String> = record
        .per_game
        .iter()
        .map(|(kind, s)| match record.ratings.get(kind) {
            Some(r) => format!(
                "{kind} {} {:.0}±{:.0}",
                score(s),
                r.rating,
                2.0 * r.deviation
            ),
            None => format!("{kind} {}", score(s)),
        })
        .collect();
    if games.is_empty() {
        "no games yet".to_owned()
    } else {
        games.join("; ")
    }
}

pub(super) fn run(
    out: &mut impl Write,
    db: Option<&Path>,
    action: Option<PlayersCommand>,
) -> Result<(), Failure> {
    let mut lib = library::open(db)?;
    let failed = |e: xiangqi::library::LibraryError| Failure(e.to_string());
    let find = |lib: &xiangqi::library::Library, name: &str| -> Result<Player, Failure> {
        lib.player(name)
            .map_err(failed)?
            .ok_or_else(|| Failure(format!("no player named {name} (xiangqi players add NAME)")))
    };
    match action {
        None => {
            for player in lib.players().map_err(failed)? {
                let record = lib.player_record(&player).map_err(failed)?;
                writeln!(out, "{}\t{}", player.name, per_game(&record)).map_err(io)?;
            }
        }
        Some(PlayersCommand::Add { name, aliases }) => {
            if lib.add_player(&name, &aliases).map_err(failed)? {
                writeln!(out, "added {}", name.trim()).map_err(io)?;
            } else {
                return Err(Failure(format!("{} is already a player", name.trim())));
            }
        }
        Some(PlayersCommand::Remove { name }) => {
            let player = find(&lib, &name)?;
            lib.remove_player(player.id).map_err(failed)?;
            writeln!(out, "removed {} (the games stay)", player.name).map_err(io)?;
        }
        Some(PlayersCommand::Show { name }) => {
            let player = find(&lib, &name)?;
            let record = lib.player_record(&player).map_err(failed)?;
            writeln!(out, "{}", player.name).map_err(io)?;
            if !player.aliases.is_empty() {
                writeln!(out, "also {}", player.aliases.join(", ")).map_err(io)?;
            }
            writeln!(out, "{}", per_game(&record)).map_err(io)?;
            for ((kind, opponent), s) in &record.per_opponent {
                writeln!(out, "{kind}\tagainst {opponent}\t{}", score(s)).map_err(io)?;
            }
            for game in &record.last {
                let said = match game.points {
                    p if p > 0.75 => "won",
                    p if p < 0.25 => "lost",
                    _ => "drew",
                };
                writeln!(
                    out,
                    "{}\t{}\t{said} against {}\t#{}",
                    game.date, game.kind, game.opponent, game.id
                )
                .map_err(io)?;
            }
        }
    }
    Ok(())
}
