//! SGF against sgfmill (PyPI `sgfmill`): the real files of `tests/data/sgf/` replay to
//! the board sgfmill replays them to, with as many nodes; what we write of them sgfmill
//! reads to the same board, and we read back to the same text.

use crate::common;

use std::path::{Path, PathBuf};

use common::python::Oracle;
use xiangqi::go::sgf;

fn files() -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sgf");
    let mut out: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x.eq_ignore_ascii_case("sgf")))
        .collect();
    out.sort();
    out
}

/// sgfmill's reading of a file.
struct Read {
    size: u8,
    /// The main line's nodes.
    nodes: usize,
    /// Komi as written.
    komi: f32,
    /// The final board, rows top first.
    rows: String,
    /// The main line's moves, passes too.
    moves: usize,
    /// The main line's comments, one a node.
    comments: Vec<String>,
}

/// sgfmill's answer for a file.
fn sgfmill(oracle: &mut Oracle, path: &Path) -> Read {
    let answer = oracle.ask(&format!("read\t{}", path.display()));
    let f: Vec<&str> = answer.split('\t').collect();
    assert_eq!(f[0], "ok", "sgfmill on {}: {answer}", path.display());
    let unhex = |h: &str| {
        let bytes: Vec<u8> = (0..h.len())
            .step_by(2)
            .map(|i| u8::from_str_radix(&h[i..i + 2], 16).unwrap())
            .collect();
        String::from_utf8(bytes).unwrap()
    };
    Read {
        size: f[1].parse().unwrap(),
        nodes: f[2].parse().unwrap(),
        komi: f[3].parse().unwrap(),
        rows: f[4].replace('/', "\n") + "\n",
        moves: f[5].parse().unwrap(),
        comments: f[6].split(',').map(unhex).collect(),
    }
}

#[test]
fn real_files_replay_as_sgfmill_replays_them_and_write_back_the_same() {
    let mut oracle = Oracle::start("sgfmill_oracle.py");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("go-sgf");
    std::fs::create_dir_all(&dir).unwrap();
    let files = files();
    assert_eq!(files.len(), 4, "{files:?}");
    let mut commented = 0;
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = sgf::decode(&std::fs::read(&path).unwrap());
        let game = &sgf::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"))[0];
        let line = game.main_line();
        let ours = game.replay(&line).unwrap_or_else(|e| panic!("{name}: {e}"));
        let theirs = sgfmill(&mut oracle, &path);
        assert_eq!(game.size, theirs.size, "{name}");
        assert_eq!(line.len(), theirs.nodes, "{name}: main-line nodes");
        assert_eq!(ours.moves().len(), theirs.moves, "{name}: main-line moves");
        assert_eq!(
            ours.position().board().diagram(),
            theirs.rows,
            "{name}: the final board"
        );
        let written_komi = game.tag("KM").map_or(0.0, |k| k.trim().parse().unwrap());
        assert_eq!(written_komi, theirs.komi, "{name}: komi as written");
        let comments = |g: &sgf::SgfGame| -> Vec<String> {
            g.main_line()
                .iter()
                .map(|&n| g.nodes[n].comment.clone())
                .collect()
        };
        assert_eq!(
            comments(game),
            theirs.comments,
            "{name}: the comments, as sgfmill reads them"
        );
        commented += theirs.comments.iter().filter(|c| !c.is_empty()).count();
        // Written back: sgfmill reads the same game, and so do we, to the same text.
        let written = sgf::write(game);
        let copy = dir.join(&name);
        std::fs::write(&copy, &written).unwrap();
        let back = sgfmill(&mut oracle, &copy);
        assert_eq!(
            (back.nodes, back.moves, &back.rows, &back.comments),
            (theirs.nodes, theirs.moves, &theirs.rows, &theirs.comments),
            "{name} as we write it"
        );
        let again = &sgf::read(&written).unwrap()[0];
        assert_eq!(
            sgf::write(again),
            written,
            "{name}: read back, written the same"
        );
        assert_eq!(again.nodes.len(), game.nodes.len());
    }
    assert!(commented >= 3, "{commented} comments compared");
}

#[test]
fn fox_komi_in_hundredths_or_fiftieths_reads_as_seven_and_a_half() {
    for km in ["750", "375", "7.5"] {
        let game = &sgf::read(&format!("(;GM[1]SZ[19]KM[{km}])")).unwrap()[0];
        assert_eq!(game.komi(), Some(7.5), "KM[{km}]");
    }
    let fox = files()
        .into_iter()
        .find(|p| p.to_string_lossy().contains("CGI_vs_Lucifer"))
        .unwrap();
    let game = &sgf::read(&sgf::decode(&std::fs::read(fox).unwrap())).unwrap()[0];
    assert_eq!(game.rules().komi, 7.5);
    assert_eq!(game.rules().name, "japanese");
}
