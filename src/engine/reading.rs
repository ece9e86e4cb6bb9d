//! GNU Go's own reading over GTP: whether a group can be killed or saved (`owl_*`, its
//! life-and-death reader) and whether a string can be taken (`attack`, `defend`, its
//! tactical reader), and what a move does to either. The Go problems are made and
//! checked by these answers.

use super::EngineError;
use super::gtp::Gtp;
use crate::go::{Color, Move, Point};

/// What GNU Go's reader says of an attack or a defence.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Verdict {
    /// It does not work.
    Fails,
    /// It works, whatever the other side does.
    Works,
    /// It works through a ko the side reading wins first (GNU Go's `KO_A`).
    KoFirst,
    /// It works through a ko the other side takes first: a ko threat is needed
    /// (`KO_B`).
    KoThreat,
    /// It works in part: something is gained or lost on the way (`GAIN`, `LOSS`).
    Partial,
}

impl Verdict {
    /// GNU Go's answer code: 0 fails, 1 works, 2 and 3 the two kinds of ko, 4 and 5
    /// a gain or a loss on the way.
    fn of_code(code: &str) -> Result<Verdict, EngineError> {
        match code {
            "0" => Ok(Verdict::Fails),
            "1" => Ok(Verdict::Works),
            "2" => Ok(Verdict::KoFirst),
            "3" => Ok(Verdict::KoThreat),
            "4" | "5" => Ok(Verdict::Partial),
            other => Err(EngineError::Garbage(format!("a reading code: {other}"))),
        }
    }

    /// It works, ko or not.
    #[must_use]
    pub fn works(self) -> bool {
        matches!(self, Verdict::Works | Verdict::KoFirst | Verdict::KoThreat)
    }

    /// The verdict of the other side's reading turned round: what a move achieved when
    /// the other side, moving next, reads this.
    #[must_use]
    pub fn answered(self) -> Verdict {
        match self {
            Verdict::Fails => Verdict::Works,
            Verdict::Works | Verdict::Partial => Verdict::Fails,
            Verdict::KoFirst | Verdict::KoThreat => Verdict::KoThreat,
        }
    }

    /// It works only through a ko.
    #[must_use]
    pub fn is_ko(self) -> bool {
        matches!(self, Verdict::KoFirst | Verdict::KoThreat)
    }
}

/// Which reader: the group's life and death, or the string's capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reader {
    /// `owl_attack`, `owl_defend`, `owl_does_attack`, `owl_does_defend`.
    Owl,
    /// `attack`, `defend`, `does_attack`, `does_defend`.
    Tactical,
}

impl Reader {
    fn prefix(self) -> &'static str {
        match self {
            Reader::Owl => "owl_",
            Reader::Tactical => "",
        }
    }
}

/// A verdict and the move that makes it (none when it fails).
fn verdict_and_move(answer: &str, size: u8) -> Result<(Verdict, Option<Point>), EngineError> {
    let mut words = answer.split_whitespace();
    let verdict = Verdict::of_code(words.next().unwrap_or("0"))?;
    let point = words.next().and_then(|w| Point::from_gtp(w, size).ok());
    Ok((verdict, point))
}

impl Gtp {
    /// Whether the side against `target`'s group (or string) can take it, moving first,
    /// and with which move.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn attack(
        &mut self,
        reader: Reader,
        target: Point,
        size: u8,
    ) -> Result<(Verdict, Option<Point>), EngineError> {
        self.read("attack", reader, target, size)
    }

    /// Whether `target`'s side can save it, moving first, and with which move.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn defend(
        &mut self,
        reader: Reader,
        target: Point,
        size: u8,
    ) -> Result<(Verdict, Option<Point>), EngineError> {
        self.read("defend", reader, target, size)
    }

    /// `attack` or `defend` (`what`) of the reader, and the move it names.
    fn read(
        &mut self,
        what: &str,
        reader: Reader,
        target: Point,
        size: u8,
    ) -> Result<(Verdict, Option<Point>), EngineError> {
        let answer = self.ask(&format!("{}{what} {}", reader.prefix(), target.gtp(size)))?;
        verdict_and_move(&answer, size)
    }

    /// Whether `mv` (by the side against `target`) takes it. A pass is read as the
    /// other side moving first.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn does_attack(
        &mut self,
        reader: Reader,
        mv: Move,
        target: Point,
        size: u8,
    ) -> Result<Verdict, EngineError> {
        self.does("attack", reader, mv, target, size)
    }

    /// Whether `mv` (by `target`'s side) saves it. A pass is read as the other side
    /// moving first.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn does_defend(
        &mut self,
        reader: Reader,
        mv: Move,
        target: Point,
        size: u8,
    ) -> Result<Verdict, EngineError> {
        self.does("defend", reader, mv, target, size)
    }

    /// `does_attack` or `does_defend` (`what`); a pass: whether the other side, moving
    /// first, fails.
    fn does(
        &mut self,
        what: &str,
        reader: Reader,
        mv: Move,
        target: Point,
        size: u8,
    ) -> Result<Verdict, EngineError> {
        let Move::Play(p) = mv else {
            let (other, _) = if what == "attack" {
                self.defend(reader, target, size)?
            } else {
                self.attack(reader, target, size)?
            };
            return Ok(if other.works() {
                Verdict::Fails
            } else {
                Verdict::Works
            });
        };
        let answer = self.ask(&format!(
            "{}does_{what} {} {}",
            reader.prefix(),
            p.gtp(size),
            target.gtp(size)
        ))?;
        verdict_and_move(&answer, size).map(|(v, _)| v)
    }

    /// The nodes GNU Go's readers visited since the last call: how deep a problem
    /// reads.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn nodes_read(&mut self) -> Result<u64, EngineError> {
        let mut total = 0;
        for counter in ["owl", "reading"] {
            let answer = self.ask(&format!("get_{counter}_node_counter"))?;
            total += answer.trim().parse::<u64>().unwrap_or(0);
            self.ask(&format!("reset_{counter}_node_counter"))?;
        }
        Ok(total)
    }

    /// GNU Go's status of the dragon at `p`: `alive`, `critical`, `dead` or `unknown`.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn dragon_status(&mut self, p: Point, size: u8) -> Result<String, EngineError> {
        let answer = self.ask(&format!("dragon_status {}", p.gtp(size)))?;
        Ok(answer
            .split_whitespace()
            .next()
            .unwrap_or("unknown")
            .to_owned())
    }

    /// Whether `color` may play at `p` on the program's board.
    ///
    /// # Errors
    /// As [`Gtp::ask`].
    pub fn is_legal(&mut self, color: Color, p: Point, size: u8) -> Result<bool, EngineError> {
        let side = if color == Color::Black {
            "black"
        } else {
            "white"
        };
        Ok(self.ask(&format!("is_legal {side} {}", p.gtp(size)))? == "1")
    }
}
