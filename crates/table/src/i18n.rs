//! The interface's languages, and the way every string in them is listed: the table's
//! own words here, each game's in its own crate.

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

    /// Every language.
    pub const ALL: [Lang; 2] = [Lang::Zh, Lang::En];

    /// Its name in itself, as a language menu lists it.
    #[must_use]
    pub const fn own_name(self) -> &'static str {
        match self {
            Lang::Zh => "中文",
            Lang::En => "English",
        }
    }

    /// Its code in the settings file: `zh`, `en`.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
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
            .find(|l| l.code() == s.trim())
            .ok_or_else(|| format!("\"{s}\" is not a language (zh or en)"))
    }
}

/// Declares a list of fixed interface strings in Chinese and English (an enum with
/// `get` and `fill`): the table's words, and each game's own.
#[macro_export]
macro_rules! texts {
    ($name:ident; $($key:ident => $zh:literal, $en:literal;)*) => {
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
                    $(($name::$key, Lang::Zh) => $zh, ($name::$key, Lang::En) => $en,)*
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
    Close => "关闭", "Close";
    SlotsTitle => "存档", "Save slots";
    SlotEmpty => "（空）", "(empty)";
    SlotDamaged => "文件已损坏：{}", "Damaged file: {}";
    SlotCurrent => "当前", "current";
    Delete => "删除", "Delete";
    Rename => "改名", "Rename";
    ConfirmDelete => "确定删除存档 {}？", "Delete slot {}?";
    ConfirmOverwrite => "用当前对局覆盖存档 {}？", "Overwrite slot {} with this game?";
    Cancel => "取消", "Cancel";
    Ok => "确定", "OK";
    SavedTo => "已保存到存档 {}", "Saved to slot {}";
    LoadedFrom => "已读取存档 {}（Ctrl+Z 可撤销）", "Loaded slot {} (Ctrl+Z takes it back)";
    Renamed => "存档 {} 已改名", "Slot {} renamed";
    Deleted => "存档 {} 已删除", "Slot {} deleted";
    SlotFailed => "存档 {}：{}", "Slot {}: {}";
    SlotsFull => "存档已满：按 Ctrl+Shift+S 选择要覆盖的存档", "All slots are in use: press Ctrl+Shift+S to choose one to overwrite";
    NothingSaved => "还没有存档", "Nothing saved yet";
    Exported => "棋谱已导出到 {}", "Game exported to {}";
    ExportFailed => "无法导出棋谱：{}", "Could not export the game: {}";
    SlotKeptDamaged => "文件已损坏，保持原样：{}", "the file is damaged and is left as it is: {}";
    SlotIsEmpty => "存档是空的", "it is empty";
    SlotsButton => "存档…", "Slots…";
    Animation => "动画", "Animation";
    AnimationSpeed => "动画时长", "Animation time";
    ClipboardEmpty => "剪贴板里没有文字", "The clipboard holds no text";
    ClipboardFailed => "无法使用剪贴板：{}", "The clipboard is not available: {}";
    Coordinates => "坐标", "Coordinates";
    CoordinatesChinese => "中文数字", "Chinese numerals";
    CoordinatesNone => "无", "None";
    CopyPosition => "复制局面", "Copy position";
    CopyRecord => "复制棋谱", "Copy game";
    Credits => "开局库的大师对局与开局编号（ECCO）的分类取自 Chinese Chess Practical Dataset（Yu-Han Tseng，CC BY 4.0：https://creativecommons.org/licenses/by/4.0/），已改编为开局统计与分类树", "The opening explorer's master games and the opening names' (ECCO) classification are from the Chinese Chess Practical Dataset (Yu-Han Tseng, CC BY 4.0: https://creativecommons.org/licenses/by/4.0/), changed into opening statistics and a classification tree";
    ExportBusy => "上一个导出还没有完成", "The last export is not finished yet";
    ExportGif => "导出动画", "Export GIF";
    ExportRecord => "导出棋谱", "Export game";
    ExportPng => "导出图片", "Export PNG";
    Exporting => "正在生成 {}…", "Making {}…";
    Flip => "翻转棋盘", "Flip board";
    GameInfo => "对局信息", "Game info";
    Help => "帮助", "Help";
    HelpTitle => "快捷键", "Keys";
    KeyCopy => "Ctrl+E / Ctrl+Shift+E：复制局面 / 整局棋谱", "Ctrl+E / Ctrl+Shift+E: copy the position / the game";
    KeyCursor => "F6：棋盘光标（方向键移动，回车或空格拿起、放下，Esc 放下）", "F6: the board cursor (arrows move it, Enter or Space picks up and puts down, Esc lets go)";
    KeyDrop => "把棋谱文件拖到窗口上即可打开", "Drop a game file on the window to open it";
    KeyGif => "Ctrl+G：把整局棋导出为动画（GIF）", "Ctrl+G: export the game as an animated GIF";
    KeyHelp => "F1：显示或关闭本帮助", "F1: show or hide this help";
    KeyHint => "H：提示一步好棋", "H: hint at a good move";
    KeyLook => "T：换棋盘（木纹、纸面、深色）；P：棋子用汉字或图形", "T: next board (wood, paper, dark); P: pieces as characters or symbols";
    KeyMute => "M：静音", "M: mute";
    KeyNew => "Ctrl+R：新局（可悔；有棋手时先问谁执哪一方）；Ctrl+Shift+R：新局选项；Ctrl+Shift+P：棋手", "Ctrl+R: new game (undoable; with players, it first asks who plays which side); Ctrl+Shift+R: new game choices; Ctrl+Shift+P: the players";
    KeyPaste => "Ctrl+I：粘贴局面或棋谱（FEN、PGN、着法…）", "Ctrl+I: paste a position or game (FEN, PGN, moves…)";
    KeyPause => "空格：暂停 / 继续计时", "Space: pause or resume the clock";
    KeyQuit => "Ctrl+W、Esc 或 Ctrl+中键：退出", "Ctrl+W, Esc or Ctrl+middle click: quit";
    KeyRedo => "Ctrl+Y 或 Ctrl+Shift+Z：重做", "Ctrl+Y or Ctrl+Shift+Z: redo";
    KeyReview => "← → Home End：回顾着法（按住连走）；Ctrl+P：演播（空格暂停，Esc 停止）；Ctrl+K：实物棋盘用的棋钟", "← → Home End: review the moves (hold to keep going); Ctrl+P: replay at a pace (Space pauses, Esc stops); Ctrl+K: a clock for a real board";
    KeySave => "Ctrl+S / Ctrl+L：保存 / 读取当前存档", "Ctrl+S / Ctrl+L: save / load the current slot";
    KeySlots => "Ctrl+Shift+S：存档列表", "Ctrl+Shift+S: the save slots";
    KeyTypeMove => "/ 或回车：输入着法（中文、WXF、ICCS，围棋如 D4、pass），回车走棋，Esc 关闭", "/ or Enter: type a move (Chinese, WXF, ICCS; Go: D4, pass), Enter plays, Esc closes";
    KeyUndo => "Ctrl+Z：悔棋（可连续）", "Ctrl+Z: undo (repeatable)";
    KeyZoom => "Ctrl+= / Ctrl+- / Ctrl+0：放大、缩小、还原界面", "Ctrl+= / Ctrl+- / Ctrl+0: zoom the panel in, out, back to 100%";
    Language => "语言", "Language";
    Load => "读取", "Load";
    MenuEdit => "编辑", "Edit";
    MenuEngine => "引擎", "Engine";
    MenuGame => "对局", "Game";
    MenuMute => "声音开关", "Sound on/off";
    MenuReplay => "演播棋局", "Replay the game";
    MenuBoardClock => "实物棋盘用的棋钟", "Clock for a real board";
    BoardClockHint => "走完一步按空格或点自己这边；Esc 关闭", "After your move press Space or tap your side; Esc closes";
    BoardClockStart => "按空格或点一下开始", "Press Space or tap to start";
    TimeUp => "超时", "Time";
    Replay => "演播", "Replay";
    ReplayPause => "暂停", "Pause";
    ReplayGoOn => "继续", "Go on";
    ReplayStop => "停止", "Stop";
    SecondsAMove => " 秒一步", " s a move";
    PauseAtComments => "遇注释暂停", "Pause at comments";
    MenuPieces => "棋子：{}", "Pieces: {}";
    MenuTheme => "棋盘：{}", "Board: {}";
    MenuView => "视图", "View";
    MoveBoxMore => "还有 {} 个", "{} more";
    MoveBoxTitle => "输入着法（回车走棋，Esc 关闭）", "Type a move (Enter plays, Esc closes)";
    Muted => "已静音", "Sound off";
    NewGame => "新局", "New game";
    NoStorage => "找不到可以保存文件的文件夹", "There is no folder to keep files in";
    NothingToRedo => "没有可以重做的棋", "Nothing to redo";
    NothingToUndo => "没有可以悔的棋", "Nothing to undo";
    Paste => "粘贴", "Paste";
    PictureExported => "图片已导出到 {}", "Picture exported to {}";
    PictureFailed => "无法导出图片：{}", "Could not export the picture: {}";
    Quit => "退出", "Quit";
    Redo => "重做", "Redo";
    Save => "保存", "Save";
    SettingsDamaged => "设置文件有误（{}），已改用默认设置；原文件保留为 {}", "The settings file was damaged ({}); using the defaults, the file is kept as {}";
    SettingsFailed => "无法保存设置：{}", "Cannot save the settings: {}";
    SettingsMenu => "设置…", "Settings…";
    SettingsTitle => "设置", "Settings";
    Slots => "存档…", "Slots…";
    Sound => "声音", "Sound";
    SpeakMissing => "没有语音程序：sudo apt install speech-dispatcher（或 espeak-ng）", "No speech program: sudo apt install speech-dispatcher (or espeak-ng)";
    SpeakMoves => "朗读每步棋", "Say each move aloud";
    SpeakThrough => "语音：{}", "Voice: {}";
    SpokenNews => "刚才", "Just now";
    Started => "新局开始", "New game";
    Undo => "悔棋", "Undo";
    Unmuted => "声音已开", "Sound on";
    Volume => "音量", "Volume";
    ZoomIn => "放大", "Zoom in";
    ZoomOut => "缩小", "Zoom out";
    ZoomReset => "实际大小", "Actual size";
    Zoomed => "界面缩放 {}%", "Zoom {}%";
    ThemeWood => "木纹", "wood";
    ThemePaper => "纸面", "paper";
    ThemeDark => "深色", "dark";
    ThemeContrast => "高对比", "high contrast";
    PiecesTraditional => "汉字", "Chinese characters";
    PiecesInternational => "图形", "symbols";
    Guest => "客人", "Guest";
    NewGameTitle => "新局：谁执哪一方", "New game: who plays which side";
    NewGameMenu => "新局…", "New game…";
    Start => "开始", "Start";
    SwapSeats => "换边", "Swap sides";
    AddPlayer => "添加棋手", "Add player";
    PlayerName => "名字", "Name";
    Players => "棋手", "Players";
    PlayersMenu => "棋手…", "Players…";
    LearnMenu => "学棋…", "Learn to play…";
    LearnTitle => "学棋：{}", "Learn to play: {}";
    LearnFinished => "已完成 {}/{} 关，{} 颗星", "Finished {}/{} · {} stars";
    LearnLearner => "学棋的人", "Learner";
    LearnStartAgain => "从头再学（清除星星）…", "Start again (clear the stars)…";
    LearnStartAgainAsk => "要清除「{}」在这里得到的全部星星吗？", "Clear all the stars {} has earned here?";
    LearnStartAgainYes => "清除星星", "Clear the stars";
    LearnNextHere => "下一关从这里开始", "Play on from here";
    LearnClose => "关闭", "Close";
    LearnHint => "第一次下{}？十分钟学会", "New to {}? Learn in 10 minutes";
    LearnHintButton => "新手？十分钟学会", "New? Learn in 10 min";
    LessonLevel => "{} · 第 {} 关（共 {} 关）", "{} · level {} of {}";
    LessonMoves => "已走 {} 步 · {} 步内得三颗星", "Moves {} · 3 stars in {} moves";
    LessonMovesOne => "已走 {} 步 · 一步得三颗星", "Moves {} · 3 stars in 1 move";
    LessonPassed => "过关！{}", "Passed! {}";
    LessonRetry => "再试一次", "Retry";
    LessonNext => "下一关", "Next level";
    LessonMap => "关卡地图", "Map";
    LessonPass => "停一手", "Pass";
    LessonAnswer => "确定", "OK";
    LessonCard => "{} 第 {} 关：{}，{} 颗星", "{}, level {}: {}, {} stars";
    LessonLeave => "离开", "Leave";
    LessonOpened => "第 {} 关：{}", "Level {}: {}";
    LessonLeft => "已离开学棋，回到对局", "Left the lesson: back to the game";
    Resumed => "已恢复上次的对局", "Resumed the last game";
    ResumeFailed => "无法恢复上次的对局（{}），原文件保留为 {}", "Could not resume the last game ({}); the file is kept as {}";
    AutosaveFailed => "无法自动保存：{}", "Cannot autosave: {}";
    LessonsFailed => "无法保存学棋的星星：{}", "Cannot keep the lessons' stars: {}";
    KeyLearn => "F4：学棋（关卡地图）", "F4: learn to play (the map of lessons)";
    NoPlayers => "还没有棋手：在下面输入名字添加", "No players yet: type a name below to add one";
    PlayerGames => "{}：{} 局，胜 {} 和 {} 负 {}", "{}: played {}, won {}, drawn {}, lost {}";
    PlayerRating => "等级分 {}（±{}）", "rating {} (±{})";
    PlayerLadder => "对电脑：第 {} 级（连胜 {}，连败 {}）", "Against the computer: level {} ({} wins, {} losses in a row)";
    PlayerAgainst => "对 {}：胜 {} 和 {} 负 {}", "against {}: won {}, drawn {}, lost {}";
    PlayerLast => "最近的对局", "Last games";
    PlayerDuels => "解题赛", "Puzzle duels";
    PlayerLessons => "学棋（{}）：{}/{} 关，{} 颗星", "Lessons ({}): {}/{} levels, {} stars";
    ThisIsMe => "这是我", "This is me";
    RenamePlayer => "改名…", "Rename…";
    RenameSave => "保存", "Save";
    RemovePlayer => "删除…", "Remove…";
    RemoveAsk => "删除棋手「{}」吗？对局记录会保留在棋谱库里。", "Remove the player {}? Their games stay in the library.";
    RemoveYes => "删除", "Remove";
    PlayerColour => "这位棋手的颜色（再点一次取消）", "This player's colour (click again for none)";
    ThisIsMeTip => "界面语言、棋盘、棋子和声音随这位棋手的选择", "The language, board, pieces and sound follow this player's choice";
    TurnBoard => "每步棋后棋盘转向走棋的一方", "Turn the board to the side to move";
    FaceToFace => "对坐：对面一方的棋子倒过来，朝向对面的棋手", "Face to face: the far side's pieces upright for the player across";
    HelpColumn => "帮助", "Help";
    PracticeMenu => "练错着…", "Practise my mistakes…";
    GuessMenu => "猜着法…", "Guess the moves…";
    GuessTitle => "猜着法 · {} · 第 {} 步，共 {} 步 · {}%", "Guess the moves · {} · move {} of {} · {}%";
    GuessAsk => "这盘棋下一步走了什么？", "What was played next in this game?";
    GuessDone => "猜完了：{}%。", "Done: {}%.";
    GuessAverage => "猜着法（{}）：{} 盘，平均 {}%", "Guessing moves ({}): {} games, {}% on average";
    PlayerProblems => "做题（{}）：解出 {} 道，{} 颗星，{} 道今天该再做", "Problems ({}): {} solved, {} stars, {} due again today";
    ProblemTitle => "做题 · {} · 第 {} 级 · 已解 {}/{}", "Problems · {} · level {} · {}/{} solved";
    ProblemReview => "上次没做对，今天再做一次", "Missed before: due again today";
    ProblemJudging => "引擎在算这步棋…", "The engine reads the move…";
    ProblemHint => "提示", "Hint";
    ProblemShow => "看答案", "Show the answer";
    ProblemRetry => "重做", "Again";
    PracticeNone => "没有该练的错着：复盘（R）一盘棋手之间的对局后，这里会有", "No mistakes due: review (R) a game between players and they come here";
    PracticeTitle => "练错着 · {} · 还有 {} 个", "Your mistakes · {} · {} more due";
    PracticeGoal => "找一步比 {}（{}）更好的棋", "Find a better move than {} ({})";
    PracticeFrom => "出自：{}", "From: {}";
    PracticeJudging => "引擎在看这步棋…", "The engine looks at the move…";
    PracticeNext => "下一个", "Next";
    PracticeLeave => "回到对局", "Back to the game";
    PlayerMistakes => "要练的错着（{}）：{} 个，今天该练 {} 个，已找对 {} 个", "Mistakes to practise ({}): {}, {} due today, {} found";
    HelpNone => "不提示", "None";
    HelpWarnings => "提醒", "Warnings";
    HelpTutor => "教练", "Tutor";
    HelpTutorBlunders => "教练（只退回大错）", "Tutor (blunders only)";
    TutorTries => "教练每个局面最多退回", "Tutor's takebacks a position";
    HelpTip => "提醒：走出送子、送杀或漏杀的棋之前先问一句。教练：另外把代价太大的棋退回，并指出更好的一步", "Warnings: asks before a move that gives a piece away, walks into mate or misses one. Tutor: also takes back a move that costs too much, and shows a better one";
    AskPlay => "仍然走这步", "Play it anyway";
    AskOther => "换一步", "Choose another move";
    AskAgain => "（坚持要走，就再走一次这步棋）", "(playing the same move again plays it too)";
}

/// A player's name as the cards show it in `lang`: a computer's "… level 3" (as the
/// record names it, in English whatever the language) is "… 第 3 级" in Chinese.
///
/// ```
/// use table::i18n::{Lang, player_said};
/// assert_eq!(player_said("红方 · Fairy-Stockfish level 1", Lang::Zh), "红方 · Fairy-Stockfish 第 1 级");
/// assert_eq!(player_said("Black · GNU Go level 2", Lang::En), "Black · GNU Go level 2");
/// ```
#[must_use]
pub fn player_said(name: &str, lang: Lang) -> String {
    if lang == Lang::Zh
        && let Some((who, n)) = name.rsplit_once(" level ")
        && !n.is_empty()
        && n.bytes().all(|b| b.is_ascii_digit())
    {
        return format!("{who} 第 {n} 级");
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
