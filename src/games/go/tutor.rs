//! The warnings a side with help is given before a stone is played: the stone puts its
//! own group in atari (it can be taken at once), leaves a group in atari that could
//! have been saved, or misses taking a group in atari. Read from the rules and the
//! lessons' small tactical reader, so they are the same in the window, on the command
//! line and in the tests.

use table::learn::Text;

use crate::games::go::lessons::reader;
use crate::go::{Board, Chain, Color, Move, Point, Position, Rules};

/// The fewest stones a warning is about: a single stone in atari is often a sacrifice
/// (a throw-in, 倒扑) and is not questioned.
const STONES: usize = 2;

/// How many of its own moves the attacker is given to take a group the reader calls
/// saved.
const READ: u32 = 4;

/// What is wrong with a stone, found before it is played.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Warning {
    /// The stone's own group is left with one liberty and the other side takes it there.
    SelfAtari {
        /// Stones the other side takes.
        stones: usize,
        /// Where the other side takes them.
        by: Point,
    },
    /// A group of the mover's was in atari, could have been saved, and still is.
    LeftInAtari {
        /// Its stones.
        stones: usize,
        /// One of them, to name it.
        at: Point,
        /// A move that saves it.
        save: Point,
    },
    /// A group of the other side's was in atari and this stone does not take it.
    MissesCapture {
        /// Its stones.
        stones: usize,
        /// One of them, to name it.
        at: Point,
        /// Where it is taken.
        by: Point,
    },
}

/// The chains of `color` of at least [`STONES`] stones with one liberty.
fn in_atari(board: &Board, color: Color) -> Vec<Chain> {
    let mut seen: Vec<Point> = Vec::new();
    let mut chains = Vec::new();
    for p in board.stones(color) {
        if seen.contains(&p) {
            continue;
        }
        let Some(chain) = board.chain(p) else {
            continue;
        };
        seen.extend(&chain.stones);
        if chain.stones.len() >= STONES && chain.liberties.len() == 1 {
            chains.push(chain);
        }
    }
    chains
}

/// The stones a move takes off the board.
fn taken(pos: &Position, next: &Position) -> usize {
    let other = !pos.to_move();
    pos.board()
        .stones(other)
        .len()
        .saturating_sub(next.board().stones(other).len())
}

/// A move that keeps `chain` (the side to move's) on the board: after it, the reader
/// finds no way to take it within a few moves.
fn save(pos: &Position, chain: &Chain, rules: &Rules) -> Option<Point> {
    let board = pos.board();
    let size = board.size();
    let mut tries: Vec<Point> = chain.liberties.clone();
    // Taking a neighbour in atari gives liberties too.
    for &s in &chain.stones {
        for n in reader::neighbours(size, s) {
            if let Some(c) = board.chain(n).filter(|c| c.color != chain.color)
                && c.liberties.len() == 1
                && !tries.contains(&c.liberties[0])
            {
                tries.push(c.liberties[0]);
            }
        }
    }
    tries.into_iter().find(|&p| {
        pos.play(Move::Play(p), rules).is_ok_and(|next| {
            next.board().get(chain.stones[0]) == Some(chain.color)
                && reader::capture(&next, &chain.stones[..1], READ).is_none()
        })
    })
}

/// The mark for which the tutor takes `mv` back in `pos`: GNU Go's review's (blunders
/// alone for "blunders only"), or a mistake at least where the warnings would stop the
/// stone: the tutor never lets pass what the lighter help flags.
#[must_use]
pub fn tutor_mark(
    pos: &Position,
    mv: Move,
    rules: &Rules,
    reviewed: Option<crate::games::go::review::Mark>,
    blunders_only: bool,
) -> Option<crate::games::go::review::Mark> {
    use crate::games::go::review::Mark;
    reviewed
        .filter(|m| !blunders_only || *m == Mark::Blunder)
        .or_else(|| warn(pos, mv, rules).map(|_| reviewed.unwrap_or(Mark::Mistake)))
}

/// The warning for `mv` in `pos` under `rules`, if there is one.
///
/// ```
/// use xiangqi::games::go::tutor::{Warning, warn};
/// use xiangqi::go::text::read_diagram;
/// use xiangqi::go::{Move, Point, Rules};
///
/// // Black's two stones at A4–B4 have two liberties; C4 joins a third stone to them
/// // and leaves them one: White takes three at A3.
/// let pos = read_diagram("X X . O\n. O O .\n. . . .\n. . . .").unwrap();
/// let c4 = Move::Play(Point::from_gtp("C4", 4).unwrap());
/// let w = warn(&pos, c4, &Rules::CHINESE);
/// assert!(matches!(w, Some(Warning::SelfAtari { stones: 3, .. })), "{w:?}");
/// ```
#[must_use]
pub fn warn(pos: &Position, mv: Move, rules: &Rules) -> Option<Warning> {
    let Move::Play(at) = mv else {
        return None;
    };
    let me = pos.to_move();
    let next = pos.play(mv, rules).ok()?;
    let took = taken(pos, &next);
    if let Some(chain) = next.board().chain(at)
        && chain.stones.len() >= STONES
        && chain.liberties.len() == 1
    {
        let by = chain.liberties[0];
        // A group the other side cannot take there (the point is forbidden), or
        // takes only to be taken back at once (倒扑), is no loss.
        let lost = next.play(Move::Play(by), rules).is_ok_and(|after| {
            after
                .board()
                .chain(by)
                .is_some_and(|c| c.liberties.len() > 1 || c.stones.len() > 1)
        });
        if lost {
            return Some(Warning::SelfAtari {
                stones: chain.stones.len(),
                by,
            });
        }
    }
    for chain in in_atari(pos.board(), me) {
        let still = next
            .board()
            .chain(chain.stones[0])
            .is_some_and(|c| c.liberties.len() == 1);
        if still && let Some(save) = save(pos, &chain, rules) {
            return Some(Warning::LeftInAtari {
                stones: chain.stones.len(),
                at: chain.stones[0],
                save,
            });
        }
    }
    if took > 0 {
        return None;
    }
    in_atari(pos.board(), !me)
        .into_iter()
        .filter(|c| pos.play(Move::Play(c.liberties[0]), rules).is_ok())
        .max_by_key(|c| c.stones.len())
        .map(|c| Warning::MissesCapture {
            stones: c.stones.len(),
            at: c.stones[0],
            by: c.liberties[0],
        })
}

/// A stone other than GNU Go's counts as found (a mistake practised, a stone guessed)
/// when its review would not mark it.
#[must_use]
pub fn as_good(step: &crate::games::go::review::Step) -> bool {
    step.mark.is_none()
}

/// A guess's points: the game's own stone 100, one [`as_good`] 50, else 0.
#[must_use]
pub fn guess_points(games_move: bool, step: Option<&crate::games::go::review::Step>) -> u32 {
    match (games_move, step) {
        (true, _) => 100,
        (false, Some(s)) if as_good(s) => 50,
        _ => 0,
    }
}

/// A Go position as the mistakes queue keeps it: the board's rows top first joined by
/// `/` (X black, O white, . empty), then the side to move (`b` or `w`).
#[must_use]
pub fn position_text(pos: &Position) -> String {
    let diagram = pos.board().diagram();
    let rows: Vec<&str> = diagram.lines().map(str::trim).collect();
    let side = if pos.to_move() == Color::Black {
        "b"
    } else {
        "w"
    };
    format!("{} {side}", rows.join("/"))
}

/// The positions before each stone of `mover` GNU Go's review marks, as a player's
/// mistakes are queued to be practised: the position, the stone played, GNU Go's point
/// and the mark.
#[must_use]
pub fn mistakes(
    game: &crate::go::Game,
    steps: &[Option<crate::games::go::review::Step>],
    mover: Color,
    source: &str,
) -> Vec<(String, table::learn::mistakes::Mistake)> {
    let size = game.start().board().size();
    steps
        .iter()
        .enumerate()
        .filter_map(|(i, step)| {
            let step = step.as_ref()?;
            let mark = step.mark?;
            if step.mover != mover || step.best.mv == step.played {
                return None;
            }
            let pos = game.position_at(i)?;
            Some((
                position_text(pos),
                table::learn::mistakes::Mistake {
                    played: step.played.gtp(size),
                    best: step.best.mv.gtp(size),
                    mark: mark.glyph().to_owned(),
                    source: source.to_owned(),
                    due: 0,
                    step: 0,
                    found: 0,
                },
            ))
        })
        .collect()
}

/// The warning in words, as the player is asked: "Are you sure? …".
#[must_use]
pub fn words(warning: &Warning, size: u8) -> Text {
    table::learn::are_you_sure(&reason(warning, size))
}

/// What is wrong with the stone, as a sentence (the question's and the tutor's words).
#[must_use]
pub fn reason(warning: &Warning, size: u8) -> Text {
    let gtp = |p: Point| p.gtp(size);
    match *warning {
        Warning::SelfAtari { stones, by } => {
            let by = gtp(by);
            Text::new(
                format!("走了这步，这块 {stones} 颗子只剩一口气，对方下 {by} 就能提掉。"),
                format!(
                    "This leaves your {stones} stones one liberty: the other side takes them at {by}."
                ),
                format!("走了這步，這塊 {stones} 顆子只剩一口氣，對方下 {by} 就能提掉。"),
                format!(
                    "Nước này để {stones} quân của bạn chỉ còn một khí: đối phương đặt ở {by} là ăn được."
                ),
            )
        }
        Warning::LeftInAtari { stones, at, save } => {
            let (at, save) = (gtp(at), gtp(save));
            Text::new(
                format!("你在 {at} 的 {stones} 颗子正被打吃，还能救（下 {save}）。"),
                format!(
                    "Your {stones} stones at {at} are in atari and can still be saved (at {save})."
                ),
                format!("你在 {at} 的 {stones} 顆子正被打吃，還能救（下 {save}）。"),
                format!(
                    "{stones} quân của bạn ở {at} đang bị dọa ăn (atari) và vẫn cứu được (đặt ở {save})."
                ),
            )
        }
        Warning::MissesCapture { stones, at, by } => {
            let (at, by) = (gtp(at), gtp(by));
            Text::new(
                format!("你可以下 {by} 提掉对方 {at} 的 {stones} 颗子。"),
                format!("You can take the other side's {stones} stones at {at} now, at {by}."),
                format!("你可以下 {by} 提掉對方 {at} 的 {stones} 顆子。"),
                format!("Bạn có thể đặt ở {by} để ăn ngay {stones} quân của đối phương ở {at}."),
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::text::read_diagram;
    use table::i18n::Lang;

    fn play(p: &str, size: u8) -> Move {
        Move::Play(Point::from_gtp(p, size).unwrap())
    }

    const R: Rules = Rules::CHINESE;

    #[test]
    fn the_tutor_takes_back_what_the_warnings_flag_whatever_gnu_go_said() {
        use crate::games::go::review::Mark;
        let pos = read_diagram("X X . O\n. O O .\n. . . .\n. . . .").unwrap();
        let c4 = play("C4", 4);
        assert_eq!(tutor_mark(&pos, c4, &R, None, false), Some(Mark::Mistake));
        assert_eq!(tutor_mark(&pos, c4, &R, None, true), Some(Mark::Mistake));
        assert_eq!(
            tutor_mark(&pos, c4, &R, Some(Mark::Blunder), true),
            Some(Mark::Blunder)
        );
        // A quiet stone GNU Go passes stands.
        assert_eq!(tutor_mark(&pos, play("C1", 4), &R, None, false), None);
    }

    #[test]
    fn an_empty_board_and_a_pass_are_not_questioned() {
        let pos = Position::new(9).unwrap();
        for p in pos.board().points() {
            assert_eq!(warn(&pos, Move::Play(p), &R), None);
        }
        assert_eq!(warn(&pos, Move::Pass, &R), None);
    }

    #[test]
    fn a_group_in_atari_saved_or_left() {
        // Black's two stones on the C-file have one liberty, C4: played there they
        // have three and run out; played elsewhere they are taken.
        let pos = read_diagram(". . . . .\n. . . . .\n. O X O .\n. O X O .\n. . O X .").unwrap();
        let pos = Position::from_board(*pos.board(), Color::Black);
        let chain = pos
            .board()
            .chain(Point::from_gtp("C3", 5).unwrap())
            .unwrap();
        assert_eq!(chain.liberties.len(), 1, "{chain:?}");
        let save = chain.liberties[0];
        assert_eq!(warn(&pos, Move::Play(save), &R), None);
        let w = warn(&pos, play("E5", 5), &R).unwrap();
        assert!(matches!(w, Warning::LeftInAtari { stones: 2, .. }), "{w:?}");
        assert_eq!(
            words(&w, 5).get(Lang::Zh),
            format!(
                "确定吗？你在 {} 的 2 颗子正被打吃，还能救（下 C4）。",
                chain.stones[0].gtp(5)
            )
        );
    }

    #[test]
    fn a_capture_missed() {
        let pos = read_diagram(". X . . .\nX O O X .\n. X X . .\n. . . . .\n. . . . .").unwrap();
        let pos = Position::from_board(*pos.board(), Color::Black);
        let w = warn(&pos, play("E1", 5), &R).unwrap();
        let t = words(&w, 5);
        assert_eq!(
            t.get(Lang::En),
            "Are you sure? You can take the other side's 2 stones at B4 now, at C5."
        );
        assert_eq!(
            t.get(Lang::Hant),
            "確定嗎？你可以下 C5 提掉對方 B4 的 2 顆子。"
        );
        assert_eq!(
            t.get(Lang::Vi),
            "Bạn chắc chứ? Bạn có thể đặt ở C5 để ăn ngay 2 quân của đối phương ở B4."
        );
        assert_eq!(warn(&pos, play("C5", 5), &R), None);
    }
}
