//! `xiangqi go review`: a Go game's every position asked of GNU Go (a process a core),
//! each move judged against GNU Go's choice; one row a move, and optionally the game
//! written back as SGF with the scores, marks and GNU Go's words.

use std::io::Write;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::AtomicBool;

use xiangqi::games::go::review::{self, Options, Seen};

use super::{Failure, io};

/// What to review, and how.
pub(super) struct Request<'a> {
    pub input: &'a str,
    pub game: usize,
    pub level: u8,
    pub output: Option<&'a Path>,
}

pub(super) fn review(out: &mut impl Write, request: &Request) -> Result<(), Failure> {
    let (mut record, name) = super::go::read_game(request.input, request.game)?;
    let record = &mut record;
    if !(1..=10).contains(&request.level) {
        return Err(Failure(format!(
            "--level {} is out of range (1 to 10)",
            request.level
        )));
    }
    let line = record.main_line();
    let game = record
        .replay(&line)
        .map_err(|e| Failure(format!("{name}: {e}")))?;
    let mut options = Options::installed().ok_or_else(|| {
        Failure(format!(
            "GNU Go is not installed ({})",
            xiangqi::engine::GET_GNUGO
        ))
    })?;
    options.level = request.level;
    let positions = game.moves().len() + 1;
    let found: Mutex<Vec<Option<Seen>>> = Mutex::new(vec![None; positions]);
    let done = std::sync::atomic::AtomicUsize::new(0);
    let put = |k: usize, seen: Seen| {
        if let Ok(mut f) = found.lock() {
            f[k] = Some(seen);
        }
        let n = done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        // Progress on stderr, so the rows stay clean.
        if n.is_multiple_of(10) || n == positions {
            eprint!("\rxiangqi: {n}/{positions} positions");
            if n == positions {
                eprintln!();
            }
        }
    };
    review::review(&game, &options, &AtomicBool::new(false), &put)
        .map_err(|e| Failure(format!("GNU Go: {e}")))?;
    let found = found.into_inner().unwrap_or_default();
    let steps = review::judge(&game, &found);
    let size = game.start().board().size();
    for (i, step) in steps.iter().enumerate() {
        let Some(step) = step else { continue };
        let score = found[i + 1].as_ref().map_or(0.0, |s| s.score);
        let mark = step
            .mark
            .map_or_else(String::new, |m| format!(" {}", m.glyph()));
        writeln!(
            out,
            "{} {} {} {} {:.1}{mark}",
            i + 1,
            step.played.gtp(size),
            review::score_text(score),
            step.best.mv.gtp(size),
            step.loss.max(0.0),
        )
        .map_err(io)?;
    }
    if let Some(path) = request.output {
        review::annotate(record, &line, &game, &found, &steps, options.level);
        let text = xiangqi::go::sgf::write(record);
        xiangqi::storage::atomic_write(path, text.as_bytes())
            .map_err(|e| Failure(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(())
}
