//! The warnings a side with help is given before a move is played: the move leaves a
//! piece to be taken for nothing, walks into a mate in one or two, or misses a mate in
//! one. Read from the rules alone — one move deep and the exchanges on a point — so
//! they are the same in the window, on the command line and in the tests, and cost a
//! few milliseconds.

use crate::rules::{Color, Move, Piece, Position, Role, Square};

mod words;
pub use words::{reason, said, said_own, words};

/// What is wrong with a move, found before it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// The other side can mate at once after it — and another move avoids it.
    MateInOne {
        /// The other side's mating move.
        with: Move,
    },
    /// The other side mates in two after it, beginning with a check or a capture.
    MateInTwo {
        /// The other side's first move.
        with: Move,
    },
    /// A mate in one was there and this move is not it.
    MissesMate {
        /// The mate.
        with: Move,
    },
    /// A piece can be taken for nothing after it (or for less than it is worth), and
    /// another move keeps it.
    Hangs {
        /// The piece.
        piece: Piece,
        /// Where it stands when taken.
        at: Square,
    },
}

/// A piece's worth in tenths of a soldier, for the exchanges: what is lost "for
/// nothing" is at least an advisor's worth.
fn worth(piece: Piece, at: Square) -> i32 {
    match piece.role {
        Role::General => 1000,
        Role::Chariot => 90,
        Role::Cannon => 45,
        Role::Horse => 40,
        Role::Advisor | Role::Elephant => 20,
        // A soldier across the river is worth two.
        Role::Soldier if !at.is_on_side_of(piece.color) => 20,
        Role::Soldier => 10,
    }
}

/// The least loss worth a warning: more than an advisor, an elephant or a soldier over
/// the river (a horse, a cannon, a chariot, or a chariot given for a horse).
const LOSS: i32 = 30;

/// What the side to move wins by taking on `at` and the exchanges that follow there,
/// each side taking with its least piece and stopping when it pays to stop.
fn exchange(pos: &Position, at: Square) -> i32 {
    let Some(target) = pos.piece_at(at) else {
        return 0;
    };
    let taker = pos
        .legal_moves()
        .iter()
        .copied()
        .filter(|m| m.to == at)
        .filter_map(|m| pos.piece_at(m.from).map(|p| (worth(p, m.from), m)))
        .min_by_key(|&(w, _)| w);
    let Some((_, m)) = taker else { return 0 };
    let Ok(next) = pos.play(m) else { return 0 };
    // A capture that mates wins the game, whatever the piece.
    if !next.has_legal_moves() {
        return 1000;
    }
    (worth(target, at) - exchange(&next, at)).max(0)
}

/// The most the side to move wins by one capture and its exchanges, and where.
fn best_capture(pos: &Position) -> Option<(i32, Square)> {
    let side = pos.turn();
    Square::all()
        .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color != side))
        .map(|sq| (exchange(pos, sq), sq))
        .filter(|&(gain, _)| gain > 0)
        .max_by_key(|&(gain, _)| gain)
}

/// What `m` comes to for its mover: what it takes, less what the other side then wins
/// by its best capture. The square is the piece lost.
fn balance(pos: &Position, m: Move) -> Option<(i32, Option<Square>)> {
    let taken = pos.capture(m).map_or(0, |p| worth(p, m.to));
    let next = pos.play(m).ok()?;
    if !next.has_legal_moves() {
        return Some((1000, None));
    }
    let lost = best_capture(&next);
    Some((taken - lost.map_or(0, |(g, _)| g), lost.map(|(_, sq)| sq)))
}

/// A move of the side to move that mates (or leaves the other side no move, 困毙).
/// Checks first, so a mate is named before a 困毙.
fn mate_in_one(pos: &Position) -> Option<Move> {
    let moves = pos.legal_moves();
    let (checks, quiet): (Vec<Move>, Vec<Move>) =
        moves.iter().copied().partition(|&m| pos.gives_check(m));
    checks
        .into_iter()
        .chain(quiet)
        .find(|&m| pos.play(m).is_ok_and(|n| !n.has_legal_moves()))
}

/// A check or capture of the side to move after which every answer leaves it a mate in
/// one.
fn mate_in_two(pos: &Position) -> Option<Move> {
    pos.legal_moves()
        .iter()
        .copied()
        .filter(|&m| pos.gives_check(m) || pos.capture(m).is_some())
        .find(|&m| {
            let Ok(next) = pos.play(m) else { return false };
            let answers = next.legal_moves();
            !answers.is_empty()
                && answers
                    .iter()
                    .all(|&a| next.play(a).is_ok_and(|n| mate_in_one(&n).is_some()))
        })
}

/// The other side's mate after `m`: in one, else in two.
fn walks_into(pos: &Position, m: Move) -> Option<Warning> {
    let next = pos.play(m).ok()?;
    if let Some(with) = mate_in_one(&next) {
        return Some(Warning::MateInOne { with });
    }
    mate_in_two(&next).map(|with| Warning::MateInTwo { with })
}

/// The warning for `m` in `pos`, if there is one and another move would not deserve it.
///
/// ```
/// use xiangqi::games::xiangqi::tutor::{Warning, warn};
/// use xiangqi::rules::Position;
///
/// // Red's chariot goes where Black's horse takes it for nothing.
/// let pos = Position::from_fen("3k5/9/2n6/9/9/9/9/9/9/R3K4 w").unwrap();
/// let bad = "a0a6".parse().unwrap();
/// assert!(matches!(warn(&pos, bad), Some(Warning::Hangs { .. })));
/// assert_eq!(warn(&pos, "a0a1".parse().unwrap()), None);
/// ```
#[must_use]
pub fn warn(pos: &Position, m: Move) -> Option<Warning> {
    let next = pos.play(m).ok()?;
    if !next.has_legal_moves() {
        return None;
    }
    if let Some(with) = mate_in_one(pos) {
        return Some(Warning::MissesMate { with });
    }
    if let Some(w) = walks_into(pos, m) {
        let escapes = pos
            .legal_moves()
            .iter()
            .any(|&other| other != m && walks_into(pos, other).is_none());
        return escapes.then_some(w);
    }
    let (mine, lost) = balance(pos, m)?;
    let lost = lost?;
    let best = pos
        .legal_moves()
        .iter()
        .filter_map(|&other| balance(pos, other).map(|(b, _)| b))
        .max()?;
    let piece = next.piece_at(lost)?;
    (best - mine >= LOSS && piece.color == pos.turn()).then_some(Warning::Hangs { piece, at: lost })
}

/// The mark for which the tutor takes a move back: the review's own, from a mistake
/// (`?`) up — the same threshold as the marks of a reviewed game.
#[must_use]
pub fn takes_back(
    judged: &crate::games::xiangqi::review::Judged,
) -> Option<crate::games::xiangqi::review::Mark> {
    judged
        .mark
        .filter(|m| *m >= crate::games::xiangqi::review::Mark::Mistake)
}

/// The mark for which the tutor takes `m` back in `pos`: the review's ([`takes_back`];
/// blunders alone for "blunders only"), or a mistake at least where the warnings would
/// stop the move. The tutor is the heavier help: it never lets pass what the warnings
/// flag (a depth-8 search can see play for a piece the warnings call given away).
#[must_use]
pub fn tutor_mark(
    pos: &Position,
    m: Move,
    judged: &crate::games::xiangqi::review::Judged,
    blunders_only: bool,
) -> Option<crate::games::xiangqi::review::Mark> {
    use crate::games::xiangqi::review::Mark;
    takes_back(judged)
        .filter(|mark| !blunders_only || *mark == Mark::Blunder)
        .or_else(|| {
            warn(pos, m).map(|_| {
                judged
                    .mark
                    .filter(|k| *k > Mark::Mistake)
                    .unwrap_or(Mark::Mistake)
            })
        })
}

/// The positions before each move of `mover` a review marks `?` or `??`, as a
/// player's mistakes are queued to be practised: the FEN, with the move played, the
/// engine's move there (`best[i]` for the position before move `i`) and the mark.
#[must_use]
pub fn mistakes(
    start: &Position,
    moves: &[Move],
    best: &[Option<Move>],
    judged: &[crate::games::xiangqi::review::Judged],
    mover: Color,
    source: &str,
) -> Vec<(String, table::learn::mistakes::Mistake)> {
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, &m) in moves.iter().enumerate() {
        let marked = judged.get(i).and_then(takes_back);
        if let (Some(mark), Some(Some(better))) = (marked, best.get(i))
            && pos.turn() == mover
            && *better != m
        {
            out.push((
                pos.to_fen(),
                table::learn::mistakes::Mistake {
                    played: m.to_string(),
                    best: better.to_string(),
                    mark: mark.glyph().to_owned(),
                    source: source.to_owned(),
                    due: 0,
                    step: 0,
                    found: 0,
                },
            ));
        }
        let Ok(next) = pos.play(m) else { break };
        pos = next;
    }
    out
}

/// A move other than the engine's counts as found (a mistake practised, a move
/// guessed) when the review would not even call it an inaccuracy.
#[must_use]
pub fn as_good(judged: &crate::games::xiangqi::review::Judged) -> bool {
    judged.drop < crate::games::xiangqi::review::INACCURACY
}

/// A guess's points: the game's own move 100, one [`as_good`] 50, else 0.
#[must_use]
pub fn guess_points(
    games_move: bool,
    judged: Option<&crate::games::xiangqi::review::Judged>,
) -> u32 {
    match (games_move, judged) {
        (true, _) => 100,
        (false, Some(j)) if as_good(j) => 50,
        _ => 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::Notation;
    use table::i18n::Lang;

    fn pos(fen: &str) -> Position {
        Position::from_fen(fen).unwrap()
    }

    fn mv(s: &str) -> Move {
        s.parse().unwrap()
    }

    #[test]
    fn the_tutor_takes_back_what_the_warnings_flag_whatever_the_engine_said() {
        use crate::games::xiangqi::review::{Judged, Mark};
        let p = pos("3k5/9/2n6/9/9/9/9/9/9/R3K4 w");
        let quiet = Judged {
            mover: Color::Red,
            loss: 0,
            drop: 0.0,
            mark: None,
        };
        // The chariot left to the horse: a mistake at least, for both kinds of tutor.
        assert_eq!(
            tutor_mark(&p, mv("a0a6"), &quiet, false),
            Some(Mark::Mistake)
        );
        assert_eq!(
            tutor_mark(&p, mv("a0a6"), &quiet, true),
            Some(Mark::Mistake)
        );
        // A quiet move the engine passes stands; one it calls a mistake (?) is taken
        // back by the tutor, not by the tutor for blunders only.
        assert_eq!(tutor_mark(&p, mv("a0a1"), &quiet, false), None);
        let mistake = Judged {
            mark: Some(Mark::Mistake),
            ..quiet
        };
        assert_eq!(
            tutor_mark(&p, mv("a0a1"), &mistake, false),
            Some(Mark::Mistake)
        );
        assert_eq!(tutor_mark(&p, mv("a0a1"), &mistake, true), None);
        // The engine's own blunder is kept as such.
        let blunder = Judged {
            mark: Some(Mark::Blunder),
            ..quiet
        };
        assert_eq!(
            tutor_mark(&p, mv("a0a1"), &blunder, true),
            Some(Mark::Blunder)
        );
    }

    #[test]
    fn the_usual_first_moves_are_not_questioned() {
        let p = Position::new();
        // 中炮, 飞相, 起马, 仙人指路.
        for m in ["h2e2", "c0e2", "h0g2", "g3g4"] {
            assert_eq!(warn(&p, mv(m)), None, "{m}");
        }
    }

    #[test]
    fn a_chariot_left_to_a_horse_is_named_as_a_player_names_it() {
        let p = pos("3k5/9/2n6/9/9/9/9/9/9/R3K4 w");
        let w = warn(&p, mv("a0a6")).unwrap();
        let t = words(&p, mv("a0a6"), &w, Notation::Wxf);
        assert_eq!(t.get(Lang::Zh), "确定吗？走了这步，你的九路车会被白吃。");
        assert_eq!(
            t.get(Lang::En),
            "Are you sure? Your chariot on a6 can be taken for nothing."
        );
        assert_eq!(t.get(Lang::Hant), "確定嗎？走了這步，你的九路車會被白吃。");
        assert_eq!(
            t.get(Lang::Vi),
            "Bạn chắc chứ? Xe 9 của bạn sẽ bị ăn không."
        );
        // Black counts its files from its own right in Arabic digits (full-width in
        // 繁體, as the books print them).
        let p = pos("r3k4/9/9/9/9/9/2N6/9/9/3K5 b");
        let w = warn(&p, mv("a9a4")).unwrap();
        let t = words(&p, mv("a9a4"), &w, Notation::Vietnamese);
        assert_eq!(t.get(Lang::Zh), "确定吗？走了这步，你的1路车会被白吃。");
        assert_eq!(t.get(Lang::Hant), "確定嗎？走了這步，你的１路車會被白吃。");
    }

    #[test]
    fn a_defended_piece_is_not_given_away() {
        // The chariot on a6 is taken by the horse and Red's horse takes back: still a
        // chariot for a horse, which is a loss.
        let p = pos("3k5/9/2n6/9/9/1N7/9/9/9/R3K4 w");
        assert!(matches!(warn(&p, mv("a0a6")), Some(Warning::Hangs { .. })));
        // A soldier offered to a horse is not worth a warning.
        let p = pos("3k5/9/1n7/9/9/P8/9/9/9/4K4 w");
        assert_eq!(warn(&p, mv("a4a5")), None);
    }

    #[test]
    fn a_mate_missed_and_a_mate_walked_into() {
        // 白脸将: Ra9 mates; anything else misses it.
        let p = pos("3k5/8R/9/9/9/9/9/9/9/R3K4 w");
        assert_eq!(warn(&p, mv("a0a9")), None);
        // Ra1 leaves Black no move at all (困毙), a win too.
        assert_eq!(warn(&p, mv("a0a1")), None);
        let w = warn(&p, mv("i8i7")).unwrap();
        assert!(matches!(w, Warning::MissesMate { .. }));
        assert_eq!(
            words(&p, mv("i8i7"), &w, Notation::Chinese).get(Lang::Zh),
            "确定吗？你有一步杀：车九进九。"
        );
        // Black to move: its chariot blocks the a-file; stepped off it, Red mates
        // there. Taking Red's chariot is the way out.
        let p = pos("3k5/8R/9/9/9/r8/9/9/9/R3K4 b");
        assert_eq!(warn(&p, mv("a4a0")), None);
        let w = warn(&p, mv("a4b4")).unwrap();
        // Ra9+ Rb9 Rxb9: the chariot can block once, not twice.
        assert_eq!(w, Warning::MateInTwo { with: mv("a0a9") });
        let t = words(&p, mv("a4b4"), &w, Notation::Wxf);
        assert_eq!(
            t.get(Lang::Zh),
            "确定吗？走了这步，红方两步杀，先走车九进九。"
        );
        assert_eq!(
            t.get(Lang::En),
            "Are you sure? After this move Red mates in two, starting R9+9."
        );
        assert_eq!(
            t.get(Lang::Hant),
            "確定嗎？走了這步，紅方兩步殺，先走俥九進九。"
        );
        let t = words(&p, mv("a4b4"), &w, Notation::Vietnamese);
        assert_eq!(
            t.get(Lang::Vi),
            "Bạn chắc chứ? Đi nước này thì Đỏ chiếu bí trong hai nước, bắt đầu bằng X9.9."
        );
        let once = Warning::MateInOne { with: mv("a0a9") };
        assert_eq!(
            words(&p, mv("a4b4"), &once, Notation::Wxf).get(Lang::En),
            "Are you sure? After this move Red mates at once (R9+9)."
        );
    }

    #[test]
    fn a_reviews_marked_moves_of_one_side_become_its_mistakes() {
        use crate::games::xiangqi::review::{Judged, Mark};
        let start = Position::new();
        let moves = [mv("h2e2"), mv("b9c7"), mv("e2e6"), mv("c7e6")];
        let best = [
            Some(mv("h0g2")),
            Some(mv("h9g7")),
            Some(mv("b0c2")),
            Some(mv("c7e6")),
        ];
        let judged = |mover, mark| Judged {
            mover,
            loss: 0,
            drop: 0.0,
            mark,
        };
        let judged = [
            judged(Color::Red, None),
            judged(Color::Black, Some(Mark::Inaccuracy)),
            judged(Color::Red, Some(Mark::Mistake)),
            judged(Color::Black, Some(Mark::Blunder)),
        ];
        let red = mistakes(&start, &moves, &best, &judged, Color::Red, "game");
        assert_eq!(red.len(), 1);
        let (fen, m) = &red[0];
        assert!(fen.starts_with("r1bakabnr/9/1cn4c1/"), "{fen}");
        assert_eq!(
            (m.played.as_str(), m.best.as_str(), m.mark.as_str()),
            ("e2e6", "b0c2", "?")
        );
        // Black's ?? was the engine's own move: nothing better to find there.
        assert!(mistakes(&start, &moves, &best, &judged, Color::Black, "game").is_empty());
    }

    #[test]
    fn a_guess_scores_by_the_reviews_own_margin() {
        use crate::games::xiangqi::review::{INACCURACY, Judged};
        let judged = |drop| Judged {
            mover: Color::Red,
            loss: 0,
            drop,
            mark: None,
        };
        assert_eq!(guess_points(true, None), 100);
        assert_eq!(guess_points(false, Some(&judged(INACCURACY - 0.1))), 50);
        assert_eq!(guess_points(false, Some(&judged(INACCURACY))), 0);
        assert_eq!(guess_points(false, None), 0);
    }
}
