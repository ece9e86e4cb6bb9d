//! The game library's strings, in Chinese and English: its window, the opening
//! explorer, what an import did.

use super::Lang;
use table::texts;

texts! {
    LibText;
    Library => "棋谱库", "Game library", "棋譜庫", "Thư viện ván cờ";
    Games => "{} 局", "{} games", "{} 局", "{} ván";
    NoLibrary => "棋谱库不可用：{}", "The game library cannot be used: {}", "棋譜庫不可用：{}", "Không dùng được thư viện ván cờ: {}";
    NoDataFolder => "没有数据文件夹，棋谱库不可用", "No data folder: the game library is off", "沒有資料夾，棋譜庫不可用", "Không có thư mục dữ liệu: thư viện ván cờ bị tắt";
    Folder => "文件夹", "Folder", "資料夾", "Thư mục";
    Import => "导入", "Import", "匯入", "Nhập";
    Cancel => "取消", "Cancel", "取消", "Hủy";
    Importing => "正在导入：{} / {} 个文件", "Importing: {} of {} files", "正在匯入：{} / {} 個檔案", "Đang nhập: {} / {} tệp";
    Imported => "导入完毕：读 {} 局，新增 {}，重复 {}，跳过 {} 个已导入的文件，{} 处无法读取", "Imported: {} games read, {} added, {} already there, {} files read before skipped, {} unreadable", "匯入完畢：讀 {} 局，新增 {}，重複 {}，跳過 {} 個已匯入的檔案，{} 處無法讀取", "Đã nhập: đọc {} ván, thêm {}, {} đã có, bỏ qua {} tệp đã nhập trước đó, {} không đọc được";
    ImportCancelled => "导入已取消（已导入的保留；再次导入从中断处继续）", "Import cancelled (what was added stays; import again to go on)", "匯入已取消（已匯入的保留；再次匯入從中斷處繼續）", "Đã hủy nhập (những gì đã thêm vẫn được giữ; nhập lại để làm tiếp)";
    Unreadable => "无法读取（{}）", "Unreadable ({})", "無法讀取（{}）", "Không đọc được ({})";
    Player => "棋手", "Player", "棋手", "Người chơi";
    AsEither => "红黑皆可", "either side", "紅黑皆可", "bên nào cũng được";
    AsRed => "执红", "as red", "執紅", "cầm Đỏ";
    AsBlack => "执黑", "as black", "執黑", "cầm Đen";
    Event => "赛事", "Event", "賽事", "Giải đấu";
    Opening => "开局", "Opening", "開局", "Khai cuộc";
    Years => "年份", "Years", "年份", "Năm";
    Result => "结果", "Result", "結果", "Kết quả";
    Any => "不限", "any", "不限", "bất kỳ";
    RedWins => "红胜", "red wins", "紅勝", "Đỏ thắng";
    Draw => "和", "draw", "和", "hòa";
    BlackWins => "黑胜", "black wins", "黑勝", "Đen thắng";
    Plies => "步数", "Plies", "步數", "Số nước";
    Comment => "注释含", "Comment has", "註釋含", "Lời bình có";
    ThisPosition => "出现棋盘上的局面", "Reaching the position on the board", "出現棋盤上的局面", "Có thế cờ đang trên bàn";
    Mirrored => "含左右镜像", "mirrored too", "含左右鏡像", "kể cả đối xứng";
    Find => "查找", "Find", "搜尋", "Tìm";
    Clear => "清除", "Clear", "清除", "Xóa";
    Open => "打开", "Open", "開啟", "Mở";
    OpenedGoFromLibrary => "已从棋谱库打开：{}，{} 手（副本；Ctrl+Z 撤销）", "Opened from the library: {}, {} moves (a copy; Ctrl+Z takes it back)", "已從棋譜庫開啟：{}，{} 手（副本；Ctrl+Z 復原）", "Đã mở từ thư viện: {}, {} nước (bản sao; Ctrl+Z để trả lại)";
    GoGames => "围棋对局", "Go games", "圍棋對局", "Ván cờ vây";
    BlackPlayer => "黑方", "Black", "黑方", "Đen";
    WhitePlayer => "白方", "White", "白方", "Trắng";
    Size => "路数", "Size", "路數", "Cỡ bàn";
    Moves => "手数", "Moves", "手數", "Số nước";
    Winner => "胜方", "Winner", "勝方", "Bên thắng";
    AsWhite => "执白", "as white", "執白", "cầm Trắng";
    Found => "找到 {} 局（双击打开副本）", "{} games found (double-click opens a copy)", "找到 {} 局（雙擊開啟副本）", "Tìm thấy {} ván (bấm đúp để mở bản sao)";
    FoundMany => "找到 {} 局以上，只列出前 {} 局（双击打开副本）", "More than {} games found, the first {} listed (double-click opens a copy)", "找到 {} 局以上，只列出前 {} 局（雙擊開啟副本）", "Tìm thấy hơn {} ván, liệt kê {} ván đầu (bấm đúp để mở bản sao)";
    Searching => "正在查找…", "Searching…", "正在搜尋…", "Đang tìm…";
    Red => "红方", "Red", "紅方", "Đỏ";
    RedShort => "红胜", "Red", "紅勝", "Đỏ";
    BlackShort => "黑胜", "Black", "黑勝", "Đen";
    Black => "黑方", "Black", "黑方", "Đen";
    Date => "日期", "Date", "日期", "Ngày";
    Reached => "到达", "Reached", "到達", "Ở nước";
    OpenedFromLibrary => "已从棋谱库打开：{}（副本，第 {} 步；Ctrl+Z 撤销）", "Opened from the library: {} (a copy, at ply {}; Ctrl+Z takes it back)", "已從棋譜庫開啟：{}（副本，第 {} 步；Ctrl+Z 復原）", "Đã mở từ thư viện: {} (bản sao, ở nước {}; Ctrl+Z để trả lại)";
    Explorer => "开局库", "Opening explorer", "開局庫", "Khai cuộc";
    Masters => "大师库", "Masters", "大師庫", "Kiện tướng";
    MyGames => "我的棋谱", "My games", "我的棋譜", "Ván của tôi";
    ExplorerMove => "着法", "Move", "著法", "Nước";
    ExplorerGames => "局数", "Games", "局數", "Số ván";
    OpeningDecided => "ECCO 开局编号，第 {} 回合定型", "ECCO opening code, decided at move {}", "ECCO 開局編號，第 {} 回合定型", "Mã khai cuộc ECCO, định hình ở nước {}";
    Latest => "最近", "Latest", "最近", "Gần nhất";
    OutOfBook => "此局面不在{}中", "This position is not in {}", "此局面不在{}中", "Thế cờ này không có trong {}";
    MastersCredit => "大师库取自《Chinese Chess Practical Dataset》（Yu-Han Tseng，CC BY 4.0，已改编）", "Masters' book from the Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0; changed)", "大師庫取自《Chinese Chess Practical Dataset》（Yu-Han Tseng，CC BY 4.0，已改編）", "Kho ván kiện tướng lấy từ Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0; đã chỉnh sửa)";
    MastersShort => "数据：CCPD，CC BY 4.0", "Data: CCPD, CC BY 4.0", "資料：CCPD，CC BY 4.0", "Dữ liệu: CCPD, CC BY 4.0";
}

/// A result as the library's list shows it.
#[must_use]
pub fn result_word(result: &str, lang: Lang) -> &'static str {
    // In English the usual figures; in Chinese the words.
    match (result, lang) {
        ("1-0", Lang::Zh) => LibText::RedWins.get(lang),
        ("0-1", Lang::Zh) => LibText::BlackWins.get(lang),
        ("1/2-1/2", Lang::Zh) => LibText::Draw.get(lang),
        ("1-0", Lang::En) => "1-0",
        ("0-1", Lang::En) => "0-1",
        ("1/2-1/2", Lang::En) => "½-½",
        _ => "*",
    }
}
