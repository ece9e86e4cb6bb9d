//! Every player-facing string, in Chinese and English: the table's and Xiangqi's here,
//! Go's in `go.rs`.

pub use table::i18n::{Lang, Said, Word, fill, pieces_name, theme_name};
use table::texts;

mod gnugo;
mod go;
mod library;
pub mod spoken;
mod xiangqi;

pub use gnugo::{go_reason, reason_strings};
pub use go::{GoText, go_illegal, go_result, go_rules, side as go_side};
pub use library::{LibText, result_word};
pub use xiangqi::*;

texts! {
    T;
    RedToMove => "红方走棋", "Red to move";
    BlackToMove => "黑方走棋", "Black to move";
    SpokenBoard => "棋盘", "Board";
    Moves => "着法", "Moves";
    GameXiangqi => "象棋", "Xiangqi";
    GameGo => "围棋", "Go";
    Promote => "提升这条变着", "Promote this line";
    DeleteFromHere => "从这步起删除", "Delete from here";
    CommentThis => "注释…", "Comment…";
    Comment => "注释", "Comment";
    InfoRed => "红方", "Red";
    InfoBlack => "黑方", "Black";
    Handicap => "让子", "Handicap";
    Level => "电脑水平", "Computer level";
    NoLevel => "按下面的思考深度或时间", "By the depth or time below";
    GoNoLevel => "GNU Go 5 级（原来的）", "GNU Go, level 5";
    YourLevel => "{}的级别：{}", "{}'s level: {}";
    LadderWins => "已连胜 {} 盘，连胜 3 盘升一级", "{} wins in a row: three move up a level";
    LadderLosses => "已连败 {} 盘，连败 3 盘降一级", "{} losses in a row: three move down a level";
    LadderNew => "连胜 3 盘升一级，连败 3 盘降一级", "Three wins in a row move up a level, three losses down";
    PlayYourLevel => "下这一级", "Play this level";
    LevelRating => "等级分 {}", "rating {}";
    HandicapGiven => "{}（{}）{}", "{} ({}) gives {}";
    InfoEvent => "赛事", "Event";
    InfoDate => "日期", "Date";
    InfoSite => "地点", "Site";
    InfoRound => "轮次", "Round";
    InfoResult => "结果", "Result";
    ResultNone => "未定", "Not decided";
    ResultRed => "红胜", "Red wins";
    ResultBlack => "黑胜", "Black wins";
    ResultDraw => "和棋", "Draw";
    Dropped => "棋谱中有一步走不出，这条着法在那里结束", "A move of the file cannot be played; its line ends there";
    Captured => "吃子", "Captured";
    Settings => "设置", "Settings";
    Notation => "记谱", "Notation";
    NotationChinese => "中文", "Chinese";
    Reviewing => "正在回顾，按 End 回到当前局面", "Reviewing: press End to return to the game";
    BackToGame => "回到当前局面", "Back to the game";
    GameOverRefused => "对局已结束：悔棋或开新局", "The game is over: undo or start a new game";
    NotYourTurn => "现在不是这一方走棋", "It is the other side's move";
    Undone => "已悔棋", "Undone";
    Redone => "已重做", "Redone";
    KeyClick => "左键：选子、落子；也可拖动", "Left click: select and move; drag works too";
    KeyRight => "右键：取消选择", "Right click: cancel the selection";
    KeyFlip => "F：翻转棋盘", "F: flip the board";
    KeyLines => "↑ ↓：在分支处换一条变着；右键着法：提升、删除、符号、注释", "↑ ↓: at a fork, follow another line; right-click a move: promote, delete, glyph, comment";
    KeyReviewGame => "R：引擎复盘（再按停止）；] [：下一个、上一个问题着（Shift：同一方的）", "R: review the game with the engine (again: stop); ] [: next, previous marked move (Shift: of the same side)";
    KeyInfo => "Ctrl+Shift+I：对局信息（棋手、赛事、日期、结果）", "Ctrl+Shift+I: the game's information (players, event, date, result)";
    SlotPlies => "{} 步", "{} plies";
    CopiedFen => "已复制局面（FEN）", "Copied the position (FEN)";
    CopiedGame => "已复制整局棋谱（PGN）", "Copied the game (PGN)";
    Pasted => "已粘贴{}（Ctrl+Z 可撤销）", "Pasted {} (Ctrl+Z takes it back)";
    PasteFailed => "无法识别剪贴板内容，棋盘未改变：{}", "Could not read the clipboard; the board is unchanged: {}";
    Opened => "已打开 {}：{}", "Opened {}: {}";
    OpenFailed => "无法打开 {}，棋盘未改变：{}", "Could not open {}; the board is unchanged: {}";
    Manual => "使用手册", "Manual";
    ManualOpened => "已在浏览器中打开使用手册：{}", "The manual is open in the browser: {}";
    ManualFailed => "无法打开使用手册：{}", "Could not open the manual: {}";
    NoManualFolder => "没有可写的数据文件夹，无法打开使用手册", "No data folder to write the manual to";
    Reading => "正在读取 {}……", "Reading {}…";
    TheClipboard => "剪贴板内容", "the clipboard";
    ReadCrashed => "读取时出错，棋盘未改变", "Reading failed; the board is unchanged";
    GamesInFile => "{} 中有 {} 局棋，请选择一局", "{} holds {} games: pick one";
    OpenedGame => "已打开 {} 的第 {} 局：{}（Ctrl+Z 可撤销）", "Opened {}, game {}: {} (Ctrl+Z takes it back)";
    GamesTitle => "选择棋局", "Pick a game";
    GamesReadSoFar => "{} 已读出 {} 局，还在读……", "{}: {} games read so far, reading on…";
    GamesSearch => "查找：", "Find:";
    GamesSearchHint => "棋手或赛事", "player or event";
    GamesFound => "找到 {} 局", "{} found";
    GamesHint => "↑↓ 选择，Enter 打开，Esc 关闭", "↑↓ to choose, Enter to open, Esc to close";
    ColumnRed => "红方", "Red";
    ColumnBlack => "黑方", "Black";
    ColumnResult => "结果", "Result";
    ColumnPlies => "步数", "Plies";
    ColumnEvent => "赛事", "Event";
    ColumnDate => "日期", "Date";
    ColumnOpening => "开局", "Opening";
    MoveBoxXiangqiHint => "如 炮二平五、炮2平5、C2=5、h2e2", "e.g. 炮二平五, 炮2平5, C2=5, h2e2";
    MoveBoxGoHint => "如 D4、Q16、pass", "e.g. D4, Q16, pass";
    TypedNoMove => "没有合法着法符合“{}”", "No legal move fits \"{}\"";
    TypedAmbiguous => "“{}”可以是：{}——请多输入几个字", "\"{}\" could be {}: type more";
    TypedUnreadable => "“{}”不是着法", "\"{}\" is not a move";
    Unreadable => "无法读取：{}", "Unreadable: {}";
    Open => "打开", "Open";
    PauseClock => "暂停（空格）", "Pause (Space)";
    ResumeClock => "继续（空格）", "Resume (Space)";
    ClockPaused => "计时暂停", "Clock paused";
    Resign => "认输", "Resign";
    ConfirmResign => "{}认输？", "{} resigns?";
    OfferDraw => "提和", "Offer a draw";
    DrawOffered => "{}提和", "{} offers a draw";
    AcceptDraw => "同意和棋", "Accept";
    DeclineDraw => "拒绝", "Decline";
    DrawDeclined => "{}拒绝了和棋", "{} declines the draw";
    ClockForNewGames => "新对局用时", "Clock for new games";
    NoClock => "不计时", "No clock";
    CustomClock => "自定义…", "Custom…";
    CustomClockHint => "如 10+5、0:30+0、10+0/30（读秒）；让时先写先走一方的：10+5,3+5", "e.g. 10+5, 0:30+0, 10+0/30 (byo-yomi); time odds, the first mover's first: 10+5,3+5";
    TimeOdds => "让时", "Time odds";
    ByoyomiBegins => "开始读秒", "Byo-yomi";
    ByoyomiPeriods => "开始读秒，共{}次", "Byo-yomi, {} periods";
    PeriodUsed => "第{}次读秒用完，还剩{}次", "{} period used, {} left";
    LastPeriod => "最后一次读秒", "Last period";
    OddsSuggested => "建议让时：{}用 {}，{}用 {}", "Suggested odds: {} plays on {}, {} on {}";
    TakeOdds => "采用", "Use it";
    Byoyomi => "读秒", "byo-yomi";
    AutosaveFailed => "无法自动保存：{}", "Cannot autosave: {}";
    Edit => "摆棋", "Set up";
    EditTitle => "摆棋：摆出任意局面", "Set up any position";
    EditHint => "点选下面的棋子再点棋盘上的点，或把它拖到棋盘上；拖动棋子可移动，拖出棋盘或右击可拿掉", "Pick a piece below and click a point, or drag it onto the board; drag a piece to move it, off the board or right-click to take it off";
    EditEmpty => "清空棋盘", "Empty board";
    EditStart => "初始局面", "Start position";
    EditRedFirst => "红先", "Red moves first";
    EditBlackFirst => "黑先", "Black moves first";
    EditPlay => "从此开始对局", "Play from here";
    EditReady => "局面合法，可以开始", "A legal position: ready to play";
    EditFenRefused => "读不懂这个 FEN：{}", "That FEN does not read: {}";
    KeyEdit => "F2：摆棋（Esc 退出）", "F2: set up a position (Esc leaves)";
    KeyAnalysis => "A：引擎分析（再按关闭）", "A: engine analysis (again to hide)";
    KeyTray => "摆棋时棋盘光标开着：按棋子字母从棋盒取子（R 红车、r 黑车，H 马，E 象，A 士，K 帅，C 炮，P 兵；0 放回），回车放下，Delete 拿掉，Ctrl+回车 从此局面开始", "Setting up, with the board cursor on: a piece's letter takes it from the tray (R red chariot, r black; H horse, E elephant, A advisor, K general, C cannon, P soldier; 0 puts it back), Enter puts it down, Delete takes a piece off, Ctrl+Enter plays from there";
    KeyLibrary => "L：棋谱库（导入文件夹，按棋手、赛事、开局、局面查找）；O：开局库（点着法即走）", "L: the game library (import folders; find games by player, event, opening, position); O: the opening explorer (click a move to play it)";
    Analysis => "分析", "Analysis";
    HintButton => "提示", "Hint";
    Territory => "形势判断", "Territory";
    Opponent => "对手", "Opponent";
    TwoPlayers => "两人对弈", "Two players";
    ComputerRed => "电脑执红", "Computer plays red";
    ComputerBlack => "电脑执黑", "Computer plays black";
    Strength => "电脑棋力", "Computer strength";
    ByDepth => "深度", "Depth";
    ByTime => "每步时间", "Time a move";
    Thinking => "电脑思考中…", "The computer is thinking…";
    ComputerWaits => "电脑的着法已悔回，等你吩咐", "Its move taken back, the computer waits";
    ComputerPlayNow => "电脑走棋", "Computer, play";
    ComputersTurn => "该电脑走棋", "It is the computer's move";
    ComputerPlays => "电脑执{}，你执{}", "The computer plays {}, you play {}";
    TwoPlayersNow => "两人对弈", "Two players at the board";
    HintIs => "提示：{}", "Hint: {}";
    NoMoveToHint => "这个局面无棋可走", "There is no move in this position";
    AnalysisOn => "引擎分析已开", "Analysis on";
    AnalysisOff => "引擎分析已关", "Analysis off";
    AnalysisDepth => "深度 {}", "depth {}";
    AnalysisWaiting => "引擎计算中…", "The engine is thinking…";
    NoEngine => "找不到象棋引擎：请安装 Fairy-Stockfish（sudo apt-get install fairy-stockfish）或 Pikafish，或在设置中填写引擎路径", "No engine found: install Fairy-Stockfish (sudo apt-get install fairy-stockfish) or Pikafish, or set the engine's path in the settings";
    NoEngineWindows => "找不到象棋引擎：Fairy-Stockfish 随象棋一起安装（xiangqi.exe 旁边的 fairy-stockfish.exe），请重新安装象棋，或在设置中填写引擎路径", "No engine found: Fairy-Stockfish comes with the game (fairy-stockfish.exe beside xiangqi.exe): install the game again, or set the engine's path in the settings";
    EngineFailed => "引擎出错：{}", "The engine failed: {}";
    Review => "复盘分析", "Review";
    MenuNextMark => "下一个问题着", "Next marked move";
    MenuPreviousMark => "上一个问题着", "Previous marked move";
    ReviewStop => "停止", "Stop";
    ReviewSummary => "{}：准确率 {}%，?! {} ? {} ?? {}", "{}: accuracy {}%, ?! {} ? {} ?? {}";
    Engine => "引擎", "Engine";
    EnginePath => "引擎路径（空：自动查找）", "Engine path (empty: look for one)";
    EngineThreads => "线程", "Threads";
    EngineHash => "哈希表", "Hash";
    ToMove => "走棋", "to move";
    Puzzles => "残局练习", "Puzzles";
    PuzzlesAllSolved => "所有残局都已解出", "Every puzzle is solved";
    PuzzleSolved => "解出了！", "Solved!";
    PuzzleWrong => "不是正解：看对方如何应对，然后重试", "Not the solution: see the answer, then retry";
    PuzzleRight => "正确，请继续", "Right: go on";
    PuzzleFind => "{}先走，{}步杀", "{} to move: mate in {}";
    PuzzleFindWin => "{}先走，{}着取得胜势", "{} to move: win in {}";
    PuzzleShown => "已演示正解", "The solution, played out";
    PuzzleHint => "提示 (H)", "Hint (H)";
    PuzzleRetry => "重试 (Ctrl+Z)", "Retry (Ctrl+Z)";
    PuzzleSolution => "正解", "Show solution";
    PuzzleNext => "下一题 (N)", "Next (N)";
    PuzzleList => "题目列表", "List";
    PuzzleSource => "来源", "Source";
    PuzzleShelfGenerated => "电脑生成", "generated";
    PuzzleShelfYours => "我的对局", "from your games";
    PuzzleShelfGames => "实战", "played games";
    PuzzleFromGenerated => "电脑生成：{}对{}", "generated {} vs {}";
    PuzzleFromYours => "我的对局（{}）第{}回合", "from your game of {}, move {}";
    PuzzleFromGame => "实战 {} 第{}回合", "game {}, move {}";
    PuzzleUnknownDay => "日期不详", "an unknown day";
    LibraryMenu => "棋谱库…", "Game library…";
    ExplorerMenu => "开局库", "Opening explorer";
    PuzzlesFind => "从我的对局中找题", "Find puzzles in my games";
    PuzzlesFinding => "正在用引擎查找存档对局中的杀局和得子机会…", "Looking for mates and winning moves in your saved games with the engine…";
    PuzzlesFound => "在你的对局中找到 {} 道题", "{} puzzles found in your games";
    PuzzleLength => "步数", "Length";
    PuzzleWins => "得子", "wins";
    PuzzleBack => "返回对局 (Esc)", "Back to the game (Esc)";
    PuzzleSolvedMark => "已解", "solved";
    PuzzleAttempts => "尝试 {} 次", "attempts: {}";
    KeyPuzzles => "F3：残局练习（H 提示，N 下一题，Esc 返回）", "F3: puzzles (H hint, N next, Esc back to the game)";
    PuzzleDuel => "解题赛…", "Puzzle duel…";
    DuelTitle => "解题赛", "Puzzle duel";
    DuelHow => "两人依次解同样的题，各用各的钟；走错一步，这道题就算没解出。解出多者胜，题数相同则用时少者胜。", "Both solve the same puzzles in turn, each on their own clock; one wrong move misses a puzzle. The more solved wins; between as many, the less time.";
    DuelCount => "题数", "Puzzles";
    DuelTime => "每人用时", "Time each";
    DuelMinutes => "{} 分钟", "{} min";
    DuelStart => "开始", "Start";
    DuelPlayerOne => "甲", "Player 1";
    DuelPlayerTwo => "乙", "Player 2";
    DuelRound => "轮到{}：{}道题，限时{}", "{}'s round: {} puzzles in {}";
    DuelLookAway => "另一位请先别看棋盘。", "The other player looks away.";
    DuelBegin => "开始解题", "Begin";
    DuelPuzzleOf => "{}：第{}题（共{}题）", "{}: puzzle {} of {}";
    DuelTimeUp => "{}的时间到了", "{}'s time is up";
    DuelWins => "{}胜", "{} wins";
    DuelEven => "双方打平", "Even";
    DuelScore => "{}：解出{}题，用时{}", "{}: {} solved in {}";
    DuelClose => "结束 (Esc)", "Close (Esc)";
    DuelAgain => "再来一局", "Again";
}

/// What the game says when it finds no Xiangqi engine: on Windows the engine comes with
/// the game, elsewhere from the system's packages.
#[must_use]
pub fn no_engine(lang: Lang) -> &'static str {
    if cfg!(windows) {
        T::NoEngineWindows.get(lang)
    } else {
        T::NoEngine.get(lang)
    }
}

/// `word` with its first letter capital.
fn capital(word: &str) -> String {
    let mut chars = word.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// A clock's call in words: 读秒 begun, a period used up ("第一次读秒用完，还剩两次"),
/// the last period, or the seconds left ("十", "ten").
#[must_use]
pub fn clock_call(call: crate::clock::Call, lang: Lang) -> String {
    const ZH: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    const EN: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    // Counts as said: 两 for two of something, 二 in an ordinal.
    const HOW_MANY: [&str; 10] = ["一", "两", "三", "四", "五", "六", "七", "八", "九", "十"];
    const NTH: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    let at = |n: u8| usize::from(n.clamp(1, 10)) - 1;
    match call {
        crate::clock::Call::Byoyomi(periods) if periods > 1 => {
            let n = if lang == Lang::Zh {
                HOW_MANY[at(periods)]
            } else {
                EN[at(periods)]
            };
            T::ByoyomiPeriods.fill(lang, &[&n])
        }
        crate::clock::Call::Byoyomi(_) => T::ByoyomiBegins.get(lang).to_owned(),
        crate::clock::Call::PeriodUsed { left: 1, .. } => T::LastPeriod.get(lang).to_owned(),
        crate::clock::Call::PeriodUsed { used, left } => match lang {
            Lang::Zh => T::PeriodUsed.fill(lang, &[&ZH[at(used)], &HOW_MANY[at(left)]]),
            Lang::En => T::PeriodUsed.fill(lang, &[&capital(NTH[at(used)]), &EN[at(left)]]),
        },
        crate::clock::Call::Seconds(n) => {
            let words = if lang == Lang::Zh { ZH } else { EN };
            words[usize::from(n.clamp(1, 10)) - 1].to_owned()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::record::Format;
    use crate::rules::{Color, IllegalMove, Notation, Outcome, Termination};

    #[test]
    fn periods_of_byoyomi_are_called_as_players_say_them() {
        use crate::clock::Call;
        let say = |c, l| clock_call(c, l);
        assert_eq!(say(Call::Byoyomi(1), Lang::Zh), "开始读秒");
        assert_eq!(say(Call::Byoyomi(3), Lang::Zh), "开始读秒，共三次");
        assert_eq!(say(Call::Byoyomi(3), Lang::En), "Byo-yomi, three periods");
        let first = Call::PeriodUsed { used: 1, left: 2 };
        assert_eq!(say(first, Lang::Zh), "第一次读秒用完，还剩两次");
        assert_eq!(say(first, Lang::En), "First period used, two left");
        let last = Call::PeriodUsed { used: 2, left: 1 };
        assert_eq!(say(last, Lang::Zh), "最后一次读秒");
        assert_eq!(say(last, Lang::En), "Last period");
        assert_eq!(say(Call::Seconds(10), Lang::Zh), "十");
    }

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
        for t in LibText::ALL {
            assert!(!t.get(Lang::Zh).is_empty() && !t.get(Lang::En).is_empty());
            // As many blanks in both: the same things filled in.
            assert_eq!(
                t.get(Lang::Zh).matches("{}").count(),
                t.get(Lang::En).matches("{}").count(),
                "{t:?}"
            );
        }
        assert_eq!(Word::SavedTo.fill(Lang::En, &[&3]), "Saved to slot 3");
        assert_eq!(Word::SlotFailed.fill(Lang::Zh, &[&2, &"x"]), "存档 2：x");
        assert_eq!(
            imported(Format::Pgn(Notation::Chinese), 40, Lang::Zh),
            "PGN 棋谱（中文记谱），40 步"
        );
        assert_eq!(imported(Format::Fen, 0, Lang::En), "a FEN position");
    }
}
