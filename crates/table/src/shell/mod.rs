//! The shell: what any game at the table needs and none decides. The seam the games
//! implement (`table.rs`), the settings and dialogs every game shares (`model.rs`), keys
//! and the pointer become actions, the window's icon, fonts and sounds, the toggles of
//! the app's preferences (mute, theme, help), the stage the board camera looks at
//! (`stage.rs`); what a screen reader is told (`access.rs`); on X11, a watcher that no click is slept through (`xwake.rs`).

pub mod access;
pub mod assets;
pub mod audio;
pub mod input;
pub mod keys;
pub mod model;
pub mod stage;
pub mod table;
pub mod tables;
pub mod toggles;
#[cfg(target_os = "linux")]
pub mod xwake;
