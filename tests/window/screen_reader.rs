//! A screen reader reads the game (issue 42): a session bus of the scenario's own with
//! the AT-SPI bus on it (`at-spi2-core`), `ScreenReaderEnabled` set as Orca sets it, and
//! the game's tree read as Orca reads it (`python3-pyatspi`): the board's points named
//! by what stands on them, the cursor's point focused, each move said in the live
//! region, in English and in Chinese.

use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use super::harness::Game;

/// Prints each node of an application's tree as a line (role, focused, name, text).
const DUMP: &str = include_str!("a11y_dump.py");

/// A session bus and the accessibility bus on it; both end with the scenario.
struct Buses {
    address: String,
    children: Vec<Child>,
}

impl Buses {
    fn start(dir: &Path) -> Buses {
        let socket = dir.join("session-bus");
        let _ = std::fs::remove_file(&socket);
        let address = format!("unix:path={}", socket.display());
        let bus = crate::harness::dies_with_test(&mut Command::new("dbus-daemon"))
            .env_remove("DISPLAY")
            .args([
                "--session",
                "--nofork",
                "--nopidfile",
                "--address",
                &address,
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("dbus-daemon runs (apt-get install dbus)");
        let mut buses = Buses {
            address,
            children: vec![bus],
        };
        wait("the session bus", || socket.exists().then_some(()));
        // In a process group of its own, with its socket in the scenario's folder: the
        // accessibility bus and registry it starts end with it (see `Drop`).
        let launcher =
            crate::harness::dies_with_test(&mut Command::new("/usr/libexec/at-spi-bus-launcher"))
                .arg("--launch-immediately")
                .process_group(0)
                // No X server: the launcher would publish the bus's address on the root
                // window of the one it inherits (a desktop's, or another scenario's), where
                // every reader on that server would find it (issue 76). The reader finds
                // it through the session bus instead.
                .env_remove("DISPLAY")
                .env("XDG_RUNTIME_DIR", dir)
                .env("DBUS_SESSION_BUS_ADDRESS", &buses.address)
                .stdout(Stdio::null())
                .stderr(Stdio::null())
                .spawn()
                .expect("at-spi-bus-launcher runs (apt-get install at-spi2-core)");
        buses.children.push(launcher);
        // As Orca does when it starts: the toolkits publish their trees.
        wait("the accessibility bus to say it is enabled", || {
            Command::new("gdbus")
                .args(["call", "--session", "--dest", "org.a11y.Bus"])
                .args(["--object-path", "/org/a11y/bus"])
                .args(["--method", "org.freedesktop.DBus.Properties.Set"])
                .args(["org.a11y.Status", "ScreenReaderEnabled", "<true>"])
                .env("DBUS_SESSION_BUS_ADDRESS", &buses.address)
                .env_remove("DISPLAY")
                .output()
                .ok()
                .filter(|o| o.status.success())
                .map(|_| ())
        });
        buses
    }

    fn env(&self) -> Vec<(&'static str, String)> {
        vec![("DBUS_SESSION_BUS_ADDRESS", self.address.clone())]
    }

    /// The game's tree as the reader sees it; what went wrong reading it, if the reader
    /// could not (pyatspi broken: no tree at all, said at once rather than as a bare
    /// timeout). A line `error …` (no such application yet, a node gone while read) is
    /// kept as a node of role `error`, which the waits show when they time out.
    fn tree(&self) -> Result<Vec<Node>, String> {
        let out = Command::new("/usr/bin/python3")
            .args(["-c", DUMP, "xiangqi"])
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address)
            // Not the X root window's address, which may be another bus's: this one's.
            .env_remove("DISPLAY")
            .output()
            .expect("python3 runs (apt-get install python3-pyatspi)");
        if !out.status.success() {
            return Err(format!(
                "the tree's reader failed ({}): {}",
                out.status,
                String::from_utf8_lossy(&out.stderr)
            ));
        }
        Ok(String::from_utf8_lossy(&out.stdout)
            .lines()
            .filter_map(|l| {
                let mut parts = l.split('\t');
                Some(Node {
                    role: parts.next()?.to_owned(),
                    focused: parts.next()? == "1",
                    name: parts.next()?.to_owned(),
                    text: parts.next().unwrap_or_default().to_owned(),
                })
            })
            .collect())
    }

    /// Does the reader's "click" on the node named `name` (as Orca's activate does).
    fn click(&self, game: &Game, name: &str) {
        let out = Command::new("/usr/bin/python3")
            .args(["-c", DUMP, "xiangqi", name])
            .env("DBUS_SESSION_BUS_ADDRESS", &self.address)
            // Not the X root window's address, which may be another bus's: this one's.
            .env_remove("DISPLAY")
            .output()
            .expect("python3 runs (apt-get install python3-pyatspi)");
        let said = String::from_utf8_lossy(&out.stdout);
        if said.trim() != "done" {
            game.fail(&format!("the reader could not click {name}: {said}"));
        }
    }

    /// Waits until a node of the tree satisfies `test`, and returns it.
    fn until(&self, game: &Game, what: &str, test: impl Fn(&Node) -> bool) -> Node {
        let nodes = self.until_tree(game, what, |tree| tree.iter().any(&test));
        nodes.into_iter().find(test).unwrap()
    }

    /// Waits until the whole tree satisfies `test`, and returns it.
    fn until_tree(&self, game: &Game, what: &str, test: impl Fn(&[Node]) -> bool) -> Vec<Node> {
        let start = Instant::now();
        let mut last = Vec::new();
        while start.elapsed() < Duration::from_secs(30) {
            last = self.tree().unwrap_or_else(|e| game.fail(&e));
            if test(&last) {
                return last;
            }
            std::thread::sleep(Duration::from_millis(300));
        }
        // The points are many and alike: the rest is what tells.
        let seen: Vec<String> = last
            .iter()
            .filter(|n| n.role != "table cell")
            .map(|n| format!("{n:?}"))
            .collect();
        game.fail(&format!(
            "the reader never saw {what}; the tree had {} nodes:\n{}",
            last.len(),
            seen.join("\n")
        ))
    }
}

impl Drop for Buses {
    fn drop(&mut self) {
        for child in self.children.iter_mut().rev() {
            // The launcher's group: the buses and the registry it started.
            let _ = Command::new("kill")
                .args(["-TERM", "--", &format!("-{}", child.id())])
                .stderr(Stdio::null())
                .status();
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// The scenario's buses (their sockets in a folder of its own) and the game started on
/// them in `lang`. Dropped in the other order: the game first, then the buses.
fn with_reader(name: &str, lang: &str) -> (Buses, Game) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("buses-{name}"));
    std::fs::create_dir_all(&dir).unwrap();
    let buses = Buses::start(&dir);
    let game = Game::start_env(name, lang, &buses.env());
    (buses, game)
}

fn wait<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> T {
    let start = Instant::now();
    loop {
        if let Some(v) = probe() {
            return v;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "timed out waiting for {what}"
        );
        std::thread::sleep(Duration::from_millis(100));
    }
}

/// A node of the tree as the reader sees it.
#[derive(Debug, Clone)]
#[allow(dead_code, reason = "the role is shown when a scenario fails")]
struct Node {
    role: String,
    focused: bool,
    name: String,
    text: String,
}

fn named(node: &Node, name: &str) -> bool {
    node.name == name
}

fn says(node: &Node, text: &str) -> bool {
    node.name.contains(text) || node.text.contains(text)
}

#[test]
fn screen_reader_reads_the_points_the_cursor_and_each_move_in_english_and_chinese() {
    for (lang, name, soldier, general, board, said, moved, cannon, clicked) in [
        (
            "en_US.UTF-8",
            "screen_reader",
            "e3, red soldier",
            "e0, red general",
            "Board, Red to move",
            "Red cannon 2 to 5",
            "e2, red cannon",
            "h7, black cannon",
            "Black cannon 8 to 5",
        ),
        (
            "zh_CN.UTF-8",
            "screen_reader_zh",
            "e3, 红兵",
            "e0, 红帅",
            "棋盘, 红方走棋",
            "红方 炮二平五",
            "e2, 红炮",
            "h7, 黑炮",
            "黑方 炮8平5",
        ),
    ] {
        let (buses, game) = with_reader(name, lang);
        // The board, as a grid of named points.
        buses.until(&game, "the board", |n| named(n, board));
        buses.until(&game, soldier, |n| named(n, soldier));
        buses.until(&game, "the empty point e4", |n| named(n, "e4"));
        // The board cursor (F6) starts on the mover's general: the reader's focus is there.
        game.key("F6");
        game.until_logged("cursor at e0");
        buses.until(&game, "the cursor's point focused", |n| {
            named(n, general) && n.focused
        });
        game.key("F6");
        game.until_logged("cursor off");
        // A move typed: said in the live region, and the point now holds the cannon.
        game.key("slash");
        game.until_logged("move box open");
        game.type_text("h2e2");
        game.key("Return");
        game.until_logged(&format!("said {said}"));
        buses.until(&game, "the move said", |n| says(n, said));
        buses.until(&game, moved, |n| named(n, moved));
        // A refusal is said too, in its words (the box stays open for the next move):
        // the rules refuse a0a5 after h2e2 as a red piece moved on black's turn.
        let after = xiangqi::rules::Position::new()
            .play("h2e2".parse().unwrap())
            .unwrap();
        let why = after.play("a0a5".parse().unwrap()).unwrap_err().to_string();
        assert_eq!(why, "it is black's move; that red chariot cannot move now");
        let refusal = if lang.starts_with("en") {
            "It is black's move; that red chariot cannot move now"
        } else {
            "现在是黑方走棋"
        };
        game.type_text("a0a5");
        game.key("Return");
        game.until_logged(&format!("said {refusal}"));
        buses.until(&game, "the refusal said", |n| says(n, refusal));
        game.key("Escape");
        game.until_logged("move box closed");
        // The reader's own action on the points plays: the black cannon, then e7.
        buses.click(&game, cannon);
        game.until_logged("cursor picks h7");
        buses.click(&game, "e7");
        game.until_logged(&format!("said {clicked}"));
        buses.until(&game, "the reader's move said", |n| says(n, clicked));
        game.save_shot(name);
        // What the status line says is said too: Ctrl+Z.
        let undone = if lang.starts_with("en") {
            "Undone"
        } else {
            "已悔棋"
        };
        game.key("ctrl+z");
        game.until_logged(&format!("said {undone}"));
        buses.until(&game, "the undo said", |n| says(n, undone));
        if lang.starts_with("en") {
            // The Go table, through the reader's click on the table switch: its board
            // read the same way, a stone typed and said.
            buses.click(&game, "Go");
            game.until_logged("table switches to Go");
            buses.until(&game, "the Go board", |n| named(n, "Board, Black to play"));
            buses.until(&game, "the empty point D4", |n| named(n, "D4"));
            game.key("slash");
            game.type_text("D4");
            game.key("Return");
            game.until_logged("said Black D4");
            buses.until(&game, "the stone on D4", |n| named(n, "D4, black stone"));
            buses.until(&game, "the stone said", |n| says(n, "Black D4"));
            game.save_shot("screen_reader_go");
        }
    }
}

/// A lesson's goal is read when its level opens (issue 58): the reader's click on the
/// first-run hint's button opens the map, a level is opened, and the goal is both in the
/// panel's tree and said in the live region, in English and in Chinese.
#[test]
fn lesson_goal_is_read_by_the_screen_reader_when_a_level_opens() {
    for (lang, name, learn, goal, said) in [
        (
            "en_US.UTF-8",
            "lesson_reader",
            "New to Xiangqi? Learn in 10 minutes",
            "Go to the star",
            "Level 1: Go to the star",
        ),
        (
            "zh_CN.UTF-8",
            "lesson_reader_zh",
            "第一次下象棋？十分钟学会",
            "走到星上",
            "第 1 关：走到星上",
        ),
    ] {
        let (buses, game) = with_reader(name, lang);
        buses.until(&game, "the hint's button", |n| named(n, learn));
        buses.click(&game, learn);
        game.until_logged("learn open");
        game.click_at(super::panel_place(&game, "lesson-horse-1"));
        game.until_logged("lesson horse-1 open");
        game.until_logged(&format!("said {said}"));
        buses.until(&game, "the goal in the panel", |n| {
            named(n, goal) || says(n, goal)
        });
        buses.until(&game, "the goal said", |n| says(n, said));
        game.save_shot(name);
    }
}

#[test]
fn tutor_question_and_marks_are_read_by_the_screen_reader() {
    let name = "tutor_reader";
    let (buses, game) = with_reader(name, "en_US.UTF-8");
    // Warnings for red, chosen in the new-game dialog.
    super::household::help_for_red(&game, "warnings", "Warnings");
    game.play("h2e2");
    game.play("b9c7");
    // A green arrow drawn: the board says it after the side to move.
    let mark = game.mark();
    game.right_drag("c7", "e6", &[]);
    game.until_logged_since(mark, "marks drawn [%cal Gc7e6]");
    buses.until(&game, "the marks with the board", |n| {
        says(n, "marks: green arrow c7 to e6")
    });
    // The warning's question, read in the panel.
    let mark = game.mark();
    game.play("e2e6");
    game.until_logged_since(mark, "tutor asks about e2e6");
    buses.until(&game, "the question", |n| {
        says(
            n,
            "Are you sure? Your cannon on e6 can be taken for nothing.",
        )
    });
    buses.until(&game, "its answer", |n| named(n, "Play it anyway"));
    game.save_shot(name);
}

/// The players' pages read as a screen reader reads them: after Dad resigns to Mei,
/// under Dad's name his Xiangqi line says the loss and whom to, under Mei's her win.
#[test]
fn players_pages_are_read_by_the_screen_reader() {
    let name = "players_reader";
    let (buses, game) = with_reader(name, "en_US.UTF-8");
    super::household::seat_dad_and_mei(&game);
    game.key("Return");
    game.until_logged(r#"new game: [("Red", "Dad"), ("Black", "Mei")"#);
    let (x, y, _) = game.point(super::sq("h2"));
    game.move_to((x, y));
    game.play("h2e2");
    game.play("h9g7");
    game.until_position(super::AFTER_H2E2_H9G7);
    game.click_at(super::panel_place(&game, "resign"));
    game.click_at(super::panel_place(&game, "confirm-resign"));
    game.until_logged("library: a game added");
    game.key("ctrl+shift+p");
    game.until_logged("players page Mei: ");
    // Each page's lines after its player's name, up to the other player's name (the
    // name may stand elsewhere too, in the seats: every place it stands is looked after).
    let page = |tree: &[Node], who: &str, other: &str| -> Vec<String> {
        let is = |n: &Node, name: &str| n.name == name || n.text == name;
        let mut lines = Vec::new();
        for (at, _) in tree.iter().enumerate().filter(|(_, n)| is(n, who)) {
            lines.extend(
                tree[at + 1..]
                    .iter()
                    .take_while(|n| !is(n, other))
                    .map(|n| format!("{} | {}", n.name, n.text)),
            );
        }
        lines
    };
    let dad_line = "Xiangqi: played 1, won 0, drawn 0, lost 1";
    let mei_line = "Xiangqi: played 1, won 1, drawn 0, lost 0";
    let tree = buses.until_tree(&game, "both pages with their games", |tree| {
        let (dad, mei) = (page(tree, "Dad", "Mei"), page(tree, "Mei", "Dad"));
        dad.iter().any(|t| t.contains(dad_line)) && mei.iter().any(|t| t.contains(mei_line))
    });
    let dad = page(&tree, "Dad", "Mei");
    assert!(
        dad.iter()
            .any(|t| t.contains("against Mei: won 0, drawn 0, lost 1")),
        "Dad's page: {dad:?}"
    );
    assert!(
        !dad.iter().any(|t| t.contains(mei_line)),
        "Mei's win is not on Dad's page: {dad:?}"
    );
    game.save_shot(name);
}
