//! Marks drawn on the board with the right button, at both tables, lichess's way: a
//! right-drag draws an arrow, a right-click marks a point, the same again takes it off.
//! They are kept with the position in the record (Xiangqi: the comment's `[%cal …]`
//! and `[%csl …]`; Go: SGF's `AR` and `CR`/`TR`/`SQ`/`MA`), so a saved game shows
//! them again. The keys held choose: Xiangqi's colour (none green, Shift or Ctrl red,
//! Alt blue, both yellow), Go's shape (a circle, a triangle, a square, a cross).

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::messages::Brush;
use crate::go::Point;
use crate::go::markup::Shape;

/// Go's shape for a brush.
#[must_use]
pub fn shape(brush: Brush) -> Shape {
    match brush {
        Brush::Plain => Shape::Circle,
        Brush::Shift => Shape::Triangle,
        Brush::Alt => Shape::Square,
        Brush::Both => Shape::Cross,
    }
}

/// A right-click or right-drag on the Go position shown.
pub fn draw(table: &mut GoTable, from: Point, to: Point, brush: Brush) {
    let mut markup = table.markup();
    if from == to {
        markup.toggle_shape(to, shape(brush));
    } else {
        markup.toggle_arrow(from, to);
    }
    table.set_markup(&markup);
    let size = table.size();
    let shapes: Vec<String> = markup
        .shapes
        .iter()
        .map(|(p, s)| format!("{} {}", s.name(), p.gtp(size)))
        .collect();
    let arrows: Vec<String> = markup
        .arrows
        .iter()
        .map(|(a, b)| format!("{}-{}", a.gtp(size), b.gtp(size)))
        .collect();
    info!("go marks now {shapes:?} arrows {arrows:?}");
}

/// The marks of a Go position in words, for a screen reader ("marks: circle D4, label
/// A on C3, arrow D4 to Q16"); none without marks.
#[must_use]
pub fn words(
    markup: &crate::go::markup::Markup,
    size: u8,
    lang: crate::i18n::Lang,
) -> Option<String> {
    use crate::i18n::Lang;
    if markup.is_empty() {
        return None;
    }
    let shape = |s: Shape| match (s, lang) {
        (Shape::Circle, Lang::Zh) => "圆圈",
        (Shape::Circle, Lang::Hant) => "圓圈",
        (Shape::Triangle, Lang::Zh | Lang::Hant) => "三角",
        (Shape::Square, Lang::Zh) => "方块",
        (Shape::Square, Lang::Hant) => "方塊",
        (Shape::Cross, Lang::Zh | Lang::Hant) => "叉",
        (Shape::Circle, Lang::Vi) => "vòng tròn",
        (Shape::Triangle, Lang::Vi) => "tam giác",
        (Shape::Square, Lang::Vi) => "hình vuông",
        (Shape::Cross, Lang::Vi) => "dấu chéo",
        (s, Lang::En) => s.name(),
    };
    let mut all = Vec::new();
    for &(p, s) in &markup.shapes {
        all.push(format!("{} {}", shape(s), p.gtp(size)));
    }
    for (p, text) in &markup.labels {
        all.push(match lang {
            Lang::Zh => format!("{} 标 {text}", p.gtp(size)),
            Lang::Hant => format!("{} 標 {text}", p.gtp(size)),
            Lang::En => format!("label {text} on {}", p.gtp(size)),
            Lang::Vi => format!("nhãn {text} ở {}", p.gtp(size)),
        });
    }
    for (kind, pairs) in [
        (["箭头", "arrow", "箭頭", "mũi tên"], &markup.arrows),
        (["连线", "line", "連線", "đường nối"], &markup.lines),
    ] {
        for (a, b) in pairs {
            let (a, b) = (a.gtp(size), b.gtp(size));
            all.push(match lang {
                Lang::Zh => format!("{} {a} 到 {b}", kind[0]),
                Lang::En => format!("{} {a} to {b}", kind[1]),
                Lang::Hant => format!("{} {a} 到 {b}", kind[2]),
                Lang::Vi => format!("{} từ {a} đến {b}", kind[3]),
            });
        }
    }
    Some(match lang {
        Lang::Zh => format!("标记：{}", all.join("，")),
        Lang::Hant => format!("標記：{}", all.join("，")),
        Lang::En => format!("marks: {}", all.join(", ")),
        Lang::Vi => format!("đánh dấu: {}", all.join(", ")),
    })
}
