//! Every input a fuzzer ever failed on (kept in `tests/data/fuzz/TARGET/`), and the
//! fuzzers' seeds, through the same checks as the fuzz targets, on stable: a fixed
//! failure stays fixed without the fuzzer.

use std::path::Path;

#[path = "../fuzz/properties.rs"]
mod properties;

#[test]
fn every_input_the_fuzzers_failed_on_passes_now() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut checked = 0;
    for (target, check) in properties::TARGETS {
        // Every target has its fuzz target and its seeds; a missing folder is a failure,
        // not a pass over nothing.
        assert!(
            root.join(format!("fuzz/fuzz_targets/{target}.rs"))
                .is_file(),
            "{target}: no fuzz target"
        );
        let seeds = root.join(format!("fuzz/seeds/{target}"));
        assert!(seeds.is_dir(), "{target}: no seeds at {}", seeds.display());
        let mut dirs = vec![seeds];
        // Failures kept only for the targets that ever failed.
        let failed = root.join(format!("tests/data/fuzz/{target}"));
        if failed.exists() {
            dirs.push(failed);
        }
        let mut here = 0;
        for dir in dirs {
            let entries = std::fs::read_dir(&dir)
                .unwrap_or_else(|e| panic!("{target}: {}: {e}", dir.display()));
            for entry in entries {
                let path = entry.unwrap().path();
                let bytes = std::fs::read(&path).unwrap();
                let run = std::panic::catch_unwind(|| check(&bytes));
                assert!(run.is_ok(), "{target}: {} fails", path.display());
                here += 1;
            }
        }
        assert!(here > 0, "{target}: no inputs");
        checked += here;
    }
    // A folder of kept failures names a target that is checked (not one renamed away).
    for entry in std::fs::read_dir(root.join("tests/data/fuzz")).unwrap() {
        let name = entry.unwrap().file_name().to_string_lossy().into_owned();
        assert!(
            properties::TARGETS.iter().any(|(t, _)| *t == name),
            "tests/data/fuzz/{name} names no target"
        );
    }
    assert!(checked > 100, "only {checked} inputs found");
}

/// The collection target, run in CI on stable: its check over random collections put
/// together from the pieces files are made of (tags, moves, comments that hide tags,
/// results, footers, SGF trees and values with escapes, legacy bytes whose trail bytes
/// are brackets, NULs, byte-order marks), in random pieces.
mod collection_in_ci {
    use proptest::prelude::*;

    const WORDS: [&[u8]; 24] = [
        b"[Event \"a\"]\n",
        b"[Game \"Chinese Chess\"]\n",
        b"[Red \"x\"]\r\n",
        b"1. h2e2 h9g7 ",
        b"2. \xe7\x82\xae\xe4\xba\x8c\xe5\xb9\xb3\xe4\xba\x94 ",
        b"{",
        b"}",
        b"{[Note \"x\"]\n}",
        b"; 1-0 comment\n",
        b"1-0\n",
        b"*\n",
        b"=====\n[site]\n",
        b"\n",
        b"(",
        b")",
        b"(;GM[1]SZ[9];B[ee]",
        b"C[a \\] b]",
        b"PB[\xb6\x7d\xb0\x5d\xb3\x5c]",
        b"\xb6\x7d",
        b"\xd6\xd0",
        b"\x00",
        b"\xef\xbb\xbf",
        b"\xff\xfe[\x00",
        b" ",
    ];

    fn collection_like() -> impl Strategy<Value = Vec<u8>> {
        prop::collection::vec(
            prop_oneof![
                4 => (0..WORDS.len()).prop_map(|i| WORDS[i].to_vec()),
                1 => prop::collection::vec(any::<u8>(), 0..8),
            ],
            0..60,
        )
        .prop_map(|words| words.concat())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2000))]
        #[test]
        fn collections_in_any_pieces_cut_the_same_and_never_panic(
            piece in 1u8..=255,
            body in collection_like(),
        ) {
            let data = [vec![piece], body].concat();
            super::properties::collection(&data);
        }
    }
}
