//! A third game at the table, written here through the table's public API alone (every
//! path is `table::…`, Bevy's or the standard library's; none is the program's): what
//! adding a game takes. Tic-tac-toe is a type implementing `TableGame`, a resource for
//! its record, a message for its own commands, a system that plays, and one
//! `add_game::<TicTacToe>` per part; its save slots are a `SlotFormat` (four functions),
//! its autosave an `AutosaveFormat` (five), its lesson a `LessonGame` (a course of one
//! level, its set-up and its judge), its warning an `Asking` (two functions and a call to
//! `ask::hold`), its finished games a `table::rating::kept::Keep` and a `LibraryFormat` (the
//! computer's level at each side as data); the table's slots, autosave, lesson and
//! question services, clipboard, keys, undo and table switch, and the program's library
//! (the one host here that is the program's: it stores rows and counts players' pages)
//! do the rest.
//!
//! Played headless as a person plays it: clicks on the board, Ctrl+Z and Ctrl+Y, Ctrl+S
//! and Ctrl+L, Ctrl+Shift+E and Ctrl+I, a key of its own (C: the centre) that the other
//! game at the table never sees, and the table switched away and back.

use std::any::Any;
use std::sync::{Arc, Mutex};

use bevy::ecs::message::Messages;
use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyCode, KeyboardInput, NativeKey};
use bevy::prelude::*;
use table::actions::{Action, PlayCommand, Review, SwitchGame};
use table::i18n::Lang;
use table::learn::ask::{self, Asking, Held};
use table::learn::lessons::{self, Free, LessonGame, Tried};
use table::learn::shell::{Asked, LearnCommand, Learning, Lesson, LessonState, Question};
use table::learn::{Course, Help, LevelCard, StageCard, Text, Verdict};
use table::messages::{BoardPointer, BoardPress, Import, Notice};
use table::rating::kept::{Fetched, Keep, Kept, LibraryFormat};
use table::schedule::{GameKind, Logic};
use table::shell::table::{
    AutosaveFormat, Claim, Copied, CursorKey, KeyContext, KeyPress, PanelSection, Part, Picture,
    PictureLook, TableGame, add_game, usual_key,
};
use table::storage::{Dirs, Stamp};
use table::store::clipboard::{Clipboard, ClipboardBackend, ClipboardError};
use table::store::persist::DataDirs;
use table::store::slots::{CurrentSlot, SlotFormat, SlotGame};

/// A game of tic-tac-toe: the cells played in order (0 is the top left, 8 the bottom
/// right), and how many of them are on the board (the rest are undone, for Ctrl+Y).
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
struct Noughts {
    moves: Vec<u8>,
    at: usize,
}

const LINES: [[u8; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl Noughts {
    /// The board: `X`, `O` or `.` for each cell.
    fn board(&self) -> [char; 9] {
        let mut board = ['.'; 9];
        for (i, &cell) in self.moves[..self.at].iter().enumerate() {
            board[usize::from(cell)] = if i % 2 == 0 { 'X' } else { 'O' };
        }
        board
    }

    /// `X` or `O` with three in a line, or `-` for a full board.
    fn result(&self) -> Option<char> {
        let board = self.board();
        LINES
            .iter()
            .map(|l| l.map(|c| board[usize::from(c)]))
            .find(|[a, b, c]| *a != '.' && a == b && b == c)
            .map(|[a, ..]| a)
            .or_else(|| (!board.contains(&'.')).then_some('-'))
    }

    fn play(&mut self, cell: u8) -> bool {
        if cell > 8 || self.board()[usize::from(cell)] != '.' || self.result().is_some() {
            return false;
        }
        self.moves.truncate(self.at);
        self.moves.push(cell);
        self.at += 1;
        true
    }

    /// Where the game stands (the help's question is asked again only here).
    fn here(&self) -> u64 {
        self.moves[..self.at]
            .iter()
            .fold(self.at as u64, |h, &c| h * 10 + u64::from(c))
    }

    /// Whether `cell`, played now, lets the other side make three in a line at once
    /// (and does not win itself).
    fn loses_at_once(&self, cell: u8) -> bool {
        let mut after = self.clone();
        if !after.play(cell) || after.result().is_some() {
            return false;
        }
        (0..9).any(|c| {
            let mut then = after.clone();
            then.play(c) && then.result().is_some()
        })
    }

    /// Its record as text: `tictactoe 4 0 8`.
    fn text(&self) -> String {
        let moves: Vec<String> = self.moves[..self.at].iter().map(u8::to_string).collect();
        format!("tictactoe {}", moves.join(" "))
    }

    fn read(text: &str) -> Result<Noughts, String> {
        let mut words = text.split_whitespace();
        if words.next() != Some("tictactoe") {
            return Err("not a game of tic-tac-toe".into());
        }
        let mut game = Noughts::default();
        for word in words.take_while(|w| *w != "name") {
            let cell = word.parse().map_err(|_| format!("{word} is not a cell"))?;
            if !game.play(cell) {
                return Err(format!("{cell} cannot be played"));
            }
        }
        Ok(game)
    }
}

/// The learner's try at its one lesson level: the moves on the board the lesson knows,
/// the learner's moves, the verdict.
struct Try {
    known: usize,
    moves: u32,
    verdict: Verdict<Text>,
}

/// Its lessons: one stage of one level, X to play and win at once (the top row).
impl LessonGame for TicTacToe {
    type Move = u8;
    type Attempt = Try;
    type Aside = Noughts;
    type Board = ResMut<'static, Noughts>;

    fn course() -> Course {
        Course {
            slug: Self::SLUG.to_owned(),
            stages: vec![StageCard {
                id: "win".to_owned(),
                title: Text::new("连成三个", "Three in a line", "連成三個", "Ba ô thẳng hàng"),
                intro: Text::new(
                    "横、竖、斜都算。",
                    "Across, down or corner to corner.",
                    "橫、豎、斜都算。",
                    "Ngang, dọc hay chéo đều được.",
                ),
                levels: vec![LevelCard {
                    id: "win-1".to_owned(),
                    goal: Text::new(
                        "一步连成三个",
                        "Three in a line in one move",
                        "一步連成三個",
                        "Ba ô thẳng hàng trong một nước",
                    ),
                    par: 1,
                }],
            }],
        }
    }

    fn free(_board: &mut ResMut<Noughts>) -> Free {
        Free::Now
    }

    fn shown(_settings: &table::Settings, _lesson: &mut Lesson) {}

    fn set_up(
        (board, _): (&mut ResMut<Noughts>, &mut table::Settings),
        _at: (usize, usize),
        aside: &mut Option<Noughts>,
    ) -> Option<Try> {
        // X on the top left and top middle, O on the middle row's first two.
        let start = Noughts {
            moves: vec![0, 3, 1, 4],
            at: 4,
        };
        let before = std::mem::replace(&mut **board, start);
        aside.get_or_insert(before);
        Some(Try {
            known: 4,
            moves: 0,
            verdict: Verdict::Going,
        })
    }

    fn leave((board, _): (&mut ResMut<Noughts>, &mut table::Settings), aside: Option<Noughts>) {
        if let Some(game) = aside {
            **board = game;
        }
    }

    fn tried(board: &mut ResMut<Noughts>, attempt: &Try) -> Vec<u8> {
        board.moves[attempt.known.min(board.at)..board.at].to_vec()
    }

    fn judge(attempt: &mut Try, cell: u8) -> Tried {
        if attempt.verdict != Verdict::Going {
            return Tried::Skipped;
        }
        // The centre is O's already in the next move's line: refused, with the reason.
        if cell == 8 {
            return Tried::Refused(Text::new(
                "角上没有用。",
                "The corner does nothing here.",
                "角上沒有用。",
                "Góc này không có tác dụng.",
            ));
        }
        attempt.known += 1;
        attempt.moves += 1;
        attempt.verdict = if cell == 2 {
            Verdict::Passed {
                stars: table::learn::stars(attempt.moves, 1),
            }
        } else {
            Verdict::Failed(Text::new(
                "没有连成三个。",
                "No three in a line.",
                "沒有連成三個。",
                "Chưa được ba ô thẳng hàng.",
            ))
        };
        Tried::Judged
    }

    fn take_back(board: &mut ResMut<Noughts>) {
        board.at -= 1;
    }

    fn answer(_board: &mut ResMut<Noughts>, _attempt: &mut Try) {}

    fn command(_board: &mut ResMut<Noughts>, _attempt: &mut Try, _command: &LearnCommand) -> bool {
        false
    }

    fn verdict(attempt: &Try) -> (u32, Verdict<Text>) {
        (attempt.moves, attempt.verdict.clone())
    }
}

/// The help's question: a mark that lets the other side win at once is held back.
impl Asking for TicTacToe {
    type Move = u8;
    type Board = ResMut<'static, Noughts>;

    fn here(board: &ResMut<Noughts>) -> Option<u64> {
        Some(board.here())
    }

    fn play(board: &mut ResMut<Noughts>, cell: u8) {
        board.play(cell);
    }
}

/// Its own commands (the table carries them unread).
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
enum TicTacToeCommand {
    /// C: a mark in the centre.
    Centre,
}

struct TicTacToe;

impl TableGame for TicTacToe {
    const SLUG: &'static str = "tictactoe";

    fn title(lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => "井字棋",
            Lang::En => "Tic-tac-toe",
            Lang::Hant => "井字棋",
            Lang::Vi => "Cờ ca-rô ba ô",
        }
    }

    fn key(press: KeyPress, _at: &KeyContext) -> Option<Action> {
        match (press.ctrl, press.key) {
            (false, KeyCode::KeyC) => Some(Action::own(TicTacToeCommand::Centre)),
            _ => usual_key(press),
        }
    }

    fn answers(action: &Action) -> bool {
        match action {
            Action::Own(own) => own.is::<TicTacToeCommand>(),
            Action::Undo
            | Action::Redo
            | Action::NewGame
            | Action::Save
            | Action::Load
            | Action::ToggleSlots
            | Action::CopyPosition
            | Action::CopyRecord
            | Action::Paste => true,
            _ => false,
        }
    }

    fn copy(world: &World, shifted: bool, _lang: Lang) -> Copied {
        let game = world.resource::<Noughts>();
        let text = if shifted {
            game.text()
        } else {
            game.board().iter().collect()
        };
        Copied {
            text,
            said: "copied".into(),
        }
    }

    fn picture(world: &World, _gif: bool, _look: &PictureLook) -> Picture {
        let board: String = world.resource::<Noughts>().board().iter().collect();
        Picture {
            stem: "tictactoe",
            draw: Box::new(move || board.into_bytes()),
        }
    }

    fn claims(import: &Import) -> Claim {
        match import {
            Import::Pasted(text) if text.trim_start().starts_with("tictactoe") => Claim::Sure,
            Import::Slot { record, .. } if record.is::<Noughts>() => Claim::Sure,
            _ => Claim::No,
        }
    }

    fn core(app: &mut App) {
        app.init_resource::<Noughts>()
            .add_message::<TicTacToeCommand>()
            .add_systems(
                Update,
                (
                    (ask::answer::<Self>, play).chain().in_set(Logic::Play),
                    open.in_set(Logic::Import),
                    (lessons::commands::<Self>, lessons::judge::<Self>)
                        .chain()
                        .in_set(Self::step(Logic::Lessons)),
                )
                    .in_set(Self::SYSTEMS),
            );
        lessons::add::<Self>(app);
        app.init_resource::<Held<Self>>();
    }

    fn files(_app: &mut App) {}

    fn window(_app: &mut App) {}

    fn panel(app: &mut App) -> PanelSection {
        app.register_system(|_: InMut<bevy_egui::egui::Ui>| {})
    }

    fn slots() -> Option<SlotFormat> {
        Some(SlotFormat {
            file: |n| format!("tictactoe-{n}.txt"),
            ext: "txt",
            write: |world, name, _stamp: &Stamp| {
                let text = world.resource::<Noughts>().text();
                match name {
                    Some(name) => format!("{text} name {name}"),
                    None => text,
                }
            },
            read: |bytes| {
                let text = String::from_utf8_lossy(bytes);
                let game = Noughts::read(&text)?;
                let name = text.split_once(" name ").map(|(_, n)| n.trim().to_owned());
                let board: String = game.board().iter().collect();
                Ok(SlotGame {
                    name,
                    saved: String::new(),
                    said: Arc::new(move |_| board.clone()),
                    preview: Arc::new(|_| {}),
                    record: Arc::new(game),
                })
            },
            rename: |bytes, name| {
                let text = String::from_utf8_lossy(bytes);
                let moves = text.split(" name ").next().unwrap_or_default().trim();
                Ok(format!("{moves} name {name}"))
            },
        })
    }

    fn autosave() -> Option<AutosaveFormat> {
        Some(AutosaveFormat {
            file: "tictactoe-autosave.txt",
            changed: |world| {
                world
                    .get_resource_ref::<Noughts>()
                    .is_some_and(|n| n.is_changed())
            },
            write: |world| world.get_resource::<Noughts>().map(Noughts::text),
            read: |bytes| {
                let game = Noughts::read(&String::from_utf8_lossy(bytes))?;
                Ok(Box::new(game) as Box<dyn Any + Send>)
            },
            resume: |world, read| {
                let Ok(game) = read.downcast::<Noughts>() else {
                    return false;
                };
                let something = !game.moves.is_empty();
                *world.resource_mut::<Noughts>() = *game;
                something
            },
        })
    }

    fn cursor(_key: CursorKey) -> Action {
        Action::Cancel
    }
}

/// A click on a cell (the board's world: cells one unit apart around the centre), C,
/// undo, redo and a new game.
fn play(
    mut clicks: MessageReader<BoardPointer>,
    mut own: MessageReader<TicTacToeCommand>,
    mut commands: MessageReader<PlayCommand>,
    mut game: ResMut<Noughts>,
    (settings, learning): (Res<table::Settings>, Res<Learning>),
    (mut held, mut asked): (ResMut<Held<TicTacToe>>, MessageWriter<Question>),
) {
    for click in clicks.read() {
        if let (BoardPress::LeftDown, Some(at)) = (click.press, click.at) {
            let (col, row) = (at.x.round() + 1.0, 1.0 - at.y.round());
            if (0.0..3.0).contains(&col) && (0.0..3.0).contains(&row) {
                let cell = (row * 3.0 + col) as u8;
                // X moves first: seat 0's help; never in a lesson.
                let x = game.at.is_multiple_of(2);
                let helped = ask::warns(&settings.help, x, || true)
                    && learning.lesson(TicTacToe::SLUG).is_none();
                let here = game.here();
                let held_back = helped
                    && ask::hold::<TicTacToe>(
                        (&mut held, &mut asked),
                        (here, cell, &cell.to_string()),
                        || {
                            game.loses_at_once(cell).then(|| {
                                Text::new(
                                    "这一步之后，对方马上连成三个。",
                                    "After this move the other side makes three in a line at once.",
                                    "這一步之後，對方馬上連成三個。",
                                    "Sau nước này đối phương có ngay ba ô thẳng hàng.",
                                )
                            })
                        },
                    );
                if !held_back {
                    game.play(cell);
                }
            }
        }
    }
    for TicTacToeCommand::Centre in own.read() {
        game.play(4);
    }
    for command in commands.read() {
        match command {
            PlayCommand::Undo => game.at = game.at.saturating_sub(1),
            PlayCommand::Redo => game.at = (game.at + 1).min(game.moves.len()),
            PlayCommand::NewGame => *game = Noughts::default(),
            PlayCommand::Review(Review::Back) => game.at = game.at.saturating_sub(1),
            _ => {}
        }
    }
}

/// A paste or a slot of its own opens in place of the game.
fn open(
    mut imports: MessageReader<Import>,
    tables: Res<table::shell::table::Tables>,
    kind: Res<State<GameKind>>,
    mut game: ResMut<Noughts>,
    mut notices: MessageWriter<Notice>,
) {
    for import in imports.read() {
        if tables.reader(import, *kind.get()) != TicTacToe::KIND {
            continue;
        }
        let read = match import {
            Import::Pasted(text) => Noughts::read(text),
            Import::Slot { record, .. } => record
                .downcast_ref::<Noughts>()
                .cloned()
                .ok_or_else(|| "not ours".to_owned()),
            Import::File(_) => Err("no files".to_owned()),
        };
        match read {
            Ok(opened) => *game = opened,
            Err(e) => _ = notices.write(Notice::warn(e)),
        }
    }
}

/// Another game at the table, with nothing of its own: somewhere to switch to.
struct Blank;

impl TableGame for Blank {
    const SLUG: &'static str = "blank";

    fn title(_lang: Lang) -> &'static str {
        "Blank"
    }

    fn key(press: KeyPress, _at: &KeyContext) -> Option<Action> {
        usual_key(press)
    }

    fn answers(_action: &Action) -> bool {
        false
    }

    fn copy(_world: &World, _shifted: bool, _lang: Lang) -> Copied {
        Copied {
            text: String::new(),
            said: String::new(),
        }
    }

    fn picture(_world: &World, _gif: bool, _look: &PictureLook) -> Picture {
        Picture {
            stem: "blank",
            draw: Box::new(Vec::new),
        }
    }

    fn claims(_import: &Import) -> Claim {
        Claim::No
    }

    fn core(_app: &mut App) {}

    fn files(_app: &mut App) {}

    fn window(_app: &mut App) {}

    fn panel(app: &mut App) -> PanelSection {
        app.register_system(|_: InMut<bevy_egui::egui::Ui>| {})
    }

    fn cursor(_key: CursorKey) -> Action {
        Action::Cancel
    }
}

/// A clipboard in memory.
struct Memory(Arc<Mutex<String>>);

impl ClipboardBackend for Memory {
    fn get(&mut self) -> Result<String, ClipboardError> {
        Ok(self.0.lock().unwrap().clone())
    }

    fn set(&mut self, text: String) -> Result<(), ClipboardError> {
        *self.0.lock().unwrap() = text;
        Ok(())
    }
}

/// Every notice said, heard each frame: one said in the first of the frames a key
/// runs is not lost when its messages age out after two.
#[derive(Resource, Default)]
struct Heard {
    cursor: bevy::ecs::message::MessageCursor<Notice>,
    said: Vec<String>,
}

fn hear(messages: Res<Messages<Notice>>, mut heard: ResMut<Heard>) {
    let Heard { cursor, said } = &mut *heard;
    said.extend(cursor.read(&messages).map(|n| n.text.clone()));
}

struct Table {
    app: App,
    clipboard: Arc<Mutex<String>>,
    dirs: Dirs,
}

impl Table {
    /// The table with the two games, headless, its files in a folder of its own.
    fn new() -> Table {
        let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("third-game");
        let _ = std::fs::remove_dir_all(&root);
        Table::at(&root)
    }

    /// The table with the files left in `root` by the one before (the program started
    /// again).
    fn at(root: &std::path::Path) -> Table {
        let dirs = Dirs::under(root);
        let clipboard = Arc::new(Mutex::new(String::new()));
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .add_message::<KeyboardInput>()
            .add_plugins(table::core_plugin);
        add_game::<TicTacToe>(&mut app, Part::Core);
        add_game::<Blank>(&mut app, Part::Core);
        app.insert_resource(DataDirs(Some(dirs.clone())))
            .insert_resource(Clipboard(Box::new(Memory(clipboard.clone()))))
            .add_plugins(table::files_plugin);
        add_game::<TicTacToe>(&mut app, Part::Files);
        add_game::<Blank>(&mut app, Part::Files);
        app.world_mut().resource_mut::<table::Settings>().lang = Lang::En;
        app.init_resource::<Heard>().add_systems(Last, hear);
        app.update();
        Table {
            app,
            clipboard,
            dirs,
        }
    }

    fn board(&self) -> String {
        self.app
            .world()
            .resource::<Noughts>()
            .board()
            .iter()
            .collect()
    }

    fn click(&mut self, col: f32, row: f32) {
        self.app.world_mut().write_message(BoardPointer {
            press: BoardPress::LeftDown,
            at: Some(Vec2::new(col - 1.0, 1.0 - row)),
        });
        self.app.update();
    }

    fn keys(&mut self, keys: &[KeyCode]) {
        let message = |key, down| KeyboardInput {
            key_code: key,
            logical_key: Key::Unidentified(NativeKey::Unidentified),
            state: if down {
                ButtonState::Pressed
            } else {
                ButtonState::Released
            },
            text: None,
            repeat: false,
            window: Entity::PLACEHOLDER,
        };
        for &key in keys {
            self.app.world_mut().write_message(message(key, true));
        }
        self.app.update();
        for &key in keys.iter().rev() {
            self.app.world_mut().write_message(message(key, false));
        }
        self.app.update();
        self.app.update();
    }

    fn switch(&mut self, to: GameKind) {
        self.app.world_mut().write_message(SwitchGame(to));
        self.app.update();
        self.app.update();
    }

    fn notices(&mut self) -> Vec<String> {
        std::mem::take(&mut self.app.world_mut().resource_mut::<Heard>().said)
    }
}

#[test]
fn a_third_game_is_played_through_the_table_alone() {
    let mut t = Table::new();
    let kinds = t
        .app
        .world()
        .resource::<table::shell::table::Tables>()
        .kinds();
    assert_eq!(kinds, [TicTacToe::KIND, Blank::KIND]);
    // The first game added is on the table.
    assert_eq!(
        *t.app.world().resource::<State<GameKind>>().get(),
        TicTacToe::KIND
    );

    // Clicks play, X first; a taken cell refuses the click.
    t.click(0.0, 0.0);
    t.click(2.0, 2.0);
    t.click(2.0, 2.0);
    assert_eq!(t.board(), "X.......O");
    // Its own key: C plays the centre.
    t.keys(&[KeyCode::KeyC]);
    assert_eq!(t.board(), "X...X...O");
    // Undo and redo, as at every table.
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyZ]);
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(t.board(), "X........");
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(t.board(), "X.......O");
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyY]);
    assert_eq!(t.board(), "X...X...O");

    // Ctrl+S saves to the first free slot in its own format; a new game, then Ctrl+L
    // loads it back.
    t.notices();
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyS]);
    assert_eq!(t.notices(), ["Saved to slot 1"]);
    let file = t.dirs.slots().join("tictactoe-1.txt");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "tictactoe 0 8 4");
    assert_eq!(
        t.app.world().resource::<CurrentSlot>().of("tictactoe"),
        Some(1)
    );
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyR]);
    assert_eq!(t.board(), ".........");
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyL]);
    assert_eq!(t.board(), "X...X...O");

    // Ctrl+Shift+E copies the game; after a new game Ctrl+I pastes it back.
    t.keys(&[KeyCode::ControlLeft, KeyCode::ShiftLeft, KeyCode::KeyE]);
    assert_eq!(*t.clipboard.lock().unwrap(), "tictactoe 0 8 4");
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyR]);
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyI]);
    assert_eq!(t.board(), "X...X...O");
    // Ctrl+E copies the board.
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyE]);
    assert_eq!(*t.clipboard.lock().unwrap(), "X...X...O");

    // At the other table its key is nobody's: C there plays nothing here.
    t.switch(Blank::KIND);
    assert_eq!(
        *t.app.world().resource::<State<GameKind>>().get(),
        Blank::KIND
    );
    t.keys(&[KeyCode::KeyC]);
    t.click(1.0, 0.0);
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyZ]);
    t.switch(TicTacToe::KIND);
    assert_eq!(t.board(), "X...X...O", "the game waited as it was left");
    // And it plays on where it was: O's move, then X's three in a line.
    t.click(1.0, 0.0);
    t.click(2.0, 0.0);
    t.click(1.0, 2.0);
    t.click(0.0, 2.0);
    assert_eq!(t.board(), "XOX.X.XOO");
    assert_eq!(t.app.world().resource::<Noughts>().result(), Some('X'));
    // The game is over: a click plays nothing; Ctrl+Z takes the last move back.
    t.click(2.0, 1.0);
    assert_eq!(t.board(), "XOX.X.XOO");
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyZ]);
    assert_eq!(t.board(), "XOX.X..OO");
}

#[test]
fn a_third_game_is_kept_by_the_tables_autosave_and_taken_up_again() {
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("third-game-kept");
    let _ = std::fs::remove_dir_all(&root);
    let mut t = Table::at(&root);
    t.click(0.0, 0.0);
    t.click(1.0, 1.0);
    // Quit: the last write is on the disk before the process ends.
    t.app.world_mut().write_message(AppExit::Success);
    t.app.update();
    let file = t.dirs.data.join("tictactoe-autosave.txt");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "tictactoe 0 4");
    drop(t);

    // The next start takes it up and says so.
    let mut again = Table::at(&root);
    assert_eq!(again.board(), "X...O....");
    assert_eq!(again.notices(), ["Resumed the last game"]);
    // Every change is written as it comes.
    again.click(2.0, 2.0);
    again.app.world_mut().write_message(AppExit::Success);
    again.app.update();
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "tictactoe 0 4 8");
    drop(again);

    // A file that does not read is kept aside with the reason, never written over.
    std::fs::write(&file, "tictactoe 0 0").unwrap();
    let mut damaged = Table::at(&root);
    assert_eq!(damaged.board(), ".........");
    let said = damaged.notices();
    assert!(
        said.len() == 1
            && said[0].starts_with("Could not resume the last game (0 cannot be played)"),
        "{said:?}"
    );
    let kept: Vec<_> = std::fs::read_dir(&damaged.dirs.data)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| {
            e.file_name()
                .to_string_lossy()
                .starts_with("tictactoe-autosave")
                && e.path() != file
        })
        .collect();
    assert_eq!(kept.len(), 1, "the damaged file kept aside");
    assert_eq!(
        std::fs::read_to_string(kept[0].path()).unwrap(),
        "tictactoe 0 0"
    );
}

#[test]
fn a_third_game_gives_a_lesson_through_the_tables_flow() {
    let root = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("third-game-lesson");
    let _ = std::fs::remove_dir_all(&root);
    let mut t = Table::at(&root);
    let courses = t.app.world().resource::<table::learn::shell::Courses>();
    assert_eq!(courses.0["tictactoe"].len(), 1, "its course is on the map");
    t.click(0.0, 0.0);
    assert_eq!(t.board(), "X........");
    let open = |t: &mut Table| {
        t.app
            .world_mut()
            .write_message(LearnCommand::Open("tictactoe", 0, 0));
        t.app.update();
    };
    let lesson = |t: &Table| {
        t.app
            .world()
            .resource::<Learning>()
            .lesson("tictactoe")
            .cloned()
    };

    // The level is set up on the board, the game put aside.
    open(&mut t);
    assert_eq!(t.board(), "XX.OO....");
    let shown = lesson(&t).expect("the lesson is open");
    assert_eq!(shown.goal.get(Lang::En), "Three in a line in one move");
    assert!(
        t.notices()
            .iter()
            .any(|n| n.contains("Three in a line in one move"))
    );
    // A refused move is taken back, with the reason under the goal.
    t.click(2.0, 2.0);
    assert_eq!(t.board(), "XX.OO....");
    let note = lesson(&t)
        .and_then(|l| l.note)
        .map(|n| n.get(Lang::En).to_owned());
    assert_eq!(note.as_deref(), Some("The corner does nothing here."));
    // A wrong cell fails; Retry sets the level up again.
    t.click(2.0, 1.0);
    assert_eq!(
        lesson(&t).map(|l| l.state),
        Some(LessonState::Failed(Text::new(
            "没有连成三个。",
            "No three in a line.",
            "沒有連成三個。",
            "Chưa được ba ô thẳng hàng.",
        )))
    );
    t.app.world_mut().write_message(LearnCommand::Retry);
    t.app.update();
    assert_eq!(t.board(), "XX.OO....");
    // The top row passes with three stars, kept in the data folder.
    t.click(2.0, 0.0);
    assert_eq!(lesson(&t).map(|l| l.state), Some(LessonState::Passed(3)));
    t.app.update();
    let kept = std::fs::read_to_string(t.dirs.lessons()).unwrap();
    assert!(
        kept.contains("tictactoe") && kept.contains("win-1"),
        "{kept}"
    );

    // While the board is lent the autosave rests: the game put aside is the one kept.
    t.app.world_mut().write_message(AppExit::Success);
    t.app.update();
    let file = t.dirs.data.join("tictactoe-autosave.txt");
    assert_eq!(std::fs::read_to_string(&file).unwrap(), "tictactoe 0");

    // Esc gives the board back: the game as it was left.
    t.keys(&[KeyCode::Escape]);
    assert_eq!(t.board(), "X........");
    assert!(lesson(&t).is_none(), "the lesson is left");
    assert!(
        t.notices()
            .iter()
            .any(|n| n == "Left the lesson: back to the game")
    );
}

#[test]
fn a_third_game_asks_before_a_move_that_loses_through_the_tables_question() {
    let mut t = Table::new();
    t.app.world_mut().resource_mut::<table::Settings>().help = [Help::Warnings, Help::None];
    let asked = |t: &Table| {
        t.app
            .world()
            .resource::<Asked>()
            .0
            .get("tictactoe")
            .map(|q| q.get(Lang::En).to_owned())
    };
    // X top left, O centre, X bottom right, O top right: O threatens the bottom left.
    for (col, row) in [(0.0, 0.0), (1.0, 1.0), (2.0, 2.0), (2.0, 0.0)] {
        t.click(col, row);
    }
    assert_eq!(t.board(), "X.O.O...X");
    assert_eq!(asked(&t), None, "O's seat has no help");
    // X's top middle lets O win: held back, and asked.
    t.click(1.0, 0.0);
    assert_eq!(t.board(), "X.O.O...X");
    assert_eq!(
        asked(&t).as_deref(),
        Some("After this move the other side makes three in a line at once.")
    );
    // Esc drops the question and the move.
    t.keys(&[KeyCode::Escape]);
    assert_eq!(asked(&t), None);
    assert_eq!(t.board(), "X.O.O...X");
    // Asked again, and the same move again plays it anyway.
    t.click(1.0, 0.0);
    assert!(asked(&t).is_some());
    t.click(1.0, 0.0);
    assert_eq!(t.board(), "XXO.O...X");
    assert_eq!(asked(&t), None);
    // Back, and the block is played without a question.
    t.keys(&[KeyCode::ControlLeft, KeyCode::KeyZ]);
    t.click(0.0, 2.0);
    assert_eq!(t.board(), "X.O.O.X.X");
    assert_eq!(asked(&t), None);
}

/// A game of tic-tac-toe finished between two seats, as the library keeps it: the
/// toy's rows, through `table::rating::kept` alone.
#[derive(Clone, Debug)]
struct Finished {
    game: Noughts,
    seats: [&'static str; 2],
    /// The computer's level at a side it played.
    levels: [Option<u8>; 2],
    date: &'static str,
}

impl Keep for Finished {
    fn kind(&self) -> &'static str {
        "tictactoe"
    }

    fn key(&self) -> String {
        format!("{} {:?} {}", self.game.text(), self.seats, self.date)
    }

    fn kept(&self) -> Result<Kept, String> {
        let result = match self.game.result() {
            Some('X') => "X",
            Some('O') => "O",
            Some(_) => "-",
            None => "*",
        };
        Ok(Kept {
            first: self.seats[0].into(),
            second: self.seats[1].into(),
            levels: self.levels,
            date: self.date.into(),
            result: result.into(),
            plies: self.game.at,
            record: self.game.text(),
            ..Kept::default()
        })
    }
}

/// How the library counts and opens tic-tac-toe.
const TICTACTOE: LibraryFormat = LibraryFormat {
    kind: "tictactoe",
    levels: 3,
    first_points: |result| match result {
        "X" => Some(1.0),
        "O" => Some(0.0),
        "-" => Some(0.5),
        _ => None,
    },
    even: |_| true,
    read: |text| Noughts::read(text).ok().map(Fetched::new),
};

/// X's moves against the top row's O: X wins on the diagonal.
fn x_wins() -> Noughts {
    Noughts::read("tictactoe 4 0 8 1 2 6 5").unwrap()
}

/// The program's library (SQLite) keeps the toy's games as they come from `table::rating::kept`:
/// the player's page counts them under the toy's name, the computer's level it was
/// played at moves the player's ladder (the level is data: the computer's name says
/// none), a game comes back as the toy's own type, and one played is taken back out.
#[test]
fn a_third_game_is_kept_in_the_library_and_counted_on_a_players_page() {
    use xiangqi::library::Library;
    let mut library = Library::in_memory().unwrap();
    library.knows(&TICTACTOE);
    library.add_player("Mei", &[]).unwrap();
    let played = |n: usize, seats, levels| Finished {
        game: x_wins(),
        seats,
        levels,
        date: ["2026-11-01", "2026-11-02", "2026-11-03", "2026-11-04"][n],
    };
    // Three wins over the computer at level 1, then one over Dad.
    let mut ids = Vec::new();
    for n in 0..3 {
        let (id, new) = library
            .keep(&played(n, ["Mei", "Computer"], [None, Some(1)]), "played")
            .unwrap()
            .unwrap();
        assert!(new, "game {n} is new");
        ids.push(id);
    }
    let last = played(3, ["Mei", "Dad"], [None, None]);
    assert!(library.keep(&last, "played").unwrap().unwrap().1);
    assert!(
        !library.keep(&last, "played").unwrap().unwrap().1,
        "the same game is kept once"
    );

    let mei = library.player("Mei").unwrap().unwrap();
    let page = library.player_record(&mei).unwrap();
    let score = &page.per_game["tictactoe"];
    assert_eq!((score.wins, score.draws, score.losses), (4, 0, 0));
    let ladder = page.ladders["tictactoe"];
    assert_eq!(
        ladder.level, 2,
        "three wins at level 1 move Mei up: {ladder:?}"
    );
    assert!(
        page.ratings.contains_key("tictactoe"),
        "rated at even terms"
    );
    assert_eq!(page.last.len(), 4);
    assert!(page.last.iter().all(|p| p.kind == "tictactoe"));
    assert!(
        page.per_opponent
            .contains_key(&("tictactoe".into(), "Dad".into()))
    );

    // Back as the toy's own game, at its last move.
    let back = library
        .fetch(ids[0])
        .unwrap()
        .expect("a game of a kind it knows");
    let game = back.get::<Noughts>().expect("a tic-tac-toe game");
    assert_eq!(game.result(), Some('X'));
    assert_eq!(game.board(), x_wins().board());

    // Its end undone at the table: taken back out, and the page no longer counts it.
    assert!(library.forget(&last).unwrap());
    assert!(!library.forget(&last).unwrap(), "once");
    let page = library.player_record(&mei).unwrap();
    assert_eq!(page.per_game["tictactoe"].wins, 3);
}
