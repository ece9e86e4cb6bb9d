//! Chinese four-character notation (中文纵线记谱): `炮二平五`, `馬8进7`, `前車平2`, `中2平3`.
//!
//! Red counts files 一–九 from red's right, black 1–9 from black's right. The third
//! character is 进 (forward), 退 (back) or 平 (sideways); the fourth is the number of
//! ranks moved for chariot, cannon, soldier and general going forward or back, and
//! the target file otherwise. Two or more like pieces on one file are told apart by
//! 前/中/后 (or 前/二/三/四/五 for four or five soldiers), which replaces the file; when
//! two files hold stacked soldiers the file stays and the piece is dropped.
//! Advisors and elephants are never prefixed: 进/退 already tell them apart.

use super::{
    MoveFacts, Notation, NotationError, NotationErrorKind, ends_with, file_number, relative_rank,
    unique_match,
};
use crate::{Color, Move, Piece, Position, Role};

const RED_NUMERALS: [char; 9] = ['一', '二', '三', '四', '五', '六', '七', '八', '九'];

/// How a move is spelled: the convention of exchanged files, or the board's own glyphs.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub(super) enum Style {
    /// 车马炮 for both sides, 帅将 仕士 相象 兵卒, full-width digits for black
    /// (`马８进７`): what XQWizard and the game sites write, and what other readers expect.
    Common,
    /// The glyphs printed on the pieces (俥傌砲 / 車馬砲) and ASCII digits for black
    /// (`馬8进7`): what the game shows.
    Board,
    /// 车马炮 for both sides as [`Style::Common`], in one script, and ASCII digits for
    /// black (`马8进7`): what the panel shows, as compact as the board's own spelling.
    Panel,
    /// The pieces' glyphs in Traditional script (進, 後) and full-width digits for black
    /// (`傌八進七`, `馬８進７`): as books from Taiwan and Hong Kong print moves.
    Traditional,
}

impl Style {
    fn glyph(self, piece: Piece) -> char {
        // Indexed by role: general, advisor, elephant, horse, chariot, cannon, soldier.
        const RED: [char; 7] = ['帅', '仕', '相', '马', '车', '炮', '兵'];
        const BLACK: [char; 7] = ['将', '士', '象', '马', '车', '炮', '卒'];
        match (self, piece.color) {
            (Style::Board | Style::Traditional, _) => piece.chinese(),
            (Style::Common | Style::Panel, Color::Red) => RED[piece.role.index()],
            (Style::Common | Style::Panel, Color::Black) => BLACK[piece.role.index()],
        }
    }

    /// `c` in the style's script: 進 and 後 in Traditional.
    fn script(self, c: char) -> char {
        match (self, c) {
            (Style::Traditional, '进') => '進',
            (Style::Traditional, '后') => '後',
            _ => c,
        }
    }

    fn numeral(self, color: Color, n: u8) -> char {
        debug_assert!((1..=9).contains(&n));
        match (self, color) {
            (_, Color::Red) => RED_NUMERALS[n as usize - 1],
            (Style::Board | Style::Panel, Color::Black) => char::from(b'0' + n),
            (Style::Common | Style::Traditional, Color::Black) => {
                char::from_u32('１' as u32 + u32::from(n) - 1).unwrap_or('?')
            }
        }
    }
}

/// Pieces whose 进/退 names a target file rather than a number of ranks.
fn moves_diagonally(role: Role) -> bool {
    matches!(role, Role::Horse | Role::Elephant | Role::Advisor)
}

/// The prefix naming the `index`-th (0 = most advanced) of `count` like pieces on a file.
fn prefix(index: usize, count: usize) -> char {
    match count {
        2 => ['前', '后'][index.min(1)],
        3 => ['前', '中', '后'][index.min(2)],
        _ => ['前', '二', '三', '四', '五'][index.min(4)],
    }
}

struct Parts {
    glyph: char,
    file: char,
    action: char,
    target: char,
    /// The 前/中/后… prefix, when like pieces share the file.
    prefix: Option<char>,
    /// Two or more files hold stacked soldiers: the file stays and the piece goes.
    by_file: bool,
}

fn parts(pos: &Position, m: Move, style: Style) -> Option<Parts> {
    let facts = MoveFacts::new(pos, m)?;
    let us = facts.piece.color;
    let role = facts.piece.role;
    let (action, target) = motion(pos, m)?;
    let target = style.numeral(us, target);
    let stacked = facts.file_mates().len();
    let prefix = (stacked >= 2 && !matches!(role, Role::Advisor | Role::Elephant))
        .then(|| prefix(facts.index_on_file(m.from), stacked));
    Some(Parts {
        glyph: style.glyph(facts.piece),
        file: style.numeral(us, facts.from_file),
        action: style.script(action),
        target,
        prefix: prefix.map(|p| style.script(p)),
        by_file: role == Role::Soldier && facts.tandem_files >= 2,
    })
}

/// Writes a legal move: `炮二平五`.
pub(super) fn write(pos: &Position, m: Move, style: Style) -> String {
    match parts(pos, m, style) {
        Some(p) => p.canonical().iter().collect(),
        None => m.to_string(),
    }
}

impl Parts {
    /// The usual spelling's four characters.
    fn canonical(&self) -> [char; 4] {
        match self.prefix {
            Some(pre) if self.by_file => [pre, self.file, self.action, self.target],
            Some(pre) => [pre, self.glyph, self.action, self.target],
            None => [self.glyph, self.file, self.action, self.target],
        }
    }
}

/// Every form a player might write for `m`, folded: the canonical one, the plain
/// piece-and-file form, and the five-character `前兵三进一`.
fn renderings(pos: &Position, m: Move, key: &str, out: &mut Vec<String>) {
    // Every form ends with the move's action and target: most candidates stop here,
    // before the other pieces on the file are looked at.
    if !tail(pos, m).is_some_and(|tail| ends_with(key, &tail)) {
        return;
    }
    // Folding makes both styles the same key.
    let Some(p) = parts(pos, m, Style::Board) else {
        return;
    };
    out.push(fold(&p.canonical().iter().collect::<String>()));
    if let Some(pre) = p.prefix {
        out.push(fold(
            &[p.glyph, p.file, p.action, p.target]
                .iter()
                .collect::<String>(),
        ));
        out.push(fold(
            &[pre, p.glyph, p.file, p.action, p.target]
                .iter()
                .collect::<String>(),
        ));
        if p.by_file {
            out.push(fold(
                &[pre, p.glyph, p.action, p.target]
                    .iter()
                    .collect::<String>(),
            ));
        }
    }
}

/// The last two characters of every spelling of `m`, folded: its action and target.
fn tail(pos: &Position, m: Move) -> Option<[char; 2]> {
    let (action, target) = motion(pos, m)?;
    Some([action, char::from(b'0' + target)])
}

/// A move's action (进, 退 or 平) and the number after it: ranks moved, or the file
/// reached (sideways, and for the pieces that move diagonally).
fn motion(pos: &Position, m: Move) -> Option<(char, u8)> {
    let piece = pos.piece_at(m.from)?;
    let us = piece.color;
    let forward = i16::from(relative_rank(us, m.to)) - i16::from(relative_rank(us, m.from));
    let action = match forward {
        0 => '平',
        f if f > 0 => '进',
        _ => '退',
    };
    let target = if action == '平' || moves_diagonally(piece.role) {
        file_number(us, m.to)
    } else {
        forward.unsigned_abs() as u8
    };
    Some((action, target))
}

/// Folds every common variant onto one spelling: piece names of either side and script,
/// 進/後, Chinese and full-width numerals to ASCII digits; white space dropped.
pub(super) fn fold(text: &str) -> String {
    text.chars()
        .filter(|c| !c.is_whitespace())
        .map(fold_char)
        .collect()
}

/// One character of [`fold`].
fn fold_char(c: char) -> char {
    match c {
        '车' | '車' | '俥' | '伡' => '车',
        '马' | '馬' | '傌' | '㐷' => '马',
        '相' | '象' => '相',
        '仕' | '士' => '仕',
        '帅' | '帥' | '将' | '將' => '帅',
        '炮' | '砲' | '包' => '炮',
        '兵' | '卒' => '兵',
        '進' => '进',
        '後' => '后',
        '１'..='９' => char::from_u32(c as u32 - '１' as u32 + '1' as u32).unwrap_or(c),
        _ => RED_NUMERALS
            .iter()
            .position(|&n| n == c)
            .map_or(c, |i| char::from(b'1' + i as u8)),
    }
}

fn role_of(folded_char: char) -> Option<Role> {
    Some(match folded_char {
        '车' => Role::Chariot,
        '马' => Role::Horse,
        '相' => Role::Elephant,
        '仕' => Role::Advisor,
        '帅' => Role::General,
        '炮' => Role::Cannon,
        '兵' => Role::Soldier,
        _ => return None,
    })
}

pub(super) fn looks_like(text: &str) -> bool {
    folded_looks_like(&fold(text))
}

/// [`looks_like`] of a text already folded.
fn folded_looks_like(folded: &str) -> bool {
    let f: Vec<char> = folded.chars().collect();
    let n = f.len();
    (n == 4 || n == 5)
        && matches!(f[n - 2], '进' | '退' | '平')
        && f[n - 1].is_ascii_digit()
        && f[..n - 2]
            .iter()
            .all(|&c| c.is_ascii_digit() || role_of(c).is_some() || matches!(c, '前' | '中' | '后'))
}

pub(super) fn parse(pos: &Position, text: &str) -> Result<Move, NotationError> {
    // Folded once: a record reads thousands of these.
    let key = fold(text);
    if !folded_looks_like(&key) {
        return Err(NotationError::new(
            text,
            NotationErrorKind::NotThisNotation(Notation::Chinese),
        ));
    }
    // Without a piece name it is the soldiers' file form (`前三进一`).
    let role = key.chars().find_map(role_of).unwrap_or(Role::Soldier);
    unique_match(pos, text, &key, renderings, Some(role))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_iccs(fen: &str, m: &str) -> String {
        let pos: Position = fen.parse().unwrap();
        write(&pos, m.parse().unwrap(), Style::Board)
    }

    fn common(fen: &str, m: &str) -> String {
        let pos: Position = fen.parse().unwrap();
        write(&pos, m.parse().unwrap(), Style::Common)
    }

    fn parse_iccs(fen: &str, text: &str) -> String {
        let pos: Position = fen.parse().unwrap();
        parse(&pos, text)
            .unwrap_or_else(|e| panic!("{e}"))
            .to_string()
    }

    const START: &str = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w";

    // The seed library's examples (python-chinese-chess README), verbatim.
    #[test]
    fn seed_move_to_notation() {
        assert_eq!(write_iccs(START, "h2e2"), "炮二平五");
        assert_eq!(write_iccs(&START.replace(" w", " b"), "i9i7"), "車9进2");
        let two_cannons = "4k4/9/9/9/C8/9/C8/9/9/3K5 w";
        assert_eq!(write_iccs(two_cannons, "a3a4"), "后炮进一");
        assert_eq!(write_iccs(two_cannons, "a5e5"), "前炮平五");
        let soldiers = "4k4/6P2/1P7/1P4P2/1P7/n8/n8/9/9/3K5 w";
        assert_eq!(write_iccs(soldiers, "g8h8"), "前三平二");
        assert_eq!(write_iccs(soldiers, "b5c5"), "后八平七");
    }

    #[test]
    fn seed_parse_notation() {
        let soldiers = "4k4/6P2/1P7/1P4P2/1P7/n8/n8/9/9/3K5 w";
        assert_eq!(parse_iccs(soldiers, "中八平九"), "b6a6");
        let black = "4k4/6P2/1P7/1P4P2/1P7/n8/n8/9/9/3K5 b";
        assert_eq!(parse_iccs(black, "前馬进3"), "a3c2");
        assert_eq!(parse_iccs(black, "后馬退2"), "a4b6");
    }

    #[test]
    fn seed_opening_played_with_push_notation() {
        // 正马三兵对右肋车 黑骑河车
        let game = [
            ("炮二平五", "h2e2"),
            ("砲8平5", "h7e7"),
            ("傌二进三", "h0g2"),
            ("馬8进7", "h9g7"),
            ("俥一平二", "i0h0"),
            ("車9进1", "i9i8"),
            ("傌八进七", "b0c2"),
            ("車9平4", "i8d8"),
            ("兵三进一", "g3g4"),
            ("車4进4", "d8d4"),
            ("俥二进四", "h0h4"),
            ("馬2进1", "b9a7"),
            ("炮五平四", "e2f2"),
            ("砲2平3", "b7c7"),
            ("相三进五", "g0e2"),
            ("車1平2", "a9b9"),
            ("俥九平八", "a0b0"),
            ("車2进4", "b9b5"),
            ("兵七进一", "c3c4"),
            ("車4进1", "d4d3"),
            ("傌三进四", "g2f4"),
            ("砲5进4", "e7e3"),
            ("仕四进五", "f0e1"),
            ("車4平3", "d3c3"),
            ("兵七进一", "c4c5"),
            ("車2平3", "b5c5"),
            ("炮八退一", "b2b1"),
            ("前車平2", "c3b3"),
            ("炮八平七", "b1c1"),
            ("車2进3", "b3b0"),
            ("炮七进四", "c1c5"),
            ("卒3进1", "c6c5"),
            ("傌七进五", "c2e3"),
        ];
        let mut pos = Position::new();
        for (text, iccs) in game {
            let m = parse(&pos, text).unwrap_or_else(|e| panic!("{e}"));
            assert_eq!(m.to_string(), iccs, "{text}");
            assert_eq!(write(&pos, m, Style::Board), text, "written back");
            pos = pos.play(m).unwrap();
        }
    }

    #[test]
    fn the_common_convention() {
        let black = START.replace(" w", " b");
        assert_eq!(common(START, "h2e2"), "炮二平五");
        assert_eq!(common(START, "h0g2"), "马二进三");
        assert_eq!(common(START, "i0i1"), "车一进一");
        assert_eq!(common(START, "e0e1"), "帅五进一");
        assert_eq!(common(START, "f0e1"), "仕四进五");
        assert_eq!(common(START, "g0e2"), "相三进五");
        assert_eq!(common(START, "g3g4"), "兵三进一");
        assert_eq!(common(&black, "h9g7"), "马８进７");
        assert_eq!(common(&black, "b7b0"), "炮２进７");
        assert_eq!(common(&black, "i9i8"), "车９进１");
        assert_eq!(common(&black, "e9e8"), "将５进１");
        assert_eq!(common(&black, "d9e8"), "士４进５");
        assert_eq!(common(&black, "c9e7"), "象３进５");
        assert_eq!(common(&black, "c6c5"), "卒３进１");
        let stacked = "3k5/9/9/9/9/1p5p1/1p5p1/9/9/4K4 b";
        assert_eq!(common(stacked, "b4c4"), "后２平３");
        let pos: Position = black.parse().unwrap();
        for m in pos.legal_moves().iter() {
            let text = write(&pos, *m, Style::Common);
            assert_eq!(parse(&pos, &text), Ok(*m), "{text} reads back");
        }
    }

    #[test]
    fn variants_are_accepted() {
        let pos = Position::new();
        for text in [
            "炮二平五",
            "砲二平五",
            "包二平五",
            "炮2平5",
            "炮２平５",
            " 炮 二 平 五 ",
        ] {
            assert_eq!(
                parse(&pos, text).map(|m| m.to_string()),
                Ok("h2e2".into()),
                "{text}"
            );
        }
        for text in ["马二进三", "馬二進三", "傌2进3"] {
            assert_eq!(
                parse(&pos, text).map(|m| m.to_string()),
                Ok("h0g2".into()),
                "{text}"
            );
        }
        let two_cannons: Position = "4k4/9/9/9/C8/9/C8/9/9/3K5 w".parse().unwrap();
        assert_eq!(parse(&two_cannons, "後炮進一").unwrap().to_string(), "a3a4");
    }

    #[test]
    fn stacked_soldiers() {
        // Three red soldiers on file e (五), one on file c: 前/中/后 with the piece.
        let pos: Position = "3k5/9/4P4/4P4/4P4/2P6/9/9/9/4K4 w".parse().unwrap();
        assert_eq!(
            write(&pos, "e7e8".parse().unwrap(), Style::Board),
            "前兵进一"
        );
        assert_eq!(
            write(&pos, "e6d6".parse().unwrap(), Style::Board),
            "中兵平六"
        );
        assert_eq!(
            write(&pos, "e5f5".parse().unwrap(), Style::Board),
            "后兵平四"
        );
        // Four on one file: 前/二/三/四.
        let pos: Position = "3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w".parse().unwrap();
        assert_eq!(
            write(&pos, "e8f8".parse().unwrap(), Style::Board),
            "前兵平四"
        );
        assert_eq!(
            write(&pos, "e7d7".parse().unwrap(), Style::Board),
            "二兵平六"
        );
        assert_eq!(
            write(&pos, "e6d6".parse().unwrap(), Style::Board),
            "三兵平六"
        );
        assert_eq!(
            write(&pos, "e5d5".parse().unwrap(), Style::Board),
            "四兵平六"
        );
        assert_eq!(
            parse_iccs("3k5/4P4/4P4/4P4/4P4/9/9/9/9/4K4 w", "三兵平六"),
            "e6d6"
        );
        // Black: two files with stacked soldiers, numbered from black's right.
        // Black advances down the board, so its front soldier is the lower one.
        let black = "3k5/9/9/9/9/1p5p1/1p5p1/9/9/4K4 b";
        assert_eq!(write_iccs(black, "b4c4"), "后2平3");
        assert_eq!(write_iccs(black, "h3h2"), "前8进1");
        assert_eq!(parse_iccs(black, "后2平3"), "b4c4");
        assert_eq!(parse_iccs(black, "后卒2平3"), "b4c4");
    }

    #[test]
    fn advisors_and_elephants_are_never_prefixed() {
        let pos: Position = "3k5/9/9/9/9/9/9/3A5/9/3AK4 w".parse().unwrap();
        assert_eq!(
            write(&pos, "d0e1".parse().unwrap(), Style::Board),
            "仕六进五"
        );
        assert_eq!(
            write(&pos, "d2e1".parse().unwrap(), Style::Board),
            "仕六退五"
        );
        assert_eq!(
            parse_iccs("3k5/9/9/9/9/9/9/3A5/9/3AK4 w", "仕六退五"),
            "d2e1"
        );
    }

    #[test]
    fn errors() {
        let pos = Position::new();
        let err = parse(&pos, "炮二平九").unwrap_err();
        assert_eq!(err.kind, NotationErrorKind::NoSuchMove(Color::Red));
        let err = parse(&pos, "h2e2").unwrap_err();
        assert_eq!(
            err.kind,
            NotationErrorKind::NotThisNotation(Notation::Chinese)
        );
        assert!(parse(&pos, "").is_err());
        assert!(parse(&pos, "炮炮炮炮炮").is_err());
    }
}
