//! The worst inputs we know for each reader, at the 1 MB limit a paste or a file may
//! have: shared by `tests/worst_inputs.rs` (a generous bound in CI) and
//! `benches/worst_inputs.rs` (the figures).

use xiangqi::games::xiangqi::session::Session;
use xiangqi::rules::record::{MAX_INPUT_BYTES, MAX_PLIES};
use xiangqi::rules::{Notation, Position, read};
use xiangqi::settings::Preferences;
use xiangqi::slots::read_slot;

/// Which reader an input is for.
#[derive(Clone, Copy, Debug)]
pub enum Reader {
    /// `Position::from_fen`.
    Fen,
    /// A pasted text (`read::read_any`).
    Paste,
    /// A pasted text opened as the game, then written as the copy and the autosave
    /// write it, and the autosave read back: the whole way of a game's tree.
    Open,
    /// A file's bytes (`read::read_games_bytes`): every game of it.
    File,
    /// One move in each notation, in the start position.
    Move,
    /// The autosave.
    Snapshot,
    /// A save slot.
    Slot,
    /// A Go board or move list pasted as text.
    GoText,
    /// The settings file.
    Settings,
    /// A Go game file: read, set up, its main line replayed, written back.
    Sgf,
    /// A puzzle collection: read, every puzzle checked.
    Puzzles,
    /// A Go problem file: read, every problem's main line played.
    GoProblems,
    /// The puzzle progress file.
    Progress,
    /// The lessons' stars file.
    Lessons,
    /// A player's mistakes file.
    Mistakes,
    /// The games guessed file.
    Guesses,
    /// An opening tree (`xiangqi library openings` writes them): read, written back, a
    /// line named by it.
    OpeningTree,
}

/// Runs `reader` on `bytes` as the game does; returns something that depends on the
/// result so the work cannot be optimised away.
pub fn run(reader: Reader, bytes: &[u8]) -> usize {
    let text = || String::from_utf8_lossy(bytes);
    match reader {
        Reader::Fen => Position::from_fen(&text()).map_or(0, |p| p.legal_moves().len()),
        Reader::Paste => read::read_any(&text()).map_or(1, |i| i.record.game.ply_count()),
        Reader::Open => {
            let Ok(imported) = read::read_any(&text()) else {
                return 1;
            };
            let mut session = Session::new();
            session.replace_record(imported.record);
            let copied = xiangqi::rules::pgn::write(&session.record(), Notation::Chinese);
            let saved = session.to_snapshot();
            let back = Session::from_snapshot(&saved).map_or(1, |s| s.tree().move_count());
            copied.len() + back
        }
        Reader::File => read::read_games_bytes(bytes).map_or(1, |g| g.len()),
        Reader::Move => {
            let pos = Position::new();
            let t = text();
            Notation::ALL
                .iter()
                .filter(|n| n.parse(&pos, &t).is_ok())
                .count()
        }
        Reader::Snapshot => Session::from_snapshot(&text()).map_or(1, |s| s.game().ply_count()),
        Reader::Slot => match read_slot(bytes) {
            xiangqi::slots::SlotState::Saved(info) => info.plies,
            _ => 1,
        },
        Reader::Settings => Preferences::from_text(&text()).map_or(1, |p| p.slots.len() + 2),
        Reader::GoText => {
            use xiangqi::go::text;
            let t = text();
            let board = text::read_diagram(&t).map_or(1, |p| usize::from(p.board().size()));
            let size = text::size_for_moves(&t);
            board
                + text::read_moves(&t, size, xiangqi::go::Rules::CHINESE)
                    .map_or(1, |g| g.moves().len())
        }
        Reader::Puzzles => xiangqi::games::xiangqi::puzzles::parse(&text()).map_or(1, |all| {
            all.iter()
                .map(|p| {
                    p.solution.len()
                        + usize::from(xiangqi::games::xiangqi::puzzles::verify(p).is_ok())
                })
                .sum()
        }),
        Reader::GoProblems => {
            use xiangqi::games::go::problems::{attempt::Attempt, read};
            read(&xiangqi::go::sgf::decode(bytes), "worst").map_or(1, |all| {
                all.iter()
                    .map(|p| {
                        let mut attempt = Attempt::new(p);
                        for mv in p.main_line().into_iter().step_by(2) {
                            let _ = attempt.play(mv);
                        }
                        attempt.line().len() + p.steps.len()
                    })
                    .sum()
            })
        }
        Reader::OpeningTree => {
            use xiangqi::rules::opening::Tree;
            Tree::from_text(&text()).map_or(1, |t| {
                let line: Vec<xiangqi::rules::Move> = SHUFFLE
                    .split_whitespace()
                    .map(|m| m.parse().unwrap())
                    .collect();
                t.to_text().len() + t.code(&line).map_or(0, |e| usize::from(e.number()))
            })
        }
        Reader::Progress => {
            xiangqi::games::xiangqi::puzzles::training::Progress::from_text(&text())
                .to_text()
                .len()
        }
        Reader::Lessons => table::learn::progress::Progress::from_text(&text())
            .to_text()
            .len(),
        Reader::Mistakes => table::learn::mistakes::Queue::from_text(&text())
            .to_text()
            .len(),
        Reader::Guesses => table::learn::guessed::Guessed::from_text(&text())
            .to_text()
            .len(),
        Reader::Sgf => {
            use xiangqi::go::sgf;
            sgf::read(&sgf::decode(bytes)).map_or(1, |games| {
                games
                    .iter()
                    .map(|g| {
                        let moves = g
                            .replay(&g.main_line())
                            .map_or(0, |game| game.moves().len());
                        moves + sgf::write(g).len()
                    })
                    .sum()
            })
        }
    }
}

/// `unit` repeated to just under the limit.
fn fill(head: &str, unit: &str, tail: &str) -> Vec<u8> {
    let room = MAX_INPUT_BYTES - head.len() - tail.len();
    let mut out = String::with_capacity(MAX_INPUT_BYTES);
    out.push_str(head);
    for _ in 0..room / unit.len() {
        out.push_str(unit);
    }
    out.push_str(tail);
    out.into_bytes()
}

/// Horses out and back: legal for ever as far as the moves go (the game ends by
/// repetition, and the reader must still get through the text).
const SHUFFLE: &str = "h0g2 h9g7 g2h0 g7h9 ";
const SHUFFLE_CN: &str = "马二进三 马８进７ 马三退二 马７退８ ";

/// Every worst input: a name, its reader, its bytes.
#[must_use]
pub fn all() -> Vec<(&'static str, Reader, Vec<u8>)> {
    let depth = MAX_INPUT_BYTES / 20;
    let nested = {
        let mut s = String::from("[Event \"nested\"]\n\n1. h2e2 ");
        for _ in 0..depth {
            s.push_str("(1. h2e2 ");
        }
        for _ in 0..depth {
            s.push(')');
        }
        s.push_str(" h9g7 *\n");
        s.into_bytes()
    };
    let open_comment = fill("1. h2e2 {", "长考", "");
    let games = {
        let game = format!(
            "[Event \"g\"]\n[Result \"*\"]\n\n{} *\n\n",
            SHUFFLE_CN.repeat(5)
        );
        fill("", &game, "")
    };
    let snapshot_redo = {
        // A game with every move taken back: each a redo line, checked by replaying.
        let moves = SHUFFLE.repeat(10);
        let head = format!(
            "xiangqi-session 2\ngame {};0;{}\n",
            Position::new().to_fen(),
            moves.trim()
        );
        let mut s = head;
        for m in moves.split_whitespace().rev() {
            s.push_str(&format!("redo move {m}\n"));
        }
        s.push_str("end\n");
        s.into_bytes()
    };
    let snapshot_replaced = {
        let table = format!(
            "{};0;{}",
            Position::new().to_fen(),
            SHUFFLE.repeat(10).trim()
        );
        fill(
            &format!("xiangqi-session 2\ngame {table}\n"),
            &format!("undo replace {table}\n"),
            "end\n",
        )
    };
    vec![
        (
            "fen: a megabyte on one line",
            Reader::Fen,
            fill("", "rnbakabnr/", " w"),
        ),
        (
            "fen: a megabyte of spaces",
            Reader::Fen,
            fill("9/9/9/9/9/9/9/9/9/4K4", " ", " w"),
        ),
        (
            "paste: a megabyte of moves",
            Reader::Paste,
            fill("", SHUFFLE, ""),
        ),
        (
            "paste: the longest game read, in Chinese",
            Reader::Paste,
            SHUFFLE_CN.repeat(MAX_PLIES / 4).into_bytes(),
        ),
        (
            "paste: a megabyte of Chinese moves",
            Reader::Paste,
            fill("", SHUFFLE_CN, ""),
        ),
        (
            "paste: numbered moves on one line",
            Reader::Paste,
            fill("", "1. h0g2 h9g7 2. g2h0 g7h9 ", ""),
        ),
        (
            "paste: UCCI with a megabyte of moves",
            Reader::Paste,
            fill("position startpos moves ", SHUFFLE, ""),
        ),
        (
            "paste: a line with no breaks",
            Reader::Paste,
            fill("", "炮", ""),
        ),
        (
            "paste: no breaks, starts like a move",
            Reader::Paste,
            fill("h2e2", "x", ""),
        ),
        (
            "paste: one huge comment",
            Reader::Paste,
            fill("1. h2e2 {", "长考", "} h9g7 *"),
        ),
        (
            "paste: a comment never closed",
            Reader::Paste,
            open_comment.clone(),
        ),
        ("paste: nested variations", Reader::Paste, nested.clone()),
        ("open: nested variations", Reader::Open, nested.clone()),
        (
            "open: the longest game with a long line at every other move",
            Reader::Open,
            {
                let variation = format!("({})", "b0c2 b9c7 c2b0 c7b9 ".repeat(10));
                let unit = format!("h0g2 {variation} h9g7 g2h0 g7h9 ");
                unit.repeat(MAX_PLIES / 4).into_bytes()
            },
        ),
        (
            "paste: a megabyte of tags",
            Reader::Paste,
            fill("", "[Site \"x\"]\n", "1. h2e2 *"),
        ),
        (
            "paste: one huge tag",
            Reader::Paste,
            fill("[Event \"", "x", "\"]\n1. h2e2 *"),
        ),
        (
            "paste: a megabyte of brackets",
            Reader::Paste,
            fill("", "[", ""),
        ),
        ("file: nested variations", Reader::File, nested.clone()),
        (
            "sgf: a megabyte of moves",
            Reader::Sgf,
            fill("(;GM[1]SZ[19]", ";B[aa];W[bb];B[tt];W[tt]", ")"),
        ),
        (
            "sgf: a megabyte of variations",
            Reader::Sgf,
            fill("(;GM[1]SZ[19];B[dd]", "(;W[pp];B[qq])", ")"),
        ),
        (
            "sgf: nested as deep as allowed, then a megabyte of brackets",
            Reader::Sgf,
            fill(
                &"(;B[aa]".repeat(xiangqi::go::sgf::MAX_NESTING - 1),
                "(",
                "",
            ),
        ),
        (
            "sgf: one huge comment",
            Reader::Sgf,
            fill("(;GM[1]C[", "长考\\]", "])"),
        ),
        (
            "go text: a megabyte of moves and passes",
            Reader::GoText,
            fill("", "pass pass ", "D4"),
        ),
        (
            "go text: a megabyte of rows",
            Reader::GoText,
            fill("", "XO.XO.XO.\n", ""),
        ),
        (
            "puzzles: one puzzle of a megabyte of moves",
            Reader::Puzzles,
            fill(
                "p\tsource\tname\trnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1\t",
                SHUFFLE,
                "",
            ),
        ),
        (
            "progress: a megabyte of lines",
            Reader::Progress,
            fill("", "gen-0001\t1\t3\t4.5\n", ""),
        ),
        (
            "lessons: a megabyte of lines",
            Reader::Lessons,
            fill("", "Mei\txiangqi\thorse-1\t3\n", ""),
        ),
        (
            "guesses: a megabyte of lines",
            Reader::Guesses,
            fill("", "Mei\txiangqi\tgame\t64\n", ""),
        ),
        (
            "mistakes: a megabyte of lines",
            Reader::Mistakes,
            fill("", "Mei\txiangqi\tfen\te2e6\th0g2\t?\tgame\t0\t0\t0\n", ""),
        ),
        (
            "go problems: a megabyte of problems",
            Reader::GoProblems,
            fill(
                "",
                "(;GM[1]SZ[19]AB[aa][bb]AW[ab]C[Black to capture](;B[ac]C[RIGHT])(;B[ba];W[ac]))",
                "",
            ),
        ),
        (
            "go problems: one problem, a megabyte of tries",
            Reader::GoProblems,
            fill(
                "(;GM[1]SZ[19]AB[dd]AW[de]C[黑先吃]",
                "(;B[ee];W[ef])",
                "(;B[df]C[RIGHT]))",
            ),
        ),
        (
            "go problems: one right line a megabyte long",
            Reader::GoProblems,
            fill(
                "(;GM[1]SZ[19]AB[dd]AW[de]C[Black to kill]",
                ";B[aa];W[bb];B[tt];W[tt]",
                "C[RIGHT])",
            ),
        ),
        (
            "sgf: a megabyte of games",
            Reader::Sgf,
            fill("", "(;GM[1]SZ[9];B[ee])", ""),
        ),
        (
            "file: 20-ply games to the limit",
            Reader::File,
            games.clone(),
        ),
        (
            "file: empty games to the limit",
            Reader::File,
            fill("", "[Event \"g\"]\n*\n", ""),
        ),
        ("file: a megabyte of moves, GBK", Reader::File, {
            let text = String::from_utf8(fill("[Event \"gbk\"]\n\n", SHUFFLE_CN, "")).unwrap();
            encoding_rs::GBK.encode(&text).0.into_owned()
        }),
        (
            "move: a megabyte of one move",
            Reader::Move,
            fill("炮二平", "五", ""),
        ),
        (
            "move: a megabyte of ICCS",
            Reader::Move,
            fill("h2e2", "2", ""),
        ),
        (
            "autosave: a long game, all taken back",
            Reader::Snapshot,
            snapshot_redo,
        ),
        (
            "autosave: a megabyte of replaced games",
            Reader::Snapshot,
            snapshot_replaced,
        ),
        (
            "autosave: a megabyte of undo lines",
            Reader::Snapshot,
            fill(
                &format!("xiangqi-session 2\ngame {};0;\n", Position::new().to_fen()),
                "undo move h2e2\n",
                "end\n",
            ),
        ),
        ("slot: 20-ply games to the limit", Reader::Slot, games),
        ("slot: nested variations", Reader::Slot, nested),
        ("slot: a comment never closed", Reader::Slot, open_comment),
        (
            "settings: one huge value",
            Reader::Settings,
            fill("(notation: \"", "x", "\")"),
        ),
        (
            "settings: deep nesting",
            Reader::Settings,
            fill("(window: ", "Some(", ""),
        ),
        (
            "settings: a megabyte of fields",
            Reader::Settings,
            fill("(", "sound: true, ", ")"),
        ),
        (
            "opening tree: a megabyte of questions, never answered",
            Reader::OpeningTree,
            fill("", "? plies 1\n", ""),
        ),
        (
            "opening tree: a whole tree fifteen questions deep (0.7 MB)",
            Reader::OpeningTree,
            whole_tree(15).into_bytes(),
        ),
    ]
}

/// A tree `depth` questions deep on every branch (2^depth leaves).
fn whole_tree(depth: u32) -> String {
    if depth == 0 {
        "= C00\n".to_owned()
    } else {
        let below = whole_tree(depth - 1);
        format!("? in r 10 h2e2\n{below}{below}")
    }
}
