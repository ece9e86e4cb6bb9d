//! The game library's strings, in Chinese and English: its window, the opening
//! explorer, what an import did.

use super::Lang;
use table::texts;

texts! {
    LibText;
    Library => "棋谱库", "Game library";
    Games => "{} 局", "{} games";
    NoLibrary => "棋谱库不可用：{}", "The game library cannot be used: {}";
    NoDataFolder => "没有数据文件夹，棋谱库不可用", "No data folder: the game library is off";
    Folder => "文件夹", "Folder";
    Import => "导入", "Import";
    Cancel => "取消", "Cancel";
    Importing => "正在导入：{} / {} 个文件", "Importing: {} of {} files";
    Imported => "导入完毕：读 {} 局，新增 {}，重复 {}，跳过 {} 个已导入的文件，{} 处无法读取", "Imported: {} games read, {} added, {} already there, {} files read before skipped, {} unreadable";
    ImportCancelled => "导入已取消（已导入的保留；再次导入从中断处继续）", "Import cancelled (what was added stays; import again to go on)";
    Unreadable => "无法读取（{}）", "Unreadable ({})";
    Player => "棋手", "Player";
    AsEither => "红黑皆可", "either side";
    AsRed => "执红", "as red";
    AsBlack => "执黑", "as black";
    Event => "赛事", "Event";
    Opening => "开局", "Opening";
    Years => "年份", "Years";
    Result => "结果", "Result";
    Any => "不限", "any";
    RedWins => "红胜", "red wins";
    Draw => "和", "draw";
    BlackWins => "黑胜", "black wins";
    Plies => "步数", "Plies";
    Comment => "注释含", "Comment has";
    ThisPosition => "出现棋盘上的局面", "Reaching the position on the board";
    Mirrored => "含左右镜像", "mirrored too";
    Find => "查找", "Find";
    Clear => "清除", "Clear";
    Open => "打开", "Open";
    OpenedGoFromLibrary => "已从棋谱库打开：{}，{} 手（副本；Ctrl+Z 撤销）", "Opened from the library: {}, {} moves (a copy; Ctrl+Z takes it back)";
    GoGames => "围棋对局", "Go games";
    BlackPlayer => "黑方", "Black";
    WhitePlayer => "白方", "White";
    Size => "路数", "Size";
    Moves => "手数", "Moves";
    Winner => "胜方", "Winner";
    AsWhite => "执白", "as white";
    Found => "找到 {} 局（双击打开副本）", "{} games found (double-click opens a copy)";
    FoundMany => "找到 {} 局以上，只列出前 {} 局（双击打开副本）", "More than {} games found, the first {} listed (double-click opens a copy)";
    Searching => "正在查找…", "Searching…";
    Red => "红方", "Red";
    RedShort => "红胜", "Red";
    BlackShort => "黑胜", "Black";
    Black => "黑方", "Black";
    Date => "日期", "Date";
    Reached => "到达", "Reached";
    OpenedFromLibrary => "已从棋谱库打开：{}（副本，第 {} 步；Ctrl+Z 撤销）", "Opened from the library: {} (a copy, at ply {}; Ctrl+Z takes it back)";
    Explorer => "开局库", "Opening explorer";
    Masters => "大师库", "Masters";
    MyGames => "我的棋谱", "My games";
    ExplorerMove => "着法", "Move";
    ExplorerGames => "局数", "Games";
    OpeningDecided => "ECCO 开局编号，第 {} 回合定型", "ECCO opening code, decided at move {}";
    Latest => "最近", "Latest";
    OutOfBook => "此局面不在{}中", "This position is not in {}";
    MastersCredit => "大师库取自《Chinese Chess Practical Dataset》（Yu-Han Tseng，CC BY 4.0，已改编）", "Masters' book from the Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0; changed)";
    MastersShort => "数据：CCPD，CC BY 4.0", "Data: CCPD, CC BY 4.0";
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
