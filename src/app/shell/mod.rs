//! The shell: what any game at the table needs and none decides. Keys and the pointer
//! become actions, the window's icon, fonts and sounds, the toggles of the app's
//! preferences (flip, mute, help).

pub mod assets;
pub mod audio;
pub mod icon;
pub mod input;
pub mod toggles;
