//! The manual's key table (`docs/manual/en/keys.md` and its twins in the other languages)
//! against the keys the game binds: every key it names is taken at the table it names,
//! headless, as the window's key handler asks (`Tables::key`), and every language lists
//! the same keys.
#![cfg(feature = "gui")]

use crate::common;

use bevy::input::keyboard::KeyCode;
use bevy::prelude::*;
use common::headless::app;
use xiangqi::app::actions::Action;
use xiangqi::app::schedule::GameKind;
use xiangqi::app::shell::model::Overlay;
use xiangqi::app::shell::table::{KeyContext, KeyPress, Tables};

/// A row of the table: the key as written, and at which tables it works.
struct Row {
    chord: String,
    tables: Vec<&'static str>,
}

fn rows(path: &str, both: &str, xiangqi: &str) -> Vec<Row> {
    let text = std::fs::read_to_string(format!("{}/{path}", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| l.starts_with("| `"))
        .map(|l| {
            let cells: Vec<&str> = l.trim_matches('|').split('|').map(str::trim).collect();
            let chord = cells[0].trim_matches('`').to_owned();
            let tables = match cells[2] {
                w if w == both => vec!["xiangqi", "go"],
                w if w == xiangqi => vec!["xiangqi"],
                w => panic!("{path}: {chord}: no table called {w:?}"),
            };
            Row { chord, tables }
        })
        .collect()
}

/// The letters the game's keys use.
const LETTERS: [(&str, KeyCode); 18] = [
    ("A", KeyCode::KeyA),
    ("K", KeyCode::KeyK),
    ("E", KeyCode::KeyE),
    ("F", KeyCode::KeyF),
    ("G", KeyCode::KeyG),
    ("H", KeyCode::KeyH),
    ("I", KeyCode::KeyI),
    ("L", KeyCode::KeyL),
    ("M", KeyCode::KeyM),
    ("N", KeyCode::KeyN),
    ("O", KeyCode::KeyO),
    ("P", KeyCode::KeyP),
    ("R", KeyCode::KeyR),
    ("S", KeyCode::KeyS),
    ("T", KeyCode::KeyT),
    ("W", KeyCode::KeyW),
    ("Y", KeyCode::KeyY),
    ("Z", KeyCode::KeyZ),
];

/// `Ctrl+Shift+Z` as the key handler gets it.
fn press(chord: &str) -> KeyPress {
    let mut words: Vec<&str> = chord.split('+').collect();
    let key = words.pop().unwrap();
    let ctrl = words.contains(&"Ctrl");
    let shift = words.contains(&"Shift");
    assert!(
        words.iter().all(|w| matches!(*w, "Ctrl" | "Shift")),
        "{chord}: a modifier the game does not use"
    );
    let code = match key {
        "Esc" => KeyCode::Escape,
        "Enter" => KeyCode::Enter,
        "Space" => KeyCode::Space,
        "Home" => KeyCode::Home,
        "End" => KeyCode::End,
        "←" => KeyCode::ArrowLeft,
        "→" => KeyCode::ArrowRight,
        "↑" => KeyCode::ArrowUp,
        "↓" => KeyCode::ArrowDown,
        "/" => KeyCode::Slash,
        "[" => KeyCode::BracketLeft,
        "]" => KeyCode::BracketRight,
        "," => KeyCode::Comma,
        "=" => KeyCode::Equal,
        "-" => KeyCode::Minus,
        "0" => KeyCode::Digit0,
        f if f.starts_with('F') && f.len() > 1 => match &f[1..] {
            "1" => KeyCode::F1,
            "2" => KeyCode::F2,
            "3" => KeyCode::F3,
            "4" => KeyCode::F4,
            "6" => KeyCode::F6,
            other => panic!("{chord}: F{other} is not a key the manual should name"),
        },
        k => LETTERS
            .iter()
            .find(|(name, _)| *name == k)
            .map(|(_, code)| *code)
            .unwrap_or_else(|| panic!("{chord}: a key this test cannot press")),
    };
    KeyPress {
        key: code,
        ctrl,
        shift,
    }
}

/// What the window's key handler would send for `press` at the table on now.
fn action(app: &App, press: KeyPress) -> Option<Action> {
    let world = app.world();
    let at = KeyContext {
        overlay: world.resource::<Overlay>(),
        typing: false,
        listing: false,
        world,
        board_focus: false,
        just_closed: false,
    };
    let table = *world.resource::<State<GameKind>>().get();
    world.resource::<Tables>().key(table, press, &at)
}

#[test]
fn every_key_the_manual_names_is_bound_at_its_table_in_every_language() {
    let en = rows("docs/manual/en/keys.md", "both", "Xiangqi");
    let zh = rows("docs/manual/zh/keys.md", "两种", "象棋");
    let hant = rows("docs/manual/zh-Hant/keys.md", "兩種", "象棋");
    let vi = rows("docs/manual/vi/keys.md", "cả hai", "cờ tướng");
    assert!(en.len() >= 40, "{} keys in the English table", en.len());
    let keys = |rows: &[Row]| -> Vec<(String, Vec<&str>)> {
        rows.iter()
            .map(|r| (r.chord.clone(), r.tables.clone()))
            .collect()
    };
    assert_eq!(keys(&en), keys(&zh), "the two languages list the same keys");
    assert_eq!(keys(&en), keys(&hant), "繁體 lists the same keys");
    assert_eq!(keys(&en), keys(&vi), "Tiếng Việt lists the same keys");

    let mut app = app();
    for table in ["xiangqi", "go"] {
        app.world_mut()
            .write_message(Action::SwitchGame(GameKind(table)));
        app.update();
        app.update();
        assert_eq!(
            *app.world().resource::<State<GameKind>>().get(),
            GameKind(table)
        );
        let unbound: Vec<&str> = en
            .iter()
            .filter(|r| r.tables.contains(&table))
            .filter(|r| action(&app, press(&r.chord)).is_none())
            .map(|r| r.chord.as_str())
            .collect();
        assert!(
            unbound.is_empty(),
            "at the {table} table the manual names keys the game does not take: {unbound:?}"
        );
    }
}

/// Help → Manual, as the menu sends it at each table: the whole manual is written as HTML
/// pages under the data folder and the chapter of the game on the table, in the window's
/// language, is handed to the system's opener (here a recorder).
#[test]
fn help_manual_opens_the_tables_chapter_in_the_windows_language() {
    use std::path::PathBuf;
    use std::sync::{Arc, Mutex};
    use xiangqi::app::manual::Opener;
    use xiangqi::app::shell::model::Settings;
    use xiangqi::app::shell::table::Menu;
    use xiangqi::app::store::persist::DataDirs;
    use xiangqi::i18n::Lang;
    use xiangqi::storage::Dirs;

    let root = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("gui-manual");
    let _ = std::fs::remove_dir_all(&root);
    let opened: Arc<Mutex<Vec<PathBuf>>> = Arc::default();
    let record = opened.clone();
    let dirs = Dirs::under(&root);
    let mut app = common::headless::app_with(|app| {
        app.insert_resource(DataDirs(Some(dirs.clone())));
        app.insert_resource(Opener(Box::new(move |page| {
            record.lock().unwrap().push(page.to_owned());
            Ok(())
        })));
    });
    // What Help → Manual sends at a table: the item its game puts in the Help menu.
    let item = |app: &App, table: &'static str| {
        let tables = app.world().resource::<Tables>();
        let items = tables.menu(GameKind(table), Menu::Help);
        assert_eq!(items.len(), 1, "{table}: {items:?}");
        items[0].action.clone()
    };
    let manual = dirs.data.join("manual");
    for (table, lang, chapter) in [
        ("xiangqi", Lang::En, "playing"),
        ("go", Lang::Zh, "go"),
        ("xiangqi", Lang::Zh, "playing"),
        ("go", Lang::Hant, "go"),
        ("xiangqi", Lang::Vi, "playing"),
    ] {
        app.world_mut()
            .write_message(Action::SwitchGame(GameKind(table)));
        app.world_mut().write_message(Action::Language(lang));
        app.update();
        app.update();
        assert_eq!(app.world().resource::<Settings>().lang, lang);
        let action = item(&app, table);
        app.world_mut().write_message(action);
        app.update();
        app.update();
        let page = opened.lock().unwrap().pop().expect("a page opened");
        let folder = xiangqi::manual::folder(lang);
        assert_eq!(page, manual.join(folder).join(format!("{chapter}.html")));
        let html = std::fs::read_to_string(&page).unwrap();
        let markdown = std::fs::read_to_string(format!(
            "{}/docs/manual/{folder}/{chapter}.md",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap();
        let title = markdown.lines().next().unwrap().trim_start_matches("# ");
        assert!(html.contains(&format!("<h1>{title}</h1>")), "{page:?}");
    }
    // The other language's pages are there too, for the links between them.
    assert!(manual.join("en/keys.html").is_file() && manual.join("zh/keys.html").is_file());
}
