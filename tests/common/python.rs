//! The Python oracles: Fairy-Stockfish (`pyffish`) for the rules, the cchess library
//! for files. Python comes from `XIANGQI_PYTHON` if set; otherwise a virtualenv with
//! both packages is made once under the target directory. A test that needs it fails
//! (it does not skip) when that is impossible, so CI cannot pass without the
//! comparison.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Pinned, so that a new release cannot change a verdict under us.
const PACKAGES: [&str; 3] = ["pyffish==0.0.90", "cchess==1.25.5", "sgfmill==1.1.1"];

fn run(cmd: &mut Command) -> bool {
    cmd.stdout(Stdio::null())
        .status()
        .is_ok_and(|s| s.success())
}

/// A Python interpreter that can `import pyffish, cchess`. Made once per test binary:
/// the tests run in parallel, and two making the same virtualenv at once break it.
pub fn python() -> PathBuf {
    static PYTHON: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    PYTHON.get_or_init(make_python).clone()
}

fn make_python() -> PathBuf {
    if let Some(py) = std::env::var_os("XIANGQI_PYTHON") {
        return py.into();
    }
    let venv = Path::new(env!("CARGO_TARGET_TMPDIR")).join("oracle-venv");
    let py = venv.join("bin").join("python");
    if run(Command::new(&py).args(["-c", "import pyffish, cchess, sgfmill"])) {
        return py;
    }
    let made = run(Command::new("python3").arg("-m").arg("venv").arg(&venv))
        && run(Command::new(&py)
            .args(["-m", "pip", "install", "-q"])
            .args(PACKAGES));
    assert!(
        made,
        "could not make a virtualenv with {PACKAGES:?} at {}: install python3 and python3-venv \
         (or set XIANGQI_PYTHON to a Python that has them)",
        venv.display()
    );
    py
}

/// A Python script that answers one request per line.
pub struct Oracle {
    child: std::process::Child,
    stdin: std::process::ChildStdin,
    stdout: std::io::BufReader<std::process::ChildStdout>,
}

impl Oracle {
    /// Starts `tests/SCRIPT` with the oracle Python.
    pub fn start(script: &str) -> Oracle {
        let script = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests")
            .join(script);
        let mut child = Command::new(python())
            .arg(&script)
            .env("PYTHONUTF8", "1")
            .env("PYTHONIOENCODING", "utf-8")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("start {}: {e}", script.display()));
        let stdin = child.stdin.take().unwrap();
        let stdout = std::io::BufReader::new(child.stdout.take().unwrap());
        Oracle {
            child,
            stdin,
            stdout,
        }
    }

    /// Sends one request line and returns the answer line, without its newline.
    pub fn ask(&mut self, request: &str) -> String {
        use std::io::{BufRead, Write};
        writeln!(self.stdin, "{request}").unwrap();
        self.stdin.flush().unwrap();
        let mut line = String::new();
        self.stdout.read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "the oracle stopped at {request:?}");
        line.trim_end_matches('\n').to_owned()
    }
}

impl Drop for Oracle {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
