//! Marks drawn on the board to explain a position: arrows and circled points, as PGN
//! comments carry them in the commands lichess and ChessBase write (`[%cal Ga1a2]` for
//! arrows, `[%csl Re4]` for circles; G green, R red, Y yellow, B blue), read out of a
//! comment and written back into one.
//!
//! ```
//! use xiangqi_rules::tree::marks::{Colour, Marks};
//!
//! let (marks, rest) = Marks::read("[%cal Gh2e2,Rb9c7] [%csl Ye6] the centre");
//! assert_eq!(rest, "the centre");
//! assert_eq!(marks.arrows.len(), 2);
//! assert_eq!(marks.circles[0].colour, Colour::Yellow);
//! assert_eq!(marks.write(), "[%csl Ye6] [%cal Gh2e2,Rb9c7]");
//! ```

use crate::Square;

/// A mark's colour, by its letter.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Colour {
    /// `G`.
    Green,
    /// `R`.
    Red,
    /// `Y`.
    Yellow,
    /// `B`.
    Blue,
}

impl Colour {
    /// Every colour.
    pub const ALL: [Colour; 4] = [Colour::Green, Colour::Red, Colour::Yellow, Colour::Blue];

    /// Its letter in the commands.
    #[must_use]
    pub const fn letter(self) -> char {
        match self {
            Colour::Green => 'G',
            Colour::Red => 'R',
            Colour::Yellow => 'Y',
            Colour::Blue => 'B',
        }
    }

    fn of(letter: char) -> Option<Colour> {
        Colour::ALL.into_iter().find(|c| c.letter() == letter)
    }
}

/// An arrow from one point to another.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Arrow {
    /// Where it starts.
    pub from: Square,
    /// Where it points.
    pub to: Square,
    /// Its colour.
    pub colour: Colour,
}

/// A circled point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Circle {
    /// The point.
    pub at: Square,
    /// Its colour.
    pub colour: Colour,
}

/// The marks of a position.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Marks {
    /// The arrows, in file order.
    pub arrows: Vec<Arrow>,
    /// The circles, in file order.
    pub circles: Vec<Circle>,
}

impl Marks {
    /// No mark.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.arrows.is_empty() && self.circles.is_empty()
    }

    /// The marks a comment's `[%cal …]` and `[%csl …]` commands hold, and the comment
    /// without them. A command with a part that does not read (an unknown colour, a
    /// point off the board) is left in the comment as it was, whole: nothing is lost.
    #[must_use]
    pub fn read(comment: &str) -> (Marks, String) {
        let mut marks = Marks::default();
        let mut rest = String::with_capacity(comment.len());
        let mut left = comment;
        while let Some(at) = left.find("[%c") {
            rest.push_str(&left[..at]);
            let command = &left[at..];
            let Some(end) = command.find(']') else {
                rest.push_str(command);
                left = "";
                break;
            };
            let (whole, after) = command.split_at(end + 1);
            if marks.take(&whole[2..whole.len() - 1]) {
                // The command and the spaces it stood between go; one space stays
                // between the words on either side.
                while rest.ends_with(' ') {
                    rest.pop();
                }
                left = after.trim_start_matches(' ');
                if !rest.is_empty() && !rest.ends_with('\n') && !left.is_empty() {
                    rest.push(' ');
                }
            } else {
                rest.push_str(whole);
                left = after;
            }
        }
        rest.push_str(left);
        if marks.is_empty() {
            // Nothing taken: the comment as it was, to the byte.
            return (marks, comment.to_owned());
        }
        (marks, rest.trim().to_owned())
    }

    /// Takes one command's body (`cal Ga1a2,Rb2b3`) if every part of it reads.
    fn take(&mut self, body: &str) -> bool {
        let (name, list) = body.split_once(' ').unwrap_or((body, ""));
        let parts = list.split(',').map(str::trim).filter(|p| !p.is_empty());
        match name {
            "cal" => {
                let read: Option<Vec<Arrow>> = parts
                    .map(|p| {
                        let colour = Colour::of(p.chars().next()?)?;
                        let (from, to) = (p.get(1..3)?, p.get(3..)?);
                        Some(Arrow {
                            from: from.parse().ok()?,
                            to: to.parse().ok()?,
                            colour,
                        })
                    })
                    .collect();
                read.map(|a| self.arrows.extend(a)).is_some()
            }
            "csl" => {
                let read: Option<Vec<Circle>> = parts
                    .map(|p| {
                        let colour = Colour::of(p.chars().next()?)?;
                        Some(Circle {
                            at: p.get(1..)?.parse().ok()?,
                            colour,
                        })
                    })
                    .collect();
                read.map(|c| self.circles.extend(c)).is_some()
            }
            _ => false,
        }
    }

    /// The commands for these marks (circles, then arrows), or nothing.
    #[must_use]
    pub fn write(&self) -> String {
        let mut out = Vec::new();
        if !self.circles.is_empty() {
            let list: Vec<String> = self
                .circles
                .iter()
                .map(|c| format!("{}{}", c.colour.letter(), c.at))
                .collect();
            out.push(format!("[%csl {}]", list.join(",")));
        }
        if !self.arrows.is_empty() {
            let list: Vec<String> = self
                .arrows
                .iter()
                .map(|a| format!("{}{}{}", a.colour.letter(), a.from, a.to))
                .collect();
            out.push(format!("[%cal {}]", list.join(",")));
        }
        out.join(" ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn what_does_not_read_stays_in_the_comment_whole() {
        let text = "[%cal Xa1a2] [%csl Gz9] [%clk 0:10:00] [%cal Ga0a1";
        let (marks, rest) = Marks::read(text);
        assert!(marks.is_empty());
        assert_eq!(rest, text);
    }

    #[test]
    fn a_comment_keeps_its_words_and_lines() {
        let (marks, rest) = Marks::read("first  line\n[%csl Ge4] second\n  third");
        assert_eq!(marks.circles.len(), 1);
        assert_eq!(rest, "first  line\nsecond\n  third");
        let plain = "  two  spaces\n";
        assert_eq!(Marks::read(plain).1, plain);
    }

    #[test]
    fn marks_written_read_back_the_same() {
        let (marks, _) = Marks::read("[%cal Ga0a9,Bi0i9] x [%csl Re9,Ye0]");
        let (again, rest) = Marks::read(&marks.write());
        assert_eq!(again, marks);
        assert!(rest.is_empty());
        assert_eq!(marks.arrows[1].colour, Colour::Blue);
    }
}
