//! The `xiangqi` binary: the command-line tools (and, with the `gui` feature, the game).

// A double-click on the game in Windows opens no console window beside it; the
// command-line tools write to the console they were started from (attach_console).
#![cfg_attr(all(windows, feature = "gui"), windows_subsystem = "windows")]

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    #[cfg(all(windows, feature = "gui"))]
    attach_console();
    cli::run()
}

/// Joins the console of the program that started us (a terminal), if any: a program of
/// the "windows" subsystem gets none of its own. From a double-click there is none, and
/// nothing changes.
#[cfg(all(windows, feature = "gui"))]
fn attach_console() {
    use windows_sys::Win32::System::Console::{ATTACH_PARENT_PROCESS, AttachConsole};
    // SAFETY: a plain Win32 call with a constant argument; it only fails (and then does
    // nothing) when there is no parent console or we already have one.
    unsafe {
        AttachConsole(ATTACH_PARENT_PROCESS);
    }
}
