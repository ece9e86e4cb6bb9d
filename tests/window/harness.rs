//! A real game in a real X server (Xvfb + Mesa lavapipe), driven by real X input
//! (xdotool) and read back as a person would: screenshots (xwd) and the game's log.
//!
//! Every wait polls a condition with a deadline; on failure the last screenshot and the
//! log are kept under the target directory and their paths are in the panic message.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::sync::{Mutex, MutexGuard};
use std::time::{Duration, Instant};

use xiangqi::rules::{Color, Position, Square};
use xiangqi::theme::{self, Rgba, Theme, geometry as g};

/// Generous: two cores, software rendering, and a build that may be running beside us.
pub const DEADLINE: Duration = Duration::from_secs(30);
/// The panel's logical width (app/panel/mod.rs).
pub const PANEL: f32 = 300.0;

/// One game at a time: two cores cannot render several software windows at once.
static ONE_AT_A_TIME: Mutex<()> = Mutex::new(());

/// A screenshot of the whole X screen.
pub struct Shot {
    width: usize,
    height: usize,
    /// RGB, row by row.
    pixels: Vec<[u8; 3]>,
    raw: Vec<u8>,
}

impl Shot {
    /// Reads `xwd -root` output (ZPixmap, 24/32 bits per pixel).
    fn parse(raw: Vec<u8>) -> Option<Shot> {
        let field = |i: usize| -> Option<u32> {
            raw.get(i * 4..i * 4 + 4)
                .map(|b| u32::from_be_bytes([b[0], b[1], b[2], b[3]]))
        };
        let header = field(0)? as usize;
        let (width, height) = (field(4)? as usize, field(5)? as usize);
        let lsb_first = field(7)? == 0;
        let bits = field(11)?;
        let stride = field(12)? as usize;
        let masks = [field(14)?, field(15)?, field(16)?];
        let colors = field(19)? as usize;
        if bits != 32 {
            return None;
        }
        let data = raw.get(header + colors * 12..)?;
        let mut pixels = Vec::with_capacity(width * height);
        for y in 0..height {
            for x in 0..width {
                let b = data.get(y * stride + x * 4..y * stride + x * 4 + 4)?;
                let p = if lsb_first {
                    u32::from_le_bytes([b[0], b[1], b[2], b[3]])
                } else {
                    u32::from_be_bytes([b[0], b[1], b[2], b[3]])
                };
                let channel = |m: u32| ((p & m) >> m.trailing_zeros()) as u8;
                pixels.push([channel(masks[0]), channel(masks[1]), channel(masks[2])]);
            }
        }
        Some(Shot {
            width,
            height,
            pixels,
            raw,
        })
    }

    /// The colour at screen pixel (x, y).
    pub fn at(&self, x: f32, y: f32) -> [u8; 3] {
        let (x, y) = (x.round() as usize, y.round() as usize);
        self.pixels[y.min(self.height - 1) * self.width + x.min(self.width - 1)]
    }

    /// Pixels within `radius` of (x, y) close to `color`.
    pub fn count_near(&self, x: f32, y: f32, radius: f32, color: Rgba) -> usize {
        self.count_within(x, y, radius, color, 40)
    }

    /// Pixels within `radius` of (x, y) within `tolerance` of `color` in every channel.
    pub fn count_within(&self, x: f32, y: f32, radius: f32, color: Rgba, tolerance: u8) -> usize {
        let mut n = 0;
        let r = radius.ceil() as i32;
        for dy in -r..=r {
            for dx in -r..=r {
                if (dx * dx + dy * dy) as f32 > radius * radius {
                    continue;
                }
                if close(self.at(x + dx as f32, y + dy as f32), color, tolerance) {
                    n += 1;
                }
            }
        }
        n
    }
}

/// Whether two colours differ by at most `tolerance` in every channel.
pub fn close(c: [u8; 3], want: Rgba, tolerance: u8) -> bool {
    c[0].abs_diff(want.0) <= tolerance
        && c[1].abs_diff(want.1) <= tolerance
        && c[2].abs_diff(want.2) <= tolerance
}

/// A file of the game's config folder in the home a scenario called `name` uses.
pub fn config_file(name: &str, file: &str) -> PathBuf {
    Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("window-{name}"))
        .join("home/.config/xiangqi")
        .join(file)
}

/// What a point shows.
#[derive(Debug, PartialEq, Eq, Clone, Copy)]
pub enum Seen {
    Empty,
    Red,
    Black,
}

/// The game, its X server and its log.
pub struct Game {
    display: String,
    xvfb: Child,
    game: Option<Child>,
    /// The game's process id when a launcher started it.
    pid: Option<u32>,
    log: PathBuf,
    dir: PathBuf,
    window: String,
    /// Board flipped (black at the bottom), as the test has set it.
    pub flipped: bool,
    /// The screen's scale factor the game was started with (`WINIT_X11_SCALE_FACTOR`).
    pub scale: f32,
    /// The panel's height in pixels when it is below the board (a tall window), else 0.
    pub below: std::cell::Cell<f32>,
    _turn: MutexGuard<'static, ()>,
}

/// How the game is started.
enum Launch<'a> {
    /// The binary, with these arguments.
    Direct(&'a [&'a str]),
    /// The binary at this scale factor, on a screen large enough for it.
    Scaled(f32),
    /// Installed for the desktop, then a file opened through it.
    Desktop { file: &'a str, contents: &'a [u8] },
    /// The binary with these arguments, in a locale, at a scale factor, on a screen
    /// room enough for a full-HD window at that scale.
    As {
        args: &'a [&'a str],
        lang: &'a str,
        scale: f32,
    },
    /// The binary in a locale, with these variables in its environment besides.
    Env {
        lang: &'a str,
        env: &'a [(&'a str, String)],
    },
}

fn free_display() -> u32 {
    // Never the same number twice in a run: a server just stopped may still hold it.
    static NEXT: std::sync::atomic::AtomicU32 = std::sync::atomic::AtomicU32::new(0);
    let start = 100
        + (std::process::id() % 50) * 8
        + NEXT.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
    (start..start + 400)
        .find(|n| {
            !Path::new(&format!("/tmp/.X{n}-lock")).exists()
                && !Path::new(&format!("/tmp/.X11-unix/X{n}")).exists()
        })
        .expect("a free X display number")
}

fn wait_for<T>(what: &str, mut probe: impl FnMut() -> Option<T>) -> Result<T, String> {
    let start = Instant::now();
    loop {
        if let Some(v) = probe() {
            return Ok(v);
        }
        if start.elapsed() > DEADLINE {
            return Err(format!("timed out after {DEADLINE:?} waiting for {what}"));
        }
        std::thread::sleep(Duration::from_millis(100));
    }
}

impl Game {
    /// Starts Xvfb and the game in it with a new, empty home folder (no autosave, no
    /// settings, no slots), and waits for the board to be drawn.
    pub fn start(name: &str) -> Game {
        Game::launch(name, true, Launch::Direct(&[]))
    }

    /// Starts the game in a new home as on a screen of scale factor `scale`
    /// (`WINIT_X11_SCALE_FACTOR`): its window is that many times larger in pixels.
    pub fn start_scaled(name: &str, scale: f32) -> Game {
        Game::launch(name, true, Launch::Scaled(scale))
    }

    /// Starts the game in a new home with command-line `args`.
    pub fn start_with(name: &str, args: &[&str]) -> Game {
        Game::launch(name, true, Launch::Direct(args))
    }

    /// Starts the game again on the home folder a previous [`Game::start`] of `name`
    /// used (its autosave, settings and slots), with extra command-line `args`.
    pub fn restart(name: &str, args: &[&str]) -> Game {
        Game::launch(name, false, Launch::Direct(args))
    }

    /// In a new home, installs the game as a user would (`xiangqi desktop install`),
    /// writes `contents` to `~/Documents/FILE` and opens it as a file manager does on a
    /// double-click (`gio open`: the file's MIME type, its default application, that
    /// entry's Exec line).
    pub fn open_from_desktop(name: &str, file: &str, contents: &[u8]) -> Game {
        Game::launch(name, true, Launch::Desktop { file, contents })
    }

    /// Starts the game in a new home with `args`, in the locale `lang` (`zh_CN.UTF-8`)
    /// and at the screen scale factor `scale`.
    pub fn start_as(name: &str, lang: &str, scale: f32, args: &[&str]) -> Game {
        Game::launch(name, true, Launch::As { args, lang, scale })
    }

    /// Starts the game in a new home in the locale `lang`, with `env` added to its
    /// environment (a session bus of the scenario's own).
    pub fn start_env(name: &str, lang: &str, env: &[(&str, String)]) -> Game {
        Game::launch(name, true, Launch::Env { lang, env })
    }

    /// The scenario's home folder, where the game keeps its files.
    pub fn home(&self) -> PathBuf {
        self.dir.join("home")
    }

    fn launch(name: &str, fresh: bool, how: Launch) -> Game {
        let turn = ONE_AT_A_TIME.lock().unwrap_or_else(|e| e.into_inner());
        let n = free_display();
        let display = format!(":{n}");
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("window-{name}"));
        if fresh {
            let _ = std::fs::remove_dir_all(&dir);
        }
        let home = dir.join("home");
        std::fs::create_dir_all(home.join("Documents")).unwrap();
        std::fs::create_dir_all(home.join("Pictures")).unwrap();
        let (scale, lang) = match how {
            Launch::Scaled(scale) => (scale, "en_US.UTF-8"),
            Launch::As { lang, scale, .. } => (scale, lang),
            Launch::Env { lang, .. } => (1.0, lang),
            _ => (1.0, "en_US.UTF-8"),
        };
        // Room for the default window (1120×800 points) at its scale, or full HD.
        let screen = if matches!(how, Launch::As { .. }) {
            "3900x2200x24"
        } else if scale > 1.0 {
            "2600x1800x24"
        } else {
            "1400x900x24"
        };
        let xvfb = Command::new("Xvfb")
            // -noreset: the server would otherwise reset when our readiness probe
            // disconnects, and the game connecting in that moment would fail.
            .args([
                &display,
                "-screen",
                "0",
                screen,
                "-nolisten",
                "tcp",
                "-noreset",
            ])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("Xvfb runs (apt-get install xvfb)");
        // The socket appears before the server takes connections: ask it something.
        wait_for("Xvfb", || {
            Command::new("xdotool")
                .arg("getdisplaygeometry")
                .env("DISPLAY", &display)
                .stderr(Stdio::null())
                .output()
                .ok()
                .filter(|o| o.status.success())
        })
        .unwrap();
        let log = dir.join("game.log");
        let mut game = Game {
            display,
            xvfb,
            game: None,
            pid: None,
            log,
            dir,
            window: String::new(),
            flipped: false,
            scale,
            below: std::cell::Cell::new(0.0),
            _turn: turn,
        };
        let in_home = |command: &mut Command| {
            command
                .env("HOME", &home)
                .env("XDG_DATA_HOME", home.join(".local/share"))
                .env("XDG_CONFIG_HOME", home.join(".config"))
                // Only the system's own data besides the home: no other user's apps.
                .env("XDG_DATA_DIRS", "/usr/share");
        };
        let launcher = matches!(how, Launch::Desktop { .. });
        let mut command = match how {
            Launch::Direct(args) => {
                let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
                command.args(args);
                command
            }
            Launch::Scaled(scale) => {
                let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
                command.env("WINIT_X11_SCALE_FACTOR", scale.to_string());
                command
            }
            Launch::As { args, scale, .. } => {
                let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
                command
                    .args(args)
                    .env("WINIT_X11_SCALE_FACTOR", scale.to_string());
                command
            }
            Launch::Env { env, .. } => {
                let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
                command.envs(env.iter().map(|(k, v)| (*k, v)));
                command
            }
            Launch::Desktop { file, contents } => {
                let path = home.join("Documents").join(file);
                std::fs::write(&path, contents).unwrap();
                let mut install = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
                in_home(install.args(["desktop", "install"]));
                let out = install.output().expect("xiangqi desktop install runs");
                std::fs::write(game.dir.join("install.log"), &out.stdout).unwrap();
                assert!(
                    out.status.success(),
                    "desktop install failed: {}",
                    String::from_utf8_lossy(&out.stderr)
                );
                let mut command = Command::new("gio");
                command.arg("open").arg(&path);
                command
            }
        };
        in_home(&mut command);
        // Each start gets its own log; the first keeps the plain name.
        let mut child = command
            .env("DISPLAY", &game.display)
            .env("WGPU_BACKEND", "vulkan")
            .env("RUST_LOG", "info,xiangqi=debug")
            .env("LANG", lang)
            .env("XDG_RUNTIME_DIR", &game.dir)
            // Bevy logs to stderr.
            .stdout(std::fs::File::create(game.dir.join("stdout.log")).unwrap())
            .stderr(std::fs::File::create(&game.log).unwrap())
            .spawn()
            .expect("the game starts (gio: apt-get install libglib2.0-bin)");
        let found = wait_for("the window", || {
            // A launcher (gio) exits once it has started the game.
            if let Ok(Some(status)) = child.try_wait()
                && !(launcher && status.success())
            {
                return Some(Err(status));
            }
            let out = game.xdotool(&["search", "--name", "Xiangqi"]);
            out.lines().next().map(|w| Ok(w.to_owned()))
        });
        game.game = Some(child);
        match found {
            Ok(Ok(window)) => game.window = window,
            Ok(Err(status)) => game.fail(&format!("the game exited at start with {status}")),
            Err(e) => game.fail(&e),
        }
        if launcher {
            // The game is the launcher's child, not ours: find it by its window.
            game.pid = game
                .xdotool(&["getwindowpid", &game.window.clone()])
                .trim()
                .parse()
                .ok();
        }
        // No window manager here: give the window the keyboard, as one would.
        game.xdotool(&["windowfocus", "--sync", &game.window.clone()]);
        game.until_drawn();
        game
    }

    /// A property of the game's window as xprop prints it.
    pub fn window_property(&self, name: &str) -> String {
        let out = Command::new("xprop")
            .args(["-id", &self.window, name])
            .env("DISPLAY", &self.display)
            .output()
            .expect("xprop runs (apt-get install x11-utils)");
        String::from_utf8_lossy(&out.stdout).into_owned()
    }

    /// Runs xdotool on this display and returns its output. A run that fails (it could
    /// not reach the display: nothing was sent) is tried again, twice: a click lost
    /// silently left a scenario waiting for its effect until it timed out. (`search`
    /// fails when it finds nothing: its callers ask again themselves.)
    pub fn xdotool(&self, args: &[&str]) -> String {
        let tries = if args.first() == Some(&"search") {
            1
        } else {
            3
        };
        for attempt in 1..=tries {
            let out = Command::new("xdotool")
                .args(args)
                .env("DISPLAY", &self.display)
                .output()
                .expect("xdotool runs (apt-get install xdotool)");
            if out.status.success() || attempt == tries {
                if !out.status.success() && tries > 1 {
                    eprintln!(
                        "xdotool {args:?} failed {tries} times: {}",
                        String::from_utf8_lossy(&out.stderr)
                    );
                }
                return String::from_utf8_lossy(&out.stdout).into_owned();
            }
            std::thread::sleep(Duration::from_millis(200));
        }
        String::new()
    }

    /// The game's log so far.
    pub fn log(&self) -> String {
        std::fs::read_to_string(&self.log).unwrap_or_default()
    }

    /// Takes a screenshot.
    pub fn shot(&self) -> Shot {
        let out = Command::new("xwd")
            .args(["-root", "-silent", "-display", &self.display])
            .output()
            .expect("xwd runs (apt-get install x11-apps)");
        Shot::parse(out.stdout).expect("a 32-bit xwd screenshot")
    }

    /// Takes a screenshot and keeps it as `NAME.png` beside the game's log, for a person
    /// to look at; its path is printed.
    pub fn save_shot(&self, name: &str) -> PathBuf {
        let shot = self.shot();
        let path = self.dir.join(format!("{name}.png"));
        let mut bytes = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut bytes, shot.width as u32, shot.height as u32);
            encoder.set_color(png::ColorType::Rgb);
            encoder.set_depth(png::BitDepth::Eight);
            let mut writer = encoder.write_header().expect("a PNG header");
            writer
                .write_image_data(shot.pixels.as_flattened())
                .expect("the screenshot's pixels");
        }
        std::fs::write(&path, bytes).expect("the screenshot written");
        eprintln!("screenshot: {}", path.display());
        path
    }

    /// Keeps the evidence and fails.
    pub fn fail(&self, why: &str) -> ! {
        let shot = self.dir.join("last.xwd");
        let _ = std::fs::write(&shot, self.shot().raw);
        let stacks = self.stacks();
        panic!(
            "{why}\n  screenshot: {}\n  log: {}\n{stacks}  last log lines:\n{}",
            shot.display(),
            self.log.display(),
            self.log()
                .lines()
                .rev()
                .take(8)
                .collect::<Vec<_>>()
                .join("\n")
        );
    }

    /// Where each of the game's threads is (gdb, when installed), kept beside the log:
    /// a game that stops answering shows whether it waits on something or was never
    /// woken. Returns a line naming the file and the main thread's first frames.
    fn stacks(&self) -> String {
        let Some(pid) = self.pid.or_else(|| self.game.as_ref().map(Child::id)) else {
            return String::new();
        };
        let Ok(out) = Command::new("gdb")
            .args(["-p", &pid.to_string(), "-batch", "-nx"])
            .args(["-ex", "set pagination off", "-ex", "thread apply all bt 25"])
            .stdin(Stdio::null())
            .output()
        else {
            return String::new();
        };
        let text = String::from_utf8_lossy(&out.stdout);
        let file = self.dir.join("stacks.txt");
        let _ = std::fs::write(&file, text.as_bytes());
        // gdb lists the main thread (LWP = pid) among the others: its frames first.
        let main: Vec<&str> = text
            .split("\nThread ")
            .find(|t| t.contains(&format!("LWP {pid})")))
            .map(|t| t.lines().take(12).collect())
            .unwrap_or_default();
        format!("  threads: {}\n{}\n", file.display(), main.join("\n"))
    }

    /// Polls `probe` until it gives a value, or fails with the evidence.
    pub fn until<T>(&self, what: &str, probe: impl FnMut() -> Option<T>) -> T {
        wait_for(what, probe).unwrap_or_else(|e| self.fail(&e))
    }

    /// The window's size in pixels.
    pub fn size(&self) -> (f32, f32) {
        let out = self.xdotool(&["getwindowgeometry", &self.window]);
        let geometry = out
            .lines()
            .find_map(|l| l.trim().strip_prefix("Geometry: "))
            .unwrap_or("1120x800");
        let (w, h) = geometry.split_once('x').unwrap_or(("1120", "800"));
        (
            w.trim().parse().unwrap_or(1120.0),
            h.trim().parse().unwrap_or(800.0),
        )
    }

    /// Where `sq` is on the screen (the window sits at the top left, with no decorations),
    /// with one line spacing in pixels.
    pub fn point(&self, sq: Square) -> (f32, f32, f32) {
        let (w, h) = self.size();
        let below = self.below.get();
        let (board_w, board_h) = if below > 0.0 {
            (w, h - below)
        } else {
            (w - PANEL * self.scale, h)
        };
        // The board camera fits the whole board in the space left of (or above) the panel.
        let cell = (board_w / g::WIDTH).min(board_h / g::HEIGHT);
        let (x, y) = theme::point(sq, self.flipped);
        (board_w / 2.0 + x * cell, board_h / 2.0 - y * cell, cell)
    }

    /// What the screen shows on `sq`: a piece's face (of any theme: the faces differ
    /// from every board) with a red or black mark; an empty point is bare board.
    pub fn seen(&self, shot: &Shot, sq: Square) -> Seen {
        let (x, y, cell) = self.point(sq);
        let r = cell * 0.3;
        // The themes whose two sides share a face (high contrast is `seen_as`'s).
        for theme in Theme::ALL
            .into_iter()
            .filter(|t| t.palette().piece_face == t.palette().black_face)
        {
            let p = theme.palette();
            if shot.count_within(x, y, r, p.piece_face, 6) < 20 {
                continue;
            }
            let red = shot.count_near(x, y, r, p.red);
            let black = shot.count_near(x, y, r, p.black);
            return if red > black { Seen::Red } else { Seen::Black };
        }
        Seen::Empty
    }

    /// What the screen shows on `sq` in `theme`: where the sides differ by their fill
    /// (high contrast), the fill that covers most of the point says which.
    pub fn seen_as(&self, shot: &Shot, sq: Square, theme: Theme) -> Seen {
        let p = theme.palette();
        if p.piece_face == p.black_face {
            return self.seen(shot, sq);
        }
        let (x, y, cell) = self.point(sq);
        let r = cell * 0.3;
        // A black face under the character (never on a red piece, and more than the
        // lines of an empty point), or a white one.
        let area = std::f32::consts::PI * r * r;
        if shot.count_within(x, y, r, p.black_face, 8) as f32 > 0.2 * area {
            Seen::Black
        } else if shot.count_within(x, y, r, p.piece_face, 8) as f32 > 0.35 * area {
            Seen::Red
        } else {
            Seen::Empty
        }
    }

    /// Waits until the board shows the logged position: a piece of it (the first from
    /// a0 on) is on the screen in its colour.
    pub fn until_drawn(&self) {
        self.until("the board to be drawn", || {
            let fen = self.positions().pop()?;
            let pos =
                Position::from_fen(&fen.split_whitespace().take(2).collect::<Vec<_>>().join(" "))
                    .ok()?;
            let (sq, piece) = pos.board().pieces().next()?;
            let want = match piece.color {
                Color::Red => Seen::Red,
                Color::Black => Seen::Black,
            };
            (self.seen(&self.shot(), sq) == want).then_some(())
        });
    }

    /// Waits until `sq` shows `want`.
    pub fn until_seen(&self, sq: Square, want: Seen) {
        self.until(&format!("{sq} to show {want:?}"), || {
            (self.seen(&self.shot(), sq) == want).then_some(())
        });
    }

    /// Waits until the log's latest position is `fen` (board and side only).
    pub fn until_position(&self, fen: &str) {
        let want: String = fen.split_whitespace().take(2).collect::<Vec<_>>().join(" ");
        self.until(&format!("position {want}"), || {
            let last = self.positions().pop()?;
            let last: String = last
                .split_whitespace()
                .take(2)
                .collect::<Vec<_>>()
                .join(" ");
            (last == want).then_some(())
        });
    }

    /// Every `position FEN …` line of the log, oldest first (other lines may say
    /// "position" too).
    pub fn positions(&self) -> Vec<String> {
        self.log()
            .lines()
            .filter_map(|l| l.split(" position ").nth(1))
            .filter(|rest| {
                rest.split_whitespace()
                    .next()
                    .is_some_and(|w| w.contains('/'))
            })
            .map(str::to_owned)
            .collect()
    }

    /// Waits until the log has a line containing `text`.
    pub fn until_logged(&self, text: &str) {
        self.until(&format!("\"{text}\" in the log"), || {
            self.log().contains(text).then_some(())
        });
    }

    /// Moves the pointer to `sq` and clicks `button` (1 left, 2 middle, 3 right).
    pub fn click(&self, sq: &str, button: &str) {
        let (x, y, _) = self.point(sq.parse().unwrap());
        self.xdotool(&[
            "mousemove",
            &format!("{x:.0}"),
            &format!("{y:.0}"),
            "click",
            button,
        ]);
        // Let the game take the click before the next one.
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Plays `m` (`h2e2`) with two left clicks.
    pub fn play(&self, m: &str) {
        self.click(&m[..2], "1");
        self.click(&m[2..], "1");
    }

    /// Presses the button on one point, drags through the way, releases on another.
    pub fn drag(&self, from: &str, to: &str) {
        let (x0, y0, _) = self.point(from.parse().unwrap());
        let (x1, y1, _) = self.point(to.parse().unwrap());
        self.xdotool(&[
            "mousemove",
            &format!("{x0:.0}"),
            &format!("{y0:.0}"),
            "mousedown",
            "1",
        ]);
        for i in 1..=6 {
            let t = i as f32 / 6.0;
            let (x, y) = (x0 + (x1 - x0) * t, y0 + (y1 - y0) * t);
            self.xdotool(&["mousemove", &format!("{x:.0}"), &format!("{y:.0}")]);
            std::thread::sleep(Duration::from_millis(40));
        }
        self.xdotool(&["mouseup", "1"]);
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Sends a key chord such as `ctrl+z`.
    pub fn key(&self, chord: &str) {
        // XTEST keys reach the focused window; `--window` sends synthetic events, which
        // winit may ignore.
        self.xdotool(&["windowfocus", "--sync", &self.window.clone()]);
        self.xdotool(&["key", chord]);
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Presses `chords` one after another with no pause between them, quicker than a
    /// frame: each must still count.
    pub fn keys_at_once(&self, chords: &[&str]) {
        self.xdotool(&["windowfocus", "--sync", &self.window.clone()]);
        let mut args = vec!["key", "--delay", "0"];
        args.extend_from_slice(chords);
        self.xdotool(&args);
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Types `text` into the focused widget, slowly. xdotool types a character outside
    /// the keymap (Chinese) by mapping it onto a spare key for the moment: `text` should
    /// hold at most one such character, and not as its last (the mapping is undone as
    /// xdotool exits, maybe before the game has read the key).
    pub fn type_text(&self, text: &str) {
        self.xdotool(&["windowfocus", "--sync", &self.window.clone()]);
        if text.is_ascii() {
            self.xdotool(&["type", "--delay", "300", text]);
        } else {
            // Each character outside the keyboard map is typed by remapping a spare key;
            // typed in one call on a busy machine, the window read a remapped key late
            // and lost a character (楊官璘 arrived as 楊璘). One call a character.
            for c in text.chars() {
                self.xdotool(&["type", "--delay", "300", &c.to_string()]);
                std::thread::sleep(Duration::from_millis(200));
            }
        }
        std::thread::sleep(Duration::from_millis(300));
    }

    /// Puts `text` on the X clipboard (xclip stays behind to serve it, as a program
    /// that copied would).
    pub fn set_clipboard(&self, text: &str) {
        use std::io::Write as _;
        let mut xclip = Command::new("xclip")
            .args(["-selection", "clipboard", "-i"])
            .env("DISPLAY", &self.display)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("xclip runs (apt-get install xclip)");
        xclip
            .stdin
            .take()
            .unwrap()
            .write_all(text.as_bytes())
            .unwrap();
        // xclip forks a server and its first process exits.
        xclip.wait().unwrap();
    }

    /// The text on the X clipboard, if any.
    pub fn clipboard(&self) -> Option<String> {
        let out = Command::new("timeout")
            .args(["5", "xclip", "-selection", "clipboard", "-o"])
            .env("DISPLAY", &self.display)
            .stderr(Stdio::null())
            .output()
            .ok()?;
        out.status
            .success()
            .then(|| String::from_utf8_lossy(&out.stdout).into_owned())
    }

    /// Resizes the window.
    pub fn resize(&self, w: u32, h: u32) {
        self.xdotool(&[
            "windowsize",
            "--sync",
            &self.window.clone(),
            &w.to_string(),
            &h.to_string(),
        ]);
    }

    /// The game's process id.
    pub fn pid(&self) -> u32 {
        self.pid
            .or_else(|| self.game.as_ref().map(Child::id))
            .expect("the game runs")
    }

    /// The CPU time each of the game's threads used over `secs` seconds, in clock ticks
    /// (`/proc/PID/task/TID/stat`: user plus system time), for the threads that used
    /// any: their names say what woke.
    pub fn cpu_ticks_by_thread_over(&self, secs: u64) -> Vec<(String, u64)> {
        let threads = || -> std::collections::BTreeMap<String, (String, u64)> {
            let Ok(tasks) = std::fs::read_dir(format!("/proc/{}/task", self.pid())) else {
                return Default::default();
            };
            tasks
                .flatten()
                .filter_map(|t| {
                    let stat = std::fs::read_to_string(t.path().join("stat")).ok()?;
                    let name = stat[stat.find('(')? + 1..stat.rfind(')')?].to_owned();
                    let fields: Vec<&str> =
                        stat[stat.rfind(')')? + 2..].split_whitespace().collect();
                    let ticks = fields[11].parse::<u64>().ok()? + fields[12].parse::<u64>().ok()?;
                    Some((t.file_name().to_string_lossy().into_owned(), (name, ticks)))
                })
                .collect()
        };
        let before = threads();
        std::thread::sleep(Duration::from_secs(secs));
        threads()
            .into_iter()
            .filter_map(|(tid, (name, ticks))| {
                let used = ticks - before.get(&tid).map_or(0, |b| b.1);
                (used > 0).then(|| (format!("{name} ({tid})"), used))
            })
            .collect()
    }

    /// Gives the keyboard focus to another program's window (xlogo, from x11-apps), as
    /// a player does who turns to another program; the game's window stays visible.
    /// The other program ends with the returned child.
    pub fn focus_elsewhere(&self) -> Child {
        let other = Command::new("xlogo")
            .env("DISPLAY", &self.display)
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| self.fail(&format!("xlogo runs (apt-get install x11-apps): {e}")));
        let window = wait_for("xlogo's window", || {
            let out = self.xdotool(&["search", "--name", "xlogo"]);
            out.lines().next().map(str::to_owned)
        })
        .unwrap_or_else(|e| self.fail(&e));
        self.xdotool(&["windowfocus", "--sync", &window]);
        other
    }

    /// Clicks the left button at a point of the window.
    pub fn click_at(&self, (x, y): (f32, f32)) {
        self.xdotool(&["mousemove", &format!("{x:.0}"), &format!("{y:.0}")]);
        std::thread::sleep(Duration::from_millis(200));
        self.xdotool(&["click", "1"]);
        std::thread::sleep(Duration::from_millis(150));
    }

    /// Waits for the game to exit by itself and returns its exit code.
    pub fn exit_code(&mut self) -> Option<i32> {
        let child = self.game.as_mut()?;
        let status = wait_for("the game to exit", || child.try_wait().ok().flatten());
        match status {
            Ok(s) => {
                self.game = None;
                s.code()
            }
            Err(e) => self.fail(&e),
        }
    }
}

impl Drop for Game {
    fn drop(&mut self) {
        if let Some(mut g) = self.game.take() {
            let _ = g.kill();
            let _ = g.wait();
        }
        if let Some(pid) = self.pid {
            let _ = Command::new("kill").arg(pid.to_string()).status();
        }
        // SIGTERM lets Xvfb remove its lock file and socket.
        let _ = Command::new("kill")
            .arg(self.xvfb.id().to_string())
            .status();
        let _ = self.xvfb.wait();
    }
}
