//! `xiangqi analyze`: a position searched by a UCI engine, one line per update.

use std::io::Write;
use std::path::Path;
use std::time::Duration;

use xiangqi::engine::{self, Engine, Limit, Line, Score};
use xiangqi::rules::{Move, Notation, Position};

use super::{Failure, io, position};

/// How long the engine may be silent beyond the time it was given.
const PATIENCE: Duration = Duration::from_secs(10);

/// What to search, and how.
pub(super) struct Request<'a> {
    pub fen: &'a str,
    pub moves: &'a str,
    pub engine: Option<&'a Path>,
    pub limit: Limit,
    pub multipv: usize,
}

pub(super) fn analyze(out: &mut impl Write, request: &Request) -> Result<(), Failure> {
    let start = position(request.fen)?;
    let mut moves = Vec::new();
    let mut pos = start.clone();
    for text in request.moves.split_whitespace() {
        let m: Move = text
            .parse()
            .map_err(|_| Failure(format!("bad move \"{text}\" (ICCS, e.g. h2e2)")))?;
        pos = pos
            .play(m)
            .map_err(|e| Failure(format!("move {} ({text}): {e}", moves.len() + 1)))?;
        moves.push(m);
    }
    // --engine, else the one set in the game's settings, else wherever one is installed.
    // (Read only: a damaged settings file is the game's to set aside, not this tool's.)
    let configured = request.engine.map(Path::to_path_buf).or_else(|| {
        let dirs = xiangqi::storage::Dirs::from_os()?;
        let text = std::fs::read_to_string(dirs.settings()).ok()?;
        xiangqi::settings::XiangqiSettings::from_file(&text).engine
    });
    let path = engine::find(configured.as_deref()).ok_or_else(|| {
        Failure(format!(
            "no engine found: Fairy-Stockfish ({}) or Pikafish, or name one with --engine PATH",
            engine::GET_FAIRY_STOCKFISH
        ))
    })?;
    let mut engine = Engine::start(&path, PATIENCE).map_err(|e| Failure(e.to_string()))?;
    let mut written = Ok(());
    let best = engine
        .search(&start, &moves, request.limit, request.multipv, |line| {
            if written.is_ok() {
                written = writeln!(out, "{}", describe(line, &pos, request.multipv));
            }
        })
        .map_err(|e| Failure(format!("{}: {e}", engine.name())))?;
    written.map_err(io)?;
    writeln!(out, "bestmove {best}").map_err(io)
}

/// `depth 8 score cp 28 pv h9g7 h2e2 (马８进７ 炮二平五)`, with `multipv K` after the
/// depth when several lines are asked for.
fn describe(line: &Line, pos: &Position, multipv: usize) -> String {
    let score = match line.score {
        Score::Centipawns(cp) => format!("cp {cp}"),
        Score::Mate(n) => format!("mate {n}"),
    };
    let iccs: Vec<String> = line.pv.iter().map(ToString::to_string).collect();
    let chinese = line.spelled(pos, line.pv.len(), |at, m| Notation::Chinese.write(at, m));
    let which = if multipv > 1 {
        format!(" multipv {}", line.multipv)
    } else {
        String::new()
    };
    format!(
        "depth {}{which} score {score} pv {} ({})",
        line.depth,
        iccs.join(" "),
        chinese.join(" ")
    )
}
