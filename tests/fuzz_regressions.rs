//! Every input a fuzzer ever failed on (kept in `tests/data/fuzz/TARGET/`), and the
//! fuzzers' seeds, through the same checks as the fuzz targets, on stable: a fixed
//! failure stays fixed without the fuzzer.

use std::path::Path;

#[path = "fuzz/properties.rs"]
mod properties;

#[test]
fn every_input_the_fuzzers_failed_on_passes_now() {
    let mut checked = 0;
    for (target, check) in properties::TARGETS {
        for dir in [
            format!("tests/data/fuzz/{target}"),
            format!("fuzz/seeds/{target}"),
        ] {
            let Ok(entries) = std::fs::read_dir(Path::new(&dir)) else {
                continue;
            };
            for entry in entries {
                let path = entry.unwrap().path();
                let bytes = std::fs::read(&path).unwrap();
                let run = std::panic::catch_unwind(|| check(&bytes));
                assert!(run.is_ok(), "{target}: {} fails", path.display());
                checked += 1;
            }
        }
    }
    assert!(checked > 100, "only {checked} inputs found");
}
