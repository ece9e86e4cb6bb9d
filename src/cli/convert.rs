//! `convert` and `games`: read any game file (a PGN with many games, XQF, FEN…) and
//! write one of its games in another format, or list what it holds.

use std::io::Write;

use std::io::Read;

use xiangqi::collection::{Entry, Games};
use xiangqi::rules::record::{ImportError, Imported};
use xiangqi::rules::{Notation, legacy, pgn, ucci, xqf};

use super::{Failure, Picture, Target, io};

/// The games of `input` (a path, or `-` for standard input), read one at a time, and
/// its name for messages.
fn open_input(input: &str) -> Result<(Games<Box<dyn Read>>, String), Failure> {
    if input == "-" {
        let stdin: Box<dyn Read> = Box::new(std::io::stdin().lock());
        return Ok((Games::new(stdin), "standard input".to_owned()));
    }
    let file =
        std::fs::File::open(input).map_err(|e| Failure(format!("cannot read {input}: {e}")))?;
    let size = file.metadata().ok().map(|m| m.len());
    let source: Box<dyn Read> = Box::new(file);
    Ok((Games::new(source).with_size(size), input.to_owned()))
}

/// Hands `each` every game of `input` (its number, and the game or why not), in file
/// order, a game at a time. A file that is one game that does not read (or no text at
/// all) fails as a whole instead. Returns the input's name and how many games it has.
pub(super) fn each_game(
    input: &str,
    mut each: impl FnMut(usize, Result<&Imported, &ImportError>) -> Result<(), Failure>,
) -> Result<(String, usize), Failure> {
    let (mut games, name) = open_input(input)?;
    // The first game waits for the second: alone, its failure is the file's.
    let mut first: Option<Entry> = None;
    for entry in games.by_ref() {
        if let Some(held) = first.take() {
            each(held.number, held.game.as_ref())?;
        }
        if entry.number == 1 {
            first = Some(entry);
        } else {
            each(entry.number, entry.game.as_ref())?;
        }
    }
    if let Some(e) = games.take_error() {
        return Err(Failure(format!("cannot read {name}: {e}")));
    }
    if let Some(held) = first {
        match held.game {
            Err(e) if games.alone() => return Err(Failure(format!("cannot read {name}: {e}"))),
            game => each(held.number, game.as_ref())?,
        }
    }
    Ok((name, games.games_cut()))
}

/// Game `game` (from 1) of `input`, and the input's name for messages: the games
/// before it are cut, not read.
pub(super) fn read_game(input: &str, game: usize) -> Result<(Imported, String), Failure> {
    let (games, name) = open_input(input)?;
    let mut games = games.starting_at(game.max(1));
    let found = games.next().filter(|e| game > 0 && e.number == game);
    // Its failure is the file's when it is the only game.
    let more = found.is_some() && games.next().is_some();
    if let Some(e) = games.take_error() {
        return Err(Failure(format!("cannot read {name}: {e}")));
    }
    let Some(entry) = found else {
        let count = games.games_cut();
        let holds = if count == 1 {
            "holds one game".to_owned()
        } else {
            format!("holds {count} games")
        };
        return Err(Failure(format!(
            "{name} {holds}; --game {game} is not one of them"
        )));
    };
    let imported = entry.game.map_err(|e| {
        if !more && games.alone() {
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
    let mut broken = 0;
    let mut name = input.to_owned();
    if input == "-" {
        "standard input".clone_into(&mut name);
    }
    let (name, count) = each_game(input, |n, game| {
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
        Ok(())
    })?;
    if broken > 0 {
        return Err(Failure(format!(
            "{broken} of the {count} games in {name} could not be read"
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
    if matches!(
        to,
        Target::Pgn | Target::PgnIccs | Target::PgnWxf | Target::PgnZhHant | Target::PgnVi
    ) {
        xiangqi::rules::opening::tag(&mut imported.record, retag_opening);
    }
    if to == Target::PgnZhHant {
        in_traditional(&mut imported.record);
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
        Target::PgnZhHant => pgn::write(record, Notation::ChineseTraditional).into_bytes(),
        Target::PgnVi => pgn::write(record, Notation::Vietnamese).into_bytes(),
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

/// The opening's name in Traditional characters where it is the classification's own in
/// 简体 (a name the file gave in its own words stays): a 繁體 file says 中炮對屏風馬.
fn in_traditional(record: &mut xiangqi::rules::record::GameRecord) {
    let Some(ecco) = record
        .tag("ECCO")
        .and_then(|c| c.trim().parse::<xiangqi::rules::opening::Ecco>().ok())
    else {
        return;
    };
    if record.tag("Opening") == Some(ecco.name()) && !ecco.name_hant().is_empty() {
        record.set_tag("Opening", ecco.name_hant());
    }
}
