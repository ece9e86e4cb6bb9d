//! The warnings in words, in every language the table speaks: the move, the piece as
//! its side calls it, and what is wrong with the move.

use table::i18n::Lang;
use table::learn::Text;

use super::Warning;
use crate::rules::{Color, Move, Notation, Piece, Position, Role, Square};

/// A move in the words of `lang`: Chinese notation in 简体 and 繁體 characters, the
/// settings' `notation` in English and Vietnamese.
#[must_use]
pub fn said(pos: &Position, m: Move, lang: Lang, notation: Notation) -> String {
    match lang {
        Lang::Zh => Notation::Chinese.display(pos, m),
        Lang::Hant => Notation::ChineseTraditional.display(pos, m),
        Lang::En | Lang::Vi => notation.write(pos, m),
    }
}

/// A move in `lang`'s own notation, for words with no settings at hand: Chinese in
/// 简体 and 繁體 characters, WXF in English, Vietnamese in Tiếng Việt.
#[must_use]
pub fn said_own(pos: &Position, m: Move, lang: Lang) -> String {
    let own = if lang == Lang::Vi {
        Notation::Vietnamese
    } else {
        Notation::Wxf
    };
    said(pos, m, lang, own)
}

/// A side's piece as a player of that side calls it: 二路车 for Red's chariot on file
/// `h` (Red counts files from its right in Chinese numerals), 7路马 for Black's on `g`;
/// "chariot on h2" in English, "Xe 2" in Vietnamese.
fn piece_words(piece: Piece, at: Square) -> Text {
    const NUMERALS: [&str; 9] = ["一", "二", "三", "四", "五", "六", "七", "八", "九"];
    const WIDE: [&str; 9] = ["１", "２", "３", "４", "５", "６", "７", "８", "９"];
    // 简体, then 繁體 as Taiwan's books print them.
    let [zh, hant] = match (piece.role, piece.color) {
        (Role::General, Color::Red) => ["帅", "帥"],
        (Role::General, Color::Black) => ["将", "將"],
        (Role::Advisor, Color::Red) => ["仕", "仕"],
        (Role::Advisor, Color::Black) => ["士", "士"],
        (Role::Elephant, Color::Red) => ["相", "相"],
        (Role::Elephant, Color::Black) => ["象", "象"],
        (Role::Horse, _) => ["马", "馬"],
        (Role::Chariot, _) => ["车", "車"],
        (Role::Cannon, _) => ["炮", "炮"],
        (Role::Soldier, Color::Red) => ["兵", "兵"],
        (Role::Soldier, Color::Black) => ["卒", "卒"],
    };
    let file = usize::from(at.file());
    let (zh_file, hant_file) = match piece.color {
        Color::Red => (NUMERALS[8 - file].to_owned(), NUMERALS[8 - file]),
        Color::Black => ((file + 1).to_string(), WIDE[file]),
    };
    let vi = crate::i18n::role(piece.role, Lang::Vi);
    // Vietnamese counts files from the side's own right too, as its ký hiệu does
    // (Pháo 5 for 五路炮), not by the square's name.
    let vi_file = match piece.color {
        Color::Red => 9 - file,
        Color::Black => file + 1,
    };
    Text::new(
        format!("{zh_file}路{zh}"),
        format!("{} on {at}", piece.role.name()),
        format!("{hant_file}路{hant}"),
        format!("{vi} {vi_file}"),
    )
}

/// The warning in words, as the board's player is asked: "Are you sure? …". Moves are
/// written as [`said`] writes them.
#[must_use]
pub fn words(pos: &Position, m: Move, warning: &Warning, notation: Notation) -> Text {
    table::learn::are_you_sure(&reason(pos, m, warning, notation))
}

/// What is wrong with the move, as a sentence: "Your cannon on e6 can be taken for
/// nothing." (the question's and the tutor's words).
#[must_use]
pub fn reason(pos: &Position, m: Move, warning: &Warning, notation: Notation) -> Text {
    let next = pos.play(m).ok();
    // The other side's move, from the position after `m`.
    let other = |with: Move, l: Lang| {
        next.as_ref()
            .map_or_else(|| with.to_string(), |n| said(n, with, l, notation))
    };
    let side = match pos.turn().other() {
        Color::Red => ["红方", "Red", "紅方", "Đỏ"],
        Color::Black => ["黑方", "Black", "黑方", "Đen"],
    };
    match *warning {
        Warning::MissesMate { with } => Text::each(|l| {
            let with = said(pos, with, l, notation);
            match l {
                Lang::Zh => format!("你有一步杀：{with}。"),
                Lang::Hant => format!("你有一步殺：{with}。"),
                Lang::En => format!("You can mate at once with {with}."),
                Lang::Vi => format!("Bạn có nước chiếu bí ngay: {with}."),
            }
        }),
        Warning::MateInOne { with } => Text::each(|l| {
            let (side, with) = (side[l.column()], other(with, l));
            match l {
                Lang::Zh => format!("走了这步，{side}一步杀（{with}）。"),
                Lang::Hant => format!("走了這步，{side}一步殺（{with}）。"),
                Lang::En => format!("After this move {side} mates at once ({with})."),
                Lang::Vi => format!("Đi nước này thì {side} chiếu bí ngay ({with})."),
            }
        }),
        Warning::MateInTwo { with } => Text::each(|l| {
            let (side, with) = (side[l.column()], other(with, l));
            match l {
                Lang::Zh => format!("走了这步，{side}两步杀，先走{with}。"),
                Lang::Hant => format!("走了這步，{side}兩步殺，先走{with}。"),
                Lang::En => format!("After this move {side} mates in two, starting {with}."),
                Lang::Vi => {
                    format!("Đi nước này thì {side} chiếu bí trong hai nước, bắt đầu bằng {with}.")
                }
            }
        }),
        Warning::Hangs { piece, at } => {
            let piece = piece_words(piece, at);
            Text::each(|l| {
                let piece = piece.get(l);
                match l {
                    Lang::Zh => format!("走了这步，你的{piece}会被白吃。"),
                    Lang::Hant => format!("走了這步，你的{piece}會被白吃。"),
                    Lang::En => format!("Your {piece} can be taken for nothing."),
                    Lang::Vi => format!("{piece} của bạn sẽ bị ăn không."),
                }
            })
        }
    }
}
