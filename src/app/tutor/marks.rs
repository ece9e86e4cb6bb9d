//! Marks drawn on the board with the right button, at both tables, lichess's way: a
//! right-drag draws an arrow, a right-click marks a point, the same again takes it off.
//! They are kept with the position in the record (Xiangqi: the comment's `[%cal …]`
//! and `[%csl …]`; Go: SGF's `AR` and `CR`/`TR`/`SQ`/`MA`), so a saved game shows
//! them again. The keys held choose: Xiangqi's colour (none green, Shift or Ctrl red,
//! Alt blue, both yellow), Go's shape (a circle, a triangle, a square, a cross).

use bevy::prelude::*;

use crate::app::go::GoTable;
use crate::app::messages::Brush;
use crate::app::xiangqi::model::Model;
use crate::go::Point;
use crate::go::markup::Shape;
use crate::rules::Square;
use crate::rules::tree::marks::{Arrow, Circle, Colour, Marks};

/// Xiangqi's colour for a brush.
#[must_use]
pub fn colour(brush: Brush) -> Colour {
    match brush {
        Brush::Plain => Colour::Green,
        Brush::Shift => Colour::Red,
        Brush::Alt => Colour::Blue,
        Brush::Both => Colour::Yellow,
    }
}

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

/// A right-click on `from` (`to` the same point) or a right-drag to `to`, on the
/// Xiangqi position shown. The same mark again (any colour) takes it off; another
/// colour on the same place replaces it.
pub fn draw_xiangqi(model: &mut Model, from: Square, to: Square, brush: Brush) {
    let mut marks = model.marks();
    let colour = colour(brush);
    if from == to {
        let had = marks.circles.iter().position(|c| c.at == to);
        let same = had.is_some_and(|i| marks.circles[i].colour == colour);
        if let Some(i) = had {
            marks.circles.remove(i);
        }
        if !same {
            marks.circles.push(Circle { at: to, colour });
        }
    } else {
        let had = marks
            .arrows
            .iter()
            .position(|a| a.from == from && a.to == to);
        let same = had.is_some_and(|i| marks.arrows[i].colour == colour);
        if let Some(i) = had {
            marks.arrows.remove(i);
        }
        if !same {
            marks.arrows.push(Arrow { from, to, colour });
        }
    }
    model.set_marks(&marks);
    info!("marks now {:?}", marks.write());
}

/// The marks of the Xiangqi position shown taken off (a plain click on an empty point).
pub fn clear_xiangqi(model: &mut Model) -> bool {
    if model.marks().is_empty() {
        return false;
    }
    model.set_marks(&Marks::default());
    info!("marks cleared");
    true
}

/// A right-click or right-drag on the Go position shown.
pub fn draw_go(table: &mut GoTable, from: Point, to: Point, brush: Brush) {
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

fn colour_word(colour: Colour, lang: crate::i18n::Lang) -> &'static str {
    use crate::i18n::Lang;
    match (colour, lang) {
        (Colour::Green, Lang::Zh) => "绿色",
        (Colour::Red, Lang::Zh) => "红色",
        (Colour::Blue, Lang::Zh) => "蓝色",
        (Colour::Yellow, Lang::Zh) => "黄色",
        (Colour::Green, Lang::En) => "green",
        (Colour::Red, Lang::En) => "red",
        (Colour::Blue, Lang::En) => "blue",
        (Colour::Yellow, Lang::En) => "yellow",
    }
}

/// The marks of a Xiangqi position in words, for a screen reader ("marks: green arrow
/// h2 to e2, red circle e6"); none without marks.
#[must_use]
pub fn xiangqi_words(marks: &Marks, lang: crate::i18n::Lang) -> Option<String> {
    use crate::i18n::Lang;
    if marks.is_empty() {
        return None;
    }
    let arrows = marks.arrows.iter().map(|a| match lang {
        Lang::Zh => format!("{}箭头 {} 到 {}", colour_word(a.colour, lang), a.from, a.to),
        Lang::En => format!(
            "{} arrow {} to {}",
            colour_word(a.colour, lang),
            a.from,
            a.to
        ),
    });
    let circles = marks.circles.iter().map(|c| match lang {
        Lang::Zh => format!("{}圆圈 {}", colour_word(c.colour, lang), c.at),
        Lang::En => format!("{} circle {}", colour_word(c.colour, lang), c.at),
    });
    let all: Vec<String> = arrows.chain(circles).collect();
    Some(match lang {
        Lang::Zh => format!("标记：{}", all.join("，")),
        Lang::En => format!("marks: {}", all.join(", ")),
    })
}

/// The marks of a Go position in words, for a screen reader ("marks: circle D4, label
/// A on C3, arrow D4 to Q16"); none without marks.
#[must_use]
pub fn go_words(
    markup: &crate::go::markup::Markup,
    size: u8,
    lang: crate::i18n::Lang,
) -> Option<String> {
    use crate::i18n::Lang;
    if markup.is_empty() {
        return None;
    }
    let zh_shape = |s: Shape| match s {
        Shape::Circle => "圆圈",
        Shape::Triangle => "三角",
        Shape::Square => "方块",
        Shape::Cross => "叉",
    };
    let mut all = Vec::new();
    for &(p, s) in &markup.shapes {
        all.push(match lang {
            Lang::Zh => format!("{} {}", zh_shape(s), p.gtp(size)),
            Lang::En => format!("{} {}", s.name(), p.gtp(size)),
        });
    }
    for (p, text) in &markup.labels {
        all.push(match lang {
            Lang::Zh => format!("{} 标 {text}", p.gtp(size)),
            Lang::En => format!("label {text} on {}", p.gtp(size)),
        });
    }
    for (kind, pairs) in [
        (("箭头", "arrow"), &markup.arrows),
        (("连线", "line"), &markup.lines),
    ] {
        for (a, b) in pairs {
            all.push(match lang {
                Lang::Zh => format!("{} {} 到 {}", kind.0, a.gtp(size), b.gtp(size)),
                Lang::En => format!("{} {} to {}", kind.1, a.gtp(size), b.gtp(size)),
            });
        }
    }
    Some(match lang {
        Lang::Zh => format!("标记：{}", all.join("，")),
        Lang::En => format!("marks: {}", all.join(", ")),
    })
}
