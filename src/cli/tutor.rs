//! `xiangqi tutor FEN MOVE` and `xiangqi go tutor SGF MOVE`: the warnings the table's
//! help gives before a move, from the command line. Nothing is printed for a move the
//! warnings let pass; their words otherwise — the same words the window shows.

use std::io::Write;

use xiangqi::go::Move as GoMove;
use xiangqi::i18n::Lang;
use xiangqi::rules::Notation;

use super::Failure;

/// The warning for a Xiangqi move (in any notation) in a FEN position.
pub(super) fn xiangqi(
    out: &mut impl Write,
    fen: &str,
    mv: &str,
    lang: Lang,
) -> Result<(), Failure> {
    let pos = super::position(fen)?;
    let (m, _) = Notation::parse_any(&pos, mv)
        .map_err(|e| Failure(format!("\"{mv}\" is not a legal move here: {e}")))?;
    if let Some(w) = xiangqi::games::xiangqi::tutor::warn(&pos, m) {
        // A move in Vietnamese words is written as Vietnamese books write it.
        let notation = if lang == Lang::Vi {
            Notation::Vietnamese
        } else {
            Notation::Wxf
        };
        let text = xiangqi::games::xiangqi::tutor::words(&pos, m, &w, notation);
        writeln!(out, "{}", text.get(lang)).map_err(super::io)?;
    }
    Ok(())
}

/// The warning for a Go move (a GTP point or `pass`) at the end of an SGF game's main
/// line.
pub(super) fn go(
    out: &mut impl Write,
    input: &str,
    game: usize,
    mv: &str,
    lang: Lang,
) -> Result<(), Failure> {
    let (file, name) = super::go::read_game(input, game)?;
    let played = file
        .replay_with(&file.main_line(), file.rules())
        .map_err(|e| Failure(format!("{name}: {e}")))?;
    let pos = played.position();
    let size = pos.board().size();
    let m = GoMove::from_gtp(mv, size).map_err(|e| Failure(e.to_string()))?;
    pos.play(m, played.rules())
        .map_err(|e| Failure(format!("{mv} is illegal here: {e}")))?;
    if let Some(w) = xiangqi::games::go::tutor::warn(pos, m, played.rules()) {
        let text = xiangqi::games::go::tutor::words(&w, size);
        writeln!(out, "{}", text.get(lang)).map_err(super::io)?;
    }
    Ok(())
}
