//! The game tree holds everything a record's lines carry: real XQF files with
//! variations and comments go into a tree and come back out the same.

use std::path::PathBuf;

use xiangqi::rules::record::{GameRecord, Variation};
use xiangqi::rules::tree::GameTree;
use xiangqi::rules::xqf;

fn files() -> Vec<PathBuf> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    let mut out = Vec::new();
    // The repository's copies of the real files (../shared is not in a clone).
    for dir in [root.join("tests/data/xqf")] {
        let Ok(entries) = std::fs::read_dir(&dir) else {
            continue;
        };
        for e in entries {
            let path = e.unwrap().path();
            if path
                .extension()
                .is_some_and(|x| x.eq_ignore_ascii_case("xqf"))
            {
                out.push(path);
            }
        }
    }
    out
}

/// Every comment with the moves that lead to it, whatever the record's shape.
fn comments(record: &GameRecord) -> Vec<(Vec<String>, String)> {
    fn walk(
        prefix: &[String],
        moves: &[String],
        comments: &std::collections::BTreeMap<usize, String>,
        variations: &[Variation],
        out: &mut Vec<(Vec<String>, String)>,
    ) {
        for (&n, text) in comments {
            let mut at = prefix.to_vec();
            at.extend_from_slice(&moves[..n.min(moves.len())]);
            out.push((at, text.clone()));
        }
        for v in variations {
            let mut head = prefix.to_vec();
            head.extend_from_slice(&moves[..v.ply.min(moves.len())]);
            let vm: Vec<String> = v.moves.iter().map(ToString::to_string).collect();
            walk(&head, &vm, &v.comments, &v.variations, out);
        }
    }
    let main: Vec<String> = record.game.moves().map(|m| m.to_string()).collect();
    let mut out = Vec::new();
    walk(&[], &main, &record.comments, &record.variations, &mut out);
    out.sort();
    out
}

#[test]
fn real_xqf_trees_go_into_a_tree_and_back_with_every_line_and_comment() {
    let files = files();
    assert!(files.len() >= 4, "the XQF test files: {files:?}");
    let mut lines = 0;
    for path in files {
        let record = xqf::read(&std::fs::read(&path).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let tree =
            GameTree::from_record(&record).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let back = tree.to_record();
        let name = path.display();
        assert_eq!(back.lines(), record.lines(), "{name}: the lines");
        assert_eq!(tree.lines().len(), record.lines().len(), "{name}");
        assert_eq!(comments(&back), comments(&record), "{name}: the comments");
        assert_eq!(back.game.start(), record.game.start(), "{name}");
        lines += tree.lines().len();
    }
    assert!(
        lines >= 10,
        "files with variations were read: {lines} lines"
    );
}
