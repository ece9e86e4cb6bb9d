//! When the window cannot go on: a program of Windows' "windows" subsystem has no
//! console, so a panic there would close it without a word. On Windows a message box
//! says what happened in the player's language and what to do: above all when the
//! graphics driver gives none of DirectX 12, Vulkan and OpenGL (old GPUs, the "Microsoft Basic
//! Render Driver" of a computer without its driver, some virtual machines).

use crate::i18n::Lang;

/// What stopped the window, told apart by the panic's words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Failure {
    /// No graphics adapter the renderer can use.
    Graphics,
    /// The display described itself in a way the windowing library cannot use (seen on
    /// virtual displays, where winit asserts on the fields of a display mode).
    Display,
    /// Anything else: a defect of the program.
    Defect,
}

impl Failure {
    /// Which failure the panic `message` tells of.
    #[must_use]
    pub fn of(message: &str) -> Failure {
        let m = message.to_ascii_lowercase();
        if [
            "unable to find a gpu",
            "adapter",
            "wgpu",
            "surface",
            "vulkan",
            "dx12",
            "directx",
        ]
        .iter()
        .any(|w| m.contains(w))
        {
            Failure::Graphics
        } else if m.contains("dmfields") || m.contains("monitor") || m.contains("display mode") {
            Failure::Display
        } else {
            Failure::Defect
        }
    }

    /// The message box's title and text, `details` (the panic's words) at the end.
    #[must_use]
    pub fn text(self, lang: Lang, details: &str) -> (&'static str, String) {
        let body = match (self, lang) {
            (Failure::Graphics, Lang::Zh) => {
                "象棋无法在这台电脑上显示窗口：DirectX 12、Vulkan 和 OpenGL 都不能用（各自的原因见下面的详情）。\n\n\
                 请从电脑或显卡厂商的网站安装最新的显卡驱动，然后重新打开象棋。\
                 在虚拟机或远程桌面里，请改在电脑本机上打开。\n\n\
                 命令行工具不需要窗口，仍然可以使用（xiangqi --help）。"
            }
            (Failure::Graphics, Lang::En) => {
                "Xiangqi cannot show its window on this computer: none of DirectX 12, Vulkan \
                 and OpenGL works here (each one's reason is in the details below).\n\n\
                 Install the latest graphics driver from the maker of the computer or of its \
                 graphics card, then open Xiangqi again. In a virtual machine or over a remote \
                 desktop, open it on the computer itself.\n\n\
                 The command-line tools need no window and still work (xiangqi --help)."
            }
            (Failure::Display, Lang::Zh) => {
                "象棋无法在这个显示器上打开窗口：显示器报告的显示模式不完整。\n\n\
                 在虚拟机或远程桌面里，请改在电脑本机上打开；或者更新显卡驱动后再试。\n\n\
                 命令行工具不需要窗口，仍然可以使用（xiangqi --help）。"
            }
            (Failure::Display, Lang::En) => {
                "Xiangqi cannot open its window on this display: the display describes its \
                 modes incompletely.\n\n\
                 In a virtual machine or over a remote desktop, open it on the computer itself, \
                 or update the graphics driver and try again.\n\n\
                 The command-line tools need no window and still work (xiangqi --help)."
            }
            (Failure::Defect, Lang::Zh) => {
                "象棋因程序错误而停止。已保存的棋局都还在：下次打开时会接着上一盘。"
            }
            (Failure::Defect, Lang::En) => {
                "Xiangqi stopped because of an error in the program. The games saved so far \
                 are kept: the next start resumes the last one."
            }
            (Failure::Graphics, Lang::Hant) => {
                "象棋無法在這台電腦上顯示視窗：DirectX 12、Vulkan 和 OpenGL 都不能用（各自的原因見下面的詳情）。\n\n\
                 請從電腦或顯示卡廠商的網站安裝最新的顯示卡驅動程式，然後重新開啟象棋。\
                 在虛擬機器或遠端桌面裡，請改在電腦本機上開啟。\n\n\
                 命令列工具不需要視窗，仍然可以使用（xiangqi --help）。"
            }
            (Failure::Display, Lang::Hant) => {
                "象棋無法在這個顯示器上開啟視窗：顯示器回報的顯示模式不完整。\n\n\
                 在虛擬機器或遠端桌面裡，請改在電腦本機上開啟；或者更新顯示卡驅動程式後再試。\n\n\
                 命令列工具不需要視窗，仍然可以使用（xiangqi --help）。"
            }
            (Failure::Defect, Lang::Hant) => {
                "象棋因程式錯誤而停止。已儲存的棋局都還在：下次開啟時會接著上一盤。"
            }
            (Failure::Graphics, Lang::Vi) => {
                "Cờ tướng không hiện được cửa sổ trên máy tính này: cả DirectX 12, Vulkan lẫn \
                 OpenGL đều không dùng được (lý do của từng cái ở phần chi tiết bên dưới).\n\n\
                 Hãy cài trình điều khiển đồ họa mới nhất từ trang web của hãng máy tính hoặc \
                 hãng card đồ họa, rồi mở lại Cờ tướng. Nếu đang ở trong máy ảo hoặc điều khiển \
                 từ xa, hãy mở nó ngay trên máy tính đó.\n\n\
                 Các công cụ dòng lệnh không cần cửa sổ và vẫn dùng được (xiangqi --help)."
            }
            (Failure::Display, Lang::Vi) => {
                "Cờ tướng không mở được cửa sổ trên màn hình này: màn hình báo các chế độ hiển \
                 thị không đầy đủ.\n\n\
                 Nếu đang ở trong máy ảo hoặc điều khiển từ xa, hãy mở nó ngay trên máy tính \
                 đó, hoặc cập nhật trình điều khiển đồ họa rồi thử lại.\n\n\
                 Các công cụ dòng lệnh không cần cửa sổ và vẫn dùng được (xiangqi --help)."
            }
            (Failure::Defect, Lang::Vi) => {
                "Cờ tướng đã dừng vì một lỗi trong chương trình. Các ván đã lưu vẫn còn: lần \
                 mở sau sẽ tiếp tục ván trước."
            }
        };
        let (title, label) = match lang {
            Lang::Zh => ("象棋", "详情："),
            Lang::Hant => ("象棋", "詳情："),
            Lang::En => ("Xiangqi", "Details: "),
            Lang::Vi => ("Cờ tướng", "Chi tiết: "),
        };
        (title, format!("{body}\n\n{label}{details}"))
    }
}

/// The panic's words and where it happened, as the message box's details give them.
fn details(info: &std::panic::PanicHookInfo<'_>) -> String {
    let payload = info.payload();
    let message = payload
        .downcast_ref::<&str>()
        .map(|s| (*s).to_owned())
        .or_else(|| payload.downcast_ref::<String>().cloned())
        .unwrap_or_default();
    match info.location() {
        Some(at) => format!("{message} ({}:{})", at.file(), at.line()),
        None => message,
    }
}

/// While set, a panic is being caught (a graphics driver tried): no message box for it.
static PROBING: std::sync::atomic::AtomicBool = std::sync::atomic::AtomicBool::new(false);

/// Runs `probe`, whose panics are caught and answered by trying something else, without
/// the message box; where a panic cannot be caught (a build that aborts), the box still
/// says what happened before the program ends.
pub fn probing<T>(probe: impl FnOnce() -> T) -> T {
    use std::sync::atomic::Ordering;
    PROBING.store(cfg!(panic = "unwind"), Ordering::SeqCst);
    let answer = probe();
    PROBING.store(false, Ordering::SeqCst);
    answer
}

/// Says `failure` without a panic: a message box on Windows, the terminal elsewhere.
pub fn tell(failure: Failure, lang: Lang, details: &str) {
    let (title, text) = failure.text(lang, details);
    eprintln!("{title}: {text}");
    message_box(title, &text);
}

/// From now on a panic (on any thread) also shows a message box, on Windows; elsewhere
/// the terminal or the journal has the panic's words and nothing changes.
pub fn say_when_the_window_fails(lang: Lang) {
    if !cfg!(windows) {
        return;
    }
    let previous = std::panic::take_hook();
    let shown = std::sync::Once::new();
    std::panic::set_hook(Box::new(move |info| {
        previous(info);
        if PROBING.load(std::sync::atomic::Ordering::SeqCst) {
            return;
        }
        let details = details(info);
        // One box, for the first panic: others that follow it say nothing new.
        shown.call_once(|| {
            let (title, text) = Failure::of(&details).text(lang, &details);
            message_box(title, &text);
        });
    }));
}

#[cfg(windows)]
fn message_box(title: &str, text: &str) {
    use windows_sys::Win32::UI::WindowsAndMessaging::{MB_ICONERROR, MB_OK, MessageBoxW};
    let wide = |s: &str| s.encode_utf16().chain([0]).collect::<Vec<u16>>();
    let (title, text) = (wide(title), wide(text));
    // SAFETY: both strings are NUL-terminated UTF-16 that outlive the call; no owner
    // window (the game's may be the one failing).
    unsafe {
        MessageBoxW(
            std::ptr::null_mut(),
            text.as_ptr(),
            title.as_ptr(),
            MB_OK | MB_ICONERROR,
        );
    }
}

#[cfg(not(windows))]
fn message_box(_title: &str, _text: &str) {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_graphics_adapter_is_told_apart_and_said_in_both_languages() {
        let gpu = "Unable to find a GPU! Make sure you have installed required drivers!";
        assert_eq!(Failure::of(gpu), Failure::Graphics);
        let winit = "assertion failed: has_flag(mode.dmFields, REQUIRED_FIELDS) \
                     (winit-0.30.13/src/platform_impl/windows/monitor.rs:238)";
        assert_eq!(Failure::of(winit), Failure::Display);
        assert_eq!(Failure::of("index out of bounds"), Failure::Defect);
        let (title, text) = Failure::Graphics.text(Lang::Zh, gpu);
        assert_eq!(title, "象棋");
        assert!(
            text.contains("DirectX 12") && text.contains("显卡驱动"),
            "{text}"
        );
        assert!(text.ends_with(&format!("详情：{gpu}")), "{text}");
        let (title, text) = Failure::Graphics.text(Lang::En, gpu);
        assert_eq!(title, "Xiangqi");
        assert!(text.contains("xiangqi --help"), "{text}");
    }
}
