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
        (Notation::Chinese, Lang::En) => "Chinese",
        (Notation::Wxf, _) => "WXF",
        (Notation::Iccs, _) => "ICCS",
    };
    let what = match (format, lang) {
        (Format::Fen, Lang::Zh) => "FEN 局面".to_owned(),
        (Format::Ucci, Lang::Zh) => "UCCI 局面".to_owned(),
        (Format::Board, Lang::Zh) => "90 字符棋盘".to_owned(),
        (Format::Pgn(n), Lang::Zh) => format!("PGN 棋谱（{}）", notation(n)),
        (Format::MoveList(n), Lang::Zh) => format!("着法列表（{}）", notation(n)),
        (Format::Xqf, Lang::Zh) => "XQF 棋谱".to_owned(),
        (Format::Pgn(n), Lang::En) => format!("a PGN game in {} notation", notation(n)),
        (Format::MoveList(n), Lang::En) => format!("a list of moves in {} notation", notation(n)),
        (f, Lang::En) => f.to_string(),
    };
    if plies == 0 {
        return what;
    }
    match lang {
        Lang::Zh => format!("{what}，{plies} 步"),
        Lang::En => format!("{what}, {plies} plies"),
    }
}

/// "红方" / "red".
#[must_use]
pub fn side(color: Color, lang: Lang) -> &'static str {
    match (color, lang) {
        (Color::Red, Lang::Zh) => "红方",
        (Color::Black, Lang::Zh) => "黑方",
        (Color::Red, Lang::En) => "Red",
        (Color::Black, Lang::En) => "Black",
    }
}

fn role(role: Role, lang: Lang) -> &'static str {
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
        Lang::En => role.name(),
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
        Lang::Zh => match reason {
            IllegalMove::NoPiece(_) => "那里没有棋子".to_owned(),
            IllegalMove::NotYourPiece { turn, .. } => format!("现在是{}走棋", side(turn, lang)),
            IllegalMove::OwnPiece(_) => "不能吃自己的棋子".to_owned(),
            IllegalMove::CannotMoveThere { role: r, rule, .. } => match rule {
                MoveRule::HorseLeg(_) => "蹩马腿：马腿上有子".to_owned(),
                MoveRule::ElephantEye(_) => "塞象眼：象眼上有子".to_owned(),
                MoveRule::ElephantRiver => "象不能过河".to_owned(),
                MoveRule::Palace => "士和将帅不能走出九宫".to_owned(),
                MoveRule::SoldierBack => "兵卒不能后退".to_owned(),
                MoveRule::SoldierSideways => "兵卒过河后才能横走".to_owned(),
                MoveRule::Blocked(_) => format!("{}的路被挡住了", role(r, lang)),
                MoveRule::CannonScreens(_) => "炮吃子必须隔一个子（炮架）".to_owned(),
                _ => format!("{}不能这样走", role(r, lang)),
            },
            IllegalMove::IgnoresCheck => "正被将军，这步棋不能解将".to_owned(),
            IllegalMove::ExposesGeneral => "这步棋会让自己的将帅被将军".to_owned(),
            IllegalMove::GeneralsFace => "将帅不能照面".to_owned(),
            _ => reason.to_string(),
        },
    }
}

/// Why a set-up board cannot be played yet.
#[must_use]
pub fn position_error(e: &crate::rules::PositionError, lang: Lang) -> String {
    use crate::rules::PositionError as E;
    match (e, lang) {
        (E::MissingGeneral(c), Lang::Zh) => format!("{}还没有将（帅）", side(*c, lang)),
        (E::TooMany { piece, count }, Lang::Zh) => format!(
            "{}有 {count} 个{}，最多 {} 个",
            side(piece.color, lang),
            role(piece.role, lang),
            piece.role.max_count()
        ),
        (E::ImpossiblePoint { piece, square }, Lang::Zh) => {
            format!("{}不能放在 {square}", piece.chinese())
        }
        (E::GeneralsFacing, Lang::Zh) => "将帅不能照面".to_owned(),
        (E::WaitingSideInCheck(c), Lang::Zh) => {
            format!("{}正被将军，却不该它走棋", side(*c, lang))
        }
        _ => capitalized(&e.to_string()),
    }
}

/// Why a piece was not put where it was dropped in the editor.
#[must_use]
pub fn edit_refused(r: crate::games::xiangqi::editor::Refused, lang: Lang) -> String {
    use crate::games::xiangqi::editor::Refused;
    match (r, lang) {
        (Refused::Point { piece, square }, Lang::Zh) => {
            format!("{}不能放在 {square}", piece.chinese())
        }
        (Refused::TooMany(piece), Lang::Zh) => format!(
            "{}的{}已经有 {} 个了",
            side(piece.color, lang),
            role(piece.role, lang),
            piece.role.max_count()
        ),
        _ => capitalized(&r.to_string()),
    }
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
        // A termination newer than this table: its name, until it is worded.
        (t, _) => t.name(),
    };
    let result = match (outcome.winner, lang) {
        (Some(c), Lang::Zh) => format!("{}胜", side(c, lang)),
        (Some(c), Lang::En) => format!("{} wins", side(c, lang)),
        (None, Lang::Zh) => "和棋".to_owned(),
        (None, Lang::En) => "Draw".to_owned(),
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
    }
}

/// Every string the interface can show that is not built from a move: for the font check.
#[must_use]
pub fn all_fixed_strings() -> Vec<String> {
    let mut out: Vec<String> = T::ALL
        .iter()
        .flat_map(|t| [t.get(Lang::Zh), t.get(Lang::En)])
        .map(str::to_owned)
        .collect();
    out.extend(go::go_strings());
    out.extend(super::gnugo::reason_strings());
    for lang in [Lang::Zh, Lang::En] {
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
