//! Every player-facing string, in Chinese and English: the table's and Xiangqi's here,
//! Go's in `go.rs`.

pub use table::i18n::{Lang, Said, Word, fill, pieces_name, theme_name};
use table::texts;

mod gnugo;
mod go;
mod library;
pub mod spoken;
mod xiangqi;

#[cfg(test)]
mod complete;

pub use gnugo::{go_reason, reason_strings};
pub use go::{GoText, go_illegal, go_result, go_rules, side as go_side};
pub use library::{LibText, result_word};
pub use xiangqi::*;

texts! {
    T;
    RedToMove => "红方走棋", "Red to move", "紅方走棋", "Đỏ đi";
    BlackToMove => "黑方走棋", "Black to move", "黑方走棋", "Đen đi";
    SpokenBoard => "棋盘", "Board", "棋盤", "Bàn cờ";
    Moves => "着法", "Moves", "著法", "Nước đi";
    GameXiangqi => "象棋", "Xiangqi", "象棋", "Cờ tướng";
    GameGo => "围棋", "Go", "圍棋", "Cờ vây";
    Promote => "提升这条变着", "Promote this line", "提升這條變著", "Đưa biến này lên trước";
    DeleteFromHere => "从这步起删除", "Delete from here", "從這步起刪除", "Xóa từ nước này";
    CommentThis => "注释…", "Comment…", "註釋…", "Lời bình…";
    Comment => "注释", "Comment", "註釋", "Lời bình";
    InfoRed => "红方", "Red", "紅方", "Đỏ";
    InfoBlack => "黑方", "Black", "黑方", "Đen";
    Handicap => "让子", "Handicap", "讓子", "Chấp quân";
    Level => "电脑水平", "Computer level", "電腦水平", "Cấp độ của máy";
    NoLevel => "按下面的思考深度或时间", "By the depth or time below", "按下面的思考深度或時間", "Theo độ sâu hoặc thời gian bên dưới";
    GoNoLevel => "GNU Go 5 级（原来的）", "GNU Go, level 5", "GNU Go 5 級（原來的）", "GNU Go, cấp 5";
    YourLevel => "{}的级别：{}", "{}'s level: {}", "{}的級別：{}", "Cấp của {}: {}";
    LadderWins => "已连胜 {} 盘，连胜 3 盘升一级", "{} wins in a row: three move up a level", "已連勝 {} 盤，連勝 3 盤升一級", "Đã thắng {} ván liên tiếp: thắng 3 ván liền thì lên một cấp";
    LadderLosses => "已连败 {} 盘，连败 3 盘降一级", "{} losses in a row: three move down a level", "已連敗 {} 盤，連敗 3 盤降一級", "Đã thua {} ván liên tiếp: thua 3 ván liền thì xuống một cấp";
    LadderNew => "连胜 3 盘升一级，连败 3 盘降一级", "Three wins in a row move up a level, three losses down", "連勝 3 盤升一級，連敗 3 盤降一級", "Thắng 3 ván liền thì lên một cấp, thua 3 ván liền thì xuống một cấp";
    PlayYourLevel => "下这一级", "Play this level", "下這一級", "Chơi cấp này";
    LevelRating => "等级分 {}", "rating {}", "等級分 {}", "điểm {}";
    HandicapGiven => "{}（{}）{}", "{} ({}) gives {}", "{}（{}）{}", "{} ({}) chấp {}";
    InfoEvent => "赛事", "Event", "賽事", "Giải đấu";
    InfoDate => "日期", "Date", "日期", "Ngày";
    InfoSite => "地点", "Site", "地點", "Địa điểm";
    InfoRound => "轮次", "Round", "輪次", "Vòng";
    InfoResult => "结果", "Result", "結果", "Kết quả";
    ResultNone => "未定", "Not decided", "未定", "Chưa phân định";
    ResultRed => "红胜", "Red wins", "紅勝", "Đỏ thắng";
    ResultBlack => "黑胜", "Black wins", "黑勝", "Đen thắng";
    ResultDraw => "和棋", "Draw", "和棋", "Hòa";
    Dropped => "棋谱中有一步走不出，这条着法在那里结束", "A move of the file cannot be played; its line ends there", "棋譜中有一步走不出，這條著法在那裡結束", "Có một nước trong tệp không đi được; biến đó dừng ở đây";
    Captured => "吃子", "Captured", "吃子", "Quân bị ăn";
    Settings => "设置", "Settings", "設定", "Cài đặt";
    Notation => "记谱", "Notation", "記譜", "Ký hiệu";
    NotationChinese => "中文", "Chinese", "簡體中文", "Chữ Hán giản thể";
    NotationTraditional => "繁体中文", "Traditional Chinese", "中文", "Chữ Hán phồn thể";
    NotationVietnamese => "越南记法", "Vietnamese", "越南記法", "Tiếng Việt";
    Reviewing => "正在回顾，按 End 回到当前局面", "Reviewing: press End to return to the game", "正在回顧，按 End 回到目前局面", "Đang xem lại: bấm End để trở về ván cờ";
    BackToGame => "回到当前局面", "Back to the game", "回到目前局面", "Trở về ván cờ";
    GameOverRefused => "对局已结束：悔棋或开新局", "The game is over: undo or start a new game", "對局已結束：悔棋或開新局", "Ván cờ đã kết thúc: đi lại hoặc bắt đầu ván mới";
    NotYourTurn => "现在不是这一方走棋", "It is the other side's move", "現在不是這一方走棋", "Đang đến lượt bên kia";
    Undone => "已悔棋", "Undone", "已悔棋", "Đã đi lại";
    Redone => "已重做", "Redone", "已重做", "Đã làm lại";
    KeyClick => "左键：选子、落子；也可拖动", "Left click: select and move; drag works too", "左鍵：選子、落子；也可拖動", "Chuột trái: chọn quân và đi; kéo thả cũng được";
    KeyRight => "右键：取消选择", "Right click: cancel the selection", "右鍵：取消選擇", "Chuột phải: bỏ chọn";
    KeyFlip => "F：翻转棋盘", "F: flip the board", "F：翻轉棋盤", "F: lật bàn cờ";
    KeyLines => "↑ ↓：在分支处换一条变着；右键着法：提升、删除、符号、注释", "↑ ↓: at a fork, follow another line; right-click a move: promote, delete, glyph, comment", "↑ ↓：在分支處換一條變著；右鍵著法：提升、刪除、符號、註釋", "↑ ↓: ở chỗ rẽ nhánh, theo một biến khác; chuột phải vào một nước: đưa lên trước, xóa, ký hiệu đánh giá, lời bình";
    KeyReviewGame => "R：引擎复盘（再按停止）；] [：下一个、上一个问题着（Shift：同一方的）", "R: review the game with the engine (again: stop); ] [: next, previous marked move (Shift: of the same side)", "R：引擎覆盤（再按停止）；] [：下一個、上一個問題著（Shift：同一方的）", "R: máy phân tích lại ván cờ (bấm lần nữa để dừng); ] [: nước bị đánh dấu kế tiếp, trước đó (Shift: của cùng một bên)";
    KeyInfo => "Ctrl+Shift+I：对局信息（棋手、赛事、日期、结果）", "Ctrl+Shift+I: the game's information (players, event, date, result)", "Ctrl+Shift+I：對局資訊（棋手、賽事、日期、結果）", "Ctrl+Shift+I: thông tin ván cờ (người chơi, giải đấu, ngày, kết quả)";
    SlotPlies => "{} 步", "{} plies", "{} 步", "{} nước";
    CopiedFen => "已复制局面（FEN）", "Copied the position (FEN)", "已複製局面（FEN）", "Đã chép thế cờ (FEN)";
    CopiedGame => "已复制整局棋谱（PGN）", "Copied the game (PGN)", "已複製整局棋譜（PGN）", "Đã chép cả ván cờ (PGN)";
    Pasted => "已粘贴{}（Ctrl+Z 可撤销）", "Pasted {} (Ctrl+Z takes it back)", "已貼上{}（Ctrl+Z 可復原）", "Đã dán {} (Ctrl+Z để trả lại)";
    PasteFailed => "无法识别剪贴板内容，棋盘未改变：{}", "Could not read the clipboard; the board is unchanged: {}", "無法識別剪貼簿內容，棋盤未改變：{}", "Không đọc được nội dung bộ nhớ tạm; bàn cờ không thay đổi: {}";
    Opened => "已打开 {}：{}", "Opened {}: {}", "已開啟 {}：{}", "Đã mở {}: {}";
    OpenFailed => "无法打开 {}，棋盘未改变：{}", "Could not open {}; the board is unchanged: {}", "無法開啟 {}，棋盤未改變：{}", "Không mở được {}; bàn cờ không thay đổi: {}";
    Manual => "使用手册", "Manual", "使用手冊", "Hướng dẫn sử dụng";
    ManualOpened => "已在浏览器中打开使用手册：{}", "The manual is open in the browser: {}", "已在瀏覽器中開啟使用手冊：{}", "Đã mở hướng dẫn sử dụng trong trình duyệt: {}";
    ManualFailed => "无法打开使用手册：{}", "Could not open the manual: {}", "無法開啟使用手冊：{}", "Không mở được hướng dẫn sử dụng: {}";
    NoManualFolder => "没有可写的数据文件夹，无法打开使用手册", "No data folder to write the manual to", "沒有可寫入的資料夾，無法開啟使用手冊", "Không có thư mục dữ liệu để ghi hướng dẫn sử dụng";
    Reading => "正在读取 {}……", "Reading {}…", "正在讀取 {}……", "Đang đọc {}…";
    TheClipboard => "剪贴板内容", "the clipboard", "剪貼簿內容", "bộ nhớ tạm";
    ReadCrashed => "读取时出错，棋盘未改变", "Reading failed; the board is unchanged", "讀取時出錯，棋盤未改變", "Đọc bị lỗi; bàn cờ không thay đổi";
    GamesInFile => "{} 中有 {} 局棋，请选择一局", "{} holds {} games: pick one", "{} 中有 {} 局棋，請選擇一局", "{} có {} ván: hãy chọn một ván";
    OpenedGame => "已打开 {} 的第 {} 局：{}（Ctrl+Z 可撤销）", "Opened {}, game {}: {} (Ctrl+Z takes it back)", "已開啟 {} 的第 {} 局：{}（Ctrl+Z 可復原）", "Đã mở {}, ván {}: {} (Ctrl+Z để trả lại)";
    GamesTitle => "选择棋局", "Pick a game", "選擇棋局", "Chọn một ván";
    GamesReadSoFar => "{} 已读出 {} 局，还在读……", "{}: {} games read so far, reading on…", "{} 已讀出 {} 局，還在讀……", "{}: đã đọc được {} ván, đang đọc tiếp…";
    GamesSearch => "查找：", "Find:", "搜尋：", "Tìm:";
    GamesSearchHint => "棋手或赛事", "player or event", "棋手或賽事", "người chơi hoặc giải đấu";
    GamesFound => "找到 {} 局", "{} found", "找到 {} 局", "Tìm thấy {} ván";
    GamesHint => "↑↓ 选择，Enter 打开，Esc 关闭", "↑↓ to choose, Enter to open, Esc to close", "↑↓ 選擇，Enter 開啟，Esc 關閉", "↑↓ để chọn, Enter để mở, Esc để đóng";
    ColumnRed => "红方", "Red", "紅方", "Đỏ";
    ColumnBlack => "黑方", "Black", "黑方", "Đen";
    ColumnResult => "结果", "Result", "結果", "Kết quả";
    ColumnPlies => "步数", "Plies", "步數", "Số nước";
    ColumnEvent => "赛事", "Event", "賽事", "Giải đấu";
    ColumnDate => "日期", "Date", "日期", "Ngày";
    ColumnOpening => "开局", "Opening", "開局", "Khai cuộc";
    MoveBoxXiangqiHint => "如 炮二平五、炮2平5、C2=5、h2e2", "e.g. 炮二平五, 炮2平5, C2=5, h2e2", "如 炮二平五、傌八進七、C2=5、h2e2", "ví dụ P2-5, 炮二平五, C2=5, h2e2";
    MoveBoxGoHint => "如 D4、Q16、pass", "e.g. D4, Q16, pass", "如 D4、Q16、pass", "ví dụ D4, Q16, pass";
    TypedNoMove => "没有合法着法符合“{}”", "No legal move fits \"{}\"", "沒有合法著法符合「{}」", "Không có nước hợp lệ nào ứng với \"{}\"";
    TypedAmbiguous => "“{}”可以是：{}——请多输入几个字", "\"{}\" could be {}: type more", "「{}」可以是：{}——請多輸入幾個字", "\"{}\" có thể là {}: gõ thêm";
    TypedUnreadable => "“{}”不是着法", "\"{}\" is not a move", "「{}」不是著法", "\"{}\" không phải là một nước đi";
    Unreadable => "无法读取：{}", "Unreadable: {}", "無法讀取：{}", "Không đọc được: {}";
    Open => "打开", "Open", "開啟", "Mở";
    PauseClock => "暂停（空格）", "Pause (Space)", "暫停（空白鍵）", "Tạm dừng (Space)";
    ResumeClock => "继续（空格）", "Resume (Space)", "繼續（空白鍵）", "Chạy tiếp (Space)";
    ClockPaused => "计时暂停", "Clock paused", "計時暫停", "Đồng hồ tạm dừng";
    Resign => "认输", "Resign", "認輸", "Xin thua";
    ConfirmResign => "{}认输？", "{} resigns?", "{}認輸？", "{} xin thua?";
    OfferDraw => "提和", "Offer a draw", "提和", "Cầu hòa";
    DrawOffered => "{}提和", "{} offers a draw", "{}提和", "{} cầu hòa";
    AcceptDraw => "同意和棋", "Accept", "同意和棋", "Đồng ý hòa";
    DeclineDraw => "拒绝", "Decline", "拒絕", "Từ chối";
    DrawDeclined => "{}拒绝了和棋", "{} declines the draw", "{}拒絕了和棋", "{} từ chối hòa";
    ClockForNewGames => "新对局用时", "Clock for new games", "新對局用時", "Đồng hồ cho ván mới";
    NoClock => "不计时", "No clock", "不計時", "Không tính giờ";
    CustomClock => "自定义…", "Custom…", "自訂…", "Tự đặt…";
    CustomClockHint => "如 10+5、0:30+0、10+0/30（读秒）；让时先写先走一方的：10+5,3+5", "e.g. 10+5, 0:30+0, 10+0/30 (byo-yomi); time odds, the first mover's first: 10+5,3+5", "如 10+5、0:30+0、10+0/30（讀秒）；讓時先寫先走一方的：10+5,3+5", "ví dụ 10+5, 0:30+0, 10+0/30 (đọc giây); chấp thời gian, bên đi trước viết trước: 10+5,3+5";
    TimeOdds => "让时", "Time odds", "讓時", "Chấp thời gian";
    ByoyomiBegins => "开始读秒", "Byo-yomi", "開始讀秒", "Bắt đầu đọc giây";
    ByoyomiPeriods => "开始读秒，共{}次", "Byo-yomi, {} periods", "開始讀秒，共{}次", "Bắt đầu đọc giây, {} lần";
    PeriodUsed => "第{}次读秒用完，还剩{}次", "{} period used, {} left", "第{}次讀秒用完，還剩{}次", "Hết lần đọc giây thứ {}, còn {} lần";
    LastPeriod => "最后一次读秒", "Last period", "最後一次讀秒", "Lần đọc giây cuối cùng";
    OddsSuggested => "建议让时：{}用 {}，{}用 {}", "Suggested odds: {} plays on {}, {} on {}", "建議讓時：{}用 {}，{}用 {}", "Đề nghị chấp thời gian: {} chơi {}, {} chơi {}";
    TakeOdds => "采用", "Use it", "採用", "Dùng";
    Byoyomi => "读秒", "byo-yomi", "讀秒", "đọc giây";
    AutosaveFailed => "无法自动保存：{}", "Cannot autosave: {}", "無法自動儲存：{}", "Không tự động lưu được: {}";
    Edit => "摆棋", "Set up", "擺棋", "Xếp cờ";
    EditTitle => "摆棋：摆出任意局面", "Set up any position", "擺棋：擺出任意局面", "Xếp một thế cờ bất kỳ";
    EditHint => "点选下面的棋子再点棋盘上的点，或把它拖到棋盘上；拖动棋子可移动，拖出棋盘或右击可拿掉", "Pick a piece below and click a point, or drag it onto the board; drag a piece to move it, off the board or right-click to take it off", "點選下面的棋子再點棋盤上的點，或把它拖到棋盤上；拖動棋子可移動，拖出棋盤或右擊可拿掉", "Chọn một quân bên dưới rồi bấm vào một điểm, hoặc kéo nó lên bàn cờ; kéo một quân để di chuyển, kéo ra ngoài hoặc bấm chuột phải để nhấc ra";
    EditEmpty => "清空棋盘", "Empty board", "清空棋盤", "Bàn cờ trống";
    EditStart => "初始局面", "Start position", "初始局面", "Thế ban đầu";
    EditRedFirst => "红先", "Red moves first", "紅先", "Đỏ đi trước";
    EditBlackFirst => "黑先", "Black moves first", "黑先", "Đen đi trước";
    EditPlay => "从此开始对局", "Play from here", "從此開始對局", "Chơi từ đây";
    EditReady => "局面合法，可以开始", "A legal position: ready to play", "局面合法，可以開始", "Thế cờ hợp lệ: có thể chơi";
    EditFenRefused => "读不懂这个 FEN：{}", "That FEN does not read: {}", "讀不懂這個 FEN：{}", "Không đọc được FEN này: {}";
    KeyEdit => "F2：摆棋（Esc 退出）", "F2: set up a position (Esc leaves)", "F2：擺棋（Esc 離開）", "F2: xếp một thế cờ (Esc để ra)";
    KeyAnalysis => "A：引擎分析（再按关闭）", "A: engine analysis (again to hide)", "A：引擎分析（再按關閉）", "A: máy phân tích (bấm lần nữa để ẩn)";
    KeyTray => "摆棋时棋盘光标开着：按棋子字母从棋盒取子（R 红车、r 黑车，H 马，E 象，A 士，K 帅，C 炮，P 兵；0 放回），回车放下，Delete 拿掉，Ctrl+回车 从此局面开始", "Setting up, with the board cursor on: a piece's letter takes it from the tray (R red chariot, r black; H horse, E elephant, A advisor, K general, C cannon, P soldier; 0 puts it back), Enter puts it down, Delete takes a piece off, Ctrl+Enter plays from there", "擺棋時棋盤游標開著：按棋子字母從棋盒取子（R 紅車、r 黑車，H 馬，E 象，A 士，K 帥，C 炮，P 兵；0 放回），Enter 放下，Delete 拿掉，Ctrl+Enter 從此局面開始", "Khi xếp cờ và con trỏ bàn cờ đang bật: chữ cái của quân lấy nó từ hộp quân (R xe đỏ, r xe đen; H mã, E tượng, A sĩ, K tướng, C pháo, P tốt; 0 trả lại), Enter đặt xuống, Delete nhấc ra, Ctrl+Enter chơi từ thế đó";
    KeyLibrary => "L：棋谱库（导入文件夹，按棋手、赛事、开局、局面查找）；O：开局库（点着法即走）", "L: the game library (import folders; find games by player, event, opening, position); O: the opening explorer (click a move to play it)", "L：棋譜庫（匯入資料夾，按棋手、賽事、開局、局面搜尋）；O：開局庫（點著法即走）", "L: thư viện ván cờ (nhập thư mục; tìm ván theo người chơi, giải đấu, khai cuộc, thế cờ); O: khai cuộc (bấm vào một nước để đi)";
    Analysis => "分析", "Analysis", "分析", "Phân tích";
    HintButton => "提示", "Hint", "提示", "Gợi ý";
    Territory => "形势判断", "Territory", "形勢判斷", "Ước lượng đất";
    Opponent => "对手", "Opponent", "對手", "Đối thủ";
    TwoPlayers => "两人对弈", "Two players", "兩人對弈", "Hai người chơi";
    ComputerRed => "电脑执红", "Computer plays red", "電腦執紅", "Máy cầm Đỏ";
    ComputerBlack => "电脑执黑", "Computer plays black", "電腦執黑", "Máy cầm Đen";
    Strength => "电脑棋力", "Computer strength", "電腦棋力", "Sức cờ của máy";
    ByDepth => "深度", "Depth", "深度", "Độ sâu";
    ByTime => "每步时间", "Time a move", "每步時間", "Thời gian mỗi nước";
    Thinking => "电脑思考中…", "The computer is thinking…", "電腦思考中…", "Máy đang nghĩ…";
    ComputerWaits => "电脑的着法已悔回，等你吩咐", "Its move taken back, the computer waits", "電腦的著法已悔回，等你吩咐", "Nước của máy đã được trả lại, máy chờ";
    ComputerPlayNow => "电脑走棋", "Computer, play", "電腦走棋", "Cho máy đi";
    ComputersTurn => "该电脑走棋", "It is the computer's move", "該電腦走棋", "Đến lượt máy đi";
    ComputerPlays => "电脑执{}，你执{}", "The computer plays {}, you play {}", "電腦執{}，你執{}", "Máy cầm {}, bạn cầm {}";
    TwoPlayersNow => "两人对弈", "Two players at the board", "兩人對弈", "Hai người cùng bàn";
    HintIs => "提示：{}", "Hint: {}", "提示：{}", "Gợi ý: {}";
    NoMoveToHint => "这个局面无棋可走", "There is no move in this position", "這個局面無棋可走", "Thế cờ này không còn nước đi";
    AnalysisOn => "引擎分析已开", "Analysis on", "引擎分析已開", "Đã bật phân tích";
    AnalysisOff => "引擎分析已关", "Analysis off", "引擎分析已關", "Đã tắt phân tích";
    AnalysisDepth => "深度 {}", "depth {}", "深度 {}", "độ sâu {}";
    AnalysisWaiting => "引擎计算中…", "The engine is thinking…", "引擎計算中…", "Máy đang tính…";
    NoEngine => "找不到象棋引擎：请安装 Fairy-Stockfish（sudo apt-get install fairy-stockfish）或 Pikafish，或在设置中填写引擎路径", "No engine found: install Fairy-Stockfish (sudo apt-get install fairy-stockfish) or Pikafish, or set the engine's path in the settings", "找不到象棋引擎：請安裝 Fairy-Stockfish（sudo apt-get install fairy-stockfish）或 Pikafish，或在設定中填寫引擎路徑", "Không tìm thấy máy: hãy cài Fairy-Stockfish (sudo apt-get install fairy-stockfish) hoặc Pikafish, hoặc nhập đường dẫn của máy trong phần cài đặt";
    NoEngineWindows => "找不到象棋引擎：Fairy-Stockfish 随象棋一起安装（xiangqi.exe 旁边的 fairy-stockfish.exe），请重新安装象棋，或在设置中填写引擎路径", "No engine found: Fairy-Stockfish comes with the game (fairy-stockfish.exe beside xiangqi.exe): install the game again, or set the engine's path in the settings", "找不到象棋引擎：Fairy-Stockfish 隨象棋一起安裝（xiangqi.exe 旁邊的 fairy-stockfish.exe），請重新安裝象棋，或在設定中填寫引擎路徑", "Không tìm thấy máy: Fairy-Stockfish đi kèm trò chơi (fairy-stockfish.exe bên cạnh xiangqi.exe): hãy cài lại trò chơi, hoặc nhập đường dẫn của máy trong phần cài đặt";
    EngineFailed => "引擎出错：{}", "The engine failed: {}", "引擎出錯：{}", "Máy bị lỗi: {}";
    Review => "复盘分析", "Review", "覆盤分析", "Phân tích ván cờ";
    MenuNextMark => "下一个问题着", "Next marked move", "下一個問題著", "Nước bị đánh dấu kế tiếp";
    MenuPreviousMark => "上一个问题着", "Previous marked move", "上一個問題著", "Nước bị đánh dấu trước đó";
    ReviewStop => "停止", "Stop", "停止", "Dừng";
    ReviewSummary => "{}：准确率 {}%，?! {} ? {} ?? {}", "{}: accuracy {}%, ?! {} ? {} ?? {}", "{}：準確率 {}%，?! {} ? {} ?? {}", "{}: chính xác {}%, ?! {} ? {} ?? {}";
    Engine => "引擎", "Engine", "引擎", "Máy";
    EnginePath => "引擎路径（空：自动查找）", "Engine path (empty: look for one)", "引擎路徑（空：自動搜尋）", "Đường dẫn của máy (để trống: tự tìm)";
    EngineThreads => "线程", "Threads", "執行緒", "Luồng";
    EngineHash => "哈希表", "Hash", "雜湊表", "Bộ nhớ băm";
    ToMove => "走棋", "to move", "走棋", "đi";
    Puzzles => "残局练习", "Puzzles", "殘局練習", "Thế cờ";
    PuzzlesAllSolved => "所有残局都已解出", "Every puzzle is solved", "所有殘局都已解出", "Đã giải hết các thế cờ";
    PuzzleSolved => "解出了！", "Solved!", "解出了！", "Đã giải!";
    PuzzleWrong => "不是正解：看对方如何应对，然后重试", "Not the solution: see the answer, then retry", "不是正解：看對方如何應對，然後重試", "Chưa đúng: xem bên kia đáp lại thế nào, rồi thử lại";
    PuzzleRight => "正确，请继续", "Right: go on", "正確，請繼續", "Đúng: đi tiếp";
    PuzzleFind => "{}先走，{}步杀", "{} to move: mate in {}", "{}先走，{}步殺", "{} đi: chiếu bí trong {} nước";
    PuzzleFindWin => "{}先走，{}着取得胜势", "{} to move: win in {}", "{}先走，{}著取得勝勢", "{} đi: giành thế thắng trong {} nước";
    PuzzleShown => "已演示正解", "The solution, played out", "已演示正解", "Đã đi hết lời giải";
    PuzzleHint => "提示 (H)", "Hint (H)", "提示 (H)", "Gợi ý (H)";
    PuzzleRetry => "重试 (Ctrl+Z)", "Retry (Ctrl+Z)", "重試 (Ctrl+Z)", "Thử lại (Ctrl+Z)";
    PuzzleSolution => "正解", "Show solution", "正解", "Xem lời giải";
    PuzzleNext => "下一题 (N)", "Next (N)", "下一題 (N)", "Tiếp (N)";
    PuzzleList => "题目列表", "List", "題目列表", "Danh sách";
    PuzzleSource => "来源", "Source", "來源", "Nguồn";
    PuzzleShelfGenerated => "电脑生成", "generated", "電腦產生", "máy tạo";
    PuzzleShelfYours => "我的对局", "from your games", "我的對局", "từ ván của bạn";
    PuzzleShelfGames => "实战", "played games", "實戰", "ván thực chiến";
    PuzzleFromGenerated => "电脑生成：{}对{}", "generated {} vs {}", "電腦產生：{}對{}", "máy tạo: {} đấu {}";
    PuzzleFromYours => "我的对局（{}）第{}回合", "from your game of {}, move {}", "我的對局（{}）第{}回合", "từ ván của bạn ngày {}, nước {}";
    PuzzleFromGame => "实战 {} 第{}回合", "game {}, move {}", "實戰 {} 第{}回合", "ván {}, nước {}";
    PuzzleUnknownDay => "日期不详", "an unknown day", "日期不詳", "không rõ ngày";
    LibraryMenu => "棋谱库…", "Game library…", "棋譜庫…", "Thư viện ván cờ…";
    ExplorerMenu => "开局库", "Opening explorer", "開局庫", "Khai cuộc";
    PuzzlesFind => "从我的对局中找题", "Find puzzles in my games", "從我的對局中找題", "Tìm thế cờ trong các ván của tôi";
    PuzzlesFinding => "正在用引擎查找存档对局中的杀局和得子机会…", "Looking for mates and winning moves in your saved games with the engine…", "正在用引擎搜尋存檔對局中的殺局和得子機會…", "Máy đang tìm các nước chiếu bí và nước thắng trong các ván bạn đã lưu…";
    PuzzlesFound => "在你的对局中找到 {} 道题", "{} puzzles found in your games", "在你的對局中找到 {} 道題", "Tìm được {} thế cờ trong các ván của bạn";
    PuzzleLength => "步数", "Length", "步數", "Số nước";
    PuzzleWins => "得子", "wins", "得子", "thắng quân";
    PuzzleBack => "返回对局 (Esc)", "Back to the game (Esc)", "返回對局 (Esc)", "Trở về ván cờ (Esc)";
    PuzzleSolvedMark => "已解", "solved", "已解", "đã giải";
    PuzzleAttempts => "尝试 {} 次", "attempts: {}", "嘗試 {} 次", "số lần thử: {}";
    KeyPuzzles => "F3：残局练习（H 提示，N 下一题，Esc 返回）", "F3: puzzles (H hint, N next, Esc back to the game)", "F3：殘局練習（H 提示，N 下一題，Esc 返回）", "F3: thế cờ (H gợi ý, N tiếp, Esc trở về ván cờ)";
    PuzzleDuel => "解题赛…", "Puzzle duel…", "解題賽…", "Thi giải thế cờ…";
    DuelTitle => "解题赛", "Puzzle duel", "解題賽", "Thi giải thế cờ";
    DuelHow => "两人依次解同样的题，各用各的钟；走错一步，这道题就算没解出。解出多者胜，题数相同则用时少者胜。", "Both solve the same puzzles in turn, each on their own clock; one wrong move misses a puzzle. The more solved wins; between as many, the less time.", "兩人依次解同樣的題，各用各的鐘；走錯一步，這道題就算沒解出。解出多者勝，題數相同則用時少者勝。", "Hai người lần lượt giải cùng những thế cờ, mỗi người một đồng hồ; đi sai một nước là mất thế đó. Ai giải được nhiều hơn thì thắng; bằng nhau thì ai dùng ít thời gian hơn thắng.";
    DuelCount => "题数", "Puzzles", "題數", "Số thế cờ";
    DuelTime => "每人用时", "Time each", "每人用時", "Thời gian mỗi người";
    DuelMinutes => "{} 分钟", "{} min", "{} 分鐘", "{} phút";
    DuelStart => "开始", "Start", "開始", "Bắt đầu";
    DuelPlayerOne => "甲", "Player 1", "甲", "Người chơi 1";
    DuelPlayerTwo => "乙", "Player 2", "乙", "Người chơi 2";
    DuelRound => "轮到{}：{}道题，限时{}", "{}'s round: {} puzzles in {}", "輪到{}：{}道題，限時{}", "Lượt của {}: {} thế cờ trong {}";
    DuelLookAway => "另一位请先别看棋盘。", "The other player looks away.", "另一位請先別看棋盤。", "Người kia đừng nhìn bàn cờ.";
    DuelBegin => "开始解题", "Begin", "開始解題", "Bắt đầu giải";
    DuelPuzzleOf => "{}：第{}题（共{}题）", "{}: puzzle {} of {}", "{}：第{}題（共{}題）", "{}: thế cờ {} / {}";
    DuelTimeUp => "{}的时间到了", "{}'s time is up", "{}的時間到了", "{} đã hết giờ";
    DuelWins => "{}胜", "{} wins", "{}勝", "{} thắng";
    DuelEven => "双方打平", "Even", "雙方打平", "Hòa nhau";
    DuelScore => "{}：解出{}题，用时{}", "{}: {} solved in {}", "{}：解出{}題，用時{}", "{}: giải được {} trong {}";
    DuelPuzzle => "题", "Puzzle", "題", "Bài";
    DuelTimesNote => "打勾：解出，及所用时间；×：走错；—：没有时间了", "A tick: solved, in that time; ×: a wrong move; —: out of time", "打勾：解出，及所用時間；×：走錯；—：沒有時間了", "Dấu tích: giải được, trong thời gian đó; ×: đi sai; —: hết giờ";
    DuelClose => "结束 (Esc)", "Close (Esc)", "結束 (Esc)", "Đóng (Esc)";
    DuelAgain => "再来一局", "Again", "再來一局", "Chơi lại";
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
/// the last period, or the seconds left ("十", "ten", "mười").
#[must_use]
pub fn clock_call(call: crate::clock::Call, lang: Lang) -> String {
    const ZH: [&str; 10] = ["一", "二", "三", "四", "五", "六", "七", "八", "九", "十"];
    const EN: [&str; 10] = [
        "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
    ];
    const VI: [&str; 10] = [
        "một", "hai", "ba", "bốn", "năm", "sáu", "bảy", "tám", "chín", "mười",
    ];
    // Counts as said: 两 (兩) for two of something, 二 in an ordinal.
    const HOW_MANY: [&str; 10] = ["一", "两", "三", "四", "五", "六", "七", "八", "九", "十"];
    const HOW_MANY_HANT: [&str; 10] = ["一", "兩", "三", "四", "五", "六", "七", "八", "九", "十"];
    const NTH: [&str; 10] = [
        "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth",
        "tenth",
    ];
    // "lần thứ nhất", "lần thứ tư": the ordinals after "thứ".
    const VI_NTH: [&str; 10] = [
        "nhất", "hai", "ba", "tư", "năm", "sáu", "bảy", "tám", "chín", "mười",
    ];
    let at = |n: u8| usize::from(n.clamp(1, 10)) - 1;
    let how_many = |n: u8| match lang {
        Lang::Zh => HOW_MANY[at(n)].to_owned(),
        Lang::Hant => HOW_MANY_HANT[at(n)].to_owned(),
        Lang::En => EN[at(n)].to_owned(),
        Lang::Vi => VI[at(n)].to_owned(),
    };
    match call {
        crate::clock::Call::Byoyomi(periods) if periods > 1 => {
            T::ByoyomiPeriods.fill(lang, &[&how_many(periods)])
        }
        crate::clock::Call::Byoyomi(_) => T::ByoyomiBegins.get(lang).to_owned(),
        crate::clock::Call::PeriodUsed { left: 1, .. } => T::LastPeriod.get(lang).to_owned(),
        crate::clock::Call::PeriodUsed { used, left } => {
            let nth = match lang {
                Lang::Zh | Lang::Hant => ZH[at(used)].to_owned(),
                Lang::En => capital(NTH[at(used)]),
                Lang::Vi => VI_NTH[at(used)].to_owned(),
            };
            T::PeriodUsed.fill(lang, &[&nth, &how_many(left)])
        }
        crate::clock::Call::Seconds(n) => {
            let words = match lang {
                Lang::Zh | Lang::Hant => ZH,
                Lang::En => EN,
                Lang::Vi => VI,
            };
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
        // Each Chinese in its own characters.
        use crate::rules::{MoveRule, Piece, PositionError, Role, Square};
        let leg = IllegalMove::CannotMoveThere {
            role: Role::Horse,
            from: Square::A0,
            to: Square::A0,
            rule: MoveRule::HorseLeg(Square::A0),
        };
        assert_eq!(illegal(leg, Lang::Zh), "蹩马腿：马腿上有子");
        assert_eq!(illegal(leg, Lang::Hant), "蹩馬腿：馬腿上有子");
        assert_eq!(illegal(leg, Lang::Vi), "Mã bị cản: có quân ở chân mã");
        let turn = IllegalMove::NotYourPiece {
            turn: Color::Black,
            piece: Piece::new(Color::Red, Role::Horse),
        };
        assert_eq!(illegal(turn, Lang::Zh), "现在是黑方走棋");
        assert_eq!(illegal(turn, Lang::Hant), "現在是黑方走棋");
        let many = PositionError::TooMany {
            piece: Piece::new(Color::Red, Role::Chariot),
            count: 3,
        };
        assert_eq!(position_error(&many, Lang::Zh), "红方有 3 个车，最多 2 个");
        assert_eq!(
            position_error(&many, Lang::Hant),
            "紅方有 3 個車，最多 2 個"
        );
    }
}
