//! `convert` and `games`: read any game file (a PGN with many games, XQF, FEN…) and
//! write one of its games in another format, or list what it holds.

use std::io::Write;

use xiangqi::rules::read::read_games_bytes;
use xiangqi::rules::record::{ImportError, Imported};
use xiangqi::rules::{Notation, legacy, pgn, ucci, xqf};

use super::{Failure, Picture, Target, io};

/// The games of `input` (a path, or `-` for standard input), and its name for messages.
pub(super) fn read_input(
    input: &str,
) -> Result<(Vec<Result<Imported, ImportError>>, String), Failure> {
    let bytes = if input == "-" {
        let mut bytes = Vec::new();
        std::io::Read::read_to_end(&mut std::io::stdin().lock(), &mut bytes)
            .map_err(|e| Failure(format!("cannot read standard input: {e}")))?;
        bytes
    } else {
        std::fs::read(input).map_err(|e| Failure(format!("cannot read {input}: {e}")))?
    };
    let name = if input == "-" {
        "standard input".to_owned()
    } else {
        input.to_owned()
    };
    let games =
        read_games_bytes(&bytes).map_err(|e| Failure(format!("cannot read {name}: {e}")))?;
    Ok((games, name))
}

/// Game `game` (from 1) of `input`, and the input's name for messages.
pub(super) fn read_game(input: &str, game: usize) -> Result<(Imported, String), Failure> {
    let (mut games, name) = read_input(input)?;
    let count = games.len();
    if game == 0 || game > count {
        let holds = if count == 1 {
            "holds one game".to_owned()
        } else {
            format!("holds {count} games")
        };
        return Err(Failure(format!(
            "{name} {holds}; --game {game} is not one of them"
        )));
    }
    let imported = games.swap_remove(game - 1).map_err(|e| {
        if count == 1 {
            Failure(format!("cannot read {name}: {e}"))
        } else {
            Failure(format!("cannot read {name}, game {game}: {e}"))
        }
    })?;
    Ok((imported, name))
}

/// A tag's value for a listing: tabs and line breaks would break the columns.
fn cell(value: Option<&str>) -> String {
    value
        .filter(|v| *v != "?")
        .unwrap_or("")
        .replace(['\t', '\n', '\r'], " ")
}

/// `N<TAB>red<TAB>black<TAB>result<TAB>plies<TAB>event`, one line per game. A game that
/// does not read is listed with its reason on standard error, and the exit code says so.
pub(super) fn games(out: &mut impl Write, input: &str) -> Result<(), Failure> {
    let (games, name) = read_input(input)?;
    let mut broken = 0;
    for (i, game) in games.iter().enumerate() {
        let n = i + 1;
        match game {
            Ok(imported) => {
                let r = &imported.record;
                let event = r.tag("Event").or(r.tag("Title"));
                let result = r.tag("Result").filter(|v| !v.is_empty()).unwrap_or("*");
                writeln!(
                    out,
                    "{n}\t{}\t{}\t{}\t{}\t{}",
                    cell(r.tag("Red")),
                    cell(r.tag("Black")),
                    cell(Some(result)),
                    r.game.ply_count(),
                    cell(event),
                )
                .map_err(io)?;
            }
            Err(e) => {
                broken += 1;
                writeln!(out, "{n}\t\t\t\t\t").map_err(io)?;
                eprintln!("xiangqi: {name}, game {n}: {e}");
            }
        }
    }
    if broken > 0 {
        return Err(Failure(format!(
            "{broken} of the {} games in {name} could not be read",
            games.len()
        )));
    }
    Ok(())
}

pub(super) fn convert(
    out: &mut impl Write,
    input: &str,
    (to, retag_opening): (Target, bool),
    game: usize,
    output: Option<&std::path::Path>,
    picture: &Picture,
) -> Result<(), Failure> {
    if !xiangqi::picture::SIZES.contains(&picture.size) {
        let (lo, hi) = (
            xiangqi::picture::SIZES.start(),
            xiangqi::picture::SIZES.end(),
        );
        return Err(Failure(format!(
            "--size {} is out of range ({lo} to {hi} pixels)",
            picture.size
        )));
    }
    if !(picture.delay.is_finite() && (0.02..=60.0).contains(&picture.delay)) {
        return Err(Failure(format!(
            "--delay {} is out of range (0.02 to 60 seconds)",
            picture.delay
        )));
    }
    let (mut imported, name) = read_game(input, game)?;
    if matches!(to, Target::Pgn | Target::PgnIccs | Target::PgnWxf) {
        xiangqi::rules::opening::tag(&mut imported.record, retag_opening);
    }
    let record = &imported.record;
    // The legal part is converted; what could not be played is said, not fatal.
    for e in &record.dropped {
        eprintln!("xiangqi: warning: {name}: a move was dropped and its line ends there: {e}");
    }
    let opts = xiangqi::picture::Options {
        size: picture.size,
        flipped: picture.flip,
        coordinates: if picture.coordinates {
            xiangqi::theme::Coordinates::Iccs
        } else {
            xiangqi::theme::Coordinates::None
        },
        theme: picture.theme,
        pieces: picture.pieces,
        ..xiangqi::picture::Options::default()
    };
    let bytes = match to {
        Target::Fen => (record.game.position().to_fen() + "\n").into_bytes(),
        Target::Pgn => pgn::write(record, Notation::Chinese).into_bytes(),
        Target::PgnIccs => pgn::write(record, Notation::Iccs).into_bytes(),
        Target::PgnWxf => pgn::write(record, Notation::Wxf).into_bytes(),
        Target::Ucci => (ucci::write(&record.game) + "\n").into_bytes(),
        Target::Board => (legacy::write_board(record.game.position()) + "\n").into_bytes(),
        Target::Png => {
            let game = &record.game;
            xiangqi::picture::png(game.position(), game.moves().last(), &opts)
        }
        Target::Gif => xiangqi::picture::gif(&record.game, &opts, picture.delay),
        Target::Xqf => xqf::write(record),
    };
    match output {
        Some(path) => xiangqi::storage::atomic_write(path, &bytes)
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display()))),
        None if matches!(to, Target::Png | Target::Gif) => Err(Failure(
            "a picture needs a file to go to: add -o FILE".into(),
        )),
        None if to == Target::Xqf => Err(Failure(
            "an XQF file is binary and needs a file to go to: add -o FILE".into(),
        )),
        None => out.write_all(&bytes).map_err(io),
    }
}
