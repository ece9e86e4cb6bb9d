//! Marks drawn on the board with the right button, at both tables, lichess's way: a
//! right-drag draws an arrow, a right-click marks a point, the same again takes it off.
//! They are kept with the position in the record (Xiangqi: the comment's `[%cal …]`
//! and `[%csl …]`; Go: SGF's `AR` and `CR`/`TR`/`SQ`/`MA`), so a saved game shows
//! them again. The keys held choose: Xiangqi's colour (none green, Shift or Ctrl red,
//! Alt blue, both yellow), Go's shape (a circle, a triangle, a square, a cross).

use bevy::prelude::*;

use crate::app::messages::Brush;
use crate::app::xiangqi::model::Model;
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

/// A right-click on `from` (`to` the same point) or a right-drag to `to`, on the
/// Xiangqi position shown. The same mark again (any colour) takes it off; another
/// colour on the same place replaces it.
pub fn draw(model: &mut Model, from: Square, to: Square, brush: Brush) {
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
pub fn clear(model: &mut Model) -> bool {
    if model.marks().is_empty() {
        return false;
    }
    model.set_marks(&Marks::default());
    info!("marks cleared");
    true
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
        (Colour::Green, Lang::Hant) => "綠色",
        (Colour::Red, Lang::Hant) => "紅色",
        (Colour::Blue, Lang::Hant) => "藍色",
        (Colour::Yellow, Lang::Hant) => "黃色",
        (Colour::Green, Lang::Vi) => "xanh lá",
        (Colour::Red, Lang::Vi) => "đỏ",
        (Colour::Blue, Lang::Vi) => "xanh dương",
        (Colour::Yellow, Lang::Vi) => "vàng",
    }
}

/// The marks of a Xiangqi position in words, for a screen reader ("marks: green arrow
/// h2 to e2, red circle e6"); none without marks.
#[must_use]
pub fn words(marks: &Marks, lang: crate::i18n::Lang) -> Option<String> {
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
        Lang::Hant => format!("{}箭頭 {} 到 {}", colour_word(a.colour, lang), a.from, a.to),
        Lang::Vi => format!(
            "mũi tên {} từ {} đến {}",
            colour_word(a.colour, lang),
            a.from,
            a.to
        ),
    });
    let circles = marks.circles.iter().map(|c| match lang {
        Lang::Zh => format!("{}圆圈 {}", colour_word(c.colour, lang), c.at),
        Lang::Hant => format!("{}圓圈 {}", colour_word(c.colour, lang), c.at),
        Lang::En => format!("{} circle {}", colour_word(c.colour, lang), c.at),
        Lang::Vi => format!("vòng tròn {} {}", colour_word(c.colour, lang), c.at),
    });
    let all: Vec<String> = arrows.chain(circles).collect();
    Some(match lang {
        Lang::Zh => format!("标记：{}", all.join("，")),
        Lang::Hant => format!("標記：{}", all.join("，")),
        Lang::En => format!("marks: {}", all.join(", ")),
        Lang::Vi => format!("đánh dấu: {}", all.join(", ")),
    })
}
