//! Writes the puzzle collection (`assets/puzzles/collection.tsv`) with Fairy-Stockfish:
//!
//! ```sh
//! cargo run --release --example make-puzzles -- [--engine PATH] [--generate N] [--seed S] \
//!     [--most MOVES] > assets/puzzles/collection.tsv
//! ```
//!
//! Two kinds of puzzle go in. The classic compositions of `assets/puzzles/sources/*.tsv`
//! (a book's positions with their numbers and names): for each the engine writes the
//! line, the solver's mating moves and the defender's longest resistance; a position
//! whose mate (of at most `MOVES`, default 16) it does not find is left out and named
//! on standard error. Then `N`
//! generated ones: random endgames of the usual material (a rook and a horse against
//! the advisors, two horses, cannon and horse…) kept when the engine finds a mate in two
//! to five whose first move is the only one that mates as fast. Each line is kept only
//! if the engine's check of it (as the tests make it) holds. The engine forgets between
//! searches and runs on one thread: the same seed gives the same file.

use std::path::PathBuf;
use std::time::Duration;

use xiangqi::engine::{Engine, Limit, Score};
use xiangqi::games::xiangqi::puzzles::solve;
use xiangqi::rules::Position;

/// Depth of the searches (20 and 24 where a mate shows only deeper).
const DEPTH: u32 = 16;

/// A fixed pseudo-random source (xorshift).
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }
}

/// Where a piece may stand, in (file, rank) from red's side; `black` mirrors the ranks.
fn places(piece: char) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let red = piece.is_ascii_uppercase();
    for file in 0..9 {
        for rank in 0..10 {
            // Ranks from the piece's own side.
            let own = if red { rank } else { 9 - rank };
            let ok = match piece.to_ascii_lowercase() {
                'k' => (3..=5).contains(&file) && own <= 2,
                'a' => matches!((file, own), (3 | 5, 0 | 2) | (4, 1)),
                'b' => matches!((file, own), (2 | 6, 0 | 4) | (0 | 4 | 8, 2)),
                'p' => own >= 5 || (own >= 3 && file % 2 == 0),
                _ => true,
            };
            if ok {
                out.push((file, rank));
            }
        }
    }
    out
}

/// Material for the attacker (red) and extra pieces for the defender (black, besides its
/// general): the endgames composers and players drill.
const THEMES: &[(&str, &str)] = &[
    ("RH", "aab"),
    ("RC", "aabb"),
    ("RR", "aabbc"),
    ("RP", "a"),
    ("HH", "a"),
    ("HC", "a"),
    ("HCP", "aab"),
    ("RHP", "aabbr"),
    ("RCP", "aabbh"),
    ("CCP", "ab"),
    ("HPP", "a"),
    ("RHC", "aabbrc"),
    ("RRC", "aabbrh"),
    ("HHC", "aabb"),
    ("RCC", "aabbr"),
    ("PPP", ""),
];

/// A random position of `theme` (red to move), if the rules accept it.
fn random_position(rng: &mut Rng, theme: (&str, &str)) -> Option<Position> {
    let mut grid = [['.'; 9]; 10];
    let mut put = |piece: char, rng: &mut Rng| -> bool {
        let free: Vec<(usize, usize)> = places(piece)
            .into_iter()
            .filter(|&(f, r)| grid[r][f] == '.')
            .collect();
        if free.is_empty() {
            return false;
        }
        let (f, r) = free[rng.below(free.len())];
        grid[r][f] = piece;
        true
    };
    let mut all: Vec<char> = vec!['K', 'k'];
    all.extend(theme.0.chars());
    all.extend(theme.1.chars());
    // Sometimes the attacker keeps an advisor at home.
    if rng.below(3) == 0 {
        all.push('A');
    }
    for piece in all {
        if !put(piece, rng) {
            return None;
        }
    }
    let rows: Vec<String> = (0..10)
        .rev()
        .map(|rank| {
            let mut row = String::new();
            let mut empty = 0;
            for &c in &grid[rank] {
                if c == '.' {
                    empty += 1;
                } else {
                    if empty > 0 {
                        row.push_str(&empty.to_string());
                        empty = 0;
                    }
                    row.push(c);
                }
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
            }
            row
        })
        .collect();
    let pos = Position::from_fen(&format!("{} w - - 0 1", rows.join("/"))).ok()?;
    (!pos.is_check() && !pos.legal_moves().is_empty()).then_some(pos)
}

/// The two best lines' mates (moves for red), at the deepest depth.
fn two_best(engine: &mut Engine, pos: &Position) -> Option<(i32, Option<i32>)> {
    let mut lines: [(u32, Option<i32>); 2] = [(0, None); 2];
    engine
        .search(pos, &[], Limit::Depth(DEPTH), 2, |line| {
            let i = line.multipv - 1;
            if i < 2 && line.depth >= lines[i].0 {
                lines[i] = (
                    line.depth,
                    match line.score {
                        Score::Mate(n) => Some(n),
                        Score::Centipawns(_) => None,
                    },
                );
            }
        })
        .ok()?;
    Some((lines[0].1?, lines[1].1))
}

fn main() {
    let mut args = std::env::args().skip(1);
    let mut engine_path = None;
    let mut generate: usize = 220;
    let mut seed = 0x5EED_2026_u64;
    // The longest classic mate written (moves of the solver): `--most`.
    let mut most: i32 = 16;
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--engine" => engine_path = args.next().map(PathBuf::from),
            "--generate" => generate = args.next().and_then(|n| n.parse().ok()).unwrap_or(0),
            "--seed" => seed = args.next().and_then(|n| n.parse().ok()).unwrap_or(seed),
            "--most" => most = args.next().and_then(|n| n.parse().ok()).unwrap_or(most),
            other => panic!("unknown argument {other}"),
        }
    }
    let path = xiangqi::engine::find(engine_path.as_deref()).expect("Fairy-Stockfish installed");
    let mut engine = Engine::start(&path, Duration::from_secs(30)).expect("the engine starts");
    // One thread: the same answers every time.
    let _ = engine.set_option("Threads", "1");
    let _ = engine.set_option("Hash", "64");
    println!("# The puzzle collection: ID, SOURCE, NAME, FEN, SOLUTION (ICCS), tab-separated.");
    println!(
        "# Written by `cargo run --release --example make-puzzles` with {}.",
        engine.name()
    );
    println!("# Sources and licences: assets/puzzles/sources/README.md.");
    let sources = concat!(env!("CARGO_MANIFEST_DIR"), "/assets/puzzles/sources");
    let mut files: Vec<PathBuf> = std::fs::read_dir(sources)
        .expect("the sources folder")
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "tsv"))
        .collect();
    files.sort();
    let mut kept = 0;
    for file in files {
        let text = std::fs::read_to_string(&file).expect("a sources file");
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        {
            let fields: Vec<&str> = line.split('\t').collect();
            let [id, source, name, fen] = fields[..] else {
                panic!("{}: not ID SOURCE NAME FEN: {line}", file.display());
            };
            let start = match Position::from_fen(fen) {
                Ok(start) => start,
                Err(e) => {
                    eprintln!("left out {id} ({name}): {e}");
                    continue;
                }
            };
            if std::env::var("PUZZLE_ONLY").is_ok_and(|only| !only.split(',').any(|o| o == id)) {
                continue;
            }
            // Deeper where the first depth does not see the mate; mates of up to eight
            // moves first, so that a short mate seen late is not written long.
            let mut found = Ok(None);
            let bounds = if most > 8 { vec![8, most] } else { vec![most] };
            'search: for bound in bounds {
                for depth in [DEPTH, DEPTH + 4, DEPTH + 8] {
                    found = solve::line(&mut engine, &start, depth, bound);
                    if !matches!(found, Ok(None)) {
                        break 'search;
                    }
                }
            }
            // Kept only if the engine, checking it as the tests do, agrees.
            if let Ok(Some(moves)) = &found
                && let Ok(departures) = solve::check(&mut engine, &start, moves, DEPTH)
                && !departures.is_empty()
            {
                eprintln!("left out {id} ({name}): the engine's check departs: {departures:?}");
                continue;
            }
            match found {
                Ok(Some(moves)) => {
                    let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
                    println!("{id}\t{source}\t{name}\t{fen}\t{}", moves.join(" "));
                    kept += 1;
                }
                other => eprintln!("left out {id} ({name}): {other:?}"),
            }
        }
    }
    eprintln!("{kept} classic puzzles");
    let mut rng = Rng(seed);
    let mut made = 0;
    let mut tries = 0;
    let mut by_length = [0usize; 6];
    while made < generate {
        tries += 1;
        let theme = THEMES[rng.below(THEMES.len())];
        let Some(pos) = random_position(&mut rng, theme) else {
            continue;
        };
        let Some((mate, second)) = two_best(&mut engine, &pos) else {
            continue;
        };
        // Mate in two to five, the first move the only one as fast; no more than a
        // third of them of any one length.
        if !(2..=5).contains(&mate) || second.is_some_and(|n| n > 0 && n <= mate) {
            continue;
        }
        if by_length[mate as usize] >= generate.div_ceil(3) {
            continue;
        }
        let Ok(Some(moves)) = solve::line(&mut engine, &pos, DEPTH, mate) else {
            continue;
        };
        if !solve::check(&mut engine, &pos, &moves, DEPTH).is_ok_and(|d| d.is_empty()) {
            continue;
        }
        made += 1;
        by_length[mate as usize] += 1;
        let moves: Vec<String> = moves.iter().map(ToString::to_string).collect();
        println!(
            "gen-{made:04}\tgenerated {} vs k{}\t\t{}\t{}",
            theme.0,
            theme.1,
            pos.to_fen(),
            moves.join(" ")
        );
    }
    eprintln!("{made} generated in {tries} tries; by mate length {by_length:?}");
}
