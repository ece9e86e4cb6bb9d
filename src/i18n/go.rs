//! Go's strings, in every language of the table: the panel, why a point is refused, a result.

use super::Lang;
use crate::go::{Color, IllegalMove};
use table::texts;

texts! {
    GoText;
    BlackToMove => "黑方落子", "Black to play", "黑方落子", "Đen đi";
    WhiteToMove => "白方落子", "White to play", "白方落子", "Trắng đi";
    ToPlay => "轮到落子", "to play", "輪到落子", "đến lượt";
    Prisoners => "提子：黑 {} 白 {}", "Prisoners: black {} white {}", "提子：黑 {} 白 {}", "Quân bị bắt: đen {} trắng {}";
    Pass => "停一手", "Pass", "停一手", "Bỏ lượt";
    Resign => "认输", "Resign", "認輸", "Xin thua";
    Passes => "{}停一手", "{} passes", "{}停一手", "{} bỏ lượt";
    Black => "黑方", "Black", "黑方", "Đen";
    White => "白方", "White", "白方", "Trắng";
    NewGame => "新局", "New game", "新局", "Ván mới";
    NewGameChoices => "规则、贴目、让子、计时", "Rules, komi, handicap, clock", "規則、貼目、讓子、計時", "Luật, komi, chấp quân, đồng hồ";
    HandicapSuggested => "建议：{}让{}{}子", "Suggested: {} gives {} {} stones", "建議：{}讓{}{}子", "Đề nghị: {} chấp {} {} quân";
    TakeSuggestion => "采用", "Use it", "採用", "Dùng";
    Rules => "规则", "Rules", "規則", "Luật";
    RulesChinese => "中国规则", "Chinese", "中國規則", "Trung Quốc";
    RulesJapanese => "日本规则", "Japanese", "日本規則", "Nhật Bản";
    RulesKorean => "韩国规则", "Korean", "韓國規則", "Hàn Quốc";
    RulesAga => "AGA 规则", "AGA", "AGA 規則", "AGA";
    RulesNewZealand => "新西兰规则", "New Zealand", "紐西蘭規則", "New Zealand";
    RulesTrompTaylor => "Tromp-Taylor 规则", "Tromp-Taylor", "Tromp-Taylor 規則", "Tromp-Taylor";
    Record => "棋谱", "Moves", "棋譜", "Nước đi";
    Komi => "贴目", "Komi", "貼目", "Komi";
    Handicap => "让子", "Handicap", "讓子", "Chấp quân";
    Liberties => "显示气数", "Show liberties", "顯示氣數", "Hiện số khí";
    Atari => "标出只剩一气的棋", "Ring chains in atari", "標出只剩一氣的棋", "Khoanh các nhóm chỉ còn một khí";
    Counting => "数子：点击一块棋，标为死棋或活棋（可悔）", "Counting: click a group to mark it dead or alive (undoable)", "數子：點選一塊棋，標為死棋或活棋（可悔）", "Đếm: bấm vào một nhóm quân để đánh dấu chết hoặc sống (hoàn tác được)";
    Suggesting => "正在推测死子…", "Finding the dead stones…", "正在推測死子…", "Đang tìm quân chết…";
    Area => "数子法", "Area", "數子法", "Tính vùng";
    Territory => "数目法", "Territory", "數目法", "Tính đất";
    Stones => "活子", "Stones", "活子", "Quân";
    Points => "围空", "Points", "圍空", "Đất";
    Taken => "提子", "Prisoners", "提子", "Quân bị bắt";
    TakenCount => "提子 {}", "{} taken", "提子 {}", "bắt {}";
    KomiRow => "贴目", "Komi", "貼目", "Komi";
    Total => "合计", "Total", "合計", "Tổng";
    Accept => "确认结果", "Accept the count", "確認結果", "Chấp nhận kết quả đếm";
    PlayOn => "继续下", "Play on", "繼續下", "Chơi tiếp";
    Over => "对局已结束（{}）：悔棋或开新局", "The game is over ({}): undo, or a new game", "對局已結束（{}）：悔棋或開新局", "Ván cờ đã kết thúc ({}): đi lại hoặc ván mới";
    Accepted => "结果已确认：悔棋可修改", "The count is accepted: undo to change it", "結果已確認：悔棋可修改", "Đã chấp nhận kết quả đếm: đi lại để sửa";
    Draw => "和棋", "Draw", "和棋", "Hòa";
    WinsBy => "{}胜 {} 目", "{} wins by {} points", "{}勝 {} 目", "{} thắng {} điểm";
    WinsByResignation => "{}中盘胜", "{} wins by resignation", "{}中盤勝", "{} thắng do đối phương xin thua";
    ResultIs => "结果：{}", "Result: {}", "結果：{}", "Kết quả: {}";
    Opened => "已打开 {}：围棋 {} 手（Ctrl+Z 撤销）", "Opened {}: a Go game of {} moves (Ctrl+Z takes it back)", "已開啟 {}：圍棋 {} 手（Ctrl+Z 復原）", "Đã mở {}: ván cờ vây {} nước (Ctrl+Z để trả lại)";
    OpenFailed => "无法打开 {}：{}", "Could not open {}: {}", "無法開啟 {}：{}", "Không mở được {}: {}";
    TheClipboard => "剪贴板", "the clipboard", "剪貼簿", "bộ nhớ tạm";
    CopiedSgf => "已复制棋局（SGF）", "Copied the game (SGF)", "已複製棋局（SGF）", "Đã chép ván cờ (SGF)";
    CopiedBoard => "已复制棋盘（文本）", "Copied the board (text)", "已複製棋盤（文字）", "Đã chép bàn cờ (văn bản)";
    GnuGoFailed => "GNU Go：{}", "GNU Go: {}", "GNU Go：{}", "GNU Go: {}";
    HintAsked => "正在请 GNU Go 提示…", "Asking GNU Go for a hint…", "正在請 GNU Go 提示…", "Đang hỏi GNU Go gợi ý…";
    HintIs => "GNU Go 提示：{}", "GNU Go suggests {}", "GNU Go 提示：{}", "GNU Go gợi ý {}";
    HintPass => "GNU Go 提示：停一手", "GNU Go suggests a pass", "GNU Go 提示：停一手", "GNU Go gợi ý bỏ lượt";
    HintResign => "GNU Go 认为这盘棋已输", "GNU Go thinks the game is lost", "GNU Go 認為這盤棋已輸", "GNU Go cho rằng ván này đã thua";
    GnuGoPlays => "对手：", "Opponent:", "對手：", "Đối thủ:";
    Nobody => "两人对下", "Two players", "兩人對下", "Hai người chơi";
    GnuGoBlack => "GNU Go 执黑", "GNU Go plays black", "GNU Go 執黑", "GNU Go cầm Đen";
    GnuGoWhite => "GNU Go 执白", "GNU Go plays white", "GNU Go 執白", "GNU Go cầm Trắng";
    AskGnuGo => "请 GNU Go 判断死子", "Ask GNU Go which are dead", "請 GNU Go 判斷死子", "Hỏi GNU Go nhóm nào chết";
    SlotMoves => "{} 手", "{} moves", "{} 手", "{} nước";
    KeyPlay => "左键：在交叉点落子；指向禁着点时显示原因", "Left click: play on a point; pointing at a forbidden point says why", "左鍵：在交叉點落子；指向禁著點時顯示原因", "Chuột trái: đặt quân vào một điểm; trỏ vào điểm cấm sẽ thấy lý do";
    KeyPass => "停一手：面板上的按钮，或输入 pass；双方连续停一手后清点死子、计算胜负", "Pass: the panel's button, or type pass; two passes in a row start the count", "停一手：面板上的按鈕，或輸入 pass；雙方連續停一手後清點死子、計算勝負", "Bỏ lượt: nút trên bảng bên, hoặc gõ pass; hai lần bỏ lượt liên tiếp thì bắt đầu đếm";
    KeyTerritory => "A：GNU Go 估计的地盘（再按关闭）", "A: the territory by GNU Go's estimate (again to hide)", "A：GNU Go 估計的地盤（再按關閉）", "A: đất theo ước lượng của GNU Go (bấm lần nữa để ẩn)";
    KeyReview => "R：GNU Go 复盘（再按停止）；]：下一个问题着", "R: GNU Go reviews the game (again: stop); ]: the next marked move", "R：GNU Go 覆盤（再按停止）；]：下一個問題著", "R: GNU Go phân tích lại ván cờ (bấm lần nữa để dừng); ]: nước bị đánh dấu kế tiếp";
    KeyLibrary => "L：棋谱库里的围棋对局", "L: the Go games of the library", "L：棋譜庫裡的圍棋對局", "L: các ván cờ vây trong thư viện";
    KeyProblems => "F3：死活题（H 提示，A 看答案，Ctrl+Z 重做，N 下一题，Esc 返回）", "F3: life-and-death problems (H hint, A the answer, Ctrl+Z again, N next, Esc back to the game)", "F3：死活題（H 提示，A 看答案，Ctrl+Z 重做，N 下一題，Esc 返回）", "F3: bài tập sống chết (H gợi ý, A đáp án, Ctrl+Z làm lại, N bài tiếp, Esc trở về ván cờ)";
    ProblemsMenu => "死活题…", "Life and death…", "死活題…", "Sống chết…";
    ProblemsOpened => "已打开 {}：{} 道题（F3 以后回到自带的题）", "Opened {}: {} problems (F3 afterwards goes back to the table's own)", "已開啟 {}：{} 道題（F3 以後回到自帶的題）", "Đã mở {}: {} bài (sau đó F3 trở về các bài có sẵn)";
    NoGameInFile => "文件里没有对局", "no game in the file", "檔案裡沒有對局", "trong tệp không có ván cờ nào";
    Clock => "计时", "Clock", "計時", "Đồng hồ";
    NoClock => "不计时", "none", "不計時", "không";
    Byoyomi => "（读秒）", " (byo-yomi)", "（讀秒）", " (đọc giây)";
    WinsOnTime => "{}超时胜", "{} wins on time", "{}超時勝", "{} thắng do đối phương hết giờ";
    Comment => "注释", "Comment", "註釋", "Lời bình";
    GnuGoOpinion => "GNU Go 的看法", "GNU Go's opinion", "GNU Go 的看法", "Ý kiến của GNU Go";
    TerritoryButton => "形势（A）", "Territory (A)", "形勢（A）", "Thế đất (A)";
    TerritoryScore => "GNU Go 估计：{}", "{} by GNU Go's estimate", "GNU Go 估計：{}", "{} theo ước lượng của GNU Go";
    TerritoryAsking => "GNU Go 正在估计形势…", "GNU Go is estimating…", "GNU Go 正在估計形勢…", "GNU Go đang ước lượng…";
    HintButton => "提示（H）", "Hint (H)", "提示（H）", "Gợi ý (H)";
    WouldPlay => "GNU Go 会下 {}（价值 {}）", "GNU Go would play {} (worth {})", "GNU Go 會下 {}（價值 {}）", "GNU Go sẽ đi {} (giá trị {})";
    ReviewButton => "复盘（R）", "Review (R)", "覆盤（R）", "Phân tích (R)";
    ReviewStop => "停止", "Stop", "停止", "Dừng";
    ReviewNothing => "还没有着法可复盘", "No moves to review yet", "還沒有著法可覆盤", "Chưa có nước nào để phân tích";
    ReviewMove => "第 {} 手 {}：GNU Go 估计 {}", "Move {} {}: {} by GNU Go's estimate", "第 {} 手 {}：GNU Go 估計 {}", "Nước {} {}: {} theo ước lượng của GNU Go";
    ReviewCost => "比 GNU Go 的选择少 {} 目 {}", "{} points worse than GNU Go's choice {}", "比 GNU Go 的選擇少 {} 目 {}", "kém {} điểm so với lựa chọn {} của GNU Go";
    ReviewMarks => "GNU Go 标出的着法：黑 {} 手，白 {} 手（] 下一处）", "Moves GNU Go marks: black {}, white {} (] the next)", "GNU Go 標出的著法：黑 {} 手，白 {} 手（] 下一處）", "Các nước GNU Go đánh dấu: đen {}, trắng {} (] để đến nước tiếp)";
    NoMarkAhead => "后面没有标出的着法", "No marked move ahead", "後面沒有標出的著法", "Phía sau không còn nước bị đánh dấu";
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
    let (p, superko) = match *e {
        IllegalMove::OffBoard { point, size }
        | IllegalMove::Occupied { point, size }
        | IllegalMove::Suicide { point, size }
        | IllegalMove::Ko { point, size } => (point.gtp(size), None),
        IllegalMove::Superko {
            point,
            size,
            repeats,
        } => (point.gtp(size), Some(repeats)),
        _ => return e.to_string(),
    };
    match (e, lang) {
        (_, Lang::En) => e.to_string(),
        (IllegalMove::OffBoard { .. }, Lang::Zh) => format!("{p} 不在棋盘上"),
        (IllegalMove::OffBoard { .. }, Lang::Hant) => format!("{p} 不在棋盤上"),
        (IllegalMove::OffBoard { .. }, Lang::Vi) => format!("{p} không ở trên bàn cờ"),
        (IllegalMove::Occupied { .. }, Lang::Zh) => format!("{p} 已有棋子"),
        (IllegalMove::Occupied { .. }, Lang::Hant) => format!("{p} 已有棋子"),
        (IllegalMove::Occupied { .. }, Lang::Vi) => format!("{p} đã có quân"),
        (IllegalMove::Suicide { .. }, Lang::Zh) => format!("{p} 是禁入点：落下后本块无气（自杀）"),
        (IllegalMove::Suicide { .. }, Lang::Hant) => {
            format!("{p} 是禁入點：落下後本塊無氣（自殺）")
        }
        (IllegalMove::Suicide { .. }, Lang::Vi) => {
            format!("{p} là điểm cấm: đặt vào thì nhóm quân hết khí (tự sát)")
        }
        (IllegalMove::Ko { .. }, Lang::Zh) => format!("{p} 是刚提过的劫：先在别处找劫材"),
        (IllegalMove::Ko { .. }, Lang::Hant) => format!("{p} 是剛提過的劫：先在別處找劫材"),
        (IllegalMove::Ko { .. }, Lang::Vi) => {
            format!("{p} là ko vừa bị bắt: hãy tìm nước dọa ở chỗ khác trước")
        }
        (_, lang) => match (superko.unwrap_or_default(), lang) {
            (0, Lang::Zh) => format!("{p} 会重现开局时的局面（全局同形禁止）"),
            (0, Lang::Hant) => format!("{p} 會重現開局時的局面（全局同形禁止）"),
            (0, _) => format!("{p} lặp lại thế cờ lúc bắt đầu (cấm lặp toàn bàn)"),
            (n, Lang::Zh) => format!("{p} 会重现第 {n} 手后的局面（全局同形禁止）"),
            (n, Lang::Hant) => format!("{p} 會重現第 {n} 手後的局面（全局同形禁止）"),
            (n, _) => format!("{p} lặp lại thế cờ sau nước {n} (cấm lặp toàn bàn)"),
        },
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
        .flat_map(|t| Lang::ALL.map(|l| t.get(l)))
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
