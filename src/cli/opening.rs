//! `opening`: the ECCO code and name of each game of a file; `library openings`: learn
//! the classification from games whose records carry their codes.

use std::io::Write;
use std::path::{Path, PathBuf};

use xiangqi::rules::opening::{self, Tree};
use xiangqi::rules::{Move, Position};

use super::{Failure, io};

/// One line a game of `input`: `GAME CODE NAME PLY` (tab-separated; PLY: where the
/// opening was decided), and the record's own code after it where it differs.
pub(super) fn openings(out: &mut impl Write, input: &str) -> Result<(), Failure> {
    let name = if input == "-" {
        "standard input"
    } else {
        input
    };
    super::convert::each_game(input, |n, game| {
        let record = match game {
            Ok(imported) => &imported.record,
            Err(e) => {
                eprintln!("xiangqi: {name}: game {n} is unreadable: {e}");
                return Ok(());
            }
        };
        let line = if *record.game.start() != Position::new() {
            format!("{n}\t-\tnot from the usual start: no opening")
        } else {
            let moves: Vec<Move> = record.game.moves().collect();
            match opening::classify(&moves) {
                Some(o) => {
                    let own = record.tag("ECCO").map(str::trim).filter(|t| !t.is_empty());
                    let differs = own
                        .filter(|t| !t.eq_ignore_ascii_case(&o.ecco.to_string()))
                        .map_or_else(String::new, |t| format!("\t(the record says {t})"));
                    format!("{n}\t{}\t{}\t{}{differs}", o.ecco, o.ecco.name(), o.decided)
                }
                None => format!("{n}\t-\tno moves"),
            }
        };
        writeln!(out, "{line}").map_err(io)
    })?;
    Ok(())
}

/// Learns the opening tree from the games under `paths` (read into a library in
/// memory: each game once) whose records carry an ECCO code, into `output`.
pub(super) fn learn(out: &mut impl Write, paths: &[PathBuf], output: &Path) -> Result<(), Failure> {
    let (library, _) = super::library::in_memory(paths)?;
    let games = library
        .tagged_openings()
        .map_err(|e| Failure(e.to_string()))?;
    if games.is_empty() {
        return Err(Failure(
            "no game there carries an ECCO code to learn from".into(),
        ));
    }
    let tree = Tree::learn(&games);
    let agree = games
        .iter()
        .filter(|g| tree.code(&g.moves) == Some(g.ecco))
        .count();
    let text = format!(
        "# ECCO opening tree: `xiangqi library openings` on {} games with their codes.\n{}",
        games.len(),
        tree.to_text()
    );
    xiangqi::storage::atomic_write(output, text.as_bytes())
        .map_err(|e| Failure(format!("{}: {e}", output.display())))?;
    writeln!(
        out,
        "games {}\tnodes {}\tagree {agree}",
        games.len(),
        tree.len()
    )
    .map_err(io)
}
