//! `xiangqi desktop install` / `uninstall` checked with the desktop's own tools: the
//! entry and metainfo pass their validators, and GLib (what GNOME's file manager uses)
//! gives Xiangqi files our MIME types and our entry as their default application.
//! Needs desktop-file-utils, appstream, shared-mime-info and libglib2.0-bin (`.ci/run`
//! installs them).

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const APP: &str = "org.xiangqi.Xiangqi";

/// A temporary home whose XDG data folder is `share`.
struct Home {
    dir: PathBuf,
}

impl Home {
    fn new(name: &str) -> Home {
        let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("desktop-{name}"));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(dir.join("share")).unwrap();
        Home { dir }
    }

    fn share(&self) -> PathBuf {
        self.dir.join("share")
    }

    /// A command run as this home's user would run it.
    fn command(&self, program: &str) -> Command {
        let mut c = Command::new(program);
        c.env("HOME", &self.dir)
            .env("XDG_DATA_HOME", self.share())
            .env("XDG_DATA_DIRS", "/usr/share")
            .env("LANG", "C.UTF-8");
        c
    }

    fn xiangqi(&self, args: &[&str]) -> Output {
        self.command(env!("CARGO_BIN_EXE_xiangqi"))
            .args(args)
            .output()
            .unwrap()
    }

    /// Runs a desktop tool, failing with how to install it when it is missing.
    fn tool(&self, program: &str, args: &[&str], package: &str) -> Output {
        self.command(program)
            .args(args)
            .output()
            .unwrap_or_else(|e| panic!("{program}: {e} (apt-get install {package})"))
    }

    /// The MIME type GLib gives a file.
    fn content_type(&self, file: &Path) -> String {
        let out = self.tool(
            "gio",
            &[
                "info",
                "-a",
                "standard::content-type",
                file.to_str().unwrap(),
            ],
            "libglib2.0-bin",
        );
        let text = String::from_utf8_lossy(&out.stdout);
        text.lines()
            .find_map(|l| l.trim().strip_prefix("standard::content-type: "))
            .unwrap_or_else(|| panic!("no content type for {}: {text}", file.display()))
            .to_owned()
    }

    /// Every file under `root`, relative to it, sorted.
    fn files(root: &Path) -> Vec<String> {
        fn walk(dir: &Path, root: &Path, out: &mut Vec<String>) {
            for e in std::fs::read_dir(dir).unwrap() {
                let p = e.unwrap().path();
                if p.is_dir() {
                    walk(&p, root, out);
                } else {
                    out.push(p.strip_prefix(root).unwrap().display().to_string());
                }
            }
        }
        let mut out = Vec::new();
        if root.is_dir() {
            walk(root, root, &mut out);
        }
        out.sort();
        out
    }
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "failed with {}: {}{}",
        out.status,
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

#[test]
fn install_claims_xiangqi_files_for_the_game_and_uninstall_leaves_the_home_as_it_was() {
    let home = Home::new("user");
    // Another application is already installed, with its own MIME type.
    let share = home.share();
    std::fs::create_dir_all(share.join("applications")).unwrap();
    std::fs::create_dir_all(share.join("mime/packages")).unwrap();
    std::fs::write(
        share.join("applications/other.desktop"),
        "[Desktop Entry]\nType=Application\nName=Other\nExec=true %f\nMimeType=text/x-other;\n",
    )
    .unwrap();
    std::fs::write(
        share.join("mime/packages/other.xml"),
        "<?xml version=\"1.0\"?>\n<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n  <mime-type type=\"text/x-other\"><glob pattern=\"*.other\"/></mime-type>\n</mime-info>\n",
    )
    .unwrap();
    let mime_dir = share.join("mime");
    ok(&home.tool(
        "update-mime-database",
        &[mime_dir.to_str().unwrap()],
        "shared-mime-info",
    ));
    let apps_dir = share.join("applications");
    ok(&home.tool(
        "update-desktop-database",
        &[apps_dir.to_str().unwrap()],
        "desktop-file-utils",
    ));
    let files = home.dir.join("files");
    std::fs::create_dir_all(&files).unwrap();
    let before = Home::files(&share);

    let said = ok(&home.xiangqi(&["desktop", "install"]));
    assert!(said.contains("update-mime-database: ok"), "{said}");
    assert!(said.contains("update-desktop-database: ok"), "{said}");
    assert!(said.contains("Xiangqi is in the launcher"), "{said}");

    // The entry is valid and starts this very program with the file.
    let entry_path = share.join(format!("applications/{APP}.desktop"));
    let validated = home.tool(
        "desktop-file-validate",
        &[entry_path.to_str().unwrap()],
        "desktop-file-utils",
    );
    assert_eq!(
        ok(&validated),
        "",
        "desktop-file-validate has something to say"
    );
    let entry = std::fs::read_to_string(&entry_path).unwrap();
    let exe = Path::new(env!("CARGO_BIN_EXE_xiangqi"))
        .canonicalize()
        .unwrap();
    assert!(
        entry.contains(&format!("\nExec={} %f\n", exe.display())),
        "{entry}"
    );
    let metainfo = share.join(format!("metainfo/{APP}.metainfo.xml"));
    ok(&home.tool(
        "appstreamcli",
        &["validate", "--no-net", metainfo.to_str().unwrap()],
        "appstream",
    ));
    for size in ["16x16", "48x48", "128x128", "512x512", "scalable"] {
        let ext = if size == "scalable" { "svg" } else { "png" };
        let icon = share.join(format!("icons/hicolor/{size}/apps/{APP}.{ext}"));
        assert!(icon.is_file(), "{}", icon.display());
    }

    // What a file manager sees: each game file's type, and who opens it.
    let write = |name: &str, bytes: &[u8]| {
        let p = files.join(name);
        std::fs::write(&p, bytes).unwrap();
        p
    };
    let xiangqi_pgn = write("game.pgn", include_bytes!("../data/gbk-crlf.pgn"));
    let upper = write(
        "GAME.PGN",
        b"[Event \"x\"]\n[Game \"Chinese Chess\"]\n1. h2e2 *\n",
    );
    let chess_pgn = write(
        "chess.pgn",
        b"[Event \"Casual\"]\n[Site \"?\"]\n\n1. e4 e5 *\n",
    );
    let xqf = write("game.XQF", b"XQ\x12\xab\0\0\0\0 an XQF header follows");
    let fen = write(
        "pos.fen",
        b"rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\n",
    );
    assert_eq!(home.content_type(&xiangqi_pgn), "application/x-xiangqi-pgn");
    assert_eq!(home.content_type(&upper), "application/x-xiangqi-pgn");
    // Chess games stay with chess programs.
    assert_eq!(home.content_type(&chess_pgn), "application/vnd.chess-pgn");
    assert_eq!(home.content_type(&xqf), "application/x-xqf");
    assert_eq!(home.content_type(&fen), "application/x-xiangqi-fen");
    let sgf = write("game.sgf", b"(;GM[1]FF[4]SZ[9];B[ee];W[cc])\n");
    assert_eq!(home.content_type(&sgf), "application/x-go-sgf");
    for mime in [
        "application/x-xiangqi-pgn",
        "application/x-xqf",
        "application/x-xiangqi-fen",
        "application/x-go-sgf",
    ] {
        let out = ok(&home.tool("gio", &["mime", mime], "libglib2.0-bin"));
        assert!(
            out.starts_with(&format!("Default application for “{mime}”: {APP}.desktop")),
            "{out}"
        );
    }

    let said = ok(&home.xiangqi(&["desktop", "uninstall"]));
    assert!(
        said.contains(&format!("removed {}", entry_path.display())),
        "{said}"
    );
    assert_eq!(
        Home::files(&share),
        before,
        "uninstall leaves exactly what was there"
    );
    assert_ne!(home.content_type(&xiangqi_pgn), "application/x-xiangqi-pgn");
    assert_eq!(home.content_type(&xqf), "application/octet-stream");
    // The other application is untouched.
    let out = ok(&home.tool("gio", &["mime", "text/x-other"], "libglib2.0-bin"));
    assert!(out.contains("other.desktop"), "{out}");
    // Twice is harmless.
    let said = ok(&home.xiangqi(&["desktop", "uninstall"]));
    assert!(said.contains("nothing to remove"), "{said}");
}

#[test]
fn a_packager_installs_under_a_prefix_without_touching_the_caches() {
    let home = Home::new("prefix");
    let prefix = home.dir.join("stage/usr");
    let prefix_arg = prefix.to_str().unwrap();
    let said = ok(&home.xiangqi(&["desktop", "install", "--prefix", prefix_arg, "--no-refresh"]));
    assert!(!said.contains("update-"), "{said}");
    let entry =
        std::fs::read_to_string(prefix.join(format!("share/applications/{APP}.desktop"))).unwrap();
    // A packaged program is found on PATH.
    assert!(entry.contains("\nExec=xiangqi %f\n"), "{entry}");
    assert!(entry.contains("\nTryExec=xiangqi\n"), "{entry}");
    assert!(!prefix.join("share/mime/mime.cache").exists());
    assert_eq!(Home::files(&prefix).len(), 12);
    // Nothing went to the user's own folder.
    assert!(!home.share().join("applications").exists());
    // --exec names another program, quoted as the spec asks.
    ok(&home.xiangqi(&[
        "desktop",
        "install",
        "--prefix",
        prefix_arg,
        "--exec",
        "/opt/My Games/xiangqi",
        "--no-refresh",
    ]));
    let entry =
        std::fs::read_to_string(prefix.join(format!("share/applications/{APP}.desktop"))).unwrap();
    assert!(
        entry.contains("\nExec=\"/opt/My Games/xiangqi\" %f\n"),
        "{entry}"
    );
    ok(&home.xiangqi(&[
        "desktop",
        "uninstall",
        "--prefix",
        prefix_arg,
        "--no-refresh",
    ]));
    assert!(
        Home::files(&prefix).is_empty(),
        "{:?}",
        Home::files(&prefix)
    );
}

#[test]
fn an_unwritable_folder_is_a_message_and_exit_2() {
    let home = Home::new("unwritable");
    // A file where a folder must go.
    let blocked = home.dir.join("blocked");
    std::fs::write(&blocked, "").unwrap();
    let out = home.xiangqi(&["desktop", "install", "--prefix", blocked.to_str().unwrap()]);
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.starts_with("xiangqi: cannot write ") && err.contains("blocked/share/applications"),
        "{err}"
    );
    let out = home.xiangqi(&["desktop", "install", "--exec", "/a\nb", "--no-refresh"]);
    assert_eq!(out.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&out.stderr).contains("cannot go in a desktop entry"),
        "{out:?}"
    );
}
