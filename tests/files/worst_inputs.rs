//! Every reader's worst known input at the 1 MB limit stays far under a generous bound
//! (the target is 100 ms each on the slowest machine we build on; `cargo bench --bench
//! worst_inputs` gives the figures). The bound here is ten times the target, so that a
//! busy CI machine does not fail it, while a quadratic reader (seconds) still does.

use std::time::{Duration, Instant};

#[path = "../worst/inputs.rs"]
mod inputs;

#[test]
fn every_reader_reads_its_worst_input_in_time() {
    let bound = Duration::from_secs(1);
    let mut slow = Vec::new();
    // WORST_ONLY=text runs only the inputs whose names contain it (for profiling).
    let only = std::env::var("WORST_ONLY").unwrap_or_default();
    for (name, reader, bytes) in inputs::all() {
        if !name.contains(&only) {
            continue;
        }
        assert!(
            bytes.len() <= xiangqi::rules::record::MAX_INPUT_BYTES + 16,
            "{name}"
        );
        let start = Instant::now();
        let out = inputs::run(reader, &bytes);
        let took = start.elapsed();
        println!("{name}: {:.1} ms ({out})", took.as_secs_f64() * 1e3);
        if took > bound {
            slow.push(format!("{name}: {took:?}"));
        }
    }
    assert!(slow.is_empty(), "over {bound:?}: {slow:#?}");
}
