//! The marks SGF keeps with a node for a reader to see: circles, triangles, squares and
//! crosses on points (`CR`, `TR`, `SQ`, `MA`), labels (`LB`), arrows (`AR`) and lines
//! (`LN`). Read from a node's properties and written back into them; the node's other
//! properties are left as they were, and a value that names no point is dropped.
//!
//! ```
//! use go_rules::markup::{Markup, Shape};
//! use go_rules::{Point, sgf};
//!
//! let games = sgf::read("(;SZ[9];B[ee]CR[dd][ef]TR[cc]LB[gg:A]AR[aa:ee])").unwrap();
//! let node = games[0].node(1);
//! let marks = Markup::of(node, 9);
//! assert_eq!(marks.shapes.len(), 3);
//! assert!(marks.shapes.contains(&(Point::new(2, 2), Shape::Triangle)));
//! assert_eq!(marks.labels, [(Point::new(6, 6), "A".to_owned())]);
//! assert_eq!(marks.arrows, [(Point::new(0, 0), Point::new(4, 4))]);
//! ```

use crate::point::Point;
use crate::sgf::{Node, coordinates, point, points_of};

/// A shape on a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Shape {
    /// `CR`.
    Circle,
    /// `TR`.
    Triangle,
    /// `SQ`.
    Square,
    /// `MA`, a cross.
    Cross,
}

impl Shape {
    /// Every shape.
    pub const ALL: [Shape; 4] = [Shape::Circle, Shape::Triangle, Shape::Square, Shape::Cross];

    /// Its SGF property.
    #[must_use]
    pub const fn property(self) -> &'static str {
        match self {
            Shape::Circle => "CR",
            Shape::Triangle => "TR",
            Shape::Square => "SQ",
            Shape::Cross => "MA",
        }
    }

    /// Its name, for a screen reader and the log.
    #[must_use]
    pub const fn name(self) -> &'static str {
        match self {
            Shape::Circle => "circle",
            Shape::Triangle => "triangle",
            Shape::Square => "square",
            Shape::Cross => "cross",
        }
    }
}

/// The properties the marks are kept in.
const PROPERTIES: [&str; 7] = ["CR", "TR", "SQ", "MA", "LB", "AR", "LN"];

/// The marks of one node.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Markup {
    /// Shapes, a point at most one, in the points' order.
    pub shapes: Vec<(Point, Shape)>,
    /// Labels (`LB[dd:A]`).
    pub labels: Vec<(Point, String)>,
    /// Arrows, from and to.
    pub arrows: Vec<(Point, Point)>,
    /// Lines between two points.
    pub lines: Vec<(Point, Point)>,
}

/// A composed value `aa:bb` as two points.
fn pair(value: &str, size: u8) -> Option<(Point, Point)> {
    let (a, b) = value.split_once(':')?;
    let (a, b) = (point(a, size).ok()??, point(b, size).ok()??);
    (a != b).then_some((a, b))
}

impl Markup {
    /// The marks of `node` on a `size` board.
    #[must_use]
    pub fn of(node: &Node, size: u8) -> Markup {
        let mut marks = Markup::default();
        for (name, values) in &node.props {
            for v in values {
                if let Some(shape) = Shape::ALL.into_iter().find(|s| s.property() == name) {
                    for p in points_of(v, size) {
                        if !marks.shapes.iter().any(|(q, _)| *q == p) {
                            marks.shapes.push((p, shape));
                        }
                    }
                    continue;
                }
                match name.as_str() {
                    "LB" => {
                        if let Some((at, text)) = v.split_once(':')
                            && let Ok(Some(p)) = point(at, size)
                        {
                            marks.labels.push((p, text.to_owned()));
                        }
                    }
                    "AR" => marks.arrows.extend(pair(v, size)),
                    "LN" => marks.lines.extend(pair(v, size)),
                    _ => {}
                }
            }
        }
        marks.shapes.sort();
        marks
    }

    /// No mark at all.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.shapes.is_empty()
            && self.labels.is_empty()
            && self.arrows.is_empty()
            && self.lines.is_empty()
    }

    /// Writes the marks into `node`, in place of the marks it had; its other properties
    /// stay as they were.
    pub fn write_into(&self, node: &mut Node) {
        node.props
            .retain(|(name, _)| !PROPERTIES.contains(&name.as_str()));
        for shape in Shape::ALL {
            let values: Vec<String> = self
                .shapes
                .iter()
                .filter(|(_, s)| *s == shape)
                .map(|(p, _)| coordinates(*p))
                .collect();
            if !values.is_empty() {
                node.props.push((shape.property().to_owned(), values));
            }
        }
        let labels: Vec<String> = self
            .labels
            .iter()
            .map(|(p, t)| format!("{}:{t}", coordinates(*p)))
            .collect();
        let arrows = |pairs: &[(Point, Point)]| -> Vec<String> {
            pairs
                .iter()
                .map(|(a, b)| format!("{}:{}", coordinates(*a), coordinates(*b)))
                .collect()
        };
        for (name, values) in [
            ("LB", labels),
            ("AR", arrows(&self.arrows)),
            ("LN", arrows(&self.lines)),
        ] {
            if !values.is_empty() {
                node.props.push((name.to_owned(), values));
            }
        }
    }

    /// `shape` on `p`, or off it when it is already there; another shape there is
    /// replaced.
    pub fn toggle_shape(&mut self, p: Point, shape: Shape) {
        let had = self.shapes.iter().position(|(q, _)| *q == p);
        if let Some(i) = had {
            let (_, old) = self.shapes.remove(i);
            if old == shape {
                return;
            }
        }
        self.shapes.push((p, shape));
        self.shapes.sort();
    }

    /// An arrow from `from` to `to`, or none when it is already there.
    pub fn toggle_arrow(&mut self, from: Point, to: Point) {
        match self.arrows.iter().position(|&a| a == (from, to)) {
            Some(i) => _ = self.arrows.remove(i),
            None if from != to => self.arrows.push((from, to)),
            None => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sgf;

    #[test]
    fn marks_round_trip_through_a_node_and_leave_the_rest_alone() {
        let games =
            sgf::read("(;SZ[19];B[pd]C[x]BM[1]CR[aa:bb]MA[cc]LB[dd:开]LN[ee:ff]AR[gg:hh]SQ[ss])")
                .unwrap();
        let mut game = games[0].clone();
        let node = &mut game.nodes[1];
        let mut marks = Markup::of(node, 19);
        assert_eq!(marks.shapes.len(), 6, "{marks:?}");
        marks.toggle_shape(Point::new(2, 2), Shape::Cross);
        marks.toggle_shape(Point::new(3, 3), Shape::Triangle);
        marks.toggle_arrow(Point::new(0, 0), Point::new(5, 5));
        marks.write_into(node);
        assert_eq!(node.comment, "x");
        assert!(node.props.iter().any(|(n, v)| n == "BM" && v == &["1"]));
        let again = sgf::read(&sgf::write(&game)).unwrap();
        assert_eq!(Markup::of(again[0].node(1), 19), marks);
        // A mark off the board or a one-point arrow is dropped, never a panic.
        let odd = sgf::read("(;SZ[5];CR[zz][]AR[aa:aa][aa]LB[qq:x][:y])").unwrap();
        assert!(Markup::of(odd[0].node(1), 5).is_empty());
    }
}
