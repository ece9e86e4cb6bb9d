//! Moves said aloud through the speech program the desktop has: speech-dispatcher's
//! `spd-say` (what Orca speaks through) or `espeak-ng`, in Chinese or English; on
//! Windows the system's own voice (System.Speech, through PowerShell). Nothing is said,
//! and nothing complains, when there is none: the settings say so.

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
    /// Windows' voice, through `powershell.exe` (a part of every Windows since 7).
    WindowsVoice(PathBuf),
}

impl Speaker {
    /// The first speech program on the `PATH`: speech-dispatcher (the desktop's voice,
    /// shared with a screen reader), else espeak-ng.
    #[must_use]
    pub fn find() -> Option<Speaker> {
        let path = std::env::var_os("PATH")?;
        let on_path = |name: &str| {
            std::env::split_paths(&path)
                .map(|dir| dir.join(format!("{name}{}", std::env::consts::EXE_SUFFIX)))
                .find(|p| p.is_file())
        };
        if cfg!(windows) {
            return on_path("powershell").map(Speaker::WindowsVoice);
        }
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
            Speaker::WindowsVoice(_) => "Windows",
        }
    }

    /// The command that says `text` in `lang` (into `wav`, a file, for espeak-ng when
    /// given: what the tests listen to).
    #[must_use]
    pub fn command(&self, text: &str, lang: Lang, wav: Option<&Path>) -> Command {
        let code = match lang {
            Lang::Zh | Lang::Hant => "zh",
            Lang::En => "en",
            Lang::Vi => "vi",
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
                // Mandarin with its Latin read as pinyin: plain `cmn` turns some
                // characters into pinyin with tone digits and reads those in English
                // (红 as "hong two"), as its phonemes (`-x`) show.
                let voice = match lang {
                    Lang::Zh | Lang::Hant => "cmn-latn-pinyin",
                    Lang::En => "en",
                    Lang::Vi => "vi",
                };
                c.args(["-v", voice]);
                if let Some(wav) = wav {
                    c.arg("-w").arg(wav);
                }
                c.arg("--").arg(text);
                c
            }
            Speaker::WindowsVoice(program) => {
                let mut c = Command::new(program);
                c.args(["-NoProfile", "-NonInteractive", "-EncodedCommand"])
                    .arg(windows_voice_script(text, lang, wav));
                #[cfg(windows)]
                {
                    // No console window flashes up for each move.
                    use std::os::windows::process::CommandExt;
                    const CREATE_NO_WINDOW: u32 = 0x0800_0000;
                    c.creation_flags(CREATE_NO_WINDOW);
                }
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

/// The PowerShell that says `text` with a voice of `lang` when Windows has one (else its
/// default voice), as `-EncodedCommand` takes it: base64 of UTF-16, so that no quoting
/// of the words by the command line can break them.
fn windows_voice_script(text: &str, lang: Lang, wav: Option<&Path>) -> String {
    let literal = |s: &str| format!("'{}'", s.replace('\'', "''"));
    let culture = match lang {
        Lang::Zh => "zh-CN",
        Lang::Hant => "zh-TW",
        Lang::En => "en-US",
        Lang::Vi => "vi-VN",
    };
    let output = match wav {
        Some(wav) => format!(
            "$v.SetOutputToWaveFile({});",
            literal(&wav.to_string_lossy())
        ),
        None => String::new(),
    };
    let script = format!(
        "Add-Type -AssemblyName System.Speech;\
         $v = New-Object System.Speech.Synthesis.SpeechSynthesizer;\
         try {{ $v.SelectVoiceByHints(0, 0, 0, [Globalization.CultureInfo]{}) }} catch {{}};\
         {output}$v.Speak({})",
        literal(culture),
        literal(text)
    );
    let utf16: Vec<u8> = script.encode_utf16().flat_map(u16::to_le_bytes).collect();
    base64(&utf16)
}

/// Standard base64 with padding (what PowerShell's `-EncodedCommand` reads).
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i) & 63) as usize]));
            } else {
                out.push('=');
            }
        }
    }
    out
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
            ["-v", "cmn-latn-pinyin", "-w", "a.wav", "--", "-3"],
            "a text beginning with a dash is no option"
        );
    }

    #[test]
    fn windows_is_handed_the_words_whole_in_its_encoded_command() {
        assert_eq!(base64(b"Man"), "TWFu");
        assert_eq!(base64(b"Ma"), "TWE=");
        assert_eq!(base64(b"M"), "TQ==");
        let voice = Speaker::WindowsVoice("powershell.exe".into());
        let a = args(&voice.command("红方 炮二平五 'x'", Lang::Zh, None));
        assert_eq!(a[..3], ["-NoProfile", "-NonInteractive", "-EncodedCommand"]);
        // Decoded as PowerShell does: base64, then UTF-16.
        let decoded = decode(&a[3]);
        assert!(
            decoded.contains("$v.Speak('红方 炮二平五 ''x''')"),
            "{decoded}"
        );
        assert!(decoded.contains("CultureInfo]'zh-CN'"), "{decoded}");
    }

    fn decode(b64: &str) -> String {
        let value = |c: u8| match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            _ => 63,
        };
        let mut bytes = Vec::new();
        for chunk in b64.as_bytes().chunks(4) {
            let n = chunk
                .iter()
                .filter(|&&c| c != b'=')
                .enumerate()
                .fold(0u32, |n, (i, &c)| n | u32::from(value(c)) << (18 - 6 * i));
            let len = chunk.iter().filter(|&&c| c != b'=').count() - 1;
            bytes.extend((0..len).map(|i| (n >> (16 - 8 * i)) as u8));
        }
        let units: Vec<u16> = bytes
            .chunks(2)
            .map(|p| u16::from_le_bytes([p[0], p[1]]))
            .collect();
        String::from_utf16(&units).unwrap()
    }
}
