//! Perft against the published tables. Depth 5 of the start position (133 M nodes)
//! runs in optimised builds only; an unoptimised build stops at depth 4.

use xiangqi::rules::{Position, perft, perft_divide};

fn check(fen: &str, expected: &[u64]) {
    let pos: Position = fen.parse().expect("valid FEN");
    for (depth, &nodes) in (1..).zip(expected) {
        if depth >= 5 && cfg!(debug_assertions) {
            eprintln!("skipping depth {depth} of {fen} in an unoptimised build");
            continue;
        }
        assert_eq!(perft(&pos, depth), nodes, "{fen} depth {depth}");
    }
}

#[test]
fn start_position() {
    check(
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
        &[44, 1920, 79666, 3290240, 133312995],
    );
}

#[test]
fn published_middlegames() {
    for (fen, nodes) in [
        (
            "r1ba1a3/4kn3/2n1b4/pNp1p1p1p/4c4/6P2/P1P2R2P/1CcC5/9/2BAKAB2 w - - 0 1",
            1_339_047,
        ),
        (
            "1rbaka2R/5r3/6n2/2p1p1p2/4P1bP1/PpC3Bc1/1nPR2P2/2N2AN2/1c2K1p2/2BAC4 w - - 0 1",
            4_485_547,
        ),
        ("4kcP1N/8n/3rb4/9/9/9/9/3p1A3/4K4/5CB2 w - - 0 1", 92_741),
    ] {
        let pos: Position = fen.parse().expect("valid FEN");
        assert_eq!(perft(&pos, 4), nodes, "{fen} depth 4");
    }
}

#[test]
fn divide_sums_to_perft() {
    let pos = Position::new();
    let split = perft_divide(&pos, 3);
    assert_eq!(split.len(), 44);
    assert_eq!(split.iter().map(|(_, n)| n).sum::<u64>(), 79666);
    assert!(split.windows(2).all(|w| w[0].0 < w[1].0), "sorted by move");
}
