//! `xiangqi library import DIR…`, `xiangqi library find …` and `xiangqi book`: the game
//! library from the command line (the database in the data folder, or `--db`).

use std::io::Write;
use std::path::{Path, PathBuf};

use xiangqi::library::{Book, Filter, Library};
use xiangqi::rules::{Notation, Position};

use super::{Failure, io};

/// The library at `db`, else the data folder's.
pub(super) fn open(db: Option<&Path>) -> Result<Library, Failure> {
    let path = match db {
        Some(p) => p.to_owned(),
        None => xiangqi::storage::Dirs::from_os()
            .ok_or_else(|| Failure("no data folder for the library (give --db FILE)".into()))?
            .library(),
    };
    let (library, aside) = Library::open(&path).map_err(|e| Failure(e.to_string()))?;
    if let Some(aside) = aside {
        eprintln!(
            "xiangqi: the library could not be read; kept aside as {}, a new one made",
            aside.display()
        );
    }
    Ok(library)
}

/// Imports the files under `paths`; progress and what could not be read on stderr, the
/// summary on `out`.
pub(super) fn import(
    out: &mut impl Write,
    db: Option<&Path>,
    paths: &[PathBuf],
) -> Result<(), Failure> {
    let mut library = open(db)?;
    let started = std::time::Instant::now();
    let ticks = &mut std::time::Instant::now();
    let last = &mut 0;
    let summary = library
        .import(paths, |p| {
            // Every thousand files, about once a second inside big ones, and at the end.
            let thousand =
                p.files_done > 0 && p.files_done.is_multiple_of(1000) && *last != p.files_done;
            if thousand || ticks.elapsed().as_secs_f64() >= 1.0 || p.files_done == p.files {
                *last = p.files_done;
                *ticks = std::time::Instant::now();
                eprintln!(
                    "{}/{} files, {:.1} of {:.1} MB",
                    p.files_done,
                    p.files,
                    p.bytes_done as f64 / 1e6,
                    p.bytes as f64 / 1e6
                );
            }
            true
        })
        .map_err(|e| Failure(e.to_string()))?;
    for u in &summary.unreadable {
        eprintln!("unreadable: {u}");
    }
    let secs = started.elapsed().as_secs_f64();
    writeln!(
        out,
        "files {}\tread {}\tadded {}\tduplicates {}\tunreadable {}\tskipped {}\t{:.0} games/s",
        summary.files,
        summary.read,
        summary.added,
        summary.duplicates,
        summary.unreadable.len(),
        summary.skipped,
        summary.read as f64 / secs.max(1e-9)
    )
    .map_err(io)
}

/// The position `fen` (or the start) after `moves` (ICCS, space-separated).
fn position(fen: Option<&str>, moves: Option<&str>) -> Result<Option<Position>, Failure> {
    if fen.is_none() && moves.is_none() {
        return Ok(None);
    }
    let mut pos = match fen {
        Some(f) => Position::from_fen(f).map_err(|e| Failure(format!("the FEN: {e}")))?,
        None => Position::new(),
    };
    for m in moves.unwrap_or("").split_whitespace() {
        let mv = m
            .parse()
            .map_err(|_| Failure(format!("{m}: not a move in ICCS (h2e2)")))?;
        pos = pos.play(mv).map_err(|e| Failure(format!("{m}: {e}")))?;
    }
    Ok(Some(pos))
}

/// What `library find` asks for.
#[derive(clap::Args)]
pub(super) struct FindArgs {
    /// A player (part of the name), on either side…
    #[arg(long)]
    player: Option<String>,
    /// …or only as this side: red or black.
    #[arg(long, requires = "player")]
    side: Option<String>,
    /// Part of the event.
    #[arg(long)]
    event: Option<String>,
    /// An ECCO code or its start (C7).
    #[arg(long)]
    opening: Option<String>,
    /// Played in this year or later…
    #[arg(long)]
    from: Option<i32>,
    /// …and in this year or earlier.
    #[arg(long)]
    to: Option<i32>,
    /// 1-0, 0-1, 1/2-1/2 or *.
    #[arg(long)]
    result: Option<String>,
    /// At least this many plies…
    #[arg(long)]
    min_plies: Option<usize>,
    /// …and at most this many.
    #[arg(long)]
    max_plies: Option<usize>,
    /// Text in the game's comments.
    #[arg(long)]
    comment: Option<String>,
    /// The games that reach this position…
    #[arg(long)]
    fen: Option<String>,
    /// …or the one after these moves from it (or from the start), in ICCS.
    #[arg(long)]
    moves: Option<String>,
    /// Also the position mirrored left to right.
    #[arg(long)]
    mirror: bool,
    /// Only games of this kind: xiangqi or go.
    #[arg(long)]
    game: Option<String>,
    /// Go: only games on a board of this size.
    #[arg(long)]
    size: Option<u8>,
    /// The library's file (default: the data folder's).
    #[arg(long)]
    db: Option<PathBuf>,
}

/// The games found: `id red black result date event plies reached`, tab-separated.
pub(super) fn find(out: &mut impl Write, ask: FindArgs) -> Result<(), Failure> {
    let library = open(ask.db.as_deref())?;
    let side = match ask.side.as_deref().map(str::to_ascii_lowercase).as_deref() {
        None => None,
        Some("red" | "r" | "红" | "紅") => Some(xiangqi::rules::Color::Red),
        Some("black" | "b" | "黑") => Some(xiangqi::rules::Color::Black),
        Some(other) => return Err(Failure(format!("--side {other}: red or black"))),
    };
    if let Some(r) = ask.result.as_deref()
        && !matches!(r, "1-0" | "0-1" | "1/2-1/2" | "*" | "B" | "W")
    {
        return Err(Failure(format!(
            "--result {r}: 1-0, 0-1, 1/2-1/2 or * (Go: B or W, the winner)"
        )));
    }
    if let Some(g) = ask.game.as_deref()
        && xiangqi::library::format(g).is_none()
    {
        let kinds: Vec<&str> = xiangqi::library::FORMATS.iter().map(|f| f.kind).collect();
        return Err(Failure(format!("--game {g}: {}", kinds.join(" or "))));
    }
    let filter = Filter {
        game: ask.game,
        size: ask.size,
        player: ask.player,
        side,
        event: ask.event,
        opening: ask.opening,
        years: (ask.from, ask.to),
        result: ask.result,
        plies: (ask.min_plies, ask.max_plies),
        comment: ask.comment,
        position: position(ask.fen.as_deref(), ask.moves.as_deref())?,
        mirror: ask.mirror,
        limit: None,
    };
    for g in library.find(&filter).map_err(|e| Failure(e.to_string()))? {
        writeln!(
            out,
            "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
            g.id,
            g.red,
            g.black,
            g.result,
            g.date,
            g.event,
            g.plies,
            g.reached.map_or_else(String::new, |p| p.to_string())
        )
        .map_err(io)?;
    }
    Ok(())
}

/// The games under `paths` read into a library in memory (each game once), each file
/// that could not be read named on stderr.
pub(super) fn in_memory(
    paths: &[PathBuf],
) -> Result<(Library, xiangqi::library::Summary), Failure> {
    let mut library = Library::in_memory().map_err(|e| Failure(e.to_string()))?;
    let summary = library
        .import(paths, |_| true)
        .map_err(|e| Failure(e.to_string()))?;
    for u in &summary.unreadable {
        eprintln!("unreadable: {u}");
    }
    Ok((library, summary))
}

/// Builds a book from the games under `paths` (read into a library in memory) into
/// `output`; a line says how many positions and moves it holds.
pub(super) fn build_book(
    out: &mut impl Write,
    paths: &[PathBuf],
    output: &Path,
    plies: usize,
    least: usize,
) -> Result<(), Failure> {
    let (library, summary) = in_memory(paths)?;
    let bytes = library
        .book(plies, least)
        .map_err(|e| Failure(e.to_string()))?;
    let book = Book::from_bytes(&bytes).map_err(|e| Failure(e.to_string()))?;
    xiangqi::storage::atomic_write(output, &bytes)
        .map_err(|e| Failure(format!("{}: {e}", output.display())))?;
    writeln!(
        out,
        "games {}\tentries {}\tbytes {}",
        summary.added,
        book.len(),
        bytes.len()
    )
    .map_err(io)
}

/// The explorer at a position: `move chinese games red% draw% black% latest`, from the
/// library at `db` (`Some(None)`: the data folder's), or the master book (`None`).
pub(super) fn book(
    out: &mut impl Write,
    db: Option<Option<&Path>>,
    fen: Option<&str>,
    moves: Option<&str>,
) -> Result<(), Failure> {
    let pos = position(fen, moves)?.unwrap_or_default();
    let rows = match db {
        Some(db) => {
            let library = open(db)?;
            if library.len().map_err(|e| Failure(e.to_string()))? == 0 {
                // Nothing to answer from: the master book answers, and says so.
                eprintln!(
                    "xiangqi: the library holds no games yet (`xiangqi library import FOLDER` \
                     adds them); the master book answers"
                );
                Book::masters().explore(&pos)
            } else {
                let rows = library.explore(&pos).map_err(|e| Failure(e.to_string()))?;
                if rows.is_empty() {
                    eprintln!("xiangqi: no game of the library goes on from this position");
                }
                rows
            }
        }
        None => Book::masters().explore(&pos),
    };
    let pct = |n: usize, of: usize| 100.0 * n as f64 / of.max(1) as f64;
    for e in rows {
        writeln!(
            out,
            "{}\t{}\t{}\t{:.0}\t{:.0}\t{:.0}\t{}",
            e.mv,
            Notation::Chinese.write(&pos, e.mv),
            e.games,
            pct(e.red, e.games),
            pct(e.draws, e.games),
            pct(e.black, e.games),
            e.latest.map_or_else(String::new, |y| y.to_string())
        )
        .map_err(io)?;
    }
    Ok(())
}
