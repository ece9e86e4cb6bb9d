//! For `benches/picture-figures.sh`: a random game of N plies (no early end) written as
//! `game.txt` (UCCI) and each of its positions as `frames/NNN.png`, in OUT_DIR.
//!
//!     cargo run --release --example picture-frames -- 100 OUT_DIR

use xiangqi::picture::{Options, png};
use xiangqi::rules::{Game, ucci};

fn main() {
    let mut args = std::env::args().skip(1);
    let plies: usize = args.next().and_then(|a| a.parse().ok()).unwrap_or(100);
    let out = std::path::PathBuf::from(args.next().unwrap_or_else(|| "picture-frames".into()));
    let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
    let mut next = move || {
        seed ^= seed >> 12;
        seed ^= seed << 25;
        seed ^= seed >> 27;
        seed.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let game = 'again: loop {
        let mut game = Game::new();
        while game.ply_count() < plies {
            let moves = game.position().legal_moves();
            let m = moves[(next() % moves.len() as u64) as usize];
            if game.play(m).is_err() || game.outcome().is_some() {
                continue 'again;
            }
        }
        break game;
    };
    std::fs::create_dir_all(out.join("frames")).expect("the output folder");
    std::fs::write(out.join("game.txt"), ucci::write(&game) + "\n").expect("game.txt");
    let moves: Vec<_> = game.moves().collect();
    for i in 0..=plies {
        let last = i.checked_sub(1).map(|j| moves[j]);
        let bytes = png(game.position_at(i), last, &Options::default());
        std::fs::write(out.join(format!("frames/{i:03}.png")), bytes).expect("a frame");
    }
}
