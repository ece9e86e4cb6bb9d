//! Moves said aloud through the speech program the desktop has: speech-dispatcher's
//! `spd-say` (what Orca speaks through) or `espeak-ng`, in Chinese or English. Nothing
//! is said, and nothing complains, when neither is installed: the settings say so.

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use crate::i18n::Lang;

/// A speech program found on the machine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Speaker {
    /// speech-dispatcher's client, `spd-say`.
    SpeechDispatcher(PathBuf),
    /// `espeak-ng`.
    EspeakNg(PathBuf),
}

impl Speaker {
    /// The first speech program on the `PATH`: speech-dispatcher (the desktop's voice,
    /// shared with a screen reader), else espeak-ng.
    #[must_use]
    pub fn find() -> Option<Speaker> {
        let path = std::env::var_os("PATH")?;
        let on_path = |name: &str| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(name))
                .find(|p| p.is_file())
        };
        on_path("spd-say")
            .map(Speaker::SpeechDispatcher)
            .or_else(|| on_path("espeak-ng").map(Speaker::EspeakNg))
    }

    /// The speech program of this machine, looked for once.
    #[must_use]
    pub fn installed() -> Option<&'static Speaker> {
        static FOUND: std::sync::OnceLock<Option<Speaker>> = std::sync::OnceLock::new();
        FOUND.get_or_init(Speaker::find).as_ref()
    }

    /// The program's name, as the settings and the log say it.
    #[must_use]
    pub fn name(&self) -> &'static str {
        match self {
            Speaker::SpeechDispatcher(_) => "speech-dispatcher",
            Speaker::EspeakNg(_) => "espeak-ng",
        }
    }

    /// The command that says `text` in `lang` (into `wav`, a file, for espeak-ng when
    /// given: what the tests listen to).
    #[must_use]
    pub fn command(&self, text: &str, lang: Lang, wav: Option<&Path>) -> Command {
        let code = match lang {
            Lang::Zh => "zh",
            Lang::En => "en",
        };
        match self {
            Speaker::SpeechDispatcher(program) => {
                let mut c = Command::new(program);
                // Said at once, cutting off a move still being said: the game moves on.
                c.args(["--cancel", "-l", code, "--"]).arg(text);
                c
            }
            Speaker::EspeakNg(program) => {
                let mut c = Command::new(program);
                // espeak-ng's Mandarin voice is `cmn`.
                let voice = if lang == Lang::Zh { "cmn" } else { "en" };
                c.args(["-v", voice]);
                if let Some(wav) = wav {
                    c.arg("-w").arg(wav);
                }
                c.arg("--").arg(text);
                c
            }
        }
    }

    /// Says `text` in `lang`, without waiting (a thread reaps the program).
    pub fn say(&self, text: &str, lang: Lang) {
        let mut command = self.command(text, lang, None);
        command
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        match command.spawn() {
            Ok(mut child) => {
                let _ = std::thread::Builder::new()
                    .name("speech".into())
                    .spawn(move || child.wait());
            }
            Err(e) => log::warn!("{} could not say a move: {e}", self.name()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(c: &Command) -> Vec<String> {
        c.get_args()
            .map(|a| a.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn each_program_is_handed_the_words_in_the_language() {
        let spd = Speaker::SpeechDispatcher("spd-say".into());
        assert_eq!(
            args(&spd.command("红方 炮二平五", Lang::Zh, None)),
            ["--cancel", "-l", "zh", "--", "红方 炮二平五"]
        );
        let espeak = Speaker::EspeakNg("espeak-ng".into());
        assert_eq!(
            args(&espeak.command("Red cannon 2 to 5", Lang::En, None)),
            ["-v", "en", "--", "Red cannon 2 to 5"]
        );
        assert_eq!(
            args(&espeak.command("-3", Lang::Zh, Some(Path::new("a.wav")))),
            ["-v", "cmn", "-w", "a.wav", "--", "-3"],
            "a text beginning with a dash is no option"
        );
    }
}
