//! Xiangqi's sentences, in Chinese and English: what a file was read as, a side, why a
//! move is refused, a game's end, the referee's warning; and every fixed string, for the
//! font check.

use super::{Lang, T, go};
use crate::rules::record::Format;
use crate::rules::{
    Color, IllegalMove, MoveRule, Notation, Offence, Outcome, Piece, Role, Square, Termination,
};

/// What a pasted or opened text was read as: "PGN 棋谱（中文记谱），40 步" /
/// "a PGN game in Chinese notation, 40 plies".
#[must_use]
pub fn imported(format: Format, plies: usize, lang: Lang) -> String {
    let notation = |n: Notation| match (n, lang) {
        (Notation::Chinese, Lang::Zh) => "中文记谱",
        (Notation::Chinese, Lang::Hant) => "中文記譜",
        (Notation::Chinese, Lang::En) => "Chinese",
        (Notation::Chinese, Lang::Vi) => "chữ Hán",
        (Notation::ChineseTraditional, Lang::Zh) => "繁体中文记谱",
        (Notation::ChineseTraditional, Lang::Hant) => "中文記譜",
        (Notation::ChineseTraditional, Lang::En) => "Traditional Chinese",
        (Notation::ChineseTraditional, Lang::Vi) => "chữ Hán phồn thể",
        (Notation::Vietnamese, Lang::Zh) => "越南记谱",
        (Notation::Vietnamese, Lang::Hant) => "越南記譜",
        (Notation::Vietnamese, Lang::En) => "Vietnamese",
        (Notation::Vietnamese, Lang::Vi) => "tiếng Việt",
        (Notation::Wxf, _) => "WXF",
        (Notation::Iccs, _) => "ICCS",
    };
    let what = match (format, lang) {
        (Format::Fen, Lang::Zh | Lang::Hant) => "FEN 局面".to_owned(),
        (Format::Ucci, Lang::Zh | Lang::Hant) => "UCCI 局面".to_owned(),
        (Format::Board, Lang::Zh) => "90 字符棋盘".to_owned(),
        (Format::Board, Lang::Hant) => "90 字元棋盤".to_owned(),
        (Format::Pgn(n), Lang::Zh) => format!("PGN 棋谱（{}）", notation(n)),
        (Format::Pgn(n), Lang::Hant) => format!("PGN 棋譜（{}）", notation(n)),
        (Format::MoveList(n), Lang::Zh) => format!("着法列表（{}）", notation(n)),
        (Format::MoveList(n), Lang::Hant) => format!("著法列表（{}）", notation(n)),
        (Format::Xqf, Lang::Zh) => "XQF 棋谱".to_owned(),
        (Format::Xqf, Lang::Hant) => "XQF 棋譜".to_owned(),
        (Format::Pgn(n), Lang::En) => format!("a PGN game in {} notation", notation(n)),
        (Format::MoveList(n), Lang::En) => format!("a list of moves in {} notation", notation(n)),
        (f, Lang::En) => f.to_string(),
        (Format::Fen, Lang::Vi) => "thế cờ FEN".to_owned(),
        (Format::Ucci, Lang::Vi) => "thế cờ UCCI".to_owned(),
        (Format::Board, Lang::Vi) => "bàn cờ 90 ký tự".to_owned(),
        (Format::Pgn(n), Lang::Vi) => format!("ván cờ PGN, ký hiệu {}", notation(n)),
        (Format::MoveList(n), Lang::Vi) => format!("danh sách nước đi, ký hiệu {}", notation(n)),
        (Format::Xqf, Lang::Vi) => "ván cờ XQF".to_owned(),
    };
    if plies == 0 {
        return what;
    }
    match lang {
        Lang::Zh | Lang::Hant => format!("{what}，{plies} 步"),
        Lang::En => format!("{what}, {plies} plies"),
        Lang::Vi => format!("{what}, {plies} nước"),
    }
}

/// "红方" / "red".
#[must_use]
pub fn side(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::Red, Lang::Zh) => "红方",
        (Color::Black, Lang::Zh) => "黑方",
        (Color::Red, Lang::Hant) => "紅方",
        (Color::Black, Lang::Hant) => "黑方",
        (Color::Red, Lang::En) => "Red",
        (Color::Black, Lang::En) => "Black",
        (Color::Red, Lang::Vi) => "Đỏ",
        (Color::Black, Lang::Vi) => "Đen",
    }
}

/// A piece's name in `lang` (将帅, 馬, Tướng).
pub(crate) fn role(role: Role, lang: Lang) -> &'static str {
    match lang {
        Lang::Zh => match role {
            Role::General => "将帅",
            Role::Advisor => "士",
            Role::Elephant => "象",
            Role::Horse => "马",
            Role::Chariot => "车",
            Role::Cannon => "炮",
            Role::Soldier => "兵卒",
        },
        Lang::Hant => match role {
            Role::General => "將帥",
            Role::Advisor => "士",
            Role::Elephant => "象",
            Role::Horse => "馬",
            Role::Chariot => "車",
            Role::Cannon => "炮",
            Role::Soldier => "兵卒",
        },
        Lang::En => role.name(),
        Lang::Vi => match role {
            Role::General => "Tướng",
            Role::Advisor => "Sĩ",
            Role::Elephant => "Tượng",
            Role::Horse => "Mã",
            Role::Chariot => "Xe",
            Role::Cannon => "Pháo",
            Role::Soldier => "Tốt",
        },
    }
}

/// Why a move was refused, for the status line.
#[must_use]
pub fn illegal(reason: IllegalMove, lang: Lang) -> String {
    match lang {
        // The library describes the move; the player is spoken to here.
        Lang::En => match reason {
            IllegalMove::OwnPiece(_) => "Your own piece stands there".to_owned(),
            IllegalMove::IgnoresCheck => {
                "Your general is in check and that move does not parry it".to_owned()
            }
            IllegalMove::ExposesGeneral => "That would leave your general in check".to_owned(),
            _ => {
                let text = reason.to_string();
                let mut chars = text.chars();
                chars
                    .next()
                    .map_or(text.clone(), |c| c.to_uppercase().chain(chars).collect())
            }
        },
        // 简体 and 繁體 say the same, each in its own characters.
        Lang::Zh | Lang::Hant => {
            let say = |zh: &str, hant: &str| script(lang, zh, hant).to_owned();
            match reason {
                IllegalMove::NoPiece(_) => say("那里没有棋子", "那裡沒有棋子"),
                IllegalMove::NotYourPiece { turn, .. } => {
                    format!("{}{}走棋", say("现在是", "現在是"), side(turn, lang))
                }
                IllegalMove::OwnPiece(_) => say("不能吃自己的棋子", "不能吃自己的棋子"),
                IllegalMove::CannotMoveThere { role: r, rule, .. } => match rule {
                    MoveRule::HorseLeg(_) => say("蹩马腿：马腿上有子", "蹩馬腿：馬腿上有子"),
                    MoveRule::ElephantEye(_) => say("塞象眼：象眼上有子", "塞象眼：象眼上有子"),
                    MoveRule::ElephantRiver => say("象不能过河", "象不能過河"),
                    MoveRule::Palace => say("士和将帅不能走出九宫", "士和將帥不能走出九宮"),
                    MoveRule::SoldierBack => say("兵卒不能后退", "兵卒不能後退"),
                    MoveRule::SoldierSideways => say("兵卒过河后才能横走", "兵卒過河後才能橫走"),
                    MoveRule::Blocked(_) => {
                        format!("{}{}", role(r, lang), say("的路被挡住了", "的路被擋住了"))
                    }
                    MoveRule::CannonScreens(_) => {
                        say("炮吃子必须隔一个子（炮架）", "炮吃子必須隔一個子（炮架）")
                    }
                    _ => format!("{}{}", role(r, lang), say("不能这样走", "不能這樣走")),
                },
                IllegalMove::IgnoresCheck => {
                    say("正被将军，这步棋不能解将", "正被將軍，這步棋不能解將")
                }
                IllegalMove::ExposesGeneral => {
                    say("这步棋会让自己的将帅被将军", "這步棋會讓自己的將帥被將軍")
                }
                IllegalMove::GeneralsFace => say("将帅不能照面", "將帥不能照面"),
                _ => reason.to_string(),
            }
        }
        Lang::Vi => match reason {
            IllegalMove::NoPiece(_) => "Ở đó không có quân nào".to_owned(),
            IllegalMove::NotYourPiece { turn, .. } => {
                format!("Đang đến lượt {} đi", side(turn, lang))
            }
            IllegalMove::OwnPiece(_) => "Không được ăn quân của mình".to_owned(),
            IllegalMove::CannotMoveThere { role: r, rule, .. } => match rule {
                MoveRule::HorseLeg(_) => "Mã bị cản: có quân ở chân mã".to_owned(),
                MoveRule::ElephantEye(_) => "Tượng bị cản: có quân ở mắt tượng".to_owned(),
                MoveRule::ElephantRiver => "Tượng không được qua sông".to_owned(),
                MoveRule::Palace => "Sĩ và Tướng không được ra khỏi cung".to_owned(),
                MoveRule::SoldierBack => "Tốt không được đi lùi".to_owned(),
                MoveRule::SoldierSideways => "Tốt phải qua sông mới được đi ngang".to_owned(),
                MoveRule::Blocked(_) => format!("Đường đi của {} bị chặn", role(r, lang)),
                MoveRule::CannonScreens(_) => {
                    "Pháo muốn ăn quân phải cách đúng một quân (ngòi)".to_owned()
                }
                _ => format!("{} không đi được như vậy", role(r, lang)),
            },
            IllegalMove::IgnoresCheck => "Đang bị chiếu, nước này không đỡ được".to_owned(),
            IllegalMove::ExposesGeneral => "Nước này để Tướng của mình bị chiếu".to_owned(),
            IllegalMove::GeneralsFace => "Hai Tướng không được đối mặt".to_owned(),
            _ => reason.to_string(),
        },
    }
}

/// Why a set-up board cannot be played yet.
#[must_use]
pub fn position_error(e: &crate::rules::PositionError, lang: Lang) -> String {
    use crate::rules::PositionError as E;
    match (e, lang) {
        (E::MissingGeneral(c), Lang::Zh | Lang::Hant) => {
            format!(
                "{}{}",
                side(*c, lang),
                script(lang, "还没有将（帅）", "還沒有將（帥）")
            )
        }
        (E::TooMany { piece, count }, Lang::Zh | Lang::Hant) => format!(
            "{}有 {count} {}{}，最多 {} {}",
            side(piece.color, lang),
            script(lang, "个", "個"),
            role(piece.role, lang),
            piece.role.max_count(),
            script(lang, "个", "個"),
        ),
        (E::ImpossiblePoint { piece, square }, Lang::Zh | Lang::Hant) => {
            format!("{}不能放在 {square}", piece.chinese())
        }
        (E::GeneralsFacing, Lang::Zh | Lang::Hant) => {
            script(lang, "将帅不能照面", "將帥不能照面").to_owned()
        }
        (E::WaitingSideInCheck(c), Lang::Zh | Lang::Hant) => format!(
            "{}{}",
            side(*c, lang),
            script(lang, "正被将军，却不该它走棋", "正被將軍，卻不該它走棋")
        ),
        (E::MissingGeneral(c), Lang::Vi) => format!("{} chưa có Tướng", side(*c, lang)),
        (E::TooMany { piece, count }, Lang::Vi) => format!(
            "{} có {count} quân {}, nhiều nhất là {}",
            side(piece.color, lang),
            role(piece.role, lang),
            piece.role.max_count()
        ),
        (E::ImpossiblePoint { piece, square }, Lang::Vi) => format!(
            "{} {} không được đặt ở {square}",
            role(piece.role, lang),
            side(piece.color, lang)
        ),
        (E::GeneralsFacing, Lang::Vi) => "Hai Tướng không được đối mặt".to_owned(),
        (E::WaitingSideInCheck(c), Lang::Vi) => {
            format!("{} đang bị chiếu mà lại không đến lượt đi", side(*c, lang))
        }
        _ => capitalized(&e.to_string()),
    }
}

/// Why a piece was not put where it was dropped in the editor.
#[must_use]
pub fn edit_refused(r: crate::games::xiangqi::editor::Refused, lang: Lang) -> String {
    use crate::games::xiangqi::editor::Refused;
    match (r, lang) {
        (Refused::Point { piece, square }, Lang::Zh | Lang::Hant) => {
            format!("{}不能放在 {square}", piece.chinese())
        }
        (Refused::TooMany(piece), Lang::Zh | Lang::Hant) => format!(
            "{}的{}{} {} {}",
            side(piece.color, lang),
            role(piece.role, lang),
            script(lang, "已经有", "已經有"),
            piece.role.max_count(),
            script(lang, "个了", "個了"),
        ),
        (Refused::Point { piece, square }, Lang::Vi) => format!(
            "{} {} không được đặt ở {square}",
            role(piece.role, lang),
            side(piece.color, lang)
        ),
        (Refused::TooMany(piece), Lang::Vi) => format!(
            "{} đã có đủ {} quân {}",
            side(piece.color, lang),
            piece.role.max_count(),
            role(piece.role, lang)
        ),
        _ => capitalized(&r.to_string()),
    }
}

/// `zh` in 简体中文, `hant` in 繁體中文: one sentence in the script of `lang`.
fn script<'a>(lang: Lang, zh: &'a str, hant: &'a str) -> &'a str {
    if lang == Lang::Hant { hant } else { zh }
}

fn capitalized(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// "红方胜 · 将死" / "Red wins · checkmate".
#[must_use]
pub fn outcome(outcome: Outcome, lang: Lang) -> String {
    let reason = match (outcome.termination, lang) {
        (Termination::Checkmate, Lang::Zh) => "将死",
        (Termination::Stalemate, Lang::Zh) => "困毙",
        (Termination::PerpetualCheck, Lang::Zh) => "长将判负",
        (Termination::PerpetualChase, Lang::Zh) => "长捉判负",
        (Termination::Repetition, Lang::Zh) => "重复局面",
        (Termination::SixtyMoves, Lang::Zh) => "六十回合无吃子",
        (Termination::InsufficientMaterial, Lang::Zh) => "双方无进攻子力",
        (Termination::Timeout, Lang::Zh) => "超时",
        (Termination::Resignation, Lang::Zh) => "认输",
        (Termination::Agreement, Lang::Zh) => "议和",
        (Termination::Checkmate, Lang::En) => "checkmate",
        (Termination::Stalemate, Lang::En) => "stalemate",
        (Termination::PerpetualCheck, Lang::En) => "perpetual check",
        (Termination::PerpetualChase, Lang::En) => "perpetual chase",
        (Termination::Repetition, Lang::En) => "repetition",
        (Termination::SixtyMoves, Lang::En) => "60 moves without a capture",
        (Termination::InsufficientMaterial, Lang::En) => "no attacking pieces left",
        (Termination::Timeout, Lang::En) => "on time",
        (Termination::Resignation, Lang::En) => "resignation",
        (Termination::Agreement, Lang::En) => "agreement",
        (Termination::Checkmate, Lang::Hant) => "將死",
        (Termination::Stalemate, Lang::Hant) => "困斃",
        (Termination::PerpetualCheck, Lang::Hant) => "長將判負",
        (Termination::PerpetualChase, Lang::Hant) => "長捉判負",
        (Termination::Repetition, Lang::Hant) => "重複局面",
        (Termination::SixtyMoves, Lang::Hant) => "六十回合無吃子",
        (Termination::InsufficientMaterial, Lang::Hant) => "雙方無進攻子力",
        (Termination::Timeout, Lang::Hant) => "超時",
        (Termination::Resignation, Lang::Hant) => "認輸",
        (Termination::Agreement, Lang::Hant) => "議和",
        (Termination::Checkmate, Lang::Vi) => "chiếu bí",
        (Termination::Stalemate, Lang::Vi) => "hết nước đi",
        (Termination::PerpetualCheck, Lang::Vi) => "chiếu dai bị xử thua",
        (Termination::PerpetualChase, Lang::Vi) => "đuổi dai bị xử thua",
        (Termination::Repetition, Lang::Vi) => "lặp lại thế cờ",
        (Termination::SixtyMoves, Lang::Vi) => "60 nước không ăn quân",
        (Termination::InsufficientMaterial, Lang::Vi) => "hai bên không còn quân tấn công",
        (Termination::Timeout, Lang::Vi) => "hết giờ",
        (Termination::Resignation, Lang::Vi) => "xin thua",
        (Termination::Agreement, Lang::Vi) => "thỏa thuận hòa",
        // A termination newer than this table: its name, until it is worded.
        (t, _) => t.name(),
    };
    let result = match (outcome.winner, lang) {
        (Some(c), Lang::Zh) => format!("{}胜", side(c, lang)),
        (Some(c), Lang::En) => format!("{} wins", side(c, lang)),
        (None, Lang::Zh) => "和棋".to_owned(),
        (None, Lang::En) => "Draw".to_owned(),
        (Some(c), Lang::Hant) => format!("{}勝", side(c, lang)),
        (None, Lang::Hant) => "和棋".to_owned(),
        (Some(c), Lang::Vi) => format!("{} thắng", side(c, lang)),
        (None, Lang::Vi) => "Hòa".to_owned(),
    };
    format!("{result} · {reason}")
}

/// The result with who offended and how, for a perpetual check or chase:
/// "黑方胜 · 红方长捉車判负" / "Black wins · Red chased the 車 perpetually (长捉)".
#[must_use]
pub fn outcome_told(outcome: Outcome, offence: Option<(Color, Offence)>, lang: Lang) -> String {
    let Some((side_, offence)) = offence else {
        return self::outcome(outcome, lang);
    };
    let result = self::outcome(outcome, lang);
    let result = result.split(" · ").next().unwrap_or_default();
    let who = side(side_, lang);
    let why = match (offence, lang) {
        (Offence::Check, Lang::Zh) => format!("{who}长将判负"),
        (Offence::Chase(p), Lang::Zh) => format!("{who}长捉{}判负", p.chinese()),
        (Offence::Check, Lang::En) => format!("{who} checked perpetually (长将)"),
        (Offence::Chase(p), Lang::En) => {
            format!("{who} chased the {} perpetually (长捉)", p.chinese())
        }
        (Offence::Check, Lang::Hant) => format!("{who}長將判負"),
        (Offence::Chase(p), Lang::Hant) => format!("{who}長捉{}判負", p.chinese()),
        (Offence::Check, Lang::Vi) => format!("{who} chiếu dai (長將)"),
        (Offence::Chase(p), Lang::Vi) => {
            format!("{who} đuổi dai quân {} (長捉)", p.chinese())
        }
    };
    format!("{result} · {why}")
}

/// Before the verdict: "红方正在长捉砲：再重复一次判负" / "Red is chasing the 砲: one more
/// repetition loses".
#[must_use]
pub fn repetition_warning(side_: Color, offence: Offence, lang: Lang) -> String {
    let who = side(side_, lang);
    match (offence, lang) {
        (Offence::Check, Lang::Zh) => format!("{who}正在长将：再重复一次判负"),
        (Offence::Chase(p), Lang::Zh) => format!("{who}正在长捉{}：再重复一次判负", p.chinese()),
        (Offence::Check, Lang::En) => {
            format!("{who} is checking perpetually: one more repetition loses")
        }
        (Offence::Chase(p), Lang::En) => {
            format!(
                "{who} is chasing the {}: one more repetition loses",
                p.chinese()
            )
        }
        (Offence::Check, Lang::Hant) => format!("{who}正在長將：再重複一次判負"),
        (Offence::Chase(p), Lang::Hant) => format!("{who}正在長捉{}：再重複一次判負", p.chinese()),
        (Offence::Check, Lang::Vi) => {
            format!("{who} đang chiếu dai: lặp lại một lần nữa sẽ bị xử thua")
        }
        (Offence::Chase(p), Lang::Vi) => format!(
            "{who} đang đuổi dai quân {}: lặp lại một lần nữa sẽ bị xử thua",
            p.chinese()
        ),
    }
}

/// Every string the interface can show that is not built from a move: for the font check.
#[must_use]
pub fn all_fixed_strings() -> Vec<String> {
    let mut out: Vec<String> = T::ALL
        .iter()
        .flat_map(|t| Lang::ALL.map(|l| t.get(l)))
        .chain(
            super::Word::ALL
                .iter()
                .flat_map(|t| Lang::ALL.map(|l| t.get(l))),
        )
        .chain(
            super::LibText::ALL
                .iter()
                .flat_map(|t| Lang::ALL.map(|l| t.get(l))),
        )
        .map(str::to_owned)
        .collect();
    out.extend(Lang::ALL.map(|l| l.own_name().to_owned()));
    out.extend(go::go_strings());
    out.extend(super::gnugo::reason_strings());
    for lang in Lang::ALL {
        for color in Color::ALL {
            out.push(side(color, lang).to_owned());
            for winner in [Some(color), None] {
                for termination in Termination::ALL {
                    out.push(outcome(
                        Outcome {
                            winner,
                            termination,
                        },
                        lang,
                    ));
                }
            }
        }
        for r in Role::ALL {
            out.push(role(r, lang).to_owned());
        }
        for format in [Format::Fen, Format::Ucci, Format::Board]
            .into_iter()
            .chain(Notation::ALL.iter().map(|&n| Format::Pgn(n)))
            .chain(Notation::ALL.iter().map(|&n| Format::MoveList(n)))
            .chain([Format::Xqf])
        {
            out.push(imported(format, 2, lang));
        }
        for reason in [
            IllegalMove::IgnoresCheck,
            IllegalMove::ExposesGeneral,
            IllegalMove::GeneralsFace,
            IllegalMove::OwnPiece(crate::rules::Square::A0),
            IllegalMove::NoPiece(crate::rules::Square::A0),
        ] {
            out.push(illegal(reason, lang));
        }
        for rule in [
            MoveRule::HorseLeg(Square::A0),
            MoveRule::ElephantEye(Square::A0),
            MoveRule::ElephantRiver,
            MoveRule::Palace,
            MoveRule::SoldierBack,
            MoveRule::SoldierSideways,
            MoveRule::Blocked(Square::A0),
            MoveRule::CannonScreens(2),
            MoveRule::Shape,
        ] {
            for r in [Role::Chariot, Role::Cannon, Role::Horse] {
                out.push(illegal(
                    IllegalMove::CannotMoveThere {
                        role: r,
                        from: Square::A0,
                        to: Square::A0,
                        rule,
                    },
                    lang,
                ));
            }
        }
        for color in Color::ALL {
            let mut offences = vec![Offence::Check];
            for role in [
                Role::Chariot,
                Role::Cannon,
                Role::Horse,
                Role::Advisor,
                Role::Soldier,
            ] {
                offences.push(Offence::Chase(Piece::new(color.other(), role)));
            }
            for offence in offences {
                out.push(repetition_warning(color, offence, lang));
                let termination = match offence {
                    Offence::Check => Termination::PerpetualCheck,
                    Offence::Chase(_) => Termination::PerpetualChase,
                };
                let outcome = Outcome {
                    winner: Some(color.other()),
                    termination,
                };
                out.push(outcome_told(outcome, Some((color, offence)), lang));
            }
        }
        out.push(illegal(
            IllegalMove::NotYourPiece {
                turn: Color::Red,
                piece: crate::rules::Piece::new(Color::Black, Role::Horse),
            },
            lang,
        ));
    }
    out
}
