//! Rules, notations, records and files, the command line, the desktop install: what needs no engine, no oracle and no window.
//!
//! One test binary for these (each file was one of its own: a link step apiece).

#[path = "../common/mod.rs"]
mod common;

mod circles;
mod cli;
mod collections;
mod damaged_files;
mod desktop;
mod docs;
mod font;
mod fuzz_regressions;
mod go_sgf;
mod layout;
mod notation;
mod openings;
mod perft;
mod pictures;
mod properties;
mod records;
mod saves;
mod tree;
mod worst_inputs;
mod xqf;
