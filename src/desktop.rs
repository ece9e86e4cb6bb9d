//! The game as a desktop app: the files in `assets/` (icons, the desktop entry, the MIME
//! package claiming Xiangqi PGN, XQF and FEN files and Go SGF files, the AppStream metainfo), compiled in,
//! and `xiangqi desktop install` / `uninstall`, which put them where freedesktop.org
//! desktops (GNOME, KDE, Xfce…) look: the launcher shows the game with its icon, and
//! double-clicking a game file opens it.
//!
//! ```
//! use xiangqi::desktop::{self, APP_ID};
//!
//! let files = desktop::files("/opt/xiangqi/xiangqi").unwrap();
//! let entry = &files.iter().find(|f| f.path.starts_with("applications")).unwrap().bytes;
//! let entry = String::from_utf8_lossy(entry);
//! assert!(entry.contains("Exec=/opt/xiangqi/xiangqi %f"));
//! assert!(entry.contains(&format!("StartupWMClass={APP_ID}")));
//! ```

use std::io;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The app's id: the desktop entry's name, the icon's name, the window's class (X11) and
/// app id (Wayland), and the AppStream id.
pub const APP_ID: &str = "org.xiangqi.Xiangqi";

/// The icon at each size the desktop gets, as PNG (made by `examples/make-icons.rs`).
pub const ICONS: [(u32, &[u8]); 8] = [
    (16, include_bytes!("../assets/icons/16.png")),
    (24, include_bytes!("../assets/icons/24.png")),
    (32, include_bytes!("../assets/icons/32.png")),
    (48, include_bytes!("../assets/icons/48.png")),
    (64, include_bytes!("../assets/icons/64.png")),
    (128, include_bytes!("../assets/icons/128.png")),
    (256, include_bytes!("../assets/icons/256.png")),
    (512, include_bytes!("../assets/icons/512.png")),
];

/// The scalable icon.
pub const ICON_SVG: &str = include_str!("../assets/icons/org.xiangqi.Xiangqi.svg");

/// The desktop entry, with `{{exec}}` and `{{icon}}` to fill in.
pub const DESKTOP_ENTRY: &str = include_str!("../assets/org.xiangqi.Xiangqi.desktop");

/// The MIME package: which files are Xiangqi games.
pub const MIME_PACKAGE: &str = include_str!("../assets/org.xiangqi.Xiangqi.mime.xml");

/// The AppStream metainfo (what software centres show).
pub const METAINFO: &str = include_str!("../assets/org.xiangqi.Xiangqi.metainfo.xml");

/// The MIME types the game opens: its own three (the MIME package defines them) and Go's
/// SGF, which shared-mime-info already knows.
pub const MIME_TYPES: [&str; 4] = [
    "application/x-xiangqi-pgn",
    "application/x-xqf",
    "application/x-xiangqi-fen",
    SGF,
];

/// Go games (SGF), a type the desktop already has.
pub const SGF: &str = "application/x-go-sgf";

/// The icon at `size` pixels, as PNG, if that size is one of [`ICONS`].
#[must_use]
pub fn icon_png(size: u32) -> Option<&'static [u8]> {
    ICONS.iter().find(|(s, _)| *s == size).map(|(_, png)| *png)
}

/// What went wrong installing or uninstalling.
#[derive(Debug, thiserror::Error)]
pub enum DesktopError {
    /// No data folder: neither `XDG_DATA_HOME` nor a home folder is known.
    #[error("no folder to install into: HOME is not set (or give --prefix)")]
    NoDataDir,
    /// The program's own path is unknown.
    #[error("cannot tell where this program is: {0}")]
    NoExecutable(io::Error),
    /// A command line that a desktop entry cannot hold.
    #[error("the program's path cannot go in a desktop entry: {0:?}")]
    BadExec(String),
    /// A file could not be written or removed.
    #[error("cannot {action} {path}: {source}")]
    File {
        /// "write" or "remove".
        action: &'static str,
        /// Which file.
        path: PathBuf,
        /// Why.
        source: io::Error,
    },
}

/// One file the install writes, relative to the `share` folder.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct File {
    /// Where it goes under `share/`.
    pub path: PathBuf,
    /// What it holds.
    pub bytes: Vec<u8>,
}

/// Every file an install writes for a desktop entry that runs `exec`, a program's
/// absolute path or a command name found on PATH. The same list, without contents,
/// is what uninstall removes.
pub fn files(exec: &str) -> Result<Vec<File>, DesktopError> {
    // The template's fields are Handlebars', so that cargo-packager fills the same file.
    let entry = DESKTOP_ENTRY
        .replace(
            "TryExec={{exec}}",
            &format!("TryExec={}", escape_string(exec)?),
        )
        .replace("{{exec}}", &escape_string(&quote_arg(exec))?)
        .replace("{{icon}}", APP_ID);
    let mut out = vec![
        File {
            path: format!("applications/{APP_ID}.desktop").into(),
            bytes: entry.into_bytes(),
        },
        File {
            path: format!("mime/packages/{APP_ID}.xml").into(),
            bytes: MIME_PACKAGE.as_bytes().to_vec(),
        },
        File {
            path: format!("metainfo/{APP_ID}.metainfo.xml").into(),
            bytes: METAINFO.as_bytes().to_vec(),
        },
        File {
            path: format!("icons/hicolor/scalable/apps/{APP_ID}.svg").into(),
            bytes: ICON_SVG.as_bytes().to_vec(),
        },
    ];
    for (size, png) in ICONS {
        out.push(File {
            path: format!("icons/hicolor/{size}x{size}/apps/{APP_ID}.png").into(),
            bytes: png.to_vec(),
        });
    }
    Ok(out)
}

/// One argument of an `Exec` line, quoted as the Desktop Entry spec asks when it holds a
/// reserved character (`"`, `` ` ``, `$` and `\` then escaped), and `%` doubled.
#[must_use]
pub fn quote_arg(arg: &str) -> String {
    const RESERVED: &str = " \t\n\"'\\><~|&;$*?#()`";
    let arg = arg.replace('%', "%%");
    if !arg.chars().any(|c| RESERVED.contains(c)) {
        return arg;
    }
    let mut out = String::from("\"");
    for c in arg.chars() {
        if matches!(c, '"' | '`' | '$' | '\\') {
            out.push('\\');
        }
        out.push(c);
    }
    out.push('"');
    out
}

/// A value of the `string` type of a desktop entry: backslashes doubled; control
/// characters cannot be held (a path with a line break is refused).
fn escape_string(value: &str) -> Result<String, DesktopError> {
    if value.chars().any(char::is_control) {
        return Err(DesktopError::BadExec(value.to_owned()));
    }
    Ok(value.replace('\\', "\\\\"))
}

/// Where and how to install.
#[derive(Clone, Debug)]
pub struct Options {
    /// The `share` folder: `~/.local/share` for one user, `PREFIX/share` for all.
    pub share: PathBuf,
    /// What the launcher runs: this program's absolute path, or a command name.
    pub exec: String,
    /// Run the desktop's database tools afterwards (packagers leave it to their triggers).
    pub refresh: bool,
}

impl Options {
    /// For the current user: the XDG data folder, this very program, refreshed.
    pub fn for_user() -> Result<Options, DesktopError> {
        let share = directories::BaseDirs::new()
            .map(|d| d.data_dir().to_path_buf())
            .ok_or(DesktopError::NoDataDir)?;
        let exe = std::env::current_exe()
            .and_then(|p| p.canonicalize())
            .map_err(DesktopError::NoExecutable)?;
        Ok(Options {
            share,
            exec: exe.to_string_lossy().into_owned(),
            refresh: true,
        })
    }

    /// Under `prefix/share`, running `exec` (by default `xiangqi` from PATH, as a packaged
    /// program is found).
    #[must_use]
    pub fn for_prefix(prefix: &Path, exec: Option<String>) -> Options {
        Options {
            share: prefix.join("share"),
            exec: exec.unwrap_or_else(|| "xiangqi".into()),
            refresh: true,
        }
    }
}

/// What an install or uninstall did.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Files written or removed (absolute).
    pub files: Vec<PathBuf>,
    /// Each database tool run, with how it went: `update-mime-database: ok`.
    pub refreshed: Vec<String>,
}

/// Writes every file of [`files`] under `opts.share` (each atomically), then refreshes
/// the desktop's databases.
pub fn install(opts: &Options) -> Result<Report, DesktopError> {
    let mut report = Report::default();
    for file in files(&opts.exec)? {
        let path = opts.share.join(&file.path);
        let written = path
            .parent()
            .map_or(Ok(()), std::fs::create_dir_all)
            .and_then(|()| crate::storage::atomic_write(&path, &file.bytes));
        written.map_err(|source| DesktopError::File {
            action: "write",
            path: path.clone(),
            source,
        })?;
        report.files.push(path);
    }
    if opts.refresh {
        report.refreshed = refresh(&opts.share);
    }
    Ok(report)
}

/// Removes exactly the files [`install`] writes (those that are there) and the folders
/// that become empty, then refreshes the databases.
pub fn uninstall(opts: &Options) -> Result<Report, DesktopError> {
    let mut report = Report::default();
    for file in files(&opts.exec)? {
        let path = opts.share.join(&file.path);
        match std::fs::remove_file(&path) {
            Ok(()) => report.files.push(path.clone()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
            Err(source) => {
                return Err(DesktopError::File {
                    action: "remove",
                    path,
                    source,
                });
            }
        }
        // Folders the install made (icons/hicolor/16x16/apps…) go when nothing is left.
        let mut dir = path.parent();
        while let Some(d) = dir.filter(|d| *d != opts.share && d.starts_with(&opts.share)) {
            if std::fs::remove_dir(d).is_err() {
                break;
            }
            dir = d.parent();
        }
    }
    if opts.refresh {
        report.refreshed = refresh(&opts.share);
    }
    Ok(report)
}

/// Runs the tools that rebuild the desktop's caches of MIME types, desktop entries and
/// icons, where they are installed. Their absence is not an error: the desktop then
/// reads the files themselves, only later. A cache with nothing left to describe (the
/// last MIME package or desktop entry removed) is removed with its folder.
fn refresh(share: &Path) -> Vec<String> {
    let mut out = Vec::new();
    let mime = share.join("mime");
    if has_files(&mime.join("packages"), "xml") {
        out.push(run("update-mime-database", &[mime.as_os_str()]));
    } else if mime.is_dir() {
        // Everything in mime/ but packages/ is generated from packages/.
        let _ = std::fs::remove_dir_all(&mime);
    }
    let apps = share.join("applications");
    if has_files(&apps, "desktop") {
        out.push(run(
            "update-desktop-database",
            &["-q".as_ref(), apps.as_os_str()],
        ));
    } else if apps.is_dir() {
        let _ = std::fs::remove_file(apps.join("mimeinfo.cache"));
        let _ = std::fs::remove_dir(&apps);
    }
    // A theme's cache is only made where the theme is (system folders have index.theme);
    // desktops rescan a user's icons without one.
    let hicolor = share.join("icons/hicolor");
    if hicolor.join("index.theme").is_file() {
        out.push(run(
            "gtk-update-icon-cache",
            &[
                "-q".as_ref(),
                "-t".as_ref(),
                "-f".as_ref(),
                hicolor.as_os_str(),
            ],
        ));
    }
    out
}

/// Whether `dir` holds, at any depth, a file named `*.ext`.
fn has_files(dir: &Path, ext: &str) -> bool {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return false;
    };
    entries.flatten().any(|e| {
        let p = e.path();
        if p.is_dir() {
            has_files(&p, ext)
        } else {
            p.extension().is_some_and(|x| x == ext)
        }
    })
}

fn run(tool: &str, args: &[&std::ffi::OsStr]) -> String {
    match Command::new(tool).args(args).output() {
        Ok(o) if o.status.success() => format!("{tool}: ok"),
        Ok(o) => format!(
            "{tool}: failed ({}): {}",
            o.status,
            String::from_utf8_lossy(&o.stderr).trim()
        ),
        Err(e) if e.kind() == io::ErrorKind::NotFound => format!("{tool}: not installed, skipped"),
        Err(e) => format!("{tool}: could not run: {e}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exec_arguments_are_quoted_as_the_spec_says() {
        assert_eq!(quote_arg("/usr/bin/xiangqi"), "/usr/bin/xiangqi");
        assert_eq!(
            quote_arg("/opt/my games/xiangqi"),
            "\"/opt/my games/xiangqi\""
        );
        assert_eq!(quote_arg("/a/$x`y\"z\\w"), "\"/a/\\$x\\`y\\\"z\\\\w\"");
        assert_eq!(quote_arg("/a/100%"), "/a/100%%");
        // In the file, the string type doubles the backslashes once more.
        let files = files("/opt/my \\games/xiangqi").unwrap();
        let entry = String::from_utf8(files[0].bytes.clone()).unwrap();
        assert!(
            entry.contains("Exec=\"/opt/my \\\\\\\\games/xiangqi\" %f\n"),
            "{entry}"
        );
        assert!(
            entry.contains("TryExec=/opt/my \\\\games/xiangqi\n"),
            "{entry}"
        );
        assert!(matches!(files_err("/a\nb"), DesktopError::BadExec(_)));
    }

    fn files_err(exec: &str) -> DesktopError {
        files(exec).unwrap_err()
    }

    #[test]
    fn every_icon_is_a_png_of_its_size() {
        for (size, png) in ICONS {
            let decoder = png::Decoder::new(std::io::Cursor::new(png));
            let info = decoder.read_info().unwrap().info().clone();
            assert_eq!((info.width, info.height), (size, size));
        }
        assert!(icon_png(128).is_some() && icon_png(100).is_none());
    }

    #[test]
    fn the_entry_claims_the_types_the_mime_package_defines() {
        let line = DESKTOP_ENTRY
            .lines()
            .find_map(|l| l.strip_prefix("MimeType="))
            .unwrap();
        let claimed: Vec<&str> = line.split(';').filter(|t| !t.is_empty()).collect();
        assert_eq!(claimed, MIME_TYPES);
        for t in MIME_TYPES {
            // SGF is shared-mime-info's; a second definition would fight it.
            assert_eq!(
                MIME_PACKAGE.contains(&format!("<mime-type type=\"{t}\">")),
                t != SGF
            );
            assert!(METAINFO.contains(&format!("<mediatype>{t}</mediatype>")));
        }
        let filled = String::from_utf8(files("xiangqi").unwrap()[0].bytes.clone()).unwrap();
        assert!(filled.contains(&format!("Icon={APP_ID}\n")));
        assert!(!filled.contains("{{"));
        assert!(METAINFO.contains(&format!("<id>{APP_ID}</id>")));
    }

    #[test]
    fn install_then_uninstall_leaves_the_folder_as_it_was() {
        let share = std::env::temp_dir().join(format!("xiangqi-desktop-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&share);
        std::fs::create_dir_all(share.join("applications")).unwrap();
        std::fs::write(share.join("applications/other.desktop"), "x").unwrap();
        let opts = Options {
            share: share.clone(),
            exec: "/usr/bin/xiangqi".into(),
            refresh: false,
        };
        let report = install(&opts).unwrap();
        assert_eq!(report.files.len(), 12);
        assert!(report.files.iter().all(|p| p.is_file()));
        let again = uninstall(&opts).unwrap();
        assert_eq!(again.files, report.files);
        let left: Vec<_> = walk(&share);
        assert_eq!(left, vec![share.join("applications/other.desktop")]);
        // Nothing to remove is not an error.
        assert!(uninstall(&opts).unwrap().files.is_empty());
        std::fs::remove_dir_all(&share).unwrap();
    }

    #[test]
    fn the_committed_icons_are_what_the_theme_draws_today() {
        // After a change to the theme: cargo run --no-default-features --example make-icons
        let stale =
            "assets/icons are stale: run `cargo run --no-default-features --example make-icons`";
        assert_eq!(ICON_SVG, crate::picture::icon_svg(), "{stale}");
        for (size, png) in ICONS {
            let (want, _) = crate::picture::icon_rgba(size);
            let decoder = png::Decoder::new(std::io::Cursor::new(png));
            let mut reader = decoder.read_info().unwrap();
            let mut have = vec![0; reader.output_buffer_size().unwrap()];
            reader.next_frame(&mut have).unwrap();
            // A rounding step apart is the same picture.
            let same = have.iter().zip(&want).all(|(a, b)| a.abs_diff(*b) <= 2);
            assert!(same && have.len() == want.len(), "{size} px: {stale}");
        }
    }

    fn walk(dir: &Path) -> Vec<PathBuf> {
        let mut out = Vec::new();
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                out.extend(walk(&p));
            } else {
                out.push(p);
            }
        }
        out
    }
}
