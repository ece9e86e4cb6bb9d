//! Every character the program can display exists in the embedded font, so no piece,
//! move or message ever shows an empty box. When this fails, run fonts/make-subset.py.

use xiangqi::i18n::all_fixed_strings;
use xiangqi::rules::{Color, Notation, Piece, Position, Role};

const FONT: &[u8] = include_bytes!("../../fonts/XiangqiKai-Regular.ttf");

fn displayable() -> String {
    let mut text: String = all_fixed_strings().concat();
    for color in Color::ALL {
        for role in Role::ALL {
            text.push(Piece::new(color, role).chinese());
        }
    }
    // Every character Chinese notation can write: numerals, prefixes, actions.
    text.push_str("一二三四五六七八九123456789前中后进退平");
    // Board labels.
    text.push_str("楚河漢界");
    // Every Vietnamese letter, tones and all: the interface in Tiếng Việt and the names
    // Vietnamese players type.
    text.push_str("aàáảãạăằắẳẵặâầấẩẫậeèéẻẽẹêềếểễệiìíỉĩịoòóỏõọôồốổỗộơờớởỡợuùúủũụưừứửữựyỳýỷỹỵđ");
    text.push_str("AÀÁẢÃẠĂẰẮẲẴẶÂẦẤẨẪẬEÈÉẺẼẸÊỀẾỂỄỆIÌÍỈĨỊOÒÓỎÕỌÔỒỐỔỖỘƠỜỚỞỠỢUÙÚỦŨỤƯỪỨỬỮỰYỲÝỶỸỴĐ");
    // And the notation of real moves, to catch anything the lists above forget.
    let pos = Position::new();
    for &m in pos.legal_moves().iter() {
        text.push_str(&Notation::Chinese.write(&pos, m));
    }
    text
}

#[test]
fn every_displayed_character_is_in_the_font() {
    let face = ttf_parser::Face::parse(FONT, 0).expect("the embedded font parses");
    let missing: std::collections::BTreeSet<char> = displayable()
        .chars()
        .filter(|c| !c.is_control())
        .filter(|&c| face.glyph_index(c).is_none())
        .collect();
    assert!(
        missing.is_empty(),
        "not in the font: {missing:?}; run fonts/make-subset.py"
    );
}

#[test]
fn the_font_is_renamed_as_the_ofl_requires() {
    let face = ttf_parser::Face::parse(FONT, 0).unwrap();
    for name in face.names() {
        if let Some(text) = name.to_string()
            && [1, 3, 4, 6, 16, 17].contains(&name.name_id)
        {
            assert!(
                !text.contains("LXGW") && !text.contains("霞鹜"),
                "reserved name: {text}"
            );
        }
    }
    assert!(
        face.names()
            .into_iter()
            .any(|n| n.to_string().as_deref() == Some("Xiangqi Kai"))
    );
}

/// The coordinates' plain face holds every letter and digit the board labels use, and
/// carries its own name, not the original's.
#[test]
fn the_plain_face_holds_the_coordinates_and_is_renamed() {
    let face = ttf_parser::Face::parse(xiangqi::theme::PLAIN_FONT, 0).unwrap();
    for c in "abcdefghi0123456789".chars() {
        assert!(face.glyph_index(c).is_some(), "{c} missing");
    }
    for name in face.names() {
        if let Some(text) = name.to_string()
            && [1, 3, 4, 6, 16].contains(&name.name_id)
        {
            assert!(!text.contains("Noto"), "original name: {text}");
        }
    }
    assert!(
        face.names()
            .into_iter()
            .any(|n| n.to_string().as_deref() == Some(xiangqi::theme::PLAIN_FONT_FAMILY))
    );
}
