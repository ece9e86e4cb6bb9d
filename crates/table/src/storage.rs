//! Files on disk: where the game keeps things on each OS, and writes that never leave a
//! half-written file behind (a crash or a kill mid-write leaves the old file or the new
//! one, nothing in between).

use std::fs::{self, File};
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// The folders the game uses.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Dirs {
    /// Save slots and the autosave (e.g. `~/.local/share/xiangqi`).
    pub data: PathBuf,
    /// Settings (e.g. `~/.config/xiangqi`).
    pub config: PathBuf,
    /// Where exported games go: the user's documents folder.
    pub documents: PathBuf,
    /// Where exported pictures go: the user's pictures folder.
    pub pictures: PathBuf,
}

impl Dirs {
    /// The OS's folders for this user; `None` when the OS names no home folder.
    #[must_use]
    pub fn from_os() -> Option<Dirs> {
        let project = directories::ProjectDirs::from("org", "xiangqi", "xiangqi")?;
        let user = directories::UserDirs::new()?;
        // Without an XDG user-dirs file Linux names no documents or pictures folder: use
        // ~/Documents or ~/Pictures if it exists, else the home folder itself.
        let or_home = |named: Option<&Path>, usual: &str| {
            named.map(Path::to_path_buf).unwrap_or_else(|| {
                let dir = user.home_dir().join(usual);
                if dir.is_dir() {
                    dir
                } else {
                    user.home_dir().to_path_buf()
                }
            })
        };
        Some(Dirs {
            data: project.data_dir().to_path_buf(),
            config: project.config_dir().to_path_buf(),
            documents: or_home(user.document_dir(), "Documents"),
            pictures: or_home(user.picture_dir(), "Pictures"),
        })
    }

    /// All three under one folder (tests, portable use).
    #[must_use]
    pub fn under(root: &Path) -> Dirs {
        Dirs {
            data: root.join("data"),
            config: root.join("config"),
            documents: root.join("documents"),
            pictures: root.join("pictures"),
        }
    }

    /// The autosaved session.
    #[must_use]
    pub fn autosave(&self) -> PathBuf {
        self.data.join("autosave.txt")
    }

    /// The settings file.
    #[must_use]
    pub fn settings(&self) -> PathBuf {
        self.config.join("settings.ron")
    }

    /// The save slots' folder.
    #[must_use]
    pub fn slots(&self) -> PathBuf {
        self.data.join("slots")
    }

    /// Each player's stars in the lessons of every game.
    #[must_use]
    pub fn lessons(&self) -> PathBuf {
        self.data.join("lessons.tsv")
    }

    /// Each player's mistakes to practise, in every game.
    #[must_use]
    pub fn mistakes(&self) -> PathBuf {
        self.data.join("mistakes.tsv")
    }

    /// Each player's games guessed, with their percentages.
    #[must_use]
    pub fn guesses(&self) -> PathBuf {
        self.data.join("guesses.tsv")
    }

    /// The game library's database (SQLite).
    #[must_use]
    pub fn library(&self) -> PathBuf {
        self.data.join("library.sqlite")
    }
}

/// Replaces `path` with `bytes` atomically: writes a temporary file beside it, flushes it
/// to disk, renames it over `path` and flushes the folder. Creates the folder if needed.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("xiangqi-doc-{}", std::process::id()));
/// let file = dir.join("a.txt");
/// table::storage::atomic_write(&file, b"one").unwrap();
/// table::storage::atomic_write(&file, b"two").unwrap();
/// assert_eq!(std::fs::read(&file).unwrap(), b"two");
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub fn atomic_write(path: &Path, bytes: &[u8]) -> io::Result<()> {
    static COUNTER: AtomicU32 = AtomicU32::new(0);
    // A bare file name's parent is "", which cannot be opened to flush: the current folder.
    let dir = path
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    fs::create_dir_all(dir)?;
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let tmp = dir.join(format!(
        ".{name}.{}-{}.tmp",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed)
    ));
    let written = (|| {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        drop(file);
        fs::rename(&tmp, path)?;
        // The rename itself is only durable once the folder is flushed.
        #[cfg(unix)]
        File::open(dir)?.sync_all()?;
        Ok(())
    })();
    if written.is_err() {
        let _ = fs::remove_file(&tmp);
    }
    written
}

/// Writes files atomically ([`atomic_write`]) on a thread of its own, so that whoever
/// hands it a file never waits for the disk. Of several writes of one file queued before
/// the thread gets to them, only the newest is made: each is the whole file. Dropping the
/// writer (or [`flush`](Self::flush)) waits for what was handed to it.
///
/// ```
/// let dir = std::env::temp_dir().join(format!("xiangqi-doc-bg-{}", std::process::id()));
/// let file = dir.join("a.txt");
/// let mut writer = table::storage::BackgroundWriter::new();
/// writer.write(file.clone(), b"one".to_vec());
/// writer.write(file.clone(), b"two".to_vec());
/// writer.flush();
/// assert_eq!(std::fs::read(&file).unwrap(), b"two");
/// assert!(writer.errors().is_empty());
/// # std::fs::remove_dir_all(&dir).unwrap();
/// ```
pub struct BackgroundWriter {
    jobs: Option<std::sync::mpsc::Sender<Job>>,
    // In a mutex only so that the writer can be shared between threads (a Bevy
    // resource must be): one reader at a time is all it has.
    errors: std::sync::Mutex<std::sync::mpsc::Receiver<(PathBuf, String)>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

enum Job {
    Write(PathBuf, Vec<u8>),
    /// Answered once everything queued before it is written.
    Flush(std::sync::mpsc::Sender<()>),
}

impl BackgroundWriter {
    /// Starts the writer's thread.
    #[must_use]
    pub fn new() -> BackgroundWriter {
        let (jobs, queue) = std::sync::mpsc::channel::<Job>();
        let (report, errors) = std::sync::mpsc::channel();
        let thread = std::thread::Builder::new()
            .name("file writer".into())
            .spawn(move || {
                while let Ok(first) = queue.recv() {
                    // Take everything queued meanwhile; the newest of each file wins.
                    let mut batch = vec![first];
                    batch.extend(queue.try_iter());
                    let mut files: Vec<(PathBuf, Vec<u8>)> = Vec::new();
                    let mut waiting = Vec::new();
                    for job in batch {
                        match job {
                            Job::Write(path, bytes) => {
                                files.retain(|(p, _)| *p != path);
                                files.push((path, bytes));
                            }
                            Job::Flush(done) => waiting.push(done),
                        }
                    }
                    for (path, bytes) in files {
                        if let Err(e) = atomic_write(&path, &bytes) {
                            let _ = report.send((path, e.to_string()));
                        }
                    }
                    for done in waiting {
                        let _ = done.send(());
                    }
                }
            })
            .ok();
        BackgroundWriter {
            jobs: thread.is_some().then_some(jobs),
            errors: std::sync::Mutex::new(errors),
            thread,
        }
    }

    /// Queues `bytes` to replace `path`. Returns at once. Without a thread (the system
    /// would not start one) the write happens here and now.
    pub fn write(&self, path: PathBuf, bytes: Vec<u8>) {
        match &self.jobs {
            Some(jobs) => {
                if let Err(std::sync::mpsc::SendError(Job::Write(path, bytes))) =
                    jobs.send(Job::Write(path, bytes))
                {
                    let _ = atomic_write(&path, &bytes);
                }
            }
            None => {
                let _ = atomic_write(&path, &bytes);
            }
        }
    }

    /// Waits until everything queued so far is written.
    pub fn flush(&mut self) {
        let (done, wait) = std::sync::mpsc::channel();
        if let Some(jobs) = &self.jobs
            && jobs.send(Job::Flush(done)).is_ok()
        {
            let _ = wait.recv();
        }
    }

    /// The writes that failed since the last call: each file and why.
    #[must_use]
    pub fn errors(&self) -> Vec<(PathBuf, String)> {
        self.errors
            .lock()
            .map(|e| e.try_iter().collect())
            .unwrap_or_default()
    }
}

impl Default for BackgroundWriter {
    fn default() -> Self {
        BackgroundWriter::new()
    }
}

impl Drop for BackgroundWriter {
    fn drop(&mut self) {
        // Closing the queue ends the thread once it has written what it holds.
        self.jobs = None;
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Removes the temporary files of writes that never finished (the writer was killed)
/// from `dir`, if they are older than `age`: a younger one may be another instance's
/// write in progress.
pub fn remove_stale_temporaries(dir: &Path, age: std::time::Duration) {
    let Ok(entries) = fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        let old = entry
            .metadata()
            .and_then(|m| m.modified())
            .is_ok_and(|t| t.elapsed().unwrap_or_default() >= age);
        if name.starts_with('.') && name.ends_with(".tmp") && old {
            let _ = fs::remove_file(entry.path());
        }
    }
}

/// Moves a damaged file aside (`NAME.damaged`, or `NAME.damaged-2`…) so that nothing
/// overwrites what the player may still want; returns the new path.
pub fn keep_aside(path: &Path) -> io::Result<PathBuf> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let mut n = 1;
    loop {
        let suffix = if n == 1 {
            ".damaged".to_owned()
        } else {
            format!(".damaged-{n}")
        };
        let aside = path.with_file_name(format!("{name}{suffix}"));
        if !aside.exists() {
            fs::rename(path, &aside)?;
            return Ok(aside);
        }
        n += 1;
    }
}

/// A file that did not read: why, and where it was moved (or why it could not be).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Damaged {
    /// The reader's reason.
    pub reason: String,
    /// Where the file now is, or why it could not be moved.
    pub kept: Result<PathBuf, String>,
}

impl Damaged {
    /// Where the file went, as the player is told it.
    #[must_use]
    pub fn kept_text(&self) -> String {
        match &self.kept {
            Ok(path) => path.display().to_string(),
            Err(e) => e.clone(),
        }
    }
}

/// Reads `path` with `parse`: `Ok(None)` when there is no file; a file that cannot be
/// read or parsed is moved aside ([`keep_aside`]) so that the next write cannot destroy
/// it, and the error says why and where it went.
pub fn read_or_keep_aside<T>(
    path: &Path,
    parse: impl FnOnce(&[u8]) -> Result<T, String>,
) -> Result<Option<T>, Damaged> {
    let read = match fs::read(path) {
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => Err(e.to_string()),
        Ok(bytes) => parse(&bytes),
    };
    read.map(Some).map_err(|reason| Damaged {
        reason,
        kept: keep_aside(path).map_err(|e| e.to_string()),
    })
}

/// A path in `dir` named `STEM.EXT`, or `STEM-2.EXT`… if taken.
#[must_use]
pub fn unused_path(dir: &Path, stem: &str, ext: &str) -> PathBuf {
    let mut n = 1;
    loop {
        let name = if n == 1 {
            format!("{stem}.{ext}")
        } else {
            format!("{stem}-{n}.{ext}")
        };
        let path = dir.join(name);
        if !path.exists() {
            return path;
        }
        n += 1;
    }
}

/// The local date and time, as PGN wants them (`2026.11.21`, `15:30:12`) and for file
/// names (`20261121-153012`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stamp {
    /// `YYYY.MM.DD`.
    pub date: String,
    /// `HH:MM:SS`.
    pub time: String,
    /// `YYYYMMDD-HHMMSS`.
    pub file: String,
}

impl Stamp {
    /// Now, in the system's time zone (UTC if it cannot be found).
    #[must_use]
    pub fn now() -> Stamp {
        let now = jiff::Zoned::now();
        Stamp {
            date: now.strftime("%Y.%m.%d").to_string(),
            time: now.strftime("%H:%M:%S").to_string(),
            file: now.strftime("%Y%m%d-%H%M%S").to_string(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("xiangqi-storage-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn the_background_writer_keeps_the_newest_and_reports_failures() {
        let dir = temp("background");
        let file = dir.join("a.txt");
        let mut writer = BackgroundWriter::new();
        for n in 0..50 {
            writer.write(file.clone(), format!("{n}").into_bytes());
        }
        writer.flush();
        assert_eq!(fs::read_to_string(&file).unwrap(), "49");
        assert!(writer.errors().is_empty());
        // A file where its folder should be: the write fails, and says so.
        let blocked = file.join("inside.txt");
        writer.write(blocked.clone(), b"x".to_vec());
        writer.flush();
        let errors = writer.errors();
        assert_eq!(errors.len(), 1, "{errors:?}");
        assert_eq!(errors[0].0, blocked);
        // Dropping the writer waits for what it was handed.
        writer.write(file.clone(), b"last".to_vec());
        drop(writer);
        assert_eq!(fs::read_to_string(&file).unwrap(), "last");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn atomic_write_replaces_and_leaves_no_temporary_file() {
        let dir = temp("atomic");
        let file = dir.join("deep").join("slot.pgn");
        atomic_write(&file, b"first").unwrap();
        atomic_write(&file, b"second").unwrap();
        assert_eq!(fs::read(&file).unwrap(), b"second");
        let names: Vec<_> = fs::read_dir(file.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["slot.pgn"]);
        // A folder where the file should be: an error, and the folder is untouched.
        fs::create_dir_all(dir.join("taken")).unwrap();
        assert!(atomic_write(&dir.join("taken"), b"x").is_err());
        assert!(dir.join("taken").is_dir());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damaged_files_are_kept_aside_and_names_are_not_reused() {
        let dir = temp("aside");
        fs::create_dir_all(&dir).unwrap();
        let file = dir.join("settings.ron");
        fs::write(&file, "one").unwrap();
        assert_eq!(keep_aside(&file).unwrap(), dir.join("settings.ron.damaged"));
        fs::write(&file, "two").unwrap();
        assert_eq!(
            keep_aside(&file).unwrap(),
            dir.join("settings.ron.damaged-2")
        );
        assert_eq!(
            fs::read_to_string(dir.join("settings.ron.damaged")).unwrap(),
            "one"
        );
        assert_eq!(
            unused_path(&dir, "settings", "ron"),
            dir.join("settings.ron")
        );
        fs::write(&file, "three").unwrap();
        assert_eq!(
            unused_path(&dir, "settings", "ron"),
            dir.join("settings-2.ron")
        );
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn stamps_have_the_pgn_shape() {
        let s = Stamp::now();
        assert_eq!(s.date.len(), 10);
        assert_eq!(&s.date[4..5], ".");
        assert_eq!(s.time.len(), 8);
        assert_eq!(s.file.len(), 15);
    }
}
