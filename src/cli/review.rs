//! `xiangqi review`: a game's every position searched by a UCI engine (on every core),
//! each move judged; one row a ply, a summary a side, and optionally the game written as
//! PGN with the evaluations and marks.

use std::io::Write;
use std::path::Path;

use xiangqi::engine::{self, Limit};
use xiangqi::games::xiangqi::review::{self, Mark, Plan};
use xiangqi::rules::tree::{Eval, Nag};
use xiangqi::rules::{Color, Move, Notation, pgn};

use super::{Failure, io};

/// What to review, and how.
pub(super) struct Request<'a> {
    pub input: &'a str,
    pub game: usize,
    pub engine: Option<&'a Path>,
    pub limit: Limit,
    pub output: Option<&'a Path>,
}

/// An evaluation as the rows write it: centipawns, or `#N` / `#-N`.
fn eval_word(eval: Eval) -> String {
    match eval {
        Eval::Centipawns(cp) => cp.to_string(),
        Eval::Mate(n) => format!("#{n}"),
    }
}

pub(super) fn review(out: &mut impl Write, request: &Request) -> Result<(), Failure> {
    let (imported, name) = super::convert::read_game(request.input, request.game)?;
    let mut record = imported.record;
    for e in &record.dropped {
        eprintln!("xiangqi: warning: {name}: a move was dropped and its line ends there: {e}");
    }
    let path = engine::find(request.engine).ok_or_else(|| {
        Failure(format!(
            "no engine found: Fairy-Stockfish ({}), or name one with --engine PATH",
            engine::GET_FAIRY_STOCKFISH
        ))
    })?;
    let start = record.game.start().clone();
    let moves: Vec<Move> = record.game.moves().collect();
    let plan = Plan::new(&path, request.limit);
    let running = review::start(&plan, &start, &moves);
    let searched = review::collect(&running).map_err(Failure)?;
    let evals: Vec<Eval> = searched.iter().map(|s| s.eval).collect();
    let judged = review::judge(&evals, start.turn());
    for (i, (m, j)) in moves.iter().zip(&judged).enumerate() {
        let best = searched[i]
            .line
            .first()
            .map_or_else(|| "-".to_owned(), ToString::to_string);
        let mark = j.mark.map(Mark::glyph).unwrap_or_default();
        writeln!(
            out,
            "{} {m} {} {best} {} {mark}",
            i + 1,
            eval_word(evals[i + 1]),
            j.loss
        )
        .map(|()| ())
        .map_err(io)?;
        record.evals.insert(i + 1, evals[i + 1]);
        if let Some(mark) = j.mark {
            let nags = record.nags.entry(i + 1).or_default();
            nags.retain(|n| ![1, 2, 3, 4, 5, 6].contains(&n.0));
            nags.push(Nag(mark.nag()));
        }
    }
    for (side, s) in [Color::Red, Color::Black]
        .into_iter()
        .zip(review::summary(&judged))
    {
        writeln!(
            out,
            "{} accuracy {:.1} average-loss {:.0} inaccuracies {} mistakes {} blunders {}",
            if side == Color::Red { "red" } else { "black" },
            s.accuracy,
            s.average_loss,
            s.inaccuracies,
            s.mistakes,
            s.blunders
        )
        .map_err(io)?;
    }
    if let Some(path) = request.output {
        let text = pgn::write(&record, Notation::Chinese);
        xiangqi::storage::atomic_write(path, text.as_bytes())
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}
