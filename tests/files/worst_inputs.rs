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

/// `pattern` over and over, `times` times, after `head`: an input of many megabytes
/// that is never held whole, as a file is read.
struct Repeat {
    head: std::io::Cursor<Vec<u8>>,
    pattern: Vec<u8>,
    at: usize,
    left: usize,
}

impl Repeat {
    fn new(head: &str, pattern: &str, times: usize) -> Repeat {
        Repeat {
            head: std::io::Cursor::new(head.as_bytes().to_vec()),
            pattern: pattern.as_bytes().to_vec(),
            at: 0,
            left: times,
        }
    }
}

impl std::io::Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let n = self.head.read(buf)?;
        if n > 0 {
            return Ok(n);
        }
        let mut n = 0;
        while n < buf.len() && self.left > 0 {
            let take = (self.pattern.len() - self.at).min(buf.len() - n);
            buf[n..n + take].copy_from_slice(&self.pattern[self.at..self.at + take]);
            n += take;
            self.at += take;
            if self.at == self.pattern.len() {
                self.at = 0;
                self.left -= 1;
            }
        }
        Ok(n)
    }
}

/// The streaming readers' worst inputs, each of many megabytes and read game by game: a
/// game that never ends (one line, and many), a header of a million tags, a million
/// empty games; for SGF a tree never closed and a million empty trees. Each is read
/// through in time, the games after a refused one are still read, and nothing is held
/// but a game at a time (the splitters' own tests bound what waits).
#[test]
fn the_collection_readers_worst_inputs_read_through_in_time() {
    use xiangqi::collection::{Games, SgfGames};
    let bound = Duration::from_secs(20);
    let last = "\n[Event \"last\"]\n1. h2e2 *\n";
    let cases: Vec<(&str, Repeat, usize)> = vec![
        (
            "a game of one endless line",
            Repeat::new("[Event \"x\"]\n", "h2e2 h9g7 h7h6 ", 2_000_000),
            1,
        ),
        (
            "a game that never ends",
            Repeat::new("[Event \"x\"]\n", "1. h2e2 h9g7\n", 2_000_000),
            1,
        ),
        (
            "a million tags",
            Repeat::new("[Event \"x\"]\n", "[Tag \"v\"]\n", 0),
            0,
        ),
        (
            "a million empty games",
            Repeat::new("", "[E \"\"]\n*\n", 1_000_000),
            1_000_000,
        ),
    ];
    for (name, source, games) in cases {
        // The million tags: each a name of its own, so that the header never ends.
        let source: Box<dyn std::io::Read> = if name == "a million tags" {
            let tags: String = (0..1_000_000).map(|i| format!("[T{i} \"v\"]\n")).collect();
            Box::new(std::io::Cursor::new(format!(
                "[Event \"x\"]\n{tags}1. h2e2 *\n{last}"
            )))
        } else {
            Box::new(std::io::Read::chain(source, std::io::Cursor::new(last)))
        };
        let start = Instant::now();
        let mut read = 0;
        let mut refused = 0;
        let mut lastname = None;
        for entry in Games::new(source) {
            match entry.game {
                Ok(imported) => {
                    read += 1;
                    lastname = imported.record.tag("Event").map(str::to_owned);
                }
                Err(_) => refused += 1,
            }
        }
        let took = start.elapsed();
        println!(
            "{name}: {:.0} ms, {read} read, {refused} refused",
            took.as_secs_f64() * 1e3
        );
        assert!(took < bound, "{name}: {took:?}");
        assert_eq!(
            lastname.as_deref(),
            Some("last"),
            "{name}: the game after it is read"
        );
        if games == 1_000_000 {
            assert_eq!(read, games + 1, "{name}");
        } else {
            assert_eq!((read, refused), (1, 1), "{name}");
        }
    }
    for (name, source, trees) in [
        (
            "an SGF tree never closed",
            Repeat::new("(;GM[1]", "(;B[aa]", 4_000_000),
            1,
        ),
        (
            "a million empty SGF trees",
            Repeat::new("", "(;)", 1_000_000),
            1_000_000,
        ),
    ] {
        let start = Instant::now();
        let count = SgfGames::new(source).count();
        let took = start.elapsed();
        println!("{name}: {:.0} ms, {count} trees", took.as_secs_f64() * 1e3);
        assert!(took < bound, "{name}: {took:?}");
        assert_eq!(count, trees, "{name}");
    }
}
