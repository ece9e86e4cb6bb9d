//! The words of UCI the client needs: moves in either rank numbering, scores, the
//! lines an engine reports, search limits. No process here: pure parsing and writing.

use std::time::Duration;

use crate::rules::{Move, Position, Square};

/// How an engine numbers ranks in its moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ranks {
    /// `a0`–`i9`, as ICCS (Pikafish, most UCCI engines).
    FromZero,
    /// `a1`–`i10` (Fairy-Stockfish).
    FromOne,
}

impl Ranks {
    /// `m` as this engine writes it.
    #[must_use]
    pub fn write(self, m: Move) -> String {
        let sq = |s: Square| {
            let rank = s.rank() + u8::from(self == Ranks::FromOne);
            format!("{}{rank}", char::from(b'a' + s.file()))
        };
        format!("{}{}", sq(m.from), sq(m.to))
    }

    /// A move as this engine writes it (`h10g8`, `h9g7`).
    #[must_use]
    pub fn read(self, text: &str) -> Option<Move> {
        let bytes = text.as_bytes();
        let square = |i: usize| -> Option<(Square, usize)> {
            let file = bytes.get(i)?.checked_sub(b'a')?;
            let mut j = i + 1;
            while bytes.get(j).is_some_and(u8::is_ascii_digit) {
                j += 1;
            }
            let rank: u8 = text.get(i + 1..j)?.parse().ok()?;
            let rank = rank.checked_sub(u8::from(self == Ranks::FromOne))?;
            Some((Square::new(file, rank)?, j))
        };
        let (from, next) = square(0)?;
        let (to, end) = square(next)?;
        (end == text.len() && from != to).then(|| Move::new(from, to))
    }
}

/// An evaluation, from the side to move's point of view (as UCI gives it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Score {
    /// Hundredths of a pawn (a soldier).
    Centipawns(i32),
    /// Mate in this many moves (negative: being mated).
    Mate(i32),
}

impl Score {
    /// The score from `side`'s point of view, given that it was `mover`'s (the side to
    /// move in the searched position, whose view UCI gives).
    ///
    /// ```
    /// use xiangqi::engine::Score;
    /// use xiangqi::rules::Color;
    ///
    /// let black_ahead = Score::Centipawns(80);
    /// assert_eq!(black_ahead.for_side(Color::Black, Color::Red), Score::Centipawns(-80));
    /// assert_eq!(Score::Mate(2).for_side(Color::Black, Color::Red), Score::Mate(-2));
    /// assert_eq!(Score::Mate(2).for_side(Color::Red, Color::Red), Score::Mate(2));
    /// ```
    #[must_use]
    pub fn for_side(self, mover: crate::rules::Color, side: crate::rules::Color) -> Score {
        if mover == side {
            return self;
        }
        match self {
            Score::Centipawns(cp) => Score::Centipawns(cp.saturating_neg()),
            Score::Mate(n) => Score::Mate(n.saturating_neg()),
        }
    }
}

/// One line of play the engine reports while it searches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// How deep it has searched.
    pub depth: u32,
    /// Which of the best lines (1 is the best).
    pub multipv: usize,
    /// Its evaluation.
    pub score: Score,
    /// The moves, legal from the searched position (cut at the first that is not).
    pub pv: Vec<Move>,
}

impl Line {
    /// Its first `n` moves from `pos` (the searched position), each spelled by `spell`
    /// in the position it is played from (`Notation::write` or `display`).
    ///
    /// ```
    /// use xiangqi::engine::{Line, Score};
    /// use xiangqi::rules::{Notation, Position};
    ///
    /// let line = Line {
    ///     depth: 1,
    ///     multipv: 1,
    ///     score: Score::Centipawns(0),
    ///     pv: vec!["h2e2".parse().unwrap(), "h9g7".parse().unwrap()],
    /// };
    /// let words = line.spelled(&Position::new(), 8, |p, m| Notation::Wxf.write(p, m));
    /// assert_eq!(words, ["C2=5", "H8+7"]);
    /// ```
    #[must_use]
    pub fn spelled(
        &self,
        pos: &Position,
        n: usize,
        spell: impl Fn(&Position, Move) -> String,
    ) -> Vec<String> {
        let mut at = pos.clone();
        let mut words = Vec::new();
        for &m in self.pv.iter().take(n) {
            words.push(spell(&at, m));
            // Legal by construction; a line read about another position stops here.
            match at.play(m) {
                Ok(next) => at = next,
                Err(_) => break,
            }
        }
        words
    }
}

/// How long to search.
///
/// Written and read as a person would put it: `depth 8`, `1.5 s`, `infinite`.
///
/// ```
/// use std::time::Duration;
/// use xiangqi::engine::Limit;
///
/// assert_eq!("depth 8".parse(), Ok(Limit::Depth(8)));
/// assert_eq!("1.5 s".parse(), Ok(Limit::MoveTime(Duration::from_millis(1500))));
/// assert_eq!(Limit::MoveTime(Duration::from_millis(250)).to_string(), "0.25 s");
/// let within = Limit::DepthWithin(3, Duration::from_secs(2));
/// assert_eq!(within.to_string(), "depth 3 within 2 s");
/// assert_eq!("depth 3 within 2 s".parse(), Ok(within));
/// assert!("depth many".parse::<Limit>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Limit {
    /// To this many plies.
    Depth(u32),
    /// For this long.
    MoveTime(Duration),
    /// To this many plies, but no longer than this: a level on a clock stays its level
    /// while its time allows (UCI `go depth D movetime T`).
    DepthWithin(u32, Duration),
    /// Until told to stop (analysis).
    Infinite,
}

impl std::fmt::Display for Limit {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Limit::Depth(d) => write!(f, "depth {d}"),
            // Seconds to the millisecond, without trailing zeros.
            Limit::MoveTime(t) => {
                let ms = t.as_millis();
                let text = format!("{}.{:03}", ms / 1000, ms % 1000);
                write!(f, "{} s", text.trim_end_matches('0').trim_end_matches('.'))
            }
            Limit::DepthWithin(d, t) => write!(f, "depth {d} within {}", Limit::MoveTime(*t)),
            Limit::Infinite => f.write_str("infinite"),
        }
    }
}

impl std::str::FromStr for Limit {
    type Err = String;

    fn from_str(text: &str) -> Result<Limit, String> {
        let text = text.trim();
        let bad = || format!("\"{text}\" is no search limit (depth 8, 1.5 s, 500 ms)");
        if text == "infinite" {
            return Ok(Limit::Infinite);
        }
        if let Some(depth) = text.strip_prefix("depth") {
            if let Some((depth, time)) = depth.split_once("within") {
                let Ok(Limit::MoveTime(t)) = time.parse() else {
                    return Err(bad());
                };
                let depth = depth.trim().parse().map_err(|_| bad())?;
                return Ok(Limit::DepthWithin(depth, t));
            }
            return depth.trim().parse().map(Limit::Depth).map_err(|_| bad());
        }
        let (number, millis) = if let Some(n) = text.strip_suffix("ms") {
            (n, 1.0)
        } else if let Some(n) = text.strip_suffix('s') {
            (n, 1000.0)
        } else {
            return Err(bad());
        };
        let value: f64 = number.trim().parse().map_err(|_| bad())?;
        let ms = value * millis;
        // A day is more than any move is given; NaN and negatives are no time.
        if !(0.0..=86_400_000.0).contains(&ms) {
            return Err(bad());
        }
        Ok(Limit::MoveTime(Duration::from_millis(ms.round() as u64)))
    }
}

/// An `info … depth D … score cp X|mate N … multipv K … pv …` line; `None` for the
/// other kinds of `info` (current move, hash use, strings).
pub(super) fn parse_info(line: &str, pos: &Position, ranks: Ranks) -> Option<Line> {
    let words: Vec<&str> = line.split_whitespace().collect();
    let after = |key: &str| words.iter().position(|w| *w == key).map(|i| i + 1);
    let depth = words.get(after("depth")?)?.parse().ok()?;
    let multipv = after("multipv")
        .and_then(|i| words.get(i)?.parse().ok())
        .unwrap_or(1);
    let s = after("score")?;
    let value: i32 = words.get(s + 1)?.parse().ok()?;
    let score = match *words.get(s)? {
        "cp" => Score::Centipawns(value),
        "mate" => Score::Mate(value),
        _ => return None,
    };
    let mut pv = Vec::new();
    let mut at = pos.clone();
    for text in words.iter().skip(after("pv")?) {
        let Some(m) = ranks.read(text).filter(|&m| at.is_legal(m)) else {
            break;
        };
        at = at.play(m).ok()?;
        pv.push(m);
    }
    Some(Line {
        depth,
        multipv,
        score,
        pv,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranks_are_written_and_read_both_ways() {
        let m: Move = "h9g7".parse().unwrap();
        assert_eq!(Ranks::FromZero.write(m), "h9g7");
        assert_eq!(Ranks::FromOne.write(m), "h10g8");
        assert_eq!(Ranks::FromOne.read("h10g8"), Some(m));
        assert_eq!(Ranks::FromZero.read("h9g7"), Some(m));
        for bad in ["", "h10", "h0g0", "h11g8", "z1a1", "a0a1x", "h10g8 "] {
            assert_eq!(Ranks::FromOne.read(bad), None, "{bad}");
        }
        assert_eq!(Ranks::FromZero.read("a10a9"), None);
    }

    #[test]
    fn info_lines_give_depth_score_and_a_legal_pv() {
        let pos = Position::new();
        let line =
            "info depth 8 seldepth 9 multipv 2 score cp -28 nodes 14520 pv h3e3 h10g8 e3e3 b1c3";
        let l = parse_info(line, &pos, Ranks::FromOne).unwrap();
        assert_eq!(
            (l.depth, l.multipv, l.score),
            (8, 2, Score::Centipawns(-28))
        );
        let pv: Vec<String> = l.pv.iter().map(ToString::to_string).collect();
        assert_eq!(pv, ["h2e2", "h9g7"], "cut at the first illegal move");
        let mate = parse_info("info depth 3 score mate -2 pv", &pos, Ranks::FromOne).unwrap();
        assert_eq!(mate.score, Score::Mate(-2));
        assert_eq!(
            parse_info("info currmove h3e3 currmovenumber 1", &pos, Ranks::FromOne),
            None
        );
        assert_eq!(parse_info("info string hello", &pos, Ranks::FromOne), None);
    }
}
