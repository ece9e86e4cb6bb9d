//! The game without a window: its Bevy schedule run headless, frame by frame.
//!
//! One test binary for these (each file was one of its own: a link step apiece).

#[path = "../common/mod.rs"]
mod common;

mod gui_clock;
mod gui_ecs;
mod gui_engine;
mod gui_family;
mod gui_files;
mod gui_household;
mod gui_lessons;
mod gui_levels;
mod gui_manual;
mod gui_problems;
mod gui_schedule;
mod gui_tables;
mod gui_train;
mod gui_tutor;
