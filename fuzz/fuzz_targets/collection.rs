//! See `properties::collection` (tests/fuzz/properties.rs): shared with the stable
//! regression tests and the property test that runs it in CI.
#![no_main]

#[path = "../../tests/fuzz/properties.rs"]
#[allow(dead_code)]
mod properties;

libfuzzer_sys::fuzz_target!(|data: &[u8]| properties::collection(data));
