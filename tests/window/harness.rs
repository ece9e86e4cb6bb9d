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
/// Input none of which the game took while it ran this many frames after the X server
/// had it went astray: it is sent again (and, under `XIANGQI_REQUIRE_DATA=1`, the test
/// fails). xdotool returns once the server has processed its input, so the events are
/// in the game's queue by then; the frame under way may have read its queue just before,
/// the next one reads them. The wall clock decides nothing: a game that stalls is
/// waited for, not sent a second copy.
pub const LOST_AFTER_FRAMES: usize = 3;

/// `command`'s process ends with the test's thread that started it, even when the test
/// binary is killed (CI's time limit, a developer's kill -9): an X server, a game, a bus
/// is never left running by a test that could not drop it. SIGTERM, as `Drop` sends it
/// (Xvfb removes its lock file and socket).
pub fn dies_with_test(command: &mut Command) -> &mut Command {
    use std::os::unix::process::CommandExt;
    let parent = std::process::id();
    // SAFETY: between fork and exec only async-signal-safe calls (prctl, getppid, _exit).
    unsafe {
        command.pre_exec(move || {
            if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM) == -1 {
                return Err(std::io::Error::last_os_error());
            }
            // The test died between fork and prctl: no signal will come.
            if libc::getppid() as u32 != parent {
                libc::_exit(1);
            }
            Ok(())
        })
    }
}

/// Whether the run is CI's (`XIANGQI_REQUIRE_DATA=1`): there an input lost is a failure,
/// not a line on stderr.
fn strict() -> bool {
    std::env::var_os("XIANGQI_REQUIRE_DATA").is_some_and(|v| v == "1")
}

/// A place in the game's log: what is written after it is news.
#[derive(Clone, Copy, Debug)]
pub struct Mark(usize);

/// An input event the game took: what it was (`key KeyZ down`, `press Left 412,300`)
/// and the frame that took it.
#[derive(Clone, Debug, Default)]
pub struct Ack {
    pub frame: u64,
    pub what: String,
}

/// The log without terminal colours.
fn plain(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            // ESC [ … a letter.
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

/// What the game's probe said on a line of the log (`frame 12`, `input #3 key KeyZ
/// down`), if the line is the probe's.
fn probe_said(line: &str) -> Option<&str> {
    Some(line.split_once("table::probe: ")?.1.trim_end())
}

/// A frame line of the probe: its number and its word (`frame 12` is (12, ""),
/// `frame 12 settled` is (12, "settled")).
fn frame_said(said: &str) -> Option<(u64, &str)> {
    let rest = said.strip_prefix("frame ")?;
    let (n, word) = rest.split_once(' ').unwrap_or((rest, ""));
    Some((n.parse().ok()?, word.trim()))
}

/// The number of a frame's first line (`frame 12`; not `frame 12 settled`).
fn frame_start(said: &str) -> Option<u64> {
    frame_said(said)
        .filter(|(_, word)| word.is_empty())
        .map(|(n, _)| n)
}

/// Whether `at` (`412,300`) is within a pixel or two of (x, y).
fn near(at: &str, (x, y): (f32, f32)) -> bool {
    let Some((ax, ay)) = at.split_once(',') else {
        return false;
    };
    let (Ok(ax), Ok(ay)) = (ax.trim().parse::<f32>(), ay.trim().parse::<f32>()) else {
        return false;
    };
    (ax - x).abs() <= 2.0 && (ay - y).abs() <= 2.0
}

/// Bevy's name for xdotool's button number.
fn button_name(button: &str) -> &'static str {
    match button {
        "1" => "Left",
        "2" => "Middle",
        "3" => "Right",
        _ => "Other",
    }
}
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
    /// The strip under the board a bar takes (the replay's), in pixels, else 0.
    pub strip: std::cell::Cell<f32>,
    /// When the game was started: its time goes into `window-times.tsv` on drop.
    started: Instant,
    /// The frame that took the last input a test sent, or that logged the last line a
    /// test waited for: what the panel shows is read from it or a later frame.
    last_input: std::cell::Cell<u64>,
    /// Where the log ended when the last input was sent.
    sent: std::cell::Cell<Mark>,
    _turn: MutexGuard<'static, ()>,
}

/// How the game is started.
enum Launch<'a> {
    /// The binary, with these arguments.
    Direct(&'a [&'a str]),
    /// The binary with these arguments, which open a dialog over the board at once (a
    /// big collection's list): the start waits for a still frame, not for the board.
    Covered(&'a [&'a str]),
    /// The binary at this scale factor, on a screen large enough for it.
    Scaled(f32),
    /// The binary at this scale factor, on a screen of this size (`2000x1400`).
    ScaledOn(f32, &'a str),
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
        // The next look (a poll of the condition, not a wait for the game).
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

    /// Starts the game in a new home at scale factor `scale` on a screen of `screen`
    /// pixels (`2000x1400`), which may be smaller than its default window.
    pub fn start_scaled_on(name: &str, scale: f32, screen: &str) -> Game {
        Game::launch(name, true, Launch::ScaledOn(scale, screen))
    }

    /// Starts the game in a new home with command-line `args`.
    pub fn start_with(name: &str, args: &[&str]) -> Game {
        Game::launch(name, true, Launch::Direct(args))
    }

    /// Starts the game in a new home with `args` that open a dialog over the board at
    /// once (the board may never show uncovered): waits for a still frame instead.
    pub fn start_covered(name: &str, args: &[&str]) -> Game {
        Game::launch(name, true, Launch::Covered(args))
    }

    /// Starts the game again on the home folder a previous [`Game::start`] of `name`
    /// used (its autosave, settings and slots), with extra command-line `args`.
    pub fn restart(name: &str, args: &[&str]) -> Game {
        Game::launch(name, false, Launch::Direct(args))
    }

    /// As [`Game::restart`], for a start that opens at another table than Xiangqi's:
    /// waits for a still frame, not for the Xiangqi board.
    pub fn restart_covered(name: &str, args: &[&str]) -> Game {
        Game::launch(name, false, Launch::Covered(args))
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
        // Which test runs here, for CI to say when its time runs out (removed on drop).
        let test = std::thread::current().name().unwrap_or(name).to_owned();
        std::fs::write(dir.join("running"), format!("{test} (window-{name})\n")).unwrap();
        let (scale, lang) = match how {
            Launch::Scaled(scale) | Launch::ScaledOn(scale, _) => (scale, "en_US.UTF-8"),
            Launch::As { lang, scale, .. } => (scale, lang),
            Launch::Env { lang, .. } => (1.0, lang),
            _ => (1.0, "en_US.UTF-8"),
        };
        // Room for the default window (1120×800 points) at its scale, or full HD.
        let screen = if let Launch::ScaledOn(_, screen) = how {
            &format!("{screen}x24")
        } else if matches!(how, Launch::As { .. }) {
            // Room for the largest size a scenario asks: 1920×1080 points at scale 1,
            // 1120×800 at scale 2. No larger: every screenshot reads the whole screen.
            if scale > 1.0 {
                "2300x1700x24"
            } else {
                "1960x1120x24"
            }
        } else if scale > 1.0 {
            "2600x1800x24"
        } else {
            "1400x900x24"
        };
        let xvfb = dies_with_test(&mut Command::new("Xvfb"))
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
            strip: std::cell::Cell::new(0.0),
            started: Instant::now(),
            last_input: std::cell::Cell::new(0),
            sent: std::cell::Cell::new(Mark(0)),
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
        let covered = matches!(how, Launch::Covered(_));
        let mut command = match how {
            Launch::Direct(args) | Launch::Covered(args) => {
                let mut command = Command::new(env!("CARGO_BIN_EXE_xiangqi"));
                command.args(args);
                command
            }
            Launch::Scaled(scale) | Launch::ScaledOn(scale, _) => {
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
        let mut child = dies_with_test(&mut command)
            .env("DISPLAY", &game.display)
            .env("WGPU_BACKEND", "vulkan")
            .env("RUST_LOG", "info,xiangqi=debug,table=debug")
            // The probe: frames, the input taken, settled and idle (src/app/probe.rs).
            .env("XIANGQI_TEST", "1")
            // Help → Manual hands its page to a program that opens no browser here.
            .env("XIANGQI_OPENER", "true")
            .env("LANG", lang)
            .env("XDG_RUNTIME_DIR", &game.dir)
            // One shader cache for every start (each home is new: Mesa's own cache under
            // it compiled every shader again at every start).
            .env(
                "MESA_SHADER_CACHE_DIR",
                Path::new(env!("CARGO_TARGET_TMPDIR")).join("mesa-shader-cache"),
            )
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
        if covered {
            game.until_still();
        } else {
            game.until_drawn();
        }
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

    /// The game's log so far: its whole lines, without terminal colours.
    pub fn log(&self) -> String {
        let raw = std::fs::read(&self.log).unwrap_or_default();
        // A line still being written is not read yet.
        let whole = raw.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        plain(&String::from_utf8_lossy(&raw[..whole]))
    }

    /// Where the log ends now: what is written after this mark is news.
    pub fn mark(&self) -> Mark {
        Mark(self.log().len())
    }

    /// The log written since `mark`.
    pub fn since(&self, mark: Mark) -> String {
        self.log().get(mark.0..).unwrap_or_default().to_owned()
    }

    /// The input events the game took after `mark` (`input #N …`), each with its frame.
    pub fn acks_since(&self, mark: Mark) -> Vec<Ack> {
        let log = self.log();
        let mut frame = 0;
        let mut acks = Vec::new();
        let mut at = 0;
        for line in log.split_inclusive('\n') {
            let start = at;
            at += line.len();
            let Some(said) = probe_said(line) else {
                continue;
            };
            if let Some(n) = frame_start(said) {
                frame = n;
            } else if let Some(what) = said.strip_prefix("input #")
                && start >= mark.0
            {
                let what = what.split_once(' ').map_or("", |(_, w)| w).trim();
                acks.push(Ack {
                    frame,
                    what: what.to_owned(),
                });
            }
        }
        acks
    }

    /// Sends X input (`xdotool ARGS`) and waits until the game has taken it: until the
    /// events it took since cover `taken`. None of it taken while the game ran
    /// [`LOST_AFTER_FRAMES`] frames: lost, and sent again (a failure under
    /// `XIANGQI_REQUIRE_DATA=1`, as `.ci/run` runs); both copies taken: a failure.
    /// Returns the last event taken.
    fn send(&self, what: &str, args: &[&str], taken: impl Fn(&[Ack]) -> bool) -> Ack {
        let mark = self.mark();
        self.sent.set(mark);
        self.xdotool(args);
        // The server has the input now: frames that start after this read it.
        let mut delivered = self.mark();
        let start = Instant::now();
        let mut tries = 1;
        loop {
            let acks = self.acks_since(mark);
            // A key that quits is taken by the game's exit.
            if self.gone() {
                return acks.last().cloned().unwrap_or_default();
            }
            if let Some(first) = (0..acks.len()).find(|&i| taken(&acks[..=i])) {
                if tries > 1 {
                    self.not_taken_twice(what, mark, delivered, first, &taken);
                }
                let last = acks[first].clone();
                self.last_input.set(self.last_input.get().max(last.frame));
                return last;
            }
            let frames = self.frames_since(delivered);
            if acks.is_empty() && frames >= LOST_AFTER_FRAMES {
                let lost = format!(
                    "{what}: the game ran {frames} frames after the X server had it and took none of it"
                );
                if strict() {
                    self.fail(&format!(
                        "{lost} (a lost input fails under XIANGQI_REQUIRE_DATA=1)"
                    ));
                }
                if tries == 3 {
                    self.fail(&format!("{lost}, {tries} times"));
                }
                eprintln!("{lost}: sent again");
                self.xdotool(args);
                delivered = self.mark();
                tries += 1;
            }
            if start.elapsed() > DEADLINE {
                let asleep = if frames == 0 {
                    " (no frame ran since: the window slept through it)"
                } else {
                    ""
                };
                self.fail(&format!(
                    "{what}: only these of its events were taken in {DEADLINE:?}, {frames} frames since it was sent{asleep}: {acks:?}"
                ));
            }
            // The next look at the log.
            std::thread::sleep(Duration::from_millis(15));
        }
    }

    /// After input sent twice and taken once (its events up to `first`): waits until the
    /// second copy would have been taken too ([`LOST_AFTER_FRAMES`] frames after it, or
    /// the window asleep), and fails if it was: a second undo, a theme switched twice.
    fn not_taken_twice(
        &self,
        what: &str,
        mark: Mark,
        delivered: Mark,
        first: usize,
        taken: &impl Fn(&[Ack]) -> bool,
    ) {
        self.until(&format!("{what}: the second copy's frames"), || {
            let asleep = self.last_frame_said().is_some_and(|(_, w)| w == "idle")
                && self.frames_since(delivered) > 0;
            (asleep || self.frames_since(delivered) >= LOST_AFTER_FRAMES).then_some(())
        });
        let acks = self.acks_since(mark);
        if taken(&acks[first + 1..]) {
            self.fail(&format!("{what}: sent twice and taken twice: {acks:?}"));
        }
    }

    /// How many frames the game started after `mark`.
    fn frames_since(&self, mark: Mark) -> usize {
        self.since(mark)
            .lines()
            .filter_map(probe_said)
            .filter(|said| frame_start(said).is_some())
            .count()
    }

    /// Where the panel drew `what` (a line `PREFIX at X,Y`, e.g. `panel resign`) as the
    /// last frame that settled, no earlier than the frame that took the last input, left
    /// it: a menu's first frame lays it out somewhere else before it knows its size.
    pub fn place(&self, prefix: &str) -> (f32, f32) {
        let after = self.last_input.get();
        let wanted = format!("{prefix} at ");
        self.until(&format!("{prefix}, settled after frame {after}"), || {
            let log = self.log();
            let mut frame = 0;
            let mut place = None;
            let mut settled = None;
            for line in log.lines() {
                if let Some(rest) = line.split(&wanted).nth(1) {
                    // `X,Y`, maybe with more after it (`size WxH`).
                    let at = rest.split_whitespace().next().unwrap_or_default();
                    if let Some((x, y)) = at.split_once(',')
                        && let (Ok(x), Ok(y)) = (x.parse(), y.parse())
                    {
                        place = Some((x, y));
                    }
                }
                let Some(said) = probe_said(line) else {
                    continue;
                };
                match frame_said(said) {
                    Some((n, "")) => frame = n,
                    Some((_, "settled")) if frame >= after && place.is_some() => settled = place,
                    _ => {}
                }
            }
            settled
        })
    }

    /// The probe's last word on frames (`frame 12`, `frame 12 settled`, `frame 12
    /// idle`) and the frame's number.
    fn last_frame_said(&self) -> Option<(u64, String)> {
        let log = self.log();
        let (n, word) = log
            .lines()
            .rev()
            .filter_map(probe_said)
            .find_map(frame_said)?;
        Some((n, word.to_owned()))
    }

    /// Waits until a frame that took the last input, or a later one, said `idle` as the
    /// last frame and the renderer has presented it: nothing moves, the panel is laid
    /// out, and a screenshot for a person then shows what the game came to.
    pub fn until_still(&self) {
        let after = self.last_input.get();
        self.until(&format!("a still window after frame {after}"), || {
            self.still_after(after).then_some(())
        });
    }

    /// Whether the last frame, `after` or later, said `idle` and was presented.
    fn still_after(&self, after: u64) -> bool {
        self.last_frame_said()
            .is_some_and(|(n, said)| n >= after && said == "idle" && self.presented() >= n)
    }

    /// The last frame the renderer presented (`presented frame F`), 0 before the first.
    fn presented(&self) -> u64 {
        self.log()
            .lines()
            .rev()
            .filter_map(probe_said)
            .find_map(|said| said.strip_prefix("presented frame ")?.parse().ok())
            .unwrap_or(0)
    }

    /// Waits until a frame that took the last input, or a later one, said `settled`:
    /// the panel is laid out for what the input did (an engine may still be drawing).
    pub fn until_settled(&self) {
        let after = self.last_input.get();
        self.until(&format!("the panel settled after frame {after}"), || {
            let log = self.log();
            log.lines()
                .filter_map(probe_said)
                .filter_map(frame_said)
                .any(|(n, word)| word == "settled" && n >= after)
                .then_some(())
        });
    }

    /// Waits until the window sleeps: its last frame said `idle` and no frame came for
    /// a second after it (the X queue watcher's looks are done by then).
    pub fn until_idle(&self) {
        self.until("the window to sleep", || {
            if self.last_frame_said()?.1 != "idle" {
                return None;
            }
            let quiet = std::fs::metadata(&self.log)
                .ok()?
                .modified()
                .ok()?
                .elapsed()
                .ok()?;
            (quiet > Duration::from_secs(1)).then_some(())
        });
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
        write_png(&path, shot.width, shot.height, shot.pixels.as_flattened());
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

    /// Reads `read` again until `done` holds of what it read, or the screen has come to
    /// rest: the window still after the last input, its last frame presented, and two
    /// readings since alike. Returns the last reading either way (the caller's assertion
    /// says what it shows). For what the screen shows a moment after the frame that drew
    /// it ran; the probe, not the clock, says when there is nothing more to come.
    pub fn read_until<T: PartialEq>(
        &self,
        mut read: impl FnMut() -> T,
        done: impl Fn(&T) -> bool,
    ) -> T {
        let after = self.last_input.get();
        let start = Instant::now();
        let mut at_rest: Option<T> = None;
        loop {
            let still = self.still_after(after);
            let last = read();
            if done(&last) || start.elapsed() > DEADLINE {
                return last;
            }
            if !still {
                at_rest = None;
            } else if at_rest.as_ref() == Some(&last) {
                return last;
            } else {
                at_rest = Some(last);
            }
            // The next look once a frame could have come.
            std::thread::sleep(Duration::from_millis(15));
        }
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
        let board_h = board_h - self.strip.get();
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

    /// Waits until a line containing `text` is logged after the last input was sent:
    /// what the input did (the same line from before it would be old news). What the
    /// test reads of the panel next ([`Game::place`], [`Game::until_still`]) comes from
    /// that line's frame or later: what happened is laid out.
    pub fn until_logged(&self, text: &str) {
        self.until_logged_since(self.sent.get(), text);
    }

    /// Waits until a line containing `text` is logged after `mark`.
    pub fn until_logged_since(&self, mark: Mark, text: &str) {
        let frame = self.until(&format!("\"{text}\" in the log"), || {
            let log = self.log();
            let at = mark.0 + log.get(mark.0..)?.find(text)?;
            Some(
                log[..at]
                    .lines()
                    .rev()
                    .filter_map(probe_said)
                    .find_map(frame_start)
                    .unwrap_or(0),
            )
        });
        self.last_input.set(self.last_input.get().max(frame));
    }

    /// Moves the pointer to `sq` and clicks `button` (1 left, 2 middle, 3 right).
    pub fn click(&self, sq: &str, button: &str) {
        let (x, y, _) = self.point(sq.parse().unwrap());
        self.click_button((x, y), button);
    }

    /// Moves the pointer to (x, y) of the screen and clicks `button`; returns once the
    /// game has taken the press and the release there.
    pub fn click_button(&self, (x, y): (f32, f32), button: &str) {
        let (x, y) = (x.round(), y.round());
        let name = button_name(button);
        let what = format!("click {name} at {x},{y}");
        let (sx, sy) = (format!("{x:.0}"), format!("{y:.0}"));
        let last = self.send(&what, &["mousemove", &sx, &sy, "click", button], |acks| {
            acks.iter()
                .any(|a| a.what.starts_with(&format!("release {name} ")))
        });
        let at = last.what.rsplit(' ').next().unwrap_or_default();
        if !near(at, (x, y)) {
            self.fail(&format!("{what}: the game took it at {at}"));
        }
    }

    /// Plays `m` (`h2e2`) with two left clicks.
    pub fn play(&self, m: &str) {
        self.click(&m[..2], "1");
        self.click(&m[2..], "1");
    }

    /// Moves the pointer to (x, y) and clicks twice, the second click sent as soon as
    /// the game has taken the first: two frames in a row. (Both clicks in one frame
    /// count as one click on a library's row: found here, left.)
    pub fn double_click(&self, at: (f32, f32)) {
        self.move_to(at);
        self.click_button(at, "1");
        self.click_button(at, "1");
    }

    /// Moves the pointer to (x, y) and waits until the game has seen it there (X sends
    /// no motion to where the pointer already is: then nothing is waited for).
    pub fn move_to(&self, (x, y): (f32, f32)) {
        let (x, y) = (x.round(), y.round());
        let here = self.xdotool(&["getmouselocation"]);
        let coord = |k: &str| -> Option<f32> {
            here.split_whitespace()
                .find_map(|w| w.strip_prefix(k))?
                .parse()
                .ok()
        };
        if coord("x:") == Some(x) && coord("y:") == Some(y) {
            return;
        }
        let (sx, sy) = (format!("{x:.0}"), format!("{y:.0}"));
        self.send(
            &format!("move to {x},{y}"),
            &["mousemove", &sx, &sy],
            |acks| {
                acks.iter().any(|a| {
                    a.what
                        .strip_prefix("move ")
                        .is_some_and(|at| near(at, (x, y)))
                })
            },
        );
    }

    /// Presses (`mousedown`) or releases (`mouseup`) the left button where the pointer
    /// is, and waits until the game has taken it.
    pub fn button(&self, down: bool) {
        self.button_of(down, "1");
    }

    /// [`Game::button`] for any button (`1` left, `3` right).
    pub fn button_of(&self, down: bool, button: &str) {
        let name = button_name(button);
        let (verb, seen) = if down {
            ("mousedown", format!("press {name} "))
        } else {
            ("mouseup", format!("release {name} "))
        };
        self.send(verb, &[verb, button], |acks| {
            acks.iter().any(|a| a.what.starts_with(&seen))
        });
    }

    /// A right-button drag from one point to another, `keys` held (`shift`, `alt`, or
    /// none): an arrow drawn on the board.
    pub fn right_drag(&self, from: &str, to: &str, keys: &[&str]) {
        let (x0, y0, _) = self.point(from.parse().unwrap());
        let (x1, y1, _) = self.point(to.parse().unwrap());
        for k in keys {
            self.xdotool(&["keydown", k]);
        }
        self.move_to((x0, y0));
        self.button_of(true, "3");
        for i in 1..=6 {
            let t = i as f32 / 6.0;
            self.move_to((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t));
        }
        self.button_of(false, "3");
        for k in keys {
            self.xdotool(&["keyup", k]);
        }
    }

    /// Presses the button on one point, drags through the way, releases on another;
    /// each step taken by the game before the next (a hand's drag: the press, the way
    /// and the release in frames of their own).
    pub fn drag(&self, from: &str, to: &str) {
        let (x0, y0, _) = self.point(from.parse().unwrap());
        let (x1, y1, _) = self.point(to.parse().unwrap());
        self.drag_between((x0, y0), (x1, y1));
    }

    /// [`Game::drag`] between two places of the screen.
    pub fn drag_between(&self, from: (f32, f32), to: (f32, f32)) {
        self.move_to(from);
        self.button(true);
        for i in 1..=6 {
            let t = i as f32 / 6.0;
            self.move_to((from.0 + (to.0 - from.0) * t, from.1 + (to.1 - from.1) * t));
        }
        self.button(false);
    }

    /// Sends a key chord such as `ctrl+z` and waits until the game has taken each of
    /// its keys down and up.
    pub fn key(&self, chord: &str) {
        self.keys_at_once(&[chord]);
    }

    /// Presses `chords` one after another with no pause between them, quicker than a
    /// frame (each must still count), and waits until the game has taken them all.
    pub fn keys_at_once(&self, chords: &[&str]) {
        // XTEST keys reach the focused window; `--window` sends synthetic events, which
        // winit may ignore.
        self.xdotool(&["windowfocus", "--sync", &self.window.clone()]);
        let keys: usize = chords.iter().map(|c| c.split('+').count()).sum();
        let mut args = vec!["key", "--delay", "0"];
        args.extend_from_slice(chords);
        self.send(&format!("keys {chords:?}"), &args, |acks| {
            acks.iter().filter(|a| a.what.starts_with("key ")).count() >= 2 * keys
        });
    }

    /// Types `text` into the focused widget: ASCII a key at a time, each taken before
    /// the next; anything else (Chinese) pasted whole from the clipboard with Ctrl+V,
    /// as a player pastes a name (xdotool types such characters by remapping a spare
    /// key, and a busy window read the remapped key late and lost a character).
    pub fn type_text(&self, text: &str) {
        if text.is_ascii() {
            self.xdotool(&["windowfocus", "--sync", &self.window.clone()]);
            for c in text.chars() {
                let c = c.to_string();
                // Shift comes with some characters: at least the key's own down and up.
                self.send(
                    &format!("type {c:?}"),
                    &["type", "--delay", "0", &c],
                    |acks| acks.iter().filter(|a| a.what.starts_with("key ")).count() >= 2,
                );
            }
        } else {
            self.set_clipboard(text);
            self.paste();
        }
    }

    /// Ctrl+V as a hand presses it: Ctrl down and taken, V pressed and taken, Ctrl up.
    /// (In one quick chord, Ctrl let go in the same frame, bevy_egui reads the V as
    /// text too: `车9进2v`.)
    pub fn paste(&self) {
        self.xdotool(&["windowfocus", "--sync", &self.window.clone()]);
        let taken = |n: usize| {
            move |acks: &[Ack]| acks.iter().filter(|a| a.what.starts_with("key ")).count() >= n
        };
        let first = self.mark();
        self.send("ctrl down", &["keydown", "ctrl"], taken(1));
        self.send("v", &["key", "v"], taken(2));
        self.send("ctrl up", &["keyup", "ctrl"], taken(1));
        // What the paste did is looked for from its first key on: a quick game has
        // pasted before Ctrl's release is sent.
        self.sent.set(first);
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

    /// Resizes the window and waits until the game has taken the new size.
    pub fn resize(&self, w: u32, h: u32) {
        let size = format!("resize {w}x{h}");
        if self.size() == (w as f32, h as f32) {
            return;
        }
        self.send(
            &size,
            &[
                "windowsize",
                "--sync",
                &self.window.clone(),
                &w.to_string(),
                &h.to_string(),
            ],
            |acks| acks.iter().any(|a| a.what == size),
        );
    }

    /// Whether the game has exited (its process gone, or a zombie not yet waited for).
    fn gone(&self) -> bool {
        let Some(pid) = self.pid.or_else(|| self.game.as_ref().map(Child::id)) else {
            return true;
        };
        std::fs::read_to_string(format!("/proc/{pid}/stat"))
            .ok()
            .and_then(|s| {
                s.rsplit_once(')')
                    .map(|(_, r)| r.trim_start().starts_with('Z'))
            })
            .unwrap_or(true)
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

    /// Clicks the left button at a point of the window: the pointer goes there first
    /// (egui hovers a widget a frame before it takes a click on it).
    pub fn click_at(&self, at: (f32, f32)) {
        self.move_to(at);
        self.click_button(at, "1");
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
        let _ = std::fs::remove_file(self.dir.join("running"));
        // Each game's time from start to end, by test, for CI to print the slowest.
        let test = std::thread::current().name().unwrap_or("?").to_owned();
        let times = Path::new(env!("CARGO_TARGET_TMPDIR")).join("window-times.tsv");
        if let Ok(mut f) = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(times)
        {
            use std::io::Write;
            let _ = writeln!(f, "{:.1}\t{test}", self.started.elapsed().as_secs_f64());
        }
    }
}

/// `rgb` (rows of `width` pixels, three bytes each) as a PNG file at `path`.
pub fn write_png(path: &Path, width: usize, height: usize, rgb: &[u8]) {
    let mut bytes = Vec::new();
    {
        let mut encoder = png::Encoder::new(&mut bytes, width as u32, height as u32);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let mut writer = encoder.write_header().expect("a PNG header");
        writer.write_image_data(rgb).expect("the picture's pixels");
    }
    std::fs::write(path, bytes).expect("the picture written");
}
