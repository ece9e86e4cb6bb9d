//! The rules and the engine clients against outside truth: Fairy-Stockfish (the program and pyffish), cchess, GNU Go and sgfmill.
//!
//! One test binary for these (each file was one of its own: a link step apiece).

#[path = "../common/mod.rs"]
mod common;

mod engine;
mod go_problems;
mod go_review;
mod lessons;
mod matches;
mod puzzles;
mod pyffish;
mod review;
mod tutor;
mod uci;
