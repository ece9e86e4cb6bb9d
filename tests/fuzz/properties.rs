//! What each fuzz target checks of one input, shared by the targets in `fuzz/` (run
//! by libFuzzer on nightly) and by `tests/fuzz_regressions.rs`, which replays every
//! input the fuzzers ever failed on (`tests/data/fuzz/TARGET/`) on stable, in CI.
//! Beyond "no panic": what reads writes back and reads again to the same thing.

use xiangqi::games::xiangqi::session::Session;
use xiangqi::rules::record::{GameRecord, Variation};
use xiangqi::rules::{Move, Notation, Position, pgn, read};
use xiangqi::settings::Preferences;
use xiangqi::slots::{SlotState, game_pgn, read_slot};
use xiangqi::storage::Stamp;

/// What a target checks of one input.
pub type Check = fn(&[u8]);

/// The targets, by name (the fuzz targets' and the regression folders' names).
pub const TARGETS: [(&str, Check); 17] = [
    ("fen", fen),
    ("sgf", sgf),
    ("go_text", go_text),
    ("records", records),
    ("notation", notation),
    ("snapshot", snapshot),
    ("slot", slot),
    ("settings", settings),
    ("puzzles", puzzles),
    ("book", book),
    ("opening", opening),
    ("collection", collection),
    ("lessons", lessons),
    ("marks", marks),
    ("mistakes", mistakes),
    ("guesses", guesses),
    ("go_problems", go_problems),
];

/// Any bytes as the games guessed file: what reads writes a file that reads back to the
/// same games, each with a percentage of at most 100.
pub fn guesses(data: &[u8]) {
    use table::learn::guessed::Guessed;
    let text = String::from_utf8_lossy(data);
    let kept = Guessed::from_text(&text);
    let written = kept.to_text();
    assert_eq!(Guessed::from_text(&written), kept);
    assert_eq!(Guessed::from_text(&written).to_text(), written);
    assert!(kept.0.iter().all(|(_, _, _, p)| *p <= 100));
}

/// Any bytes as a player's mistakes file: what reads writes a file that reads back to
/// the same queue and writes itself; every line written has its ten fields.
pub fn mistakes(data: &[u8]) {
    use table::learn::mistakes::Queue;
    let text = String::from_utf8_lossy(data);
    let read = Queue::from_text(&text);
    let written = read.to_text();
    let again = Queue::from_text(&written);
    assert_eq!(again, read);
    assert_eq!(again.to_text(), written);
    for line in written.lines() {
        assert_eq!(line.split('\t').count(), 10, "{line:?}");
    }
}

/// Any bytes as a comment with board marks (`[%cal …]`, `[%csl …]`): the marks read
/// write commands that read back to the same marks; a comment with none is kept to the
/// byte.
pub fn marks(data: &[u8]) {
    use xiangqi::rules::tree::marks::Marks;
    let text = String::from_utf8_lossy(data);
    let (marks, rest) = Marks::read(&text);
    let (again, left) = Marks::read(&marks.write());
    assert_eq!(again, marks);
    assert!(left.is_empty(), "{left:?}");
    if marks.is_empty() {
        assert_eq!(rest, text);
    }
}

/// Any bytes as the lessons' stars file (`lessons.tsv`): what reads writes a text that
/// reads back to the same stars and writes itself; no star is outside 1–3.
pub fn lessons(data: &[u8]) {
    use table::learn::progress::Progress;
    let text = String::from_utf8_lossy(data);
    let read = Progress::from_text(&text);
    let written = read.to_text();
    let again = Progress::from_text(&written);
    assert_eq!(again, read);
    assert_eq!(again.to_text(), written);
    for line in written.lines() {
        let stars: u8 = line.rsplit('\t').next().unwrap().parse().unwrap();
        assert!((1..=3).contains(&stars), "{line}");
    }
}

/// Any bytes as a collection read game by game, Xiangqi's and Go's: however the bytes
/// come (in pieces of a size the first byte picks), the games are the same as from the
/// whole; each is within its bound and reads or is refused without panicking; a UTF-8
/// text is cut where `pgn::split` cuts it; every byte belongs to at most one game.
pub fn collection(data: &[u8]) {
    use xiangqi::rules::collection::{Decoder, MAX_GAME_BYTES, Splitter, split_bytes};
    let piece = usize::from(data.first().copied().unwrap_or(1)).max(1);
    let (whole, _) = split_bytes(data);
    let mut splitter = Splitter::new();
    let mut parts = Vec::new();
    for chunk in data.chunks(piece) {
        splitter.push(chunk);
        parts.extend(splitter.by_ref());
    }
    splitter.finish();
    parts.extend(splitter.by_ref());
    assert_eq!(parts, whole, "pieces of {piece}");
    let mut end = 0;
    let mut decoder = Decoder::default();
    for part in &parts {
        assert!(part.offset >= end, "games overlap: {part:?}");
        end = part.offset + part.len;
        if let Ok(bytes) = &part.bytes {
            assert!(bytes.len() <= MAX_GAME_BYTES);
        }
        let _ = decoder.read(part);
    }
    if let Ok(text) = std::str::from_utf8(data)
        && !text.contains('\0')
        && !text.starts_with('\u{feff}')
    {
        let cut: Vec<&[u8]> = parts
            .iter()
            .map(|p| p.bytes.as_deref().unwrap_or(b""))
            .collect();
        let split: Vec<&[u8]> = pgn::split(text).iter().map(|g| g.text.as_bytes()).collect();
        // Text before the first tags is not a game; only a text without tags is one.
        if split.len() > 1 || parts.len() > 1 {
            assert_eq!(cut, split);
        }
    }

    use xiangqi::go::collection as go;
    let mut splitter = go::Splitter::new();
    let mut trees = Vec::new();
    for chunk in data.chunks(piece) {
        splitter.push(chunk);
        trees.extend(splitter.by_ref());
    }
    splitter.finish();
    trees.extend(splitter.by_ref());
    let mut again = go::Splitter::new();
    again.push(data);
    again.finish();
    assert_eq!(
        trees,
        again.by_ref().collect::<Vec<_>>(),
        "SGF, pieces of {piece}"
    );
    for tree in &trees {
        if let Ok(bytes) = &tree.bytes {
            assert!(bytes.len() <= go::MAX_GAME_BYTES);
            assert_eq!(bytes.first(), Some(&b'('));
        }
        let _ = go::read(tree);
    }
}

/// Any text as an opening tree: read or refused with its line; a tree read writes a
/// text that reads back to it, and names any line (the bytes as moves too, legal or
/// not) without panicking, its decided ply within the line.
pub fn opening(data: &[u8]) {
    use xiangqi::rules::opening::{Tree, classify};
    use xiangqi::rules::{Move, Square};
    let moves: Vec<Move> = data
        .chunks_exact(2)
        .filter_map(|c| {
            let sq = |b: u8| Square::from_index(usize::from(b) % 90);
            Some(Move::new(sq(c[0])?, sq(c[1])?))
        })
        .collect();
    if let Some(o) = classify(&moves) {
        assert!((1..=moves.len().min(20)).contains(&o.decided), "{o:?}");
    }
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(tree) = Tree::from_text(text) {
        let back = Tree::from_text(&tree.to_text()).expect("a written tree reads");
        assert_eq!(back, tree);
        let _ = tree.opening(&moves);
        let _ = tree.code(&moves);
    }
}

/// Any bytes as an opening book (and, after the book's first line, as its entries):
/// read in place or refused; what it answers at the start and after a move or two is
/// only legal moves, each once, the most played first.
pub fn book(data: &[u8]) {
    use xiangqi::library::Book;
    let framed = [b"XQBOOK1\n".as_slice(), data].concat();
    for bytes in [data, framed.as_slice()] {
        let Ok(book) = Book::from_bytes(bytes) else {
            continue;
        };
        assert_eq!(book.len(), (bytes.len() - 8) / 20);
        let start = Position::new();
        let after = start.play("h2e2".parse().unwrap()).unwrap();
        for pos in [&start, &after] {
            let rows = book.explore(pos);
            for pair in rows.windows(2) {
                assert!(pair[0].games >= pair[1].games);
            }
            let mut seen = std::collections::HashSet::new();
            for e in &rows {
                assert!(pos.is_legal(e.mv), "{e:?}");
                assert!(seen.insert(e.mv), "{e:?} twice");
            }
        }
    }
}

/// Any bytes as a puzzle collection and as the progress file: every puzzle that reads
/// writes a line that reads back to it, and checks or says why not; the progress read
/// writes a text that reads back and writes itself.
pub fn puzzles(data: &[u8]) {
    use xiangqi::games::xiangqi::puzzles::{parse, training::Progress, verify};
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(all) = parse(text) {
        for p in &all {
            let back = parse(&p.to_line()).expect("a written puzzle reads");
            assert_eq!(&back[0], p);
            // Mate or win is what the line's end says.
            assert_eq!(
                p.goal,
                xiangqi::games::xiangqi::puzzles::Goal::of(&p.start, &p.solution)
            );
            let _ = verify(p);
        }
    }
    // Times are written to a tenth: the text written is what reads back and writes again.
    let written = Progress::from_text(text).to_text();
    assert_eq!(Progress::from_text(&written).to_text(), written);
}

/// Any bytes as a Go problem file: one the table would open as problems reads; every
/// problem that reads writes a file that reads back to the same problem, and its main line, played as a solver would, ends solved
/// or waiting on GNU Go, never in a panic.
pub fn go_problems(data: &[u8]) {
    use xiangqi::games::go::problems::{attempt::Attempt, is_problem_file, read, write};
    let text = xiangqi::go::sgf::decode(data);
    // Told from a game as the table tells a file opened: a problem file reads.
    let told = is_problem_file(&text);
    let Ok(all) = read(&text, "fuzz") else {
        assert!(!told, "told a problem file, but it does not read");
        return;
    };
    for p in &all {
        let written = write(std::slice::from_ref(p));
        let back = read(&written, "fuzz").unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.len(), 1, "{written}");
        let b = &back[0];
        assert_eq!(
            (b.start, &b.steps, &b.first, b.goal, b.target),
            (p.start, &p.steps, &p.first, p.goal, p.target),
            "{written}"
        );
        let mut attempt = Attempt::new(p);
        for mv in p.main_line().into_iter().step_by(2) {
            let _ = attempt.play(mv);
        }
        let _ = attempt.hint();
        attempt.retry();
        let _ = p.area();
    }
}

/// Any bytes as an SGF file: every game that reads sets up, replays (or says why not)
/// and writes a text that reads back to the same game and writes itself.
pub fn sgf(data: &[u8]) {
    use xiangqi::go::sgf;
    let Ok(games) = sgf::read(&sgf::decode(data)) else {
        return;
    };
    for game in &games {
        let _ = game.start();
        let _ = game.replay(&game.main_line());
        let written = sgf::write(game);
        let back = sgf::read(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.len(), 1, "{written}");
        // The same nodes, moves, comments and tree (the root gains FF[4] and CA).
        let shape = |g: &sgf::SgfGame| {
            g.nodes
                .iter()
                .map(|n| (n.mv, n.comment.clone(), n.children.clone()))
                .collect::<Vec<_>>()
        };
        assert_eq!(shape(&back[0]), shape(game), "{written}");
        assert_eq!(sgf::write(&back[0]), written);
        // Each node's marks read, and written into the node read back the same.
        for node in &game.nodes {
            let marks = xiangqi::go::markup::Markup::of(node, game.size);
            let mut copy = node.clone();
            marks.write_into(&mut copy);
            assert_eq!(xiangqi::go::markup::Markup::of(&copy, game.size), marks);
        }
    }
}

/// Any text as a pasted Go board or move list: a board that reads draws a diagram that
/// reads back to it; a move list plays or says which move it refuses.
pub fn go_text(data: &[u8]) {
    use xiangqi::go::text;
    let Ok(t) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = text::read_diagram(t) {
        let back = text::read_diagram(&pos.board().diagram()).expect("a drawn board reads");
        assert_eq!(back.board(), pos.board());
    }
    if text::looks_like_moves(t) {
        let size = text::size_for_moves(t);
        if let Ok(game) = text::read_moves(t, size, xiangqi::go::Rules::CHINESE) {
            assert!(!game.moves().is_empty());
        }
    }
}

/// A FEN that reads writes a FEN that reads to the same position and writes itself.
pub fn fen(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(pos) = Position::from_fen(text) {
        let fen = pos.to_fen();
        let back = Position::from_fen(&fen).expect("a written FEN reads");
        assert_eq!(back, pos, "{fen}");
        assert_eq!(back.to_fen(), fen);
    }
}

/// Comments compared as words: PGN readers trim them, and a comment holding '}' is
/// written a line at a time.
fn words(r: &GameRecord) -> Vec<(usize, String)> {
    r.comments
        .iter()
        .map(|(&ply, c)| (ply, c.split_whitespace().collect::<Vec<_>>().join(" ")))
        .collect()
}

fn moves(r: &GameRecord) -> Vec<Move> {
    r.game.moves().collect()
}

/// Variations with their comments compared as words (see [`words`]).
fn variations(vs: &[Variation]) -> Vec<Variation> {
    vs.iter()
        .map(|v| Variation {
            comments: v
                .comments
                .iter()
                .map(|(&ply, c)| (ply, c.split_whitespace().collect::<Vec<_>>().join(" ")))
                .collect(),
            variations: variations(&v.variations),
            ..v.clone()
        })
        .collect()
}

/// Any file's bytes: every game that reads, written as PGN in each notation, reads
/// back as the same game (start, moves, result, clocks, comments, glyphs, every
/// variation), and what was read back writes the same text. Opened as the game, it
/// gives the same record back.
pub fn records(data: &[u8]) {
    let Ok(games) = read::read_games_bytes(data) else {
        return;
    };
    for imported in games.into_iter().flatten() {
        let record = imported.record;
        for notation in Notation::ALL {
            let written = pgn::write(&record, notation);
            let back = read::read_any(&written)
                .unwrap_or_else(|e| panic!("{e}\n{written}"))
                .record;
            assert_eq!(back.game.start(), record.game.start(), "{written}");
            assert_eq!(moves(&back), moves(&record), "{written}");
            assert_eq!(back.game.outcome(), record.game.outcome(), "{written}");
            assert_eq!(back.clocks, record.clocks, "{written}");
            assert_eq!(words(&back), words(&record), "{written}");
            assert_eq!(back.nags, record.nags, "{written}");
            assert_eq!(
                variations(&back.variations),
                variations(&record.variations),
                "{written}"
            );
            assert_eq!(pgn::write(&back, notation), written);
        }
        // Through the session and its autosave, the same text: nothing lost on the way.
        let mut session = Session::new();
        session.replace_record(record.clone());
        let direct = pgn::write(&session.record(), Notation::Iccs);
        let saved = Session::from_snapshot(&session.to_snapshot()).expect("an autosave reads");
        assert_eq!(pgn::write(&saved.record(), Notation::Iccs), direct);
    }
}

/// Start, a middle game, and endings with doubled and tandem pieces (where 前/后/中
/// and WXF's +/- tell pieces apart).
const POSITIONS: [&str; 4] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "r1bakab1r/9/1cn4cn/p1p1p1p1p/9/2P6/P3P1P1P/1CN2C1N1/9/R1BAKAB1R w - - 4 4",
    "4k4/4a4/4P4/4P4/4P4/9/4P4/9/9/3K5 w - - 0 1",
    "3k5/9/9/2P1P4/2P1P4/2P6/9/9/9/4K4 b - - 0 1",
];

/// One move (the first byte picks the position): a move that reads in a notation is
/// legal, and written in it (both spellings) reads back as the same move.
pub fn notation(data: &[u8]) {
    let Some((&which, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let pos = Position::from_fen(POSITIONS[usize::from(which) % POSITIONS.len()]).unwrap();
    for notation in Notation::ALL {
        if let Ok(m) = notation.parse(&pos, text) {
            assert!(pos.is_legal(m), "{notation:?} {text:?} gave {m}");
            for written in [notation.write(&pos, m), notation.display(&pos, m)] {
                assert_eq!(notation.parse(&pos, &written), Ok(m), "{written}");
            }
        }
    }
    if let Ok((m, notation)) = Notation::parse_any(&pos, text) {
        assert_eq!(notation.parse(&pos, text), Ok(m));
    }
}

/// The autosave: a snapshot that reads writes one that reads to the same session.
pub fn snapshot(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(session) = Session::from_snapshot(text) {
        let written = session.to_snapshot();
        let back = Session::from_snapshot(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back.to_snapshot(), written);
    }
}

/// A slot file that reads as a game, saved again, reads as the same game and name.
pub fn slot(data: &[u8]) {
    let SlotState::Saved(info) = read_slot(data) else {
        return;
    };
    let stamp = Stamp::now();
    let written = game_pgn(&info.record, info.name.as_deref(), &stamp);
    let SlotState::Saved(back) = read_slot(written.as_bytes()) else {
        panic!("a saved slot does not read:\n{written}");
    };
    assert_eq!(
        back.record.game.start(),
        info.record.game.start(),
        "{written}"
    );
    assert_eq!(moves(&back.record), moves(&info.record), "{written}");
    assert_eq!(
        back.record.game.outcome(),
        info.record.game.outcome(),
        "{written}"
    );
    assert_eq!(back.name, info.name, "{written}");
    assert_eq!(
        game_pgn(&back.record, back.name.as_deref(), &stamp),
        written
    );
}

/// Settings that read write a file that reads to the same settings.
pub fn settings(data: &[u8]) {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(prefs) = Preferences::from_text(text) {
        let written = prefs.to_text();
        let back = Preferences::from_text(&written).unwrap_or_else(|e| panic!("{e}\n{written}"));
        assert_eq!(back, prefs, "{written}");
        assert_eq!(back.to_text(), written);
    }
}
