//! See `properties::go_problems` (tests/fuzz/properties.rs): shared with the stable
//! regression tests.
#![no_main]

#[path = "../../tests/fuzz/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::go_problems(data));
