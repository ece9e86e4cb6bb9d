//! Go's strings, in Chinese and English: the panel, why a point is refused, a result.

use super::Lang;
use crate::go::{Color, IllegalMove};
use table::texts;

texts! {
    GoText;
    BlackToMove => "黑方落子", "Black to play";
    WhiteToMove => "白方落子", "White to play";
    Prisoners => "提子：黑 {} 白 {}", "Prisoners: black {} white {}";
    Pass => "停一手", "Pass";
    Resign => "认输", "Resign";
    Passes => "{}停一手", "{} passes";
    Black => "黑方", "Black";
    White => "白方", "White";
    NewGame => "新局", "New game";
    NewGameChoices => "规则、贴目、让子、计时", "Rules, komi, handicap, clock";
    HandicapSuggested => "建议：{}让{}{}子", "Suggested: {} gives {} {} stones";
    TakeSuggestion => "采用", "Use it";
    Rules => "规则", "Rules";
    RulesChinese => "中国规则", "Chinese";
    RulesJapanese => "日本规则", "Japanese";
    RulesKorean => "韩国规则", "Korean";
    RulesAga => "AGA 规则", "AGA";
    RulesNewZealand => "新西兰规则", "New Zealand";
    RulesTrompTaylor => "Tromp-Taylor 规则", "Tromp-Taylor";
    Record => "棋谱", "Moves";
    Komi => "贴目", "Komi";
    Handicap => "让子", "Handicap";
    Liberties => "显示气数", "Show liberties";
    Atari => "标出只剩一气的棋", "Ring chains in atari";
    Counting => "数子：点击一块棋，标为死棋或活棋（可悔）", "Counting: click a group to mark it dead or alive (undoable)";
    Suggesting => "正在推测死子…", "Finding the dead stones…";
    Area => "数子法", "Area";
    Territory => "数目法", "Territory";
    Stones => "活子", "Stones";
    Points => "围空", "Points";
    Taken => "提子", "Prisoners";
    TakenCount => "提子 {}", "{} taken";
    KomiRow => "贴目", "Komi";
    Total => "合计", "Total";
    Accept => "确认结果", "Accept the count";
    PlayOn => "继续下", "Play on";
    Over => "对局已结束（{}）：悔棋或开新局", "The game is over ({}): undo, or a new game";
    Accepted => "结果已确认：悔棋可修改", "The count is accepted: undo to change it";
    Draw => "和棋", "Draw";
    WinsBy => "{}胜 {} 目", "{} wins by {} points";
    WinsByResignation => "{}中盘胜", "{} wins by resignation";
    ResultIs => "结果：{}", "Result: {}";
    Opened => "已打开 {}：围棋 {} 手（Ctrl+Z 撤销）", "Opened {}: a Go game of {} moves (Ctrl+Z takes it back)";
    OpenFailed => "无法打开 {}：{}", "Could not open {}: {}";
    TheClipboard => "剪贴板", "the clipboard";
    CopiedSgf => "已复制棋局（SGF）", "Copied the game (SGF)";
    CopiedBoard => "已复制棋盘（文本）", "Copied the board (text)";
    GnuGoFailed => "GNU Go：{}", "GNU Go: {}";
    HintAsked => "正在请 GNU Go 提示…", "Asking GNU Go for a hint…";
    HintIs => "GNU Go 提示：{}", "GNU Go suggests {}";
    HintPass => "GNU Go 提示：停一手", "GNU Go suggests a pass";
    HintResign => "GNU Go 认为这盘棋已输", "GNU Go thinks the game is lost";
    GnuGoPlays => "对手：", "Opponent:";
    Nobody => "两人对下", "Two players";
    GnuGoBlack => "GNU Go 执黑", "GNU Go plays black";
    GnuGoWhite => "GNU Go 执白", "GNU Go plays white";
    AskGnuGo => "请 GNU Go 判断死子", "Ask GNU Go which are dead";
    SlotMoves => "{} 手", "{} moves";
    KeyPlay => "左键：在交叉点落子；指向禁着点时显示原因", "Left click: play on a point; pointing at a forbidden point says why";
    KeyPass => "停一手：面板上的按钮，或输入 pass；双方连续停一手后清点死子、计算胜负", "Pass: the panel's button, or type pass; two passes in a row start the count";
    KeyTerritory => "A：GNU Go 估计的地盘（再按关闭）", "A: the territory by GNU Go's estimate (again to hide)";
    KeyReview => "R：GNU Go 复盘（再按停止）；]：下一个问题着", "R: GNU Go reviews the game (again: stop); ]: the next marked move";
    KeyLibrary => "L：棋谱库里的围棋对局", "L: the Go games of the library";
    KeyProblems => "F3：死活题（H 提示，A 看答案，Ctrl+Z 重做，N 下一题，Esc 返回）", "F3: life-and-death problems (H hint, A the answer, Ctrl+Z again, N next, Esc back to the game)";
    ProblemsMenu => "死活题…", "Life and death…";
    ProblemsOpened => "已打开 {}：{} 道题（F3 以后回到自带的题）", "Opened {}: {} problems (F3 afterwards goes back to the table's own)";
    NoGameInFile => "文件里没有对局", "no game in the file";
    Clock => "计时", "Clock";
    NoClock => "不计时", "none";
    Byoyomi => "（读秒）", " (byo-yomi)";
    WinsOnTime => "{}超时胜", "{} wins on time";
    Comment => "注释", "Comment";
    GnuGoOpinion => "GNU Go 的看法", "GNU Go's opinion";
    TerritoryButton => "形势（A）", "Territory (A)";
    TerritoryScore => "GNU Go 估计：{}", "{} by GNU Go's estimate";
    TerritoryAsking => "GNU Go 正在估计形势…", "GNU Go is estimating…";
    HintButton => "提示（H）", "Hint (H)";
    WouldPlay => "GNU Go 会下 {}（价值 {}）", "GNU Go would play {} (worth {})";
    ReviewButton => "复盘（R）", "Review (R)";
    ReviewStop => "停止", "Stop";
    ReviewNothing => "还没有着法可复盘", "No moves to review yet";
    ReviewMove => "第 {} 手 {}：GNU Go 估计 {}", "Move {} {}: {} by GNU Go's estimate";
    ReviewCost => "比 GNU Go 的选择少 {} 目 {}", "{} points worse than GNU Go's choice {}";
    ReviewMarks => "GNU Go 标出的着法：黑 {} 手，白 {} 手（] 下一处）", "Moves GNU Go marks: black {}, white {} (] the next)";
    NoMarkAhead => "后面没有标出的着法", "No marked move ahead";
}

/// A side's name.
#[must_use]
pub fn side(color: Color, lang: Lang) -> &'static str {
    match color {
        Color::Black => GoText::Black.get(lang),
        Color::White => GoText::White.get(lang),
    }
}

/// Why a point may not be played, in `lang`.
#[must_use]
pub fn go_illegal(e: &IllegalMove, lang: Lang) -> String {
    if lang == Lang::En {
        return e.to_string();
    }
    match *e {
        IllegalMove::OffBoard { point, size } => format!("{} 不在棋盘上", point.gtp(size)),
        IllegalMove::Occupied { point, size } => format!("{} 已有棋子", point.gtp(size)),
        IllegalMove::Suicide { point, size } => {
            format!("{} 是禁入点：落下后本块无气（自杀）", point.gtp(size))
        }
        IllegalMove::Ko { point, size } => {
            format!("{} 是刚提过的劫：先在别处找劫材", point.gtp(size))
        }
        IllegalMove::Superko {
            point,
            size,
            repeats,
        } => match repeats {
            0 => format!("{} 会重现开局时的局面（全局同形禁止）", point.gtp(size)),
            n => format!(
                "{} 会重现第 {n} 手后的局面（全局同形禁止）",
                point.gtp(size)
            ),
        },
        _ => e.to_string(),
    }
}

/// The name of a rules preset (`Rules::name`: `chinese`, `new-zealand`…) in `lang`;
/// one we do not know as it is written.
#[must_use]
pub fn go_rules(name: &str, lang: Lang) -> String {
    let text = match name {
        "chinese" => GoText::RulesChinese,
        "japanese" => GoText::RulesJapanese,
        "korean" => GoText::RulesKorean,
        "aga" => GoText::RulesAga,
        "new-zealand" => GoText::RulesNewZealand,
        "tromp-taylor" => GoText::RulesTrompTaylor,
        other => return other.to_owned(),
    };
    text.get(lang).to_owned()
}

/// A result as SGF writes it (`B+3.5`, `W+R`, `0`), said in `lang`.
#[must_use]
pub fn go_result(result: &str, lang: Lang) -> String {
    let Some((who, by)) = result.split_once('+') else {
        return if result.trim() == "0" {
            GoText::Draw.get(lang).to_owned()
        } else {
            result.to_owned()
        };
    };
    let winner = match who {
        "B" => side(Color::Black, lang),
        "W" => side(Color::White, lang),
        _ => return result.to_owned(),
    };
    match by {
        "R" | "Resign" => GoText::WinsByResignation.fill(lang, &[&winner]),
        "T" | "Time" => GoText::WinsOnTime.fill(lang, &[&winner]),
        points => GoText::WinsBy.fill(lang, &[&winner, &points]),
    }
}

/// Every fixed Go string, for the font check.
#[must_use]
pub fn go_strings() -> Vec<String> {
    let mut out: Vec<String> = GoText::ALL
        .iter()
        .flat_map(|t| [t.get(Lang::Zh), t.get(Lang::En)])
        .map(str::to_owned)
        .collect();
    for lang in Lang::ALL {
        for result in ["B+R", "W+3.5", "0"] {
            out.push(go_result(result, lang));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::go::Point;

    #[test]
    fn reasons_and_results_in_both_languages() {
        let ko = IllegalMove::Ko {
            point: Point::from_gtp("B2", 9).unwrap(),
            size: 9,
        };
        assert_eq!(go_illegal(&ko, Lang::Zh), "B2 是刚提过的劫：先在别处找劫材");
        assert_eq!(
            go_illegal(&ko, Lang::En),
            "B2 is a ko just taken: play a threat elsewhere first"
        );
        assert_eq!(go_result("B+3.5", Lang::Zh), "黑方胜 3.5 目");
        assert_eq!(go_result("W+R", Lang::En), "White wins by resignation");
        assert_eq!(go_result("0", Lang::Zh), "和棋");
        for t in GoText::ALL {
            assert!(!t.get(Lang::Zh).is_empty() && !t.get(Lang::En).is_empty());
        }
    }
}
