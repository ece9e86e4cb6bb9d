//! The `xiangqi` binary: the command-line tools (and, with the `gui` feature, the game).

use std::process::ExitCode;

mod cli;

fn main() -> ExitCode {
    cli::run()
}
