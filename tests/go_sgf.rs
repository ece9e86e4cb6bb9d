//! SGF against sgfmill (PyPI `sgfmill`): the real files of `tests/data/sgf/` replay to
//! the board sgfmill replays them to, with as many nodes; what we write of them sgfmill
//! reads to the same board, and we read back to the same text.

mod common;

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

/// sgfmill's answer for a file: size, main-line nodes, komi as written, the final rows.
fn sgfmill(oracle: &mut Oracle, path: &Path) -> (u8, usize, f32, String) {
    let answer = oracle.ask(&format!("read\t{}", path.display()));
    let f: Vec<&str> = answer.split('\t').collect();
    assert_eq!(f[0], "ok", "sgfmill on {}: {answer}", path.display());
    (
        f[1].parse().unwrap(),
        f[2].parse().unwrap(),
        f[3].parse().unwrap(),
        f[4].replace('/', "\n") + "\n",
    )
}

#[test]
fn real_files_replay_as_sgfmill_replays_them_and_write_back_the_same() {
    let mut oracle = Oracle::start("sgfmill_oracle.py");
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("go-sgf");
    std::fs::create_dir_all(&dir).unwrap();
    let files = files();
    assert_eq!(files.len(), 4, "{files:?}");
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = sgf::decode(&std::fs::read(&path).unwrap());
        let game = &sgf::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"))[0];
        let line = game.main_line();
        let ours = game.replay(&line).unwrap_or_else(|e| panic!("{name}: {e}"));
        let (size, nodes, komi, rows) = sgfmill(&mut oracle, &path);
        assert_eq!(game.size, size, "{name}");
        assert_eq!(line.len(), nodes, "{name}: main-line nodes");
        assert_eq!(
            ours.position().board().diagram(),
            rows,
            "{name}: the final board"
        );
        let written_komi = game.tag("KM").map_or(0.0, |k| k.trim().parse().unwrap());
        assert_eq!(written_komi, komi, "{name}: komi as written");
        // Written back: sgfmill reads the same game, and so do we, to the same text.
        let written = sgf::write(game);
        let copy = dir.join(&name);
        std::fs::write(&copy, &written).unwrap();
        let (_, nodes_back, _, rows_back) = sgfmill(&mut oracle, &copy);
        assert_eq!(
            (nodes_back, rows_back),
            (nodes, rows),
            "{name} as we write it"
        );
        let again = &sgf::read(&written).unwrap()[0];
        assert_eq!(
            sgf::write(again),
            written,
            "{name}: read back, written the same"
        );
        assert_eq!(again.nodes.len(), game.nodes.len());
        let comments = |g: &sgf::SgfGame| g.nodes.iter().filter(|n| !n.comment.is_empty()).count();
        assert_eq!(comments(again), comments(game), "{name}: the comments");
    }
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
