//! The interface's languages, and the way every string in them is listed: the table's
//! own words here, each game's in its own crate.

/// The interface language.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// 简体中文.
    #[default]
    Zh,
    /// English.
    En,
    /// 繁體中文, as Taiwan and Hong Kong write it.
    Hant,
    /// Tiếng Việt.
    Vi,
}

impl Lang {
    /// The language of a system locale (`zh_TW.UTF-8`, `zh-Hant-HK`, `vi_VN`, `zh-CN`…):
    /// Traditional Chinese for Taiwan, Hong Kong, Macau or a `Hant` script, Simplified for
    /// any other Chinese, Vietnamese for `vi`, English otherwise.
    ///
    /// ```
    /// use table::i18n::Lang;
    /// assert_eq!(Lang::from_locale(Some("zh_TW.UTF-8")), Lang::Hant);
    /// assert_eq!(Lang::from_locale(Some("zh-HK")), Lang::Hant);
    /// assert_eq!(Lang::from_locale(Some("zh_CN.UTF-8")), Lang::Zh);
    /// assert_eq!(Lang::from_locale(Some("vi-VN")), Lang::Vi);
    /// assert_eq!(Lang::from_locale(Some("fr_FR")), Lang::En);
    /// ```
    #[must_use]
    pub fn from_locale(locale: Option<&str>) -> Lang {
        let Some(locale) = locale else {
            return Lang::En;
        };
        let locale = locale.to_ascii_lowercase().replace('_', "-");
        // "zh_TW.UTF-8@euro": the parts before the encoding and modifier.
        let name = locale.split(['.', '@']).next().unwrap_or_default();
        let mut parts = name.split('-');
        match parts.next() {
            Some("zh") if parts.any(|p| matches!(p, "hant" | "tw" | "hk" | "mo")) => Lang::Hant,
            Some("zh") => Lang::Zh,
            Some("vi") => Lang::Vi,
            _ => Lang::En,
        }
    }

    /// Every language, in the order a language menu lists them.
    pub const ALL: [Lang; 4] = [Lang::Zh, Lang::Hant, Lang::En, Lang::Vi];

    /// Its name in itself, as a language menu lists it.
    #[must_use]
    pub const fn own_name(self) -> &'static str {
        match self {
            Lang::Zh => "简体中文",
            Lang::En => "English",
            Lang::Hant => "繁體中文",
            Lang::Vi => "Tiếng Việt",
        }
    }

    /// Its code in the settings file: `zh`, `en`, `zh-Hant`, `vi`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
            Lang::Hant => "zh-Hant",
            Lang::Vi => "vi",
        }
    }

    /// Its column in a table of texts written 简体中文, English, 繁體中文, Tiếng Việt (as
    /// [`texts!`] takes them): 0, 1, 2, 3.
    #[must_use]
    pub const fn column(self) -> usize {
        match self {
            Lang::Zh => 0,
            Lang::En => 1,
            Lang::Hant => 2,
            Lang::Vi => 3,
        }
    }

    /// Whether it is written in Chinese characters, with their full-width punctuation and
    /// no spaces between words.
    #[must_use]
    pub const fn is_chinese(self) -> bool {
        matches!(self, Lang::Zh | Lang::Hant)
    }
}

impl std::fmt::Display for Lang {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.code())
    }
}

impl std::str::FromStr for Lang {
    type Err = String;

    fn from_str(s: &str) -> Result<Lang, String> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| format!("\"{s}\" is not a language (zh, zh-Hant, en or vi)"))
    }
}

/// Declares a list of fixed interface strings in every language (an enum with `get` and
/// `fill`): the table's words, and each game's own. Each key gives its text in 简体中文,
/// English, 繁體中文 and Tiếng Việt, in that order; a missing one does not compile.
#[macro_export]
macro_rules! texts {
    ($name:ident; $($key:ident => $zh:literal, $en:literal, $hant:literal, $vi:literal;)*) => {
        /// A fixed interface string.
        #[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
        pub enum $name { $(#[allow(missing_docs)] $key,)* }

        impl $name {
            /// Every key, for checks over the whole table.
            pub const ALL: &'static [$name] = &[$($name::$key,)*];

            /// The text in `lang`.
            #[must_use]
            pub const fn get(self, lang: Lang) -> &'static str {
                match (self, lang) {
                    $(
                        ($name::$key, Lang::Zh) => $zh,
                        ($name::$key, Lang::En) => $en,
                        ($name::$key, Lang::Hant) => $hant,
                        ($name::$key, Lang::Vi) => $vi,
                    )*
                }
            }

            /// The text in `lang` with each `{}` replaced by the next of `args`.
            #[must_use]
            pub fn fill(self, lang: Lang, args: &[&dyn std::fmt::Display]) -> String {
                $crate::i18n::fill(self.get(lang), args)
            }
        }

        impl $crate::i18n::Said for $name {
            fn said(&self, lang: $crate::i18n::Lang) -> &'static str {
                self.get(lang)
            }
        }
    };
}

/// A fixed interface string of any list [`texts!`] declares: its text in a language.
pub trait Said {
    /// The text in `lang`.
    fn said(&self, lang: Lang) -> &'static str;
}

/// `text` with each `{}` replaced by the next of `args`.
pub fn fill(text: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut parts = text.split("{}");
    let mut out = parts.next().unwrap_or_default().to_owned();
    for (i, part) in parts.enumerate() {
        if let Some(arg) = args.get(i) {
            out.push_str(&arg.to_string());
        }
        out.push_str(part);
    }
    out
}

texts! {
    Word;
    Close => "关闭", "Close", "關閉", "Đóng";
    SlotsTitle => "存档", "Save slots", "存檔", "Ô lưu";
    SlotEmpty => "（空）", "(empty)", "（空）", "(trống)";
    SlotDamaged => "文件已损坏：{}", "Damaged file: {}", "檔案已損壞：{}", "Tệp bị hỏng: {}";
    SlotCurrent => "当前", "current", "目前", "đang dùng";
    Delete => "删除", "Delete", "刪除", "Xóa";
    Rename => "改名", "Rename", "改名", "Đổi tên";
    ConfirmDelete => "确定删除存档 {}？", "Delete slot {}?", "確定刪除存檔 {}？", "Xóa ô lưu {}?";
    ConfirmOverwrite => "用当前对局覆盖存档 {}？", "Overwrite slot {} with this game?", "用目前對局覆蓋存檔 {}？", "Ghi ván cờ này đè lên ô lưu {}?";
    Cancel => "取消", "Cancel", "取消", "Hủy";
    Ok => "确定", "OK", "確定", "Đồng ý";
    SavedTo => "已保存到存档 {}", "Saved to slot {}", "已儲存到存檔 {}", "Đã lưu vào ô {}";
    LoadedFrom => "已读取存档 {}（Ctrl+Z 可撤销）", "Loaded slot {} (Ctrl+Z takes it back)", "已載入存檔 {}（Ctrl+Z 可復原）", "Đã mở ô lưu {} (Ctrl+Z để trả lại)";
    Renamed => "存档 {} 已改名", "Slot {} renamed", "存檔 {} 已改名", "Đã đổi tên ô lưu {}";
    Deleted => "存档 {} 已删除", "Slot {} deleted", "存檔 {} 已刪除", "Đã xóa ô lưu {}";
    SlotFailed => "存档 {}：{}", "Slot {}: {}", "存檔 {}：{}", "Ô lưu {}: {}";
    SlotsFull => "存档已满：按 Ctrl+Shift+S 选择要覆盖的存档", "All slots are in use: press Ctrl+Shift+S to choose one to overwrite", "存檔已滿：按 Ctrl+Shift+S 選擇要覆蓋的存檔", "Các ô lưu đã đầy: bấm Ctrl+Shift+S để chọn ô ghi đè";
    NothingSaved => "还没有存档", "Nothing saved yet", "還沒有存檔", "Chưa lưu gì";
    Exported => "棋谱已导出到 {}", "Game exported to {}", "棋譜已匯出到 {}", "Đã xuất ván cờ ra {}";
    ExportFailed => "无法导出棋谱：{}", "Could not export the game: {}", "無法匯出棋譜：{}", "Không xuất được ván cờ: {}";
    SlotKeptDamaged => "文件已损坏，保持原样：{}", "the file is damaged and is left as it is: {}", "檔案已損壞，保持原樣：{}", "tệp bị hỏng và được giữ nguyên: {}";
    SlotIsEmpty => "存档是空的", "it is empty", "存檔是空的", "ô lưu trống";
    SlotsButton => "存档…", "Slots…", "存檔…", "Ô lưu…";
    Animation => "动画", "Animation", "動畫", "Hoạt ảnh";
    AnimationSpeed => "动画时长", "Animation time", "動畫時長", "Thời gian hoạt ảnh";
    ClipboardEmpty => "剪贴板里没有文字", "The clipboard holds no text", "剪貼簿裡沒有文字", "Bộ nhớ tạm không có chữ";
    ClipboardFailed => "无法使用剪贴板：{}", "The clipboard is not available: {}", "無法使用剪貼簿：{}", "Không dùng được bộ nhớ tạm: {}";
    Coordinates => "坐标", "Coordinates", "座標", "Tọa độ";
    CoordinatesChinese => "中文数字", "Chinese numerals", "中文數字", "Chữ số Hán";
    CoordinatesNone => "无", "None", "無", "Không";
    CopyPosition => "复制局面", "Copy position", "複製局面", "Chép thế cờ";
    CopyRecord => "复制棋谱", "Copy game", "複製棋譜", "Chép ván cờ";
    Credits => "开局库的大师对局与开局编号（ECCO）的分类取自 Chinese Chess Practical Dataset（Yu-Han Tseng，CC BY 4.0：https://creativecommons.org/licenses/by/4.0/），已改编为开局统计与分类树", "The opening explorer's master games and the opening names' (ECCO) classification are from the Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0: https://creativecommons.org/licenses/by/4.0/), changed into opening statistics and a classification tree", "開局庫的大師對局與開局編號（ECCO）的分類取自 Chinese Chess Practical Dataset（Yu-Han Tseng，CC BY 4.0：https://creativecommons.org/licenses/by/4.0/），已改編為開局統計與分類樹", "Các ván cờ của kiện tướng trong thư viện khai cuộc và cách phân loại khai cuộc (ECCO) lấy từ Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0: https://creativecommons.org/licenses/by/4.0/), đã được chuyển thành thống kê khai cuộc và cây phân loại";
    ExportBusy => "上一个导出还没有完成", "The last export is not finished yet", "上一個匯出還沒有完成", "Lần xuất trước chưa xong";
    ExportGif => "导出动画", "Export GIF", "匯出動畫", "Xuất GIF";
    ExportRecord => "导出棋谱", "Export game", "匯出棋譜", "Xuất ván cờ";
    ExportPng => "导出图片", "Export PNG", "匯出圖片", "Xuất PNG";
    Exporting => "正在生成 {}…", "Making {}…", "正在產生 {}…", "Đang tạo {}…";
    Flip => "翻转棋盘", "Flip board", "翻轉棋盤", "Lật bàn cờ";
    GameInfo => "对局信息", "Game info", "對局資訊", "Thông tin ván cờ";
    Help => "帮助", "Help", "說明", "Trợ giúp";
    HelpTitle => "快捷键", "Keys", "快捷鍵", "Phím tắt";
    KeyCopy => "Ctrl+E / Ctrl+Shift+E：复制局面 / 整局棋谱", "Ctrl+E / Ctrl+Shift+E: copy the position / the game", "Ctrl+E / Ctrl+Shift+E：複製局面 / 整局棋譜", "Ctrl+E / Ctrl+Shift+E: chép thế cờ / cả ván";
    KeyCursor => "F6：棋盘光标（方向键移动，回车或空格拿起、放下，Esc 放下）", "F6: the board cursor (arrows move it, Enter or Space picks up and puts down, Esc lets go)", "F6：棋盤游標（方向鍵移動，Enter 或空白鍵拿起、放下，Esc 放下）", "F6: con trỏ bàn cờ (phím mũi tên di chuyển, Enter hoặc Space nhấc lên và đặt xuống, Esc buông ra)";
    KeyDrop => "把棋谱文件拖到窗口上即可打开", "Drop a game file on the window to open it", "把棋譜檔案拖到視窗上即可開啟", "Kéo tệp ván cờ thả vào cửa sổ để mở";
    KeyGif => "Ctrl+G：把整局棋导出为动画（GIF）", "Ctrl+G: export the game as an animated GIF", "Ctrl+G：把整局棋匯出為動畫（GIF）", "Ctrl+G: xuất ván cờ thành ảnh động GIF";
    KeyHelp => "F1：显示或关闭本帮助", "F1: show or hide this help", "F1：顯示或關閉本說明", "F1: hiện hoặc ẩn trợ giúp này";
    KeyHint => "H：提示一步好棋", "H: hint at a good move", "H：提示一步好棋", "H: gợi ý một nước hay";
    KeyLook => "T：换棋盘（木纹、纸面、深色）；P：棋子用汉字或图形", "T: next board (wood, paper, dark); P: pieces as characters or symbols", "T：換棋盤（木紋、紙面、深色）；P：棋子用漢字或圖形", "T: đổi bàn cờ (vân gỗ, giấy, tối); P: quân cờ bằng chữ Hán hoặc hình";
    KeyMute => "M：静音", "M: mute", "M：靜音", "M: tắt tiếng";
    KeyNew => "Ctrl+R：新局（可悔；有棋手时先问谁执哪一方）；Ctrl+Shift+R：新局选项；Ctrl+Shift+P：棋手", "Ctrl+R: new game (undoable; with players, it first asks who plays which side); Ctrl+Shift+R: new game choices; Ctrl+Shift+P: the players", "Ctrl+R：新局（可悔；有棋手時先問誰執哪一方）；Ctrl+Shift+R：新局選項；Ctrl+Shift+P：棋手", "Ctrl+R: ván mới (hoàn tác được; khi có người chơi, hỏi trước ai cầm bên nào); Ctrl+Shift+R: tùy chọn ván mới; Ctrl+Shift+P: người chơi";
    KeyPaste => "Ctrl+I：粘贴局面或棋谱（FEN、PGN、着法…）", "Ctrl+I: paste a position or game (FEN, PGN, moves…)", "Ctrl+I：貼上局面或棋譜（FEN、PGN、著法…）", "Ctrl+I: dán thế cờ hoặc ván cờ (FEN, PGN, nước đi…)";
    KeyPause => "空格：暂停 / 继续计时", "Space: pause or resume the clock", "空白鍵：暫停 / 繼續計時", "Space: tạm dừng hoặc chạy tiếp đồng hồ";
    KeyQuit => "Ctrl+W、Esc 或 Ctrl+中键：退出", "Ctrl+W, Esc or Ctrl+middle click: quit", "Ctrl+W、Esc 或 Ctrl+中鍵：結束", "Ctrl+W, Esc hoặc Ctrl+bấm nút giữa: thoát";
    KeyRedo => "Ctrl+Y 或 Ctrl+Shift+Z：重做", "Ctrl+Y or Ctrl+Shift+Z: redo", "Ctrl+Y 或 Ctrl+Shift+Z：重做", "Ctrl+Y hoặc Ctrl+Shift+Z: làm lại";
    KeyReview => "← → Home End：回顾着法（按住连走）；Ctrl+P：演播（空格暂停，Esc 停止）；Ctrl+K：实物棋盘用的棋钟", "← → Home End: review the moves (hold to keep going); Ctrl+P: replay at a pace (Space pauses, Esc stops); Ctrl+K: a clock for a real board", "← → Home End：回顧著法（按住連走）；Ctrl+P：演播（空白鍵暫停，Esc 停止）；Ctrl+K：實物棋盤用的棋鐘", "← → Home End: xem lại các nước (giữ phím để đi tiếp); Ctrl+P: phát lại theo nhịp (Space tạm dừng, Esc dừng); Ctrl+K: đồng hồ cho bàn cờ thật";
    KeySave => "Ctrl+S / Ctrl+L：保存 / 读取当前存档", "Ctrl+S / Ctrl+L: save / load the current slot", "Ctrl+S / Ctrl+L：儲存 / 載入目前存檔", "Ctrl+S / Ctrl+L: lưu / mở ô lưu hiện tại";
    KeySlots => "Ctrl+Shift+S：存档列表", "Ctrl+Shift+S: the save slots", "Ctrl+Shift+S：存檔列表", "Ctrl+Shift+S: các ô lưu";
    KeyTypeMove => "/ 或回车：输入着法（中文、WXF、ICCS，围棋如 D4、pass），回车走棋，Esc 关闭", "/ or Enter: type a move (Chinese, WXF, ICCS; Go: D4, pass), Enter plays, Esc closes", "/ 或 Enter：輸入著法（中文、WXF、ICCS，圍棋如 D4、pass），Enter 走棋，Esc 關閉", "/ hoặc Enter: gõ nước đi (Việt, Hán, WXF, ICCS; cờ vây: D4, pass), Enter để đi, Esc để đóng";
    KeyUndo => "Ctrl+Z：悔棋（可连续）", "Ctrl+Z: undo (repeatable)", "Ctrl+Z：悔棋（可連續）", "Ctrl+Z: đi lại (bấm nhiều lần được)";
    KeyZoom => "Ctrl+= / Ctrl+- / Ctrl+0：放大、缩小、还原界面", "Ctrl+= / Ctrl+- / Ctrl+0: zoom the panel in, out, back to 100%", "Ctrl+= / Ctrl+- / Ctrl+0：放大、縮小、還原介面", "Ctrl+= / Ctrl+- / Ctrl+0: phóng to, thu nhỏ, trở về 100%";
    Language => "语言", "Language", "語言", "Ngôn ngữ";
    Load => "读取", "Load", "載入", "Mở";
    MenuEdit => "编辑", "Edit", "編輯", "Sửa";
    MenuEngine => "引擎", "Engine", "引擎", "Máy";
    MenuGame => "对局", "Game", "對局", "Ván cờ";
    MenuMute => "声音开关", "Sound on/off", "聲音開關", "Bật/tắt âm thanh";
    MenuReplay => "演播棋局", "Replay the game", "演播棋局", "Phát lại ván cờ";
    MenuBoardClock => "实物棋盘用的棋钟", "Clock for a real board", "實物棋盤用的棋鐘", "Đồng hồ cho bàn cờ thật";
    BoardClockHint => "走完一步按空格或点自己这边；Esc 关闭", "After your move press Space or tap your side; Esc closes", "走完一步按空白鍵或點自己這邊；Esc 關閉", "Đi xong bấm Space hoặc chạm vào phía mình; Esc để đóng";
    BoardClockStart => "按空格或点一下开始", "Press Space or tap to start", "按空白鍵或點一下開始", "Bấm Space hoặc chạm để bắt đầu";
    TimeUp => "超时", "Time", "超時", "Hết giờ";
    Replay => "演播", "Replay", "演播", "Phát lại";
    ReplayPause => "暂停", "Pause", "暫停", "Tạm dừng";
    ReplayGoOn => "继续", "Go on", "繼續", "Tiếp tục";
    ReplayStop => "停止", "Stop", "停止", "Dừng";
    SecondsAMove => " 秒一步", " s a move", " 秒一步", " giây một nước";
    PauseAtComments => "遇注释暂停", "Pause at comments", "遇註釋暫停", "Dừng ở lời bình";
    MenuPieces => "棋子：{}", "Pieces: {}", "棋子：{}", "Quân cờ: {}";
    MenuTheme => "棋盘：{}", "Board: {}", "棋盤：{}", "Bàn cờ: {}";
    MenuView => "视图", "View", "檢視", "Hiển thị";
    MoveBoxMore => "还有 {} 个", "{} more", "還有 {} 個", "còn {} nước";
    MoveBoxTitle => "输入着法（回车走棋，Esc 关闭）", "Type a move (Enter plays, Esc closes)", "輸入著法（Enter 走棋，Esc 關閉）", "Gõ nước đi (Enter để đi, Esc để đóng)";
    Muted => "已静音", "Sound off", "已靜音", "Đã tắt tiếng";
    NewGame => "新局", "New game", "新局", "Ván mới";
    NoStorage => "找不到可以保存文件的文件夹", "There is no folder to keep files in", "找不到可以儲存檔案的資料夾", "Không có thư mục để lưu tệp";
    NothingToRedo => "没有可以重做的棋", "Nothing to redo", "沒有可以重做的棋", "Không có gì để làm lại";
    NothingToUndo => "没有可以悔的棋", "Nothing to undo", "沒有可以悔的棋", "Không có nước nào để đi lại";
    Paste => "粘贴", "Paste", "貼上", "Dán";
    PictureExported => "图片已导出到 {}", "Picture exported to {}", "圖片已匯出到 {}", "Đã xuất ảnh ra {}";
    PictureFailed => "无法导出图片：{}", "Could not export the picture: {}", "無法匯出圖片：{}", "Không xuất được ảnh: {}";
    Quit => "退出", "Quit", "結束", "Thoát";
    Redo => "重做", "Redo", "重做", "Làm lại";
    Save => "保存", "Save", "儲存", "Lưu";
    SettingsDamaged => "设置文件有误（{}），已改用默认设置；原文件保留为 {}", "The settings file was damaged ({}); using the defaults, the file is kept as {}", "設定檔案有誤（{}），已改用預設設定；原檔案保留為 {}", "Tệp cài đặt bị hỏng ({}); đang dùng cài đặt mặc định, tệp cũ được giữ lại là {}";
    SettingsFailed => "无法保存设置：{}", "Cannot save the settings: {}", "無法儲存設定：{}", "Không lưu được cài đặt: {}";
    SettingsMenu => "设置…", "Settings…", "設定…", "Cài đặt…";
    SettingsTitle => "设置", "Settings", "設定", "Cài đặt";
    Slots => "存档…", "Slots…", "存檔…", "Ô lưu…";
    Sound => "声音", "Sound", "聲音", "Âm thanh";
    SpeakMissing => "没有语音程序：sudo apt install speech-dispatcher（或 espeak-ng）", "No speech program: sudo apt install speech-dispatcher (or espeak-ng)", "沒有語音程式：sudo apt install speech-dispatcher（或 espeak-ng）", "Không có chương trình đọc: sudo apt install speech-dispatcher (hoặc espeak-ng)";
    SpeakMoves => "朗读每步棋", "Say each move aloud", "朗讀每步棋", "Đọc to từng nước";
    SpeakThrough => "语音：{}", "Voice: {}", "語音：{}", "Giọng đọc: {}";
    SpokenNews => "刚才", "Just now", "剛才", "Vừa xong";
    Started => "新局开始", "New game", "新局開始", "Ván mới bắt đầu";
    Undo => "悔棋", "Undo", "悔棋", "Đi lại";
    Unmuted => "声音已开", "Sound on", "聲音已開", "Đã bật âm thanh";
    Volume => "音量", "Volume", "音量", "Âm lượng";
    ZoomIn => "放大", "Zoom in", "放大", "Phóng to";
    ZoomOut => "缩小", "Zoom out", "縮小", "Thu nhỏ";
    ZoomReset => "实际大小", "Actual size", "實際大小", "Cỡ thật";
    Zoomed => "界面缩放 {}%", "Zoom {}%", "介面縮放 {}%", "Thu phóng {}%";
    ThemeWood => "木纹", "wood", "木紋", "vân gỗ";
    ThemePaper => "纸面", "paper", "紙面", "giấy";
    ThemeDark => "深色", "dark", "深色", "tối";
    ThemeContrast => "高对比", "high contrast", "高對比", "tương phản cao";
    PiecesTraditional => "汉字", "Chinese characters", "漢字", "chữ Hán";
    PiecesInternational => "图形", "symbols", "圖形", "hình";
    Guest => "客人", "Guest", "客人", "Khách";
    NewGameTitle => "新局：谁执{}，谁执{}", "New game: who plays {}, who plays {}", "新局：誰執{}，誰執{}", "Ván mới: ai cầm {}, ai cầm {}";
    NewGameMenu => "新局…", "New game…", "新局…", "Ván mới…";
    Start => "开始", "Start", "開始", "Bắt đầu";
    SwapSeats => "换边", "Swap sides", "換邊", "Đổi bên";
    AddPlayer => "添加棋手", "Add player", "新增棋手", "Thêm người chơi";
    PlayerName => "名字", "Name", "名字", "Tên";
    Players => "棋手", "Players", "棋手", "Người chơi";
    PlayersMenu => "棋手…", "Players…", "棋手…", "Người chơi…";
    LearnMenu => "学棋…", "Learn to play…", "學棋…", "Học chơi…";
    LearnTitle => "学棋：{}", "Learn to play: {}", "學棋：{}", "Học chơi: {}";
    LearnFinished => "已完成 {}/{} 关，{} 颗星", "Finished {}/{} · {} stars", "已完成 {}/{} 關，{} 顆星", "Đã xong {}/{} · {} sao";
    LearnLearner => "学棋的人", "Learner", "學棋的人", "Người học";
    LearnStartAgain => "从头再学（清除星星）…", "Start again (clear the stars)…", "從頭再學（清除星星）…", "Học lại từ đầu (xóa các sao)…";
    LearnStartAgainAsk => "要清除「{}」在这里得到的全部星星吗？", "Clear all the stars {} has earned here?", "要清除「{}」在這裡得到的全部星星嗎？", "Xóa hết các sao mà {} đã đạt được ở đây?";
    LearnStartAgainYes => "清除星星", "Clear the stars", "清除星星", "Xóa các sao";
    LearnNextHere => "下一关从这里开始", "Play on from here", "下一關從這裡開始", "Học tiếp từ đây";
    LearnClose => "关闭", "Close", "關閉", "Đóng";
    LearnHint => "第一次下{}？十分钟学会", "New to {}? Learn in 10 minutes", "第一次下{}？十分鐘學會", "Mới chơi {}? Học trong 10 phút";
    LearnHintButton => "新手？十分钟学会", "New? Learn in 10 min", "新手？十分鐘學會", "Mới chơi? Học trong 10 phút";
    LessonLevel => "{} · 第 {} 关（共 {} 关）", "{} · level {} of {}", "{} · 第 {} 關（共 {} 關）", "{} · màn {} / {}";
    LessonMoves => "已走 {} 步 · {} 步内得三颗星", "Moves {} · 3 stars in {} moves", "已走 {} 步 · {} 步內得三顆星", "Đã đi {} nước · 3 sao nếu xong trong {} nước";
    LessonMovesOne => "已走 {} 步 · 一步得三颗星", "Moves {} · 3 stars in 1 move", "已走 {} 步 · 一步得三顆星", "Đã đi {} nước · 3 sao nếu xong trong 1 nước";
    LessonPassed => "过关！{}", "Passed! {}", "過關！{}", "Qua màn! {}";
    LessonRetry => "再试一次", "Retry", "再試一次", "Thử lại";
    LessonNext => "下一关", "Next level", "下一關", "Màn tiếp";
    LessonMap => "关卡地图", "Map", "關卡地圖", "Bản đồ";
    LessonPass => "停一手", "Pass", "停一手", "Bỏ lượt";
    LessonAnswer => "确定", "OK", "確定", "Đồng ý";
    LessonCard => "{} 第 {} 关：{}，{} 颗星", "{}, level {}: {}, {} stars", "{} 第 {} 關：{}，{} 顆星", "{}, màn {}: {}, {} sao";
    LessonLeave => "离开", "Leave", "離開", "Rời đi";
    LessonOpened => "第 {} 关：{}", "Level {}: {}", "第 {} 關：{}", "Màn {}: {}";
    LessonLeft => "已离开学棋，回到对局", "Left the lesson: back to the game", "已離開學棋，回到對局", "Đã rời bài học: trở lại ván cờ";
    Resumed => "已恢复上次的对局", "Resumed the last game", "已恢復上次的對局", "Đã mở lại ván cờ lần trước";
    ResumeFailed => "无法恢复上次的对局（{}），原文件保留为 {}", "Could not resume the last game ({}); the file is kept as {}", "無法恢復上次的對局（{}），原檔案保留為 {}", "Không mở lại được ván cờ lần trước ({}); tệp được giữ lại là {}";
    AutosaveFailed => "无法自动保存：{}", "Cannot autosave: {}", "無法自動儲存：{}", "Không tự động lưu được: {}";
    LessonsFailed => "无法保存学棋的星星：{}", "Cannot keep the lessons' stars: {}", "無法儲存學棋的星星：{}", "Không lưu được các sao của bài học: {}";
    KeyLearn => "F4：学棋（关卡地图）", "F4: learn to play (the map of lessons)", "F4：學棋（關卡地圖）", "F4: học chơi (bản đồ bài học)";
    NoPlayers => "还没有棋手：在下面输入名字添加", "No players yet: type a name below to add one", "還沒有棋手：在下面輸入名字新增", "Chưa có người chơi: gõ tên ở dưới để thêm";
    PlayerGames => "{}：{} 局，胜 {} 和 {} 负 {}", "{}: played {}, won {}, drawn {}, lost {}", "{}：{} 局，勝 {} 和 {} 負 {}", "{}: đã chơi {}, thắng {}, hòa {}, thua {}";
    PlayerRating => "等级分 {}（±{}）", "rating {} (±{})", "等級分 {}（±{}）", "điểm {} (±{})";
    PlayerLadder => "对电脑：第 {} 级（连胜 {}，连败 {}）", "Against the computer: level {} ({} wins, {} losses in a row)", "對電腦：第 {} 級（連勝 {}，連敗 {}）", "Với máy: cấp {} ({} thắng, {} thua liên tiếp)";
    PlayerAgainst => "对 {}：胜 {} 和 {} 负 {}", "against {}: won {}, drawn {}, lost {}", "對 {}：勝 {} 和 {} 負 {}", "với {}: thắng {}, hòa {}, thua {}";
    PlayerLast => "最近的对局", "Last games", "最近的對局", "Các ván gần đây";
    PlayerDuels => "解题赛", "Puzzle duels", "解題賽", "Thi giải thế cờ";
    PlayerLessons => "学棋（{}）：{}/{} 关，{} 颗星", "Lessons ({}): {}/{} levels, {} stars", "學棋（{}）：{}/{} 關，{} 顆星", "Bài học ({}): {}/{} màn, {} sao";
    ThisIsMe => "这是我", "This is me", "這是我", "Đây là tôi";
    RenamePlayer => "改名…", "Rename…", "改名…", "Đổi tên…";
    RenameSave => "保存", "Save", "儲存", "Lưu";
    RemovePlayer => "删除…", "Remove…", "刪除…", "Xóa…";
    RemoveAsk => "删除棋手「{}」吗？对局记录会保留在棋谱库里。", "Remove the player {}? Their games stay in the library.", "刪除棋手「{}」嗎？對局記錄會保留在棋譜庫裡。", "Xóa người chơi {}? Các ván cờ của họ vẫn ở trong thư viện.";
    RemoveYes => "删除", "Remove", "刪除", "Xóa";
    PlayerColour => "这位棋手的颜色（再点一次取消）", "This player's colour (click again for none)", "這位棋手的顏色（再點一次取消）", "Màu của người chơi này (bấm lần nữa để bỏ)";
    ThisIsMeTip => "界面语言、棋盘、棋子和声音随这位棋手的选择", "The language, board, pieces and sound follow this player's choice", "介面語言、棋盤、棋子和聲音隨這位棋手的選擇", "Ngôn ngữ, bàn cờ, quân cờ và âm thanh theo lựa chọn của người chơi này";
    TurnBoard => "每步棋后棋盘转向走棋的一方", "Turn the board to the side to move", "每步棋後棋盤轉向走棋的一方", "Xoay bàn cờ về phía bên đến lượt";
    FaceToFace => "对坐：对面一方的棋子倒过来，朝向对面的棋手", "Face to face: the far side's pieces upright for the player across", "對坐：對面一方的棋子倒過來，朝向對面的棋手", "Ngồi đối diện: quân của phía bên kia quay về phía người chơi ngồi đối diện";
    HelpColumn => "帮助", "Help", "輔助", "Trợ giúp";
    PracticeMenu => "练错着…", "Practise my mistakes…", "練錯著…", "Luyện lại nước sai…";
    GuessMenu => "猜着法…", "Guess the moves…", "猜著法…", "Đoán nước đi…";
    GuessTitle => "猜着法 · {} · 第 {} 步，共 {} 步 · {}%", "Guess the moves · {} · move {} of {} · {}%", "猜著法 · {} · 第 {} 步，共 {} 步 · {}%", "Đoán nước đi · {} · nước {} / {} · {}%";
    GuessAsk => "这盘棋下一步走了什么？", "What was played next in this game?", "這盤棋下一步走了什麼？", "Trong ván này, nước tiếp theo đã đi là gì?";
    GuessDone => "猜完了：{}%。", "Done: {}%.", "猜完了：{}%。", "Xong: {}%.";
    GuessAverage => "猜着法（{}）：{} 盘，平均 {}%", "Guessing moves ({}): {} games, {}% on average", "猜著法（{}）：{} 盤，平均 {}%", "Đoán nước đi ({}): {} ván, trung bình {}%";
    PlayerProblems => "做题（{}）：解出 {} 道，{} 颗星，{} 道今天该再做", "Problems ({}): {} solved, {} stars, {} due again today", "解題（{}）：解出 {} 道，{} 顆星，{} 道今天該再做", "Bài tập ({}): giải được {}, {} sao, {} bài cần làm lại hôm nay";
    ProblemTitle => "做题 · {} · 第 {} 级 · 已解 {}/{}", "Problems · {} · level {} · {}/{} solved", "解題 · {} · 第 {} 級 · 已解 {}/{}", "Bài tập · {} · cấp {} · đã giải {}/{}";
    ProblemReview => "上次没做对，今天再做一次", "Missed before: due again today", "上次沒做對，今天再做一次", "Lần trước làm sai: hôm nay làm lại";
    ProblemJudging => "引擎在算这步棋…", "The engine reads the move…", "引擎在算這步棋…", "Máy đang tính nước này…";
    ProblemHint => "提示", "Hint", "提示", "Gợi ý";
    ProblemShow => "看答案", "Show the answer", "看答案", "Xem đáp án";
    ProblemRetry => "重做", "Again", "重做", "Làm lại";
    PracticeNone => "没有该练的错着：复盘（R）一盘棋手之间的对局后，这里会有", "No mistakes due: review (R) a game between players and they come here", "沒有該練的錯著：覆盤（R）一盤棋手之間的對局後，這裡會有", "Chưa có nước sai cần luyện: phân tích lại (R) một ván giữa người chơi với nhau thì chúng sẽ xuất hiện ở đây";
    PracticeTitle => "练错着 · {} · 还有 {} 个", "Your mistakes · {} · {} more due", "練錯著 · {} · 還有 {} 個", "Nước sai của bạn · {} · còn {}";
    PracticeGoal => "找一步比 {}（{}）更好的棋", "Find a better move than {} ({})", "找一步比 {}（{}）更好的棋", "Tìm một nước tốt hơn {} ({})";
    PracticeFrom => "出自：{}", "From: {}", "出自：{}", "Từ: {}";
    PracticeJudging => "引擎在看这步棋…", "The engine looks at the move…", "引擎在看這步棋…", "Máy đang xem nước này…";
    PracticeNext => "下一个", "Next", "下一個", "Tiếp";
    PracticeLeave => "回到对局", "Back to the game", "回到對局", "Trở lại ván cờ";
    PlayerMistakes => "要练的错着（{}）：{} 个，今天该练 {} 个，已找对 {} 个", "Mistakes to practise ({}): {}, {} due today, {} found", "要練的錯著（{}）：{} 個，今天該練 {} 個，已找對 {} 個", "Nước sai cần luyện ({}): {}, hôm nay {}, đã tìm đúng {}";
    HelpNone => "不提示", "None", "不提示", "Không";
    HelpWarnings => "提醒", "Warnings", "提醒", "Cảnh báo";
    HelpTutor => "教练", "Tutor", "教練", "Thầy kèm";
    HelpTutorBlunders => "教练（只退回大错）", "Tutor (blunders only)", "教練（只退回大錯）", "Thầy kèm (chỉ nước sai lớn)";
    TutorTries => "同一局面教练最多让你重走（次）", "Tutor's takebacks a position", "同一局面教練最多讓你重走（次）", "Số lần thầy kèm trả lại mỗi thế cờ";
    HelpTip => "提醒：走出送子、送杀或漏杀的棋之前先问一句。教练：另外把代价太大的棋退回，并指出更好的一步", "Warnings: asks before a move that gives a piece away, walks into mate or misses one. Tutor: also takes back a move that costs too much, and shows a better one", "提醒：走出送子、送殺或漏殺的棋之前先問一句。教練：另外把代價太大的棋退回，並指出更好的一步", "Cảnh báo: hỏi trước khi đi một nước thí không quân, đi vào thế bị chiếu bí hoặc bỏ lỡ nước chiếu bí. Thầy kèm: còn trả lại nước đi thiệt quá nhiều và chỉ ra một nước tốt hơn";
    AskPlay => "仍然走这步", "Play it anyway", "仍然走這步", "Vẫn đi nước này";
    AskOther => "换一步", "Choose another move", "換一步", "Chọn nước khác";
    AskAgain => "（坚持要走，就再走一次这步棋）", "(playing the same move again plays it too)", "（堅持要走，就再走一次這步棋）", "(đi lại đúng nước đó lần nữa thì cũng được đi)";
}

/// A player's name as the cards show it in `lang`: a computer's "… level 3" (as the
/// record names it, in English whatever the language) is "… 第 3 级" in Chinese, "… cấp 3"
/// in Vietnamese.
///
/// ```
/// use table::i18n::{Lang, player_said};
/// assert_eq!(player_said("红方 · Fairy-Stockfish level 1", Lang::Zh), "红方 · Fairy-Stockfish 第 1 级");
/// assert_eq!(player_said("Black · GNU Go level 2", Lang::En), "Black · GNU Go level 2");
/// assert_eq!(player_said("Đỏ · Fairy-Stockfish level 1", Lang::Vi), "Đỏ · Fairy-Stockfish cấp 1");
/// ```
#[must_use]
pub fn player_said(name: &str, lang: Lang) -> String {
    player_said_as(name, lang, None)
}

/// As [`player_said`], the computer (`engine`: its program's name, as the records keep
/// it) said as a player at the table says it: 电脑 第 1 级, not the program's name,
/// which belongs in the settings (a card has room for the clock too).
///
/// ```
/// use table::i18n::{Lang, player_said_as};
/// let engine = Some("Fairy-Stockfish");
/// assert_eq!(player_said_as("Fairy-Stockfish level 1", Lang::Zh, engine), "电脑 第 1 级");
/// assert_eq!(player_said_as("Fairy-Stockfish", Lang::En, engine), "Computer");
/// assert_eq!(player_said_as("小明", Lang::Zh, engine), "小明");
/// ```
#[must_use]
pub fn player_said_as(name: &str, lang: Lang, engine: Option<&str>) -> String {
    let computer = match lang {
        Lang::Zh => "电脑",
        Lang::Hant => "電腦",
        Lang::En => "Computer",
        Lang::Vi => "Máy",
    };
    let name = match engine {
        Some(engine) if name == engine => return computer.to_owned(),
        Some(engine) => match name.strip_prefix(engine) {
            Some(rest) if rest.starts_with(" level ") => format!("{computer}{rest}"),
            _ => name.to_owned(),
        },
        None => name.to_owned(),
    };
    let name = name.as_str();
    if let Some((who, n)) = name.rsplit_once(" level ")
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        match lang {
            Lang::Zh => return format!("{who} 第 {n} 级"),
            Lang::Hant => return format!("{who} 第 {n} 級"),
            Lang::Vi => return format!("{who} cấp {n}"),
            Lang::En => {}
        }
    }
    name.to_owned()
}
/// A theme's name in `lang`.
#[must_use]
pub fn theme_name(theme: crate::theme::Theme, lang: Lang) -> &'static str {
    match theme {
        crate::theme::Theme::Wood => Word::ThemeWood.get(lang),
        crate::theme::Theme::Paper => Word::ThemePaper.get(lang),
        crate::theme::Theme::Dark => Word::ThemeDark.get(lang),
        crate::theme::Theme::Contrast => Word::ThemeContrast.get(lang),
    }
}

/// A piece style's name in `lang`.
#[must_use]
pub fn pieces_name(style: crate::theme::PieceStyle, lang: Lang) -> &'static str {
    match style {
        crate::theme::PieceStyle::Traditional => Word::PiecesTraditional.get(lang),
        crate::theme::PieceStyle::International => Word::PiecesInternational.get(lang),
    }
}
