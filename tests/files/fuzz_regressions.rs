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
