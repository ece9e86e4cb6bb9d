//! Every player-facing string, in Chinese and English, in one table.

use crate::rules::{Color, IllegalMove, Outcome, Role, Termination};

/// The interface language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// 中文.
    #[default]
    Zh,
    /// English.
    En,
}

impl Lang {
    /// Chinese when the system locale is Chinese, English otherwise.
    #[must_use]
    pub fn from_locale(locale: Option<&str>) -> Lang {
        match locale {
            Some(l) if l.to_ascii_lowercase().starts_with("zh") => Lang::Zh,
            _ => Lang::En,
        }
    }
}

macro_rules! texts {
    ($($key:ident => $zh:literal, $en:literal;)*) => {
        /// A fixed interface string.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum T { $(#[allow(missing_docs)] $key,)* }

        impl T {
            /// Every key, for checks over the whole table.
            pub const ALL: &'static [T] = &[$(T::$key,)*];

            /// The text in `lang`.
            #[must_use]
            pub const fn get(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $((T::$key, Lang::Zh) => $zh, (T::$key, Lang::En) => $en,)*
                }
            }
        }
    };
}

texts! {
    RedToMove => "红方走棋", "Red to move";
    BlackToMove => "黑方走棋", "Black to move";
    Moves => "着法", "Moves";
    Captured => "吃子", "Captured";
    Undo => "悔棋", "Undo";
    Redo => "重做", "Redo";
    NewGame => "新局", "New game";
    Flip => "翻转棋盘", "Flip board";
    Help => "帮助", "Help";
    Quit => "退出", "Quit";
    Settings => "设置", "Settings";
    Sound => "声音", "Sound";
    Volume => "音量", "Volume";
    Animation => "动画", "Animation";
    AnimationSpeed => "动画时长", "Animation time";
    Notation => "记谱", "Notation";
    NotationChinese => "中文", "Chinese";
    Coordinates => "坐标", "Coordinates";
    CoordinatesNone => "无", "None";
    CoordinatesChinese => "中文数字", "Chinese numerals";
    Language => "语言", "Language";
    Reviewing => "正在回顾，按 End 回到当前局面", "Reviewing: press End to return to the game";
    BackToGame => "回到当前局面", "Back to the game";
    ReviewRefused => "正在回顾之前的局面：请先回到当前局面再走棋", "You are reviewing an earlier position: return to the current one to move";
    GameOverRefused => "对局已结束：悔棋或开新局", "The game is over: undo or start a new game";
    NotYourTurn => "现在不是这一方走棋", "It is the other side's move";
    Started => "新局开始", "New game";
    NothingToUndo => "没有可以悔的棋", "Nothing to undo";
    NothingToRedo => "没有可以重做的棋", "Nothing to redo";
    Undone => "已悔棋", "Undone";
    Redone => "已重做", "Redone";
    Muted => "已静音", "Sound off";
    Unmuted => "声音已开", "Sound on";
    HelpTitle => "快捷键", "Keys";
    KeyClick => "左键：选子、落子；也可拖动", "Left click: select and move; drag works too";
    KeyRight => "右键：取消选择", "Right click: cancel the selection";
    KeyUndo => "Ctrl+Z：悔棋（可连续）", "Ctrl+Z: undo (repeatable)";
    KeyRedo => "Ctrl+Y 或 Ctrl+Shift+Z：重做", "Ctrl+Y or Ctrl+Shift+Z: redo";
    KeyNew => "Ctrl+R：新局（可悔）", "Ctrl+R: new game (undoable)";
    KeyFlip => "F：翻转棋盘", "F: flip the board";
    KeyMute => "M：静音", "M: mute";
    KeyReview => "← → Home End：回顾着法", "← → Home End: review the moves";
    KeyHelp => "F1：显示或关闭本帮助", "F1: show or hide this help";
    KeyQuit => "Ctrl+W、Esc 或 Ctrl+中键：退出", "Ctrl+W, Esc or Ctrl+middle click: quit";
    Close => "关闭", "Close";
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
        Lang::En => {
            let text = reason.to_string();
            let mut chars = text.chars();
            chars
                .next()
                .map_or(text.clone(), |c| c.to_uppercase().chain(chars).collect())
        }
        Lang::Zh => match reason {
            IllegalMove::NoPiece(_) => "那里没有棋子".to_owned(),
            IllegalMove::NotYourPiece { turn, .. } => format!("现在是{}走棋", side(turn, lang)),
            IllegalMove::OwnPiece(_) => "不能吃自己的棋子".to_owned(),
            IllegalMove::CannotMoveThere { role: r, .. } => {
                format!("{}不能走到那里", role(r, lang))
            }
            IllegalMove::IgnoresCheck => "正被将军，这步棋不能解将".to_owned(),
            IllegalMove::ExposesGeneral => "这步棋会让自己的将帅被将军".to_owned(),
            IllegalMove::GeneralsFace => "将帅不能照面".to_owned(),
        },
    }
}

/// "红方胜 · 将死" / "Red wins · checkmate".
#[must_use]
pub fn outcome(outcome: Outcome, lang: Lang) -> String {
    let reason = match (outcome.termination, lang) {
        (Termination::Checkmate, Lang::Zh) => "将死",
        (Termination::Stalemate, Lang::Zh) => "困毙",
        (Termination::PerpetualCheck, Lang::Zh) => "长将判负",
        (Termination::Repetition, Lang::Zh) => "重复局面",
        (Termination::SixtyMoves, Lang::Zh) => "六十回合无吃子",
        (Termination::InsufficientMaterial, Lang::Zh) => "双方无进攻子力",
        (Termination::Checkmate, Lang::En) => "checkmate",
        (Termination::Stalemate, Lang::En) => "stalemate",
        (Termination::PerpetualCheck, Lang::En) => "perpetual check",
        (Termination::Repetition, Lang::En) => "repetition",
        (Termination::SixtyMoves, Lang::En) => "60 moves without a capture",
        (Termination::InsufficientMaterial, Lang::En) => "no attacking pieces left",
    };
    let result = match (outcome.winner, lang) {
        (Some(c), Lang::Zh) => format!("{}胜", side(c, lang)),
        (Some(c), Lang::En) => format!("{} wins", side(c, lang)),
        (None, Lang::Zh) => "和棋".to_owned(),
        (None, Lang::En) => "Draw".to_owned(),
    };
    format!("{result} · {reason}")
}

/// Every string the interface can show that is not built from a move: for the font check.
#[must_use]
pub fn all_fixed_strings() -> Vec<String> {
    let mut out: Vec<String> = T::ALL
        .iter()
        .flat_map(|t| [t.get(Lang::Zh), t.get(Lang::En)])
        .map(str::to_owned)
        .collect();
    for lang in [Lang::Zh, Lang::En] {
        for color in Color::ALL {
            out.push(side(color, lang).to_owned());
            for winner in [Some(color), None] {
                for termination in [
                    Termination::Checkmate,
                    Termination::Stalemate,
                    Termination::PerpetualCheck,
                    Termination::Repetition,
                    Termination::SixtyMoves,
                    Termination::InsufficientMaterial,
                ] {
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
        for reason in [
            IllegalMove::IgnoresCheck,
            IllegalMove::ExposesGeneral,
            IllegalMove::GeneralsFace,
            IllegalMove::OwnPiece(crate::rules::Square::A0),
            IllegalMove::NoPiece(crate::rules::Square::A0),
        ] {
            out.push(illegal(reason, lang));
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_languages() {
        let mate = Outcome {
            winner: Some(Color::Red),
            termination: Termination::Checkmate,
        };
        assert_eq!(outcome(mate, Lang::Zh), "红方胜 · 将死");
        assert_eq!(outcome(mate, Lang::En), "Red wins · checkmate");
        assert_eq!(
            illegal(IllegalMove::ExposesGeneral, Lang::En),
            "That would leave your general in check"
        );
        assert_eq!(Lang::from_locale(Some("zh-CN")), Lang::Zh);
        assert_eq!(Lang::from_locale(Some("en-US")), Lang::En);
        assert_eq!(Lang::from_locale(None), Lang::En);
        for t in T::ALL {
            assert!(!t.get(Lang::Zh).is_empty() && !t.get(Lang::En).is_empty());
        }
    }
}
