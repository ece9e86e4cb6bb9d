//! Property tests: FEN round trips, undo restores everything, no text makes the FEN
//! parser panic, move legality agrees however it is asked, and no text pasted at the Go
//! table (a board drawn in text, a move list) makes its readers panic, and neither does a
//! damaged puzzle line or progress file.

use proptest::prelude::*;
use xiangqi::rules::{Game, Move, Position, Setup, Square};

/// A game reached by playing the legal move picked by each number in `picks`.
fn random_game(picks: &[u16]) -> Game {
    let mut game = Game::new();
    for &pick in picks {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        let m = moves[pick as usize % moves.len()];
        game.play(m).expect("a legal move in an ongoing game");
    }
    game
}

fn picks() -> impl Strategy<Value = Vec<u16>> {
    prop::collection::vec(any::<u16>(), 0..160)
}

/// Text that looks like FEN often enough to reach the deeper checks.
fn fen_like() -> impl Strategy<Value = String> {
    prop_oneof![
        ".*",
        "[kabnrcpKABNRCPEHeh0-9/ wbr-]{0,100}",
        (picks(), any::<u64>(), any::<char>()).prop_map(|(p, at, c)| {
            // A real FEN with one character replaced.
            damaged(&random_game(&p).position().to_fen(), at, c)
        }),
    ]
}

/// Text shaped like a Go board or a list of Go moves often enough to get past the first
/// checks.
fn go_text_like() -> impl Strategy<Value = String> {
    prop_oneof![
        ".*",
        r"([XO.+ ]{2,9}\n){2,9}(to-move (black|white))?",
        r"([A-HJ-T][0-9]{1,2}|pass|[0-9]+\.|B|W)( [A-HJ-T][0-9]{1,2}| pass| [0-9]+\.){0,40}",
    ]
}

/// A line of the puzzle collection (or of the progress file) with one character
/// replaced, or anything: the readers meet damaged lines.
fn puzzle_text_like() -> impl Strategy<Value = String> {
    prop_oneof![
        ".*",
        r"[a-z0-9-]{1,8}\t[01]\t[0-9]{1,4}\t[0-9.eEnaNif-]{1,8}\n",
        (any::<u16>(), any::<u64>(), any::<char>()).prop_map(|(pick, at, c)| {
            let all = xiangqi::games::xiangqi::puzzles::collection();
            damaged(&all[pick as usize % all.len()].to_line(), at, c)
        }),
        // A line with the move before it in brackets (as found puzzles have), whole or
        // damaged.
        (any::<u16>(), any::<u64>(), any::<char>()).prop_map(|(pick, at, c)| {
            let all = xiangqi::games::xiangqi::puzzles::collection();
            let mut p = all[pick as usize % all.len()].clone();
            let mv = p.solution.remove(0);
            p.lead_in = Some(xiangqi::games::xiangqi::puzzles::LeadIn {
                before: p.start.clone(),
                mv,
            });
            p.start = p.start.play(mv).unwrap();
            let line = p.to_line();
            assert!(line.contains(&format!("\t({mv})")), "{line}");
            if at % 3 == 0 {
                line
            } else {
                damaged(&line, at, c)
            }
        }),
    ]
}

/// `line` with the character at `at` (modulo its length) replaced by `c`.
fn damaged(line: &str, at: u64, c: char) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    let i = at as usize % chars.len();
    chars[i] = c;
    chars.into_iter().collect()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn puzzle_and_progress_readers_never_panic_and_what_reads_writes_back(text in puzzle_text_like()) {
        use xiangqi::games::xiangqi::puzzles::{parse, training::Progress, verify};
        if let Ok(all) = parse(&text) {
            for p in &all {
                let back = parse(&p.to_line()).expect("a written puzzle reads");
                prop_assert_eq!(&back[0], p);
                // Mate or win is what the line's end says.
                prop_assert_eq!(p.goal, xiangqi::games::xiangqi::puzzles::Goal::of(&p.start, &p.solution));
                let _ = verify(p);
            }
        }
        let written = Progress::from_text(&text).to_text();
        prop_assert_eq!(Progress::from_text(&written).to_text(), written);
    }

    #[test]
    fn go_text_readers_never_panic_and_a_board_reads_back(text in go_text_like()) {
        use xiangqi::go::text;
        if let Ok(pos) = text::read_diagram(&text) {
            let back = text::read_diagram(&pos.board().diagram()).expect("a drawn board reads");
            prop_assert_eq!(back.board(), pos.board());
        }
        if text::looks_like_moves(&text) {
            let size = text::size_for_moves(&text);
            if let Ok(game) = text::read_moves(&text, size, xiangqi::go::Rules::CHINESE) {
                prop_assert!(!game.moves().is_empty());
            }
        }
    }

    #[test]
    fn fen_round_trip(p in picks()) {
        let game = random_game(&p);
        for ply in 0..=game.ply_count() {
            let pos = game.position_at(ply);
            let fen = pos.to_fen();
            let back: Position = fen.parse().unwrap();
            prop_assert_eq!(&back, pos, "{}", fen);
            prop_assert_eq!(back.to_fen(), fen);
        }
    }

    #[test]
    fn undo_restores_position_and_hash(p in picks()) {
        let mut game = random_game(&p);
        let before = game.position().clone();
        if game.outcome().is_none() {
            for m in before.legal_moves().iter().copied() {
                game.play(m).unwrap();
                prop_assert_ne!(game.position().hash(), before.hash());
                prop_assert_eq!(game.undo(), Some(m));
                prop_assert_eq!(game.position(), &before);
                prop_assert_eq!(game.position().hash(), before.hash());
            }
        }
        // Undo all the way, then redo all the way.
        let end = game.position().clone();
        let n = game.ply_count();
        while game.undo().is_some() {}
        prop_assert_eq!(game.position(), &Position::new());
        for _ in 0..n {
            prop_assert!(game.redo().is_some());
        }
        prop_assert_eq!(game.position(), &end);
    }

    #[test]
    fn fen_parser_never_panics(text in fen_like()) {
        if let Ok(setup) = Setup::from_fen(&text) {
            prop_assert_eq!(Setup::from_fen(&setup.to_fen()), Ok(setup.clone()));
            if let Ok(pos) = Position::from_setup(setup) {
                let _ = pos.legal_moves();
                let _ = pos.is_checkmate();
                prop_assert_eq!(Position::from_fen(&pos.to_fen()), Ok(pos));
            }
        }
    }

    #[test]
    fn legality_agrees_every_way(p in picks()) {
        let game = random_game(&p);
        let pos = game.position();
        let legal = pos.legal_moves();
        for from in Square::all() {
            let from_here = pos.legal_moves_from(from);
            for to in Square::all().filter(|&to| to != from) {
                let m = Move::new(from, to);
                let listed = legal.contains(&m);
                prop_assert_eq!(pos.is_legal(m), listed, "{} in {:?}", m, pos);
                prop_assert_eq!(from_here.contains(&m), listed);
            }
        }
        prop_assert_eq!(pos.has_legal_moves(), !legal.is_empty());
        if pos.is_check() {
            prop_assert!(!pos.checkers().is_empty());
        }
    }
}
