//! What a screen reader (and the voice) says of the board: a point and what stands on
//! it ("e3, 红兵" / "e3, red soldier"), a move as a player would say it ("红方 炮二平五" /
//! "Red cannon 2 to 5"), a Go stone.

use super::Lang;
use crate::rules::{Color, Notation, Piece, Role};

/// "红兵" / "紅兵" / "red soldier" / "Tốt đỏ": a piece as said aloud (each Chinese in its
/// own characters: 傌 and 俥 as Traditional books print the red horse and chariot).
#[must_use]
pub fn piece(piece: Piece, lang: Lang) -> String {
    match lang {
        Lang::Zh => {
            const RED: [&str; 7] = ["帅", "仕", "相", "马", "车", "炮", "兵"];
            const BLACK: [&str; 7] = ["将", "士", "象", "马", "车", "炮", "卒"];
            let (side, names) = match piece.color {
                Color::Red => ("红", RED),
                Color::Black => ("黑", BLACK),
            };
            format!("{side}{}", names[piece.role.index()])
        }
        // The glyphs on the pieces are the Traditional ones (傌 俥 帥 / 馬 車 砲 將).
        Lang::Hant => {
            let side = match piece.color {
                Color::Red => "紅",
                Color::Black => "黑",
            };
            format!("{side}{}", piece.chinese())
        }
        Lang::Vi => {
            let side = match piece.color {
                Color::Red => "đỏ",
                Color::Black => "đen",
            };
            format!("{} {side}", super::xiangqi::role(piece.role, lang))
        }
        Lang::En => {
            let side = match piece.color {
                Color::Red => "red",
                Color::Black => "black",
            };
            format!("{side} {}", piece.role.name())
        }
    }
}

/// A point of a board by its name, and what stands there: "e3, 红兵", "e3" when empty.
#[must_use]
pub fn point(name: &str, on: Option<String>) -> String {
    match on {
        Some(what) => format!("{name}, {what}"),
        None => name.to_owned(),
    }
}

/// A move as said: the side, then the move in the notation chosen — in English the
/// Chinese notation is said in words ("Red cannon 2 to 5"); then what it took and
/// whether it checks. `wxf` is the move in that notation, `shown` in the one chosen.
/// Second, in Chinese, the same words as a voice should read them where they differ
/// (the pieces by the books' readings: 车 jū, 将 jiàng, 相 xiàng, 卒 zú), for the voice
/// only: the screen reader's text keeps the glyphs.
#[must_use]
pub fn xiangqi_move(
    color: Color,
    notation: Notation,
    shown: &str,
    wxf: &str,
    captured: Option<Piece>,
    check: bool,
    lang: Lang,
) -> (String, Option<String>) {
    let said = |read: fn(&str) -> String| {
        said_move(color, notation, shown, wxf, captured, check, lang, read)
    };
    let text = said(str::to_owned);
    let voice = matches!(lang, Lang::Zh | Lang::Hant)
        .then(|| said(read_as))
        .filter(|v| *v != text);
    (text, voice)
}

/// The pieces' names in a move as a voice reads them: a synthesiser reads 车 chē, 将 jiāng,
/// 相 xiāng, 卒 cù, 傌 mà and 包 bāo, where Xiangqi players say jū, jiàng, xiàng, zú, mǎ,
/// pào; each becomes a character always read so. Only the move and the piece taken: the
/// check's 将军 is jiāngjūn.
fn read_as(words: &str) -> String {
    words
        .chars()
        .map(|c| match c {
            '车' | '車' | '俥' => '居',
            '将' | '將' => '酱',
            '相' => '象',
            '卒' => '足',
            '傌' => '马',
            '包' => '炮',
            c => c,
        })
        .collect()
}

fn said_move(
    color: Color,
    notation: Notation,
    shown: &str,
    wxf: &str,
    captured: Option<Piece>,
    check: bool,
    lang: Lang,
    read: impl Fn(&str) -> String,
) -> String {
    let side = super::side(color, lang);
    let mut said = match (lang, notation) {
        (Lang::En, Notation::Chinese) => format!("{side} {}", wxf_in_words(wxf)),
        (Lang::Vi, Notation::Chinese) => format!("{side} {}", wxf_in_vietnamese(wxf)),
        (Lang::Zh | Lang::Hant | Lang::En | Lang::Vi, _) => format!("{side} {}", read(shown)),
    };
    if let Some(taken) = captured {
        let taken = read(&piece(taken, lang));
        match lang {
            Lang::Zh | Lang::Hant => said.push_str(&format!("，吃{taken}")),
            Lang::En => said.push_str(&format!(", takes {taken}")),
            Lang::Vi => said.push_str(&format!(", ăn {taken}")),
        }
    }
    if check {
        said.push_str(match lang {
            Lang::Zh => "，将军",
            Lang::Hant => "，將軍",
            Lang::En => ", check",
            Lang::Vi => ", chiếu tướng",
        });
    }
    said
}

/// A WXF move in words: `C2=5` "cannon 2 to 5", `H8+7` "horse 8 forward 7", `R+-3`
/// "front chariot back 3", `P3+1` "soldier 3 forward 1". Anything it cannot read is
/// said as written.
#[must_use]
pub fn wxf_in_words(wxf: &str) -> String {
    said_wxf(
        wxf,
        |role| role.name(),
        ["to", "forward", "back"],
        |piece, which| format!("{which} {piece}"),
        ["front", "rear"],
    )
}

/// A WXF move as a Vietnamese player says it: `C2=5` "Pháo 2 bình 5", `H8+7` "Mã 8 tấn 7",
/// `R+-3` "Xe trước thoái 3". Anything it cannot read is said as written.
#[must_use]
pub fn wxf_in_vietnamese(wxf: &str) -> String {
    said_wxf(
        wxf,
        |role| super::xiangqi::role(role, Lang::Vi),
        ["bình", "tấn", "thoái"],
        |piece, which| format!("{piece} {which}"),
        ["trước", "sau"],
    )
}

/// A WXF move in a language's words: its pieces' `names`, its `ops` (sideways, forward,
/// back), and how it puts the front or rear (`tandem`) piece.
fn said_wxf(
    wxf: &str,
    names: impl Fn(Role) -> &'static str,
    [across, forward, back]: [&str; 3],
    tandem: impl Fn(&str, &str) -> String,
    [front, rear]: [&str; 2],
) -> String {
    let mut chars = wxf.chars();
    let Some(role) = chars
        .next()
        .and_then(|c| Role::from_char(c.to_ascii_lowercase()))
    else {
        return wxf.to_owned();
    };
    let rest: Vec<char> = chars.collect();
    let [which, op, to] = rest[..] else {
        return wxf.to_owned();
    };
    let op = match op {
        '=' | '.' => across,
        '+' => forward,
        '-' => back,
        _ => return wxf.to_owned(),
    };
    let piece = names(role);
    match which {
        '+' => format!("{} {op} {to}", tandem(piece, front)),
        '-' => format!("{} {op} {to}", tandem(piece, rear)),
        d if d.is_ascii_digit() => format!("{piece} {d} {op} {to}"),
        _ => wxf.to_owned(),
    }
}

/// A Go stone as said: "black stone" / "黑子".
#[must_use]
pub fn stone(color: crate::go::Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (crate::go::Color::Black, Lang::Zh) => "黑子",
        (crate::go::Color::White, Lang::Zh) => "白子",
        (crate::go::Color::Black, Lang::En) => "black stone",
        (crate::go::Color::White, Lang::En) => "white stone",
        (crate::go::Color::Black, Lang::Hant) => "黑子",
        (crate::go::Color::White, Lang::Hant) => "白子",
        (crate::go::Color::Black, Lang::Vi) => "quân đen",
        (crate::go::Color::White, Lang::Vi) => "quân trắng",
    }
}

/// A Go move as said: "Black D4", "White passes", "黑 D4，提 2 子".
#[must_use]
pub fn go_move(color: crate::go::Color, point: Option<&str>, taken: u32, lang: Lang) -> String {
    let side = super::go_side(color, lang);
    let mut said = match (point, lang) {
        (Some(p), _) => format!("{side} {p}"),
        (None, Lang::Zh) => format!("{side} 停一手"),
        (None, Lang::En) => format!("{side} passes"),
        (None, Lang::Hant) => format!("{side} 停一手"),
        (None, Lang::Vi) => format!("{side} bỏ lượt"),
    };
    if taken > 0 {
        said.push_str(&match lang {
            Lang::Zh | Lang::Hant => format!("，提 {taken} 子"),
            Lang::Vi => format!(", bắt {taken} quân"),
            Lang::En if taken == 1 => ", takes 1 stone".to_owned(),
            Lang::En => format!(", takes {taken} stones"),
        });
    }
    said
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn moves_are_said_as_players_say_them() {
        use Color::{Black, Red};
        let horse = Some(Piece::new(Black, Role::Horse));
        let chariot = Some(Piece::new(Red, Role::Chariot));
        let soldier = Some(Piece::new(Red, Role::Soldier));
        let (cn, wxf) = (Notation::Chinese, Notation::Wxf);
        // The move in the notation shown and in WXF, what it took, whether it checks;
        // the words, and the voice's own reading where it differs (the pieces as players
        // say them, the screen keeping the glyphs, a check's 将军 still jiāngjūn).
        for (side, notation, shown, w, taken, check, lang, text, voice) in [
            (
                Red,
                cn,
                "炮二平五",
                "C2=5",
                None,
                false,
                Lang::Zh,
                "红方 炮二平五",
                None,
            ),
            (
                Red,
                cn,
                "炮二平五",
                "C2=5",
                None,
                false,
                Lang::En,
                "Red cannon 2 to 5",
                None,
            ),
            (
                Red,
                wxf,
                "C2=5",
                "C2=5",
                horse,
                true,
                Lang::En,
                "Red C2=5, takes black horse, check",
                None,
            ),
            (
                Black,
                cn,
                "马8进7",
                "H8+7",
                horse,
                true,
                Lang::Zh,
                "黑方 马8进7，吃黑马，将军",
                None,
            ),
            (
                Black,
                cn,
                "将5平4",
                "K5=4",
                chariot,
                true,
                Lang::Zh,
                "黑方 将5平4，吃红车，将军",
                Some("黑方 酱5平4，吃红居，将军"),
            ),
            (
                Black,
                cn,
                "马8进7",
                "H8+7",
                soldier,
                true,
                Lang::Vi,
                "Đen Mã 8 tấn 7, ăn Tốt đỏ, chiếu tướng",
                None,
            ),
        ] {
            assert_eq!(
                xiangqi_move(side, notation, shown, w, taken, check, lang),
                (text.to_owned(), voice.map(str::to_owned)),
                "{shown} in {lang:?}"
            );
        }
        assert_eq!(wxf_in_words("R+-3"), "front chariot back 3");
        assert_eq!(wxf_in_words("P3+1"), "soldier 3 forward 1");
        assert_eq!(wxf_in_words("??"), "??");
        assert_eq!(wxf_in_vietnamese("C2=5"), "Pháo 2 bình 5");
        assert_eq!(wxf_in_vietnamese("R+-3"), "Xe trước thoái 3");
        assert_eq!(
            piece(Piece::new(Color::Red, Role::Horse), Lang::Hant),
            "紅傌"
        );
        assert_eq!(
            point(
                "e3",
                Some(piece(Piece::new(Color::Red, Role::Soldier), Lang::Zh))
            ),
            "e3, 红兵"
        );
        assert_eq!(
            point(
                "e3",
                Some(piece(Piece::new(Color::Red, Role::Soldier), Lang::En))
            ),
            "e3, red soldier"
        );
        assert_eq!(
            go_move(crate::go::Color::White, None, 0, Lang::En),
            "White passes"
        );
        assert_eq!(
            go_move(crate::go::Color::Black, Some("D4"), 2, Lang::En),
            "Black D4, takes 2 stones"
        );
    }
}
