//! `xiangqi puzzles`: the collection, one puzzle a line; with `--from`, the forced mates
//! and decisive wins the engine finds in the games of files (any format `convert` reads).

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use xiangqi::engine::{self, Engine};
use xiangqi::games::xiangqi::puzzles::{collection, solve};
use xiangqi::rules::Move;
use xiangqi::rules::read::read_games_bytes;

use super::{Failure, io};

fn moves_text(moves: &[Move]) -> String {
    let words: Vec<String> = moves.iter().map(ToString::to_string).collect();
    words.join(" ")
}

/// `ID SOURCE FEN SOLUTION` a line, tab-separated, the solution in ICCS.
pub(super) fn list(out: &mut impl Write) -> Result<(), Failure> {
    for p in collection() {
        writeln!(
            out,
            "{}\t{}\t{}\t{}",
            p.id,
            p.source,
            p.start.to_fen(),
            moves_text(&p.solution)
        )
        .map_err(io)?;
    }
    Ok(())
}

/// The day a game was played: what its tags say ([`solve::day_played`]), else the
/// file's last change.
fn game_day(record: &xiangqi::rules::record::GameRecord, path: &Path) -> String {
    if let Some(day) = solve::day_played(record) {
        return day;
    }
    std::fs::metadata(path)
        .and_then(|m| m.modified())
        .ok()
        .and_then(|t| jiff::Timestamp::try_from(t).ok())
        .map(|t| t.to_zoned(jiff::tz::TimeZone::system()).date().to_string())
        .unwrap_or_else(|| xiangqi::games::xiangqi::puzzles::UNKNOWN_DAY.to_owned())
}

/// The forced mates (in at most `most` moves) and decisive wins in every game of `files`,
/// as puzzles:
/// `ID SOURCE FEN SOLUTION`, the source saying which game and move.
pub(super) fn from_games(
    out: &mut impl Write,
    files: &[String],
    engine_path: Option<&Path>,
    depth: u32,
    most: i32,
) -> Result<(), Failure> {
    let path = engine::find(engine_path).ok_or_else(|| {
        Failure(format!(
            "no engine found: Fairy-Stockfish ({}), or name one with --engine PATH",
            engine::GET_FAIRY_STOCKFISH
        ))
    })?;
    let mut engine = Engine::start(&path, Duration::from_secs(30))
        .map_err(|e| Failure(format!("the engine {}: {e}", path.display())))?;
    for file in files {
        let bytes = std::fs::read(file).map_err(|e| Failure(format!("cannot read {file}: {e}")))?;
        let games =
            read_games_bytes(&bytes).map_err(|e| Failure(format!("cannot read {file}: {e}")))?;
        let stem = Path::new(file)
            .file_stem()
            .map_or_else(|| "game".to_owned(), |s| s.to_string_lossy().into_owned());
        for (n, game) in games.into_iter().enumerate() {
            let Ok(imported) = game else {
                eprintln!("xiangqi: warning: {file}, game {}: it does not read", n + 1);
                continue;
            };
            let record = &imported.record;
            let day = game_day(record, Path::new(file));
            let found = solve::find_in_game(&mut engine, &record.game, depth, most)
                .map_err(|e| Failure(format!("the engine: {e}")))?;
            for f in found {
                let number = f.ply / 2 + 1;
                writeln!(
                    out,
                    "{stem}-{}-{}\t{}{day}, move {number}\t{}\t{}",
                    n + 1,
                    f.ply,
                    xiangqi::games::xiangqi::puzzles::FROM_YOUR_GAME,
                    f.start.to_fen(),
                    moves_text(&f.solution)
                )
                .map_err(io)?;
            }
        }
    }
    Ok(())
}
